"""The app in a real browser: Debian's chromium driven by Playwright (skipped only when chromium is absent).

Starts ``streamlit run editor/app.py`` headless on a free port, waits for ``/_stcore/health``, then: the
Editor shows a located error for a typo and clears it once fixed; Playtest deals and a card is played.
Screenshots go into the test's tmp_path.
"""

from __future__ import annotations

import pytest

from browser import (code_editor_text, deal_with_seed, launch, replace_code_editor_text,
                     serve_app, wait_idle)

pytestmark = pytest.mark.browser

VALID = "extends: standard\nname: browser-rules\ngame:\n  target: 13\n"
TYPO = VALID.replace("target", "targt")


def test_edit_an_error_then_play_a_card(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    with serve_app(home=tmp_path / "home") as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.goto(url)
            wait_idle(page)
            assert page.get_by_text("South African Thunee (four players)").first.is_visible()

            page.get_by_role("link", name="Editor", exact=True).first.click()
            wait_idle(page)
            replace_code_editor_text(page, TYPO)
            # visible: the copy of the first problem under the text is for phones (hidden at this width)
            error = page.get_by_text("Line 4, column 3:").locator("visible=true")
            error.wait_for(timeout=30_000)
            assert "unknown key 'targt'" in page.locator('[data-testid="stAlert"]:visible').all_inner_texts()[1]
            assert page.get_by_text("targt: 13").count() >= 1  # under the error
            assert "targt: 13" in code_editor_text(page)  # and in the code editor (its own frame)
            page.screenshot(path=str(tmp_path / "editor-error.png"))
            replace_code_editor_text(page, VALID)
            page.get_by_text("Valid.").wait_for(timeout=30_000)
            assert page.get_by_text("Line 4, column 3:").count() == 0

            page.get_by_role("link", name="Playtest", exact=True).first.click()
            wait_idle(page)
            deal_with_seed(page, 7)
            played = None
            for _ in range(12):
                cards = page.locator('[class*="st-key-pt_card_"] button:not([disabled])')
                if page.get_by_text("Your turn: click a card to play it").count() and cards.count():
                    holder = cards.first.locator("xpath=ancestor::*[contains(@class, 'st-key-pt_card_')][1]")
                    played = next(c for c in holder.get_attribute("class").split() if c.startswith("st-key-pt_card_"))
                    cards.first.click()
                    wait_idle(page)
                    break
                page.locator('[class*="st-key-pt_do_"] button, [class*="st-key-pt_card_"] button:not([disabled])'
                             ).last.click()
                wait_idle(page)
            assert played is not None, "never reached a card to play"
            assert page.locator(f".{played}").count() == 0  # the card left the hand
            page.screenshot(path=str(tmp_path / "playtest.png"))
        finally:
            browser.close()
    assert (tmp_path / "editor-error.png").stat().st_size > 10_000
    assert (tmp_path / "playtest.png").stat().st_size > 10_000
