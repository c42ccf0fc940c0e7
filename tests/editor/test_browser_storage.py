"""Names, drafts, saves and stale screens in a real browser (issue 24, items 3, 4 and 10; Debian's chromium through
Playwright, skipped without it). Two *browser contexts* are two browsers (cookies and storage of their own); two
pages of one context are two tabs of one browser.

- Drafts belonged to the server: a browser that opened a shared link was offered another browser's unsaved text.
- "Keep both" saved a copy still calling itself by the original's name: two rulesets of one name.
- The "Added ... without penalties" banner stayed after later edits, saves and page changes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from browser import code_editor_text, launch, replace_code_editor_text, save_as, serve_app, wait_idle

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 900}
SHOTS = Path("/work/qa-shots")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The app served with a user folder the tests can read: ``(url, browser, home)``."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    home = tmp_path_factory.mktemp("home")
    with serve_app(home=home) as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            yield url, browser, home
        finally:
            browser.close()


def shot(page, tmp_path, name: str) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / f"storage-{name}.png"), full_page=True)


def no_traceback(page) -> None:
    assert page.locator('[data-testid="stException"]').count() == 0, \
        page.locator('[data-testid="stException"]').first.inner_text()


def open_editor(context, url: str, query: str = ""):
    page = context.new_page()
    page.goto(f"{url}/editor{query}")
    wait_idle(page)
    return page


def offered(page) -> str:
    """The words of the "Text you had not saved" box, or "" when none is offered."""
    box = page.locator(".st-key-ed_recover_box")
    return box.inner_text() if box.count() else ""


def test_two_browsers_never_see_each_others_drafts(served, tmp_path):
    from thunee_dsl.editor.sharing import encode_variant
    url, browser, home = served
    first, second = browser.new_context(viewport=LAPTOP), browser.new_context(viewport=LAPTOP)
    try:
        a = open_editor(first, url)
        mine = "extends: standard\nname: browser-a\ntitle: Typed in browser A only\n"
        replace_code_editor_text(a, mine)
        # another browser opens a link shared by the first (a phone at the table): not offered A's text
        shared = encode_variant("extends: standard\nname: shared-one\ntitle: The shared variant\n")
        b = open_editor(second, url, f"?variant={shared}")
        assert "browser A" not in offered(b) and b.locator(".st-key-ed_recover_box").count() == 0
        assert "shared-one" in code_editor_text(b)
        replace_code_editor_text(b, "extends: standard\nname: browser-b\ntitle: Typed in browser B only\n")
        b.reload()
        wait_idle(b)
        shot(b, tmp_path, "drafts-browser-b-after-reload")
        assert "Typed in browser B only" in offered(b) and "browser A" not in offered(b), offered(b)
        a.reload()
        wait_idle(a)
        shot(a, tmp_path, "drafts-browser-a-after-reload")
        assert "Typed in browser A only" in offered(a) and "browser B" not in offered(a), offered(a)
        a.locator(".st-key-ed_recover button").click()
        wait_idle(a)
        assert code_editor_text(a) == mine
        # a third browser, new: nothing offered
        c = open_editor(browser.new_context(viewport=LAPTOP), url)
        assert c.locator(".st-key-ed_recover_box").count() == 0
        c.context.close()
        no_traceback(a)
        no_traceback(b)
    finally:
        first.close()
        second.close()


def keep_both(page, name: str) -> None:
    """Save the editor's text under ``name``, which is taken, and answer the question with Keep both."""
    save_as(page, name)
    page.locator(".st-key-ed_question").wait_for(timeout=30_000)
    page.get_by_role("button", name="Keep both", exact=True).click()
    wait_idle(page)
    page.get_by_text("Saved as").locator("visible=true").first.wait_for(timeout=30_000)


def test_keep_both_gives_the_copy_a_name_of_its_own_everywhere(served, tmp_path, monkeypatch):
    url, browser, home = served
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = open_editor(context, url)
        original = "# our rules\nextends: standard\nname: our-table  # as we call it\ntitle: Our table\n"
        replace_code_editor_text(page, original)
        save_as(page, "our-table")
        page.get_by_text("Saved as").locator("visible=true").first.wait_for(timeout=30_000)
        page.goto(f"{url}/")  # a new variant, which the person also calls our-table
        wait_idle(page)
        page.get_by_role("button", name="Start a new variant from this").click()
        wait_idle(page)
        copy = original.replace("Our table", "Our table, with 13 balls") + "game:\n  target: 13\n"
        replace_code_editor_text(page, copy)
        keep_both(page, "our-table")
        shot(page, tmp_path, "keep-both-saved")
        said = page.locator(".st-key-ed_saved").inner_text()
        assert "our-table-2" in said and "name:" in said, said
        assert code_editor_text(page) == copy.replace("name: our-table ", "name: our-table-2 ")
        folder = home / "rulesets"
        assert (folder / "our-table.yaml").read_text(encoding="utf-8") == original
        assert (folder / "our-table-2.yaml").read_text(encoding="utf-8") == code_editor_text(page)
        # the command line opens each by its own name
        monkeypatch.setenv("THUNEE_DSL_HOME", str(home))
        from thunee_dsl.loading.registry import find_ruleset, user_rulesets
        assert find_ruleset("our-table") == folder / "our-table.yaml"
        assert find_ruleset("our-table-2") == folder / "our-table-2.yaml"
        assert {"our-table", "our-table-2"} <= set(user_rulesets())
        # and the Library lists both, each by its name
        page.goto(f"{url}/")
        wait_idle(page)
        radio = page.locator('[data-testid="stRadio"]')
        for label in ("our-table (yours)", "our-table-2 (yours)"):
            assert radio.get_by_text(label, exact=True).count() == 1, label
        radio.get_by_text("our-table-2 (yours)", exact=True).click()
        wait_idle(page)
        assert page.locator('[data-testid="stCaptionContainer"]').get_by_text("our-table-2").count()
        no_traceback(page)
    finally:
        context.close()


def add_house_rule(page, title: str) -> None:
    box = page.locator(".st-key-ed_rule input")
    option = page.get_by_role("option", name=title, exact=True)
    for _ in range(3):  # (the list closes if the page scrolls meanwhile: a save's message is brought into view)
        wait_idle(page)
        box.click()
        box.fill(title)
        try:
            option.wait_for(timeout=10_000)
            break
        except Exception:
            page.keyboard.press("Escape")
    option.click()
    wait_idle(page)
    page.get_by_role("button", name="Add it", exact=True).click()
    wait_idle(page)


def banner(page, title: str):
    """The banner adding the house rule ``title`` (its short title, as the list shows it) put up."""
    return page.get_by_text(re.compile(rf"Added Standard Thunee,? {re.escape(title)} at its place", re.I)).locator(
        "visible=true")


def test_a_banner_goes_with_the_next_edit_save_or_page_change(served, tmp_path):
    url, browser, home = served
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = context.new_page()
        page.goto(url)
        wait_idle(page)
        page.get_by_role("button", name="Start a new variant from this").click()
        wait_idle(page)
        # an edit
        add_house_rule(page, "Without penalties")
        banner(page, "Without penalties").first.wait_for(timeout=30_000)
        replace_code_editor_text(page, code_editor_text(page) + "# and our own note\n")
        shot(page, tmp_path, "banner-after-an-edit")
        assert banner(page, "Without penalties").count() == 0, "the banner stayed after an edit"
        # a save
        add_house_rule(page, "Partner catch costs 6 balls")
        banner(page, "Partner catch costs 6 balls").first.wait_for(timeout=30_000)
        save_as(page, "no-stale-banners")
        page.get_by_text("Saved as").locator("visible=true").first.wait_for(timeout=30_000)
        assert banner(page, "Partner catch costs 6 balls").count() == 0, "the banner stayed after a save"
        # a page change, and back
        add_house_rule(page, "Simple Khanaak")
        banner(page, "Simple Khanaak").first.wait_for(timeout=30_000)
        page.get_by_role("link", name="Library", exact=True).first.click()
        wait_idle(page)
        page.get_by_role("link", name="Editor", exact=True).first.click()
        wait_idle(page)
        shot(page, tmp_path, "banner-after-a-page-change")
        assert banner(page, "Simple Khanaak").count() == 0, "the banner stayed after a page change"
        assert page.get_by_text("Saved as").locator("visible=true").count() == 0
        assert "khanaak" in code_editor_text(page).lower()  # (the rule itself stays, of course)
        no_traceback(page)
    finally:
        context.close()


def test_a_new_tab_whose_name_lost_to_another_tabs_takes_that_one_once(served, tmp_path):
    """Two tabs of a new browser opened at once (a browser restoring its tabs) each drew a name, and the first kept
    in the cookie stays: the other tab reloads once, before anything is typed in it, and its drafts are then the
    browser's (a reload of either tab offers them). It never reloads again (no loop, whatever the cookie holds)."""
    from thunee_dsl.editor import session
    url, browser, home = served
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = open_editor(context, url)
        [own] = [c["value"] for c in context.cookies() if c["name"] == session.BROWSER_COOKIE]
        winner = session.new_browser_id()  # what the other tab kept meanwhile
        page.evaluate(f"document.cookie = '{session.BROWSER_COOKIE}={winner}; path=/'")
        with page.expect_navigation(timeout=30_000):
            page.evaluate(session.remember_browser(own))
        wait_idle(page)
        text = f"extends: standard\nname: lost-race\ntitle: Typed after the reload {tmp_path.name[-6:]}\n"
        replace_code_editor_text(page, text)
        assert (home / "drafts" / winner / session.DRAFT_FILE).read_text(encoding="utf-8") == text
        assert [c["value"] for c in context.cookies() if c["name"] == session.BROWSER_COOKIE] == [winner]
        page.evaluate(session.remember_browser(session.new_browser_id()))  # a second time in this tab: no reload
        page.wait_for_timeout(1500)
        assert page.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"  # (the one reload)
        assert code_editor_text(page) == text, "the tab reloaded again"
    finally:
        context.close()


def test_a_text_kept_both_is_not_offered_back_as_unsaved_after_a_reload(served, tmp_path):
    """The newcomer walk: a browser saved a text under a name taken, chose Keep both (the copy saved as
    our-walk-2, its name: line rewritten), reloaded, and was offered "Text you had not saved ... Bring it back?"
    with the text it had just saved (its draft still said name: our-walk, so it matched no saved file)."""
    url, browser, home = served
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = open_editor(context, url)
        replace_code_editor_text(page, "extends: standard\nname: our-walk\ntitle: The first table\n")
        save_as(page, "our-walk")
        page.get_by_text("Saved as").locator("visible=true").first.wait_for(timeout=30_000)
        other = open_editor(browser.new_context(viewport=LAPTOP), url)  # another browser, the same name
        typed = "extends: standard\nname: our-walk\ntitle: The other table\ngame:\n  target: 13\n"
        replace_code_editor_text(other, typed)
        keep_both(other, "our-walk")
        assert (home / "rulesets" / "our-walk-2.yaml").read_text(encoding="utf-8") == \
            typed.replace("name: our-walk\n", "name: our-walk-2\n")
        other.reload()
        wait_idle(other)
        shot(other, tmp_path, "keep-both-reloaded")
        assert offered(other) == "", offered(other)
        no_traceback(other)
        other.context.close()
    finally:
        context.close()
