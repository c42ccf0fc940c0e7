#!/usr/bin/env python3
"""How long the command line takes to answer: ``thunee-dsl list`` (target: under 0.3 s) and a few others.

    python benchmarks/bench_cli_start.py [--runs N] [--command "list" ...]

Each command is started N times as a fresh process (``python -m thunee_dsl ...``), as a person starts it;
the figures are the median wall time and the median CPU time (user + system) of the process. On a
shared or busy machine the wall time waits for a core: the CPU time is what the command itself costs,
and what the wall time comes down to on an idle machine. The load average is printed beside them.

Where the time goes: ``python -X importtime -m thunee_dsl list`` (imports) and
``python -m cProfile -s cumtime -m thunee_dsl list`` (the rest).
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.3  # seconds, for `list`
COMMANDS = ["list", "--help", "rules standard", "validate standard"]


def run_once(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "thunee_dsl", *args], env=env, check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--command", action="append", help="a thunee-dsl command line (repeatable)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        # an empty user folder: the figure is the shipped list's (a person's own files add a little)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "THUNEE_DSL_HOME": home}
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.runs} runs each")
        for command in args.command or COMMANDS:
            argv = shlex.split(command)
            run_once(argv, env)  # warm the file cache and the bytecode
            runs = [run_once(argv, env) for _ in range(args.runs)]
            wall = statistics.median(w for w, _ in runs)
            cpu = statistics.median(c for _, c in runs)
            verdict = ""
            if argv == ["list"]:
                verdict = f"  ({'under' if cpu < TARGET else 'OVER'} the {TARGET} s target in CPU time)"
            print(f"thunee-dsl {command:<20} wall {wall:.3f} s  cpu {cpu:.3f} s{verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
