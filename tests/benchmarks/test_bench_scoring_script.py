"""benchmarks/bench_scoring.py runs and prints what scoring a deal costs, by the rule that decided it."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "bench_scoring.py"


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_times_score_deal_by_the_rule_that_decided():
    out = run("--deals", "60", "--repeat", "1", "--ruleset", "cats-at-cards")
    head, *rows = out.splitlines()
    assert re.fullmatch(r"cats-at-cards: \d+ deals scored 1 times, [\d.]+ us a deal \(CPU time\)", head)
    kinds = [row.split()[0] for row in rows]
    assert "scoring.outcomes" in kinds and len(kinds) == len(set(kinds))
    shares = [float(row.split()[1].rstrip("%")) for row in rows]
    assert abs(sum(shares) - 100) < 0.5


def test_counts_bytecodes_with_the_explanation():
    out = run("--deals", "20", "--bytecodes", "--explain")
    assert re.match(r"standard: [\d,.]+ bytecodes a deal scored \(\d+ deals\)", out)
    assert "explain" in out  # the words are made, and counted, when asked for
