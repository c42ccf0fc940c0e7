"""Fuzz: the duties of a player following to a trick (issue 25 item 5, play.obligations), written into every
shipped ruleset and into the test rulesets of issue 25 (then mutated further): each mutant is refused with
located problems or plays to the end and replays (checks.check_ruleset_file)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks import SHIPPED, check_ruleset_file
from mutate import mutant, mutate_obligations
from thunee_dsl.loading import load_yaml_file, ruleset_schema

OWN = sorted((Path(__file__).resolve().parents[1] / "game" / "rulesets").glob("obligations*.yaml"))
FUZZ = settings(max_examples=5, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def written(path: Path, data) -> Path:
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("source", SHIPPED + OWN, ids=lambda p: p.stem)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(0, 2))
def test_obligations_written_in_are_refused_with_locations_or_play(tmp_path, source, seed, count):
    rng = random.Random(seed)
    data = load_yaml_file(source).data
    done = [mutate_obligations(data, rng)]
    data, more = mutant(data, rng, count, schema=ruleset_schema())
    try:
        check_ruleset_file(written(tmp_path / source.name, data), games=2, seed=seed, max_deals=3)
    except AssertionError as err:
        raise AssertionError(f"{source.name} after {done + more}: {err}") from None


def test_the_mutation_writes_obligations_that_play(tmp_path):
    # most mutations must give a ruleset that plays: a fuzz that is only ever refused tests nothing
    played = 0
    for seed in range(12):
        rng = random.Random(seed)
        data = load_yaml_file(OWN[0]).data
        mutate_obligations(data, rng)
        path = written(tmp_path / f"m{seed}.yaml", data)
        played += check_ruleset_file(path, games=1, seed=seed, max_deals=2) is not None
    assert played >= 6
