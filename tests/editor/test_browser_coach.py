"""The coach in a real browser (Debian's chromium through Playwright; skipped without chromium): Playtest's Hint
tapped (its words in well under a second and inside the first screen, the card or button it names outlined), a
finished deal analysed, and the game's review opened with one decision's position, on a laptop and on a phone.

The screenshots are written under ``$THUNEE_DSL_SHOTS`` when it is set (to look at), else the test's own folder.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from browser import deal_with_seed, wait_idle

pytestmark = pytest.mark.browser

PLAYABLE = '[class*="st-key-pt_card_"] button:not([disabled]):visible'
SAY = '[class*="st-key-pt_do_"] button:visible'
LAPTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}


def shots(tmp_path) -> Path:
    where = Path(os.environ.get("THUNEE_DSL_SHOTS") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


def tap_hint(page) -> float:
    """Tap Hint; the seconds from the tap to its words on screen."""
    button = page.locator(".st-key-pt_hint_button button:visible").first
    button.wait_for(state="visible", timeout=60_000)
    start = time.monotonic()
    button.click()
    page.locator(".st-key-pt_hint_words").wait_for(state="visible", timeout=30_000)
    took = time.monotonic() - start
    wait_idle(page)
    return took


def on_first_screen(page, selector: str, viewport: dict) -> None:
    """``selector`` shown inside the screen as it first opens (the page not scrolled): read without looking
    for it."""
    page.locator('[data-testid="stMain"]').evaluate("e => e.scrollTo(0, 0)")
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(selector).first.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1, (selector, box)


def outlined(page) -> int:
    """The buttons the hint outlines (its style rule matched)."""
    return page.evaluate("""() => [...document.querySelectorAll('button')].filter(
        b => getComputedStyle(b).boxShadow.includes('4px') && b.offsetParent !== null).length""")


def follow_hint(page) -> None:
    page.evaluate("""() => [...document.querySelectorAll('button')].find(
        b => getComputedStyle(b).boxShadow.includes('4px') && b.offsetParent !== null).click()""")
    wait_idle(page)


def play_on(page, until: str, most: int = 400) -> None:
    """Play the first choice each time (a card, or the first thing to say; the next deal) until ``until`` shows."""
    for _ in range(most):
        if page.locator(until).count():
            return
        nxt = page.locator(".st-key-pt_next button:visible")
        if nxt.count():
            nxt.first.click()
        elif page.locator(SAY).count():
            page.locator(SAY).first.click()
        elif page.locator(PLAYABLE).count():
            page.locator(PLAYABLE).first.click()
        else:
            page.wait_for_timeout(200)
            continue
        wait_idle(page)
    raise AssertionError(f"{until} never showed")


def test_hint_analysis_and_review_on_a_laptop_and_a_phone(browser_app, tmp_path):
    url, browser = browser_app
    out = shots(tmp_path)
    page = browser.new_page(viewport=LAPTOP)
    timings = []
    try:
        page.goto(f"{url}/playtest")
        wait_idle(page)
        deal_with_seed(page, 2)  # (a game of three deals with a costly card, played this way)
        timings.append(tap_hint(page))
        words = page.locator(".st-key-pt_hint_words").inner_text()
        assert words.split(":")[0] and ("Play the " in words or ":" in words), words
        assert outlined(page) == 1
        on_first_screen(page, ".st-key-pt_hint_words", LAPTOP)
        on_first_screen(page, ".st-key-pt_hint_button", LAPTOP)
        page.screenshot(path=str(out / "coach-laptop-hint.png"))
        for _ in range(4):  # the hint followed, and asked again at the next turns (cards, where deals are solved)
            follow_hint(page)
            if not page.locator(".st-key-pt_hint_button button:visible").count():
                break
            timings.append(tap_hint(page))
        print("hint, tap to words (s):", [round(t, 2) for t in timings])
        # Worked out before the tap, shown by a rerun of the hint's fragment alone: 0.10-0.33 s measured here with
        # other work on the machine (0.2-1.3 s before). 1.5 s allows a CI machine three or four times slower and
        # fails if a tap waits for the whole page again on such a machine, or for the sampling itself (Euchre's
        # took 0.8-1.3 s here); that the hint is ready before the tap is checked without a clock in
        # test_app_coach.py.
        assert max(timings) < 1.5, timings
        play_on(page, ".st-key-pt_analyse button:visible")
        page.locator(".st-key-pt_analyse button:visible").first.click()
        page.locator(".st-key-pt_analysis").wait_for(state="visible", timeout=120_000)
        wait_idle(page)
        assert "Seeing every hand" in page.locator(".st-key-pt_analysis").inner_text()
        page.locator(".st-key-pt_analysis").scroll_into_view_if_needed()
        page.screenshot(path=str(out / "coach-laptop-analysis.png"))
        play_on(page, ".st-key-pt_review_button button:visible")
        page.locator(".st-key-pt_review_button button:visible").first.click()
        page.locator(".st-key-pt_review").wait_for(state="visible", timeout=120_000)
        wait_idle(page)
        decisions = page.locator('[class*="st-key-pt_review_"] button:visible')
        if decisions.count():
            decisions.first.click()
            wait_idle(page)
            assert "as it was" in page.locator(".st-key-pt_position").inner_text()
        page.locator(".st-key-pt_gameover").scroll_into_view_if_needed()
        page.screenshot(path=str(out / "coach-laptop-review.png"), full_page=True)
        game_url = page.url  # (?game=...: the same game on the phone)
        page.set_viewport_size(PHONE)
        page.goto(game_url)
        wait_idle(page)
        page.locator(".st-key-pt_review").wait_for(state="visible", timeout=60_000)
        page.screenshot(path=str(out / "coach-phone-review.png"), full_page=True)
        page.goto(f"{url}/playtest")  # a new game on the phone: the Hint by the hand
        wait_idle(page)
        deal_with_seed(page, 5)
        on_first_screen(page, ".st-key-pt_hint_button", PHONE)
        phone = [tap_hint(page)]
        page.screenshot(path=str(out / "coach-phone-hint.png"))
        on_first_screen(page, ".st-key-pt_hint_words", PHONE)  # the words fit the phone's first screen ...
        assert outlined(page) == 1
        on_first_screen(page, '[class*="st-key-pt_card_"], [class*="st-key-pt_do_"]', PHONE)  # ... and the hand too
        follow_hint(page)
        if page.locator(".st-key-pt_hint_button button:visible").count():
            phone.append(tap_hint(page))
            on_first_screen(page, ".st-key-pt_hint_words", PHONE)
        print("hint on the phone, tap to words (s):", [round(t, 2) for t in phone])
        assert max(phone) < 1.5, phone
    finally:
        page.close()


def test_table_hint_on_a_phone_on_the_first_screen(browser_app, tmp_path):
    """At a group table (one person, bots in the other seats), the phone's Hint: its words over the top of the
    first screen, the hand still in it, the button it names outlined, each tap's words within the same bound."""
    from table_phones import PHONE as TABLE_PHONE, button, open_table, settled

    url, browser = browser_app
    ctx, page, _ = open_table(browser, url, "Asha")
    try:
        button(page, "gt_deal").click()
        page.wait_for_selector(".gt-table", timeout=30_000)
        settled(page)
        timings = []
        for _ in range(2):
            hint = page.locator(".st-key-gt_hint_button button:visible")
            hint.first.wait_for(state="visible", timeout=60_000)
            start = time.monotonic()
            hint.first.click()
            page.locator(".st-key-gt_hint_words").wait_for(state="visible", timeout=30_000)
            timings.append(time.monotonic() - start)
            settled(page)
            viewport = TABLE_PHONE["viewport"]
            on_first_screen(page, ".st-key-gt_hint_words", viewport)
            on_first_screen(page, ".st-key-gt_hand button:visible", viewport)
            assert outlined(page) == 1
            # the whole hand in one row, without scrolling (six cards wrapped to two rows before)
            last = page.locator(".st-key-gt_hand button:visible").last.bounding_box()
            assert last and last["y"] + last["height"] <= viewport["height"], last
            page.screenshot(path=str(shots(tmp_path) / "coach-table-phone-hint.png"))
            follow_hint(page)
            settled(page)
        print("table hint on a phone, tap to words (s):", [round(t, 2) for t in timings])
        assert max(timings) < 1.5, timings  # (the bound of the Playtest test above, and why)
    finally:
        ctx.close()
