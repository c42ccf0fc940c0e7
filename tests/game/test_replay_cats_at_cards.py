"""The Cats At Cards rules (cats-at-cards ruleset): what distinguishes them from the pagat game."""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import TranscriptError
from thunee_dsl.game.transcript import replay_file, replay_text

ROOT = Path(__file__).resolve().parents[2]
CATS = ROOT / "tests" / "transcripts" / "cats-at-cards"
STANDARD = ROOT / "tests" / "transcripts" / "standard"


def replay(path: Path, ruleset: str | None = None) -> dict:
    text = path.read_text()
    if ruleset:
        text = text.replace("ruleset: standard", f"ruleset: {ruleset}")
    return replay_text(text, path.name, base_dir=path.parent).to_json()


def test_double_is_a_bonus_on_the_normal_result():
    # the makers (team 1) take every card: the counting team has 0 - 10 = -10 < 105 -> 1 ball to team 1;
    # seat 3 led the last trick after its team won five and said Double: +2 -> 3 balls
    (deal,) = replay(CATS / "double_bonus.yaml")["deals"]
    assert deal["claim"] == "double" and deal["balls"] == [0, 3]
    # the same deal under the pagat rules: the Double replaces the normal result, 2 balls
    assert replay(STANDARD / "double_success.yaml")["deals"][0]["balls"] == [0, 2]


def test_a_call_does_not_double_the_counting_teams_ball():
    # 125 + 30 call - 40 Jodie - 10 last trick = 105: the counting team wins 1 ball (pagat: 2)
    (deal,) = replay(CATS / "call_30_counting_wins_one_ball.yaml")["deals"]
    assert deal["call"] == 30 and deal["trump_maker"] == 2 and deal["balls"] == [0, 1]


def test_thunee_fails_when_anyone_else_wins_a_trick():
    # the partner's 9S beats the caller's AS but seat 1's JS wins the trick: under these rules the Thunee
    # is lost to the trick's winner, an opponent: 4 balls (pagat: caught by the partner's card, 8)
    assert replay(STANDARD / "thunee_partner_beats_then_opponent_wins.yaml", "standard")["deals"][0]["balls"] == [0, 8]
    cats = replay(STANDARD / "thunee_partner_beats_then_opponent_wins.yaml", "cats-at-cards")
    assert cats["deals"][0]["balls"] == [0, 4]


def test_no_last_card_and_trumps_only_after_calling():
    text = (STANDARD / "trump_last_card.yaml").read_text().replace("ruleset: standard", "ruleset: cats-at-cards")
    with pytest.raises(TranscriptError, match="trump last"):
        replay_text(text, "x.yaml")
    rules = load_ruleset("cats-at-cards")
    assert rules.trumps.ways == ("card",)
    assert rules.sequence.index("calling") < rules.sequence.index("make trumps")


def test_any_player_with_ten_or_fewer_points_may_demand_a_redeal():
    # seat 1's first four cards are worth 10; under these rules any player may claim, in a redeal step
    path = ROOT / "tests" / "transcripts" / "house" / "low_hand_redeal.yaml"
    text = path.read_text().replace("ruleset: ../../../examples/house/low-hand-redeal.yaml", "ruleset: cats-at-cards")
    report = replay_text(text, "x.yaml").to_json()
    assert report["deals"][0]["cancelled"] is True and report["deals"][1]["dealer"] == 0
    # seat 2 (JD 9D AD TD = 71 points) may not
    with pytest.raises(TranscriptError, match=r"seat 2 may not claim a redeal \(seat.points_held <= 10 is false\)"):
        replay_text(text.replace("- 1 redeal", "- 2 redeal"), "y.yaml")


# A Jodie at the wrong time (moved here from the standard errors: the pagat rules now let it stand unless
# challenged with "marials"; these rules have no marials, so it is refused as before).

def test_error_jodie_after_the_teams_second_trick():
    path = CATS / "error_jodie_wrong_time.yaml"
    with pytest.raises(TranscriptError) as excinfo:
        replay_file(path)
    # team 0 has just won its 2nd trick (trick 2, won by seat 2 with 9S); seat 0 still holds KH QH,
    # but a Jodie may only follow the team's 1st or 3rd trick. Seat 2 must lead: AS TS KD KC remain.
    assert str(excinfo.value) == (
        f'{path}: deal 1, action 10 "0 jodie H": a Jodie may only be declared right after the declaring team '
        "wins its 1st or 3rd trick; legal now: 2 play AS, 2 play TS, 2 play KD, 2 play KC")


def test_undercutting_is_allowed():
    # trick 2: 9S led, seat 3 cuts with TC, seat 1 (holding diamonds) plays the lower trump QC: allowed here.
    # counting team 0: 37 in cards - 10 last trick = 27 < 105: the makers, team 1, win 1 ball
    (deal,) = replay(CATS / "undercut_allowed.yaml")["deals"]
    assert deal["card_points"] == [37, 267] and deal["balls"] == [0, 1]
    assert load_ruleset("cats-at-cards").play.undercut_only_with_all_trumps is False
    # the same deal under the pagat rules stops at the undercut
    text = (CATS / "undercut_allowed.yaml").read_text().replace("ruleset: cats-at-cards", "ruleset: standard")
    with pytest.raises(TranscriptError, match='"1 play QC": seat 1 may not undercut'):
        replay_text(text, "x.yaml")


def test_thunee_between_the_calls_ends_the_calling():
    # calls 10 (seat 0) and 20 (seat 1), then seat 2's Thunee: no more calls, no trumps made; seat 2 leads
    # spades and wins every trick: 4 balls to team 0
    (deal,) = replay(CATS / "thunee_during_calling.yaml")["deals"]
    assert deal["undertaking"] == "thunee" and deal["trump_maker"] == 2 and deal["trump"] == "S"
    assert deal["balls"] == [4, 0] and deal["tricks"] == [6, 0]
    text = (CATS / "thunee_during_calling.yaml").read_text()
    # the calling is over: a further call is refused
    with pytest.raises(TranscriptError, match='"3 call 30"'):
        replay_text(text.replace("      - 2 play JS\n", "      - 3 call 30\n      - 2 play JS\n", 1), "x.yaml")
    # and after the first call too (at any point of the calling): seat 2 calls Thunee after 10
    one_call = replay_text(text.replace("      - 1 call 20\n", ""), "y.yaml").to_json()["deals"][0]
    assert one_call["undertaking"] == "thunee" and one_call["balls"] == [4, 0]
