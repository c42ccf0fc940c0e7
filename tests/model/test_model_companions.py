"""What goes with a change of target (issue 24, item 5): the values of the target's section tied to it in the
base, read from the data (pagat, Variants: 13-point Game: "In a 13-point game, corner house is 12 points rather
than 11"; Two to Clear: "11-11 in a 12-point game or 12-12 in a 13-point game")."""

from __future__ import annotations

import pytest

from thunee_dsl.editor.checking import check_text, follow_target
from thunee_dsl.model.companions import target_change, target_warnings

HEAD = "# our table\nextends: {base}\nname: ours\n"


def change_of(text: str):
    check = check_text(text)
    assert check.source is not None, check.problems
    return target_change(check.source)


def test_a_game_to_13_on_standard_leaves_corner_house_at_11_and_says_it_at_the_target():
    text = HEAD.format(base="standard") + "game:\n  target: 13   # a longer game\n"
    [warning] = target_warnings(check_text(text).source)
    assert str(warning) == (
        "<editor>:5:11: game to 13 (standard plays to 12), but corner house is still 11: in standard it is one "
        "below the target, so in a game to 13 it is 12; write 'corner_house: 12' under 'target: 13' (or "
        "'corner_house: 11', if your table keeps it at 11)")


def test_the_fix_writes_corner_house_under_the_target_and_keeps_every_other_line():
    text = HEAD.format(base="standard") + "game:\n  target: 13   # a longer game\n  source: our table\n"
    fixed = follow_target(text, change_of(text))
    assert fixed == HEAD.format(base="standard") + ("game:\n  target: 13   # a longer game\n  corner_house: 12\n"
                                                    "  source: our table\n")
    check = check_text(fixed)
    assert check.ok and check.ruleset.game.corner_house == 12 and target_change(check.source) is None


def test_in_braces_too():
    text = HEAD.format(base="standard") + "game: {target: 13}  # longer\n"
    fixed = follow_target(text, change_of(text))
    assert fixed.endswith("game: {corner_house: 12, target: 13}  # longer\n")
    assert check_text(fixed).ruleset.game.corner_house == 12


def test_two_to_clear_moves_its_deuce_too():
    text = HEAD.format(base="two-to-clear") + "game:\n  target: 13\n"
    change = change_of(text)
    assert {(c.key, c.kept, c.follows) for c in change.companions} == {("game.corner_house", 11, 12),
                                                                        ("game.deuce", 11, 12)}
    ruleset = check_text(follow_target(text, change)).ruleset
    assert (ruleset.game.corner_house, ruleset.game.deuce) == (12, 12)  # "12-12 in a 13-point game"


def test_back_to_12_from_thirteen_point_is_refused_without_the_fix_and_plays_with_it():
    """corner house 12 in a game to 12 does not validate: the warning says what to write, and the fix plays."""
    text = HEAD.format(base="thirteen-point") + "game:\n  target: 12\n"
    check = check_text(text)
    assert not check.ok and "corner house (12) must be below the target (12)" in str(check.problems[0])
    fixed = follow_target(text, target_change(check.source))
    assert check_text(fixed).ok and check_text(fixed).ruleset.game.corner_house == 11


@pytest.mark.parametrize("text", [
    HEAD.format(base="standard") + "game:\n  target: 13\n  corner_house: 11   # we keep it\n",  # written: a choice
    HEAD.format(base="standard") + "game:\n  target: 12\n",  # the same target
    HEAD.format(base="thirteen-point") + "game:\n  deuce: 12\n  win_by: 2\n",  # the target unchanged
    "extends: standard\nname: ours\n",
])
def test_no_warning_when_nothing_was_left_behind(text):
    assert target_change(check_text(text).source) is None


def test_the_shipped_rulesets_and_house_rules_leave_nothing_behind():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for path in sorted(root.glob("rulesets/*.yaml")) + sorted(root.glob("examples/house/*.yaml")):
        check = check_text(path.read_text(encoding="utf-8"), filename=str(path), base_dir=path.parent)
        assert check.ok, (path, check.problems)
        assert target_warnings(check.source) == [], path


def test_validate_prints_it_as_a_warning_and_succeeds(tmp_path, capsys, monkeypatch):
    from thunee_dsl.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "ours.yaml").write_text("extends: standard\nname: ours\ngame:\n  target: 13\n", encoding="utf-8")
    assert main(["validate", "ours.yaml"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("ours.yaml: ok (ours: ")
    assert err.startswith("ours.yaml:4:11: warning: game to 13 (standard plays to 12), but corner house is still 11")
