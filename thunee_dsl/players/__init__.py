"""Layer 5: players. A player sees only its seat's :class:`~thunee_dsl.game.view.SeatView`.

Every player has ``choose(view) -> Action``. Bots are found by name in :data:`BOTS`:

>>> from thunee_dsl import shipped_ruleset
>>> bot = make_bot("random", shipped_ruleset("standard"), seed=3)
>>> bot.name
'random'
"""

from __future__ import annotations

from thunee_dsl.players.heuristic import HeuristicBot
from thunee_dsl.players.montecarlo import MonteCarloBot
from thunee_dsl.players.random_bot import RandomBot

#: name -> factory ``(ruleset, seed, **options) -> player``
BOTS = {
    "random": lambda ruleset, seed=None, **options: RandomBot(seed=seed, **options),
    "heuristic": lambda ruleset, seed=None, **options: HeuristicBot(ruleset, seed=seed, **options),
    # the heuristic taking risks: calls to make trumps on less, undertakings that win most sampled deals
    "bold": lambda ruleset, seed=None, **options: HeuristicBot(
        ruleset, seed=seed, **{"call_threshold": 1.9, "call_step": 0.25, "undertake_odds": 0.6, "name": "bold", **options}),
    "montecarlo": lambda ruleset, seed=None, **options: MonteCarloBot(ruleset, seed=seed, **options),
}


def make_bot(name: str, ruleset, seed: int | None = None, **options):
    """A bot by name for ``ruleset``; ValueError naming the known bots otherwise."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot '{name}' (known: {', '.join(sorted(BOTS))})") from None
    return factory(ruleset, seed=seed, **options)


__all__ = ["BOTS", "HeuristicBot", "MonteCarloBot", "RandomBot", "make_bot"]
