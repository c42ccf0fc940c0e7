#!/usr/bin/env python3
"""Interpreter speed against the hand-written reference engine, in one run.

Plays N deals of the `standard` ruleset with random legal play through the generic
interpreter (GameState) and N deals through shared/bench/reference_thunee.py, and prints
deals/s for both and their ratio. Like with like: uniformly random card play, Jodies
declared whenever possible, and optional calls, undertakings and claims made with a small
probability (the reference calls with probability 0.05 per polled seat).

    python benchmarks/bench_interpreter.py [--deals N] [--rounds R] [--reference PATH] [--wall]

The machines are shared and noisy, so the two engines run interleaved: R rounds, each playing
N/R deals (whole games, so that dealing, scoring and dealer rotation are counted) through the
interpreter and 4N/R deals through the reference, timed with this process's CPU time (``--wall``
for wall-clock time). Loading and compiling the ruleset is done once, before timing, as the
reference builds its tables when it is imported. The ratio is of the totals; the per-round ratios
give the spread.

The last line is `ratio: X.XX` so the figure can be tracked over time.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from thunee_dsl import load_ruleset  # noqa: E402
from thunee_dsl.game import GameState  # noqa: E402

P_SPEAK = 0.05  # chance of making an optional call/undertaking/claim when polled


def find_reference(explicit: str | None) -> Path:
    candidates = [Path(explicit)] if explicit else []
    candidates += [ROOT.parent / "shared" / "bench" / "reference_thunee.py",
                   ROOT / ".." / ".." / "shared" / "bench" / "reference_thunee.py"]
    for path in candidates:
        if path.is_file():
            return path.resolve()
    sys.exit("reference_thunee.py not found; pass --reference PATH")


def load_reference(path: Path):
    spec = importlib.util.spec_from_file_location("reference_thunee", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def choose(rng: random.Random, legal):
    """Random legal play with the optional announcements made rarely (Jodies always)."""
    last = legal[-1]
    if last.verb == "pass":
        if legal[0].verb == "jodie":
            return legal[0]
        if rng.random() >= P_SPEAK:
            return last
        return legal[int(rng.random() * (len(legal) - 1))]
    return legal[int(rng.random() * len(legal))]


def run_interpreter(ruleset, n_deals: int, rng: random.Random, game_seed: int, clock) -> tuple[int, float, int]:
    """Whole games until at least ``n_deals`` deals are played: (deals, seconds, next game seed)."""
    played = 0
    start = clock()
    while played < n_deals:
        game = GameState(ruleset, seed=game_seed)
        game_seed += 1
        while not game.is_over:
            game.apply(choose(rng, game.legal_actions()))
        played += len(game.deals)
    return played, clock() - start, game_seed


def run_reference(ref, n_deals: int, rng: random.Random, clock) -> tuple[int, float]:
    start = clock()
    for i in range(n_deals):
        ref.play_deal(rng, i & 3)
    return n_deals, clock() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--reference", help="path to reference_thunee.py")
    parser.add_argument("--wall", action="store_true", help="time with the wall clock instead of CPU time")
    args = parser.parse_args()
    ref = load_reference(find_reference(args.reference))
    clock = time.perf_counter if args.wall else time.process_time
    ruleset = load_ruleset("standard")  # compiled once, like the reference's tables at import
    rounds = max(1, args.rounds)
    per_round = max(1, args.deals // rounds)
    ours_rng, theirs_rng = random.Random(args.seed), random.Random(args.seed)
    game_seed = args.seed
    ours_deals = ours_time = theirs_deals = theirs_time = 0
    ratios = []
    for _ in range(rounds):
        n, t, game_seed = run_interpreter(ruleset, per_round, ours_rng, game_seed, clock)
        m, u = run_reference(ref, per_round * 4, theirs_rng, clock)
        ours_deals, ours_time, theirs_deals, theirs_time = ours_deals + n, ours_time + t, theirs_deals + m, theirs_time + u
        ratios.append((n / t) / (m / u))
    ours, theirs = ours_deals / ours_time, theirs_deals / theirs_time
    ratios.sort()
    timer = "wall-clock" if args.wall else "CPU"
    print(f"interpreter: {ours:,.0f} deals/s (standard ruleset, random legal play, {ours_deals} deals, {timer} time)")
    print(f"reference:   {theirs:,.0f} deals/s (shared/bench/reference_thunee.py, {theirs_deals} deals, {timer} time)")
    print(f"rounds: {rounds}, per-round ratio min {ratios[0]:.3f} median {ratios[len(ratios) // 2]:.3f} max {ratios[-1]:.3f}")
    print(f"ratio: {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
