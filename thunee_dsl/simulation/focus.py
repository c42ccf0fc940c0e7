"""Focused replays: what a rule that rarely fires changes, estimated where it can fire.

A rule such as "a Thunee caught by the caller's partner costs 6 balls" is forced by the cards: in 200 games
the bots call about a hundred Thunees and a partner catch happens perhaps once, so a comparison game by game
cannot see it (a paired interval needs at least four such deals, all one way, and the games drift apart
after them). Making partners blunder would be the wrong fix; the rule needs more deals in which it *can*
fire. So (a stratified estimate):

1. The rule's *parent announcement* is read from its path (:func:`parent_of`): ``undertakings.NAME.*``
   needs NAME called, ``claims.NAME.*`` NAME claimed, ``declarations.NAME.*`` NAME declared,
   ``calling.*`` a call, ``bidding.*`` a bid. Without it the rule cannot fire.
2. Every deal of the first ruleset's games in which the parent was announced is set up again just before
   the announcement (the workers keep each deal's opening: :class:`~thunee_dsl.simulation.play.Opening`).
3. Each replay deals again the cards the announcer has not seen, consistently with what it has seen
   (:func:`~thunee_dsl.players.worlds.sample_world`, replayed to the announcer's decision by
   :func:`~thunee_dsl.players.worlds.replay`), makes the announcement, and lets the comparison's bots play
   the deal out under ruleset A. The same actions are then replayed under B
   (:func:`~thunee_dsl.game.replay.advance_to`); where B refuses one, B's bots play on from there.
4. Each replay gives a paired difference of balls, B - A, for the announcer's team and for the others;
   replays go on (seeded, in batches, so the numbers are the same whatever the number of processes) until the
   rule has changed the balls :data:`ENOUGH` times, or :data:`EARLY` times every time the same way, or the
   budget (:data:`MAX_REPLAYS`, :data:`SECONDS`) is spent. The mean per announcement (a t interval over the replays, zeros included) times the
   announcement's rate in the games is the effect per deal.
"""

from __future__ import annotations

import os
import random
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Sequence

from thunee_dsl.errors import IllegalActionError
from thunee_dsl.game.replay import advance_to, close_windows, pass_until
from thunee_dsl.game.state import GameState
from thunee_dsl.game.tables import tables as engine_tables
from thunee_dsl.model.ruleset import BALLS, Ruleset, Unit, unit_of_difference
from thunee_dsl.players import make_bot
from thunee_dsl.players.knowledge import Knowledge
from thunee_dsl.players.mistakes import Mistakes
from thunee_dsl.players.worlds import forget_positions, replay as replay_world, sample_world
from thunee_dsl.simulation.analysis import fired
from thunee_dsl.simulation.play import GameRecord, deal_row, derive_seed, play_deal_out
from thunee_dsl.simulation.stats import Estimate, mean_interval

#: Replays stop once the rule has changed the balls this many times: with every change one way, the mean
#: over n replays is k d / n and its standard error about d sqrt(k) / n, so the interval leaves out zero from
#: k = 4 on; twice that leaves room for replays that go the other way.
ENOUGH = 8
#: ... or once it has changed them this many times, every time the same way for each team (a partner catch
#: costs the opponents 2 balls less every time): six changes alike in sign by chance alone, were the rule
#: as likely to move the balls one way as the other, have probability 2 / 2**6 = 1/32, so stopping there
#: does not make chance look like a difference more often than the 95% interval allows (with four, 1/8 would).
EARLY = 6
#: The budget: at most this many replays. A time budget (no new batch after so many seconds) is there on
#: request only: by default the numbers depend on the inputs alone, never on how fast the machine is.
MAX_REPLAYS = 3000
#: The most replays one may ask for (some minutes of work a rule): more would look like a hang.
MOST_REPLAYS = 1_000_000
SECONDS = None
#: Replays are run and counted in batches of this many: the stopping rule looks only at whole batches, so
#: the numbers do not depend on how a batch is shared among processes (a time budget spent aside).
BATCH = 100
#: Replays in one task sent to a worker process: a batch is cut in a few, and a few more than the workers
#: are kept queued (the next batch's too), so no worker waits for the others at the end of each batch.
TASKS_A_WORKER_A_BATCH = 2
#: Draws of the unseen cards tried for one replay before it is given up.
DRAWS = 8
#: A changed rule that decided fewer deals than this in the games is replayed where it can happen. Four deals
#: are the least from which a paired difference over games could show (coverage.FEWEST_TO_SHOW); but a rule
#: that decided 10 of 36,000 deals (a partner catch in 2,000 games) still moves no figure of the games, and a
#: verdict that named it at 200 games and forgot it at 2,000 was about the run's size, not the rule. From
#: this many deals on the games say what it did in the deals it decided (analysis.rule_in_games).
FOCUS_BELOW = 30


@dataclass(frozen=True)
class Parent:
    """The announcement without which a rule cannot fire."""

    kind: str  # "undertaking", "claim", "declaration", "call" or "bid"
    name: str | None  # the undertaking's, claim's or declaration's key
    title: str  # "Thunee", "Khanaak", ...; "call", "bid"
    verbs: frozenset[str]  # the actions that make it (in the first ruleset)

    @property
    def made(self) -> str:
        """The announcement, made: "a Thunee called"."""
        said = {"undertaking": "called", "claim": "claimed", "declaration": "declared", "call": "made",
                "bid": "made"}[self.kind]
        return f"{article(self.title)} {self.title} {said}"

    @property
    def maker(self) -> str:
        """Who makes it: "caller"."""
        return {"undertaking": "caller", "claim": "claimer", "declaration": "declarer", "call": "caller",
                "bid": "bidder"}[self.kind]

    def to_json(self) -> dict:
        return {"kind": self.kind, "name": self.name, "title": self.title}


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


SECTIONS = {"undertakings": ("undertaking", "undertakings"), "claims": ("claim", "claims"),
            "declarations": ("declaration", "declarations")}


def parent_of(path: str | Sequence, a: Ruleset, b: Ruleset | None = None) -> tuple[Parent | None, str | None]:
    """The parent announcement of the rule at ``path`` (a ruleset data path, dotted or as parts) as played
    under ``a`` -- or None and why there is none."""
    parts = [str(p) for p in (path.split(".") if isinstance(path, str) else path)]
    section = parts[0] if parts else ""
    if section in SECTIONS:
        kind, attribute = SECTIONS[section]
        if len(parts) < 2:
            return None, f"the whole of {section} changes: no one announcement comes before it"
        item = next((x for x in getattr(a, attribute) if x.name == parts[1]), None)
        if item is None:
            return None, (f"{a.name} has no {parts[1]} {kind}: it never happens in A's games, so there is "
                          "nothing to replay")
        return Parent(kind, item.name, item.title, frozenset({item.verb})), None
    if section in ("calling", "bidding") and len(parts) < 2:
        return None, f"the whole of {section} changes: the games of each ruleset are all there is to compare"
    if section == "calling":
        if a.calling is None:
            return None, f"{a.name} has no calling: there is no call to replay"
        return Parent("call", None, "call", frozenset({"call"})), None
    if section == "bidding":
        if a.bidding is None:
            return None, f"{a.name} has no bidding: there is no bid to replay"
        return Parent("bid", None, "bid", frozenset({"bid"})), None
    if section == "penalties":
        return None, "an offence follows no announcement: only mistakes make a penalty fire"
    return None, "no announcement comes before it: only more games can show it"


@dataclass(frozen=True)
class Spot:
    """A deal of the games set up again just before the parent announcement."""

    game: int
    deal: int
    dealer: int
    score: tuple[int, ...]
    raised: bool
    after_deuce: bool
    hands: tuple[tuple[str, ...], ...]
    before: tuple[str, ...]  # the actions before the announcement
    announcement: str
    undealt: tuple[str, ...] = ()  # the cards left after the deal, in order (the first may be the turn-up)


def spots(games: Sequence[GameRecord], parent: Parent) -> list[Spot]:
    """Every deal of ``games`` in which the parent was announced (its first time in the deal)."""
    out = []
    for g in games:
        for k, row in enumerate(g.deals):
            o = row.opening
            if o is None:
                continue
            for j, text in enumerate(o.actions):
                if text.split()[1] in parent.verbs:
                    out.append(Spot(g.index, k, row.dealer, o.score_before, o.raised, o.after_deuce, o.hands,
                                    o.actions[:j], text, o.undealt))
                    break
    return out


@dataclass(frozen=True)
class Replay:
    """One focused replay: balls B - A for the announcer's team and for the others."""

    own: int
    others: int
    fired: bool  # the rule's counters fired under A or B
    changed: bool  # the balls differ
    played_b: bool  # B refused one of A's actions and its bots played on


def new_game(r: Ruleset, spot: Spot, orders) -> GameState:
    game = GameState(r, seed=0, dealer=spot.dealer, score=spot.score, auto_deal=False)
    game.raised, game.after_deuce = spot.raised, spot.after_deuce
    game.start_deal([list(o) for o in orders], [r.deck.card(c) for c in spot.undealt][:r.undealt])
    return game


def orders_of(r: Ruleset, spot: Spot) -> list[list[int]]:
    names = r.deck.names
    return [[names.index(c) for c in hand] for hand in spot.hands]


class Replayer:
    """Replays of one rule, A against B, in one process (a worker's, or the caller's)."""

    def __init__(self, a: Ruleset, b: Ruleset, bots_a, bots_b, seed: int, path: str, counters, spots_,
                 mistakes: float = 0.0):
        self.a, self.b, self.bots_a, self.bots_b = a, b, bots_a, bots_b
        self.seed, self.path, self.counters, self.spots = seed, path, frozenset(counters), spots_
        self.mistakes = mistakes
        self._known: dict[int, tuple[Knowledge, object] | None] = {}

    def knowledge(self, i: int):
        """The announcer's knowledge just before announcing in spot ``i`` and the announcement (None: the
        deal cannot be set up again there)."""
        if i not in self._known:
            spot = self.spots[i]
            t = engine_tables(self.a)
            try:
                game = new_game(self.a, spot, orders_of(self.a, spot))
                for text in spot.before:
                    game.apply(t.parsed(text))
                action = t.parsed(spot.announcement)
                ok = game.to_act == action.seat and action in game.legal_actions()
                self._known[i] = (Knowledge(self.a, game.view(action.seat)), action) if ok else None
            except Exception:  # noqa: BLE001 - a deal that does not set up again is left out, and counted
                self._known[i] = None
        return self._known[i]

    def one(self, number: int) -> Replay | None:
        """Replay number ``number`` (spot ``number % spots``); None if no draw of the cards fits."""
        spot_index = number % len(self.spots)
        known = self.knowledge(spot_index)
        if known is None:
            return None
        k, action = known
        # each replay from a clean start: a position kept from the replay before (worlds.replay's cache, also
        # the bots') would make this one depend on which replays a process ran before it
        forget_positions()
        rng = random.Random(derive_seed(self.seed, "focus", self.path, number))
        game = None
        for _ in range(DRAWS):
            world = sample_world(k, rng)
            game = replay_world(k, world) if world is not None else None
            if game is not None and action in game.legal_actions():
                break
            game = None
        if game is None:
            return None
        game.apply(action)
        self.play_out(game, self.a, self.bots_a, number)
        first = game.deals[-1]
        other = new_game(self.b, self.spots[spot_index], world.orders)
        played_b = False
        for a in first.actions:
            if not self.follow(other, a):
                played_b = True
                break
        if not played_b:
            close_windows(other)
        if other.deals[-1].result is None:
            played_b = True
            self.play_out(other, self.b, self.bots_b, number)
        forget_positions()
        ra, rb = first.result, other.deals[-1].result
        own = self.a.team_of(action.seat)
        fired_here = bool(self.counters & (fired(deal_row(game)) | fired(deal_row(other))))
        d = [y - x for x, y in zip(ra.balls, rb.balls)]
        return Replay(d[own], sum(d) - d[own], fired_here, tuple(ra.balls) != tuple(rb.balls), played_b)

    def follow(self, game: GameState, action) -> bool:
        """Apply under B an action played under A; False if B will not have it (its bots play on then)."""
        if game.offence_of(action) is None:
            try:
                game.apply(action)  # (the same windows under B: the passes recorded under A are B's too)
                return True
            except IllegalActionError:
                pass
        if self.mistakes:  # A's actions may be offences: replayed as a transcript is, offences and all
            return advance_to(game, action) is not None
        # an offence under B, or not yet legal: pass in B's open windows until it is legal, if ever (what
        # A's bots did legally, B must not score as an offence)
        if not pass_until(game, lambda legal: action in legal):
            return False
        game.apply(action)
        return True

    def play_out(self, game: GameState, r: Ruleset, bots, number: int) -> None:
        players = [make_bot(bots[s], r, seed=derive_seed(self.seed, "focus", self.path, number, s))
                   for s in range(r.seats)]
        slips = Mistakes(self.mistakes, derive_seed(self.seed, "focus", self.path, number, "mistakes")) \
            if self.mistakes else None
        play_deal_out(game, players, slips)


def replay_range_timed(task: tuple) -> tuple[int, float, list[Replay | None]]:
    """:func:`replay_range`, with the worker's process id and the CPU seconds it took."""
    begun = time.process_time()
    out = replay_range(task)
    return os.getpid(), time.process_time() - begun, out


def replay_range(task: tuple) -> list[Replay | None]:
    """Replays ``start .. stop - 1`` (a worker's share of a batch): the rulesets come as specs."""
    from thunee_dsl.simulation.runner import compiled

    specs, bots_a, bots_b, seed, path, counters, spots_, mistakes, start, stop = task
    a, b = compiled(specs[0]), compiled(specs[1])
    key = (specs[0].key, specs[1].key, tuple(bots_a), tuple(bots_b), seed, path, mistakes)
    replayer = _REPLAYERS.get(key)
    if replayer is None or replayer.spots != spots_:
        _REPLAYERS.clear()
        replayer = _REPLAYERS[key] = Replayer(a, b, bots_a, bots_b, seed, path, counters, spots_, mistakes)
    return [replayer.one(n) for n in range(start, stop)]


_REPLAYERS: dict = {}  # per worker process: the last rule's replayer (its spots' knowledge is kept)


@dataclass
class Focused:
    """What focused replays found for one rule that differs (:mod:`thunee_dsl.simulation.focus`)."""

    change: str  # the difference in words
    path: str
    parent: Parent | None
    reason: str | None  # why there were no replays (no parent, or no parent in the games)
    deals: int = 0  # deals of A's games
    decided: int = 0  # deals the rule decided in the games (the most under one ruleset)
    parents: int = 0  # deals of A's games with the parent announced
    replays: int = 0
    failed: int = 0  # replays given up: no draw of the unseen cards led to the same announcement
    fired: int = 0  # replays in which the rule fired (under A or B)
    changed: int = 0  # replays whose balls differ
    played_b: int = 0  # replays in which B's bots played on (B refused one of A's actions)
    own: Estimate | None = None  # per announcement: B - A for the announcer's team
    others: Estimate | None = None  # ... and for the other team(s)
    own_changed: float | None = None  # mean B - A over the replays that changed, announcer's team
    others_changed: float | None = None
    own_each: tuple[int, ...] = ()  # the different B - A seen where the balls changed, announcer's team
    others_each: tuple[int, ...] = ()
    stopped: str = ""  # "enough", "replays" (count budget), "time" (time budget), "none"
    unit: Unit = BALLS  # what the score B - A counts, in the rulesets' words (game.unit)
    seconds: float = 0.0
    max_replays: int = MAX_REPLAYS
    budget_seconds: float | None = SECONDS
    a: str = ""  # the rulesets' names
    b: str = ""
    sides_of_one: bool = False  # each player a side of its own (Oh Hell): "the bidder", not "the bidder's team"

    @property
    def rate(self) -> float:
        """Announcements per deal in the games."""
        return self.parents / self.deals if self.deals else 0.0

    def per_deal(self, e: Estimate | None) -> Estimate | None:
        """An effect per announcement as an effect per deal (times the announcement's rate in the games)."""
        if e is None or e.value is None:
            return None
        k = self.rate
        return Estimate(round(e.value * k, 6), None if e.low is None else round(e.low * k, 6),
                        None if e.high is None else round(e.high * k, 6), e.n, e.method)

    @property
    def main(self) -> tuple[str, Estimate | None, float | None]:
        """The role the rule moves most: ("others" or "own", its estimate, its mean change when it changed)."""
        if self.own is None or self.others is None:
            return "others", self.others, self.others_changed
        if abs(self.own.value or 0) > abs(self.others.value or 0):
            return "own", self.own, self.own_changed
        return "others", self.others, self.others_changed

    @property
    def clear(self) -> bool:
        _, e, _ = self.main
        return e is not None and e.low is not None and (e.low > 0 or e.high < 0)

    def role_words(self, role: str) -> str:
        if self.parent is None:
            return ("the player" if self.sides_of_one else "the team") if role == "own" else "the others"
        if self.sides_of_one:  # (each player a side of its own: Oh Hell)
            return f"the {self.parent.maker}" if role == "own" else "the other players"
        return f"the {self.parent.maker}'s team" if role == "own" else f"the {self.parent.maker}'s opponents"

    @property
    def per(self) -> str:
        """"Thunee called", "Khanaak claimed", "call made"."""
        return self.parent.made.split(" ", 1)[1] if self.parent is not None else ""

    def words(self) -> str:
        """The finding in a card player's words (said after the change itself)."""
        if self.parent is None or not self.parents:
            why = self.reason or "it needs an announcement that never happened in the games"
            return f"Focused replays could not make it come into play: {why}."
        p = self.parent
        lead = (f"It decided {self.decided:,} of the {self.deals:,} deals of A's games. "
                f"In {self.replays:,} replays of the {self.parents:,} deals with {p.made} in the games (the cards "
                f"the {p.maker} had not seen dealt again)")
        if not self.changed:
            if self.fired:
                return (f"{lead}, the rule came into play {times_said(self.fired)} but never changed the "
                        f"{self.unit.plural}.")
            return (f"{lead}, the rule never came into play: it needs what the cards seldom give"
                    + (" (stopped by the time budget)." if self.stopped == "time" else "."))
        return f"{self.replayed()}: {self.finding()}"

    def replayed(self) -> str:
        """What was replayed and how often the rule changed the score (once it did)."""
        p = self.parent
        return (f"It decided {self.decided:,} of the {self.deals:,} deals of A's games. In {self.replays:,} replays of "
                f"the {self.parents:,} deals with {p.made} in the games (the cards the {p.maker} had not seen "
                f"dealt again), the rule came into play {times_said(self.fired)} and changed the {self.unit.plural} "
                f"{times_said(self.changed)}")

    def finding(self) -> str:
        """What it does, with its intervals (once it changed the score)."""
        role, e, each = self.main
        text = ""
        if each:
            same = len(self.own_each if role == "own" else self.others_each) == 1
            text = (f"under B {self.role_words(role)} {self.unit.verb} {balls_said(each, self.unit)} "
                    + ("each time. " if same else "on average when it did. "))
        per = self.per_deal(e)
        text += (f"Per {self.per}: {signed(e.value)} {self.unit.plural} to {self.role_words(role)} "
                 f"({interval_said(e)}); "
                 f"per deal ({self.parent.made} in {self.parents:,} of {self.deals:,} deals): {signed(per.value)} "
                 f"({interval_said(per)}).")
        if not self.clear:
            text += " That could still be chance."
        if self.stopped == "time":
            text += f" (Stopped by the time budget, {self.budget_seconds:.1f} s.)"
        return text

    def to_json(self) -> dict:
        def est(e):
            return None if e is None else e.to_json()

        return {
            "change": self.change, "path": self.path, "a": self.a, "b": self.b, "parent": None if self.parent is None else self.parent.to_json(),
            "reason": self.reason, "deals": self.deals, "decided": self.decided, "parents": self.parents,
            "replays": self.replays, "failed": self.failed, "fired": self.fired, "changed": self.changed,
            "played_b": self.played_b, "own": est(self.own), "others": est(self.others),
            "own_per_deal": est(self.per_deal(self.own)), "others_per_deal": est(self.per_deal(self.others)),
            "own_changed": self.own_changed, "others_changed": self.others_changed,
            "own_each": list(self.own_each), "others_each": list(self.others_each), "clear": self.clear,
            "stopped": self.stopped,  # (not the seconds taken: the same inputs give the same JSON)
            "budget": {"replays": self.max_replays, "seconds": self.budget_seconds, "enough": ENOUGH},
            "words": self.words(),
        }


def times_said(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n:,} times"


def balls_said(x: float, unit: Unit = BALLS) -> str:
    """A difference of score as a player says it: "2 balls more", "1 point less" (in the ruleset's unit)."""
    n = abs(x)
    amount = f"{n:g}" if n == int(n) else f"{n:.2f}"
    return f"{amount} {unit.word(n)} {'more' if x > 0 else 'less'}"


def signed(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:+.4f}" if abs(x) < 0.01 else f"{x:+.3f}"


def interval_said(e: Estimate | None) -> str:
    if e is None or e.low is None:
        return "no interval"
    return f"95%: {signed(e.low)} to {signed(e.high)}"


def focus_rule(a: Ruleset, b: Ruleset, games: Sequence[GameRecord], path: str, change: str, counters,
               bots_a, bots_b, seed: int, decided: int = 0, jobs: int = 1, mistakes: float = 0.0,
               max_replays: int = MAX_REPLAYS, seconds: float | None = SECONDS, pool=None, times=None,
               between=None) -> Focused:
    """Focused replays of the rule at ``path`` (B against A) from the deals of A's ``games`` in which its
    parent was announced. ``seconds`` None: no time budget (the numbers then depend only on the inputs).
    ``times``: a :class:`~thunee_dsl.simulation.runner.Times` to count the replays' CPU in."""
    deals = sum(len(g.deals) for g in games)
    parent, reason = parent_of(path, a, b)
    out = Focused(change, path, parent, reason, deals=deals, decided=decided, max_replays=max_replays,
                  budget_seconds=seconds, a=a.name, b=b.name, unit=unit_of_difference(a.unit, b.unit),
                  sides_of_one=a.sides_of_one)
    if parent is None:
        out.stopped = "none"
        return out
    found = spots(games, parent)
    out.parents = len(found)
    if not found:
        out.stopped = "none"
        out.reason = f"no deal of the {len(games)} games of A had {parent.made}"
        return out
    started = time.monotonic()
    results: list[Replay] = []
    changed = 0
    out.stopped = "replays"
    if jobs > 1 and pool is not None:
        from thunee_dsl.simulation.runner import RulesetSpec

        specs = (RulesetSpec.of(a), RulesetSpec.of(b))
        task = (specs, bots_a, bots_b, seed, path, tuple(counters), found, mistakes)
        batches = _batches_on(pool, jobs, task, max_replays, times)
    else:
        batches = _batches_here(Replayer(a, b, bots_a, bots_b, seed, path, counters, found, mistakes), max_replays,
                                times)
    done = 0
    try:
        for batch in batches:
            done += len(batch)
            for r in batch:
                if r is None:
                    out.failed += 1
                else:
                    results.append(r)
                    changed += r.changed
            if done >= min(len(found), max_replays) and settled(results, changed):
                out.stopped = "enough"
                break
            if seconds is not None and time.monotonic() - started > seconds:
                out.stopped = "time"
                break
            if between is not None:
                between()
    finally:
        batches.close()  # (the batches sent ahead to the workers are dropped)
    out.seconds = time.monotonic() - started
    out.replays = len(results)
    out.fired = sum(r.fired for r in results)
    out.changed = changed
    out.played_b = sum(r.played_b for r in results)
    if results:
        out.own = mean_interval([r.own for r in results])
        out.others = mean_interval([r.others for r in results])
        moved = [r for r in results if r.changed]
        if moved:
            out.own_changed = round(sum(r.own for r in moved) / len(moved), 6)
            out.others_changed = round(sum(r.others for r in moved) / len(moved), 6)
            out.own_each = tuple(sorted({r.own for r in moved}))
            out.others_each = tuple(sorted({r.others for r in moved}))
    return out


def settled(results: Sequence[Replay], changed: int) -> bool:
    """Enough replays (whole batches only, so the numbers do not depend on the processes): the rule has changed
    the balls :data:`ENOUGH` times, or :data:`EARLY` times each the same way for each team."""
    if changed >= ENOUGH:
        return True
    if changed < EARLY:
        return False
    moved = [r for r in results if r.changed]
    return len({_sign(r.own) for r in moved}) == 1 and len({_sign(r.others) for r in moved}) == 1


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _batches_here(replayer: Replayer, max_replays: int, times=None):
    """The batches of replays, one after the other, in this process."""
    for start in range(0, max_replays, BATCH):
        begun = time.process_time()
        batch = [replayer.one(n) for n in range(start, min(max_replays, start + BATCH))]
        if times is not None:
            times.worker("focus", os.getpid(), time.process_time() - begun)
        yield batch


def _batches_on(pool, jobs: int, task: tuple, max_replays: int, times=None):
    """The batches of replays, in order, played on ``pool``: each batch cut in tasks, and tasks of the batches
    after it kept queued, so that the workers never wait for each other; what is queued when the caller stops
    (closes this generator) is dropped (a task under way finishes, unread)."""
    size = max(1, -(-BATCH // (jobs * TASKS_A_WORKER_A_BATCH)))
    tasks = ((start, min(end, start + size)) for first in range(0, max_replays, BATCH)  # (never across a batch)
             for end in [min(max_replays, first + BATCH)] for start in range(first, end, size))
    queued: deque = deque()  # (start, stop, future), in order

    def fill():
        while len(queued) < jobs * TASKS_A_WORKER_A_BATCH + jobs:
            start, stop = next(tasks, (None, None))
            if start is None:
                return
            queued.append((start, stop, pool.submit(replay_range_timed, task + (start, stop))))

    try:
        for first in range(0, max_replays, BATCH):
            end = min(max_replays, first + BATCH)
            batch: list = []
            while len(batch) < end - first:
                fill()
                start, stop, future = queued.popleft()
                pid, cpu, replays = future.result()
                if times is not None:
                    times.worker("focus", pid, cpu)
                batch += replays
            yield batch
    finally:
        for _, _, future in queued:
            future.cancel()


def focus_all(rulesets: Sequence[Ruleset], per_seat, records, rules, seed: int, jobs: int = 1,
              mistakes: float = 0.0, max_replays: int = MAX_REPLAYS, seconds: float | None = SECONDS,
              fewest: int = 4, pool=None, times=None, lender=None, between=None) -> list[Focused]:
    """Focused replays for every rule that differs (``rules``: :class:`~thunee_dsl.simulation.coverage.
    RuleDecided`) and decided fewer than ``fewest`` deals in the games; against the first ruleset's games
    (``records[i][0]``: game i under ruleset 0). The time budget is for all of them together. ``pool``: an
    executor to run them in (the run's workers, or a warm pool of the app's: ``lender`` is told if a worker
    dies); None: one of ``jobs`` processes made for them when ``jobs`` > 1. ``between()`` is called after each
    batch (a run's progress report: a cancel raises from it)."""
    wanted = [r for r in rules if r.counters and r.most < fewest]
    if not wanted or len(rulesets) < 2:
        return []
    games_a = [game[0][0] for game in records]
    if pool is None and jobs > 1:  # the workers a long-lived program (the app) lends its runs, if any
        from thunee_dsl.simulation.runner import lent_pool

        pool, lender = lent_pool(jobs)
    own_pool = pool is None and jobs > 1  # (a pool given or lent, a warm one, is not ours to stop)
    if own_pool:
        from thunee_dsl.simulation.runner import _context, worker_started

        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=_context(), initializer=worker_started)
    elif pool is not None:
        jobs = max(jobs, getattr(pool, "_max_workers", jobs))
    out = []
    begun = time.monotonic()
    try:
        if pool is not None:
            warm_up(pool, jobs, rulesets)
        started = time.monotonic()  # (the budget is for replays: the workers' start is not counted in it)
        for rule in wanted:
            b = _ruleset_with(rulesets, per_seat, rule)
            if b is None:
                continue
            other, bots_b = b
            left = None if seconds is None else max(0.0, seconds - (time.monotonic() - started))
            found = focus_rule(rulesets[0], other, games_a, rule.path, rule.change, rule.counters,
                               per_seat[0], bots_b, seed, decided=rule.most, jobs=jobs, mistakes=mistakes,
                               max_replays=max_replays, seconds=left, pool=pool, times=times, between=between)
            found.budget_seconds = seconds  # (the budget of them all, as asked for)
            out.append(found)
        if out:
            out[0].seconds += started - begun  # the workers' start, said with the first rule's time
    except BrokenProcessPool:
        if lender is not None:
            lender.broken(pool)  # a worker died: the next run gets a new pool
        raise
    finally:
        if own_pool:
            pool.shutdown(wait=True)
    return out


def warm_up(pool, jobs: int, rulesets) -> None:
    """Start the pool's workers and compile the rulesets in them before the clock starts."""
    from thunee_dsl.simulation.runner import RulesetSpec

    specs = [RulesetSpec.of(r) for r in rulesets]
    list(pool.map(_compile_all, [specs] * jobs))


def _compile_all(specs) -> int:
    from thunee_dsl.simulation.runner import compiled

    return len([compiled(s) for s in specs])


def _ruleset_with(rulesets, per_seat, rule):
    """The first later ruleset in which the rule differs from the first (and its bots)."""
    from thunee_dsl.model.diff import diff_rulesets

    for other, bots in zip(rulesets[1:], per_seat[1:]):
        if any(".".join(map(str, c.path)) == rule.path for c in diff_rulesets(rulesets[0], other)):
            return other, bots
    return None


__all__ = ["FOCUS_BELOW", "MOST_REPLAYS", "BATCH", "EARLY", "ENOUGH", "balls_said", "interval_said", "signed", "times_said", "MAX_REPLAYS", "SECONDS", "Focused", "Parent", "Spot", "focus_all", "focus_rule",
           "parent_of", "spots"]
