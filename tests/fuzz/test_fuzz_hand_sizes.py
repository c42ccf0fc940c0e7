"""Fuzz: a schedule of hand sizes (deal.hand_sizes, issue 25 item 3's last part) written into every shipped ruleset
and the test rulesets of tests/game/rulesets: each mutant is refused with located problems or plays and replays
(checks.check_ruleset_file)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks import SHIPPED, check_ruleset_file
from mutate import mutate_hand_sizes
from test_fuzz_rulesets import _refused_with_locations_or_plays
from test_fuzz_trump_ranks import FUZZ, OWN, written  # (the same fuzz settings, test rulesets and writing)
from thunee_dsl.loading import load_yaml_file


@pytest.mark.parametrize("source", SHIPPED + OWN, ids=lambda p: p.stem)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_hand_sizes_written_in_are_refused_with_locations_or_play(tmp_path, source, seed):
    # (a size the pack cannot give, a deal not of the largest, more deals than sizes: each refused where written)
    _refused_with_locations_or_plays(tmp_path, source, seed, mutate_hand_sizes)


def test_the_mutation_writes_schedules_that_play(tmp_path):
    # a fuzz that is only ever refused tests nothing: written into the test ruleset of hand sizes most play
    source = next(p for p in OWN if p.stem == "hand-sizes")

    def plays(seed: int) -> bool:
        data = load_yaml_file(source).data
        mutate_hand_sizes(data, random.Random(seed))
        path = written(tmp_path / f"m{seed}.yaml", data)
        return check_ruleset_file(path, games=1, seed=seed, max_deals=3) is not None

    assert sum(map(plays, range(12))) >= 5


def test_a_face_down_row_left_beside_one_batch_of_the_largest_size_is_refused_not_an_internal_error(tmp_path):
    # found by the fuzz (two-player-open-face, seed 54941): the deal made one batch while deal.face_down still
    # names the second, the row's lay-out kept: refused where written, not an IndexError in the sight check
    source = next(p for p in SHIPPED if p.stem == "two-player-open-face")
    _refused_with_locations_or_plays(tmp_path, source, 54941, mutate_hand_sizes)
