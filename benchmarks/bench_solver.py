#!/usr/bin/env python3
"""The double-dummy solver's speed: a whole deal of `standard` solved from the first lead.

    python benchmarks/bench_solver.py [--deals N] [--objective tricks|points|balls] [--seed S] [--ruleset R]
    python benchmarks/bench_solver.py --duel expert,montecarlo [--deals N] [--seed S]
    python benchmarks/bench_solver.py --hints [--deals N] [--seed S]

Each deal is a seeded game's first deal, played up to the first lead with every window passed and the
first legal choice otherwise (the trump made by the first choice); the solver (a new one each deal, so
nothing is carried over) finds the value the team to lead can force, without the line: the tricks, then the
count (the ruleset's first team value), unless `--objective` names one. Printed for each: the
median and the 99th percentile of the wall time per deal, the nodes searched, and which build ran (pure
Python, or the compiled modules of build_accel.py).

`--duel A,B` is a duplicate match instead: the first deal of N seeds, played twice (A's team holding seats 0
and 2, then 1 and 3; B the others), the balls A's team opened less B's summed over the two; a seed is a win
for A when that is above 0, a loss below (equal seeds are left out), with its Wilson 95% interval, and A's
time per decision it searched (a card with more than one legal).

`--hints` times the hint (players/hint.py: the `expert` bot's choice from the seat's view, and its words)
at every card with more than one legal of the first deal of N seeds played by `typical` bots: the median
and 99th percentile, apart for the cards the expert solves (its last `solve_tricks` tricks) and the earlier
ones (played out as `montecarlo` does).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from thunee_dsl import load_ruleset  # noqa: E402
from thunee_dsl.game import GameState  # noqa: E402
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


def duel(ruleset, names: list[str], deals: int, first_seed: int, progress: bool = False) -> None:
    from thunee_dsl.players import make_bot
    from thunee_dsl.simulation.stats import wilson
    wins = losses = 0
    spent, searched = 0.0, 0
    for seed in range(first_seed, first_seed + deals):
        margin = 0
        for side in (0, 1):
            game = GameState(ruleset, seed=seed, dealer=seed % ruleset.seats)
            bots = [make_bot(names[(s + side) % 2], ruleset, seed=seed * 10 + s) for s in range(ruleset.seats)]
            while len(game.deals) == 1 and not game.is_over:
                seat = game.to_act
                legal = game.legal_actions()
                timed = bots[seat].name == names[0] and len(legal) > 1 and legal[0].verb == "play"
                start = time.perf_counter()
                action = bots[seat].choose(game.view(seat))
                if timed:
                    spent += time.perf_counter() - start
                    searched += 1
                game.apply(action)
            balls = game.deals[0].result.balls
            team_a = side % 2  # A sits in seats side, side + 2: team side (team_of is seat % 2)
            margin += balls[team_a] - balls[1 - team_a]
        wins += margin > 0
        losses += margin < 0
        if progress:
            print(f"  seed {seed}: {margin:+d} ({wins} won, {losses} lost so far; "
                  f"{spent / max(1, searched) * 1000:.0f} ms a searched card)", flush=True)
    est = wilson(wins, wins + losses)
    if est.value is None:
        print(f"{names[0]} against {names[1]}: {deals} seeds, every one level")
        return
    print(f"{names[0]} against {names[1]}, {deals} seeds of {ruleset.name} from both sides: {wins} won, "
          f"{losses} lost, {deals - wins - losses} level; {est.value:.1%} of the decided "
          f"(95% CI {est.low:.1%}-{est.high:.1%}); {names[0]}: {spent / max(1, searched) * 1000:.0f} ms a searched card "
          f"({searched})")


def hints(ruleset, deals: int, first_seed: int) -> None:
    from thunee_dsl.players import decide, make_bot
    from thunee_dsl.players.expert import ExpertBot
    from thunee_dsl.players.hint import hint
    solve_tricks = ExpertBot(ruleset).solve_tricks
    solved, earlier = [], []
    for seed in range(first_seed, first_seed + deals):
        game = GameState(ruleset, seed=seed)
        bot = make_bot("typical", ruleset, seed=seed)
        while len(game.deals) == 1 and not game.is_over:
            deal = game.deal
            if deal.is_play_turn() and len(game.legal_actions()) > 1:
                start = time.perf_counter()
                hint(game, game.to_act, seed=seed)
                spent = time.perf_counter() - start
                (solved if ruleset.tricks_per_deal - len(deal.tricks) <= solve_tricks else earlier).append(spent)
            game.apply(decide(bot, game))
    for words, times in (("solved (the last tricks)", solved), ("earlier (played out)", earlier)):
        if times:
            print(f"  hint, {words}: {len(times)} cards, median {statistics.median(times) * 1000:.0f} ms, "
                  f"99th percentile {percentile(times, 0.99) * 1000:.0f} ms")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--objective", default=None, choices=("tricks", "points", "balls"),
                        help="one objective (default: tricks, then points)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--duel", default=None, metavar="A,B")
    parser.add_argument("--progress", action="store_true", help="with --duel: a line after each seed")
    parser.add_argument("--hints", action="store_true", help="time the hint at each card of N deals instead")
    args = parser.parse_args(argv)
    ruleset = load_ruleset(args.ruleset)
    if args.duel:
        duel(ruleset, args.duel.split(","), args.deals, args.seed, args.progress)
        return 0
    if args.hints:
        print(f"{args.ruleset}, the hint's time at each card, {args.deals} deals "
              f"({'compiled' if not isinstance(Solver._search, types.FunctionType) else 'pure Python'}):")
        hints(ruleset, args.deals, args.seed)
        return 0
    compiled = not isinstance(Solver._search, types.FunctionType)  # (a compiled module keeps its .py __file__)
    games = [first_lead(ruleset, seed) for seed in range(args.seed, args.seed + args.deals)]
    for objective in [args.objective] if args.objective else ["tricks", "points"]:
        times, nodes = [], []
        for game in games:
            solver = Solver(ruleset, objective)
            start = time.perf_counter()
            solution = solver.solve(game, line=False)
            times.append(time.perf_counter() - start)
            nodes.append(solution.nodes)
        print(f"{args.ruleset}, {objective}, {args.deals} whole deals from the first lead "
              f"({'compiled' if compiled else 'pure Python'}):")
        print(f"  median {statistics.median(times) * 1000:.0f} ms, 99th percentile "
              f"{percentile(times, 0.99) * 1000:.0f} ms")
        print(f"  nodes: median {statistics.median(nodes):.0f}, most {max(nodes)}; "
              f"{sum(times) / sum(nodes) * 1e6:.0f} us a node")
    return 0


if __name__ == "__main__":
    sys.exit(main())
