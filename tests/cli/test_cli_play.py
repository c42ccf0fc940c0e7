"""`thunee-dsl play`: a whole game in the terminal, the human's choices read from a script."""

from __future__ import annotations

from thunee_dsl import load_ruleset
from thunee_dsl.cli.play import play


def test_play_reaches_the_end_of_a_game_choosing_the_first_option():
    prompts, out = [], []

    def read(prompt):
        prompts.append(prompt)
        return "1"

    assert play(load_ruleset("standard"), seat=2, seed=5, read=read, write=out.append) == 0
    assert prompts, "the human seat was never asked"
    assert out[-1].startswith("== team ") and " wins the game" in out[-1]
    assert any(line.startswith("== deal over") for line in out)
    # only seat 2's own hand is ever shown as "your hand"
    assert all("you are seat 2" in line for line in out if line.startswith("-- deal"))


def test_play_accepts_an_action_by_name_and_rejects_nonsense_then_quits():
    answers = iter(["nonsense", "pass", "q"])
    out = []
    assert play(load_ruleset("standard"), seat=0, seed=1, read=lambda _: next(answers), write=out.append) == 0
    assert any("'nonsense' is not one of the choices" in line for line in out)
    assert out[-1] == "bye"


def test_play_ends_quietly_on_end_of_input():
    def read(_):
        raise EOFError

    out = []
    assert play(load_ruleset("standard"), seat=1, seed=2, read=read, write=out.append) == 0
    assert out[-1] == "bye"
