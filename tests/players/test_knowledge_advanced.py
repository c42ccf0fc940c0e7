"""A seat's Knowledge moved on from its last decision of the deal by the cards played since
(Knowledge._advance, the usual card-play decision) or carried over in part is, fact for fact, the Knowledge
read from its view alone: at every decision of random and typical games of every shipped ruleset, with and
without players' offences (revokes, out of turn: the inferences drawn from them included)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.players import decide, make_bot
from thunee_dsl.players.knowledge import forget_knowledge
from thunee_dsl.players.mistakes import Mistakes

from test_knowledge_incremental import chained_and_fresh, facts

RULESETS = sorted(shipped_rulesets())


def checked_deals(r, seed: int, bots: list[str], mistakes: float, deals: int = 2) -> tuple[int, int]:
    """Play the first ``deals`` deals, comparing at every decision with a choice the Knowledge the seat's
    chain gives with one read afresh; (decisions compared, of which moved on by cards alone)."""
    forget_knowledge()
    game = GameState(r, seed=seed)
    players = [make_bot(bots[s % len(bots)], r, seed=seed * 10 + s) for s in range(r.seats)]
    slips = Mistakes(mistakes, seed) if mistakes else None
    compared = advanced = 0
    while not game.is_over and len(game.deals) <= deals:
        offence = slips.offence(game) if slips is not None else None
        if offence is not None:
            game.apply(offence)
            continue
        view = game.view(game.to_act)
        if len(view.legal) > 1:
            k, fresh = chained_and_fresh(r, view)
            if fresh is None:
                assert k is None
            else:
                assert k is not None and facts(k) == facts(fresh), (seed, view.history)
                compared += 1
                advanced += k.advanced
        game.apply(decide(players[game.to_act], game))
    return compared, advanced


@pytest.mark.parametrize("name", RULESETS)
def test_knowledge_moved_on_by_cards_is_the_knowledge_read_afresh(name):
    r = shipped_ruleset(name)
    compared = advanced = 0
    for seed, bots in ((1, ["typical"]), (2, ["random"]), (3, ["typical", "random"])):
        c, a = checked_deals(r, seed, bots, 0.0)
        compared, advanced = compared + c, advanced + a
    assert compared > 0
    if not r.face_down:  # (open face play is always read from the view)
        assert advanced > 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(RULESETS), seed=st.integers(0, 10_000),
       bots=st.lists(st.sampled_from(["typical", "random", "heuristic"]), min_size=1, max_size=2),
       mistakes=st.sampled_from([0.0, 0.05]))
def test_knowledge_chain_equals_reading_afresh_whatever_the_game(name, seed, bots, mistakes):
    checked_deals(shipped_ruleset(name), seed, bots, mistakes, deals=1)
