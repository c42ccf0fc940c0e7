"""Fuzz: cards left undealt and a card turned up, its suit trumps with nobody choosing or ordered up in rounds
(issue 25 item 3),
written into every shipped ruleset and the test rulesets of tests/game/rulesets (then mutated further): each
mutant is refused with located problems or plays and replays (checks.check_ruleset_file)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks import SHIPPED, check_ruleset_file
from mutate import _order_up, mutant, mutate_turn_up
from test_fuzz_trump_ranks import FUZZ, OWN, written  # (the same settings, and the test rulesets of tests/game)
from thunee_dsl.loading import load_yaml_file, ruleset_schema


@pytest.mark.parametrize("source", SHIPPED + OWN, ids=lambda p: p.stem)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(0, 2))
def test_a_turn_up_written_in_is_refused_with_locations_or_plays(tmp_path, source, seed, count):
    rng = random.Random(seed)
    data = load_yaml_file(source).data
    done = [mutate_turn_up(data, rng)]
    data, more = mutant(data, rng, count, schema=ruleset_schema())
    path = written(tmp_path / source.name, data)
    try:
        check_ruleset_file(path, games=2, seed=seed, max_deals=3)
    except AssertionError as err:
        raise AssertionError(f"{source.name} after {done + more}: {err}") from None


def test_the_mutation_writes_turn_ups_that_play(tmp_path):
    # most mutations of the kitty ruleset must play: a fuzz that is only ever refused tests nothing
    played = 0
    kitty = next(p for p in OWN if p.stem == "kitty-turn-up")
    for seed in range(16):
        rng = random.Random(seed)
        data = load_yaml_file(kitty).data
        mutate_turn_up(data, rng)
        played += check_ruleset_file(written(tmp_path / f"m{seed}.yaml", data), games=1, seed=seed,
                                     max_deals=2) is not None
    assert played >= 6


def test_ordering_up_written_into_a_thunee_ruleset_plays(tmp_path):
    # the turn-up ordered up in a shipped ruleset (24 cards, a batch shorter: four left over), its calling gone
    played = 0
    for seed in range(8):
        rng = random.Random(seed)
        data = load_yaml_file(next(p for p in SHIPPED if p.stem == "standard")).data
        data["deal"]["batches"][-1] -= 1
        data["deal"]["turn_up"] = "top of the undealt"
        _order_up(data, data["trumps"], rng)
        played += check_ruleset_file(written(tmp_path / f"o{seed}.yaml", data), games=1, seed=seed,
                                     max_deals=2) is not None
    assert played >= 3
