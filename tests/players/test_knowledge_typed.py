"""A Knowledge's facts are named once, ``knowledge.FACTS``: knowledge.pxd (the compiled build's Knowledge)
declares exactly those, ``_copy_facts`` (how a seat's Knowledge moves on in the compiled build) copies every
one of them in that order, and a Knowledge has no other: a fact added to the class but not there would be lost
(or refused) in the compiled build only."""

from __future__ import annotations

import re
from pathlib import Path

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import knowledge
from thunee_dsl.players.knowledge import FACTS, Knowledge, forget_knowledge

PXD = Path(knowledge.__file__).with_name("knowledge.pxd")


def declared_in_order() -> list[str]:
    names: list[str] = []
    for line in PXD.read_text(encoding="utf-8").splitlines():
        found = re.match(r"\s*cdef public \w+ (.+)$", line)
        if found:
            names += [n.strip() for n in found.group(1).split(",")]
    return names


def declared() -> set[str]:
    return set(declared_in_order())


def _until_dedent(lines):
    for line in lines:
        if line and not line[0].isspace():
            return
        yield line


def test_the_facts_are_named_once():
    assert len(set(FACTS)) == len(FACTS)
    assert {"hand", "trump", "seat", "void", "played_by"} <= set(FACTS)


def test_the_pxd_declares_every_fact_and_copy_facts_copies_them():
    fields = declared_in_order()
    assert len(fields) == len(set(fields)), "a field declared twice"
    assert set(fields) == set(FACTS), (set(FACTS) - set(fields), set(fields) - set(FACTS))
    text = Path(knowledge.__file__).with_suffix(".py").read_text(encoding="utf-8")  # (compiled: no source to inspect)
    body = text[text.index("def _copy_facts("):].splitlines()
    source = "\n".join([body[0]] + [line for line in _until_dedent(body[1:])])
    copied = re.findall(r"k\.(\w+) = before\.\1\b", source)
    assert copied == list(FACTS)


def test_a_knowledge_has_the_facts_the_pxd_declares():
    r = shipped_ruleset("standard")
    forget_knowledge()
    game = GameState(r, seed=3)
    seen: set[str] = set()
    for _ in range(40):  # fresh and moved-on ones, through a deal's first tricks
        if game.is_over:
            break
        view = game.view(game.to_act)
        try:
            k = Knowledge(r, view)
        except Knowledge.Inconsistent:
            pass
        else:
            facts = set(vars(k)) if hasattr(k, "__dict__") else {n for n in declared() if hasattr(k, n)}
            seen |= facts
            assert facts <= declared(), facts - declared()
        game.apply(view.legal[0])
    assert seen == set(FACTS), set(FACTS) - seen
