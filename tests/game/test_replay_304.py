"""304 (rulesets/304.yaml): the golden transcripts of tests/transcripts/304/, each worked by hand in its comments
from the rule texts (docs/rules/304.md), and the refusals a 304 table would give."""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError, TranscriptError
from thunee_dsl.game.transcript import replay_text
from thunee_dsl.loading import load_ruleset_text as load_text
from thunee_dsl.model.compile import compile_ruleset
from thunee_dsl.model.rulebook import render_rulebook

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "transcripts" / "304"
CLOSED = "closed_trump_to_the_last_trick.yaml"
SECOND = "second_bidding_takes_over_and_fails.yaml"
REDEAL = "redeal_partner_bid_and_ask.yaml"


def text_of(name: str) -> str:
    return (HERE / name).read_text()


def replay(name: str, text: str | None = None) -> dict:
    return replay_text(text if text is not None else text_of(name), name).to_json()


def refusal(name: str, old: str, new: str) -> str:
    """The refusal of the transcript ``name`` with its line ``old`` changed to ``new``."""
    text = text_of(name)
    assert old in text
    with pytest.raises(TranscriptError) as excinfo:
        replay(name, text.replace(old, new, 1))
    return str(excinfo.value)


def test_the_pack_ranks_jack_nine_ace_ten_and_holds_304_points():
    rules = load_ruleset("304")
    assert rules.deck.ranks == ("J", "9", "A", "T", "K", "Q", "8", "7")
    assert sum(rules.deck.points) == 304 and rules.batches == (4, 4) and rules.direction == "counterclockwise"


def test_a_trump_cut_face_down_wins_and_shows_the_trump():
    (deal,) = replay(CLOSED)["deals"]
    # team 1: 40 + 34 + 26 + 31 + 34 + 26 + 60 = 251; team 0: 53 (trick 7); 8H cut face down wins trick 8
    assert deal["card_points"] == [53, 251] and deal["trump"] == "H" and deal["trump_maker"] == 1
    assert deal["seat_tricks"] == [0, 7, 1, 0]


def test_a_bid_under_200_made_takes_one_stone_from_the_opponents():
    report = replay(CLOSED)
    assert report["deals"][0]["balls"] == [0, 1] and report["deals"][0]["score_after"] == [10, 12]


def test_a_bid_of_250_on_eight_cards_takes_the_trump_over_and_shows_it_after_the_first_trick():
    (deal,) = replay(SECOND)["deals"]
    # seat 0 made hearts at 170; seat 3's 250 takes over (clubs); 188 of 250: lost, 4 stones to team 0
    assert deal["bid"] == 250 and deal["trump"] == "C" and deal["trump_maker"] == 3
    assert deal["card_points"] == [116, 188] and deal["balls"] == [4, 0] and deal["score_after"] == [15, 7]


def test_the_dealers_right_may_ask_for_a_redeal_under_15_points():
    first, second = replay(REDEAL)["deals"]
    assert first["cancelled"] is True and first["balls"] == [0, 0] and second["dealer"] == 0  # the same dealer


def test_only_the_dealers_right_may_ask_for_a_redeal():
    # seat 2 holds JS 9S AS TS (71) and is not the dealer's right: refused with the reason, not its points
    said = refusal(REDEAL, "- 1 redeal", "- 2 redeal")
    assert "only seat 1 may claim a redeal, not seat 2" in said


def test_a_redeal_needs_fewer_than_15_card_points():
    # deal 2's seat 1 holds JH 8H 7D 8D: 30 card points
    text = text_of(REDEAL).replace("      - 1 partner", "      - 1 redeal\n      - 1 partner", 1)
    with pytest.raises(TranscriptError, match=r"seat 1 may not claim a redeal \(seat.points_held < 15 is false\)"):
        replay(REDEAL, text)


def test_a_partner_asked_to_bid_bids_for_the_team():
    second = replay(REDEAL)["deals"][1]
    # team 1 takes all eight tricks: 50 + 32 + 16 + 12 + 35 + 53 + 36 + 70 = 304 of 200: 2 stones
    assert second["bid"] == 200 and second["trump_maker"] == 3 and second["trump"] == "S"
    assert second["card_points"] == [0, 304] and second["balls"] == [0, 2] and second["score_after"] == [9, 13]


def test_a_partner_is_asked_once_a_team():
    said = refusal(REDEAL, "      - 2 pass\n      - 3 pass\n", "      - 2 pass\n      - 3 partner\n")
    assert "legal now" in said and "3 partner" not in said.split("legal now")[1]


def test_bids_go_up_in_tens_from_160():
    said = refusal(CLOSED, "- 1 bid 160", "- 1 bid 165")
    offered = said.split("legal now")[1]
    assert "1 bid 160, 1 bid 170, 1 bid 180" in offered and "1 bid 165" not in offered


def test_a_second_turn_bids_200_or_more():
    # seat 3 bid 160 and seat 0 170: seat 3's second turn offers 200 and up, not 180
    said = refusal(SECOND, "      - 3 pass    # a second turn", "      - 3 bid 180    # a second turn")
    assert "3 bid 200" in said.split("legal now")[1] and "3 bid 180" not in said.split("legal now")[1]


def test_a_revoke_is_refused_with_its_reason():
    # trick 1 of example 1: JC led, seat 2 holds AC and 8C: it must follow clubs
    said = refusal(CLOSED, "- 2 play 8C", "- 2 play QS")
    assert "seat 2 must follow suit (C)" in said


def test_a_player_who_cannot_follow_plays_face_down_or_asks_while_trumps_are_closed():
    # trick 2 of example 1: seat 2 has no heart; trumps are closed: a card face up is refused
    said = refusal(CLOSED, "- 2 play QS down", "- 2 play QS")
    # (the actions themselves are in the legal ones listed: "2 play QS down", "2 ask")
    assert "cannot follow suit while trumps are closed: a card is played face down, or trumps are asked to be " \
        "shown; legal now: " in said and "2 play QS down" in said and said.endswith("2 ask")


def test_the_trumpers_face_down_card_is_not_led():
    # seat 1 (the trumper) may not lead its trump card 8H while trumps are closed
    said = refusal(CLOSED, "- 1 play JC    # trick 1", "- 1 play 8H    # trick 1")
    assert "8H is the closed trump card" in said


def test_the_trumper_cannot_ask_for_its_own_trump():
    said = refusal(REDEAL, "- 2 ask", "- 1 ask")
    assert "legal now" in said


def test_the_rulebook_speaks_of_stones_bids_in_points_and_the_dealers_right():
    book = render_rulebook(load_ruleset("304"))
    assert "**Redeal**: the player to the dealer's right may throw the cards in" in book
    assert "number of card points their team will take" in book and "stones" in book
    for word in ("Thunee", "Jodi", "corner house", "Khanaak", "balls", "Calling"):
        assert word not in book


def test_redeal_by_is_a_seat_of_the_dealer_only():
    text = (ROOT / "rulesets" / "304.yaml").read_text().replace("by: dealer+1", "by: caller+1")
    with pytest.raises(RulesetError, match=r"redeal.by: 'caller' is not known here; use dealer"):
        load_ruleset_text(text)


def load_ruleset_text(text: str):
    return compile_ruleset(load_text(text, str(ROOT / "rulesets" / "x.yaml")))


def test_every_player_passing_throws_the_cards_in_in_words():
    text = text_of(CLOSED).replace("- 1 bid 160", "- 1 pass").split("      - 1 trump 8H")[0]
    (deal,) = replay(CLOSED, text)["deals"]
    assert deal["cancelled"] is True and deal["balls"] == [0, 0]
    assert deal["explanation"] == ["everyone passed: the cards are thrown in, no score, and the same dealer deals again"]


def test_the_replay_says_the_stones_taken_from_the_losers():
    from thunee_dsl.cli.replay_text import replay_text as told
    said = told(replay_text(text_of(REDEAL), REDEAL))
    # deal 2: a 200 bid made, 2 stones from team 0 (Seats 1 and 3) to team 1 (Seats 2 and 4): 11-11 -> 9-13
    assert "Stones this deal: Seats 2 and 4 take 2 from Seats 1 and 3; score 9-13" in said


def test_the_diff_from_standard_says_each_games_unit_and_the_dealers_right():
    from thunee_dsl.model.diff import diff_rulesets
    said = [c.text for c in diff_rulesets(load_ruleset("standard"), load_ruleset("304"))]
    assert "Game won at: 12 balls -> 22 stones" in said
    assert any(t.startswith("Adds Redeal:") and t.endswith("by the player to the dealer's right") for t in said)


def test_a_deal_thrown_in_by_all_passing_is_not_counted_as_spoilt_trumps():
    from thunee_dsl.simulation import simulate
    result = simulate([load_ruleset("304")], games=1, bots="typical", seed=3, focus=False).rulesets[0]
    deals = [d for g in result.games for d in g.deals]
    spoilt = sum(1 for d in deals if d.cancelled and d.trump_maker is not None)
    assert any(d.cancelled and d.trump_maker is None for d in deals)  # (every player passed: no trumps made)
    assert {c.rule: c for c in result.coverage}["cancellation"].deals == spoilt


def test_an_overlay_may_extend_304_unquoted(tmp_path):
    # 'extends: 304' is read by YAML as the number 304: it still names the ruleset (was refused as "a whole number")
    path = tmp_path / "ours.yaml"
    path.write_text("extends: 304\nname: ours\ntitle: Ours\nredeal:\n  allowed_if: seat.points_held < 20\n")
    ours = load_ruleset(str(path))
    assert ours.redeal.allowed_if.text == "seat.points_held < 20" and ours.redeal.seat is not None
