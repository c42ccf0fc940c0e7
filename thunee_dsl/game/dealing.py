"""Dealing a batch (``deal N``): into each hand, or face down as a row in front of each seat (open face
play)."""

from __future__ import annotations

import random
from functools import lru_cache
from operator import or_

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import OWN, VALUE, DealSlots
from thunee_dsl.game.play import Play
from thunee_dsl.game.trumps import MakeTrumps
from thunee_dsl.game.undertakings import Undertakings
from thunee_dsl.model.ruleset import FROM_UNDEALT, TrumpWay, TurnUp

# The deal's state this rule owns (the cards dealt so far); only this module writes it (game/slots.py)
STATE = {"dealt": (OWN, "list"), "batches_dealt": VALUE,
         "turn_up": VALUE}  # the card turned up for all to see after the deal (deal.turn_up), or None


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.dealt = [0] * deal.t.seats  # every card dealt to each seat so far (held or played)
    deal.batches_dealt = 0
    deal.turn_up = None


class DealBatch:
    """The step ``deal N``: batch ``number`` of ``deal.batches`` to every seat, in the order received."""

    __slots__ = ("number",)

    def __init__(self, number: int):
        self.number = number

    @cython.locals(deal=DealSlots)
    def start(self, deal) -> None:
        number = self.number
        t = deal.t
        start, end = t.batch_bounds[number - 1]
        dealt = deal.dealt
        if number in t.face_down:
            DealBatch.deal_row(deal, start, end)
            deal.batches_dealt = number
            if number == len(t.batch_bounds) and deal.r.turn_up is not TurnUp.NONE:
                DealBatch.turn_up(deal)  # (the last batch a face-down row: the turn-up all the same)
            return
        if deal.order_bits is not None:
            # each seat's batch, as the sum of its cards' bits (distinct cards: the sum is their mask), and
            # into the hands, without a Python loop over the seats
            masks = list(map(sum, map(t.batch_pick[number - 1], deal.order_bits)))
        else:
            bit = t.bit
            masks = []
            for cards in deal.order:
                m = 0
                for c in cards[start:end]:
                    m |= bit[c]
                masks.append(m)
        Play.receive(deal, masks)
        dealt[:] = map(or_, dealt, masks)
        deal.batches_dealt = number
        if deal.blind_from is not None and number > deal.blind_from:
            Undertakings.dealt_blind(deal, deal.order[deal.undertaker][start:end])
        if deal.trump_way is TrumpWay.LAST_CARD and deal.trump is None and end == len(deal.order[deal.trump_maker]):
            MakeTrumps.trump_card_is(deal, deal.order[deal.trump_maker][-1])
        if number == len(t.batch_bounds) and deal.r.turn_up is not TurnUp.NONE:
            DealBatch.turn_up(deal)

    @cython.locals(deal=DealSlots)
    def turn_up(deal) -> None:
        """The deal is done: a card is turned up for all to see (deal.turn_up), the first undealt or the
        dealer's own last card; its suit is trumps where nobody chooses them (trumps.ways: turn-up)."""
        r = deal.r
        if r.turn_up in FROM_UNDEALT:
            card = deal.undealt[0] if deal.undealt else None
        else:
            card = deal.order[deal.dealer][-1]
        deal.turn_up = card
        if card is not None and r.trumps is not None and TrumpWay.TURN_UP in r.trumps.ways:
            MakeTrumps.turned_up(deal, card)

    @cython.locals(deal=DealSlots)
    def picked_up(deal, seat: int, card: int) -> None:
        """``seat`` (the dealer) has taken the turn-up into the hand: a card it was given."""
        deal.dealt[seat] |= deal.t.bit[card]

    @cython.locals(deal=DealSlots)
    def laid_aside(deal, seat: int, card: int) -> None:
        """``seat`` has discarded ``card`` face down: out of the deal, as the undealt cards are (its points
        are nobody's)."""
        deal.dealt[seat] &= ~deal.t.bit[card]

    @cython.locals(deal=DealSlots)
    def dealt_again(deal, dealt) -> None:
        """Each seat has received ``dealt`` instead (a position dealt other hidden cards: see replay.redeal)."""
        deal.dealt[:] = dealt

    @cython.locals(deal=DealSlots)
    def deal_row(deal, start: int, end: int) -> None:
        """A batch dealt face down as a row in front of each seat (open face play): not into the hand."""
        bit = deal.t.bit
        for seat, cards in enumerate(deal.order):
            Play.lay_down(deal, seat, tuple(cards[start:end]))
            for c in cards[start:end]:
                deal.dealt[seat] |= bit[c]


@lru_cache(maxsize=None)
def shuffler(size: int):
    """``shuffle(getrandbits, cards)``: CPython's :meth:`random.Random.shuffle` of a list of ``size`` items
    (Fisher-Yates from the last index down, each index drawn by rejection from ``getrandbits``), written
    out step by step with its numbers as constants: the same permutation and random stream, without the
    loop's own work (a step costs the draw and the swap). Generated from ``size`` alone (no text of a
    ruleset reaches the source); checked against ``Random.shuffle`` the first time each size is made.
    ``shuffler_source(size)`` shows the code."""
    namespace: dict = {}
    exec(compile(shuffler_source(size), f"<shuffle of {size}>", "exec"), namespace)
    shuffle = namespace["shuffle"]
    for seed in (size, size + 1):
        a, b = random.Random(seed), random.Random(seed)
        x, y = list(range(size)), list(range(size))
        a.shuffle(x)
        shuffle(b.getrandbits, y)
        if x != y or a.random() != b.random():  # pragma: no cover - a Python whose shuffle draws otherwise
            return _shuffle_by_method
    return shuffle


def shuffler_source(size: int) -> str:
    """The source of :func:`shuffler` for ``size`` items."""
    if type(size) is not int:  # (only a number is ever written into the code)
        raise TypeError(f"a pack size is a whole number, got {size!r}")
    lines = ["def shuffle(getrandbits, cards):"]
    for i in reversed(range(1, size)):
        n, k = i + 1, (i + 1).bit_length()
        lines += [f"    j = getrandbits({k})", f"    while j >= {n}:", f"        j = getrandbits({k})",
                  f"    cards[{i}], cards[j] = cards[j], cards[{i}]"]
    if size < 2:
        lines.append("    pass")
    return "\n".join(lines) + "\n"


def _shuffle_by_method(getrandbits, cards) -> None:  # pragma: no cover - see shuffler
    getrandbits.__self__.shuffle(cards)


def _randbelow(getrandbits, n: int) -> int:
    """CPython's :meth:`random.Random.randrange` of ``n`` (> 0): a draw of ``n``'s bit length from
    ``getrandbits``, again while it is ``n`` or more (compiled: no Python frame for each draw)."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _randbelow_by_method(getrandbits, n: int) -> int:  # pragma: no cover - see randbelow
    return getrandbits.__self__.randrange(n)


def _same_draws() -> bool:
    for seed in (5, 6):
        a, b = random.Random(seed), random.Random(seed)
        if [a.randrange(n) for n in (1, 2, 3, 5, 7, 24, 37, 1000)] != [_randbelow(b.getrandbits, n) for n in
                                                                       (1, 2, 3, 5, 7, 24, 37, 1000)] \
                or a.random() != b.random():
            return False
    return True


#: ``randbelow(getrandbits, n)``: the number ``rng.randrange(n)`` draws (n > 0) and the same random stream, for
#: ``getrandbits`` the random source's own method (the sampled deals' draws); checked against
#: ``Random.randrange`` when first imported (a Python whose randrange draws otherwise uses the method)
randbelow = _randbelow if _same_draws() else _randbelow_by_method
