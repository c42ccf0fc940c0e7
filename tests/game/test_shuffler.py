"""The shuffle written out per pack size (game.dealing.shuffler) is CPython's Random.shuffle: the same
permutation and the same random stream afterwards, for any seed and size."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from thunee_dsl.game.dealing import shuffler, shuffler_source


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.sampled_from([0, 1, 2, 3, 16, 24, 32, 36, 52]))
def test_the_written_out_shuffle_is_random_shuffle(seed, size):
    a, b = random.Random(seed), random.Random(seed)
    x, y = list(range(size)), list(range(size))
    a.shuffle(x)
    shuffler(size)(b.getrandbits, y)
    assert y == x
    assert b.getrandbits(64) == a.getrandbits(64)  # nothing more and nothing less drawn


def test_the_source_is_one_draw_and_one_swap_a_step_and_only_a_number_goes_in():
    source = shuffler_source(24)
    assert source.count("getrandbits(") == 2 * 23 and "cards[23], cards[j] = cards[j], cards[23]" in source
    assert "while j >= 24:" in source and "while j >= 2:" in source
    with pytest.raises(TypeError, match="whole number"):
        shuffler_source("24; import os")
