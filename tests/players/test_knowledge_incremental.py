"""A seat's Knowledge carried over from its last decision of the deal is the Knowledge read from its view
alone (every shipped ruleset, a mix of bots, every decision of the first deals of several games)."""

from __future__ import annotations

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.players import make_bot
from thunee_dsl.players import knowledge
from thunee_dsl.players.knowledge import Knowledge, forget_knowledge

FACTS = ("hand", "trump", "trump_card", "tricks_done", "current_trick", "played", "played_by", "played_mask",
         "batches_dealt", "phase_index", "unseen_count", "pickup_trick", "void", "forced", "excluded", "early",
         "last_card_seat", "entries", "pool", "held_count", "future_count", "leftover")


def facts(k: Knowledge) -> dict:
    out = {name: getattr(k, name) for name in FACTS}
    out["hidden"] = [(h.index, h.seat, h.decl.verb, h.value, h.phase) for h in k.hidden_declarations]
    out["may_hold"] = [k.may_hold(s) for s in range(k.seats)]
    return out


def chained_and_fresh(r, view):
    """The seat's Knowledge of ``view`` as its chain of decisions gives it, and read afresh from the view
    alone (None where the view does not add up); the seat's chain goes on from the first."""
    try:
        k = Knowledge(r, view)
    except Knowledge.Inconsistent:
        k = None
    kept = dict(knowledge._LAST.by_seat)
    forget_knowledge()
    try:
        fresh = Knowledge(r, view)
    except Knowledge.Inconsistent:
        fresh = None
    knowledge._LAST.by_seat = kept  # each seat goes on from its own
    return k, fresh


@pytest.mark.parametrize("name", sorted(shipped_rulesets()))
def test_knowledge_carried_over_is_the_knowledge_read_afresh(name):
    r = shipped_ruleset(name)
    carried = 0
    for seed in range(3):
        forget_knowledge()
        game = GameState(r, seed=seed)
        bots = [make_bot(("typical", "random", "heuristic")[(s + seed) % 3], r, seed=seed * 10 + s)
                for s in range(r.seats)]
        while not game.is_over and len(game.deals) <= 2:
            view = game.view(game.to_act)
            if len(view.legal) > 1:
                k, fresh = chained_and_fresh(r, view)  # carried over where the seat decided before in this deal
                carried += k is not None and k.carried_over
                if fresh is None:
                    assert k is None
                else:
                    assert k is not None and not fresh.carried_over and facts(k) == facts(fresh)
            game.apply(bots[game.to_act].choose(view))
    assert carried > 0
