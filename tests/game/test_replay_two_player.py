"""Two-player Thunee, the two deal game (two-player ruleset): two halves of six tricks, 125 to win."""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import TranscriptError
from thunee_dsl.game.transcript import replay_text

HERE = Path(__file__).resolve().parents[1] / "transcripts" / "two-player"


def test_two_halves_with_the_same_trumps_and_a_125_count():
    (deal,) = replay_text((HERE / "count_125.yaml").read_text(), "count_125.yaml").to_json()["deals"]
    # seat 0: 76 + 45 = 121 in cards, seat 1: 76 + 107 = 183; a 20 Jodie each (one per half)
    assert deal["card_points"] == [121, 183] and deal["declared"] == [20, 20] and deal["tricks"] == [5, 7]
    # 121 + 20 - 20 - 10 = 111 < 125: the trump maker (seat 1) wins 1 ball
    assert deal["trump"] == "H" and deal["trump_maker"] == 1 and deal["balls"] == [0, 1]


def test_jodies_count_the_tricks_of_each_half():
    # seat 1 declares after its first trick of the second half (trick 7) although it won tricks 4-6:
    # declaring the same Jodie right after trick 6 (its team's 3rd trick of the first half) is fine too,
    # but after trick 8 (seat 0's trick) it is not a time for seat 1 to declare
    text = (HERE / "count_125.yaml").read_text().replace("      - 1 jodie C      # 20 Jodie after seat 1's first trick of the second half\n", "")
    text = text.replace("      - 0 play JC\n", "      - 0 play JC\n      - 1 jodie C\n")
    with pytest.raises(TranscriptError, match=r'"1 jodie C": a Jodie may only be declared right after the declaring '
                                              r'team wins its 1st or 3rd trick'):
        replay_text(text, "x.yaml")


def test_the_deal_has_twelve_tricks_in_two_plays():
    rules = load_ruleset("two-player")
    assert rules.seats == 2 and rules.batches == (4, 2, 4, 2) and rules.tricks_per_deal == 12
    assert rules.sequence.count("play") == 2 and rules.cancellation is None


def test_thunee_is_played_on_the_first_six_cards_only():
    # seat 0 calls Thunee and leads its hearts (trumps by the first lead); its TD is beaten by seat 1's JD
    # in trick 4: caught, 4 balls to seat 1, and the second half is never dealt
    text = """\
ruleset: two-player
deals:
  - hands:
      0: [JH, 9H, AH, TD, KD, QD, AC, JC, TC, TS, KS, QS]
      1: [TH, KH, QH, JD, 9D, AD, 9C, KC, QC, JS, 9S, AS]
    actions: [1 trump TH, 0 thunee, 0 play JH, 1 play TH, 0 play 9H, 1 play KH, 0 play AH, 1 play QH,
              0 play TD, 1 play JD]
"""
    report = replay_text(text, "thunee.yaml")
    (deal,) = report.to_json()["deals"]
    assert deal["undertaking"] == "thunee" and deal["balls"] == [0, 4]
    assert report.game.deals[0].result is not None and report.game.deal.batches_dealt == 2
