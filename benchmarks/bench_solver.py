#!/usr/bin/env python3
"""The double-dummy solver's speed: a whole deal of `standard` solved from the first lead.

    python benchmarks/bench_solver.py [--deals N] [--objective tricks|points|balls] [--seed S]

Each deal is a seeded game's first deal, played up to the first lead with every window passed and the
first legal choice otherwise (the trump made by the first choice); the solver (a new one each deal, so
nothing is carried over) finds the value the team to lead can force, without the line. Printed: the
median and the 99th percentile of the wall time per deal, the nodes searched, and which build ran (pure
Python, or the compiled modules of build_accel.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from thunee_dsl import load_ruleset  # noqa: E402
from thunee_dsl.game import GameState  # noqa: E402
from thunee_dsl.players import solver as solver_module  # noqa: E402
from thunee_dsl.players.solver import Solver  # noqa: E402


def first_lead(ruleset, seed: int) -> GameState:
    game = GameState(ruleset, seed=seed)
    while not game.deal.is_play_turn():
        legal = game.legal_actions()
        passes = [a for a in legal if a.verb == "pass"]
        game.apply(passes[0] if passes else legal[0])
    return game


def percentile(values, q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--objective", default="tricks", choices=("tricks", "points", "balls"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="standard")
    args = parser.parse_args(argv)
    ruleset = load_ruleset(args.ruleset)
    compiled = not solver_module.__file__.endswith(".py")
    times, nodes = [], []
    for seed in range(args.seed, args.seed + args.deals):
        game = first_lead(ruleset, seed)
        solver = Solver(ruleset, args.objective)
        start = time.perf_counter()
        solution = solver.solve(game, line=False)
        times.append(time.perf_counter() - start)
        nodes.append(solution.nodes)
    print(f"{args.ruleset}, {args.objective}, {args.deals} whole deals from the first lead "
          f"({'compiled' if compiled else 'pure Python'}):")
    print(f"  median {statistics.median(times) * 1000:.0f} ms, 99th percentile {percentile(times, 0.99) * 1000:.0f} ms")
    print(f"  nodes: median {statistics.median(nodes):.0f}, most {max(nodes)}; "
          f"{sum(times) / sum(nodes) * 1e6:.0f} us a node")
    return 0


if __name__ == "__main__":
    sys.exit(main())
