"""``Deal.forget_cached()``: after a caller changes the cards of a deal in place (a bot's sampled world
of the hidden cards), the deal answers as a deal dealt those cards from the start and played the same
way would."""

from __future__ import annotations

import random

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState


def swap_unplayed(deal, a: int, b: int, rng: random.Random) -> bool:
    """Swap one card still in seat a's hand with one of the same suit still in seat b's (so that each
    seat's failures to follow suit stay true): in the hands, the cards received and the order received.
    False if they hold no suit in common."""
    suit_of = deal.r.deck.suit_of
    held_b = [c for c in deal.order[b] if (deal.hands[b] >> c) & 1]
    pairs = [(x, y) for x in deal.order[a] if (deal.hands[a] >> x) & 1 for y in held_b if suit_of[x] == suit_of[y]]
    if not pairs:
        return False
    x, y = rng.choice(pairs)
    for seat, old, new in ((a, x, y), (b, y, x)):
        deal.hands[seat] = deal.hands[seat] & ~(1 << old) | (1 << new)
        deal.dealt[seat] = deal.dealt[seat] & ~(1 << old) | (1 << new)
        deal.order[seat][deal.order[seat].index(old)] = new
    return True


@pytest.mark.parametrize("name", ["standard", "royals", "two-player"])
@pytest.mark.parametrize("seed", range(4))
def test_a_deal_with_changed_cards_plays_on_as_one_dealt_them(name, seed):
    ruleset = shipped_ruleset(name)
    rng = random.Random(seed)
    game = GameState(ruleset, seed=seed)
    deal = game.deal
    # into the play, to a seat about to follow to a trick (its legal cards depend on its hand)
    while game.deal is deal and not (deal.trick and deal.window is None and len(deal.tricks) >= 1):
        legal = game.legal_actions()  # no announcements: they might end the deal early
        game.apply(legal[-1] if legal[-1].verb == "pass" else rng.choice(legal))
    if game.deal is not deal:
        pytest.skip("the deal ended before a trick was under way")
    game.legal_actions()  # cached before the change
    game.view(game.to_act)
    a = game.to_act
    declared = {seat for seat, *_ in deal.declarations}  # (their declarations stand on the cards they held)
    if a in declared or all(s in declared or s == a for s in range(ruleset.seats)):
        pytest.skip("every seat but the one to play has declared")
    b = next(s for s in range(ruleset.seats) if s != a and s not in declared and deal.hands[s])
    if not swap_unplayed(deal, a, b, rng):
        pytest.skip("no suit in common")
    deal.forget_cached()

    # the same deal dealt the changed cards and played the same way (a declaration the new cards allow
    # is passed: the deal being changed was past that point already)
    record = game.deals[-1]
    fresh = GameState(ruleset, seed=seed, auto_deal=False)
    fresh.start_deal([list(cards) for cards in deal.order])
    for action in [x for i, x in enumerate(record.actions) if i not in record.silent]:
        play_in(fresh, action)
    while fresh.deal.window is not None:
        fresh.pass_window()
    assert game.legal_actions() == fresh.legal_actions()
    assert game.view(a).hand == fresh.view(a).hand and game.view(a).legal == fresh.view(a).legal
    while game.deal is deal:  # and on to the end of the deal, the same
        action = rng.choice(game.legal_actions())
        if action.verb != "pass":
            assert action in fresh.legal_actions() or fresh.deal.window is not None
            play_in(fresh, action)
        game.apply(action)
    assert game.deals[0].result == fresh.deals[0].result


def play_in(game: GameState, action) -> None:
    """Apply ``action``, passing first in any announcement window open before it."""
    while action not in game.legal_actions() and game.pass_window():
        pass
    game.apply(action)
