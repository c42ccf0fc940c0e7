"""A Monte Carlo player: determinized sampling (perfect information Monte Carlo) over card play.

For a card to play, the bot samples deals consistent with everything its seat has seen
(:mod:`~thunee_dsl.players.knowledge`: its own hand, the cards played, the suits others have shown they
lack, the cards a Jodie or the turned-up trump card put in a hand, the hand sizes, the face-down cards
and the batches still to come), rebuilds each as a real game and replays the deal's history into it
(:mod:`~thunee_dsl.players.worlds`). Then, for every legal card, it plays the deal out in every sample
with the heuristic's card sense (optionally with some random moves, ``epsilon``) and keeps the card
with the best average result for its team (balls won less balls lost, plus a fraction of a ball for
card points). The same samples serve every candidate, so the comparison is like with like.

Other decisions (making trumps, calls, undertakings, Jodies, claims) are those of a table style's bot
(:class:`~thunee_dsl.players.styles.TableBot`, ``style``, ``typical`` by default), which already weighs
announcements by their expected balls over sampled deals.

Budget: ``samples`` deals per decision and ``playouts`` per sample and candidate; no wall-clock limit,
so the bot is deterministic given its seed (the random source of a decision is derived from the seed
and the view).

>>> from thunee_dsl import shipped_ruleset
>>> from thunee_dsl.game import GameState
>>> rules = shipped_ruleset("standard")
>>> game = GameState(rules, seed=4)
>>> bot = MonteCarloBot(rules, seed=1, samples=4)
>>> while game.legal_actions()[0].verb != "play":
...     _ = game.apply(bot.choose(game.view(game.to_act)))
>>> bot.choose(game.view(game.to_act)) in game.legal_actions()
True
"""

from __future__ import annotations

import random

from thunee_dsl.game.actions import Action
from thunee_dsl.game.view import SeatView
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.players.closed import hides_cards
from thunee_dsl.players.heuristic import decision_rng
from thunee_dsl.players.knowledge import Knowledge
from thunee_dsl.players.styles import TableBot
from thunee_dsl.players.worlds import Tracker, playout, replayed_worlds, utility


class MonteCarloBot:
    name = "montecarlo"
    skips_forced = True  # one legal action: that action, nothing drawn (players.decide)

    def __init__(self, ruleset: Ruleset, seed: int | None = None, samples: int = 12, playouts: int = 1,
                 epsilon: float = 0.0, tries: int = 6, style: str = "typical", **heuristic_options):
        self.ruleset = ruleset
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.samples = samples
        self.playouts = playouts
        self.epsilon = epsilon
        self.tries = tries
        self.heuristic = TableBot(ruleset, seed=self.seed, style=style, **{"name": "montecarlo", **heuristic_options})
        self.last_search: dict | None = None  # the averages of the last search (for inspection)

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        self.last_search = None
        if self.ruleset.hand_sizes:  # a hand size by deal: the heuristic's ruleset is this deal's
            self.heuristic.size_for(view)
            self.ruleset = self.heuristic.ruleset
        if len(legal) == 1 or any(a.verb != "play" for a in legal) or (self.heuristic.closed_trump and hides_cards(view)):
            return self.heuristic.choose(view)  # (a card played face down in sight: the card sense cannot sample it)
        try:
            k = Knowledge(self.ruleset, view)
        except Knowledge.Inconsistent:
            return self.heuristic.choose(view)
        default = self.heuristic.choose(view)
        scores = self.search(k, view, decision_rng(self.seed, view))
        if scores is None:
            return default
        return max(legal, key=lambda a: (round(scores[a], 9), a == default))

    def search(self, k: Knowledge, view: SeatView, rng: random.Random) -> dict | None:
        """Average worth per legal action over the sampled deals (None if no deal could be sampled): the one
        search loop of the sampling bots. Each bot says how many deals it samples here (:meth:`samples_for`)
        and what a sampled deal is worth after each action (:meth:`sample_values`); the same deals serve
        every action, so the comparison is like with like."""
        legal = view.legal
        team = self.ruleset.team_of(view.seat)
        n = self.samples_for(view)
        totals = dict.fromkeys(legal, 0.0)
        best_in = dict.fromkeys(legal, 0)  # in how many sampled deals each action is worth the most (the hint says it)
        found = 0
        for world, game in replayed_worlds(k, rng, n, n * self.tries):
            found += 1
            values = dict(self.sample_values(k, world, game, legal, team, rng))
            top = max(values.values())
            for a, v in values.items():
                totals[a] += v
                best_in[a] += v >= top - 1e-9
        if not found:
            self.last_search = None
            return None
        scores = {a: v / found for a, v in totals.items()}
        self.last_search = {"samples": found, "scores": scores, "best_in": best_in, **self.search_notes(view)}
        return scores

    def samples_for(self, view: SeatView) -> int:
        """How many deals the search samples for this decision."""
        return self.samples

    def search_notes(self, view: SeatView) -> dict:
        """What the search's record says besides the averages (how the deals were valued)."""
        return {}

    def sample_values(self, k: Knowledge, world, game, legal, team: int, rng: random.Random):
        """(action, worth) for each legal action in one sampled deal (``game``: replayed to this decision, and
        the bot's to use up): the average utility of ``playouts`` playouts by the heuristic's card sense."""
        base = Tracker(k, world)
        last = (len(legal) - 1, self.playouts - 1)
        for i, a in enumerate(legal):
            total = 0.0
            for p in range(self.playouts):
                # a copy of the replayed game for each playout (the last one uses the game itself)
                g = game if (i, p) == last else game.clone()
                tr = base.copy()
                g.apply(a)
                tr.observe(a)
                result = playout(k, world, g, tr, rng, self.epsilon)
                total += utility(result, team, self.ruleset)
            yield a, total / self.playouts
