"""First run on a fresh machine: ``thunee-dsl editor`` serves at once and asks nothing.

Streamlit, on its first run in a terminal, stops at a "Welcome! Email:" prompt (and without a terminal
exits with an error); where a display is present it also opens a browser, and where an AI agent's
folder is in the home it offers to install "agent skills" in the terminal and as a toast on the page.
The app's own ``.streamlit/config.toml`` turns all of that off. Each test starts the real command with
a fresh HOME (no ``~/.streamlit``), types nothing, and expects ``/_stcore/health`` within 20 seconds:

* under a pseudo-terminal (``script -qfec CMD LOG``), headless and not (a fake display and a fake
  ``xdg-open`` that only notes the address it was asked to open);
* with standard input closed (as under ``nohup`` or a service).

Then a real browser checks the page, with a coding agent's folder in the home (which is what makes
Streamlit show its toast): no Deploy button, no toast.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
from browser import free_port, launch, wait_idle

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("script") is None, reason="util-linux `script` is not installed"),
]
pytest.importorskip("streamlit", reason="the app extra (streamlit) is not installed")

HEALTH_WITHIN = 20.0  # seconds, from the command's start, with nothing typed
PROMPT_WORDS = ("Email", "Welcome to Streamlit", "streamlit skills")


def fresh_home(tmp_path: Path, *, agent: bool = False) -> Path:
    """An empty home (no ~/.streamlit); with ``agent``, a ``~/.claude`` folder as a coding agent leaves."""
    home = tmp_path / "home"
    home.mkdir()
    if agent:
        (home / ".claude").mkdir()
    return home


def environment(tmp_path: Path, home: Path, *, display: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("STREAMLIT_") and k not in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER")}
    env.update(HOME=str(home), THUNEE_DSL_HOME=str(tmp_path / "rulesets-home"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    if display:
        # Streamlit reads a display as "a person at a desktop": it would prompt and open a browser.
        bindir = tmp_path / "bin"
        bindir.mkdir()
        opener = bindir / "xdg-open"
        opener.write_text(f'#!/bin/sh\necho "$@" >> {shlex.quote(str(tmp_path / "opened.txt"))}\n')
        opener.chmod(0o755)
        env.update(DISPLAY=":99", PATH=f"{bindir}{os.pathsep}{env.get('PATH', '')}")
    return env


def editor_command(port: int, *, headless: bool) -> list[str]:
    command = [sys.executable, "-m", "thunee_dsl", "editor", "--port", str(port), "--address", "127.0.0.1"]
    return command + (["--headless"] if headless else [])


def health(port: int) -> str | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as resp:
            return resp.read().decode()
    except OSError:
        return None


def wait_for_health(proc: subprocess.Popen, port: int, log: Path) -> float:
    """Seconds until the app answered; fails with the log if it stopped or stayed silent."""
    start = time.monotonic()
    while time.monotonic() - start < HEALTH_WITHIN:
        if health(port) == "ok":
            return time.monotonic() - start
        if proc.poll() is not None:
            break
        time.sleep(0.25)
    text = log.read_text(errors="replace") if log.exists() else ""
    pytest.fail(f"no /_stcore/health within {HEALTH_WITHIN}s (exit {proc.poll()}):\n{text[-3000:]}")


def stop(proc: subprocess.Popen, port: int) -> None:
    """End the command we started (its process group) and make sure the server is gone."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 20
    while health(port) is not None and time.monotonic() < deadline:
        time.sleep(0.25)
    assert health(port) is None, "the server outlived its command"


@contextlib.contextmanager
def under_a_terminal(tmp_path: Path, env: dict[str, str], port: int, *, headless: bool):
    """``thunee-dsl editor`` under ``script`` (a pseudo-terminal); stdin is a pipe nobody writes to."""
    log = tmp_path / "terminal.log"
    cmd = ["script", "-qfec", shlex.join(editor_command(port, headless=headless)), str(log)]
    proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_health(proc, port, log)
        yield log
    finally:
        stop(proc, port)
        proc.stdin.close()


def assert_asked_nothing(log: Path) -> None:
    text = log.read_text(errors="replace")
    assert "thunee-dsl editor: http://127.0.0.1:" in text  # our own one line says where the app is
    for words in PROMPT_WORDS:
        assert words not in text, text


@pytest.mark.parametrize("headless", [False, True], ids=["desktop", "headless"])
def test_under_a_terminal_with_a_fresh_home(tmp_path, headless):
    env = environment(tmp_path, fresh_home(tmp_path), display=not headless)
    port = free_port()
    with under_a_terminal(tmp_path, env, port, headless=headless) as log:
        assert_asked_nothing(log)
        if not headless:
            assert_browser_opened(tmp_path, port)


def assert_browser_opened(tmp_path: Path, port: int) -> None:
    """At a desktop the command opens the app in the browser (our fake xdg-open noted the address)."""
    deadline = time.monotonic() + 10
    while not (tmp_path / "opened.txt").exists() and time.monotonic() < deadline:
        time.sleep(0.25)
    assert (tmp_path / "opened.txt").read_text().split() == [f"http://127.0.0.1:{port}"]


@pytest.mark.browser
def test_at_a_desktop_it_opens_the_browser_and_the_page_has_no_deploy_button_and_no_toast(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    env = environment(tmp_path, fresh_home(tmp_path, agent=True), display=True)
    port = free_port()
    with under_a_terminal(tmp_path, env, port, headless=False) as log:
        assert_asked_nothing(log)
        assert_browser_opened(tmp_path, port)
        with sync_api.sync_playwright() as p:
            browser = launch(p)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.goto(f"http://127.0.0.1:{port}")
                wait_idle(page)
                page.wait_for_timeout(1500)  # a toast would come with the session's first message
                page.screenshot(path=str(tmp_path / "first-run.png"))
                assert page.get_by_text("South African Thunee (four players)").first.is_visible()
                assert page.get_by_role("link", name="Editor", exact=True).first.is_visible()
                assert page.get_by_role("button", name="Deploy").count() == 0
                assert page.get_by_text("Deploy", exact=True).count() == 0
                assert page.locator('[data-testid="stToast"]').count() == 0
                assert page.locator('[data-testid="stSkillsNudge"]').count() == 0  # Streamlit's promotion
                assert page.get_by_text("Help agents write better apps").count() == 0
                assert page.locator('[data-testid="stAppDeployButton"]').count() == 0
            finally:
                browser.close()


@pytest.mark.parametrize("headless", [False, True], ids=["desktop", "headless"])
def test_with_standard_input_closed(tmp_path, headless):
    env = environment(tmp_path, fresh_home(tmp_path), display=not headless)
    port, log = free_port(), tmp_path / "output.log"
    command = shlex.join(editor_command(port, headless=headless)) + " <&-"  # no stdin at all, as under nohup
    with open(log, "wb") as out:
        proc = subprocess.Popen(["sh", "-c", f"exec {command}"], env=env, cwd=tmp_path, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_health(proc, port, log)
        assert_asked_nothing(log)
    finally:
        stop(proc, port)
