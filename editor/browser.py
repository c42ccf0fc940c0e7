"""Serve the app and drive it in Debian's chromium (the browser test and the screenshot script share this).

Playwright's own browser download does not work on our machines: Debian's ``chromium`` package does.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
APP = HERE / "app.py"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    """Debian's chromium, if installed."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium") or "", shutil.which("chromium-browser") or ""):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve_app(home: str | Path | None = None, timeout: float = 60.0, env: dict | None = None, app: Path = APP):
    """Run the app headless on a free port; yields its base URL. ``home`` becomes THUNEE_DSL_HOME
    (a fresh temporary folder by default, so a user's own rulesets are never touched); ``env`` adds to
    (or, with None values, removes from) the app's environment; ``app``: another copy of the app's script
    (served from the folder above it, as this one is)."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "THUNEE_DSL_HOME": str(home or tmp), **(env or {})}
        env = {k: v for k, v in env.items() if v is not None}
        log = Path(tmp) / "streamlit.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-m", "streamlit", "run", str(app), "--server.headless", "true",
                 "--server.address", "127.0.0.1", "--server.port", str(port),
                 "--browser.gatherUsageStats", "false"],
                env=env, stdout=out, stderr=subprocess.STDOUT, cwd=str(Path(app).parent.parent))
            url = f"http://127.0.0.1:{port}"
            try:
                deadline = time.monotonic() + timeout
                while True:
                    if proc.poll() is not None:
                        raise RuntimeError(f"the app stopped (exit {proc.returncode}):\n{log.read_text()[-2000:]}")
                    try:
                        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as resp:
                            if resp.status == 200:
                                break
                    except OSError:
                        pass
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"the app did not answer in {timeout}s:\n{log.read_text()[-2000:]}")
                    time.sleep(0.3)
                yield url
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


def launch(playwright):
    """Chromium through Playwright, with the flags our machines need."""
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)


def wait_idle(page, timeout: float = 60_000) -> None:
    """Wait until the app's script run is over and the page is drawn (no loading skeletons)."""
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=timeout)
    page.wait_for_function("""() => !document.querySelector('[data-testid="stSkeleton"]')""", timeout=timeout)
    page.wait_for_timeout(300)
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=timeout)


def deal_with_seed(page, seed: int) -> None:
    """On the Playtest page: set the seed and deal (a repeatable game)."""
    box = page.locator(".st-key-pt_seed input")
    box.fill(str(seed))
    box.press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Deal", exact=True).click()
    wait_idle(page)


def save_as(page, name: str) -> None:
    """On the Editor page: type the name to save under, then click Save."""
    box = page.locator(".st-key-ed_save_name input")
    box.fill(name)
    box.press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Save", exact=True).click()
    wait_idle(page)


CODE_EDITOR = "iframe[title='code_editor.code_editor']"


def code_editor_frame(page, timeout: float = 60_000):
    """The Editor page's code editor (Ace, in a component iframe), once drawn. After Open, Restore or a
    link the app draws a new one: wait until the old one is gone, so keys never go to a frame on its way out."""
    page.wait_for_selector(CODE_EDITOR, timeout=timeout)
    page.wait_for_function(f"() => document.querySelectorAll({CODE_EDITOR!r}).length === 1", timeout=timeout,
                           polling=100)
    frame = page.locator(CODE_EDITOR).element_handle().content_frame()
    frame.wait_for_selector(".ace_content", timeout=timeout)
    return frame


def code_editor_text(page) -> str:
    """The text the code editor shows."""
    return code_editor_frame(page).evaluate("() => document.querySelector('.ace_editor').env.editor.getValue()")


def replace_code_editor_text(page, text: str) -> None:
    """Select all in the code editor and put ``text`` in its place, as a paste (no auto-indent), then let
    the app check it (the editor sends its text 250 ms after the last change)."""
    code_editor_frame(page).click(".ace_content")
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(text)
    page.wait_for_timeout(600)
    wait_idle(page)


def choose_rules(page, label: str) -> None:
    """On the Playtest page, before dealing: pick the rules by their label in the list (``six-player``)."""
    page.locator(".st-key-pt_ref_pick").click()
    page.get_by_role("option", name=label, exact=True).click()
    wait_idle(page)
