"""Claims (a team's claim about the deal, judged on the spot): ``claims:`` (each by its name: ``verb``, ``allowed_if``,
``forbidden_if``, ``succeeds_if``, ``balls``, ``combine``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.compile.scoring import balls
from thunee_dsl.model.ruleset import Claim

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler) -> tuple[Claim, ...]:
    items = (c.part(claim, c, name, cl) for name, cl in (c.get("claims") or {}).items())
    return tuple(item for item in items if item is not None)


def claim(c: Compiler, name: str, cl: dict) -> Claim:
    p = ("claims", name)
    return Claim(
        name=name, verb=cl["verb"], title=cl.get("title", name.title()),
        allowed_if=c.formula(p + ("allowed_if",), "claim", "boolean"),
        forbidden_if=c.formula(p + ("forbidden_if",), "claim", "boolean"),
        succeeds_if=c.formula(p + ("succeeds_if",), "claim", "boolean"),
        balls=balls(c, p + ("balls",), "claim"), source=cl.get("source", ""),
        adds=cl.get("combine", "replace") == "add")
