"""thunee_dsl.editor.comparing: a simulation's result in words (the verdict, "At a glance", the rules that never
came into play) and as rows for the Compare page's charts.

The verdict tests build results by hand (:func:`constructed`), so each wording is checked against figures whose
answer is known: a clear difference, no clear change, a changed rule that never fired and one that did.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl import load_ruleset, shipped_ruleset
from thunee_dsl.editor.comparing import (HEADLINE, deal_balls_rows, difference_rows, digits, event_rows,
                                         game_length_rows, glance_rows, headline_rows, interval_rows, reach_rows,
                                         say_any, say_difference, say_estimate, scarce, unfired, verdict)
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import Comparison, Coverage, Difference, Estimate, RulesetResult, Statistic, simulate
from thunee_dsl.simulation.analysis import rules
from thunee_dsl.simulation.coverage import rules_compared

PARTNER_CATCH = "examples/partner-catch-six.yaml"


@pytest.fixture(scope="module")
def cmp():
    return simulate([shipped_ruleset("standard"), shipped_ruleset("thirteen-point")], games=12, bots="random", seed=3)


def test_headline_rows_are_the_simulations_own_estimates(cmp):
    rows = headline_rows(cmp)
    assert {r["key"] for r in rows} <= set(HEADLINE)
    for row in rows:
        result = cmp.rulesets[0 if row["ruleset"].startswith("A: ") else 1]
        e = result.statistic(row["key"]).estimate
        assert (row["value"], row["low"], row["high"], row["n"]) == (e.value, e.low, e.high, e.n)
        assert row["percent"] == (e.method == "wilson")
    assert [r["ruleset"] for r in rows[:2]] == ["A: standard", "B: thirteen-point"]


def test_event_rows_pair_how_often_with_how_often_it_succeeds(cmp):
    rows = event_rows(cmp)
    assert rows and {r["kind"] for r in rows} <= {"call", "bid", "undertaking", "claim"}
    for row in rows:
        result = cmp.rulesets[0 if row["ruleset"].startswith("A: ") else 1]
        made = result.statistic(row["key"]).estimate
        assert row["happens"] == made.value > 0
        success = result.statistic(row["key"] + ".success")
        assert row["succeeds"] == (success.estimate.value if success else None)


def test_per_deal_and_per_game_rows_match_the_games(cmp):
    for i, result in enumerate(cmp.rulesets):
        side = f"{'AB'[i]}: {result.name}"
        lengths = [r["deals"] for r in game_length_rows(cmp) if r["ruleset"] == side]
        assert lengths == [len(g.deals) for g in result.games]
        balls = [r["balls"] for r in deal_balls_rows(cmp) if r["ruleset"] == side]
        assert sum(balls) == sum(sum(d.balls) for g in result.games for d in g.deals)  # thrown-in deals score 0
        assert len(balls) == sum(1 for g in result.games for d in g.deals if not d.cancelled)


def test_difference_rows_flag_intervals_that_leave_out_zero(cmp):
    rows = difference_rows(cmp)
    assert rows and all(r["compared"] == "thirteen-point - standard" for r in rows)
    for r in rows:
        if r["low"] is not None:
            assert r["clear"] == (r["low"] > 0 or r["high"] < 0)


# -- results built by hand ---------------------------------------------------------------------

GAMES = 200


def share(value, low, high, n=GAMES):
    return Estimate(value, low, high, n, "wilson")


def mean(value, low, high, n=GAMES):
    return Estimate(value, low, high, n, "t")


def diff(value, low, high):
    return Estimate(value, low, high, GAMES, "paired t")


#: A and B of an ordinary comparison: key -> (label, A, B, B - A). Game length and who wins, nothing clear.
PLAIN = {
    "game.deals": ("deals per game", mean(18.0, 17.5, 18.5), mean(18.1, 17.6, 18.6), diff(0.1, -0.3, 0.5)),
    "deal.makers_win": ("trump makers win the deal", share(0.55, 0.53, 0.57), share(0.55, 0.53, 0.57),
                        diff(0.004, -0.01, 0.018)),
    "game.first_dealer_wins": ("first dealer's team wins the game", share(0.5, 0.43, 0.57),
                               share(0.49, 0.42, 0.56), diff(-0.01, -0.04, 0.02)),
    "deal.balls": ("balls per deal", mean(1.12, 1.09, 1.15), mean(1.12, 1.09, 1.15), diff(0.0, -0.01, 0.01)),
}


def constructed(figures: dict, fired_a: dict[str, int], fired_b: dict[str, int], b_name: str = PARTNER_CATCH,
                bots: str = "heuristic", mistakes: float = 0.0):
    """A Comparison of ``standard`` and ``b_name`` with the given estimates and rule coverage (deals per rule);
    the rules that differ and the deals each decided are the simulation's own (``rules_compared``)."""
    ra, rb = load_ruleset("standard"), load_ruleset(b_name)

    def result(r, which, fired):
        stats = [Statistic(k, label, est) for k, (label, *sides) in figures.items() for est in [sides[which]]]
        cover = [Coverage(rule.key, rule.label, fired.get(rule.key, 0), min(GAMES, fired.get(rule.key, 0)))
                 for rule in rules(r)]
        return RulesetResult(r.name, r.title, r.seats, r.teams, (bots,) * r.seats, stats, cover, [])

    a, b = result(ra, 0, fired_a), result(rb, 1, fired_b)
    d = Difference(a.name, b.name, [Statistic(k, label, sides[2]) for k, (label, *sides) in figures.items()])
    return (Comparison(GAMES, 0, bots, 500, [a, b], [d], mistakes=mistakes,
                       rules_compared=rules_compared([ra, rb], [a, b], GAMES, bots, mistakes)),
            diff_rulesets(ra, rb))


COMMON = {"undertakings.thunee": 40, "undertakings.thunee.success": 30, "undertakings.thunee.failure": 10,
          "game.corner_house": 90}


def test_verdict_says_a_clear_difference_with_its_interval_and_no_clear_change_in_who_wins():
    figures = dict(PLAIN, **{"game.deals": ("deals per game", mean(18.0, 17.5, 18.5), mean(19.7, 19.2, 20.2),
                                            diff(1.7, 1.2, 2.2))})
    cmp, rule_changes = constructed(figures, COMMON, COMMON, "thirteen-point")
    v = verdict(cmp, rule_changes)
    assert v.tone == "clear"
    # the target's sentence says the games' length; the corner house that moves with it comes next
    assert v.sentences == (
        "Playing to 13 balls instead of 12: games are about 1.7 deals longer (18.0 \u2192 19.7 deals a game; "
        "between 1.2 and 2.2 longer).",
        "Corner house: 11 \u2192 12: it came up in 90 deals of these games.",
        "No clear change in who wins.")
    assert v.text == " ".join(v.sentences)
    assert "deals per game: A 18.00 [17.50, 18.50] (200), B 19.70 [19.20, 20.20] (200); B - A +1.70 [+1.20, +2.20] *" \
        in v.details  # the exact figures, as the text report gives them


def test_verdict_names_a_clear_change_in_who_wins_in_percent_and_points():
    figures = dict(PLAIN, **{"deal.makers_win": ("trump makers win the deal", share(0.52, 0.50, 0.54),
                                                 share(0.58, 0.56, 0.60), diff(0.06, 0.03, 0.09))})
    cmp, rule_changes = constructed(figures, COMMON, COMMON, "thirteen-point")
    v = verdict(cmp, rule_changes)
    assert v.tone == "clear"
    assert v.sentences[0] == ("Playing to 13 balls instead of 12: no clear change in how long games last in 200 "
                              "games (between 0.3 deals shorter and 0.5 longer).")
    # a share's change in a player's words: "6 in 100", never "percentage points"
    assert v.sentences[-1] == ("Trump makers win the deal more often: 52% \u2192 58% (about 6 in 100 more, "
                               "between 3 and 9).")


def test_verdict_without_any_clear_difference_says_so_and_what_more_games_would_do():
    cmp, rule_changes = constructed(PLAIN, COMMON, COMMON, "thirteen-point")
    v = verdict(cmp, rule_changes)
    assert v.tone == "none"
    assert v.text.startswith("Playing to 13 balls instead of 12: no clear change in how long games last in 200 "
                             "games")
    assert "No clear change in who wins. No difference is clear in 200 games" in v.text


def test_a_partner_catch_that_never_happened_is_a_warning_not_a_no_difference():
    fired = {**COMMON, "undertakings.thunee.partner_catch": 0}
    cmp, rule_changes = constructed(PLAIN, fired, fired)
    [r] = unfired(cmp)
    assert r.change == "Thunee partner catch: 8 balls -> 6 balls"
    assert r.labels == ("Thunee caught by partner",)
    assert r.advice == ("Bolder bots take that risk more often: choose bold under Bots at every seat; or play more "
                        "games (none of 200 had it, so it comes up in fewer than 3 games in 200, at 95% confidence; "
                        "try 2000).")
    [(change, deals, _)] = cmp.coverage_warnings()  # the page warns about exactly the simulation's rules
    assert (change, deals) == (r.change, (0, 0))
    bold, _ = constructed(PLAIN, fired, fired, bots="bold")
    [already_bold] = unfired(bold)
    assert already_bold.advice == ("Play more games (none of 200 had it, so it comes up in fewer than 3 games in "
                                   "200, at 95% confidence; try 2000).")
    v = verdict(cmp, rule_changes)
    assert v.tone == "untested"
    assert v.sentences[0] == (
        "Thunee partner catch: 8 balls \u2192 6 balls: no deal of these 200 games had Thunee caught by partner, so "
        "they cannot show what it changes. Bolder bots take that risk more often: choose bold under Bots at every "
        "seat; or play more games (none of 200 had it, so it comes up in fewer than 3 games in 200, at 95% "
        "confidence; try 2000).")
    assert "No difference is clear" not in v.text
    assert reach_rows(cmp) == [{"rule change": "Thunee partner catch: 8 balls \u2192 6 balls",
                                "comes into play through": "Thunee caught by partner",
                                "deals in A: standard": 0, "deals in B: partner-catch-six": 0}]


def test_a_partner_catch_that_happened_gives_the_difference_it_made():
    fired = {**COMMON, "undertakings.thunee.partner_catch": 14}
    figures = dict(PLAIN, **{"deal.balls": ("balls per deal", mean(1.12, 1.09, 1.15), mean(1.10, 1.07, 1.13),
                                            diff(-0.02, -0.03, -0.01))})
    cmp, rule_changes = constructed(figures, fired, fired)
    assert unfired(cmp) == []
    assert [(r["deals in A: standard"], r["deals in B: partner-catch-six"]) for r in reach_rows(cmp)] == [(14, 14)]
    v = verdict(cmp, rule_changes)
    assert v.tone == "clear"
    assert v.text == ("Thunee partner catch: 8 balls \u2192 6 balls: it came up in 14 deals of these games. "
                      "No clear change in who wins. "
                      "Also: balls per deal: 1.12 \u2192 1.10 (about 0.02 fewer, between 0.01 and 0.03).")


def test_a_clear_difference_beside_a_rule_that_never_fired_still_warns():
    fired = {**COMMON}
    figures = dict(PLAIN, **{"game.deals": ("deals per game", mean(18.0, 17.5, 18.5), mean(16.9, 16.4, 17.4),
                                            diff(-1.1, -1.5, -0.7))})
    cmp, rule_changes = constructed(figures, fired, fired, "examples/house/friendly-table.yaml")
    v = verdict(cmp, rule_changes)
    assert v.tone == "clear"
    # no rule of the game changed: the games' length is said after the rules that did
    assert v.text == ("No penalties: no deal of these 200 games had a penalty (for false declaration, forbidden "
                      "claim, out of turn or revoke), so they cannot show what it changes. Bots never break a rule "
                      "unless asked: set Mistakes above 0 (try 0.01). Games are about 1.1 deals shorter (18.0 "
                      "\u2192 16.9 deals a game; between 0.7 and 1.5 shorter). No clear change in who wins.")


def test_penalties_that_never_fired_ask_for_mistakes_and_more_once_there_are_some():
    cmp, rule_changes = constructed(PLAIN, COMMON, COMMON, "examples/house/friendly-table.yaml")
    [without] = unfired(cmp)
    assert set(without.labels) == {rule.label for rule in rules(load_ruleset("standard"))
                                   if rule.key.startswith("penalties.")}
    assert without.advice == "Bots never break a rule unless asked: set Mistakes above 0 (try 0.01)."
    assert say_any(sorted(without.labels)) == ("penalty: false declaration, penalty: forbidden claim, "
                                               "penalty: out of turn or penalty: revoke")
    assert say_any(["Thunee caught by partner"]) == "Thunee caught by partner"
    some, _ = constructed(PLAIN, COMMON, COMMON, "examples/house/friendly-table.yaml", mistakes=0.01)
    [with_mistakes] = unfired(some)
    assert with_mistakes.advice.startswith("Raise Mistakes; or play more games (none of 200 had it")


def test_a_change_felt_in_every_deal_needs_no_warning():
    cmp, rule_changes = constructed(PLAIN, COMMON, COMMON, "thirteen-point")
    assert unfired(cmp) == []
    target, corner_house = reach_rows(cmp)  # the target, and the corner house that moves with it
    assert target == {"rule change": "Balls to win: 12 \u2192 13", "comes into play through": "every deal",
                      "deals in A: standard": "every deal", "deals in B: thirteen-point": "every deal"}
    assert (corner_house["deals in A: standard"], corner_house["deals in B: thirteen-point"]) == (90, 90)


def test_the_same_rules_say_there_is_nothing_to_tell_apart():
    cmp, rule_changes = constructed(PLAIN, COMMON, COMMON, "standard")
    assert rule_changes == []
    assert verdict(cmp, rule_changes).tone == "same"


def test_glance_rows_give_a_and_b_in_words_and_b_minus_a_with_its_interval():
    extra = {"claim.double": ("Double claimed", share(0.10, 0.09, 0.11), share(0.14, 0.13, 0.15),
                              diff(0.04, 0.03, 0.05))}
    figures = dict(PLAIN, **{"game.deals": ("deals per game", mean(18.0, 17.5, 18.5), mean(19.7, 19.2, 20.2),
                                            diff(1.7, 1.2, 2.2))}, **extra)
    cmp, _ = constructed(figures, COMMON, COMMON, "thirteen-point")
    rows = {r["key"]: r for r in glance_rows(cmp)}
    assert list(rows) == ["deal.makers_win", "deal.balls", "game.deals", "game.first_dealer_wins", "claim.double"]
    assert rows["game.deals"] == {"key": "game.deals", "label": "deals per game", "A": "18.0 (17.5 to 18.5)",
                                  "B": "19.7 (19.2 to 20.2)", "B - A": "+1.7 (+1.2 to +2.2)", "clear": True}
    assert rows["deal.makers_win"]["A"] == "55% (53 to 57)"
    assert rows["deal.makers_win"]["B - A"] == "0 percentage points (\u22121 to +2)"  # half-width 1.4 points: whole points
    assert rows["deal.makers_win"]["clear"] is False
    assert rows["claim.double"]["B - A"] == "+4 percentage points (+3 to +5)" and rows["claim.double"]["clear"]
    charted = interval_rows(cmp, ["game.deals", "claim.double"])
    assert [(r["value"], r["low"], r["high"]) for r in charted] == [(1.7, 1.2, 2.2), (4.0, 3.0, 5.0)]


def test_rounding_keeps_one_significant_digit_of_the_interval():
    assert digits(1.2, 2.2) == 1  # half-width 0.5
    assert digits(0.03, 0.09, 100) == 0  # 3 points
    assert digits(1.09, 1.15) == 2
    assert digits(0.001, 0.0012) == 3  # never more than 3
    assert say_estimate(share(0.523, 0.49, 0.556)) == "52% (49 to 56)"
    assert say_estimate(mean(7.34, None, None, 1)) == "7.3"
    assert say_estimate(None) == "no data"
    assert say_difference(0.0, 0.0, 0.0, percent=False) == "none (the same in every game)"
    assert say_difference(-0.01, -0.04, 0.02, percent=True) == "\u22121 percentage point (\u22124 to +2)"


@settings(max_examples=60, deadline=None)
@given(st.floats(-50, 50), st.floats(0.0001, 20), st.floats(0.0001, 20), st.booleans())
def test_a_difference_in_words_keeps_its_value_inside_its_interval(centre, below, above, percent):
    low, high = centre - below, centre + above
    text = say_difference(centre, low, high, percent)
    numbers = [float(t.replace("\u2212", "-").strip("(),")) for t in text.split()
               if t.strip("(),").lstrip("+\u2212").replace(".", "", 1).isdigit()]
    value, lo, hi = numbers
    assert lo <= value <= hi
    assert text.startswith(("+", "\u2212", "0"))


def test_with_two_teams_the_verdict_names_one_teams_wins_not_its_mirror_too():
    figures = dict(PLAIN, **{
        "game.team_wins.0": ("team 0 wins the game", share(0.45, 0.38, 0.52), share(0.55, 0.48, 0.62),
                             diff(0.10, 0.02, 0.18)),
        "game.team_wins.1": ("team 1 wins the game", share(0.55, 0.48, 0.62), share(0.45, 0.38, 0.52),
                             diff(-0.10, -0.18, -0.02)),
    })
    cmp, rule_changes = constructed(figures, COMMON, COMMON, "thirteen-point")
    v = verdict(cmp, rule_changes)
    assert v.sentences[-1] == "Team 0 wins the game more often: 45% \u2192 55% (about 10 in 100 more, between 2 and 18)."
    assert "team 1" not in v.text


def test_the_verdict_names_the_biggest_other_changes_and_counts_the_rest():
    figures = dict(PLAIN, **{
        "call.none": ("no call", share(0.962, 0.957, 0.967), share(0.963, 0.958, 0.968), diff(0.001, 0.0004, 0.002)),
        "claim.double": ("Double claimed", share(0.10, 0.09, 0.11), share(0.14, 0.13, 0.15), diff(0.04, 0.03, 0.05)),
        "game.lead_changes": ("lead changes per game", mean(1.60, 1.5, 1.7), mean(1.73, 1.6, 1.8),
                              diff(0.12, 0.09, 0.16)),
        "deal.cancelled": ("deal thrown in", share(0.018, 0.015, 0.023), share(0.025, 0.021, 0.03),
                           diff(0.007, 0.004, 0.01)),
    })
    cmp, rule_changes = constructed(figures, COMMON, COMMON, "thirteen-point")
    v = verdict(cmp, rule_changes)
    # the biggest next to A's figure first; "no call" 96.2% -> 96.3% is clear but too small for a player to notice
    assert v.sentences[-1] == ("Also: Double claimed more often: 10% \u2192 14% (about 4 in 100 more, between 3 "
                               "and 5); deal thrown in more often: 1.8% \u2192 2.5% (about 0.7 in 100 more, between "
                               "0.4 and 1.0); and 1 more clear difference (below).")
    assert "no call" not in v.text
    # clear, so its nearest bound is not shown as 0
    assert say_difference(0.001, 0.0004, 0.002, percent=True) == "+0.10 percentage points (+0.04 to +0.20)"


def test_a_partner_catch_that_came_up_too_seldom_says_why_no_difference_can_show_and_how_many_games_would():
    # 2 partner catches in 200 games: 4 (the fewest that can show, sqrt(4) > 1.96) take about
    # 4 * 200 / 2 = 400 games; twice that (the games drift apart after each), rounded up to hundreds: 800
    fired = {**COMMON, "undertakings.thunee.partner_catch": 2}
    cmp, rule_changes = constructed(PLAIN, fired, {**fired, "undertakings.thunee.partner_catch": 1})
    assert unfired(cmp) == []
    [r] = scarce(cmp)
    assert (r.change, r.labels, r.deals) == ("Thunee partner catch: 8 balls -> 6 balls",
                                              ("Thunee caught by partner",), 2)
    assert r.advice == ("A difference it makes can show only once it has decided at least 4 deals; play more games "
                        "(2 deals in 200 games, so 4 take about 400; try 800); or bolder bots take that risk more "
                        "often: choose bold under Bots at every seat.")
    assert r.text.startswith("**Thunee partner catch: 8 balls \u2192 6 balls**: this came into play in only 2 deals "
                             "(Thunee caught by partner), too few for these games to show what it changes.")
    v = verdict(cmp, rule_changes)
    assert v.tone == "untested"
    assert v.sentences[0] == ("Thunee partner catch: 8 balls \u2192 6 balls: it came up in 2 deals of standard's "
                              "games and 1 of partner-catch-six's, too few for these games to show what it changes.")
    # the simulation's own report says the same, in the command line's words
    [(change, deals, words)] = cmp.scarce_warnings()
    assert (change, deals) == ("Thunee partner catch: 8 balls -> 6 balls", (2, 1)) and cmp.coverage_warnings() == []
    assert words.startswith("decided only 2 deals: a difference it makes can show only once it has decided at least "
                            "4 deals; play more games (2 deals in 200 games, so 4 take about 400; try 800)")
    assert f"    ! {words}" in cmp.to_text().splitlines()
    assert cmp.to_json()["rules_compared"][0]["scarce"] == words
    # four or more: nothing to warn about, the ordinary "no clear difference"
    enough = {**COMMON, "undertakings.thunee.partner_catch": 4}
    cmp, rule_changes = constructed(PLAIN, enough, enough)
    assert scarce(cmp) == [] and verdict(cmp, rule_changes).tone == "none"


def test_a_change_in_a_share_is_never_said_in_bare_points():
    """"team 0 wins the game less often: 52% -> 44% (-9 points, -15 to -2)": at a Thunee table "points" are
    card points (105 to count), so a card player read a change of 9 percentage points as 9 card points."""
    for value, low, high in ((-0.09, -0.15, -0.02), (0.01, 0.004, 0.02), (0.0, -0.01, 0.02)):
        said = say_difference(value, low, high, percent=True)
        assert "percentage point" in said and " points (" not in said.replace("percentage points", ""), said
    assert "point" not in say_difference(1.7, 1.2, 2.2, percent=False)  # a mean (deals per game) has no unit


# -- a ruleset's own unit of score (game.unit) -------------------------------------------------------

POINTS_A = "extends: standard\nname: points-a\ngame:\n  target: 12\n  unit: points\n"
POINTS_B = ("extends: standard\nname: points-b\nundertakings:\n  thunee:\n    balls: {partner_catch: 6}\n"
            "game:\n  target: 13\n  corner_house: 12\n  unit: points\n")


def _own(tmp_path, text: str):
    path = tmp_path / (text.split("name: ", 1)[1].split("\n", 1)[0] + ".yaml")
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def test_rulesets_scored_in_points_are_compared_in_points(tmp_path):
    """Compare said "balls" (comparing.unit hard-coded it) for rulesets whose game.unit says points: the verdict,
    the focused replays' note, the reach table's column and the CSV's focused rows now say points."""
    from thunee_dsl.editor.comparing import csv_in_units, focus_note
    a, b = _own(tmp_path, POINTS_A), _own(tmp_path, POINTS_B)
    cmp = simulate([a, b], games=20, bots="typical", seed=0)
    said = verdict(cmp, diff_rulesets(a, b))  # the units read from the simulation's own labels
    assert said.text == verdict(cmp, diff_rulesets(a, b), units=(a.unit, b.unit)).text
    words = " ".join((said.text, *said.details))
    assert "Playing to 13 points instead of 12" in said.text
    assert "point" in words and not re.search(r"\bballs?\b(?!\.)", words), words
    assert "opened" not in words and " open " not in words  # a team *scores* points (Unit.verb)
    notes = [focus_note(cmp, f.path) for f in cmp.focused]
    assert notes and all(n is None or not re.search(r"\bballs?\b(?!\.)", n.text) for n in notes), notes
    for row in reach_rows(cmp):
        assert not any(re.search(r"\bballs\b", key) for key in row), row
    csv = csv_in_units(cmp)
    assert "changed the balls)" not in csv and (not cmp.focused or "changed the points)" in csv)


def test_a_and_b_in_different_units_are_each_said_in_their_own(tmp_path):
    """A scores in balls, B in points: the target's sentence names each; a statistic's label names both."""
    from thunee_dsl.editor.comparing import changes
    a = shipped_ruleset("standard")
    b = _own(tmp_path, POINTS_B)
    cmp = simulate([a, b], games=6, bots="random", seed=1)
    said = verdict(cmp, diff_rulesets(a, b), units=(a.unit, b.unit))
    assert "Playing to 13 points instead of 12 balls" in said.text
    assert "Scores said in points instead of balls: the same counting" in said.text  # (not "felt in every game")
    labels = {c.key: c.label for c in changes(cmp)}
    assert labels["deal.balls"] == "balls per deal (A) / points per deal (B)"
    assert {r["key"]: r["label"] for r in glance_rows(cmp)}["deal.balls"] == labels["deal.balls"]
