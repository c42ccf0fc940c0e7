#!/usr/bin/env python3
"""Interpreter speed against the hand-written reference engine, in one run.

Plays N deals of the `standard` ruleset with random legal play through the generic
interpreter (GameState) and N deals through shared/bench/reference_thunee.py, and prints
deals/s for both and their ratio. Like with like: uniformly random card play, Jodies
declared whenever possible, and optional calls, undertakings and claims made with a small
probability (the reference calls with probability 0.05 per polled seat).

    python benchmarks/bench_interpreter.py [--deals N] [--reference PATH]

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


def run_interpreter(n_deals: int, seed: int) -> float:
    ruleset = load_ruleset("standard")
    rng = random.Random(seed)
    played = 0
    game_seed = seed
    start = time.perf_counter()
    while played < n_deals:
        game = GameState(ruleset, seed=game_seed)
        game_seed += 1
        while not game.is_over:
            game.apply(choose(rng, game.legal_actions()))
        played += len(game.deals)
    return played / (time.perf_counter() - start)


def run_reference(ref, n_deals: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(n_deals):
        ref.play_deal(rng, i & 3)
    return n_deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--reference", help="path to reference_thunee.py")
    args = parser.parse_args()
    ref = load_reference(find_reference(args.reference))
    ours = run_interpreter(args.deals, args.seed)
    theirs = run_reference(ref, args.deals * 4, args.seed)
    print(f"interpreter: {ours:,.0f} deals/s (standard ruleset, random legal play, {args.deals} deals)")
    print(f"reference:   {theirs:,.0f} deals/s (shared/bench/reference_thunee.py, {args.deals * 4} deals)")
    print(f"ratio: {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
