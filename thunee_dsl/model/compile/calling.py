"""Calling to make trumps: ``calling:`` (``amounts``, ``first_caller``, ``next_caller``, ``simultaneous_extra``,
``allowed_if``: who may call) and a later ``calling`` step of the sequence (a calling again)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.formula import Formula
from thunee_dsl.model.ruleset import CallingRules

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler

_MADE_ROLES = frozenset({"makers", "counting", "trump_maker"})  # roles with no seat or team until trumps are made


def rules(c: Compiler) -> CallingRules | None:
    calling = c.get("calling")
    if calling is None:
        return None
    amounts = tuple(calling["amounts"])
    if list(amounts) != sorted(set(amounts)):
        c.problem(("calling", "amounts"), "calling.amounts must rise strictly")
    return CallingRules(amounts, calling.get("first_caller", "anyone"),
                        calling.get("next_caller", "opponents of last caller"),
                        calling.get("simultaneous_extra", 0), calling.get("source", ""), who_may_call(c))


def who_may_call(c: Compiler) -> Formula | None:
    """``calling.allowed_if``: a formula over the player considering a call. The trump makers (``makers``,
    ``counting``, ``trump_maker``) are named only where trumps are made before the first calling step:
    otherwise nobody has made them yet when the first call is weighed."""
    path = ("calling", "allowed_if")
    formula = c.formula(path, "calling", "boolean")
    steps = [str(s) for s in c.data.get("sequence") or ()]
    made_before = "make trumps" in steps and "calling" in steps and steps.index("make trumps") < steps.index("calling")
    unmade = sorted(n for n in (formula.names if formula is not None else ()) if n.split(".")[0] in _MADE_ROLES)
    if unmade and not made_before:
        c.problem(path, f"calling.allowed_if names {unmade[0]}, but trumps are not made before the calling: "
                  f"nobody is the trump maker when the first call is weighed (name callers, opponents, "
                  f"dealers, others, seat or dealer, or put 'make trumps' before 'calling')")
    return formula


def check_calling_again(c: Compiler, steps: tuple[str, ...]) -> None:
    """A later 'calling' goes on from the last call: it needs cards dealt since the one before (else every
    seat has already said all it would), and a caller taking over trumps there cannot choose 'last card'
    with no batch left to deal."""
    callings = [i for i, step in enumerate(steps) if step == "calling"]
    ways = c.get("trumps", "caller_ways", default=["card"])
    for before, i in zip(callings, callings[1:]):
        if not any(str(step).startswith("deal ") for step in steps[before + 1:i]):
            c.problem(("sequence", i), "step 'calling' comes again with no cards dealt since the last "
                      "'calling': that calling ends only when every player has passed, so nobody would have "
                      "anything new to call on (deal a batch between them, or remove one)")
        elif isinstance(ways, list) and "last card" in ways and \
                not any(str(step).startswith("deal ") for step in steps[i + 1:]):
            c.problem(("sequence", i), "a caller who takes over making trumps in this 'calling' may choose "
                      "'last card' (trumps.caller_ways), but no batch is dealt after it: drop 'last card' from "
                      "trumps.caller_ways, or deal a batch after it")
