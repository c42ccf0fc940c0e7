"""A deal thrown in: ``redeal:`` (claimed instead of making trumps, by the chooser or anyone; ``allowed_if``)
before the play, ``cancellation:`` (``cancel_if``, ``redealer``) after it; the check that not every deal is
thrown in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.formula import Formula
from thunee_dsl.model.compile.scoring import ranges
from thunee_dsl.model.ruleset import Cancellation, Redeal, Ruleset

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler) -> Redeal | None:
    r = c.get("redeal")
    if r is None:
        return None
    if "trumps" not in c.data:
        c.problem(("redeal",), "a redeal is claimed instead of making trumps: it needs a 'trumps:' section")
    by = r.get("by", "chooser")
    anyone = by == "anyone"
    # a seat named like the other seat references (dealer+1): asked alone in the redeal step, before any bid
    seat = c.seat_ref(("redeal", "by"), "dealer", ("dealer",)) if by not in ("chooser", "anyone") else None
    if (anyone or seat is not None) != ("redeal" in c.data["sequence"]):
        c.problem(("redeal",), f"a redeal by {'anyone' if seat is None else by} needs a 'redeal' step in the "
                  "sequence (and only then)" if by != "chooser" else
                  "a 'redeal' step in the sequence needs 'redeal.by: anyone' or a seat (e.g. dealer+1)")
    return Redeal(c.formula(("redeal", "allowed_if"), "undertaking", "boolean"), r.get("source", ""), anyone, seat)


def cancellation(c: Compiler) -> Cancellation | None:
    cancel = c.get("cancellation")
    if cancel is None:
        return None
    return Cancellation(c.formula(("cancellation", "cancel_if"), "cancellation", "boolean"),
                        cancel.get("redealer", "same dealer") == "same dealer", cancel.get("source", ""))


def check_cancellation(c: Compiler, ruleset: Ruleset) -> None:
    """A deal thrown in whatever happens leaves no game able to end; a cancellation in a game without trumps never
    throws one in (it is looked at once trumps are made and every card dealt: game/redeal.py)."""
    if ruleset.cancellation is not None and ruleset.trumps is None:
        c.problem(("cancellation",), "a cancellation is looked at once trumps are made, and this ruleset makes no "
                  "trumps: it would never throw a deal in (remove it, or add a 'trumps' section)")
    cancel_if = ruleset.cancellation.cancel_if if ruleset.cancellation is not None else None
    if cancel_if is not None and not cancel_if.can_be(False):
        c.problem(("cancellation", "cancel_if"), "cancellation.cancel_if is true in every deal "
                  f"({_always(cancel_if)}): every deal would be thrown in and no game could end")


def _always(condition: Formula) -> str:
    """Why a condition holds in every deal, in words."""
    if not condition.names:
        return f"'{condition.text}'"
    return f"'{' '.join(condition.text.split())}', with {ranges(condition)}"
