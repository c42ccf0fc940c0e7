"""Whist read in its own words (issue 25, the shipped `whist`): a deal of one card at a time said once, the
scoring's own source, honours that nobody calls, the game value as treble, double and single, and no rule in the
coverage that the ruleset cannot have (a dealer who deals again)."""

from __future__ import annotations

from thunee_dsl import shipped_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook
from thunee_dsl.simulation.analysis import rules


def test_thirteen_cards_one_at_a_time_are_one_step_of_the_deal():
    book = render_rulebook(shipped_ruleset("whist"), formulas=False)
    assert ("1. **Deal** one card at a time to each player in turn, starting with the player to the dealer's left, "
            "13 times round (13 cards each). Then the dealer's own last card is turned face up") in book
    assert "2. **Play** 13 tricks, then score the deal." in book
    assert "Deal batch" not in book


def test_batches_of_several_cards_keep_a_step_each():
    book = render_rulebook(shipped_ruleset("standard"), formulas=False)
    assert "**Deal batch 1**: 4 cards to each player" in book and "**Deal batch 2**" in book


def test_the_scoring_of_whist_cites_its_law():
    book = render_rulebook(shipped_ruleset("whist"), formulas=False)
    scoring = book.split("## Scoring a deal")[1].split("##")[0]
    assert "*Source: The Laws of Whist 2 (\"Each trick above six counts one point\")*" in scoring


def test_the_whist_rulebook_has_no_thunee_words():
    book = render_rulebook(shipped_ruleset("whist"), formulas=False).lower().replace("`thunee-dsl rules`", "")
    for word in ("ball", "jodie", "thunee", "corner house", "khanaak", "call"):
        assert word not in book, word
    assert "points" in book and "honours" in book and "rubber" in book


def test_diff_says_honours_are_counted_without_a_call_and_the_game_value_in_words():
    said = [c.text for c in diff_rulesets(shipped_ruleset("standard"), shipped_ruleset("whist"))]
    assert "Adds Honours, counted from the hands as dealt" in said  # (nobody calls them)
    assert ("A game won is worth, in game points: 3 (a treble) when the losers' score is 0; 2 (a double) when the "
            "losers' score is at most 2; 1 (a single) otherwise") in said
    assert "The deal passes on after every deal" in said
    assert "Removes the Jodie call" in said  # (a call it was)
    assert not any("other.balls" in text for text in said)


def test_coverage_has_no_dealer_dealing_again_where_the_deal_always_passes():
    whist = {rule.key for rule in rules(shipped_ruleset("whist"))}
    assert "dealer.passes" in whist and "dealer.stays" not in whist
    assert "dealer.stays" in {rule.key for rule in rules(shipped_ruleset("standard"))}
