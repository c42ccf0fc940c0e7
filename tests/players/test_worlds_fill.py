"""The sampled deals' draw of the unknown cards into their places (players.worlds._fill): every card to a place
that may take it, every place filled to its room; where the draw card by card runs into a dead end, the draw
place by place finds the deal a hand lacking all but one suit needs (Oh Hell's last tricks)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl.players.worlds import _fill, _fill_by_places, _fill_plan


@st.composite
def places(draw):
    """Bins that a deal known to exist fills: each card's own place, and more places allowed at random."""
    n_bins = draw(st.integers(1, 5))
    cards = draw(st.integers(1, 30))
    owner = [draw(st.integers(0, n_bins - 1)) for _ in range(cards)]
    allowed = [sum(1 << c for c in range(cards) if owner[c] == i) for i in range(n_bins)]
    for c in range(cards):
        for i in range(n_bins):
            if draw(st.booleans()):
                allowed[i] |= 1 << c
    bins = [(("bin", i), owner.count(i), allowed[i]) for i in range(n_bins)]
    return bins, (1 << cards) - 1


@settings(max_examples=200, deadline=None)
@given(places(), st.integers(0, 2**32 - 1))
def test_a_draw_puts_every_card_in_a_place_that_may_take_it(placed, seed):
    bins, pool = placed
    got = _fill(bins, pool, random.Random(seed))
    if got is None:
        return  # (a dead end both ways: the sampler draws again)
    assert sorted(c for cards in got.values() for c in cards) == list(range(pool.bit_count()))
    for key, room, allowed in bins:
        assert len(got[key]) == room
        assert all((allowed >> c) & 1 for c in got[key])


def test_a_hand_of_one_suit_beside_the_undealt_cards_is_found():
    """Oh Hell's last tricks: seat 2 may hold only the 4 spades still unseen and holds 2 of them; 12 undealt cards
    take anything; two other hands hold 2 cards each, no spade. Card by card, each spade goes to the undealt
    cards 12 times in 14: a dead end most draws. Place by place, every draw is a deal."""
    spades = 0b1111  # cards 0-3
    pool = (1 << 20) - 1
    others = pool & ~spades
    bins = [(("held", 1), 2, others), (("held", 2), 2, spades), (("held", 3), 2, others), (("left", -1), 14, pool)]
    plan = _fill_plan(bins, pool)
    rng = random.Random(3)
    for _ in range(50):
        got = _fill_by_places(plan, rng)
        assert got is not None and all(c in (0, 1, 2, 3) for c in got[("held", 2)])
    assert all(_fill(bins, pool, rng) is not None for _ in range(50))
