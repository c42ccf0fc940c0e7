"""YAML slips said in a card player's words at the line that moved, with the fix (issue 24, item 6).

Each case starts from a shipped ruleset (or example) and moves, or mistypes, one line, as a hand does. Before,
a stray space was "expected <block end>, but found '<block mapping start>'", a line moved one level left three
misleading problems ("undertakings.balls: missing required key 'verb'" ...) and a misspelt ``extends:`` hid every
other problem of the file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl.editor.checking import check_text

ROOT = Path(__file__).resolve().parents[2]


def slipped(file: str, line: str, by: int = 0, new: str | None = None) -> tuple[str, int]:
    """The text of ``file`` (under the repository) with its first line that is ``line`` (stripped of its
    indentation) moved ``by`` spaces right (left when negative), or replaced by ``new``; and that line's number."""
    lines = (ROOT / file).read_text(encoding="utf-8").split("\n")
    at = next(i for i, text in enumerate(lines) if text.strip() == line)
    indent = len(lines[at]) - len(lines[at].lstrip(" "))
    lines[at] = new if new is not None else " " * (indent + by) + lines[at].lstrip(" ")
    return "\n".join(lines), at + 1


def test_a_stray_space_is_said_at_its_line_in_the_words_of_the_line_above(problems, tmp_path):
    text, n = slipped("rulesets/standard.yaml", "caught: 4", by=1)
    assert problems(tmp_path, text) == [f"house.yaml:{n}:1: this line is indented one space more than the line "
                                        "above: indent it by 6 spaces, to line it up"]


def test_a_space_too_few(problems, tmp_path):
    text, n = slipped("rulesets/standard.yaml", "caught: 4", by=-1)
    assert problems(tmp_path, text) == [f"house.yaml:{n}:1: this line is indented one space less than the line "
                                        "above: indent it by 6 spaces, to line it up"]


def test_a_line_moved_one_level_left_says_what_it_belonged_under(problems, tmp_path):
    text, n = slipped("rulesets/standard.yaml", "caught: 4", by=-2)
    assert problems(tmp_path, text) == [f"house.yaml:{n}:1: this line has moved one level left: it belonged under "
                                        f"'balls:' above (line {n - 2}); indent it by 6 spaces, as the line above is"]


def test_a_line_moved_left_that_still_reads_is_one_problem_at_that_line_not_three(problems, tmp_path):
    """The issue's case: ``balls:`` one level left became an undertaking lacking a verb, and ``thunee:`` with
    nothing under it took the Thunee out of the rules."""
    text, n = slipped("examples/house/partner-catch-four.yaml", "balls: {partner_catch: 4}", by=-2)
    said = problems(tmp_path, text)
    assert said == [f"house.yaml:{n}:1: this line has moved one level left: it belonged under 'thunee:' above "
                    f"(line {n - 1}); indent it by 4 spaces"]


def test_a_line_moved_one_level_right(problems, tmp_path):
    text, n = slipped("rulesets/standard.yaml", "target: 12", by=2)
    assert problems(tmp_path, text) == [f"house.yaml:{n}:1: this line has moved one level right: it belongs under "
                                        f"'game:' (line {n - 1}) beside 'corner_house'; indent it by 2 spaces"]


def test_a_key_line_moved_with_its_lines_is_said_where_it_moved_not_where_yaml_noticed(problems, tmp_path):
    text, n = slipped("rulesets/standard.yaml", "double:", by=2)
    [said] = problems(tmp_path, text)
    assert said == (f"house.yaml:{n}:1: this line has moved one level right: it belongs under 'claims:' "
                    f"(line {n - 1}) beside 'khanaak'; indent it by 2 spaces")


def test_a_section_moved_under_the_one_above_is_not_a_key_written_twice(problems, tmp_path):
    text, n = slipped("rulesets/standard.yaml", "deck:", by=2)
    [said] = problems(tmp_path, text)
    assert said.startswith(f"house.yaml:{n}:1: this line is indented two spaces more than 'players' "), said
    assert "start it at the first column" in said and "duplicate key" not in said


def test_a_section_moved_into_the_summary_above_is_said_not_swallowed(problems, tmp_path):
    """``game:`` indented under ``summary: >-`` read as more of the summary: the variant played to 12."""
    text, n = slipped("rulesets/thirteen-point.yaml", "game:", by=2)
    said = problems(tmp_path, text)
    assert said[0].startswith(f"house.yaml:{n}:1: this line is indented two spaces more than 'summary' "), said
    assert "start it at the first column" in said[0]


def test_a_tab(problems, tmp_path):
    text, n = slipped("rulesets/standard.yaml", "caught: 4", new="\tcaught: 4")
    assert problems(tmp_path, text) == [f"house.yaml:{n}:1: this line is indented with a tab: indent with spaces, "
                                        "not tabs (YAML counts only spaces); it belongs under 'balls:': indent it by 6 "
                                        "spaces, as the line above is"]


def test_a_missing_colon(problems, tmp_path):
    text, n = slipped("rulesets/standard.yaml", "caught: 4", new="      caught 4")
    assert problems(tmp_path, text) == [f"house.yaml:{n}:13: this line has no ':' after its key: write 'caught: 4' "
                                        "(a key, a colon and a space, then its value)"]


@pytest.mark.parametrize("new, column, mark", [
    ('  ranks: [J, "9, A, T, K, Q]', 14, '"'),
    ("  ranks: [J, '9, A, T, K, Q]", 14, "'"),
])
def test_a_quote_left_open_in_a_list(problems, tmp_path, new, column, mark):
    text, n = slipped("rulesets/standard.yaml", 'ranks: [J, "9", A, T, K, Q]          # highest first; quoted so '
                      "YAML keeps them as text", new=new)
    assert problems(tmp_path, text) == [f"house.yaml:{n}:{column}: this quote ({mark}) is never closed: YAML reads "
                                        f"on past the end of the line, looking for it; end the text with {mark}, or "
                                        f"take the {mark} away"]


def test_a_quote_left_open_in_a_title(problems, tmp_path):
    text, n = slipped("rulesets/standard.yaml", "title: South African Thunee (four players)",
                      new="title: 'South African Thunee (four players)")
    [said] = problems(tmp_path, text)
    assert said.startswith(f"house.yaml:{n}:8: this quote (') is never closed"), said


def test_a_bracket_left_open(problems, tmp_path):
    text, n = slipped("rulesets/standard.yaml", "amounts: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 104]",
                      new="  amounts: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 104")
    assert problems(tmp_path, text) == [f"house.yaml:{n}:12: this '[' list is never closed (the text ended, or a new "
                                        "key began, before its closing ']')"]


def test_a_misspelt_extends_is_said_first_and_the_rest_is_checked_too(problems, tmp_path):
    said = problems(tmp_path, "extends: standrd\nname: house\ngame:\n  targt: 13\n")
    assert said[0].startswith("house.yaml:1:10: unknown ruleset 'standrd' (did you mean 'standard'?)")
    assert said[1:] == ["house.yaml:4:3: unknown key 'targt' in game; expected one of: target, corner_house, source, "
                        "deuce, win_by, raised_target, unit, deals, start, transfer, keeps_excess, game_value, rubber"]


def test_a_missing_base_file_too(problems, tmp_path):
    said = problems(tmp_path, "extends: our-base.yaml\nname: house\ngame:\n  targt: 13\n")
    assert said[0].startswith("house.yaml:1:10: cannot find the base ruleset 'our-base.yaml'")
    assert len(said) == 2 and said[1].startswith("house.yaml:4:3: unknown key 'targt' in game")


def test_a_misspelt_extends_key_is_the_slip_not_seven_missing_sections(problems, tmp_path):
    said = problems(tmp_path, "extnds: standard\nname: house\ngame:\n  targt: 13\n")
    assert said[0] == ("house.yaml:1:1: 'extnds:' is not a key a ruleset has: did you mean 'extends: standard'? "
                       "(without 'extends:' this file would have to hold every rule of a game itself)")
    assert len(said) == 2 and "unknown key 'targt'" in said[1]
    assert not [line for line in said if "missing required key" in line]


def test_the_cli_the_library_and_the_editor_say_the_same(problems, tmp_path, capsys):
    from thunee_dsl.cli.main import main

    text, n = slipped("examples/house/partner-catch-four.yaml", "balls: {partner_catch: 4}", by=-2)
    [library] = problems(tmp_path, text)
    assert main(["validate", str(tmp_path / "house.yaml")]) == 1
    cli = capsys.readouterr().err.strip().replace(str(tmp_path / "house.yaml"), "house.yaml")
    [editor] = check_text(text).problems
    assert cli == library == f"house.yaml:{editor}"
    assert editor.line == n and editor.source_line.strip() == "balls: {partner_catch: 4}"


def test_a_null_moved_under_the_section_above_is_said_at_its_line(problems, tmp_path):
    """``cancellation: null`` moved right read as ``undertakings.cancellation``: it took nothing out, silently,
    and the deal was cancelled again as in standard."""
    text, n = slipped("rulesets/two-player.yaml", "cancellation: null                     # the two-player rules do "
                      "not throw a deal in", by=2)
    text = text.replace("extends: standard", f"extends: {ROOT / 'rulesets' / 'standard.yaml'}")
    [said] = problems(tmp_path, text)
    assert said.startswith(f"house.yaml:{n}:1: this line is indented two spaces more than 'undertakings' "), said



def test_a_null_that_takes_out_nothing_and_did_not_move_is_allowed(tmp_path):
    """(an overlay's null may remove a key its base lacks: JSON Merge Patch; only a moved line is said)"""
    from thunee_dsl import load_ruleset

    path = tmp_path / "house.yaml"
    path.write_text("extends: standard\nname: house\nclaims:\n  nothing: null\n", encoding="utf-8")
    assert load_ruleset(path).name == "house"
