"""The play of the tricks: ``play:`` (``first_leader``, ``follow_suit``, ``undercut``, ``first_lead_not_trump``,
``lay_out``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.ruleset import PlayRules, Ruleset

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler) -> PlayRules:
    p = c.data["play"]
    lay_out = p.get("lay_out") or {}
    return PlayRules(c.seat_ref(("play", "first_leader"), "trump_maker+1", ("dealer", "trump_maker", "chooser")),
                     p.get("follow_suit", True),
                     p.get("undercut", "allowed") == "only with nothing but trumps", p.get("source", ""),
                     p.get("first_lead_not_trump", False),
                     lay_out.get("after_tricks"), lay_out.get("unless_undertaking", True),
                     p.get("void_while_closed", "face up"))


def check_first_leader(c: Compiler, ruleset: Ruleset) -> None:
    """The first leader counted from a seat the game has in every deal: a game that makes no trumps has no trump
    maker (an undertaking's caller is one only when one is called) and no chooser of trumps."""
    anchor = ruleset.play.first_leader.anchor
    if ruleset.trumps is None and anchor in ("trump_maker", "chooser"):
        who = "trump maker" if anchor == "trump_maker" else "chooser of trumps"
        c.problem(("play", "first_leader"), f"play.first_leader is counted from the {who}, and this ruleset makes "
                  "no trumps: count it from the dealer (e.g. dealer+1)")
