"""Errors a user can cause, each with a location a person can act on.

Every layer raises these (never a bare ``ValueError`` for bad input) so the CLI
and the app can print ``file:line:column: message`` without a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass


def visible(text: str) -> str:
    """``text`` as it can be shown in a message: each character that prints as nothing, moves the cursor
    or reorders the line (NUL, ESC, a right-to-left override, a lone surrogate ...) written ``<U+202E>``.

    >>> visible("a\u202eb\x00")
    'a<U+202E>b<U+0000>'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else f"<U+{ord(c):04X}>" for c in text)


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
        self.message = message
        self.text = text
        self.column = max(1, column)
        self.expected = tuple(expected)
        super().__init__(f"{message}\n{self.caret}")

    @property
    def caret(self) -> str:
        return f"    {self.text}\n    {' ' * (self.column - 1)}^"


class IllegalActionError(ThuneeDslError):
    """An action that the rules do not allow at this point of the game."""

    def __init__(self, message: str, legal: tuple = ()):
        self.reason = message
        self.legal = tuple(legal)
        shown = ", ".join(str(a) for a in self.legal) or "none"
        super().__init__(f"{message}; legal now: {shown}")


class TranscriptError(ThuneeDslError):
    """A transcript that cannot be replayed (one line, as the replay contract says)."""
