"""A whole game to 12 balls with dealer rotation, summed by hand (tests/transcripts/standard/whole_game_to_12.yaml)."""

from pathlib import Path

from thunee_dsl.game.transcript import replay_file

TRANSCRIPT = Path(__file__).resolve().parents[1] / "transcripts" / "standard" / "whole_game_to_12.yaml"


def test_whole_game_to_twelve_with_dealer_rotation():
    report = replay_file(TRANSCRIPT).to_json()
    deals = report["deals"]
    # deals 1-6 as in dealer_rotation_six_deals.yaml: 0-1, 1-1, 2-1, 2-2, 3-2, 5-2 (a 2-ball deal after a call)
    # deal 7: dealer 3's team 1 is behind 2-5 so seat 3 deals again; Thunee by seat 1 -> 5-6, team 1 ahead: passes
    # deal 8: dealer 0; Thunee by seat 2 -> 9-6; dealer's team ahead: passes
    # deal 9: dealer 1; Thunee by seat 3 -> 9-10; passes
    # deal 10: dealer 2; Thunee by seat 0 -> 13-10: team 0 has 12 or more and wins
    assert [d["dealer"] for d in deals] == [0, 0, 1, 1, 2, 3, 3, 0, 1, 2]
    assert [d["balls"] for d in deals] == [[0, 1], [1, 0], [1, 0], [0, 1], [1, 0], [2, 0],
                                           [0, 4], [4, 0], [0, 4], [4, 0]]
    assert [d["undertaking"] for d in deals[6:]] == ["thunee"] * 4
    assert [d["trump_maker"] for d in deals[6:]] == [1, 2, 3, 0]
    assert report["score"] == [13, 10]
    assert report["winner"] == 0
