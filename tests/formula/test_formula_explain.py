"""Formula.explain: the formula for a person, every name with its value, then the result."""

import pytest

from thunee_dsl.formula import Formula, Symbol, compile_formula


def test_explain_scoring_formula(symbols, env):
    f = compile_formula("counting.cards + call + (if counting.won_last_trick then 10 else -10)", symbols)
    assert f.explain(env) == (
        "counting.cards [97] + call [20] + (if counting.won_last_trick [false] then 10 else -10) = 107"
    )


def test_explain_condition(symbols, env):
    f = compile_formula("callers.tricks == tricks and caller.won_last_trick and not opponents.tricks == 0", symbols)
    assert f.explain(env) == (
        "callers.tricks [6] == tricks [6] and caller.won_last_trick [true] and not opponents.tricks [0] == 0 = false"
    )


@pytest.mark.parametrize(
    ("text", "explained"),
    [
        ('undertaking == "thunee"', 'undertaking ["thunee"] == "thunee" = true'),
        ("caller == none", "caller [none] == none = true"),
        ("trump_maker", "trump_maker [north] = north"),
        ("if yes then caller else none", "if yes [true] then caller [none] else none = none"),
        ("max(a,b,  0)*-2", "max(a [3], b [5], 0) * -2 = -10"),
        ("abs(c)", "abs(c [-7]) = 7"),
        ("not(yes)", "not (yes [true]) = false"),
        ("--a", "--a [3] = 3"),
        ("a\n  +\tb", "a [3] + b [5] = 8"),
        ("1 + 2 * 3", "1 + 2 * 3 = 7"),
        ("((a))", "((a [3])) = 3"),
        ("a + a", "a [3] + a [3] = 6"),
        ("if no then 1 else if yes then 2 else 3", "if no [false] then 1 else if yes [true] then 2 else 3 = 2"),
        # counting.cards 97: 97 / 10 = 9 tens, 7 left over; to the nearest ten 100, down 90, up 100
        ("counting.cards / 10", "counting.cards [97] / 10 = 9"),
        ("counting.cards mod 10", "counting.cards [97] mod 10 = 7"),
        ("c / 2 + c mod 2", "c [-7] / 2 + c [-7] mod 2 = -3"),  # -7 / 2 rounds down to -4, and 1 is left
        ("a / (b - 5)", "a [3] / (b [5] - 5) = 0"),  # a divisor that works out to 0: 0, not an error
        ("a mod (b - 5)", "a [3] mod (b [5] - 5) = 3"),
        ("round(counting.cards, 10)", "round(counting.cards [97], 10) = 100"),
        ("round_down(counting.cards, 10)", "round_down(counting.cards [97], 10) = 90"),
        ("round_up(counting.cards + 3, 10)", "round_up(counting.cards [97] + 3, 10) = 100"),
        ("round(counting.cards + 8, 10)", "round(counting.cards [97] + 8, 10) = 110"),  # 105: a half goes up
        ("round(counting.cards + 7, 10)", "round(counting.cards [97] + 7, 10) = 100"),  # 104
    ],
)
def test_explain_renders_each_kind_of_node(text, explained, symbols, env):
    assert compile_formula(text, symbols).explain(env) == explained


def test_explain_shows_values_of_names_that_evaluation_skips(symbols, env):
    # Every name is shown with its value, even in a branch the result did not need.
    f = compile_formula("if yes then a else b", symbols)
    assert f.explain(env) == "if yes [true] then a [3] else b [5] = 3"


def test_explain_reads_each_name_once(env):
    reads = []

    def get(e):
        reads.append(1)
        return 4

    f = compile_formula("x * x + x", {"x": Symbol("x", "number", get)})
    reads.clear()
    assert f.explain(env) == "x [4] * x [4] + x [4] = 20"
    # Once for the rendering, plus the three reads of evaluate() itself.
    assert len(reads) == 1 + 3


def test_explain_of_a_hand_built_formula_falls_back_to_its_text():
    f = Formula("seven", "number", lambda env: 7, frozenset())
    assert f.explain(None) == "seven = 7"
