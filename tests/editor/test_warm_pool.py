"""The app's warm worker pool (thunee_dsl.editor.pool): runs on it give the numbers a run in one process gives,
two runs at once (two browser tabs) do not mix, a cancelled run drops its games and leaves the workers to the
next run, a dead worker costs one run and the next gets a new pool; each worker compiles a ruleset once."""

from __future__ import annotations

import json
import os
import signal
import threading
from concurrent.futures.process import BrokenProcessPool

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.editor.pool import WarmPool
from thunee_dsl.simulation import runner, simulate


class Stop(Exception):
    pass


@pytest.fixture(scope="module")
def rulesets():
    return [load_ruleset("standard"), load_ruleset("examples/partner-catch-six.yaml")]


@pytest.fixture()
def lent():
    pool = WarmPool(workers=2)
    runner.share_pool(pool)
    pool.start()
    assert pool.ready.wait(60), "the workers did not start"
    yield pool
    runner.share_pool(None)
    pool.stop()


def same(a, b) -> bool:
    return json.dumps(a.to_json(), sort_keys=True) == json.dumps(b.to_json(), sort_keys=True)


def test_runs_on_the_warm_pool_give_the_numbers_of_one_process_and_compile_each_ruleset_once(lent, rulesets):
    alone = simulate(rulesets, games=6, bots="heuristic", seed=11, jobs=1)
    executor = lent.pool(2)
    workers = set(executor._processes)
    for _ in range(2):
        assert same(simulate(rulesets, games=6, bots="heuristic", seed=11, jobs=2), alone)
    assert lent.pool(2) is executor and set(executor._processes) == workers  # the same processes throughout
    # every worker that played compiled each of the two rulesets once (cached by their sources' hash)
    keys = {spec.key for spec in map(runner.RulesetSpec.of, rulesets)}
    seen = [executor.submit(runner.compiled_keys).result(30) for _ in range(4)]
    assert all(set(k) <= keys for k in seen) and any(set(k) == keys for k in seen)


def test_two_runs_at_once_each_get_their_own_numbers(lent, rulesets):
    other = [load_ruleset("standard"), load_ruleset("thirteen-point")]
    wanted = {0: simulate(rulesets, games=5, bots="heuristic", seed=1, jobs=1),
              1: simulate(other, games=5, bots="heuristic", seed=2, jobs=1)}
    got = {}

    def tab(i, rs, seed):
        got[i] = simulate(rs, games=5, bots="heuristic", seed=seed, jobs=2)

    tabs = [threading.Thread(target=tab, args=(0, rulesets, 1)), threading.Thread(target=tab, args=(1, other, 2))]
    for t in tabs:
        t.start()
    for t in tabs:
        t.join(120)
    assert same(got[0], wanted[0]) and same(got[1], wanted[1])


def test_a_cancelled_run_drops_its_games_and_the_workers_serve_the_next_run(lent, rulesets):
    reports = []

    def progress(done, total):
        reports.append(done)
        raise Stop()  # what the page's Cancel does at the next report

    with pytest.raises(Stop):
        simulate(rulesets, games=400, bots="heuristic", seed=5, progress=progress, jobs=2)
    assert reports == [reports[0]] and reports[0] < 400
    executor = lent.pool(2)
    # nothing of the cancelled run is left queued: at most the chunks under way when it stopped, and the one
    # queued ahead for the first worker to finish (runner.AHEAD: already handed to the workers, it cannot be taken back)
    assert executor._pending_work_items.__len__() <= 2 + runner.AHEAD
    assert same(simulate(rulesets, games=4, bots="heuristic", seed=6, jobs=2),
                simulate(rulesets, games=4, bots="heuristic", seed=6, jobs=1))


def test_a_dead_worker_fails_one_run_and_the_next_gets_a_new_pool(lent, rulesets):
    executor = lent.pool(2)
    for pid in list(executor._processes):
        os.kill(pid, signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        simulate(rulesets, games=4, bots="random", seed=7, jobs=2)
    assert lent.pool(2) is not executor
    assert same(simulate(rulesets, games=4, bots="random", seed=7, jobs=2),
                simulate(rulesets, games=4, bots="random", seed=7, jobs=1))


def test_more_processes_than_the_pool_has_start_their_own(lent, rulesets):
    assert lent.pool(3) is None
    assert same(simulate(rulesets, games=3, bots="random", seed=8, jobs=3),
                simulate(rulesets, games=3, bots="random", seed=8, jobs=1))


def test_the_app_starts_its_workers_when_it_starts_not_when_compare_is_opened(app):
    from thunee_dsl.editor import pool

    app("library")  # the first page a user sees: Compare not opened yet
    assert runner._SHARED is pool.POOL  # lent to every run from now on
    assert pool.POOL.ready.wait(60), "the workers did not start"
    assert len(pool.POOL.pool(pool.POOL.workers)._processes) == pool.POOL.workers


def test_the_focused_replays_on_the_warm_pool_give_the_numbers_of_one_process(lent):
    # the replays go to the workers in small tasks, sent ahead across batches: the same numbers as in one process
    standard, six = load_ruleset("standard"), load_ruleset("examples/partner-catch-six.yaml")
    alone = simulate([standard, six], games=12, seed=3, jobs=1, focus_seconds=None, focus_replays=700)
    warm = simulate([standard, six], games=12, seed=3, jobs=2, focus_seconds=None, focus_replays=700)
    assert alone.focused[0].replays > 0 and same(warm, alone)
    assert set(warm.timings["focus_cpu_by_worker"]) <= set(lent.pool(2)._processes)


def test_a_run_keeps_a_chunk_queued_ahead_so_that_a_worker_never_waits_for_the_next(lent, rulesets, monkeypatch):
    executor = lent.pool(2)
    submitted, most = [], [0]
    submit = executor.submit

    def counted(*args, **kwargs):
        submitted.append(submit(*args, **kwargs))
        most[0] = max(most[0], sum(not f.done() for f in submitted))  # this run's chunks queued or under way
        return submitted[-1]

    monkeypatch.setattr(executor, "submit", counted)
    played = simulate(rulesets, games=30, bots="random", seed=12, jobs=2, focus=False)
    # one per worker, and the next ready for whichever finishes first
    assert most[0] > 2 and most[0] == 2 + runner.AHEAD
    monkeypatch.undo()
    assert same(played, simulate(rulesets, games=30, bots="random", seed=12, jobs=1, focus=False))


def test_waiting_for_the_workers_to_start_returns_once_they_have(monkeypatch):
    """The Compare page's estimate times its games only once the app's workers have started (they took the
    cores: a new app's first estimate said three times the games' pace)."""
    never = WarmPool(workers=1)
    assert never.wait_started(0.01)  # no pool starting: nothing to wait for
    pool = WarmPool(workers=1)
    gate = threading.Event()
    real_wake = WarmPool._wake

    def slow_wake(self, executor):
        gate.wait(30)  # the workers still starting until the test lets them
        real_wake(self, executor)

    monkeypatch.setattr(WarmPool, "_wake", slow_wake)
    pool.start()
    try:
        assert not pool.wait_started(0.2)  # starting: waited, and said it is not done
        gate.set()
        assert pool.wait_started(60) and pool.ready.is_set()
        pool.stop()
        assert pool.wait_started(0.01)  # stopped: nothing to wait for
    finally:
        gate.set()
        pool.stop()
