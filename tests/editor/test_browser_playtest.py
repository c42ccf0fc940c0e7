"""The Playtest card table in a real browser (Debian's chromium through Playwright; skipped without chromium).

A whole deal is played by clicks on a laptop-sized window, the table checked at each click: every card of
the trick lies at its own seat (between that seat's name plate and the middle), a finished trick stays on
the table, its winner marked, until the next lead, and agrees with the trick history. On a phone-sized
window (390 x 844) the hand and the trick are both on screen without scrolling, for four, two (with the
open-face rows) and six players; 304's eight cards in one row, each played face down by a tap on the card itself
where the person cannot follow suit.
"""

from __future__ import annotations

import pytest

from browser import choose_rules, deal_with_seed, wait_idle

pytestmark = pytest.mark.browser

HAND = '[class*="st-key-pt_card_"] button:visible'  # a button with a tooltip has a hidden twin
PLAYABLE = '[class*="st-key-pt_card_"] button:not([disabled]):visible'
SAY = '[class*="st-key-pt_do_"] button:visible'


def table_state(page) -> dict:
    """The table as drawn: what it shows, and for each card its seat, its centre and its seat plate's centre."""
    return page.evaluate("""() => {
        const table = document.querySelector('.pt-table');
        const box = table.getBoundingClientRect();
        const centre = e => { const b = e.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; };
        const cards = [...table.querySelectorAll('.pt-card')].map(e => ({
            seat: +e.dataset.seat, card: e.dataset.card, won: e.classList.contains('pt-won'), at: centre(e),
            plate: centre(table.querySelector(`.pt-seat[data-seat="${e.dataset.seat}"]`))}));
        const rows = [...document.querySelectorAll('.pt-tricks tr[data-trick]')].map(tr => ({
            cards: Object.fromEntries([...tr.querySelectorAll('td[data-seat]')].map(td =>
                [td.dataset.seat, td.querySelector('.pt-mini') ? td.querySelector('.pt-mini').dataset.card : null])),
            winner: (tr.querySelector('td.pt-win') || {dataset: {}}).dataset.seat}));
        return {showing: table.dataset.showing, middle: table.querySelector('.pt-middle').innerText,
                centre: [box.x + box.width / 2, box.y + box.height / 2], cards, rows,
                over: !!document.querySelector('.st-key-pt_result')};
    }""")


def check_table(state: dict) -> None:
    cx, cy = state["centre"]
    for c in state["cards"]:
        (x, y), (px, py) = c["at"], c["plate"]
        # the card lies between its seat's plate and the middle: on the plate's side, nearer the middle
        for card_d, plate_d in ((x - cx, px - cx), (y - cy, py - cy)):
            assert abs(card_d) <= abs(plate_d) + 2, c
            assert abs(card_d) < 8 or (card_d > 0) == (plate_d > 0), c
    seats = [c["seat"] for c in state["cards"]]
    assert len(seats) == len(set(seats))
    if state["showing"] == "last":
        last = state["rows"][-1]
        assert {str(c["seat"]): c["card"] for c in state["cards"]} == last["cards"]
        assert [str(c["seat"]) for c in state["cards"] if c["won"]] == [last["winner"]]
        assert "Last trick" in state["middle"]
    else:
        played = {card for row in state["rows"] for card in row["cards"].values()}
        assert not any(c["won"] for c in state["cards"])
        assert not {c["card"] for c in state["cards"]} & played  # the trick under way is not in the history yet


def test_a_whole_deal_played_by_clicks_with_the_table_checked_at_each_trick(browser_app, tmp_path):
    url, browser = browser_app
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{url}/playtest")
        wait_idle(page)
        deal_with_seed(page, 7)
        tricks_seen, last_seen = set(), 0
        for click in range(80):
            state = table_state(page)
            check_table(state)
            tricks_seen.add(len(state["rows"]))
            last_seen += state["showing"] == "last"
            if state["over"]:
                break
            playable = page.locator(PLAYABLE)
            if page.get_by_text("Your turn: click a card to play it.").count() and playable.count():
                holder = playable.first.locator("xpath=ancestor::*[contains(@class, 'st-key-pt_card_')][1]")
                card = next(c for c in holder.get_attribute("class").split()
                            if c.startswith("st-key-pt_card_")).removeprefix("st-key-pt_card_")
                playable.first.click()
                wait_idle(page)
                after = table_state(page)
                # the card left the hand and lies at your seat: in the trick, or in the last trick until the next lead
                assert page.locator(f".st-key-pt_card_{card}").count() == 0
                mine = [c for c in after["cards"] if c["card"] == card]
                in_history = any(row["cards"].get("0") == card for row in after["rows"])
                assert (mine and mine[0]["seat"] == 0) or in_history
                if click == 8:
                    page.screenshot(path=str(tmp_path / "laptop-trick.png"))
            elif page.locator(PLAYABLE).count():  # make trumps with a card
                page.locator(PLAYABLE).last.click()
                wait_idle(page)
            else:
                page.locator(SAY).last.click()  # pass
                wait_idle(page)
        state = table_state(page)
        assert state["over"], "the deal did not end in 80 clicks"
        assert last_seen >= 1 and max(tricks_seen) >= 1
        result = page.locator(".st-key-pt_result")
        assert result.get_by_text("The deal is over").count() or result.get_by_text("thrown in").count()
        page.screenshot(path=str(tmp_path / "laptop-deal-over.png"))
    finally:
        page.close()
    assert (tmp_path / "laptop-deal-over.png").stat().st_size > 10_000


def in_view(box, height: int) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def phone_dealt(browser_app, rules: str, seed: int, width: int = 390, height: int = 844):
    """A phone-sized page on Playtest, ``rules`` dealt from ``seed`` (the page's bots)."""
    url, browser = browser_app
    page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    page.goto(f"{url}/playtest")
    wait_idle(page)
    choose_rules(page, rules)
    deal_with_seed(page, seed)
    return page


@pytest.mark.parametrize("rules", ["standard", "two-player-open-face", "six-player"])
def test_on_a_phone_the_hand_and_the_trick_are_on_screen_together(browser_app, tmp_path, rules):
    width, height = 390, 844
    page = phone_dealt(browser_app, rules, 7, width, height)
    try:
        checked = 0
        for _ in range(30):
            page.locator('[data-testid="stMain"]').evaluate("e => e.scrollTo(0, 0)")
            page.evaluate("window.scrollTo(0, 0)")
            table = page.locator(".pt-table").bounding_box()
            cards = [b.bounding_box() for b in page.locator(HAND).all()]
            assert in_view(table, height), table
            assert cards and all(in_view(b, height) for b in cards), cards
            assert all(b["x"] >= 0 and b["x"] + b["width"] <= width for b in cards)  # no sideways scrolling
            plates = [b.bounding_box() for b in page.locator(".pt-seat").all()]
            assert all(b["x"] >= 0 and b["x"] + b["width"] <= width for b in plates), plates
            say = page.locator(SAY)
            if say.count():  # the first thing to say is on screen too
                assert in_view(say.first.bounding_box(), height)
            checked += 1
            if page.locator(".pt-card").count() and page.locator(PLAYABLE).count() and \
                    page.get_by_text("Your turn: click a card to play it.").count():
                page.screenshot(path=str(tmp_path / "phone.png"))
                break
            if page.locator(PLAYABLE).count():
                page.locator(PLAYABLE).last.click()
            elif say.count():
                say.last.click()
            else:  # the deal ended before our turn to play (thrown in, say): the next one, as a player would
                page.locator('[class*="st-key-pt_next"] button:visible').click()
            wait_idle(page)
        assert (tmp_path / "phone.png").exists(), "never reached a trick with cards to play"
        assert checked >= 2
    finally:
        page.close()


def boxes(page, selector: str) -> list[dict]:
    return [b for b in (e.bounding_box() for e in page.locator(selector).all()) if b]


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_on_a_phone_a_full_hand_is_cut_face_down_from_the_first_screen(browser_app, tmp_path):
    """304 on a phone (seed 30, the page's bots: the person passes both biddings, then holds none of the suit led
    while trumps are closed), its turn to cut with all eight cards: every card and every enabled way to play on the
    first screen, the cards in one row, nothing overlapping, nothing scrolled sideways, each card at least 40 px
    wide; a tap on a card plays it face down (the trick, or the trick history, draws it at the person's seat as a
    card played face down)."""
    width, height = 390, 844
    page = phone_dealt(browser_app, "304", 30, width, height)
    try:
        for _ in range(6):  # the person's passes
            passing = page.locator(".st-key-pt_do_pass_None button:visible")
            if not passing.count():
                break
            passing.first.click()
            wait_idle(page)
        page.locator('[data-testid="stMain"]').evaluate("e => e.scrollTo(0, 0)")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(tmp_path / "phone-304-cut.png"))
        cards = boxes(page, HAND)
        ways = boxes(page, f"{PLAYABLE}, {SAY}, .st-key-pt_face_down label:visible")
        assert len(cards) == 8 and len(boxes(page, PLAYABLE)) == 8, cards  # every card may be played (face down)
        assert len({round(b["y"]) for b in cards}) == 1, cards  # one row
        assert all(b["width"] >= 40 for b in cards), cards  # a finger's tap
        assert all(in_view(b, height) and b["x"] >= 0 and b["x"] + b["width"] <= width for b in ways), ways
        for i, box in enumerate(ways):
            assert not any(overlap(box, other) for other in ways[i + 1:]), (box, ways)
        wide = page.evaluate("() => [document.documentElement.scrollWidth, "
                             "document.querySelector('[data-testid=\"stMain\"]').scrollWidth, window.innerWidth]")
        assert max(wide[:2]) <= wide[2], wide  # nothing scrolled sideways
        said = page.locator(SAY).all_inner_texts()
        assert not [t for t in said if "face down" in t], said  # no stack of long buttons: the cards themselves
        assert page.get_by_text("Click a card to play it face down").count() == 1  # the heading says what a tap does
        last = page.locator(PLAYABLE).last
        holder = last.locator("xpath=ancestor::*[contains(@class, 'st-key-pt_card_')][1]")
        card = next(c for c in holder.get_attribute("class").split()
                    if c.startswith("st-key-pt_card_")).removeprefix("st-key-pt_card_")
        last.tap()
        wait_idle(page)
        # in the trick at the person's seat, or (the bots played on) in the trick history: as played face down
        page.wait_for_selector(f'.pt-card[data-seat="0"][data-card="{card}"][data-down], '
                               f'.pt-tricks td[data-seat="0"] .pt-mini[data-card="{card}"][data-down]',
                               state="attached", timeout=30_000)
        assert page.locator(f".st-key-pt_card_{card}").count() == 0  # it left the hand
    finally:
        page.close()


def thunee_called(browser_app, pick):
    """A laptop-sized page on Playtest, the rules picked by ``pick(page)``, deal 22 dealt and my Thunee called
    (the typical bots leave the first Thunee to me, seat 1)."""
    url, browser = browser_app
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{url}/playtest")
    wait_idle(page)
    pick(page)
    deal_with_seed(page, 22)
    page.locator(SAY, has_text="Thunee").first.click()
    wait_idle(page)
    return page


def test_naming_trumps_for_a_thunee_says_they_are_shown_at_once(browser_app, tmp_path):
    """House rule of issue 23 (examples/house/thunee-names-trumps.yaml): after calling Thunee the caller names
    the trump suit aloud. The suit buttons' help read the Making trumps section ("shown to everyone right
    after the first lead"), the opposite of the house's rule: the words follow the ruleset's data now."""
    from pathlib import Path

    from browser import replace_code_editor_text
    overlay = (Path(__file__).resolve().parents[2] / "examples" / "house" / "thunee-names-trumps.yaml").read_text()
    def pick(page) -> None:  # the house rule as the editor's text, which Playtest then plays
        page.goto(page.url.replace("/playtest", "/editor"))
        wait_idle(page)
        replace_code_editor_text(page, overlay.replace("name: thunee-names-trumps", "name: names-trumps-walk"))
        page.get_by_role("link", name="Playtest", exact=True).first.click()
        wait_idle(page)

    page = thunee_called(browser_app, pick)
    try:
        help_text = page.locator('[data-testid="stCaptionContainer"]').all_inner_texts()
        page.screenshot(path=str(tmp_path / "naming-trumps.png"))
        said = " ".join(help_text)
        assert "spades" in said.lower(), said
        assert "shown to everyone at once" in said, said
        assert "after the first lead" not in said, said
        # the card I had placed face down went back: the status line said "Trumps: face down by you"
        status = page.locator(".pt-status").inner_text()
        assert "Trumps: to be named by you" in status and "face down" not in status, status
    finally:
        page.close()


def test_a_thunee_called_says_trumps_come_from_the_first_card_led(browser_app, tmp_path):
    """Standard Thunee: the Thunee's trumps are the suit of the first card led; the trump card placed before
    no longer counts, yet the status line still said "Trumps: face down by you" (the newcomer walk, issue 24)."""
    page = thunee_called(browser_app, lambda page: choose_rules(page, "standard"))
    try:
        page.screenshot(path=str(tmp_path / "thunee-called.png"))
        status = page.locator(".pt-status").inner_text()
        assert "Trumps: the suit of the first card led" in status and "face down" not in status, status
    finally:
        page.close()
