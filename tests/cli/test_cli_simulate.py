"""`thunee-dsl simulate`: the three output formats, and one-line errors for bad input."""

from __future__ import annotations

import csv
import io
import re
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from thunee_dsl.cli.main import main
from thunee_dsl.cli.simulate import ProgressBar, print_tables

ROOT = Path(__file__).resolve().parents[2]
PARTNER_SIX = str(ROOT / "examples" / "partner-catch-six.yaml")
ARGS = ["simulate", "standard", PARTNER_SIX, "--games", "6", "--bots", "random", "--seed", "3"]


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_output_is_the_library_result(capsys):
    from thunee_dsl import load_ruleset
    from thunee_dsl.simulation import simulate

    code, out, err = run(capsys, *ARGS, "--format", "json")
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    data = json.loads(out)
    expected = simulate([load_ruleset("standard"), load_ruleset(PARTNER_SIX)], games=6, bots="random", seed=3)
    assert data == json.loads(json.dumps(expected.to_json()))


def test_jobs_do_not_change_the_output(capsys):
    _, one, _ = run(capsys, *ARGS, "--format", "json")
    code, two, _ = run(capsys, *ARGS, "--format", "json", "--jobs", "2")
    assert code == 0 and one == two


def test_text_output_is_a_table_with_intervals_and_coverage(capsys):
    code, out, _ = run(capsys, *ARGS)
    assert code == 0
    assert "A: standard" in out and "B: partner-catch-six" in out and "B - A" in out
    deals = next(line for line in out.splitlines() if line.startswith("deals per game"))
    assert deals.count("[") == 3  # A, B and the difference, each with an interval
    assert "Rule coverage" in out
    assert any(line.startswith("penalty: revoke") and line.endswith("0 !") for line in out.splitlines())


def test_mistakes_make_penalties_fire_and_the_text_says_so(capsys):
    friendly = str(ROOT / "examples" / "house" / "friendly-table.yaml")
    code, out, err = run(capsys, "simulate", "standard", friendly, "--games", "4", "--bots", "random", "--seed", "2",
                         "--mistakes", "0.05")
    assert code == 0 and err == ""
    assert "mistakes: 0.05 per decision" in out.splitlines()[0]
    cells = [re.split(r"\s{2,}", line.strip()) for line in out.splitlines() if line.startswith("penalty: ")]
    assert len(cells) == 4 and all(row[2] == "-" for row in cells)  # no penalties at the friendly table
    assert sum(int(row[1]) for row in cells if row[1].isdigit()) > 0  # standard: deals decided by a penalty
    assert "Removes Penalties: A " in out and "add --mistakes" not in out


def test_default_bots_are_typical_and_unfired_differences_get_advice(capsys):
    code, out, _ = run(capsys, "simulate", "standard", PARTNER_SIX, "--games", "2", "--seed", "1")
    assert code == 0
    assert out.splitlines()[0] == "2 games per ruleset, seed 1, bots: typical (every seat)"
    assert "Thunee partner catch: 8 balls -> 6 balls: A " in out
    if "A 0, B 0 deals" in out:
        assert "! never decided a deal: bolder players take that risk more often: try --bots bold" in out


def test_csv_output(capsys):
    code, out, _ = run(capsys, *ARGS, "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    # (the partner catch decided fewer than focus.FOCUS_BELOW deals in these games: its focused replays too)
    assert {r["table"] for r in rows} == {"statistic", "difference", "coverage", "focused"}
    assert {r["ruleset"] for r in rows if r["table"] == "statistic"} == {"standard", "partner-catch-six"}


def test_focused_replays_are_in_the_text_and_can_be_set_or_left_out(capsys):
    code, out, _ = run(capsys, "simulate", "standard", PARTNER_SIX, "--games", "3", "--seed", "1",
                       "--focus-seconds", "unlimited", "--focus-replays", "200")
    assert code == 0
    said = " ".join(out.split())
    assert "Focused: It decided 0 of the" in said and "200 replays of the" in said
    assert "deals with a Thunee called in the games (the cards the caller had not seen dealt again)" in said
    code, out, _ = run(capsys, "simulate", "standard", PARTNER_SIX, "--games", "2", "--seed", "1", "--no-focus",
                       "--format", "json")
    assert code == 0 and json.loads(out)["focused"] == []


@pytest.mark.parametrize("args, message", [
    (["simulate", "standard", "--games", "2", "--focus-replays", "99999999999999999999"],
     "error: --focus-replays must be at most 1,000,000, got 99999999999999999999"),
    (["simulate", "standard", "--games", "2", "--focus-seconds", "soon"],
     "error: --focus-seconds must be a number of seconds or 'unlimited', got 'soon'"),
    (["simulate", "standard", "--games", "2", "--focus-seconds", "-1"], "error: --focus-seconds must be a number"),
    (["simulate", "standard", "--games", "2", "--focus-replays", "0"], "error: --focus-replays must be at least 1"),
    (["simulate", "no-such-rules", "--games", "2"], "unknown ruleset 'no-such-rules'"),
    (["simulate", "standard", "--games", "many"], "error: --games must be a whole number, got 'many'"),
    (["simulate", "standard", "--games", "0"], "error: --games must be at least 1, got 0"),
    (["simulate", "standard", "--games", "2", "--jobs", "-1"], "error: --jobs must be at least 1"),
    (["simulate", "standard", "--games", "2", "--seed", "x"], "error: --seed must be a whole number"),
    (["simulate", "standard", "--games", "2", "--bots", "clever"], "error: unknown bot 'clever' (known: "),
    (["simulate", "standard", "--games", "2", "--bots", "random,random"], "error: bots: 2 names given"),
    (["simulate", "standard", "--games", "2", "--bots", "random,"], "error: --bots: expected"),
    (["simulate", "standard", "--games", "2", "--mistakes", "lots"],
     "error: --mistakes must be a rate between 0 and 1 (e.g. 0.01), got 'lots'"),
    (["simulate", "standard", "--games", "2", "--mistakes", "2"], "error: --mistakes must be between 0 and 1"),
    (["simulate", "standard", "--games", "2", "--mistakes", "nan"], "error: --mistakes must be between 0 and 1"),
])
def test_bad_input_is_one_line_on_stderr(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert message in err
    assert "Traceback" not in err


@pytest.mark.slow
def test_unreachable_scheduler_is_one_line_and_no_traceback():
    # a port nobody listens on: connection refused, retried until dask's connect timeout (made short here)
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"}
    proc = subprocess.run([sys.executable, "-m", "thunee_dsl", *ARGS, "--scheduler", "tcp://127.0.0.1:9"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines()[-1].startswith("error: the simulation could not run (tcp://127.0.0.1:9)")


def test_progress_bar_draws_on_a_stream():
    stream = io.StringIO()
    bar = ProgressBar(stream, force_terminal=True)
    bar(5, 10)
    bar.progress.refresh()
    half = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())  # without the colours
    bar(10, 10)
    bar.close()
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())
    assert "simulating" in half and "5/10 games" in half
    assert "10/10 games" in text
    assert "━" in text  # rich draws the bar


def test_malformed_scheduler_address_is_one_line(capsys):
    pytest.importorskip("distributed")
    code, out, err = run(capsys, "simulate", "standard", "--games", "2", "--bots", "random", "--scheduler", "nonsense")
    assert code == 2 and out == ""
    assert err.strip() == "error: scheduler address 'nonsense': missing port number in address 'nonsense'"


def test_on_a_terminal_the_report_is_drawn_with_rich_tables_in_the_same_words():
    from thunee_dsl import load_ruleset
    from thunee_dsl.simulation import simulate

    result = simulate([load_ruleset("standard"), load_ruleset(PARTNER_SIX)], games=3, bots="random", seed=1)
    stream = io.StringIO()
    print_tables(result, stream, force_terminal=True, width=200)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())
    assert "│" in text  # rich's column rules
    plain = result.to_text()
    for line in result.intro_lines() + [result.COVERAGE_TITLE]:
        assert line in text and line in plain
    for label, *cells in result.statistics_table()[1]:
        row = next(line for line in text.splitlines() if line.lstrip().startswith(label + " "))
        assert all(cell in row for cell in cells)


@pytest.mark.parametrize("text", ["1_000", "0x10", "1.5", "1e3", "7.0", "٣"])
@pytest.mark.parametrize("option", ["--seed", "--games"])
def test_whole_numbers_are_written_in_digits_as_everywhere_else_in_the_cli(capsys, option, text):
    # int() would take '1_000' as 1000 and '٣' (an Arabic-Indic three) as 3: a seed other than the one written
    code, out, err = run(capsys, "simulate", "standard", "--games", "2", option, text)
    assert (code, out) == (2, "")
    assert err.strip().splitlines() == [f"error: {option} must be a whole number, got '{text}'"]
