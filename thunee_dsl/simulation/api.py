"""``simulate``: many seeded games under one or more rulesets, compared (docs/simulation.md)."""

from __future__ import annotations

from typing import Callable, Sequence

from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.simulation.analysis import analyse, differences
from thunee_dsl.simulation.compare import Comparison
from thunee_dsl.simulation.play import resolve_bots
from thunee_dsl.simulation.runner import RulesetSpec, run_dask, run_local, run_processes

DEFAULT_MAX_DEALS = 500


def simulate(rulesets: Sequence[Ruleset], games: int, bots: str | Sequence[str] | None = "heuristic",
             seed: int = 0, jobs: int = 1, scheduler=None,
             progress: Callable[[int, int], None] | None = None, *,
             max_deals: int = DEFAULT_MAX_DEALS) -> Comparison:
    """Play ``games`` games under each ruleset with the same seeds and compare them.

    ``bots``: a bot name for every seat or one per seat (``"heuristic"`` falls back to ``"random"``
    while the heuristic bot is not registered). ``jobs``: worker processes; ``scheduler``: the address
    of a Dask scheduler (or a ``distributed.Client``) to run on instead. The result depends only on the
    rulesets, ``games``, ``bots``, ``seed`` and ``max_deals``. ``progress(done, total)`` is called as games
    finish (from this thread).
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
    per_seat = resolve_bots(bots, rulesets)
    if scheduler is not None:
        for r in rulesets:
            RulesetSpec.of(r)  # fail early when a ruleset cannot be sent
        records = run_dask(rulesets, per_seat, seed, games, max_deals, scheduler, progress)
    elif jobs > 1 and games > 1:
        for r in rulesets:
            RulesetSpec.of(r)
        records = run_processes(rulesets, per_seat, seed, games, max_deals, jobs, progress)
    else:
        records = run_local(rulesets, per_seat, seed, games, max_deals, progress)
    results = [analyse(r, b, [game[i][0] for game in records], [game[i][1] for game in records])
               for i, (r, b) in enumerate(zip(rulesets, per_seat))]
    diffs = [differences(results[0], other) for other in results[1:]]
    used = per_seat[0][0] if len({n for b in per_seat for n in b}) == 1 else list(per_seat[0])
    return Comparison(games=games, seed=seed, bots=used, max_deals=max_deals, rulesets=results, differences=diffs)


def _positive(name: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
    return value
