"""benchmarks/bench_interpreter.py and profile_interpreter.py: they run, and the floor measures the same loop.

The interpreter benchmark's "benchmark loop alone" drives a stand-in (Replay) with the very loop that
times the interpreter, over the legal-action lists the interpreter's games offered; these tests check that
the stand-in is driven through exactly those decisions, and that the scripts print what they promise
(with a tiny stand-in reference engine, so they run where shared/bench is not checked out).
"""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_interpreter", ROOT / "benchmarks" / "bench_interpreter.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_loop_alone_replays_every_decision_of_the_games(bench):
    ruleset = load_ruleset("standard")
    games: list = []
    rng = random.Random(3)
    state = rng.getstate()
    deals, _, _ = bench.run_interpreter(ruleset, 12, rng, 40, time.process_time, games=games)
    replays = bench.recorded(ruleset, 12, state, 40)  # the same games, played again
    assert len(replays) == len(games)
    # each game's offered lists, in order: one per action, each holding the action taken
    for game, (offered, n_deals) in zip(games, replays):
        assert len(offered) == len(game.history)
        assert n_deals == len(game.deals)
        assert all(action in legal for action, legal in zip(game.history, offered))
    stand_ins: list = []
    played, seconds, _ = bench.run_interpreter(
        None, deals, random.Random(9), 0, time.process_time,
        new_game=lambda _r, seed, queue=iter(replays): bench.Replay(*next(queue)), games=stand_ins)
    assert played == deals and seconds >= 0
    assert [len(s.history) for s in stand_ins] == [len(g.history) for g in games]
    assert bench.run_floor(replays, random.Random(9), time.process_time)[0] == deals


def test_reference_rules_are_standard_without_undertakings_and_claims():
    standard = load_ruleset("standard")
    same = load_ruleset(str(ROOT / "benchmarks" / "reference-rules.yaml"))
    assert standard.undertakings and standard.claims
    assert same.undertakings == () and same.claims == ()
    assert tuple(step for step in standard.sequence if step != "undertakings") == same.sequence
    # everything the reference also plays is standard's (compiled formulas compare by their text)
    assert [(d.verb, d.after_team_trick) for d in same.declarations] == \
        [(d.verb, d.after_team_trick) for d in standard.declarations]
    assert [(o.when.text, o.balls.text) for o in same.outcomes] == [(o.when.text, o.balls.text) for o in standard.outcomes]
    assert same.cancellation.cancel_if.text == standard.cancellation.cancel_if.text
    assert same.batches == standard.batches and same.beats == standard.beats


def test_bench_interpreter_prints_every_figure_and_the_ratio_last(tmp_path):
    reference = tmp_path / "reference_thunee.py"
    reference.write_text("def play_deal(rng, dealer=0):\n    return (rng.random() < 0.5, 0)\n")
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_interpreter.py"), "--deals", "40",
                           "--rounds", "2", "--reference", str(reference)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("interpreter: ") and lines[1].startswith("reference: ")
    assert any(line.startswith("same rules as the reference: ") for line in lines)
    assert any(line.startswith("benchmark loop alone: ") for line in lines)
    assert lines[-1].startswith("ratio: ") and float(lines[-1].split()[1]) >= 0


def test_profile_interpreter_prints_a_line_per_kind_of_decision():
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "profile_interpreter.py"), "--deals", "30"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for kind in ("card 1", "card 4", "pass in undertakings", "trump", "+ deal end"):
        assert kind in out
    shares = [float(line.split()[-1].rstrip("%")) for line in out.splitlines()[2:-1]]
    assert abs(sum(shares) - 100) < 1.0
    assert out.splitlines()[-1].startswith("in apply(): ")


def test_profile_interpreter_counts_the_bytecodes_of_both_engines(tmp_path):
    # the count is exact: the same games give the same numbers on any machine
    reference = tmp_path / "reference_thunee.py"
    reference.write_text("def play_deal(rng, dealer=0):\n    x = rng.random()\n    return (x < 0.5, 0)\n")
    runs = [subprocess.run([sys.executable, str(ROOT / "benchmarks" / "profile_interpreter.py"), "--bytecodes",
                            "--deals", "8", "--reference", str(reference)],
                           capture_output=True, text=True, timeout=300) for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    lines = runs[0].stdout.splitlines()
    assert lines[0].startswith("standard: ") and "bytecodes a deal" in lines[0]
    assert any(line.endswith(" apply") for line in lines)
    assert lines[-1].startswith("reference: ") and "interpreter / reference: " in lines[-1]
    interpreter = float(lines[0].split()[1].replace(",", ""))
    reference_count = float(lines[-1].split()[1].replace(",", ""))
    assert interpreter > 1000 and 0 < reference_count < 100  # a whole deal of Thunee against a two-line stand-in


def test_profile_interpreter_counts_the_bytecodes_by_line():
    runs = [subprocess.run([sys.executable, str(ROOT / "benchmarks" / "profile_interpreter.py"), "--lines",
                            "--deals", "8", "--top", "5"], capture_output=True, text=True, timeout=300) for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout  # exact
    header, *rows = runs[0].stdout.splitlines()
    assert header.startswith("standard: ") and header.endswith("by line:") and len(rows) == 5
    counts = [float(row.split()[0]) for row in rows]
    assert counts == sorted(counts, reverse=True) and counts[0] > 0
    assert all(".py:" in row.split()[1] for row in rows)  # file:line, then the line's text
