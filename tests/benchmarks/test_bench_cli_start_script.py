"""benchmarks/bench_cli_start.py runs and prints what it promises (the figure itself is not asserted:
speed is measured by the benchmark, not by a timed test)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_start_up_benchmark_prints_wall_and_cpu_time_of_list():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_cli_start.py"), "--runs", "1",
                           "--command", "list"], capture_output=True, text=True, timeout=300, cwd="/")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert re.fullmatch(r"load average \d+\.\d on \d+ cores; 1 runs each", lines[0])
    assert re.fullmatch(r"thunee-dsl list +wall \d+\.\d{3} s  cpu \d+\.\d{3} s  "
                        r"\((under|OVER) the 0\.3 s target in CPU time\)", lines[1]), lines
