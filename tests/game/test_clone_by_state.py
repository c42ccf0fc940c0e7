"""Deal.clone in the compiled build reads and sets the deal's slots through Cython's pickling state (one tuple
read and set in C, ``_read_state``/``_made_from_state``); these tests hold it to the copy by name (the pure
build's way, ``_read_by_name``/``_made_by_name``: the same copies, chosen by the same declarations):
the same values slot by slot, shared and copied alike, at every kind of moment of every shipped ruleset. In
the pure build there is no such state, and the copy by name is the only way (checked too)."""

from __future__ import annotations

import random

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState, deal as deal_module
from thunee_dsl.game.deal import DEAL_SLOTS
from thunee_dsl.game.slots import DealSlots
from thunee_dsl.game.windows import Window
from thunee_dsl.loading import shipped_rulesets

RULESETS = sorted(shipped_rulesets())
COMPILED = not deal_module.__spec__.origin.endswith(".py")  # (the binary of the compiled build)


def _by_name(deal):
    """The copy by name (the pure build's path), whatever the build."""
    kept = deal_module._ATTRIBUTES
    deal_module._ATTRIBUTES = deal_module._Attributes(DEAL_SLOTS, deal_module._read_by_name, deal_module._made_by_name)
    try:
        return deal.clone()
    finally:
        deal_module._ATTRIBUTES = kept


def _same(a, b, original) -> bool:
    if isinstance(original, Window):
        return type(a) is type(b) and a is not original and b is not original and \
            (a.order, a.pos, a.silent, a.options) == (b.order, b.pos, b.silent, b.options)
    if isinstance(original, (list, set, dict)):
        return a == b and (a is original) == (b is original)
    return a is b or a == b


def test_the_compiled_build_copies_by_state_and_the_pure_build_by_name():
    by_state = deal_module.attributes().read is deal_module._read_state
    assert by_state == (COMPILED and hasattr(DealSlots, "__reduce_cython__"))
    if COMPILED:  # the state is the deal's slots in the order of their names
        game = GameState(shipped_ruleset("standard"), seed=3)
        game.clone()
        state = game.deal.__reduce_cython__()[2]
        assert [getattr(game.deal, name) for name in sorted(DEAL_SLOTS)] == list(state)


@pytest.mark.parametrize("name", RULESETS)
def test_a_clone_by_state_equals_a_clone_by_name_slot_by_slot(name):
    r = shipped_ruleset(name)
    rng = random.Random(5)
    checked = 0
    for g in range(2):
        game = GameState(r, seed=50 + g)
        for step in range(5_000):
            if game.is_over:
                break
            if step % 4 == 0:
                deal = game.deal
                mine, theirs = deal.clone(), _by_name(deal)
                for slot in DEAL_SLOTS:
                    assert _same(getattr(mine, slot), getattr(theirs, slot), getattr(deal, slot)), slot
                checked += 1
            legal = game.legal_actions()
            game.apply(legal[-1] if legal[-1].verb == "pass" and rng.random() < 0.8 else rng.choice(legal))
    assert checked >= 10
