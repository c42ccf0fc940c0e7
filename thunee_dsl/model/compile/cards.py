"""The cards: ``deck:`` (``suits``, ``ranks`` from highest, ``points``) and a rank order of its own (an
undertaking's ``ranking``); the "beats" tables built once, per trump suit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.errors import character_name, is_invisible
from thunee_dsl.loading import dotted_path
from thunee_dsl.model.cards import Deck, beats_table, normalise_rank

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def deck(c: Compiler) -> Deck | None:
    deck = c.data["deck"]
    suits = tuple(str(s).upper() for s in deck["suits"])
    ranks = tuple(normalise_rank(r) for r in deck["ranks"])
    ok = _each_once(c, suits, ranks)
    for i, r in enumerate(ranks):
        if len(r) != 1:
            c.problem(("deck", "ranks", i), f"rank '{r}' must be one character (T for the Ten)")
            ok = False
    points = {}
    for key, value in (deck.get("points") or {}).items():
        rank = normalise_rank(key)
        if rank not in ranks:
            c.problem(("deck", "points", key), f"deck.points names rank '{key}', which is not in deck.ranks")
            ok = False
        points[rank] = value
    if not ok:
        return None
    return Deck(suits, ranks, tuple(points.get(r, 0) for r in ranks))


def _each_once(c: Compiler, suits: tuple[str, ...], ranks: tuple[str, ...]) -> bool:
    """Each suit and rank written once, as a letter or sign one can see."""
    ok = True
    for label, values in (("suits", suits), ("ranks", ranks)):
        seen = set()
        for i, v in enumerate(values):
            if v and (v.isspace() or is_invisible(v[0])):
                # a card is written rank then suit (KH): a blank letter makes cards no one can write
                c.problem(("deck", label, i), f"deck.{label}[{i}] is {'a space' if v == ' ' else character_name(v[0])}: "
                          f"{label} are written as letters or signs you can see (e.g. "
                          f"{'S, H, D, C' if label == 'suits' else 'J, 9, A, T, K, Q'})")
                ok = False
            if v in seen:
                c.problem(("deck", label, i), f"'{v}' is listed twice in deck.{label}")
                ok = False
            seen.add(v)
    return ok


def ranking(c: Compiler, path: tuple, deck: Deck | None):
    """Beats tables for a deal played with its own rank order (e.g. Royals), or None."""
    ranks = c.get(*path)
    if ranks is None or deck is None:
        return None
    order = [normalise_rank(r) for r in ranks]
    if sorted(order) != sorted(deck.ranks):
        c.problem(path, f"{dotted_path(path)} must list each rank of the deck once "
                  f"({' '.join(deck.ranks)}), got {' '.join(order)}")
        return None
    strength = tuple(order.index(rank) for rank in deck.ranks)
    return beats(deck, strength)


def beats(deck: Deck | None, strength: tuple[int, ...] | None = None):
    """Per trump suit (and a last row for no trumps), which cards beat each card."""
    if deck is None:
        return ()
    return tuple(beats_table(deck, t, strength) for t in range(len(deck.suits))) + (beats_table(deck, None, strength),)
