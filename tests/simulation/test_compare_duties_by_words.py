"""Compare matches a changed duty of play.obligations by its words, not its place: between Rotterdam and Amsterdam
Klaverjas the second duty is another duty in each city, and counted by place the deals it "came up in" mixed the
cities' duties. A duty one city drops is not a rule of the other ("-"); one it adds, not a rule of the first; a duty
dropped and another added at the same place are two rules, each told."""

from __future__ import annotations

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.simulation.api import simulate


@pytest.fixture(scope="module")
def compared():
    a, b = shipped_ruleset("klaverjas"), shipped_ruleset("klaverjas-amsterdam")
    return a, b, simulate([a, b], games=6, bots="random", seed=3, focus=False)


def coverage(result) -> dict:
    return {c.rule: c.deals for c in result.coverage}


def test_a_dropped_duty_is_counted_under_the_city_that_has_it(compared):
    a, b, cmp = compared
    rule = next(r for r in cmp.rules_compared if '"trump when void, even over the partner" is dropped' in r.change)
    place = [o.says for o in a.play.obligations if not o.short_form].index("trump when void, even over the partner")
    assert rule.deals == (coverage(cmp.rulesets[0])[f"play.obligations.{place}"], None)


def test_an_added_duty_is_counted_under_the_city_that_has_it(compared):
    a, b, cmp = compared
    says = "head the trick when void and an opponent is winning it"
    rule = next(r for r in cmp.rules_compared if f'Adds the duty "{says}"' in r.change)
    place = [o.says for o in b.play.obligations if not o.short_form].index(says)
    assert rule.deals == (None, coverage(cmp.rulesets[1])[f"play.obligations.{place}"])
    assert rule.deals[1] > 0  # (random players follow with a card that heads the trick often enough)


def test_every_duty_changed_is_a_rule_of_its_own(compared):
    _, _, cmp = compared
    duties = [r.change for r in cmp.rules_compared if r.path.startswith("play.obligations")]
    assert len(duties) == 4 and len(set(duties)) == 4  # two dropped, two added (two of them at the same places)
