"""The Compare page in a real browser (Debian's chromium through Playwright; skipped only when it is absent).

A small comparison of ``standard`` with a partner-catch-6 variant: the time it will take, said before it starts;
the verdict in words and the warning that the partner catch never came into play; a run left for another page and found again on coming back; a long run
found again after reloading the page, then cancelled. Screenshots go into the test's tmp_path.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "editor"))
from browser import chromium_path, launch, serve_app, wait_idle  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)"),
]


def go(page, name: str) -> None:
    page.get_by_role("link", name=name, exact=True).first.click()
    wait_idle(page)


def choose(page, key: str, option: str) -> None:
    """Pick ``option`` in the selectbox with widget key ``key``."""
    box = page.locator(f".st-key-{key} input[role='combobox']")
    box.click()
    box.fill(option)
    page.get_by_role("option", name=option, exact=True).click()
    wait_idle(page)


def type_number(page, key: str, value) -> None:
    box = page.locator(f".st-key-{key} input")
    box.fill(str(value))
    box.press("Enter")
    wait_idle(page)


def home_with_partner_catch_six(tmp_path) -> Path:
    """A home whose own rulesets hold examples/partner-catch-six.yaml."""
    home = tmp_path / "home"
    (home / "rulesets").mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "partner-catch-six.yaml", home / "rulesets" / "partner-catch-six.yaml")
    return home


def compare_standard_with_partner_catch_six(browser, url):
    """A desktop-sized page on Compare, standard (A) against the home's partner-catch-six (B)."""
    page = browser.new_page(viewport={"width": 1400, "height": 1800})
    page.goto(url)
    wait_idle(page)
    go(page, "Compare")
    choose(page, "cmp_a", "standard")
    choose(page, "cmp_b", "partner-catch-six (yours)")
    return page


def simulate_games(page, games: int):
    """Ask for ``games`` games of each, wait for the estimate of their time, press Simulate; the estimate's
    words as they were before the run."""
    type_number(page, "cmp_games", games)
    estimate = page.get_by_text(f"on this machine: {games} games of each with typical bots")
    estimate.wait_for(timeout=120_000)
    said = estimate.inner_text()
    page.get_by_role("button", name="Simulate", exact=True).click()
    return said


def test_compare_in_the_browser_verdict_warning_leaving_the_page_and_cancel(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    with serve_app(home=home_with_partner_catch_six(tmp_path)) as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            page = compare_standard_with_partner_catch_six(browser, url)
            assert page.get_by_text("Thunee partner catch: 8 balls \u2192 6 balls").first.is_visible()
            # before starting: how long it will take here, from games timed with these bots
            assert simulate_games(page, 6).startswith("Takes ")

            # leave at once for another page: the run goes on; coming back finds it (going on or done)
            go(page, "Library")
            page.wait_for_timeout(1500)
            go(page, "Compare")
            # (the games cannot show the partner catch; replaying their Thunees can: the verdict leads with that)
            verdict = page.locator('[data-testid="stAlert"]').filter(
                has_text="Thunee partner catch: 8 balls \u2192 6 balls: when it happens")
            verdict.wait_for(timeout=180_000)
            assert "It never came up in these games; replayed " in verdict.inner_text()
            warning = page.locator('[data-testid="stAlert"]').filter(
                has_text="Thunee partner catch: 8 balls \u2192 6 balls: this never came into play")
            warning.wait_for(timeout=10_000)
            assert "Thunee caught by partner" in warning.inner_text() and "more games" in warning.inner_text()
            wait_idle(page)
            page.screenshot(path=str(tmp_path / "compare-warning.png"), full_page=True)
            glance = page.locator("[data-testid=\"stDataFrame\"]:visible").first
            assert glance.is_visible()
            # the downloads, made when clicked: the comparison the page shows
            with page.expect_download() as got:
                page.get_by_role("button", name="Download the results (JSON)").click()
            saved = json.loads(Path(got.value.path()).read_text())
            assert (saved["games"], saved["bots"], len(saved["rulesets"])) == (6, "typical", 2)
            with page.expect_download() as got:
                page.get_by_role("button", name="Download the results (CSV)").click()
            assert "standard" in Path(got.value.path()).read_text()

            # a long run: its progress and time left, then Cancel (random bots: the games a worker is
            # playing when Cancel comes end quickly, before the app is stopped at the end of the test)
            choose(page, "cmp_bots", "random")
            type_number(page, "cmp_games", 20000)
            page.get_by_role("button", name="Simulate", exact=True).click()
            progress = page.get_by_text("Playing 20000 games of standard and of partner-catch-six")
            progress.wait_for(timeout=60_000)
            page.get_by_text(" left", exact=False).first.wait_for(timeout=120_000)  # the time estimate
            assert page.get_by_role("button", name="Simulate", exact=True).is_disabled()
            page.screenshot(path=str(tmp_path / "compare-running.png"))
            page.reload()  # a new browser session: the address leads back to the run
            wait_idle(page)
            progress.wait_for(timeout=60_000)
            page.get_by_role("button", name="Cancel").click()
            page.get_by_text("Cancelled after").wait_for(timeout=60_000)
            wait_idle(page)
            assert page.get_by_role("button", name="Simulate", exact=True).is_enabled()
            assert verdict.is_visible()  # the finished comparison is still there
            page.screenshot(path=str(tmp_path / "compare-cancelled.png"))
        finally:
            browser.close()
    for name in ("compare-warning", "compare-running", "compare-cancelled"):
        assert (tmp_path / f"{name}.png").stat().st_size > 10_000
