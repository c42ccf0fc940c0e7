"""The apply path's precomputed parts agree with the rules they come from, in every shipped ruleset.

* ``Deal.clone`` (one generated copier per combination of the slots' kinds): the copy shares no list, set,
  dict or window with the original (but the ruleset's own read-only tables), and is equal to it slot by slot.
* The legal cards kept while a trick is played (``Play.play_card``'s follow-suit path, decided per ruleset and
  trick by ``Play.plain_trick``) are at every card decision what the rule (``Play.legal_cards``) says.
* A late undertakings window offers each seat exactly the undertakings whose own condition and whose "safe in
  the suit led" condition both hold (``LateUndertakings.options_for`` reads them in the cheaper order).
"""

from __future__ import annotations

import random

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.deal import DEAL_SLOTS, Deal
from thunee_dsl.game.play import Play
from thunee_dsl.game.undertakings import LateUndertakings
from thunee_dsl.game.windows import Window
from thunee_dsl.loading import shipped_rulesets

RULESETS = sorted(shipped_rulesets())


def _games(name: str, games: int, seed: int):
    """Random legal play (a seat that may pass says something one time in five), yielding the game before
    every decision."""
    r = shipped_ruleset(name)
    rng = random.Random(seed)
    for g in range(games):
        game = GameState(r, seed=seed * 100 + g)
        for _ in range(5_000):
            if game.is_over:
                break
            yield game
            legal = game.legal_actions()
            if legal[-1].verb == "pass" and len(legal) > 1 and rng.random() < 0.8:
                game.apply(legal[-1])
            else:
                game.apply(rng.choice(legal))


# the ruleset's own tables a deal keeps at hand (dicts among them): shared, never written by a deal
_SHARED_NAMES = frozenset({"t", "r", "card_of", "play_actions", "team_of", "beats"})


def _mutable(value) -> bool:
    return isinstance(value, (list, set, dict, Window))


@pytest.mark.parametrize("name", RULESETS)
def test_a_clone_shares_nothing_mutable_and_equals_the_original(name):
    checked = 0
    for i, game in enumerate(_games(name, 3, 7)):
        if i % 3:
            continue
        deal = game.deal
        copy = deal.clone()
        for slot in DEAL_SLOTS:
            mine, theirs = getattr(deal, slot), getattr(copy, slot)
            if slot in ("_seat_env", "_claims_asked", "_view_cache"):
                assert theirs is None  # made again on demand (they refer back to their deal)
                continue
            if slot == "_counts":
                assert theirs == {} and theirs is not mine
                continue
            if slot in _SHARED_NAMES:
                assert theirs is mine
                continue
            if _mutable(mine):
                assert theirs is not mine, slot
                if slot == "order":
                    assert all(a is not b and a == b for a, b in zip(mine, theirs))
            if isinstance(mine, Window):
                assert type(theirs) is type(mine)
                assert (theirs.order, theirs.pos, theirs.silent, theirs.options) == \
                       (mine.order, mine.pos, mine.silent, mine.options)
            else:
                assert theirs == mine, slot
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", RULESETS)
def test_the_kept_legal_cards_are_the_rules_at_every_card(name):
    cards = 0
    for game in _games(name, 3, 11):
        deal = game.deal
        if deal.window is None and type(deal.pending) is Play:
            seat = deal.pending.seat
            legal = game.legal_actions()
            assert deal._mask == Play.legal_cards(deal, seat)
            # (a closed trump: a card may be played face down, or the trump asked for, where a seat cannot follow)
            played = sorted({a.arg for a in legal if a.verb == "play"})
            assert played == sorted(deal.r.deck.names[c] for c in range(deal.r.deck.size) if (deal._mask >> c) & 1)
            cards += 1
    assert cards >= 20


LATE = [name for name in RULESETS if any(u.late is not None for u in shipped_ruleset(name).undertakings)]


@pytest.mark.skipif(not LATE, reason="no shipped ruleset has late undertakings")
@pytest.mark.parametrize("name", LATE)
def test_late_undertakings_offer_what_both_conditions_allow(name):
    opened = 0
    for game in _games(name, 12, 3):
        deal = game.deal
        w = deal.window
        if type(w) is not LateUndertakings:
            continue
        for seat in w.order:
            env = deal.seat_env(seat)
            expected = [u.verb for u in w.offered
                        if (u.allowed_if is None or u.allowed_if.evaluate(env)) and u.late.safe_if.evaluate(env)]
            said = [a.verb for a in w.options_for(deal, seat)]
            assert said == expected
        assert [a.verb for a in w.options] == [a.verb for a in w.options_for(deal, w.order[w.pos])]
        opened += 1
    assert opened > 0
