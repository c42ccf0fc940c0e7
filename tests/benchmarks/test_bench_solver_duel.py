"""benchmarks/bench_solver.py --duel: a duplicate match (every seed from both sides, the same cards dealt),
scored in balls over whole games or their first K deals, on any ruleset."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from thunee_dsl import shipped_ruleset

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "bench_solver.py"


def bench():
    spec = importlib.util.spec_from_file_location("bench_solver", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name,deals", [("standard", 2), ("oh-hell", 2), ("whist", 2)])
def test_a_side_seen_from_the_other_bot_is_the_same_game_the_other_way_round(name, deals):
    """B in A's seats and A in B's (the other side of a seed) is the game where A sits where B sat: the
    same cards dealt, the same bots in the same seats, so A's margin there is B's margin here."""
    b = bench()
    r = shipped_ruleset(name)
    margins = []
    for seed in range(3):
        here = b.duel_side(r, ["typical", "random"], seed, 0, deals, [])
        there = b.duel_side(r, ["random", "typical"], seed, 1, deals, [])
        assert here == tuple(-x for x in there)
        margins.append(here[0])
    assert sum(margins) > 0, margins  # (typical against random: more balls over these deals)


def test_the_margin_is_the_balls_of_the_deals_played():
    """Two deals of standard: A's balls and card points less B's, read from each deal's result (added up here)."""
    b = bench()
    r = shipped_ruleset("standard")
    margin, won, points = b.duel_side(r, ["typical", "heuristic"], 5, 0, 2, times := [])
    from thunee_dsl.game import GameState
    game = GameState(r, seed=5, dealer=5 % r.seats)
    bots = [b.bot_of(["typical", "heuristic"][s % 2], r, 50 + s) for s in range(r.seats)]
    while len(game.deals) < 2 or game.deals[1].result is None:
        game.apply(bots[game.to_act].choose(game.view(game.to_act)))
    balls = [sum(d.result.balls[t] for d in game.deals[:2]) for t in (0, 1)]
    cards = [sum(d.result.card_points[t] for d in game.deals[:2]) for t in (0, 1)]
    assert margin == balls[0] - balls[1] and points == cards[0] - cards[1] and won == 0 and times


def test_level_seeds_are_told_apart_by_tricks_where_cards_are_worth_nothing():
    b = bench()
    r = shipped_ruleset("whist")
    margin, won, tricks = b.duel_side(r, ["typical", "random"], 2, 0, 1, [])
    game = b.GameState(r, seed=2, dealer=2 % r.seats)
    bots = [b.bot_of(["typical", "random"][s % 2], r, 20 + s) for s in range(r.seats)]
    while game.deals[0].result is None:
        game.apply(bots[game.to_act].choose(game.view(game.to_act)))
    taken = game.deals[0].result.tricks
    assert tricks == taken[0] - taken[1] and sum(taken) == r.tricks_per_deal


def test_bot_options():
    b = bench()
    bot = b.bot_of("expert/solve_tricks=2/solve_samples=3", shipped_ruleset("standard"), 1)
    assert (bot.name, bot.solve_tricks, bot.solve_samples) == ("expert", 2, 3)


def test_prints_won_lost_level_with_wilson_and_the_cost():
    done = subprocess.run([sys.executable, str(SCRIPT), "--duel", "typical,random", "--ruleset", "oh-hell",
                           "--deals", "3", "--deals-per-seed", "1"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "typical against random, oh-hell, 3 seeds from both sides (the first 1 deal(s))" in out
    assert re.search(r"balls: \d won, \d lost, \d level; [\d.]+% of the decided \(Wilson 95% [\d.]+%-[\d.]+%\)", out)
    assert re.search(r"typical: \d+ decisions with a choice, median \d+ ms, 99th percentile \d+ ms", out)
