"""Worker processes never outlive the run that started them: a cancelled run, or a program (the app) that
stops in the middle of a run, drops the games not started and stops its workers at once."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import textwrap
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.simulation import runner

ROOT = Path(__file__).resolve().parents[2]


def marked_processes(mark: str) -> list[int]:
    """Live processes whose environment holds ``mark`` (workers inherit their parent's environment)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if mark.encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return [pid for pid in found if pid != os.getpid()]


def pool_count() -> int:
    return len(runner._POOLS)


class Stop(Exception):
    pass


def test_a_cancelled_run_stops_its_workers_without_finishing_their_games():
    r = shipped_ruleset("standard")
    workers = []

    def progress(done, total):
        # the first chunk is in: take note of the workers, then cancel (as the app's Cancel button does)
        for pool in runner._POOLS:
            workers.extend(pool._processes.values())
        raise Stop

    with pytest.raises(Stop):
        runner.run_processes([r], [("typical",) * 4], 0, 800, 200, 2, progress)
    assert workers and pool_count() == 0
    for process in workers:
        # (the pool's own thread reaps the workers too: a join racing it can return at once, its wait
        # finding no child, so the test waits for the exit code the reaping thread records)
        deadline = time.monotonic() + 10
        while process.exitcode is None and time.monotonic() < deadline:
            process.join(0.05)
        assert process.exitcode is not None, process
    # stopped, not left to play out the chunk they were in (which would end with exit code 0)
    assert any(process.exitcode != 0 for process in workers)


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc")
def test_a_program_that_stops_during_a_run_leaves_no_worker_behind():
    mark = f"THUNEE_STOP_TEST={uuid.uuid4().hex}"
    script = textwrap.dedent("""
        import threading
        from thunee_dsl import shipped_ruleset
        from thunee_dsl.simulation import simulate

        first = threading.Event()

        def progress(done, total):
            first.set()

        def run():
            simulate([shipped_ruleset("standard")], games=4000, bots="typical", jobs=2, progress=progress)

        threading.Thread(target=run, daemon=True).start()  # as the app runs a comparison
        first.wait(120)
        print("stopping", flush=True)  # the program ends while the run goes on
    """)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env[mark.split("=")[0]] = mark.split("=")[1]
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=240)
    assert "stopping" in done.stdout, done.stderr
    stopped_after = time.monotonic() - start
    time.sleep(1)
    assert marked_processes(mark.split("=")[1]) == []
    # 4,000 games would take minutes: the program ended soon after the first chunk
    assert stopped_after < 120


def _send_half_a_result() -> None:
    """In a worker: start sending a result and stop halfway, as a worker does when it is stopped in the
    middle of sending its chunk's games (a big message, written in parts as the pool's thread reads it)."""
    frame = sys._getframe()
    while "result_queue" not in frame.f_locals:  # concurrent.futures' worker loop holds the queue
        frame = frame.f_back
    writer = frame.f_locals["result_queue"]._writer
    writer._send(struct.pack("!i", 1_000_000) + b"\0" * 1_000)  # a header for 1 MB, then 1 kB of it
    time.sleep(120)


def test_stopping_a_worker_in_the_middle_of_sending_its_result_does_not_hang_the_pool():
    # CI once hung here for 240 s at a program's exit: the pool's thread waited for the rest of a result the
    # stopped worker would never send (the parent process holds the result pipe's writing end open too)
    pool = ProcessPoolExecutor(max_workers=1, mp_context=runner._context())
    future = pool.submit(_send_half_a_result)
    manager = pool._executor_manager_thread
    time.sleep(1.0)  # the worker has sent its half and the pool's thread waits for the rest
    assert not future.done()
    runner.stop_pool(pool)
    manager.join(15)
    assert not manager.is_alive(), "the pool's thread still waits for the stopped worker's result"
    with pytest.raises(BrokenProcessPool):
        future.result(timeout=5)
