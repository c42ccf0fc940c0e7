"""Every file in examples/ runs: overlays validate, transcripts replay to their stated result, scripts run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from thunee_dsl.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "thunee_dsl", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)


def test_partner_catch_six_overlay_validates_and_changes_only_the_partner_catch(capsys):
    assert main(["validate", str(EXAMPLES / "partner-catch-six.yaml")]) == 0
    from thunee_dsl import load_ruleset
    house, base = load_ruleset(str(EXAMPLES / "partner-catch-six.yaml")), load_ruleset("standard")
    thunee = house.undertaking_by_verb("thunee")
    assert (thunee.balls.success.text, thunee.balls.failure.text, thunee.balls.partner_catch.text) == ("4", "4", "6")
    assert base.undertaking_by_verb("thunee").balls.partner_catch.text == "8"
    assert house.name == "partner-catch-six" and house.aliases == ()


def test_call_30_with_jodie_example_replays_to_the_pagat_result():
    # pagat: call 30, the makers' 40 Jodie and the last trick: the counting team starts at -20 and
    # needs 125 in cards; it has exactly 125 -> 2 balls (a call was made)
    done = run_cli("replay", "examples/call-30-with-jodie.yaml")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["deals"][0]["balls"] == [0, 2]
    assert report["deals"][0]["card_points"][1] == 125
    assert report["score"] == [0, 2] and report["winner"] is None
    text = run_cli("replay", "examples/call-30-with-jodie.yaml", "--format", "text")
    assert "count 105" in text.stdout and "Seats 2 and 4 open 2 balls." in text.stdout  # in words
    text = run_cli("replay", "examples/call-30-with-jodie.yaml", "--format", "text", "--formulas")
    assert "counting.count [105] >= 105 = true" in text.stdout  # the formulas on request


def test_play_random_game_script_runs_to_a_winner():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(EXAMPLES / "play_random_game.py"), "standard", "3"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("team ") and " wins " in last


@pytest.mark.parametrize("path", sorted(p.name for p in EXAMPLES.iterdir() if p.suffix in (".yaml", ".py")))
def test_every_example_is_exercised(path):
    """A new example file must get a test here."""
    covered = {"partner-catch-six.yaml", "call-30-with-jodie.yaml", "play_random_game.py"}
    assert path in covered, f"examples/{path} has no test in tests/test_examples.py"
