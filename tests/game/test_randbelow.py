"""``dealing.randbelow``: the sampled deals' draws written out (compiled: no Python frame a draw) draw what
``random.Random.randrange`` draws, and leave the random stream where it leaves it."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from thunee_dsl.game.dealing import randbelow


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), ns=st.lists(st.integers(1, 10**6), min_size=1, max_size=20))
def test_randbelow_draws_what_randrange_draws(seed, ns):
    a, b = random.Random(seed), random.Random(seed)
    assert [randbelow(b.getrandbits, n) for n in ns] == [a.randrange(n) for n in ns]
    assert b.random() == a.random()  # (the same stream after)


def test_a_single_place_still_draws():
    a, b = random.Random(1), random.Random(1)
    assert randbelow(b.getrandbits, 1) == a.randrange(1) == 0
    assert b.getrandbits(32) == a.getrandbits(32)
