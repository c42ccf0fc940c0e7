#!/usr/bin/env python3
"""The double-dummy solver's speed: a whole deal of `standard` solved from the first lead.

    python benchmarks/bench_solver.py [--deals N] [--objective tricks|points|balls] [--seed S] [--ruleset R] [--general]
    python benchmarks/bench_solver.py --duel expert,montecarlo [--deals N] [--deals-per-seed K] [--ruleset R] [--progress]
    python benchmarks/bench_solver.py --hints [--deals N] [--seed S]
    python benchmarks/bench_solver.py --bids [--ruleset 304] [--deals N] [--seed S]

Each deal is a seeded game's first deal, played up to the first lead with every window passed and the
first legal choice otherwise (the trump made by the first choice); the solver (a new one each deal, so
nothing is carried over) finds the value the team to lead can force, without the line: the tricks, then the
count (the ruleset's first team value), unless `--objective` names one. Printed for each: the
median and the 99th percentile of the wall time per deal (and of the CPU time: the same on a quiet machine,
less where other work shares it), the nodes searched, and which build ran (pure Python, or the compiled
modules of build_accel.py). `--general` solves with the general search alone (players/solver.py: every node
played on the deal itself), not handing the plain rest of a deal to players/plain_search.py: the two figures
side by side show what the search on integers brings.

`--duel A,B` is a duplicate match instead (any ruleset: `--ruleset`): N seeds, each played twice with the same
cards dealt (A holding seats 0 and 2, then 1 and 3; B the others), the whole game or its first K deals
(`--deals-per-seed K`); a bot may be given options (`expert/solve_tricks=3`); a seed is won by A when A's balls less B's, summed over both sides, are above 0 (lost
below, level at 0). Printed: won, lost, level, with the Wilson 95% interval of the decided; the seeds level
in balls decided by the card points (or tricks, where cards are worth nothing) taken, the same way; the games won by each side where the games
ended; A's seconds per decision with a choice (median, 99th percentile). Its cost:
pure Python, a whole game of `standard` between `expert` and `montecarlo` takes minutes a seed.

`--hints` times the hint (players/hint.py: the `expert` bot's choice from the seat's view, and its words)
at every card with more than one legal of the first deal of N seeds played by `typical` bots: the median
and 99th percentile, apart for the cards the expert solves (its last `solve_tricks` tricks) and the earlier
ones (played out as `montecarlo` does).

`--bids` times the review's weighing of the winning bid or call (simulation/review.py: the contract solved from
the decision it was said, within `review.CONTRACT_NODES`) on the first deal played (not thrown in) of N seeds by `typical` bots,
the bid alone reviewed (no card weighed): how many were weighed and how many said not weighed (beyond the limit), and the seconds a
deal. For 304 the contract and its stones are steps of the makers' card points (players/score_steps.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "players"))

from thunee_dsl import load_ruleset  # noqa: E402
from thunee_dsl.game import GameState  # noqa: E402
from thunee_dsl.players.solver import Solver  # noqa: E402
from solver_positions import first_lead  # noqa: E402  (tests/players: the same positions the tests solve)


def percentile(values, q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def bot_of(spec: str, ruleset, seed: int):
    """A bot from ``name`` or ``name/option=value/...`` (whole numbers: ``expert/solve_tricks=4``)."""
    from thunee_dsl.players import make_bot
    name, *options = spec.split("/")
    return make_bot(name, ruleset, seed=seed, **{k: int(v) for k, v in (o.split("=", 1) for o in options)})


def duel_side(ruleset, names: list[str], seed: int, side: int, deals_per_seed: int | None, times: list) -> tuple[float, int]:
    """One half of a duplicate seed: ``names[0]`` in the seats ``s`` with ``(s + side) % 2 == 0``, ``names[1]``
    in the others; the whole game (or its first ``deals_per_seed`` deals). A's balls less B's (each team
    counted by whose seats hold it, summed over the deals played), whether A's side won the game (1, -1, 0:
    not over or level) and A's card points less B's (or tricks, where cards are worth none: the deal's
    result); A's seconds at each decision with more than one legal action go into ``times``."""
    game = GameState(ruleset, seed=seed, dealer=seed % ruleset.seats)
    bots = [bot_of(names[(s + side) % 2], ruleset, seed * 10 + s) for s in range(ruleset.seats)]
    a_team = [False] * ruleset.teams
    for s in range(ruleset.seats):
        if (s + side) % 2 == 0:
            a_team[ruleset.team_of(s)] = True  # (seats of one team sit two apart: one bot holds them all)
    k = deals_per_seed

    def done() -> bool:
        return game.is_over or (k is not None and len(game.deals) >= k and game.deals[k - 1].result is not None)

    while not done():
        seat = game.to_act
        legal = game.legal_actions()
        start = time.perf_counter()
        action = bots[seat].choose(game.view(seat))
        if len(legal) > 1 and (seat + side) % 2 == 0:  # (A's decisions with a choice: its cost)
            times.append(time.perf_counter() - start)
        game.apply(action)
    margin = points = 0.0
    for record in game.deals[:k]:
        result = record.result
        if result is not None:
            taken = result.card_points if ruleset.deck.total_points else result.tricks  # (cards worth nothing: tricks)
            for team, balls in enumerate(result.balls):
                margin += balls if a_team[team] else -balls
                if taken:
                    points += taken[team] if a_team[team] else -taken[team]
    won = 0
    if game.is_over and game.winner is not None:
        won = 1 if a_team[game.winner] else -1
    return margin, won, points


def duel(ruleset, names: list[str], seeds: int, first_seed: int, progress: bool = False,
         deals_per_seed: int | None = None) -> None:
    """A duplicate match: every seed played from both sides (the same cards dealt); a seed is won by A when
    A's balls less B's, summed over both sides, are above 0 (lost below, level at 0)."""
    from thunee_dsl.simulation.stats import wilson
    wins = losses = games_won = games_lost = 0
    level_won = level_lost = 0  # seeds level in balls, decided by the card points (or tricks)
    times: list[float] = []
    began = time.perf_counter()
    for seed in range(first_seed, first_seed + seeds):
        margin, games, points = 0.0, 0, 0.0
        for side in (0, 1):
            m, g, p = duel_side(ruleset, names, seed, side, deals_per_seed, times)
            margin += m
            games += g
            points += p
        wins += margin > 0
        losses += margin < 0
        level_won += margin == 0 and points > 0
        level_lost += margin == 0 and points < 0
        games_won += games > 0
        games_lost += games < 0
        if progress:
            print(f"  seed {seed}: {margin:+g} balls, {points:+g} card points ({wins} won, {losses} lost so far; "
                  f"{statistics.median(times) * 1000 if times else 0:.0f} ms a decision, median; "
                  f"{time.perf_counter() - began:.0f} s)", flush=True)
    what = "whole games" if deals_per_seed is None else f"the first {deals_per_seed} deal(s)"
    print(f"{names[0]} against {names[1]}, {ruleset.name}, {seeds} seeds from both sides ({what}), "
          f"{time.perf_counter() - began:.0f} s:")
    est = wilson(wins, wins + losses)
    line = f"  balls: {wins} won, {losses} lost, {seeds - wins - losses} level"
    if est.value is not None:
        line += f"; {est.value:.1%} of the decided (Wilson 95% {est.low:.1%}-{est.high:.1%})"
    print(line)
    if level_won + level_lost:
        c = wilson(level_won, level_won + level_lost)
        print(f"  the seeds level in balls, by the card points (or tricks) taken: {level_won} won, {level_lost} lost; "
              f"{c.value:.1%} (Wilson 95% {c.low:.1%}-{c.high:.1%})")
    if games_won + games_lost:
        g = wilson(games_won, games_won + games_lost)
        print(f"  games (both sides of a seed together): {games_won} won, {games_lost} lost, "
              f"{seeds - games_won - games_lost} level; {g.value:.1%} (Wilson 95% {g.low:.1%}-{g.high:.1%})")
    if times:
        print(f"  {names[0]}: {len(times)} decisions with a choice, median {statistics.median(times) * 1000:.0f} ms, "
              f"99th percentile {percentile(times, 0.99) * 1000:.0f} ms")


def hints(ruleset, deals: int, first_seed: int) -> None:
    from thunee_dsl.players import decide, make_bot
    from thunee_dsl.players.expert import ExpertBot
    from thunee_dsl.players.hint import hint
    solve_tricks = ExpertBot(ruleset).solve_tricks
    solved, earlier = [], []  # (wall time, CPU time) of each hint
    for seed in range(first_seed, first_seed + deals):
        game = GameState(ruleset, seed=seed)
        bot = make_bot("typical", ruleset, seed=seed)
        while len(game.deals) == 1 and not game.is_over:
            deal = game.deal
            if deal.is_play_turn() and len(game.legal_actions()) > 1:
                start, start_cpu = time.perf_counter(), time.process_time()
                hint(game, game.to_act, seed=seed)
                spent = (time.perf_counter() - start, time.process_time() - start_cpu)
                (solved if ruleset.tricks_per_deal - len(deal.tricks) <= solve_tricks else earlier).append(spent)
            game.apply(decide(bot, game))
    for words, spent in (("solved (the last tricks)", solved), ("earlier (played out)", earlier)):
        if spent:
            times, cpu = [w for w, _ in spent], [c for _, c in spent]
            print(f"  hint, {words}: {len(times)} cards, median {statistics.median(times) * 1000:.0f} ms, "
                  f"99th percentile {percentile(times, 0.99) * 1000:.0f} ms, the slowest {max(times) * 1000:.0f} ms "
                  f"(CPU time: median {statistics.median(cpu) * 1000:.0f} ms, 99th percentile "
                  f"{percentile(cpu, 0.99) * 1000:.0f} ms, the slowest {max(cpu) * 1000:.0f} ms)")


def bids(ruleset, deals: int, first_seed: int) -> None:
    from thunee_dsl.players import decide, make_bot
    from thunee_dsl.simulation.review import _winning_contract, review_deal
    weighed, beyond, none, times = 0, 0, 0, []
    for seed in range(first_seed, first_seed + deals):
        game = GameState(ruleset, seed=seed)
        bots = [make_bot("typical", ruleset, seed=seed * 10 + s) for s in range(ruleset.seats)]
        while not game.deals or game.deals[-1].result is None or game.deals[-1].result.cancelled:
            game.apply(decide(bots[game.to_act], game))  # (to the first deal played: one thrown in is dealt again)
        record = game.deals[-1]
        if _winning_contract(ruleset, record) is None:
            none += 1
            continue
        start = time.process_time()
        review = review_deal(ruleset, record, 1, None, from_trick=len(record.result.deal.tricks) + 1)  # (no card weighed)
        times.append(time.process_time() - start)
        beyond += bool(review.not_weighed)
        weighed += not review.not_weighed
    print(f"  {weighed} weighed, {beyond} not weighed (beyond the limit), {none} with no contract to weigh")
    if times:
        print(f"  a deal's review: median {statistics.median(times):.2f} s, the slowest {max(times):.2f} s (CPU time)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--objective", default=None, choices=("tricks", "points", "balls"),
                        help="one objective (default: tricks, then points)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--duel", default=None, metavar="A,B")
    parser.add_argument("--progress", action="store_true", help="with --duel: a line after each seed")
    parser.add_argument("--deals-per-seed", type=int, default=None, metavar="K",
                        help="with --duel: play each seed's first K deals (default: the whole game)")
    parser.add_argument("--hints", action="store_true", help="time the hint at each card of N deals instead")
    parser.add_argument("--bids", action="store_true",
                        help="time the review's weighing of the winning bid or call on N deals instead")
    parser.add_argument("--general", action="store_true",
                        help="the solver's general search alone (no search of the plain rest on integers)")
    args = parser.parse_args(argv)
    ruleset = load_ruleset(args.ruleset)
    if args.duel:
        duel(ruleset, args.duel.split(","), args.deals, args.seed, args.progress, args.deals_per_seed)
        return 0
    if args.hints:
        print(f"{args.ruleset}, the hint's time at each card, {args.deals} deals "
              f"({'compiled' if not isinstance(Solver._search, types.FunctionType) else 'pure Python'}):")
        hints(ruleset, args.deals, args.seed)
        return 0
    compiled = not isinstance(Solver._search, types.FunctionType)  # (a compiled module keeps its .py __file__)
    if args.bids:
        print(f"{args.ruleset}, the winning bid or call weighed where it was said, {args.deals} deals "
              f"({'compiled' if compiled else 'pure Python'}):")
        bids(ruleset, args.deals, args.seed)
        return 0
    games = [first_lead(ruleset, seed) for seed in range(args.seed, args.seed + args.deals)]
    for objective in [args.objective] if args.objective else ["tricks", "points"]:
        times, cpu, nodes = [], [], []
        for game in games:
            solver = Solver(ruleset, objective, plain=not args.general)
            start, start_cpu = time.perf_counter(), time.process_time()
            solution = solver.solve(game, line=False)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            nodes.append(solution.nodes)
        print(f"{args.ruleset}, {objective}, {args.deals} whole deals from the first lead "
              f"({'compiled' if compiled else 'pure Python'}{', the general search alone' if args.general else ''}):")
        print(f"  median {statistics.median(times) * 1000:.1f} ms, 99th percentile "
              f"{percentile(times, 0.99) * 1000:.1f} ms (CPU time: median {statistics.median(cpu) * 1000:.1f} ms, "
              f"99th percentile {percentile(cpu, 0.99) * 1000:.1f} ms)")
        print(f"  nodes: median {statistics.median(nodes):.0f}, most {max(nodes)}; "
              f"{sum(times) / sum(nodes) * 1e9:.0f} ns a node")
    return 0


if __name__ == "__main__":
    sys.exit(main())
