"""The review weighs a contract as it weighs a call (simulation/review.py): the decision that made a side the
makers (Euchre's ordering up, naming trumps in the second round), where the makers could not make it against
the best defence, costs the points it gave away against passing. Worked out by hand on a dealt deal of the
shipped ``euchre`` (rules: docs/rules/euchre.md, rarepike's scoring: "Makers take 3 or 4 tricks 1 ... Makers
fail to take 3 tricks (euchred) 2 Defenders")."""

from __future__ import annotations

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.model.words import contract_said
from thunee_dsl.simulation.review import costliest, decision_words, review_deal, review_words

EUCHRE = shipped_ruleset("euchre")

# Dealer: seat 0; seat 1 (the dealer's left) speaks first and leads. Teams: seats 0 and 2, seats 1 and 3.
HANDS = ["TD QS QH QC KC", "AD KD AS AH 9C", "JD JH QD KS KH", "9S TS 9H TH TC"]
KITTY = "9D JS JC AC"  # the 9D turned up
ORDERED = ["1 order", "0 discard QS", "1 pass",
           "1 play AH", "2 play KH", "3 play TH", "0 play QH",
           "1 play AS", "2 play KS", "3 play TS", "0 play TD",  # the dealer, void in spades, trumps the Ace
           "0 play 9D", "1 play AD", "2 play JH", "3 play 9S",
           "2 play JD", "3 play 9H", "0 play KC", "1 play KD",
           "2 play QD", "3 play TC", "0 play QC", "1 play 9C"]
WORDS = {"9D": "9 of diamonds", "TD": "10 of diamonds"}


def euchre_deal(actions):
    game = GameState(EUCHRE, seed=0, dealer=0, auto_deal=False)
    card = EUCHRE.deck.card
    game.start_deal([[card(c) for c in hand.split()] for hand in HANDS], [card(c) for c in KITTY.split()])
    for text in actions:
        game.apply(Action.parse(text))
    return game.deals[-1]


def test_ordering_up_the_makers_are_euchred_gives_a_point_away():
    """Seat 1 orders up the 9D: diamonds are trumps, seats 1 and 3 the makers. Both bowers (JD, JH) are seat 2's:
    two tricks to seats 0 and 2 whatever is led; the dealer picks up the 9D and lays the QS aside, his one spade,
    so he trumps the AS: a third. The makers take 2 at most: euchred, 2 points to the defenders (-2 for seat 1's
    side). Passing instead: seat 2 orders up the same 9D (the same trumps, the same dealer's pick-up and
    discard, the same leader: seats 0 and 2 take the same 3 or 4 tricks, never 5, as seat 1 cashes the Ace of
    the suit the dealer kept, the AH or the AS), 1 point to them (-1). No suit gives seats 0 and 2 a march
    (the AS or the AH wins a trick whatever is trumps), so they can do no better than that point, and passing
    is worth -1 to seat 1's side. The order gave away -1 - (-2) = 1 point, and the TD (the dealer's trump on
    the AS, the first trick the defence takes in the solver's line) stops it."""
    record = euchre_deal(ORDERED)
    assert record.result.balls == (2, 0) and record.result.applied == ("scoring.outcomes.2",)  # euchred
    review = review_deal(EUCHRE, record, 1, None, from_trick=1)
    [failed] = review.failed
    assert (failed.kind, failed.title, failed.seat, failed.trick, failed.balls) == ("contract", "order", 1, 1, 1)
    assert (failed.arg, failed.dealer, failed.card, failed.by) == ("9D", False, "TD", 0)
    [decision] = costliest(EUCHRE, [review])[1]
    assert (decision.kind, decision.balls, decision.said) == ("failed", 1, ("order", "9D", False))
    said = decision_words(EUCHRE, decision, lambda c: WORDS.get(c, c), {0: "the dealer"}.get)
    assert said == ("Deal 1, trick 1: Ordering up the 9 of diamonds could not be made (the 10 of diamonds held "
                    "by the dealer stops it): it gave away 1 point.")
    assert "  Trick 1: Seat 2's ordering up the 9D could not be made (the TD held by Seat 1 stops it): it gave " \
           "away 1 point." in review_words(EUCHRE, review)


def test_a_contract_the_makers_could_make_is_not_a_failure():
    """The same cards, seat 2 orders up instead (seat 1 passes): seats 0 and 2 make 3 or 4 tricks, as above;
    nothing said gave anything away."""
    plays = [a for a in ORDERED[3:]]
    record = euchre_deal(["1 pass", "2 order", "0 discard QS", "2 pass", *plays])
    assert record.result.balls == (1, 0)
    review = review_deal(EUCHRE, record, 1, None, from_trick=5)
    assert review.failed == []


def test_a_contract_in_the_games_words():
    assert contract_said("order", "9D", card_words=WORDS.get) == "Ordering up the 9 of diamonds"
    assert contract_said("order", "9D", dealer=True, card_words=WORDS.get) == "Picking up the 9 of diamonds"
    assert contract_said("trump", "H", suit_words={"H": "hearts"}.get) == "Naming hearts trumps"
    assert contract_said("trump", "last") == "Making trumps with the last card"


def test_the_rules_example_ordered_up_makeable_lost_by_the_left_bower_led():
    """docs/rules/euchre.md's example deal 1 (docs/rules/transcripts/euchre-1.yaml): seat 2 orders up the 9H and
    the makers are euchred, 2 points to the defenders. The order itself could be made, so it is no failure: after
    trick 1 (the JH takes the AH) the makers' trumps left are the JD (seat 2) and the QH (the dealer, his only
    one); seat 1 holds the KH and the TH. Leading the JD draws the QH and the TH together: the KH is then the top
    trump, seat 1 trumps the KS, and the defence takes the AD and the AC: 2 tricks, euchred (-2 for the makers).
    Leading the KS keeps them apart: seat 1 trumps it with the KH, then the JD takes the TH led, the AS takes the
    JS's trick and the KD the last (4 tricks, +1). So the JD led cost 1 - (-2) = 3 points of the score."""
    from pathlib import Path
    from thunee_dsl.game.transcript import replay_file
    report = replay_file(str(Path(__file__).resolve().parents[2] / "docs" / "rules" / "transcripts" / "euchre-1.yaml"))
    record = report.game.deals[0]
    assert record.result.balls == (0, 2)
    review = review_deal(report.game.ruleset, record, 1, None, from_trick=1)
    assert review.failed == []  # (the order could be made: the card lost it)
    [cost] = review.costs
    assert (cost.trick, cost.seat, cost.card, cost.cost, cost.measure) == (2, 2, "JD", 3, "score")
