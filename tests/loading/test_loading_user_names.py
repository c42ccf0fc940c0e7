"""One name, one file, everywhere (issue 24, items 3 and 12): the user's own rulesets are known by their file's
name, by ``list``, ``rules``, ``diff`` and ``find_ruleset`` alike (the app's Library and Editor list the same
files by the same names: ``thunee_dsl.editor.storage.UserRulesets.names``), and a name a shipped ruleset answers
to is never the user's.

Found by a new user: "Keep both" wrote ``our-table-2.yaml`` still saying ``name: our-table``; ``list`` showed one
"our-table" (the copy), and ``rules our-table`` and ``diff standard our-table`` read the copy. A ruleset saved as
"six" (a shipped alias) was listed by the app but hidden from ``list``, and ``rules six`` opened the shipped one.
"""

from __future__ import annotations

import json

import pytest

from thunee_dsl.cli.main import main
from thunee_dsl.editor.storage import UserRulesets
from thunee_dsl.errors import RulesetError
from thunee_dsl.loading.registry import (find_ruleset, rulesets_dir, shadowed_rulesets, shipped_answer,
                                         user_rulesets)

OUR_TABLE = "extends: standard\nname: our-table\ntitle: Our table\ngame:\n  target: 13\n"
COPY = "extends: standard\nname: our-table\ntitle: Our table, the copy\ngame:\n  target: 15\n  corner_house: 14\n"


def run(capsys, *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(list(args))
    return code, capsys.readouterr().out


@pytest.fixture
def folder(user_home):
    folder = user_home / "rulesets"
    folder.mkdir(parents=True)
    return folder


def test_a_copy_whose_name_line_was_not_changed_never_takes_the_name_of_the_original(capsys, folder):
    (folder / "our-table.yaml").write_text(OUR_TABLE, encoding="utf-8")
    (folder / "our-table-2.yaml").write_text(COPY, encoding="utf-8")  # sorts first: it took "our-table" before
    assert user_rulesets() == {"our-table-2": folder / "our-table-2.yaml", "our-table": folder / "our-table.yaml"}
    assert find_ruleset("our-table") == folder / "our-table.yaml"
    assert find_ruleset("our-table-2") == folder / "our-table-2.yaml"
    code, out = run(capsys, "rules", "our-table")
    assert code == 0 and out.startswith("# Our table\n") and "the copy" not in out
    code, out = run(capsys, "diff", "standard", "our-table", "--format", "json")
    assert {c["path"]: c["after"] for c in json.loads(out)["changes"]} == {"game.target": 13}
    code, out = run(capsys, "list")
    mine = out[out.index("Your rulesets"):]
    assert "our-table-2" in mine and "Our table, the copy (its name: line says 'our-table')" in " ".join(mine.split())
    code, out = run(capsys, "list", "--format", "json")
    assert [r["name"] for r in json.loads(out)["yours"]] == ["our-table", "our-table-2"]


def test_a_name_line_alone_finds_its_file_only_where_no_file_is_called_so(folder):
    (folder / "house.yaml").write_text("extends: standard\nname: our-house\naliases: [casa]\n", encoding="utf-8")
    assert find_ruleset("our-house") == find_ruleset("casa") == folder / "house.yaml"
    assert user_rulesets() == {"house": folder / "house.yaml"}
    (folder / "our-house.yaml").write_text("extends: standard\nname: our-house\n", encoding="utf-8")
    assert find_ruleset("our-house") == folder / "our-house.yaml"  # the file of that name, always
    (folder / "other.yaml").write_text("extends: standard\nname: casa\n", encoding="utf-8")
    with pytest.raises(RulesetError):  # two files declare it, and no file is called so: neither rather than either
        find_ruleset("casa")


def test_a_file_named_as_a_shipped_alias_is_listed_as_not_found_and_why(capsys, folder):
    (folder / "six.yaml").write_text("extends: standard\nname: six\n", encoding="utf-8")
    assert find_ruleset("six") == rulesets_dir() / "six-player.yaml"
    assert "six" not in user_rulesets()
    assert shadowed_rulesets() == {folder / "six.yaml": "'six' is another name of the shipped ruleset 'six-player',"
                                   " which that name always opens: rename the file to use it"}
    code, out = run(capsys, "list")
    assert code == 0 and "six.yaml is not found by its name: 'six' is another name of the shipped ruleset " \
                         "'six-player'" in " ".join(out.split())


@pytest.mark.parametrize("name, said", [("six", "another name of the shipped ruleset 'six-player'"),
                                        ("Six", "another name of the shipped ruleset 'six-player'"),
                                        ("two player", "the name of a shipped ruleset"),
                                        ("Standard", "the name of a shipped ruleset"),
                                        ("thunee", "another name of the shipped ruleset 'standard'")])
def test_saving_under_a_name_a_shipped_ruleset_answers_to_is_refused_with_the_reason(folder, name, said):
    assert shipped_answer(name) is not None
    with pytest.raises(ValueError, match=said):
        UserRulesets().save(name, "extends: standard\n")
    assert list(folder.iterdir()) == []
    assert shipped_answer(UserRulesets().distinct_name(name)) is None  # "Keep both" offers a free one


def test_what_the_app_saves_the_command_line_finds_by_the_same_name(folder):
    shelf = UserRulesets()
    for name in ("Our Table", "our table 2", "six players"):  # ("six players": loosely not "six-player")
        path = shelf.save(name, OUR_TABLE)
        assert find_ruleset(path.stem) == path
    assert sorted(user_rulesets()) == shelf.names() == ["our-table", "our-table-2", "six-players"]
