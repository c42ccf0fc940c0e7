"""The Compare page in a real browser: standard against partner-catch-six. The partner catch comes up too
seldom for the games to show it, so the page says, under that warning, what replaying the deals with a Thunee
called found (success when the difference is clear); at desktop and at phone width. Screenshots go into the
test's tmp_path (compare-focus-desktop.png, compare-focus-phone.png)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "editor"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import chromium_path, launch, serve_app, wait_idle  # noqa: E402
from test_browser_compare import compare_standard_with_partner_catch_six, home_with_partner_catch_six  # noqa: E402
from test_browser_compare import simulate_games  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)"),
]

GAMES = 30  # (the page's default is 200: test_sim_focus.py checks those numbers without a browser)


def test_the_page_says_what_replays_of_the_thunees_called_found(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    with serve_app(home=home_with_partner_catch_six(tmp_path)) as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            page = compare_standard_with_partner_catch_six(browser, url)
            simulate_games(page, GAMES)
            note = page.locator('[data-testid="stAlert"]').filter(
                has_text=re.compile(r"(A clear difference|Replayed) where it can happen"))
            note.wait_for(timeout=400_000)
            wait_idle(page)
            text = note.inner_text()
            assert "(Thunee partner catch: 8 balls \u2192 6 balls)" in text  # (markdown draws -> as an arrow)
            assert "Replayed " in text and "deals of these games with a Thunee called" in text
            assert "the cards the caller had not seen dealt again" in text
            if "A clear difference where it can happen" in text:  # (a time budget: on a slow machine, maybe not)
                assert "the caller's opponents opened 2 balls fewer each time" in text
                # the rule's own sentence in the verdict says what the replays found
                verdict = page.get_by_text(re.compile(r"^Thunee partner catch: 8 balls . 6 balls: when it happens, "
                                                      r"the caller's opponents open 2 balls fewer\."))
                assert verdict.first.is_visible()
            # the note sits right under the warning about the rule
            warning = page.locator('[data-testid="stAlert"]').filter(has_text="Thunee partner catch: 8 balls")
            assert warning.count() >= 2
            page.screenshot(path=str(tmp_path / "compare-focus-desktop.png"), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            wait_idle(page)
            note.scroll_into_view_if_needed()
            page.screenshot(path=str(tmp_path / "compare-focus-phone.png"), full_page=True)
        finally:
            browser.close()
    for name in ("compare-focus-desktop", "compare-focus-phone"):
        assert (tmp_path / f"{name}.png").stat().st_size > 10_000
