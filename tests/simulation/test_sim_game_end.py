"""simulate reads how a game ends (issue 25, item 4): a game of a number of deals decided by the totals or tied,
a side left with no stones; ties are measured, and no finished game counts as unfinished."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.simulation.analysis import rules
from thunee_dsl.simulation.api import simulate

RULESETS = Path(__file__).resolve().parents[1] / "game" / "rulesets"


def test_coverage_names_the_game_ends_each_ruleset_has():
    four, stones = load_ruleset(str(RULESETS / "four-deals.yaml")), load_ruleset(str(RULESETS / "stones.yaml"))
    labels = {rule.key: rule.label for rule in rules(four)}
    assert labels["game.deals"] == "a game decided by the totals after its 4 deals"
    assert labels["game.tie"] == "a game tied after its last deal"
    assert "game.transfer" not in labels and "game.corner_house" not in labels
    labels = {rule.key: rule.label for rule in rules(stones)}
    assert labels["game.transfer"] == "a side left with no stones (the game lost)"
    assert "game.deals" not in labels and "game.tie" not in labels
    assert not {"game.deals", "game.tie", "game.transfer"} & {rule.key for rule in rules(load_ruleset("standard"))}


def test_simulate_counts_games_decided_by_totals_ties_and_sides_out_of_stones():
    four, stones = load_ruleset(str(RULESETS / "four-deals.yaml")), load_ruleset(str(RULESETS / "stones.yaml"))
    comparison = simulate([four, stones], games=30, bots="random", seed=1, focus=False)
    a, b = comparison.rulesets
    fired = {c.rule: c for c in a.coverage}
    ties = sum(1 for g in a.games if g.tied)
    decided = sum(1 for g in a.games if g.winner is not None)
    assert ties and decided and ties + decided == 30  # every game of four deals ends, won or tied
    # each game's last deal fires one of the two: the totals decided it, or it was a tie
    assert (fired["game.deals"].deals, fired["game.tie"].deals) == (decided, ties)
    assert all(len(g.deals) == 4 and g.finished for g in a.games)
    tied = next(s for s in a.statistics if s.key == "game.tied")
    assert tied.estimate.value == ties / 30
    assert next(s for s in a.statistics if s.key == "game.unfinished").estimate.value == 0
    # stones: every game ends when a side has none, and that is its last deal
    assert {c.rule: c for c in b.coverage}["game.transfer"].deals == 30
    assert all(g.winner is not None and 0 in g.score and sum(g.score) == 4 for g in b.games)
    assert "unfinished (stopped at" not in comparison.to_text()  # (the header counts games stopped short)


def test_coverage_counts_each_games_value_and_the_rubbers_that_take_all_their_games():
    rubber = load_ruleset(str(RULESETS / "rubber.yaml"))
    labels = {rule.key: rule.label for rule in rules(rubber)}
    assert [labels[f"game.game_value.{i}"] for i in range(3)] == [
        "a game won as a treble", "a game won as a double", "a game won as a single"]
    assert labels["game.rubber"] == "a rubber that takes all 3 games"
    comparison = simulate([rubber], games=20, bots="random", seed=1, focus=False)
    (a,) = comparison.rulesets
    fired = {c.rule: c.deals for c in a.coverage}
    games_won = sum(sum(1 for d in g.deals if d.game_value >= 0) for g in a.games)
    assert fired["game.game_value.0"] + fired["game.game_value.1"] + fired["game.game_value.2"] == games_won
    three = sum(1 for g in a.games if sum(1 for d in g.deals if d.game_value >= 0) == 3)
    assert fired["game.rubber"] == three and 0 < three < 20
    assert games_won == sum(3 if g.deals[-1].rubber_full else 2 for g in a.games)
    labels = {s.key: s.label for s in a.statistics}
    assert labels["game.team_wins.0"] == "Seats 1 and 3 win the rubber"
