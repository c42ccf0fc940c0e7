"""Playtest in a real browser (Debian's chromium; skipped without it) with every player a side of one (issue 25,
item 7a: tests/game/rulesets/sides-of-one.yaml saved among the user's own rulesets): a deal played by clicks, the
status, the story and the scores said of each player (you, the left opponent ...), never of a team or partner."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from browser import choose_rules, deal_with_seed, launch, serve_app, wait_idle

pytestmark = pytest.mark.browser

SIDES = Path(__file__).resolve().parents[1] / "game" / "rulesets" / "sides-of-one.yaml"
PLAYABLE = '[class*="st-key-pt_card_"] button:not([disabled]):visible'
SAY = '[class*="st-key-pt_do_"] button:visible'


def test_a_deal_of_sides_of_one_is_told_player_by_player(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    home = tmp_path / "home"
    (home / "rulesets").mkdir(parents=True)
    shutil.copy(SIDES, home / "rulesets" / SIDES.name)
    with serve_app(home=home) as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            page.goto(f"{url}/playtest")
            wait_idle(page)
            choose_rules(page, "sides-of-one (yours)")
            deal_with_seed(page, 3)
            said = []
            for _ in range(40):  # name trumps, bid (the lowest offered), play the first card allowed
                if page.locator(".st-key-pt_result").count():
                    break
                if page.get_by_text("Your turn: click a card to play it.").count() and page.locator(PLAYABLE).count():
                    page.locator(PLAYABLE).first.click()
                else:
                    said.append(page.locator(SAY).first.inner_text())
                    page.locator(SAY).first.click()
                wait_idle(page)
            # you deal first: trumps, then your bid, last: the lowest offered, 0, or 1 where the others' bids
            # already add up to the tricks (the hook forbids the dealer 0 then; the bots' bids decide which)
            assert said[0] == "Trumps: spades ♠" and said[1] in ("Bid 0", "Bid 1"), said[:2]
            status = page.locator(".pt-status").inner_text()
            result = page.locator(".st-key-pt_result").inner_text()
            page.screenshot(path=str(tmp_path / "sides-of-one.png"), full_page=True)
            # one score a player, in the game's own unit; a game of three deals has no target
            assert "Points: you " in status and "the opponent across" in status and "the right opponent" in status
            assert "to win" not in status and "Deal 1 of 3" in status  # (the deal of the game's three)
            assert f"You {said[1].lower()} and won" in result and "you score" in result  # "You bid 0 and won 2 tricks"
            for word in ("team", "partner", "None"):
                assert word not in status + result, word
        finally:
            page.close()
            browser.close()
    assert (tmp_path / "sides-of-one.png").stat().st_size > 10_000
