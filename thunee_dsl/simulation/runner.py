"""Running the games: in this process, in worker processes, or on a Dask cluster.

Compiled rulesets hold closures and do not pickle, so workers get a :class:`RulesetSpec` (the ruleset's
merged source, which does) and compile it once per process. Games are cut into chunks of consecutive
indexes; every game is seeded on its own, and the results are put back in game order, so the outcome is the
same however the chunks are run. A long-lived program (the app) may lend the runs warm workers
(:func:`share_pool`): then a run pays no process start-up, and each worker compiles a ruleset once (cached by
the hash of its merged source).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import multiprocessing
import os
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from thunee_dsl.model import compile_ruleset
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.simulation.analysis import Summary, summarise
from thunee_dsl.simulation.play import GameRecord, play_game

Played = tuple[GameRecord, Summary]  # a game under one ruleset, and what the statistics need of it

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class RulesetSpec:
    """What a worker needs to rebuild a ruleset: its merged source and a key to cache the compiled form."""

    key: str
    source: Any  # thunee_dsl.loading.MergedSource

    @classmethod
    def of(cls, ruleset: Ruleset) -> "RulesetSpec":
        source = ruleset.data
        if source is None or not hasattr(source, "data"):
            raise ValueError(f"ruleset {ruleset.name} has no source to send to worker processes: "
                             "load it with load_ruleset(), or simulate it with jobs=1 and no scheduler")
        text = json.dumps([source.name, source.data], sort_keys=True, default=str)
        return cls(hashlib.sha256(text.encode()).hexdigest(), source)


_COMPILED: dict[str, Ruleset] = {}  # per process


def compiled(spec: RulesetSpec) -> Ruleset:
    """The ruleset of ``spec``, compiled once in this process (a worker's)."""
    ruleset = _COMPILED.get(spec.key)
    if ruleset is None:
        ruleset = _COMPILED[spec.key] = compile_ruleset(spec.source)
        settle()  # (the compiled ruleset lives as long as the worker)
    return ruleset


def settle() -> None:
    """In a worker process: what it holds now (the library, the rulesets compiled) lives as long as the
    worker, so the garbage collector stops going over it (``gc.freeze``) after one last collection (garbage
    frozen would never be freed). Every collection during the games scanned it all again: ~6% of a game's
    CPU (measured on 40 paired games, alternating with and without). Numbers do not change: collection
    frees only what nothing refers to. The generation-0 threshold stays the default: a typical game leaves
    no cyclic garbage now (tests/players/test_gcfix_cycles.py), its ~3 collections cost ~1% of its CPU, and a
    larger threshold (5,000, 20,000) gained nothing measurable over 12 games, pure or compiled."""
    gc.collect()
    gc.freeze()


def worker_started() -> None:
    """The initializer of the worker processes of a run (and of the app's warm pool)."""
    end_with_owner()
    settle()


#: A worker's exit status when it ends because the process that started it has gone.
OWNER_GONE = 75


def end_with_owner() -> None:
    """In a worker process: end this process as soon as the process that started it has gone, however it went
    (SIGKILL included: no exit hook of the owner's runs then).

    A worker of a pool waits for its next task on a pipe that it holds both ends of, so it never sees the
    owner go; and with ``forkserver`` every worker also holds the fork server's "alive" pipe and the resource
    tracker's, so one worker left keeps those two going as well: a killed app server left its workers, its
    fork server and its resource tracker running for ever (parent: init). multiprocessing gives every child a
    sentinel of the process that started it (``parent_process().sentinel``: readable once the owner is gone,
    whichever start method): a thread waits on it and ends the worker. With the workers gone the fork server
    and the resource tracker see the end of their pipes and end too."""
    import multiprocessing.connection

    owner = multiprocessing.parent_process()
    if owner is None or owner.sentinel is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([owner.sentinel])
        os._exit(OWNER_GONE)  # (nothing of the worker is worth keeping: its results have nobody to go to)

    threading.Thread(target=watch, name="end-with-owner", daemon=True).start()


def compiled_keys() -> list[str]:
    """The keys of the rulesets this process has compiled (what a worker has cached)."""
    return list(_COMPILED)


@dataclass(frozen=True)
class Chunk:
    start: int
    stop: int


def play_chunk(specs: Sequence[RulesetSpec], bots: Sequence[Sequence[str]], seed: int, max_deals: int,
               chunk: Chunk, mistakes: float = 0.0) -> list[list[Played]]:
    """Games ``chunk.start .. chunk.stop - 1`` under every ruleset: per game, one (record, summary) per ruleset.
    Runs in a worker (a process of a pool, or a Dask worker)."""
    rulesets = [compiled(s) for s in specs]
    return play_range(rulesets, bots, seed, max_deals, chunk.start, chunk.stop, mistakes=mistakes)


def play_chunk_timed(specs, bots, seed: int, max_deals: int, chunk: Chunk, mistakes: float = 0.0):
    """:func:`play_chunk`, with the worker's process id, the CPU seconds the chunk took and the wall seconds the
    worker spent on it (for the run's breakdown: :class:`Times`)."""
    begun, wall = time.process_time(), time.perf_counter()
    games = play_chunk(specs, bots, seed, max_deals, chunk, mistakes)
    return os.getpid(), (time.process_time() - begun, time.perf_counter() - wall), games


class Times(dict):
    """Where a run's time went, in seconds (``Comparison.timings``; not part of the result, which depends only
    on the inputs): wall time by phase, and the CPU the workers spent, by process."""

    def add(self, key: str, seconds: float) -> None:
        self[key] = self.get(key, 0.0) + seconds

    def worker(self, phase: str, pid: int, cpu: float, busy: float | None = None) -> None:
        """A worker's share of ``phase``: CPU seconds, and the wall seconds it spent on the work (``busy``:
        with the phase's wall time, what the workers spent waiting -- to start, between chunks, at the tail)."""
        self.setdefault(f"{phase}_cpu_by_worker", {})
        self[f"{phase}_cpu_by_worker"][pid] = self[f"{phase}_cpu_by_worker"].get(pid, 0.0) + cpu
        self.add(f"{phase}_cpu", cpu)
        if busy is not None:
            self.add(f"{phase}_busy", busy)


def play_range(rulesets: Sequence[Ruleset], bots, seed: int, max_deals: int, start: int, stop: int,
               on_game: Callable[[], None] | None = None, mistakes: float = 0.0) -> list[list[Played]]:
    out = []
    for index in range(start, stop):
        games = [play_game(r, index, seed, b, max_deals, mistakes=mistakes) for r, b in zip(rulesets, bots)]
        out.append([(g, summarise(r, g)) for r, g in zip(rulesets, games)])
        if on_game is not None:
            on_game()
    return out


#: The most games in one chunk (a chunk is the unit a cancel waits for, and progress is reported by).
MOST_IN_A_CHUNK = 25


def chunks(games: int, workers: int) -> list[Chunk]:
    """Consecutive ranges of games, shrinking towards the end (a third of what is left shared among the
    workers, at most :data:`MOST_IN_A_CHUNK`, down to single games), so that every worker is busy to the end:
    games differ in length, and a big chunk last would leave the other workers idle while it finishes."""
    out = []
    start = 0
    while start < games:
        size = max(1, min(MOST_IN_A_CHUNK, (games - start) // max(1, workers * 3)))
        out.append(Chunk(start, start + size))
        start += size
    return out


def run_local(rulesets, bots, seed, games, max_deals, progress: Progress | None,
              mistakes: float = 0.0, times: Times | None = None) -> list[list[Played]]:
    done = [0]

    def tick():
        done[0] += 1
        if progress is not None:
            progress(done[0], games)

    begun = time.process_time()
    try:
        return play_range(rulesets, bots, seed, max_deals, 0, games, on_game=tick, mistakes=mistakes)
    finally:
        if times is not None:
            times.worker("games", os.getpid(), time.process_time() - begun)


def _context():
    """``fork`` when this process runs a single thread (the command line, a script): workers start at once
    with everything imported. Otherwise (the app, a Dask client) forking could copy a lock some other
    thread holds, so a fresh interpreter per worker: ``forkserver`` (with this package preloaded) or
    ``spawn``."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([__name__])
        return ctx
    return multiprocessing.get_context("spawn")


def run_processes(rulesets, bots, seed, games, max_deals, jobs, progress: Progress | None, mistakes: float = 0.0,
                  times: Times | None = None, pool=None, lender: SharedPool | None = None):
    """The games on ``jobs`` worker processes: ``pool``'s (from :func:`workers`; ``lender``: the pool is lent,
    shared with other runs), or ones started for this call and stopped after it."""
    specs = [RulesetSpec.of(r) for r in rulesets]
    parts = chunks(games, jobs)
    times = Times() if times is None else times
    if pool is None:
        with workers(min(jobs, len(parts))) as (pool, lender):
            return run_processes(rulesets, bots, seed, games, max_deals, jobs, progress, mistakes, times, pool,
                                 lender)
    if lender is not None:
        return _run_on_shared(lender, pool, specs, bots, seed, games, max_deals, jobs, parts, progress, mistakes,
                              times)
    results: dict[int, list[list[Played]]] = {}
    done = 0
    pending = {pool.submit(play_chunk_timed, specs, bots, seed, max_deals, c, mistakes): c for c in parts}
    while pending:
        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in finished:
            done = _take(results, pending.pop(future), future, done, games, progress, times)
    return [game for c in parts for game in results[c.start]]


@contextlib.contextmanager
def workers(jobs: int):
    """The worker processes of one run, as ``(executor, lender)``: the pool a long-lived program lends
    (:func:`share_pool`; left running), or ``jobs`` processes started now and stopped when the run ends -- at
    once, dropping what is queued, if it ends by an exception (a cancel)."""
    shared, lender = lent_pool(jobs)
    if shared is not None:
        with lender.using(shared):  # (the lender does not replace the workers under a run)
            yield shared, lender
        return
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=_context(), initializer=worker_started)
    _POOLS[pool] = os.getpid()
    try:
        yield pool, None
    except BaseException:
        stop_pool(pool)  # cancelled (or failed): the work still to do is dropped, the workers stopped
        raise
    else:
        # all done: nothing left to cancel (and shutdown(cancel_futures=True) of a pool whose work is done
        # can hang in Python 3.11, waiting for workers never told to stop)
        pool.shutdown(wait=True)
    finally:
        _POOLS.pop(pool, None)


def _take(results: dict, chunk: Chunk, future, done: int, games: int, progress: Progress | None,
          times: Times | None = None) -> int:
    """A finished chunk's games put in their place; the games done so far (reported to ``progress``).
    With ``times``, the future is :func:`play_chunk_timed`'s and its CPU is counted there."""
    if times is None:
        results[chunk.start] = future.result()
    else:
        pid, (cpu, busy), results[chunk.start] = future.result()
        times.worker("games", pid, cpu, busy)
    done += chunk.stop - chunk.start
    if progress is not None:
        progress(done, games)
    return done


class SharedPool:
    """What a long-lived program (the app) lends the runs: ``pool(jobs)`` gives a started
    ProcessPoolExecutor with at least ``jobs`` workers, or None (then the run starts its own);
    ``broken(pool)`` is told when a worker died, so that the next run gets a new one."""

    def pool(self, jobs: int) -> ProcessPoolExecutor | None:
        raise NotImplementedError

    def broken(self, pool: ProcessPoolExecutor) -> None:
        raise NotImplementedError

    def using(self, pool: ProcessPoolExecutor):
        """A context manager around a run that plays on ``pool`` (a lender that replaces its workers now and
        then waits for the runs under way)."""
        return contextlib.nullcontext()


_SHARED: SharedPool | None = None


def share_pool(shared: SharedPool | None) -> None:
    """Runs with ``jobs > 1`` play on ``shared``'s warm workers from now on (None: each run starts its own)."""
    global _SHARED
    _SHARED = shared


def lent_pool(jobs: int):
    """The shared pool's executor a run of ``jobs`` processes may use, and its lender; (None, None) when
    there is none (then the run starts its own processes)."""
    if _SHARED is None:
        return None, None
    pool = _SHARED.pool(jobs)
    return (pool, _SHARED) if pool is not None else (None, None)


#: Chunks a run on a shared pool keeps queued beyond one per worker: a worker that finishes a chunk takes the
#: next at once instead of waiting for this process to hear of it and send another (~0.3 s of the workers'
#: time in a 200-game run on two busy cores: bench_simulation.py --breakdown, "the workers waited").
AHEAD = 1


def _run_on_shared(lender: SharedPool, pool, specs, bots, seed, games, max_deals, jobs, parts, progress, mistakes,
                   times: Times):
    """The chunks on a pool other runs share: at most ``jobs`` + :data:`AHEAD` of this run's chunks queued or
    under way at a time (the run's share of the workers, and all a cancel leaves to finish), the workers never
    stopped (a chunk under way when the run is cancelled finishes and is thrown away)."""
    results: dict[int, list[list[Played]]] = {}
    todo = list(reversed(parts))
    pending: dict = {}
    done = 0
    try:
        while todo or pending:
            while todo and len(pending) < jobs + AHEAD:
                chunk = todo.pop()
                pending[pool.submit(play_chunk_timed, specs, bots, seed, max_deals, chunk, mistakes)] = chunk
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: pending[f].start):
                done = _take(results, pending.pop(future), future, done, games, progress, times)
    except BrokenProcessPool:
        lender.broken(pool)
        raise
    finally:
        for future in pending:
            future.cancel()  # not started: dropped; under way: its result is not waited for
    return [game for c in parts for game in results[c.start]]


_POOLS: dict = {}  # the worker pools of the runs under way -> the process that made them


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Drop the chunks not started and stop the workers at once (a chunk under way is not waited for)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())  # (no public way before Python 3.14)
    results = getattr(pool, "_result_queue", None)
    _POOLS.pop(pool, None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
    for process in workers:
        process.join(5)
    for process in workers:
        if process.is_alive():  # (a worker that does not stop when asked)
            process.kill()
            process.join(5)
    if results is not None and not any(process.is_alive() for process in workers):
        # A worker stopped while sending its chunk's games leaves half a message in the result pipe, and the
        # pool's thread would wait for the rest for ever (this process holds the pipe's writing end too): the
        # program hung at exit. Closing that end, with no worker left to write, ends the wait (the pool is
        # then broken: its futures fail, its thread ends).
        results._writer.close()


def stop_at_exit(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool``'s workers when this interpreter stops (a pool lent to many runs: the app's)."""
    _POOLS[pool] = os.getpid()


def _stop_pools_at_exit() -> None:
    """When the interpreter stops with a run under way (the app closed while simulating), concurrent.futures
    would first wait for every chunk still queued: stop the workers instead. (A forked worker runs this
    hook too when it ends: it leaves its parent's pools alone.)"""
    for pool, owner in list(_POOLS.items()):
        if owner == os.getpid():
            stop_pool(pool)


# registered after concurrent.futures' own exit hook (imported above), so it runs first
getattr(threading, "_register_atexit", lambda hook: None)(_stop_pools_at_exit)


def run_dask(rulesets, bots, seed, games, max_deals, scheduler, progress: Progress | None, mistakes: float = 0.0):
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuntimeError("a scheduler needs the 'distributed' package: pip install 'thunee-dsl[dask]'") from None
    specs = [RulesetSpec.of(r) for r in rulesets]
    own = isinstance(scheduler, str)
    if own:
        check_address(scheduler)
    client = Client(scheduler, set_as_default=False) if own else scheduler  # connect timeout: dask config
    try:
        workers = max(1, sum(client.nthreads().values()))
        parts = chunks(games, workers)
        [specs_future] = client.scatter([specs], broadcast=True)
        futures = [client.submit(play_chunk, specs_future, bots, seed, max_deals, c, mistakes, pure=False) for c in parts]
        where = {f.key: c for f, c in zip(futures, parts)}
        results: dict[int, list[list[Played]]] = {}
        done = 0
        try:
            with client.as_current():  # as_completed looks for the current client
                for future in as_completed(futures):
                    done = _take(results, where[future.key], future, done, games, progress)
        except BaseException:
            client.cancel(futures)
            raise
        return [game for c in parts for game in results[c.start]]
    finally:
        if own:
            client.close()


def check_address(address: str) -> None:
    """ValueError for an address a Dask client could not even try (checked before making the client: a
    client that fails in its constructor complains again when the interpreter exits)."""
    from distributed.comm import parse_address
    from distributed.comm.addressing import parse_host_port

    try:
        scheme, location = parse_address(address)
        if scheme not in NETWORK_SCHEMES:
            raise ValueError(f"use a network address ({', '.join(s + '://HOST:PORT' for s in NETWORK_SCHEMES)}), "
                             "or pass a distributed.Client")
        parse_host_port(location)
    except (ValueError, TypeError) as err:
        raise ValueError(f"scheduler address '{address}': {err}") from None


NETWORK_SCHEMES = ("tcp", "tls", "ws", "wss")
