"""Royals (royals ruleset): the reversed ranking decides who wins the tricks."""

from pathlib import Path

import pytest

from thunee_dsl.errors import TranscriptError
from thunee_dsl.game.transcript import replay_text

HERE = Path(__file__).resolve().parents[1] / "transcripts" / "royals"


def test_royals_with_the_reversed_ranking_wins_every_trick():
    report = replay_text((HERE / "royals_success.yaml").read_text(), "royals_success.yaml").to_json()
    (deal,) = report["deals"]
    # seat 2's QS, KS, QH, QD, QC, KH each top their trick when Q K 10 A 9 J: Royals succeeds, 4 balls
    assert deal["undertaking"] == "royals" and deal["trump"] == "S" and deal["trump_maker"] == 2
    assert deal["balls"] == [4, 0]
    assert report["score"] == [4, 0]


def test_the_same_play_as_thunee_is_caught_at_the_first_trick():
    # with the usual ranking seat 3's JS beats the QS led: a Thunee is caught by an opponent, 4 balls to team 1
    text = (HERE / "royals_success.yaml").read_text().replace("ruleset: royals", "ruleset: standard")
    text = text.replace("- 2 royals", "- 2 thunee")
    (deal,) = replay_text(text, "as_thunee.yaml").to_json()["deals"]
    assert deal["undertaking"] == "thunee" and deal["balls"] == [0, 4]


def test_royals_is_not_a_call_of_the_standard_game():
    text = (HERE / "royals_success.yaml").read_text().replace("ruleset: royals", "ruleset: standard")
    with pytest.raises(TranscriptError, match=r'action 2 "2 royals": unknown action \'royals\''):
        replay_text(text, "x.yaml")


def test_blind_royals_after_four_cards_for_six_balls():
    # seat 2 calls Blind Royals having seen QS KS QH QD; QC KH stay face down until its 4th trick,
    # then win the last two: 6 balls, as Blind Thunee
    text = (HERE / "royals_success.yaml").read_text().replace("- 2 royals", "- 2 blind-royals")
    (deal,) = replay_text(text, "blind_royals.yaml").to_json()["deals"]
    assert deal["undertaking"] == "blind-royals" and deal["balls"] == [6, 0]
