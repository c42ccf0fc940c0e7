"""``Formula.describe``: a formula in words a card player reads (the Library's rulebook says the Double and
Khanaak conditions this way, with the formula under the words for the ruleset's author)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from thunee_dsl import shipped_ruleset
from thunee_dsl.formula import Symbol, compile_formula
from thunee_dsl.model.rulebook import render_rulebook

SYMBOLS = {
    "call": Symbol("call", "number", lambda env: env, "the amount called to make trumps (0 if no call)"),
    "tricks": Symbol("tricks", "number", lambda env: env, "the number of tricks in a deal"),
    "callers.tricks": Symbol("callers.tricks", "number", lambda env: env, "tricks won by the caller's team"),
    "caller.won_last_trick": Symbol("caller.won_last_trick", "boolean", lambda env: env,
                                    "whether the player who made the call won the last trick"),
    "caller.suits_held": Symbol("caller.suits_held", "number", lambda env: env, "how many suits the caller holds"),
    "undertaking": Symbol("undertaking", "text", lambda env: env, "the undertaking called this deal, or none"),
    "counting": Symbol("counting", "team", lambda env: env, "the counting team (opponents of the trump makers)"),
    "callers": Symbol("callers", "team", lambda env: env, "the caller's team"),
}


@pytest.mark.parametrize("text, words", [
    ("callers.tricks == tricks and caller.won_last_trick",
     "the number of tricks won by the caller's team is the number of tricks in a deal, and the player who made the "
     "call won the last trick"),
    ("undertaking == none", "there is no undertaking called this deal"),
    ("undertaking != none", "there is an undertaking called this deal"),
    ('undertaking == "thunee"', "the undertaking called this deal is thunee"),
    ("call >= 20 or not caller.won_last_trick",
     "the amount called to make trumps is at least 20, or not (the player who made the call won the last trick)"),
    ("if callers == counting and call > 0 then 4 else 2",
     "4 if the caller's team is the counting team, and the amount called to make trumps is more than 0, otherwise 2"),
    ("max(call, 10) - 1 < 3 * tricks", "the larger of the amount called to make trumps and 10 minus 1 is less than 3 "
                                       "times the number of tricks in a deal"),
    ("caller.suits_held <= 1", "the number of suits the caller holds is at most 1"),
    ("true", "always"),
    ("call / 10 > 2", "the amount called to make trumps divided by 10 (rounded down) is more than 2"),
    ("call mod 20 == 0", "what is left of the amount called to make trumps after dividing by 20 is 0"),
    ("round(call, 10) >= 40", "the amount called to make trumps rounded to the nearest 10 (a half up) is at least 40"),
    ("round_down(call, 10) < 3", "the amount called to make trumps rounded down to a multiple of 10 is less than 3"),
    ("round_up(call, 10) < 3", "the amount called to make trumps rounded up to a multiple of 10 is less than 3"),
])
def test_a_formula_in_words(text, words):
    assert compile_formula(text, SYMBOLS).describe() == words


def test_words_and_phrases_given_by_the_caller_win():
    f = compile_formula("callers.tricks == tricks and caller.won_last_trick", SYMBOLS)
    assert f.describe({"tricks": "6 (every trick)"}, phrases={"the player who made the call": "the claimer"}) == (
        "the number of tricks won by the caller's team is 6 (every trick), and the claimer won the last trick")


NAMES = sorted(SYMBOLS)


@st.composite
def formulas(draw, depth=0):
    if depth > 2 or draw(st.booleans()):
        return draw(st.sampled_from(["call", "tricks", "callers.tricks", "caller.suits_held", "3"]))
    a, b = draw(formulas(depth + 1)), draw(formulas(depth + 1))
    return f"({a} {draw(st.sampled_from(['+', '-', '*']))} {b})"


@settings(max_examples=80, deadline=None)
@given(a=formulas(), b=formulas(), op=st.sampled_from(["==", "!=", "<", "<=", ">", ">="]))
def test_every_name_and_sign_is_said_in_words(a, b, op):
    said = compile_formula(f"{a} {op} {b}", SYMBOLS).describe()
    assert not any("." in name and name in said for name in NAMES), said
    assert not any(sign in said for sign in ("==", "!=", "<", ">", "*", "+", "(", ")")), said
    assert said.count(" is ") == 1  # one comparison, said once


@pytest.mark.parametrize("name", ["standard", "cats-at-cards", "six-player"])
def test_the_rulebook_says_double_and_khanaak_in_words_with_the_formula_under_them(name):
    r = shipped_ruleset(name)
    lines = render_rulebook(r).splitlines()
    for claim in r.claims:
        for label, formula in (("Succeeds when", claim.succeeds_if), ("Allowed when", claim.allowed_if),
                               ("Forbidden (penalised) when", claim.forbidden_if)):
            if formula is None:
                continue
            # the words, then the formula as written on the line under them (a Markdown line break: two spaces)
            said = [x for i, x in enumerate(lines[:-1])
                    if x.startswith(f"- {label} ") and lines[i + 1] == f"  `{formula.text}`"]
            assert said, (label, formula.text)
            for words in said:
                assert words.endswith(".  ") and "`" not in words, words
                assert not any(n in words for n in formula.names if "." in n), words
    assert "and the claimer won the last trick" in "\n".join(lines)


def test_every_condition_of_every_shipped_rulebook_comes_in_words_first():
    from thunee_dsl.loading import shipped_rulesets

    for name in shipped_rulesets():
        r = shipped_ruleset(name)
        lines = render_rulebook(r).splitlines()
        for i, line in enumerate(lines):
            if line.startswith("  `") and line.endswith("`") and lines[i - 1]:  # (a team value's formula: its own paragraph)
                words = lines[i - 1]
                assert words.endswith(".  ") and "`" not in words.split(" when ")[-1], (name, words, line)
        if r.cancellation is not None:
            assert f"  `{r.cancellation.cancel_if.text}`" in lines, name
        if r.redeal is not None and r.redeal.allowed_if is not None:
            assert f"  `{r.redeal.allowed_if.text}`" in lines, name
