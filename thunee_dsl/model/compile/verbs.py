"""The words players say: the ``verb`` of every undertaking, declaration and claim (and a declaration's
``wrong_time.challenge``) is the ruleset's own, used once, and not one of the engine's (ENGINE_VERBS)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.loading import dotted_path
from thunee_dsl.model.ruleset import ENGINE_VERBS, Ruleset

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def check_verbs(c: Compiler, ruleset: Ruleset) -> None:
    seen: dict[str, tuple] = {}
    for section, items in (("undertakings", ruleset.undertakings), ("declarations", ruleset.declarations),
                           ("claims", ruleset.claims)):
        for item in items:
            path = (section, item.name, "verb")
            if item.verb in ENGINE_VERBS:
                c.problem(path, f"verb '{item.verb}' is reserved for the engine ({', '.join(ENGINE_VERBS)})")
            elif item.verb in seen:
                c.problem(path, f"verb '{item.verb}' is already used by {dotted_path(seen[item.verb][:2])}")
            seen[item.verb] = path
    # the word that challenges a declaration at the wrong time (Marials): several may share it
    for d in ruleset.declarations:
        if d.wrong_time is not None and (d.wrong_time.challenge in ENGINE_VERBS or d.wrong_time.challenge in seen):
            c.problem(("declarations", d.name, "wrong_time", "challenge"),
                      f"'{d.wrong_time.challenge}' is already a verb of the engine or of this ruleset")
