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
