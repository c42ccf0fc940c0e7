"""The focused replays' own words (``Focused.words``, the CSV's focused rows: what ``thunee-dsl simulate`` prints)
say the score in the rulesets' unit (``game.unit``): "points" for rulesets scored in points, each named when A and
B score in different units; balls as before for the Thunee rulesets."""

from __future__ import annotations

from thunee_dsl import load_ruleset
from thunee_dsl.model.ruleset import BALLS, Unit, unit_of_difference
from thunee_dsl.simulation.focus import Focused, balls_said, parent_of
from thunee_dsl.simulation.stats import mean_interval

PATH = "undertakings.thunee.balls.partner_catch"
POINTS = Unit("point", "points")


def focused(unit: Unit) -> Focused:
    parent, _ = parent_of(PATH, load_ruleset("standard"))
    return Focused("Thunee partner catch: 8 -> 6", PATH, parent, None, deals=3579, decided=0, parents=101,
                   replays=1400, fired=8, changed=8, own=mean_interval([0] * 1400),
                   others=mean_interval([-2] * 8 + [0] * 1392), own_changed=0.0, others_changed=-2.0,
                   own_each=(0,), others_each=(-2,), stopped="enough", budget_seconds=1.5, a="a", b="b", unit=unit)


def test_a_difference_in_points_is_said_in_points():
    words = focused(POINTS).words()
    assert "changed the points 8 times" in words
    assert "score 2 points less each time" in words
    assert "points to the Thunee caller's opponents" in words or "points to the" in words
    assert " ball" not in words


def test_balls_stay_balls():
    words = focused(BALLS).words()
    assert "changed the balls 8 times" in words and "open 2 balls less each time" in words


def test_different_units_are_each_named():
    assert unit_of_difference(BALLS, POINTS).plural == "points (B) / balls (A)"
    assert unit_of_difference(POINTS, POINTS) is POINTS
    assert balls_said(1, POINTS) == "1 point more" and balls_said(-2.5, BALLS) == "2.50 balls less"
