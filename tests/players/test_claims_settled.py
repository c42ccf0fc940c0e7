"""Claims the cards already decide against (players.expected.settled_against): read from the rule's own
``succeeds_if`` and the seat's view only, never wrong about the real deal, and weighed without sampling."""

from __future__ import annotations

import random

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import make_bot
from thunee_dsl.players.expected import conditions, expected_balls, settled_against
from thunee_dsl.players.knowledge import Knowledge

RULESETS = ["standard", "royals", "examples/house/khanaak-simple.yaml", "examples/house/khanaak-without-call.yaml"]


def test_the_conditions_a_claim_needs_are_read_from_its_formula():
    r = load_ruleset("standard")
    double, khanaak = r.claim_by_verb("double"), r.claim_by_verb("khanaak")
    assert conditions(double.succeeds_if) == {"caller.won_last_trick"}
    assert conditions(khanaak.succeeds_if) == {"caller.won_last_trick"}


def play_out_real(game: GameState, action):
    """The real deal after ``action``: every seat plays what it must (one card each in the last trick)."""
    copy = game.clone()
    copy.apply(action)
    record = copy.deals[-1]
    while record.result is None:
        copy.apply(copy.legal_actions()[-1] if copy.legal_actions()[-1].verb == "pass" else copy.legal_actions()[0])
    return record.result


def claim_decisions(r, seeds, deals: int):
    """Typical bots' games of ``r``, one per seed, for their first ``deals`` deals: the game, view and claims on
    offer at each decision where a seat may claim or pass (yielded before the seat acts)."""
    for seed in seeds:
        game = GameState(r, seed=300 + seed)
        bots = [make_bot("typical", r, seed=seed * 10 + s) for s in range(r.seats)]
        while not game.is_over and len(game.deals) <= deals:
            view = game.view(game.to_act)
            claims = [a for a in view.legal if r.claim_by_verb(a.verb) is not None]
            if claims and any(a.verb == "pass" for a in view.legal):
                yield game, view, claims
            game.apply(bots[game.to_act].choose(view))


@pytest.mark.parametrize("name", RULESETS)
def test_a_claim_settled_against_really_fails_and_is_not_sampled(name):
    r = load_ruleset(name)
    settled = open_ = 0
    for game, view, claims in claim_decisions(r, range(4), 4):
        k = Knowledge(r, view)
        for a in claims:
            if settled_against(k, a):
                settled += 1
                result = play_out_real(game, a)  # (the test may look at the real cards)
                assert result.claim == a.verb and f"claims.{a.verb}.success" not in result.applied
            else:
                open_ += 1
        quiet = next(a for a in view.legal if a.verb == "pass")
        if all(settled_against(k, a) for a in claims):
            assert expected_balls(k, [quiet] + claims, random.Random(1)) is None
    assert settled and open_  # both kinds came up


def test_the_random_source_is_made_only_when_a_deal_is_drawn():
    """expected_balls given a function making its random source: not called for a decision the cards
    settle, and otherwise the same estimate as with the source itself."""
    r = load_ruleset("standard")
    made, settled, drawn = [], 0, 0
    for _, view, claims in claim_decisions(r, range(3), 3):
        options = [next(a for a in view.legal if a.verb == "pass")] + claims
        k = Knowledge(r, view)
        before = len(made)
        lazy = expected_balls(k, options, lambda: made.append(1) or random.Random(7), least=1)
        if all(settled_against(k, a) for a in claims):
            settled += 1
            assert lazy is None and len(made) == before
        else:
            drawn += 1
            assert len(made) == before + 1
            eager = expected_balls(Knowledge(r, view), options, random.Random(7), least=1)
            assert (lazy.results, lazy.deals, lazy.draws) == (eager.results, eager.deals, eager.draws)
    assert settled and drawn
