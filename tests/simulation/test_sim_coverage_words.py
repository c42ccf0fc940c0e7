"""Coverage labels are each ruleset's own, and list only the rules a ruleset has (issue 23): `simulate` took its
labels from ruleset A ("corner house (11)" headed both columns when B's was 23) and listed as "never fired" a rule
the file never wrote ("trumps made by card" for a game without calling)."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.loading import load_ruleset_text
from thunee_dsl.model import compile_ruleset
from thunee_dsl.simulation.analysis import RulesetResult, coverage, measures, rules
from thunee_dsl.simulation.compare import Comparison

ROOT = Path(__file__).resolve().parents[2]
NIGERIAN = (ROOT / "rulesets" / "nigerian-thuni.yaml").read_text(encoding="utf-8")


def own(tmp_path, text: str, name: str = "own.yaml"):
    return compile_ruleset(load_ruleset_text(text, str(tmp_path / name)))


def result_of(r) -> RulesetResult:
    """A ruleset's result before any game: its coverage rows, none fired."""
    return RulesetResult(r.name, r.title, r.seats, r.teams, ("typical",), [], coverage(r, []), [])


def table(*rulesets) -> dict[str, list[str]]:
    comparison = Comparison(games=0, seed=0, bots="typical", max_deals=1, rulesets=[result_of(r) for r in rulesets])
    _, rows = comparison.coverage_table()
    return {row[0]: row[1:] for row in rows}


def test_each_rulesets_corner_house_heads_its_own_column(tmp_path):
    thirteen = own(tmp_path, "extends: standard\nname: to-23\ngame:\n  target: 24\n  corner_house: 23\n")
    rows = table(load_ruleset("standard"), thirteen)
    assert rows["a team on corner house (A: 11, B: 23)"] == ["0 !", "0 !"]
    assert not any(label == "a team on corner house (11)" for label in rows)
    # a rule both name alike keeps its one label
    assert rows["Thunee called"] == ["0 !", "0 !"]


def test_a_game_without_calling_lists_no_callers_way_to_make_trumps():
    keys = {rule.key: rule.label for rule in rules(load_ruleset("nigerian-thuni"))}
    assert "trumps.ways.suit" in keys
    assert "trumps.ways.card" not in keys  # the file wrote 'ways: [suit]' and has no calling
    standard = {rule.key for rule in rules(load_ruleset("standard"))}
    assert {"trumps.ways.card", "trumps.ways.last card"} <= standard


def test_a_game_without_a_corner_house_lists_none(tmp_path):
    without = own(tmp_path, NIGERIAN.replace("  corner_house: 15\n", ""))
    assert "game.corner_house" not in {rule.key for rule in rules(without)}
    assert "game.corner_house" in {rule.key for rule in rules(own(tmp_path, NIGERIAN, "with.yaml"))}
    rows = table(load_ruleset("standard"), without)
    assert rows["a team on corner house (11)"] == ["0 !", "-"]  # not a rule of B: '-', not 'never fired'


def test_the_score_per_deal_is_in_the_rulesets_unit(tmp_path):
    points = own(tmp_path, NIGERIAN.replace("  corner_house: 15\n", "  corner_house: 15\n  unit: points\n"))
    labels = {m.key: m.label for m in measures(points)}
    assert labels["deal.balls"] == "points per deal"
    assert {m.key: m.label for m in measures(load_ruleset("standard"))}["deal.balls"] == "balls per deal"


def test_a_team_is_named_by_its_seats_as_playtest_names_them():
    """'team 0 wins the game' counted seats from 0 where Playtest says Seat 1 (issue 24 item 9)."""
    labels = {m.key: m.label for m in measures(load_ruleset("standard"))}
    assert labels["game.team_wins.0"] == "Seats 1 and 3 win the game"
    assert labels["game.team_wins.1"] == "Seats 2 and 4 win the game"
    two = {m.key: m.label for m in measures(load_ruleset("two-player"))}
    assert two["game.team_wins.1"] == "Seat 2 wins the game"


def test_the_statistics_say_each_rulesets_unit(tmp_path):
    """'balls per deal' headed both columns when B counted points."""
    from thunee_dsl.simulation.analysis import Statistic
    from thunee_dsl.simulation.stats import mean_from_sums
    points = own(tmp_path, "extends: standard\nname: in-points\ngame:\n  target: 12\n  unit: points\n")

    def with_stats(r):
        result = result_of(r)
        result.statistics = [Statistic(m.key, m.label, mean_from_sums(2.0, 4.0, 2)) for m in measures(r)]
        return result

    comparison = Comparison(games=0, seed=0, bots="typical", max_deals=1,
                            rulesets=[with_stats(load_ruleset("standard")), with_stats(points)])
    rows = {row[0]: row[1:] for row in comparison.statistics_table()[1]}
    assert "A: balls per deal; B: points per deal" in rows
    assert "deals per game" in rows  # said alike: one label


def test_coverage_labels_are_words_not_formulas():
    """'deal cancelled (counting.trumps_dealt == 0)': a formula where a player reads the rule (issue 24 item 7)."""
    labels = {rule.key: rule.label for rule in rules(load_ruleset("standard"))}
    assert labels["cancellation"] == "deal cancelled (the number of trumps dealt to the counting team is 0)"
    assert labels["dealer.passes"] == "the deal passes on"
    house = {rule.key: rule.label for rule in rules(load_ruleset(str(ROOT / "examples" / "house" / "low-hand-redeal.yaml")))}
    assert house["redeal"] == "redeal claimed (the card points in the hand of the player is at most 10)"
    assert {rule.key: rule.label for rule in rules(load_ruleset("nigerian-thuni"))}["scoring.each_team"] == \
        "every team scores its own result"
    for name in ("standard", "six-player", "nigerian-thuni", "two-player"):
        assert not [rule.label for rule in rules(load_ruleset(name)) if "==" in rule.label or "." in rule.label]
