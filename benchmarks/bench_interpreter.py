#!/usr/bin/env python3
"""Interpreter speed against the hand-written reference engine, in one run.

Plays N deals of the `standard` ruleset with random legal play through the generic
interpreter (GameState) and N deals through shared/bench/reference_thunee.py, and prints
deals/s for both and their ratio. Like with like: uniformly random card play, Jodies
declared whenever possible, and optional calls, undertakings and claims made with a small
probability (the reference calls with probability 0.05 per polled seat).

    python benchmarks/bench_interpreter.py [--deals N] [--rounds R] [--reference PATH] [--wall] [--compiled-reference]

The machines are shared and noisy, so the engines run interleaved: R rounds, each playing N/R deals
(whole games, so that dealing, scoring and dealer rotation are counted) through the interpreter and
4N/R deals through the reference, timed with this process's CPU time (``--wall`` for wall-clock
time). Loading and compiling the ruleset is done once, before timing, as the reference builds its
tables when it is imported. The ratio is of the totals; the per-round ratios give the spread.

Two more figures come from the same rounds, to say where the limit is:

* ``same rules as the reference``: the same loop on ``benchmarks/reference-rules.yaml`` (standard
  without Thunee, Double and Khanaak, the rules the reference plays), so what the interpreter costs
  apart from the rules the reference leaves out;
* ``benchmark loop alone``: the same loop (``is_over``, ``legal_actions()``, the random choice,
  ``apply()``) driving a stand-in that does no game work at all: it hands out the legal-action lists
  recorded from the interpreter's games of the round and appends each action to two lists, as
  ``GameState`` records it. What the API round trip itself costs a deal, in reference deals.

The interpreter runs as it is imported: the compiled build when `build_accel.py` made one for these
sources, the pure Python with ``THUNEE_DSL_PURE=1`` (the first line says which). ``--compiled-reference``
compiles the reference engine with Cython too (into a temporary folder, with the build's own settings) and
prints the ratio against it, like with like for the compiled build.

The last line is `ratio: X.XX` (standard) so the figure can be tracked over time.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import random
import os
import sys
import tempfile
import time
from importlib.machinery import ExtensionFileLoader
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from thunee_dsl import _accel, load_ruleset  # noqa: E402
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


def compile_reference(path: Path, folder: Path):
    """The reference engine compiled by Cython in ``folder`` (never in the project), as the build compiles ours."""
    import build_accel

    here = os.getcwd()
    os.chdir(folder)  # Cython writes its C file beside a source it is given by an absolute path
    try:
        (folder / path.name).write_bytes(path.read_bytes())
        (folder / "build").mkdir()
        binary = build_accel.compile_module("reference_thunee", path.name, folder / "build")
    finally:
        os.chdir(here)
    loader = ExtensionFileLoader("reference_thunee", str(binary))
    spec = importlib.util.spec_from_file_location("reference_thunee", loader.path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
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


def run_interpreter(ruleset, n_deals: int, rng: random.Random, game_seed: int, clock, new_game=GameState,
                    games: list | None = None) -> tuple[int, float, int]:
    """Whole games until at least ``n_deals`` deals are played: (deals, seconds, next game seed).
    ``games`` (a list) receives the games played (tests use it; the benchmark does not keep games alive
    while it times, see recorded)."""
    played = 0
    start = clock()
    while played < n_deals:
        game = new_game(ruleset, seed=game_seed)
        game_seed += 1
        while not game.is_over:
            game.apply(choose(rng, game.legal_actions()))
        played += len(game.deals)
        if games is not None:
            games.append(game)
    return played, clock() - start, game_seed


class Replay:
    """The API of a GameState with no game behind it: ``legal_actions()`` hands out the lists a played
    game offered, in order, and ``apply`` records the action as GameState does (the game's history and
    the deal's record). Driven by run_interpreter's own loop, it measures what that loop costs."""

    __slots__ = ("_offered", "_next", "is_over", "history", "_record", "deals")

    def __init__(self, offered: list, deals: int):
        self._offered = offered
        self._next = 0
        self.is_over = not offered
        self.history: list = []
        self._record: list = []
        self.deals = [None] * deals

    def legal_actions(self):
        return self._offered[self._next]

    def apply(self, action):
        self.history.append(action)
        self._record.append(action)
        self._next += 1
        if self._next == len(self._offered):
            self.is_over = True
        return action


def recorded(ruleset, n_deals: int, rng_state, game_seed: int) -> list[tuple[list, int]]:
    """The games run_interpreter played from ``rng_state`` and ``game_seed``, played again untimed: the
    legal-action lists each offered, in order, and its number of deals. (Keeping the timed games alive
    instead would make the garbage collector walk them during the timing.)"""
    rng = random.Random()
    rng.setstate(rng_state)
    games: list = []
    run_interpreter(ruleset, n_deals, rng, game_seed, time.process_time, games=games)
    out = []
    for game in games:
        again = GameState(ruleset, seed=game.seed)
        offered = []
        for action in game.history:
            offered.append(again.legal_actions())
            again.apply(action)
        out.append((offered, len(game.deals)))
    return out


def run_floor(replays: list[tuple[list, int]], rng: random.Random, clock) -> tuple[int, float]:
    """The benchmark loop over stand-ins replaying ``replays``: (deals, seconds)."""
    queue = iter(replays)
    n_deals = sum(deals for _, deals in replays)
    played, seconds, _ = run_interpreter(None, n_deals, rng, 0, clock, lambda _r, seed: Replay(*next(queue)))
    return played, seconds


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
    parser.add_argument("--compiled-reference", action="store_true",
                        help="also time the reference engine compiled by Cython (like with like for the "
                             "compiled build)")
    args = parser.parse_args()
    ref = load_reference(find_reference(args.reference))
    folder = tempfile.TemporaryDirectory(prefix="reference-compiled.")
    compiled_ref = (compile_reference(find_reference(args.reference), Path(folder.name))
                    if args.compiled_reference else None)
    clock = time.perf_counter if args.wall else time.process_time
    ruleset = load_ruleset("standard")  # compiled once, like the reference's tables at import
    same_rules = load_ruleset(str(ROOT / "benchmarks" / "reference-rules.yaml"))
    rounds = max(1, args.rounds)
    per_round = max(1, args.deals // rounds)
    ours_rng, theirs_rng = random.Random(args.seed), random.Random(args.seed)
    same_rng, floor_rng = random.Random(args.seed), random.Random(args.seed)
    compiled_rng, compiled = random.Random(args.seed), [0, 0.0]
    game_seed = same_seed = args.seed
    ours = [0, 0.0]  # deals, seconds
    same, floor, theirs = [0, 0.0], [0, 0.0], [0, 0.0]
    ratios = []
    for _ in range(rounds):
        rng_state, first_seed = ours_rng.getstate(), game_seed
        gc.collect()  # each engine starts its turn with nothing left over from the others
        n, t, game_seed = run_interpreter(ruleset, per_round, ours_rng, game_seed, clock)
        gc.collect()
        m, u = run_reference(ref, per_round * 4, theirs_rng, clock)
        gc.collect()
        if compiled_ref is not None:
            c, d = run_reference(compiled_ref, per_round * 4, compiled_rng, clock)
            compiled[0] += c
            compiled[1] += d
            gc.collect()
        k, v, same_seed = run_interpreter(same_rules, per_round, same_rng, same_seed, clock)
        replays = recorded(ruleset, per_round, rng_state, first_seed)
        gc.collect()
        j, w = run_floor(replays, floor_rng, clock)
        del replays
        for total, (deals, seconds) in ((ours, (n, t)), (theirs, (m, u)), (same, (k, v)), (floor, (j, w))):
            total[0] += deals
            total[1] += seconds
        ratios.append((n / t) / (m / u))
    ours_speed, theirs_speed = ours[0] / ours[1], theirs[0] / theirs[1]
    same_speed, floor_speed = same[0] / same[1], floor[0] / floor[1]
    ratios.sort()
    timer = "wall-clock" if args.wall else "CPU"
    print(f"interpreter: {ours_speed:,.0f} deals/s (standard ruleset, random legal play, {ours[0]} deals, {timer} time; "
          f"{_accel.describe()})")
    print(f"reference:   {theirs_speed:,.0f} deals/s (shared/bench/reference_thunee.py, {theirs[0]} deals, {timer} time)")
    print(f"same rules as the reference: {same_speed:,.0f} deals/s, ratio {same_speed / theirs_speed:.2f} "
          f"(benchmarks/reference-rules.yaml: standard without Thunee, Double, Khanaak)")
    print(f"benchmark loop alone: {1e6 / floor_speed:.1f} us a deal = {theirs_speed / floor_speed:.2f} reference deals "
          f"(a stand-in replaying the games' legal actions; the interpreter's own part of a standard deal: "
          f"{1e6 / ours_speed - 1e6 / floor_speed:.1f} us = {theirs_speed / ours_speed - theirs_speed / floor_speed:.2f} "
          f"reference deals)")
    print(f"rounds: {rounds}, per-round ratio min {ratios[0]:.3f} median {ratios[len(ratios) // 2]:.3f} max {ratios[-1]:.3f}")
    if compiled_ref is not None:
        compiled_speed = compiled[0] / compiled[1]
        print(f"compiled reference: {compiled_speed:,.0f} deals/s (reference_thunee.py compiled by Cython, {compiled[0]} "
              f"deals), ratio against it {ours_speed / compiled_speed:.2f}")
    folder.cleanup()
    print(f"ratio: {ours_speed / theirs_speed:.2f}")


if __name__ == "__main__":
    main()
