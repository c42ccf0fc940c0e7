"""thunee_dsl.editor.formulas: a formula tried where it would stand, on a sample deal."""

from __future__ import annotations

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.editor.formulas import PLACES, sample_deal, try_formula
from thunee_dsl.loading import shipped_rulesets


def test_the_value_is_the_sample_deals_own_figure():
    r = shipped_ruleset("standard")
    sample = sample_deal(r, seed=5)
    deal = sample.deal
    trial = try_formula(r, "counting.cards + call", "outcome", sample=sample)
    assert trial.ok
    assert trial.value == deal.team_cards[deal.counting] + deal.call
    assert trial.explanation.endswith(f"= {trial.value}")
    assert f"counting.cards [{deal.team_cards[deal.counting]}]" in trial.explanation


def test_a_sample_deal_is_played_out_and_repeatable():
    r = shipped_ruleset("standard")
    a, b = sample_deal(r, seed=9), sample_deal(r, seed=9)
    assert a.seed == b.seed and a.summary() == b.summary()
    assert not a.result.cancelled and a.deal.tricks_played == r.tricks_per_deal


def test_a_syntax_error_has_its_column_and_caret():
    trial = try_formula(shipped_ruleset("standard"), "counting.cards >= 105 and and")
    assert not trial.ok and trial.value is None and trial.sample is None
    assert trial.error.column == 27
    assert trial.error.caret.splitlines()[1].index("^") == 4 + 26


def test_names_depend_on_where_the_formula_stands():
    r = shipped_ruleset("standard")
    outcome = try_formula(r, "caller.tricks", "outcome", seed=1)
    assert not outcome.ok and "unknown name 'caller.tricks'" in outcome.error.message
    claim = try_formula(r, "caller.tricks", "claim", seed=1)
    assert claim.ok and isinstance(claim.value, int)
    assert "caller.tricks" in claim.names and "caller.tricks" not in outcome.names


def test_a_typo_suggests_the_name():
    trial = try_formula(shipped_ruleset("standard"), "countin.cards")
    assert "did you mean 'counting.cards'" in trial.error.message


def test_the_rulesets_own_team_values_are_known():
    r = shipped_ruleset("standard")
    names = [tv.name for tv in r.team_values]
    assert names, "standard has team values (count)"
    trial = try_formula(r, f"counting.{names[0]}", "outcome", seed=2)
    assert trial.ok and isinstance(trial.value, int)


@pytest.mark.parametrize("name", sorted(shipped_rulesets()))
@pytest.mark.parametrize("place", sorted(PLACES))
def test_every_place_of_every_ruleset_evaluates(name, place):
    r = shipped_ruleset(name)
    trial = try_formula(r, "tricks_played", place, seed=1)
    assert trial.ok, trial.failure
    assert trial.value == trial.sample.deal.tricks_played


def test_an_unknown_place_is_refused():
    with pytest.raises(ValueError, match="place must be one of"):
        try_formula(shipped_ruleset("standard"), "1", "nowhere")
