"""A seed is a whole number. ``random.Random`` also takes 7.0, "7", b"7" or 7.9 (each a different game from seed 7,
or silently seed 7 after an ``int()``): the library refuses them in words, and the command line says what it
expects."""

from __future__ import annotations

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.cli.main import main
from thunee_dsl.editor.formulas import sample_deal
from thunee_dsl.editor.playtest import Playtest
from thunee_dsl.game.state import GameState

NOT_WHOLE = [7.0, 7.9, "7", b"7", bytearray(b"7"), (7,), True, float("nan")]


@pytest.mark.parametrize("seed", NOT_WHOLE, ids=repr)
def test_the_library_takes_whole_numbers_only(seed):
    rules = shipped_ruleset("standard")
    for start in (lambda: GameState(rules, seed=seed), lambda: GameState.from_actions(rules, [], seed=seed),
                  lambda: Playtest.start(rules, seat=0, seed=seed), lambda: sample_deal(rules, seed=seed)):
        with pytest.raises(TypeError, match=r"^seed: expected a whole number \(or None for a new random game\), "
                                            f"got {type(seed).__name__} "):
            start()


@pytest.mark.parametrize("seed", [0, 7, -3, 2**70, None])
def test_whole_numbers_and_none_are_taken_and_a_seed_deals_the_same_cards(seed):
    rules = shipped_ruleset("standard")
    first, again = GameState(rules, seed=seed), GameState(rules, seed=seed)
    pt = Playtest.start(rules, seat=0, seed=seed)
    if seed is not None:
        assert first.deal.hands == again.deal.hands
        assert pt.seed == seed
    else:
        assert type(pt.seed) is int  # a new random seed, shown on the page


@pytest.mark.parametrize("text", ["1.5", "7.0", "0x10", "1_000", "seven", "1e3", ""])
def test_play_says_a_seed_is_a_whole_number(capsys, text):
    with pytest.raises(SystemExit) as stopped:
        main(["play", "standard", "--seed", text])
    assert stopped.value.code == 2
    assert f"argument --seed: expected a whole number such as 7, got '{text}'" in capsys.readouterr().err
