#!/usr/bin/env python3
"""Where the interpreter's time goes, by decision: what one `GameState.apply` costs for each kind.

    python benchmarks/profile_interpreter.py [--deals N] [--ruleset NAME_OR_PATH] [--seed S]

Plays the games of bench_interpreter.py (random legal play, optional announcements made rarely) and
times every `apply()` with the performance counter, grouped by what was applied: a card by its place in
the trick (``card 4`` ends a trick; ``last trick`` marks the deal's last trick), a pass or an announcement
by its window, a trump, a call. An apply that ends a deal is counted apart (``+ deal end``): it also
scores the deal, moves the dealer on and deals the next one up to its first decision. Printed per kind:
how often it happens a deal, what one costs, what it costs a deal and its share of the time in `apply()`.
(What the loop around `apply()` costs is bench_interpreter.py's "benchmark loop alone".)

The timer's own cost (two counter reads per apply, about 0.1 us) is in every figure; the shares are
what to read. A sampling profiler gives the functions (docs/performance.md says how to get py-spy).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_interpreter import choose  # noqa: E402
from thunee_dsl import load_ruleset  # noqa: E402
from thunee_dsl.game import GameState  # noqa: E402


def kind_of(game: GameState, action) -> str:
    """What ``action`` is, in the game's words, just before it is applied."""
    deal = game.deal
    window = deal.window
    if window is not None:
        return f"{action.verb} in {window.kind}"
    if action.verb == "play":
        place = f"card {len(deal.trick) + 1}"
        return place + (" (last trick)" if len(deal.tricks) == deal.n_tricks - 1 else "")
    return action.verb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--seed", type=int, default=12345)
    args = parser.parse_args()
    ruleset = load_ruleset(args.ruleset)
    rng = random.Random(args.seed)
    counter = time.perf_counter_ns
    spent: Counter = Counter()
    count: Counter = Counter()
    deals = 0
    seed = args.seed
    while deals < args.deals:
        game = GameState(ruleset, seed=seed)
        seed += 1
        while not game.is_over:
            action = choose(rng, game.legal_actions())
            kind = kind_of(game, action)
            before = len(game.deals)
            t0 = counter()
            game.apply(action)
            t1 = counter()
            if len(game.deals) != before or game.is_over:
                kind += " + deal end"
            spent[kind] += t1 - t0
            count[kind] += 1
        deals += len(game.deals)
    total = sum(spent.values()) / deals / 1000
    print(f"{ruleset.name}: {deals} deals, {sum(count.values()) / deals:.1f} decisions a deal")
    print(f"{'applied':32s} {'a deal':>7s} {'us each':>8s} {'us a deal':>10s} {'share':>6s}")
    for kind, ns in sorted(spent.items(), key=lambda item: -item[1]):
        per_deal = ns / deals / 1000
        print(f"{kind:32s} {count[kind] / deals:7.2f} {ns / count[kind] / 1000:8.2f} {per_deal:10.2f} "
              f"{100 * per_deal / total:5.1f}%")
    print(f"in apply(): {total:.1f} us a deal")


if __name__ == "__main__":
    main()
