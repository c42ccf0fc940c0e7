"""Hostile command lines: missing files, folders, '-' for standard input, empty arguments, conflicting or
repeated flags. Each gives a located one-line message per problem and an exit status of 1 or 2, never a
traceback, never the internal-error exit (3), never a wait on the keyboard."""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl.cli.main import main
from thunee_dsl.loading import MAX_BYTES

REPO = Path(__file__).resolve().parents[2]
HOUSE = "extends: standard\nname: house\ngame: {target: 13, corner_house: 12}\n"  # (corner house goes with the target)
BROKEN = "extends: standard\nname: house\nscoring:\n  outcomes:\n    - when: counting.count >=\n"


class Piped(io.TextIOWrapper):
    """Standard input with text piped in (not a terminal)."""

    def __init__(self, data: bytes):
        super().__init__(io.BytesIO(data), encoding="utf-8")


class Keyboard(Piped):
    def isatty(self) -> bool:
        return True


def run(monkeypatch, *args: str, stdin: io.TextIOBase | None = None) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", stdin if stdin is not None else Piped(b""))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exit_:  # argparse's own usage errors
            code = exit_.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    (tmp_path / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "folder").mkdir()
    return tmp_path


def test_validate_reads_standard_input_for_a_dash(here, monkeypatch):
    code, out, err = run(monkeypatch, "validate", "-", stdin=Piped(HOUSE.encode()))
    assert (code, out, err) == (0, "<stdin>: ok (house: South African Thunee (four players))\n", "")


def test_a_ruleset_on_standard_input_is_located_at_stdin(here, monkeypatch):
    code, _, err = run(monkeypatch, "validate", "-", stdin=Piped(BROKEN.encode()))
    assert code == 1
    assert err.splitlines()[0] == "<stdin>:5:7: scoring.outcomes[0]: missing required key 'balls'"
    assert "<stdin>:5:30: scoring.outcomes[0].when: unexpected end of formula" in err


def test_standard_input_is_read_once(here, monkeypatch):
    code, out, err = run(monkeypatch, "validate", "-", "-", stdin=Piped(HOUSE.encode()))
    assert code == 1 and out.startswith("<stdin>: ok")
    assert err == "<stdin>: standard input ('-') can be read only once: give the other rulesets as files or names\n"


def test_a_dash_with_nothing_piped_in_says_so_rather_than_waiting_for_the_keyboard(here, monkeypatch):
    code, _, err = run(monkeypatch, "validate", "-", stdin=Keyboard(b""))
    assert code == 1 and err.startswith("<stdin>: '-' reads the ruleset from standard input, but none was piped in")


@pytest.mark.parametrize("data, said", [
    (b"", "<stdin>:1:1: the file is empty"),
    (b"name: \xff\n", "<stdin>:1:7: the file is not valid UTF-8 (byte 0xff)"),
    (b"# " + b"x" * (MAX_BYTES + 100), f"<stdin>:1:{MAX_BYTES + 1}: file is too large: more than {MAX_BYTES:,} bytes; "
                                         "the limit is 1 MB (1,048,576 bytes), reached here"),
    (b"extends: ../../etc/passwd\n", "<stdin>:1:10: extends: name a ruleset (such as standard) or a ruleset file"),
])
def test_what_standard_input_holds_is_checked_like_a_file(here, monkeypatch, data, said):
    code, _, err = run(monkeypatch, "validate", "-", stdin=Piped(data))
    assert code == 1 and err.startswith(said), err


def test_a_file_named_without_yaml_on_the_command_line_is_read(here, monkeypatch):
    (here / "house.txt").write_text(HOUSE, encoding="utf-8")
    code, out, _ = run(monkeypatch, "validate", "house.txt")
    assert (code, out) == (0, "house.txt: ok (house: South African Thunee (four players))\n")


def test_rules_diff_and_replay_read_standard_input_too(here, monkeypatch):
    code, out, _ = run(monkeypatch, "rules", "-", "-o", "-", stdin=Piped(HOUSE.encode()))
    assert code == 0 and out.startswith("# South African Thunee")
    code, out, _ = run(monkeypatch, "diff", "standard", "-", stdin=Piped(HOUSE.encode()))
    assert code == 0 and "13" in out
    transcript = (REPO / "tests" / "transcripts").rglob("*.yaml").__next__()
    code, out, err = run(monkeypatch, "replay", "-", stdin=Piped(transcript.read_bytes()))
    assert code in (0, 2) and (out or err)
    if code == 2:
        assert err.startswith("<stdin>"), err


@pytest.mark.parametrize("args, code, said", [
    (("validate", ""), 1, "'': give a ruleset's name or a ruleset file (an empty argument names neither)"),
    (("validate", "folder/"), 1, "folder: is a folder, not a file"),
    (("validate", "folder"), 1, "folder: is a folder, not a file"),  # (was: unknown ruleset 'folder')
    (("validate", "nothere.yaml"), 1, "nothere.yaml: file not found"),
    (("rules", "standard", "-o", ""), 2, "error: -o: give a file name to write to"),
    (("rules", "standard", "-o", "folder"), 2, "error: folder: Is a directory"),
    (("replay", "folder"), 2, "folder: is a folder, not a file"),
    (("diff", "house.yaml", "folder/"), 1, "folder: is a folder, not a file"),
])
def test_bad_file_arguments_are_one_line_each(here, monkeypatch, args, code, said):
    got, _, err = run(monkeypatch, *args)
    assert got == code and err.startswith(said), err


# --- any combination --------------------------------------------------------------------------------

ARGS = st.sampled_from(["house.yaml", "broken.yaml", "folder", "folder/", "nothere.yaml", "-", "", " ", "standard",
                        "no-such-rules", "house.yaml/", "./house.yaml", "\u202e.yaml", "a\tb.yaml", "x" * 300,
                        "--format", "json", "text", "xml", "-o", "--output", "--seat", "-1", "--help"])
COMMANDS = st.sampled_from(["validate", "rules", "diff", "replay", "list"])


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=COMMANDS, rest=st.lists(ARGS, max_size=5), stdin=st.sampled_from([b"", HOUSE.encode(), b"\xff"]))
def test_any_command_line_ends_in_words_never_a_traceback(here, monkeypatch, command, rest, stdin):
    code, out, err = run(monkeypatch, command, *rest, stdin=Piped(stdin))
    assert code in (0, 1, 2), (command, rest, code, err)
    assert "Traceback" not in err and "internal error" not in err, (command, rest, err)
    if code == 1:  # problems of rulesets: each line (a formula's caret lines aside) names where
        lines = [line for line in err.splitlines() if not line.startswith("    ")]
        assert lines and all(": " in line for line in lines), (command, rest, err)


def test_play_says_it_cannot_read_the_ruleset_from_standard_input(monkeypatch):
    """'-' reads a ruleset from standard input for validate, rules and diff; play reads the moves there, and
    said "unknown ruleset '-'" after the rulesets folder's path."""
    code, out, err = run(monkeypatch, "play", "-", stdin=Piped(b"extends: standard\nname: x\n"))
    assert code == 2 and out == ""
    assert err.startswith("error: play reads your moves from standard input, so it cannot read the ruleset there "
                          "too"), err
    assert "unknown ruleset" not in err
