"""Two-player Thunee, the open face game (two-player-open-face ruleset): a face-down row under each
player's hand, the hand laid face up on it after the first trick, cards turned up as they are
uncovered, Jodies from face-up cards the next time their owner wins a trick, 125 to win."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError, TranscriptError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.transcript import replay_text
from thunee_dsl.loading import load_ruleset_text
from thunee_dsl.model import compile_ruleset

HERE = Path(__file__).resolve().parents[1] / "transcripts" / "two-player-open-face"
GOLDEN = (HERE / "lay_out_and_jodies.yaml").read_text()


def replay(text: str):
    return replay_text(text, "open-face.yaml")


def up_to(marker: str) -> GameState:
    """The golden deal played up to (not including) its first action starting with ``marker``, optional
    windows before each listed action closing unused as in a transcript."""
    doc = yaml.safe_load(GOLDEN)
    rules = load_ruleset(doc["ruleset"])
    (deal,) = doc["deals"]
    game = GameState(rules, auto_deal=False)
    game.start_deal([[rules.deck.card(c) for c in deal["hands"][seat]] for seat in range(rules.seats)])
    for text in deal["actions"]:
        if text.startswith(marker):
            return game
        action = Action.parse(text)
        while action not in game.legal_actions() and game.pass_window():
            pass
        game.apply(action)
    raise AssertionError(f"no action starts with {marker!r}")


def sets(rows) -> tuple[frozenset, ...]:
    """Per seat, the cards of a view's row of names (views list cards in deck order)."""
    return tuple(frozenset(r) for r in rows)


def test_the_ruleset_deals_a_face_down_row_then_a_hand_of_four_and_two():
    rules = load_ruleset("two-player-open-face")
    assert rules.batches == (6, 4, 2) and rules.face_down == frozenset({1}) and rules.tricks_per_deal == 12
    assert rules.play.lay_out_after == 1 and rules.play.lay_out_unless_undertaking
    assert rules.sequence == ("deal 1", "deal 2", "make trumps", "calling", "deal 3", "undertakings", "play")
    assert load_ruleset("open-face").name == "two-player-open-face"


def test_counting_player_needs_125_after_jodies_and_last_trick():
    (deal,) = replay(GOLDEN).to_json()["deals"]
    # seat 0: 40 + 23 + 12 = 75; seat 1: 31 + 40 + 14 + 40 + 50 + 23 + 22 + 5 + 4 = 229
    assert deal["card_points"] == [75, 229] and sum(deal["card_points"]) == 304
    assert deal["tricks"] == [3, 9] and deal["declared"] == [40, 20]
    # 75 + 40 - 20 - 10 (seat 1 won the 12th trick) = 85 < 125: the trump maker, seat 1, opens 1 ball
    assert deal["trump"] == "C" and deal["trump_maker"] == 1 and deal["balls"] == [0, 1]


def test_105_wins_four_player_thunee_but_not_the_open_face_game():
    # without seat 1's hearts Jodie seat 0 counts 75 + 40 - 10 = 105: enough for a four-player counting
    # team, not for the counting player here
    text = GOLDEN.replace("      - 1 jodie H      # KH QH: 20\n", "")
    (deal,) = replay(text).to_json()["deals"]
    assert deal["declared"] == [40, 0] and deal["balls"] == [0, 1]


def test_hand_is_hidden_until_laid_face_up_on_the_row_after_the_first_trick():
    game = up_to("1 play TS")  # trick 1 under way: seat 0 has led JS
    for seat in (0, 1):
        view = game.view(seat)
        assert view.face_down == (6, 6) and view.table == ((), ()) and view.covering == ((), ())
    assert set(game.view(0).hand) == {"JS", "9S", "TD", "QD", "TC", "QC"} - {"JS"}  # the row is not in the hand
    assert set(game.view(1).hand) == {"JD", "KD", "TS", "JC", "9C", "AC"}

    game = up_to("0 play 9S")  # trick 1 is over
    for seat in (0, 1):  # both seats see both tables
        view = game.view(seat)
        # seat 0's five hand cards lie on AS KS QS 9D AD, its KC is turned up; seat 1's on JH 9H AH TH KH, QH up
        assert sets(view.table) == sets((("9S", "TD", "QD", "TC", "QC", "KC"), ("JD", "KD", "JC", "9C", "AC", "QH")))
        assert sets(view.covering) == sets((("9S", "TD", "QD", "TC", "QC"), ("JD", "KD", "JC", "9C", "AC")))
        assert view.face_down == (5, 5) and view.hand_sizes == (6, 6)
    assert set(game.view(0).hand) == {"9S", "TD", "QD", "TC", "QC", "KC"}


def test_face_down_card_turned_up_at_the_end_of_the_trick_that_uncovers_it():
    game = up_to("1 play KD")  # seat 0 has led 9S, which lies on AS
    assert "AS" not in game.view(0).hand
    game = up_to("0 jodie C")  # trick 2 is over: AS (under 9S) and 9H (under KD) are up
    assert sets(game.view(1).table) == sets((("AS", "TD", "QD", "TC", "QC", "KC"), ("JD", "JC", "9C", "AC", "QH", "9H")))
    assert game.view(1).face_down == (4, 4)


def test_face_down_card_cannot_be_played():
    text = GOLDEN.replace("      - 0 play JS      # trick 1\n", "      - 0 play AS      # trick 1\n")
    with pytest.raises(TranscriptError, match=r'"0 play AS": .*legal now: 0 play JS, 0 play 9S, 0 play TD, 0 play QD'):
        replay(text)


def test_jodie_from_face_up_cards_only_the_next_time_its_owner_wins_a_trick():
    # KH turns up at the end of trick 5, which seat 1 wins: the hearts Jodie is not offered then...
    game = up_to("1 play TH")
    assert game.to_act == 1 and not [a for a in game.legal_actions() if a.verb == "jodie"]
    # ... but after trick 7, the next trick seat 1 wins, it is
    game = up_to("1 jodie H")
    assert [str(a) for a in game.legal_actions() if a.verb == "jodie"] == ["1 jodie H"]
    # nothing is declarable after the first trick: the hand was not face up when it began
    game = up_to("0 play 9S")
    assert not [a for a in game.legal_actions() if a.verb == "jodie"]


def test_thunee_is_played_from_the_hand_and_the_rows_are_ignored():
    report = replay_text((HERE / "thunee_rows_ignored.yaml").read_text(), "thunee.yaml")
    (deal,) = report.to_json()["deals"]
    assert deal["undertaking"] == "thunee" and deal["tricks"] == [6, 0] and deal["balls"] == [4, 0]
    # six tricks, no lay-out: the rows were never turned up
    view = report.game.view(1)
    assert view.face_down == (6, 6) and view.table == ((), ())


def compile_text(tmp_path, text: str):
    path = tmp_path / "house.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return compile_ruleset(load_ruleset_text(path.read_text(), str(path)))


def test_a_face_down_row_needs_a_lay_out_and_a_lay_out_a_row(tmp_path):
    with pytest.raises(RulesetError, match="face-down rows need play.lay_out"):
        compile_text(tmp_path, """\
            extends: two-player-open-face
            name: no-lay-out
            play: {lay_out: null}
            """)
    with pytest.raises(RulesetError, match="play.lay_out needs deal.face_down"):
        compile_text(tmp_path, """\
            extends: two-player-open-face
            name: no-row
            deal: {face_down: []}
            """)
    with pytest.raises(RulesetError, match="a hand has only 6 cards"):
        compile_text(tmp_path, """\
            extends: two-player-open-face
            name: late-lay-out
            play: {lay_out: {after_tricks: 6}}
            """)


def test_a_jodie_declared_before_its_time_is_an_error_not_a_false_declaration():
    # seat 1 holds KH QH face up after trick 5 (KH turned up at its end): declaring then is early, not false
    text = GOLDEN.replace("      - 1 play TH      # trick 6\n", "      - 1 jodie H\n      - 1 play TH      # trick 6\n")
    with pytest.raises(TranscriptError, match=r'"1 jodie H": the Jodie in H was not face up when this trick began: '
                                              r'seat 1 may declare it on winning another trick'):
        replay(text)
    # a Jodie not held at all is a false declaration, penalised (4 balls to the other player)
    text = GOLDEN.replace("      - 1 play TH      # trick 6\n", "      - 1 jodie D\n      - 1 play TH      # trick 6\n")
    (deal,) = replay(text).to_json()["deals"]
    assert deal["offence"] == "false declaration" and deal["balls"] == [4, 0]
