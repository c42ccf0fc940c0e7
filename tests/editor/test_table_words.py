"""The table's sentences where a player known by name owns something: "Priya's turn (right opponent)", not "Priya
(the right opponent)'s turn"; "your turn", not "you's turn"; and what a player did with an undertaking ("called",
Euchre's "declared") said from its one home, the model's words."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.editor import table as table_words
from thunee_dsl.editor.table import TableWords
from thunee_dsl.game.actions import Action

NAMES = {1: "Priya", 2: "Chetan"}


def test_a_named_player_owns_the_thing_and_the_chair_follows():
    words = TableWords(shipped_ruleset("standard"), 0, NAMES)
    assert words.whose(1, "turn") == "Priya's turn (right opponent)"
    assert words.whose(2, "trump card") == "Chetan's trump card (partner)"
    assert words.whose(3, "turn") == "the left opponent's turn"  # (a bot's seat: no name)
    assert words.whose(0, "turn") == "your turn"
    assert TableWords(shipped_ruleset("standard"), 0).whose(2, "turn") == "your partner's turn"


def test_the_engines_possessives_said_from_the_chair():
    words = TableWords(shipped_ruleset("standard"), 0, NAMES)
    assert words.from_chair("it is seat 1's turn") == "it is Priya's turn (right opponent)"
    assert words.from_chair("it is seat 0's turn") == "it is your turn"  # (not "you's turn")
    assert words.from_chair("it is seat 3's turn") == "it is the left opponent's turn"
    assert words.refusal("it is seat 2's turn") == "it is Chetan's turn (partner)"
    assert words.from_chair("seat 1 is to call") == "Priya (the right opponent) is to call"  # (no possessive)
    assert words.from_chair("it is seat 7's turn") == "it is seat 7's turn"  # (past the table: as it is)


def test_a_card_out_of_turn_is_refused_naming_whose_turn_it_is():
    """The engine's own refusal ("it is seat N's turn"), said at a table of named players."""
    from thunee_dsl.game import GameState
    game = GameState(shipped_ruleset("standard"), seed=3)
    while not any(a.verb == "play" for a in game.legal_actions()):
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.verb == "pass"), legal[0]))
    turn = game.to_act
    me = (turn + 2) % 4  # the partner of the seat to play
    reason = game.explain_illegal(Action(me, "play", game.view(me).hand[0]))
    assert f"seat {turn}'s turn" in reason, reason
    names = {turn: "Priya", (turn + 1) % 4: "Dev"}
    said = TableWords(shipped_ruleset("standard"), me, names).refusal(reason)
    assert "it is Priya's turn (partner)" in said and ")'s" not in said, said
    assert TableWords(shipped_ruleset("standard"), turn, names).refusal(reason).endswith("it is your turn"), reason


def test_the_story_names_a_partner_who_catches_once():
    """A Thunee caught by the caller's own partner: the catcher by name alone in the brackets, not "(Dev (the left
    opponent))"."""
    words = TableWords(shipped_ruleset("standard"), 0, {1: "Priya", 3: "Dev"})
    result = SimpleNamespace(deal=SimpleNamespace(caught_by=3), balls=[8, 0])
    said = words._undertaking_story("thunee.partner_catch", result, SimpleNamespace(undertaker=1))
    assert said.startswith("Priya (the right opponent) called Thunee and was caught by their own partner (Dev): "), said
    bots = TableWords(shipped_ruleset("standard"), 0)._undertaking_story("thunee.partner_catch", result,
                                                                        SimpleNamespace(undertaker=1))
    assert "caught by their own partner (the left opponent): " in bots, bots


@pytest.mark.parametrize("name, said", [("standard", "called"), ("euchre", "declared")])
def test_called_has_one_home_the_models_words(monkeypatch, name, said):
    assert TableWords(shipped_ruleset(name), 0).called == said
    monkeypatch.setattr(table_words, "undertaking_said", lambda r: ("say", "said"))  # (the model's, read)
    assert TableWords(shipped_ruleset(name), 0).called == "said"
