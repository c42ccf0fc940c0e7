"""The app server's processes end with it, however it is stopped: Ctrl+C (SIGINT), `kill` (SIGTERM) or a
SIGKILL, which runs no exit hook. A SIGKILLed server left its warm workers, their fork server and the resource
tracker running for ever (parent init); so did a SIGKILLed `thunee-dsl editor` command its server.

Each test serves the app, opens it in chromium (the first page's run starts the warm workers), stops the server
and waits, a bounded time, until none of the processes it started is left."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from browser import free_port, launch, wait_idle
from process_watch import left_after, marked
from test_first_run import health

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc")]

ROOT = Path(__file__).resolve().parents[2]
MARK = "THUNEE_SERVER_TEST"


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    with sync_api.sync_playwright() as p:
        chromium = launch(p)
        try:
            yield chromium
        finally:
            chromium.close()


def wait_until(check, seconds: float):
    """``check()``'s first true answer within ``seconds`` (else its last)."""
    deadline = time.monotonic() + seconds
    while not (found := check()) and time.monotonic() < deadline:
        time.sleep(0.25)
    return found


@contextlib.contextmanager
def served(tmp_path: Path, command: list[str], mark: str):
    """``command`` (its last argument the port's option) serving the app on a free port, in a session of its
    own; yields (process, url)."""
    port = free_port()
    env = dict(os.environ, THUNEE_DSL_HOME=str(tmp_path / "home"), **{MARK: mark})
    log = open(tmp_path / "server.log", "wb")
    proc = subprocess.Popen(command + [str(port)],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        assert wait_until(lambda: health(port) or proc.poll() is not None, 90) and health(port) == "ok", \
            (tmp_path / "server.log").read_text()[-2000:]
        yield proc, url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        for pid in marked(mark):  # (whatever a failed test left)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        proc.wait(20)
        log.close()


def warm_workers(browser, url: str, mark: str) -> dict[int, str]:
    """Open the app (its first run starts the warm workers) and wait until they are up: the fork server and
    one worker per core, forked from it."""
    page = browser.new_page()
    try:
        page.goto(url)
        wait_idle(page)
        workers = os.cpu_count() or 1

        def pool() -> dict[int, str]:
            found = {pid: cmd for pid, cmd in marked(mark).items() if "forkserver" in cmd}
            return found if len(found) >= 1 + workers else {}
        return wait_until(pool, 90)
    finally:
        page.close()


SERVER = [sys.executable, "-m", "streamlit", "run", str(ROOT / "editor" / "app.py"), "--server.headless", "true",
          "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false", "--server.port"]


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT], ids=["SIGKILL", "SIGTERM", "SIGINT"])
def test_a_stopped_server_leaves_no_worker(browser, tmp_path, how):
    mark = uuid.uuid4().hex
    with served(tmp_path, SERVER, mark) as (server, url):
        pool = warm_workers(browser, url, mark)
        assert pool, f"the warm workers did not start: {marked(mark)}"
        os.kill(server.pid, how)  # the server alone (its workers are in its process group: not signalled)
        server.wait(60)
        left = left_after(mark, 30)
        assert not left, f"left running after the server's {how.name}: {left}"


def test_a_killed_editor_command_stops_its_server_and_its_workers(browser, tmp_path):
    mark = uuid.uuid4().hex
    command = [sys.executable, "-m", "thunee_dsl", "editor", "--address", "127.0.0.1", "--headless", "--port"]
    with served(tmp_path, command, mark) as (editor, url):
        assert warm_workers(browser, url, mark), f"the warm workers did not start: {marked(mark)}"
        os.kill(editor.pid, signal.SIGKILL)  # the command alone: no handler of its own runs
        editor.wait(60)
        left = left_after(mark, 60)
        assert not left, f"left running after the editor command's SIGKILL: {left}"
