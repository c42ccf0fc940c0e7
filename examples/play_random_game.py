#!/usr/bin/env python3
"""Play one game of a ruleset with random bots and print each deal's score, explained.

    python examples/play_random_game.py [RULESET] [SEED]
"""

import sys

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import RandomBot


def main(name: str = "standard", seed: int = 1) -> None:
    rules = load_ruleset(name)
    game = GameState(rules, seed=seed)
    # bots see only their own seat's view; speak=0.1: optional calls are made one time in ten
    bots = [RandomBot(seed=seed * 10 + s, speak=0.1) for s in range(rules.seats)]
    while not game.is_over:
        seat = game.to_act
        game.apply(bots[seat].choose(game.view(seat)))
    for number, result in enumerate(game.results, 1):
        print(f"deal {number}: dealer seat {result.dealer}, balls {list(result.balls)}")
        for line in result.explanation:
            print(f"    {line}")
    print(f"team {game.winner} wins {'-'.join(map(str, game.score))} after {len(game.deals)} deals")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "standard", int(sys.argv[2]) if len(sys.argv) > 2 else 1)
