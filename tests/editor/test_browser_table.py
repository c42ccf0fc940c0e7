"""The group table in real browsers (issue 26): four phones at one table, in Debian's chromium.

One app server and one browser for the module; each player is a phone-sized context of their own (their own
cookies: the seat's secret). What a phone is sent is read from the websocket's frames, not only the page.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "table"
CARD = re.compile(r"\b(?:10|[2-9AKQJT])[SHDC]\b")


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def settled(page, timeout: float = 30_000) -> None:
    """The page drawn after the last run of its script (the polling fragment's runs are short)."""
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=timeout)
    page.wait_for_function("""() => !document.querySelector('[data-testid="stSkeleton"]')""", timeout=timeout)
    page.wait_for_timeout(250)


def open_table(browser, url: str, name: str, seat: int = 0):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.goto(f"{url}/table")
    page.wait_for_selector(".st-key-gt_open button:visible", timeout=60_000)
    page.locator(".st-key-gt_name input").fill(name)
    page.locator(".st-key-gt_name input").press("Enter")
    settled(page)
    if seat:
        page.locator(".st-key-gt_my_seat").click()
        page.get_by_role("option", name=f"Seat {seat + 1}", exact=True).click()
        settled(page)
    button(page, "gt_open").click()
    page.wait_for_selector(".gt-status", timeout=30_000)
    code = re.search(r"Table ([A-Z0-9]{6})", page.locator(".gt-status").inner_text()).group(1)
    return ctx, page, code


def join(browser, url: str, code: str, name: str, ctx=None):
    ctx = ctx or browser.new_context(**PHONE)
    page = ctx.new_page()
    page.goto(f"{url}/table?table={code}")
    page.wait_for_selector(".st-key-gt_sit button:visible", timeout=60_000)
    page.locator(".st-key-gt_join_name input").fill(name)
    page.locator(".st-key-gt_join_name input").press("Enter")
    settled(page)
    button(page, "gt_sit").click()
    page.wait_for_selector(".gt-status", timeout=30_000)
    return ctx, page


def button(page, key: str):
    """The button of widget ``key`` (a button with help has a hidden twin: the one shown)."""
    return page.locator(f".st-key-{key} button:visible").first


def my_choices(page):
    """This phone's enabled card buttons, then its say buttons."""
    return page.locator(".st-key-gt_hand button:visible:not([disabled]), .st-key-gt_say button:visible")


def play_until(pages: list, done, limit: int = 400) -> int:
    """Tap a choice on whichever phone is asked, until ``done()``; the number of taps."""
    taps = 0
    deadline = time.monotonic() + 600
    while not done() and taps < limit and time.monotonic() < deadline:
        tapped = False
        for page in pages:
            choices = my_choices(page)
            if choices.count():
                before = page.locator(".gt-status").inner_text()
                choices.first.click()
                taps += 1
                tapped = True
                page.wait_for_timeout(400)
                settled(page)
                del before
                break
        if not tapped:
            pages[0].wait_for_timeout(500)
    return taps


def deal_over(page) -> bool:
    return page.locator(".st-key-gt_result").count() > 0


@pytest.fixture(scope="module")
def four(browser_app):
    """A table opened by one phone and joined by three others (their context, page) and its code."""
    url, browser = browser_app
    host_ctx, host, code = open_table(browser, url, "Asha")
    players = [(host_ctx, host)]
    for name in ("Bongani", "Chetan", "Dineo"):
        players.append(join(browser, url, code, name))
    host.wait_for_selector(".st-key-gt_deal button:visible", timeout=30_000)
    host.wait_for_function("() => document.body.innerText.includes('Dineo')", timeout=10_000)
    shot(host, "1-lobby")
    button(host, "gt_deal").click()
    for _, page in players:
        page.wait_for_selector(".gt-table", timeout=30_000)
    yield url, browser, code, players
    for ctx, _ in players:
        ctx.close()


def test_four_phones_play_a_whole_deal(four):
    url, browser, code, players = four
    pages = [p for _, p in players]
    shot(pages[0], "2-first-look")
    taps = play_until(pages, lambda: all(deal_over(p) for p in pages))
    assert all(deal_over(p) for p in pages), f"{taps} taps and the deal is not over"
    for i, page in enumerate(pages):
        story = page.locator(".st-key-gt_result").inner_text()
        assert "The deal is over" in story and len(story) > 40
    shot(pages[1], "3-deal-over")
    # each phone sees the others by their names
    assert "Dineo" in pages[0].locator(".gt-table").inner_text()
