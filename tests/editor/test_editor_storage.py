"""thunee_dsl.editor.storage: the user's folder of rulesets."""

from __future__ import annotations

import pytest

from thunee_dsl.editor.storage import HOME_ENV, UserRulesets, decode_upload, slug, user_home
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
    shelf.save("our-rules", TEXT + "# changed\n")
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
