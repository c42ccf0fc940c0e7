"""``simulate``: many seeded games under one or more rulesets, compared (docs/simulation.md)."""

from __future__ import annotations

import time
from typing import Callable, Sequence

from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.simulation.analysis import analyse, differences
from thunee_dsl.simulation.compare import Comparison
from thunee_dsl.simulation.coverage import rules_compared
from thunee_dsl.simulation.focus import FOCUS_BELOW, MAX_REPLAYS, MOST_REPLAYS, SECONDS, focus_all
from thunee_dsl.simulation.play import resolve_bots, without_openings
from thunee_dsl.simulation.runner import RulesetSpec, Times, run_dask, run_local, run_processes, workers

DEFAULT_MAX_DEALS = 500


def simulate(rulesets: Sequence[Ruleset], games: int, bots: str | Sequence[str] | None = None,
             seed: int = 0, jobs: int = 1, scheduler=None,
             progress: Callable[[int, int], None] | None = None, *,
             max_deals: int = DEFAULT_MAX_DEALS, mistakes: float = 0.0, focus: bool = True,
             focus_replays: int = MAX_REPLAYS, focus_seconds: float | None = SECONDS,
             focus_pool=None) -> Comparison:
    """Play ``games`` games under each ruleset with the same seeds and compare them.

    ``bots``: a bot name for every seat or one per seat (None: ``typical``). ``jobs``: worker processes;
    ``scheduler``: the address of a Dask scheduler (or a ``distributed.Client``) to run on instead.
    ``mistakes``: the chance at each decision that some seat commits an offence the ruleset names (0 to 1).
    The result depends only on the rulesets, ``games``, ``bots``, ``seed``, ``max_deals`` and ``mistakes``.
    ``progress(done, total)`` is called as games finish (from this thread).

    ``focus``: for every rule that differs but decided too few deals to show a difference, replay the deals
    in which its parent announcement was made, with the other cards dealt again
    (:mod:`thunee_dsl.simulation.focus`; ``Comparison.focused``), up to ``focus_replays`` replays and
    ``focus_seconds`` seconds in all (None: no time budget, so the numbers depend only on the inputs);
    ``focus_pool``: a ``concurrent.futures`` executor of worker processes to run them in (a warm pool), instead
    of ``jobs`` processes started for them.
    """
    rulesets = list(rulesets)
    if not rulesets:
        raise ValueError("give at least one ruleset")
    for r in rulesets:
        if not isinstance(r, Ruleset):
            raise ValueError(f"expected compiled rulesets (thunee_dsl.load_ruleset), got {type(r).__name__}")
    games = _positive("games", games)
    jobs = _positive("jobs", jobs)
    max_deals = _positive("max_deals", max_deals)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, got {seed!r}")
    mistakes = _rate("mistakes", mistakes)
    per_seat = resolve_bots(bots, rulesets)
    if focus:  # (refused before any game is played)
        focus_replays = _positive("focus_replays", focus_replays)
        if focus_replays > MOST_REPLAYS:
            raise ValueError(f"focus_replays must be at most {MOST_REPLAYS:,}, got {focus_replays!r}")
        if focus_seconds is not None and (isinstance(focus_seconds, bool) or not isinstance(focus_seconds, (int, float))
                                          or focus_seconds < 0):
            raise ValueError(f"focus_seconds must be a number of seconds (or None), got {focus_seconds!r}")
    times = Times()
    begun = time.perf_counter()
    if scheduler is not None:
        for r in rulesets:
            RulesetSpec.of(r)  # fail early when a ruleset cannot be sent
        records = run_dask(rulesets, per_seat, seed, games, max_deals, scheduler, progress, mistakes)
        focused = _compare(rulesets, per_seat, records, games, seed, mistakes, focus, 1, focus_replays, focus_seconds,
                           focus_pool, None, times, begun, progress)  # (a Dask cluster: the replays run here)
    elif jobs > 1 and games > 1:
        for r in rulesets:
            RulesetSpec.of(r)
        # one set of workers for the games and then the replays (a lent warm pool, or started for this run)
        with workers(min(jobs, games)) as (pool, lender):
            records = run_processes(rulesets, per_seat, seed, games, max_deals, jobs, progress, mistakes, times,
                                    pool, lender)
            focused = _compare(rulesets, per_seat, records, games, seed, mistakes, focus, jobs, focus_replays,
                               focus_seconds, focus_pool or pool, None if focus_pool else lender, times, begun,
                               progress)
    else:
        records = run_local(rulesets, per_seat, seed, games, max_deals, progress, mistakes, times)
        focused = _compare(rulesets, per_seat, records, games, seed, mistakes, focus, 1, focus_replays, focus_seconds,
                           focus_pool, None, times, begun, progress)
    results, diffs, compared, focused = focused
    for result in results:  # (what the replays started from is not kept: it would triple the records' size)
        result.games = [without_openings(g) for g in result.games]
    used = per_seat[0][0] if len({n for b in per_seat for n in b}) == 1 else list(per_seat[0])
    times["total"] = time.perf_counter() - begun
    return Comparison(games=games, seed=seed, bots=used, max_deals=max_deals, rulesets=results, differences=diffs,
                      mistakes=mistakes, rules_compared=compared, focused=focused, timings=times)


def _compare(rulesets, per_seat, records, games, seed, mistakes, focus, jobs, focus_replays, focus_seconds, pool,
             lender, times, begun, progress=None):
    """The statistics, their differences, the rules compared and the focused replays of the games played."""
    times["games"] = time.perf_counter() - begun
    begun = time.perf_counter()
    results = [analyse(r, b, [game[i][0] for game in records], [game[i][1] for game in records])
               for i, (r, b) in enumerate(zip(rulesets, per_seat))]
    diffs = [differences(results[0], other) for other in results[1:]]
    used = per_seat[0][0] if len({n for b in per_seat for n in b}) == 1 else list(per_seat[0])
    compared = rules_compared(rulesets, results, games, used, mistakes)
    times["analysis"] = time.perf_counter() - begun
    focused = []
    if focus:
        begun = time.perf_counter()
        focused = focus_all(rulesets, per_seat, records, compared, seed, jobs=jobs, mistakes=mistakes,
                            max_replays=focus_replays, seconds=focus_seconds, fewest=FOCUS_BELOW,
                            pool=pool, lender=lender, times=times,
                            between=None if progress is None else lambda: progress(games, games))
        times["focus"] = time.perf_counter() - begun
    return results, diffs, compared, focused


def _positive(name: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
    return value


def _rate(name: str, value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{name} must be a rate between 0 and 1 (0.01: one decision in a hundred), got {value!r}")
    return float(value)
