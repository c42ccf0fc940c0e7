"""Property tests: the formula language agrees with Python's arithmetic, and junk never escapes as
anything but a FormulaError."""

import math
from fractions import Fraction
from operator import itemgetter

from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl.formula import FormulaError, Symbol, compile_formula

NUMBER_NAMES = ("a", "b", "c")
SYMBOLS = {
    **{n: Symbol(n, "number", itemgetter(n)) for n in NUMBER_NAMES},
    "p": Symbol("p", "boolean", itemgetter("p")),
    "q": Symbol("q", "boolean", itemgetter("q")),
    "team": Symbol("team", "team", itemgetter("team")),
    "word": Symbol("word", "text", itemgetter("word")),
}


# The oracle for division and rounding, worked with exact fractions (not the compiler's own // and %): whole
# numbers rounded down, a / 0 = 0 and a mod 0 = a (formula.lark), round to the nearest with a half up.
def _div(x, y):
    return math.floor(Fraction(x, y)) if y else 0


def _mod(x, y):
    return x - y * _div(x, y) if y else x


PY_BUILTINS = {"__builtins__": {}, "min": min, "max": max, "abs": abs, "true": True, "false": False,
               "_div": _div, "_mod": _mod,
               "round": lambda x, k: math.floor(Fraction(x, k) + Fraction(1, 2)) * k,
               "round_down": lambda x, k: math.floor(Fraction(x, k)) * k,
               "round_up": lambda x, k: math.ceil(Fraction(x, k)) * k}

environments = st.fixed_dictionaries(
    {
        "a": st.integers(-100, 100),
        "b": st.integers(-100, 100),
        "c": st.integers(-100, 100),
        "p": st.booleans(),
        "q": st.booleans(),
        "team": st.sampled_from([None, "north-south", "east-west"]),
        "word": st.sampled_from(["thunee", "royals", ""]),
    }
)


def _same(text):
    return (text, text)


def _join(pairs, sep):
    return (sep.join(p[0] for p in pairs), sep.join(p[1] for p in pairs))


# Each strategy draws (formula text, the same expression written in Python).
arith_leaves = st.one_of(st.integers(0, 1000).map(str), st.sampled_from(NUMBER_NAMES)).map(_same)


def _extend_arith(children):
    def binary(t):
        (x, px), op, (y, py), parens = t
        text = f"{x} {op} {y}"
        python = f"{px} {op} {py}"
        return (f"({text})", f"({python})") if parens else (text, python)

    def call(t):
        name, args = t
        text, python = _join(args, ", ")
        return (f"{name}({text})", f"{name}({python})")

    comparison = st.tuples(children, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), children)
    return st.one_of(
        st.tuples(children, st.sampled_from(["+", "-", "*"]), children, st.booleans()).map(binary),
        children.map(lambda c: (f"-{c[0]}", f"-{c[1]}")),
        children.map(lambda c: (f"abs({c[0]})", f"abs({c[1]})")),
        # whole-number division and remainder (brackets: Python writes them as calls)
        st.tuples(children, st.sampled_from(["/", "mod"]), children).map(
            lambda t: (f"(({t[0][0]}) {t[1]} ({t[2][0]}))",
                       f"{'_div' if t[1] == '/' else '_mod'}({t[0][1]}, {t[2][1]})")),
        st.tuples(st.sampled_from(["round", "round_down", "round_up"]), children, st.integers(1, 25)).map(
            lambda t: (f"{t[0]}({t[1][0]}, {t[2]})", f"{t[0]}({t[1][1]}, {t[2]})")),
        # Python's min/max need two arguments or an iterable.
        st.tuples(st.sampled_from(["min", "max"]), st.lists(children, min_size=2, max_size=4)).map(call),
        st.tuples(comparison, children, children).map(
            lambda t: (
                f"(if {t[0][0][0]} {t[0][1]} {t[0][2][0]} then {t[1][0]} else {t[2][0]})",
                f"({t[1][1]} if {t[0][0][1]} {t[0][1]} {t[0][2][1]} else {t[2][1]})",
            )
        ),
    )


arithmetic = st.recursive(arith_leaves, _extend_arith, max_leaves=25)

comparisons = st.tuples(arithmetic, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), arithmetic).map(
    lambda t: (f"{t[0][0]} {t[1]} {t[2][0]}", f"{t[0][1]} {t[1]} {t[2][1]}")
)
bool_leaves = st.one_of(comparisons, st.sampled_from(["true", "false", "p", "q"]).map(_same))


def _extend_bool(children):
    def binary(t):
        x, op, y, parens = t
        text, python = _join([x, y], f" {op} ")
        return (f"({text})", f"({python})") if parens else (text, python)

    return st.one_of(
        st.tuples(children, st.sampled_from(["and", "or"]), children, st.booleans()).map(binary),
        children.map(lambda c: (f"not {c[0]}", f"not {c[1]}")),
    )


booleans = st.recursive(bool_leaves, _extend_bool, max_leaves=12)


@settings(deadline=None, max_examples=300)
@given(arithmetic, environments)
def test_arithmetic_agrees_with_python(pair, env):
    text, python = pair
    try:
        formula = compile_formula(text, SYMBOLS, expect="number")
    except FormulaError as error:  # a divisor written with numbers only that works out to 0
        assert "by 0" in error.message, error
        return
    expected = eval(python, PY_BUILTINS, dict(env))  # the oracle, in the test only
    assert formula.evaluate(env) == expected
    assert formula.explain(env).endswith(f" = {expected}")


@settings(deadline=None, max_examples=200)
@given(booleans, environments)
def test_boolean_logic_agrees_with_python(pair, env):
    text, python = pair
    try:
        formula = compile_formula(text, SYMBOLS, expect="boolean")
    except FormulaError as error:
        assert "by 0" in error.message, error
        return
    expected = eval(python, PY_BUILTINS, dict(env))
    assert formula.evaluate(env) is expected


def _as_explained(value, type_):
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if type_ == "text" else str(value)


def _check_junk(text, env):
    try:
        formula = compile_formula(text, SYMBOLS)
    except FormulaError as error:
        assert 1 <= error.column <= len(text) + 1
        assert error.message
        assert error.caret.count("\n") == 1
        return
    # Whatever compiles evaluates to a value of its declared type.
    value = formula.evaluate(env)
    expected_types = {"number": int, "boolean": bool, "team": (str, type(None)), "text": str, "none": type(None)}
    assert isinstance(value, expected_types[formula.type])
    assert formula.type != "number" or not isinstance(value, bool)
    assert formula.explain(env).endswith(f" = {_as_explained(value, formula.type)}")


@settings(deadline=None, max_examples=500)
@given(st.text(), environments)
def test_random_text_raises_only_formula_errors(text, env):
    _check_junk(text, env)


TOKENS = [
    "if", "then", "else", "and", "or", "not", "true", "false", "none", "(", ")", ",", ".", "+", "-", "*",
    "==", "!=", "<", "<=", ">", ">=", "a", "b", "p", "q", "team", "word", "zz", "min", "max", "abs", "sqrt",
    "0", "7", '"thunee"', '"', "@", "\n", "/", "mod", "%", "round", "round_up", "round_down", "div",
]  # fmt: skip


@settings(deadline=None, max_examples=1000)
@given(st.lists(st.sampled_from(TOKENS), max_size=12).map(" ".join), environments)
def test_random_token_soup_raises_only_formula_errors(text, env):
    _check_junk(text, env)
