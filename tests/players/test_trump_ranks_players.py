"""The bots with a trump suit that ranks and counts otherwise, and a left bower (issue 25 item 2): their card
sense reads the deal's trump's suits and points, their void inference the effective suit (never wrong in the
real deal), and the table's style beats random play."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_knowledge_never_excludes_the_truth import check_game
from thunee_dsl import load_ruleset
from thunee_dsl.players.tactics import best_suit, estimated_tricks, suit_score, tables
from thunee_dsl.simulation import simulate

RULESETS = {name: load_ruleset(str(Path(__file__).resolve().parents[1] / "game" / "rulesets" / f"{name}.yaml"))
            for name in ("trump-ranks", "left-bower")}


def test_the_card_sense_reads_the_trumps_suits_and_points():
    r = RULESETS["left-bower"]
    deck, t = r.deck, tables(r)
    hearts = t.for_trump(deck.suit("H"))
    assert hearts.suit_of[deck.card("JD")] == deck.suit("H")
    assert deck.names_of(hearts.suit_masks[deck.suit("D")]) == ("AD", "KD", "QD", "TD", "9D")
    assert t.for_trump(None).suit_masks == deck.suit_masks and t.for_trump(deck.suit("H")) is hearts
    # the right and left bowers make a better trump suit than the Ace and King of it
    bowers = deck.mask_of(deck.card(c) for c in ("JH", "JD"))
    assert suit_score(t, bowers, deck.suit("H")) > suit_score(t, deck.mask_of([deck.card("AH"), deck.card("KH")]),
                                                              deck.suit("H"))
    k = RULESETS["trump-ranks"]
    spades = tables(k).for_trump(k.deck.suit("S"))
    assert (spades.points[k.deck.card("JS")], spades.points[k.deck.card("9S")]) == (20, 14)
    plain = load_ruleset("standard")
    assert tables(plain).for_trump(0) is tables(plain)  # a plain deck: the same tables


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 2**32 - 1),
       bots=st.lists(st.sampled_from(["heuristic", "random", "montecarlo"]), min_size=4, max_size=4))
def test_inferences_hold_in_the_real_deal(name, seed, bots):
    check_game(RULESETS[name], seed, bots)  # (a seat void in the trump suit holds no left bower either)


def test_a_hand_is_weighed_by_the_trump_order():
    r = RULESETS["left-bower"]
    deck, t = r.deck, tables(r)
    hand = deck.mask_of(deck.card(c) for c in ("JH", "JD", "AH", "KS", "9C"))
    # hearts: JH 7 + JD 6 + AH 5 (the bowers first); diamonds: JD 7 + JH 6 (the JH its left bower)
    assert (suit_score(t, hand, deck.suit("H")), suit_score(t, hand, deck.suit("D"))) == (18, 13)
    assert deck.suits[best_suit(t, hand)] == "H"
    # the right bower a trick, the left half of one, the KS half (second in spades), three trumps one more
    assert estimated_tricks(t, hand) == 1 + 0.5 + 0.5 + 1


def test_typical_beats_random():
    for name, r in RULESETS.items():
        result = simulate([r], games=10, bots=["typical", "random"] * 2, seed=5, focus=False).rulesets[0]
        won = sum(1 for g in result.games if g.winner == 0)
        assert won >= 9, (name, won)
