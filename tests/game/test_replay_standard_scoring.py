"""Golden transcripts of the standard (four-player South African) game, rule by rule.

Every transcript under ``tests/transcripts/standard/`` was built by hand: the cards are chosen so
that play is easy to follow, every card played was checked against follow-suit and the undercut
rule, and each trick's card points are written in a comment after the trick. The expected results
below are worked out from the rules (shared/rules/thunee-pagat.txt), with the arithmetic in the
comments; they were not copied from the interpreter's output.

Reminders used throughout: card points J 30, 9 20, A 11, T 10, K 3, Q 2 (76 a suit, 304 in all);
seat s + 1 plays after seat s; team = seat % 2; with no call the dealer's right (dealer + 1) makes
trumps, so with dealer 0 the makers are team 1 and the counting team is team 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl.game.transcript import replay_file, replay_text

TRANSCRIPTS = Path(__file__).resolve().parent.parent / "transcripts" / "standard"


def replay(name: str) -> dict:
    return replay_file(TRANSCRIPTS / name).to_json()


def only_deal(report: dict) -> dict:
    assert len(report["deals"]) == 1
    return report["deals"][0]


# --------------------------------------------------------------------------------------------
# 1. The pagat worked example: call 30, the makers' 40 Jodie, makers win the last trick:
#    the counting team starts "20 out" (+30 - 40 - 10) and needs 125 in cards.
# --------------------------------------------------------------------------------------------

def test_pagat_example_counting_team_with_125_in_cards_wins_2_balls():
    report = replay("pagat_call30_jodie40_counting125.yaml")
    deal = only_deal(report)
    # calls 10 (seat 0), 20 (seat 1), 30 (seat 2): seat 2 makes trumps with KS -> makers team 0
    assert (deal["call"], deal["trump"], deal["trump_maker"]) == (30, "S", 2)
    # counting team 1 wins trick 1 (JC 9H TD QC = 30+20+10+2 = 62) and trick 3 (AS JS AH AD = 11+30+11+11 = 63)
    # = 125; the makers take the rest: 304 - 125 = 179
    assert deal["card_points"] == [179, 125]
    # seat 2 holds KS QS (no JS) of trumps: a 40 Jodie, for the makers
    assert deal["declared"] == [40, 0]
    # counting team: 125 cards + 30 call - 40 Jodie - 10 last trick = 105 >= 105 -> counting wins,
    # and since a call was made it opens 2 balls
    assert deal["balls"] == [0, 2]
    assert report["score"] == [0, 2]
    assert report["winner"] is None


def test_pagat_example_counting_team_with_124_in_cards_loses_1_ball():
    report = replay("pagat_call30_jodie40_counting124.yaml")
    deal = only_deal(report)
    assert (deal["call"], deal["trump"], deal["trump_maker"]) == (30, "S", 2)
    # trick 1: JC 9H AD QC = 30+20+11+2 = 63; trick 3: AS JS TH TD = 11+30+10+10 = 61; 63 + 61 = 124
    assert deal["card_points"] == [180, 124]
    assert deal["declared"] == [40, 0]
    # counting team: 124 + 30 - 40 - 10 = 104 < 105 -> the trump makers (team 0) win 1 ball (call or not)
    assert deal["balls"] == [1, 0]
    assert report["score"] == [1, 0]


# --------------------------------------------------------------------------------------------
# 2. No call: the counting team needs 105; the last trick is worth +/- 10.
# --------------------------------------------------------------------------------------------

def test_no_call_counting_team_reaches_105_with_the_last_trick_1_ball():
    deal = only_deal(replay("no_call_counting_105.yaml"))
    assert (deal["call"], deal["trump"], deal["trump_maker"]) == (0, "C", 1)
    # counting team 0 wins trick 5 (QS JH TD TS = 2+30+10+10 = 52) and trick 6 (AS QD TH 9D = 11+2+10+20 = 43)
    assert deal["card_points"] == [95, 209]
    assert deal["tricks"] == [2, 4]
    # 95 + 10 (won the last trick) = 105 >= 105 -> counting team wins; no call -> 1 ball
    assert deal["balls"] == [1, 0]


def test_no_call_counting_team_with_114_loses_the_last_trick_and_has_104():
    report = replay("no_call_counting_104.yaml")
    deal = only_deal(report)
    assert (deal["call"], deal["trump"], deal["trump_maker"]) == (0, "C", 1)
    # counting team 0 wins trick 3 (QS TH JD 9S = 2+10+30+20 = 62) and trick 4 (TS QD 9H 9D = 10+2+20+20 = 52)
    assert deal["card_points"] == [114, 190]
    # 114 - 10 (lost the last trick) = 104 < 105 -> the makers (team 1) win 1 ball
    assert deal["balls"] == [0, 1]
    assert report["score"] == [0, 1]


# --------------------------------------------------------------------------------------------
# 3. Calling to make trumps.
# --------------------------------------------------------------------------------------------

def test_calls_alternate_teams_up_to_104_and_the_last_caller_makes_trumps():
    deal = only_deal(replay("calling_war_to_104.yaml"))
    # 0:10 1:20 2:30 3:40 0:50 1:60 2:70 3:80 0:90 1:100 2:104 -- seat 2 then places JS
    assert deal["call"] == 104
    assert (deal["trump"], deal["trump_maker"]) == ("S", 2)
    # the counting team (1) wins only trick 1: QD KH KD KC = 2+3+3+3 = 11; makers 304 - 11 = 293
    assert deal["card_points"] == [293, 11]
    # counting team: 11 + 104 call - 10 last trick = 105 >= 105 -> counting wins after a call: 2 balls
    assert deal["balls"] == [0, 2]


def test_simultaneous_call_10_then_30_counts_30_for_the_counting_team():
    deal = only_deal(replay("calling_simultaneous_10_30.yaml"))
    # seat 0 calls 10, seat 3 answers 30 at once (a simultaneous call, 20 more); seat 3 makes clubs trumps
    assert (deal["call"], deal["trump"], deal["trump_maker"]) == (30, "C", 3)
    # counting team 0: trick 1 TH AD TS QD = 10+11+10+2 = 33, trick 5 QS 9H TD 9S = 2+20+10+20 = 52 -> 85
    assert deal["card_points"] == [85, 219]
    # 85 + 30 call - 10 last trick = 105 -> counting team wins after a call: 2 balls
    assert deal["balls"] == [2, 0]


def test_trump_last_card_makes_the_suit_of_the_choosers_sixth_card_trumps():
    deal = only_deal(replay("trump_last_card.yaml"))
    # seat 1's first four cards are JD 9D AD TD, its sixth is QC: clubs are trumps
    assert (deal["trump"], deal["trump_maker"], deal["call"]) == ("C", 1, 0)
    # counting team 0: trick 5 QS KH KD TS = 2+3+3+10 = 18, trick 6 9S QD JH JD = 20+2+30+30 = 82 -> 100
    assert deal["card_points"] == [100, 204]
    # 100 + 10 last trick = 110 >= 105 -> counting team, no call: 1 ball
    assert deal["balls"] == [1, 0]


# --------------------------------------------------------------------------------------------
# 5. Thunee.
# --------------------------------------------------------------------------------------------

def test_thunee_that_wins_every_trick_opens_4_balls():
    report = replay("thunee_success.yaml")
    deal = only_deal(report)
    # seat 2 calls Thunee and leads JS: spades are trumps and seat 2 makes them
    assert (deal["undertaking"], deal["trump"], deal["trump_maker"]) == ("thunee", "S", 2)
    assert deal["tricks"] == [6, 0]
    assert deal["card_points"] == [304, 0]
    # success: the caller's team opens 4 balls
    assert deal["balls"] == [4, 0]
    assert report["score"] == [4, 0]


def test_thunee_caught_by_an_opponent_stops_play_and_opens_4_balls_for_them():
    deal = only_deal(replay("thunee_caught_by_opponent.yaml"))
    assert (deal["undertaking"], deal["trump"], deal["trump_maker"]) == ("thunee", "S", 2)
    # seat 2 wins trick 1 (JS AS KS QS = 30+11+3+2 = 46) and trick 2 (9S QC TS QD = 20+2+10+2 = 34): 80;
    # in trick 3 seat 3's JC beats seat 2's KC and play stops there: the six actions after it are ignored
    # (were they replayed, trick 3 would be complete and a 4th trick started)
    assert deal["tricks"] == [2, 0]
    assert deal["card_points"] == [80, 0]
    # caught by an opponent: the opponents (team 1) open 4 balls
    assert deal["balls"] == [0, 4]


def test_thunee_caught_by_the_callers_partner_opens_8_balls_for_the_opponents():
    deal = only_deal(replay("thunee_partner_catch.yaml"))
    assert (deal["undertaking"], deal["trump"], deal["trump_maker"]) == ("thunee", "S", 2)
    # seat 2 leads AS, seat 3 follows QS, partner seat 0 must follow with its only spade, JS, beating AS:
    # play stops before seat 1 plays, and no trick is complete
    assert deal["tricks"] == [0, 0]
    # partner catch: the opponents open 8 balls
    assert deal["balls"] == [0, 8]


def test_thunee_is_thrown_in_when_the_opponents_hold_no_card_of_the_suit_led():
    report = replay("thunee_cancelled_no_trumps.yaml")
    first, redeal = report["deals"]
    # seat 2 leads JH after calling Thunee: hearts are trumps but seats 1 and 3 hold no heart
    assert first["cancelled"] is True
    assert first["balls"] == [0, 0]
    assert first["trump"] == "H"
    # the same dealer deals again; the redeal is the no-call 105 deal: 95 + 10 = 105 -> team 0, 1 ball
    assert redeal["dealer"] == first["dealer"] == 0
    assert redeal["balls"] == [1, 0]
    assert report["score"] == [1, 0]


# --------------------------------------------------------------------------------------------
# 6. Jodies: added for the counting team, subtracted for the makers.
# --------------------------------------------------------------------------------------------

def test_jodie_counting_team_20_is_added_and_makers_30_is_subtracted():
    deal = only_deal(replay("jodie_counting20_makers30.yaml"))
    assert (deal["trump"], deal["trump_maker"], deal["call"]) == ("C", 1, 0)
    # seat 0: KH QH, hearts not trumps, no JH -> 20; seat 3: JS KS QS, spades not trumps -> 30
    assert deal["declared"] == [20, 30]
    # counting team 0: trick 1 9C AC QD QC = 20+11+2+2 = 35, trick 5 QS TH 9D TS = 2+10+20+10 = 42,
    # trick 6 AS KS KH AD = 11+3+3+11 = 28 -> 105
    assert deal["card_points"] == [105, 199]
    # 105 + 20 - 30 + 10 (last trick) = 105 >= 105 -> counting team: 1 ball
    # (the signs matter: ignoring the 20 gives 85, the makers would win)
    assert deal["balls"] == [1, 0]


def test_jodie_declared_after_the_teams_third_trick_counting_50_makers_20():
    deal = only_deal(replay("jodie_counting50_after_third_trick_makers20.yaml"))
    assert (deal["trump"], deal["trump_maker"]) == ("C", 1)
    # counting seat 2 declares JC KC QC of trumps after its team's 3rd trick: 50;
    # makers' seat 3 declares KD QD after their 1st trick (trick 4): 20
    assert deal["declared"] == [50, 20]
    # counting team: 45 + 37 + 61 + 52 = 195 in cards
    assert deal["card_points"] == [195, 109]
    # 195 + 50 - 20 - 10 (seat 1 wins the last trick) = 215 >= 105 -> counting team: 1 ball
    assert deal["balls"] == [1, 0]


def test_jodie_makers_50_is_subtracted_and_counting_team_30_is_added():
    report = replay("jodie_makers50_counting30.yaml")
    deal = only_deal(report)
    assert (deal["trump"], deal["trump_maker"]) == ("C", 1)
    # makers' seat 1: JC KC QC of trumps -> 50; counting seat 0: JH KH QH (not trumps) -> 30
    assert deal["declared"] == [30, 50]
    # counting team 0: trick 2 KC 9C TC TS = 3+20+10+10 = 43, trick 3 AH JS JH 9D = 11+30+30+20 = 91 -> 134
    assert deal["card_points"] == [134, 170]
    # 134 + 30 - 50 - 10 (last trick) = 104 < 105 -> makers (team 1): 1 ball
    # (with the Jodie signs swapped it would be 144 and the counting team would win)
    assert deal["balls"] == [0, 1]
    assert report["score"] == [0, 1]


def test_jodie_two_declared_after_one_trick_counting_40_and_20():
    deal = only_deal(replay("jodie_counting40_and_20.yaml"))
    assert (deal["trump"], deal["trump_maker"]) == ("C", 1)
    # after trick 1 seat 2 declares KD QD (20) and seat 0 KC QC of trumps without JC (40): 60 for team 0
    assert deal["declared"] == [60, 0]
    # counting team 0 wins only trick 1: AS KS JH AD = 11+3+30+11 = 55
    assert deal["card_points"] == [55, 249]
    # 55 + 20 + 40 - 10 (last trick) = 105 >= 105 -> counting team: 1 ball
    assert deal["balls"] == [1, 0]


def test_jodie_either_member_of_the_team_may_declare_first():
    # the same deal with seat 0's 40 declared before seat 2's 20 (seat 2 won the trick and is polled first)
    text = (TRANSCRIPTS / "jodie_counting40_and_20.yaml").read_text(encoding="utf-8")
    swapped = text.replace("- 2 jodie D\n      - 0 jodie C", "- 0 jodie C\n      - 2 jodie D")
    assert swapped != text
    deal = only_deal(replay_text(swapped, "swapped.yaml").to_json())
    # 20 + 40 = 60 for the counting team; 55 + 60 - 10 = 105 -> 1 ball, as before
    assert deal["declared"] == [60, 0]
    assert deal["balls"] == [1, 0]


# --------------------------------------------------------------------------------------------
# 7. Double and Khanaak.
# --------------------------------------------------------------------------------------------

def test_double_that_wins_every_trick_opens_2_balls():
    deal = only_deal(replay("double_success.yaml"))
    assert deal["claim"] == "double"
    assert (deal["trump"], deal["trump_maker"], deal["call"]) == ("C", 1, 0)
    # makers team 1 win all six tricks, seat 3 (the caller) wins the last
    assert deal["tricks"] == [0, 6]
    assert deal["card_points"] == [0, 304]
    assert deal["balls"] == [0, 2]


def test_double_fails_when_the_callers_last_card_is_beaten_4_balls_to_opponents():
    deal = only_deal(replay("double_fails.yaml"))
    assert deal["claim"] == "double"
    # seat 3 leads QS to the last trick; seat 2 (counting) beats it with KS
    assert deal["tricks"] == [1, 5]
    assert deal["balls"] == [4, 0]


def test_double_by_the_counting_team_after_a_call_is_backward_4_balls():
    deal = only_deal(replay("double_backward.yaml"))
    assert deal["claim"] == "double"
    # seat 0 called 10 and made spades trumps: counting team 1 wins all six, seat 3 calls Double
    assert (deal["call"], deal["trump"], deal["trump_maker"]) == (10, "S", 0)
    assert deal["tricks"] == [0, 6]
    # backward Double: 4 balls
    assert deal["balls"] == [0, 4]


def test_double_by_the_counting_team_without_a_call_is_an_ordinary_double_2_balls():
    deal = only_deal(replay("double_by_counting_team_without_call.yaml"))
    assert deal["claim"] == "double"
    assert (deal["call"], deal["trump"], deal["trump_maker"]) == (0, "H", 1)
    assert deal["tricks"] == [6, 0]
    # a backward Double needs a call of 10 or more; here it is an ordinary one: 2 balls
    assert deal["balls"] == [2, 0]


def test_khanaak_pagat_example_succeeds_with_39_in_cards_3_balls():
    deal = only_deal(replay("khanaak_pagat_counting39.yaml"))
    assert deal["claim"] == "khanaak"
    # seat 0 called 10, seat 3 called 20 and made clubs trumps; seat 3 declared JC KC QC: 50
    assert (deal["call"], deal["trump"], deal["trump_maker"]) == (20, "C", 3)
    assert deal["declared"] == [0, 50]
    # the counting team's only trick: JH KH KS KD = 30+3+3+3 = 39
    assert deal["card_points"] == [39, 265]
    assert deal["tricks"] == [1, 5]
    # counting count: 39 + 20 - 50 - 10 = -1 < 0, the opponents won a trick, seat 3 won the last:
    # Khanaak by the makers succeeds -> 3 balls
    assert deal["balls"] == [0, 3]


def test_khanaak_pagat_example_fails_with_40_in_cards_4_balls_to_opponents():
    deal = only_deal(replay("khanaak_pagat_counting40.yaml"))
    assert deal["claim"] == "khanaak"
    assert (deal["call"], deal["trump"], deal["trump_maker"]) == (20, "C", 3)
    assert deal["declared"] == [0, 50]
    # the counting team's only trick: TH TS TC TD = 10+10+10+10 = 40
    assert deal["card_points"] == [40, 264]
    # counting count: 40 + 20 - 50 - 10 = 0, not below zero: Khanaak fails -> counting team opens 4 balls
    assert deal["balls"] == [4, 0]


def test_khanaak_by_the_counting_team_after_a_call_is_backward_6_balls():
    deal = only_deal(replay("khanaak_backward.yaml"))
    assert deal["claim"] == "khanaak"
    assert (deal["call"], deal["trump"], deal["trump_maker"]) == (10, "S", 0)
    # the makers' only trick: QH QS QD QC = 2+2+2+2 = 8
    assert deal["card_points"] == [8, 296]
    # makers' count: 8 - 10 call - 10 last trick = -12 < 0, they won a trick, seat 3 won the last:
    # backward Khanaak -> 6 balls
    assert deal["balls"] == [0, 6]


# --------------------------------------------------------------------------------------------
# 8. Cancelled deals.
# --------------------------------------------------------------------------------------------

def test_cancelled_deal_scores_nothing_and_the_same_dealer_deals_again():
    report = replay("cancelled_then_same_dealer.yaml")
    first, redeal = report["deals"]
    # seat 1 makes diamonds trumps; seats 0 and 2 hold no diamond
    assert first["cancelled"] is True
    assert first["balls"] == [0, 0]
    assert first["dealer"] == 0
    assert redeal["dealer"] == 0
    assert redeal["cancelled"] is False
    # redeal: the no-call 105 deal (95 + 10 = 105) -> team 0 opens 1 ball
    assert redeal["balls"] == [1, 0]
    assert report["score"] == [1, 0]


def test_cancelled_deal_ignores_the_plays_listed_after_it():
    report = replay("cancelled_with_plays_listed.yaml")
    first, redeal = report["deals"]
    assert first["cancelled"] is True
    assert first["balls"] == [0, 0]
    assert redeal["dealer"] == 0
    assert report["score"] == [1, 0]


# --------------------------------------------------------------------------------------------
# 9. Penalties: the offender's opponents open 4 balls, no other score, the deal ends.
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, balls", [
    # seat 3 holds QS but plays JC to a spade lead -> team 0 opens 4
    ("penalty_revoke.yaml", [4, 0]),
    # seat 0 plays when it is seat 3's turn -> team 1 opens 4
    ("penalty_out_of_turn.yaml", [0, 4]),
    # seat 2 declares a spade Jodie after its team's 1st trick holding 9S AS TS only -> team 1 opens 4
    ("penalty_false_jodie.yaml", [0, 4]),
])
def test_penalty_opens_4_balls_for_the_offenders_opponents(name, balls):
    report = replay(name)
    deal = only_deal(report)
    assert deal["balls"] == balls
    assert report["score"] == balls
    assert deal["claim"] is None


def test_penalty_revoke_ends_the_deal_at_once():
    deal = only_deal(replay("penalty_revoke.yaml"))
    # the revoke is the 2nd card of trick 1: no trick is ever completed, the two cards after it are ignored
    assert deal["tricks"] == [0, 0]
    assert deal["card_points"] == [0, 0]


def test_penalty_double_called_on_corner_house():
    report = replay("penalty_double_on_corner_house.yaml")
    deal = only_deal(report)
    # dealer 1: seat 2 makes clubs trumps, team 0 are the makers and seat 0 says Double at the last trick,
    # but team 0 has 11 balls (corner house): team 1 opens 4 balls and nothing else is scored
    assert deal["dealer"] == 1
    assert deal["balls"] == [0, 4]
    # 11 + 0 = 11, 5 + 4 = 9: nobody has 12
    assert report["score"] == [11, 9]
    assert report["winner"] is None


# --------------------------------------------------------------------------------------------
# 10. Corner house and the end of the game.
# --------------------------------------------------------------------------------------------

def test_team_on_corner_house_that_wins_a_deal_wins_the_game():
    report = replay("corner_house_game_won.yaml")
    deal = only_deal(report)
    # the no-call 105 deal: team 0 opens 1 ball: 11 + 1 = 12
    assert deal["balls"] == [1, 0]
    assert report["score"] == [12, 10]
    assert report["winner"] == 0


@pytest.mark.parametrize("name, start, balls, claim, undertaking", [
    # the pagat Khanaak deal from 5-11: team 1 (on corner house) succeeds with Khanaak: +3 -> 5-14
    ("corner_house_khanaak_allowed.yaml", [5, 11], [0, 3], "khanaak", None),
    # the Thunee deal from 11-3: team 0 (on corner house) wins every trick: +4 -> 15-3
    ("corner_house_thunee_allowed.yaml", [11, 3], [4, 0], None, "thunee"),
])
def test_team_on_corner_house_may_call_khanaak_or_thunee(name, start, balls, claim, undertaking):
    report = replay(name)
    deal = only_deal(report)
    assert (deal["claim"], deal["undertaking"]) == (claim, undertaking)
    assert deal["balls"] == balls  # scored normally, no penalty
    assert report["score"] == [start[0] + balls[0], start[1] + balls[1]]
    assert report["winner"] == (0 if balls[0] else 1)


def test_penalty_can_decide_the_game_against_the_team_on_corner_house():
    report = replay("penalty_decides_game.yaml")
    # seat 0 (team 0, on 11) plays out of turn: team 1 opens 4: 10 + 4 = 14 >= 12
    assert only_deal(report)["balls"] == [0, 4]
    assert report["score"] == [11, 14]
    assert report["winner"] == 1


# --------------------------------------------------------------------------------------------
# 11 + 13. Dealer rotation over six deals, summed by hand.
# --------------------------------------------------------------------------------------------

def test_dealer_rotation_over_six_deals_and_the_running_score():
    report = replay("dealer_rotation_six_deals.yaml")
    deals = report["deals"]
    # deal 1, dealer 0: no-call 104 deal -> makers team 1: +[0, 1] = 0-1; team 0 behind -> seat 0 deals again
    # deal 2, dealer 0: no-call 105 deal -> team 0: +[1, 0] = 1-1; level -> the deal passes to seat 1
    # deal 3, dealer 1: deal 1 turned a seat, the makers are team 0: +[1, 0] = 2-1; team 1 behind -> seat 1 again
    # deal 4, dealer 1: deal 2 turned a seat, the counting team is team 1: +[0, 1] = 2-2; level -> seat 2
    # deal 5, dealer 2: deal 2 turned two seats, counting team 0: +[1, 0] = 3-2; team 0 ahead -> seat 3
    # deal 6, dealer 3 (the transcript says so): the pagat 125 deal turned three seats: seat 1 makes trumps
    #   after calling 30, the counting team is team 0: 125 + 30 - 40 - 10 = 105 -> 2 balls: +[2, 0] = 5-2
    assert [d["dealer"] for d in deals] == [0, 0, 1, 1, 2, 3]
    assert [d["balls"] for d in deals] == [[0, 1], [1, 0], [1, 0], [0, 1], [1, 0], [2, 0]]
    assert [d["trump_maker"] for d in deals] == [1, 1, 2, 2, 3, 1]
    assert deals[5]["call"] == 30
    assert deals[5]["card_points"] == [125, 179]
    # 0+1+1+0+1+2 = 5 for team 0, 1+0+0+1+0+0 = 2 for team 1
    assert report["score"] == [5, 2]
    assert report["winner"] is None


# --------------------------------------------------------------------------------------------
# Invariant over every completed deal of the golden transcripts: the cards add up to 304.
# --------------------------------------------------------------------------------------------

FULL_DEALS = [
    "pagat_call30_jodie40_counting125.yaml", "pagat_call30_jodie40_counting124.yaml",
    "no_call_counting_105.yaml", "no_call_counting_104.yaml", "calling_war_to_104.yaml",
    "calling_simultaneous_10_30.yaml", "trump_last_card.yaml", "thunee_success.yaml",
    "jodie_counting20_makers30.yaml", "jodie_counting50_after_third_trick_makers20.yaml",
    "jodie_makers50_counting30.yaml", "jodie_counting40_and_20.yaml", "double_success.yaml",
    "double_fails.yaml", "double_backward.yaml", "double_by_counting_team_without_call.yaml",
    "khanaak_pagat_counting39.yaml", "khanaak_pagat_counting40.yaml", "khanaak_backward.yaml",
    "dealer_rotation_six_deals.yaml",
]


@pytest.mark.parametrize("name", FULL_DEALS)
def test_every_completed_deal_shares_out_304_card_points_over_6_tricks(name):
    for deal in replay(name)["deals"]:
        assert sum(deal["card_points"]) == 304
        assert sum(deal["tricks"]) == 6
