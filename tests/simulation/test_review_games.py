"""The review over the games beyond Thunee and the game's costliest decisions (simulation/review.py): a deal with
a turn-up (Euchre) and a deal whose hand size goes by the deal (Oh Hell) are dealt again as they were, and each
seat's decisions come worst first, a missed undertaking weighed in the balls its ruleset gives when made."""

from __future__ import annotations

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import decide, make_bot
from thunee_dsl.simulation.review import (CardCost, DealReview, Decision, Makeable, costliest, dealt_again,
                                          decision_words, review_game)


def played(name: str, seed: int, deals: int) -> GameState:
    ruleset = shipped_ruleset(name)
    game = GameState(ruleset, seed=seed)
    bots = [make_bot("random", ruleset, seed=seed * 10 + s) for s in range(ruleset.seats)]
    while not game.is_over and (len(game.deals) < deals or not game.deal.over):
        if game.deal.over:
            game.start_deal()
        game.apply(decide(bots[game.to_act], game))
    return game


@pytest.mark.parametrize("name, deals", [("euchre", 2), ("oh-hell", 3)])
def test_each_deal_dealt_again_plays_to_the_same_result(name, deals):
    """Dealt again from its record (the turn-up and kitty, the hand size of its number), every action of the
    deal is legal again and the deal ends with the same result."""
    game = played(name, seed=2, deals=deals)
    score, done = list(game.initial_score), 0
    for record in game.deals:
        if record.result is None:
            break
        again = dealt_again(game.ruleset, record, score, done)
        assert [list(h) for h in again.deals[-1].hands] == [list(h) for h in record.hands]
        for action in record.actions:
            again.apply(action)
        assert again.deals[-1].result.balls == record.result.balls
        score = list(record.score_after)
        done += not record.result.cancelled


def test_review_game_of_euchre_and_oh_hell_runs_from_the_last_tricks():
    for name in ("euchre", "oh-hell"):
        game = played(name, seed=3, deals=2)
        reviews = review_game(game, from_trick=game.ruleset.tricks_per_deal)
        assert [r.number for r in reviews] == list(range(1, len(reviews) + 1)) and reviews


def test_costliest_worst_first_balls_before_points():
    ruleset = shipped_ruleset("standard")
    thunee = next(u for u in ruleset.undertakings if u.title == "Thunee")
    balls = int(thunee.balls.success.text)
    reviews = [DealReview(1, makeable=[Makeable("undertaking", "Thunee", 0, 1, "JS"),
                                       Makeable("undertaking", "Thunee", 1, 1, "JH", called=True)],
                          costs=[CardCost(2, 0, "TS", "AS", 10), CardCost(5, 0, "QH", "KH", 3)]),
               DealReview(2, costs=[CardCost(6, 0, "9C", "JC", 20)])]
    by_seat = costliest(ruleset, reviews)
    mine = by_seat[0]
    assert [d.kind for d in mine] == ["missed", "card", "card", "card"]
    assert [d.points for d in mine[1:]] == [20, 10, 3]
    assert mine[0].balls == balls  # (4 in standard: the ruleset's own number)
    assert by_seat[1] == []  # the Thunee seat 1 called is no missed decision
    assert decision_words(ruleset, mine[0], str) == (
        f"Deal 1, trick 1: Thunee was makeable and not called (lead the JS): it brings {balls} balls when made.")
    assert decision_words(ruleset, mine[1], str) == "Deal 2, trick 6: the 9C cost 20 points against the JC."


def test_a_decision_is_weighed_balls_first():
    assert Decision(0, 1, 1, "missed", "Thunee", balls=1).weight > Decision(0, 1, 1, "card", "TS", "AS", 30).weight
