"""The games beyond Thunee at the group table in real browsers (issue 25): Euchre and 304, a host on a laptop and a
second player on a phone, bots in the other seats, in Debian's chromium (skipped without it).

One app server and one browser for the module. What each screen is sent is read from the websocket's frames: no
card another seat holds hidden ever reaches it. The screenshots are kept under build/screenshots/table-beyond for a
person to look at.
"""

from __future__ import annotations

import contextlib
import re
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from table_phones import PHONE, button, deal_over, fill, join, my_choices, settled

from test_app_beyond import THUNEE_WORDS, own_words  # noqa: E402 (tests/editor is on the path, see conftest)
from test_browser_table import cards_sent, truth  # noqa: E402

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "table-beyond"
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module")
def beyond_tables(tmp_path_factory):
    """The app served headless over a known user folder (the test reads the truth of a table from its file), and
    Debian's chromium: ``(server, browser)``."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    from browser import launch, serve_app
    home = tmp_path_factory.mktemp("home")
    with serve_app(home=home) as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            yield SimpleNamespace(url=url, home=home), browser
        finally:
            browser.close()


def shot(page, name: str) -> None:
    """What the player sees with the table at the top of the screen (a tap lower down leaves the page scrolled)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("(() => { const t = document.querySelector('.gt-table'); if (t) { t.style.scrollMarginTop = '9rem';"
                  " t.scrollIntoView({block: 'start'}); } })()")
    page.wait_for_timeout(200)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def watch_frames(page, seat: int, server, box: dict, leaks: list, checked: list) -> None:
    """Every frame the server sends ``page`` is checked against the table's truth: no card another seat holds
    hidden (the turn-up and a closed trump once shown are everyone's to see)."""
    def frame(payload):
        code, sent = box.get("code"), cards_sent(payload)
        if code is None or not sent:
            return
        game = truth(server, code)
        if game is None or game.game.deal is None or game.deal_over:
            return
        mine = game.game.view(seat)
        hidden = set().union(*(game.game.view(s).hand for s in range(4) if s != seat))
        hidden -= {mine.turn_up, mine.trump_card if mine.trump_revealed else None}
        checked.append(1)
        if sent & hidden:
            leaks.append((seat, sent & hidden))

    page.on("websocket", lambda ws: ws.on("framereceived", frame))


def open_table(browser, url: str, rules: str, name: str, listen=None):
    """A laptop opens a table for ``rules`` as its host (seat 1): ``(context, page, code)``."""
    ctx = browser.new_context(**LAPTOP)
    page = ctx.new_page()
    if listen:
        listen(page)
    page.goto(f"{url}/table")
    page.wait_for_selector(".st-key-gt_open button:visible", timeout=60_000)
    settled(page)
    page.locator(".st-key-gt_ref").click()
    page.get_by_role("option", name=rules, exact=True).click()
    settled(page)
    fill(page, "gt_name", name)
    button(page, "gt_open").click()
    page.wait_for_selector(".gt-status", timeout=30_000)
    code = re.search(r"Table ([A-Z0-9]{6})", page.locator(".gt-status").inner_text()).group(1)
    return ctx, page, code


@contextlib.contextmanager
def two_at_a_table(server, browser, rules: str, frames: int):
    """A host on a laptop (seat 1, the first dealer) and a phone (seat 2) at a table of ``rules``, bots in seats 3
    and 4, the first deal dealt: ``(code, host, phone)``. At the end, more than ``frames`` frames with cards were
    sent to them, and none held a card hidden from its screen."""
    box: dict = {}
    leaks, checked = [], []
    host_ctx, host, code = open_table(browser, server.url, rules, "Asha",
                                      listen=lambda p: watch_frames(p, 0, server, box, leaks, checked))
    box["code"] = code
    phone_ctx, phone = join(browser, server.url, code, "Bongani",
                            listen=lambda p, s: watch_frames(p, 1, server, box, leaks, checked), seat=1)
    host.wait_for_function("() => document.body.innerText.includes('Bongani')", timeout=30_000)
    button(host, "gt_deal").click()
    try:
        for page in (host, phone):
            page.wait_for_selector(".gt-table", timeout=30_000)
            settled(page)
        yield code, host, phone
        assert len(checked) > frames and not leaks, leaks
    finally:
        host_ctx.close()
        phone_ctx.close()


def wait_for(pages, done, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while not done() and time.monotonic() < deadline:
        pages[0].wait_for_timeout(300)


def say(page, name: str) -> None:
    page.locator(".st-key-gt_say button:visible", has_text=re.compile(f"^{re.escape(name)}$")).first.click()
    page.wait_for_timeout(300)
    settled(page)


def strays(text: str, rules: str) -> set[str]:
    allowed = own_words(rules)
    return {m.group(0).lower() for m in THUNEE_WORDS.finditer(text)} - allowed


def test_euchre_a_laptop_and_a_phone_play_a_deal_through_the_turn_up(beyond_tables):
    server, browser = beyond_tables
    with two_at_a_table(server, browser, "euchre", frames=10) as (code, host, phone):
        game = truth(server, code)
        turn_up = game.game.view(1).turn_up
        # the turn-up, face up beside the dealer (the host), on both screens; each holds its own five cards
        for page, seat in ((host, 0), (phone, 1)):
            table = page.locator(".gt-table")
            up = table.locator(f'.gt-turnup[data-card="{turn_up}"]')  # drawn on the felt, beside the dealer's plate
            assert up.count() == 1 and "turned\nup" in table.inner_text() and "4 cards undealt" in table.inner_text()
            box, plate = up.bounding_box(), table.locator('.gt-seat[data-seat="0"]').bounding_box()
            middle = table.bounding_box()
            centre = (middle["x"] + middle["width"] / 2, middle["y"] + middle["height"] / 2)
            assert abs(box["y"] + box["height"] / 2 - centre[1]) + abs(box["x"] + box["width"] / 2 - centre[0]) < \
                abs(plate["y"] + plate["height"] / 2 - centre[1]) + abs(plate["x"] + plate["width"] / 2 - centre[0])
            hand = {k.removeprefix("st-key-gt_card_") for k in page.eval_on_selector_all(
                "[class*='st-key-gt_card_']", "els => els.map(e => [...e.classList].find(c => c.startsWith('st-key-')))")}
            assert hand == set(truth(server, code).game.view(seat).hand) and len(hand) == 5
        shot(host, "euchre-laptop-turn-up")
        shot(phone, "euchre-phone-turn-up")
        # the phone speaks first (the dealer's left): the turn-up's words
        assert "order it up or pass" in phone.inner_text("body")
        say(phone, "Order it up")
        # the dealer (the laptop) picks it up and discards by tapping a card
        host.wait_for_function("() => document.body.innerText.includes('Your turn: discard')", timeout=30_000)
        settled(host)  # (the heading is drawn before the hand: the hand read once the page is drawn to the end)
        assert host.locator(f".st-key-gt_card_{turn_up}").count() == 1  # in the dealer's hand now
        shot(host, "euchre-laptop-discard")
        host.locator(".st-key-gt_hand button:visible:not([disabled])").first.click()
        settled(host)
        # going alone is offered to the one who ordered it up, in the game's words
        phone.wait_for_function("() => document.querySelector('.st-key-gt_say') !== null", timeout=30_000)
        settled(phone)
        said = phone.locator(".st-key-gt_say").inner_text()
        assert "alone" in said.lower(), said
        shot(phone, "euchre-phone-alone")
        assert "go alone, or play with your partner?" in phone.inner_text("body")
        say(phone, "Play with your partner")
        pages = [host, phone]
        for _ in range(40):
            if all(deal_over(p) for p in pages):
                break
            for page in pages:
                if my_choices(page).count():
                    my_choices(page).first.click()
                    page.wait_for_timeout(300)
                    settled(page)
            pages[0].wait_for_timeout(300)
        wait_for(pages, lambda: all(deal_over(p) for p in pages))
        assert all(deal_over(p) for p in pages)
        final = truth(server, code)
        for page, seat in ((host, 0), (phone, 1)):
            story = page.locator(".st-key-gt_result").inner_text()
            assert "The deal is over" in story and "point" in story
            status = page.locator(".gt-status").inner_text()
            score = final.game.view(seat).score
            mine, theirs = score[seat % 2], score[(seat + 1) % 2]
            assert f"your team {mine}" in status and f"they {theirs}" in status and mine + theirs > 0
            assert "Points" in status and "(10 to win)" in status
            text = page.inner_text("body")
            assert not strays(text, "euchre"), strays(text, "euchre")
        shot(host, "euchre-laptop-deal-over")
        shot(phone, "euchre-phone-deal-over")


def test_304_the_closed_trump_is_a_card_back_on_the_phone(beyond_tables):
    server, browser = beyond_tables
    seen_back = False
    with two_at_a_table(server, browser, "304", frames=5) as (code, host, phone):
        pages = [host, phone]
        for _ in range(60):  # both players pass the bidding: a bot makes trumps, face down
            game = truth(server, code)
            view = game.game.view(1)
            if view.trump_maker not in (None, 0, 1) and not view.trump_revealed and phone.locator(
                    ".gt-table [data-back='1']").count():
                seen_back = True
                break
            if all(deal_over(p) for p in pages):  # passed out, or played out: the next deal
                button(host, "gt_next").click()
                settled(host)
                continue
            for page in pages:
                passing = page.locator(".st-key-gt_say button:visible", has_text=re.compile("^Pass$"))
                if passing.count():
                    passing.first.click()
                elif my_choices(page).count():
                    my_choices(page).first.click()
                else:
                    continue
                page.wait_for_timeout(300)
                settled(page)
            pages[0].wait_for_timeout(300)
        assert seen_back, "a bot's closed trump was never drawn face down on the phone"
        settled(phone)
        maker = truth(server, code).game.view(1).trump_maker
        back = phone.locator(f".gt-table .gt-laid[data-seat='{maker}']")
        assert back.count() == 1 and back.get_attribute("data-card") is None and "trump" in back.inner_text()
        laid = back.bounding_box()  # on the felt, clear of every plate
        for plate in phone.locator(".gt-table .gt-seat").all():
            box = plate.bounding_box()
            assert not (laid["x"] < box["x"] + box["width"] and box["x"] < laid["x"] + laid["width"]
                        and laid["y"] < box["y"] + box["height"] and box["y"] < laid["y"] + laid["height"])
        assert "face down" in phone.inner_text("body")
        shot(phone, "304-phone-closed-trump")
        shot(host, "304-laptop-closed-trump")
