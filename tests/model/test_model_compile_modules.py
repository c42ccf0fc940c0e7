"""Where a part of a ruleset is compiled (issue 23: a rule's code found from its name in two hops): the map in
``model/compile/__init__.py``'s docstring names, for every section of the ruleset schema, the one module that
compiles and checks it; that module exists and its own docstring names the section's key."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import thunee_dsl.model
from thunee_dsl.loading import ruleset_schema
from thunee_dsl.model import compile as compiling
from thunee_dsl.model.compile import compile_ruleset, quantity_limits

PACKAGE = Path(compiling.__file__).parent
# keys of the top file that name or describe a ruleset rather than state a rule
NOT_RULES = {"name", "title", "aliases", "summary", "extends", "source"}
ENTRY = re.compile(r"^- (?:``(\w+)``|this module): (.*)$", re.MULTILINE)


def the_map() -> list[tuple[str, list[str]]]:
    """(module, the keys it compiles) as the package's docstring lists them; ``__init__`` for "this module"."""
    return [(module or "__init__", re.findall(r"``(\w+):``", said))
            for module, said in ENTRY.findall(compiling.__doc__)]


def docstring(module: str) -> str:
    return ast.get_docstring(ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))) or ""


def test_every_section_of_the_schema_has_one_module():
    sections = set(ruleset_schema()["properties"]) - NOT_RULES
    mapped = [key for _, keys in the_map() for key in keys]
    assert sorted(mapped) == sorted(set(mapped)), "a section mapped to two modules"
    assert set(mapped) == sections


def test_every_module_is_in_the_map_and_says_what_it_compiles():
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    listed = [module for module, _ in the_map()]
    assert sorted(listed) == sorted(modules)
    for module, keys in the_map():
        said = docstring(module)
        assert said, f"model/compile/{module}.py has no docstring"
        for key in keys:
            assert f"``{key}:``" in said, f"model/compile/{module}.py's docstring does not name ``{key}:``"


def test_the_public_names_stay_where_they_were():
    assert thunee_dsl.model.compile_ruleset is compile_ruleset
    limits = quantity_limits({"calling": {"amounts": [10, 20, 104]}, "players": {"seats": 4, "teams": 2}}, 6, 13, None)
    assert limits == {"target": 13, "call": 104, "bid": 0, "team_cards": 12}
