#!/usr/bin/env python3
"""What scoring a finished deal costs: `score_deal` alone, on deals of random games.

    python benchmarks/bench_scoring.py [--deals N] [--ruleset NAME_OR_PATH] [--repeat R] [--bytecodes]

Plays games of the ruleset with bench_interpreter.py's random play (optional announcements made rarely),
keeps every deal that ends, then scores each of them again ``R`` times with ``score_deal`` (the fast
path simulations take: no explanation read) and prints what one costs, by the deal's first scoring rule
(the result's ``applied[0]``, or cancelled / conceded / offence), in microseconds of CPU time.
``--bytecodes`` counts the Python bytecode instructions instead (exact and the same on every machine:
judge a change by them when the machine is loaded). ``--explain`` also reads the explanation each time.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
if "--bytecodes" in sys.argv:
    os.environ["THUNEE_DSL_PURE"] = "1"  # sys.settrace sees no bytecodes in the compiled build's modules

from bench_interpreter import choose  # noqa: E402
from profile_interpreter import count_bytecodes  # noqa: E402
from thunee_dsl import load_ruleset  # noqa: E402
from thunee_dsl.game import GameState, scoring  # noqa: E402
from thunee_dsl.game import state as state_module  # noqa: E402


def finished_deals(ruleset, n: int, seed: int) -> list:
    """The ``Deal`` objects of at least ``n`` deals of random games, as they were when scored."""
    deals: list = []
    original = state_module.score_deal

    def keep(deal):
        deals.append(deal)
        return original(deal)

    state_module.score_deal = keep
    try:
        rng = random.Random(seed)
        game_seed = seed
        while len(deals) < n:
            game = GameState(ruleset, seed=game_seed)
            game_seed += 1
            while not game.is_over:
                game.apply(choose(rng, game.legal_actions()))
            if not deals:
                sys.exit("no deal was scored through thunee_dsl.game.state.score_deal: update finished_deals()")
    finally:
        state_module.score_deal = original
    return deals


def kind(result) -> str:
    if result.cancelled:
        return "cancelled"
    if result.conceded is not None:
        return "conceded"
    if result.offence:
        return "offence"
    return result.applied[0].rsplit(".", 1)[0] if result.applied else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--bytecodes", action="store_true")
    parser.add_argument("--explain", action="store_true", help="read each result's explanation too")
    args = parser.parse_args()
    ruleset = load_ruleset(args.ruleset)
    deals = finished_deals(ruleset, args.deals, args.seed)
    score = scoring.score_deal
    kinds = [kind(score(d)) for d in deals]
    if args.bytecodes:
        counts = count_bytecodes(lambda: [score(d).explanation if args.explain else score(d) for d in deals])
        total = sum(counts.values())
        print(f"{ruleset.name}: {total / len(deals):,.1f} bytecodes a deal scored ({len(deals)} deals)")
        for where, n in counts.most_common(12):
            print(f"{n / len(deals):8.1f} {100 * n / total:5.1f}%  {where}")
        return
    spent: Counter = Counter()
    clock = time.process_time_ns
    for _ in range(args.repeat):
        for d, k in zip(deals, kinds):
            t0 = clock()
            result = score(d)
            if args.explain:
                result.explanation
            spent[k] += clock() - t0
    seen = Counter(kinds)
    total = sum(spent.values()) / args.repeat / len(deals) / 1000
    print(f"{ruleset.name}: {len(deals)} deals scored {args.repeat} times, {total:.2f} us a deal (CPU time)")
    for k, ns in sorted(spent.items(), key=lambda item: -item[1]):
        print(f"{k:28s} {seen[k] / len(deals):6.1%} {ns / args.repeat / seen[k] / 1000:8.2f} us each")


if __name__ == "__main__":
    main()
