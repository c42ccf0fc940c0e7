"""Transcripts that cannot be replayed: one-line TranscriptErrors and located RulesetErrors.

The contract (shared/spec/transcript.md): ``file: deal N, action M "text": reason; legal now: ...`` for
an action that cannot be done, ``file:line:column: message`` for a transcript that fails the schema.
The legal actions are listed in deck order (suits S H D C, ranks J 9 A T K Q). The legal lists below
were worked out from the cards each seat holds at that point of the deal.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from thunee_dsl.errors import RulesetError, TranscriptError
from thunee_dsl.game.transcript import replay_file

TRANSCRIPTS = Path(__file__).resolve().parent.parent / "transcripts" / "standard"


def error_of(name: str, kind=TranscriptError) -> tuple[Path, str]:
    path = TRANSCRIPTS / name
    with pytest.raises(kind) as excinfo:
        replay_file(path)
    return path, str(excinfo.value)


def split_message(message: str) -> tuple[str, str, str]:
    """(prefix up to the quoted action, reason, legal list) of a one-line replay error."""
    assert "\n" not in message
    head, sep, legal = message.rpartition("; legal now: ")
    assert sep, message
    match = re.match(r'^(.*?"[^"]*"): (.*)$', head)
    assert match, message
    return match.group(1), match.group(2), legal


# --------------------------------------------------------------------------------------------
# 12. One-line errors with the legal actions.
# --------------------------------------------------------------------------------------------

def test_error_card_not_held():
    path, message = error_of("error_card_not_held.yaml")
    # seat 2 leads trick 1 holding JS 9S AS TS KS KC, and tries QH
    assert message == (
        f'{path}: deal 1, action 2 "2 play QH": seat 2 does not hold QH; '
        "legal now: 2 play JS, 2 play 9S, 2 play AS, 2 play TS, 2 play KS, 2 play KC")


def test_error_illegal_undercut():
    path, message = error_of("error_undercut.yaml")
    # trick 2: seat 2 leads 9S, seat 3 cuts with TC, seat 0 throws KH; seat 1 (void in spades, holding
    # JD 9D AD TD and the lower trump QC) may not undercut: only its diamonds are legal
    assert message == (
        f'{path}: deal 1, action 9 "1 play QC": seat 1 may not undercut: a lower trump is only allowed '
        "with nothing but trumps in hand; legal now: 1 play JD, 1 play 9D, 1 play AD, 1 play TD")


def test_error_call_lower_than_the_last_call():
    path, message = error_of("error_call_lower.yaml")
    prefix, reason, legal = split_message(message)
    # 0 called 10, 1 called 20; seat 2 may call 30 (or 40 as a simultaneous call) or pass
    assert prefix == f'{path}: deal 1, action 4 "2 call 10"'
    assert "call" in reason
    assert legal == "2 call 30, 2 call 40, 2 pass"


def test_error_unknown_verb():
    path, message = error_of("error_unknown_verb.yaml")
    prefix, reason, legal = split_message(message)
    assert prefix == f'{path}: deal 1, action 2 "2 dance"'
    assert "dance" in reason
    assert legal == "2 play JS, 2 play 9S, 2 play AS, 2 play TS, 2 play KS, 2 play KC"


def test_error_final_caller_may_not_choose_the_last_card():
    path, message = error_of("error_caller_asks_last_card.yaml")
    prefix, reason, legal = split_message(message)
    # seat 0 called 10, so it must place one of its own first four cards: JH 9H AH TH
    assert prefix == f'{path}: deal 1, action 3 "0 trump last"'
    assert legal == "0 trump JH, 0 trump 9H, 0 trump AH, 0 trump TH"


def test_error_thunee_with_a_complete_suit():
    path, message = error_of("error_thunee_with_complete_suit.yaml")
    prefix, _, _ = split_message(message)
    # seat 2 holds all six spades: Thunee needs at least one non-trump
    assert prefix == f'{path}: deal 1, action 2 "2 thunee"'


def test_error_call_by_the_partner_of_the_last_caller():
    path, message = error_of("error_call_by_partner_of_last_caller.yaml")
    prefix, _, _ = split_message(message)
    # seat 0 called 10: only seats 1 and 3 may call next
    assert prefix == f'{path}: deal 1, action 3 "2 call 20"'


def test_error_message_reason_and_legal_actions_describe_the_same_moment():
    _, message = error_of("error_call_by_partner_of_last_caller.yaml")
    _, reason, legal = split_message(message)
    # today: "it is seat 0's turn; legal now: 3 call 20, 3 call 30, 3 pass" -- seat 3's calls are no
    # longer possible (the calling window has closed and seat 0 must place its trump card)
    turn = re.search(r"it is seat (\d)'s turn", reason)
    if turn:
        assert all(a.startswith(turn.group(1) + " ") for a in legal.split(", ")), message
    else:
        # reported before the implied passes: seat 1 (an opponent of seat 0) could still call 20
        assert "1 call 20" in legal, message


def test_error_a_dealer_key_that_contradicts_the_rules():
    path, message = error_of("error_dealer_key_contradicts.yaml", RulesetError)
    # deal 1 (dealer 0) is won by team 0, which is then ahead 1-0: the deal passes to seat 1;
    # deal 2 says 'dealer: 0' at line 44, column 13
    assert message.startswith(f"{path}:44:13: ")
    assert "dealer" in message and "1" in message


def test_error_a_deal_listed_after_the_game_was_won():
    path, message = error_of("error_deal_after_game_won.yaml")
    # score 11-10, deal 1 gives team 0 one ball: 12-10, team 0 has won; deal 2 may not be listed
    assert message.startswith(f"{path}: deal 2")
    assert "team 0" in message


# --------------------------------------------------------------------------------------------
# Located problems: cards dealt twice, wrong number of cards.
# --------------------------------------------------------------------------------------------

def test_error_card_dealt_twice_is_located_at_the_second_copy():
    path, message = error_of("error_card_dealt_twice.yaml", RulesetError)
    # line 8 is seat 3's hand "      3: [JC, 9C, AC, TC, QS, JH]"; the second JH starts at column 31
    assert message.startswith(f"{path}:8:31: ")
    assert "JH" in message and "twice" in message and "seat 0" in message
    assert "\n" not in message  # exactly one problem


def test_error_wrong_number_of_cards_is_located_at_the_seats_hand():
    path, message = error_of("error_wrong_number_of_cards.yaml", RulesetError)
    # line 8 is "      3: [JC, 9C, AC, TC, QS]": the list starts at column 10
    assert message.startswith(f"{path}:8:10: ")
    assert "seat 3" in message and "5" in message and "6" in message
    assert "\n" not in message
