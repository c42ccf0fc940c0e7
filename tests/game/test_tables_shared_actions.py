"""The engine's own actions: RulesetTables.shared / RulesetTables.parsed give the objects GameState.apply takes on its
fast path, equal to the action asked for, and nothing else changes (an action made anywhere is applied
the same way, only by a longer path)."""

from __future__ import annotations

import random

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import Action, GameState
from thunee_dsl.game.tables import tables

STANDARD = shipped_ruleset("standard")


def test_shared_gives_the_tables_own_object_equal_to_the_action():
    t = tables(STANDARD)
    for text in ("2 play JH", "0 pass", "1 trump QS", "1 trump last", "3 trump H", "2 thunee", "0 double",
                 "1 khanaak", "3 jodie C"):
        made = Action.parse(text)
        own = t.shared(made)
        assert own == made and own is not made
        assert own._fast is not None  # what GameState.apply's fast path reads
        assert t.shared(own) is own


def test_a_call_is_shared_once_made_and_a_bid_is_left_as_it_is():
    t = tables(STANDARD)
    call = t.shared(Action(1, "call", 30))
    assert call == Action(1, "call", 30) and call is t.call_action(1, 30) and call._fast is not None
    bid = Action(0, "bid", 7)
    assert t.shared(bid) is bid  # the tables make no bids: the action itself


def test_parsed_remembers_each_text_and_normalises_like_parse():
    t = tables(STANDARD)
    assert t.parsed("3 play 10h") is t.parsed("3 play TH") is t.play[3][t.card_of["TH"]]
    assert t.parsed("1 call 20") == Action(1, "call", 20)
    try:
        t.parsed("x play TH")
    except ValueError as err:
        assert "seat must be a number" in str(err)
    else:  # pragma: no cover
        raise AssertionError("a malformed text must raise")


def test_a_game_played_with_shared_actions_is_the_game_played_with_parsed_ones():
    # the same actions through the fast path (shared) and the long path (fresh objects): same game
    t = tables(STANDARD)
    rng = random.Random(4)
    fast, slow = GameState(STANDARD, seed=11), GameState(STANDARD, seed=11)
    while not fast.is_over:
        action = rng.choice(fast.legal_actions())
        fresh = Action.parse(str(action))
        assert t.shared(fresh) is action or t.shared(fresh) == action
        fast.apply(t.shared(fresh))
        slow.apply(fresh)
        assert fast.legal_actions() == slow.legal_actions() and fast.to_act == slow.to_act
    assert slow.is_over and fast.score == slow.score and fast.to_transcript() == slow.to_transcript()
