"""Errors a user can cause, each with a location a person can act on.

Every layer raises these (never a bare ``ValueError`` for bad input) so the CLI
and the app can print ``file:line:column: message`` without a traceback.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass


# characters that print as nothing although Python counts them printable (letters, marks or symbols by
# category): a blank Hangul or braille letter, a combining joiner, a variation selector ...
_BLANK_LOOKING = frozenset({0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0,
                            *range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)})


def is_invisible(c: str) -> bool:
    r"""Does the character ``c`` print as nothing, as a space that is not one, or move the cursor or reorder
    the line (a zero-width space, a right-to-left mark, a no-break space, a control character ...)?

    >>> [is_invisible(c) for c in ("a", " ", "\u200b", "\u00a0", "\u202e", "\u3164", "\u00e9")]
    [False, False, True, True, True, True, False]
    """
    return (not c.isprintable() and c != " ") or ord(c) in _BLANK_LOOKING


def first_invisible(text: str) -> int | None:
    """The index of the first invisible character of ``text`` (see :func:`is_invisible`), or None."""
    if text.isprintable() and text.isascii():
        return None
    return next((i for i, c in enumerate(text) if is_invisible(c)), None)


def character_name(c: str) -> str:
    """A character as a message names it: ``U+200B ZERO WIDTH SPACE``."""
    name = unicodedata.name(c, "") or _KINDS.get(unicodedata.category(c), "")
    return f"U+{ord(c):04X}" + (f" {name}" if name else "")


_KINDS = {"Cc": "(a control character)", "Cn": "(a character no alphabet has)", "Co": "(a private-use character)",
          "Cs": "(half of a character: a lone surrogate)"}


def visible(text: str) -> str:
    r"""``text`` as it can be shown in a message: each character that prints as nothing, moves the cursor
    or reorders the line (NUL, ESC, a right-to-left override, a zero-width space, a lone surrogate ...)
    written ``<U+202E>``.

    >>> visible("a\u202eb\x00")
    'a<U+202E>b<U+0000>'
    """
    if first_invisible(text) is None:
        return text
    return "".join(f"<U+{ord(c):04X}>" if is_invisible(c) else c for c in text)


@dataclass(frozen=True, order=True)
class Location:
    """Where a value came from: file name, 1-based line and column."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return self.file
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Problem:
    """One located complaint about a ruleset or a transcript."""

    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


class ThuneeDslError(Exception):
    """Base of every error caused by user input."""


class RulesetError(ThuneeDslError):
    """A ruleset could not be loaded: one or more located problems."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(sorted(problems, key=lambda p: (p.location, p.message)))
        super().__init__("\n".join(str(p) for p in self.problems))


class FormulaError(ThuneeDslError):
    """A formula that does not parse or names something unknown.

    ``column`` is 1-based within ``text``; ``caret`` is the formula with a caret
    line under the offending column, ready to print.
    """

    def __init__(self, message: str, text: str, column: int, expected: tuple[str, ...] = ()):
        hint = _slip(message, text, max(1, column))
        if hint:  # said right after what was unexpected, before the list of what may come there
            head, sep, rest = message.partition("; ")
            message = f"{head}: {hint}{sep}{rest}"
        self.message = message
        self.text = text
        self.column = max(1, column)
        self.expected = tuple(expected)
        super().__init__(f"{message}\n{self.caret}")

    @property
    def caret(self) -> str:
        return f"    {self.text}\n    {' ' * (self.column - 1)}^"


# A card player writes a formula as a sentence or a spreadsheet cell: the slips they make, and what to write
_KEYWORDS = ("and", "or", "not", "if", "then", "else", "true", "false", "none", "mod")
_SIGNS = {"&": "write 'and' (not '&&')", "|": "write 'or' (not '||')", "≥": "write '>=' for 'at least'",
          "≤": "write '<=' for 'at most'", "≠": "write '!=' for 'is not'", "×": "write '*' to multiply",
          "÷": "write '/' to divide", "%": "write 'a mod b' for what is left over after dividing",
          **dict.fromkeys("'‘’", 'a number needs no quotes, and words go in double quotes ("thunee")')}


def _slip(message: str, text: str, column: int) -> str:
    """What to write instead, when a formula's error comes from a common slip ('=' for '==', '&&' for
    'and', 'AND' for 'and' ...); "" otherwise."""
    if not message.startswith(("unexpected '", 'unexpected "', "unknown name '")):
        return ""
    for word in re.findall(r"[A-Za-z_]\w*", re.sub(r'"[^"]*"', "", text)):
        if word.lower() in _KEYWORDS and word != word.lower():
            return f"write '{word.lower()}' in small letters"
    if not message.startswith(("unexpected '", 'unexpected "')):
        return ""
    at, before, after = text[column - 1:column], text[column - 2:column - 1], text[column:column + 1]
    if at == "=":
        if after == ">":
            return "write '>=' for 'at least'"
        if after == "<":
            return "write '<=' for 'at most'"
        return "to compare, write '==' (two equals signs)"
    if at == ">" and before == "<":
        return "write '!=' for 'is not'"
    if at == "!":
        return "write 'not' (or '!=' for 'is not')"
    if at == "/" and text[:column - 1].rstrip().endswith("/"):
        return "write one '/': a / b is already a whole number, rounded down"
    if text[column - 1:column + 2] == "mod" and text[column + 2:].lstrip().startswith("("):
        return "write 'a mod b', between the two numbers"
    return _SIGNS.get(at, "")


class IllegalActionError(ThuneeDslError):
    """An action that the rules do not allow at this point of the game."""

    def __init__(self, message: str, legal: tuple = ()):
        self.reason = message
        self.legal = tuple(legal)
        shown = ", ".join(str(a) for a in self.legal) or "none"
        super().__init__(f"{message}; legal now: {shown}")


class TranscriptError(ThuneeDslError):
    """A transcript that cannot be replayed (one line, as the replay contract says)."""
