"""GameState's starting point as a library caller writes it: a mistake is an error in words naming the
argument, never an IndexError from inside the first deal; every good start still plays."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState


@pytest.fixture(scope="module")
def standard():
    return load_ruleset("standard")


@pytest.mark.parametrize("kwargs, error, words", [
    ({"dealer": 7}, ValueError, "dealer: expected a seat number from 0 to 3, got 7"),
    ({"dealer": -1}, ValueError, "from 0 to 3, got -1"),
    ({"dealer": True}, TypeError, "dealer: expected a seat number, got bool"),
    ({"dealer": "1"}, TypeError, "got str '1'"),
    ({"dealer": 1.0}, TypeError, "got float"),
    ({"score": [1]}, ValueError, "score: expected 2 whole numbers of balls (one per team), got [1]"),
    ({"score": [1, 2, 3]}, ValueError, "expected 2 whole numbers"),
    ({"score": [True, 0]}, ValueError, "expected 2 whole numbers"),
    ({"score": [1.5, 0]}, ValueError, "expected 2 whole numbers"),
    ({"score": "ab"}, TypeError, "score: expected one number of balls per team, got str"),
    ({"score": 5}, TypeError, "got int 5"),
])
def test_a_bad_start_is_refused_in_words(standard, kwargs, error, words):
    with pytest.raises(error) as caught:
        GameState(standard, seed=1, **kwargs)
    assert words in str(caught.value)


def test_a_ruleset_that_is_not_compiled_is_refused_in_words():
    with pytest.raises(TypeError, match="expected a compiled ruleset"):
        GameState("standard")


@settings(max_examples=40, deadline=None)
@given(dealer=st.integers(0, 3), score=st.tuples(st.integers(0, 11), st.integers(0, 11)), seed=st.integers(0, 10**6))
def test_every_good_start_deals_from_that_dealer_at_that_score(standard, dealer, score, seed):
    game = GameState(standard, seed=seed, dealer=dealer, score=score)
    assert game.first_dealer == dealer and tuple(game.score) == score
    assert game.legal_actions()
