"""Sampled worlds built from a position (game.replay.redeal) are the worlds a replay from the start builds.

A bot's world is its sampled cards with the deal's history replayed into them. Once the cards' whereabouts
have not mattered to how the deal went, ``worlds.replay`` deals the cards again into the last world
replayed in the deal (by any seat) and replays only what happened since. These tests check, at every
decision of whole games of every kind of ruleset, that this gives the same game as replaying from the
start -- every seat's view, the choices, and how each choice plays out -- and that no seat's choice depends
on what another seat's bot left behind. (test_no_peeking's twin games are asked one after the other, so a
position kept from the first game is there when the second is asked: equal views still give equal choices.)
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.replay import redeal
from thunee_dsl.players import make_bot
from thunee_dsl.players import worlds
from thunee_dsl.players.knowledge import Knowledge
from thunee_dsl.players.worlds import Tracker, forget_positions, new_game, playout, sample_world, utility



def replayed_from_start(k: Knowledge, world):
    return worlds._replay_from(k, world, new_game(k.ruleset, k.view, world.orders), 0, [])


def outlook(k: Knowledge, world, game: GameState):
    """Everything about a world's game that matters from here: each seat's view, and the result of
    every choice of the seat to act played out by the playout policy."""
    if game is None:
        return None
    # (less the history: which seats a window polled, so whose passes show, and the card of a trump made
    # face down and taken back after a call may differ; neither is part of the state from here on)
    views = [replace(game.view(s), history=()) for s in range(k.seats)]
    team = k.ruleset.team_of(k.seat)
    results = []
    for a in game.legal_actions():
        g = game.clone()
        tr = Tracker(k, world)
        g.apply(a)
        tr.observe(a)
        results.append((a, utility(playout(k, world, g, tr), team, k.ruleset)))
    return views, results


@pytest.mark.parametrize("name,bot", [("standard", "typical"), ("standard", "random"), ("six-player", "random"),
                                      ("royals", "random"), ("cats-at-cards", "random"),
                                      ("thirteen-point", "typical"), ("two-player", "random"),
                                      ("nigerian-thuni", "random")])
def test_a_world_from_a_position_is_the_world_replayed_from_the_start(name, bot):
    r = shipped_ruleset(name)
    forget_positions()
    from_position = 0
    for seed in range(2):
        game = GameState(r, seed=seed)
        options = {"speak": 0.3} if bot == "random" else {}
        bots = [make_bot(bot, r, seed=seed * 10 + s, **options) for s in range(r.seats)]
        rng = random.Random(seed)
        for _ in range(250):
            if game.is_over:
                break
            seat = game.to_act
            view = game.view(seat)
            k = Knowledge(r, view)
            world = sample_world(k, rng)
            if world is not None:
                from_position += worlds.redealable(k) and worlds._position(k) is not None
                fast = worlds.replay(k, world)
                full = replayed_from_start(k, world)
                assert outlook(k, world, fast) == outlook(k, world, full), (seed, view.history)
            game.apply(bots[seat].choose(view))
    if name in ("standard", "thirteen-point", "two-player"):
        assert from_position > 20  # the cheap way is taken where it may be


def test_a_deal_cannot_be_dealt_again_without_the_cards_played():
    r = shipped_ruleset("standard")
    game = GameState(r, seed=2)
    while not game.deal.tricks:
        game.apply(game.legal_actions()[0])
    orders = [list(o) for o in game.deal.order]
    card = game.deal.tricks[0][1][0][1]  # the first card led
    holder = next(s for s, o in enumerate(orders) if card in o)
    other = (holder + 1) % r.seats
    i, j = orders[holder].index(card), len(orders[other]) - 1
    orders[holder][i], orders[other][j] = orders[other][j], orders[holder][i]
    with pytest.raises(ValueError, match="without a card it has played"):
        redeal(game.clone(), orders)


@pytest.mark.parametrize("bot,options", [("typical", {}), ("montecarlo", {"samples": 4})])
def test_a_choice_does_not_depend_on_what_other_bots_left_behind(bot, options):
    """Each decision of a game is taken twice: after the other seats' bots have left their last world
    behind, and with nothing kept. Same seed, same view: the same choice (and the same estimate)."""
    r = shipped_ruleset("standard")
    for seed in range(2):
        game = GameState(r, seed=seed)
        bots = [make_bot(bot, r, seed=seed * 10 + s, **options) for s in range(r.seats)]
        while not game.is_over and len(game.deals) <= 3:
            seat = game.to_act
            view = game.view(seat)
            action = bots[seat].choose(view)
            estimate = getattr(bots[seat], "last_estimate", None)
            kept = getattr(worlds._KEPT, "position", None)
            forget_positions()
            again = make_bot(bot, r, seed=seed * 10 + seat, **options)
            assert again.choose(view) == action
            if estimate is not None and getattr(again, "last_estimate", None) is not None:
                assert again.last_estimate.results == estimate.results
            worlds._KEPT.position = kept
            game.apply(action)


def _last_card_deal(last_card: str) -> GameState:
    """Seat 1 makes trumps with its last card (``last_card``), seat 2 leads KC: seat 3's history is the same
    whichever card it is, and it knows the trump card (turned up after the first lead)."""
    from bot_helpers import STANDARD, deal, drive

    special = ["JH", "JS", "9D", "AC"]
    rest = [c for c in STANDARD.deck.names if c not in ["KC"] + special]
    random.Random(7).shuffle(rest)
    rest += [c for c in special if c != last_card]
    hands = {2: ["KC"] + rest[:5], 1: rest[5:10] + [last_card], 3: rest[10:16], 0: rest[16:22]}
    return drive(deal(STANDARD, hands), ["1 trump last", "2 play KC"])


@pytest.mark.parametrize("first,second", [("JH", "JS"), ("9D", "AC")])
def test_a_position_of_another_deal_never_lends_its_trump_card(first, second):
    # Two games' first deals (the same number, dealer and score, as game i and game i + 4 of a simulation),
    # with the same history as seat 3 sees it. The second's worlds must not be built on the first's position:
    # its 'last card' trump, dealt before the position, would stay the first deal's card.
    for seed in range(5):
        forget_positions()
        a = _last_card_deal(first)
        ka = Knowledge(a.ruleset, a.view(3))
        worlds.replay(ka, sample_world(ka, random.Random(seed)))  # keeps a position of the first deal
        b = _last_card_deal(second)
        kb = Knowledge(b.ruleset, b.view(3))
        assert worlds._position(kb) is not None  # the kept position looks like one of this deal
        world = sample_world(kb, random.Random(seed))
        fast = worlds.replay(kb, world)
        assert fast.deal.trump_card == b.deal.trump_card == kb.trump_card
        assert outlook(kb, world, fast) == outlook(kb, world, replayed_from_start(kb, world))
