"""The heuristic's announcements: making trumps, calling, Jodies, Thunee, claims (ruleset `standard`).

Hand-built deals use dealer 0: seat 1 makes trumps unless seat 2 or 0 calls; the calling window asks
seat 2 first; the Thunee window asks the trump maker's team first (1, 3), then 2, 0.
"""

from __future__ import annotations

import pytest
from bot_helpers import STANDARD, deal, drive, thunee_deal, until_seat

from thunee_dsl.game import Action, GameState
from thunee_dsl.players import HeuristicBot


def bot(seed=1):
    return HeuristicBot(STANDARD, seed=seed)


def full(hands):
    assert sorted(c for h in hands.values() for c in h) == sorted(STANDARD.deck.names)
    return deal(STANDARD, hands)


REST = {2: ["QC", "AH", "JD", "9C", "TD", "KC"], 3: ["9H", "AC", "AS", "TS", "AD", "9S"],
        0: ["9D", "JH", "KH", "JC", "TC", "JS"]}


def test_makes_trumps_in_its_strongest_suit():
    # seat 1's first four cards: KD QD (diamonds), TH, QS. Diamonds score highest (two cards): it places a
    # diamond face down.
    game = full({1: ["KD", "QD", "TH", "QS", "QH", "KS"], **REST})
    view = game.view(1)
    assert {a.verb for a in view.legal} == {"trump"}
    choice = bot().choose(view)
    assert choice.verb == "trump" and choice.arg[-1] == "D"


def test_asks_for_the_last_card_with_a_weak_spread():
    # one card of each suit, none of them a Jack or a Nine: nothing to make trumps on
    game = full({1: ["QS", "KH", "TD", "KC", "TH", "KS"], 2: ["QC", "AH", "JD", "9C", "KD", "QD"],
                 3: ["9H", "AC", "AS", "TS", "AD", "9S"], 0: ["9D", "JH", "QH", "JC", "TC", "JS"]})
    assert bot().choose(game.view(1)) == Action(1, "trump", "last")


def hands_for_calling(seat2_first_four):
    rest = [c for c in STANDARD.deck.names if c not in seat2_first_four]
    hands = {2: list(seat2_first_four) + rest[:2], 1: rest[2:8], 3: rest[8:14], 0: rest[14:20]}
    return full(hands)


def test_calls_with_a_strong_suit():
    game = drive(hands_for_calling(["JS", "9S", "AS", "KD"]), ["1 trump last"])
    view = until_seat(game, 2).view(2)
    assert Action(2, "call", 10) in view.legal
    assert bot().choose(view) == Action(2, "call", 10)


def test_does_not_call_with_a_weak_hand():
    game = drive(hands_for_calling(["QS", "KH", "TD", "AC"]), ["1 trump last"])
    view = until_seat(game, 2).view(2)
    assert bot().choose(view) == Action(2, "pass")


def test_declares_every_jodie_it_holds():
    # seat 1 cuts the first trick with QH and wins it: its team's first trick. It holds K Q of spades and
    # of diamonds: two 20 Jodies, declared one after the other.
    hands = {1: ["QH", "TH", "KS", "QS", "QD", "KD"], 2: ["QC", "JH", "JC", "9C", "TD", "9D"],
             3: ["9H", "JD", "AS", "TS", "AD", "9S"], 0: ["KC", "AH", "KH", "AC", "TC", "JS"]}
    game = drive(full(hands), ["1 trump QH", "2 play QC", "3 play 9S", "0 play KC", "1 play QH"])
    b = bot()
    said = []
    for _ in range(2):
        view = game.view(1)
        assert game.to_act == 1 and view.legal[-1].verb == "pass"
        action = b.choose(view)
        assert action.verb == "jodie"
        said.append(action.arg)
        game.apply(action)
    assert sorted(said) == ["D", "S"]
    assert sorted(d.value for d in game.view(1).declarations) == [20, 20]


def test_calls_thunee_with_a_hand_sure_to_win_every_trick():
    # J 9 A of hearts draw every other heart (three leads for three outstanding), then the Jacks of spades,
    # diamonds and clubs are the top cards left.
    game = drive(thunee_deal(["JH", "9H", "AH", "JS", "JD", "JC"]), ["1 trump QH", "2 pass"])
    view = until_seat(game, 2).view(2)
    assert Action(2, "thunee") in view.legal
    assert bot().choose(view) == Action(2, "thunee")


def test_does_not_call_thunee_when_a_trick_could_be_lost():
    # J 9 K of hearts: the Ace of hearts is out, so it could cut a Jack or beat the King.
    game = drive(thunee_deal(["JH", "9H", "KH", "JS", "JD", "JC"]), ["1 trump QH", "2 pass"])
    view = until_seat(game, 2).view(2)
    assert Action(2, "thunee") in view.legal
    assert bot().choose(view) == Action(2, "pass")


@pytest.mark.parametrize("ruleset_name", ["standard"])
def test_every_claim_it_makes_succeeds(ruleset_name):
    from thunee_dsl import shipped_ruleset
    r = shipped_ruleset(ruleset_name)
    claims = 0
    for seed in range(8):
        game = GameState(r, seed=seed)
        bots = [HeuristicBot(r, seed=seed * 10 + s) for s in range(r.seats)]
        while not game.is_over:
            seat = game.to_act
            game.apply(bots[seat].choose(game.view(seat)))
        for record in game.deals:
            said = [a for a in record.actions if r.claim_by_verb(a.verb) is not None]
            for a in said:
                claims += 1
                team = r.team_of(a.seat)
                assert record.result.balls[team] > 0, f"seed {seed}: {a} failed: {record.result.balls}"
                assert record.result.balls[1 - team] == 0
    assert claims >= 1


def test_undertake_odds_risks_a_thunee_that_wins_most_sampled_deals_and_not_a_hopeless_one():
    # J 9 K of hearts and three Jacks: only the Ace of hearts can beat it, and it falls to the first two
    # heart leads whenever its holder has one or two hearts besides: the heuristic with odds calls it
    # (the table styles weigh the same hand by expected balls: tests/players/test_styles.py)
    bold = HeuristicBot(STANDARD, seed=1, undertake_odds=0.6)
    game = drive(thunee_deal(["JH", "9H", "KH", "JS", "JD", "JC"]), ["1 trump QH", "2 pass"])
    view = until_seat(game, 2).view(2)
    assert bold.choose(view) == Action(2, "thunee")
    assert bot().choose(view) == Action(2, "pass")  # the plain heuristic waits for a sure hand
    # a hand of low cards is not even tried
    game = drive(thunee_deal(["KH", "TH", "KS", "QS", "KD", "QD"]), ["1 trump QH", "2 pass"])
    view = until_seat(game, 2).view(2)
    assert bold.choose(view) == Action(2, "pass")
