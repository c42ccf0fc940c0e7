"""The reference engine's time, measured in the same run as a benchmark, so that its figures compare across
machines (issue 23: a typical game measured 32-37 ms on one machine and 18.8-19.4 ms on another, while the
interpreter's ratio to the reference stayed close). ``bench_bots.py --cpu`` and ``bench_simulation.py`` print
their times also in **reference deals**: how many deals of random play the hand-written reference engine
(``shared/bench/reference_thunee.py``, pure Python) plays in the same CPU time on the same machine, now.
"""

from __future__ import annotations

import gc
import random
import time

from bench_interpreter import find_reference, load_reference, run_reference


def reference_deal_cpu(deals: int = 2000, rounds: int = 3, seed: int = 12345) -> float:
    """CPU seconds a deal of the reference engine takes here and now (the fastest of ``rounds`` runs of
    ``deals`` deals: other work on a shared machine only ever adds time)."""
    ref = load_reference(find_reference(None))
    best = None
    for _ in range(rounds):
        gc.collect()
        n, took = run_reference(ref, deals, random.Random(seed), time.process_time)
        best = took / n if best is None else min(best, took / n)
    return best


def in_reference_deals(seconds: float, per_deal: float) -> str:
    """``seconds`` of CPU as reference deals, in words."""
    return f"{seconds / per_deal:.1f} reference deals (the reference engine: {per_deal * 1e6:.0f} µs a deal, timed in this run)"
