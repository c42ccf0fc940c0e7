"""The ``expert`` bot: registered, legal, and it does not peek (equal views, equal choices, while the hidden
hands differ: the twin games of test_no_peeking.py), at the cards it solves double dummy."""

from __future__ import annotations

import random

import pytest

from test_no_peeking import play_prefix, twin
from thunee_dsl import shipped_ruleset
from thunee_dsl.players import BOTS, make_bot


def twins(r, seed: int, lengths, wanted):
    """(game, twin game, watcher) of games of the first deal stopped after each of ``lengths`` actions where
    ``wanted(view)`` holds and a twin exists (the same view for the seat to act, other hidden hands)."""
    rng = random.Random(seed)
    for n_actions in lengths:
        game, actions = play_prefix(r, seed, n_actions)
        if game.is_over or len(game.deals) != 1 or len(actions) < n_actions:
            return
        watcher = game.to_act
        view = game.view(watcher)
        if len(view.legal) < 2 or not wanted(view):
            continue
        found = twin(r, game, actions, watcher, rng)
        if found is not None:
            other = found[0]
            assert other.deals[-1].hands != game.deals[-1].hands  # the hidden cards differ
            yield game, other, watcher


def test_registered():
    assert "expert" in BOTS
    bot = make_bot("expert", shipped_ruleset("standard"), seed=1, solve_samples=3)
    assert bot.name == "expert" and bot.solve_samples == 3


@pytest.mark.parametrize("name,seed", [("standard", 0), ("standard", 3), ("six-player", 1)])
def test_equal_views_give_equal_solved_choices(name, seed):
    r = shipped_ruleset(name)
    checked = 0
    late_card = lambda view: view.legal[0].verb == "play" and r.tricks_per_deal - len(view.tricks) <= 3  # noqa: E731
    for game, other, watcher in twins(r, seed, range(20, 80), late_card):
        view = game.view(watcher)
        a_bot, b_bot = make_bot("expert", r, seed=7, solve_samples=4), make_bot("expert", r, seed=7, solve_samples=4)
        a, b = a_bot.choose(view), b_bot.choose(other.view(watcher))
        assert a_bot.last_search is not None and "solved" in a_bot.last_search  # solved, not the style's card
        assert a == b and a_bot.last_search == b_bot.last_search, f"expert chose {a} and {b}"
        checked += 1
    assert checked >= 2


def test_plays_a_deal_legally():
    """Every seat an expert (the last three tricks solved, earlier cards as the Monte Carlo bot), through
    the first deal of standard."""
    r = shipped_ruleset("standard")
    from thunee_dsl.game import GameState
    game = GameState(r, seed=5)
    bots = [make_bot("expert", r, seed=s, solve_samples=3, samples=3) for s in range(4)]
    while len(game.deals) == 1 and not game.is_over:
        view = game.view(game.to_act)
        action = bots[game.to_act].choose(view)
        assert action in view.legal
        game.apply(action)
    assert game.deals[0].result is not None


def test_the_hint_does_not_peek():
    """hint(game, seat) reads the seat's view alone: in twin games (the hidden hands differ, the view is the
    same) it gives the same action and the same words, card play solved and announcements alike."""
    from thunee_dsl.players.hint import hint
    r = shipped_ruleset("standard")
    checked = solved = 0
    for game, other, watcher in twins(r, 4, range(6, 60, 4), lambda view: True):
        a, b = hint(game, watcher, samples=3), hint(other, watcher, samples=3)
        assert a == b and a.action in game.legal_actions() and a.reason
        solved += "solved with every card placed" in a.reason
        checked += 1
    assert checked >= 3 and solved >= 1


@pytest.mark.parametrize("name", ["standard", "royals", "euchre", "oh-hell"])
def test_the_worth_solved_is_the_monte_carlo_bots(name):
    """The expert's objective (expert.worth) is the Monte Carlo bot's utility of the finished deal in whole
    units: at the end of the solved line it reads back, divided by its scale, as worlds.utility of the
    deal's scoring; and the solver's value of it equals plain minimax's (end positions of 2 tricks)."""
    from solver_positions import end_positions, minimax
    from thunee_dsl.game.scoring import score_deal
    from thunee_dsl.players.expert import worth
    from thunee_dsl.players.solver import Solver
    from thunee_dsl.players.worlds import utility
    checked = 0
    for deal in end_positions(shipped_ruleset(name), seed=3, tricks_left=2, count=4):
        r = deal.r  # (a ruleset of hand sizes by deal: this deal's size, as the bot reads it)
        objective, scale = worth(r)
        team = deal.team_of[deal.to_act]
        solution = Solver(r, objective).solve(deal, team)
        assert solution.value == minimax(deal, team, objective), name
        end = deal.clone()
        for action in solution.line:
            end.apply_if_legal(action)
        assert end.over
        assert solution.value / scale == pytest.approx(utility(score_deal(end), team, r)), name
        checked += 1
    assert checked >= 2


def test_a_weighed_announcement_is_told_with_what_each_choice_brought():
    # Oh Hell's bid is weighed by the table style over the deals the seat could be facing: the hint says what
    # the chosen bid brought on average and what the others did, in points (the game's unit), never balls
    from thunee_dsl import shipped_ruleset
    from thunee_dsl.game import GameState
    from thunee_dsl.players.hint import hint
    rules = shipped_ruleset("oh-hell")
    told = 0
    for seed in range(1, 6):
        game = GameState(rules, seed=seed)
        h = hint(game, game.to_act, samples=4)
        assert h.action in game.legal_actions() and h.action.verb == "bid"
        if "deals you could be facing (played out)" in h.reason:
            told += 1
            assert f"bid {h.action.arg} brings" in h.reason and "points on average" in h.reason
            assert "ball" not in h.reason
    assert told >= 3


def test_every_hint_of_a_game_not_in_balls_says_its_own_unit():
    # Euchre's order-up and its cards: whatever the hint weighed (a choice the style did not weigh included,
    # "what a typical player would choose here"), it is said in points, never balls
    from thunee_dsl.game import GameState
    from thunee_dsl.players import decide
    from thunee_dsl.players.hint import hint
    rules = shipped_ruleset("euchre")
    bot = make_bot("typical", rules, seed=3)
    reasons = set()
    for seed in (1, 2):
        game = GameState(rules, seed=seed)
        while len(game.deals) == 1 and not game.is_over:
            if len(game.legal_actions()) > 1:
                reasons.add(hint(game, game.to_act, samples=2).reason)
            game.apply(decide(bot, game))
    assert any("what a typical player would choose" in r for r in reasons)
    assert reasons and not any("ball" in r for r in reasons)
