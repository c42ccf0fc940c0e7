"""Fuzz: hostile ruleset texts (YAML bombs, deep nesting, files around the size limit, odd Unicode in names,
keys and formulas, extreme numbers) are refused with located problems by the library, the CLI and the
editor alike, or validate and play; never an internal error, never a hang (a bomb, a deep nesting or 500 KB of
list items are refused by the loader's caps before anything walks them).

Bounded for CI (derandomized); ``campaign.py yaml`` runs many more.
"""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks import check_ruleset_file
from hostile import hostile_ruleset_text
from thunee_dsl.editor.checking import check_text
from thunee_dsl.errors import FormulaError, RulesetError
from thunee_dsl.formula import MAX_NUMBER, compile_formula
from thunee_dsl.loading import load_ruleset_text
from thunee_dsl.model import compile_ruleset
from thunee_dsl.model.quantities import symbol_table

FUZZ = settings(max_examples=15, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_a_hostile_ruleset_file_is_refused_with_locations_or_plays(tmp_path, seed):
    text = hostile_ruleset_text(random.Random(seed))
    path = tmp_path / "house.yaml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    check_ruleset_file(path, games=1, seed=seed, max_deals=3)


@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_hostile_text_typed_into_the_editor_is_a_located_problem(seed):
    text = hostile_ruleset_text(random.Random(seed))
    check = check_text(text, filename="<editor>")
    # (only text over the size cap is said of the whole text, without a line)
    assert all((p.line > 0 or "too large" in p.message) and "internal error" not in p.message
               for p in check.problems), check.problems
    try:
        compile_ruleset(load_ruleset_text(text, "<editor>", keep_going=True))
    except RulesetError as err:
        assert not check.ok
        assert all(p.location.file == "<editor>" or p.location.line > 0 for p in err.problems)
    else:
        assert check.ok


ODD_CHARACTERS = st.characters(codec=None, exclude_categories=())  # anything, lone surrogates included


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(text=st.text(ODD_CHARACTERS, max_size=40), context=st.sampled_from(["outcome", "claim", "team value"]))
def test_any_characters_as_a_formula_compile_or_point_inside_the_text(text, context):
    symbols = symbol_table(context, tricks=6, team_values=("count",), team_value_getter=None)
    try:
        formula = compile_formula(text, symbols)
    except FormulaError as err:
        assert 1 <= err.column <= max(1, len(text) + 1)
        shown, caret = err.caret.splitlines()[-2:]
        assert shown.isprintable() and caret.strip() == "^", err.caret
        assert str(err).splitlines()[0].isprintable(), str(err)
        return
    assert formula.type in ("number", "boolean", "team", "seat", "text", "none")


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(numbers=st.lists(st.integers(-(10**12), 10**12), min_size=1, max_size=6),
       ops=st.lists(st.sampled_from(["+", "-", "*"]), min_size=5, max_size=5))
def test_arithmetic_on_numbers_written_stays_within_the_limit_or_is_refused(numbers, ops):
    text = " ".join(f"{n} {op}" for n, op in zip(numbers, ops))[:-2].replace("- -", "- (-") + \
        ")" * " ".join(f"{n} {op}" for n, op in zip(numbers, ops)).count("- (-")
    try:
        formula = compile_formula(text, {})
    except FormulaError as err:
        assert err.message.startswith(("number too large", "this works out", "unexpected")), (text, err.message)
        return
    assert abs(formula.evaluate(None)) <= MAX_NUMBER


def pasted_binary(rng: random.Random) -> str:
    """Bytes pasted as text, as a browser's clipboard may hand them over: each byte a character, UTF-8 with the
    bytes it cannot read kept as lone surrogates, or UTF-16 read from any two bytes (lone surrogates again)."""
    data = rng.randbytes(rng.choice((1, 7, 64, 3000)))
    how = rng.randrange(3)
    if how == 0:
        return data.decode("latin-1")
    if how == 1:
        return data.decode("utf-8", "surrogateescape")
    return (data + b"\0")[: len(data) // 2 * 2 or 2].decode("utf-16-le", "surrogatepass")


@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_anything_pasted_into_the_code_editor_is_taken_kept_and_checked_without_an_internal_error(tmp_path, seed):
    """Ctrl-V of binary, or a hostile text, into the code editor: the session takes it (as the browser shows it),
    keeps it as a draft, makes a link of it or says why not, saves it or says why not, and checks it with
    every problem at a line (a lone surrogate stopped every page: Streamlit could neither hash nor draw it)."""
    from thunee_dsl.editor import session
    from thunee_dsl.editor.sharing import LinkError, encode_variant
    from thunee_dsl.editor.storage import UserRulesets

    import tempfile
    home = Path(tempfile.mkdtemp(dir=tmp_path))  # (tmp_path is shared by the examples)
    rng = random.Random(seed)
    text = hostile_ruleset_text(rng) if rng.random() < 0.3 else ""
    at = rng.randrange(len(text) + 1)
    text = text[:at] + pasted_binary(rng) + text[at:]
    ss: dict = {}
    session.init(ss, "extends: standard\nname: mine\n", "a new variant of standard")
    assert session.take_edit(ss, {"id": f"paste-{seed}", "type": "change", "text": text}) or not text
    ss["editor_text"].encode("utf-8")  # what Streamlit hashes, draws and sends: it can
    session.keep_draft(ss, home / "drafts")
    try:
        encode_variant(ss["editor_text"])
    except LinkError:
        pass
    ss["editor_save_name"] = "pasted"
    kind, said = session.save(ss, UserRulesets(home / "rulesets"))
    assert kind in ("success", "error") and said, (kind, said)
    check = check_text(ss["editor_text"], filename="<editor>")
    assert all((p.line > 0 or "too large" in p.message or "empty" in p.message) and "internal error" not in p.message
               for p in check.problems), check.problems
