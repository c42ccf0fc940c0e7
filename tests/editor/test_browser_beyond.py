"""The games beyond Thunee at the Playtest table in a real browser (Debian's chromium; skipped without it).

One app server and one browser for the module (Euchre is a shipped game). A Euchre player who deals sees the turned-up card face up beside their seat, on the table, with
the kitty's count; is asked "Pick it up" or "Turn it down"; picks it up and discards by clicking a card. On a
phone the turn-up, the choice and the hand are on the first screen. The screenshots are kept under
build/screenshots/beyond for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from browser import choose_rules, deal_with_seed, wait_idle

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots" / "beyond"
SEED = 1  # seat 1 deals and, with the typical bots at the other seats, is offered the turn-up


@pytest.fixture(scope="module")
def beyond_app(tmp_path_factory):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    from browser import launch, serve_app
    home = tmp_path_factory.mktemp("home")
    (home / "rulesets").mkdir()
    with serve_app(home=home) as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            yield url, browser
        finally:
            browser.close()


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def euchre_dealt(page) -> None:
    wait_idle(page)
    choose_rules(page, "euchre")
    deal_with_seed(page, SEED)


def boxes(page) -> dict:
    """Where the table, the dealer's plate, the turn-up and the middle are drawn (page coordinates)."""
    return page.evaluate("""() => {
        const b = e => { if (!e) return null; const r = e.getBoundingClientRect();
                         return {x: r.x, y: r.y, w: r.width, h: r.height, cx: r.x + r.width / 2, cy: r.y + r.height / 2}; };
        const up = document.querySelector('.pt-turnup');
        const seat = up ? document.querySelector(`.pt-seat[data-seat="${up.dataset.seat}"]`) : null;
        return {table: b(document.querySelector('.pt-table')), turnup: b(up), plate: b(seat),
                plates: [...document.querySelectorAll('.pt-seat')].map(b),
                card: up ? up.dataset.card : null, text: document.querySelector('.pt-table').innerText};
    }""")


def overlaps(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]


def check_turn_up_beside_the_dealer(page) -> dict:
    seen = boxes(page)
    assert seen["turnup"] is not None, "no turn-up on the table"
    table, up, plate = seen["table"], seen["turnup"], seen["plate"]
    # on the table, between the dealer's plate and the middle, clear of every plate
    assert table["x"] <= up["x"] and up["x"] + up["w"] <= table["x"] + table["w"]
    assert table["y"] <= up["y"] and up["y"] + up["h"] <= table["y"] + table["h"]
    assert abs(up["cy"] - table["cy"]) < abs(plate["cy"] - table["cy"])
    assert not any(overlaps(up, other) for other in seen["plates"])
    assert "turned\nup" in seen["text"] and "4 cards undealt" in seen["text"]
    return seen


def test_euchre_on_a_laptop_the_dealer_picks_up_the_turn_up_and_discards(beyond_app):
    url, browser = beyond_app
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{url}/playtest")
        euchre_dealt(page)
        seen = check_turn_up_beside_the_dealer(page)
        shot(page, "euchre-laptop-turn-up")
        page.get_by_role("button", name="Pick it up", exact=True).click()
        wait_idle(page)
        assert page.locator(".pt-turnup").count() == 0
        assert "picked up by you" in page.locator(".pt-status").inner_text()
        assert page.get_by_text("Your turn: discard").is_visible()
        cards = page.locator('[class*="st-key-pt_card_"] button:not([disabled]):visible')
        assert cards.count() == 6
        assert page.locator(f'.st-key-pt_card_{seen["card"]} button:visible').count() == 1  # in the hand now
        shot(page, "euchre-laptop-discard")
        cards.first.click()
        wait_idle(page)
        assert page.locator('[class*="st-key-pt_card_"] button:visible').count() == 5
        shot(page, "euchre-laptop-after-discard")
    finally:
        page.close()


def test_euchre_on_a_phone_the_turn_up_the_choice_and_the_hand_on_one_screen(beyond_app):
    url, browser = beyond_app
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{url}/playtest")
        euchre_dealt(page)
        check_turn_up_beside_the_dealer(page)
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        shot(page, "euchre-phone-turn-up")
        for name in ("Pick it up", "Turn it down"):
            button = page.get_by_role("button", name=name, exact=True)
            assert button.is_visible()
            box = button.bounding_box()
            assert box["height"] >= 40 and box["width"] >= 40  # a finger's size
        page.get_by_role("button", name="Turn it down", exact=True).click()
        wait_idle(page)
        page.wait_for_timeout(500)
        wait_idle(page)
        shot(page, "euchre-phone-turned-down")
        assert page.locator(".pt-turnup").count() == 0
        status = page.locator(".pt-status").inner_text()
        assert "turned down" in status or "Trumps:" in status  # (a bot may have named a suit at once)
    finally:
        context.close()
