"""A page or library file changed while the app is served, then Simulate on Compare (a real browser).

With PYTHONPATH naming the checkout (as in development), Streamlit's source watcher used to drop every
``thunee_dsl`` module from ``sys.modules`` on any source change (a page edited, a merge into the served
checkout), so the next run imported a second library whose ``Ruleset`` refused the cached rulesets:
"Cannot simulate: expected compiled rulesets (thunee_dsl.load_ruleset), got Ruleset". The app is served
from a copy here, so the test can edit it.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
from browser import launch, serve_app, wait_idle
from test_browser_compare import choose, go, type_number

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("edited", ["editor/app_common.py", "thunee_dsl/editor/comparing.py"])
def test_simulate_after_a_source_file_changed_under_the_running_app(tmp_path, edited):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    src = tmp_path / "src"
    for folder in ("thunee_dsl", "rulesets", "editor"):
        shutil.copytree(ROOT / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__"))
    with serve_app(home=tmp_path / "home", env={"PYTHONPATH": str(src)}, app=src / "editor" / "app.py") as url, \
            sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1400})
            page.goto(url)
            wait_idle(page)
            go(page, "Compare")
            choose(page, "cmp_a", "standard")
            choose(page, "cmp_b", "royals")  # both compiled (and cached) by the library as first imported
            source = src / edited  # a page edited, or the library changed (a merge into the served checkout)
            source.write_text(source.read_text(encoding="utf-8") + "\n# changed while served\n", encoding="utf-8")
            page.wait_for_timeout(3000)  # time for the watcher to see it
            type_number(page, "cmp_games", 2)  # the next run: the watcher's evictions happen here
            page.get_by_role("button", name="Simulate", exact=True).click()
            page.get_by_text("Download the results (JSON)").or_(page.get_by_text("Cannot simulate")).first.wait_for(
                timeout=120_000)
            wait_idle(page)
            page.screenshot(path=str(tmp_path / "compare-after-change.png"), full_page=True)
            assert page.get_by_text("Cannot simulate").count() == 0
            assert page.locator('[data-testid="stException"]').count() == 0
        finally:
            browser.close()
