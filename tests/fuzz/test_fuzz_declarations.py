"""Fuzz: declarations counted from the cards themselves, declared automatically (issue 25 item 7: roem from each
trick's cards, honours from the hands as dealt, deck.sequence_order), written into every shipped ruleset and the
test rulesets of tests/game/rulesets (then mutated further): each mutant is refused with located problems or
plays, and replays (checks.check_written_in)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks import OWN, SHIPPED, check_ruleset_file, check_written_in, written
from mutate import mutate_counted_declaration
from thunee_dsl.loading import load_yaml_file


@pytest.mark.parametrize("source", SHIPPED + OWN, ids=lambda p: p.stem)
@settings(max_examples=5, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(0, 2))
def test_a_counted_declaration_written_in_is_refused_with_locations_or_plays(tmp_path, source, seed, count):
    check_written_in(tmp_path, source, seed, count, mutate_counted_declaration)


@pytest.mark.parametrize("source", [p for p in OWN if p.stem in ("roem", "honours")] + SHIPPED[:1],
                         ids=lambda p: p.stem)
def test_the_mutation_writes_declarations_that_play(tmp_path, source):
    # most mutations must give a ruleset that plays: a fuzz that is only ever refused tests nothing
    played = 0
    for seed in range(10):
        data = load_yaml_file(source).data
        mutate_counted_declaration(data, random.Random(seed))
        path = written(tmp_path / f"m{seed}.yaml", data)
        played += check_ruleset_file(path, games=1, seed=seed, max_deals=2) is not None
    assert played >= 5
