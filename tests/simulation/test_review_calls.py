"""The review weighs the undertakings and claims said (simulation/review.py): one that could not be made
against the best defence costs its caller the balls its failure gave away against passing, and a card that
loses one that could be made costs the balls it was worth; worked out by hand on dealt positions of
``standard`` (Thunee: 4 balls made, 4 caught; the trump maker's side wins 1 ball when the counting side falls
short)."""

from __future__ import annotations

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.simulation.review import costliest, decision_words, review_deal, review_words

STANDARD = shipped_ruleset("standard")


def thunee_deal(hands, first: dict[int, str]):
    """Seat 0 (left of the dealer) makes spades trumps with the JS, the others pass, seat 0 calls Thunee;
    the cards then go as ``first`` says for a seat's first card, else the first legal card."""
    game = GameState(STANDARD, seed=5, dealer=3, auto_deal=False)
    game.start_deal([[STANDARD.deck.card(x) for x in h] for h in hands])
    for said in ("0 trump JS", "1 pass", "3 pass", "0 thunee"):
        action = next(a for a in game.legal_actions() if str(a) == said)
        game.apply(action)
    while not game.deal.over:
        legal = game.legal_actions()
        seat = legal[0].seat
        wanted = first.pop(seat, None)
        game.apply(next((a for a in legal if a.arg == wanted), legal[0]))
    return game.deals[-1]


def test_a_thunee_called_that_cannot_be_made_gives_its_balls_away():
    """Seat 0 holds five spades and the QH; seat 1 holds five hearts, every one above the Queen. Whatever seat
    0 leads, the QH is beaten by a heart of seat 1 (led last: seat 1 follows with a higher heart; led first:
    hearts are trumps): Thunee is caught, 4 balls to the other side (-4 against them). Passing instead,
    spades stay trumps and seat 0 takes at least the five spade tricks: the counting side (seats 2 and 4)
    takes one trick at most, far short of its count, and seat 0's side wins 1 ball (+1). So the call gave away
    5 balls, and a heart of seat 1 stops it."""
    record = thunee_deal([["JS", "9S", "AS", "TS", "KS", "QH"], ["JH", "9H", "AH", "TH", "KH", "QS"],
                          ["JD", "9D", "AD", "TD", "KD", "QD"], ["JC", "9C", "AC", "TC", "KC", "QC"]], {})
    assert record.result.balls == (0, 4)
    review = review_deal(STANDARD, record, 1, None, from_trick=6)
    [failed] = review.failed
    assert (failed.title, failed.seat, failed.trick, failed.balls, failed.by) == ("Thunee", 0, 1, 5, 1)
    assert failed.card in {"JH", "9H", "AH", "TH", "KH"}
    [decision] = costliest(STANDARD, [review])[0]
    assert decision.kind == "failed" and decision.balls == 5
    words = decision_words(STANDARD, decision, lambda c: {"KH": "King of hearts"}.get(c, c),
                           {1: "East"}.get)
    assert words.startswith("Deal 1, trick 1: Thunee was called and could not be made (the ")
    assert words.endswith(" held by East stops it): it gave away 5 balls.")
    assert any("Thunee was called by Seat 1 and could not be made" in line
               for line in review_words(STANDARD, review))


def test_a_card_that_loses_a_thunee_that_could_be_made_costs_its_balls():
    """Seat 0 holds five spades and the JH (the top heart); seat 1 the QS and five hearts. Leading a spade makes
    spades trumps: seat 1 follows with the QS, and the JH later takes its trick: Thunee is made (+4). Leading
    the JH makes hearts trumps: once the QS is gone seat 1 cuts a spade with a heart, Thunee is caught (-4).
    The JH led cost 8 balls of the score against a spade, and the call itself was makeable: not a failure."""
    record = thunee_deal([["JS", "9S", "AS", "TS", "KS", "JH"], ["QS", "9H", "AH", "TH", "KH", "QH"],
                          ["JD", "9D", "AD", "TD", "KD", "QD"], ["JC", "9C", "AC", "TC", "KC", "QC"]], {0: "JH"})
    assert record.result.balls == (0, 4)
    review = review_deal(STANDARD, record, 1, None, from_trick=1)
    assert review.failed == []
    first = next(c for c in review.costs if (c.trick, c.seat) == (1, 0))
    assert (first.card, first.cost, first.measure) == ("JH", 8, "score")
    assert first.best in {"JS", "9S", "AS", "TS", "KS"}
    worst = costliest(STANDARD, [review])[0][0]
    assert (worst.what, worst.balls) == ("JH", 8)
    assert decision_words(STANDARD, worst, str).startswith("Deal 1, trick 1: the JH cost 8 balls of the score")
