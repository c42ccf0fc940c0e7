"""The group table on a phone in a real browser (Debian's chromium; skipped without it): the table, the hand and the
buttons to say something on the first screen, nothing on the felt covering anything else (a plate, a card laid
face down, a card of the trick), for Thunee and 304; 304's eight cards in one row, each played face down by a tap
on the card itself where the seat cannot follow suit; the hint worked out ahead, or on a tap alone (the host's
choice), counted in the app server itself.

One app server and one browser for the module. The tables are opened by the test over the app's own file, with a
known seed (the bots' bids decide who lays a card face down, and beside whom); the phone sits down by the table's
link, as a player does. The screenshots are kept under build/screenshots/table-phone for a person to look at.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from table_phones import PHONE, button, fill, settled

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "table-phone"
SCREEN = PHONE["viewport"]
# Loaded by the app server's Python at its start (a sitecustomize on its path): each background run a table's hint
# starts is written to a file, so the test counts the hints worked out.
COUNTER = """
import os
from thunee_dsl.editor import background

_start = background.Runs.start


def start(self, owner, work, total, about=None):
    if str(owner).startswith("table "):  # (a group table's hint: "table CODE VERSION SEAT")
        with open(os.environ["THUNEE_DSL_TEST_HINT_RUNS"], "a") as out:
            out.write(owner + "\\n")
    return _start(self, owner, work, total, about)


background.Runs.start = start
"""


@pytest.fixture(scope="module")
def phone_tables(tmp_path_factory):
    """The app served headless over a known user folder (the test opens tables in its file), and Debian's
    chromium: ``(server, browser)``; ``server.tables`` the tables as the test process reads and changes them."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    from browser import launch, serve_app

    from thunee_dsl.editor.group_table import GroupTables
    home, hook = tmp_path_factory.mktemp("home"), tmp_path_factory.mktemp("hook")
    (hook / "sitecustomize.py").write_text(COUNTER)
    runs = hook / "hint-runs.txt"
    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(hook), os.environ.get("PYTHONPATH")])),
           "THUNEE_DSL_TEST_HINT_RUNS": str(runs)}
    with serve_app(home=home, env=env) as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            yield SimpleNamespace(url=url, home=home, tables=GroupTables(home / "tables.sqlite3"), runs=runs), browser
        finally:
            browser.close()


def seated(server, browser, rules: str, seed: int, seat: int, **options):
    """A table of ``rules`` dealt from ``seed``, bots in every other seat, and a phone in ``seat``:
    ``(context, page, code)``, the phone showing the first deal."""
    from thunee_dsl.loading import shipped_rulesets
    opened = server.tables.open(shipped_rulesets()[rules].read_text(), label=rules, seed=seed, **options)
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.goto(f"{server.url}/table?table={opened.code}&seat={seat + 1}")  # the seat's own link: it is picked
    page.wait_for_selector(".st-key-gt_sit button:visible", timeout=60_000)
    fill(page, "gt_join_name", "Asha")
    button(page, "gt_sit").click()
    page.wait_for_selector(".gt-status", timeout=30_000)
    server.tables.deal(opened.code, host=opened.host_secret)
    page.wait_for_selector(".gt-table", timeout=30_000)
    settled(page)
    return ctx, page, opened.code


def top(page) -> None:
    page.locator('[data-testid="stMain"]').evaluate("e => e.scrollTo(0, 0)")
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)


def boxes(page, selector: str) -> list[dict]:
    return [b for b in (e.bounding_box() for e in page.locator(selector).all()) if b]


def on_first_screen(page, selector: str) -> list[dict]:
    """Every element ``selector`` matches, inside the screen as it first opens (not scrolled)."""
    top(page)
    found = boxes(page, selector)
    assert found, selector
    for box in found:
        assert box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"], (selector, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= SCREEN["width"] + 1, (selector, box)
    return found


def meet(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def nothing_covered(page, where: str) -> None:
    """No two things on the felt meet: the seats' plates, the cards of the trick, a card laid face down, the
    turn-up."""
    things = [(e.get_attribute("class"), e.inner_text().replace("\n", " "), e.bounding_box())
              for e in page.locator(".gt-table .gt-seat, .gt-table .gt-card").all()]
    for i, (kind, text, box) in enumerate(things):
        for other_kind, other_text, other in things[i + 1:]:
            assert not meet(box, other), (where, (kind, text, box), (other_kind, other_text, other))


def say_buttons(page):
    return page.locator(".st-key-gt_say button:visible")


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    top(page)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


# (rules, seed, the phone's seat, who lays the trump card face down, seen from the phone): Thunee's trump maker
# is the dealer's right; 304's the highest bidder, the phone passing (seeds found by playing them)
LAID = [("standard", 3, 3, "Partner"), ("304", 5, 0, "Left opponent"), ("304", 9, 0, "Partner")]


@pytest.mark.parametrize("rules, seed, seat, maker", LAID, ids=[f"{r}-{m.split()[0].lower()}" for r, _, _, m in LAID])
def test_the_say_buttons_and_the_hand_on_a_phones_first_screen_and_nothing_on_the_felt_covered(
        phone_tables, rules, seed, seat, maker):
    server, browser = phone_tables
    ctx, page, code = seated(server, browser, rules, seed, seat)
    try:
        page.wait_for_function("() => document.querySelector('.st-key-gt_say') !== null", timeout=30_000)
        settled(page)
        # the call (Thunee) or the bids (304: fourteen of them) and Pass, the hand in one row, all on one screen
        said = on_first_screen(page, ".st-key-gt_say button:visible")
        assert say_buttons(page).filter(has_text=re.compile("^Pass$")).count() == 1
        hand = on_first_screen(page, ".st-key-gt_hand button:visible")
        assert len({round(b["y"]) for b in hand}) == 1, hand
        assert len(said) > (10 if rules == "304" else 1)
        on_first_screen(page, ".gt-table")
        nothing_covered(page, "the first call")
        name = f"{rules}-{maker.split()[0].lower()}"
        shot(page, f"{name}-first-call")
        laid_seen = False
        for step in range(8):  # the phone passes, then plays its first card allowed: the felt at every turn
            laid = page.locator(".gt-table .gt-laid")
            if laid.count():
                owner = laid.first.get_attribute("data-seat")
                plate = page.locator(f".gt-table .gt-seat[data-seat='{owner}']")
                laid_seen = laid_seen or plate.inner_text().startswith(maker)
                nothing_covered(page, f"step {step}")
            if page.locator(".st-key-gt_result").count() or (laid_seen and step >= 3):
                break
            passing = say_buttons(page).filter(has_text=re.compile("^Pass$"))
            cards = page.locator(".st-key-gt_hand button:visible:not([disabled])")
            if passing.count():
                passing.first.click()
            elif cards.count():
                cards.first.click()
            else:
                page.wait_for_timeout(500)
            settled(page)
        shot(page, f"{name}-played")
        assert laid_seen, f"the {maker.lower()}'s trump card was never laid face down (seed {seed}: pick another)"
    finally:
        ctx.close()


def hint_runs(server, code: str) -> int:
    """The hints the app server has begun working out at table ``code``."""
    lines = server.runs.read_text().splitlines() if server.runs.exists() else []
    return sum(1 for line in lines if line.startswith(f"table {code} "))


@pytest.mark.parametrize("when", ["ahead", "tap"])
def test_the_hint_worked_out_ahead_or_only_on_a_tap(phone_tables, when):
    server, browser = phone_tables
    ctx, page, code = seated(server, browser, "standard", 3, 0, hint_when=when)
    try:
        hint = page.locator(".st-key-gt_hint_button button:visible")
        hint.first.wait_for(state="visible", timeout=60_000)  # the phone's turn
        deadline = time.monotonic() + 10
        while when == "ahead" and not hint_runs(server, code) and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        page.wait_for_timeout(1500)  # (time for a run to start that should not)
        assert hint_runs(server, code) == (1 if when == "ahead" else 0)  # before the tap
        hint.first.click()
        words = page.locator(".st-key-gt_hint_words")
        words.wait_for(state="visible", timeout=30_000)
        from thunee_dsl.editor.coach import hint_answer
        expected = hint_answer(server.tables.replayed(code).game, 0)  # (from the seat's view: the same answer)
        assert expected.words in words.inner_text(), (expected.words, words.inner_text())
        assert hint_runs(server, code) == 1  # the tap: one run (the one worked out ahead, or its own)
        shot(page, f"hint-{when}")
    finally:
        ctx.close()


# 304 dealt from seed 30, the phone in seat 0: it passes both biddings, and at its first turn to play, its eight cards
# in hand, it holds none of the suit led while trumps are closed (seeds found by playing them)
CUT = ("304", 30, 0)


def seat_secret(ctx, code: str) -> str:
    """The phone's own key to its seat, read from its cookie (the test then says what the phone would)."""
    kept = next(c["value"] for c in ctx.cookies() if c["name"] == f"thunee_seat_{code}")
    return kept.partition(".")[2]


def ways_to_play(page):
    """The phone's enabled ways to play a card or say something: its hand's cards, the buttons under them, the
    switch between face up and face down (where a card may be played either way)."""
    return page.locator(".st-key-gt_hand button:visible:not([disabled]), .st-key-gt_say button:visible, "
                        ".st-key-gt_face_down label:visible")


def test_a_full_hand_played_face_down_on_a_phones_first_screen(phone_tables):
    """304 on a phone, its turn to play with all eight cards and none of the suit led while trumps are closed:
    every card and every way to play it on the first screen, side by side, big enough to tap and read, nothing
    scrolled sideways; a tap on a card plays it face down (the server's truth)."""
    from thunee_dsl.game.actions import Action
    server, browser = phone_tables
    rules, seed, seat = CUT
    ctx, page, code = seated(server, browser, rules, seed, seat)
    try:
        secret = seat_secret(ctx, code)
        for _ in range(6):  # the phone's passes, said from here (quicker than tapping; the page follows the table)
            view = server.tables.page(code, seat, secret).view
            if view.to_act != seat or not any(a.verb == "pass" for a in view.legal):
                break
            server.tables.act(code, seat, secret, next(a for a in view.legal if a.verb == "pass"))
        view = server.tables.page(code, seat, secret).view
        down = {a.arg for a in view.legal if a.verb == "down"}
        assert view.to_act == seat and len(view.hand) == 8 and down == set(view.hand), (seed, view.legal)
        page.wait_for_selector(f".gt-table[data-version='{server.tables.version(code)}']", timeout=30_000)  # drawn
        settled(page)
        shot(page, "304-cut-full-hand")
        hand = on_first_screen(page, ".st-key-gt_hand button:visible")
        ways = on_first_screen(page, ".st-key-gt_hand button:visible:not([disabled]), .st-key-gt_say button:visible")
        assert len(hand) == 8 and len({round(b["y"]) for b in hand}) == 1, hand  # one row
        assert all(b["width"] >= 40 and b["height"] >= 40 for b in hand), hand  # a finger's tap
        words = boxes(page, ".st-key-gt_hand_head .stMarkdown")  # what a tap does, above
        assert len(words) == 1, words
        for i, box in enumerate(ways):
            assert not any(meet(box, other) for other in ways[i + 1:] + words), (box, ways, words)
        sizes = page.locator(".st-key-gt_hand button:visible p").evaluate_all(
            "ps => ps.map(p => parseFloat(getComputedStyle(p).fontSize))")
        assert min(sizes) >= 15, sizes  # readable
        wide = page.evaluate("() => [document.documentElement.scrollWidth, "
                             "document.querySelector('[data-testid=\"stMain\"]').scrollWidth, window.innerWidth]")
        assert max(wide[:2]) <= wide[2], wide  # nothing scrolled sideways
        said = [t.strip() for t in page.locator(".st-key-gt_say button:visible").all_inner_texts()]
        assert not [t for t in said if "face down" in t], said  # no stack of long buttons: the cards themselves
        assert "face down" in page.locator(".st-key-gt_hand_head").inner_text()  # the heading says what a tap does
        card = view.hand[-1]  # the card at the end of the row (the one that fell to a second row)
        button(page, f"gt_card_{card}").click()
        deadline = time.monotonic() + 15
        while Action(seat, "down", card) not in server.tables.replayed(code).actions and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        assert Action(seat, "down", card) in server.tables.replayed(code).actions  # played face down
        # the next trick (seed 30): none of the suit led again, seven cards, the last trick's line under the table
        view = server.tables.page(code, seat, secret).view
        assert view.to_act == seat and len(view.hand) == 7 and any(a.verb == "down" for a in view.legal)
        page.wait_for_selector(f".gt-table[data-version='{server.tables.version(code)}']", timeout=30_000)
        settled(page)
        assert page.locator(".gt-lasttrick").count() == 1
        ways = on_first_screen(page, ".st-key-gt_hand button:visible:not([disabled]), .st-key-gt_say button:visible")
        assert len(ways) == 8 and len({round(b["y"]) for b in ways[:7]}) == 1, ways  # the hand, and Ask for trumps
        shot(page, "304-cut-played")
    finally:
        ctx.close()
