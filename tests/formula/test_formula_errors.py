"""Every kind of mistake gives a FormulaError with an exact message, a 1-based column and a caret."""

import pytest

from thunee_dsl.errors import FormulaError
from thunee_dsl.formula import compile_formula

START = "a name, a number, a string, '(', '-', 'false', 'if', 'none', 'not', 'true'"
AFTER_OPERATOR = "a name, a number, a string, '(', '-', 'false', 'none', 'true'"
AFTER_NUMBER = "end of formula, '!=', '*', '+', '-', '/', '<', '<=', '==', '>', '>=', 'and', 'mod', 'or'"


def error_for(text, symbols, expect=None) -> FormulaError:
    with pytest.raises(FormulaError) as info:
        compile_formula(text, symbols, expect)
    return info.value


CASES = [
    # syntax
    ("if then", f"unexpected 'then'; expected one of: {START}", 4),
    ("1 +", f"unexpected end of formula; expected one of: {AFTER_OPERATOR}", 4),
    ("1 +   ", f"unexpected end of formula; expected one of: {AFTER_OPERATOR}", 4),
    ("1 2", f"unexpected '2'; expected one of: {AFTER_NUMBER}", 3),
    ("(a + 1", "unexpected end of formula; expected ')'", 7),
    ("a + 1)", "unexpected ')'; expected end of formula", 6),
    ("if yes then 1", "unexpected end of formula; expected 'else'", 14),
    ("counting.", "unexpected end of formula; expected a name", 10),
    ("counting.if", "unexpected 'if'; expected a name", 10),
    ("a < b < c", "unexpected '<'; expected one of: end of formula, '+', '-', 'and', 'or'", 7),
    ("a == not yes", f"unexpected 'not'; expected one of: {AFTER_OPERATOR}", 6),
    (
        "a @ 1",
        "unexpected '@'; expected one of: end of formula, "
        "'!=', '(', '*', '+', '-', '.', '/', '<', '<=', '==', '>', '>=', 'and', 'mod', 'or'",
        3,
    ),
    ("1.5", f"unexpected '.'; expected one of: {AFTER_NUMBER}", 2),
    ('"thunee', "unclosed string", 1),
    ('a == "x\\y"', "a string cannot contain '\\'", 6),
    ("min(1,)", f"unexpected ')'; expected one of: {START}", 7),
    # names and functions
    ("counting.card + 1", "unknown name 'counting.card'; did you mean 'counting.cards'?", 1),
    ("1 + colour", "unknown name 'colour'", 5),
    ("2 * (tricks + calll)", "unknown name 'calll'; did you mean 'call'?", 15),
    ("mni(a, b)", "unknown function 'mni'; did you mean 'min'?", 1),
    ("1 + sqrt(a)", "unknown function 'sqrt'; the functions are abs, max, min, round, round_down, round_up", 5),
    ("abs(a, b)", "'abs' takes 1 argument, got 2", 1),
    ("1 + abs()", "'abs' takes 1 argument, got 0", 5),
    ("max()", "'max' takes at least 1 argument, got 0", 1),
    ("min(a, yes)", "'min' needs numbers, not a boolean", 8),
    ("abs(caller)", "'abs' needs a number, not a team", 5),
    # division, remainder, rounding: spelled as a card table would, and as other languages do
    ("a / 0", "'/' by 0: no number can be divided by 0 (write a divisor other than 0)", 5),
    ("a mod (2 - 2)", "'mod' by 0: no number can be divided by 0 (write a divisor other than 0)", 7),
    ("a % 2", "unexpected '%': write 'a mod b' for what is left over after dividing; expected one of: end of "
              "formula, '!=', '(', '*', '+', '-', '.', '/', '<', '<=', '==', '>', '>=', 'and', 'mod', 'or'", 3),
    ("a // 2", "unexpected '/': write one '/': a / b is already a whole number, rounded down; expected one of: "
               f"{AFTER_OPERATOR}", 4),
    ("mod(a, 2)", f"unexpected 'mod': write 'a mod b', between the two numbers; expected one of: {START}", 1),
    ("a ÷ 2", "unexpected '÷': write '/' to divide; expected one of: end of formula, "
              "'!=', '(', '*', '+', '-', '.', '/', '<', '<=', '==', '>', '>=', 'and', 'mod', 'or'", 3),
    ("a MOD 2", "unexpected 'MOD': write 'mod' in small letters; expected one of: end of formula, "
                "'!=', '(', '*', '+', '-', '.', '/', '<', '<=', '==', '>', '>=', 'and', 'mod', 'or'", 3),
    ("1 + div(a, 2)", "unknown function 'div'; write 'a / b' to divide (a whole number, rounded down)", 5),
    ("round_dwn(a, 10)", "unknown function 'round_dwn'; did you mean 'round_down'?", 1),
    ("round(a)", "'round' takes 2 arguments, the number and the unit to round it to (e.g. round(x, 10)), got 1", 1),
    ("round_up(a, 0)", "'round_up' rounds to a unit of 1 or more, not 0", 13),
    ("round(a, -10)", "'round' rounds to a unit of 1 or more, not -10", 10),
    ("round(yes, 10)", "'round' needs numbers, not a boolean", 7),
    ("a / yes", "'/' needs numbers, not a boolean", 5),
    ("a mod", f"unexpected end of formula; expected one of: {AFTER_OPERATOR}", 6),
    # types
    ("yes and 1", "'and' needs true/false values, not a number", 9),
    ("a and yes", "'and' needs true/false values, not a number", 1),
    ("yes or undertaking", "'or' needs true/false values, not text", 8),
    ("not a", "'not' needs a true/false value, not a number", 5),
    ("a + yes", "'+' needs numbers, not a boolean", 5),
    ("(a > 1) * 2", "'*' needs numbers, not a boolean", 1),
    ("a - none", "'-' needs numbers, not none", 5),
    ("-yes", "'-' needs a number, not a boolean", 2),
    ("caller < 2", "'<' needs numbers, not a team", 1),
    ("a >= trump_maker", "'>=' needs numbers, not a seat", 6),
    ("a == yes", "'==' needs two values of the same type, not a number and a boolean", 3),
    ('caller != "north"', "'!=' needs two values of the same type, not a team and text", 8),
    ("a == none", "'==' needs two values of the same type, not a number and none", 3),
    ("if a then 1 else 2", "the condition of 'if' needs a true/false value, not a number", 4),
    ("if yes then 1 else no", "the two branches of 'if' must have the same type: number and boolean", 20),
    ("if yes then caller else trump_maker", "the two branches of 'if' must have the same type: team and seat", 25),
    ("if yes then (1) else (no or yes)", "the two branches of 'if' must have the same type: number and boolean", 22),
    ("1 + (if yes then a else no)", "the two branches of 'if' must have the same type: number and boolean", 25),
    ("1 + " + "9" * 990, "number too large (the limit is 1,000,000,000)", 5),
    ("1 + 1000000001", "number too large (the limit is 1,000,000,000)", 5),
    ("100000 * 100000", "this works out to a number beyond the limit (1,000,000,000)", 1),
    ("-100000 * 100000 + 1", "this works out to a number beyond the limit (1,000,000,000)", 1),
    ("1 + " + "9" * 5000, "formula is too long: 5,004 characters (the limit is 1,000)", 1),
    # empty
    ("", "empty formula", 1),
    ("   ", "empty formula", 1),
    ("\n", "empty formula", 1),
]


@pytest.mark.parametrize(("text", "message", "column"), CASES, ids=[c[0][:20] or "<empty>" for c in CASES])
def test_error_message_and_column(text, message, column, symbols):
    error = error_for(text, symbols)
    assert error.message == message
    assert error.column == column
    assert str(error) == f"{message}\n{error.caret}"


@pytest.mark.parametrize(
    ("text", "expect", "message", "column"),
    [
        ("a + 1", "boolean", "expected a boolean formula, got a number", 1),
        ("  yes", "number", "expected a number formula, got a boolean", 3),
        ("caller", "seat", "expected a seat formula, got a team", 1),
        ("undertaking", "team", "expected a team formula, got text", 1),
        ("none", "number", "expected a number formula, got none", 1),
        ("a > 1", "text", "expected a text formula, got a boolean", 1),
    ],
)
def test_expect_checks_the_result_type(text, expect, message, column, symbols):
    error = error_for(text, symbols, expect)
    assert (error.message, error.column) == (message, column)


def test_expect_accepts_the_matching_type(symbols):
    assert compile_formula("a > 1", symbols, expect="boolean").type == "boolean"
    assert compile_formula("none", symbols, expect="seat").type == "seat"


def test_caret_points_under_the_column(symbols):
    error = error_for("counting.cards + colour * 2", symbols)
    assert error.caret == "    counting.cards + colour * 2\n                     ^"
    assert str(error) == "unknown name 'colour'\n    counting.cards + colour * 2\n                     ^"


def test_caret_for_an_early_end_points_past_the_last_character(symbols):
    error = error_for("(a + 1", symbols)
    assert error.caret == "    (a + 1\n          ^"


def test_syntax_error_lists_expected_tokens(symbols):
    error = error_for("a +", symbols)
    assert error.expected == ("a name", "a number", "a string", "'('", "'-'", "'false'", "'none'", "'true'")
    assert error_for("(a", symbols).expected == ("')'",)


def test_semantic_errors_have_no_expected_list(symbols):
    assert error_for("colour", symbols).expected == ()


def test_multi_line_formula_column_counts_characters_from_the_start(symbols):
    text = "counting.cards\n  + colour"
    error = error_for(text, symbols)
    assert error.column == text.index("colour") + 1 == 20
    # Line breaks are shown as spaces so the caret still lines up under the name.
    assert error.text == "counting.cards   + colour"
    assert error.caret == "    counting.cards   + colour\n                       ^"


def test_tabs_are_shown_as_spaces_in_the_caret(symbols):
    error = error_for("a +\t@", symbols)
    assert error.column == 5
    assert error.text == "a + @"
    assert error.caret == "    a + @\n        ^"


def test_errors_are_not_lark_exceptions_or_chained(symbols):
    for text in ["1 +", "a @", "colour", "yes + 1", '"x']:
        error = error_for(text, symbols)
        assert type(error) is FormulaError
        assert error.__cause__ is None
        assert error.__suppress_context__


def test_deeply_nested_formula_is_a_formula_error(symbols):
    error = error_for("(" * 400 + "1" + ")" * 400, symbols)
    assert error.message == "formula is nested too deeply (more than 32 levels)"


def test_the_largest_number_is_allowed(symbols):
    assert compile_formula("1000000000 - 1", symbols).evaluate(None) == 999_999_999
    assert compile_formula("-1000000000", symbols).evaluate(None) == -1_000_000_000


def test_nesting_is_capped_at_32_levels_with_a_caret_at_the_first_level_too_deep(symbols):
    compile_formula("abs(" * 31 + "1" + ")" * 31, symbols)  # 31 calls: 32 levels with the root
    error = error_for("abs(" * 40 + "1" + ")" * 40, symbols)
    assert error.message == "formula is nested too deeply (more than 32 levels)"
    assert error.column == 4 * 32 + 1  # the 33rd abs( from the left


def test_a_long_chain_of_sums_counts_as_nesting(symbols):
    error = error_for(" + ".join(["1"] * 40), symbols)
    assert error.message == "formula is nested too deeply (more than 32 levels)"



# The slips of someone who writes formulas as sentences or spreadsheet cells: the error says what to write
# instead, right after what it did not expect (and before the list of what may come there).
SLIPS = [
    ("counting.count = 105", "unexpected '=': to compare, write '==' (two equals signs); expected one of:", 16),
    ("a === 1", "unexpected '=': to compare, write '==' (two equals signs)", 5),
    ("a => 3", "unexpected '=': write '>=' for 'at least'", 3),
    ("a =< 3", "unexpected '=': write '<=' for 'at most'", 3),
    ("a <> 3", "unexpected '>': write '!=' for 'is not'", 4),
    ("a >= 105 && yes", "unexpected '&': write 'and' (not '&&')", 10),
    ("yes || no", "unexpected '|': write 'or' (not '||')", 5),
    ("!yes", "unexpected '!': write 'not' (or '!=' for 'is not')", 1),
    ("a ≥ 105", "unexpected '≥': write '>=' for 'at least'", 3),
    ("a >= '105'", "unexpected \"'\": a number needs no quotes, and words go in double quotes (\"thunee\")", 6),
    ("a > 1 AND yes", "unexpected 'AND': write 'and' in small letters", 7),
    ("If yes then 1 else 2", "unexpected 'yes': write 'if' in small letters", 4),
    ("yes == True", "unknown name 'True': write 'true' in small letters", 8),
]


@pytest.mark.parametrize("text, message, column", SLIPS)
def test_a_common_slip_says_what_to_write_instead(text, message, column, symbols):
    err = error_for(text, symbols)
    assert err.message.startswith(message), err.message
    assert err.column == column


def test_a_keyword_in_capitals_inside_a_string_is_no_slip(symbols):
    assert error_for('a @ "AND"', symbols).message.startswith("unexpected '@'; expected one of:")
