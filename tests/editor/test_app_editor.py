"""The Editor page (AppTest): validation as you edit, located errors, the diff, formulas, save and upload."""

from __future__ import annotations

VALID = "extends: standard\nname: our-rules\ngame:\n  target: 13\n"
TYPO = VALID.replace("target", "targt")


def errors(at) -> list[str]:
    return [e.value for e in at.error]


def test_an_invalid_edit_shows_the_located_error_and_keeps_the_text(app):
    at = app("editor")
    assert any("Valid" in s.value for s in at.success)
    at.text_area(key="ed_area").input(TYPO).run()
    assert not at.exception
    assert any(e.startswith("**1 problem.**") for e in errors(at))
    assert any("Line 4, column 3" in e and "unknown key 'targt'" in e for e in errors(at))
    assert "   4 |   targt: 13\n     |   ^" in [c.value for c in at.code]  # the offending line, with a caret
    assert at.session_state["editor_text"] == TYPO and at.text_area(key="ed_area").value == TYPO


def test_fixing_it_makes_it_valid_and_shows_the_change_in_words(app):
    at = app("editor")
    at.text_area(key="ed_area").input(TYPO).run()
    at.text_area(key="ed_area").input(VALID).run()
    assert not errors(at)
    assert any("Valid" in s.value and "13 balls to win" in s.value for s in at.success)
    changes = [m.value for m in at.markdown if "Balls to win" in m.value]
    assert changes and "12 -> 13" in changes[0]


def test_a_formula_error_or_its_value_on_a_sample_deal(app):
    at = app("editor")
    at.text_input(key="fx_text").input("counting.cards >= 105 and and").run()
    assert any("Column 27" in e for e in errors(at))
    assert any(c.value.splitlines()[-1].strip() == "^" for c in at.code)
    at.text_input(key="fx_text").input("tricks").run()
    assert not errors(at)
    assert any(m.value == "On the sample deal it is **6**:" for m in at.markdown)


def test_save_writes_the_text_into_the_users_folder_even_unfinished(app, home):
    at = app("editor")
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
    at = app("editor")
    at.text_input(key="ed_save_name").input("standard").run()
    at.button(key="ed_save").click().run()
    assert any("Not saved" in e and "shipped ruleset" in e for e in errors(at))
    assert not (home / "rulesets" / "standard.yaml").exists()


def test_upload_loads_the_file_and_restore_brings_back_the_text(app):
    at = app("editor")
    at.text_area(key="ed_area").input(VALID).run()
    at.file_uploader(key="ed_upload").set_value(("friends.yaml", b"extends: royals\nname: friends\n",
                                                 "application/x-yaml")).run()
    assert not at.exception
    assert at.session_state["editor_text"] == "extends: royals\nname: friends\n"
    assert any("Valid" in s.value and "friends" in s.value for s in at.success)
    at.button(key="ed_restore").click().run()
    assert at.session_state["editor_text"] == VALID


def test_an_upload_that_is_not_utf8_or_too_big_is_refused_without_losing_the_text(app):
    at = app("editor")
    at.text_area(key="ed_area").input(VALID).run()
    at.file_uploader(key="ed_upload").set_value(("latin.yaml", b"name: caf\xe9\n", "application/x-yaml")).run()
    assert any("Not loaded" in e and "UTF-8" in e for e in errors(at))
    assert at.session_state["editor_text"] == VALID


def test_open_a_shipped_ruleset_as_a_copy(app):
    at = app("editor")
    at.selectbox(key="ed_open").set_value("shipped:six-player").run()
    at.button(key="ed_open_btn").click().run()
    assert "name: six-player" in at.session_state["editor_text"]
    assert "copy of the shipped ruleset six-player" in at.session_state["editor_origin"]
