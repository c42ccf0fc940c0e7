"""Issue 25 item 2 in words: the rulebook says the trump suit's own order and points and a card borrowed
into trumps; diff names the change; simulate counts the deals in which a borrowed trump won a trick."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook
from thunee_dsl.simulation import simulate
from thunee_dsl.simulation.analysis import rules

RULESETS = Path(__file__).resolve().parents[1] / "game" / "rulesets"


def ruleset(name: str):
    return load_ruleset(str(RULESETS / f"{name}.yaml"))


def test_rulebook_says_the_trump_order_and_points():
    book = render_rulebook(ruleset("trump-ranks"))
    assert ("- The trump suit ranks otherwise, highest first, with its card points: J (20), 9 (14), A (11), 10 (10), "
            "K (4), Q (3), 8 (0), 7 (0). The other suits rank as above.") in book
    assert "in each suit the ranks are, highest first, A 10 K Q J 9 8 7." in book
    assert "The pack holds 152 card points." in book  # 62 in trumps and 30 in each other suit
    assert "colour" not in book


def test_rulebook_says_the_left_bower():
    book = render_rulebook(ruleset("left-bower"))
    assert ("- The trump suit ranks otherwise, highest first: J, J of the other suit of the trump's colour, "
            "A, K, Q, 10, 9.") in book
    assert "- Colours: S and C black; H and D red." in book
    assert ("The J of the other suit of the trump's colour (the left bower) is a trump for the whole deal, 2nd in "
            "trumps: it follows a trump lead, a lead of it asks for trumps, and it does not count as a card of its "
            "own suit, which has one card fewer.") in book


def test_a_plain_deck_says_nothing_of_trumps_ranked_otherwise():
    assert "ranks otherwise" not in render_rulebook(load_ruleset("standard"))


def test_diff_names_the_trump_order_and_the_colours():
    texts = [c.text for c in diff_rulesets(ruleset("trump-ranks"), ruleset("left-bower"))]
    assert ("The trump suit's order (highest first): J, 9, A, T, K, Q, 8, 7 -> J, J of same colour, A, K, Q, T, 9"
            in texts)
    assert "Removes Card points in trumps" in texts
    assert "Adds Colours of the suits: S black, C black, H red, D red" in texts
    texts = [c.text for c in diff_rulesets(load_ruleset("nigerian-thuni"), ruleset("trump-ranks"))]
    assert any(t.startswith("Adds Trumps ranked and counted otherwise: ranks J, 9, A, T, K, Q, 8, 7, points J 20")
               for t in texts), texts


def test_coverage_counts_a_borrowed_trump_winning_a_trick():
    r = ruleset("left-bower")
    labels = {rule.key: rule.label for rule in rules(r)}
    assert labels["deck.trumps.ranks.borrowed"] == \
        "a trump borrowed from the other suit of the trump's colour (J) won a trick"
    assert "deck.trumps.ranks.borrowed" not in {rule.key for rule in rules(ruleset("trump-ranks"))}
    result = simulate([r], games=2, seed=3, max_deals=6, focus=False).rulesets[0]
    fired = {c.rule: c.deals for c in result.coverage}
    # the left bower is dealt in four of every five deals and is the second-best trump: it wins some tricks
    assert 0 < fired["deck.trumps.ranks.borrowed"] < sum(len(g.deals) for g in result.games)
