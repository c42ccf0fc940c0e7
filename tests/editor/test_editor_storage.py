"""thunee_dsl.editor.storage: the user's folder of rulesets."""

from __future__ import annotations

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl.editor.storage import HOME_ENV, SaveConflict, UserRulesets, decode_upload, slug, user_home
from thunee_dsl.errors import RulesetError
from thunee_dsl.loading import MAX_BYTES

TEXT = "extends: standard\nname: our-rules\n"


def test_the_folder_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    assert user_home() == tmp_path / "home"
    assert UserRulesets().folder == tmp_path / "home" / "rulesets"
    monkeypatch.delenv(HOME_ENV)
    assert user_home().name == ".thunee-dsl"


def test_save_list_read_delete(tmp_path):
    shelf = UserRulesets(tmp_path)
    assert shelf.names() == []
    path = shelf.save("Our Rules", TEXT)
    assert path == tmp_path / "our-rules.yaml"
    assert shelf.names() == ["our-rules"] and shelf.read("our-rules") == TEXT
    shelf.save("our-rules", TEXT + "# changed\n", expected=TEXT)  # replaced: it still held what was opened
    assert shelf.read("our rules").endswith("# changed\n")
    assert [p.name for p in tmp_path.iterdir()] == ["our-rules.yaml"]  # no temporary file left behind
    assert shelf.delete("our-rules") and not shelf.delete("our-rules")


def test_invalid_text_is_saved_as_written(tmp_path):
    shelf = UserRulesets(tmp_path)
    shelf.save("draft", "extends: standard\ngame: [\n")
    assert shelf.read("draft") == "extends: standard\ngame: [\n"


@pytest.mark.parametrize("name", ["../../escape", "/etc/passwd", "a/b\\c"])
def test_names_cannot_leave_the_folder(tmp_path, name):
    path = UserRulesets(tmp_path / "f").save(name, TEXT)
    assert path.parent == tmp_path / "f"
    assert "/" not in slug(name) and ".." not in slug(name)


@pytest.mark.parametrize("name, words", [("", "at least one letter"), ("!!!", "at least one letter"),
                                         ("Standard", "shipped ruleset")])
def test_names_refused(tmp_path, name, words):
    with pytest.raises(ValueError, match=words):
        UserRulesets(tmp_path).save(name, TEXT)


def test_text_over_the_cap_is_refused(tmp_path):
    with pytest.raises(ValueError, match="too large"):
        UserRulesets(tmp_path).save("big", "#" * (MAX_BYTES + 1))


def test_uploads_are_capped_and_must_be_utf8():
    assert decode_upload("\ufeffname: x\n".encode()) == "name: x\n"
    with pytest.raises(RulesetError, match="too large"):
        decode_upload(b"#" * (MAX_BYTES + 1), "big.yaml")
    with pytest.raises(RulesetError) as err:
        decode_upload(b"name: x\ntitle: caf\xe9\n", "latin.yaml")
    [p] = err.value.problems
    assert (p.location.file, p.location.line) == ("latin.yaml", 2) and "UTF-8" in p.message


# -- one name, one file (issue 12) -------------------------------------------------------------------
def test_a_listed_name_reads_and_deletes_its_own_file(tmp_path):
    """A file saved by hand as 'My Variant.yaml' is listed as 'My Variant' and is the file read and deleted."""
    (tmp_path / "My Variant.yaml").write_text("name: hand-made\n", encoding="utf-8")
    (tmp_path / "my-variant.yaml").write_text("name: from-the-app\n", encoding="utf-8")
    shelf = UserRulesets(tmp_path)
    assert shelf.names() == ["My Variant", "my-variant"]
    assert shelf.read("My Variant") == "name: hand-made\n"
    assert shelf.read("my-variant") == "name: from-the-app\n"
    assert shelf.delete("My Variant")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-variant.yaml"]


def test_two_names_that_slug_alike_never_overwrite_each_other(tmp_path):
    shelf = UserRulesets(tmp_path)
    shelf.save("My Variant", "first\n")
    with pytest.raises(SaveConflict) as err:
        shelf.save("my variant", "second\n")
    assert err.value.reason == "exists" and err.value.current == "first\n"
    assert shelf.read("my-variant") == "first\n"
    assert shelf.distinct_name("my variant") == "my-variant-2"
    shelf.save(shelf.distinct_name("my variant"), "second\n")
    assert shelf.names() == ["my-variant", "my-variant-2"]
    assert [shelf.read(n) for n in shelf.names()] == ["first\n", "second\n"]


def test_a_name_like_a_hand_made_file_is_refused(tmp_path):
    (tmp_path / "Our Table.yaml").write_text("mine\n", encoding="utf-8")
    shelf = UserRulesets(tmp_path)
    with pytest.raises(SaveConflict, match="too like your ruleset 'Our Table'") as err:
        shelf.save("our-table", "other\n")
    assert err.value.reason == "similar"
    assert shelf.distinct_name("our-table") == "our-table-2"
    shelf.save("Our Table", "mine, edited\n", expected="mine\n")  # its own name still saves
    assert shelf.read("Our Table") == "mine, edited\n" and shelf.names() == ["Our Table"]


def test_a_file_changed_since_it_was_opened_is_not_overwritten_without_asking(tmp_path):
    shelf = UserRulesets(tmp_path)
    shelf.save("ours", "as opened\n")
    shelf.save("ours", "saved by another tab\n", expected="as opened\n")
    with pytest.raises(SaveConflict) as err:
        shelf.save("ours", "this tab's text\n", expected="as opened\n")
    assert err.value.reason == "changed" and err.value.current == "saved by another tab\n"
    assert shelf.read("ours") == "saved by another tab\n"
    shelf.save("ours", "this tab's text\n", overwrite=True)  # the user chose to overwrite
    assert shelf.read("ours") == "this tab's text\n"


NAMES = st.one_of(
    st.text(max_size=80),
    st.sampled_from(["My Variant", "my variant", "MY-VARIANT", "my_variant", "../my variant", "/etc/passwd",
                     "..", ".", ".hidden", "con", "standard", "Standard", "a" * 300, "Café", "cafe", "日本",
                     "x\0y", "a/b\\c", " my variant ", "my-variant-2"]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(NAMES, min_size=1, max_size=8))
def test_any_names_one_name_one_file(tmp_path_factory, names):
    """Whatever names are saved in whatever order: each save makes its own file or is refused;
    every listed name reads back exactly the text saved under it; nothing leaves the folder."""
    folder = tmp_path_factory.mktemp("shelf")
    shelf = UserRulesets(folder)
    saved: dict[str, str] = {}  # file stem -> text
    for i, name in enumerate(names):
        text = f"# text {i}\n"
        try:
            path = shelf.save(name, text)
        except SaveConflict as err:
            assert err.path.parent == folder
            continue
        except ValueError:
            continue
        assert path.parent == folder and path.stem not in saved
        saved[path.stem] = text
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{stem}.yaml" for stem in saved)
    assert shelf.names() == sorted(saved)
    for stem, text in saved.items():
        assert shelf.read(stem) == text
    slugs = [slug(n) for n in shelf.names()]
    assert len(set(slugs)) == len(slugs)  # no two saved names that a user could confuse
    for stem in list(saved):
        assert shelf.delete(stem)
        del saved[stem]
        assert shelf.names() == sorted(saved)


@pytest.mark.parametrize("name", ["日本語", "🃏", "  "])
def test_a_name_with_no_latin_letter_says_which_letters_a_name_is_made_of(tmp_path, name):
    """'日本語' was refused for needing "at least one letter or digit": it has three letters."""
    with pytest.raises(ValueError) as info:
        UserRulesets(tmp_path).path(name)
    assert "at least one letter a-z or digit 0-9" in str(info.value)
    assert "'Ünïcode' is saved as 'unicode'" in str(info.value)


@settings(max_examples=150, deadline=None)
@given(text=st.one_of(st.text(max_size=200),
                      st.builds(lambda a, v, b: f"{a}\nname: {v}\n{b}", st.text(max_size=60), st.text(max_size=20),
                                st.text(max_size=60))))
def test_a_name_line_rewritten_on_any_text_changes_that_line_alone_or_nothing(text):
    """Saved under another name, the text's `name:` line says it ("Keep both"): on any text, typed or pasted, the
    rewrite either leaves the text as it is or changes that one value, and never raises."""
    from thunee_dsl.editor.storage import with_name
    out = with_name(text, "our-table-2")
    if out != text:
        before, after = text.splitlines(keepends=True), out.splitlines(keepends=True)
        changed = [(a, b) for a, b in zip(before, after) if a != b]
        assert len(before) == len(after) and len(changed) == 1, (text, out)
        assert changed[0][0].startswith("name") and "our-table-2" in changed[0][1]
