"""``thunee-dsl editor``: the command that serves the app."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from thunee_dsl.cli.editor import streamlit_command
from thunee_dsl.cli.main import main
from thunee_dsl.editor import app_path

ROOT = Path(__file__).resolve().parents[2]
from browser import free_port


def test_the_app_is_found_in_the_source_tree():
    assert app_path() == ROOT / "editor" / "app.py" and app_path().is_file()


def test_the_command_runs_streamlit_on_the_app():
    cmd = streamlit_command(port=8765, address="127.0.0.1", headless=True)
    assert cmd[:4] == [sys.executable, "-m", "streamlit", "run"] and cmd[4] == str(app_path())
    opts = dict(zip(cmd[5::2], cmd[6::2]))
    assert opts == {"--server.port": "8765", "--server.address": "127.0.0.1", "--server.headless": "true",
                    "--browser.gatherUsageStats": "false"}


def test_a_bad_port_is_one_line_and_status_2(capsys):
    assert main(["editor", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: --port must be 1 to 65535, not 0"


def test_thunee_dsl_editor_serves_the_app(tmp_path):
    pytest.importorskip("streamlit", reason="the app extra (streamlit) is not installed")
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "thunee_dsl", "editor", "--port", str(port), "--address",
                             "127.0.0.1", "--headless"], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env={**__import__("os").environ,
                                                           "THUNEE_DSL_HOME": str(tmp_path / "home")})
    try:
        deadline, body = time.monotonic() + 60, None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as resp:
                    body = resp.read().decode()
                    break
            except OSError:
                time.sleep(0.3)
        assert body == "ok", proc.stdout.read().decode() if proc.poll() is not None else "no answer"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_stopping_the_editor_command_stops_the_app(tmp_path):
    """`kill PID` of `thunee-dsl editor` (what a service manager or a script does) left the Streamlit
    server it started serving on, its port taken, with no command to stop it."""
    pytest.importorskip("streamlit", reason="the app extra (streamlit) is not installed")
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "thunee_dsl", "editor", "--port", str(port), "--address",
                             "127.0.0.1", "--headless"], cwd=tmp_path, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True,
                            env={**os.environ, "THUNEE_DSL_HOME": str(tmp_path / "home")})

    def answers() -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                return True
        except OSError:
            return False

    try:
        deadline = time.monotonic() + 60
        while not answers() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.3)
        assert answers(), "the app never answered"
        proc.send_signal(signal.SIGTERM)  # the command only, as `kill PID` does
        proc.wait(timeout=30)
        deadline = time.monotonic() + 20
        while answers() and time.monotonic() < deadline:
            time.sleep(0.3)
        assert not answers(), "the app outlived its command"
    finally:
        with contextlib.suppress(ProcessLookupError):  # the command and its server, whatever happened
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=20)
