"""Fuzz: every shipped ruleset and house overlay, structurally mutated (delete, duplicate, retype, swap,
extreme values, formula edits, and keys the schema knows added where a file lacks them, with values the
shipped files write under that key). Each mutant is either refused with located problems (library, CLI and
editor alike, never the CLI's internal-error exit) or plays: random games whose deals all end, with
card points conserved, and whose transcripts replay to the same balls; every other game starts a
ball short of the target, so games are played to their end too.

Bounded for CI (derandomized, a fixed number of examples); the long campaign is ``campaign.py``.
"""

from __future__ import annotations

import random

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks import OVERLAYS, SHIPPED, check_ruleset_file
from mutate import harvest, mutant
from thunee_dsl.loading import load_yaml_file, ruleset_schema

FUZZ = settings(max_examples=12, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


DONORS = harvest([load_yaml_file(p).data for p in SHIPPED + OVERLAYS])


def write_mutant(tmp_path, source, seed: int, count: int):
    data = load_yaml_file(source).data
    data, done = mutant(data, random.Random(seed), count, schema=ruleset_schema(), donors=DONORS)
    path = tmp_path / source.name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path, done


@pytest.mark.parametrize("source", SHIPPED + OVERLAYS, ids=lambda p: p.stem)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 3))
def test_a_mutated_ruleset_is_refused_with_locations_or_plays(tmp_path, source, seed, count):
    path, done = write_mutant(tmp_path, source, seed, count)
    try:
        check_ruleset_file(path, games=2, seed=seed, max_deals=5)
    except AssertionError as err:
        raise AssertionError(f"{source.name} after {done}: {err}") from None


@pytest.mark.parametrize("source", SHIPPED + OVERLAYS, ids=lambda p: p.stem)
def test_the_unmutated_ruleset_plays_and_replays(tmp_path, source):
    path = tmp_path / source.name
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    assert check_ruleset_file(path, games=2, seed=1, max_deals=4) is not None
