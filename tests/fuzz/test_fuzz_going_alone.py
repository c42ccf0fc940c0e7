"""Fuzz: going alone (issue 25 item 6) written into every shipped ruleset and the test rulesets of issue 25
(an undertaking offered as trumps are made, the partner sitting out, played out and judged by succeeds_if):
each mutant is refused with located problems or plays and replays (checks.check_ruleset_file)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks import SHIPPED, check_ruleset_file
from mutate import mutate_going_alone
from test_fuzz_rulesets import _refused_with_locations_or_plays
from test_fuzz_trump_ranks import FUZZ, OWN, written  # (the same fuzz settings, test rulesets and writing)
from thunee_dsl.loading import load_yaml_file


@pytest.mark.parametrize("source", SHIPPED + OWN, ids=lambda p: p.stem)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_going_alone_written_in_is_refused_with_locations_or_plays(tmp_path, source, seed):
    _refused_with_locations_or_plays(tmp_path, source, seed, mutate_going_alone)


def test_the_mutation_writes_going_alone_that_plays(tmp_path):
    # a fuzz that is only ever refused tests nothing: written into the Euchre-like test ruleset most play
    played = 0
    source = next(p for p in OWN if p.stem == "going-alone")
    for seed in range(12):
        data = load_yaml_file(source).data
        mutate_going_alone(data, random.Random(seed))
        played += check_ruleset_file(written(tmp_path / f"m{seed}.yaml", data), games=1, seed=seed,
                                     max_deals=3) is not None
    assert played >= 5, played
