"""The cards: ``deck:`` (``suits``, ``ranks`` from highest, ``points``; the trump suit's own order and
points, ``trumps``, with a card borrowed from the other suit of its colour, ``colours``) and a rank order of
its own (an undertaking's ``ranking``); the "beats" tables built once, per trump suit."""

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
    colours = _colours(c, deck.get("colours"), suits)
    trump_order, trump_points = _trumps(c, deck.get("trumps"), ranks, colours)
    sequence_order = _sequence_order(c, deck.get("sequence_order"), ranks)
    if not ok or colours is False or trump_order is False or sequence_order is False:
        return None
    return Deck(suits, ranks, tuple(points.get(r, 0) for r in ranks), trump_order=trump_order,
                trump_rank_points=trump_points, colours=colours, sequence_order=sequence_order)


def _sequence_order(c: Compiler, order: list | None, ranks: tuple[str, ...]):
    """``deck.sequence_order``: the rank indexes in the order runs count, lowest first; None if not given,
    False if wrong (every rank of the deck once)."""
    if order is None:
        return None
    out = []
    for i, r in enumerate(order):
        rank = normalise_rank(r)
        if rank not in ranks:
            c.problem(("deck", "sequence_order", i), f"deck.sequence_order names rank '{r}', which is not in "
                      f"deck.ranks ({' '.join(ranks)})")
            return False
        if ranks.index(rank) in out:
            c.problem(("deck", "sequence_order", i), f"deck.sequence_order names rank '{r}' twice: list every "
                      f"rank of the deck once, lowest first")
            return False
        out.append(ranks.index(rank))
    if len(out) != len(ranks):
        missing = [r for i, r in enumerate(ranks) if i not in out]
        c.problem(("deck", "sequence_order",), f"deck.sequence_order leaves out {' '.join(missing)}: list every "
                  f"rank of the deck once, lowest first")
        return False
    return tuple(out)


BORROWED = (" OF SAME COLOUR", " OF SAME COLOR")  # a trump order's entry "J of same colour": a card borrowed


def _colours(c: Compiler, colours: dict | None, suits: tuple[str, ...]):
    """``deck.colours``: each suit's colour, in the order of the suits; None if not given, False if wrong."""
    if colours is None:
        return None
    by_suit = {}
    for key, colour in colours.items():
        suit = str(key).upper()
        if suit not in suits:
            c.problem(("deck", "colours", key), f"deck.colours names suit '{key}', which is not in deck.suits "
                      f"({' '.join(suits)})")
            return False
        by_suit[suit] = str(colour).strip().lower()
    missing = [s for s in suits if s not in by_suit]
    if missing:
        c.problem(("deck", "colours"), f"deck.colours gives no colour to {' '.join(missing)}: give every suit "
                  f"its colour (e.g. S: black, H: red)")
        return False
    return tuple(by_suit[s] for s in suits)


def _trumps(c: Compiler, trumps: dict | None, ranks: tuple[str, ...], colours):
    """``deck.trumps``: the trump suit's order (rank, borrowed) and points by rank; (None, None) if not
    given, False if wrong."""
    if trumps is None:
        return None, None
    order = None
    if trumps.get("ranks") is not None:
        order, own = [], []
        for i, entry in enumerate(trumps["ranks"]):
            text = str(entry).strip().upper()
            suffix = next((b for b in BORROWED if text.endswith(b)), "")
            borrowed = bool(suffix)
            rank = normalise_rank(text[:len(text) - len(suffix)])
            if rank not in ranks:
                said = "a rank of the deck" + (" then 'of same colour'" if " " in text else "")
                c.problem(("deck", "trumps", "ranks", i), f"'{entry}' is not {said}: write a rank of deck.ranks "
                          f"({' '.join(ranks)}), or '<rank> of same colour' for the card of the other suit of the "
                          f"trump's colour (e.g. J of same colour)")
                return False, None
            if (rank, borrowed) in order:
                c.problem(("deck", "trumps", "ranks", i), f"'{entry}' is listed twice in deck.trumps.ranks")
                return False, None
            if borrowed and colours is None:
                c.problem(("deck", "trumps", "ranks", i), f"'{entry}' borrows a card from the other suit of the "
                          f"trump's colour: give deck.colours (e.g. {{S: black, C: black, H: red, D: red}})")
                return False, None
            if borrowed and colours and any(colours.count(colour) != 2 for colour in colours):
                c.problem(("deck", "trumps", "ranks", i), f"'{entry}' needs each colour of deck.colours to have "
                          f"two suits, so that the trump's colour has one other suit to borrow from")
                return False, None
            order.append((rank, borrowed))
            if not borrowed:
                own.append(rank)
        if sorted(own) != sorted(ranks):
            c.problem(("deck", "trumps", "ranks"), f"deck.trumps.ranks must list each rank of the deck once "
                      f"({' '.join(ranks)}), and may add '<rank> of same colour'; missing: "
                      f"{' '.join(r for r in ranks if r not in own)}")
            return False, None
        order = tuple(order)
    points = None
    if trumps.get("points") is not None:
        by_rank = {}
        for key, value in trumps["points"].items():
            rank = normalise_rank(key)
            if rank not in ranks:
                c.problem(("deck", "trumps", "points", key), f"deck.trumps.points names rank '{key}', which is not "
                          f"in deck.ranks")
                return False, None
            by_rank[rank] = value
        points = tuple(by_rank.get(r, 0) for r in ranks)
    return order, points


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
    if deck.trump_order is not None:
        c.problem(path, f"{dotted_path(path)}: a rank order of its own cannot be combined with the trump suit's "
                  f"own order (deck.trumps.ranks)")
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
