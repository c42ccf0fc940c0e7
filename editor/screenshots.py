"""The newcomer walk: screenshots of every page of the editor, for the README and for a person to look at,
``python editor/screenshots.py [OUTDIR] [--only PAGE]``.

Starts the app headless (with a fresh, temporary home folder holding a table's saved variant and the house rules
of issue 23), drives it in Debian's chromium through Playwright, on a laptop and a phone, and writes PNGs into
``docs/screenshots/`` (or OUTDIR): the Library, the Editor (a typo, a YAML slip, what a variant changes, its
rulebook, a formula, a house rule added without typing), saving (a name taken, Keep both; two browsers' drafts),
Playtest, the house rules (their rulebooks, the Thunee caller naming trumps, calling again) and Compare (its
verdict, after a reload, on a phone). ``make screenshots`` runs it from a fresh clone (it needs chromium);
``--only PAGE`` (library, editor, saving, playtest, house, compare) takes one part's pictures.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from browser import (chromium_path, choose_rules, deal_with_seed, launch, replace_code_editor_text,  # noqa: E402
                     save_as, serve_app, wait_idle)

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
        try:
            if card.count():
                card.click(timeout=10_000)
            elif said.count():
                said.last.click(timeout=10_000)
            else:
                break
        except Exception:  # (the page was drawn again under the click: look again)
            pass
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


#: The house rules of issue 23, each with the words of its rule in the Library's rulebook (where the walk looks).
HOUSE = {"calling-after-last-cards": "Calling opens again",
         "game-to-thirteen": "The first team to open 13 balls wins",
         "only-dealers-team-calls": "Who may call", "thunee-names-trumps": "names the trump suit"}
#: A stray space: the slip the Editor says in a card player's words at the line that moved.
SLIP = VARIANT.replace("  corner_house: 12", "   corner_house: 12")
PAGES = ("library", "editor", "saving", "playtest", "compare", "house")


def phone_page(browser, url: str, path: str = ""):
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page.goto(f"{url}{path}")
    wait_idle(page)
    return page


def shoot_phone_page(page, out: Path, name: str) -> Path:
    page.mouse.move(PHONE["width"] - 5, PHONE["height"] - 5)
    wait_idle(page)
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    print(path)
    return path


def seen(page, text: str, timeout: float = 60_000):
    """The first visible element with ``text``, brought into view near the top of the screen."""
    found = page.get_by_text(text).locator("visible=true").first
    try:
        found.wait_for(timeout=timeout)
    except Exception:  # (the picture is still taken: what is missing shows in it)
        print(f"not found on the page: {text!r}", file=sys.stderr)
        return None
    found.evaluate("e => { e.style.scrollMarginTop = '6rem'; e.scrollIntoView({block: 'start'}); }")
    page.wait_for_timeout(300)
    return found


def library_pages(browser, page, url: str, out: Path) -> None:
    shoot(page, out, "library", 1250)
    phone = phone_page(browser, url)
    shoot_phone_page(phone, out, "library-phone")
    phone.close()


def house_pages(browser, page, url: str, out: Path) -> None:
    """The house rules of issue 23 (examples/house/, saved in the user's folder): each one's rule in the
    Library's rulebook, the Thunee caller naming trumps in Playtest, a laptop and a phone."""
    for name, words in HOUSE.items():
        page.goto(url)
        wait_idle(page)
        page.get_by_text(f"{name} (yours)", exact=True).click()
        wait_idle(page)
        seen(page, words)
        page.set_viewport_size({"width": WIDTH, "height": 900})
        path = out / f"house-{name}.png"
        page.screenshot(path=str(path))
        print(path)
    go(page, "Playtest")
    choose_rules(page, "thunee-names-trumps (yours)")
    deal_with_seed(page, 22)  # the typical bots leave the first Thunee to seat 1
    page.locator('[class*="st-key-pt_do_thunee"] button:visible').first.click()
    wait_idle(page)
    page.locator('[data-testid="stMain"]').evaluate("e => e.scrollTo(0, 0)")
    shoot(page, out, "house-playtest-names-trumps", 1000)
    page.goto(f"{url}/playtest")  # a new visit: the rules can be picked again (a game on the table hides them)
    wait_idle(page)
    choose_rules(page, "calling-after-last-cards (yours)")
    deal_with_seed(page, 3)
    play_some(page, 2)
    shoot(page, out, "house-playtest-calling-again", 1000)
    phone = phone_page(browser, url, "/")
    phone.get_by_text("only-dealers-team-calls (yours)", exact=True).click()
    wait_idle(phone)
    seen(phone, HOUSE["only-dealers-team-calls"])
    shoot_phone_page(phone, out, "house-only-dealers-team-calls-phone")
    phone.close()


def editor_pages(browser, page, url: str, out: Path) -> None:
    go(page, "Editor")
    edit(page, TYPO)
    shoot(page, out, "editor-error", 1000)
    edit(page, SLIP)
    shoot(page, out, "editor-yaml-slip", 1000)
    edit(page, VARIANT)
    page.get_by_role("tab", name="What it changes").click()
    wait_idle(page)
    shoot(page, out, "editor", 1000)
    page.get_by_role("tab", name="Rulebook").click()
    wait_idle(page)
    shoot(page, out, "editor-rulebook", 1000)
    page.get_by_role("tab", name="Try a formula").click()
    wait_idle(page)
    formula = page.locator(".st-key-fx_text input")
    formula.fill("counting.count >= 105 and counting.won_last_trick")
    formula.press("Enter")
    wait_idle(page)
    shoot(page, out, "editor-formula", 1000)
    # a house rule added without typing: game to 13, its warning about corner house and the fix
    edit(page, "extends: standard\nname: our-thirteen\n")
    add_house_rule(page, "Game to 13 balls")
    shoot(page, out, "editor-house-rule", 1000)
    phone = phone_page(browser, url, "/editor")
    replace_code_editor_text(phone, SLIP)
    seen(phone, "this line is indented")
    shoot_phone_page(phone, out, "editor-yaml-slip-phone")
    phone.close()


def add_house_rule(page, title: str) -> None:
    box = page.locator(".st-key-ed_rule input")
    box.click()
    box.fill(title)
    page.get_by_role("option", name=title, exact=True).click()
    wait_idle(page)
    page.get_by_role("button", name="Add it", exact=True).click()
    wait_idle(page)


def saving_pages(browser, url: str, out: Path) -> None:
    """Two browsers: one saves our-house, the other saves another text under that name and keeps both; the
    first's unsaved text is offered back to it after a reload, never to the other."""
    first = browser.new_context(viewport={"width": WIDTH, "height": 1000})
    second = browser.new_context(viewport={"width": WIDTH, "height": 1000})
    try:
        a = first.new_page()
        a.goto(f"{url}/editor")
        wait_idle(a)
        edit(a, VARIANT)
        save_as(a, "our-house")
        b = second.new_page()
        b.goto(f"{url}/editor")
        wait_idle(b)
        edit(b, VARIANT.replace("title: Standard Thunee, our house rules", "title: Our other table"))
        save_as(b, "our-house")
        b.locator(".st-key-ed_question").wait_for(timeout=30_000)
        shoot(b, out, "saving-name-taken", 1000)
        b.get_by_role("button", name="Keep both", exact=True).click()
        wait_idle(b)
        b.get_by_text("Saved as").locator("visible=true").first.wait_for(timeout=30_000)
        shoot(b, out, "saving-keep-both", 1000)
        edit(a, VARIANT.replace("partner_catch: 6", "partner_catch: 5"))  # typed, not saved
        a.reload()
        wait_idle(a)
        shoot(a, out, "drafts-offered-back", 1000)
        b.reload()
        wait_idle(b)
        shoot(b, out, "drafts-other-browser", 1000)
    finally:
        first.close()
        second.close()


def playtest_pages(browser, page, url: str, out: Path) -> None:
    go(page, "Playtest")
    deal_with_seed(page, 7)
    play_some(page, 7)
    shoot(page, out, "playtest", 1000)
    shoot_phone(browser, url, out)


def compare_pages(browser, page, url: str, out: Path) -> None:
    go(page, "Compare")
    rules_b = page.locator(".st-key-cmp_b input[role='combobox']")
    rules_b.click()
    rules_b.fill("our-table")
    page.get_by_role("option", name="our-table (yours)", exact=True).click()
    wait_idle(page, timeout=120_000)  # the time estimate plays a couple of games first
    page.get_by_role("button", name="Simulate", exact=True).click()  # the defaults (a first look: fewer games)
    # the run goes on in the background: the page is idle long before its answer is there
    page.get_by_text("compared with standard (A)").wait_for(timeout=600_000)
    wait_idle(page)
    page.wait_for_selector('[data-testid="stVegaLiteChart"]', timeout=60_000)
    page.wait_for_timeout(1500)  # charts draw after the run
    shoot(page, out, "compare", 3400)  # (down to the "Who wins" chart's labels)
    page.reload()  # a reload finds the run again, with its rules
    wait_idle(page)
    page.get_by_text("compared with standard (A)").wait_for(timeout=60_000)
    wait_idle(page)
    shoot(page, out, "compare-after-reload", 1400)
    phone = phone_page(browser, url, f"/compare?{page.url.split('?', 1)[1]}" if "?" in page.url else "/compare")
    phone.get_by_text("compared with standard (A)").wait_for(timeout=60_000)
    wait_idle(phone)
    seen(phone, "compared with standard (A)")
    shoot_phone_page(phone, out, "compare-phone")
    phone.close()


def main(out: Path = OUT, only: str | None = None) -> int:
    from playwright.sync_api import sync_playwright

    if chromium_path() is None:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    fake_home = tempfile.mkdtemp(prefix="thunee-home-")  # the app shows ~/.thunee-dsl, not a temporary path
    saved = Path(fake_home) / ".thunee-dsl" / "rulesets"
    saved.mkdir(parents=True)
    (saved / "our-table.yaml").write_text(OUR_TABLE, encoding="utf-8")
    for name in HOUSE:  # the house rules of issue 23, as a table that saved them
        shutil.copy(HERE.parent / "examples" / "house" / f"{name}.yaml", saved / f"{name}.yaml")
    with serve_app(env={"HOME": fake_home, "THUNEE_DSL_HOME": None}) as url, sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": WIDTH, "height": 1000})
        page.goto(url)
        wait_idle(page)
        if only in (None, "library"):
            library_pages(browser, page, url, out)
        if only in (None, "editor"):
            editor_pages(browser, page, url, out)
        if only in (None, "saving"):
            saving_pages(browser, url, out)
        if only in (None, "playtest"):
            playtest_pages(browser, page, url, out)
        if only in (None, "house"):
            house_pages(browser, page, url, out)
        if only in (None, "compare"):
            compare_pages(browser, page, url, out)
        browser.close()
    shutil.rmtree(fake_home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Screenshots of the editor's pages for the README.")
    parser.add_argument("outdir", nargs="?", type=Path, default=OUT)
    parser.add_argument("--only", choices=PAGES)
    args = parser.parse_args()
    sys.exit(main(args.outdir, args.only))
