"""Cards weighed in the deal's own score where the count says nothing of the result (simulation/review.py):
Oh Hell's exact bids (sides of one), and games whose cards are worth no points; worked out by hand on a
two-card deal of Oh Hell."""

from __future__ import annotations

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players.solver import POINTS
from thunee_dsl.simulation.review import SCORE, card_objective, costliest, decision_words, review_deal, review_words

OH_HELL = shipped_ruleset("oh-hell")


def two_card_deal(script: list[str]):
    """Oh Hell's ninth deal (two cards each), seat 3 dealing, clubs turned up (no one holds one): seat 0 holds
    the 5H and 9S, seat 1 the AH and 2H, seat 2 the 3H and 8S, seat 3 the 4H and 7S; the actions of
    ``script`` first, then the first legal one."""
    game = GameState(OH_HELL, seed=0, dealer=3, auto_deal=False)
    game.deals_played = 8  # (the hand size goes by the deal: the ninth deals two cards)
    card = OH_HELL.deck.card
    game.start_deal([[card(x) for x in hand] for hand in (("5H", "9S"), ("AH", "2H"), ("3H", "8S"), ("4H", "7S"))],
                    [card("2C")])
    while not game.deal.over:
        legal = game.legal_actions()
        wanted = script.pop(0) if script else None
        game.apply(next((a for a in legal if str(a) == wanted), legal[0]))
    return game.deals[-1]


def test_a_card_that_breaks_an_exact_bid_costs_the_score():
    """Seat 1 bid 0. Seat 0 leads the 5H: seat 2 and seat 3 can only follow lower (3H, 4H), so the 2H ducks
    and seat 0 wins; seat 0 then leads its 9S, and seat 1 throws the AH away: no trick, the bid made, 10 + 0
    = 10 points. The AH played on the 5H takes the trick: the bid missed, 0. So the AH cost 10 points of the
    score against the 2H. No other card had a choice that mattered (seat 0 bid 2 and cannot make it: seat 1
    takes a heart trick whenever it wants)."""
    record = two_card_deal(["0 bid 2", "1 bid 0", "2 bid 0", "3 bid 1", "0 play 5H", "1 play AH"])
    assert record.result.balls == (0, 0, 10, 0)
    review = review_deal(OH_HELL, record, 9, None, from_trick=1, played=8)
    assert [(c.trick, c.seat, c.card, c.best, c.cost, c.measure) for c in review.costs] == [
        (1, 1, "AH", "2H", 10, "score")]
    assert review_words(OH_HELL, review, seat_words={1: "your partner"}.get)[1] == (
        "  Trick 1: your partner's AH cost 10 points of the score against the 2H.")
    [decision] = costliest(OH_HELL, [review])[1]
    assert decision.balls == 10
    assert decision_words(OH_HELL, decision, {"AH": "Ace of hearts", "2H": "2 of hearts"}.get) == (
        "Deal 9, trick 1: the Ace of hearts cost 10 points of the score against the 2 of hearts.")


def test_the_same_deal_played_well_costs_nothing():
    record = two_card_deal(["0 bid 2", "1 bid 0", "2 bid 0", "3 bid 1", "0 play 5H", "1 play 2H"])
    assert record.result.balls == (12, 10, 10, 0)  # (seat 0 took both tricks: 10 + 2)
    assert review_deal(OH_HELL, record, 9, None, from_trick=1, played=8).costs == []


@pytest.mark.parametrize("name, objective", [
    ("standard", POINTS), ("klaverjas", POINTS), ("304", POINTS),  # a team value, or cards worth points
    ("oh-hell", SCORE),  # sides of one: exact bids
    ("whist", SCORE), ("euchre", SCORE),  # no team value, and no card is worth a point
])
def test_what_a_card_is_weighed_in_is_read_from_the_ruleset(name, objective):
    assert card_objective(shipped_ruleset(name)) is objective


def test_you_are_named_as_the_table_names_you():
    """The words name seats by the function given: "you" owns "your" card."""
    record = two_card_deal(["0 bid 2", "1 bid 0", "2 bid 0", "3 bid 1", "0 play 5H", "1 play AH"])
    review = review_deal(OH_HELL, record, 9, None, from_trick=1, played=8)
    assert review_words(OH_HELL, review, seat_words=lambda s: "you" if s == 1 else f"P{s}")[1] == (
        "  Trick 1: your AH cost 10 points of the score against the 2H.")
