"""Safe YAML loading with line/column marks.

A ruleset is untrusted text (a user may paste one into the app), so this loader is stricter than
``yaml.safe_load``:

* anchors and aliases are refused (``safe_load`` expands them lazily: a few hundred bytes of the
  "billion laughs" pattern become 10^9 nodes as soon as anything walks the data);
* merge keys ``<<`` are refused;
* explicit tags are refused except the standard ``!!str``, ``!!int``, ``!!float``, ``!!bool``,
  ``!!null``, ``!!seq`` and ``!!map``;
* duplicate mapping keys are refused;
* the input is capped at :data:`MAX_BYTES`, :data:`MAX_NODES` values and nesting at :data:`MAX_DEPTH` levels;
* plain scalars are typed the YAML 1.2 way: only ``true``/``false`` (any case) are booleans, so
  ``no``, ``yes``, ``on``, ``off``, ``y``, ``n`` stay strings; ``null`` (any case), ``~`` and an empty
  value are ``None``; decimal integers are ints; decimal floats are floats; everything else
  (``T``, ``J``, ``10H``, ``0x1F``, ``2024-01-01``, ``.inf``) stays the string as written.
  Quoted scalars are always strings.
* mapping keys are always strings: the key as written (``9: 14`` gives the key ``"9"``), so the data
  is JSON-shaped; a list or mapping used as a key is refused.
* names hold no invisible character (a zero-width space, a no-break space, a right-to-left mark ...,
  see :func:`~thunee_dsl.errors.is_invisible`): not in a mapping key (a rule's or a team value's name), nor
  in the value of a key in :data:`NAME_KEYS` or an item of a list in :data:`NAME_LISTS`. Such a name
  looks like another and is not it; pasted text brings them. Free text (a summary, a source) may hold them.

Every failure is a :class:`~thunee_dsl.errors.RulesetError` carrying located problems, never a
traceback.

Locations: :class:`LocatedDoc` keeps two maps keyed by *path tuples* (mapping keys and list
indexes, e.g. ``("deck", "ranks", 2)``): ``locations`` gives where each *value* node starts and
``key_locations`` gives where the mapping *key* of that path is written (only for paths that end
in a mapping key). Lines and columns are 1-based.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent, CollectionStartEvent, ScalarEvent
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from thunee_dsl.errors import Location, Problem, RulesetError, character_name, first_invisible, is_invisible, visible

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_NUMBER",
    "LocatedDoc",
    "RulesetLoader",
    "decode_text",
    "size_words",
    "too_large",
    "load_yaml_text",
    "load_yaml_file",
]

MAX_BYTES = 1024 * 1024
"""Largest ruleset file accepted, in bytes (UTF-8): 1 MB, the smallest upload limit Streamlit's file box can state
(it counts whole megabytes), so that the app's upload box and every message say the same number."""

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings accepted."""

MAX_NODES = 20_000
"""Most values (scalars, lists and mappings, keys included) in one file: a ruleset holds a few hundred and the
transcript of a whole game a few thousand; 500 KB of one-character list items would hold 250,000, each costing
the parser, the schema and the messages their time."""

MAX_NUMBER = 1_000_000_000
"""Largest number (either sign) a ruleset or transcript may write; formulas keep to it too."""


NAME_KEYS = frozenset({"name", "title", "verb", "called_as", "challenge"})
"""Keys whose values are names a player reads or types (the ruleset's, a rule's, a call's)."""

NAME_LISTS = frozenset({"aliases", "suits", "ranks"})
"""Keys whose list items are names (other names of a ruleset, the suits and ranks of the cards)."""


def _too_large(value: str) -> str:
    shown = value if len(value) <= 20 else f"{value[:12]}... ({len(value)} characters)"
    return f"number {shown} is too large (the limit is {MAX_NUMBER:,})"


_YAML = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_YAML + t for t in ("str", "int", "float", "bool", "null"))
_SEQ, _MAP = _YAML + "seq", _YAML + "map"
_SCALAR_TAGS = frozenset({_STR, _INT, _FLOAT, _BOOL, _NULL})
_ALLOWED_TAGS = _SCALAR_TAGS | {_SEQ, _MAP}

_INT_RE = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT_RE = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_BOOL_RE = re.compile(r"(?:true|false)\Z", re.IGNORECASE)
_NULL_RE = re.compile(r"(?:~|null|)\Z", re.IGNORECASE)


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_YAML) :] if tag.startswith(_YAML) else tag


class _Refused(yaml.MarkedYAMLError):
    """A construct this loader refuses; handled like any other located YAML error."""

    def __init__(self, mark, message: str):
        super().__init__(problem=message, problem_mark=mark)


class RulesetLoader(yaml.SafeLoader):
    """``SafeLoader`` that refuses anchors, aliases, foreign tags and deep nesting.

    Only meant for ``yaml.compose``: the nodes are turned into data by :func:`load_yaml_text`,
    not by PyYAML's constructors. Plain scalars resolve with YAML 1.2 core rules (see the module
    docstring).
    """

    # Replace (not extend) the YAML 1.1 implicit resolvers of SafeLoader.
    yaml_implicit_resolvers: dict = {}

    def __init__(self, stream):
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise _Refused(event.start_mark, f"the file holds more than {MAX_NODES:,} values (a ruleset holds a few "
                                             "hundred): remove what was pasted or added by mistake")
        if isinstance(event, AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _Refused(event.start_mark, "anchors and aliases are not allowed in rulesets")
        tag = getattr(event, "tag", None)
        if tag is not None and tag not in _ALLOWED_TAGS:
            raise _Refused(event.start_mark, f"tag '{_short_tag(tag)}' is not allowed in rulesets")
        if tag is not None:
            is_scalar = isinstance(event, ScalarEvent)
            fits = (tag in _SCALAR_TAGS) if is_scalar else (
                tag == (_SEQ if isinstance(event, yaml.SequenceStartEvent) else _MAP)
            )
            if not fits:
                raise _Refused(event.start_mark, f"tag '{_short_tag(tag)}' does not fit this value")
        if isinstance(event, CollectionStartEvent):
            if self._depth >= MAX_DEPTH:
                raise _Refused(
                    event.start_mark, f"nesting is too deep (more than {MAX_DEPTH} levels)"
                )
            self._depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1
        return super().compose_node(parent, index)


RulesetLoader.add_implicit_resolver(_BOOL, _BOOL_RE, list("tTfF"))
RulesetLoader.add_implicit_resolver(_NULL, _NULL_RE, ["~", "n", "N", ""])
RulesetLoader.add_implicit_resolver(_INT, _INT_RE, list("-+0123456789"))
RulesetLoader.add_implicit_resolver(_FLOAT, _FLOAT_RE, list("-+.0123456789"))


@dataclass(frozen=True)
class LocatedDoc:
    """Plain data read from one YAML file plus where each value and key is written.

    ``locations`` maps a path tuple to the :class:`Location` of the value node at that path;
    ``key_locations`` maps a path tuple ending in a mapping key to the location of that key.
    ``text`` is the source text.
    """

    data: Any
    filename: str
    locations: Mapping[tuple, Location] = field(default_factory=dict, repr=False, compare=False)
    key_locations: Mapping[tuple, Location] = field(default_factory=dict, repr=False, compare=False)
    text: str = field(default="", repr=False, compare=False)

    def location(self, path=()) -> Location:
        """Where the value at ``path`` is; falls back to the nearest ancestor that has a location."""
        p = tuple(path)
        while True:
            loc = self.locations.get(p)
            if loc is not None:
                return loc
            if not p:
                return Location(self.filename)
            p = p[:-1]

    def key_location(self, path) -> Location:
        """Where the mapping key of the last element of ``path`` is written.

        Falls back to :meth:`location` (list items and the top level have no key).
        """
        p = tuple(path)
        loc = self.key_locations.get(p)
        return loc if loc is not None else self.location(p)


def _past_the_limit(filename: str, raw: bytes) -> Location:
    """Where a file goes past :data:`MAX_BYTES`: the line and column of its first byte too many."""
    head = raw[:MAX_BYTES]
    line_start = head.rfind(b"\n") + 1
    column = len(head[line_start:].decode("utf-8", errors="replace")) + 1
    return Location(filename, head.count(b"\n") + 1, column)


def size_words(size: int) -> str:
    """A size as a message gives it: ``1 MB (1,048,576 bytes)``, ``600 KB (614,400 bytes)``, ``900 bytes``."""
    if size >= 1024 * 1024:
        short = f"{size / (1024 * 1024):.1f}".removesuffix(".0") + " MB"
    elif size >= 1024:
        short = f"{size / 1024:.0f} KB"
    else:
        return f"{size:,} bytes"
    return f"{short} ({size:,} bytes)"


def too_large(size: int | None, what: str = "file", here: bool = False) -> str:
    """Why a file or text over :data:`MAX_BYTES` is refused: how big it is and what the limit is. ``size``: None
    when not known (a stream); ``here``: the problem is located where the limit is reached."""
    said = f"{size:,} bytes" if size is not None else f"more than {MAX_BYTES:,} bytes"
    reached = ", reached here" if here else ""
    return (f"{what} is too large: {said}; the limit is {size_words(MAX_BYTES)}{reached}. A ruleset takes a few "
            "thousand bytes: remove what was pasted or added by mistake")


def _loc(filename: str, mark) -> Location:
    if mark is None:
        return Location(filename)
    return Location(filename, mark.line + 1, mark.column + 1)


def _yaml_error_problem(filename: str, err: yaml.MarkedYAMLError) -> Problem:
    problem = (err.problem or "").strip()
    context = (err.context or "").strip()
    mark = err.problem_mark or err.context_mark
    if isinstance(err, yaml.composer.ComposerError) and "single document" in context:
        return Problem(
            _loc(filename, err.problem_mark),
            "a ruleset file holds one YAML document; found a second one (remove the '---' line)",
        )
    if not problem:
        problem, context = context, ""
    unclosed = _unclosed(problem, context)
    if unclosed and err.context_mark is not None:
        # located where the bracket or quote was opened, not at the end of the file where YAML noticed
        cm = err.context_mark
        return Problem(_loc(filename, cm), f"this {unclosed} is never closed (the text ended, or a new key began, "
                                           f"before its closing {_CLOSING[unclosed]})")
    message = problem or "invalid YAML"
    if context:
        cm = err.context_mark
        if cm is not None and err.problem_mark is not None:
            message += f" ({context} started at line {cm.line + 1}, column {cm.column + 1})"
        else:
            message += f" ({context})"
    return Problem(_loc(filename, mark), message + _hint(problem, _line_of(err.problem_mark)))


def _slip_or(problem: Problem, text: str, filename: str, err: yaml.MarkedYAMLError) -> Problem:
    """The slip behind a syntax error, said at the line that moved with its fix (``slips.py``), when a one-line
    change mends the text; else ``problem``, YAML's own words with a hint."""
    if isinstance(err, (_Refused, yaml.composer.ComposerError)) or "never closed" in problem.message:
        return problem
    mark = err.problem_mark or err.context_mark
    if mark is None:
        return problem
    from .slips import syntax_slip  # (slips reads text with this module's loader)

    return syntax_slip(text, filename, problem, mark.line) or problem


def _moved_or(problem: Problem, text: str, filename: str) -> Problem:
    """A key written twice in one mapping because a line moved (``deck:`` moved right became a key of the
    section above, whose ``source:`` then meets the deck's): said at the moved line, when moving it back mends
    the text; else ``problem``."""
    if not problem.message.startswith("duplicate key '"):
        return problem
    from .slips import syntax_slip

    first = re.search(r"\(first at line (\d+)\)$", problem.message)
    since = int(first.group(1)) - 1 if first else None
    return syntax_slip(text, filename, problem, problem.location.line - 1, since) or problem


def _line_of(mark) -> str:
    """The text of the line a YAML error mark points into ("" when the mark has no buffer)."""
    buffer = getattr(mark, "buffer", None)
    if not isinstance(buffer, str) or mark.pointer is None:
        return ""
    start = buffer.rfind("\n", 0, mark.pointer) + 1
    end = buffer.find("\n", mark.pointer)
    return buffer[start:end if end >= 0 else len(buffer)]


def _hint(problem: str, line: str) -> str:
    """What to do about a YAML syntax error, in a card player's words ("" when there is nothing to add)."""
    if "'\\t'" in problem:
        return "; indent with spaces, not tabs"
    if "found '<scalar>'" in problem and line.count("'") >= 3:
        return ("; a single quote inside 'quoted text' ends it early: write it twice ('it''s') or put the text "
                "in double quotes")
    if "expected <block end>" in problem or "did not find expected" in problem:
        return "; check the indentation of this line"
    if "mapping values are not allowed" in problem:
        return ("; a 'key: value' cannot start here: line this key up with the keys above it, check that the "
                "key above ends with ':', or put a value that holds ': ' in quotes")
    if "could not find expected ':'" in problem:
        return "; write a key and its value as 'key: value' (a colon and a space), or check the indentation"
    if "sequence entries are not allowed" in problem:
        return "; a list goes on the lines below its key, one '- item' a line, or in brackets: [a, b]"
    if "that cannot start any token" in problem:
        return "; put a value that starts with this character in quotes"
    if "unknown escape character" in problem:
        return "; in double quotes a backslash starts an escape: use single quotes, or write \\\\ for a backslash"
    if "expected '<document start>'" in problem:
        return "; the keys at the top of the file start at the first column (no spaces before them)"
    return ""


# what YAML was reading when the text ended, in a card player's words, and what closes it
_OPENED = {"flow sequence": "'[' list", "flow mapping": "'{' mapping", "quoted scalar": "quoted text"}
_CLOSING = {"'[' list": "']'", "'{' mapping": "'}'", "quoted text": "quote"}


def _unclosed(problem: str, context: str) -> str | None:
    """``"'[' list"`` (...) when YAML reached the end of the text, or the next key, inside an open bracket or
    quote; else None."""
    ended = "<stream end>" in problem or "end of stream" in problem or "but got ':'" in problem
    if not ended:
        return None
    return next((what for kind, what in _OPENED.items() if kind in context), None)


def _position_location(filename: str, text: str, position: int) -> Location:
    before = text[:position]
    line = before.count("\n") + 1
    column = position - (before.rfind("\n") + 1) + 1
    return Location(filename, line, column)


class _Builder:
    """Turns composed nodes into plain data plus the two location maps."""

    def __init__(self, filename: str, check_names: bool = True):
        self.filename = filename
        self.check_names = check_names
        self.locations: dict[tuple, Location] = {}
        self.key_locations: dict[tuple, Location] = {}
        self.problems: list[Problem] = []

    def loc(self, node) -> Location:
        return _loc(self.filename, node.start_mark)

    def build(self, node, path: tuple):
        self.locations[path] = self.loc(node)
        if isinstance(node, ScalarNode):
            if path and (path[-1] in NAME_KEYS or (len(path) > 1 and path[-2] in NAME_LISTS and isinstance(path[-1], int))):
                self.refuse_invisible(node, dotted_path(path))
            return self.scalar(node)
        if isinstance(node, SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            return self.mapping(node, path)
        raise AssertionError(f"unexpected YAML node {node!r}")  # pragma: no cover

    def scalar(self, node: ScalarNode):
        tag, value = node.tag, node.value
        if tag == _STR:
            return value
        try:
            if tag == _NULL:
                if not _NULL_RE.match(value):
                    raise ValueError
                return None
            if tag == _BOOL:
                if not _BOOL_RE.match(value):
                    raise ValueError
                return value.lower() == "true"
            if tag == _INT:
                if not _INT_RE.match(value):
                    raise ValueError
                if len(value.lstrip("+-0")) > len(str(MAX_NUMBER)) or abs(int(value)) > MAX_NUMBER:
                    self.problems.append(Problem(self.loc(node), _too_large(value)))
                    return 0
                return int(value)
            if tag == _FLOAT:
                if not _FLOAT_RE.match(value) and not _INT_RE.match(value):
                    raise ValueError
                number = float(value)
                if not math.isfinite(number) or abs(number) > MAX_NUMBER:
                    self.problems.append(Problem(self.loc(node), _too_large(value)))
                return number
        except ValueError:
            words = {_NULL: "nothing (null)", _BOOL: "true/false", _INT: "a whole number",
                     _FLOAT: "a number"}[tag]
            shown = value if len(value) <= 40 else value[:37] + "..."
            self.problems.append(Problem(self.loc(node), f"cannot read '{shown}' as {words}"))
            return value
        # Unreachable: compose_node refuses every other tag.
        raise AssertionError(f"unexpected tag {tag}")  # pragma: no cover

    def refuse_invisible(self, node: ScalarNode, what: str) -> bool:
        """A problem located at the first invisible character of a name (``what``: where it is written), if it
        holds one; True when it does."""
        value = node.value
        index = first_invisible(value) if self.check_names else None
        if index is None:
            return False
        c = value[index]
        where = self.loc(node)
        start, end, buffer = node.start_mark, node.end_mark, getattr(node.start_mark, "buffer", None)
        if isinstance(buffer, str) and start.pointer is not None and end is not None:
            at = buffer.find(c, start.pointer, end.pointer)
            if at >= 0:  # written as it is, not as an escape such as "\u200b": point at the character itself
                where = _position_location(self.filename, buffer, at)
        # as it looks: a space-like character (a no-break space) shows as a space, the others as nothing
        cleaned = "".join(" " if unicodedata.category(ch) == "Zs" else "" if is_invisible(ch) else ch for ch in value)
        looks = f"it looks like '{cleaned}' but is not that name" if cleaned.strip() else "it looks empty but is not"
        self.problems.append(Problem(where, f"{what} '{visible(value)}' holds an invisible character, "
                                            f"{character_name(c)}: {looks} (pasted text often brings one); delete "
                                            "it and type the name again"))
        return True

    def mapping(self, node: MappingNode, path: tuple) -> dict:
        result: dict[str, Any] = {}
        first_line: dict[str, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                kind = "a list" if isinstance(key_node, SequenceNode) else "a mapping"
                self.problems.append(
                    Problem(self.loc(key_node), f"a mapping key must be plain text, not {kind}")
                )
                continue
            key = key_node.value
            if self.refuse_invisible(key_node, f"{dotted_path(path)}: key" if path else "key"):
                continue
            if key == "<<" and key_node.style is None:
                self.problems.append(
                    Problem(self.loc(key_node), "merge keys ('<<') are not allowed in rulesets")
                )
                continue
            if key in first_line:
                self.problems.append(
                    Problem(
                        self.loc(key_node),
                        f"duplicate key '{key}' (first at line {first_line[key]})",
                    )
                )
                continue
            first_line[key] = key_node.start_mark.line + 1
            child = path + (key,)
            self.key_locations[child] = self.loc(key_node)
            result[key] = self.build(value_node, child)
        return result


def value_at(data: Any, path, default: Any = None) -> Any:
    """The value at ``path`` (mapping keys) of plain data, or ``default`` where a key is missing."""
    for part in path:
        if not isinstance(data, dict) or part not in data:
            return default
        data = data[part]
    return data


def dotted_path(path) -> str:
    """``("deck", "ranks", 2)`` -> ``deck.ranks[2]``; the top level is ``""``."""
    out = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _describe_top(node) -> str:
    if isinstance(node, SequenceNode):
        return "a list"
    if node.tag == _STR:
        return "a string"
    return {_NULL: "nothing", _BOOL: "true/false", _INT: "a whole number", _FLOAT: "a number"}.get(
        node.tag, "a value"
    )


def load_yaml_text(text: str, filename: str, *, check_names: bool = True) -> LocatedDoc:
    """Parse one ruleset document from ``text``; the top level must be a mapping. ``check_names=False`` lets names
    with invisible characters through (a listing reads a file's name without judging the rest of it).

    Raises :class:`RulesetError` (located problems) for anything refused or malformed.
    """
    filename = str(filename)
    size = len(text.encode("utf-8", errors="surrogatepass"))
    if size > MAX_BYTES:
        raise RulesetError(
            # (unsaved text: the editor says how large the text is rather than point into a line of a megabyte)
            [Problem(Location(filename), too_large(size, "the text"))]
        )
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        node = yaml.compose(text, Loader=RulesetLoader)
    except yaml.MarkedYAMLError as err:
        raise RulesetError([_slip_or(_yaml_error_problem(filename, err), text, filename, err)]) from None
    except yaml.reader.ReaderError as err:
        ch = err.character if isinstance(err.character, int) else 0
        raise RulesetError(
            [
                Problem(
                    _position_location(filename, text, err.position),
                    f"character U+{ch:04X} is not allowed in a YAML file",
                )
            ]
        ) from None
    except yaml.YAMLError as err:  # pragma: no cover - every PyYAML error so far is one of the above
        raise RulesetError([Problem(Location(filename), f"invalid YAML: {err}")]) from None
    except RecursionError:  # pragma: no cover - MAX_DEPTH should prevent this
        raise RulesetError([Problem(Location(filename), "nesting is too deep")]) from None

    if node is None:
        raise RulesetError(
            [Problem(Location(filename, 1, 1), "the file is empty; a ruleset is a mapping of 'key: value' lines")]
        )
    if not isinstance(node, MappingNode):
        raise RulesetError(
            [
                Problem(
                    _loc(filename, node.start_mark),
                    f"the top level must be a mapping of 'key: value' lines, not {_describe_top(node)}",
                )
            ]
        )
    builder = _Builder(filename, check_names)
    data = builder.build(node, ())
    if builder.problems:
        raise RulesetError([_moved_or(p, text, filename) for p in builder.problems])
    return LocatedDoc(
        data=data,
        filename=filename,
        locations=builder.locations,
        key_locations=builder.key_locations,
        text=text,
    )


def _decode_problem(filename: str, raw: bytes, err: UnicodeDecodeError) -> Problem:
    start = err.start
    before = raw[:start]
    line = before.count(b"\n") + 1
    line_start = before.rfind(b"\n") + 1
    column = len(raw[line_start:start].decode("utf-8", errors="replace")) + 1
    return Problem(
        Location(filename, line, column),
        f"the file is not valid UTF-8 (byte 0x{raw[start]:02x}); save it as UTF-8",
    )


def load_yaml_file(path: str | PathLike, *, check_names: bool = True) -> LocatedDoc:
    """Read ``path`` (at most :data:`MAX_BYTES`, UTF-8) and parse it with :func:`load_yaml_text`."""
    filename = str(path)
    p = Path(path)
    try:
        if p.exists() and not p.is_dir() and not p.is_file():  # a pipe would wait for a writer for ever
            raise RulesetError([Problem(Location(filename), "is not a file (a device or a pipe?)")])
        with p.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
            if len(raw) > MAX_BYTES:
                fh.seek(0, 2)
                size = fh.tell()
                raise RulesetError(
                    [Problem(_past_the_limit(filename, raw), too_large(size if size > MAX_BYTES else None, here=True))]
                )
    except FileNotFoundError:
        raise RulesetError([Problem(Location(filename), "file not found")]) from None
    except IsADirectoryError:
        raise RulesetError([Problem(Location(filename), "is a folder, not a file")]) from None
    except OSError as err:
        raise RulesetError([Problem(Location(filename), f"cannot read the file: {err.strerror or err}")]) from None
    except ValueError:  # a NUL character in the name: no file can be called that
        raise RulesetError([Problem(Location(filename.replace("\0", "\\0")), "a file name cannot contain a NUL character")]) from None
    return load_yaml_text(decode_text(raw, filename), filename, check_names=check_names)


def decode_text(raw: bytes, filename: str) -> str:
    """The text of a file read as bytes (at most :data:`MAX_BYTES` + 1 of them): UTF-8, else a located
    problem; more than :data:`MAX_BYTES` is refused as too large."""
    if len(raw) > MAX_BYTES:
        raise RulesetError([Problem(_past_the_limit(filename, raw), too_large(None, here=True))])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RulesetError([_decode_problem(filename, raw, err)]) from None
