"""What each choice of one decision is worth in balls, estimated from sampled deals.

:func:`expected_balls` draws deals consistent with what the seat knows (:func:`~thunee_dsl.players.worlds.sample_world`),
replays each to the decision (:func:`~thunee_dsl.players.worlds.replay`) and plays every choice out in it with the
playout policy (:func:`~thunee_dsl.players.worlds.playout`). The same deals serve every choice, so the choices are
compared like with like, and the work stops early once the decision is clear:

* a deal drawn again (late in a deal few layouts are left: before the last trick there are at most a handful)
  is counted again without being replayed or played out;
* with ``least=1`` (claims), sampling stops after the first deal if every other choice did worse than
  keeping quiet in it: a claim pays only when it holds in nearly every layout (it risks more than it
  gains), so one layout where it fails is enough to keep quiet;
* after ``least`` deals, and after every ``step`` more, the best choice is compared with the runner-up deal by
  deal; when their difference is more than ``clear`` standard errors from zero (or the same in every deal),
  or when no other choice is ahead of the first (keeping quiet) -- or trails it by more than one standard
  error --, sampling stops. Otherwise it goes on up to ``most`` deals.

Before any deal is drawn, a choice the cards already decide against is dropped (:func:`settled_against`): a
claim whose success needs its caller to win the last trick, asked of a seat whose last card cannot win it. When no choice but the first is left, nothing is sampled (None).

Each choice's worth is its mean :func:`~thunee_dsl.players.worlds.utility` (balls won less balls lost, plus a
fraction of a ball for card points); a style's appetite for risk adds ``risk`` times the spread (standard
deviation) of its results: negative shies away from gambles, positive seeks them.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable

from thunee_dsl.game.actions import Action
from thunee_dsl.players.knowledge import Knowledge
from thunee_dsl.players.worlds import Tracker, World, playout, replay, sample_world, utility


@dataclass
class Estimate:
    """The results of every choice, one per sampled deal (deals drawn twice counted twice)."""

    results: dict[Action, list[float]]
    deals: int  # distinct deals replayed
    draws: int  # deals drawn, duplicates included (failed draws not)

    def mean(self, a: Action) -> float:
        xs = self.results[a]
        return sum(xs) / len(xs)

    def spread(self, a: Action) -> float:
        xs = self.results[a]
        if len(xs) < 2:
            return 0.0
        m = sum(xs) / len(xs)
        return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))

    def worth(self, a: Action, risk: float = 0.0) -> float:
        return self.mean(a) + risk * self.spread(a)

    def edge(self, a: Action, b: Action) -> tuple[float, float]:
        """How much better ``a`` did than ``b``, deal by deal: the mean difference and its standard error."""
        diffs = [x - y for x, y in zip(self.results[a], self.results[b])]
        n = len(diffs)
        m = sum(diffs) / n
        if n < 2:
            return m, math.inf
        return m, math.sqrt(sum((d - m) ** 2 for d in diffs) / (n - 1) / n)

    def best(self, risk: float = 0.0, margin: float = 0.0) -> Action:
        """The choice of highest worth. The first choice (callers list the quiet one first) stays unless
        the best beats it by more than ``margin`` standard errors of their difference (a few sampled deals
        make a noisy estimate: acting on noise alone loses balls)."""
        options = list(self.results)
        top = max(options, key=lambda a: (round(self.worth(a, risk), 9), -options.index(a)))
        if margin and top is not options[0]:
            m, se = self.edge(top, options[0])
            gap = m + risk * (self.spread(top) - self.spread(options[0]))
            if gap <= margin * se:
                return options[0]
        return top


#: The condition of a claim's ``succeeds_if`` that the caller itself wins the last trick (a name of the
#: formulas' vocabulary, thunee_dsl.model.quantities).
CALLER_WINS_LAST = "caller.won_last_trick"


def conditions(formula) -> frozenset[str]:
    """The names a yes/no formula needs to be true: those standing alone among its conditions joined by
    ``and`` (``callers.tricks == tricks and caller.won_last_trick``: ``{caller.won_last_trick}``)."""
    return frozenset(c.name for c in formula.conditions() if c.name)


def _needing_last_trick(ruleset) -> frozenset[str]:
    return frozenset(c.verb for c in ruleset.claims if CALLER_WINS_LAST in conditions(c.succeeds_if))


def settled_against(k: Knowledge, action: Action) -> bool:
    """Does the seat know, from its own cards and the table, that ``action`` cannot succeed? True for a
    claim whose rule needs its caller to win the last trick, asked of a seat holding one card in the last
    trick, when that card cannot win it: a card already played to the trick beats it, or -- every card
    still out being in the other hands, all of them played to this trick -- one of those does (whoever
    holds it). Only with the trumps known to the seat and no undertaking (whose own rules may decide a trick)."""
    r = k.ruleset
    if action.verb not in r.cached("players.claims_needing_last_trick", _needing_last_trick):
        return False
    if k.undertaking is not None or k.trump is None or k.view.unseen \
            or k.tricks_done != r.tricks_per_deal - 1 or k.hand.bit_count() != 1:
        return False
    row = k.beats[k.trump]
    mine = k.hand.bit_length() - 1
    trick = [c for _, c in k.current_trick]
    best = trick[0] if trick else mine
    for c in trick[1:]:
        if (row[best] >> c) & 1:  # (how the engine judges a trick: the cards that beat the best so far)
            best = c
    if not (row[best] >> mine) & 1 and best != mine:
        return True  # already beaten
    best = mine
    if not (k.leftover or k.future_count or any(k.unseen_count) or any(k.face_down)):
        out = k.ruleset.deck.full_mask & ~k.hand & ~k.played_mask  # in the other hands: all played now
        return bool(out & row[best])
    return False


def _clear(est: Estimate, risk: float, clear: float) -> bool:
    options = list(est.results)
    if len(options) < 2:
        return True
    if est.draws == 1:
        # one deal (``least=1``: claims): a choice that did worse than keeping quiet in the first layout the
        # seat could draw is not worth more deals -- a claim pays only if it holds in nearly every layout
        return all(est.results[a][0] < est.results[options[0]][0] for a in options[1:])
    ranked = sorted(options, key=lambda a: est.worth(a, risk), reverse=True)
    m, se = est.edge(ranked[0], ranked[1])
    if se == 0.0 or abs(m) > clear * se:
        return True  # far apart, or the same difference in every deal drawn
    # every other choice behind keeping quiet (the first) by more than a standard error, or none ahead of it
    # at all: a few more deals would first have to turn the average round, and then beat keeping quiet by
    # the style's margin (Estimate.best), before one is worth the risk
    quiet = est.worth(options[0], risk)
    return all(m < -se or est.worth(a, risk) <= quiet
               for a, (m, se) in ((a, est.edge(a, options[0])) for a in options[1:]))


def expected_balls(k: Knowledge, options: list[Action], rng: random.Random | Callable[[], random.Random],
                   least: int = 4, most: int = 12, step: int = 4, clear: float = 2.0, risk: float = 0.0, tries: int = 4,
                   fits: Callable[[World], bool] | None = None, memo: dict | None = None) -> Estimate | None:
    """Each option's results over sampled deals (see the module docstring); None if no deal could be drawn
    or the cards leave no choice open but the first.
    ``rng``: the random source of the draws, or a function making it, called only once a deal is to be
    drawn (seeding one costs more than some decisions: those the cards settle draw none).
    ``fits``: whether a drawn deal agrees with what the other seats have said (a deal that does not is
    dropped, as one that does not replay to the decision is). ``memo``: the results of the deals played
    out so far for these options at this decision (a dict the caller passes again to a second call, so a
    deal drawn by both is played out once)."""
    open_ = options[:1] + [a for a in options[1:] if not settled_against(k, a)]
    if len(open_) < len(options):
        if len(open_) == 1:
            return None  # the cards decide: keeping quiet (the first choice), nothing to sample
        options = open_
    if not isinstance(rng, random.Random):
        rng = rng()  # (a deal is to be drawn now)
    team = k.ruleset.team_of(k.seat)
    results: dict[Action, list[float]] = {a: [] for a in options}
    est = Estimate(results, 0, 0)
    if memo is None:
        memo = {}
    target = least
    for _ in range(most * tries):
        if est.draws >= target:
            if est.draws >= most or _clear(est, risk, clear):
                break
            target = min(most, target + step)
        world = sample_world(k, rng)
        if world is None or (fits is not None and not fits(world)):
            continue
        key = (tuple(map(tuple, world.orders)), tuple(sorted(world.decl_suits.items())))
        got = memo.get(key)
        if got is None:
            game = replay(k, world)
            if game is None:
                continue
            base = Tracker(k, world)
            got = []
            for i, a in enumerate(options):
                g = game if i == len(options) - 1 else game.clone()  # each choice plays out its own copy
                tr = base.copy()
                g.apply(a)
                tr.observe(a)
                got.append(utility(playout(k, world, g, tr), team, k.ruleset))
            memo[key] = got
            est.deals += 1
        for a, u in zip(options, got):
            results[a].append(u)
        est.draws += 1
    return est if est.draws else None
