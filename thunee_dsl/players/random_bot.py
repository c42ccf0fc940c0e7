"""The simplest player: uniform over the legal actions of its view.

>>> from thunee_dsl import load_ruleset
>>> from thunee_dsl.game import GameState
>>> game = GameState(load_ruleset("standard"), seed=1)
>>> bot = RandomBot(seed=2)
>>> action = bot.choose(game.view(game.to_act))
>>> action in game.legal_actions()
True
"""

from __future__ import annotations

import random

from thunee_dsl.game.actions import Action
from thunee_dsl.game.view import SeatView


class RandomBot:
    """Chooses uniformly among ``view.legal``; ``speak`` is the chance of saying something
    optional (a call, an undertaking, a claim) instead of passing, when below 1."""

    name = "random"

    def __init__(self, seed: int | None = None, speak: float = 1.0):
        self.rng = random.Random(seed)
        self.speak = speak

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        if self.speak < 1.0 and legal[-1].verb == "pass" and self.rng.random() >= self.speak:
            return legal[-1]
        return legal[self.rng.randrange(len(legal))]
