"""Nigerian Thuni (nigerian-thuni ruleset): the source's examples and what sets the game apart."""

from pathlib import Path

import pytest

from thunee_dsl.errors import TranscriptError
from thunee_dsl.game.transcript import replay_text

HERE = Path(__file__).resolve().parents[1] / "transcripts" / "nigerian-thuni"


def text(name: str) -> str:
    return (HERE / name).read_text()


def test_example_1_a_passer_counts_one_trick_and_a_failed_contract_keeps_only_that():
    (deal,) = replay_text(text("example_1.yaml"), "example_1.yaml").to_json()["deals"]
    assert deal["seat_tricks"] == [2, 2, 2, 2]
    assert deal["bid"] == 4 and deal["trump_maker"] == 2 and deal["trump"] == "C"
    # E+W: contract 3, 4 tricks, both bid -> 4; N+S: 2 + (South passed: 1) = 3 < 4 -> South's 1
    assert deal["balls"] == [1, 4]


def test_example_2_both_bidders_count_all_tricks_and_passers_one_each():
    report = replay_text(text("example_2.yaml"), "example_2.yaml")
    (deal,) = report.to_json()["deals"]
    assert deal["seat_tricks"] == [1, 3, 2, 2]  # South 1, West 3, North 2, East 2
    assert deal["bid"] == 3 and deal["trump_maker"] == 3
    # E+W make 3 with 5 tricks, both bid -> 5; N+S both passed -> 1 + 1 = 2
    assert deal["balls"] == [2, 5]
    # the player who won most tricks, West, deals next
    assert report.game.dealer == 1


def test_when_the_first_three_pass_the_dealer_must_bid_one():
    t = text("example_2.yaml").replace("      - 1 bid 1\n", "      - 1 pass\n").replace("      - 3 bid 3\n", "      - 3 pass\n")
    # West, North, East pass: South, the dealer, may only bid 1
    with pytest.raises(TranscriptError, match=r'"0 pass": .*; legal now: 0 bid 1$'):
        replay_text(t, "x.yaml")


def test_no_trump_may_be_led_to_the_first_trick():
    # in example 2 East names diamonds; leading 8D to the first trick is not allowed while East holds spades
    t = text("example_2.yaml").replace("      - 3 play JS      # tricks 1-2: East\n", "      - 3 play 8D\n")
    with pytest.raises(TranscriptError, match=r'"3 play 8D": .*legal now: 3 play JS, 3 play 9S, 3 play KH, 3 play QH, 3 play KC, 3 play QC'):
        replay_text(t, "x.yaml")


def test_a_team_may_concede_before_bidding_and_the_opponents_score_three():
    t = text("example_2.yaml").replace("      - 1 bid 1\n", "      - 2 concede\n      - 1 bid 1\n")
    report = replay_text(t, "x.yaml").to_json()
    (deal,) = report["deals"]
    assert deal["conceded"] == 0 and deal["balls"] == [0, 3]


def test_sixteen_wins_and_the_higher_score_wins_when_both_reach_it():
    # from 14-12, example 2 scores 2-5: 16-17, both reach 16 and team 1 is higher
    report = replay_text(text("example_2.yaml").replace("ruleset: nigerian-thuni\n", "ruleset: nigerian-thuni\nscore: [14, 12]\n"), "x.yaml")
    assert report.score == (16, 17) and report.winner == 1
    # from 14-11: 16-16, equal: another deal is played
    report = replay_text(text("example_2.yaml").replace("ruleset: nigerian-thuni\n", "ruleset: nigerian-thuni\nscore: [14, 11]\n"), "x.yaml")
    assert report.score == (16, 16) and report.winner is None
