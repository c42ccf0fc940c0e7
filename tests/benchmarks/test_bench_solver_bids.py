"""benchmarks/bench_solver.py --bids: the review's weighing of the winning bid (where it was said, no card weighed)
on `typical` bots' deals, counted weighed, not weighed and with no contract, with its time."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "bench_solver.py"


def test_304s_winning_bids_are_counted_weighed_and_timed():
    out = subprocess.run([sys.executable, str(SCRIPT), "--bids", "--ruleset", "304", "--deals", "2", "--seed", "1"],
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    counts = re.search(r"(\d+) weighed, (\d+) not weighed \(beyond the limit\), (\d+) with no contract", out.stdout)
    assert counts, out.stdout
    weighed, beyond, none = map(int, counts.groups())
    assert weighed + beyond + none == 2 and weighed >= 1  # (seeds 1 and 2 bid, and their bids are weighed)
    assert re.search(r"a deal's review: median \d+\.\d\d s, the slowest \d+\.\d\d s", out.stdout), out.stdout
