"""`list` and `diff` print rich tables: bold headings on a terminal, plain text (no escape codes, no
trailing spaces, "-" under the headings) when piped; `--format json` for programs."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from thunee_dsl.cli.main import main
from thunee_dsl.editor.storage import UserRulesets
from thunee_dsl.loading.registry import read_header, shipped_rulesets

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_is_a_plain_table_of_every_shipped_ruleset(capsys, user_home):
    code, out, err = run(capsys, "list")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["Ruleset", "Title", "Also", "called"]
    assert set(lines[1]) == {"-"}
    assert "\x1b" not in out and all(line == line.rstrip() for line in lines)
    rows = lines[2:2 + len(shipped_rulesets())]
    assert [row.split()[0] for row in rows] == sorted(shipped_rulesets())
    standard = next(row for row in rows if row.startswith("standard "))
    assert standard.split("  ")[0] == "standard"
    assert "South African Thunee (four players)" in standard and standard.endswith("thunee, south-african, sa-thunee")
    assert lines[-1] == (f"Your own rulesets, saved from the app's Editor, are listed here too "
                         f"(from {user_home / 'rulesets'}).")


def test_list_shows_the_users_rulesets_after_the_shipped_ones(capsys, user_home):
    UserRulesets().save("our-table", "extends: standard\nname: our-table\ntitle: Our table\n")
    UserRulesets().save("half-done", "extends: standard\nname: [oops\n")  # unfinished text is listed too
    code, out, _ = run(capsys, "list")
    tail = out.split(f"Your rulesets (in {user_home / 'rulesets'}):\n")[1].splitlines()
    assert tail[0].split() == ["Ruleset", "Title", "File"]
    assert [line.split() for line in tail[2:]] == [["half-done", "half-done.yaml"],
                                                   ["our-table", "Our", "table", "our-table.yaml"]]



def test_list_shows_the_users_rulesets_by_name_a_second_variant_after_the_first(capsys, user_home):
    """The Save box names a second variant 'my-standard-2': by file name ('-' sorts before '.') it was listed
    before 'my-standard'."""
    for name in ("my-standard", "my-standard-2", "my-standard-b"):
        UserRulesets().save(name, f"extends: standard\nname: {name}\n")
    code, out, _ = run(capsys, "list")
    tail = out.split(f"Your rulesets (in {user_home / 'rulesets'}):\n")[1].splitlines()
    assert [line.split()[0] for line in tail[2:]] == ["my-standard", "my-standard-2", "my-standard-b"]
    data = json.loads(run(capsys, "list", "--format", "json")[1])
    assert [row["name"] for row in data["yours"]] == ["my-standard", "my-standard-2", "my-standard-b"]

def test_list_as_json(capsys, user_home):
    path = UserRulesets().save("our-table", "extends: standard\nname: our-table\ntitle: Our table\n")
    code, out, _ = run(capsys, "list", "--format", "json")
    data = json.loads(out)
    assert code == 0 and [r["name"] for r in data["shipped"]] == sorted(shipped_rulesets())
    standard = next(r for r in data["shipped"] if r["name"] == "standard")
    assert standard["aliases"] == ["thunee", "south-african", "sa-thunee"]
    assert standard["file"] == str(shipped_rulesets()["standard"])
    assert data["yours"] == [{"name": "our-table", "title": "Our table", "aliases": [], "file": str(path)}]
    assert data["yours_folder"] == str(user_home / "rulesets")


def test_diff_is_a_table_of_changes_with_where_each_is_set(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    # the removed mapping is located at its first key, the line after "penalties:" (1-based: index + 2)
    penalties = 2 + next(i for i, line in enumerate((ROOT / "rulesets" / "standard.yaml").read_text().splitlines())
                         if line.startswith("penalties:"))
    code, out, _ = run(capsys, "diff", "standard", "examples/house/friendly-table.yaml")
    assert code == 0 and out.splitlines() == [
        "friendly-table differs from standard:",
        "Rule change         Where (friendly-table)",
        "-" * len(f"Removes Penalties   removed (was rulesets/standard.yaml:{penalties}:3)"),
        f"Removes Penalties   removed (was rulesets/standard.yaml:{penalties}:3)",
    ]
    code, out, _ = run(capsys, "diff", "standard", "thunee")
    assert (code, out) == (0, "standard and standard play the same rules\n")


@pytest.mark.skipif(shutil.which("script") is None, reason="util-linux `script` is not installed")
def test_on_a_terminal_the_headings_are_bold(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "THUNEE_DSL_HOME": str(tmp_path), "TERM": "xterm-256color",
           "COLUMNS": "120"}
    env.pop("NO_COLOR", None)
    command = shlex.join([sys.executable, "-m", "thunee_dsl", "list"])
    done = subprocess.run(["script", "-qfec", command, "/dev/null"], env=env, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "\x1b[1mRuleset" in done.stdout  # bold, from rich
    assert "─" in done.stdout  # a drawn line under the headings


def test_headers_are_read_from_the_files_own_lines(tmp_path):
    """The listing's header reader agrees with the whole file where the file is ordinary YAML, and
    falls back to the whole file where it is not."""
    cases = {
        "plain.yaml": ("name: plain\ntitle: >-\n  A long\n  title\naliases:\n- p\n- 'q'\nextends: standard\n",
                       ("plain", "A long title", ("p", "q"))),
        "flow.yaml": ('{name: flow, title: "Flow", aliases: [f]}\n', ("flow", "Flow", ("f",))),
        # YAML aliases are refused (alias bombs): the whole file does not load, so it is listed by its stem
        "anchored.yaml": ("x: &t Anchored\nname: named\ntitle: *t\n", ("anchored", "", ())),
        "nameless.yaml": ("title: No name\n", ("nameless", "No name", ())),
        "broken.yaml": ("name: [oops\n", ("broken", "", ())),
        "documents.yaml": ("---\nname: doc\n", ("doc", "", ())),
        "latin1.yaml": (b"name: caf\xe9\n", ("latin1", "", ())),
    }
    for file, (text, expected) in cases.items():
        path = tmp_path / file
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        header = read_header(path)
        assert (header.name, header.title, header.aliases) == expected, file


# --- the header reader against the whole-file reading, on generated files ---------------------------

from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
import yaml  # noqa: E402

from thunee_dsl.errors import RulesetError  # noqa: E402
from thunee_dsl.loading.safe_yaml import load_yaml_file  # noqa: E402

words = st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_characters="\x7f", blacklist_categories=("Cc", "Cs")), min_size=1, max_size=12)
values = st.recursive(st.none() | st.booleans() | st.integers(-5, 50) | words,
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(words, inner, max_size=3),
                      max_leaves=8)


@st.composite
def ruleset_files(draw):
    entries = {"name": draw(words), "title": draw(words), "aliases": draw(st.lists(words, max_size=3))}
    entries.update(draw(st.dictionaries(words.filter(lambda k: k not in entries), values, max_size=4)))
    keys = draw(st.permutations(list(entries)))
    data = {k: entries[k] for k in keys}
    style = draw(st.sampled_from([False, None]))  # block style, or flow for the inner collections
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=style,
                          width=draw(st.sampled_from([20, 80])))
    return draw(st.sampled_from(["", "# a comment\n", "\ufeff"])) + text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=ruleset_files())
@example(text="name: '0'\ntitle: x\naliases: []\n'0': 1E10\n")  # found by hypothesis: a value over the cap elsewhere
def test_the_header_agrees_with_the_whole_file(tmp_path, text):
    """The same file read from its own lines and (with a document marker, which the line reader leaves
    to the whole-file reader) read whole: the same header."""
    quick, whole = tmp_path / "quick", tmp_path / "whole"
    quick.mkdir(exist_ok=True)
    whole.mkdir(exist_ok=True)
    (quick / "generated.yaml").write_text(text, encoding="utf-8")
    (whole / "generated.yaml").write_text("---\n" + text.removeprefix("\ufeff"), encoding="utf-8")
    try:  # ordinary YAML, but the loader may still refuse it (e.g. a number over its cap, such as 1E10)
        data = load_yaml_file(whole / "generated.yaml").data
    except RulesetError:
        data = None
    assert read_header(quick / "generated.yaml") == read_header(whole / "generated.yaml")
    if data is not None and isinstance(data["name"], str) and data["name"].strip():
        assert read_header(quick / "generated.yaml").name == data["name"].strip()


def test_list_check_says_which_rulesets_play(capsys, user_home, monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")  # the first problem's line whole, unwrapped (the schema lists game's keys)
    UserRulesets().save("our-table", "extends: standard\nname: our-table\ntitle: Our table\n")
    path = UserRulesets().save("half-done", "extends: standard\nname: half-done\ngame:\n  targt: 13\n  tarrget: 14\n")
    code, out, _ = run(capsys, "list", "--check")
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[-1] == "Checked"
    assert all(line.endswith("   ok") for line in lines[2:2 + len(shipped_rulesets())])
    assert re.split(r" {3,}", lines[-2]) == ["half-done", "half-done.yaml", "line 4: unknown key 'targt' in game; "
                                             "expected one of: target, corner_house, source, deuce, win_by, "
                                             "raised_target, unit, deals, start, transfer, keeps_excess, game_value, rubber (and 1 more: thunee-dsl validate half-done)"]
    assert re.split(r" {3,}", lines[-1]) == ["our-table", "Our table", "our-table.yaml", "ok"]
    code, out, _ = run(capsys, "list", "--check", "--format", "json")
    yours = {r["name"]: r["problems"] for r in json.loads(out)["yours"]}
    assert yours["our-table"] == [] and len(yours["half-done"]) == 2
    assert all(p.startswith(f"{path}:") for p in yours["half-done"])


def test_diff_names_files_from_the_working_folder_or_the_home(capsys, monkeypatch, tmp_path):
    home, work = tmp_path / "home", tmp_path / "work"
    work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("THUNEE_DSL_HOME", str(home / ".thunee-dsl"))
    monkeypatch.chdir(work)
    UserRulesets().save("our-table", "extends: standard\nname: our-table\ngame:\n  target: 13\n")
    (work / "here.yaml").write_text("extends: standard\nname: here\ngame:\n  target: 14\n", encoding="utf-8")
    code, out, _ = run(capsys, "diff", "standard", "our-table")
    assert out.splitlines()[-1] == "Balls to win: 12 -> 13   ~/.thunee-dsl/rulesets/our-table.yaml:4:11"
    code, out, _ = run(capsys, "diff", "standard", str(work / "here.yaml"))
    assert out.splitlines()[-1] == "Balls to win: 12 -> 14   here.yaml:4:11"


def test_titles_are_printed_as_written(capsys, user_home):
    title = "Our [bold]table[/bold] :fire: [red]"
    UserRulesets().save("ours", f'extends: standard\nname: ours\ntitle: "{title}"\n')
    code, out, _ = run(capsys, "list")
    assert code == 0 and re.split(r" {3,}", out.splitlines()[-1]) == ["ours", title, "ours.yaml"]
