"""Shared fixtures of the editor's tests: the Streamlit app under AppTest, with a private user folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The browser tests import the app's own driver, editor/browser.py (shared with editor/screenshots.py, so it
# cannot need pytest): editor/ goes on sys.path once, here, before any test module is imported.
if str(ROOT / "editor") not in sys.path:
    sys.path.insert(0, str(ROOT / "editor"))
from browser import chromium_path  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives the app in Debian's chromium (slow; skipped without it)")


@pytest.hookimpl(tryfirst=True)  # before `-m` selects: a browser test is a slow test too
def pytest_collection_modifyitems(config, items):
    """``pytestmark = pytest.mark.browser``: slow, and skipped (saying why) where chromium is not installed."""
    missing = pytest.mark.skip(reason="chromium is not installed (apt-get install chromium)")
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.slow)
            if chromium_path() is None:
                item.add_marker(missing)
APP = ROOT / "editor" / "app.py"
PAGES = {"library": "app_pages/library.py", "editor": "app_pages/editor.py",
         "playtest": "app_pages/playtest.py", "compare": "app_pages/compare.py"}


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """THUNEE_DSL_HOME for the app: a fresh folder per test."""
    folder = tmp_path / "home"
    monkeypatch.setenv("THUNEE_DSL_HOME", str(folder))
    return folder


@pytest.fixture
def app(home):
    """A function: the app opened on a page (after a first run of the default page)."""
    st_testing = pytest.importorskip("streamlit.testing.v1", reason="the app extra (streamlit) is not installed")

    def open_page(page: str = "library"):
        at = st_testing.AppTest.from_file(str(APP), default_timeout=120)
        at.run()
        assert not at.exception, at.exception
        if page != "library":
            at.switch_page(PAGES[page]).run()
            assert not at.exception, at.exception
        return at

    return open_page




@pytest.fixture(scope="module")
def browser_app(tmp_path_factory):
    """The app served headless with a private user folder, and Debian's chromium: ``(url, browser)``."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    from browser import launch, serve_app
    with serve_app(home=tmp_path_factory.mktemp("home")) as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            yield url, browser
        finally:
            browser.close()

@pytest.fixture(autouse=True)
def _main_module_put_back():
    """AppTest, like Streamlit, installs the app script as ``__main__`` and leaves it there; a later test that
    starts worker processes from a program with threads (forkserver) would have every worker run the app
    script first. The app itself starts its workers under ``background.plain_main()``; tests get their
    ``__main__`` back after each test."""
    import sys

    main = sys.modules.get("__main__")
    yield
    if main is not None:
        sys.modules["__main__"] = main
    # the Compare page starts the app's warm workers and lends them to every run of this process: a test
    # process is not an app server, so they are stopped and taken back after the test that started them
    from thunee_dsl.editor import pool
    from thunee_dsl.simulation import runner

    if runner._SHARED is pool.POOL:
        runner.share_pool(None)
    pool.POOL.stop()
