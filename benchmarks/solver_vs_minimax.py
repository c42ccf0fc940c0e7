#!/usr/bin/env python3
"""The solver against plain minimax at scale (the issue's 10,000 positions; tests/players/test_solver.py
checks a few dozen in the suite): seeded end positions of 2 or 3 tricks of every shipped ruleset, each
objective (points, tricks, balls) with windows passed and chosen; the solver's value must equal minimax's
and its line must play out to it.

    python benchmarks/solver_vs_minimax.py [--positions N] [--tricks-left K]

N positions a ruleset (each checked six ways); exits 1 at the first disagreement, printing it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "players"))

from solver_positions import end_positions, minimax, played_out  # noqa: E402
from thunee_dsl import shipped_ruleset  # noqa: E402
from thunee_dsl.loading import shipped_rulesets  # noqa: E402
from thunee_dsl.players.solver import BALLS, POINTS, TRICKS, Solver  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=170)
    parser.add_argument("--tricks-left", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args(argv)
    total = 0
    for name in sorted(shipped_rulesets()):
        ruleset = shipped_ruleset(name)
        start, checked = time.perf_counter(), 0
        for deal in end_positions(ruleset, args.seed, args.tricks_left, args.positions):
            team = deal.team_of[deal.to_act]
            for objective in (POINTS, TRICKS, BALLS):
                for windows in ("pass", "choose"):
                    solution = Solver(ruleset, objective, windows).solve(deal, team)
                    expected = minimax(deal, team, objective, windows)
                    reached = played_out(deal, solution.line, team, objective)
                    if not solution.value == expected == reached:
                        print(f"{name}: {objective.name}, windows {windows}: solver {solution.value}, minimax "
                              f"{expected}, its line {reached}; trick {len(deal.tricks) + 1}, seat {deal.to_act}")
                        return 1
                    checked += 1
        total += checked
        print(f"{name}: {checked} checks agree ({time.perf_counter() - start:.0f} s)", flush=True)
    print(f"{total} checks in all agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
