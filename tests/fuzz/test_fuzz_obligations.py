"""Fuzz: the duties of a player following to a trick (issue 25 item 5, play.obligations), written into every
shipped ruleset and into the obligation test rulesets (then mutated further): each mutant is refused with
located problems or plays to the end and replays (checks.check_ruleset_file)."""

from __future__ import annotations

import random
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks import SHIPPED, check_ruleset_file
from mutate import mutant, mutate_obligations
from test_fuzz_trump_ranks import FUZZ, written
from thunee_dsl.loading import load_yaml_file, ruleset_schema

OWN = sorted((Path(__file__).resolve().parents[1] / "game" / "rulesets").glob("obligations*.yaml"))


@pytest.mark.parametrize("source", SHIPPED + OWN, ids=lambda p: p.stem)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1), more=st.integers(0, 2))
def test_obligations_written_in_are_refused_with_locations_or_play(tmp_path, source, seed, more):
    data, said = _mutated(source, random.Random(seed), more)
    with _naming(source, said):
        check_ruleset_file(written(tmp_path / source.name, data), games=2, seed=seed, max_deals=3)


def test_most_duties_written_play(tmp_path):
    # a fuzz whose mutants are only ever refused tests nothing: most lists of duties written must play
    played = 0
    for seed in range(12):
        data, _ = _mutated(OWN[0], random.Random(seed))
        played += check_ruleset_file(written(tmp_path / f"m{seed}.yaml", data), games=1, seed=seed,
                                     max_deals=2) is not None
    assert played >= 6


def _mutated(source: Path, rng: random.Random, more: int = 0) -> tuple[dict, list[str]]:
    """``source``'s data with a list of duties written in, then ``more`` mutations of any kind; what was done."""
    data = load_yaml_file(source).data
    said = [mutate_obligations(data, rng)]
    if more:
        data, others = mutant(data, rng, more, schema=ruleset_schema())
        said += others
    return data, said


@contextmanager
def _naming(source: Path, mutations: list[str]):
    """A failure says the ruleset and the mutations that made it."""
    try:
        yield
    except AssertionError as err:
        raise AssertionError(f"{source.name} after {mutations}: {err}") from None
