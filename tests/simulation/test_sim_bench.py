"""benchmarks/bench_simulation.py runs and checks that jobs=1 and jobs=2 agree (a tiny run)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_benchmark_script_runs_and_reports_the_speedup():
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_simulation.py"), "--games", "6",
                           "--bots", "random", "--repeat", "1"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "identical results: yes" in lines
    speedup = next(line for line in lines if line.startswith("speedup: "))
    assert float(speedup.split()[1]) > 0
    assert lines[-1].startswith("wall_s: ")
