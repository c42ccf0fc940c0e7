"""An unknown verb is answered with the verbs this ruleset has: Whist plays cards only, Oh Hell bids and plays,
Klaverjas names trumps and plays; none of them is offered the Thunee calling's 'trump, call, pass'. Every verb a
game offers a seat is among those named (random games of every shipped ruleset)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.errors import IllegalActionError, ThuneeDslError
from thunee_dsl.game import GameState
from thunee_dsl.game.families import offered_verbs
from thunee_dsl.game.transcript import replay_file

SHIPPED = sorted(p.stem for p in (Path(__file__).parents[2] / "rulesets").glob("*.yaml"))
TRANSCRIPTS = Path(__file__).parents[1] / "transcripts"


def verbs_offered_in_play(name: str, games: int = 8) -> set[str]:
    """The verbs of every choice offered to a seat in ``games`` random games."""
    ruleset, rng, seen = shipped_ruleset(name), random.Random(1), set()
    for seed in range(games):
        game, steps = GameState(ruleset, seed=seed), 0
        while not game.is_over and steps < 2000:
            steps += 1
            if game.deal.over:  # (a game of deals not dealt by themselves: the next deal now)
                game.start_deal()
            else:
                choices = game.legal_actions()
                seen.update(a.verb for a in choices)
                game.apply(rng.choice(choices))
    return seen


@pytest.mark.parametrize("name", SHIPPED)
def test_every_verb_a_game_offers_is_among_those_it_names(name):
    assert verbs_offered_in_play(name) <= set(offered_verbs(shipped_ruleset(name)))


@pytest.mark.parametrize("name, verbs", [
    ("whist", "play"),
    ("oh-hell", "play, bid"),
    ("klaverjas", "play, trump"),
    ("klaverjas-amsterdam", "play, trump"),
    ("euchre", "play, trump, pass, alone, order, discard"),
    ("304", "play, down, trump, pass, bid, partner, redeal, ask"),
    ("standard", "play, trump, call, pass, thunee, jodie, double, khanaak, marials"),
])
def test_an_unknown_verb_is_answered_with_the_verbs_of_the_game(name, verbs):
    game = GameState(shipped_ruleset(name), seed=2)
    seat = game.to_act
    with pytest.raises(IllegalActionError) as refused:
        game.apply(f"{seat} jump")
    assert f"unknown action 'jump' (this ruleset knows: {verbs})" in str(refused.value)


def test_a_transcript_with_an_unknown_verb_names_the_games_verbs(tmp_path):
    written = (TRANSCRIPTS / "whist" / "treble.yaml").read_text()
    first_play = next(line for line in written.splitlines() if " play " in line and line.strip().startswith("-"))
    changed = tmp_path / "treble.yaml"
    changed.write_text(written.replace(first_play, first_play.split(" play ")[0] + " jump", 1))  # "- 1 jump"
    with pytest.raises(ThuneeDslError) as refused:
        replay_file(changed)
    assert "this ruleset knows: play)" in str(refused.value)
