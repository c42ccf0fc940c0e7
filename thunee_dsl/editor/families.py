"""Which family of card games a ruleset belongs to, read from its cards (never from its name), and finding a
game in the Library by what a player would type.

Card players group trick-taking games by how the trumps rank (as Pagat's families do): the Jack and the Nine
on top of the trump suit is the Jass family (Thunee, 304, Klaverjas, Belote); a Jack of the other suit of the
trump's colour borrowed as a trump (the left bower) is the Euchre family; trumps ranking as the other suits,
Ace high, is the Whist family (Whist, Oh Hell, Bridge).

>>> from thunee_dsl import shipped_ruleset
>>> family(shipped_ruleset("standard"))
'Jass family'
"""

from __future__ import annotations

from thunee_dsl.model.ruleset import Ruleset

JASS, EUCHRE, WHIST = "Jass family", "Euchre family", "Whist family"
# what a player may type for a family ("jass", "euchre games", "whist family")
_FAMILY_WORDS = {JASS: ("jass",), EUCHRE: ("euchre",), WHIST: ("whist",)}


def trump_order(ruleset: Ruleset) -> tuple[tuple[str, bool], ...]:
    """The trump suit's ranks, highest first, each (rank, borrowed from the other suit of its colour)."""
    deck = ruleset.deck
    return deck.trump_order or tuple((rank, False) for rank in deck.ranks)


def family(ruleset: Ruleset) -> str | None:
    """The family the ruleset's trumps make it one of, or None when they say nothing (no Jack or Ace on top)."""
    order = trump_order(ruleset)
    if any(borrowed for _, borrowed in order):
        return EUCHRE
    top = [rank for rank, _ in order[:2]]
    if top == ["J", "9"]:
        return JASS
    if top[:1] == ["A"]:
        return WHIST
    return None


def matches(query: str, *texts: str | None) -> bool:
    """Whether every word the player typed is found in one of ``texts`` (name, title, aliases, family,
    summary), without regard to case, hyphens or spaces: "oh hell" finds ``oh-hell``, "klaver" Klaverjas."""
    words = _plain(query).split()
    hay = " ".join(_plain(t) for t in texts if t)
    squeezed = hay.replace(" ", "")
    return all(w in hay or w in squeezed for w in words) or (bool(words) and "".join(words) in squeezed)


def _plain(text: str) -> str:
    return " ".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


__all__ = ["EUCHRE", "JASS", "WHIST", "family", "matches", "trump_order"]
