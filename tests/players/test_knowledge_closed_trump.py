"""A worked 304 position after a cut (hand-checked): what a seat reads of the closed trump's tricks.

Dealer 0; seats in the (counterclockwise) order of play, seat 1 the dealer's right (it leads); ranks J 9 A T K Q 8 7.

    seat 0: JD AD TD JS | 9S AS TS AH
    seat 1: 8D 9D JC 9C | AC TC KH QH      (no spade)
    seat 2: 7D QD 8S 7S | JH 9H 8C 7C      (bids 160, lays 7D face down: diamonds, closed)
    seat 3: KD KS QS TH | 8H 7H KC QC

Trick 1, trumps closed: 1 leads 8D -- a trump, which seat 1 does not know: the first lead's "no trump while another
suit is held" binds only the trump maker while trumps are closed, so nothing is read of seat 1's hand from it
(the bots used to read "holds nothing but trumps" once trumps were shown: seat 1 could then hold nothing). 2 QD,
3 KD, 0 JD: seat 0 wins (the Jack is highest).
Trick 2: 0 leads AS; seat 1 has no spade: it plays 9D face down (a cut); 2 8S, 3 QS. At the trick's end 9D is a
trump: it wins, is turned up, and trumps (diamonds) are shown, 7D with them.
Trick 3: 1 leads KH, 2 follows 9H; seat 3 to play.

What seat 3 knows then: its own hand KS TH 8H 7H KC QC; played 8D QD KD JD AS 9D 8S QS KH 9H; seat 2's trump card 7D
(shown: in seat 2's hand until played). Unseen: JS 9S TS 7S, JH AH QH, AD TD, JC 9C AC TC 8C 7C -- 15 cards.
Seat 1 cut the spade lead: it holds no spade; anything else unseen it may hold (it holds JC 9C AC TC QH).
Seat 2 and seat 0 followed every lead: any unseen card, and seat 2 surely 7D.
"""

from __future__ import annotations

import random

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.replay import pass_until
from thunee_dsl.players.knowledge import Knowledge, forget_knowledge
from thunee_dsl.players.worlds import forget_positions, sample_worlds

HANDS = {0: "JD AD TD JS 9S AS TS AH", 1: "8D 9D JC 9C AC TC KH QH", 2: "7D QD 8S 7S JH 9H 8C 7C",
         3: "KD KS QS TH 8H 7H KC QC"}
ACTIONS = ["1 pass",  # no redeal asked
           "1 pass", "2 bid 160", "3 pass", "0 pass", "2 trump 7D",
           "2 pass", "3 pass", "0 pass", "1 pass",  # the second bidding, on eight cards
           "1 play 8D", "2 play QD", "3 play KD", "0 play JD",
           "0 play AS", "1 play 9D down", "2 play 8S", "3 play QS",
           "1 play KH", "2 play 9H"]


def position(actions=ACTIONS) -> GameState:
    """The worked deal played to after ``actions``, every seat not named passing where it may."""
    r = shipped_ruleset("304")
    names = r.deck.names
    game = GameState(r, seed=0, dealer=0, auto_deal=False)
    game.start_deal([[names.index(c) for c in HANDS[s].split()] for s in range(4)])
    for text in actions:
        action = Action.parse(text)
        assert pass_until(game, lambda legal: action in legal), text
        game.apply(action)
    return game


def cards(r, text: str) -> int:
    return r.deck.mask_of(r.deck.names.index(c) for c in text.split())


def test_after_a_cut_the_first_lead_of_a_trump_shows_nothing_and_the_cut_shows_a_void():
    forget_knowledge()
    game = position()
    r = game.ruleset
    view = game.view(3)
    assert view.trump == "D" and view.trump_revealed and view.trump_card == "7D" and game.to_act == 3
    k = Knowledge(r, view)
    unseen = cards(r, "JS 9S TS 7S JH AH QH AD TD JC 9C AC TC 8C 7C")
    assert k.pool == unseen
    assert k.may_hold(1) == unseen & ~cards(r, "JS 9S TS 7S")  # no spade: it cut the spade lead
    assert cards(r, "JC 9C AC TC QH") & ~k.may_hold(1) == 0  # (seat 1's real cards)
    assert k.may_hold(2) == unseen | cards(r, "7D") and k.forced[2] == cards(r, "7D")
    assert k.may_hold(0) == unseen
    forget_positions()
    assert sample_worlds(k, random.Random(1), 2), "no sampled deal replays to this decision"


def test_a_card_played_face_down_unseen_shows_its_player_could_not_follow():
    """Trick 2 before its end, seat 3 to play: seat 1's 9D is "??" to it (a card face down is turned up only at the
    trick's end, and only a trump): seat 1 could not follow spades, so it holds none; its face-down card is no
    spade either, and is one more card out of play, which one unknown."""
    forget_knowledge()
    game = position(ACTIONS[:17])
    r = game.ruleset
    view = game.view(3)
    assert view.trick == ((0, "AS"), (1, "??"), (2, "8S")) and view.trump is None
    k = Knowledge(r, view)
    spades = r.deck.suit_masks[r.deck.suits.index("S")]
    assert k.may_hold(1) & spades == 0
    assert k.hidden_plays == ((1, spades),)
    # seat 3 does not know trumps: seat 2, the trump maker, may hold any unseen card (its trump card among them)
    assert k.may_hold(2) == k.pool
    forget_positions()
    assert sample_worlds(k, random.Random(1), 2), "no sampled deal replays to this decision"
