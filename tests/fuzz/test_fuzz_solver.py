"""Fuzz: the double-dummy solver on mutated rulesets. Each mutant that validates is played by random bots to
positions near a deal's end, and solved for the count and for tricks with the plain rest searched on integers
(players/plain_search.py, where play.plain_rest holds) and without it: the same value, and never an internal
error, whatever the mutation did to the play, the ranking, the points or the team value's formula."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks import SHIPPED
from mutate import mutant
from test_fuzz_rulesets import DONORS
from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.loading import load_yaml_file, ruleset_schema
from thunee_dsl.players.solver import BALLS, POINTS, TRICKS, Solver
from thunee_dsl.simulation.review import CONTRACT

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "players"))
from solver_positions import end_positions  # noqa: E402

SOURCES = [p for p in SHIPPED if p.stem in ("standard", "304", "whist", "euchre")]


def mutated(tmp_path, source, seed: int, count: int):
    """``source`` mutated ``count`` times (seeded), written and loaded: (the ruleset, or None where validation
    refuses it; the mutations done)."""
    data, done = mutant(load_yaml_file(source).data, random.Random(seed), count, schema=ruleset_schema(),
                        donors=DONORS)
    path = tmp_path / source.name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    try:
        return load_ruleset(str(path)), done
    except RulesetError:
        return None, done


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
@settings(max_examples=8, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 3))
def test_a_mutated_ruleset_solves_alike_with_and_without_the_plain_search(tmp_path, source, seed, count):
    ruleset, done = mutated(tmp_path, source, seed, count)
    if ruleset is None:
        return  # (refused with its places: the other fuzz tests check how)
    for deal in end_positions(ruleset, seed=seed % 1000, tricks_left=2, count=2):
        team = deal.team_of[deal.to_act]
        for objective in (POINTS, TRICKS):
            plain = Solver(ruleset, objective).solve(deal, team, line=False).value
            general = Solver(ruleset, objective, plain=False).solve(deal, team, line=False).value
            assert plain == general, f"{source.name} after {done}: {objective.name} {plain} != {general}"


@settings(max_examples=16, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 3))
def test_a_mutated_304_scores_alike_by_steps_of_the_count_and_by_its_own_solve(tmp_path, seed, count):
    """304's score is solved as steps of the count (players/score_steps.py) where its formulas still read the count
    alone: on any mutant (the outcomes' formulas and balls, the points, the bidding changed), the balls and the
    contract solved so equal the score's own solve, and nothing fails inside."""
    ruleset, done = mutated(tmp_path, next(p for p in SOURCES if p.stem == "304"), seed, count)
    if ruleset is None:
        return  # (refused with its places: the other fuzz tests check how)
    for deal in end_positions(ruleset, seed=seed % 1000, tricks_left=2, count=2):
        for team in range(ruleset.teams):
            for objective in (BALLS, CONTRACT):
                steps = Solver(ruleset, objective).solve(deal, team)
                own = Solver(ruleset, objective, steps=False).solve(deal, team, line=False).value
                assert steps.value == own, f"304 after {done}: {objective.name} {steps.value} != {own}"
