"""Blind Thunee (blind-thunee ruleset): called after four cards, the last two face down until four tricks are won."""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import TranscriptError
from thunee_dsl.game import Action, GameState
from thunee_dsl.game.transcript import replay_text

ROOT = Path(__file__).resolve().parents[2]
SUCCESS = ROOT / "tests" / "transcripts" / "blind-thunee" / "blind_thunee_success.yaml"


def test_blind_thunee_succeeds_for_six_balls():
    report = replay_text(SUCCESS.read_text(), "blind.yaml").to_json()
    (deal,) = report["deals"]
    assert deal["undertaking"] == "blind-thunee" and deal["trump"] == "S" and deal["balls"] == [6, 0]


def test_blind_thunee_worth_eight_as_a_house_rule():
    house = ROOT / "examples" / "house" / "blind-thunee-eight.yaml"
    text = SUCCESS.read_text().replace("ruleset: blind-thunee", f"ruleset: {house}")
    assert replay_text(text, "blind8.yaml").to_json()["deals"][0]["balls"] == [8, 0]


def test_the_face_down_cards_cannot_be_played_before_four_tricks():
    # seat 2 leads JD, one of its two face-down cards, to the first trick
    text = SUCCESS.read_text().replace("      - 2 play JS\n", "      - 2 play JD\n", 1)
    with pytest.raises(TranscriptError, match=r'"2 play JD": JD is still face down: seat 2 may not look at it '
                                              r'before 4 tricks are won; legal now: 2 play JS, 2 play 9S, 2 play AS, 2 play JH'):
        replay_text(text, "early.yaml")


def test_the_blind_caller_sees_four_cards_until_it_has_won_four_tricks():
    rules = load_ruleset("blind-thunee")
    names = ["9H AH TH KH QH QS", "9D AD TD KD QD TS", "JS 9S AS JH JD JC", "9C AC TC KC QC KS"]
    game = GameState(rules, auto_deal=False)
    game.start_deal([[rules.deck.card(c) for c in hand.split()] for hand in names])
    for text in ("1 trump 9D", "2 blind-thunee"):
        while game.deal.window is not None and Action.parse(text) not in game.legal_actions():
            game.pass_window()
        game.apply(Action.parse(text))
    while game.deal.window is not None:
        game.pass_window()
    view = game.view(2)
    assert view.hand == ("JS", "9S", "AS", "JH") and view.unseen == 2
    for card in ("JS", "KS", "QS", "TS", "9S", "9C", "9H", "9D", "AS", "AC", "AH", "AD", "JH", "TC", "TH", "TD"):
        game.apply(Action(game.to_act, "play", card))
    assert game.deal.seat_tricks[2] == 4
    view = game.view(2)
    assert view.hand == ("JD", "JC") and view.unseen == 0
