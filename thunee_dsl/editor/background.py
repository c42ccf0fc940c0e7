"""Long work that goes on while the user is elsewhere: one background run per owner (a browser session).

The Compare page starts a simulation here and comes back to it on every rerun: the run lives in a
module-level registry (:data:`RUNS`), not in the page, so leaving the page (or the page being drawn again)
neither stops it nor starts a second one. The work reports ``progress(done, total)``; from the first report
on, the run knows how fast it goes and estimates the time left (a short timed start: the pace is measured
from the first report on, so starting the worker processes does not count as the pace of the games).
``cancel()`` makes the next progress report raise :class:`Cancelled`, which the work lets through
(``simulate`` does, and stops its workers). Before a run starts, :data:`PACE` says how long it will take.

>>> import time
>>> runs = Runs()
>>> def work(progress):
...     for done in range(1, 4):
...         progress(done, 3)
...     return "three games"
>>> run = runs.start("me", work, total=3, about={"games": 3})
>>> run.wait(10)
True
>>> run.state, run.result, run.done
('done', 'three games', 3)
>>> runs.current("me") is run
True
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import os
import sys
import threading
import time
import types
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

RUNNING, DONE, CANCELLED, FAILED = "running", "done", "cancelled", "failed"
Progress = Callable[[int, int], None]


class Cancelled(Exception):
    """Raised from a progress report once the run was cancelled."""


@dataclass
class Run:
    """One piece of work in a thread of its own. ``about``: what the work is (for the page to show)."""

    owner: str
    total: int
    about: dict
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    state: str = RUNNING
    done: int = 0
    result: Any = None
    error: str | None = None
    started: float = field(default_factory=lambda: time.monotonic())
    first_report: float | None = None  # seconds from the start to the first progress report
    first_done: int = 0  # work done by then (the pace is measured from there: start-up is not work)
    finished: float | None = None
    _cancel: threading.Event = field(default_factory=threading.Event, repr=False)
    _over: threading.Event = field(default_factory=threading.Event, repr=False)

    # -- from the work's thread ---------------------------------------------------------------
    def progress(self, done: int, total: int) -> None:
        if self._cancel.is_set():
            raise Cancelled()
        if self.first_report is None and done > 0:
            self.first_report, self.first_done = time.monotonic() - self.started, done
        self.done, self.total = done, total

    def _work(self, work: Callable[[Progress], Any]) -> None:
        try:
            with plain_main():
                result = work(self.progress)
        except Cancelled:
            self.state = CANCELLED
        except Exception as err:  # shown on the page: a failed run must not fail the app
            self.error = str(err) or type(err).__name__
            self.state = CANCELLED if self._cancel.is_set() else FAILED
        else:
            if self._cancel.is_set():
                self.state = CANCELLED
            else:
                self.result, self.done, self.state = result, self.total, DONE
        finally:
            self.finished = time.monotonic()
            self._over.set()

    # -- from the page ---------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.state == RUNNING

    def cancel(self) -> None:
        """Stop at the work's next progress report; the run counts as cancelled from now on."""
        if self.state == RUNNING:
            self._cancel.set()
            self.state = CANCELLED

    def wait(self, timeout: float | None = None) -> bool:
        """Until the work's thread is over (True) or ``timeout`` seconds (False)."""
        return self._over.wait(timeout)

    @property
    def elapsed(self) -> float:
        return (self.finished or time.monotonic()) - self.started

    @property
    def seconds_left(self) -> float | None:
        """Estimated from the pace since the first progress report (starting worker processes is slow and
        happens once), or from the first report alone until a second one (None before any)."""
        if self.state != RUNNING or self.first_report is None or self.done <= 0:
            return None
        since = self.elapsed - self.first_report
        # Workers report in chunks that often land together: measure over a while, not between two of them.
        if self.done > self.first_done and since >= max(2.0, self.first_report / 2):
            pace = since / (self.done - self.first_done)
        else:
            pace = self.elapsed / self.done
        return pace * max(0, self.total - self.done)

    @property
    def seconds_in_all(self) -> float | None:
        left = self.seconds_left
        return None if left is None else self.elapsed + left


@contextlib.contextmanager
def plain_main():
    """While the work starts worker processes, a ``__main__`` they do not run.

    Streamlit runs the app as the module ``__main__`` (with the app file as its ``__file__``), and a worker
    process started by ``spawn`` or ``forkserver`` (as ``simulate`` does from a program with threads)
    first runs the main module's file: every worker would run the whole app, headless, before playing a
    game (slow, and it was seen to hang a worker). A stand-in named like a package's ``__main__`` is not
    run by workers. Put back afterwards, unless a new script run has set its own meanwhile."""
    main = sys.modules.get("__main__")
    if main is None or getattr(main, "__spec__", None) is not None or getattr(main, "__file__", None) is None:
        yield  # a program started normally (python -m, a console script): nothing to hide
        return
    stand_in = types.ModuleType("__main__")
    stand_in.__spec__ = importlib.machinery.ModuleSpec("thunee_dsl.__main__", None)
    sys.modules["__main__"] = stand_in
    try:
        yield
    finally:
        if sys.modules.get("__main__") is stand_in:
            sys.modules["__main__"] = main


class Runs:
    """The runs of every owner: at most one running run per owner, finished ones kept until replaced,
    cleared or crowded out (``keep``: finished runs kept in all, oldest dropped first)."""

    def __init__(self, keep: int = 16):
        self._lock = threading.Lock()
        self._runs: dict[str, Run] = {}
        self._done: dict[str, Run] = {}  # the owner's last run that finished, while a newer one goes on
        self.keep = keep

    def start(self, owner: str, work: Callable[[Progress], Any], total: int, about: dict | None = None) -> Run:
        """Start ``work`` for ``owner``, unless the owner's run is still going: then that run."""
        with self._lock:
            current = self._runs.get(owner)
            if current is not None and current.running:
                return current
            run = Run(owner, total, dict(about or {}))
            replaced = self._runs.pop(owner, None)
            if replaced is not None and replaced.state == DONE:
                self._done[owner] = replaced
            self._runs[owner] = run
            self._drop_old()
        threading.Thread(target=run._work, args=(work,), name=f"background-run-{run.id}", daemon=True).start()
        return run

    def current(self, owner: str) -> Run | None:
        with self._lock:
            return self._runs.get(owner)

    def finished(self, owner: str) -> Run | None:
        """The owner's newest run that finished (its answer stays while a newer run goes on or is cancelled)."""
        with self._lock:
            run = self._runs.get(owner)
            return run if run is not None and run.state == DONE else self._done.get(owner)

    def clear(self, owner: str) -> None:
        """Forget the owner's runs (cancelling the current one if it still goes on)."""
        with self._lock:
            self._done.pop(owner, None)
            run = self._runs.pop(owner, None)
        if run is not None:
            run.cancel()

    def _drop_old(self) -> None:
        finished = [o for o, r in self._runs.items() if not r.running]  # oldest first (insertion order)
        for owner in finished[:max(0, len(self._runs) - self.keep)]:
            del self._runs[owner]
            self._done.pop(owner, None)
        for owner in list(self._done)[:max(0, len(self._done) - self.keep)]:
            del self._done[owner]


#: The app's runs (one process serves every browser session).
RUNS = Runs()


#: Seconds to start worker processes (each imports the library and compiles the rulesets) before the first
#: game, until a finished run on several processes has measured it (a guess on the high side of this machine's:
#: an estimate that comes out short is worse than one a little long).
WORKER_START = 4.0


class Pace:
    """How long a game takes, by kind of run (e.g. which rulesets, which bots): measured before any run by a
    tiny calibration (:meth:`per_game`), then from each finished run (:meth:`learn`), so that the time a run
    will take can be said before it starts. Seconds are wall time in one process, per game; a run on several
    processes first spends a while starting them (:data:`WORKER_START` until measured)."""

    def __init__(self) -> None:
        self._per_game: dict[Any, float] = {}
        self._start: dict[Any, float] = {}
        self._lock = threading.Lock()

    def per_game(self, kind, calibrate: Callable[[int], Any] | None = None, games: int = 2,
                 warm_up: int = 0) -> float | None:
        """The figure known for ``kind``; without one, the time ``calibrate(games)`` takes, over ``games``,
        after ``calibrate(warm_up)`` untimed (None: nothing known and nothing to calibrate with)."""
        with self._lock:
            known = self._per_game.get(kind)
        if known is None and calibrate is not None:
            if warm_up:
                calibrate(warm_up)
            begun = time.perf_counter()
            calibrate(games)
            known = (time.perf_counter() - begun) / games
            with self._lock:
                known = self._per_game.setdefault(kind, known)
        return known

    def start_up(self, kind) -> float:
        """Seconds a run of ``kind`` on several processes takes to start them."""
        with self._lock:
            return self._start.get(kind, WORKER_START)

    def learn(self, kind, run: Run, workers: int) -> None:
        """A finished run of ``kind`` on ``workers`` processes: its own pace replaces the calibration's, which
        played only a couple of games. On several processes the time to its first progress report, less the
        games reported by then, is the start-up, and the pace is measured after it."""
        if run.state != DONE or run.total <= 0:
            return
        w = max(1, min(workers, run.total))
        later = run.total - run.first_done
        with self._lock:
            if w > 1 and run.first_report is not None and later > 0 and run.elapsed > run.first_report:
                per_game = (run.elapsed - run.first_report) * w / later
                self._per_game[kind] = per_game
                self._start[kind] = max(0.0, run.first_report - run.first_done * per_game / w)
            else:
                self._per_game[kind] = run.elapsed * w / run.total

    def games_within(self, kind, seconds: float, workers: int, most: int) -> int | None:
        """The most games of ``kind`` (at most ``most``) that :meth:`estimate` says take ``seconds`` or less on
        ``workers`` processes (None: nothing known of their pace)."""
        per_game = self.per_game(kind)
        if per_game is None:
            return None
        if (self.estimate(kind, most, workers) or 0.0) <= seconds:
            return most
        parallel = max(1, min(workers, os.cpu_count() or 1))
        start_up = self.start_up(kind) if workers > 1 else 0.0
        return max(0, min(most, int((seconds - start_up) * parallel / per_game)))

    def estimate(self, kind, games: int, workers: int) -> float | None:
        """Seconds ``games`` games of ``kind`` take on ``workers`` processes (the games are split evenly, and
        no faster than the machine's cores allow), starting the processes included."""
        per_game = self.per_game(kind)
        if per_game is None:
            return None
        w = max(1, min(workers, games))
        parallel = max(1, min(w, os.cpu_count() or 1))
        return per_game * games / parallel + (self.start_up(kind) if w > 1 else 0.0)


#: What the app has measured of its runs' pace.
PACE = Pace()


#: How long a new user's first comparison takes at most: the games it plays are sized to answer within it (on a
#: fresh machine the engine is pure Python until the compiled build is ready: 200 games took 30 s there).
#: ``THUNEE_DSL_FIRST_LOOK_SECONDS`` sets another (0: none, the usual games from the start; the test suite's).
FIRST_LOOK_SECONDS = 10.0
FIRST_LOOK_ENV = "THUNEE_DSL_FIRST_LOOK_SECONDS"
#: The share of it the games are sized to fill: the rest is for the statistics and drawing the answer (about a
#: second on the page, bench_simulation.py --page) and for an estimate on the short side.
FIRST_LOOK_GAMES_SHARE = 0.8
#: The fewest games a first look plays (fewer would say nothing worth reading), and the step it is rounded to.
FIRST_LOOK_FEWEST = 20
FIRST_LOOK_STEP = 10


def first_look_seconds() -> float:
    """:data:`FIRST_LOOK_SECONDS`, or what ``THUNEE_DSL_FIRST_LOOK_SECONDS`` says (0: no first look)."""
    try:
        seconds = float(os.environ.get(FIRST_LOOK_ENV, FIRST_LOOK_SECONDS))
    except ValueError:
        return FIRST_LOOK_SECONDS
    return seconds if seconds >= 0 else FIRST_LOOK_SECONDS


def first_look(kind, games: int, workers: int, calibrate: Callable[[int], Any] | None = None,
               pace: Pace | None = None, seconds: float | None = None) -> int:
    """The games of a first comparison that answers within :func:`first_look_seconds` here: ``games`` if they
    fit, else as many as fit by the pace of ``kind`` (timed with ``calibrate`` if not known yet: two games after
    one untimed), rounded down to :data:`FIRST_LOOK_STEP`, at least :data:`FIRST_LOOK_FEWEST`.

    >>> pace = Pace()
    >>> pace._per_game["pure"] = 0.4  # seconds a game of both rulesets
    >>> first_look("pure", 200, 1, pace=pace, seconds=10)  # 20 games fill 8 s of the 10
    20
    >>> first_look("pure", 200, 1, pace=pace, seconds=15)  # 30 games fill 12 s of the 15
    30
    >>> first_look("pure", 20, 1, pace=pace, seconds=10), first_look("pure", 200, 1, pace=Pace(), seconds=10)
    (20, 200)
    """
    seconds = first_look_seconds() if seconds is None else seconds
    if not seconds:
        return games
    pace = PACE if pace is None else pace
    pace.per_game(kind, calibrate, warm_up=1)
    fit = pace.games_within(kind, seconds * FIRST_LOOK_GAMES_SHARE, workers, games)
    if fit is None or fit >= games:
        return games
    return min(games, max(FIRST_LOOK_FEWEST, fit // FIRST_LOOK_STEP * FIRST_LOOK_STEP))


def say_first_look(games: int, usual: int) -> str:
    """What the page says of a first comparison sized by :func:`first_look` (nothing when it plays ``usual``)."""
    if games >= usual:
        return ""
    return (f"A quick first look: {games} games of each, to answer within about {first_look_seconds():.0f} s on "
            f"this machine. Run more (the usual {usual}) for a surer answer.")


def say_seconds(seconds: float) -> str:
    """``about 40 s``, ``about 3 min``, ``about 1 h 10 min``: rounded as people say a wait."""
    if seconds < 10:
        return "a few seconds"
    if seconds < 90:
        return f"about {int(round(seconds / 5) * 5)} s"
    minutes = int(round(seconds / 60))
    if minutes < 60:
        return f"about {minutes} min"
    return f"about {minutes // 60} h {minutes % 60} min" if minutes % 60 else f"about {minutes // 60} h"


__all__ = ["CANCELLED", "DONE", "FAILED", "FIRST_LOOK_SECONDS", "PACE", "RUNNING", "RUNS", "Cancelled", "Pace", "Run", "Runs",
           "first_look", "say_first_look", "say_seconds"]
