"""Warm worker processes for the app: started once per app server, lent to every simulation it runs.

Starting worker processes costs seconds (a fresh interpreter, the package imported, the rulesets compiled),
and a 200-game comparison on the Compare page takes about as long as that. So the app starts its workers once,
in the background, when it starts (:func:`warm`, from ``editor/app.py``: the first run is warm too), and every
run with more than one process plays on them, its games and then its focused replays (:func:`thunee_dsl.simulation.runner.share_pool`). Each worker compiles a ruleset once
(the runner caches it by the hash of its merged source), so a second run of the same rulesets starts at once.

A run keeps at most as many chunks queued as it has processes, so two browser tabs share the workers, and
a cancelled run drops its queued chunks at once (the chunk a worker is playing finishes and is thrown away:
the workers are not stopped, as other runs use them). If a worker dies, the next run gets a new pool. The
workers are stopped when the app stops, and end by themselves if the app is killed (runner.end_with_owner).

The compiled build (build_accel.py) is made in the background by ``make app`` while the app already serves:
workers started before it was ready play on the pure Python engine. When the build's manifest changes, the
pool starts new workers, in fresh interpreters that import the compiled modules, as soon as no run is using
the old ones (:data:`REFRESH_EVERY`): the app plays compiled from then on, without a restart.

>>> lent = WarmPool(workers=1)
>>> lent.pool(2) is None  # more processes than the pool has: the run starts its own
True
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor, wait

from thunee_dsl import _accel
from thunee_dsl.editor import background
from thunee_dsl.simulation import runner

#: Seconds a warm run takes before its first game is done beyond the games' own time (each worker compiles
#: the two rulesets the first time it meets them): what the page's estimate adds for start-up once the pool is
#: warm, until a finished run has measured it.
WARM_START = 0.5


#: Seconds between two looks at the compiled build's manifest (a stat) while the pool runs.
REFRESH_EVERY = 5.0


def _started() -> int:
    """A worker's first task: nothing but being there (its process id)."""
    return os.getpid()


def build_stamp() -> tuple[int, int] | None:
    """The compiled build new workers would import: its manifest's time and size (None: no build, or the pure
    engine asked for with THUNEE_DSL_PURE)."""
    if os.environ.get(_accel.PURE_ENV):
        return None
    try:
        stat = os.stat(os.path.join(_accel.ACCEL_DIR, _accel.MANIFEST))
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


class WarmPool(runner.SharedPool):
    """``workers`` processes (the machine's cores by default), started on the first :meth:`start`."""

    def __init__(self, workers: int | None = None):
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self.ready = threading.Event()  # set once every worker has answered
        self.start_up: float | None = None  # seconds the workers took to start
        self._stamp: tuple[int, int] | None = None  # the compiled build the workers were started with
        self._runs = 0  # runs playing on the workers now
        self._watch: threading.Thread | None = None
        self.refreshed = 0  # times the workers were replaced for a new compiled build

    def start(self) -> ProcessPoolExecutor:
        """The pool, started now if it was not (its workers start in the background: this does not wait)."""
        with self._lock:
            if self._executor is None:
                self._begin()
            return self._executor

    def _begin(self) -> None:
        """(Under the lock.) New workers: ``self._executor``."""
        self.ready.clear()
        self._stamp = build_stamp()
        # once replaced for a compiled build, in new interpreters: a fork server's children import what it
        # imported when it started (the modules of before the build)
        context = multiprocessing.get_context("spawn") if self.refreshed else runner._context()
        # (a worker started from a program with threads runs the main module first: not the app's)
        with background.plain_main():
            executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                           initializer=runner.worker_started)
        self._executor = executor
        runner.stop_at_exit(executor)
        threading.Thread(target=self._wake, args=(executor,), name="warm-pool-start", daemon=True).start()
        if self._watch is None or not self._watch.is_alive():
            self._watch = threading.Thread(target=self._watch_build, name="warm-pool-build", daemon=True)
            self._watch.start()

    def _watch_build(self) -> None:
        """While the pool runs: new workers for a new compiled build, once no run uses the old ones."""
        while True:
            time.sleep(REFRESH_EVERY)
            with self._lock:
                old = self._executor
                if old is None:
                    return  # stopped (the next start watches again)
                if self._runs or not self.ready.is_set() or build_stamp() == self._stamp:
                    continue
                self.refreshed += 1
                self._begin()
            runner.stop_pool(old)

    @contextlib.contextmanager
    def using(self, pool: ProcessPoolExecutor):
        """Around a run lent ``pool`` by :meth:`pool` (which counted it): returned when the run ends."""
        try:
            yield
        finally:
            with self._lock:
                self._runs = max(0, self._runs - 1)

    def _wake(self, executor: ProcessPoolExecutor) -> None:
        begun = time.perf_counter()
        try:
            with background.plain_main():
                # one task per worker submitted at once: each finds no idle worker, so each starts one
                futures = [executor.submit(_started) for _ in range(self.workers)]
            wait(futures)
        except Exception:  # noqa: BLE001 - a pool that cannot start: runs start their own processes
            self.broken(executor)
            return
        if self._executor is executor:
            self.start_up = time.perf_counter() - begun
            background.WORKER_START = WARM_START  # what a run still spends before its first game
            self.ready.set()

    # -- runner.SharedPool ------------------------------------------------------------------------
    def pool(self, jobs: int) -> ProcessPoolExecutor | None:
        if jobs > self.workers:
            return None
        with self._lock:
            if self._executor is None:
                self._begin()
            self._runs += 1  # (until the run's using() ends: its workers are not replaced under it)
            return self._executor

    def wait_started(self, timeout: float) -> bool:
        """Until the workers have started (True at once if they have, or if no pool is starting), at most
        ``timeout`` seconds. Games timed while they start share the cores with them: a new app's first
        estimate timed its games at three times their pace."""
        with self._lock:
            starting = self._executor is not None
        return not starting or self.ready.wait(timeout)

    def broken(self, pool: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._executor is not pool:
                return
            self._executor = None
            self.ready.clear()
        runner.stop_pool(pool)

    def stop(self) -> None:
        """Stop the workers (the next run starts the pool again)."""
        with self._lock:
            executor, self._executor = self._executor, None
            self.ready.clear()
        if executor is not None:
            runner.stop_pool(executor)


#: The app's pool (one app server, one pool).
POOL = WarmPool()


def warm() -> WarmPool:
    """Start the app's workers in the background (once) and lend them to every simulation from now on."""
    runner.share_pool(POOL)
    POOL.start()
    return POOL


__all__ = ["POOL", "WARM_START", "WarmPool", "warm"]
