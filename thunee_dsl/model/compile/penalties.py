"""Penalties: ``penalties:`` (``balls``, the ``offences`` penalised, ``balls_for`` an offence of its own)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.ruleset import Penalties

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler) -> Penalties | None:
    p = c.get("penalties")
    if p is None:
        return None
    balls_for = p.get("balls_for") or {}
    for offence in balls_for:
        if offence not in p["offences"]:
            c.problem(("penalties", "balls_for", offence), f"penalties.balls_for names '{offence}', which "
                      f"penalties.offences does not list: it is not penalised at all")
    return Penalties(p["balls"], frozenset(p["offences"]), p.get("source", ""), tuple(sorted(balls_for.items())))
