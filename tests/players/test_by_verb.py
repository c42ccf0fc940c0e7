"""``players.knowledge.by_verb``: the bots' one-look-up tables of a ruleset's undertakings, declarations and
claims answer what the ruleset's own ``*_by_verb`` answer, for every verb of every shipped ruleset and for a
verb that is none of them."""

from __future__ import annotations

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.players.knowledge import by_verb


@pytest.mark.parametrize("name", sorted(shipped_rulesets()))
def test_by_verb_answers_what_the_ruleset_answers(name):
    r = shipped_ruleset(name)
    by = by_verb(r)
    verbs = {x.verb for x in (*r.undertakings, *r.declarations, *r.claims)} | {"play", "pass", "call", "no such verb"}
    for verb in verbs:
        assert by.undertaking.get(verb) is r.undertaking_by_verb(verb)
        assert by.declaration.get(verb) is r.declaration_by_verb(verb)
        assert by.claim.get(verb) is r.claim_by_verb(verb)
    assert by_verb(r) is by  # made once per ruleset
