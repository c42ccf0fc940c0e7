"""The Library page (AppTest): the rulesets, their rulebooks, and starting a variant from one."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import shipped_ruleset
from thunee_dsl.loading import shipped_rulesets


def test_it_lists_every_shipped_ruleset_and_shows_a_rulebook(app):
    at = app("library")
    [radio] = at.radio
    assert radio.options[:len(shipped_rulesets())] == sorted(shipped_rulesets())
    standard = shipped_ruleset("standard")
    assert standard.title in [s.value for s in at.subheader]
    assert any("Players and cards" in m.value for m in at.markdown)  # the rulebook, rendered


def test_picking_another_ruleset_shows_its_rulebook(app):
    at = app("library")
    at.radio[0].set_value("shipped:royals").run()
    assert not at.exception
    assert shipped_ruleset("royals").title in [s.value for s in at.subheader]


def test_start_a_new_variant_goes_to_the_editor_with_an_overlay(app):
    at = app("library")
    at.radio[0].set_value("shipped:two-to-clear").run()
    at.button(key="lib_new").click().run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Editor"]
    text = at.session_state["editor_text"]
    assert "extends: two-to-clear" in text
    assert any("Valid" in s.value for s in at.success)
    assert at.text_input(key="ed_save_name").value == "my-two-to-clear"


def test_a_new_variant_never_reuses_a_saved_name(app, home):
    folder = home / "rulesets"
    folder.mkdir(parents=True)
    (folder / "my-standard.yaml").write_text("extends: standard\nname: my-standard\n", encoding="utf-8")
    at = app("library")
    at.button(key="lib_new").click().run()
    assert "name: my-standard-2" in at.session_state["editor_text"]
    assert at.text_input(key="ed_save_name").value == "my-standard-2"
    at.button(key="ed_save").click().run()
    assert (folder / "my-standard-2.yaml").is_file()
    assert (folder / "my-standard.yaml").read_text(encoding="utf-8") == "extends: standard\nname: my-standard\n"


def test_the_users_rulesets_are_listed_valid_or_not(app, home):
    folder = home / "rulesets"
    folder.mkdir(parents=True)
    (folder / "ours.yaml").write_text("extends: standard\nname: ours\ntitle: Our table\n", encoding="utf-8")
    (folder / "broken.yaml").write_text("extends: standard\nname: broken\ngame:\n  targt: 13\n", encoding="utf-8")
    at = app("library")
    options = at.radio[0].options
    assert "ours (yours)" in options and "broken (yours)" in options
    at.radio[0].set_value("mine:ours").run()
    assert "Our table" in [s.value for s in at.subheader]
    at.radio[0].set_value("mine:broken").run()
    assert any("Line 4, column 3" in e.value and "targt" in e.value for e in at.error)
    assert any("targt: 13" in c.value for c in at.code)
    at.button(key="lib_open").click().run()  # open the broken file in the editor to fix it
    assert at.session_state["editor_file"] == "broken"
    assert "targt" in at.session_state["editor_text"]


def test_playtest_it_opens_a_game_of_that_ruleset(app):
    at = app("library")
    at.radio[0].set_value("shipped:royals").run()
    at.button(key="lib_play").click().run()
    assert [t.value for t in at.title] == ["Playtest"]
    assert at.selectbox(key="pt_ref_pick").value == "shipped:royals"
    at.button(key="pt_start").click().run()
    assert at.session_state["playtest"].ruleset.name == "royals"


def test_a_file_that_is_not_text_in_the_users_folder_is_shown_as_its_problem_never_a_traceback(app, home):
    """A binary (or not UTF-8) file in the user's folder: picking it showed a traceback (the YAML tab read
    it), and opening it in the editor raised in the button's callback."""
    folder = home / "rulesets"
    folder.mkdir(parents=True)
    (folder / "photo.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    at = app("library")
    at.radio[0].set_value("mine:photo").run()
    assert not at.exception, at.exception
    assert any("not valid UTF-8" in e.value for e in at.error)
    at.button(key="lib_open").click().run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Rulesets"]  # stays: nothing to edit
    assert any("photo.yaml cannot be opened" in w.value and "UTF-8" in w.value for w in at.warning)
    assert (folder / "photo.yaml").read_bytes() == b"\x89PNG\r\n\x1a\n\x00\xff\xfe"  # untouched
    # the Editor's own "Open a ruleset" says the same
    at.switch_page("app_pages/editor.py").run()
    text = at.session_state["editor_text"]
    at.selectbox(key="ed_open").set_value("mine:photo").run()
    at.button(key="ed_open_btn").click().run()
    assert not at.exception, at.exception
    assert at.session_state["editor_text"] == text
    assert any("photo.yaml cannot be opened" in w.value for w in at.warning)


def test_a_folder_that_cannot_hold_rulesets_is_refused_and_the_old_one_kept(app, home, tmp_path):
    """"Your folder" took anything: a name too long, or '~someone' with no such user, ended every page
    in a traceback; a file (/etc/passwd) made every save fail with an errno."""
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("x", encoding="utf-8")
    at = app("library")
    before = at.session_state["home"]
    for wanted, said in [("x" * 5000, "the folder's name is too long"),
                         ("~no-such-user-here/x", "there is no home folder for '~no-such-user-here'"),
                         (str(a_file), f"{a_file} is a file, not a folder"),
                         (str(a_file / "inside"), f"{a_file} is a file, not a folder")]:
        at.text_input(key="lib_home").set_value(wanted).run()
        assert not at.exception, at.exception
        assert at.session_state["home"] == before
        assert at.text_input(key="lib_home").value == before  # the box shows the folder in use again
        assert [w.value for w in at.warning] == [f"Not changed: {said}. Your rulesets stay in `{before}/rulesets`."]
        at.switch_page("app_pages/editor.py").run()
        assert not at.exception, at.exception
        at.button(key="ed_save").click().run()
        assert not at.exception and not at.error, (at.exception, [e.value for e in at.error])
        at.switch_page("app_pages/library.py").run()
    # a new folder is fine: made at the first save
    new = tmp_path / "new" / "deeper"
    at.text_input(key="lib_home").set_value(str(new)).run()
    assert at.session_state["home"] == str(new) and not at.warning
    # a relative folder is kept as the full path it stands for (not one that depends on where the app runs)
    at.text_input(key="lib_home").set_value("our/rules").run()
    assert at.session_state["home"] == str(Path("our/rules").absolute())
    assert at.text_input(key="lib_home").value == at.session_state["home"]


def test_a_first_visit_says_what_to_do_first_until_dismissed_or_something_is_saved(app, home):
    """A new user met a list of rulesets and no word of where to start: the first visit names the three
    steps in the buttons' own words; "Got it" puts them away, and a returning user (who has saved a
    ruleset) does not see them."""
    at = app("library")
    [steps] = [m.value for m in at.markdown if m.value.startswith("**New here?")]
    for button in ("Start a new variant from this", "Playtest", "Compare"):
        assert f"**{button}**" in steps
    assert at.button(key="lib_new").label == "Start a new variant from this"  # the words are the button's
    at.button(key="lib_intro_ok").click().run()
    assert not at.exception and not [m for m in at.markdown if m.value.startswith("**New here?")]
    (home / "rulesets").mkdir(parents=True)
    (home / "rulesets" / "ours.yaml").write_text("extends: standard\nname: ours\n", encoding="utf-8")
    again = app("library")
    assert not [m for m in again.markdown if m.value.startswith("**New here?")]


def test_a_file_that_cannot_be_opened_is_not_said_to_be_extended_nor_sent_to_the_editor(app, home):
    """Picking a binary or an oversized file of one's own said "In photo.yaml (which your text extends):
    /home/.../photo.yaml:1:1: the file is not valid UTF-8" (it is the file itself, not a base of it, and its
    path said again), under "Open it in the editor to fix it", which the editor then refused."""
    from thunee_dsl.loading import MAX_BYTES

    folder = home / "rulesets"
    folder.mkdir(parents=True)
    (folder / "photo.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    huge = folder / "huge.yaml"
    huge.write_text("extends: standard\nname: huge\nsummary: " + "x" * MAX_BYTES + "\n")
    at = app("library")
    for name, said in (("photo", "Line 1, column 1: the file is not valid UTF-8 (byte 0x89); save it as UTF-8"),
                       ("huge", f"File is too large: {huge.stat().st_size:,} bytes; the limit is 1 MB")):
        at.radio[0].set_value(f"mine:{name}").run()
        assert not at.exception, at.exception
        errors = [e.value for e in at.error]
        assert errors and errors[0].replace("**", "").startswith(said), errors
        assert not any("which your text extends" in e or str(folder) in e for e in errors), errors
        warnings = [w.value for w in at.warning]
        assert not any("Open it in the editor" in w for w in warnings), warnings
        assert any("cannot be opened in the editor" in w and "text editor" in w for w in warnings), warnings


def test_the_list_is_drawn_without_compiling_every_ruleset_first(app, monkeypatch):
    """On a new server the Library's list was a grey placeholder for seconds: every shipped ruleset was compiled
    for its title before the list was drawn. The titles come from the files' first lines now (the same titles),
    and only the ruleset shown is compiled, after the list."""
    import app_common
    from thunee_dsl import load_ruleset
    from thunee_dsl.loading.registry import read_header

    compiled = []
    monkeypatch.setattr(app_common, "load_ruleset", lambda name: compiled.append(name) or load_ruleset(name))
    app_common._shipped.clear()
    at = app("library")
    assert compiled == ["standard"], compiled
    for name, path in shipped_rulesets().items():  # what the list shows is what the compiled ruleset says
        assert read_header(path).title == shipped_ruleset(name).title, name
    assert "thirteen-point" in at.radio[0].options


def test_a_file_a_shipped_name_answers_to_or_whose_name_line_differs_is_said_so(app, home):
    """The app listed `six` (saved under a shipped ruleset's other name) as the user's while the command line
    opened the shipped six-player by it; a copy still saying `name: our-table` was shown by that name. One name,
    one file: the file's name, and the Library says what the command line does with it."""
    folder = home / "rulesets"
    folder.mkdir(parents=True)
    (folder / "six.yaml").write_text("extends: standard\nname: six\ntitle: Ours for six\n", encoding="utf-8")
    (folder / "our-table-2.yaml").write_text("extends: standard\nname: our-table\ntitle: The copy\n",
                                             encoding="utf-8")
    at = app("library")
    assert "six (yours, but the name is the shipped six-player's)" in at.radio[0].options
    at.radio[0].set_value("mine:six").run()
    assert any("`six` is another name of the shipped ruleset **six-player**" in w.value for w in at.warning)
    at.radio[0].set_value("mine:our-table-2").run()
    caption = " ".join(c.value for c in at.caption)
    assert "`our-table-2` · yours" in caption and "its `name:` line says `our-table`" in caption, caption
