"""Every registered bot plays only legal actions, in every shipped ruleset, through whole games.

Seeded loops (each bot in each seat, seeds fixed so that failures reproduce): the heuristic in whole
games; the Monte Carlo bot, on a small budget, in whole games of the smaller rulesets and in the first
deals of the others. Each bot is handed nothing but a SeatView.
"""

from __future__ import annotations

import random

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.view import SeatView
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.players import BOTS, make_bot

RULESETS = sorted(shipped_rulesets())
MAX_ACTIONS = 20_000


class Watched:
    """Wraps a bot: checks what it is given and what it answers."""

    def __init__(self, bot):
        self.bot = bot
        self.calls = 0

    def choose(self, view):
        assert type(view) is SeatView
        action = self.bot.choose(view)
        assert action in view.legal, f"{self.bot.name} chose {action}, legal: {view.legal}"
        self.calls += 1
        return action


def play(ruleset, bot_name: str, seed: int, max_deals: int | None = None, **options) -> GameState:
    game = GameState(ruleset, seed=seed)
    bots = [Watched(make_bot(bot_name, ruleset, seed=seed * 10 + s, **options)) for s in range(ruleset.seats)]
    n = 0
    while not game.is_over and (max_deals is None or len(game.deals) <= max_deals):
        n += 1
        assert n < MAX_ACTIONS
        seat = game.to_act
        game.apply(bots[seat].choose(game.view(seat)))
    assert all(b.calls > 0 for b in bots)
    return game


def test_the_registry_knows_the_bots():
    assert {"random", "heuristic", "montecarlo"} <= set(BOTS)
    r = shipped_ruleset("standard")
    assert make_bot("heuristic", r, seed=1).name == "heuristic"
    assert make_bot("montecarlo", r, seed=1, samples=3).samples == 3
    with pytest.raises(ValueError, match="known: .*heuristic"):
        make_bot("nobody", r)


@pytest.mark.parametrize("name", RULESETS)
def test_heuristic_plays_whole_games_legally(name):
    r = shipped_ruleset(name)
    for seed in (1, 2):
        game = play(r, "heuristic", seed)
        assert ended_as_the_rules_allow(game)


def ended_as_the_rules_allow(game) -> bool:
    """Over, with a winner or a tie the rules allow."""
    return game.is_over and (game.winner is not None or tie_the_rules_allow(game))


def tie_the_rules_allow(game) -> bool:
    """A game over with no winner is a tie only where the rules have one (match.py): after the last deal of a
    game of a number of deals, two sides or more level at the top (Oh Hell's four players can be)."""
    g, score = game.ruleset.game, game.score
    return (g.deals is not None and game.deals_played == g.deals and len(game.tied) >= 2
            and game.tied == tuple(t for t, s in enumerate(score) if s == max(score)))


def test_a_tie_the_rules_allow_is_an_ending_and_a_winnerless_game_elsewhere_is_not():
    # random play of Oh Hell, seed 57: the game ends 10-21-21-11, players 1 and 2 level at the top
    game = GameState(shipped_ruleset("oh-hell"), seed=57)
    rng = random.Random(57)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert (game.winner, game.tied, game.score) == (None, (1, 2), [10, 21, 21, 11])
    assert ended_as_the_rules_allow(game)
    unfinished = GameState(shipped_ruleset("oh-hell"), seed=57)
    assert not ended_as_the_rules_allow(unfinished)
    standard = GameState(shipped_ruleset("standard"), seed=1)
    standard.is_over = True  # (over with no winner: no tie in a game to a target)
    assert not ended_as_the_rules_allow(standard)


@pytest.mark.parametrize("name", RULESETS)
def test_montecarlo_plays_legally(name):
    r = shipped_ruleset(name)
    small = r.seats <= 4 and name not in ("nigerian-thuni",)
    game = play(r, "montecarlo", 3, max_deals=None if small else 2, samples=2)
    assert len(game.deals) >= 1
