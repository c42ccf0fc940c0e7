"""The ``expert`` bot: sampled deals consistent with its seat's view, each solved double dummy for card play.

For a card, with at most ``solve_tricks`` tricks left to play, the bot samples deals that fit everything
its seat has seen (the Monte Carlo bot's sampler: :mod:`~thunee_dsl.players.knowledge`,
:func:`~thunee_dsl.players.worlds.replayed_worlds`), solves each with every hand known
(:mod:`~thunee_dsl.players.solver`: the worth its side can force after each legal card, every window
passed, on the Monte Carlo bot's scale: balls won less balls lost, plus half a ball for all the card points
taken over the others, :func:`~thunee_dsl.players.worlds.utility`) and plays the card with the best average; ties go to the card the table style would play. Earlier
in the deal, where a pure Python solve of many sampled deals would take seconds a card, it plays as the
Monte Carlo bot does (sampled deals played out by the heuristic's card sense). Announcements (trumps, calls,
undertakings, Jodies, claims) are the table style's (``style``, ``typical`` by default), weighed in expected
balls over sampled deals.

The bot is deterministic given its seed (its random source is derived from the seed and the view).

>>> from thunee_dsl import shipped_ruleset
>>> from thunee_dsl.game import GameState
>>> from thunee_dsl.players import decide, make_bot
>>> rules = shipped_ruleset("standard")
>>> game, others = GameState(rules, seed=4), make_bot("typical", rules, seed=2)
>>> while not (game.deal.is_play_turn() and len(game.deal.tricks) == 4 and len(game.legal_actions()) > 1):
...     _ = game.apply(decide(others, game))
>>> ExpertBot(rules, seed=1, solve_samples=3).choose(game.view(game.to_act)) in game.legal_actions()
True
"""

from __future__ import annotations

import random

from thunee_dsl.game.view import SeatView
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.players.knowledge import Knowledge
from thunee_dsl.players.montecarlo import MonteCarloBot
from thunee_dsl.game.deal import Deal
from thunee_dsl.game.scoring import score_deal
from thunee_dsl.players.solver import Objective, Solver
from thunee_dsl.players.worlds import utility


def worth(ruleset: Ruleset) -> tuple[Objective, int]:
    """The Monte Carlo bot's worth of a finished deal (players.worlds.utility) as a solver's objective, and
    its scale: the solver closes in on whole numbers, so the worth is solved times ``scale`` (the balls and
    the card points, or tricks, over the others: each a whole number there), and read back divided by it."""
    whole = ruleset.deck.total_points or ruleset.tricks_per_deal
    scale = 2 * max(1, whole) * max(1, ruleset.teams - 1)

    def value(deal: Deal, team: int) -> float:
        return round(utility(score_deal(deal), team, ruleset) * scale)

    return Objective("worth", value), scale


class ExpertBot(MonteCarloBot):
    """The Monte Carlo bot (its options: ``samples``, ``style`` ...) whose search, with at most ``solve_tricks``
    tricks left, solves sampled deals double dummy instead of playing them out: ``solve_samples`` of them in
    the last ``late_tricks`` tricks, ``early_samples`` before."""

    name = "expert"

    def __init__(self, ruleset: Ruleset, seed: int | None = None, solve_samples: int | None = None,
                 solve_tricks: int = 4, early_samples: int | None = None, late_tricks: int = 3, **options):
        super().__init__(ruleset, seed=seed, **options)
        # by default as many deals solved as the Monte Carlo bot plays out (``samples``, 12): with 4 solved
        # four tricks out and 8 in the last three, it took more card points than ``montecarlo`` but was
        # level in balls; with 12 it tops it in balls (docs/simulation.md, issue 27's sixth round)
        self.solve_samples = self.samples if solve_samples is None else solve_samples
        self.solve_tricks = solve_tricks
        # a solve costs more the more tricks are left (compiled, standard, every card of one deal: about 2 ms
        # with 3 left, 20 ms with 4, 100 ms with 5): fewer deals may be asked for before the last
        # ``late_tricks``
        self.early_samples = self.samples if early_samples is None else early_samples
        self.late_tricks = late_tricks

    def tricks_left(self, view: SeatView) -> int:
        return self.ruleset.tricks_per_deal - len(view.tricks)

    def solving(self, view: SeatView) -> bool:
        """Whether this card is chosen by solving the sampled deals (at most ``solve_tricks`` tricks left)."""
        return self.tricks_left(view) <= self.solve_tricks

    def samples_for(self, view: SeatView) -> int:
        if not self.solving(view):
            return self.samples
        return self.solve_samples if self.tricks_left(view) <= self.late_tricks else self.early_samples

    def search_notes(self, view: SeatView) -> dict:
        return {"solved": True} if self.solving(view) else {}

    def sample_values(self, k: Knowledge, world, game, legal, team: int, rng: random.Random):
        """The worth the seat's side can force after each legal card in the sampled deal, solved double dummy
        (every window passed; the Monte Carlo bot's scale: balls, and a fraction of a ball for the card
        points); earlier in the deal, the Monte Carlo bot's playouts."""
        if not self.solving(k.view):
            yield from super().sample_values(k, world, game, legal, team, rng)
            return
        objective, scale = worth(self.ruleset)
        solver = Solver(self.ruleset, objective)  # (a table for each deal: its hands differ)
        deal = game.deal
        for action in legal:
            child = deal.clone()
            child.apply_if_legal(action)
            value = solver.solve(child, team, line=False).value if not child.over else objective.value(child, team)
            yield action, value / scale


__all__ = ["ExpertBot"]
