"""The Compare page in a real browser (Debian's chromium through Playwright): two tabs at once on the app's warm
workers, one of them phone-sized and closed mid-run. Each tab's answer is the one a run in a single process gives
for its seed (the runs share the workers, never their games), the closed tab's run goes on and its answer is there
when its address is opened again, and the answer says how long it took. Screenshots go into the test's tmp_path
(compare-tabs-desktop.png, compare-tabs-phone-running.png, compare-tabs-phone.png)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "editor"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import chromium_path, launch, serve_app, wait_idle  # noqa: E402
from test_browser_compare import choose, compare_standard_with_partner_catch_six  # noqa: E402
from test_browser_compare import home_with_partner_catch_six, type_number  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)"),
]

GAMES = {1: 8, 2: 20}  # seed -> games (the phone's run is longer: it is closed while it goes on)
PHONE = {"width": 390, "height": 844}


def expected_verdicts() -> dict[int, str]:
    """Each tab's verdict as a run in this process (one process, no pool) says it, as markdown draws it."""
    from thunee_dsl import load_ruleset
    from thunee_dsl.editor.comparing import verdict
    from thunee_dsl.model.diff import diff_rulesets
    from thunee_dsl.simulation import simulate

    a, b = load_ruleset("standard"), load_ruleset(str(ROOT / "examples" / "partner-catch-six.yaml"))
    return {seed: verdict(simulate([a, b], games=games, seed=seed, jobs=1), diff_rulesets(a, b)).text
            .replace("->", "\u2192") for seed, games in GAMES.items()}


def set_up(page, seed: int) -> None:
    type_number(page, "cmp_seed", seed)
    type_number(page, "cmp_games", GAMES[seed])
    page.get_by_text(re.compile(r"^Takes .* on this machine")).wait_for(timeout=120_000)


def answer(page, seed: int):
    """The answer's caption (seed and games) once it is drawn, and the verdict's text."""
    page.get_by_text(f"{GAMES[seed]} games of each, typical bots, seed {seed}.").wait_for(timeout=300_000)
    wait_idle(page)
    verdict = page.locator('[data-testid="stAlert"]').filter(has_text="Thunee partner catch").first
    return " ".join(verdict.inner_text().split()).removeprefix("balance ")  # (the icon's name is its text)


def test_two_tabs_at_once_one_on_a_phone_closed_mid_run(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    wanted = expected_verdicts()
    with serve_app(home=home_with_partner_catch_six(tmp_path)) as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            desk = compare_standard_with_partner_catch_six(browser, url)
            phone = browser.new_page(viewport=PHONE)
            phone.goto(url.rstrip("/") + "/compare")  # (on a phone the top bar folds away: the page's address)
            wait_idle(phone)
            choose(phone, "cmp_a", "standard")
            choose(phone, "cmp_b", "partner-catch-six (yours)")
            set_up(desk, 1)
            set_up(phone, 2)
            phone.get_by_role("button", name="Simulate", exact=True).click()
            desk.get_by_role("button", name="Simulate", exact=True).click()
            # the phone's progress, then the tab is closed while its run goes on
            phone.get_by_text(re.compile(r"^(Playing 20 games of standard|All 20 games played)")).wait_for(
                timeout=60_000)
            phone.screenshot(path=str(tmp_path / "compare-tabs-phone-running.png"), full_page=True)
            address = phone.url
            assert "run=" in address  # the run's key: opening the address again finds it
            phone.close()

            said = answer(desk, 1)
            assert said == " ".join(wanted[1].split())
            took = desk.get_by_text(re.compile(r"^Worked out here in [0-9.]+ s: the games [0-9.]+ s on 2 processes"))
            assert took.first.is_visible()
            desk.screenshot(path=str(tmp_path / "compare-tabs-desktop.png"), full_page=True)

            again = browser.new_page(viewport=PHONE)
            again.goto(address)
            wait_idle(again)
            said = answer(again, 2)
            assert said == " ".join(wanted[2].split())
            # on a phone the headline is not cut: its start and its end are both on the page
            headline = again.locator('[data-testid="stAlert"]').filter(has_text="Thunee partner catch").first
            box = headline.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            headline.scroll_into_view_if_needed()
            again.screenshot(path=str(tmp_path / "compare-tabs-phone.png"))
        finally:
            browser.close()
    for name in ("compare-tabs-desktop", "compare-tabs-phone-running", "compare-tabs-phone"):
        assert (tmp_path / f"{name}.png").stat().st_size > 10_000
