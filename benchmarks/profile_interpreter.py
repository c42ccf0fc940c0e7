#!/usr/bin/env python3
"""Where the interpreter's time goes, by decision: what one `GameState.apply` costs for each kind.

    python benchmarks/profile_interpreter.py [--deals N] [--ruleset NAME_OR_PATH] [--seed S]
    python benchmarks/profile_interpreter.py --bytecodes [--deals N] [--reference PATH]
    python benchmarks/profile_interpreter.py --lines [--deals N] [--top K] [--kind KIND]

Plays the games of bench_interpreter.py (random legal play, optional announcements made rarely) and
times every `apply()` with the performance counter, grouped by what was applied: a card by its place in
the trick (``card 4`` ends a trick; ``last trick`` marks the deal's last trick), a pass or an announcement
by its window, a trump, a call. An apply that ends a deal is counted apart (``+ deal end``): it also
scores the deal, moves the dealer on and deals the next one up to its first decision. Printed per kind:
how often it happens a deal, what one costs, what it costs a deal and its share of the time in `apply()`.
(What the loop around `apply()` costs is bench_interpreter.py's "benchmark loop alone".)

The timer's own cost (two counter reads per apply, about 0.1 us) is in every figure; the shares are
what to read. A sampling profiler gives the functions (docs/performance.md says how to get py-spy).

``--bytecodes`` counts instead the Python bytecode instructions executed (with ``sys.settrace``, slow
but exact and the same on every machine and run): per deal in all, per function (the top 25), per kind
of decision as above (what one `apply()` executes), and per deal of the reference engine. Timings on a shared machine drift by tens of per cent; the counts do not,
so a change meant to make the engine faster can be judged by them before it is timed.

``--lines`` counts the same bytecodes by source line (the top K lines, 60 by default, with their text):
where inside a function the count goes. ``--lines --kind KIND`` counts only inside the `apply()` of that
kind of decision (as printed by ``--bytecodes``, e.g. ``"pass in undertakings"``), a line's count each time
it is applied: what one such decision executes, line by line.
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
if "--bytecodes" in sys.argv or "--lines" in sys.argv:
    os.environ["THUNEE_DSL_PURE"] = "1"  # sys.settrace sees no bytecodes in the compiled build's modules

from bench_interpreter import choose, find_reference, load_reference  # noqa: E402
from thunee_dsl import load_ruleset  # noqa: E402
from thunee_dsl.game import GameState  # noqa: E402


def kind_of(game: GameState, action) -> str:
    """What ``action`` is, in the game's words, just before it is applied."""
    deal = game.deal
    window = deal.window
    if window is not None:
        return f"{action.verb} in {window.name}"
    if action.verb == "play":
        place = f"card {len(deal.trick) + 1}"
        return place + (" (last trick)" if len(deal.tricks) == deal.n_tricks - 1 else "")
    return action.verb


def count_bytecodes(run) -> Counter:
    """The bytecode instructions ``run()`` executes, by function (file:line name)."""
    by_code: Counter = Counter()

    def trace(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            by_code[frame.f_code] += 1
        return trace

    sys.settrace(trace)
    try:
        run()
    finally:
        sys.settrace(None)
    counts: Counter = Counter()
    for code, n in by_code.items():
        counts[f"{Path(code.co_filename).name}:{code.co_firstlineno} {code.co_name}"] += n
    return counts


def _benchmark_games(ruleset, seed: int):
    """``games(n, first_seed)`` playing the benchmark's games until ``n`` deals, and the deals played."""
    rng = random.Random(seed)
    played = [0]

    def games(n: int, first_seed: int) -> None:
        game_seed = first_seed
        while played[0] < n:
            game = GameState(ruleset, seed=game_seed)
            game_seed += 1
            while not game.is_over:
                game.apply(choose(rng, game.legal_actions()))
            played[0] += len(game.deals)

    games(20, seed + 10**6)  # tables built and caches filled before counting
    played[0] = 0
    return games, played


def lines(ruleset, deals: int, seed: int, top: int, kind: str | None = None) -> None:
    """The bytecodes of the benchmark's games by source line: the top ``top`` lines, a deal each (with
    ``kind``: only those executed by the `apply()` of that kind of decision, each time it is applied)."""
    by_line: Counter = Counter()

    def trace(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            by_line[frame.f_code.co_filename, frame.f_lineno] += 1
        return trace

    if kind is None:
        games, played = _benchmark_games(ruleset, seed)
        sys.settrace(trace)
        try:
            games(deals, seed)
        finally:
            sys.settrace(None)
        per, n, what = played[0], played[0], "a deal"
    else:
        _benchmark_games(ruleset, seed)  # (tables built and caches filled, as above)

        def measure(game, action) -> int:
            if kind_of(game, action) != kind:
                game.apply(action)
                return 0
            sys.settrace(trace)
            try:
                game.apply(action)
            finally:
                sys.settrace(None)
            return 1

        spent, _, n = by_kind(ruleset, deals, seed, measure)
        per, what = sum(spent.values()), f"each {kind!r}"
        if not per:
            sys.exit(f"no decision of the kind {kind!r} in {n} deals (the kinds: see --bytecodes)")
    total = sum(by_line.values()) / per
    print(f"{ruleset.name}: {total:,.0f} bytecodes {what} ({n} deals{f', {per} applied' if kind else ''}), by line:")
    sources: dict = {}
    for (filename, line), count in by_line.most_common(top):
        if filename not in sources:
            try:
                sources[filename] = Path(filename).read_text().splitlines()
            except OSError:  # generated code (the shuffle, the deal's copier) has no file
                sources[filename] = []
        text = sources[filename][line - 1].strip() if 0 < line <= len(sources[filename]) else ""
        print(f"{count / per:8.1f}  {Path(filename).name}:{line}  {text[:90]}")


def bytecodes(ruleset, deals: int, seed: int, reference: str | None) -> None:
    games, played = _benchmark_games(ruleset, seed)
    counts = count_bytecodes(lambda: games(deals, seed))
    total = sum(counts.values()) / played[0]
    print(f"{ruleset.name}: {total:,.0f} bytecodes a deal ({played[0]} deals, the benchmark's choice of actions "
          f"included)")
    for where, n in counts.most_common(25):
        print(f"{n / played[0]:8.0f} {100 * n / played[0] / total:5.1f}%  {where}")
    bytecodes_by_kind(ruleset, deals, seed)
    ref = load_reference(find_reference(reference))
    ref_rng = random.Random(seed)
    n_ref = 4 * deals
    ref_counts = count_bytecodes(lambda: [ref.play_deal(ref_rng, i & 3) for i in range(n_ref)])
    ref_total = sum(ref_counts.values()) / n_ref
    print(f"reference: {ref_total:,.0f} bytecodes a deal; interpreter / reference: {total / ref_total:.2f}")


def by_kind(ruleset, deals: int, seed: int, measure) -> tuple[Counter, Counter, int]:
    """Play the benchmark's games and add up ``measure(game, action)`` (which applies the action and
    returns its cost) by what was applied: the costs and counts by kind, and the deals played."""
    rng = random.Random(seed)
    spent: Counter = Counter()
    count: Counter = Counter()
    played, game_seed = 0, seed
    while played < deals:
        game = GameState(ruleset, seed=game_seed)
        game_seed += 1
        while not game.is_over:
            action = choose(rng, game.legal_actions())
            kind = kind_of(game, action)
            before = len(game.deals)
            cost = measure(game, action)
            if len(game.deals) != before or game.is_over:
                kind += " + deal end"
            spent[kind] += cost
            count[kind] += 1
        played += len(game.deals)
    return spent, count, played


def bytecodes_by_kind(ruleset, deals: int, seed: int) -> None:
    """The bytecodes of one `apply()` by what was applied (the same games as the count above, played again:
    telling the kinds apart costs bytecodes of its own, kept out of that count)."""
    executed = [0]

    def trace(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            executed[0] += 1
        return trace

    def measure(game, action) -> int:
        executed[0] = 0
        sys.settrace(trace)
        game.apply(action)
        sys.settrace(None)
        return executed[0]

    spent, count, played = by_kind(ruleset, deals, seed, measure)
    total = sum(spent.values()) / played
    print(f"in apply(): {total:,.0f} bytecodes a deal; by what was applied (a deal, each, a deal, share):")
    for kind, n in spent.most_common(12):
        print(f"  {kind:32s} {count[kind] / played:6.2f} {n / count[kind]:7.0f} {n / played:7.0f} "
              f"{100 * n / played / total:5.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, help="deals to play (20000; 500 with --bytecodes)")
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--bytecodes", action="store_true", help="count bytecode instructions instead of timing")
    parser.add_argument("--reference", help="path to reference_thunee.py (for --bytecodes)")
    parser.add_argument("--lines", action="store_true", help="count bytecode instructions by source line")
    parser.add_argument("--top", type=int, default=60, help="lines shown with --lines")
    parser.add_argument("--kind", help="with --lines: only the apply() of this kind of decision (e.g. 'card 4')")
    args = parser.parse_args()
    ruleset = load_ruleset(args.ruleset)
    if args.lines:
        lines(ruleset, args.deals or 500, args.seed, args.top, args.kind)
        return
    if args.bytecodes:
        bytecodes(ruleset, args.deals or 500, args.seed, args.reference)
        return
    counter = time.perf_counter_ns

    def measure(game, action) -> int:
        t0 = counter()
        game.apply(action)
        return counter() - t0

    spent, count, deals = by_kind(ruleset, args.deals or 20000, args.seed, measure)
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
