"""thunee_dsl.editor.background: a run goes on in its own thread, one per owner, can be cancelled, estimates
the time left from its first progress reports, and gives the same numbers as calling ``simulate`` directly."""

from __future__ import annotations

import os
import threading
import time

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.editor import background
from thunee_dsl.editor.background import CANCELLED, DONE, FAILED, RUNNING, Runs, say_seconds
from thunee_dsl.simulation import simulate


def gated(steps: int, gate: threading.Event, seen: list):
    """Work that reports each step, then waits for ``gate`` before the next."""
    def work(progress):
        for done in range(1, steps + 1):
            progress(done, steps)
            seen.append(done)
            gate.wait(10)
            gate.clear()
        return f"{steps} steps"
    return work


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_background_simulation_gives_the_numbers_of_a_direct_one(jobs):
    rulesets = [shipped_ruleset("standard"), shipped_ruleset("thirteen-point")]
    runs = Runs()
    run = runs.start("me", lambda progress: simulate(rulesets, games=6, bots="random", seed=4, jobs=jobs,
                                                      progress=progress), total=6)
    assert run.wait(120)
    assert run.state == DONE and run.done == 6 and run.error is None
    assert run.result.to_json() == simulate(rulesets, games=6, bots="random", seed=4).to_json()


def test_one_run_per_owner_while_it_goes_on_then_a_new_one():
    runs, gate, seen = Runs(), threading.Event(), []
    first = runs.start("me", gated(2, gate, seen), total=2)
    again = runs.start("me", gated(2, gate, seen), total=2)
    assert again is first and runs.current("me") is first  # a rerun of the page starts nothing new
    other = runs.start("someone else", lambda progress: "theirs", total=1)
    assert other is not first and other.wait(10) and other.result == "theirs"
    gate.set()
    while first.running:
        gate.set()
        first.wait(0.05)
    assert first.state == DONE and first.result == "2 steps"
    second = runs.start("me", lambda progress: "second", total=1)
    assert second is not first and second.wait(10) and runs.current("me") is second


def test_cancel_stops_the_work_at_its_next_progress_report():
    runs, gate, seen = Runs(), threading.Event(), []
    run = runs.start("me", gated(5, gate, seen), total=5)
    while not seen:
        run.wait(0.01)
    run.cancel()
    assert run.state == CANCELLED  # at once, for the page
    gate.set()
    assert run.wait(10)
    assert run.state == CANCELLED and run.result is None and seen == [1]


def test_cancelling_a_simulation_in_worker_processes_ends_it():
    rulesets = [shipped_ruleset("standard"), shipped_ruleset("thirteen-point")]
    runs = Runs()
    run = runs.start("me", lambda progress: simulate(rulesets, games=400, bots="random", seed=1, jobs=2,
                                                      progress=progress), total=400)
    while run.done == 0 and run.running:
        run.wait(0.05)
    run.cancel()
    assert run.wait(60), "the workers did not stop"
    assert run.state == CANCELLED and run.result is None and run.done < 400


def test_a_failing_run_keeps_its_message():
    def work(progress):
        raise ValueError("bots: 3 names given, but standard has 4 seats")
    run = Runs().start("me", work, total=1)
    assert run.wait(10)
    assert (run.state, run.error) == (FAILED, "bots: 3 names given, but standard has 4 seats")


def test_the_time_left_is_estimated_from_the_pace_so_far(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(background.time, "monotonic", lambda: clock[0])
    run = background.Run("me", total=10, about={})
    assert run.state == RUNNING and run.seconds_left is None  # nothing measured yet
    clock[0] = 104.0
    run.progress(2, 10)  # 2 games in 4 s: 2 s a game, 8 to go
    assert (run.first_report, run.first_done) == (4.0, 2)
    assert run.seconds_left == 16.0 and run.seconds_in_all == 20.0
    clock[0] = 104.5
    run.progress(4, 10)  # two chunks landing together say nothing of the pace yet: the pace overall
    assert run.seconds_left == 4.5 / 4 * 6
    clock[0] = 107.0
    run.progress(5, 10)  # 3 more in 3 s: the start-up is behind, 1 s a game, 5 to go
    assert run.seconds_left == 5.0 and run.seconds_in_all == 12.0


def test_finished_runs_are_kept_up_to_a_limit():
    runs = Runs(keep=2)
    for owner in ("a", "b", "c"):
        assert runs.start(owner, lambda progress: owner, total=1).wait(10)
    runs.start("d", lambda progress: "d", total=1).wait(10)
    assert runs.current("a") is None and runs.current("b") is None
    assert runs.current("c").result == "c" and runs.current("d").result == "d"
    runs.clear("d")
    assert runs.current("d") is None


def test_waits_are_said_as_people_say_them():
    assert [say_seconds(s) for s in (3, 42, 89, 150, 3599, 3600, 4200)] == [
        "a few seconds", "about 40 s", "about 90 s", "about 2 min", "about 1 h", "about 1 h", "about 1 h 10 min"]


def test_worker_processes_do_not_run_the_app_that_started_them(tmp_path, monkeypatch):
    """Streamlit runs the app as ``__main__`` with the app file as ``__file__``: workers must not run it."""
    import sys
    import types

    marker = tmp_path / "the app ran in a worker"
    app_file = tmp_path / "app.py"
    app_file.write_text(f"open({str(marker)!r}, 'a').write('ran\\n')\n")
    app_main = types.ModuleType("__main__")
    app_main.__file__ = str(app_file)
    monkeypatch.setitem(sys.modules, "__main__", app_main)
    rulesets = [shipped_ruleset("standard"), shipped_ruleset("thirteen-point")]
    run = Runs().start("me", lambda progress: simulate(rulesets, games=8, bots="random", seed=2, jobs=2,
                                                        progress=progress), total=8)
    assert run.wait(120) and run.state == DONE, run.error
    assert not marker.exists()
    assert sys.modules["__main__"] is app_main  # given back


def test_the_last_finished_run_stays_while_a_newer_one_goes_on_or_is_cancelled():
    runs, gate, seen = Runs(), threading.Event(), []
    first = runs.start("me", lambda progress: "first answer", total=1)
    assert first.wait(10) and runs.finished("me") is first
    second = runs.start("me", gated(3, gate, seen), total=3)
    assert runs.current("me") is second and runs.finished("me") is first
    second.cancel()
    gate.set()
    assert second.wait(10) and runs.finished("me") is first
    third = runs.start("me", lambda progress: "third answer", total=1)
    assert third.wait(10) and runs.finished("me") is third
    runs.clear("me")
    assert runs.finished("me") is None and runs.current("me") is None


def test_the_pace_is_calibrated_once_then_learnt_from_finished_runs():
    pace = background.Pace()
    played = []

    def calibrate(games):
        played.append(games)
        time.sleep(0.05 * games)

    first = pace.per_game("standard/typical", calibrate, games=2)
    assert played == [2] and 0.05 <= first < 0.5  # two games of 0.05 s (more under load)
    assert pace.per_game("standard/typical", calibrate) == first and played == [2]  # measured once
    assert pace.per_game("never seen") is None and pace.estimate("never seen", 10, 2) is None
    # a warm-up game first, not timed: the first game a process plays costs it more, once
    slow_first = []

    def calibrate_slow_first(games):
        slow_first.append(games)
        time.sleep((0.5 if len(slow_first) == 1 else 0.0) + 0.05 * games)

    warmed = pace.per_game("warmed", calibrate_slow_first, games=2, warm_up=1)
    assert slow_first == [1, 2] and 0.05 <= warmed < 0.25
    # a finished run: 200 games in 30 s on 2 processes is 0.3 s a game in one process
    run = background.Run(owner="me", total=200, about={}, state=DONE, started=100.0, finished=130.0)
    pace.learn("standard/typical", run, workers=2)
    assert pace.per_game("standard/typical") == pytest.approx(0.3)
    cores = min(2, os.cpu_count() or 1)
    # 0.3 * 5000 / 2, plus starting the processes (not yet measured: the guess)
    assert pace.estimate("standard/typical", 5000, 2) == pytest.approx(1500.0 / cores + background.WORKER_START)
    assert pace.estimate("standard/typical", 1, 2) == pytest.approx(0.3)  # one game is played by one process
    cancelled = background.Run(owner="me", total=200, about={}, state=CANCELLED, started=0.0, finished=1.0)
    pace.learn("standard/typical", cancelled, workers=2)  # a cut-short run says nothing about the pace
    assert pace.per_game("standard/typical") == pytest.approx(0.3)


def test_a_run_on_several_processes_teaches_its_start_up_apart_from_its_pace():
    """Seen in the app: 60 games said "a few seconds" and took 13 s, because starting the worker processes
    (seconds) was not counted. A finished run's first progress report tells the start-up from the pace."""
    pace = background.Pace()
    # 200 games on 2 processes: the first report at 5 s with 20 games done, the rest by 50 s
    run = background.Run(owner="me", total=200, about={}, state=DONE, started=100.0, finished=150.0,
                         first_report=5.0, first_done=20)
    pace.learn("k", run, workers=2)
    per_game = 45.0 * 2 / 180  # 180 games in 45 s on two processes: 0.5 s a game in one
    assert pace.per_game("k") == pytest.approx(per_game)
    assert pace.start_up("k") == pytest.approx(5.0 - 20 * per_game / 2)  # 5 s less the 20 games' 5 s: 0
    cores = min(2, os.cpu_count() or 1)
    assert pace.estimate("k", 60, 2) == pytest.approx(60 * per_game / cores + pace.start_up("k"))
    assert pace.estimate("k", 60, 1) == pytest.approx(60 * per_game)  # one process: nothing to start
    # a slow start (10 s before any game is reported) is remembered for the next estimate
    slow = background.Run(owner="me", total=100, about={}, state=DONE, started=0.0, finished=40.0,
                          first_report=10.0, first_done=4)
    pace.learn("k", slow, workers=2)
    assert pace.start_up("k") == pytest.approx(10.0 - 4 * (30.0 * 2 / 96) / 2)
    assert pace.estimate("k", 200, 2) == pytest.approx(200 * 0.625 / cores + 8.75)
