"""The Editor page (AppTest): validation as you edit, located errors, the diff, formulas, save and upload.

AppTest cannot drive the code editor component: these tests type into the page's plain text box
(the same session text); tests/editor/test_browser_editor.py drives the code editor in chromium.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl.editor.sharing import decode_variant, encode_variant
from thunee_dsl.loading import MAX_BYTES

VALID = "extends: standard\nname: our-rules\ngame:\n  target: 13\n"
TYPO = VALID.replace("target", "targt")
APP = Path(__file__).resolve().parents[2] / "editor" / "app.py"


def errors(at) -> list[str]:
    return [e.value for e in at.error]


def editor(app):
    """The Editor page with the plain text box on (AppTest's way of typing)."""
    at = app("editor")
    at.toggle(key="ed_plain").set_value(True).run()
    assert not at.exception
    return at


def header(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("Editing "))


def test_an_invalid_edit_shows_the_located_error_and_keeps_the_text(app):
    at = editor(app)
    assert any("Valid" in s.value for s in at.success)
    at.text_area(key="ed_area").input(TYPO).run()
    assert not at.exception
    assert any(e.startswith("**1 problem.**") for e in errors(at))
    assert any("Line 4, column 3" in e and "unknown key 'targt'" in e for e in errors(at))
    assert "   4 |   targt: 13\n     |   ^" in [c.value for c in at.code]  # the offending line, with a caret
    assert at.session_state["editor_text"] == TYPO and at.text_area(key="ed_area").value == TYPO


def test_fixing_it_makes_it_valid_and_shows_the_change_in_words(app):
    at = editor(app)
    at.text_area(key="ed_area").input(TYPO).run()
    at.text_area(key="ed_area").input(VALID).run()
    assert not errors(at)
    assert any("Valid" in s.value and "13 balls to win" in s.value for s in at.success)
    changes = [m.value for m in at.markdown if "Balls to win" in m.value]
    assert changes and "12 -> 13" in changes[0]


def test_a_formula_error_or_its_value_on_a_sample_deal(app):
    at = editor(app)
    at.text_input(key="fx_text").input("counting.cards >= 105 and and").run()
    assert any("Column 27" in e for e in errors(at))
    assert any(c.value.splitlines()[-1].strip() == "^" for c in at.code)
    at.text_input(key="fx_text").input("tricks").run()
    assert not errors(at)
    assert any(m.value == "On the sample deal it is **6**:" for m in at.markdown)


def test_save_writes_the_text_into_the_users_folder_even_unfinished(app, home):
    at = editor(app)
    at.text_area(key="ed_area").input(VALID).run()
    assert at.text_input(key="ed_save_name").value == "our-rules"
    at.button(key="ed_save").click().run()
    saved = home / "rulesets" / "our-rules.yaml"
    assert saved.read_text(encoding="utf-8") == VALID
    assert any("Saved as" in s.value for s in at.success)
    at.text_area(key="ed_area").input(TYPO).run()
    at.button(key="ed_save").click().run()
    assert saved.read_text(encoding="utf-8") == TYPO
    assert any("1 problem(s) still to fix" in w.value for w in at.warning)


def test_saving_under_a_shipped_name_is_refused(app, home):
    at = editor(app)
    at.text_input(key="ed_save_name").input("standard").run()
    at.button(key="ed_save").click().run()
    assert any("Not saved" in e and "shipped ruleset" in e for e in errors(at))
    assert not (home / "rulesets" / "standard.yaml").exists()


def test_upload_loads_the_file_and_restore_brings_back_the_text(app):
    at = editor(app)
    at.text_area(key="ed_area").input(VALID).run()
    at.file_uploader(key="ed_upload").set_value(("friends.yaml", b"extends: royals\nname: friends\n",
                                                 "application/x-yaml")).run()
    assert not at.exception
    assert at.session_state["editor_text"] == "extends: royals\nname: friends\n"
    assert any("Valid" in s.value and "friends" in s.value for s in at.success)
    at.button(key="ed_restore").click().run()
    assert at.session_state["editor_text"] == VALID


def test_an_upload_that_is_not_utf8_or_too_big_is_refused_without_losing_the_text(app):
    at = editor(app)
    at.text_area(key="ed_area").input(VALID).run()
    at.file_uploader(key="ed_upload").set_value(("latin.yaml", b"name: caf\xe9\n", "application/x-yaml")).run()
    assert any("Not loaded" in e and "UTF-8" in e for e in errors(at))
    assert at.session_state["editor_text"] == VALID


def test_open_a_shipped_ruleset_as_a_copy(app):
    at = editor(app)
    at.selectbox(key="ed_open").set_value("shipped:six-player").run()
    at.button(key="ed_open_btn").click().run()
    assert "name: six-player" in at.session_state["editor_text"]
    assert "copy of the shipped ruleset six-player" in at.session_state["editor_origin"]


# -- the text and its file survive page changes ---------------------------------------------------
def test_text_and_save_name_survive_page_changes(app, home):
    (home / "rulesets").mkdir(parents=True)
    (home / "rulesets" / "our-table.yaml").write_text(VALID, encoding="utf-8")
    at = editor(app)
    at.selectbox(key="ed_open").set_value("mine:our-table").run()
    at.button(key="ed_open_btn").click().run()
    at.text_area(key="ed_area").input(TYPO).run()
    for page in ("library", "playtest", "compare", "editor", "library", "editor"):
        at.switch_page(f"app_pages/{page}.py").run()
        assert not at.exception
    assert at.text_area(key="ed_area").value == TYPO
    assert at.text_input(key="ed_save_name").value == "our-table"  # never empty while editing our-table
    assert "your ruleset our-table" in header(at) and "● unsaved changes" in header(at)
    at.button(key="ed_save").click().run()
    # (saved under its file's name, the text's name: line says it too: one name, one file)
    assert (home / "rulesets" / "our-table.yaml").read_text(encoding="utf-8") == \
        TYPO.replace("name: our-rules", "name: our-table")
    assert "unsaved" not in header(at)


def test_the_plain_box_and_the_code_editor_share_one_text(app):
    at = editor(app)
    at.text_area(key="ed_area").input(VALID).run()
    at.toggle(key="ed_plain").set_value(False).run()
    assert not at.exception and at.session_state["editor_text"] == VALID
    at.toggle(key="ed_plain").set_value(True).run()
    assert at.text_area(key="ed_area").value == VALID


# -- save never overwrites silently ----------------------------------------------------------------
def test_saving_over_an_existing_name_asks_first(app, home):
    first = editor(app)
    first.text_area(key="ed_area").input(VALID).run()
    first.button(key="ed_save").click().run()
    saved = home / "rulesets" / "our-rules.yaml"
    assert saved.read_text(encoding="utf-8") == VALID
    second = editor(app)  # another tab: a new variant that suggests the same name
    other = VALID.replace("13", "14")
    second.text_area(key="ed_area").input(other).run()
    assert second.text_input(key="ed_save_name").value == "our-rules"
    second.button(key="ed_save").click().run()
    assert any("You already have a ruleset called `our-rules`" in w.value for w in second.warning)
    assert saved.read_text(encoding="utf-8") == VALID  # nothing written yet
    second.button(key="ed_conf_cancel").click().run()
    assert saved.read_text(encoding="utf-8") == VALID and not second.session_state["editor_pending"]
    second.button(key="ed_save").click().run()
    second.button(key="ed_conf_both").click().run()  # keep both
    assert saved.read_text(encoding="utf-8") == VALID
    # the copy calls itself by its own name (it said `name: our-rules`: two rulesets of one name)
    assert (home / "rulesets" / "our-rules-2.yaml").read_text(encoding="utf-8") == \
        other.replace("name: our-rules", "name: our-rules-2")
    assert "your ruleset our-rules-2" in header(second)
    third = editor(app)
    third.text_area(key="ed_area").input(VALID.replace("13", "15")).run()
    third.button(key="ed_save").click().run()
    third.button(key="ed_conf_overwrite").click().run()  # replace, once asked
    assert "15" in saved.read_text(encoding="utf-8")


def test_a_file_changed_in_another_tab_is_not_overwritten_silently(app, home):
    folder = home / "rulesets"
    folder.mkdir(parents=True)
    ours = VALID.replace("name: our-rules", "name: ours")  # (its name: line says its file's name)
    (folder / "ours.yaml").write_text(ours, encoding="utf-8")
    tabs = [editor(app), editor(app)]
    for at in tabs:
        at.selectbox(key="ed_open").set_value("mine:ours").run()
        at.button(key="ed_open_btn").click().run()
    b_text = ours + "# from tab B\n"
    tabs[1].text_area(key="ed_area").input(b_text).run()
    tabs[1].button(key="ed_save").click().run()
    assert (folder / "ours.yaml").read_text(encoding="utf-8") == b_text
    a = tabs[0]
    a_text = ours + "# from tab A\n"
    a.text_area(key="ed_area").input(a_text).run()
    a.button(key="ed_save").click().run()
    assert any("`ours` was changed since you opened it" in w.value for w in a.warning)
    assert any(c.value == b_text.rstrip() for c in a.code)  # what the file holds now, to compare
    assert (folder / "ours.yaml").read_text(encoding="utf-8") == b_text
    a.button(key="ed_conf_both").click().run()
    assert (folder / "ours.yaml").read_text(encoding="utf-8") == b_text
    assert (folder / "ours-2.yaml").read_text(encoding="utf-8") == a_text.replace("name: ours", "name: ours-2")
    # tab B saves again: its file is unchanged since its own save, so no question
    tabs[1].text_area(key="ed_area").input(b_text + "# again\n").run()
    tabs[1].button(key="ed_save").click().run()
    assert not tabs[1].session_state["editor_pending"]
    assert (folder / "ours.yaml").read_text(encoding="utf-8").endswith("# again\n")


# -- shared links ----------------------------------------------------------------------------------
def test_share_link_round_trip(app):
    at = editor(app)
    at.text_area(key="ed_area").input(VALID).run()
    at.button(key="ed_share").click().run()
    link = at.session_state["editor_link"]
    value = link.split("variant=", 1)[1]
    assert decode_variant(value) == VALID
    fresh = app("library")  # someone else opens the link: it lands in their editor, unsaved
    fresh.query_params["variant"] = value
    fresh.switch_page("app_pages/editor.py").run()
    assert not fresh.exception
    assert fresh.session_state["editor_text"] == VALID
    assert "not saved yet" in header(fresh)
    assert any("shared variant is in the editor" in i.value for i in fresh.info)
    assert any("Valid" in s.value and "13 balls to win" in s.value for s in fresh.success)


def test_a_link_never_replaces_unsaved_text_without_asking(app):
    at = editor(app)
    at.text_area(key="ed_area").input(TYPO).run()
    shared = VALID.replace("our-rules", "their-rules")
    at.query_params["variant"] = encode_variant(shared)
    at.run()
    assert at.session_state["editor_text"] == TYPO
    assert any("Someone shared a variant with you" in w.value for w in at.warning)
    at.button(key="ed_link_keep").click().run()
    assert at.session_state["editor_text"] == TYPO
    at.query_params["variant"] = encode_variant(shared)
    at.run()
    at.button(key="ed_link_open").click().run()
    assert at.session_state["editor_text"] == shared
    at.button(key="ed_restore").click().run()
    assert at.session_state["editor_text"] == TYPO


def test_a_hostile_link_gives_a_message_and_keeps_the_text(app):
    at = editor(app)
    at.text_area(key="ed_area").input(VALID).run()
    for value in ["%%%", "eJz", "A" * 20_000, encode_variant("a\x00b")]:
        at.query_params["variant"] = value
        at.run()
        assert not at.exception
        assert any("The shared link could not be opened" in e for e in errors(at))
        assert at.session_state["editor_text"] == VALID


def test_unsaved_text_is_offered_back_after_a_reload(app, home):
    at = editor(app)
    at.text_area(key="ed_area").input(TYPO).run()
    reloaded = editor(app)  # a reload is a new session of the same user
    assert any("Text you had not saved" in i.value for i in reloaded.info)
    assert reloaded.session_state["editor_text"] != TYPO
    reloaded.button(key="ed_recover").click().run()
    assert reloaded.session_state["editor_text"] == TYPO
    assert not any("Text you had not saved" in i.value for i in reloaded.info)


def test_a_problem_in_the_file_the_text_extends_says_how_to_mend_it_in_the_text(app):
    """Target 11 in a variant of standard: the clash is with standard's corner house (11), a line of
    standard.yaml. The error named that file's line only, and a card player cannot edit the shipped file:
    it now says that the text extends it and that the key can be set in the text instead."""
    at = editor(app)
    at.text_area(key="ed_area").input(VALID.replace("13", "11")).run()
    assert not at.exception
    located = [e for e in errors(at) if "corner house (11) must be below the target (11)" in e]
    assert located and "standard.yaml" in located[0] and "which your text extends" in located[0], errors(at)
    assert any("corner_house" in c.value for c in at.code)  # the line it comes from
    hint = [c.value for c in at.caption if "set" in c.value and "your text" in c.value]
    assert hint and "standard.yaml" in hint[0], [c.value for c in at.caption]


def test_a_reload_reopens_the_saved_ruleset_being_edited(app, home):
    """A reload (or a phone dropping the tab) starts a new session: the editor showed a new variant's
    template, "a new variant of standard · not saved yet", as if the saved variant were gone. The address
    now names the ruleset being edited, and a reload opens it again."""
    at = editor(app)
    at.text_area(key="ed_area").input(VALID).run()
    at.button(key="ed_save").click().run()
    assert at.query_params.get("file") in ("our-rules", ["our-rules"]), dict(at.query_params)

    reloaded = pytest.importorskip("streamlit.testing.v1").AppTest.from_file(str(APP), default_timeout=120)
    reloaded.query_params["file"] = "our-rules"
    reloaded.switch_page("app_pages/editor.py").run()
    assert not reloaded.exception, reloaded.exception
    assert reloaded.session_state["editor_text"] == VALID
    assert reloaded.session_state["editor_file"] == "our-rules"
    assert "your ruleset our-rules" in header(reloaded)
    assert not reloaded.session_state["editor_previous"]  # nothing of the user's to restore: no Restore button

    stranger = pytest.importorskip("streamlit.testing.v1").AppTest.from_file(str(APP), default_timeout=120)
    stranger.query_params["file"] = "../nothing-here"  # an address naming no saved ruleset: the template
    stranger.switch_page("app_pages/editor.py").run()
    assert not stranger.exception, stranger.exception
    assert stranger.session_state["editor_file"] is None and "file" not in stranger.query_params


def test_the_upload_box_states_the_loaders_limit_in_one_number(app):
    # Streamlit's own box says "<N>MB per file" from max_upload_size; the label says the same N, both from MAX_BYTES
    at = editor(app)
    box = at.file_uploader(key="ed_upload")
    assert box.proto.max_upload_size_mb * 1024 * 1024 == MAX_BYTES
    assert f"at most {box.proto.max_upload_size_mb} MB" in box.label
    assert "KB" not in box.label


def test_text_over_the_size_limit_says_how_large_it_is_and_the_limit(app):
    # was "(whole file): file is too large ... reached here", pointing nowhere
    at = editor(app)
    big = "extends: standard\nname: big\nsummary: " + "x" * MAX_BYTES + "\n"
    at.text_area(key="ed_area").input(big).run()
    assert not at.exception
    said = [e for e in errors(at) if "too large" in e]
    size = len(big.encode("utf-8"))
    assert said and all(e.startswith(f"The text is too large: {size:,} bytes; the limit is 1 MB ({MAX_BYTES:,} bytes)")
                        for e in said), said
    assert not any("whole file" in e or "reached here" in e or "Line 0" in e for e in errors(at))
    assert at.session_state["editor_text"] == big  # kept as typed


def test_text_over_the_size_limit_is_not_said_to_be_savable(app):
    """Over the limit the page said "fix it here, or save it to finish later", and Save then refused it."""
    at = editor(app)
    at.text_area(key="ed_area").input("extends: standard\nname: big\nsummary: " + "x" * MAX_BYTES + "\n").run()
    summary = next(e for e in errors(at) if "problem" in e)
    assert "fix it here" in summary and "save it" not in summary, summary
    at.text_area(key="ed_area").input("extends: standard\nname: small\ngame:\n  targt: 13\n").run()
    assert any("save it to finish later" in e for e in errors(at))  # a text a file can hold: savable as it is


def test_on_a_phone_the_problem_under_the_text_has_its_caret_too(app):
    """On a phone the first problem is said right under the text (the problems' list is a screen below): a
    half-typed formula said "expected one of: a name, a number ..." there without the caret showing where."""
    at = editor(app)
    half = VALID + "claims:\n  khanaak:\n    succeeds_if: opponents.tricks >= 1 and\n"
    at.text_area(key="ed_area").input(half).run()
    assert not at.exception
    picture = "   7 |     succeeds_if: opponents.tricks >= 1 and\n     |                                           ^"
    codes = [c.value for c in at.code]
    assert codes.count(picture) == 2, codes  # under the text (shown on phones only) and in the problems' list


def test_save_as_follows_the_name_also_while_the_text_does_not_load(app):
    """A tab (or a quote left open) and the text does not load: "Save as" kept the name it had before, and a
    save went under that name with the new name inside."""
    at = editor(app)
    before = at.text_input(key="ed_save_name").value
    at.text_area(key="ed_area").input("extends: standard\nname: our-house\ngame:\n\ttarget: 13\n").run()
    assert not at.exception
    assert any("indent with spaces, not tabs" in e for e in errors(at))
    assert before != "our-house" and at.text_input(key="ed_save_name").value == "our-house"
    at.text_area(key="ed_area").input("extends: standard\nname: 'our-table' # ours\ntitle: 'x\n").run()
    assert at.text_input(key="ed_save_name").value == "our-table"
