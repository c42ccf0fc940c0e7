"""A transcript's ``ruleset:`` (or the command line) naming a YAML file that is not a ruleset: said so, where the
file is named, with what a ruleset needs, never quoting that file's keys or values. A ruleset with a mistyped key
or two still gets a message for each."""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.cli.main import main
from thunee_dsl.errors import RulesetError

REPO = Path(__file__).resolve().parents[2]
TRANSCRIPT = REPO / "tests" / "transcripts" / "standard" / "calling_war_to_104.yaml"
NEEDS = ("A ruleset file has name, players, deck, deal, sequence, play, scoring, game and dealer, or 'extends:' a "
         "ruleset (such as standard) and what it changes")


def run(capsys, *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(list(args))
    return code, capsys.readouterr().err


def transcript_naming(folder: Path, ruleset: str) -> Path:
    lines = TRANSCRIPT.read_text(encoding="utf-8").splitlines(keepends=True)
    [at] = [i for i, line in enumerate(lines) if line.startswith("ruleset:")]
    lines[at] = f"ruleset: {ruleset}\n"
    path = folder / "game.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    return path, at + 1


def test_a_transcript_naming_some_other_yaml_file_is_told_it_is_not_a_ruleset(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "compose.yaml").write_text("services:\n  db:\n    image: postgres\nsecret_password: hunter2\n"
                                           "volumes: {}\n", encoding="utf-8")
    _, line = transcript_naming(tmp_path, "compose.yaml")
    code, err = run(capsys, "replay", "game.yaml")
    assert code != 0
    assert err == (f"game.yaml:{line}:10: compose.yaml is not a ruleset: 3 of its 3 top-level keys are keys no "
                   f"ruleset has. {NEEDS}\n")
    for secret in ("services", "secret_password", "hunter2", "postgres", "volumes"):
        assert secret not in err


def test_a_transcript_naming_a_transcript_says_what_that_file_is(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "other-game.yaml").write_text(TRANSCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    _, line = transcript_naming(tmp_path, "other-game.yaml")
    code, err = run(capsys, "replay", "game.yaml")
    assert code != 0 and err.startswith(f"game.yaml:{line}:10: other-game.yaml is not a ruleset (it looks like a "
                                        "game's transcript: thunee-dsl replay reads those)")


def test_validate_and_the_library_say_it_too(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.yaml").write_text("shopping: [milk, eggs]\nname: list\nwhen: monday\n", encoding="utf-8")
    code, err = run(capsys, "validate", "notes.yaml")
    assert code == 1 and err == (f"notes.yaml: notes.yaml is not a ruleset: 2 of its 3 top-level keys are keys no "
                                 f"ruleset has. {NEEDS}\n")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(tmp_path / "notes.yaml"))
    assert "notes.yaml is not a ruleset" in str(refused.value) and "milk" not in str(refused.value)


def test_a_ruleset_with_a_mistyped_key_still_gets_a_message_for_it(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ours.yaml").write_text("extends: standard\nname: ours\ngaem: {target: 13}\n", encoding="utf-8")
    code, err = run(capsys, "validate", "ours.yaml")
    assert code == 1 and err.startswith("ours.yaml:3:1: unknown key 'gaem' at the top level")


def test_a_ruleset_begun_with_mistyped_keys_hears_which_lines_are_close_to_a_key(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ours.yaml").write_text("nmae: ours\nplayer: {seats: 4}\ncolour: red\n", encoding="utf-8")
    code, err = run(capsys, "validate", "ours.yaml")
    assert code == 1 and err == ("ours.yaml: ours.yaml is not a ruleset: 3 of its 3 top-level keys are keys no ruleset "
                                 f"has; line 1 is close to 'name'; line 2 is close to 'players'. {NEEDS}\n")
