"""The test run fails when it leaves a process running (tests/conftest.py, ``no_process_left_behind``): a
process a test started and never ended, or one orphaned to init whose command line names the checkout; the
failed run ends them. Checked on small runs of pytest, in a copy of the suite's conftest."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc")

LEAVES = '''
import multiprocessing, os, subprocess, sys, time

def test_leaves_a_process_behind():
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)", "started-by-a-test"])

def test_leaves_an_orphan_of_init_with_an_environment_of_its_own():
    # (its parent, sh, ends at once: the sleeper's parent becomes init)
    command = f"{sys.executable} -c 'import time; time.sleep(120)' {os.path.dirname(os.path.dirname(__file__))} &"
    subprocess.run(["sh", "-c", command], env={"PATH": os.environ["PATH"]}, check=True)

def test_leaves_a_forked_child():
    # (forked, not executed: its environment is its parent's first one, without the session's mark)
    multiprocessing.get_context("fork").Process(target=time.sleep, args=(120,), name="forked-by-a-test").start()
'''

TIDY = '''
import subprocess, sys

def test_waits_for_what_it_starts():
    subprocess.run([sys.executable, "-c", "pass"], check=True)
'''


def alive(word: str) -> list[int]:
    """Live processes whose command line holds ``word``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and word.encode() in (entry / "cmdline").read_bytes() and \
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def run_suite(folder: Path, tests: str, *options: str) -> subprocess.CompletedProcess:
    (folder / "tests").mkdir(parents=True)
    conftest = (ROOT / "tests" / "conftest.py").read_text()
    assert "GRACE = 20.0" in conftest
    (folder / "tests" / "conftest.py").write_text(conftest.replace("GRACE = 20.0", "GRACE = 1.0"))
    (folder / "tests" / "test_it.py").write_text(tests)
    (folder / "pytest.ini").write_text("[pytest]\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *options, "tests"], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=300)


def test_a_run_that_leaves_processes_running_fails_and_ends_them(tmp_path):
    checkout = tmp_path / "checkout"
    done = run_suite(checkout, LEAVES)
    assert done.returncode != 0, done.stdout
    assert "3 passed" in done.stdout and "1 error" in done.stdout, done.stdout
    assert "3 process(es) of the test run still alive" in done.stdout, done.stdout
    assert "started-by-a-test" in done.stdout and f"parent 1: {sys.executable} -c import time" in done.stdout
    time.sleep(0.5)
    assert alive("started-by-a-test") == [] and alive(str(checkout)) == []  # ended by the failed run


def test_a_run_that_ends_what_it_starts_passes(tmp_path):
    done = run_suite(tmp_path / "checkout", TIDY)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout and "error" not in done.stdout


def test_a_run_on_two_workers_that_leaves_processes_running_fails_and_ends_them(tmp_path):
    """`make test` runs the suite with pytest-xdist: the workers keep the run's mark and the controller checks
    once they have ended (a worker checking alone would see the other's processes, alive until it ends)."""
    pytest.importorskip("xdist", reason="pytest-xdist is part of the test extra")
    checkout = tmp_path / "checkout"
    done = run_suite(checkout, LEAVES, "-n", "2", "--dist", "loadgroup")
    assert done.returncode != 0, done.stdout
    # the worker's own children (the one it started, the one it forked) by the worker, at its last test's
    # teardown; the orphan of init by the controller, once the workers have ended (said before the errors)
    assert "3 passed" in done.stdout and "1 error" in done.stdout, done.stdout
    by_controller, by_worker = done.stdout.split("= ERRORS =", 1)
    assert "2 process(es) of the test run still alive" in by_worker and "started-by-a-test" in by_worker
    assert "1 process(es) of the test run still alive" in by_controller, done.stdout
    assert f"parent 1: {sys.executable} -c import time" in by_controller, done.stdout
    time.sleep(0.5)
    assert alive("started-by-a-test") == [] and alive(str(checkout)) == []  # ended by the failed run


def test_a_run_on_two_workers_that_ends_what_it_starts_passes(tmp_path):
    pytest.importorskip("xdist", reason="pytest-xdist is part of the test extra")
    done = run_suite(tmp_path / "checkout", TIDY, "-n", "2", "--dist", "loadgroup")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout and "error" not in done.stdout
