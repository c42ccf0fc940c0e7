"""Layer 1: safe YAML with line/column marks, JSON Schema validation, ``extends:`` overlays with
provenance, and the registry of shipped rulesets.

Imports only :mod:`thunee_dsl.errors` (and PyYAML / jsonschema).
"""

from .overlay import (
    MAX_EXTENDS_DEPTH, MAX_NAME_LENGTH, MergedSource, load_ruleset_source, load_ruleset_text, reference_problem,
)
from .registry import aliases, find_ruleset, rulesets_dir, shipped_rulesets
from .safe_yaml import MAX_BYTES, MAX_DEPTH, MAX_NODES, MAX_NUMBER, LocatedDoc, load_yaml_file, load_yaml_text
from .schema import dotted_path, relaxed_schema, ruleset_schema, schema_problems

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_NUMBER",
    "MAX_EXTENDS_DEPTH",
    "MAX_NAME_LENGTH",
    "LocatedDoc",
    "MergedSource",
    "aliases",
    "dotted_path",
    "find_ruleset",
    "load_ruleset_source",
    "load_ruleset_text",
    "load_yaml_file",
    "load_yaml_text",
    "reference_problem",
    "relaxed_schema",
    "ruleset_schema",
    "rulesets_dir",
    "schema_problems",
    "shipped_rulesets",
]
