"""thunee_dsl.editor.checking: unsaved ruleset text -> a ruleset, or problems tied to lines of the text."""

from __future__ import annotations

import pytest

from thunee_dsl.editor.checking import EDITOR_FILE, check_text
from thunee_dsl.loading import MAX_BYTES, shipped_rulesets

OVERLAY = "extends: standard\nname: mine\ngame:\n  target: 13\n"


def test_a_valid_overlay_compiles_from_text():
    check = check_text(OVERLAY)
    assert check.ok and check.problems == ()
    assert check.ruleset.name == "mine"
    assert check.ruleset.game.target == 13
    assert check.source.files[0] == EDITOR_FILE


def test_an_unknown_key_points_at_its_line_with_a_caret():
    check = check_text(OVERLAY.replace("target", "targt"))
    assert not check.ok and check.ruleset is None
    [p] = check.problems
    assert (p.line, p.column, p.in_text) == (4, 3, True)
    assert "unknown key 'targt'" in p.message
    assert p.source_line == "  targt: 13"
    assert p.pointer == "  targt: 13\n  ^"
    assert str(p).startswith("4:3: unknown key 'targt'")
    assert check.lines_with_problems() == {4}


def test_a_semantic_problem_is_located_too():
    check = check_text(OVERLAY + "  corner_house: 15\n")
    [p] = check.problems
    assert p.line == 5 and "corner house (15) must be below the target (13)" in p.message
    assert p.source_line == "  corner_house: 15"


def test_a_formula_error_keeps_its_caret_picture_and_column():
    text = ("extends: standard\nname: mine\nclaims:\n  double:\n"
            "    succeeds_if: callers.tricks == tricks and foo\n")
    [p] = check_text(text).problems
    assert p.line == 5
    assert p.source_line[p.column - 1:].startswith("foo")
    assert "unknown name 'foo'" in p.message
    assert p.detail.splitlines()[-1].strip() == "^"


@pytest.mark.parametrize("text, line, words", [
    ("extends: standard\nname: x\ngame: [\n", 4, "expected the node content"),
    ("extends: standard\nname: x\ngame:\n\ttarget: 13\n", 4, "tabs"),
    ("extends: standrd\n", 1, "did you mean 'standard'"),
    ("a: &x [1]\nb: *x\n", 1, "anchors and aliases are not allowed"),
    ("", 1, "the file is empty"),
])
def test_bad_text_never_raises_and_says_where(text, line, words):
    check = check_text(text)
    assert not check.ok
    assert any(p.line == line and words in p.message for p in check.problems), check.problems


def test_text_over_the_size_cap_is_refused_without_a_line():
    [p] = check_text("# " + "x" * MAX_BYTES).problems
    assert p.line == 0 and "too large" in p.message
    # the editor says how large the text is and what the limit is, not "(whole file)"
    size = len(("# " + "x" * MAX_BYTES).encode())
    assert p.pointer == "" and str(p) == (f"the text is too large: {size:,} bytes; the limit is 1 MB ({MAX_BYTES:,} "
                                          "bytes). A ruleset takes a few thousand bytes: remove what was pasted or "
                                          "added by mistake")


def test_relative_extends_is_found_in_the_base_folder(tmp_path):
    (tmp_path / "ours.yaml").write_text("extends: standard\nname: ours\ngame: {target: 13}\n", encoding="utf-8")
    check = check_text("extends: ours.yaml\nname: ours-too\n", base_dir=tmp_path)
    assert check.ok and check.ruleset.game.target == 13


def test_a_problem_in_the_base_file_names_that_file_and_its_line(tmp_path):
    base = tmp_path / "ours.yaml"
    base.write_text("extends: standard\nname: ours\ngame:\n  target: 13\n  corner_house: 15\n", encoding="utf-8")
    check = check_text("extends: ours.yaml\nname: ours-too\n", base_dir=tmp_path)
    [p] = check.problems
    assert not p.in_text and p.file == str(base) and p.line == 5
    assert p.source_line == "  corner_house: 15"
    assert str(p).startswith(f"{base}:5:")


@pytest.mark.parametrize("name", sorted(shipped_rulesets()))
def test_every_shipped_ruleset_checks_from_its_text(name):
    path = shipped_rulesets()[name]
    check = check_text(path.read_text(encoding="utf-8"), filename=str(path))
    assert check.ok, check.problems
    assert check.ruleset.name == name


# --- issue 12: check_text never raises; it returns located problems ---------------------------------

@pytest.mark.parametrize("extends, message", [
    ('"base\\0.yaml"', "extends: a ruleset name or file path cannot contain the control character U+0000"),
    ("a" * 300 + ".yaml", "extends: a file name is at most 255 characters long; 'aaaaaaaaaaaaaaaaaaaa...' has 305"),
    ("loop1.yaml", "cannot read the base ruleset 'loop1.yaml': its symbolic links go round in a loop"),
])
def test_check_text_returns_a_problem_for_a_hostile_extends(tmp_path, extends, message):
    (tmp_path / "loop1.yaml").symlink_to("loop2.yaml")
    (tmp_path / "loop2.yaml").symlink_to("loop1.yaml")
    check = check_text(f"extends: {extends}\nname: mine\n", base_dir=tmp_path)
    assert not check.ok
    [problem] = check.problems
    assert (problem.line, problem.column, problem.in_text) == (1, 10, True)
    assert problem.message.startswith(message)


def test_check_text_reports_schema_and_formula_problems_in_one_pass():
    check = check_text("extends: standard\nname: mine\ngame: {targt: 13}\nscoring:\n  outcomes:\n"
                       "    - {when: counting.cnt >= 105, winner: counting, balls: 1}\n")
    assert [(p.line, p.column, p.message) for p in check.problems] == [
        (3, 8, "unknown key 'targt' in game; expected one of: target, corner_house, source, deuce, win_by, "
               "raised_target, unit, deals, start, transfer, keeps_excess, game_value, rubber"),
        (6, 14, "scoring.outcomes[0].when: unknown name 'counting.cnt'; did you mean 'counting.count'?"),
    ]
    assert check.source is None  # data the schema refused parts of is not handed on
