"""Fuzz: mutated golden transcripts and transcripts with one field set to a hostile value (a correct replay or a
located error, never an internal one) and random formulas (compiled, or a FormulaError with a column inside the
text; compiled ones evaluate and explain without error).
"""

from __future__ import annotations

import random

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks import TRANSCRIPTS, check_transcript_text, cli
from mutate import HOSTILE_VALUES, _set, fuzzed_formula, mutant, places
from thunee_dsl.errors import FormulaError
from thunee_dsl.formula import compile_formula
from thunee_dsl.loading import load_yaml_file
from thunee_dsl.model.quantities import symbol_table

FUZZ = settings(max_examples=10, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
# one transcript per folder keeps CI short; the campaign mutates every one
SAMPLE = sorted({p.parent: p for p in TRANSCRIPTS}.values())


@pytest.mark.parametrize("source", SAMPLE, ids=lambda p: f"{p.parent.name}/{p.stem}")
@FUZZ
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 3))
def test_a_mutated_transcript_replays_or_is_a_located_error(tmp_path, source, seed, count):
    data, done = mutant(load_yaml_file(source).data, random.Random(seed), count)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    try:
        check_transcript_text(text, source.parent)
    except AssertionError as err:
        raise AssertionError(f"{source.name} after {done}: {err}") from None


@FUZZ
@given(data=st.data())
def test_any_field_of_a_transcript_set_to_a_hostile_value_replays_or_is_a_located_error(data):
    source = data.draw(st.sampled_from(SAMPLE), label="transcript")
    transcript = load_yaml_file(source).data
    path = data.draw(st.sampled_from(places(transcript)), label="field")
    value = data.draw(st.sampled_from(HOSTILE_VALUES), label="value")
    _set(transcript, path, value)
    check_transcript_text(yaml.safe_dump(transcript, sort_keys=False, allow_unicode=True), source.parent)


def test_the_cli_replays_a_mutated_transcript_without_an_internal_error(tmp_path):
    rng = random.Random(12)
    for source in SAMPLE:
        data, _ = mutant(load_yaml_file(source).data, rng, 2)
        path = tmp_path / source.name
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        code, err = cli("replay", str(path))
        assert code in (0, 2), err


CONTEXTS = ("outcome", "undertaking", "claim", "team value", "each team", "dealer", "cancellation", "declaration")


@FUZZ
@given(seed=st.integers(0, 2**32 - 1), context=st.sampled_from(CONTEXTS),
       expect=st.sampled_from((None, "number", "boolean")))
def test_a_random_formula_compiles_or_is_a_located_formula_error(seed, context, expect):
    text = fuzzed_formula(random.Random(seed))
    symbols = symbol_table(context, tricks=6, team_values=("count",), team_value_getter=None)
    try:
        formula = compile_formula(text, symbols, expect=expect)
    except FormulaError as err:
        assert 1 <= err.column <= len(text) + 1, (text, err.column)
        assert err.caret.splitlines()[1].index("^") == 4 + err.column - 1
        return
    assert formula.type in ("number", "boolean", "team", "seat", "text", "none")
    assert not expect or formula.type == expect or formula.type == "none"
    if not formula.names:  # a constant: evaluates and explains without a deal
        assert formula.explain(None).endswith(" = " + {True: "true", False: "false"}.get(
            formula.evaluate(None), str(formula.evaluate(None))))


@FUZZ
@given(depth=st.integers(0, 80), digits=st.integers(1, 5000), op=st.sampled_from(["abs(", "(", "-", "max(1, "]))
def test_extreme_formulas_are_capped_not_crashed(depth, digits, op):
    close = ")" if op != "-" else ""
    text = op * depth + "9" * digits + close * depth
    try:
        formula = compile_formula(text, {})
    except FormulaError as err:
        assert err.message.startswith(("number too large", "formula is too long", "formula is nested too deeply",
                                       "this works out")), err.message
        return
    assert abs(formula.evaluate(None)) <= 1_000_000_000
    assert formula.explain(None).endswith(str(formula.evaluate(None)))
