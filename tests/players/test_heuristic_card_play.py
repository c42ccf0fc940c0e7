"""The heuristic's card play, on hand-built deals of `standard` (dealer 0).

With dealer 0, seat 1 (dealer's right) makes trumps and seat 2 leads the first trick; play goes
2, 3, 0, 1, so seat 1 plays last. Teams: seats 0 and 2 against seats 1 and 3. Ranks J 9 A T K Q,
points J 30, 9 20, A 11, T 10, K 3, Q 2. Every deal below lists all 24 cards once (checked).
"""

from __future__ import annotations

from bot_helpers import STANDARD, deal, drive, until_play

from thunee_dsl.game import Action
from thunee_dsl.players import HeuristicBot


def bot():
    return HeuristicBot(STANDARD, seed=1)


def at(hands, actions, seat):
    assert sorted(c for h in hands.values() for c in h) == sorted(STANDARD.deck.names)
    game = until_play(drive(deal(STANDARD, hands), actions))
    assert game.to_act == seat
    return game, game.view(seat)


def test_wins_a_trick_with_the_cheapest_card_that_wins():
    # trumps hearts. Trick: KS, QS, TS (seat 0, an opponent, is winning). Seat 1 holds JS 9S AS: all win;
    # the cheapest is AS (11 points, against 20 and 30), and nobody plays after seat 1.
    hands = {1: ["QH", "JS", "9S", "AS", "KD", "QD"], 2: ["KS", "JH", "9D", "AD", "TC", "KC"],
             3: ["QS", "9H", "JD", "TD", "JC", "QC"], 0: ["TS", "AH", "TH", "KH", "9C", "AC"]}
    game, view = at(hands, ["1 trump QH", "2 play KS", "3 play QS", "0 play TS"], 1)
    assert {a.arg for a in view.legal} == {"JS", "9S", "AS"}
    assert bot().choose(view) == Action(1, "play", "AS")


def test_does_not_overtake_a_partner_who_is_winning():
    # Trick: QS, AS (seat 3, seat 1's partner), KS. Seat 1 holds JS 9S TS: JS and 9S would take the trick
    # from its partner; TS (below the Ace) leaves it there and adds 10 points to it.
    hands = {1: ["QH", "JS", "9S", "TS", "KD", "QD"], 2: ["QS", "JH", "9D", "AD", "TC", "KC"],
             3: ["AS", "9H", "JD", "TD", "JC", "QC"], 0: ["KS", "AH", "TH", "KH", "9C", "AC"]}
    game, view = at(hands, ["1 trump QH", "2 play QS", "3 play AS", "0 play KS"], 1)
    assert bot().choose(view) == Action(1, "play", "TS")


def test_throws_points_on_a_partners_winning_trick():
    # Trick: TC, JC (seat 3, partner, the top club), 9C. Seat 1 has no club and plays last, so the trick is
    # its team's: it throws the card worth most that is neither a trump nor a master: 9S (20; JS is out).
    hands = {1: ["QH", "AD", "QD", "KS", "9S", "TH"], 2: ["TC", "JH", "9D", "AS", "KC", "QC"],
             3: ["JC", "9H", "JD", "TD", "QS", "KD"], 0: ["9C", "AH", "AC", "KH", "JS", "TS"]}
    game, view = at(hands, ["1 trump QH", "2 play TC", "3 play JC", "0 play 9C"], 1)
    assert len(view.legal) == 6
    assert bot().choose(view) == Action(1, "play", "9S")


def test_throws_low_when_it_cannot_win():
    # Trick: JS (the top spade), QS, TS. Seat 1 must follow with 9S or KS and neither wins: it keeps the 9.
    hands = {1: ["QH", "9S", "KS", "AD", "QD", "TH"], 2: ["JS", "JH", "9D", "KC", "QC", "TC"],
             3: ["QS", "9H", "JD", "TD", "KD", "JC"], 0: ["TS", "AH", "KH", "AS", "9C", "AC"]}
    game, view = at(hands, ["1 trump QH", "2 play JS", "3 play QS", "0 play TS"], 1)
    assert bot().choose(view) == Action(1, "play", "KS")


CUT_HANDS = {1: ["QH", "TH", "KS", "QS", "QD", "AD"], 2: ["QC", "JH", "JC", "9C", "TD", "9D"],
             3: ["9H", "JD", "AS", "TS", "KD", "9S"], 0: ["KC", "AH", "KH", "AC", "TC", "JS"]}


def test_keeps_its_trumps_when_the_trick_is_cheap():
    # Trick: QC, KD (seat 3 discards), KC: 8 points, an opponent winning, the first of six tricks. Seat 1 has
    # no club; it could cut with QH or TH (its only two trumps) but discards a Queen instead.
    game, view = at(CUT_HANDS, ["1 trump QH", "2 play QC", "3 play KD", "0 play KC"], 1)
    choice = bot().choose(view)
    card = STANDARD.deck.card(choice.arg)
    assert STANDARD.deck.suits[STANDARD.deck.suit_of[card]] != "H"
    assert STANDARD.deck.points[card] == 2  # QS or QD, the cheapest discards


def test_cuts_a_valuable_trick_with_its_lowest_trump():
    # Same deal, but seat 3 discards 9S: the trick holds 2 + 20 + 3 = 25 points. Seat 1 plays last, so any
    # trump wins it: the lowest, QH.
    game, view = at(CUT_HANDS, ["1 trump QH", "2 play QC", "3 play 9S", "0 play KC"], 1)
    assert bot().choose(view) == Action(1, "play", "QH")


def test_leads_a_master_card():
    # Seat 2 leads the first trick (trumps still face down). Its only top card is JD: it leads it rather
    # than a low card (QC, KC).
    hands = {1: ["QH", "TH", "KS", "QS", "QD", "KD"], 2: ["QC", "AH", "JD", "9C", "TD", "KC"],
             3: ["9H", "AC", "AS", "TS", "AD", "9S"], 0: ["9D", "JH", "KH", "JC", "TC", "JS"]}
    game, view = at(hands, ["1 trump QH"], 2)
    assert view.trump is None
    assert bot().choose(view) == Action(2, "play", "JD")
