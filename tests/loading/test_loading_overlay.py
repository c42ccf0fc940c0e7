"""extends: overlays — merging, provenance, cycles, missing bases, validation of the chain."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from thunee_dsl.errors import Location
from thunee_dsl.loading import MAX_EXTENDS_DEPTH, load_ruleset_source, load_ruleset_text, registry

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "deck"],
    "properties": {
        "name": {"type": "string"},
        "aliases": {"type": "array", "items": {"type": "string"}},
        "extends": {"type": "string"},
        "deck": {"$ref": "#/$defs/deck"},
        "game": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "target": {"type": "integer"},
                "mode": {"enum": ["ring", "bell"]},
                "extras": {"type": "object"},
            },
        },
    },
    "$defs": {
        "deck": {
            "type": "object",
            "additionalProperties": False,
            "required": ["ranks", "points"],
            "properties": {
                "ranks": {"type": "array", "items": {"type": "string"}},
                "points": {"type": "object", "additionalProperties": {"type": "integer"}},
                "jokers": {"type": "integer"},
            },
        }
    },
}

BASE = """
name: base
deck:
  ranks: [J, "9", A, T, K, Q]
  points: {J: 30, "9": 20, A: 11}
  jokers: 0
game:
  target: 12
  mode: ring
"""


def load(path, **kwargs):
    return load_ruleset_source(path, schema=SCHEMA, **kwargs)


@pytest.fixture
def base(write) -> Path:
    return write("base.yaml", BASE)


def test_single_file_without_extends(base):
    merged = load(base)
    assert merged.name == "base"
    assert merged.files == (str(base),)
    assert merged.data["deck"]["jokers"] == 0
    assert merged.origin(("game", "mode")) == Location(str(base), 8, 9)
    assert merged.text == textwrap.dedent(BASE).lstrip("\n")


def test_two_level_chain_merge_replace_remove(base, write):
    top = write(
        "top.yaml",
        """
        extends: base.yaml
        name: top
        deck:
          ranks: [J, "9", A]
          points: {A: 12}
          jokers: null
        game:
          target: 13
        """,
    )
    merged = load(top)
    assert merged.name == "top"
    assert merged.files == (str(top), str(base))
    assert merged.data == {
        "name": "top",
        "deck": {"ranks": ["J", "9", "A"], "points": {"J": 30, "9": 20, "A": 12}},
        "game": {"target": 13, "mode": "ring"},
    }
    assert "extends" not in merged.data


def test_provenance_of_merged_values(base, write):
    top = write(
        "top.yaml",
        """
        extends: base.yaml
        deck:
          ranks: [J, "9", A]
          points: {A: 12}
        """,
    )
    merged = load(top)
    b, t = str(base), str(top)
    # overridden values point into the overlay
    assert merged.origin(("deck", "ranks")) == Location(t, 3, 10)
    assert merged.origin(("deck", "ranks", 2)) == Location(t, 3, 19)
    assert merged.origin(("deck", "points", "A")) == Location(t, 4, 15)
    # inherited values point into the base
    assert merged.origin(("name",)) == Location(b, 1, 7)
    assert merged.origin(("deck", "points", "J")) == Location(b, 4, 15)
    assert merged.origin(("deck", "jokers")) == Location(b, 5, 11)
    assert merged.origin(("game", "target")) == Location(b, 7, 11)
    # a mapping both files wrote: the top-most contributor
    assert merged.origin(("deck",)) == Location(t, 3, 3)
    assert merged.key_origin(("deck",)) == Location(t, 2, 1)
    assert merged.key_origin(("game",)) == Location(b, 6, 1)
    # paths that do not exist fall back to the nearest existing ancestor
    assert merged.origin(("deck", "ranks", 7)) == Location(t, 3, 10)
    assert merged.origin(("game", "nope", "deeper")) == Location(b, 7, 3)
    # the base's longer list left no trace
    assert merged.origin(("deck", "ranks", 5)) == Location(t, 3, 10)


def test_three_level_chain(base, write):
    write(
        "variants/mid.yaml",
        """
        extends: ../base.yaml
        name: mid
        deck:
          points: {K: 3}
        game:
          mode: bell
        """,
    )
    top = write(
        "variants/top.yaml",
        """
        extends: mid.yaml
        deck:
          points: {Q: 2}
        game:
          target: 20
        """,
    )
    merged = load(top)
    mid = top.parent / "mid.yaml"
    assert merged.files == (str(top), str(mid), str(base))
    assert merged.name == "top"  # the top file has no name: its stem
    assert merged.data["deck"]["points"] == {"J": 30, "9": 20, "A": 11, "K": 3, "Q": 2}
    assert merged.data["game"] == {"target": 20, "mode": "bell"}
    assert merged.origin(("deck", "points", "Q")) == Location(str(top), 3, 15)
    assert merged.origin(("deck", "points", "K")) == Location(str(mid), 4, 15)
    assert merged.origin(("deck", "points", "J")) == Location(str(base), 4, 15)
    assert merged.origin(("game", "mode")) == Location(str(mid), 6, 9)
    assert merged.origin(("game", "target")) == Location(str(top), 5, 11)
    assert merged.data["name"] == "mid"  # inherited data; MergedSource.name is the top's


def test_replace_then_merge_again_keeps_provenance_exact(base, write):
    write(
        "mid.yaml",
        """
        extends: base.yaml
        game: null
        """,
    )
    top = write(
        "top.yaml",
        """
        extends: mid.yaml
        game:
          mode: bell
          extras: {a: null, b: 1}
        """,
    )
    merged = load(top)
    assert merged.data["game"] == {"mode": "bell", "extras": {"b": 1}}  # no target: mid removed it
    assert merged.origin(("game", "mode")) == Location(str(top), 3, 9)
    assert merged.origin(("game", "extras", "b")) == Location(str(top), 4, 24)


def test_list_replaces_a_mapping_and_a_mapping_replaces_a_scalar(write):
    base = write("base.yaml", "name: b\ndeck: {ranks: [J], points: {J: 1}}\ngame: {extras: 5}\n")
    top = write("top.yaml", "extends: base.yaml\ngame: {extras: {x: 1}}\n")
    merged = load(top)
    assert merged.data["game"] == {"extras": {"x": 1}}
    assert merged.origin(("game", "extras", "x")) == Location(str(top), 2, 20)
    assert merged.origin(("deck", "points", "J")) == Location(str(base), 2, 32)


AROUND = "; one of them must extend a ruleset outside this circle"  # what to do about an extends cycle


def test_cycle(write, problems_of):
    a = write("a.yaml", "extends: b.yaml\nname: a\n")
    b = write("b.yaml", "extends: a.yaml\nname: b\n")
    assert problems_of(load, a) == [f"{b}:1:10: extends cycle: a.yaml -> b.yaml -> a.yaml{AROUND}"]


def test_longer_cycle_starting_midway(write, problems_of):
    top = write("top.yaml", "extends: a.yaml\n")
    write("a.yaml", "extends: ./b.yaml\n")
    b = write("b.yaml", "extends: a.yaml\n")
    assert problems_of(load, top) == [f"{b}:1:10: extends cycle: a.yaml -> b.yaml -> a.yaml{AROUND}"]


def test_self_cycle(write, problems_of):
    a = write("a.yaml", "name: a\nextends: a.yaml\n")
    assert problems_of(load, a) == [
        f"{a}:2:10: extends cycle: a.yaml extends itself; extend another ruleset (standard, say)"]


def test_missing_base(write, tmp_path, problems_of):
    top = write("top.yaml", "name: top\nextends: nope.yaml\n")
    assert problems_of(load, top) == [
        f"{top}:2:10: cannot find the base ruleset 'nope.yaml' (looked for {tmp_path / 'nope.yaml'})"
    ]


def test_extends_must_be_text(write, problems_of):
    top = write("top.yaml", "extends: [base.yaml]\n")
    assert problems_of(load, top) == [
        f"{top}:1:10: extends: expected a ruleset name or a file path, got a list"
    ]


def test_depth_limit(base, write, problems_of):
    write("l1.yaml", "extends: base.yaml\n")
    for i in range(2, MAX_EXTENDS_DEPTH + 1):
        write(f"l{i}.yaml", f"extends: l{i - 1}.yaml\n")
    ok = load(write("ok.yaml", f"extends: l{MAX_EXTENDS_DEPTH - 2}.yaml\n"))
    assert len(ok.files) == MAX_EXTENDS_DEPTH
    too_deep = write("deep.yaml", f"extends: l{MAX_EXTENDS_DEPTH - 1}.yaml\n")
    last = too_deep.parent / "l1.yaml"
    assert problems_of(load, too_deep) == [
        f"{last}:1:10: extends chain is too long (more than {MAX_EXTENDS_DEPTH} files)"
    ]


def test_yaml_error_in_the_base_is_located_in_the_base(write, problems_of):
    base = write("base.yaml", "name: b\ndeck: [J\n")
    top = write("top.yaml", "extends: base.yaml\n")
    assert problems_of(load, top) == [
        f"{base}:2:7: this '[' list is never closed (the text ended, or a new key began, before its closing ']')"
    ]


# --- validation of the chain -----------------------------------------------------------------------


def test_overlay_may_be_partial_and_root_is_checked_after_merging(write):
    write("base.yaml", "name: b\ndeck: {ranks: [J]}\n")  # the root lacks deck.points ...
    top = write("top.yaml", "extends: base.yaml\ndeck: {points: {J: 3}}\n")  # ... the overlay adds it
    assert load(top).data["deck"] == {"ranks": ["J"], "points": {"J": 3}}


def test_overlay_problems_are_located_in_the_overlay(base, write, problems_of):
    top = write(
        "top.yaml",
        """
        extends: base.yaml
        deck:
          points: {A: lots}
          wild: 1
        game:
          mode: bells
        """,
    )
    assert problems_of(load, top) == [
        f"{top}:3:15: deck.points.A: expected a whole number, got the text 'lots'",
        f"{top}:4:3: unknown key 'wild' in deck; expected one of: ranks, points, jokers",
        f"{top}:6:9: game.mode: 'bells' is not one of: ring, bell",
    ]


def test_inherited_problems_are_located_in_the_base(write, problems_of):
    base = write("base.yaml", "name: b\ndeck: {ranks: [J], points: {J: x}}\n")
    top = write("top.yaml", "extends: base.yaml\ngame: {target: 3}\n")
    assert problems_of(load, top) == [
        f"{base}:2:32: deck.points.J: expected a whole number, got the text 'x'"
    ]


def test_removing_a_required_key_is_reported_where_the_mapping_was_last_written(base, write, problems_of):
    top = write(
        "top.yaml",
        """
        extends: base.yaml
        deck:
          ranks: null
        """,
    )
    assert problems_of(load, top) == [f"{top}:3:3: deck: missing required key 'ranks'"]


def test_missing_required_key_in_the_whole_chain(write, problems_of):
    base = write("base.yaml", "name: b\n")
    top = write("top.yaml", "extends: base.yaml\ngame: {target: 1}\n")
    assert problems_of(load, top) == [f"{top}:1:1: missing required key 'deck'"]
    assert base.exists()


def test_problems_from_several_files_come_together(write, problems_of):
    base = write("base.yaml", "name: 1\ndeck: {ranks: [J], points: {}}\n")
    top = write("top.yaml", "extends: base.yaml\ngame: {mode: x}\n")
    assert problems_of(load, top) == [
        f"{base}:1:7: name: expected a string, got a whole number",
        f"{top}:2:14: game.mode: 'x' is not one of: ring, bell",
    ]


# --- shipped names -----------------------------------------------------------------------------------


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    folder = tmp_path / "shipped"
    folder.mkdir()
    (folder / "classic.yaml").write_text(
        "name: classic\naliases: [thunee, SA-Thunee]\n" + textwrap.dedent(BASE).split("\n", 2)[2],
        encoding="utf-8",
    )
    monkeypatch.setattr(registry, "rulesets_dir", lambda: folder)
    return folder


def test_extends_by_shipped_name(shipped, write):
    top = write("mine/house.yaml", "extends: classic\nname: house\ngame: {target: 13}\n")
    merged = load(top)
    assert merged.files == (str(top), str(shipped / "classic.yaml"))
    assert merged.data["game"] == {"target": 13, "mode": "ring"}
    assert merged.origin(("game", "mode")) == Location(str(shipped / "classic.yaml"), 9, 9)


def test_extends_by_alias_any_case(shipped, write):
    top = write("house.yaml", "extends: sa-THUNEE\n")
    assert load(top).files[1] == str(shipped / "classic.yaml")


def test_extends_unknown_shipped_name(shipped, write, problems_of):
    top = write("house.yaml", "name: house\nextends: clasic\n")
    assert problems_of(load, top) == [
        f"{top}:2:10: unknown ruleset 'clasic' (did you mean 'classic'?); known rulesets: classic"
    ]


def test_load_by_shipped_name(shipped):
    merged = load("Thunee")
    assert merged.name == "classic"
    assert merged.files == (str(shipped / "classic.yaml"),)


def test_search_folder_instead_of_the_registry(tmp_path, write):
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "x.yaml").write_text(textwrap.dedent(BASE).lstrip("\n"), encoding="utf-8")
    top = write("top.yaml", "extends: base\n")  # base.yaml's name is 'base'
    assert load(top, search=folder).files[1] == str(folder / "x.yaml")


# --- unsaved text ------------------------------------------------------------------------------------


def test_load_ruleset_text_resolves_relative_to_base_dir(base, tmp_path):
    merged = load_ruleset_text(
        "extends: base.yaml\ngame: {mode: bell}\n", base_dir=tmp_path, schema=SCHEMA
    )
    assert merged.files == ("<editor>", str(base))
    assert merged.name == "<editor>"
    assert merged.data["game"] == {"target": 12, "mode": "bell"}
    assert merged.origin(("game", "mode")) == Location("<editor>", 2, 14)
    assert merged.text == "extends: base.yaml\ngame: {mode: bell}\n"


def test_load_ruleset_text_problems_are_located_in_the_editor(base, tmp_path, problems_of):
    assert problems_of(
        load_ruleset_text, "extends: base.yaml\ngame: {mode: x}\n", "draft.yaml", tmp_path, schema=SCHEMA
    ) == ["draft.yaml:2:14: game.mode: 'x' is not one of: ring, bell"]


def test_load_ruleset_text_cycle_through_the_edited_file(write, tmp_path, problems_of):
    b = write("b.yaml", "extends: a.yaml\n")
    assert problems_of(
        load_ruleset_text, "extends: b.yaml\n", "a.yaml", tmp_path, schema=SCHEMA
    ) == [f"{b}:1:10: extends cycle: a.yaml -> b.yaml -> a.yaml{AROUND}"]


# --- merge semantics against a reference (RFC 7396 merge patch) --------------------------------------

from hypothesis import example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_KEYS = st.sampled_from(["a", "b", "c"])
_LEAVES = st.one_of(st.integers(-3, 3), st.sampled_from(["x", "y"]), st.booleans(), st.none())
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=2), st.dictionaries(_KEYS, inner, max_size=3)),
    max_leaves=8,
)
_DOCS = st.dictionaries(_KEYS, _VALUES, max_size=3)


def _merge_patch(target, patch):
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = _merge_patch(result.get(key), value)
    return result


def _leaves(value, path=()):
    if isinstance(value, dict) and value:
        for key, sub in value.items():
            yield from _leaves(sub, path + (key,))
    else:
        yield path


_ABSENT = object()


def _get(value, path):
    for part in path:
        if not isinstance(value, dict) or part not in value:
            return _ABSENT
        value = value[part]
    return value


@settings(max_examples=150, deadline=None)
@given(_DOCS, _DOCS, _DOCS)
@example({"a": None, "b": {"c": None}}, {"b": {"c": 1}}, {"a": [1], "b": None, "c": {"a": None}})
def test_merge_and_provenance_match_the_reference(tmp_path_factory, root, mid, top):
    import json

    folder = tmp_path_factory.mktemp("merge")
    files = {
        "root.yaml": root,
        "mid.yaml": {"extends": "root.yaml", **mid},
        "top.yaml": {"extends": "mid.yaml", **top},
    }
    for name, data in files.items():
        (folder / name).write_text(json.dumps(data, indent=1), encoding="utf-8")
    merged = load_ruleset_source(folder / "top.yaml", schema={})
    assert merged.data == _merge_patch(_merge_patch(root, mid), top)
    for path in _leaves(merged.data):
        if not path:
            continue
        winner = next(
            name
            for name, data in (("top.yaml", top), ("mid.yaml", mid), ("root.yaml", root))
            if _get(data, path) is not _ABSENT and (name == "root.yaml" or _get(data, path) is not None)
        )
        assert Path(merged.origin(path).file).name == winner, path


def test_json_files_are_paths_too(tmp_path, monkeypatch):
    (tmp_path / "base.json").write_text(
        '{"name": "j", "deck": {"ranks": ["J"], "points": {"J": 3}}}', encoding="utf-8"
    )
    (tmp_path / "top.yaml").write_text("extends: base.json\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert load("base.json").name == "j"
    assert load(tmp_path / "top.yaml").data["deck"]["points"] == {"J": 3}


def test_extending_a_shipped_ruleset_by_file_name_says_to_use_its_name(tmp_path):
    """``extends: standard.yaml`` looks for a file of the user's; the shipped one is named without '.yaml'."""
    from thunee_dsl import load_ruleset
    from thunee_dsl.errors import RulesetError
    top = tmp_path / "ours.yaml"
    top.write_text("name: ours\nextends: Standard.yaml\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(top)
    assert [str(p) for p in caught.value.problems] == [
        f"{top}:2:10: cannot find the base ruleset 'Standard.yaml' (looked for {tmp_path / 'Standard.yaml'}); "
        "a shipped ruleset is named without '.yaml': extends: standard"
    ]
    top.write_text("name: ours\nextends: nope.yaml\n", encoding="utf-8")  # no such shipped one: no hint
    with pytest.raises(RulesetError) as caught:
        load_ruleset(top)
    assert str(caught.value.problems[0]).endswith(f"(looked for {tmp_path / 'nope.yaml'})")


# --- extends: names only rulesets (issue: it read any file and showed its content) ----------------------


@pytest.mark.parametrize("ref", ["../../etc/passwd", "/etc/passwd", "/etc/hostname", "./notes.txt", "sub/base",
                                 "old/base.yaml.bak", "C:\\rules\\base"])
def test_extends_refuses_a_path_that_is_not_a_yaml_or_json_file(write, problems_of, ref):
    top = write("top.yaml", f"extends: '{ref}'\n")
    [problem] = problems_of(load_ruleset_source, top)
    assert problem.startswith(f"{top}:1:10: extends: name a ruleset (such as standard) or a ruleset file ending "
                              "in .yaml, .yml or .json;")
    assert ":0:0:" not in problem and "/bin/" not in problem  # /etc/passwd is never read, let alone shown


def test_a_yaml_file_that_is_not_a_ruleset_is_refused_without_showing_its_content(write, problems_of):
    write("compose.yaml", "services:\n  db: {image: hunter2, password: swordfish}\nversion: '3'\n")
    top = write("top.yaml", "extends: compose.yaml\nname: mine\n")
    [problem] = problems_of(load_ruleset_source, top)
    assert problem == (f"{top}:1:10: cannot use 'compose.yaml' as the base ruleset: it is not a ruleset: line 1 "
                       "of it has a key that no ruleset has")
    for secret in ("services", "hunter2", "swordfish", "version"):
        assert secret not in problem


def test_a_base_that_is_a_list_is_refused_without_showing_its_items(write, tmp_path, problems_of):
    write("list.yml", "- secret one\n- secret two\n")
    top = write("top.yaml", "extends: list.yml\n")
    assert problems_of(load_ruleset_source, top) == [
        f"{tmp_path / 'list.yml'}:1:1: the top level must be a mapping of 'key: value' lines, not a list"]


def test_a_base_with_a_misspelt_key_says_which_line_and_what_was_meant(write, problems_of):
    write("base.yaml", "name: base\nplayres: {seats: 4}\n")
    top = write("top.yaml", "extends: base.yaml\n")
    assert problems_of(load_ruleset_source, top) == [
        f"{top}:1:10: cannot use 'base.yaml' as the base ruleset: it is not a ruleset: line 2 of it has a key "
        "that no ruleset has (did you mean 'players'?)"]


def test_extends_paths_resolve_from_the_extending_files_folder_not_the_working_directory(
        write, tmp_path, monkeypatch):
    write("rules/base/standard-copy.yaml", (Path(registry.rulesets_dir()) / "standard.yaml").read_text("utf-8"))
    write("rules/house/mid.yaml", "extends: ../base/standard-copy.yaml\ngame: {target: 13}\n")
    top = write("rules/house/top.YML", "extends: mid.yaml\nname: top\n")
    monkeypatch.chdir(tmp_path)  # the working directory has none of these names
    merged = load_ruleset_source(top)
    assert merged.data["game"]["target"] == 13 and merged.data["players"]["seats"] == 4
    assert [Path(f).name for f in merged.files] == ["top.YML", "mid.yaml", "standard-copy.yaml"]
