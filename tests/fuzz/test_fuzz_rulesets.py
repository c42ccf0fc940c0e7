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

from checks import OVERLAYS, REPO, SHIPPED, check_ruleset_file
from mutate import ALWAYS_TRUE, BALLS_AT_LEAST_ZERO, BALLS_BELOW_ZERO, SOMETIMES_TRUE, harvest, mutant, mutate_bidding, mutate_rule
from mutate import mutate_closed_trump
from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
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


# -- the rules issue 23's hostile-input run found validated and then broken (mutate.mutate_rule) ----------

@pytest.mark.parametrize("source", SHIPPED, ids=lambda p: p.stem)
@settings(max_examples=4, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_ruleset_with_a_rule_that_once_validated_and_broke_is_refused_with_locations_or_plays(tmp_path, source, seed):
    _refused_with_locations_or_plays(tmp_path, source, seed, mutate_rule)


def _refused_with_locations_or_plays(tmp_path, source, seed: int, mutate) -> None:
    """``source`` changed by ``mutate`` (drawn from ``seed``): refused with located problems, or it plays."""
    rng = random.Random(seed)
    data = load_yaml_file(source).data
    done = mutate(data, rng)
    path = tmp_path / source.name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    try:
        check_ruleset_file(path, games=2, seed=seed, max_deals=4)
    except AssertionError as err:
        raise AssertionError(f"{source.name} after {done}: {err}") from None


def _standard_with(tmp_path, overlay: str):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: standard\nname: house\n{overlay}", encoding="utf-8")
    try:
        return load_ruleset(str(path)), ()
    except RulesetError as error:
        return None, [p.message for p in error.problems]


@pytest.mark.parametrize("balls", BALLS_BELOW_ZERO + BALLS_AT_LEAST_ZERO)
def test_balls_that_can_go_below_zero_are_refused_and_only_those(tmp_path, balls):
    ruleset, problems = _standard_with(tmp_path, f"undertakings:\n  thunee:\n    balls:\n      failure: {balls}\n")
    if balls.startswith(("team.", "max(0, team.", "round_up(team.")):  # not names an undertaking's balls have
        assert problems and "unknown name 'team." in problems[0]
    elif balls in BALLS_AT_LEAST_ZERO:
        assert ruleset is not None, problems
    else:
        assert problems and "balls cannot be negative, and this formula can go below 0" in problems[0], problems


@pytest.mark.parametrize("condition", ALWAYS_TRUE + SOMETIMES_TRUE)
def test_a_cancellation_true_in_every_deal_is_refused_and_only_that(tmp_path, condition):
    ruleset, problems = _standard_with(tmp_path, f"cancellation:\n  cancel_if: {condition}\n")
    if condition in SOMETIMES_TRUE:
        assert ruleset is not None, problems
    else:
        assert len(problems) == 1 and problems[0].startswith("cancellation.cancel_if is true in every deal (") \
            and problems[0].endswith("every deal would be thrown in and no game could end"), problems


# -- bidding beyond one ascending window (issue 25, item 1): its keys written into rulesets with and without
# bidding (mutate.mutate_bidding) ----------------------------------------------------------------------------

BIDDING_SOURCES = [p for p in SHIPPED if p.stem in ("nigerian-thuni", "standard")] + \
    sorted((REPO / "tests" / "game" / "rulesets").glob("*.yaml"))


@pytest.mark.parametrize("source", BIDDING_SOURCES, ids=lambda p: p.stem)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_a_ruleset_with_bidding_keys_written_is_refused_with_locations_or_plays(tmp_path, source, seed):
    _refused_with_locations_or_plays(tmp_path, source, seed, mutate_bidding)


# -- the closed trump (issue 25, item 7: 304): its keys written into rulesets (mutate.mutate_closed_trump) ------

CLOSED_SOURCES = SHIPPED + [REPO / "tests" / "game" / "rulesets" / "points-bidding.yaml"]


@pytest.mark.parametrize("source", CLOSED_SOURCES, ids=lambda p: p.stem)
@settings(FUZZ, max_examples=6)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_ruleset_with_closed_trump_keys_written_is_refused_with_locations_or_plays(tmp_path, source, seed):
    _refused_with_locations_or_plays(tmp_path, source, seed, mutate_closed_trump)
