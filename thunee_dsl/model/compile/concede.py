"""Giving up the deal: ``concede:`` (the ``balls`` the other team scores), and that a ``concede`` step comes with
its section and the other way round."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def check_step(c: Compiler) -> None:
    if ("concede" in c.data) != ("concede" in c.data["sequence"]):
        c.problem(("sequence",), "a 'concede' step needs a 'concede:' section, and the other way round")


def balls(c: Compiler):
    """``concede.balls``, as written (None without a ``concede:`` section)."""
    return (c.get("concede") or {}).get("balls")
