"""Making trumps: ``trumps:`` (``chooser``, ``ways``, ``caller_ways``, ``revealed``), and that 'last card' has a
batch dealt after trumps are made."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.ruleset import TrumpRules

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler, batches) -> TrumpRules | None:
    t = c.get("trumps")
    if t is None:
        return None
    steps = tuple(c.data["sequence"])
    if "last card" in t["ways"] and "make trumps" in steps:
        dealt_before = sum(1 for s in steps[:steps.index("make trumps")] if s.startswith("deal "))
        if dealt_before >= len(batches):
            c.problem(("trumps", "ways"), "'last card' needs a batch dealt after trumps are made")
    revealed = t.get("revealed", "first lead")
    return TrumpRules(c.seat_ref(("trumps", "chooser"), "dealer+1", ("dealer",)), tuple(t["ways"]),
                      tuple(t.get("caller_ways", ("card",))), revealed, t.get("source", ""),
                      closed_trump_shown_if(c, t, revealed))


def closed_trump_shown_if(c: Compiler, t: dict, revealed: str):
    """``trumps.revealed_if``: a formula read at the end of each trick while the trump is closed; only with
    ``revealed: on demand`` (otherwise the trump is never closed after a trick)."""
    if "revealed_if" not in t:
        return None
    if revealed != "on demand":
        c.problem(("trumps", "revealed_if"), f"trumps.revealed_if shows a closed trump after a trick, and trumps are "
                  f"shown '{revealed}' here: write 'revealed: on demand' (the trump closed until asked for) or "
                  "drop revealed_if")
        return None
    return c.formula(("trumps", "revealed_if"), "closed trump", "boolean")


def check_void_while_closed(c: Compiler, ruleset) -> None:
    """A card played face down by a player who cannot follow needs a trump that can be closed at that moment."""
    if ruleset.play.void_while_closed != "face down":
        return
    t = ruleset.trumps
    if t is None or t.revealed != "on demand":
        shown = "made" if t is None else f"shown '{t.revealed}'"
        c.problem(("play", "void_while_closed"), "a card is played face down only while the trump is closed, and "
                  f"{'this ruleset makes no trumps' if t is None else 'trumps are ' + shown + ' here'}: write "
                  "'trumps.revealed: on demand', or 'void_while_closed: face up'")
