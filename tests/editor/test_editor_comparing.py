"""thunee_dsl.editor.comparing: a simulation's result as rows for the Compare page's tables and charts."""

from __future__ import annotations

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.editor.comparing import (HEADLINE, deal_balls_rows, difference_rows, event_rows, game_length_rows,
                                         headline_rows)
from thunee_dsl.simulation import simulate


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
