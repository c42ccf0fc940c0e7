"""Declarations (cards shown for balls or points): ``declarations:`` (each by its name: ``verb``, ``combinations``
of ranks, ``after_team_trick``, ``once_per_suit``, ``suit_hidden_for``, ``allowed_if``, ``face_up_only``,
``any_time``, ``wrong_time``: the challenge of a declaration at the wrong time)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.cards import Deck, normalise_rank
from thunee_dsl.model.ruleset import Combination, Declaration, WrongTime

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler, deck: Deck | None) -> tuple[Declaration, ...]:
    items = (c.part(declaration, c, name, d, deck) for name, d in (c.get("declarations") or {}).items())
    return tuple(item for item in items if item is not None)


def declaration(c: Compiler, name: str, d: dict, deck: Deck | None) -> Declaration:
    p = ("declarations", name)
    combos = []
    for i, combo in enumerate(d["combinations"]):
        ranks = []
        for j, r in enumerate(combo["ranks"]):
            rank = normalise_rank(r)
            if deck is not None and rank not in deck.ranks:
                c.problem(p + ("combinations", i, "ranks", j), f"rank '{r}' is not in deck.ranks")
            elif deck is not None:
                ranks.append(deck.ranks.index(rank))
        combos.append(Combination(tuple(ranks), combo["trumps"], combo["other"]))
    return Declaration(
        name=name, verb=d["verb"], title=d.get("title", name.title()), combinations=tuple(combos),
        after_team_trick=frozenset(d["after_team_trick"]), once_per_suit=d.get("once_per_suit", True),
        suit_hidden_for=frozenset(d.get("suit_hidden_for", ())),
        allowed_if=c.formula(p + ("allowed_if",), "declaration", "boolean"), source=d.get("source", ""),
        face_up_only=d.get("face_up_only", False), wrong_time=wrong_time(c, p + ("wrong_time",)),
        any_time=d.get("any_time", False))


def wrong_time(c: Compiler, path: tuple) -> WrongTime | None:
    wrong = c.get(*path)
    if wrong is None:
        return None
    return WrongTime(wrong["challenge"], wrong.get("source", ""))
