"""A hint for one seat, from its view only: the action a strong player would choose, and why, in words.

The seat's view is all that is read (``game.view(seat)``): the hidden cards are never looked at. For a card,
deals consistent with the view are sampled and scored as the ``expert`` bot scores them (solved double dummy
in the last tricks, played out by the heuristic's card sense earlier); the reason says the average and the
margin over the next best card. Other decisions (trumps, calls, undertakings, claims, Jodies) are the table
style's, weighed in expected balls.

>>> from thunee_dsl import shipped_ruleset
>>> from thunee_dsl.game import GameState
>>> game = GameState(shipped_ruleset("standard"), seed=4)
>>> h = hint(game, game.to_act, samples=3)
>>> h.action in game.legal_actions() and bool(h.reason)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from thunee_dsl.game.actions import Action
from thunee_dsl.players.expert import ExpertBot


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str


def hint(game, seat: int, samples: int = 8, seed: int = 0) -> Hint:
    """The hint for ``seat`` in ``game`` (a :class:`~thunee_dsl.game.GameState`), from its view alone."""
    view = game.view(seat)
    if not view.legal:
        raise ValueError(f"seat {seat} has nothing to do now")
    bot = ExpertBot(game.ruleset, seed=seed, solve_samples=samples, samples=samples)
    action = bot.choose(view)
    search = bot.last_search
    if action.verb != "play" or not search or len(search["scores"]) < 2:
        if len(view.legal) == 1:
            return Hint(action, "the only thing you may do now")
        return Hint(action, "what a typical player would choose here, weighing the balls it is expected to bring "
                            "over deals you could be facing")
    scores = search["scores"]
    best = scores[action]
    runner, second = max(((a, v) for a, v in scores.items() if a != action), key=lambda av: av[1])
    how = "solved with every card placed" if search.get("solved") else "played out"
    unit = "on the bots' scale of balls and points"  # (solved or played out: the same worth, see players.expert)
    margin = best - second
    return Hint(action, f"over {search['samples']} deals you could be facing ({how}), the {action.arg} brings "
                        f"{best:.1f} {unit} on average: {margin:.1f} more than the {runner.arg}")


__all__ = ["Hint", "hint"]
