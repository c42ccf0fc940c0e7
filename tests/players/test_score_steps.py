"""A deal's score as steps of one team's card points (players/score_steps.py), and the solver's solve of such a
score (``Objective.scored``: 304's contract and stones solved as the count is, a null-window test a step).

The steps are worked out by hand from 304's table (rulesets/304.yaml, pagat's "160-199 +1 / +2; 200-249 +2 / +3;
250+ +3 / +4"): the trumper's team makes its bid when its card points reach it and wins 1, 2 or 3 stones, else
the other team wins 2, 3 or 4; the 32 cards hold 304 card points. ``BALLS`` is what a team wins less what the
other wins; ``CONTRACT`` is 1 where the makers make it and are the team solved for.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.play import Play
from thunee_dsl.loading import load_ruleset_text, shipped_rulesets
from thunee_dsl.model import compile_ruleset
from thunee_dsl.players import decide, make_bot
from thunee_dsl.players.score_steps import card_point_steps
from thunee_dsl.players.solver import BALLS, Solver
from thunee_dsl.simulation.review import CONTRACT, review_deal

from tests.players.solver_positions import end_positions, minimax

R304 = shipped_ruleset("304")

# dealer seat 0: seat 1 bids first and leads. Seats 0 and 2 hold the J, 9, A and 10 of every suit.
EMPTY = [["JS", "JH", "JD", "JC", "9S", "9H", "9D", "9C"], ["KS", "KH", "QS", "QH", "KD", "KC", "QD", "QC"],
         ["AS", "AH", "AD", "AC", "TS", "TH", "TD", "TC"], ["8S", "8H", "8D", "8C", "7S", "7H", "7D", "7C"]]


def at_play(ruleset, bid: int):
    """Seat 1 bids ``bid``, everyone else passes, and it makes spades trumps with the KS: the deal at its first
    lead (every later window and bid passed)."""
    game = GameState(ruleset, seed=0, dealer=0, auto_deal=False)
    game.start_deal([[ruleset.deck.card(x) for x in hand] for hand in EMPTY])
    for text in ["1 pass", f"1 bid {bid}", "2 pass", "3 pass", "0 pass", "1 trump KS"]:
        game.apply(next(a for a in game.legal_actions() if str(a) == text))
    while type(game.deal.pending) is not Play:
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.verb == "pass"), legal[0]))
    return game.deal


@pytest.mark.parametrize("bid, made, short", [(160, 1, 2), (200, 2, 3), (250, 3, 4)])
def test_304s_contract_and_stones_are_steps_of_the_card_points(bid, made, short):
    """Seat 1's team (1) are the makers. For them the contract is 0 below the bid and 1 from it; the stones are
    -short below it and +made from it. For the other team (0), with p card points the makers hold 304 - p: the
    makers make it while p <= 304 - bid, so team 0 loses ``made`` stones up to there and wins ``short`` from
    305 - bid; the makers' contract is never theirs."""
    deal = at_play(R304, bid)
    assert deal.makers == 1 and deal.high_bid == bid
    assert card_point_steps(deal, 1, CONTRACT.value) == ((0, 0), (bid, 1))
    assert card_point_steps(deal, 1, BALLS.value) == ((0, -short), (bid, made))
    assert card_point_steps(deal, 0, BALLS.value) == ((0, -made), (305 - bid, short))
    assert card_point_steps(deal, 0, CONTRACT.value) == ((0, 0),)


def balls_agree_with_minimax(ruleset, seed: int) -> None:
    """The balls solved, from positions two tricks from the end with trumps made, are plain minimax's."""
    checked = 0
    for deal in end_positions(ruleset, seed=seed, tricks_left=2, count=3):
        if deal.makers is None:
            continue
        team = deal.team_of[deal.to_act]
        assert Solver(ruleset, BALLS).solve(deal, team, line=False).value == minimax(deal, team, BALLS)
        checked += 1
    assert checked


HOUSE = """
name: house-304
extends: "304"
scoring:
  outcomes:
    - when: {when}
      winner: makers
      balls: 1
      says: made
    - when: true
      winner: counting
      balls: 2
      says: short
"""


@pytest.mark.parametrize("when, steps", [
    ("makers.cards >= bid", ((0, -2), (160, 1))),
    ("makers.cards + makers.balls >= bid", ((0, -2), (149, 1))),  # (the game's score, 11 stones: settled)
    ("counting.cards <= 304 - bid", ((0, -2), (160, 1))),  # (the other team's card points: the rest of 304)
    ("makers.cards >= bid and makers.tricks >= 1", None),  # (the tricks won: not the count alone)
    ("makers.cards >= bid or makers.won_last_trick", None),  # (the last trick)
    ("makers.cards >= bid and makers.cards < 300", None),  # (more card points worth less: not steps)
])
def test_a_house_score_is_steps_only_where_it_reads_the_count_alone(when, steps):
    """A house's own outcomes: steps where they read only what is settled before the play and the card points,
    and grow with them; else None, and the solver solves the score as before (it still agrees with minimax)."""
    ruleset = compile_ruleset(load_ruleset_text(HOUSE.format(when=when)))
    assert card_point_steps(at_play(ruleset, 160), 1, BALLS.value) == steps
    balls_agree_with_minimax(ruleset, seed=7)


def test_rules_with_more_than_the_cards_to_come_are_not_steps():
    """Every shipped ruleset but 304 scores a deal by more than the card points (tricks, an undertaking, a team
    value with its last-trick bonus, roem, each player's own bid), so none is read as steps at its first lead."""
    found = set()
    for name in sorted(shipped_rulesets()):
        ruleset = shipped_ruleset(name)
        game = GameState(ruleset, seed=5)
        bots = [make_bot("typical", ruleset, seed=s) for s in range(ruleset.seats)]
        for _ in range(500):  # (to the first lead of a deal played; a deal thrown in is dealt again)
            if type(game.deal.pending) is Play and game.deal.window is None:
                break
            game.apply(decide(bots[game.to_act], game))
        deal = game.deal
        assert type(deal.pending) is Play
        if card_point_steps(deal, deal.team_of[deal.to_act], BALLS.value) is not None:
            found.add(name)
    assert found == {"304"}


def solve_both_ways(ruleset, deal, objective, team):
    """The scored solve (with its line) and the objective's own solve (the steps not read)."""
    scored = Solver(ruleset, objective).solve(deal, team)
    return scored, Solver(ruleset, objective, steps=False).solve(deal, team, line=False)


def played_out(deal, line):
    end = deal.clone()
    for action in line:
        end.apply_if_legal(action)
    if not end.over:
        end.advance()
    return end


@pytest.mark.parametrize("objective", [CONTRACT, BALLS], ids=["contract", "balls"])
def test_the_scored_solve_equals_minimax_and_its_line_plays_out(objective):
    """From 304 positions two tricks from the end, for both teams: the value of the steps is plain minimax's of the
    score itself, and the line returned, played out, scores it."""
    checked = 0
    for deal in end_positions(R304, seed=11, tricks_left=2, count=6):
        if deal.makers is None or card_point_steps(deal, 0, objective.value) is None:
            continue
        for team in (0, 1):
            solution = Solver(R304, objective).solve(deal, team)
            assert solution.value == minimax(deal, team, objective)
            assert objective.value(played_out(deal, solution.line), team) == solution.value
            checked += 1
    assert checked >= 6


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), tricks_left=st.integers(2, 4), objective=st.sampled_from([CONTRACT, BALLS]),
       team=st.integers(0, 1))
def test_any_seeded_304_position_solves_alike_by_steps_and_by_its_score(seed, tricks_left, objective, team):
    """A property over seeds: the scored solve and the score's own solve agree, and the line keeps the value."""
    for deal in end_positions(R304, seed=seed, tricks_left=tricks_left, count=1):
        scored, general = solve_both_ways(R304, deal, objective, team)
        assert scored.value == general.value
        assert objective.value(played_out(deal, scored.line), team) == scored.value


def test_a_304_bid_is_weighed_from_its_first_lead_within_the_reviews_limit():
    """The winning bid of a deal typical bots played (a deal whose score's own solve, from the first lead with the
    trump closed, searched past the review's limit): weighed now, each solve a few tests of the count."""
    game = GameState(R304, seed=1)
    bots = [make_bot("typical", R304, seed=10 + s) for s in range(4)]
    while not game.deal.over:
        game.apply(decide(bots[game.to_act], game))
    record = game.deals[-1]
    review = review_deal(R304, record, 1, None, from_trick=9)
    assert review.not_weighed == []
    for failed in review.failed:
        assert failed.kind == "contract" and failed.balls > 0
        assert R304.team_of(failed.by) != R304.team_of(failed.seat)


BILLION_JACK = """
name: billion-jack
extends: "304"
deck:
  points: {J: 1000000000, "9": 20, A: 11, T: 10, K: 3, Q: 2}
"""


def test_a_pack_of_huge_card_points_is_not_read_as_steps_and_still_solves():
    """A house may give a card a billion points (validation allows it): the steps would be scored once for each
    count from 0, so past MOST_POINTS they are not read at once, and the score is solved by its own search."""
    ruleset = compile_ruleset(load_ruleset_text(BILLION_JACK))
    assert card_point_steps(at_play(ruleset, 160), 1, BALLS.value) is None
    balls_agree_with_minimax(ruleset, seed=5)
