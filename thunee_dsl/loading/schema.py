"""JSON Schema validation of ruleset data, with located, plain-words messages.

The shipped schema is ``thunee_dsl/data/ruleset.schema.json`` (draft 2020-12). Every jsonschema
error becomes a :class:`~thunee_dsl.errors.Problem` located at the YAML node it is about:

* unknown keys (``additionalProperties: false``) point at the offending key and list the allowed
  keys;
* missing required keys point at the mapping that lacks them;
* ``oneOf``/``anyOf`` failures are reduced to the single best sub-error (``best_match``);
* types are said in words: a mapping, a list, a string, a whole number, a number, true/false,
  nothing.

``partial=True`` validates against a relaxed copy of the schema for ``extends:`` overlays (see
:func:`relaxed_schema`).
"""

from __future__ import annotations

import copy
import difflib
import functools
import json
import re
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match, relevance

from thunee_dsl.errors import Location, Problem, visible

from .safe_yaml import LocatedDoc, dotted_path

__all__ = [
    "SCHEMA_FILE",
    "ruleset_schema",
    "relaxed_schema",
    "schema_problems",
    "invalid_paths",
    "describe_value",
    "dotted_path",
]

SCHEMA_FILE = "ruleset.schema.json"

_TYPE_WORDS = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true/false",
    "null": "nothing",
}

PathLike = Iterable[str | int]


@functools.lru_cache(maxsize=None)
def ruleset_schema() -> dict:
    """The shipped ruleset schema (read once; do not mutate the returned dict)."""
    text = resources.files("thunee_dsl.data").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


# Keywords whose value is a mapping of name -> subschema.
_MAP_OF_SCHEMAS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
# Keywords whose value is a list of subschemas.
_LIST_OF_SCHEMAS = ("allOf", "anyOf", "oneOf", "prefixItems")
# Keywords whose value is one subschema. ``not`` and ``if`` are deliberately absent: relaxing
# inside them would make the schema stricter, so they are copied unchanged.
_ONE_SCHEMA = (
    "items",
    "additionalItems",
    "additionalProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contains",
    "propertyNames",
    "then",
    "else",
)
# Presence constraints dropped in the relaxed schema.
_PRESENCE = ("required", "dependentRequired", "minProperties")


def _relax(schema: Any) -> Any:
    if not isinstance(schema, dict):
        return copy.deepcopy(schema)
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _PRESENCE:
            continue
        if key in _MAP_OF_SCHEMAS and isinstance(value, dict):
            out[key] = {name: _relax(sub) for name, sub in value.items()}
        elif key in _LIST_OF_SCHEMAS and isinstance(value, list):
            out[key] = [_relax(sub) for sub in value]
        elif key == "items" and isinstance(value, list):  # pre-2020 tuple form
            out[key] = [_relax(sub) for sub in value]
        elif key in _ONE_SCHEMA:
            out[key] = _relax(value)
        else:
            out[key] = copy.deepcopy(value)
    if "oneOf" in out:
        # Alternatives that differed only in what they require may all match once relaxed;
        # ``oneOf`` would then fail, so accept any of them.
        alternatives = out.pop("oneOf")
        if "anyOf" in out:
            out["allOf"] = list(out.get("allOf", [])) + [{"anyOf": alternatives}]
        else:
            out["anyOf"] = alternatives
    return out


def relaxed_schema(schema: dict) -> dict:
    """A copy of ``schema`` that accepts partial documents (``extends:`` overlays).

    Every ``required`` (and ``dependentRequired``, ``minProperties``) is removed recursively,
    including inside ``$defs``; ``oneOf`` becomes ``anyOf``. Unknown keys, types and enums are still
    checked.
    """
    return _relax(schema)


def _is_whole_number(checker, instance) -> bool:
    # JSON Schema counts 4.0 as an integer; the engine counts seats and cards with Python ints, so
    # a number written with a decimal point is not a whole number here.
    return isinstance(instance, int) and not isinstance(instance, bool)


_RulesetValidator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole_number),
)


@functools.lru_cache(maxsize=None)
def _shipped_validator(partial: bool) -> Draft202012Validator:
    schema = ruleset_schema()
    return _RulesetValidator(relaxed_schema(schema) if partial else schema)


def _validator(schema: dict | None, partial: bool) -> Draft202012Validator:
    if schema is None:
        return _shipped_validator(partial)
    return _RulesetValidator(relaxed_schema(schema) if partial else schema)


# --- words -------------------------------------------------------------------------------------


def describe_value(value: Any) -> str:
    """The kind of a plain value in words: ``a mapping``, ``a string``, ``true/false`` ..."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'} (a yes/no value)"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        if value.is_integer():
            return f"{value!r} (a whole number is written without a decimal point)"
        return f"{value!r} (a number with a fraction)"
    if isinstance(value, str):
        return _describe_text(value)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


# what YAML 1.1 reads as a number but a ruleset (YAML 1.2, decimal digits only) keeps as text
_SPECIAL_FLOATS = {".nan": "not a number", ".inf": "infinity", "+.inf": "infinity", "-.inf": "minus infinity"}
_NUMBER_LIKE = re.compile(r"[-+]?(0x[0-9a-f_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?"
                          r"|[0-9][0-9_]*_[0-9_]*(\.[0-9_]*)?)\Z", re.IGNORECASE)


def _describe_text(value: str) -> str:
    """A string in words: what it looks like, and why it is not a number when it looks like one."""
    text = value.strip()
    shown = _shown(value)
    special = _SPECIAL_FLOATS.get(text.lower())
    if special:
        return f"{text} ({special}, which no rule can use)"
    if _NUMBER_LIKE.match(text):
        return f"the text {shown} (a number is written with the digits 0 to 9 only: no '0x', '_' or ':')"
    if text.lower() in ("yes", "no", "on", "off", "y", "n"):
        return f"the text {shown} (for yes or no write true or false)"
    if text and _looks_decimal(text):
        return f"the text {shown} (in quotes, so not a number: write it without quotes)"
    return f"the text {shown}" if value else "an empty string"


def _looks_decimal(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return not text.isalpha()  # "nan", "inf", "infinity" are words here


def _plain(value: Any) -> str:
    """A schema constant as a user writes it in YAML."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(value)


def _shown(value: Any) -> str:
    """A user's value quoted in a message."""
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return f"'{visible(text)}'"
    if isinstance(value, (dict, list)):
        return describe_value(value)
    return _plain(value)


def _or_list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def _in_where(path: tuple) -> str:
    dotted = dotted_path(path)
    return f"in {dotted}" if dotted else "at the top level"


# --- conversion --------------------------------------------------------------------------------


def _belongs_under(key: Any, path: tuple, schema: dict) -> str:
    """``: it belongs under 'game:' ...`` for a section's key written at the top level (``target: 13`` not
    indented under ``game:``); "" for any other key."""
    if path or not isinstance(key, str):
        return ""
    defs = schema.get("$defs", {})
    homes = []
    for section, sub in schema.get("properties", {}).items():
        for _ in range(5):  # follow "$ref": "#/$defs/..." to the section's own schema
            if not (isinstance(sub, dict) and isinstance(sub.get("$ref"), str) and sub["$ref"].startswith("#/$defs/")):
                break
            sub = defs.get(sub["$ref"].removeprefix("#/$defs/"), {})
        if isinstance(sub, dict) and key in sub.get("properties", {}):
            homes.append(section)
    if len(homes) != 1:
        return ""
    return f": it belongs under '{homes[0]}:' (write '{homes[0]}:' on a line of its own, then this line below it " \
           f"indented by two spaces)"


_PATTERN_WORDS = {
    "^[a-z0-9][a-z0-9-]*$": "use only small letters a-z, digits and '-', starting with a letter or digit "
                            "(for example our-house-rules)",
    "^[a-z][a-z-]*$": "use only small letters a-z and '-', starting with a letter (for example blind-thunee)",
}


class _Converter:
    def __init__(
        self,
        doc: LocatedDoc,
        origin: Callable[[tuple], Location] | None,
        key_origin: Callable[[tuple], Location] | None,
    ):
        self.doc = doc
        self.value_at = origin if origin is not None else doc.location
        self.key_at = key_origin if key_origin is not None else doc.key_location

    def convert(self, error: ValidationError) -> list[Problem]:
        path = tuple(error.absolute_path)
        prefix = f"{dotted_path(path)}: " if path else ""
        keyword = error.validator
        value = error.validator_value
        instance = error.instance

        if _under_property_names(error) and isinstance(instance, str):
            # The error is about a key of the mapping at ``path``.
            where = self.key_at(path + (instance,))
            if keyword == "pattern":
                return [Problem(where, f"{prefix}key '{visible(instance)}' does not match the pattern {value}")]
            inner = self._words(error, keyword, value, instance) or error.message
            return [Problem(where, f"{prefix}key '{visible(instance)}': {inner}")]

        if keyword in ("additionalProperties", "unevaluatedProperties") and isinstance(instance, dict):
            allowed = list(error.schema.get("properties", {}))
            patterns = list(error.schema.get("patternProperties", {}))
            extras = [
                key
                for key in instance
                if key not in allowed and not any(re.search(p, str(key)) for p in patterns)
            ]
            if extras:
                if allowed:
                    tail = "expected one of: " + ", ".join(allowed)
                else:
                    tail = "no keys are allowed here" if not patterns else "see the schema"
                return [
                    Problem(self.key_at(path + (key,)), f"unknown key '{visible(str(key))}' {_in_where(path)}"
                            + _belongs_under(key, path, error.schema) + f"; {tail}")
                    for key in extras
                ]

        if keyword == "required" and isinstance(instance, dict) and isinstance(value, list):
            missing = [key for key in value if key not in instance]
            twin = self._misspelt(path, missing)
            if twin is not None:  # `thune:` under undertakings: a new undertaking lacking 'verb', said as the typo it is
                name = visible(str(path[-1]))
                needs = ", ".join(f"'{k}'" for k in missing)
                return [Problem(self.key_at(path), f"{prefix}there is no '{name}' in {dotted_path(path[:-1])}: "
                                f"did you mean '{twin}'? (a new one would need {needs})")]
            return [
                Problem(self.value_at(path), f"{prefix}missing required key '{key}'") for key in missing
            ]

        if keyword in ("oneOf", "anyOf"):
            if error.context:
                merged = self._type_alternatives(error)
                if merged is not None:
                    return [Problem(self.value_at(path), f"{prefix}{merged}")]
                best = best_match([error])
                if best is error:  # the alternatives fail equally: prefer one of the right type
                    fitting = [sub for sub in error.context if sub._matches_type()]
                    best = (fitting or list(error.context))[0]
                return self.convert(best)
            return [Problem(self.value_at(path), f"{prefix}matches more than one of the allowed forms")]

        words = self._words(error, keyword, value, instance)
        return [Problem(self.value_at(path), f"{prefix}{words or error.message}")]

    def _misspelt(self, path: tuple, missing: list[str]) -> str | None:
        """For an entry of a mapping (``undertakings.thune``) lacking ``missing`` keys: the name of a sibling
        entry that has them and is spelt almost alike (``thunee``), else None."""
        if not path or not isinstance(path[-1], str) or not missing:
            return None
        parent: Any = self.doc.data
        for step in path[:-1]:
            try:
                parent = parent[step]
            except (KeyError, IndexError, TypeError):
                return None
        if not isinstance(parent, dict):
            return None
        whole = [k for k, v in parent.items() if isinstance(k, str) and k != path[-1] and isinstance(v, dict)
                 and all(key in v for key in missing)]
        close = difflib.get_close_matches(path[-1].lower(), whole, n=1, cutoff=0.75)
        return close[0] if close else None

    def _type_alternatives(self, error: ValidationError) -> str | None:
        """Every alternative fails on the type of the value itself: say the expected types."""
        alternatives = error.validator_value if isinstance(error.validator_value, list) else []
        by_branch: dict[Any, list[str]] = {}
        for sub in error.context:
            if sub.validator != "type" or tuple(sub.absolute_path) != tuple(error.absolute_path):
                continue
            branch = sub.relative_schema_path[0] if sub.relative_schema_path else None
            types = sub.validator_value if isinstance(sub.validator_value, list) else [sub.validator_value]
            by_branch[branch] = [_TYPE_WORDS.get(t, str(t)) for t in types]
        if not alternatives or len(by_branch) != len(alternatives):
            return None
        expected: list[str] = []
        for index in range(len(alternatives)):
            for word in by_branch.get(index, []):
                if word not in expected:
                    expected.append(word)
        if not expected:
            return None
        return f"expected {_or_list(expected)}, got {describe_value(error.instance)}"

    def _words(self, error: ValidationError, keyword: Any, value: Any, instance: Any) -> str | None:
        if keyword == "type":
            types = value if isinstance(value, list) else [value]
            expected = _or_list([_TYPE_WORDS.get(t, str(t)) for t in types])
            return f"expected {expected}, got {describe_value(instance)}"
        if keyword == "enum" and isinstance(value, list):
            return f"{_shown(instance)} is not one of: " + ", ".join(_plain(v) for v in value)
        if keyword == "const":
            return f"must be {_plain(value)}, got {_shown(instance)}"
        if keyword == "minItems":
            return f"expected at least {value} item{'s' if value != 1 else ''}, got {len(instance)}"
        if keyword == "maxItems":
            return f"expected at most {value} item{'s' if value != 1 else ''}, got {len(instance)}"
        if keyword == "minLength":
            if value == 1:
                return "must not be empty"
            return f"must be at least {value} characters long"
        if keyword == "maxLength":
            return f"must be at most {value} characters long"
        if keyword == "minimum":
            return f"must be at least {_plain(value)}, got {_plain(instance)}"
        if keyword == "maximum":
            return f"must be at most {_plain(value)}, got {_plain(instance)}"
        if keyword == "exclusiveMinimum":
            return f"must be more than {_plain(value)}, got {_plain(instance)}"
        if keyword == "exclusiveMaximum":
            return f"must be less than {_plain(value)}, got {_plain(instance)}"
        if keyword == "multipleOf":
            return f"must be a multiple of {_plain(value)}, got {_plain(instance)}"
        if keyword == "pattern":
            said = _PATTERN_WORDS.get(value)  # the pattern is for a programmer; a card player needs its words
            return f"{_shown(instance)} does not match the pattern {value}" + (f": {said}" if said else "")
        if keyword == "uniqueItems" and isinstance(instance, list):
            seen: list[Any] = []
            for item in instance:
                if item in seen:
                    return f"items must be unique ({_shown(item)} appears more than once)"
                seen.append(item)
            return "items must be unique"
        if keyword == "maxProperties":
            return f"must have at most {value} key{'s' if value != 1 else ''}"
        if keyword == "minProperties":
            return f"must have at least {value} key{'s' if value != 1 else ''}"
        if keyword == "not":
            return f"{_shown(instance)} is not allowed here"
        if keyword is None or keyword is False:  # a ``false`` schema
            return "this key is not allowed here"
        return None


def _under_property_names(error: ValidationError) -> bool:
    schema_path = list(error.absolute_schema_path)
    return any(
        part == "propertyNames" and (i == 0 or schema_path[i - 1] not in _MAP_OF_SCHEMAS)
        for i, part in enumerate(schema_path)
    )


def _sorted_by_relevance(errors: list[ValidationError]) -> list[ValidationError]:
    try:
        return sorted(errors, key=relevance, reverse=True)
    except TypeError:  # pragma: no cover - mixed path element types; keep the validator's order
        return errors


def invalid_paths(data: Any, *, partial: bool = False, schema: dict | None = None) -> list[tuple]:
    """Paths of the values the schema refuses, each ending at a mapping key (so that removing them
    leaves every other value where it was): an unknown key, or the key holding a wrong value.

    Used to go on checking the rest of a ruleset (its formulas, its semantics) in the same pass.
    """
    paths: set[tuple] = set()
    for error in _validator(schema, partial).iter_errors(data):
        path = tuple(error.absolute_path)
        if error.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(error.instance, dict):
            allowed = error.schema.get("properties", {})
            patterns = list(error.schema.get("patternProperties", {}))
            paths.update(path + (key,) for key in error.instance
                         if key not in allowed and not any(re.search(p, str(key)) for p in patterns))
            continue
        if _under_property_names(error) and isinstance(error.instance, str):
            paths.add(path + (error.instance,))
            continue
        if error.validator in _PRESENCE:
            continue  # nothing to remove: a key is missing
        while path and not isinstance(path[-1], str):
            path = path[:-1]
        if path:
            paths.add(path)
    return sorted(paths, key=lambda p: tuple(map(str, p)))


def schema_problems(
    doc: LocatedDoc,
    *,
    partial: bool = False,
    schema: dict | None = None,
    origin: Callable[[tuple], Location] | None = None,
    key_origin: Callable[[tuple], Location] | None = None,
) -> list[Problem]:
    """Check ``doc.data`` against the ruleset schema (or ``schema``); return located problems.

    ``partial`` uses :func:`relaxed_schema` (for overlays). ``origin(path)`` / ``key_origin(path)``
    override where values / mapping keys are said to be (used for merged documents, to cite the
    file that provided the value); by default ``doc.location`` / ``doc.key_location``. ``doc`` may
    be any object with ``data``, ``location`` and ``key_location``.

    The problems are ordered most relevant first and contain no duplicates.
    """
    validator = _validator(schema, partial)
    converter = _Converter(doc, origin, key_origin)
    problems: list[Problem] = []
    seen: set[Problem] = set()
    for error in _sorted_by_relevance(list(validator.iter_errors(doc.data))):
        for problem in converter.convert(error):
            if problem not in seen:
                seen.add(problem)
                problems.append(problem)
    return problems
