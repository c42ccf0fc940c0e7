"""Formula.conditions() and Formula.name: the public way to read a yes/no formula's top-level `and` conditions
(the bots ask which names a claim's success needs, e.g. that the caller wins the last trick)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl.formula import Symbol, compile_formula

BOOLS = {n: Symbol(n, "boolean", (lambda n: lambda env: env[n])(n)) for n in ("p", "q", "r", "s.t")}
BOOLS["k"] = Symbol("k", "number", lambda env: env["k"])


def texts(formula):
    return [c.text for c in formula.conditions()]


@pytest.mark.parametrize("text, conditions, names", [
    ("p and q", ["p", "q"], ["p", "q"]),
    ("p and (q and r)", ["p", "q", "r"], ["p", "q", "r"]),
    ("((p and q)) and s.t", ["p", "q", "s.t"], ["p", "q", "s.t"]),
    ("p and (q or r)", ["p", "(q or r)"], ["p", None]),
    ("k == 6 and not p", ["k == 6", "not p"], [None, None]),
    ("(p)", ["(p)"], ["p"]),
    ("p or q and r", ["p or q and r"], [None]),  # `and` binds tighter: the top level is an `or`
    ("true and p", ["true", "p"], [None, "p"]),
    ("if p then q else r", ["if p then q else r"], [None]),
    ("s . t and k  >  1", ["s . t", "k  >  1"], ["s.t", None]),
])
def test_the_conditions_are_the_parts_joined_by_and_at_the_top_level(text, conditions, names):
    formula = compile_formula(text, BOOLS, expect="boolean")
    assert texts(formula) == conditions
    assert [c.name for c in formula.conditions()] == names
    assert all(c.type == "boolean" for c in formula.conditions())


def test_a_formula_without_a_top_level_and_is_its_own_condition():
    formula = compile_formula("p or q", BOOLS)
    assert formula.conditions() == (formula,)
    assert compile_formula("k + 1", BOOLS).name is None and compile_formula("(k)", BOOLS).name == "k"


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.data())
def test_the_conditions_together_say_what_the_formula_says(data):
    leaves = st.sampled_from(["p", "q", "r", "s.t", "true", "false", "not p", "k > 1", "(q or r)"])
    tree = st.recursive(leaves, lambda inner: st.tuples(inner, st.sampled_from([" and ", " or "]), inner).map(
        lambda t: f"({''.join(t)})" if t[1] == " or " or len(t[0]) % 2 else "".join(t)), max_leaves=8)
    text = data.draw(tree)
    formula = compile_formula(text, BOOLS, expect="boolean")
    parts = formula.conditions()
    for values in itertools.product((False, True), repeat=4):
        env = dict(zip(("p", "q", "r", "s.t"), values), k=values[0] + values[1] * 2)
        assert formula.evaluate(env) == all(c.evaluate(env) for c in parts), (text, texts(formula))
