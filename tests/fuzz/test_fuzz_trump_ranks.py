"""Fuzz: a trump suit with its own order and points, and a card borrowed into it (issue 25 item 2), written
into every shipped ruleset and into the two test rulesets that have them (then mutated further): each
mutant is refused with located problems or plays, its card points conserved by the deal's trump, and
replays (checks.check_ruleset_file)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks import OWN, SHIPPED, check_ruleset_file, check_written_in, written
from mutate import mutate_trump_order
from thunee_dsl.loading import load_yaml_file

FUZZ = settings(max_examples=6, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("source", SHIPPED + OWN, ids=lambda p: p.stem)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(0, 2))
def test_a_trump_order_written_in_is_refused_with_locations_or_plays(tmp_path, source, seed, count):
    check_written_in(tmp_path, source, seed, count, mutate_trump_order)


def test_the_mutation_writes_well_formed_orders_that_play(tmp_path):
    # most mutations must give a ruleset that plays: a fuzz that is only ever refused tests nothing
    played = 0
    for seed in range(12):
        rng = random.Random(seed)
        # (exact-bids: OWN[0] until closed-trump.yaml, an overlay whose base is not beside the mutant, sorted first)
        data = load_yaml_file(next(p for p in OWN if p.stem == "exact-bids")).data
        mutate_trump_order(data, rng)
        path = written(tmp_path / f"m{seed}.yaml", data)
        played += check_ruleset_file(path, games=1, seed=seed, max_deals=2) is not None
    assert played >= 6
