"""Worker processes end with the process that started them, however it ends: a SIGKILL leaves no exit hook to
stop them, and a killed app server used to leave its warm workers, their fork server and the resource tracker
running for ever (their parent: init). Each case starts a program that owns a pool and plays, kills it, and waits
(bounded) until none of its processes is left."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import pytest
from process_watch import left_after, marked

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc")

#: The owner: the app's warm pool (forkserver: the program has threads) or a run's own pool (fork: one thread),
#: busy with a long run when it is killed.
OWNER = """
import faulthandler, os, signal, sys, threading, time
# (as a program started from a shell: a pytest-xdist worker starts its children with SIGINT ignored)
signal.signal(signal.SIGINT, signal.default_int_handler)
faulthandler.register(signal.SIGUSR1, all_threads=True)  # (where it waits, should it not end: the test asks)
from thunee_dsl import shipped_ruleset
from thunee_dsl.simulation import runner, simulate

kind = sys.argv[1]
if kind == "warm":
    from thunee_dsl.editor.pool import WarmPool
    threading.Thread(target=time.sleep, args=(600,), daemon=True).start()  # a server's threads: forkserver
    pool = WarmPool(workers=2)
    runner.share_pool(pool)
    pool.start()
    assert pool.ready.wait(120)
said = []

def progress(done, total):
    if not said:
        said.append(print("playing", flush=True))

def play():
    simulate([shipped_ruleset("standard")], games=20000, bots="random", jobs=2, progress=progress)

if kind == "warm":
    threading.Thread(target=play, daemon=True).start()  # as the app plays a comparison beside its server
    time.sleep(600)
else:
    assert threading.active_count() == 1
    play()  # (a run's own pool, started from a program with one thread: fork)
"""

#: Seconds the owner gets to end once signalled: it ends in about 3 s on a quiet machine (a SIGINT waits for
#: nothing under way), but a loaded one (a CI run beside other work, pytest-xdist's two workers) took over 60.
#: A hang still fails, saying each thread's stack then.
ENDS_WITHIN = 180


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["warm", "own"])
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT], ids=["SIGKILL", "SIGTERM", "SIGINT"])
def test_a_killed_owner_leaves_no_worker_fork_server_or_resource_tracker(kind, how):
    mark = uuid.uuid4().hex
    env = dict(os.environ, PYTHONPATH=str(ROOT), THUNEE_OWNER_TEST=mark)
    owner = subprocess.Popen([sys.executable, "-c", textwrap.dedent(OWNER), kind], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert owner.stdout.readline().strip() == "playing", owner.stderr.read() if owner.poll() else "no answer"
        helpers = {pid: cmd for pid, cmd in marked(mark).items() if pid != owner.pid}
        assert len(helpers) >= 2, helpers  # its two workers (and with forkserver, the server and the tracker)
        if kind == "warm":
            assert any("forkserver" in cmd for cmd in helpers.values()), helpers
        owner.send_signal(how)
        try:
            owner.wait(ENDS_WITHIN)
        except subprocess.TimeoutExpired:
            owner.send_signal(signal.SIGUSR1)
            time.sleep(2)
            owner.kill()
            pytest.fail(f"the owner did not end within {ENDS_WITHIN} s of its {how.name}; its threads then:\n"
                        f"{owner.communicate(timeout=30)[1][-6000:]}")
        left = left_after(mark, 30)
        assert not left, f"left running after the owner's {how.name}: {left}"
    finally:
        for pid in marked(mark):  # (a failed test leaves nothing behind either)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if owner.poll() is None:
            owner.kill()
        owner.wait(10)
        owner.stdout.close()
        owner.stderr.close()
