"""Declarations (cards shown for balls or points): ``declarations:`` (each by its name: ``verb``, ``combinations``
of ranks, ``after_team_trick``, ``once_per_suit``, ``suit_hidden_for``, ``allowed_if``, ``face_up_only``,
``any_time``, ``wrong_time``: the challenge of a declaration at the wrong time). ``from: trick``: combinations
of each trick's cards by shape (``same_rank``, ``sequence``, ``cards``), scored for the trick's winners;
``from: hands as dealt``: how many of ``cards`` (of trumps) a team or a player was dealt (``held``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.cards import Deck, normalise_rank
from thunee_dsl.model.ruleset import (
    Combination, Declaration, DeclaredFrom, HeldCount, TrickCombination, WrongTime,
)

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler, deck: Deck | None) -> tuple[Declaration, ...]:
    items = (c.part(declaration, c, name, d, deck) for name, d in (c.get("declarations") or {}).items())
    return tuple(item for item in items if item is not None)


def declaration(c: Compiler, name: str, d: dict, deck: Deck | None) -> Declaration:
    p = ("declarations", name)
    taken_from = DeclaredFrom(d.get("from", "hand"))
    if taken_from is not DeclaredFrom.HAND:
        return from_cards(c, name, d, deck, taken_from)
    for key in _NOT_FROM_HAND:
        if key in d:
            c.problem(p + (key,), f"declarations.{name}.{key}: is for a declaration from a trick or from the hands "
                      f"as dealt (give 'from: trick' or 'from: hands as dealt'), not one declared from the hand")
    if "after_team_trick" not in d:
        if c.tolerant:
            return None  # (the schema refused parts of it, perhaps its 'from': those problems are said first)
        c.problem(p, f"declarations.{name}: give 'after_team_trick' (after which of its tricks the team may declare "
                  f"it), or 'from: trick' / 'from: hands as dealt' for combinations counted without a player "
                  f"declaring them")
        return None
    for i, combo in enumerate(d["combinations"]):
        missing = [k for k in ("ranks", "trumps", "other") if k not in combo]
        shape = [k for k in _SHAPE_KEYS if k in combo]
        if missing or shape:
            c.problem(p + ("combinations", i), f"declarations.{name}.combinations[{i}]: a combination declared from "
                      f"the hand gives 'ranks', 'trumps' and 'other'"
                      + (f" (missing {', '.join(repr(k) for k in missing)})" if missing else "")
                      + (f"; {', '.join(repr(k) for k in shape)} is for 'from: trick' or 'from: hands as dealt'"
                         if shape else ""))
            return None
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


# the keys of a declaration counted from the cards themselves (a trick's, or the hands as dealt)
_NOT_FROM_HAND = ("declared", "pooled", "cards", "scored")
_SHAPE_KEYS = ("name", "same_rank", "sequence", "cards", "trumps_only", "also", "value", "held")
# the keys only a declaration from the hand takes (said when given to one counted from the cards)
_HAND_ONLY = ("after_team_trick", "once_per_suit", "suit_hidden_for", "face_up_only", "any_time", "wrong_time")


def from_cards(c: Compiler, name: str, d: dict, deck: Deck | None, taken_from: DeclaredFrom) -> Declaration | None:
    """A declaration counted from the cards themselves: each trick's (roem), or the hands as dealt (honours)."""
    p = ("declarations", name)
    where = "a trick" if taken_from is DeclaredFrom.TRICK else "the hands as dealt"
    ok = True
    for key in _HAND_ONLY:
        if key in d:
            c.problem(p + (key,), f"declarations.{name}.{key}: is for a declaration a player makes from the hand; "
                      f"one from {where} counts by itself")
            ok = False
    if taken_from is DeclaredFrom.TRICK:
        for key in ("pooled", "cards", "scored"):
            if key in d:
                c.problem(p + (key,), f"declarations.{name}.{key}: is for a declaration from the hands as dealt; "
                          f"one from a trick is scored for the trick's winners as each trick ends")
                ok = False
        shapes = tuple(_shape(c, p + ("combinations", i), name, i, combo, deck)
                       for i, combo in enumerate(d["combinations"]))
        honours, held = (), ()
        ok = ok and None not in shapes
    else:
        shapes = ()
        honours = _ranks(c, p + ("cards",), d.get("cards"), deck, f"declarations.{name}.cards")
        if "cards" not in d:
            c.problem(p, f"declarations.{name}: give 'cards', the ranks of trumps that count when held "
                      f"(honours: [A, K, Q, J])")
            ok = False
        held = []
        for i, combo in enumerate(d["combinations"]):
            at = p + ("combinations", i)
            wrong = [k for k in combo if k not in ("held", "value", "name")]
            if wrong or "held" not in combo or "value" not in combo:
                c.problem(at, f"declarations.{name}.combinations[{i}]: a combination of the hands as dealt gives "
                          f"'held' (how many of the cards) and 'value'"
                          + (f"; {', '.join(repr(k) for k in wrong)} is not one of its keys" if wrong else ""))
                ok = False
                continue
            if honours is not None and combo["held"] > len(honours):
                c.problem(at + ("held",), f"declarations.{name}.combinations[{i}].held: {combo['held']} of "
                          f"{len(honours)} cards can never be held")
                ok = False
            held.append(HeldCount(combo["held"], combo["value"]))
        held = tuple(sorted(held, key=lambda h: -h.held))
        ok = ok and honours is not None
    allowed_if = c.formula(p + ("allowed_if",), "declaration", "boolean")
    if not ok:
        return None
    return Declaration(
        name=name, verb=d["verb"], title=d.get("title", name.title()), combinations=(),
        after_team_trick=frozenset(), once_per_suit=False, suit_hidden_for=frozenset(), allowed_if=allowed_if,
        source=d.get("source", ""), taken_from=taken_from, declared=d.get("declared", "automatically"),
        shapes=shapes, honours=honours or (), held=held, pooled=d.get("pooled", "team"),
        scored=d.get("scored", "with tricks"))


def _shape(c: Compiler, at: tuple, name: str, i: int, combo: dict, deck: Deck | None) -> TrickCombination | None:
    """One combination of a trick's cards: exactly one shape, and its value."""
    said = f"declarations.{name}.combinations[{i}]"
    shapes = [k for k in ("same_rank", "sequence", "cards") if k in combo]
    wrong = [k for k in ("trumps", "other", "held") if k in combo]
    if len(shapes) != 1 or "value" not in combo or wrong:
        c.problem(at, f"{said}: a combination of a trick's cards gives one shape ('same_rank: 4', 'sequence: 3' or "
                  f"'cards: [K, Q]') and its 'value'"
                  + (f" (it gives {' and '.join(repr(k) for k in shapes)})" if len(shapes) > 1 else "")
                  + (f"; {', '.join(repr(k) for k in wrong)} is not one of its keys" if wrong else ""))
        return None
    if "ranks" in combo and "same_rank" not in combo:
        c.problem(at + ("ranks",), f"{said}.ranks: names the ranks of 'same_rank' only (a run is of any ranks in "
                  f"sequence, 'cards' names its own)")
        return None
    ranks = _ranks(c, at + ("ranks",), combo.get("ranks"), deck, f"{said}.ranks")
    cards = _ranks(c, at + ("cards",), combo.get("cards"), deck, f"{said}.cards")
    if ranks is None or cards is None:
        return None
    hand = 0 if deck is None else len(deck.suits)
    if deck is not None and combo.get("same_rank", 0) > hand:
        c.problem(at + ("same_rank",), f"{said}.same_rank: {combo['same_rank']} cards of one rank, but the deck has "
                  f"{hand} suits")
        return None
    if deck is not None and combo.get("sequence", 0) > len(deck.ranks):
        c.problem(at + ("sequence",), f"{said}.sequence: a run of {combo['sequence']}, but a suit has "
                  f"{len(deck.ranks)} cards")
        return None
    return TrickCombination(
        name=str(combo.get("name", _shape_name(combo))), value=combo["value"], same_rank=combo.get("same_rank", 0),
        ranks=ranks, sequence=combo.get("sequence", 0), cards=cards, trumps_only=combo.get("trumps_only", False),
        also=combo.get("also", False))


def _shape_name(combo: dict) -> str:
    if "sequence" in combo:
        return f"{combo['sequence']} in sequence"
    if "same_rank" in combo:
        return f"{combo['same_rank']} of a kind"
    return " ".join(str(r) for r in combo["cards"])


def _ranks(c: Compiler, at: tuple, given, deck: Deck | None, said: str) -> tuple[int, ...] | None:
    """Rank names -> the deck's rank indexes (None, with a problem, for a rank not in the deck)."""
    if not given or deck is None:
        return ()
    out = []
    for j, r in enumerate(given):
        rank = normalise_rank(r)
        if rank not in deck.ranks:
            c.problem(at + (j,), f"{said}: rank '{r}' is not in deck.ranks ({' '.join(deck.ranks)})")
            return None
        out.append(deck.ranks.index(rank))
    return tuple(out)
