"""Compare's verdict and a reload, in a real browser (issue 24, items 1, 2 and 8; Debian's chromium through
Playwright, skipped only when it is absent).

The variant of the issue (partner catch 6, game to 13, no penalties) comes in as a share link, so Rules B is the
editor's text. One modest run: the verdict gives every rule that differs its own sentence, the target's saying
how much longer games last, the partner catch's what it does (from focused replays: the games have too few), in a
player's numbers, the exact figures one click away; a reload keeps Rules B the text compared. (Both run sizes,
200 and 2,000 games, are checked without a browser: test_compare_verdict_sizes.py.) Screenshots go into the
test's tmp_path and, when the folder exists, /work/qa-shots/compare-*.png.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from browser import chromium_path, wait_idle  # (editor/, on the path from conftest.py)
from test_browser_compare import choose, go, simulate_games

from thunee_dsl.editor.sharing import QUERY_KEY, encode_variant

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)"),
]

OUR_TABLE = (Path(__file__).parent / "compare_our_table.yaml").read_text(encoding="utf-8")
GAMES = 20
SHOTS = Path("/work/qa-shots")
CATCH = "Thunee partner catch: 8 balls \u2192 6 balls"


def shot(page, tmp_path: Path, name: str) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)
    if SHOTS.is_dir():
        shutil.copy(tmp_path / f"{name}.png", SHOTS / f"{name}.png")


def verdict_box(page):
    return page.locator('[data-testid="stAlert"]').filter(has_text="Playing to 13 balls instead of 12")


def test_the_verdict_says_every_rule_and_a_reload_keeps_rules_b(browser_app, tmp_path):
    url, browser = browser_app
    page = browser.new_page(viewport={"width": 1400, "height": 1800})
    page.goto(f"{url}/editor?{QUERY_KEY}={encode_variant(OUR_TABLE)}")  # the variant, shared as a link
    wait_idle(page)
    go(page, "Compare")
    choose(page, "cmp_a", "standard")
    choose(page, "cmp_b", "The editor's text (our-table)")
    # the rules' diff, with one arrow style
    assert page.get_by_text(CATCH).first.is_visible()
    simulate_games(page, GAMES)
    box = verdict_box(page)
    box.wait_for(timeout=600_000)
    wait_idle(page)
    shot(page, tmp_path, "compare-verdict")
    text = box.inner_text()
    lines = [line for line in text.splitlines() if line.strip() and line.strip() != "balance"]  # (its icon)
    # every rule that differs has its own sentence, the target's first, saying the games' length as its own
    assert lines[0].startswith("Playing to 13 balls instead of 12: ")
    assert "games are about" in lines[0] or "no clear change in how long games last" in lines[0]
    assert lines[1].startswith(f"{CATCH}: ")
    assert "replayed" in lines[1] and "deals with a Thunee called" in lines[1]
    assert lines[2].startswith("No penalties: no deal of these 20 games had a penalty (for false declaration, ")
    # the warning below names the change as the verdict does (it said "Removes Penalties" under "No penalties")
    warned = page.locator('[data-testid="stAlert"]').filter(has_text="this never came into play")
    assert warned.filter(has_text="No penalties: this never came into play").count() == 1
    assert warned.filter(has_text="Removes Penalties").count() == 0
    # a player's words: no statistics jargon, one arrow style
    assert "->" not in text and "95%" not in text and "percentage point" not in text and "(-0." not in text
    # the exact figures, one click away
    page.get_by_text("The exact figures behind these words").click()
    wait_idle(page)
    exact = page.locator(".st-key-cmp_exact").inner_text()
    assert "deals per game: A " in exact and "B - A " in exact
    shot(page, tmp_path, "compare-exact")

    page.reload()  # a new browser session: the address leads back to the run, and to its rules
    wait_idle(page)
    box.wait_for(timeout=60_000)
    b = page.locator(".st-key-cmp_b input[role='combobox']").input_value()
    assert b == "our-table (the text you compared)"
    assert page.locator(".st-key-cmp_a input[role='combobox']").input_value() == "standard"
    assert page.get_by_text("plays the same rules").count() == 0
    assert CATCH in box.inner_text()  # the finished run's verdict, under the rules it compared
    wait_idle(page)
    shot(page, tmp_path, "compare-reloaded")
    page.set_viewport_size({"width": 390, "height": 844})
    wait_idle(page)
    box.scroll_into_view_if_needed()
    shot(page, tmp_path, "compare-verdict-phone")
    page.close()


# B scores in points (game.unit), A in balls; a corner house moved with the target (the newcomer walk's variant)
IN_POINTS = ("extends: standard\nname: our-points\nundertakings:\n  thunee:\n    balls: {partner_catch: 6}\n"
             "game:\n  target: 13\n  corner_house: 12\n  unit: points\n")


def test_a_ruleset_in_points_is_compared_in_points_and_each_unit_is_named(browser_app, tmp_path):
    """Compare said "balls" (comparing.unit hard-coded it) for a ruleset whose game.unit says points. And the
    corner house's sentence said "it came up in 60 deals of standard's games and 37 of our-table's ... In the
    72 of those deals": 72 of 60 and 37 puzzled (they are the deals where it came up under either rule)."""
    url, browser = browser_app
    page = browser.new_page(viewport={"width": 1400, "height": 1800})
    try:
        page.goto(f"{url}/editor?{QUERY_KEY}={encode_variant(IN_POINTS)}")
        wait_idle(page)
        go(page, "Compare")
        choose(page, "cmp_a", "standard")
        choose(page, "cmp_b", "The editor's text (our-points)")
        simulate_games(page, GAMES)
        box = page.locator('[data-testid="stAlert"]').filter(has_text="Playing to 13 points instead of 12 balls")
        box.wait_for(timeout=600_000)
        wait_idle(page)
        shot(page, tmp_path, "compare-points")
        text = box.inner_text()
        catch = next(line for line in text.splitlines() if line.startswith("Thunee partner catch"))
        assert "points" in catch and "balls" in catch, catch  # B's points against A's balls, each named
        corner = next(line for line in text.splitlines() if line.startswith("Corner house"))
        assert "of those deals" not in corner and "came up under either rule" in corner, corner
        assert page.get_by_text("Points (B) / balls (A) per deal", exact=True).is_visible()
        # the unit's own change is a word, not a rule: it was "Adds Unit of score: points: felt in every game"
        assert "Scores said in points instead of balls: the same counting, another word for it." in text
        assert "felt in every game" not in text
    finally:
        page.close()
