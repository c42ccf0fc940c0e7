"""The play of the tricks: ``play:`` (``first_leader``, ``follow_suit``, ``undercut``, ``first_lead_not_trump``,
``lay_out``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.ruleset import PlayRules

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler) -> PlayRules:
    p = c.data["play"]
    lay_out = p.get("lay_out") or {}
    return PlayRules(c.seat_ref(("play", "first_leader"), "trump_maker+1", ("dealer", "trump_maker", "chooser")),
                     p.get("follow_suit", True),
                     p.get("undercut", "allowed") == "only with nothing but trumps", p.get("source", ""),
                     p.get("first_lead_not_trump", False),
                     lay_out.get("after_tricks"), lay_out.get("unless_undertaking", True))
