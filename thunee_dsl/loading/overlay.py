"""``extends:`` overlays: load a chain of ruleset files, merge them, validate, keep provenance.

A ruleset file may start from another one::

    extends: classic            # a shipped ruleset (a bare word: no '/', no '.yaml'/'.yml'/'.json')
    extends: ../base.yaml       # a file, relative to the folder of the file that says it

Only those two forms are read: a path must end in ``.yaml``, ``.yml`` or ``.json`` (so that ``extends:``
cannot be used to read some other file, ``../../etc/passwd``), and a base file must be a ruleset (a
mapping of ruleset keys). A file that is not one is refused where ``extends:`` is written without
quoting anything of its content.

Merge rules (those of JSON Merge Patch, RFC 7396): mappings merge key by key, recursively; lists
and scalars replace; an overlay value of ``null`` removes the key (so a ``null`` inside an overlay
mapping never reaches the merged data). Chains are at most :data:`MAX_EXTENDS_DEPTH` files long
and may not loop.

Validation: every file of the chain except its root (the file without ``extends:``) is checked on
its own against the relaxed schema (``partial=True``: no ``required``); then the merged data is
checked against the full schema, each problem located at the file and line of the value that won.
All problems found are raised together.
"""

from __future__ import annotations

import dataclasses
import difflib
import errno
import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import Any

from thunee_dsl.errors import Location, Problem, RulesetError, visible

from . import registry
from .safe_yaml import MAX_BYTES, LocatedDoc, decode_text, load_yaml_file, load_yaml_text, value_at
from .schema import describe_value, invalid_paths, ruleset_schema, schema_problems
from .slips import reindent_words, structure_slip, swallowed_lines, trial_data

__all__ = ["MAX_EXTENDS_DEPTH", "MAX_NAME_LENGTH", "RULESET_SUFFIXES", "MergedSource", "load_ruleset_source",
           "load_ruleset_text", "reference_problem"]

MAX_EXTENDS_DEPTH = 16
"""Most files in one ``extends:`` chain (the top file included)."""

_MISSING = object()


@dataclass(frozen=True)
class MergedSource:
    """A ruleset's merged data and where every value of it came from.

    ``name``: the top file's ``name:`` if it has one, else the top file's stem. ``data``: the merged
    plain dict (no ``extends`` key). ``files``: the file names of the chain as used in locations,
    top file first (``"<editor>"`` or the given name for unsaved text). ``text``: the top file's text.
    """

    name: str
    data: dict
    files: tuple[str, ...]
    text: str = field(default="", repr=False)
    docs: tuple[LocatedDoc, ...] = field(default=(), repr=False, compare=False)
    # path -> doc that set the value at that path wholesale (applies to the whole subtree)
    tree_provenance: Mapping[tuple, LocatedDoc] = field(default_factory=dict, repr=False, compare=False)
    # path -> doc whose mapping was merged at exactly that path (the top-most contributor)
    node_provenance: Mapping[tuple, LocatedDoc] = field(default_factory=dict, repr=False, compare=False)
    # keep_going=True only: the schema's problems; ``data`` then lacks the values they are about
    problems: tuple[Problem, ...] = field(default=(), repr=False, compare=False)

    def _existing(self, path) -> tuple:
        """The longest prefix of ``path`` that exists in the merged data."""
        p: list = []
        node: Any = self.data
        for part in tuple(path):
            if isinstance(node, dict) and isinstance(part, str) and part in node:
                node = node[part]
            elif (
                isinstance(node, list)
                and isinstance(part, int)
                and not isinstance(part, bool)
                and 0 <= part < len(node)
            ):
                node = node[part]
            else:
                break
            p.append(part)
        return tuple(p)

    def _owner(self, p: tuple) -> LocatedDoc | None:
        doc = self.node_provenance.get(p)
        if doc is not None:
            return doc
        q = p
        while True:
            doc = self.tree_provenance.get(q)
            if doc is not None:
                return doc
            if not q:
                return self.docs[0] if self.docs else None
            q = q[:-1]

    def origin(self, path=()) -> Location:
        """Where the value at ``path`` of the merged data was written (the file that won).

        Paths that do not exist fall back to their nearest existing ancestor.
        """
        p = self._existing(path)
        doc = self._owner(p)
        if doc is None:
            return Location(self.files[0] if self.files else "<unknown>")
        return doc.location(p)

    def key_origin(self, path) -> Location:
        """Where the mapping key at the end of ``path`` was written (the file that won)."""
        p = self._existing(path)
        doc = self._owner(p)
        if doc is None:
            return Location(self.files[0] if self.files else "<unknown>")
        return doc.key_location(p)

    # A MergedSource can stand where a LocatedDoc is expected (e.g. by ``schema_problems``).
    def location(self, path=()) -> Location:
        """Same as :meth:`origin`."""
        return self.origin(path)

    def key_location(self, path) -> Location:
        """Same as :meth:`key_origin`."""
        return self.key_origin(path)


# --- helpers -------------------------------------------------------------------------------------


def _without_nulls(value: Any) -> Any:
    """Drop null-valued mapping keys, recursively through mappings (lists are left alone)."""
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    return value


RULESET_SUFFIXES = (".yaml", ".yml", ".json")
"""The endings of the file names ``extends:`` (and a transcript's ``ruleset:``) may name."""


def _is_shipped_name(ref: str) -> bool:
    return "/" not in ref and "\\" not in ref and not ref.lower().endswith(RULESET_SUFFIXES)


def _shipped_hint(ref: str) -> str:
    """When a missing file's stem names a shipped ruleset (``extends: standard.yaml``): how to name it."""
    stem = Path(ref.replace("\\", "/")).stem
    if "/" in ref or "\\" in ref or ref == stem:
        return ""
    names = {name.lower(): name for name in registry.shipped_rulesets()}
    if stem.lower() not in names:
        return ""
    return f"; a shipped ruleset is named without '.yaml': extends: {names[stem.lower()]}"


def _identity(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop (RuntimeError before Python 3.13), odd names
        return Path(os.path.abspath(path))


MAX_NAME_LENGTH = 255
"""Longest file or folder name in an ``extends:`` path (what common file systems allow)."""


def reference_problem(ref: str) -> str | None:
    """Why ``ref`` (an ``extends:`` or transcript ``ruleset:`` value) cannot name a file, or None."""
    bad = next((c for c in ref if ord(c) < 32 or ord(c) == 127), None)
    if bad is not None:
        return f"a ruleset name or file path cannot contain the control character U+{ord(bad):04X}"
    longest = max((part for part in ref.replace("\\", "/").split("/")), key=len)
    if len(longest.encode("utf-8", "surrogatepass")) > MAX_NAME_LENGTH:
        return f"a file name is at most {MAX_NAME_LENGTH} characters long; '{longest[:20]}...' has {len(longest)}"
    if not _is_shipped_name(ref) and not ref.lower().endswith(RULESET_SUFFIXES):
        return ("name a ruleset (such as standard) or a ruleset file ending in .yaml, .yml or .json; "
                f"'{visible(ref if len(ref) <= 60 else ref[:57] + '...')}' is neither")
    return None


def _not_a_ruleset(doc: LocatedDoc, schema: dict | None = None) -> str | None:
    """Why a base file is not a ruleset (without quoting its content), or None.

    A ruleset (or an overlay) is a mapping (``load_yaml_file`` refuses anything else) whose top-level
    keys are all keys a ruleset has. Anything else is most likely some other file named by mistake (or on purpose): its text is not shown.
    """
    given = schema.get("properties") if schema is not None else _top_level_keys()
    if not given:  # a schema (of a test) that names no keys: any mapping will do
        return None
    known = set(given) | {"extends"}
    for key in doc.data:
        if key not in known:
            where = doc.key_location((key,))
            line = f"line {where.line} of it" if where.line > 0 else "it"
            close = difflib.get_close_matches(str(key), sorted(known), n=1, cutoff=0.75)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            return f"it is not a ruleset: {line} has a key that no ruleset has{hint}"
    return None


def _not_a_ruleset_file(doc: LocatedDoc, schema: dict | None = None) -> str | None:
    """Why a file named as a ruleset (on the command line, by a transcript's ``ruleset:``) is some other YAML file,
    or None: it extends nothing and most of its top-level keys are keys no ruleset has. Its keys are not quoted (it may be anything: a
    transcript, a compose file, a secret); a ruleset with a few mistyped keys still gets a message for each."""
    given = schema.get("properties") if schema is not None else _top_level_keys()
    if not given or not doc.data or "extends" in doc.data:  # an overlay: each unknown key is its own mistake
        return None
    foreign = [key for key in doc.data if key not in given and key != "extends"]
    if 2 * len(foreign) <= len(doc.data):
        return None
    required = (schema if schema is not None else ruleset_schema()).get("required", [])
    needs = f"{', '.join(required[:-1])} and {required[-1]}" if len(required) > 1 else "".join(required)
    looks = " (it looks like a game's transcript: thunee-dsl replay reads those)" if {"ruleset", "deals"} <= set(
        doc.data) else ""
    # a ruleset begun with mistyped keys still hears which (said by the key it is close to, not quoted)
    close = [(doc.key_location((key,)).line, match[0]) for key in foreign
             if (match := difflib.get_close_matches(str(key), sorted(given), n=1, cutoff=0.75))]
    hints = "".join(f"; line {line} is close to '{known}'" for line, known in close[:3])
    return (f"{Path(doc.filename).name} is not a ruleset{looks}: {len(foreign)} of its {len(doc.data)} top-level keys "
            f"are keys no ruleset has{hints}. A ruleset file has {needs}, or 'extends:' a ruleset (such as standard) "
            "and what it changes")


@functools.cache
def _top_level_keys() -> tuple[str, ...]:
    return tuple(ruleset_schema().get("properties", {}))


def _is_readable_file(target: Path, where: Location, ref: str) -> bool:
    """Does ``target`` exist as a file? Problems of the file system become located problems."""
    try:
        if target.is_file():
            return True
        if target.is_symlink():
            target.resolve(strict=True)  # raises for a link that loops (or points nowhere)
        return False
    except (OSError, RuntimeError, ValueError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        if isinstance(err, RuntimeError) or getattr(err, "errno", None) == errno.ELOOP:
            reason = "its symbolic links go round in a loop"
        raise RulesetError([Problem(where, f"cannot read the base ruleset '{ref}': {reason}")]) from None


@dataclass
class _Link:
    doc: LocatedDoc
    identity: Path | None  # resolved path, for cycle detection
    folder: Path  # where relative ``extends:`` paths are resolved


def _extends_of(doc: LocatedDoc) -> tuple[str | None, list[Problem]]:
    ref = doc.data.get("extends", _MISSING)
    if ref is _MISSING or ref is None:
        return None, []
    where = doc.location(("extends",))
    if isinstance(ref, int) and not isinstance(ref, bool):  # 'extends: 304': YAML reads a ruleset named 304 as a number
        ref = str(ref)
    if not isinstance(ref, str) or not ref.strip():
        got = "an empty string" if isinstance(ref, str) else describe_value(ref)
        return None, [
            Problem(where, f"extends: expected a ruleset name or a file path, got {got}")
        ]
    return ref.strip(), []


def _resolve_chain(top: _Link, search, schema: dict | None = None) -> list[_Link]:
    chain = [top]
    while True:
        link = chain[-1]
        ref, problems = _extends_of(link.doc)
        if problems:
            raise RulesetError(problems)
        if ref is None:
            return chain
        where = link.doc.location(("extends",))
        refused = reference_problem(ref)
        if refused:
            raise RulesetError([Problem(where, f"extends: {refused}")])
        if _is_shipped_name(ref):
            target = registry.find_ruleset(ref, directory=search, where=where)
        else:
            target = Path(os.path.normpath(link.folder / ref))
        identity = _identity(target)
        names = [Path(c.doc.filename).name for c in chain]
        identities = [c.identity for c in chain]
        if identity in identities:  # before the existence check: the editor's file may be unsaved
            start = identities.index(identity)
            loop = names[start:] + [names[start]]
            # in words a card player can act on: which file to change, and to what
            said = (f"{loop[0]} extends itself; extend another ruleset (standard, say)" if len(loop) == 2 else
                    " -> ".join(loop) + "; one of them must extend a ruleset outside this circle")
            raise RulesetError([Problem(where, "extends cycle: " + said)])
        if not _is_readable_file(target, where, ref):
            raise RulesetError(
                [Problem(where, f"cannot find the base ruleset '{ref}' (looked for {target})" + _shipped_hint(ref))]
            )
        if len(chain) >= MAX_EXTENDS_DEPTH:
            raise RulesetError(
                [Problem(where, f"extends chain is too long (more than {MAX_EXTENDS_DEPTH} files)")]
            )
        try:
            doc = load_yaml_file(target)
        except RulesetError as err:  # the base cannot be read at all: say so where it is named, too
            if all(p.location.line <= 0 for p in err.problems):
                raise RulesetError([Problem(where, f"cannot read the base ruleset '{ref}': {p.message}")
                                    for p in err.problems]) from None
            raise
        refused = _not_a_ruleset(doc, schema)
        if refused:
            raise RulesetError([Problem(where, f"cannot use '{ref}' as the base ruleset: {refused}")])
        chain.append(_Link(doc=doc, identity=identity, folder=target.parent))


class _Merger:
    def __init__(self, root: LocatedDoc):
        self.tree: dict[tuple, LocatedDoc] = {(): root}
        self.nodes: dict[tuple, LocatedDoc] = {}

    def _drop(self, path: tuple) -> None:
        n = len(path)
        for table in (self.tree, self.nodes):
            for p in [p for p in table if p[:n] == path]:
                del table[p]

    def merge(self, base: dict, over: dict, path: tuple, doc: LocatedDoc) -> dict:
        self.nodes[path] = doc
        result = dict(base)
        for key, value in over.items():
            p = path + (key,)
            # provenance below a key exists only where the base has the key (else there is nothing to drop,
            # and looking would cost a pass over every path for every new key)
            inherited = key in result
            if value is None:
                result.pop(key, None)
                if inherited:
                    self._drop(p)
            elif isinstance(value, dict):
                old = result.get(key)
                if not isinstance(old, dict):
                    if inherited:
                        self._drop(p)
                    old = {}
                result[key] = self.merge(old, value, p, doc)
            else:
                if inherited:
                    self._drop(p)
                self.tree[p] = doc
                result[key] = value
        return result


def _strip_extends(doc: LocatedDoc) -> LocatedDoc:
    data = {k: v for k, v in doc.data.items() if k != "extends"}
    return dataclasses.replace(doc, data=data)


def _without_paths(data: dict, paths: list[tuple]) -> dict:
    """A copy of ``data`` without the mapping keys at ``paths`` (copying only what changes)."""
    data = dict(data)
    for path in paths:
        node = data
        for part in path[:-1]:
            child = node.get(part) if isinstance(node, dict) else (
                node[part] if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node) else None)
            if not isinstance(child, (dict, list)):
                break
            child = dict(child) if isinstance(child, dict) else list(child)
            node[part] = child
            node = child
        else:
            if isinstance(node, dict):
                node.pop(path[-1], None)
    return data


def _value_at(data: Any, path: tuple) -> Any:
    return value_at(data, path, _MISSING)


def _with_base_values(data: dict, paths: list[tuple], bases: list[dict]) -> dict:
    """``data`` with the value at each path (mapping keys only) taken from the first base that has one."""
    patches = {}
    for path in paths:
        if all(isinstance(part, str) for part in path):
            value = next((v for v in (_value_at(b, path) for b in bases) if v is not _MISSING), _MISSING)
            if value is not _MISSING:
                patches[path] = value
    if not patches:
        return data
    data = _without_paths(data, [])  # a copy of the top level
    for path, value in patches.items():
        node = data
        for part in path[:-1]:
            child = node.get(part)
            if not isinstance(child, dict):
                break
            node[part] = node = dict(child)
        else:
            node[path[-1]] = value
    return data


def _emptied(problems: list[Problem], overlays: list[LocatedDoc], top: LocatedDoc) -> list[Problem]:
    """``missing required key 'game'`` where an overlay's ``game:`` has nothing under it (its lines not
    indented: a card player's slip, or the "null removes" rule unknown): said at that key, and why. An
    ``extends:`` with nothing after it made the text a whole ruleset, missing every section: said once."""
    if not overlays and isinstance(top.data, dict) and "extends" in top.data and top.data["extends"] is None:
        rest = [p for p in problems if not p.message.startswith("missing required key '")]
        if len(rest) < len(problems):
            return [Problem(top.key_location(("extends",)), "'extends:' names no ruleset: write the rules your "
                            "variant builds on after it (for example 'extends: standard')"), *rest]
    out = []
    for problem in problems:
        key = problem.message.removeprefix("missing required key '")[:-1] \
            if problem.message.startswith("missing required key '") and problem.message.endswith("'") else None
        doc = next((d for d in overlays if key is not None and isinstance(d.data, dict) and key in d.data
                    and d.data[key] is None), None)
        if doc is None:
            out.append(problem)
            continue
        out.append(Problem(doc.key_location((key,)), f"'{key}:' has nothing under it, which takes '{key}' out of the "
                           f"rules (it is needed): indent the lines that belong under it by two spaces, or delete "
                           f"the '{key}:' line"))
    return out


def _build(top: _Link, *, search, schema: dict | None, keep_going: bool = False) -> MergedSource:
    misspelt = _misspelt_extends(top.doc)
    if misspelt is not None:
        raise RulesetError(misspelt + _overlay_problems(top.doc, schema, without=misspelt[0]))
    try:
        merged, problems, quiet = _check(top, search=search, schema=schema)
    except RulesetError as err:
        # a bad extends: said first, and the rest of the file checked as the overlay it is (it was all hidden)
        said = set(err.problems)
        raise RulesetError([*err.problems, *(p for p in _overlay_problems(top.doc, schema) if p not in said)]) from None
    if (problems or quiet) and top.doc.text:
        merged, problems = _moved_line(top, merged, problems, quiet, search=search, schema=schema)
    if problems and keep_going:
        # the rest of the ruleset is still checked (formulas, semantics): a value refused is replaced
        # by the one its base file gives, if that one is good, else left out
        data = merged.data
        refused = invalid_paths(data, schema=schema)
        bases = [doc.data for doc in merged.docs[1:]]
        patched = _with_base_values(data, refused, bases)
        pruned = _without_paths(patched, invalid_paths(patched, schema=schema)) if patched is not data else \
            _without_paths(data, refused)
        return dataclasses.replace(merged, data=pruned, problems=tuple(dict.fromkeys(problems)))
    if problems:
        unique = list(dict.fromkeys(problems))
        raise RulesetError(unique)
    return merged


def _overlay_problems(doc: LocatedDoc, schema: dict | None, without: Problem | None = None) -> list[Problem]:
    """The schema's problems of one file checked on its own, as an overlay (no key is required)."""
    data = {k: v for k, v in doc.data.items() if k != "extends"} if isinstance(doc.data, dict) else {}
    if without is not None:  # (the misspelt 'extends:' key, already said)
        data = {k: v for k, v in data.items() if doc.key_location((k,)) != without.location}
    return schema_problems(dataclasses.replace(doc, data=_without_nulls(data)), partial=True, schema=schema)


def _misspelt_extends(doc: LocatedDoc) -> list[Problem] | None:
    """``extnds: standard``: a file without ``extends:`` whose unknown top-level key is spelt almost like it, with
    a ruleset's name or file after it. Without it the file is checked as a whole ruleset, missing every section:
    said as the slip it is (the rest is then checked as the overlay it was meant to be), else None."""
    if not isinstance(doc.data, dict) or "extends" in doc.data:
        return None
    known = set(_top_level_keys())
    for key, value in doc.data.items():
        if key in known or not isinstance(value, str) or not value.strip():
            continue
        if difflib.get_close_matches(str(key).lower(), ["extends"], n=1, cutoff=0.7):
            return [Problem(doc.key_location((key,)), f"'{visible(str(key))}:' is not a key a ruleset has: did you mean "
                            f"'extends: {visible(value.strip())}'? (without 'extends:' this file would have to hold "
                            "every rule of a game itself)")]
    return None


def _moved_line(top: _Link, merged: MergedSource, problems: list[Problem], quiet: list[Problem], *, search,
                schema: dict | None) -> tuple[MergedSource, list[Problem]]:
    """A line of the top file that moved left or right and still reads, as something else (``balls:`` one level
    left became an undertaking lacking a verb): the problems its moving explains said as one, at that line, and
    the rest of the checking done on the text as it was meant (else its follow-on problems would come too)."""
    if any(_ALREADY_SAID in p.message for p in problems for _ALREADY_SAID in _INDENT_WORDS):
        return merged, problems  # (an empty section, a section's key at the top level: said already)
    doc = top.doc
    tried: dict[str, tuple[MergedSource, list[Problem], list[Problem]] | None] = {}
    bases = _resolve_chain(top, search, schema)[1:]  # (read once: a moved line that keeps 'extends:' keeps them)

    def recheck(text: str) -> list[Problem] | None:
        fixed = trial_data(text, doc.filename)
        if fixed is None:
            tried[text] = None
            return None
        try:
            same = fixed.data.get("extends") == doc.data.get("extends")
            got = _check(dataclasses.replace(top, doc=fixed), search=search, schema=schema,
                         bases=bases if same else None)
        except RulesetError:
            tried[text] = None
            return None
        tried[text] = got
        return got[1] + got[2]

    found = structure_slip(doc.text, doc.filename, problems + quiet, recheck)
    if found is None:
        return merged, problems
    line, indent, explained = found
    lines = doc.text.split("\n")
    fixed_text = "\n".join(lines[:line] + [" " * indent + lines[line].lstrip(" \t")] + lines[line + 1:])
    fixed, left, _ = tried[fixed_text]
    slip = Problem(Location(doc.filename, line + 1, 1), reindent_words(lines, line, indent))
    # the data checked on is the mended text's (same lines), the text is the user's
    return dataclasses.replace(fixed, text=merged.text), [slip, *left]


# what the loader says already of an indentation slip (an empty section; a section's key at the top level)
_INDENT_WORDS = ("has nothing under it", "it belongs under '")


def _check(top: _Link, *, search, schema: dict | None, bases: list[_Link] | None = None
           ) -> tuple[MergedSource, list[Problem], list[Problem]]:
    """The chain resolved (or ``top`` on ``bases`` already read) and merged, and the schema's problems of it (a
    bad chain raises)."""
    chain = [top, *bases] if bases is not None else _resolve_chain(top, search, schema)
    docs = [_strip_extends(link.doc) for link in chain]  # top first
    problems: list[Problem] = []
    for doc in docs[:-1]:  # every overlay; the root is checked after merging
        partial_doc = dataclasses.replace(doc, data=_without_nulls(doc.data))
        problems += schema_problems(partial_doc, partial=True, schema=schema)

    root = docs[-1]
    merger = _Merger(root)
    data = root.data
    for doc in reversed(docs[:-1]):
        data = merger.merge(data, doc.data, (), doc)

    top_doc = docs[0]
    raw_name = top_doc.data.get("name")
    name = raw_name.strip() if isinstance(raw_name, str) and raw_name.strip() else Path(top_doc.filename).stem
    merged = MergedSource(
        name=name,
        data=data,
        files=tuple(doc.filename for doc in docs),
        text=top_doc.text,
        docs=tuple(docs),
        tree_provenance=merger.tree,
        node_provenance=merger.nodes,
    )
    problems += _emptied(schema_problems(merged, schema=schema), docs[:-1], chain[0].doc)
    problems += swallowed_lines(chain[0].doc, _every_key(schema))
    # a null that takes out nothing is allowed (RFC 7396), but may be a line that moved: said only as that
    return merged, problems, _removes_nothing(chain[0].doc, docs[1:])


def _removes_nothing(doc: LocatedDoc, bases: list[LocatedDoc]) -> list[Problem]:
    """``key: null`` inside a section of an overlay, where no base has that key: it takes nothing out, and most
    likely moved right under the section above (``cancellation: null`` read as ``undertakings.cancellation``)."""
    if not bases or not isinstance(doc.data, dict):
        return []
    found = []
    stack: list[tuple[tuple, dict]] = [((), {k: v for k, v in doc.data.items() if k != "extends"})]
    while stack:
        path, value = stack.pop()
        for key, item in value.items():
            here = path + (key,)
            if isinstance(item, dict):
                stack.append((here, item))
            elif item is None and all(value_at(base.data, here, _MISSING) is _MISSING for base in bases):
                found.append(Problem(doc.key_location(here), f"'{key}: null' takes '{'.'.join(here)}' out of the "
                                     f"rules, but the rules it builds on have no '{'.'.join(here)}': it changes "
                                     "nothing (check its indentation: it may belong under another heading)"))
    return sorted(found, key=lambda p: p.location)


def _every_key(schema: dict | None) -> frozenset[str]:
    """Every key a ruleset may write, at any depth (the names under ``properties`` of the schema)."""
    if schema is None:
        return _shipped_keys()
    found: set[str] = set()
    stack: list = [schema]
    while stack:
        here = stack.pop()
        if isinstance(here, dict):
            if isinstance(here.get("properties"), dict):
                found.update(here["properties"])
            stack.extend(here.values())
        elif isinstance(here, list):
            stack.extend(here)
    return frozenset(found)


@functools.cache
def _shipped_keys() -> frozenset[str]:
    return _every_key(ruleset_schema())


def _looks_like_path(name_or_path) -> bool:
    if isinstance(name_or_path, PathLike):
        return True
    return not _is_shipped_name(str(name_or_path))


def load_ruleset_source(
    name_or_path: str | PathLike,
    *,
    search: str | PathLike | None = None,
    schema: dict | None = None,
    keep_going: bool = False,
) -> MergedSource:
    """Load a ruleset by shipped name/alias or file path, resolving ``extends:``; validate; merge.

    ``search``: a folder to find shipped names in instead of :func:`registry.rulesets_dir`.
    ``schema``: a schema dict to validate against instead of the shipped one (tests).
    Raises :class:`RulesetError` with every located problem found. With ``keep_going``, schema
    problems are not raised but kept in ``problems`` of the result (whose data then lacks the values
    refused), so that compiling it reports them together with the formula and semantic problems.
    """
    if not isinstance(name_or_path, (str, PathLike)):  # a caller's mistake, said as such
        raise TypeError(f"a ruleset is named by its name or a file path (str or Path), not "
                        f"{type(name_or_path).__name__}")
    if _looks_like_path(name_or_path):
        path = Path(name_or_path)
    else:
        path = registry.find_ruleset(str(name_or_path), directory=search)
    doc = load_yaml_file(path)
    refused = _not_a_ruleset_file(doc, schema)
    if refused:  # said of the whole file: a transcript says it where its ruleset: names the file
        raise RulesetError([Problem(Location(str(path)), refused)])
    top = _Link(doc=doc, identity=_identity(path), folder=path.parent)
    return _build(top, search=search, schema=schema, keep_going=keep_going)


def load_ruleset_text(
    text: str,
    filename: str = "<editor>",
    base_dir: str | PathLike | None = None,
    *,
    search: str | PathLike | None = None,
    schema: dict | None = None,
    keep_going: bool = False,
) -> MergedSource:
    """Like :func:`load_ruleset_source` for unsaved text (the app's editor).

    Relative ``extends:`` paths are resolved from ``base_dir`` (default: the folder of
    ``filename``, i.e. the working directory for ``"<editor>"``).
    """
    if isinstance(filename, PathLike):
        filename = str(filename)
    if isinstance(text, (bytes, bytearray)):  # a file's bytes, as an upload gives them: read as a file is
        text = decode_text(bytes(text[:MAX_BYTES + 1]), str(filename))
    if not isinstance(text, str) or not isinstance(filename, str):
        raise TypeError(f"a ruleset's text and file name are str, not {type(text).__name__} and "
                        f"{type(filename).__name__}")
    doc = load_yaml_text(text, filename)
    folder = Path(base_dir) if base_dir is not None else Path(filename).parent
    identity = _identity(folder / Path(filename).name)
    top = _Link(doc=doc, identity=identity, folder=folder)
    return _build(top, search=search, schema=schema, keep_going=keep_going)
