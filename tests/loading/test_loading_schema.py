"""Schema problems: exact words and locations, with small fixture schemas."""

from __future__ import annotations

import copy
import textwrap
from importlib import resources

import pytest
from jsonschema import Draft202012Validator

from thunee_dsl.errors import Location
from thunee_dsl.loading import load_yaml_text, relaxed_schema, ruleset_schema, schema_problems

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "deck"],
    "properties": {
        "name": {"type": "string"},
        "deck": {"$ref": "#/$defs/deck"},
        "mode": {"enum": ["ring", "bell", "jodi"]},
        "limit": {"oneOf": [{"type": "integer"}, {"type": "null"}]},
        "kind": {
            "oneOf": [
                {"type": "string", "enum": ["plain", "fancy"]},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["size"],
                    "properties": {"size": {"type": "integer"}},
                },
            ]
        },
        "flag": {"type": "boolean"},
        "nothing": {"type": "null"},
        "count": {"type": "number", "minimum": 1},
        "seats": {"type": "array", "minItems": 2, "items": {"type": "integer"}},
        "suits": {"type": "object", "propertyNames": {"pattern": "^[SHDC]$"}},
        "never": {"not": {"const": "x"}},
    },
    "$defs": {
        "deck": {
            "type": "object",
            "additionalProperties": False,
            "required": ["ranks", "points"],
            "properties": {
                "ranks": {"type": "array", "items": {"type": "string"}},
                "points": {"type": "object", "additionalProperties": {"type": "integer"}},
            },
        }
    },
}


def doc_of(text: str, filename: str = "r.yaml"):
    return load_yaml_text(textwrap.dedent(text).lstrip("\n"), filename)


def check(text: str, **kwargs) -> list[str]:
    return sorted(str(p) for p in schema_problems(doc_of(text), schema=SCHEMA, **kwargs))


GOOD = """
name: classic
deck:
  ranks: [J, "9"]
  points: {J: 30, "9": 20}
"""


def test_valid_document_has_no_problems():
    assert check(GOOD) == []


def test_unknown_top_level_key_points_at_the_key():
    assert check(GOOD + "colour: red\n") == [
        "r.yaml:5:1: unknown key 'colour' at the top level; expected one of: name, deck, mode, "
        "limit, kind, flag, nothing, count, seats, suits, never"
    ]


def test_unknown_nested_key_points_at_the_key():
    text = """
    name: classic
    deck:
      ranks: [J]
      points: {J: 30}
      jokers: 2
      wild: yes
    """
    assert check(text) == [
        "r.yaml:5:3: unknown key 'jokers' in deck; expected one of: ranks, points",
        "r.yaml:6:3: unknown key 'wild' in deck; expected one of: ranks, points",
    ]


def test_missing_required_key_points_at_the_parent_mapping():
    text = """
    name: classic
    deck:
      points: {J: 30}
    """
    assert check(text) == ["r.yaml:3:3: deck: missing required key 'ranks'"]


def test_missing_required_top_level_keys():
    assert check("mode: ring\n") == [
        "r.yaml:1:1: missing required key 'deck'",
        "r.yaml:1:1: missing required key 'name'",
    ]


def test_wrong_type_with_dotted_path():
    text = """
    name: classic
    deck:
      ranks: [J]
      points:
        J: thirty
    """
    assert check(text) == ["r.yaml:5:8: deck.points.J: expected a whole number, got the text 'thirty'"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("kind: [a]", "r.yaml:5:7: kind: expected a string or a mapping, got a list"),
        ("flag: {a: 1}", "r.yaml:5:7: flag: expected true/false, got a mapping"),
        ("flag: yes", "r.yaml:5:7: flag: expected true/false, got the text 'yes' (for yes or no write true or false)"),
        ("flag: 1", "r.yaml:5:7: flag: expected true/false, got a whole number"),
        ("nothing: 1.5", "r.yaml:5:10: nothing: expected nothing, got 1.5 (a number with a fraction)"),
        ("count: true", "r.yaml:5:8: count: expected a number, got true (a yes/no value)"),
        ("count: ~", "r.yaml:5:8: count: expected a number, got nothing"),
        ("count: 0", "r.yaml:5:8: count: must be at least 1, got 0"),
        ("seats: [1]", "r.yaml:5:8: seats: expected at least 2 items, got 1"),
        ("seats: [1, x]", "r.yaml:5:12: seats[1]: expected a whole number, got the text 'x'"),
    ],
)
def test_type_words(line, message):
    # GOOD has a blank first line removed by doc_of, so the appended line is line 5
    assert check(GOOD + line + "\n") == [message]


def test_enum():
    assert check(GOOD + "mode: bells\n") == ["r.yaml:5:7: mode: 'bells' is not one of: ring, bell, jodi"]


def test_enum_with_a_non_string():
    assert check(GOOD + "mode: 3\n") == ["r.yaml:5:7: mode: 3 is not one of: ring, bell, jodi"]


def test_one_of_types_is_said_once():
    assert check(GOOD + "limit: lots\n") == [
        "r.yaml:5:8: limit: expected a whole number or nothing, got the text 'lots'"
    ]


def test_one_of_picks_the_best_sub_error():
    assert check(GOOD + "kind: {size: big}\n") == [
        "r.yaml:5:14: kind.size: expected a whole number, got the text 'big'"
    ]
    assert check(GOOD + "kind: gaudy\n") == [
        "r.yaml:5:7: kind: 'gaudy' is not one of: plain, fancy"
    ]


def test_property_names():
    assert check(GOOD + "suits: {S: 1, X: 2}\n") == [
        "r.yaml:5:15: suits: key 'X' does not match the pattern ^[SHDC]$"
    ]


def test_not():
    assert check(GOOD + "never: x\n") == ["r.yaml:5:8: never: 'x' is not allowed here"]


def test_several_problems_at_once_most_relevant_first():
    problems = schema_problems(doc_of("name: 1\nfoo: 2\n"), schema=SCHEMA)
    assert [str(p) for p in problems] == [
        "r.yaml:2:1: unknown key 'foo' at the top level; expected one of: name, deck, mode, limit, "
        "kind, flag, nothing, count, seats, suits, never",
        "r.yaml:1:1: missing required key 'deck'",
        "r.yaml:1:7: name: expected a string, got a whole number",  # deeper, so less relevant
    ]


def test_origin_overrides_locations():
    def origin(path):
        return Location("base.yaml", 40 + len(tuple(path)), 1)

    problems = schema_problems(doc_of(GOOD + "mode: x\n"), schema=SCHEMA, origin=origin)
    assert [str(p) for p in problems] == ["base.yaml:41:1: mode: 'x' is not one of: ring, bell, jodi"]


# --- the relaxed (partial) schema ------------------------------------------------------------------


def test_partial_ignores_missing_required_keys_even_inside_defs():
    text = """
    deck:
      points: {J: 30}
    """
    assert check(text) == [
        "r.yaml:1:1: missing required key 'name'",
        "r.yaml:2:3: deck: missing required key 'ranks'",
    ]
    assert check(text, partial=True) == []


def test_partial_still_checks_unknown_keys_types_and_enums():
    text = """
    deck:
      points: {J: lots}
      wild: 1
    mode: bells
    """
    assert check(text, partial=True) == [
        "r.yaml:2:15: deck.points.J: expected a whole number, got the text 'lots'",
        "r.yaml:3:3: unknown key 'wild' in deck; expected one of: ranks, points",
        "r.yaml:4:7: mode: 'bells' is not one of: ring, bell, jodi",
    ]


def test_relaxed_schema_removes_required_recursively_and_keeps_the_original():
    original = copy.deepcopy(SCHEMA)
    relaxed = relaxed_schema(SCHEMA)
    assert SCHEMA == original
    assert "required" not in relaxed
    assert "required" not in relaxed["$defs"]["deck"]
    assert "required" not in relaxed["properties"]["kind"]["anyOf"][1]
    assert "oneOf" not in relaxed["properties"]["kind"]
    assert relaxed["properties"]["never"] == SCHEMA["properties"]["never"]
    Draft202012Validator.check_schema(relaxed)


def test_relaxed_schema_keeps_a_property_called_required():
    schema = {"type": "object", "properties": {"required": {"type": "string"}}, "required": ["required"]}
    assert relaxed_schema(schema) == {"type": "object", "properties": {"required": {"type": "string"}}}


def test_relaxed_one_of_that_differs_only_in_required_does_not_become_ambiguous():
    schema = {
        "type": "object",
        "properties": {
            "x": {
                "oneOf": [
                    {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
                    {"type": "object", "properties": {"b": {"type": "integer"}}, "required": ["b"]},
                ]
            }
        },
    }
    doc = doc_of("x: {}\n")
    assert [str(p) for p in schema_problems(doc, schema=schema)] == [
        "r.yaml:1:4: x: missing required key 'a'"
    ]
    assert schema_problems(doc, schema=schema, partial=True) == []
    both = doc_of("x: {a: 1, b: 2}\n")
    assert [str(p) for p in schema_problems(both, schema=schema)] == [
        "r.yaml:1:4: x: matches more than one of the allowed forms"
    ]


# --- the shipped schema ----------------------------------------------------------------------------


def _shipped_schema_exists() -> bool:
    try:
        return resources.files("thunee_dsl.data").joinpath("ruleset.schema.json").is_file()
    except (ModuleNotFoundError, FileNotFoundError):
        return False


@pytest.mark.skipif(
    not _shipped_schema_exists(), reason="thunee_dsl/data/ruleset.schema.json is not written yet"
)
def test_shipped_schema_is_a_valid_draft_2020_12_schema():
    schema = ruleset_schema()
    Draft202012Validator.check_schema(schema)
    Draft202012Validator.check_schema(relaxed_schema(schema))
    assert ruleset_schema() is schema  # cached
