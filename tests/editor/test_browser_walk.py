"""A new card player's walk through the app in a real browser (Debian's chromium through Playwright; skipped
without chromium), laptop and phone: each test here is the regression test of one thing that walk found."""

from __future__ import annotations

import re

import pytest

from browser import replace_code_editor_text, save_as, wait_idle

pytestmark = pytest.mark.browser

SCREENS = {"laptop": {"viewport": {"width": 1280, "height": 800}},
           "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}}


def open_page(browser_app, path: str, screen: str):
    url, browser = browser_app
    page = browser.new_page(**SCREENS[screen])
    page.goto(f"{url}{path}")
    wait_idle(page)
    return page


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_the_library_says_double_and_khanaak_in_words_and_the_title_once(browser_app, tmp_path, screen):
    """The rulebook showed `callers.tricks == tricks and caller.won_last_trick` where a card player reads the
    rule, and repeated the title and summary shown just above it, with a note for the command line."""
    page = open_page(browser_app, "/", screen)
    try:
        book = page.locator(".st-key-lib_book").locator("xpath=..")  # the column the rulebook is drawn in
        words = page.get_by_text("Succeeds when the number of tricks won by the claimer's team is 6 (every trick "
                                 "of the deal), and the claimer won the last trick.")
        words.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"{screen}-double.png"))
        assert words.is_visible()
        # the formula is still there for the ruleset's author, as code, right under the words
        code = words.locator("code", has_text="callers.tricks == tricks and caller.won_last_trick")
        assert code.count() == 1 and code.first.is_visible()
        assert code.first.bounding_box()["y"] > words.bounding_box()["y"]
        assert page.get_by_text("and the count of the claimer's opponents is less than 0").is_visible()
        titles = page.get_by_role("heading", name="South African Thunee (four players)")
        assert titles.count() == 1, "the title is said twice"
        assert page.get_by_text("Generated from the ruleset file").count() == 0
        assert book.count()
    finally:
        page.close()


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_saving_over_a_name_asks_once(browser_app, tmp_path, screen):
    """Saving under a name already taken said "Not saved yet: you already have a ruleset called ..." and, right
    under it, asked "You already have a ruleset called ...: replace it, or keep both?": the same thing twice."""
    name = f"walk-{screen}"
    page = open_page(browser_app, "/editor", screen)
    try:
        replace_code_editor_text(page, f"extends: standard\nname: {name}\ngame:\n  target: 13\n")
        save_as(page, name)
        assert page.get_by_text("Saved as").first.is_visible()
    finally:
        page.close()
    other = open_page(browser_app, "/editor", screen)  # another tab, another text, the same name
    try:
        replace_code_editor_text(other, f"extends: standard\nname: {name}\ntitle: Ours too\n")
        save_as(other, name)
        other.screenshot(path=str(tmp_path / f"{screen}-save-over.png"))
        question = other.get_by_text(re.compile(f"already have a ruleset called {name}"))
        assert question.count() == 1 and question.first.is_visible()
        assert other.get_by_text(re.compile(r"Not saved yet: you already have")).count() == 0
        assert other.get_by_role("button", name="Keep both").is_visible()
    finally:
        other.close()


def test_the_upload_box_states_one_limit(browser_app, tmp_path):
    """The label said "at most 512 KB" over Streamlit's own "1MB per file"."""
    page = open_page(browser_app, "/editor", "laptop")
    try:
        box = page.locator('[data-testid="stFileUploader"]')
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "upload.png"))
        said = box.inner_text()
        assert "at most 1 MB" in said and re.search(r"\b1\s?MB per file", said), said
        assert not re.search(r"\d+\s?KB", said), said
    finally:
        page.close()


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_an_invisible_character_in_a_name_is_shown_where_it_is(browser_app, tmp_path, screen):
    """A zero-width space pasted into the name was taken: the name looked like 'our-table' and was not."""
    page = open_page(browser_app, "/editor", screen)
    try:
        replace_code_editor_text(page, "extends: standard\nname: our-\u200btable\n")
        page.screenshot(path=str(tmp_path / f"{screen}-invisible.png"))
        said = page.get_by_text(re.compile(r"Line 2, column 11:.*U\+200B ZERO WIDTH SPACE")).locator("visible=true").first
        assert said.is_visible()
        assert "it looks like 'our-table' but is not that name" in said.inner_text()
    finally:
        page.close()


def test_on_a_phone_the_folder_setting_does_not_stand_between_the_list_and_the_rulebook(browser_app, tmp_path):
    """A text box "Your folder (or set THUNEE_DSL_HOME)" sat under the list of rulesets, above the rulebook: a
    setting a card player does not need, named by an environment variable. It is folded away now."""
    page = open_page(browser_app, "/", "phone")
    try:
        assert not page.locator(".st-key-lib_home input").is_visible()
        assert page.get_by_text("THUNEE_DSL_HOME").count() == 0 or not page.get_by_text("THUNEE_DSL_HOME").first.is_visible()
        fold = page.get_by_text("Where your own rulesets are kept")
        fold.scroll_into_view_if_needed()
        fold.click()
        wait_idle(page)
        page.screenshot(path=str(tmp_path / "phone-folder.png"))
        assert page.locator(".st-key-lib_home input").is_visible()
    finally:
        page.close()


def test_the_formula_tab_names_the_sample_deal_it_shows_as_the_box_does(browser_app, tmp_path):
    """"Sample deal: 1" above, "The sample deal (seed 2)" below: deal 1 was thrown in and deal 2 was shown,
    unsaid, under another word."""
    page = open_page(browser_app, "/editor", "laptop")
    try:
        page.get_by_role("tab", name="Try a formula").click()
        wait_idle(page)
        asked = int(page.locator(".st-key-fx_seed input").input_value())
        label = page.get_by_text(re.compile(r"^Sample deal \d+, played by random bots")).first
        page.screenshot(path=str(tmp_path / "formula-tab.png"))
        shown = int(re.match(r"Sample deal (\d+)", label.inner_text()).group(1))
        assert "seed" not in label.inner_text()
        if shown != asked:
            assert f"(deal {asked} ended before its last trick)" in label.inner_text()
    finally:
        page.close()


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_a_paste_with_half_a_character_breaks_no_page(browser_app, tmp_path, screen):
    """A paste of binary can bring half of a character (a lone surrogate, which a browser's text may hold and the
    code editor sends as it is): every page then stopped with a UnicodeEncodeError (Streamlit could not hash the
    text to check it, nor draw it, nor write the unsaved text's draft). It is taken as the code editor shows it
    (U+FFFD, a question mark in a diamond): a name holding one is refused where it is, a title keeps it."""
    from browser import code_editor_frame, code_editor_text
    page = open_page(browser_app, "/editor", screen)
    name = f"half-{screen}"

    def no_traceback():
        assert page.locator('[data-testid="stException"]').count() == 0, \
            page.locator('[data-testid="stException"]').first.inner_text()

    def paste(old: str, new: str) -> None:
        """Replace ``old`` by ``new`` in the code editor, each ``#`` a lone surrogate (which Playwright cannot
        type: its keyboard takes whole characters)."""
        code_editor_frame(page).evaluate(
            "([o, n]) => { const e = document.querySelector('.ace_editor').env.editor;"
            "              const half = t => t.replace('#', '\\ud800');"
            "              e.setValue(e.getValue().replace(half(o), half(n)), 1); }",
            [old, new])
        page.wait_for_timeout(600)
        wait_idle(page)
        no_traceback()

    try:
        replace_code_editor_text(page, f"extends: standard\nname: {name}\ntitle: ab\n")
        paste(f"name: {name}", f"name: {name}#")
        page.get_by_text("Line 2, column 7:").locator("visible=true").first.wait_for(timeout=30_000)
        assert page.get_by_text("does not match the pattern").locator("visible=true").count()
        page.screenshot(path=str(tmp_path / f"{screen}-half-a-character-in-the-name.png"))
        paste(f"name: {name}#", f"name: {name}")
        paste("title: ab", "title: a#b")
        page.get_by_text("Valid.").locator("visible=true").first.wait_for(timeout=30_000)
        save_as(page, name)
        no_traceback()
        page.get_by_text("Saved as").locator("visible=true").first.wait_for(timeout=30_000)
        paste("title: a#b", "title: a#c")  # unsaved again: its draft is written on every page
        for where in ("Library", "Playtest", "Compare", "Editor"):
            row = page.locator(".st-key-phone_nav")
            (row if row.is_visible() else page.locator("header")).get_by_role("link", name=where).first.click()
            wait_idle(page)
            no_traceback()
        page.reload()  # a new session: the draft is offered, as the browser showed it
        wait_idle(page)
        page.locator(".st-key-ed_recover button").click()  # the last draft written (of one or two)
        wait_idle(page)
        no_traceback()
        assert "title: a\ufffdc" in code_editor_text(page)
    finally:
        page.close()


def test_on_a_phone_the_code_editor_wraps_long_lines_instead_of_cutting_them_off(browser_app, tmp_path):
    """On a phone the template's first line read "# A house variant: only what differs" and stopped at the
    screen's edge (the rest, "from 'standard' goes here.", only by scrolling the code sideways). Long lines
    wrap now; the line numbers stay those of the text (a problem's "Line 10" is still line 10)."""
    from browser import code_editor_frame
    page = open_page(browser_app, "/editor", "phone")
    try:
        frame = code_editor_frame(page)
        page.locator("iframe[title='code_editor.code_editor']").scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "phone-code-editor.png"))
        sideways, rows, lines, numbers = frame.evaluate("""() => {
            const e = document.querySelector('.ace_editor').env.editor;
            return [e.renderer.$horizScroll, e.session.getScreenLength(), e.session.getLength(),
                    [...document.querySelectorAll('.ace_gutter-cell')].map(c => c.innerText.trim())]; }""")
        assert not sideways, "a line runs past the screen's edge"
        assert rows > lines, "no long line was wrapped"  # the template has comment lines longer than a phone
        assert numbers[:lines] == [str(n) for n in range(1, lines + 1)], numbers
    finally:
        page.close()


def test_two_tabs_typing_at_once_and_a_reload_lose_neither_text(browser_app, tmp_path):
    """Tab A typed a variant, tab B (opened meanwhile) typed another; a reload of A offered only B's text: both
    tabs kept their unsaved text in one draft file, and B's typing had replaced A's. Both are offered now. (Two
    tabs of one browser: one browser context. Drafts are a browser's own: test_browser_storage.py.)"""
    from browser import code_editor_text
    url, browser = browser_app
    context = browser.new_context(**SCREENS["laptop"])
    a, b = context.new_page(), context.new_page()
    for tab in (a, b):
        tab.goto(f"{url}/editor")
        wait_idle(tab)
    try:
        mine = f"extends: standard\nname: tab-a\ntitle: Typed in tab A {tmp_path.name[-8:]}\n"
        theirs = mine.replace("tab-a", "tab-b").replace("tab A", "tab B")
        replace_code_editor_text(a, mine)
        replace_code_editor_text(b, theirs)
        a.reload()
        wait_idle(a)
        box = a.locator(".st-key-ed_recover_box")
        box.wait_for(timeout=30_000)
        a.screenshot(path=str(tmp_path / "two-drafts.png"), full_page=True)
        shown = box.inner_text()
        assert "Typed in tab A" in shown and "Typed in tab B" in shown, shown
        a.locator(".st-key-ed_recover_earlier button").click()
        wait_idle(a)
        assert code_editor_text(a) == mine
        assert b.locator('[data-testid="stException"]').count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("screen", [{"width": 390, "height": 844}, {"width": 844, "height": 390}])
def test_on_a_phone_the_page_starts_right_under_the_top_bar(browser_app, tmp_path, screen):
    """Held sideways (390 px tall) the Editor showed the top bar, a band of white, the page's title and two
    lines of the page; upright, a band of white a finger's height between the page names and the title."""
    url, browser = browser_app
    page = browser.new_page(viewport=screen, is_mobile=True, has_touch=True)
    try:
        for where in ("/", "/editor", "/playtest"):
            page.goto(f"{url}{where}")
            wait_idle(page)
            page.screenshot(path=str(tmp_path / f"{screen['width']}{where.replace('/', '-')}.png"))
            title = page.locator("h1").first.bounding_box()
            assert title["y"] < 90, (where, title)  # the top bar is 60 px tall
            assert title["y"] + title["height"] < 0.4 * screen["height"], (where, title)
    finally:
        page.close()


@pytest.mark.parametrize("width", [1280, 1400, 1000])
def test_on_a_laptop_the_words_in_the_middle_of_the_table_stay_clear_of_the_cards(browser_app, tmp_path, width):
    """The newcomer walk's Playtest picture (1400 px wide): "Last trick won by your partner · your partner to
    lead" in the middle of the table ran under the side seats' cards of the trick just won (the phone's
    words had been kept inside the gap; a laptop's were up to 30% of the table wide, wider than the gap)."""
    from test_browser_new_user import middle_words_over_cards, playtest_page
    page = playtest_page(browser_app, 7, {"width": width, "height": 1000})  # the walk's deal
    try:
        looked, crossings = middle_words_over_cards(page)
        page.screenshot(path=str(tmp_path / f"laptop-{width}-last-trick.png"))
        assert looked, "no finished trick was shown on the table"
        assert not crossings, f"the middle words cross a card: {crossings}"
    finally:
        page.close()


def test_the_editors_rulebook_has_no_note_for_the_command_line(browser_app, tmp_path):
    """The Editor's Rulebook tab (the newcomer walk's picture) began "Ruleset `our-house`. Generated from the
    ruleset file by `thunee-dsl rules`.": a note for the command line, where a card player reads the rules (the
    Library had dropped it)."""
    page = open_page(browser_app, "/editor", "laptop")
    try:
        replace_code_editor_text(page, "extends: standard\nname: walk-book\ntitle: Our book\ngame:\n  target: 13\n"
                                       "  corner_house: 12\n")
        page.get_by_role("tab", name="Rulebook").click()
        wait_idle(page)
        page.screenshot(path=str(tmp_path / "editor-rulebook.png"))
        assert page.get_by_role("heading", name="Our book").is_visible()
        assert page.get_by_text("Players and cards").first.is_visible()
        assert page.get_by_text("Generated from the ruleset file").count() == 0
        assert page.get_by_text("thunee-dsl rules").count() == 0
    finally:
        page.close()
