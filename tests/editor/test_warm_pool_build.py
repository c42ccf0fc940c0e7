"""The app's warm workers follow the compiled build: `make app` compiles it in the background while the app
serves, and workers started before it was ready play on the pure Python engine. When the build's manifest
changes, the pool starts new workers in fresh interpreters (which import the compiled modules) once no run
uses the old ones; a run under way keeps its workers to the end."""

from __future__ import annotations

import threading
import time

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.editor import pool as warm
from thunee_dsl.simulation import simulate

from test_warm_pool import lent, same  # noqa: F401 (a fixture)


@pytest.fixture
def build(monkeypatch):
    """The compiled build's stamp, as the test sets it (``build[0]``), looked at every 0.1 s."""
    stamp = [(1, 100)]
    monkeypatch.setattr(warm, "build_stamp", lambda: stamp[0])
    monkeypatch.setattr(warm, "REFRESH_EVERY", 0.1)
    return stamp


def until(check, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.05)
    return check()


def test_a_new_build_gets_new_workers_in_fresh_interpreters(build, lent):
    before = lent._executor
    old = list(before._processes.values())
    time.sleep(0.5)
    assert lent._executor is before and lent.refreshed == 0  # the same build: the same workers
    build[0] = (2, 120)  # the background build wrote its manifest
    assert until(lambda: lent.refreshed == 1 and lent.ready.is_set()), "no new workers"
    after = lent._executor
    assert after is not before and after._mp_context.get_start_method() == "spawn"
    assert until(lambda: not any(p.is_alive() for p in old), 30), "the old workers still run"
    rulesets = [load_ruleset("standard"), load_ruleset("examples/partner-catch-six.yaml")]
    assert same(simulate(rulesets, games=4, bots="random", seed=3, jobs=2),
                simulate(rulesets, games=4, bots="random", seed=3, jobs=1))
    assert set(lent._executor._processes) != {p.pid for p in old}
    time.sleep(0.5)
    assert lent.refreshed == 1  # once a build


def test_a_run_under_way_keeps_its_workers_to_the_end(build, lent):
    rulesets = [load_ruleset("standard"), load_ruleset("thirteen-point")]
    going, go_on = threading.Event(), threading.Event()
    got = {}

    def progress(done, total):
        going.set()
        go_on.wait(60)  # the run waits here while the build changes

    def run():
        got["warm"] = simulate(rulesets, games=8, bots="random", seed=5, jobs=2, progress=progress, focus=False)

    before = lent._executor
    player = threading.Thread(target=run)
    player.start()
    try:
        assert going.wait(120)
        build[0] = (3, 130)
        time.sleep(1.0)
        assert lent._executor is before and lent.refreshed == 0  # not under a run
    finally:
        go_on.set()
        player.join(120)
    assert same(got["warm"], simulate(rulesets, games=8, bots="random", seed=5, jobs=1, focus=False))
    assert until(lambda: lent.refreshed == 1), "no new workers after the run"


def test_the_pure_engine_asked_for_has_no_build_to_follow(monkeypatch):
    monkeypatch.setenv("THUNEE_DSL_PURE", "1")
    assert warm.build_stamp() is None
