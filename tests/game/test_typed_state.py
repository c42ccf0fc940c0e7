"""GameState in the compiled build (state.pxd): an extension type whose attributes read at every action
(``STATE_FIELDS``) are C fields and whose others live in its ``__dict__``. The declarations name exactly those
attributes; a game still takes any attribute (as an ordinary object); ``clone()``, which copies the fields by
name besides the ``__dict__``, gives what the old copy of the whole ``__dict__`` gave (checked in both builds
against that copy, made here by hand), and refuses nothing a caller may do with a game."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import IllegalActionError
from thunee_dsl.game import GameState
from thunee_dsl.game.state import STATE_FIELDS, _copy_record

ROOT = Path(__file__).resolve().parents[2]
PXD = ROOT / "thunee_dsl" / "game" / "state.pxd"
SHARED = ("ruleset", "_rng", "deal")  # (the deal is cloned: checked by the clone property tests)


def attributes(game: GameState) -> dict:
    """Every attribute of ``game``: its ``__dict__`` and its C fields (in Python all are in ``__dict__``)."""
    return {**vars(game), **{name: getattr(game, name) for name in STATE_FIELDS}}


def old_clone(game: GameState) -> dict:
    """The attributes the clone of the whole ``__dict__`` gave (before the fields), for ``game`` as it stands."""
    out = dict(attributes(game))
    out["score"], out["history"] = list(game.score), list(game.history)
    deals = out["deals"] = game.deals.copy()
    if deals and deals[-1].result is None:
        deals[-1] = _copy_record(deals[-1])
    if deals and game._record is game.deals[-1]:
        out["_record"] = deals[-1]
    out["_rng_shared"] = True
    return out


def test_the_pxd_declares_exactly_the_fields():
    text = PXD.read_text(encoding="utf-8")
    body = text.split("cdef class GameState:\n", 1)[1]
    assert tuple(re.findall(r"^    cdef public object (\w+)$", body, re.M)) == STATE_FIELDS
    assert "    cdef dict __dict__\n" in body  # (any other attribute may be set on a game)


@pytest.mark.parametrize("name", ["standard", "two-player-open-face", "six-player"])
def test_a_clone_has_every_attribute_of_the_old_copy(name):
    """At many points of seeded games (before the first card, mid-trick, at a deal's end, game over), each
    attribute of the clone is what the old copy gave: the same object where it was shared, an equal one
    where it was copied."""
    ruleset = load_ruleset(name)
    rng = random.Random(11)
    game = GameState(ruleset, seed=4)
    checked = 0
    while True:
        want = old_clone(game)
        other = game.clone()
        got = attributes(other)
        assert sorted(got) == sorted(want)
        for key, value in want.items():
            if key == "deal":
                assert (got[key] is None) == (value is None)
            elif key in ("score", "history", "deals"):
                assert got[key] == value and got[key] is not getattr(game, key)
            elif key == "_record" and value is not None and value.result is None:
                assert got[key] is other.deals[-1] and got[key] == value and got[key] is not game._record
            else:
                assert got[key] is value or got[key] == value, key
        checked += 1
        if game.is_over:
            break
        for _ in range(rng.randrange(1, 5)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 5


def test_a_game_takes_any_attribute_and_a_game_without_a_deal_still_refuses_in_words():
    game = GameState(load_ruleset("standard"), seed=1, auto_deal=False)
    game.note = "kept"  # an attribute of a caller's own, as on an ordinary object
    assert game.note == "kept" and game.clone().note == "kept"
    assert game.legal_actions() == [] and game.deal is None and game._record is None
    with pytest.raises(IllegalActionError, match="no deal in progress"):
        game.apply("0 play JH")
    with pytest.raises(IllegalActionError, match="not an action"):
        game.apply(3)
    copy = game.clone()
    copy.start_deal()
    assert copy.legal_actions() and game.deal is None and game.deals == []
