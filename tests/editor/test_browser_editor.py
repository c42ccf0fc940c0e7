"""The Editor in a real browser (Debian's chromium + Playwright): the code editor never loses a word.

Typed text (no Ctrl+Enter) survives page changes, again and again, and a reload offers it back; a save over a file another browser
saved meanwhile asks instead of overwriting; a shared link opens the variant in another browser (and a
hostile one gives a message); problems are marked in the code editor's gutter while typing.
Screenshots go into each test's tmp_path.
"""

from __future__ import annotations

import pytest

from browser import code_editor_frame, code_editor_text, launch, serve_app, wait_idle

pytestmark = pytest.mark.browser

OURS = "extends: standard\nname: ours\ntitle: Our table\n"


@pytest.fixture
def visit(home):
    """A function: the app (serving ``home``) opened at a path in a new browser context, as a new person or
    tab would; ``visit.url`` is the app's address. The app and the browser stop after the test."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    with serve_app(home=home) as url, sync_api.sync_playwright() as playwright:
        browser = launch(playwright)

        def open_page(path: str = "/editor"):
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.goto(url + path)
            wait_idle(page)
            return page

        open_page.url = url
        try:
            yield open_page
        finally:
            browser.close()


def type_at_end(page, text: str) -> None:
    """Click into the code editor, go to the end and type ``text`` key by key (no Ctrl+Enter)."""
    frame = code_editor_frame(page)
    frame.click(".ace_content")
    page.keyboard.press("Control+End")
    page.keyboard.type(text)


TITLES = {"Library": "Rulesets", "Editor": "Editor", "Playtest": "Playtest", "Compare": "Compare"}


def go(page, name: str) -> None:
    """Click a page link in the top bar and check that the page changed."""
    page.get_by_role("link", name=name, exact=True).first.click()
    wait_idle(page)
    page.locator("h1").filter(has_text=TITLES[name]).first.wait_for(timeout=30_000)


def wait_text(page, text: str, timeout: float = 30_000) -> None:
    # visible: the copy of the first problem under the text is for phones (hidden on wider screens)
    page.get_by_text(text).locator("visible=true").first.wait_for(timeout=timeout)


def open_mine(page, name: str) -> None:
    """Editor page: open one of the user's rulesets with 'Open a ruleset'."""
    page.locator(".st-key-ed_open").click()
    page.get_by_role("option", name=f"{name} (yours)").click()
    page.locator(".st-key-ed_open_btn button").click()
    wait_idle(page)
    wait_text(page, f"your ruleset {name}")


def test_typed_text_survives_page_changes(tmp_path, visit):
    page = visit("")
    go(page, "Editor")
    type_at_end(page, "game:\n  target: 13")
    wait_text(page, "13 balls to win")  # checked as typed: no Ctrl+Enter, no click outside
    assert code_editor_text(page).endswith("game:\n  target: 13")
    pages = ["Library", "Playtest", "Compare", "Library", "Playtest", "Library"]
    for round_, other in enumerate(pages):
        type_at_end(page, f"\n# round {round_}")
        expected = code_editor_text(page)  # what the user sees (Ace keeps the indent on a new line)
        assert expected.rstrip().endswith(f"# round {round_}")
        page.wait_for_timeout(200)  # a hand moving from the keys to the page link
        go(page, other)  # the edit reaches the session in the code editor's callback
        go(page, "Editor")
        assert code_editor_text(page) == expected, f"round {round_}: text lost after visiting {other}"
        assert page.locator(".st-key-ed_save_name input").input_value() == "my-standard"
    wait_text(page, "13 balls to win")
    page.screenshot(path=str(tmp_path / "after-page-changes.png"))
    # a reload is a new session: the unsaved text is offered back, not lost
    page.reload()
    wait_idle(page)
    wait_text(page, "Text you had not saved")
    page.screenshot(path=str(tmp_path / "after-reload.png"))
    page.get_by_role("button", name="Bring it back", exact=True).click()
    wait_idle(page)
    assert code_editor_text(page) == expected
    assert (tmp_path / "after-page-changes.png").stat().st_size > 10_000


def test_keys_typed_right_before_a_page_link_are_kept(visit):
    """No pause at all between the last key and the click on a page link, while the app is still busy
    with the keys before it. A page link's request carries none of the page's values and Streamlit
    merges it with a key's request still waiting: the page link waits until the app holds the text the
    code editor shows (editor/pending_edit.js), so the last keys arrive first."""
    page = visit("")
    go(page, "Editor")
    for round_, other in enumerate(["Library", "Playtest", "Compare", "Library"]):
        type_at_end(page, f"\n# quick {round_}")
        expected = code_editor_text(page)
        go(page, other)
        go(page, "Editor")
        assert code_editor_text(page) == expected, f"round {round_}: keys lost on the way to {other}"


def test_plain_text_box_typed_right_before_a_page_link_is_kept(visit):
    """The plain text box sends its text when it loses the focus, i.e. on the very click on the page link."""
    page = visit()
    page.locator(".st-key-ed_plain label").click()
    wait_idle(page)
    box = page.locator(".st-key-ed_area textarea")
    for round_, other in enumerate(["Library", "Playtest"]):
        box = page.locator(".st-key-ed_area textarea")
        box.click()
        page.keyboard.press("Control+End")
        page.keyboard.type(f"\n# plain {round_}")
        expected = box.input_value()
        go(page, other)
        go(page, "Editor")
        assert page.locator(".st-key-ed_area textarea").input_value() == expected, f"round {round_}: lost on the way to {other}"


def eventually(page, check, tries: int = 50) -> None:
    """Wait until ``check()`` holds (keys and marks reach the page a little after they are sent)."""
    for _ in range(tries):
        if check():
            return
        page.wait_for_timeout(200)
    assert check()


def test_steady_typing_loses_no_key(tmp_path, visit):
    """Typed at a steady pace while the problems (and so the gutter marks) change under the keys:
    with the component's debounce, Ace was handed back a text some keys behind and dropped them."""
    page = visit()
    before = code_editor_text(page)
    typed = "game:\ntargt: 13\ncorner_hous: 12\ntarget: 13\ncorner_house: 12\n# typed at a steady pace\n"
    code_editor_frame(page).click(".ace_content")
    page.keyboard.press("Control+End")
    page.keyboard.type(typed, delay=90)
    page.wait_for_timeout(500)
    wait_idle(page)
    # Ace indents new lines itself: compare everything but the spaces
    assert "".join(code_editor_text(page).split()) == "".join((before + typed).split())


def test_problems_are_marked_in_the_gutter_while_typing(tmp_path, visit):
    page = visit()
    lines = code_editor_text(page).count("\n")
    type_at_end(page, "game:\n  targt: 13")
    wait_text(page, "unknown key 'targt'")
    frame = code_editor_frame(page)
    bad_row = lines + 2  # 1-based: the line typed after "game:"
    annotations = "() => document.querySelector('.ace_editor').env.editor.getSession().getAnnotations()"
    eventually(page, lambda: any(a["row"] == bad_row - 1 for a in frame.evaluate(annotations)))
    assert frame.locator(".ace_gutter-cell.ace_error").all_inner_texts() == [str(bad_row)]
    assert frame.locator(".problem-line").count() == 1
    note = frame.evaluate(annotations)
    assert [(a["row"], a["column"], a["type"]) for a in note] == [(bad_row - 1, 2, "error")]
    assert "targt" in note[0]["text"]
    page.screenshot(path=str(tmp_path / "gutter-error.png"))
    # fix it by typing: the mark goes away, still without Ctrl+Enter
    page.keyboard.press("Home")  # Ace: to the line's first non-blank
    page.keyboard.press("Shift+End")
    page.keyboard.type("target: 13")
    wait_text(page, "13 balls to win")
    frame = code_editor_frame(page)
    frame.wait_for_selector(".ace_gutter-cell.ace_error", state="detached", timeout=30_000)
    assert frame.locator(".problem-line").count() == 0
    # Enter makes a new line, never a completion; Ctrl+Space offers the schema's keys
    page.keyboard.press("End")
    page.keyboard.type("\ncorner")  # Ace keeps the line's indent
    page.keyboard.press("Enter")
    eventually(page, lambda: code_editor_text(page).split("\n")[-2:] == ["  corner", "  "])  # nothing completed
    assert frame.locator(".ace_autocomplete").count() == 0 or not frame.locator(".ace_autocomplete").is_visible()
    page.keyboard.type("corner")
    page.wait_for_timeout(300)
    wait_idle(page)  # the app has checked "corner" (and marked it) before the popup opens
    page.keyboard.press("Control+Space")
    frame.wait_for_selector(".ace_autocomplete", state="visible", timeout=10_000)
    # (the list's rows are drawn a frame after the popup shows: wait for them, not only the popup)
    eventually(page, lambda: "corner_house" in frame.locator(".ace_autocomplete").inner_text().replace("\n", ""))
    page.wait_for_timeout(300)
    page.screenshot(path=str(tmp_path / "completion.png"))
    page.keyboard.press("Enter")  # the user picked it
    eventually(page, lambda: code_editor_text(page).split("\n")[-1].strip() == "corner_house:")
    assert (tmp_path / "gutter-error.png").stat().st_size > 10_000


def test_a_save_over_another_browsers_save_asks(tmp_path, home, visit):
    (home / "rulesets").mkdir(parents=True)
    saved = home / "rulesets" / "ours.yaml"
    saved.write_text(OURS, encoding="utf-8")
    tabs = []
    for _ in range(2):  # two browser contexts: two people (or tabs) on the same folder
        page = visit()
        open_mine(page, "ours")
        tabs.append(page)
    a, b = tabs
    type_at_end(b, "# from B\n")
    wait_text(b, "unsaved changes")
    b.locator(".st-key-ed_save button").click()
    wait_idle(b)
    wait_text(b, "Saved as")
    assert saved.read_text(encoding="utf-8") == OURS + "# from B\n"

    type_at_end(a, "# from A\n")
    wait_text(a, "unsaved changes")
    a.locator(".st-key-ed_save button").click()
    wait_idle(a)
    wait_text(a, "was changed since you opened it")
    assert saved.read_text(encoding="utf-8") == OURS + "# from B\n"  # not overwritten
    a.screenshot(path=str(tmp_path / "save-conflict.png"))
    a.get_by_role("button", name="Keep both", exact=True).click()
    wait_idle(a)
    wait_text(a, "Saved as")
    assert saved.read_text(encoding="utf-8") == OURS + "# from B\n"
    # the copy says its own name (it said `name: ours`: two rulesets of one name)
    assert (home / "rulesets" / "ours-2.yaml").read_text(encoding="utf-8") == \
        (OURS + "# from A\n").replace("name: ours", "name: ours-2")
    assert "file ours-2.yaml" in a.get_by_text("Editing ").first.inner_text()
    assert (tmp_path / "save-conflict.png").stat().st_size > 10_000


def test_share_link_round_trip_and_a_hostile_link(tmp_path, visit):
    sender = visit()
    type_at_end(sender, "game:\n  target: 13\n")
    wait_text(sender, "13 balls to win")
    text = code_editor_text(sender)
    sender.get_by_role("button", name="Share as a link").click()
    wait_idle(sender)
    link = sender.locator("code").filter(has_text="variant=").first.inner_text().strip()
    assert link.startswith(f"{visit.url}/editor?variant=")

    receiver = visit(link.removeprefix(visit.url))
    wait_text(receiver, "The shared variant is in the editor")
    assert code_editor_text(receiver) == text
    wait_text(receiver, "13 balls to win")
    assert "not saved yet" in receiver.get_by_text("Editing ").first.inner_text()
    assert "variant=" not in receiver.url  # opened once, not again on the next rerun
    receiver.screenshot(path=str(tmp_path / "shared-link.png"))

    # a damaged link, opened in a new browser: a message, and the editor works on
    stranger = visit("/editor?variant=eJz%25%25not-a-link")
    wait_text(stranger, "The shared link could not be opened")
    assert "extends: standard" in code_editor_text(stranger)
    assert stranger.get_by_text("Valid.").count() == 1
    assert (tmp_path / "shared-link.png").stat().st_size > 10_000


def test_the_browser_and_the_app_fingerprint_a_text_alike(visit):
    """editor/pending_edit.js holds a page link back while the editor's fingerprint differs from the app's:
    if the two were computed differently, every page link would wait for nothing."""
    from thunee_dsl.editor.session import fingerprint
    page = visit()
    marker = page.locator("[data-editor-confirmed]")
    assert marker.get_attribute("data-editor-confirmed") == fingerprint(code_editor_text(page))
    assert page.evaluate("() => window.__thuneePendingEdit.pending()") is False
    for text in ["é ♠ 10♥ «quoted»\r\nsecond line\rthird", "", "a\ud800b", "x" * 70_000]:
        assert page.evaluate("t => window.__thuneePendingEdit.fingerprint(t)", text) == fingerprint(text)
    type_at_end(page, "\n# ñ")
    # until the app has the new text, a page link would wait; after it, not
    eventually(page, lambda: page.evaluate("() => window.__thuneePendingEdit.pending()") is False)
    assert marker.get_attribute("data-editor-confirmed") == fingerprint(code_editor_text(page))
