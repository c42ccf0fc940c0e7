"""Six-player Thunee (six-player ruleset): four tricks of six cards, Trips and Moenie."""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import TranscriptError
from thunee_dsl.game.transcript import replay_text

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "transcripts" / "six-player"


def replay(name: str, ruleset: str | None = None) -> dict:
    text = (HERE / name).read_text()
    if ruleset:
        text = text.replace("ruleset: six-player", f"ruleset: {ruleset}")
    return replay_text(text, name).to_json()


def test_six_player_deal_shape():
    rules = load_ruleset("six-player")
    assert (rules.seats, rules.teams, rules.batches, rules.tricks_per_deal) == (6, 2, (3, 1), 4)
    assert rules.deck.size == rules.seats * rules.hand_size  # every card is dealt


def test_trips_queens_win_three_tricks_and_the_fourth_card_the_last():
    (deal,) = replay("trips_success.yaml")["deals"]
    # no trumps; the Queens beat JS and AS in trick 1; JC wins the last trick: 3 balls to team 1 (seats 1 3 5)
    assert deal["undertaking"] == "trips" and deal["trump"] is None and deal["balls"] == [0, 3]


def test_trips_partner_catch_three_balls_or_six_as_a_house_rule():
    # the caller's AC is beaten by its partner's JC in the last trick: 3 balls to team 0 ...
    assert replay("trips_partner_catch.yaml")["deals"][0]["balls"] == [3, 0]
    # ... 6 where a partner catch costs six
    house = ROOT / "examples" / "house" / "trips-partner-catch-six.yaml"
    assert replay("trips_partner_catch.yaml", str(house))["deals"][0]["balls"] == [6, 0]


def test_moenie_partner_catch_costs_eight_balls_and_ends_the_play():
    (deal,) = replay("moenie_partner_catch.yaml")["deals"]
    # J-10-K-Q against the partner's 9 and A: the partner's 9S beats the TS: partner catch, 8 balls to team 1;
    # the opponents hold no spades, yet the Moenie is played (not thrown in)
    assert deal["undertaking"] == "moenie" and deal["cancelled"] is False and deal["balls"] == [0, 8]


def test_moenie_succeeds_for_four_balls():
    (deal,) = replay("moenie_success.yaml")["deals"]
    assert deal["undertaking"] == "moenie" and deal["trump"] == "S" and deal["balls"] == [4, 0]


def test_moenie_needs_four_of_a_suit_headed_by_the_jack():
    # seat 0 holds four hearts but not the Jack... give it J-less hearts by swapping JH with seat 1's QH
    text = (HERE / "moenie_success.yaml").read_text()
    text = text.replace("0: [JH, 9H, AH, TH]", "0: [QH, 9H, AH, TH]").replace("1: [QH, JD, 9D, AD]", "1: [JH, JD, 9D, AD]")
    text = text.replace("- 1 trump QH", "- 1 trump JH").replace("- 2 moenie", "- 0 moenie")
    with pytest.raises(TranscriptError, match=r"seat 0 may not call Moenie \(seat.suits_held == 1 and seat.top_cards_held == 1 is false\)"):
        replay_text(text, "x.yaml")


def test_trips_needs_three_equal_cards():
    text = (HERE / "trips_success.yaml").read_text().replace("- 3 trips", "- 4 trips")
    with pytest.raises(TranscriptError, match=r"seat 4 may not call Trips \(seat.most_of_a_rank >= 3 is false\)"):
        replay_text(text, "x.yaml")
