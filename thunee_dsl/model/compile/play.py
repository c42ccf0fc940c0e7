"""The play of the tricks: ``play:`` (``first_leader``, ``follow_suit``, ``undercut``, ``first_lead_not_trump``,
``lay_out``, ``obligations``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.formula import compile_formula
from thunee_dsl.model.ruleset import Obligation, PlayRules, Ruleset

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler) -> PlayRules:
    p = c.data["play"]
    lay_out = p.get("lay_out") or {}
    undercut = p.get("undercut", "allowed") == "only with nothing but trumps"
    follow_suit = p.get("follow_suit", True)
    return PlayRules(c.seat_ref(("play", "first_leader"), "trump_maker+1", ("dealer", "trump_maker", "chooser")),
                     follow_suit, undercut, p.get("source", ""),
                     p.get("first_lead_not_trump", False),
                     lay_out.get("after_tricks"), lay_out.get("unless_undertaking", True),
                     p.get("void_while_closed", "face up"), obligations(c, undercut and follow_suit))


# The undercut rule (play.undercut: only with nothing but trumps) as the obligation it is short for: a player
# void in the suit led, holding a card other than a trump, may not play a trump lower than one already played
UNDERCUT_WHEN = "not seat.holds_led and trick.has_trump and not seat.holds_only_trumps"
UNDERCUT_MUST_PLAY = "not card.is_trump or card.beats_trick"


def obligations(c: Compiler, undercut: bool) -> tuple[Obligation, ...]:
    """The duties of a player following to a trick, in the order applied: the undercut rule (its short form)
    first, then ``play.obligations`` as written."""
    out = []
    if undercut:
        symbols = c.symbols("card")
        out.append(Obligation("no undercutting: a lower trump only with nothing but trumps in hand",
                              compile_formula(UNDERCUT_WHEN, symbols, expect="boolean"),
                              compile_formula(UNDERCUT_MUST_PLAY, symbols, expect="boolean"),
                              c.data["play"].get("source", ""), "undercut"))
    for i, o in enumerate(c.data["play"].get("obligations") or ()):
        path = ("play", "obligations", i)
        when = c.formula(path + ("when",), "card", "boolean") if "when" in o else \
            compile_formula("true", c.symbols("card"), expect="boolean")  # (no `when`: always)
        must_play = c.formula(path + ("must_play",), "card", "boolean")
        if when is not None and any(n.startswith("card.") for n in when.names):
            c.problem(path + ("when",), f"play.obligations[{i}].when reads the card ("
                      f"{', '.join(sorted(n for n in when.names if n.startswith('card.')))}): when the duty holds is "
                      "about the trick and the hand; say which cards it asks for in must_play")
            when = None
        if when is not None and must_play is not None:
            out.append(Obligation(o.get("says", ""), when, must_play, o.get("source", "")))
    return tuple(out)


def check_first_leader(c: Compiler, ruleset: Ruleset) -> None:
    """The first leader counted from a seat the game has in every deal: a game that makes no trumps has no trump
    maker (an undertaking's caller is one only when one is called) and no chooser of trumps."""
    anchor = ruleset.play.first_leader.anchor
    if ruleset.trumps is None and anchor in ("trump_maker", "chooser"):
        who = "trump maker" if anchor == "trump_maker" else "chooser of trumps"
        c.problem(("play", "first_leader"), f"play.first_leader is counted from the {who}, and this ruleset makes "
                  "no trumps: count it from the dealer (e.g. dealer+1)")
