"""The sampled playouts read what the seat's own card sense reads: the bids and the partner's lead.

The playout policy (``worlds.Tracker.card``) plays the heuristic's card sense with every sampled hand known.
Where a bid is scored only when made exactly (tactics.aims_at_bid: Oh Hell) that card sense aims at each
seat's bid less its tricks (``PlayCtx.wants``), and where cards are worth nothing (Whist) it leads back the
suit its partner led (``PlayCtx.partner_led``). A playout must read the same from its sampled deal as the
bot reads from its view (heuristic.play_ctx); and a deal's worth (``worlds.utility``) must not pay for
tricks where a trick over the bid costs as much as a trick under it.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import decide, make_bot
from thunee_dsl.players.heuristic import HeuristicBot
from thunee_dsl.players.knowledge import Knowledge
from thunee_dsl.players.tactics import aims_at_bid
from thunee_dsl.players.worlds import Tracker, replayed_worlds, utility


def play_decisions(name: str, seeds=range(2)):
    """(ruleset of the deal, view, knowledge, sampled worlds) at every card with a choice of typical games'
    first two deals."""
    base = shipped_ruleset(name)
    for seed in seeds:
        game = GameState(base, seed=seed)
        bot = make_bot("typical", base, seed=seed)
        while not game.is_over and len(game.deals) <= 2:
            legal = game.legal_actions()
            if len(legal) > 1 and legal[0].verb == "play":
                view = game.view(game.to_act)
                sizer = HeuristicBot(base, seed=0)
                sizer.size_for(view)
                k = Knowledge(sizer.ruleset, view)
                yield sizer, view, k, list(replayed_worlds(k, random.Random(seed), 2, 12))
            game.apply(decide(bot, game))


def playout_ctx(k: Knowledge, world, game):
    tr = Tracker(k, world)
    tr.card(k, game, game.legal_actions())
    return tr.ctx


def test_oh_hells_playouts_aim_at_each_bid():
    r = shipped_ruleset("oh-hell")
    assert aims_at_bid(r)
    checked = made = 0
    for sizer, view, k, worlds in play_decisions("oh-hell"):
        wants = sizer.wants(view, k)
        assert wants is not None  # (every seat bids before the first card)
        for world, game in worlds:
            assert playout_ctx(k, world, game).wants == wants
            checked += 1
        made += any(w <= 0 for w in wants)
    assert checked > 40 and made > 5  # (some seat had made its bid: the card sense ducks there)


def test_whists_playouts_lead_back_the_partners_suit():
    checked = led = 0
    for sizer, view, k, worlds in play_decisions("whist"):
        mine = sizer.partner_led(view, k)
        for world, game in worlds:
            assert playout_ctx(k, world, game).partner_led == mine
            checked += 1
        led += bool(mine)
    assert checked > 40 and led > 10


@pytest.mark.parametrize("name", ["standard", "whist"])
def test_no_bids_or_leads_read_where_the_card_sense_does_not(name):
    """Thunee's cards are worth points (no lead back read) and no ruleset here aims at an exact bid."""
    for _, _, k, worlds in play_decisions(name, seeds=range(1)):
        for world, game in worlds:
            ctx = playout_ctx(k, world, game)
            assert ctx.wants is None
            if k.t.total_points:
                assert ctx.partner_led == 0


def result(balls, tricks):
    return SimpleNamespace(balls=balls, card_points=[0] * len(balls), declared=None, tricks=tricks)


def test_a_trick_over_the_bid_is_worth_nothing_more_in_oh_hell():
    r = shipped_ruleset("oh-hell")
    # the same score, one seat with two more tricks: the same worth (the score already says what they cost)
    assert utility(result([12, 0, 2, 11], [2, 0, 0, 1]), 0, r) == utility(result([12, 0, 2, 11], [0, 2, 0, 1]), 0, r)
    # balls won less the others' average: 12 - 13/3
    assert utility(result([12, 0, 2, 11], [2, 0, 0, 1]), 0, r) == pytest.approx(12 - 13 / 3)


def test_a_trick_more_is_still_worth_a_little_in_whist():
    r = shipped_ruleset("whist")
    assert not aims_at_bid(r)
    # no points either way; 8 tricks to 5 is worth half a ball times 3 over 13 tricks
    assert utility(result([0, 0], [8, 5]), 0, r) == pytest.approx(0.5 * 3 / 13)
