"""Positions near a deal's end for the solver's tests and its check script: seeded games of random bots,
stopped with a few tricks left, and plain minimax over the game's own legal actions and copies (no table,
no equivalent cards, no ordering: the statement the solver must agree with)."""

from __future__ import annotations

import random

from thunee_dsl.game import GameState
from thunee_dsl.game.deal import NOT_LEGAL
from thunee_dsl.players import decide, make_bot


def end_positions(ruleset, seed: int, tricks_left: int, count: int):
    """Up to ``count`` positions (deals) with at most ``tricks_left`` tricks to play, from seeded games."""
    rng = random.Random(seed)
    found = 0
    game_seed = seed * 1000
    while found < count:
        game_seed += 1
        game = GameState(ruleset, seed=game_seed)
        bots = [make_bot("random", ruleset, seed=game_seed * 10 + s) for s in range(ruleset.seats)]
        start_deals = len(game.deals)
        steps = 0
        while not game.is_over and len(game.deals) <= start_deals + 3 and steps < 5000:
            steps += 1
            deal = game.deal
            left = deal.n_tricks - len(deal.tricks)
            if not deal.over and left <= tricks_left and deal.to_act is not None and rng.random() < 0.5:
                yield deal.clone()
                found += 1
                if found >= count:
                    return
                # one position from each deal: on to the next one
                while game.deal is deal and not game.is_over:
                    game.apply(decide(bots[game.to_act], game))
                continue
            game.apply(decide(bots[game.to_act], game))


def first_lead(ruleset, seed: int) -> GameState:
    """A seeded game's first deal at its first lead: every window passed, the first legal choice otherwise (the
    trump made by the first choice). benchmarks/bench_solver.py times whole deals from here."""
    game = GameState(ruleset, seed=seed)
    while not game.deal.is_play_turn():
        legal = game.legal_actions()
        passes = [a for a in legal if a.verb == "pass"]
        game.apply(passes[0] if passes else legal[0])
    return game


def choices(deal, windows: str):
    legal = deal.legal_actions()
    if deal.window is not None and windows == "pass":
        passes = [a for a in legal if a.verb == "pass"]
        if passes:
            return passes
    return list(legal)


def minimax(deal, team: int, objective, windows: str = "pass") -> float:
    """The value ``team`` can force: every action tried on a copy, the side to act maximising or minimising."""
    if deal.over:
        return objective.value(deal, team)
    values = []
    for action in choices(deal, windows):
        child = deal.clone()
        assert child.apply_if_legal(action) != NOT_LEGAL
        values.append(minimax(child, team, objective, windows))
    return max(values) if deal.team_of[deal.to_act] == team else min(values)


def played_out(deal, line, team: int, objective) -> float:
    """The value at the end of ``line`` played on a copy of ``deal`` (every action legal in its turn)."""
    deal = deal.clone()
    for action in line:
        assert deal.apply_if_legal(action) != NOT_LEGAL, f"{action} is not legal in the line"
    assert deal.over, "the line stops before the deal's end"
    return objective.value(deal, team)
