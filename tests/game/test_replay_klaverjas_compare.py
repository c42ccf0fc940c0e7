"""Compare between the two readings of Klaverjas, and between Klaverjas and a house rule (examples/house/
klaverjas-1500.yaml): the library calls the app's Compare page makes (simulate both on the same deals, then
thunee_dsl.editor.comparing.verdict over the rule diff) give an answer in words, in points."""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.editor.comparing import verdict
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import simulate

HOUSE = Path(__file__).resolve().parents[2] / "examples" / "house" / "klaverjas-1500.yaml"


def compared(a, b, games: int):
    cmp = simulate([a, b], games=games, bots="random", seed=0, focus_replays=50)
    return verdict(cmp, diff_rulesets(a, b), units=(a.unit, b.unit))


@pytest.fixture(scope="module")
def rotterdam():
    return load_ruleset("klaverjas")


def test_compare_says_what_amsterdam_changes_in_the_duties_to_trump(rotterdam):
    answer = compared(rotterdam, load_ruleset("klaverjas-amsterdam"), games=4)
    said = " ".join(answer.sentences)
    # one sentence for each duty that differs, in the duty's own words
    assert 'The duty "trump when void, even over the partner" is dropped' in said
    assert 'The duty "a trump played must overtrump when it can" is dropped' in said
    assert 'Adds the duty "head the trick when void and an opponent is winning it"' in said
    assert 'Adds the duty "no undertrumping unless the hand holds nothing else"' in said
    assert "points" in said and "balls" not in said
    assert "overtrump on a trump lead" not in said  # the duty both cities share is not a change


def test_compare_says_a_game_to_1500_ends_sooner_than_16_deals(rotterdam):
    answer = compared(rotterdam, load_ruleset(str(HOUSE)), games=6)
    said = " ".join(answer.sentences)
    assert "Adds Points to win: 1500: games are about" in said and "deals a game" in said
    assert "The game is no longer 16 deals (the first to 1500 points wins)" in said
    assert "balls" not in said
