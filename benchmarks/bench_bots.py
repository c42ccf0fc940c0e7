#!/usr/bin/env python3
"""The bots: speed (decisions per second) and strength (whole games of `standard`).

    python benchmarks/bench_bots.py [--games N] [--mc-games M] [--samples S] [--workers W] [--ruleset R]
    python benchmarks/bench_bots.py --bytecodes [--games N] [--bots heuristic,typical]
    python benchmarks/bench_bots.py --profile [--games N] [--bots typical]
    python benchmarks/bench_bots.py --deals N [--bots typical,heuristic] [--seed S]
    python benchmarks/bench_bots.py --cpu [--games N] [--bots typical]

`--bytecodes` counts instead the Python bytecode instructions of whole self-play games per bot (the same
seeds for each), and where they go: exact and the same on every machine, however loaded.

`--profile` says where the time of self-play games goes (cProfile): each kind of decision, and within them
building what a seat knows, sampling deals, building them as games (from the start or from a position),
playing them out, copying games, the engine's own work and the views.

`--cpu` is the bots' speed as the simulations feel it: the CPU time (this process's, so other work on a
shared machine counts less than in wall time) of whole self-play games, per game, the same seeds each run.
Interleave runs of two trees in the same minutes to compare them.

`--deals` is the quick strength signal used to tune the styles: the first deal of N seeds (dealer cycling),
played twice with the first bot in one team and then in the other; the balls the first bot's team won less
the other's, summed over both sides, averaged per seed with its standard error. Most seeds come out even (the
bots choose alike), so a change of a few hundredths of a ball a seed shows in 4,000 seeds (about a minute).

Speed: decisions per second over every decision of self-play games, for the heuristic and for `typical`,
and the Monte Carlo bot's searched decisions per second (card plays with more than one legal card; the
other decisions are typical's).

Strength, over N whole games each: typical vs random (the registered random bot, uniform over the legal
actions, so it calls, undertakes and claims often), typical vs today's heuristic, heuristic vs random (and a
quieter random that speaks with probability 0.05); then Monte Carlo (S samples, one playout per sample and
card, typical's announcements) vs typical over M games. The team a bot sits in alternates from game to
game (team 0 holds seats 0 and 2, and deals first) and every seed is played twice, once from each side
(duplicate play: the luck of the cards falls on both sides alike). Win rates are printed
with Wilson 95% intervals. Targets: typical >= 90% against random and >= 55% against the heuristic,
heuristic >= 75% against random, Monte Carlo > 50% against typical.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from thunee_dsl import shipped_ruleset  # noqa: E402
from thunee_dsl.game import GameState  # noqa: E402
from thunee_dsl.players import decide, make_bot  # noqa: E402

MAX_ACTIONS = 20_000


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def play_game(job: tuple) -> dict:
    """One game: bot ``a`` (with ``a_options``) in team ``a_team`` against bot ``b``; who won, and timings."""
    ruleset_name, seed, a, a_options, b, b_options, a_team = job
    r = shipped_ruleset(ruleset_name)
    game = GameState(r, seed=seed)
    bots = []
    for s in range(r.seats):
        mine = r.team_of(s) == a_team
        name, opts = (a, a_options) if mine else (b, b_options)
        bots.append(make_bot(name, r, seed=seed * 100 + s, **opts))
    searched = [0, 0.0]  # Monte Carlo card decisions with a real choice, and their time
    n = 0
    while not game.is_over:
        n += 1
        if n > MAX_ACTIONS:
            raise RuntimeError(f"game {seed} did not end")
        seat = game.to_act
        bot = bots[seat]
        if getattr(bot, "skips_forced", False) and len(game.legal_actions()) == 1:
            game.apply(decide(bot, game))  # one legal action: no view, no question (players.decide)
            continue
        view = game.view(seat)
        start = time.perf_counter()
        action = bot.choose(view)
        took = time.perf_counter() - start
        if bot.name == "montecarlo" and len(view.legal) > 1 and view.legal[0].verb == "play":
            searched[0] += 1
            searched[1] += took
        game.apply(action)
    return {"a_won": game.winner == a_team, "deals": len(game.deals), "searched": searched}


def match(pool, ruleset: str, games: int, a: str, a_options: dict, b: str, b_options: dict, first_seed: int):
    # duplicate play: each seed twice, the bots in one team and then in the other, so the luck of the cards
    # (which strongly favours one team in some deals) falls on both sides alike
    jobs = [(ruleset, first_seed + i // 2, a, a_options, b, b_options, i % 2) for i in range(games)]
    start = time.perf_counter()
    results = list(pool.map(play_game, jobs)) if pool else [play_game(j) for j in jobs]
    took = time.perf_counter() - start
    wins = sum(r["a_won"] for r in results)
    deals = sum(r["deals"] for r in results)
    searched = sum(r["searched"][0] for r in results), sum(r["searched"][1] for r in results)
    return wins, deals, took, searched


def play_deal(job: tuple) -> int:
    """The first deal of a seed, bot ``a`` in team ``a_team``: the balls ``a``'s team won less the other's."""
    ruleset_name, seed, a, b, a_team = job
    r = shipped_ruleset(ruleset_name)
    game = GameState(r, seed=seed, dealer=seed % r.seats)
    bots = [make_bot(a if r.team_of(s) == a_team else b, r, seed=seed * 100 + s) for s in range(r.seats)]
    while not game.results:
        game.apply(decide(bots[game.to_act], game))
    balls = game.results[0].balls
    return balls[a_team] - sum(balls[t] for t in range(len(balls)) if t != a_team)


def duplicate_deals(pool, ruleset: str, seeds: int, a: str, b: str, first_seed: int) -> None:
    jobs = [(ruleset, first_seed + i // 2, a, b, i % 2) for i in range(2 * seeds)]
    start = time.perf_counter()
    got = list(pool.map(play_deal, jobs, chunksize=16)) if pool else [play_deal(j) for j in jobs]
    per_seed = [got[i] + got[i + 1] for i in range(0, len(got), 2)]
    mean = sum(per_seed) / seeds
    se = math.sqrt(sum((x - mean) ** 2 for x in per_seed) / (seeds - 1) / seeds) if seeds > 1 else math.inf
    even = sum(1 for x in per_seed if x == 0)
    print(f"{a} vs {b}: {mean:+.3f} balls a seed (standard error {se:.3f}) over {seeds} seeds' first deals, "
          f"each from both sides; {even} seeds even; {time.perf_counter() - start:.0f} s")


def speed(ruleset: str, games: int, bot: str = "heuristic") -> float:
    r = shipped_ruleset(ruleset)
    decisions = 0
    spent = 0.0
    for g in range(games):
        game = GameState(r, seed=10_000 + g)
        bots = [make_bot(bot, r, seed=g * 10 + s) for s in range(r.seats)]
        while not game.is_over:
            view = game.view(game.to_act)
            start = time.perf_counter()
            action = bots[game.to_act].choose(view)
            spent += time.perf_counter() - start
            decisions += 1
            game.apply(action)
    return decisions / spent


def self_play(r, name: str, games: int, first_seed: int):
    """Whole games of ``name`` at every seat, one after the other (each game once played)."""
    for g in range(games):
        game = GameState(r, seed=first_seed + g)
        bots = [make_bot(name, r, seed=g * 10 + s) for s in range(r.seats)]
        while not game.is_over:
            game.apply(decide(bots[game.to_act], game))
        yield game


def bytecodes(ruleset: str, games: int, names: list[str]) -> None:
    from profile_interpreter import count_bytecodes

    r = shipped_ruleset(ruleset)
    for name in names:
        played = [0, 0]

        def run():
            for game in self_play(r, name, games, 20_000):
                played[0] += 1
                played[1] += len(game.deals)
        counts = count_bytecodes(run)
        total = sum(counts.values())
        print(f"{name}: {total / played[0]:,.0f} bytecodes a game, {total / played[1]:,.0f} a deal "
              f"({played[0]} games, {played[1]} deals)")
        for where, n in counts.most_common(6):
            print(f"    {n / total:5.1%}  {where}")


def cpu(ruleset: str, games: int, names: list[str]) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from reference_clock import in_reference_deals, reference_deal_cpu
    r = shipped_ruleset(ruleset)
    for name in names:
        list(self_play(r, name, 1, 40_000 - 1))  # (a warm-up game: the caches of the ruleset filled)
        per_deal = reference_deal_cpu()  # (before and after the games: the faster counts)
        start = time.process_time()
        deals = sum(len(game.deals) for game in self_play(r, name, games, 40_000))
        took = time.process_time() - start
        per_deal = min(per_deal, reference_deal_cpu())
        print(f"{name}: {took / games * 1000:.1f} ms CPU a game ({games} games, {deals} deals, "
              f"{took / deals * 1000:.1f} ms a deal)")
        print(f"{name}: a game = {in_reference_deals(took / games, per_deal)}")


#: (what, file name, function name) of the functions --profile reports, in that order
PROFILED = (
    ("decision: call", "styles.py", "call"), ("decision: bid", "styles.py", "bid"),
    ("decision: undertake", "styles.py", "undertake"), ("decision: claim", "styles.py", "claim"),
    ("decision: card play", "heuristic.py", "play"),
    ("  what a seat knows (Knowledge)", "knowledge.py", "__init__"),
    ("  sampling deals", "worlds.py", "sample_world"),
    ("  building them as games", "worlds.py", "replay"),
    ("    of which replayed", "worlds.py", "_replay_from"),
    ("  playing them out", "worlds.py", "playout"),
    ("  copying games", "state.py", "clone"),
    ("engine: apply", "state.py", "apply"), ("engine: views", "state.py", "view"),
)


def profile(ruleset: str, games: int, names: list[str]) -> None:
    import cProfile
    import pstats

    r = shipped_ruleset(ruleset)
    for name in names:
        run_once = cProfile.Profile()
        run_once.runcall(lambda: list(self_play(r, name, games, 30_000)))
        loaded = pstats.Stats(run_once)
        total = loaded.total_tt
        stats = loaded.stats  # (file, line, function) -> (calls, ..., cumulative, callers)
        print(f"{name}: {total / games * 1000:.0f} ms a game under the profiler ({games} games); cumulative shares:")
        for label, file, func in PROFILED:
            hits = [(v[0], v[3]) for (f, _, fn), v in stats.items() if fn == func and f.endswith("/" + file)]
            if hits:
                calls, cum = sum(h[0] for h in hits), sum(h[1] for h in hits)
                print(f"    {cum / total:6.1%}  {label} ({calls} calls, {cum / calls * 1e6:.0f} us each)")


def report(label: str, wins: int, games: int, deals: int, took: float, target: float) -> None:
    lo, hi = wilson(wins, games)
    rate = wins / games if games else 0.0
    mark = "meets" if rate >= target else "below"
    print(f"{label}: {wins}/{games} games won = {rate:.1%} (95% CI {lo:.1%}-{hi:.1%}); {deals} deals in {took:.0f} s; "
          f"target {target:.0%}: {mark}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ruleset", default="standard")
    ap.add_argument("--games", type=int, default=200, help="games of each match against random and heuristic")
    ap.add_argument("--mc-games", type=int, default=40, help="Monte Carlo vs typical games")
    ap.add_argument("--samples", type=int, default=12, help="Monte Carlo samples per decision")
    ap.add_argument("--playouts", type=int, default=1, help="Monte Carlo playouts per sample and card")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bytecodes", action="store_true", help="count bytecodes of self-play games instead")
    ap.add_argument("--bots", default="heuristic,typical", help="bots to count with --bytecodes or --profile")
    ap.add_argument("--cpu", action="store_true", help="CPU time a self-play game instead")
    ap.add_argument("--profile", action="store_true", help="where the time of self-play games goes instead")
    ap.add_argument("--deals", type=int, default=0, help="first deals of this many seeds, each from both sides, "
                    "instead (--bots: the two bots, default typical,heuristic)")
    args = ap.parse_args()
    if args.deals:
        a, b = (args.bots if args.bots != ap.get_default("bots") else "typical,heuristic").split(",")
        with ProcessPoolExecutor(args.workers) as pool:
            return duplicate_deals(pool, args.ruleset, args.deals, a, b, args.seed)
    if args.bytecodes:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        return bytecodes(args.ruleset, args.games, args.bots.split(","))
    if args.cpu:
        return cpu(args.ruleset, args.games, args.bots.split(","))
    if args.profile:
        return profile(args.ruleset, args.games, args.bots.split(","))

    print(f"ruleset {args.ruleset}; Monte Carlo budget: {args.samples} samples x {args.playouts} playout(s)")
    print(f"heuristic: {speed(args.ruleset, 5):.0f} decisions/s (all decisions of self-play)")
    print(f"typical: {speed(args.ruleset, 5, 'typical'):.0f} decisions/s (all decisions of self-play)")
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        wins, deals, took, _ = match(pool, args.ruleset, args.games, "typical", {}, "random", {}, args.seed)
        report("typical vs random", wins, args.games, deals, took, 0.90)
        wins, deals, took, _ = match(pool, args.ruleset, args.games, "typical", {}, "heuristic", {}, args.seed)
        report("typical vs heuristic", wins, args.games, deals, took, 0.55)
        wins, deals, took, _ = match(pool, args.ruleset, args.games, "heuristic", {}, "random", {}, args.seed)
        report("heuristic vs random", wins, args.games, deals, took, 0.75)
        quiet = {"speak": 0.05}  # a random player that seldom calls, undertakes or claims
        wins, deals, took, _ = match(pool, args.ruleset, args.games, "heuristic", {}, "random", quiet, args.seed)
        report("heuristic vs random (speak 0.05)", wins, args.games, deals, took, 0.75)
        mc = {"samples": args.samples, "playouts": args.playouts}
        wins, deals, took, (n, spent) = match(pool, args.ruleset, args.mc_games, "montecarlo", mc, "typical", {},
                                              args.seed + 100_000)
        if n:
            print(f"montecarlo: {n / spent:.1f} searched decisions/s ({n} card choices searched)")
        report("montecarlo vs typical", wins, args.mc_games, deals, took, 0.5)
    finally:
        if pool:
            pool.shutdown()


if __name__ == "__main__":
    main()
