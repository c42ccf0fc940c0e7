"""The Compare page as a new card player meets it, in a real browser (Debian's chromium through Playwright;
skipped only when it is absent): a first visit offers standard against a shipped variant, not "The editor's
text (my-standard)"; the same rules are said at once, with no games; on a phone (390 x 844) "At a glance" and
the charts' legends fit the screen. Screenshots go into the test's tmp_path."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "editor"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import chromium_path, wait_idle  # noqa: E402
from test_browser_compare import choose, go, type_number  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)"),
]

PHONE = {"width": 390, "height": 844}


def chosen(page, key: str) -> str:
    return page.locator(f".st-key-{key} input[role='combobox']").input_value()


def table_cells_off_screen(page, name: str = "cmp_glance") -> list[str]:
    """The cells of the phone's table ``name`` ("At a glance", or an expander's) that end right of the screen's
    edge."""
    return page.evaluate("""([width, name]) => [...document.querySelectorAll(
            `.st-key-${name}_narrow th, .st-key-${name}_narrow td`)]
        .filter(cell => cell.getBoundingClientRect().width > 0 && cell.getBoundingClientRect().right > width)
        .map(cell => cell.innerText)""", [PHONE["width"], name])


def legend_runs_off(chart, band: int = 60, edge: int = 3) -> bool:
    """Whether anything is drawn in the last ``edge`` pixel columns of the chart's top ``band`` rows, where its
    legend sits (a chart is a canvas: its words are pixels). Side by side, "could be chance" ran off there."""
    from PIL import Image

    image = Image.open(io.BytesIO(chart.screenshot())).convert("L")
    width, height = image.size
    corner = image.crop((width - edge, 0, width, min(band, height)))
    return corner.getextrema()[0] < 200  # (darkest, lightest) of a grey image


def test_first_visit_same_rules_at_once_and_a_phone_sees_every_column(browser_app, tmp_path):
    url, browser = browser_app
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(url)
        wait_idle(page)
        go(page, "Compare")
        # a first visit: rules a newcomer can read, and what the variant changes
        assert (chosen(page, "cmp_a"), chosen(page, "cmp_b")) == ("standard", "thirteen-point")
        page.get_by_text("Balls to win").first.wait_for(timeout=30_000)
        page.screenshot(path=str(tmp_path / "compareux-first-visit.png"), full_page=True)

        # the same rules: said at once, from the rules' diff; no estimate's timing games, no run
        choose(page, "cmp_b", "standard")
        note = page.locator('[data-testid="stAlert"]').filter(has_text="nothing to simulate")
        note.wait_for(timeout=15_000)
        assert "Rules A and B are both standard: every deal comes out the same" in note.inner_text()
        assert page.get_by_text("on this machine").count() == 0
        assert page.get_by_text("press Simulate").count() == 0
        page.screenshot(path=str(tmp_path / "compareux-same-rules.png"), full_page=True)

        # a small run, then the page at a phone's width
        choose(page, "cmp_b", "thirteen-point")
        assert page.get_by_text("nothing to simulate").count() == 0
        choose(page, "cmp_bots", "random")
        type_number(page, "cmp_games", 6)
        page.get_by_role("button", name="Simulate", exact=True).click()
        page.get_by_text("At a glance").first.wait_for(timeout=300_000)
        wait_idle(page)
        wide = page.locator(".st-key-cmp_glance_wide [data-testid='stDataFrame']")
        assert wide.is_visible() and not page.locator(".st-key-cmp_glance_narrow table").is_visible()

        page.set_viewport_size(PHONE)
        wait_idle(page)
        narrow = page.locator(".st-key-cmp_glance_narrow table")
        narrow.scroll_into_view_if_needed()
        page.wait_for_timeout(1000)
        assert narrow.is_visible() and not wide.is_visible()
        text = narrow.inner_text()
        for column in ("A: standard", "B: thirteen-point", "B - A (95% interval)", "clear?"):
            assert column in text
        assert "trump makers win the deal" in text
        page.screenshot(path=str(tmp_path / "compareux-phone-glance.png"))
        assert table_cells_off_screen(page) == []
        charts = page.locator('[data-testid="stVegaLiteChart"]')
        # the differences' legend (clear, could be chance) and the rulesets' (A: standard, B: thirteen-point)
        for chart in (charts.first, charts.last):
            chart.scroll_into_view_if_needed()
            page.wait_for_timeout(500)
            assert not legend_runs_off(chart)
        charts.first.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        page.screenshot(path=str(tmp_path / "compareux-phone-chart.png"))

        # the expanders' tables, made when opened: on a phone too, every column on the screen
        for name, label in (("cmp_reach", "How often each changed rule came into play"),
                            ("cmp_every", "Every difference B - A, game by game")):
            assert page.locator(f".st-key-{name}_narrow").count() == 0  # closed: not made
            page.get_by_text(label).first.click()
            table = page.locator(f".st-key-{name}_narrow table")
            table.wait_for(timeout=30_000)
            wait_idle(page)
            table.scroll_into_view_if_needed()
            page.wait_for_timeout(500)
            assert table.is_visible() and not page.locator(f".st-key-{name}_wide").is_visible()
            assert table_cells_off_screen(page, name) == []
        assert "B: thirteen-point" in table.inner_text() and "B - A (95% interval)" in table.inner_text()
        page.screenshot(path=str(tmp_path / "compareux-phone-every.png"))
    finally:
        page.close()
    for name in ("first-visit", "same-rules", "phone-glance", "phone-chart", "phone-every"):
        assert (tmp_path / f"compareux-{name}.png").stat().st_size > 10_000
