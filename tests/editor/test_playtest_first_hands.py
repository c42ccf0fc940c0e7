"""Playtest with the first deal's hands given (``Playtest.start(first_hands=...)``): the rest of the pack is dealt
from the seed, so a game that turns a card up from the cards left after the deal (Euchre, Oh Hell) starts."""

from __future__ import annotations

import random

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.editor.playtest import Playtest


def some_hands(ruleset, seed: int) -> list[list[str]]:
    """A hand of the first deal's size for each seat, from a shuffled pack."""
    first = ruleset.for_deal(1)
    names = list(ruleset.deck.names)
    random.Random(seed).shuffle(names)
    size = first.hand_size
    return [names[s * size:(s + 1) * size] for s in range(ruleset.seats)]


@pytest.mark.parametrize("name", ["euchre", "oh-hell", "standard"])
def test_a_game_with_its_first_hands_given_deals_the_rest_from_the_seed(name):
    ruleset = shipped_ruleset(name)
    hands = some_hands(ruleset, 5)
    pt = Playtest.start(ruleset, seat=0, seed=11, bots="random", first_hands=hands)
    record = pt.game.deals[0]
    assert [list(h) for h in record.hands] == hands
    first = ruleset.for_deal(1)
    assert len(record.undealt) == first.undealt
    assert not set(record.undealt) & {c for h in hands for c in h}  # the rest of the pack, none dealt twice
    if first.undealt:
        assert pt.game.deal.turn_up == ruleset.deck.card(record.undealt[0])  # (Euchre's and Oh Hell's turn-up)
    # the same seed deals the same rest: a game rebuilt (undo) and another started alike agree
    again = Playtest.start(ruleset, seat=0, seed=11, bots="random", first_hands=hands)
    assert again.game.deals[0].undealt == record.undealt
    pt._rebuild()
    assert pt.game.deals[0].undealt == record.undealt
    # and it plays: the person's legal actions are offered, and a move is taken
    legal = pt.view().legal
    assert legal
    assert pt.act(legal[0]) == legal[0] and legal[0] in pt.actions


def test_first_hands_of_the_wrong_size_are_refused_in_words():
    ruleset = shipped_ruleset("oh-hell")
    hands = [h[:9] for h in some_hands(ruleset, 5)]  # Oh Hell's first deal is of ten cards
    with pytest.raises(ValueError, match=r"hands\[0\]: expected 10 cards"):
        Playtest.start(ruleset, seat=0, seed=11, first_hands=hands)
