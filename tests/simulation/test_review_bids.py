"""The review weighs the winning bid (304) and the call to make trumps (Thunee) as contracts
(simulation/review.py): where the side could not make it against the best defence, the balls it gave away
against the seat's better smaller choice then (the lowest bid or call it could have said, or passing), and the
defence's card that stops it. Worked out by hand on dealt deals, with the rules' ball tables:

- 304 (rulesets/304.yaml, pagat's "160-199 +1 / +2; 200-249 +2 / +3; 250+ +3 / +4"): the trumper's team makes
  its bid and wins 1, 2 or 3 stones, or falls short and the other team wins 2, 3 or 4; everyone passing throws
  the cards in (no score).
- standard (thunee-pagat.txt, Scoring): the counting team, given the call, needs 105; it wins 2 balls when 10
  or more was called (1 without a call), the trump makers 1.
"""

from __future__ import annotations

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.simulation.review import _winning_contract, costliest, decision_words, review_deal, review_words

R304 = shipped_ruleset("304")
STANDARD = shipped_ruleset("standard")


def dealt(ruleset, dealer, hands, said):
    """The deal with ``hands``, ``said`` taken in order, then every later window and bid passed and the first
    legal card played."""
    game = GameState(ruleset, seed=0, dealer=dealer, auto_deal=False)
    game.start_deal([[ruleset.deck.card(x) for x in hand] for hand in hands])
    for text in said:
        game.apply(next(a for a in game.legal_actions() if str(a) == text))
    while not game.deal.over:
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.verb == "pass"), legal[0]))
    return game.deals[-1]


# 304, dealer seat 0: seat 1 bids first and leads. Each seat holds two cards of every suit: the top two of each
# (J, 9) are seat 0's, the next two (A, 10) seat 2's; seats 1 and 3 hold the K, Q, 8 and 7.
EMPTY = [["JS", "JH", "JD", "JC", "9S", "9H", "9D", "9C"], ["KS", "KH", "QS", "QH", "KD", "KC", "QD", "QC"],
         ["AS", "AH", "AD", "AC", "TS", "TH", "TD", "TC"], ["8S", "8H", "8D", "8C", "7S", "7H", "7D", "7C"]]


def test_a_bid_that_cannot_be_made_gives_its_stones_away_against_passing():
    """Seat 1 bids 160 and makes spades trumps with the KS. Seats 0 and 2 hold the J and 9 of every suit, trumps
    too: whatever is led, each trick goes to them (a cut, face down or not, is with a trump below theirs), and
    seats 1 and 3 take no card point: far short of 160, the other team wins 2 stones (-2). Passing instead,
    everyone has passed and the cards are thrown in (0). A bid of 160 was the least seat 1 could say: it gave
    away 0 - (-2) = 2 stones against passing, and a card of seat 0 or 2 stops it."""
    record = dealt(R304, 0, EMPTY, ["1 pass", "1 bid 160", "2 pass", "3 pass", "0 pass", "1 trump KS"])
    assert record.result.balls == (2, 0) and record.result.applied == ("scoring.outcomes.1",)
    review = review_deal(R304, record, 1, None, from_trick=8)
    [failed] = review.failed
    assert (failed.kind, failed.title, failed.seat, failed.trick, failed.balls) == ("contract", "bid", 1, 1, 2)
    assert (failed.arg, failed.instead) == ("160", ("pass", None)) and failed.by in (0, 2)
    assert f"  Trick 1: Seat 2's bid of 160 could not be made (the {failed.card} held by Seat {failed.by + 1} " \
           "stops it): it gave away 2 stones against passing." in review_words(R304, review)
    [decision] = costliest(R304, [review])[1]
    assert (decision.kind, decision.balls, decision.said) == ("failed", 2, ("bid", "160", False, ("pass", None)))
    words = decision_words(R304, decision, str, {0: "North", 2: "South"}.get)
    assert words.startswith("Deal 1, trick 1: The bid of 160 could not be made (the ")
    assert words.endswith("stops it): it gave away 2 stones against passing.")


def test_an_overbid_that_even_the_least_bid_could_not_make_is_weighed_against_passing():
    """The same cards, seat 1 opens at 200: short of it, 3 stones to the other team (-3). Its smaller choices:
    the lowest bid, 160, short too (-2), and passing (0): it gave away 3 stones, against passing."""
    record = dealt(R304, 0, EMPTY, ["1 pass", "1 bid 200", "2 pass", "3 pass", "0 pass", "1 trump KS"])
    assert record.result.balls == (3, 0)
    [failed] = review_deal(R304, record, 1, None, from_trick=8).failed
    assert (failed.arg, failed.balls, failed.instead) == ("200", 3, ("pass", None))


def test_a_bid_the_other_team_could_make_is_no_failure():
    """The same cards, seat 1 passes and seat 2 bids 160 with the AS: seats 0 and 2 take every trick (all 304
    card points): the bid is made, nothing said gave anything away."""
    record = dealt(R304, 0, EMPTY, ["1 pass", "1 pass", "2 bid 160", "3 pass", "0 pass", "2 trump AS"])
    assert record.result.balls == (1, 0)
    assert record.result.applied == ("scoring.outcomes.0",)
    assert review_deal(R304, record, 1, None, from_trick=8).failed == []


# 304 again: seats 1 and 3 hold the J and 9 of spades and of hearts (one each: both tricks of each suit are
# theirs), seat 1 the JC (one club trick); seats 0 and 2 the J and 9 of diamonds.
SPLIT = [["AS", "AH", "JD", "9C", "KS", "KH", "8D", "KC"], ["JS", "9H", "JC", "AD", "8S", "7H", "7C", "KD"],
         ["TS", "TH", "9D", "AC", "QS", "QH", "7D", "TC"], ["9S", "JH", "TD", "8C", "7S", "8H", "QD", "QC"]]


def test_an_overbid_is_weighed_against_the_lowest_bid_where_that_could_be_made():
    """Seat 1 opens at 250 and makes hearts trumps with the 9H. Seats 1 and 3 can take 160 against any defence
    (the lowest bid, made: +1), not 250 (short: 4 stones to the other team, -4): the solver's values (the J and 9
    of spades and hearts, two of each suit's tricks, are 152 points and the JC takes a club trick; the JD and 9D
    are seat 0's and seat 2's). Passing is worth 0, so the lower bid is the better choice: it gave away 1 - (-4) = 5
    stones against a bid of 160."""
    record = dealt(R304, 0, SPLIT, ["1 pass", "1 bid 250", "2 pass", "3 pass", "0 pass", "1 trump 9H"])
    assert record.result.balls == (4, 0)
    review = review_deal(R304, record, 1, None, from_trick=8)
    [failed] = review.failed
    assert (failed.arg, failed.balls, failed.instead, failed.seat) == ("250", 5, ("bid", 160), 1)
    assert any(line.endswith("it gave away 5 stones against a bid of 160.") for line in review_words(R304, review))
    made = dealt(R304, 0, SPLIT, ["1 pass", "1 bid 160", "2 pass", "3 pass", "0 pass", "1 trump 9H"])
    assert review_deal(R304, made, 1, None, from_trick=8).failed == []  # (the 160 is made)


# standard, dealer seat 3: seat 0 makes trumps unless seat 1 or 3 calls. Seats 0 and 2 hold every J, 9, A and
# 10 but the A and 10 of hearts and of clubs; seats 1 and 3 the rest.
STRONG = [["JS", "9S", "AS", "TS", "JH", "9H"], ["AH", "TH", "KS", "QS", "KH", "QH"],
          ["JD", "9D", "AD", "TD", "JC", "9C"], ["AC", "TC", "KD", "QD", "KC", "QC"]]


def test_a_call_to_make_trumps_that_cannot_be_made_gives_its_ball_away():
    """Seat 1 calls 10 and makes spades trumps with the KS: seats 0 and 2, counting, start from 10 and hold the
    J and 9 of every suit (trumps' too) and 242 of the 304 card points; seats 1 and 3, with the two lowest trumps
    (the KS and QS), cannot keep them under 105 (the solver's value): 2 balls to them (a call was made), -2 for
    seat 1's side. Passing instead, seat 0's JS
    stands (spades trumps, seats 0 and 2 the makers) and seats 1 and 3 count: 62 card points in all their
    hands, with the last trick's 10, short of 105: the makers win 1 ball (-1). It gave away 1 ball, against
    passing (a call of 10 is the least)."""
    record = dealt(STANDARD, 3, STRONG, ["0 trump JS", "1 call 10", "2 pass", "0 pass", "1 trump KS"])
    assert record.result.balls == (2, 0) and record.result.call == 10
    review = review_deal(STANDARD, record, 1, None, from_trick=6)
    [failed] = review.failed
    assert (failed.kind, failed.title, failed.seat, failed.arg, failed.balls) == ("contract", "call", 1, "10", 1)
    assert failed.instead == ("pass", None) and failed.by in (0, 2)
    assert f"  Trick 1: Seat 2's call of 10 could not be made (the {failed.card} held by Seat {failed.by + 1} " \
           "stops it): it gave away 1 ball against passing." in review_words(STANDARD, review)


def test_a_call_over_a_call_weighed_against_the_call_it_outbid():
    """The hands turned one seat round (seats 1 and 3 hold the strong cards). Seat 1 calls 10, seat 2 calls 20
    and makes diamonds trumps with the KD: seats 1 and 3, counting from 20, take far past 105, 2 balls to them
    (-2 for seat 2's side). Passing, seat 1's call of 10 stands, its side makes trumps (as best for it: the
    review searches it) and holds seats 0 and 2 to their 62 card points: 1 ball to seats 1 and 3 (-1). It gave
    away 1 ball."""
    turned = STRONG[1:] + STRONG[:1]
    record = dealt(STANDARD, 3, turned, ["0 trump KS", "1 call 10", "2 call 20", "3 pass", "1 pass", "2 trump KD"])
    assert record.result.balls == (0, 2) and record.result.call == 20
    [failed] = review_deal(STANDARD, record, 1, None, from_trick=6).failed
    assert (failed.seat, failed.arg, failed.balls, failed.instead) == (2, "20", 1, ("pass", None))
    assert failed.by in (1, 3)


def test_a_call_that_could_be_made_is_no_failure():
    """Seat 1 calls 10 with the strong cards on its side (the hands turned): its side holds seats 0 and 2 to 62
    card points and the call's 10, short of 105: made."""
    turned = STRONG[1:] + STRONG[:1]
    record = dealt(STANDARD, 3, turned, ["0 trump KS", "1 call 10", "2 pass", "0 pass", "1 trump JD"])
    assert record.result.balls == (0, 1)
    assert review_deal(STANDARD, record, 1, None, from_trick=6).failed == []


def test_no_bid_or_call_no_contract_weighed():
    """A deal of standard with no call (seat 0's trumps stand), and rulesets with no auction's contract (Euchre's
    order is weighed as before: tests/simulation/test_review_contract.py; Oh Hell's bids are each player's own):
    no winning bid or call is found."""
    record = dealt(STANDARD, 3, STRONG, ["0 trump JS"])
    assert record.result.call == 0 and _winning_contract(STANDARD, record) is None
    assert review_deal(STANDARD, record, 1, None, from_trick=6).failed == []
    oh_hell = shipped_ruleset("oh-hell")
    game = GameState(oh_hell, seed=3)
    while not game.deals or game.deals[-1].result is None:
        game.apply(game.legal_actions()[0])
    assert _winning_contract(oh_hell, game.deals[-1]) is None


def test_a_bid_too_large_to_solve_in_time_is_said_not_weighed(monkeypatch):
    """A 304 bid said with the trump still to be made closed is solved as the general search plays the whole deal:
    where its solves would search more than CONTRACT_NODES positions, the bid is not weighed, the review says so in
    its words, and it stops there (here the limit is made small: the same deal as above, weighed in full with the
    real limit)."""
    from thunee_dsl.simulation import review as module
    monkeypatch.setattr(module, "CONTRACT_NODES", 50)
    record = dealt(R304, 0, EMPTY, ["1 pass", "1 bid 160", "2 pass", "3 pass", "0 pass", "1 trump KS"])
    review = review_deal(R304, record, 1, None, from_trick=8)
    assert review.failed == [] and [(n.verb, n.arg, n.seat, n.trick) for n in review.not_weighed] == \
        [("bid", 160, 1, 1)]
    assert "  Trick 1: Seat 2's bid of 160 was not weighed: the deal is too large to solve from there in the time " \
           "a review takes (more than 50 positions)." in review_words(R304, review)
