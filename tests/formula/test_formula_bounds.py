"""Formula.bounds() and Formula.can_be(): the range a formula can give, worked out from the names' bounds.

The validator refuses ball formulas that can go below zero and conditions that can never be false on these
(model/compile/scoring.py), so the range must be sure: every value a deal can give lies inside it."""

from operator import itemgetter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .test_formula_properties import arithmetic, booleans
from thunee_dsl.formula import FormulaError, Symbol, compile_formula

# a: 0..100 (a count), b: -100..100, c: no bound at all (a name without bounds)
SYMBOLS = {
    "a": Symbol("a", "number", itemgetter("a"), "", (0, 100)),
    "b": Symbol("b", "number", itemgetter("b"), "", (-100, 100)),
    "c": Symbol("c", "number", itemgetter("c")),
    "p": Symbol("p", "boolean", itemgetter("p")),
    "q": Symbol("q", "boolean", itemgetter("q")),
}
environments = st.fixed_dictionaries({"a": st.integers(0, 100), "b": st.integers(-100, 100),
                                      "c": st.integers(-10**6, 10**6), "p": st.booleans(), "q": st.booleans()})


def _compiled(text, expect):
    try:
        return compile_formula(text, SYMBOLS, expect=expect)
    except FormulaError as error:  # a divisor written with numbers only that works out to 0
        assert "by 0" in error.message or "beyond the limit" in error.message, error
        return None


@settings(deadline=None, max_examples=700)
@given(st.one_of(arithmetic.map(lambda pair: (pair[0], "number")), booleans.map(lambda pair: (pair[0], "boolean"))),
       environments)
def test_every_value_lies_within_the_bounds_and_every_truth_is_one_it_can_be(drawn, env):
    text, expect = drawn
    formula = _compiled(text, expect)
    if formula is None:
        return
    value = formula.evaluate(env)
    if expect == "boolean":
        assert formula.can_be(value), (text, env)
        return
    lo, hi = formula.bounds()
    assert (lo is None or lo <= value) and (hi is None or value <= hi), (text, env, value, (lo, hi))


@pytest.mark.parametrize("text, bounds", [
    ("a", (0, 100)),
    ("c", (None, None)),
    ("a - 30", (-30, 70)),
    ("max(0, a - 30)", (0, 70)),
    ("a - a", (-100, 100)),              # sure, not narrowest: the two a's are not known to be the same
    ("a / 3", (0, 33)),
    ("b / 3", (-34, 33)),                # -100 / 3 rounds down to -34
    ("a / b", (-100, 100)),              # b may be 0 (then 0), negative or positive
    ("a / (b + 101)", (0, 100)),         # a divisor of 1 to 201
    ("a mod 7", (0, 6)),
    ("a mod 200", (0, 100)),
    ("b mod 7", (0, 6)),
    ("b mod -7", (-6, 0)),
    ("round(a, 10)", (0, 100)),
    ("round(a + 5, 10)", (10, 110)),     # 5 -> 10 (a half up), 105 -> 110
    ("round_down(b, 30)", (-120, 90)),
    ("round_up(b, 30)", (-90, 120)),
    ("a * b", (-10000, 10000)),
    ("-b * 2", (-200, 200)),
    ("abs(b)", (0, 100)),
    ("abs(b - 200)", (100, 300)),
    ("if p then a else -1", (-1, 100)),
    ("if a > 100 then -1 else 2", (2, 2)),  # a branch that is never taken does not count
    # a name compared with a number narrows it in the branches: a is 31 to 100 in the first, 0 to 30 in the second
    ("if a > 30 then a - 30 else 30 - a", (0, 70)),
    ("if not (a <= 30) then a - 30 else 0", (0, 70)),
    ("if 3 < a then a - 4 else 0", (0, 96)),
    ("if a >= 3 and b > 0 then a - 3 + b else 0", (0, 197)),
    ("if a < 3 or b < -5 then 0 else a - 3 + b + 5", (0, 202)),  # else: a 3 or more and b -5 or more
    ("if a == 5 then a - 5 else 1", (0, 1)),
    ("if a > 30 or p then a - 30 else 0", (-30, 70)),   # p alone may take the first branch: a is not narrowed
    ("if a < b then b - a else 0", (-200, 100)),         # two names: nothing narrowed (b - a: -100 - 100 to 100)
    ("min(a, c)", (None, 100)),
    ("c * 0", (0, 0)),
    ("7", (7, 7)),
])
def test_bounds_worked_by_hand(text, bounds):
    assert compile_formula(text, SYMBOLS).bounds() == bounds


@pytest.mark.parametrize("text, true, false", [
    ("a >= 0", True, False),             # always
    ("a < 0", False, True),              # never
    ("a > 100 or b <= 100", True, False),
    ("a == 50", True, True),
    ("a != -1", True, False),
    ("not (a <= 100)", False, True),
    ("p or not p", True, True),          # the names' values are not tied together: not seen always true
    ("true", True, False),
    ("a mod 1 == 0", True, False),
    ("round(a, 10) <= 100", True, False),
    ("c > 0 and a >= 0", True, True),
])
def test_can_be_worked_by_hand(text, true, false):
    formula = compile_formula(text, SYMBOLS)
    assert (formula.can_be(True), formula.can_be(False)) == (true, false)


def test_bounds_of_a_condition_and_truths_of_a_number_are_refused():
    with pytest.raises(ValueError):
        compile_formula("a > 1", SYMBOLS).bounds()
    with pytest.raises(ValueError):
        compile_formula("a + 1", SYMBOLS).can_be(True)
