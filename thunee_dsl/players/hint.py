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


#: The deals a hint solves with the most tricks left that it solves (the ``expert`` bot's ``early_samples``).
HINT_EARLY = 4


def hint(game, seat: int, samples: int = 8, seed: int = 0, words=None) -> Hint:
    """The hint for ``seat`` in ``game`` (a :class:`~thunee_dsl.game.GameState`), from its view alone.
    ``words(action)``: how an announcement is said in the reason (the app passes its buttons' words)."""
    return hint_from_view(game.ruleset, game.view(seat), samples, seed, words)


def hint_from_view(ruleset, view, samples: int = 8, seed: int = 0, words=None) -> Hint:
    """:func:`hint` from the seat's view itself (a snapshot: the app works it out in the background while the
    game goes on)."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    # (four tricks out, where a solve costs most, fewer deals: the hint answers within 0.3 s of the tap)
    bot = ExpertBot(ruleset, seed=seed, solve_samples=samples, samples=samples, early_samples=min(samples, HINT_EARLY))
    action = bot.choose(view)
    search = bot.last_search
    if action.verb != "play" or not search or len(search["scores"]) < 2:
        if len(view.legal) == 1:
            return Hint(action, "the only thing you may do now")
        weighed = getattr(bot.heuristic, "last_estimate", None)  # (the style's weighing, if this one was weighed)
        if action.verb != "play" and weighed is not None and action in weighed.results and len(weighed.results) > 1:
            return Hint(action, announcement_reason(ruleset, weighed, action, words))
        return Hint(action, f"what a typical player would choose here, weighing the {ruleset.unit.plural} it is "
                            "expected to bring over deals you could be facing")
    scores = search["scores"]
    best, n = scores[action], search["samples"]
    runner, second = max(((a, v) for a, v in scores.items() if a != action), key=lambda av: av[1])
    how = "solved with every card placed" if search.get("solved") else "played out"
    facing = f"over {n} deals you could be facing ({how})"
    if best - second < 0.005:  # as good as the next card: say so, not "0.0 more"
        return Hint(action, f"{facing}, the {action.arg} and the {runner.arg} do equally well; between them a "
                            f"typical player plays the {action.arg}")
    wins = search.get("best_in", {}).get(action)
    often = f"the {action.arg} does best in {wins} of {n}, and " if wins is not None else f"the {action.arg} "
    # (the bots' worth: the game's unit won less lost, the card points or tricks over the others a fraction of one)
    return Hint(action, f"{facing}, {often}brings {best - second:.2f} {unit_words(ruleset)} more on average "
                        f"than the {runner.arg}")


def announcement_reason(ruleset, weighed, action, words=None) -> str:
    """An announcement weighed by the table style (:class:`~thunee_dsl.players.expected.Estimate`: the balls
    each choice brought in each deal you could be facing, played out), the chosen one first."""
    say = words or (lambda a: f"{a.verb} {a.arg}" if a.arg is not None else a.verb)
    unit = ruleset.unit.plural
    others = sorted((a for a in weighed.results if a != action), key=weighed.mean, reverse=True)
    said = "; ".join(f"{say(a).lower()} {weighed.mean(a):+.2f}" for a in others)
    reason = (f"over {weighed.deals} deals you could be facing (played out), {say(action).lower()} brings "
              f"{weighed.mean(action):+.2f} {unit} on average; {said}")
    if others and weighed.mean(others[0]) > weighed.mean(action):
        # (the style keeps to the quiet choice unless another beats it clearly: Estimate.best's margin)
        reason += (f" ({say(others[0]).lower()} is not clearly better over so few deals, and a typical player "
                   f"changes only for a clear margin)")
    return reason


def unit_words(ruleset) -> str:
    """The unit the hint weighs in: the game's own (balls, points), the card points counted as a part of one."""
    plural = ruleset.unit.plural
    return plural if not ruleset.deck.total_points else f"{plural} (the card points counted in)"

__all__ = ["Hint", "announcement_reason", "hint", "hint_from_view", "unit_words"]
