"""thunee_dsl.editor.cards: cards and actions in words and colours."""

from __future__ import annotations

import random

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.editor.cards import action_label, card_label, card_text, history_line
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.loading import shipped_rulesets


@pytest.mark.parametrize("name", sorted(shipped_rulesets()))
def test_every_card_of_every_deck_has_a_distinct_readable_label(name):
    deck = shipped_ruleset(name).deck
    labels = [card_label(c) for c in deck.names]
    assert len({lab.text for lab in labels}) == deck.size
    for lab, card in zip(labels, deck.names):
        assert lab.card == card
        assert lab.text.startswith("10" if card[0] == "T" else card[0])
        assert lab.symbol in "♠♥♦♣" and lab.suit_name in lab.words


def test_suits_have_four_colours():
    assert [card_label(f"J{s}").colour for s in "SHDC"] == ["black", "red", "blue", "green"]
    assert card_text(None) == "?" and card_text("10h") == "10♥"


def test_action_labels_use_the_rulesets_titles():
    r = shipped_ruleset("standard")
    thunee = r.undertakings[0]
    assert action_label(Action(0, thunee.verb), r) == thunee.title
    jodie = r.declarations[0]
    assert action_label(Action(0, jodie.verb, "H"), r) == f"{jodie.title} in hearts ♥"
    assert action_label(Action(0, "play", "TS")) == "Play 10♠"
    assert action_label(Action(0, "trump", "9H")) == "Make trumps with 9♥"
    assert action_label(Action(0, "trump", "H")) == "Trumps: hearts ♥"


def test_every_action_of_a_game_and_every_history_line_has_words():
    r = shipped_ruleset("blind-thunee")
    game = GameState(r, seed=4)
    rng = random.Random(4)
    seen = set()
    while not game.is_over and len(game.history) < 400:
        seat = game.to_act
        for action in game.legal_actions():
            label = action_label(action, r)
            assert label and "None" not in label
            seen.add(action.verb)
        for line in game.view((seat + 1) % r.seats).history:
            words = history_line(line, r)
            assert words.startswith("seat ") and "??" not in words
        game.apply(rng.choice(game.legal_actions()))
    assert {"play", "trump", "pass"} <= seen


def test_a_history_line_names_the_seat_as_the_page_does():
    r = shipped_ruleset("standard")
    name = {0: "you", 2: "your partner (seat 2)"}.get
    assert history_line("2 call 20", r, name) == "your partner (seat 2): Call 20"
    assert history_line("0 play TH", r, name) == "you: Play 10♥"
    assert history_line("2 trump ??", r, name) == "your partner (seat 2): makes trumps (card face down)"
    assert history_line("2 jodie ??", r, name) == "your partner (seat 2): Jodie (suit hidden)"
