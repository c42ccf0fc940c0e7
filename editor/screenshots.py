"""Screenshots of every page of the editor, for the README: ``python editor/screenshots.py [OUTDIR] [--only PAGE]``.

Starts the app headless (with a fresh, temporary user folder), drives it in Debian's chromium through
Playwright, and writes PNGs into ``docs/screenshots/`` (or OUTDIR). ``make screenshots`` runs it;
``--only playtest`` (or library, editor, compare) takes one page's pictures.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from browser import chromium_path, deal_with_seed, launch, replace_code_editor_text, serve_app, wait_idle  # noqa: E402

OUT = HERE.parent / "docs" / "screenshots"
WIDTH = 1400
PHONE = {"width": 390, "height": 844}
VARIANT = """# Our house rules: a Thunee caught by the partner costs 6, and we play to 13.
extends: standard
name: our-house
title: Standard Thunee, our house rules
undertakings:
  thunee:
    balls: {partner_catch: 6}
game:
  target: 13
  corner_house: 12
"""
TYPO = VARIANT.replace("  target: 13", "  targt: 13")
#: The Compare picture: a table's house rules against standard, one of them (no penalties) out of the bots'
#: reach without mistakes, so the page shows its warning under the verdict.
OUR_TABLE = VARIANT.replace("name: our-house", "name: our-table") + "penalties: null\n"


def edit(page, text: str) -> None:
    replace_code_editor_text(page, text)


def go(page, name: str) -> None:
    page.get_by_role("link", name=name, exact=True).first.click()
    wait_idle(page)


def shoot(page, out: Path, name: str, height: int) -> Path:
    page.set_viewport_size({"width": WIDTH, "height": height})
    page.mouse.move(WIDTH - 5, height - 5)  # no tooltip over the picture
    wait_idle(page)
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    print(path)
    return path


def play_some(page, clicks: int) -> None:
    """Click legal cards (else the last announcement button, a pass) a few times."""
    for _ in range(clicks):
        # :visible: a button with a tooltip has a hidden twin in the page
        card = page.locator('[class*="st-key-pt_card_"] button:not([disabled]):visible').first
        said = page.locator('[class*="st-key-pt_do_"] button:visible')
        if card.count():
            card.click()
        elif said.count():
            said.last.click()
        else:
            break
        wait_idle(page)


def shoot_phone(browser, url: str, out: Path) -> Path:
    """The Playtest page on a phone: a trick under way, the hand below it, both on screen."""
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page.goto(f"{url}/playtest")
    wait_idle(page)
    deal_with_seed(page, 7)
    play_some(page, 3)
    page.locator('[data-testid="stMain"]').evaluate("e => e.scrollTo(0, 0)")
    wait_idle(page)
    path = out / "playtest-phone.png"
    page.screenshot(path=str(path))
    page.close()
    print(path)
    return path


def main(out: Path = OUT, only: str | None = None) -> int:
    from playwright.sync_api import sync_playwright

    if chromium_path() is None:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    fake_home = tempfile.mkdtemp(prefix="thunee-home-")  # the app shows ~/.thunee-dsl, not a temporary path
    if only in (None, "compare"):
        saved = Path(fake_home) / ".thunee-dsl" / "rulesets"
        saved.mkdir(parents=True)
        (saved / "our-table.yaml").write_text(OUR_TABLE, encoding="utf-8")
    with serve_app(env={"HOME": fake_home, "THUNEE_DSL_HOME": None}) as url, sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": WIDTH, "height": 1000})
        page.goto(url)
        wait_idle(page)
        if only in (None, "library"):
            shoot(page, out, "library", 1250)

        if only in (None, "editor"):
            go(page, "Editor")
            edit(page, TYPO)
            shoot(page, out, "editor-error", 1000)
            edit(page, VARIANT)
            page.get_by_role("tab", name="What it changes").click()
            wait_idle(page)
            shoot(page, out, "editor", 1000)
            page.get_by_role("tab", name="Try a formula").click()
            wait_idle(page)
            formula = page.locator(".st-key-fx_text input")
            formula.fill("counting.count >= 105 and counting.won_last_trick")
            formula.press("Enter")
            wait_idle(page)
            shoot(page, out, "editor-formula", 1000)

        if only in (None, "playtest"):
            go(page, "Playtest")
            deal_with_seed(page, 7)
            play_some(page, 7)
            shoot(page, out, "playtest", 1000)
            shoot_phone(browser, url, out)

        if only in (None, "compare"):
            go(page, "Compare")
            rules_b = page.locator(".st-key-cmp_b input[role='combobox']")
            rules_b.click()
            rules_b.fill("our-table")
            page.get_by_role("option", name="our-table (yours)", exact=True).click()
            wait_idle(page, timeout=120_000)  # the time estimate plays a couple of games first
            page.get_by_role("button", name="Simulate", exact=True).click()  # the defaults: 200 games
            # the run goes on in the background: the page is idle long before its answer is there
            page.get_by_text("compared with standard (A)").wait_for(timeout=600_000)
            wait_idle(page)
            page.wait_for_selector('[data-testid="stVegaLiteChart"]', timeout=60_000)
            page.wait_for_timeout(1500)  # charts draw after the run
            shoot(page, out, "compare", 3050)
        browser.close()
    shutil.rmtree(fake_home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Screenshots of the editor's pages for the README.")
    parser.add_argument("outdir", nargs="?", type=Path, default=OUT)
    parser.add_argument("--only", choices=["library", "editor", "playtest", "compare"])
    args = parser.parse_args()
    sys.exit(main(args.outdir, args.only))
