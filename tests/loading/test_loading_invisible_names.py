"""A name holding an invisible character (a zero-width space, a right-to-left mark, a no-break space ...) looks
like another name and is not it: it is refused at the character itself, naming it, in the library, the CLI
and the editor alike. Free text (a summary, a source) may hold such characters."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from thunee_dsl.cli.main import main
from thunee_dsl.editor.checking import check_text
from thunee_dsl.errors import RulesetError, is_invisible
from thunee_dsl.loading import load_ruleset_text

INVISIBLE = {
    "\u200b": "U+200B ZERO WIDTH SPACE",
    "\u200f": "U+200F RIGHT-TO-LEFT MARK",
    "\u202e": "U+202E RIGHT-TO-LEFT OVERRIDE",
    "\u00a0": "U+00A0 NO-BREAK SPACE",
    "\u2060": "U+2060 WORD JOINER",
    "\ufeff": "U+FEFF ZERO WIDTH NO-BREAK SPACE",
    "\u3164": "U+3164 HANGUL FILLER",
}

# (the overlay's text with ␣ where the character goes, what the message calls the place)
PLACES = [
    ('name: "my␣house"\n', "name"),
    ('name: zw\ntitle: Our ␣table\n', "title"),
    ("name: zw\naliases: [our-␣table]\n", "aliases[0]"),
    ("name: zw\nundertakings:\n  thu␣nee:\n    verb: thunee\n", "undertakings: key"),
    ("name: zw\nundertakings:\n  thunee:\n    title: Thu␣nee\n", "undertakings.thunee.title"),
    ("name: zw\nclaims:\n  double:\n    verb: dou␣ble\n", "claims.double.verb"),
    ("name: zw\nscoring:\n  team_values:\n    coun␣t:\n      formula: team.cards\n", "scoring.team_values: key"),
]


def _place(template: str, c: str) -> tuple[str, int, int]:
    """The overlay's text with ``c`` at ␣, and the 1-based line and column of ``c`` in it."""
    text = "extends: standard\n" + template
    index = text.index("␣")
    line = text[:index].count("\n") + 1
    column = index - text.rfind("\n", 0, index)
    return text.replace("␣", c), line, column


@pytest.mark.parametrize("c", list(INVISIBLE))
@pytest.mark.parametrize("template, what", PLACES)
def test_library_refuses_a_name_with_an_invisible_character_at_it(c, template, what):
    text, line, column = _place(template, c)
    with pytest.raises(RulesetError) as refused:
        load_ruleset_text(text, "ours.yaml")
    [problem] = refused.value.problems
    assert (problem.location.line, problem.location.column) == (line, column), problem
    assert problem.message.startswith(f"{what} '"), problem
    assert f"holds an invisible character, {INVISIBLE[c]}" in problem.message
    assert f"<U+{ord(c):04X}>" in problem.message  # the name is shown with the character made visible
    assert c not in problem.message


def test_cli_validate_says_file_line_column_and_the_character(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ours.yaml").write_text('extends: standard\nname: "our\u200bhouse"\n', encoding="utf-8")
    capsys.readouterr()
    assert main(["validate", "ours.yaml"]) == 1
    out, err = capsys.readouterr()
    assert err.strip() == ("ours.yaml:2:11: name 'our<U+200B>house' holds an invisible character, U+200B ZERO WIDTH "
                           "SPACE: it looks like 'ourhouse' but is not that name (pasted text often brings one); "
                           "delete it and type the name again")


def test_editor_marks_the_line_and_column_of_the_character():
    check = check_text("extends: standard\nname: ours\ntitle: Our\u00a0table\n")
    [p] = check.problems
    assert (p.line, p.column) == (3, 11) and p.in_text
    assert "U+00A0 NO-BREAK SPACE" in p.message and "looks like 'Our table'" in p.message
    assert p.pointer == "title: Our\u00a0table\n          ^"


def test_a_character_written_as_an_escape_is_refused_at_the_name():
    with pytest.raises(RulesetError) as refused:
        load_ruleset_text('extends: standard\nname: "our\\u200bhouse"\n', "ours.yaml")
    [problem] = refused.value.problems
    assert (problem.location.line, problem.location.column) == (2, 7)
    assert "U+200B ZERO WIDTH SPACE" in problem.message


def test_free_text_may_hold_them():
    source = load_ruleset_text("extends: standard\nname: ours\nsummary: Our table\u00a0\u2014 since 1998\u200b\n")
    assert source.data["summary"].endswith("\u200b")


@settings(max_examples=60, deadline=None)
@given(name=st.text(alphabet=st.characters(min_codepoint=ord("a"), max_codepoint=ord("z")), min_size=1, max_size=12),
       at=st.integers(min_value=0, max_value=12),
       c=st.characters(blacklist_categories=("Cs",)).filter(is_invisible).filter(lambda c: c not in "\n\r\x85"))
def test_any_invisible_character_in_a_rule_name_is_refused_where_it_is(name, at, c):
    at = min(at, len(name))
    key = name[:at] + c + name[at:]
    text = f'extends: standard\nname: zw\nundertakings:\n  "{key}":\n    verb: x\n'
    with pytest.raises(RulesetError) as refused:
        load_ruleset_text(text, "ours.yaml")
    messages = [str(p) for p in refused.value.problems]
    # PyYAML refuses a few control characters itself ("not allowed in a YAML file"), located all the same
    assert any(m.startswith(f"ours.yaml:4:{4 + at}: ") and f"U+{ord(c):04X}" in m for m in messages), messages


def test_the_listing_shows_a_saved_name_with_an_invisible_character_made_visible(tmp_path, capsys, monkeypatch):
    # the listing reads names without judging them (validate does), and never prints the character itself: a
    # right-to-left override would reorder the terminal's line. (A ruleset of one's own is known by its file's
    # name: the file is named so too; a `name:` line that differs is said beside the title, made visible too.)
    monkeypatch.setenv("THUNEE_DSL_HOME", str(tmp_path))
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "our\u200btable.yaml").write_text('extends: standard\nname: "our\u200btable"\n'
                                                               'title: "Our\u202e table"\n', encoding="utf-8")
    (tmp_path / "rulesets" / "other.yaml").write_text('extends: standard\nname: "oth\u200ber"\n', encoding="utf-8")
    capsys.readouterr()
    assert main(["list", "--check"]) == 0
    out = capsys.readouterr().out
    assert out.isascii() and "\u200b" not in out and "\u202e" not in out
    [row] = [line for line in out.splitlines() if line.startswith("our<U+200B>table")]
    assert "Our<U+202E> table" in row and "our<U+200B>table.yaml" in row
    assert "(its name: line says 'oth<U+200B>er')" in " ".join(out.split())
    import re
    # (the cell wraps: its words are compared without the line breaks and padding)
    assert re.search(r"thunee-dsl validate\s+" + re.escape(str(tmp_path / "rulesets" / "our<U+200B>table.yaml")),
                     " ".join(out.split())), out


def test_a_name_of_nothing_but_invisible_characters_is_said_to_look_empty():
    with pytest.raises(RulesetError) as refused:
        load_ruleset_text('extends: standard\nname: "\\u200b\\u2060"\n', "ours.yaml")
    [problem] = refused.value.problems
    assert "holds an invisible character, U+200B ZERO WIDTH SPACE: it looks empty but is not" in problem.message
