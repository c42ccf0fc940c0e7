"""Layer 5: players. A player sees only its seat's :class:`~thunee_dsl.game.view.SeatView`.

Every player has ``choose(view) -> Action``. Bots are found by name in :data:`BOTS`:

>>> from thunee_dsl import shipped_ruleset
>>> bot = make_bot("random", shipped_ruleset("standard"), seed=3)
>>> bot.name
'random'
"""

from __future__ import annotations

from thunee_dsl.players.expert import ExpertBot
from thunee_dsl.players.heuristic import HeuristicBot
from thunee_dsl.players.montecarlo import MonteCarloBot
from thunee_dsl.players.random_bot import RandomBot
from thunee_dsl.players.styles import STYLES, Style, TableBot

#: name -> factory ``(ruleset, seed, **options) -> player``
BOTS = {
    "random": lambda ruleset, seed=None, **options: RandomBot(seed=seed, **options),
    # today's fixed-threshold bot, kept for strength comparisons
    "heuristic": lambda ruleset, seed=None, **options: HeuristicBot(ruleset, seed=seed, **options),
    # the table styles: announcements weighed by expected balls, with a different appetite for risk
    **{name: (lambda name: lambda ruleset, seed=None, **options: TableBot(ruleset, seed=seed, style=name, **options))(name)
       for name in STYLES},
    "montecarlo": lambda ruleset, seed=None, **options: MonteCarloBot(ruleset, seed=seed, **options),
    # sampled deals solved double dummy for the last tricks' cards (players/expert.py)
    "expert": lambda ruleset, seed=None, **options: ExpertBot(ruleset, seed=seed, **options),
}

#: the bot simulations use unless told otherwise
DEFAULT_BOT = "typical"


def decide(player, game):
    """The action of the seat to act in ``game`` (a :class:`~thunee_dsl.game.GameState`), chosen by
    ``player`` from its seat's view. When only one action is legal and the player says its choice then is
    that action and costs it nothing (``skips_forced``: no random draw, nothing remembered), the action is
    taken without building the view or asking: about a third of a game's decisions."""
    if getattr(player, "skips_forced", False):
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
    return player.choose(game.view(game.to_act))


def make_bot(name: str, ruleset, seed: int | None = None, **options):
    """A bot by name for ``ruleset``; ValueError naming the known bots otherwise."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot '{name}' (known: {', '.join(sorted(BOTS))})") from None
    return factory(ruleset, seed=seed, **options)


__all__ = ["BOTS", "DEFAULT_BOT", "decide", "ExpertBot", "HeuristicBot", "MonteCarloBot", "RandomBot", "STYLES", "Style", "TableBot",
           "make_bot"]
