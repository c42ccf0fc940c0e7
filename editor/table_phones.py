"""Phones at a group table, driven in chromium through Playwright: shared by the Table page's browser tests and
``benchmarks/bench_tables.py`` (no pytest here)."""

from __future__ import annotations

import re

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def settled(page, timeout: float = 30_000) -> None:
    """The page drawn after the last run of its script (the polling fragment's runs are short)."""
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=timeout)
    page.wait_for_function("""() => !document.querySelector('[data-testid="stSkeleton"]')""", timeout=timeout)
    page.wait_for_timeout(250)


def button(page, key: str):
    """The button of widget ``key`` (a button with help has a hidden twin: the one shown)."""
    return page.locator(f".st-key-{key} button:visible").first


def my_choices(page):
    """This phone's enabled card buttons, then its say buttons."""
    return page.locator(".st-key-gt_hand button:visible:not([disabled]), .st-key-gt_say button:visible")


def fill(page, key: str, text: str) -> None:
    box = page.locator(f".st-key-{key} input")
    box.fill(text)
    box.press("Enter")
    settled(page)


def open_table(browser, url: str, name: str, seat: int = 0, away: int | None = None, listen=None):
    """A new phone opens a table as its host: ``(context, page, code)``."""
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    if listen:
        listen(page, 0)
    page.goto(f"{url}/table")
    page.wait_for_selector(".st-key-gt_open button:visible", timeout=60_000)
    fill(page, "gt_name", name)
    if away is not None:
        fill(page, "gt_away", str(away))
    if seat:
        page.locator(".st-key-gt_my_seat").click()
        page.get_by_role("option", name=f"Seat {seat + 1}", exact=True).click()
        settled(page)
    button(page, "gt_open").click()
    page.wait_for_selector(".gt-status", timeout=30_000)
    code = re.search(r"Table ([A-Z0-9]{6})", page.locator(".gt-status").inner_text()).group(1)
    return ctx, page, code


def join(browser, url: str, code: str, name: str, ctx=None, listen=None, seat: int | None = None):
    """A phone opens the table's link and sits down in the first free seat: ``(context, page)``."""
    ctx = ctx or browser.new_context(**PHONE)
    page = ctx.new_page()
    if listen:
        listen(page, seat)
    page.goto(f"{url}/table?table={code}")
    page.wait_for_selector(".st-key-gt_sit button:visible", timeout=60_000)
    fill(page, "gt_join_name", name)
    button(page, "gt_sit").click()
    page.wait_for_selector(".gt-status", timeout=30_000)
    return ctx, page


def seat_four(browser, url: str, names=("Asha", "Bongani", "Chetan", "Dineo"), away: int | None = None,
              listen=None):
    """One phone opens a table, three join by its link: ``(code, [(context, page)] * 4)``, before the deal."""
    host_ctx, host, code = open_table(browser, url, names[0], away=away, listen=listen)
    players = [(host_ctx, host)]
    for seat, name in enumerate(names[1:], start=1):
        players.append(join(browser, url, code, name, listen=listen, seat=seat))
    host.wait_for_selector(".st-key-gt_deal button:visible", timeout=30_000)
    host.wait_for_function(f"() => document.body.innerText.includes({names[-1]!r})", timeout=10_000)
    return code, players


def deal_first(players) -> None:
    """The host deals; every phone shows the table."""
    button(players[0][1], "gt_deal").click()
    for _, page in players:
        page.wait_for_selector(".gt-table", timeout=30_000)


def deal_over(page) -> bool:
    return page.locator(".st-key-gt_result").count() > 0
