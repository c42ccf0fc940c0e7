"""Ruleset text as the editor holds it -> a compiled ruleset, or problems tied to lines of the text.

The editor validates unsaved text as the user types. Every problem the library reports (YAML syntax,
schema, semantic checks, formulas) carries a ``file:line:column``; here each one also gets the text of
the offending line, so the app can show it right under the message, with a caret.

>>> check = check_text("extends: standard\\nname: mine\\ngame:\\n  targt: 13\\n")
>>> check.ok
False
>>> p = check.problems[0]
>>> str(p)
"4:3: unknown key 'targt' in game; expected one of: target, corner_house, source, deuce, win_by, raised_target, unit, deals, start, transfer, keeps_excess, game_value, rubber"
>>> print(p.pointer)
  targt: 13
  ^
>>> check_text("extends: standard\\nname: mine\\ngame: {target: 13}\\n").ruleset.game.target
13
"""

from __future__ import annotations

from dataclasses import dataclass
from os import PathLike
from pathlib import Path

from thunee_dsl.errors import RulesetError
from thunee_dsl.loading import MAX_BYTES, MergedSource, load_ruleset_text, load_yaml_text
from thunee_dsl.loading.safe_yaml import value_at
from thunee_dsl.model import Ruleset, compile_ruleset

EDITOR_FILE = "<editor>"
"""The file name the editor's unsaved text goes by in locations."""


@dataclass(frozen=True)
class TextProblem:
    """One problem, located in the edited text (``in_text``) or in a file it extends.

    ``line`` and ``column`` are 1-based (0 when the problem has no position, e.g. "the file is too
    large"); ``message`` is the first line of the library's message and ``detail`` the rest (a
    formula's caret picture); ``source_line`` is the text of the offending line, when known.
    """

    file: str
    line: int
    column: int
    message: str
    detail: str = ""
    in_text: bool = True
    source_line: str = ""

    def __str__(self) -> str:
        if self.line <= 0 and self.in_text:  # about the whole text (its size): the message says so
            return self.message
        where = f"{self.line}:{self.column}"
        if not self.in_text:
            where = f"{self.file}:{self.line}:{self.column}" if self.line > 0 else self.file
        return f"{where}: {self.message}"

    @property
    def pointer(self) -> str:
        """The offending line with a caret under the column ('' when there is no line to show)."""
        if self.line <= 0 or not self.source_line:
            return ""
        column = max(1, min(self.column, len(self.source_line) + 1))
        return f"{self.source_line}\n{' ' * (column - 1)}^"


@dataclass(frozen=True)
class TextCheck:
    """The outcome of :func:`check_text`: a ruleset (``ok``) or the problems, in line order."""

    text: str
    ruleset: Ruleset | None
    source: MergedSource | None
    problems: tuple[TextProblem, ...]

    @property
    def ok(self) -> bool:
        return self.ruleset is not None and not self.problems

    def lines_with_problems(self) -> set[int]:
        """Lines of the edited text that have at least one problem."""
        return {p.line for p in self.problems if p.in_text and p.line > 0}


def _line_of(text: str, line: int) -> str:
    if line <= 0:
        return ""
    lines = text.splitlines()
    return lines[line - 1] if line <= len(lines) else ""


def _file_line(file: str, line: int) -> str:
    """A line of a base file (shipped or the user's), read safely; '' if it cannot be read."""
    try:
        path = Path(file)
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return ""
        return _line_of(path.read_text(encoding="utf-8"), line)
    except (OSError, UnicodeDecodeError, ValueError):
        return ""


def locate(problems, text: str, filename: str = EDITOR_FILE) -> tuple[TextProblem, ...]:
    """Turn library :class:`~thunee_dsl.errors.Problem` s into :class:`TextProblem` s for ``text``."""
    out = []
    for problem in problems:
        loc = problem.location
        message, _, detail = str(problem.message).partition("\n")
        in_text = loc.file == filename
        source_line = _line_of(text, loc.line) if in_text else _file_line(loc.file, loc.line)
        out.append(TextProblem(loc.file, loc.line, loc.column, message, detail.rstrip(), in_text, source_line))
    return tuple(sorted(out, key=lambda p: (not p.in_text, p.file if not p.in_text else "", p.line, p.column)))


def check_text(text: str, *, filename: str = EDITOR_FILE, base_dir: str | PathLike | None = None,
               search: str | PathLike | None = None) -> TextCheck:
    """Load, validate and compile unsaved ruleset text; never raises for bad input.

    ``base_dir``: where a relative ``extends: some-file.yaml`` is looked for (the user's folder);
    ``extends: NAME`` finds a shipped ruleset (or one in ``search``).
    """
    try:
        source = load_ruleset_text(text, filename, base_dir=base_dir, search=search, keep_going=True)
    except RulesetError as err:
        return TextCheck(text, None, None, locate(err.problems, text, filename))
    except Exception as err:  # a bug of ours: the editor must still show something, never crash
        return TextCheck(text, None, None, (_internal(err),))
    try:
        ruleset = compile_ruleset(source)
    except RulesetError as err:
        # a source the schema refused parts of is not handed on: its data lacks those parts
        return TextCheck(text, None, None if source.problems else source, locate(err.problems, text, filename))
    except Exception as err:
        return TextCheck(text, None, None, (_internal(err),))
    return TextCheck(text, ruleset, source, ())


def follow_target(text: str, change) -> str:
    """``text`` with each value a change of target left behind (``change``: a
    :class:`~thunee_dsl.model.companions.TargetChange`) written at the distance it kept from the base's target:
    a line ``corner_house: 12`` under the ``target:`` line, as that line is indented (or ``corner_house: 12, `` in a
    ``{...}`` mapping). Every other line of the text, its comments too, stays as it was typed.

    >>> from thunee_dsl.model.companions import target_change
    >>> text = "extends: standard\\nname: ours\\ngame:\\n  target: 13   # a longer game\\n"
    >>> print(follow_target(text, target_change(check_text(text).source)), end="")
    extends: standard
    name: ours
    game:
      target: 13   # a longer game
      corner_house: 12
    """
    for companion in reversed(change.companions):  # each goes right under the target: the last one first
        text = _written(text, companion.path, companion.follows)
    return text


def _written(text: str, path: tuple, value: int) -> str:
    """``text`` with ``value`` written at ``path`` (its mapping's keys are known to the text up to some depth)."""
    doc = load_yaml_text(text, EDITOR_FILE)
    held = path[:-1]
    while held and not isinstance(value_at(doc.data, held), dict):
        held = held[:-1]
    rest = path[len(held):]
    item = f"{rest[-1]}: {value}"
    for key in reversed(rest[:-1]):
        item = f"{key}: {{{item}}}"
    lines = text.split("\n")
    if not held:  # the section is not in the text at all: added at its end
        block = [f"{rest[0]}:", f"  {item.partition(': ')[2].strip('{}')}"] if len(rest) > 1 else [item]
        return text.rstrip("\n") + "\n" + "\n".join(block) + "\n"
    at = doc.location(held)
    line = lines[at.line - 1]
    if line[at.column - 1:at.column] == "{":  # a mapping written in braces: the key goes first inside them
        lines[at.line - 1] = line[:at.column] + f"{item}, " + line[at.column:].lstrip()
        return "\n".join(lines)
    mapping = value_at(doc.data, held)
    after = TARGET_KEY if TARGET_KEY in mapping else next(iter(mapping))
    key_at = doc.key_location(held + (after,))
    if after == TARGET_KEY:  # right under the target's own line: they go together
        lines.insert(key_at.line, " " * (key_at.column - 1) + item)
    else:  # before the mapping's first key: its value may run over several lines
        lines.insert(key_at.line - 1, " " * (key_at.column - 1) + item)
    return "\n".join(lines)


TARGET_KEY = "target"


def _internal(err: Exception) -> TextProblem:
    return TextProblem(EDITOR_FILE, 0, 0, f"internal error while checking: {type(err).__name__}: {err} "
                       "(please report it with the text you were editing)", in_text=False)


__all__ = ["EDITOR_FILE", "TextCheck", "TextProblem", "check_text", "follow_target", "locate"]
