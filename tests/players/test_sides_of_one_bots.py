"""The bots with sides of one (issue 25, item 7a): every player for themselves, no partner to protect; a
`typical` player's exact bids against three random players in tests/game/rulesets/sides-of-one.yaml."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import make_bot

SIDES = Path(__file__).resolve().parents[1] / "game" / "rulesets" / "sides-of-one.yaml"


def test_a_typical_player_alone_beats_three_random_players():
    r = load_ruleset(str(SIDES))
    games, wins, mine, theirs = 24, 0, 0, 0
    for g in range(games):
        me = g % 4  # each seat in turn, each first dealer in turn
        bots = [make_bot("typical" if s == me else "random", r, seed=g * 10 + s) for s in range(4)]
        game = GameState(r, seed=g, dealer=g % 4)
        while not game.is_over:
            seat = game.to_act
            game.apply(bots[seat].choose(game.view(seat)))
        assert len(game.score) == 4 and (game.winner is not None or len(game.tied) > 1)
        wins += game.winner == me
        mine += game.score[me]
        theirs += sum(game.score) - game.score[me]
    # a seat chosen at random would win about a quarter of the games (6 of 24) and score a third of the others'
    assert wins >= 14 and mine > theirs / 3 * 2, (wins, mine, theirs)
