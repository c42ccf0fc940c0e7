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
    return TrumpRules(c.seat_ref(("trumps", "chooser"), "dealer+1", ("dealer",)), tuple(t["ways"]),
                      tuple(t.get("caller_ways", ("card",))), t.get("revealed", "first lead"), t.get("source", ""))
