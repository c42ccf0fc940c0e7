"""Each house-rule overlay in examples/house changes the result of some golden transcript."""

import random
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.cli.main import main
from thunee_dsl.game import GameState
from thunee_dsl.errors import TranscriptError
from thunee_dsl.game.transcript import replay_text
from thunee_dsl.model.cards import cut_pack

ROOT = Path(__file__).resolve().parents[2]
STANDARD = ROOT / "tests" / "transcripts" / "standard"
HOUSE = ROOT / "examples" / "house"


def replay_as(name: str, ruleset: str) -> dict:
    """Replay a standard golden transcript under another ruleset (a shipped name or a file)."""
    text = (STANDARD / name).read_text().replace("ruleset: standard", f"ruleset: {ruleset}")
    return replay_text(text, name).to_json()


def house(name: str) -> str:
    return str(HOUSE / f"{name}.yaml")


def test_partner_catch_four_balls():
    # seat 0's JS beats its partner's Thunee lead: 8 balls to team 1 as standard, 4 with this rule
    assert replay_as("thunee_partner_catch.yaml", "standard")["deals"][0]["balls"] == [0, 8]
    assert replay_as("thunee_partner_catch.yaml", house("partner-catch-four"))["deals"][0]["balls"] == [0, 4]


def test_partner_catch_six_balls():
    assert replay_as("thunee_partner_catch.yaml", str(ROOT / "examples" / "partner-catch-six.yaml"))["deals"][0]["balls"] == [0, 6]


def test_older_edition_partner_catch_is_judged_by_the_trick_winner():
    # the partner's 9S beats the caller's AS, then seat 1's JS wins the trick:
    # current rules: partner catch at the 9S, 8 balls; older edition: an opponent won the trick, 4 balls
    assert replay_as("thunee_partner_beats_then_opponent_wins.yaml", "standard")["deals"][0]["balls"] == [0, 8]
    older = replay_as("thunee_partner_beats_then_opponent_wins.yaml", house("older-partner-catch"))
    assert older["deals"][0]["balls"] == [0, 4]


def test_friendly_table_has_no_revoke_penalty():
    # standard: the revoke is accepted and penalised (4 balls to the offender's opponents)
    deal = replay_as("penalty_revoke.yaml", "standard")["deals"][0]
    assert deal["offence"] == "revoke" and sum(deal["balls"]) == 4
    # friendly table: it is simply not allowed
    with pytest.raises(TranscriptError, match="must follow suit"):
        replay_as("penalty_revoke.yaml", house("friendly-table"))


def test_khanaak_without_the_call():
    # pagat example with 40 in the counting team's (team 0) cards; seat 3 (makers, team 1) says Khanaak.
    # As standard: 40 + 20 call - 50 Jodie - 10 = 0, not below zero: fails, 4 balls to team 0.
    # Without the call: 40 < 50 Jodie + 10 - 0 = 60: succeeds, 3 balls to team 1.
    standard = replay_as("khanaak_pagat_counting40.yaml", "standard")["deals"][0]
    without_call = replay_as("khanaak_pagat_counting40.yaml", house("khanaak-without-call"))["deals"][0]
    assert standard["claim"] == without_call["claim"] == "khanaak"
    assert standard["balls"] == [4, 0]
    assert without_call["balls"] == [0, 3]


def test_simple_khanaak_compares_cards_with_jodie_plus_ten():
    # the simple reading: 40 < 50 Jodie + 10, so the Khanaak succeeds: 3 balls to team 1
    simple = replay_as("khanaak_pagat_counting40.yaml", house("khanaak-simple"))["deals"][0]
    assert simple["balls"] == [0, 3]


def test_loser_deals_again_ignores_the_score():
    # no_call_counting_105.yaml: dealer 0's team (the counting team) wins 1 ball. Starting from 0-5 it is
    # still behind (1 < 5): as standard seat 0 deals again; with this rule the dealer's team won, so the
    # deal passes to seat 1.
    text = (STANDARD / "no_call_counting_105.yaml").read_text().replace("ruleset: standard\n", "ruleset: standard\nscore: [0, 5]\n")
    standard = replay_text(text, "x.yaml")
    rule = replay_text(text.replace("ruleset: standard", f"ruleset: {house('loser-deals-again')}"), "x.yaml")
    assert standard.to_json()["deals"][0]["balls"] == rule.to_json()["deals"][0]["balls"] == [1, 0]
    assert standard.to_json()["score"] == [1, 5]
    assert standard.game.dealer == 0
    assert rule.game.dealer == 1


def test_thirteen_to_win_once_khanaak_has_been_called():
    # khanaak_pagat_counting39.yaml: seat 3 (team 1) makes a Khanaak and succeeds: 3 balls to team 1.
    # From 0-9 that is 0-12: the standard game is won; with this rule the Khanaak raised the target to 13.
    text = (STANDARD / "khanaak_pagat_counting39.yaml").read_text().replace("ruleset: standard\n", "ruleset: standard\nscore: [0, 9]\n")
    standard = replay_text(text, "x.yaml").to_json()
    raised = replay_text(text.replace("ruleset: standard", f"ruleset: {house('thirteen-after-khanaak')}"), "x.yaml")
    assert standard["deals"][0]["balls"] == raised.to_json()["deals"][0]["balls"] == [0, 3]
    assert standard["score"] == [0, 12] and standard["winner"] == 1
    assert raised.to_json()["winner"] is None
    assert raised.game.target == 13 and raised.game.corner_house == 12


def test_raised_target_is_not_raised_without_the_call():
    # the same house rule on a deal without a Khanaak keeps 12 to win
    text = (STANDARD / "corner_house_game_won.yaml").read_text()
    report = replay_text(text.replace("ruleset: standard", f"ruleset: {house('thirteen-after-khanaak')}"), "x.yaml")
    assert report.to_json()["winner"] == 0 and report.game.target == 12


def test_simultaneous_calls_without_the_extra_ten():
    # calling_simultaneous_10_30.yaml: seat 0 calls 10, then both opponents call at once.
    # Standard: that counts 30 -> counting team 0: 85 cards + 30 - 10 last trick = 105: 2 balls to team 0.
    # House rule: it counts 20 (written "3 call 20") -> 85 + 20 - 10 = 95 < 105: the makers, team 1, win 1 ball.
    standard = replay_as("calling_simultaneous_10_30.yaml", "standard")["deals"][0]
    assert standard["call"] == 30 and standard["balls"] == [2, 0]
    text = (STANDARD / "calling_simultaneous_10_30.yaml").read_text()
    text = text.replace("ruleset: standard", f"ruleset: {house('simultaneous-plus-ten')}").replace("- 3 call 30", "- 3 call 20")
    plus_ten = replay_text(text, "x.yaml").to_json()["deals"][0]
    assert plus_ten["call"] == 20 and plus_ten["balls"] == [0, 1]
    # and a jump of two steps is no longer a call at all
    with pytest.raises(TranscriptError, match=r'"3 call 30": the next call must be 20 \(the last call was 10\)'):
        replay_as("calling_simultaneous_10_30.yaml", house("simultaneous-plus-ten"))


def test_low_hand_redeal():
    # seat 1's first four cards KD QD KC QC = 3 + 2 + 3 + 2 = 10 points: it may throw them in; the same
    # dealer deals the next deal (the no-call 105 deal: 1 ball to team 0)
    path = ROOT / "tests" / "transcripts" / "house" / "low_hand_redeal.yaml"
    report = replay_text(path.read_text(), str(path), base_dir=path.parent).to_json()
    first, second = report["deals"]
    assert first["cancelled"] is True and first["balls"] == [0, 0] and first["dealer"] == 0
    assert second["dealer"] == 0 and second["balls"] == [1, 0]
    assert report["score"] == [1, 0]
    # without the house rule there is no such claim
    text = path.read_text().replace("ruleset: ../../../examples/house/low-hand-redeal.yaml", "ruleset: standard")
    with pytest.raises(TranscriptError, match="unknown action 'redeal'"):
        replay_text(text, "x.yaml")


def test_low_hand_redeal_needs_ten_points_or_fewer():
    # give seat 1 the AS instead of the QC: 3 + 2 + 3 + 11 = 19 points, no redeal
    path = ROOT / "tests" / "transcripts" / "house" / "low_hand_redeal.yaml"
    text = path.read_text().replace("1: [KD, QD, KC, QC, AS, TS]", "1: [KD, QD, KC, AS, QC, TS]", 1)
    with pytest.raises(TranscriptError, match=r"seat 1 may not claim a redeal \(seat.points_held <= 10 is false\)"):
        replay_text(text, str(path), base_dir=path.parent)


@pytest.mark.parametrize("method", ["normal", "table", "ball cut three"])
def test_cutting_the_pack_is_applied_and_recorded(method, tmp_path):
    # the same seed deals other hands once the pack is cut, and each deal records how it was cut
    overlay = tmp_path / "cut.yaml"
    overlay.write_text(f"extends: standard\nname: cut\ndeal:\n  cut: {method}\n")
    plain, cut = GameState(load_ruleset("standard"), seed=5), GameState(load_ruleset(str(overlay)), seed=5)
    assert plain.deals[0].cut is None and cut.deals[0].cut[0] == method
    assert plain.deals[0].hands != cut.deals[0].hands
    # the cut game's pack is the plain game's shuffled pack, cut at the recorded places
    rng = random.Random(5)
    pack = list(range(24))
    rng.shuffle(pack)
    cut_again, places = cut_pack(pack, method, rng)
    assert places == cut.deals[0].cut[1]
    first_receiver_cards = [load_ruleset("standard").deck.names[c] for c in cut_again[:4]]
    assert list(cut.deals[0].hands[1][:4]) == first_receiver_cards  # dealer 0: seat 1 receives first


def test_ball_cut_three_example_validates(capsys):
    assert main(["validate", house("ball-cut-three")]) == 0


def test_two_to_clear_only_in_the_thirteen_point_game():
    # pagat: "Some play 'Two to Clear' only when it is a 13-point (Khanaak) game": 12-12 is the deuce.
    path = ROOT / "tests" / "transcripts" / "house" / "thirteen_two_to_clear_deuce.yaml"
    report = replay_text(path.read_text(), str(path), base_dir=path.parent).to_json()
    deals = report["deals"]
    # 12-11, the makers (team 1) win 1 ball: 12-12 -> both back to 0-0
    assert deals[0]["balls"] == [0, 1] and deals[0]["score_after"] == [0, 0] and deals[0]["deuce"] is True
    # team 0 wins 1 ball: 1-0, a lead of one does not win after the deuce
    assert deals[1]["balls"] == [1, 0] and deals[1]["score_after"] == [1, 0]
    # a Thunee by seat 3: 1-4, a lead of three: team 1 wins
    assert report["score"] == [1, 4] and report["winner"] == 1
    rules = load_ruleset(house("thirteen-two-to-clear"))
    assert (rules.game.target, rules.game.corner_house, rules.game.deuce, rules.game.win_by) == (13, 12, 12, 2)
    # the plain 13-point game: 12-12 stays, and 13-12 after deal 2 wins for team 0, so deal 3 is an error
    text = path.read_text().replace("ruleset: ../../../examples/house/thirteen-two-to-clear.yaml", "ruleset: thirteen-point")
    with pytest.raises(TranscriptError, match="deal 3: the game was already won by team 0 after deal 2"):
        replay_text(text, "x.yaml")


def test_jodie_at_any_time_before_the_last_trick():
    # seat 1 declares K Q J of diamonds (30, not trumps) before its first card, its team having won no
    # trick yet: it counts for the trump makers (counting team 0: 95 - 30 + 10 = 75 < 105: makers' ball)
    path = ROOT / "tests" / "transcripts" / "house" / "jodie_any_time.yaml"
    report = replay_text(path.read_text(), str(path), base_dir=path.parent).to_json()
    (deal,) = report["deals"]
    assert deal["declared"] == [0, 30] and deal["card_points"] == [95, 209] and deal["balls"] == [0, 1]
    # the right time under the house rule: nothing for the opponents to challenge
    challenged = path.read_text().replace("      - 1 play QC\n", "      - 2 marials\n      - 1 play QC\n", 1)
    with pytest.raises(TranscriptError, match="'marials' answers a declaration made at the wrong time, and none"):
        replay_text(challenged, str(path), base_dir=path.parent)
    # standard: the same Jodie is at the wrong time, and an opponent's marials voids it (95 + 10 = 105:
    # the counting team's ball)
    standard = challenged.replace("ruleset: ../../../examples/house/jodie-any-time.yaml", "ruleset: standard")
    (deal,) = replay_text(standard, "x.yaml").to_json()["deals"]
    assert deal["declared"] == [0, 0] and deal["balls"] == [1, 0]


def test_jodie_at_any_time_is_asked_before_a_card_and_not_at_the_last_trick():
    # the hands of the golden transcript: seat 0 holds K Q J of hearts, seat 1 K Q J of diamonds; every
    # seat passes (and otherwise takes its first choice)
    ruleset = load_ruleset(house("jodie-any-time"))
    hands = [["JH", "9H", "AH", "TH", "KH", "QH"], ["JD", "9D", "AD", "QC", "QD", "KD"],
             ["JS", "9S", "AS", "TS", "KS", "KC"], ["JC", "9C", "AC", "TC", "QS", "TD"]]
    game = GameState(ruleset, auto_deal=False)
    game.start_deal([[ruleset.deck.card(c) for c in cards] for cards in hands])
    deal, asked = game.deal, []
    game.apply("1 trump QC")
    while not deal.over:
        legal = game.legal_actions()
        if legal[0].verb == "jodie" and deal.window.before is not None:  # asked before its card
            asked.append((len(deal.tricks), game.to_act))
            assert game.view((game.to_act + 1) % 4).to_act == game.to_act  # the table sees it about to play
        game.apply(legal[-1] if deal.window is not None else legal[0])
    assert {seat for _, seat in asked} == {0, 1}
    assert max(tricks for tricks, _ in asked) < ruleset.tricks_per_deal - 1  # never before the last trick


def test_out_of_turn_costs_two_balls_other_offences_still_four():
    # seat 0 plays AH while seat 3 is to play: team 1 (seats 1, 3) opens 2 balls under the house rule
    # (4 as standard), no other score; a revoke still costs the standard 4
    assert replay_as("penalty_out_of_turn.yaml", "standard")["deals"][0]["balls"] == [0, 4]
    two = replay_as("penalty_out_of_turn.yaml", house("out-of-turn-two"))["deals"][0]
    assert two["offence"] == "out of turn" and two["balls"] == [0, 2]
    assert replay_as("penalty_revoke.yaml", house("out-of-turn-two"))["deals"][0]["balls"] == \
        replay_as("penalty_revoke.yaml", "standard")["deals"][0]["balls"]


def test_balls_for_an_offence_that_is_not_penalised_is_refused(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("extends: standard\nname: bad\npenalties:\n  offences: [revoke]\n  balls_for:\n    out of turn: 2\n")
    with pytest.raises(Exception, match=r"bad.yaml:6:18: penalties.balls_for names 'out of turn', which "
                                        r"penalties.offences does not list"):
        load_ruleset(str(path))
