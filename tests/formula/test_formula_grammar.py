"""The grammar: builds without conflicts, and parses operators with the documented precedence."""

import pytest
from lark import Lark

from thunee_dsl.formula import FormulaError, build_parser, compile_formula
from thunee_dsl.formula.compiler import _parser


def value(text, symbols, env):
    return compile_formula(text, symbols).evaluate(env)


def test_grammar_builds_with_strict_lalr_without_conflicts():
    # strict=True turns shift/reduce conflicts and terminal collisions into errors (needs interegular).
    parser = build_parser(strict=True)
    assert isinstance(parser, Lark)
    assert parser.options.parser == "lalr"
    assert parser.parse("1 + 2").data == "arith"


def test_grammar_loads_from_package_data_with_strict_directly():
    parser = Lark.open_from_package("thunee_dsl.formula", "formula.lark", parser="lalr", lexer="basic", strict=True)
    assert parser.parse("if a then b else c").data == "if_expr"


def test_parser_is_built_once_and_cached():
    assert _parser() is _parser()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("2 * 3 + 1", 7),
        ("10 - 3 - 2", 5),  # left-associative
        ("10 - (3 - 2)", 9),
        ("-2 * 3", -6),
        ("2 * -3", -6),
        ("- -4", 4),
        ("--4", 4),
        ("-(2 + 3)", -5),
        ("2 - -3", 5),
        ("a * b - c", 22),
        ("a - b * c", 38),
    ],
)
def test_arithmetic_precedence_and_associativity(text, expected, symbols, env):
    assert value(text, symbols, env) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 + 2 * 3 == 7", True),
        ("not yes and no", False),  # (not yes) and no
        ("not no and yes", True),
        ("not (no and yes)", True),
        ("yes or no and no", True),  # and binds tighter than or
        ("(yes or no) and no", False),
        ("not a == 3", False),  # not binds looser than comparison
        ("not a == 4", True),
        ("no and no or yes", True),
        ("not not yes", True),
    ],
)
def test_boolean_precedence(text, expected, symbols, env):
    assert value(text, symbols, env) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("if yes then 1 else 2", 1),
        ("if no then 1 else 2", 2),
        ("if no then 1 else if yes then 2 else 3", 2),
        ("if no then 1 else if no then 2 else 3", 3),
        ("if yes then if no then 1 else 2 else 3", 2),
        ("if if yes then no else yes then 1 else 2", 2),
        ("if yes then 1 else 2 + 10", 1),  # the else branch extends as far as it can
        ("if no then 1 else 2 + 10", 12),
        ("(if no then 1 else 2) + 10", 12),
        ("10 + (if a > b then a else b)", 15),
        ("if a < b and yes then a * 2 else 0", 6),
    ],
)
def test_if_then_else_nesting(text, expected, symbols, env):
    assert value(text, symbols, env) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a < b", True),
        ("a <= 3", True),
        ("a > b", False),
        ("b >= 5", True),
        ("a == 3", True),
        ("a != 3", False),
        ("a + 2 == b", True),
        ("yes == true", True),
        ("yes != no", True),
        ('undertaking == "thunee"', True),
        ('undertaking != "thunee"', False),
        ('"x" == "x"', True),
        ("caller == none", True),
        ("none == caller", True),
        ("caller != none", False),
        ("trump_maker == none", False),
        ("trump_maker != none", True),
        ("undertaking == none", False),
        ("none == none", True),
    ],
)
def test_comparisons(text, expected, symbols, env):
    assert value(text, symbols, env) is expected


def test_comparisons_do_not_chain(symbols):
    with pytest.raises(FormulaError) as info:
        compile_formula("a < b < c", symbols)
    assert info.value.message.startswith("unexpected '<'")
    assert info.value.column == 7


def test_whitespace_and_newlines_are_ignored(symbols, env):
    text = "counting.cards\n  + call\n\t+ (if counting.won_last_trick\n then 10\n else -10)\n"
    assert value(text, symbols, env) == 107
    assert value("counting . cards", symbols, env) == 97


@pytest.mark.parametrize("keyword", ["if", "then", "else", "and", "or", "not", "true", "false", "none"])
def test_keywords_are_not_names(keyword):
    from thunee_dsl.formula import Symbol

    symbols = {"x": Symbol("x", "number", lambda env: 1)}
    with pytest.raises(FormulaError):
        compile_formula(f"x.{keyword} + 1", symbols)
    with pytest.raises(ValueError):
        Symbol(f"x.{keyword}", "number", lambda env: 1)


def test_names_may_contain_keywords_as_part_of_a_word(env):
    from thunee_dsl.formula import Symbol

    symbols = {n: Symbol(n, "number", lambda env: 2) for n in ("iffy", "order", "android", "notes", "nonesuch")}
    assert value("iffy + order + android + notes + nonesuch", symbols, env) == 10


def test_strings_are_double_quoted_words(symbols, env):
    assert value('"" == ""', symbols, env) is True
    assert value('"two words" != "thunee"', symbols, env) is True
