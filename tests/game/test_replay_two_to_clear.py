"""Two to clear (two-to-clear ruleset): the deuce reset, a lead of two, and a jump past the deuce."""

from pathlib import Path

import pytest

from thunee_dsl.errors import TranscriptError
from thunee_dsl.game.transcript import replay_file, replay_text

HERE = Path(__file__).resolve().parents[1] / "transcripts" / "two-to-clear"


def test_deuce_at_eleven_all_resets_and_a_lead_of_two_wins():
    report = replay_file(HERE / "deuce_reset_then_lead_of_two.yaml").to_json()
    deals = report["deals"]
    # 11-10, team 1 wins a ball: 11-11 -> both back to 0-0
    assert deals[0]["balls"] == [0, 1] and deals[0]["score_after"] == [0, 0] and deals[0]["deuce"] is True
    # dealer 0's team is level after the reset: the deal passes to seat 1; team 0 wins a ball: 1-0, no winner
    assert deals[1]["dealer"] == 1 and deals[1]["balls"] == [1, 0] and deals[1]["score_after"] == [1, 0]
    assert "deuce" not in deals[1]
    # seat 1's team is behind: seat 1 deals again; a Thunee by seat 3: 1-4, a lead of 3 wins
    assert deals[2]["dealer"] == 1 and deals[2]["balls"] == [0, 4]
    assert report["score"] == [1, 4] and report["winner"] == 1


def test_a_deal_can_jump_past_the_deuce():
    # 11-8 and a 4-ball Thunee for team 1: 11-12 never passed through 11-11, so 12 wins by one
    report = replay_file(HERE / "jump_past_the_deuce.yaml").to_json()
    assert report["deals"][0]["balls"] == [0, 4]
    assert report["score"] == [11, 12] and report["winner"] == 1


def test_the_same_deals_as_standard_end_at_twelve_without_a_reset():
    text = (HERE / "deuce_reset_then_lead_of_two.yaml").read_text().replace("ruleset: two-to-clear", "ruleset: standard")
    # standard: 11-11 stays, deal 2 makes it 12-11 and team 0 wins: the third deal is then an error
    with pytest.raises(TranscriptError, match="deal 3: the game was already won by team 0 after deal 2"):
        replay_text(text, "x.yaml")
