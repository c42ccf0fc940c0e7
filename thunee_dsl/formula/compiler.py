"""Compile formula text into a closure ``env -> value``, checked against a symbol table.

The layer knows nothing about Thunee: the caller says which names exist, what type each has and how
to read it from whatever ``env`` it will pass to ``evaluate``.

>>> symbols = {
...     "tricks": Symbol("tricks", "number", lambda env: env["tricks"]),
...     "won_last": Symbol("won_last", "boolean", lambda env: env["won_last"]),
... }
>>> f = compile_formula("tricks * 10 + (if won_last then 10 else -10)", symbols)
>>> f.type, sorted(f.names)
('number', ['tricks', 'won_last'])
>>> f.evaluate({"tricks": 6, "won_last": True})
70
>>> f.explain({"tricks": 6, "won_last": False})
'tricks [6] * 10 + (if won_last [false] then 10 else -10) = 50'

Mistakes are reported as :class:`~thunee_dsl.errors.FormulaError` with a column:

>>> compile_formula("10 * trick", symbols)
Traceback (most recent call last):
...
thunee_dsl.errors.FormulaError: unknown name 'trick'; did you mean 'tricks'?
    10 * trick
         ^
"""

from __future__ import annotations

import difflib
import functools
import operator
import re
from dataclasses import dataclass, field
from collections.abc import Callable, Mapping
from typing import Any

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.lexer import PatternStr

from thunee_dsl.errors import FormulaError, visible

__all__ = ["FUNCTIONS", "KEYWORDS", "MAX_DEPTH", "MAX_LENGTH", "MAX_NUMBER", "TYPES", "Formula", "Symbol", "build_parser", "compile_formula"]

TYPES = ("number", "boolean", "team", "seat", "text")
KEYWORDS = frozenset({"if", "then", "else", "and", "or", "not", "true", "false", "none", "mod"})
FUNCTIONS = ("abs", "max", "min", "round", "round_down", "round_up")
# round(x, 10) rounds to the nearest 10 with 5 up (105 -> 110), as 304 and Klaverjas score sheets do
_ROUNDINGS = ("round", "round_down", "round_up")

# `none` is the absent team/seat/text (no caller, no undertaking); numbers and booleans always have a value.
_NULLABLE = frozenset({"team", "seat", "text"})
_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*\Z")

# How a type is named after "not" / "got" in messages.
_DESCRIBE = {
    "number": "a number",
    "boolean": "a boolean",
    "team": "a team",
    "seat": "a seat",
    "text": "text",
    "none": "none",
}


@dataclass(frozen=True)
class Symbol:
    """A name a formula may read.

    >>> Symbol("counting.cards", "number", lambda env: env.cards).type
    'number'
    """

    name: str  # dotted name as written in formulas
    type: str  # "number" | "boolean" | "team" | "seat" | "text"
    get: Callable[[Any], Any]  # env -> value
    description: str = ""
    # the least and greatest values a number can have (None: no bound), for Formula.bounds()
    bounds: tuple[int | None, int | None] | None = None

    def __post_init__(self) -> None:
        # A bad symbol table is a programming error in the layer that builds it, not a user's mistake.
        if self.type not in TYPES:
            raise ValueError(f"symbol {self.name!r}: type must be one of {', '.join(TYPES)}, not {self.type!r}")
        if not _NAME_RE.match(self.name) or KEYWORDS.intersection(self.name.split(".")):
            raise ValueError(f"symbol name {self.name!r} cannot be written in a formula")


@dataclass(frozen=True)
class Formula:
    """A compiled formula. ``evaluate(env)`` is a tree of closures built once."""

    text: str
    type: str
    evaluate: Callable[[Any], Any]
    names: frozenset[str]  # symbols read
    _tree: Any = field(default=None, repr=False, compare=False)
    _symbols: Mapping[str, Symbol] = field(default_factory=dict, repr=False, compare=False)

    @property
    def name(self) -> str | None:
        """The dotted name this formula is, when it is nothing but one name (brackets aside), else None.

        >>> s = {"caller.won_last_trick": Symbol("caller.won_last_trick", "boolean", lambda env: env)}
        >>> compile_formula("(caller.won_last_trick)", s).name, compile_formula("not caller.won_last_trick", s).name
        ('caller.won_last_trick', None)
        """
        node = self._tree
        while isinstance(node, Tree) and node.data == "paren":
            node = node.children[0]
        if isinstance(node, Tree) and node.data == "name":
            return ".".join(str(part) for part in node.children)
        return None

    def conditions(self) -> tuple[Formula, ...]:
        """The conditions this formula joins with ``and`` at its top level (inside brackets too), in the
        order written, each compiled on its own; a formula without a top-level ``and`` is its own one
        condition. What a condition says can be read from its ``text``, ``names`` and :attr:`name`.

        >>> s = {n: Symbol(n, t, lambda env: env) for n, t in (("tricks", "number"), ("won", "boolean"))}
        >>> [c.text for c in compile_formula("tricks == 6 and (won and not won)", s).conditions()]
        ['tricks == 6', 'won', 'not won']
        >>> [c.name for c in compile_formula("tricks > 1 or won", s).conditions()]
        [None]
        """
        if self._tree is None:
            return (self,)
        parts: list[Tree] = []
        stack = [self._tree]
        while stack:  # (no recursion: a formula is at most MAX_DEPTH deep anyway)
            node = stack.pop()
            if isinstance(node, Tree) and node.data == "and_":
                stack.extend(reversed(node.children))
            elif isinstance(node, Tree) and node.data == "paren" and _joins_with_and(node):
                stack.append(node.children[0])
            else:
                parts.append(node)
        if len(parts) == 1:
            return (self,)
        return tuple(self._part(node) for node in parts)

    def _part(self, node: Tree) -> Formula:
        if node.meta.empty:  # `true`, `false`, `none`: no token of their own is kept in the tree
            text = node.data
        else:
            text = self.text[node.meta.start_pos:node.meta.end_pos]
        return compile_formula(text, self._symbols, expect="boolean")

    def fold(self, leaf: Callable[[Formula], Any], not_: Callable, and_: Callable, or_: Callable) -> Any:
        """This true/false formula rebuilt from its ``not``, ``and``, ``or`` (brackets aside) over its other parts:
        ``leaf(part)`` gives a part's value (the part compiled on its own), ``not_(x)``, ``and_(x, y)``,
        ``or_(x, y)`` join them; None if ``leaf`` gives None for any part (it cannot say that part).

        >>> s = {n: Symbol(n, "boolean", lambda env: env) for n in ("a", "b")}
        >>> compile_formula("not (a or b) and a", s).fold(lambda p: p.text, "~{}".format, "({} & {})".format,
        ...                                                "({} | {})".format)
        '(~(a | b) & a)'
        """
        if self._tree is None:
            return leaf(self)

        def walk(node):
            kind = node.data if isinstance(node, Tree) else None
            if kind == "paren":
                return walk(node.children[0])
            if kind == "not_":
                inner = walk(node.children[0])
                return None if inner is None else not_(inner)
            if kind in ("and_", "or_"):
                left, right = walk(node.children[0]), walk(node.children[1])
                if left is None or right is None:
                    return None
                return (and_ if kind == "and_" else or_)(left, right)
            return leaf(self if node is self._tree else self._part(node))

        return walk(self._tree)

    def describe(self, words: Mapping[str, str] | None = None, phrases: Mapping[str, str] | None = None) -> str:
        """The formula in words a card player reads: each name by its symbol's description, each operator spelled
        out. ``words`` (name -> phrase) says a name better where the caller knows it; ``phrases`` (text -> text)
        renames a phrase inside the descriptions (e.g. "the player who made the call" -> "the claimer").

        >>> s = {"call": Symbol("call", "number", lambda env: env, "the amount called (0 if no call)"),
        ...      "caller.won_last_trick": Symbol("caller.won_last_trick", "boolean", lambda env: env,
        ...                                      "whether the claimer won the last trick")}
        >>> compile_formula("call >= 20 and caller.won_last_trick", s).describe()
        'the amount called is at least 20, and the claimer won the last trick'
        >>> compile_formula("if call > 0 then 4 else 2", s).describe()
        '4 if the amount called is more than 0, otherwise 2'
        """
        if self._tree is None:
            return self.text
        return _describe(self._tree, self._symbols, words or {}, phrases or {})

    def bounds(self, known: Mapping[str, Any] | None = None) -> tuple[int | None, int | None]:
        """The least and the greatest value this number formula can give, worked out from the bounds of the
        names it reads (:attr:`Symbol.bounds`); None where there is no bound. A sure range, not always the
        narrowest: ``a - a`` is given as the range of ``a`` minus itself; the condition of an ``if`` narrows a
        name it compares with a number in the branches (``if a > 3 then a - 3 else 0``), and nothing else.
        ``known``: names whose values are known (name -> value: a number, true/false, a team, a seat, text), the
        rest free within their bounds (the solver's "what can the rest of this deal still bring").

        >>> s = {"tricks": Symbol("tricks", "number", lambda env: env, "", (0, 6))}
        >>> compile_formula("tricks - 3", s).bounds(), compile_formula("max(0, tricks - 3) * 2", s).bounds()
        ((-3, 3), (0, 6))
        >>> compile_formula("if tricks > 6 then -1 else tricks / 4", s).bounds()  # a branch never taken
        (0, 1)
        >>> s.update({n: Symbol(n, t, lambda env: env) for n, t in (("won", "boolean"), ("team", "team"),
        ...                                                         ("counting", "team"))})
        >>> f = compile_formula("tricks + (if won then 10 else -10) + (if team == counting then 5 else -5)", s)
        >>> f.bounds(), f.bounds({"team": 1, "counting": 1, "tricks": 2}), f.bounds({"won": False})
        ((-15, 21), (-3, 17), (-15, 1))
        """
        if self.type != "number":
            raise ValueError(f"only a number formula has bounds, not {_DESCRIBE[self.type]}")
        if self._tree is None:
            value = self.evaluate(None)
            return (value, value)
        lo, hi = _Ranges(self._symbols, known=known).of(self._tree)
        return (None if lo == -_INF else int(lo), None if hi == _INF else int(hi))

    def can_be(self, value: bool) -> bool:
        """Whether this condition can come out ``value``, as far as the bounds of the names it reads show
        (``False``: it never does, whatever the deal: ``tricks >= 0`` can never be false).

        >>> s = {"tricks": Symbol("tricks", "number", lambda env: env, "", (0, 6))}
        >>> compile_formula("tricks >= 0", s).can_be(False), compile_formula("tricks > 5", s).can_be(False)
        (False, True)
        """
        if self.type != "boolean":
            raise ValueError(f"only a true/false formula comes out true or false, not {_DESCRIBE[self.type]}")
        if self._tree is None:
            return self.evaluate(None) == value
        return value in _Ranges(self._symbols).of(self._tree)

    def explain(self, env: Any) -> str:
        """The formula for a person: each name followed by its value, then the result.

        Every name's value is shown, including names in a part that evaluation skipped.

        >>> s = {"call": Symbol("call", "number", lambda env: env)}
        >>> compile_formula("max(call,  10)-1", s).explain(20)
        'max(call [20], 10) - 1 = 19'
        """
        result = _show(self.evaluate(env), self.type)
        if self._tree is None:
            return f"{self.text} = {result}"
        values: dict[str, Any] = {}
        return f"{_render(self._tree, self._symbols, env, values)} = {result}"


# how a comparison reads in words, and its negation (for `not`)
_SAYS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than", ">=": "is at least"}
_ARITH_WORDS = {"+": "plus", "-": "minus", "*": "times"}
_ROUNDING_WORDS = {"round": "rounded to the nearest {} (a half up)", "round_down": "rounded down to a multiple of {}",
                   "round_up": "rounded up to a multiple of {}"}


def _noun(description: str) -> str:
    """A symbol's description as the subject of a sentence: "tricks won by X" -> "the number of tricks won by X";
    a closing remark in brackets and ", or none" are left to the formula shown beside the words."""
    text = description.strip()
    if text.endswith(")") and " (" in text:
        text = text[:text.rindex(" (")]
    text = text.removesuffix(", or none")
    if text.startswith("whether "):
        return text[len("whether "):]
    if text.startswith("in how many "):
        what, _, rest = text[len("in how many "):].partition(" ")
        return f"the number of {what} in which {rest}"
    if text.startswith("how many "):
        return "the number of " + text[len("how many "):]
    if text.split(" ", 1)[0] in ("tricks", "trumps"):
        return "the number of " + text
    if text.split(" ", 1)[0] not in ("the", "a", "an"):
        return "the " + text
    return text


def _describe(tree: Tree, symbols: Mapping[str, Symbol], words: Mapping[str, str], phrases: Mapping[str, str]) -> str:
    """The formula in words: each name by its description (or ``words[name]``), each operator spelled out."""
    renames = sorted(phrases.items(), key=lambda item: -len(item[0]))  # the longest first: one may hold another

    def name_words(dotted: str) -> str:
        said = words.get(dotted)
        if said is not None:
            return said
        symbol = symbols.get(dotted)
        if symbol is None or not symbol.description:
            return dotted
        description = symbol.description
        for old, new in renames:
            description = description.replace(old, new)
        return _noun(description)

    def say(node: Tree, top: bool = False) -> str:
        kind = node.data
        parts = [c for c in node.children if c is not None]
        if kind == "number":
            return str(parts[0])
        if kind == "string":
            return str(parts[0]).strip('"')
        if kind == "true":
            return "always" if top else "true"
        if kind in ("false", "none"):
            return "never" if top and kind == "false" else kind
        if kind == "name":
            return name_words(".".join(parts))
        if kind == "paren":
            return say(parts[0], top)
        if kind == "call":
            args = [say(a) for a in parts[1:]]
            if parts[0] == "abs":
                return f"{args[0]} without its sign"
            if parts[0] in _ROUNDING_WORDS:
                return f"{args[0]} {_ROUNDING_WORDS[parts[0]].format(args[1])}"
            return f"the {'larger' if parts[0] == 'max' else 'smaller'} of {', '.join(args[:-1])} and {args[-1]}"
        if kind == "neg":
            return f"minus {say(parts[1])}"
        if kind == "not_":
            return f"not ({say(parts[0])})"
        if kind == "arith":
            op = str(parts[1])
            if op == "/":
                return f"{say(parts[0])} divided by {say(parts[2])} (rounded down)"
            if op == "mod":
                return f"what is left of {say(parts[0])} after dividing by {say(parts[2])}"
            return f"{say(parts[0])} {_ARITH_WORDS[op]} {say(parts[2])}"
        if kind == "compare":
            a, op, b = parts
            if isinstance(b, Tree) and b.data == "none" and str(op) in ("==", "!="):
                subject = say(a).removeprefix("the ")
                some = "no" if str(op) == "==" else "an" if subject[:1] in "aeiou" else "a"
                return f"there is {some} {subject}"
            return f"{say(a)} {_SAYS[str(op)]} {say(b)}"
        if kind in ("and_", "or_"):
            return f"{say(parts[0])}, {kind[:-1]} {say(parts[1])}"
        if kind == "if_expr":
            return f"{say(parts[1])} if {say(parts[0])}, otherwise {say(parts[2])}"
        raise AssertionError(f"unexpected parse tree node {kind!r}")  # the grammar has no other rule

    return say(tree, top=True)


def _joins_with_and(node: Tree) -> bool:
    """Is this bracket (and the brackets directly inside it) around an ``and``?"""
    while isinstance(node, Tree) and node.data == "paren":
        node = node.children[0]
    return isinstance(node, Tree) and node.data == "and_"


def build_parser(**options: Any) -> Lark:
    """A new LALR parser for the grammar; ``options`` go to :class:`lark.Lark` (e.g. ``strict=True``)."""
    options.setdefault("parser", "lalr")
    options.setdefault("lexer", "basic")
    options.setdefault("propagate_positions", True)
    return Lark.open_from_package("thunee_dsl.formula", "formula.lark", **options)


@functools.cache
def _parser() -> Lark:
    return build_parser()


def compile_formula(text: str, symbols: Mapping[str, Symbol], expect: str | None = None) -> Formula:
    """Parse, type-check and compile ``text``; ``expect`` is the required result type.

    Raises :class:`~thunee_dsl.errors.FormulaError` for anything wrong with the text.

    >>> compile_formula("1 + 2 * 3", {}).evaluate(None)
    7
    >>> compile_formula("1 + 2", {}, expect="boolean")
    Traceback (most recent call last):
    ...
    thunee_dsl.errors.FormulaError: expected a boolean formula, got a number
        1 + 2
        ^
    """
    if expect is not None and expect not in TYPES:
        raise ValueError(f"expect must be one of {', '.join(TYPES)}, not {expect!r}")
    if not isinstance(text, str):  # a caller's mistake, said as such (not an AttributeError from inside)
        raise TypeError(f"a formula is text (str), not {type(text).__name__}")
    shown = _shown(text)
    if not text.strip():
        raise FormulaError("empty formula", shown, 1)
    if len(text) > MAX_LENGTH:
        raise FormulaError(f"formula is too long: {len(text):,} characters (the limit is {MAX_LENGTH:,})",
                           shown[:60] + "...", 1)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        raise _syntax_error(text, shown, error) from None
    except RecursionError:
        raise FormulaError("formula is nested too deeply", shown, 1) from None
    _check_depth(tree, shown)

    compiler = _Compiler(shown, symbols)
    try:
        node = compiler.transform(tree)
    except VisitError as error:  # lark wraps what a rule callback raises
        if isinstance(error.orig_exc, FormulaError):
            raise error.orig_exc from None
        if isinstance(error.orig_exc, RecursionError):
            raise FormulaError("formula is nested too deeply", shown, 1) from None
        raise
    except RecursionError:
        raise FormulaError("formula is nested too deeply", shown, 1) from None

    result_type = node.type
    if expect is not None and result_type != expect:
        if result_type == "none" and expect in _NULLABLE:
            result_type = expect
        else:
            start = len(text) - len(text.lstrip()) + 1
            raise FormulaError(f"expected a {expect} formula, got {_DESCRIBE[result_type]}", shown, start)
    names = frozenset(compiler.names)
    return Formula(text, result_type, node.fn, names, tree, {name: symbols[name] for name in names})


# --- limits ------------------------------------------------------------------------------------------

MAX_LENGTH = 1000
"""Longest formula text, in characters."""

MAX_DEPTH = 32
"""Deepest nesting of operators, calls and brackets (``a + b + c`` is 2 deep, ``abs(abs(1))`` 2)."""

MAX_NUMBER = 1_000_000_000
"""Largest number a formula may write, or reach by arithmetic on numbers written."""


def _check_depth(tree: Tree, shown: str) -> None:
    """Refuse trees deeper than :data:`MAX_DEPTH`, pointing at the first node too deep (no recursion)."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            pos = getattr(node.meta, "start_pos", 0) if not node.meta.empty else 0
            raise FormulaError(f"formula is nested too deeply (more than {MAX_DEPTH} levels)", shown, pos + 1)
        stack.extend((c, depth + 1) for c in node.children if isinstance(c, Tree))


# What a card player may try for division, and how this language writes it.
_OPERATOR_FUNCTIONS = {
    "div": "write 'a / b' to divide (a whole number, rounded down)",
    "divide": "write 'a / b' to divide (a whole number, rounded down)",
    "rem": "write 'a mod b' for what is left over after dividing",
    "remainder": "write 'a mod b' for what is left over after dividing",
    "floor": "numbers are whole: 'a / b' already rounds down, and round_down(x, 10) rounds down to a 10",
    "ceil": "numbers are whole: round_up(x, 10) rounds up to a 10",
}

# --- syntax errors -----------------------------------------------------------------------------------

_TERMINAL_WORDS = {"$END": "end of formula", "NUMBER": "a number", "NAME": "a name", "STRING": "a string"}


def _quote(s: str) -> str:
    if len(s) == 1 and not s.isprintable() and not s.isspace():
        return f"character U+{ord(s):04X}"
    s = visible(s)
    return f'"{s}"' if "'" in s else f"'{s}'"


def _describe_terminal(name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    try:
        pattern = _parser().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    return _quote(pattern.value) if isinstance(pattern, PatternStr) else name.lower()


def _expected(error: UnexpectedInput) -> tuple[str, ...]:
    # `accepts` replays the parser with each terminal, which is exact; the LALR table's `expected`
    # set also lists tokens that merged states would accept (e.g. 'then' at the top level).
    terminals: set[str] = set()
    interactive = getattr(error, "interactive_parser", None)
    if interactive is not None:
        terminals = set(interactive.accepts())
    if not terminals:
        terminals = set(getattr(error, "expected", None) or getattr(error, "allowed", None) or ())
    described = {_describe_terminal(t) for t in terminals if not t.startswith("__")}
    # Words (a name, end of formula) first, then quoted tokens, each alphabetically.
    return tuple(sorted(described, key=lambda d: (d[0] in "'\"", d)))


def _syntax_error(text: str, shown: str, error: UnexpectedInput) -> FormulaError:
    if isinstance(error, UnexpectedCharacters):
        pos = error.pos_in_stream
        if text[pos] == '"':
            rest = text[pos + 1 :].split("\n", 1)[0]
            message = "a string cannot contain '\\'" if '"' in rest else "unclosed string"
            return FormulaError(message, shown, pos + 1)
        unexpected = _quote(text[pos])
    elif isinstance(error, UnexpectedToken) and error.token.type != "$END":
        pos = error.token.start_pos
        unexpected = _quote(str(error.token))
    else:  # $END token, or UnexpectedEOF: point just past the last character written
        pos = len(text.rstrip())
        unexpected = "end of formula"
    expected = _expected(error)
    message = f"unexpected {unexpected}"
    if len(expected) == 1:
        message += f"; expected {expected[0]}"
    elif expected:
        message += f"; expected one of: {', '.join(expected)}"
    return FormulaError(message, shown, pos + 1, expected)


def _shown(text: str) -> str:
    # The caret line is drawn under a single line: show tabs and line breaks as spaces so that
    # column n (counted in characters from the start of the formula) still lines up.
    # A character that prints as nothing (or reorders the line: a right-to-left override) is shown as '?'.
    if text.isprintable():
        return text
    return "".join(" " if c.isspace() else c if c.isprintable() else "?" for c in text)


# --- compiled nodes ----------------------------------------------------------------------------------


class _Node:
    """A typed closure; ``pos`` is the 0-based start of its text, for error carets."""

    __slots__ = ("type", "fn", "pos", "const", "value")

    def __init__(self, type: str, fn: Callable[[Any], Any], pos: int, const: bool = False, value: Any = None):
        self.type = type
        self.fn = fn
        self.pos = pos
        self.const = const
        self.value = value

    def at(self, pos: int) -> _Node:
        return _Node(self.type, self.fn, pos, self.const, self.value)


def _constant(value: Any, type: str, pos: int) -> _Node:
    return _Node(type, lambda e: value, pos, True, value)


def _divide(a: int, b: int) -> int:
    """Whole-number division rounding down; a divisor that works out to 0 in a deal gives 0 (see formula.lark)."""
    return a // b if b else 0


def _remainder(a: int, b: int) -> int:
    """What is left over after ``a / b``; ``a mod 0`` is ``a``, so that ``(a / b) * b + a mod b == a``."""
    return a % b if b else a


def _round(x: int, unit: int) -> int:
    """To the nearest multiple of ``unit``, a half up (105 -> 110, -105 -> -100); a unit of 0 or less: ``x``."""
    return (2 * x + unit) // (2 * unit) * unit if unit > 0 else x


def _round_down(x: int, unit: int) -> int:
    return x // unit * unit if unit > 0 else x


def _round_up(x: int, unit: int) -> int:
    return -(-x // unit) * unit if unit > 0 else x


_ROUND = {"round": _round, "round_down": _round_down, "round_up": _round_up}


# One specialised closure per operator and shape, so evaluating `a + 1` costs one call to `a`
# and one addition, with no dispatch on the operator at run time.
_FOLD: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": _divide,
    "mod": _remainder,
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_BOTH: dict[str, Callable[[Callable, Callable], Callable]] = {
    "+": lambda f, g: lambda e: f(e) + g(e),
    "-": lambda f, g: lambda e: f(e) - g(e),
    "*": lambda f, g: lambda e: f(e) * g(e),
    "/": lambda f, g: lambda e: _divide(f(e), g(e)),
    "mod": lambda f, g: lambda e: _remainder(f(e), g(e)),
    "==": lambda f, g: lambda e: f(e) == g(e),
    "!=": lambda f, g: lambda e: f(e) != g(e),
    "<": lambda f, g: lambda e: f(e) < g(e),
    "<=": lambda f, g: lambda e: f(e) <= g(e),
    ">": lambda f, g: lambda e: f(e) > g(e),
    ">=": lambda f, g: lambda e: f(e) >= g(e),
}
_RIGHT_CONST: dict[str, Callable[[Callable, Any], Callable]] = {
    "+": lambda f, k: lambda e: f(e) + k,
    "-": lambda f, k: lambda e: f(e) - k,
    "*": lambda f, k: lambda e: f(e) * k,
    "/": lambda f, k: lambda e: f(e) // k,  # (a constant divisor is never 0: refused when compiled)
    "mod": lambda f, k: lambda e: f(e) % k,
    "==": lambda f, k: lambda e: f(e) == k,
    "!=": lambda f, k: lambda e: f(e) != k,
    "<": lambda f, k: lambda e: f(e) < k,
    "<=": lambda f, k: lambda e: f(e) <= k,
    ">": lambda f, k: lambda e: f(e) > k,
    ">=": lambda f, k: lambda e: f(e) >= k,
}
_LEFT_CONST: dict[str, Callable[[Any, Callable], Callable]] = {
    "+": lambda k, g: lambda e: k + g(e),
    "-": lambda k, g: lambda e: k - g(e),
    "*": lambda k, g: lambda e: k * g(e),
    "/": lambda k, g: lambda e: _divide(k, g(e)),
    "mod": lambda k, g: lambda e: _remainder(k, g(e)),
    "==": lambda k, g: lambda e: k == g(e),
    "!=": lambda k, g: lambda e: k != g(e),
    "<": lambda k, g: lambda e: k < g(e),
    "<=": lambda k, g: lambda e: k <= g(e),
    ">": lambda k, g: lambda e: k > g(e),
    ">=": lambda k, g: lambda e: k >= g(e),
}


def _binary(op: str, a: _Node, b: _Node, type: str, pos: int) -> _Node:
    if a.const and b.const:
        return _constant(_FOLD[op](a.value, b.value), type, pos)
    if b.const:
        return _Node(type, _RIGHT_CONST[op](a.fn, b.value), pos)
    if a.const:
        return _Node(type, _LEFT_CONST[op](a.value, b.fn), pos)
    return _Node(type, _BOTH[op](a.fn, b.fn), pos)


def _unify(a: str, b: str) -> str | None:
    """The common type of two values that may be compared or be the two branches of an `if`."""
    if a == b:
        return a
    if a == "none" and b in _NULLABLE:
        return b
    if b == "none" and a in _NULLABLE:
        return a
    return None


@v_args(inline=True, meta=True)
class _Compiler(Transformer):
    """Turns the parse tree into typed closures, bottom up, checking types as it goes."""

    def __init__(self, shown: str, symbols: Mapping[str, Symbol]):
        super().__init__(visit_tokens=False)
        self._text = shown
        self._symbols = symbols
        self.names: set[str] = set()

    def _fail(self, message: str, pos: int) -> None:
        raise FormulaError(message, self._text, pos + 1)

    def _need(self, node: _Node, type: str, what: str) -> None:
        if node.type != type:
            self._fail(f"{what}, not {_DESCRIBE[node.type]}", node.pos)

    # atoms

    def number(self, meta, token: Token) -> _Node:
        # the length test first: Python refuses to convert integers of more than 4300 digits
        if len(token.lstrip("0")) > len(str(MAX_NUMBER)) or int(token) > MAX_NUMBER:
            self._fail(f"number too large (the limit is {MAX_NUMBER:,})", token.start_pos)
        return _constant(int(token), "number", token.start_pos)

    def string(self, meta, token: Token) -> _Node:
        return _constant(str(token)[1:-1], "text", token.start_pos)

    def true(self, meta) -> _Node:
        return _constant(True, "boolean", meta.start_pos)

    def false(self, meta) -> _Node:
        return _constant(False, "boolean", meta.start_pos)

    def none(self, meta) -> _Node:
        return _constant(None, "none", meta.start_pos)

    def name(self, meta, *parts: Token) -> _Node:
        dotted = ".".join(parts)
        symbol = self._symbols.get(dotted)
        if symbol is None:
            message = f"unknown name '{dotted}'"
            close = difflib.get_close_matches(dotted, list(self._symbols), n=1)
            if close:
                message += f"; did you mean '{close[0]}'?"
            self._fail(message, meta.start_pos)
        self.names.add(dotted)
        # The getter itself is the closure: reading a name costs exactly one call.
        return _Node(symbol.type, symbol.get, meta.start_pos)

    def paren(self, meta, inner: _Node) -> _Node:
        return inner.at(meta.start_pos)

    def call(self, meta, function: Token, *arguments: _Node | None) -> _Node:
        args = [a for a in arguments if a is not None]  # `min()` leaves a None placeholder
        name = str(function)
        pos = meta.start_pos
        if name not in FUNCTIONS:
            message = f"unknown function '{name}'"
            close = difflib.get_close_matches(name, FUNCTIONS, n=1)
            if name in _OPERATOR_FUNCTIONS:
                message += f"; {_OPERATOR_FUNCTIONS[name]}"
            elif close:
                message += f"; did you mean '{close[0]}'?"
            else:
                message += f"; the functions are {', '.join(FUNCTIONS)}"
            self._fail(message, function.start_pos)
        if name in _ROUNDINGS:
            return self._rounding(name, args, pos)
        if name == "abs":
            if len(args) != 1:
                self._fail(f"'abs' takes 1 argument, got {len(args)}", pos)
            (a,) = args
            self._need(a, "number", "'abs' needs a number")
            if a.const:
                return _constant(abs(a.value), "number", pos)
            f = a.fn
            return _Node("number", lambda e: abs(f(e)), pos)
        if not args:
            self._fail(f"'{name}' takes at least 1 argument, got 0", pos)
        for a in args:
            self._need(a, "number", f"'{name}' needs numbers")
        pick = min if name == "min" else max
        if all(a.const for a in args):
            return _constant(pick(a.value for a in args), "number", pos)
        if len(args) == 1:
            return args[0].at(pos)
        if len(args) == 2:
            a, b = args
            if b.const:
                f, k = a.fn, b.value
                return _Node("number", lambda e: pick(f(e), k), pos)
            if a.const:
                k, g = a.value, b.fn
                return _Node("number", lambda e: pick(k, g(e)), pos)
            f, g = a.fn, b.fn
            return _Node("number", lambda e: pick(f(e), g(e)), pos)
        fs = tuple(a.fn for a in args)
        return _Node("number", lambda e: pick([f(e) for f in fs]), pos)

    def _rounding(self, name: str, args: list[_Node], pos: int) -> _Node:
        if len(args) != 2:
            self._fail(f"'{name}' takes 2 arguments, the number and the unit to round it to (e.g. {name}(x, 10)), "
                       f"got {len(args)}", pos)
        x, unit = args
        self._need(x, "number", f"'{name}' needs numbers")
        self._need(unit, "number", f"'{name}' needs numbers")
        if unit.const and unit.value <= 0:
            self._fail(f"'{name}' rounds to a unit of 1 or more, not {unit.value}", unit.pos)
        fn = _ROUND[name]
        if x.const and unit.const:
            return _constant(fn(x.value, unit.value), "number", pos)
        if unit.const:
            f, k = x.fn, unit.value
            return _Node("number", lambda e: fn(f(e), k), pos)
        f, g = x.fn, unit.fn
        return _Node("number", lambda e: fn(f(e), g(e)), pos)

    # operators

    def neg(self, meta, minus: Token, a: _Node) -> _Node:
        self._need(a, "number", "'-' needs a number")
        if a.const:
            return _constant(-a.value, "number", meta.start_pos)
        f = a.fn
        return _Node("number", lambda e: -f(e), meta.start_pos)

    def arith(self, meta, a: _Node, op: Token, b: _Node) -> _Node:
        self._need(a, "number", f"'{op}' needs numbers")
        self._need(b, "number", f"'{op}' needs numbers")
        if str(op) in ("/", "mod") and b.const and b.value == 0:
            self._fail(f"'{op}' by 0: no number can be divided by 0 (write a divisor other than 0)", b.pos)
        node = _binary(str(op), a, b, "number", meta.start_pos)
        if node.const and abs(node.value) > MAX_NUMBER:
            self._fail(f"this works out to a number beyond the limit ({MAX_NUMBER:,})", meta.start_pos)
        return node

    def compare(self, meta, a: _Node, op: Token, b: _Node) -> _Node:
        symbol = str(op)
        pos = meta.start_pos
        if symbol not in ("==", "!="):
            self._need(a, "number", f"'{symbol}' needs numbers")
            self._need(b, "number", f"'{symbol}' needs numbers")
            return _binary(symbol, a, b, "boolean", pos)
        if _unify(a.type, b.type) is None:
            self._fail(
                f"'{symbol}' needs two values of the same type, not {_DESCRIBE[a.type]} and {_DESCRIBE[b.type]}",
                op.start_pos,
            )
        if (a.type == "none") != (b.type == "none"):  # `x == none`: an identity test, not __eq__
            f = (b if a.type == "none" else a).fn
            if symbol == "==":
                return _Node("boolean", lambda e: f(e) is None, pos)
            return _Node("boolean", lambda e: f(e) is not None, pos)
        return _binary(symbol, a, b, "boolean", pos)

    def not_(self, meta, a: _Node) -> _Node:
        self._need(a, "boolean", "'not' needs a true/false value")
        if a.const:
            return _constant(not a.value, "boolean", meta.start_pos)
        f = a.fn
        return _Node("boolean", lambda e: not f(e), meta.start_pos)

    def and_(self, meta, a: _Node, b: _Node) -> _Node:
        self._need(a, "boolean", "'and' needs true/false values")
        self._need(b, "boolean", "'and' needs true/false values")
        if a.const:
            return b.at(meta.start_pos) if a.value else _constant(False, "boolean", meta.start_pos)
        f, g = a.fn, b.fn
        return _Node("boolean", lambda e: f(e) and g(e), meta.start_pos)

    def or_(self, meta, a: _Node, b: _Node) -> _Node:
        self._need(a, "boolean", "'or' needs true/false values")
        self._need(b, "boolean", "'or' needs true/false values")
        if a.const:
            return _constant(True, "boolean", meta.start_pos) if a.value else b.at(meta.start_pos)
        f, g = a.fn, b.fn
        return _Node("boolean", lambda e: f(e) or g(e), meta.start_pos)

    def if_expr(self, meta, condition: _Node, then: _Node, otherwise: _Node) -> _Node:
        self._need(condition, "boolean", "the condition of 'if' needs a true/false value")
        type = _unify(then.type, otherwise.type)
        if type is None:
            message = f"the two branches of 'if' must have the same type: {then.type} and {otherwise.type}"
            self._fail(message, otherwise.pos)
        pos = meta.start_pos
        if condition.const:
            chosen = then if condition.value else otherwise
            return _Node(type, chosen.fn, pos, chosen.const, chosen.value)
        c = condition.fn
        if then.const and otherwise.const:
            x, y = then.value, otherwise.value
            return _Node(type, lambda e: x if c(e) else y, pos)
        f, g = then.fn, otherwise.fn
        return _Node(type, lambda e: f(e) if c(e) else g(e), pos)


# --- bounds: the values a formula can give -------------------------------------------------------

_INF = float("inf")
_BOTH_TRUTHS = frozenset({True, False})


def _times(x: float, y: float) -> float:
    return 0 if x == 0 or y == 0 else x * y  # (no bound times 0 is 0, not nan)


def _floor_div(x: float, d: float) -> float:
    """``x // d`` for a divisor of 1 or more, where either may be unbounded."""
    if d == _INF:
        return 0 if x >= 0 else -1 if x > -_INF else -_INF
    return x if x in (_INF, -_INF) else x // d


def _divided(lo: float, hi: float, dlo: float, dhi: float) -> tuple[float, float]:
    """The range of ``x / d`` (rounded down), x in lo..hi and d in dlo..dhi, d taken 1 or more."""
    low = _floor_div(lo, dhi) if lo >= 0 else _floor_div(lo, dlo)
    high = _floor_div(hi, dlo) if hi >= 0 else _floor_div(hi, dhi)
    return low, high


def _truths(must: bool, can: bool) -> frozenset:
    return frozenset({True}) if must else _BOTH_TRUTHS if can else frozenset({False})


_NEGATED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
_MIRRORED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _constant_number(node: Any) -> int | None:
    """The number a node is written as (``7``, ``-7``, ``(7)``), or None."""
    sign = 1
    while isinstance(node, Tree) and node.data in ("paren", "neg"):
        if node.data == "neg":
            sign = -sign
        node = node.children[-1]
    return sign * int(node.children[0]) if isinstance(node, Tree) and node.data == "number" else None


def _comparisons(condition: Any, truth: bool) -> list[tuple[str, str, int]]:
    """What ``condition`` coming out ``truth`` says of single names: (name, operator, number) for each
    comparison of a name with a number it joins by ``and`` (true) or ``or`` (false), through ``not``."""
    while isinstance(condition, Tree) and condition.data in ("paren", "not_"):
        if condition.data == "not_":
            truth = not truth
        condition = condition.children[0]
    if not isinstance(condition, Tree):
        return []
    if condition.data == ("and_" if truth else "or_"):
        return _comparisons(condition.children[0], truth) + _comparisons(condition.children[1], truth)
    if condition.data != "compare":
        return []
    left, op, right = condition.children
    op = str(op)
    for name, number, said in ((left, right, op), (right, left, _MIRRORED[op])):
        while isinstance(name, Tree) and name.data == "paren":
            name = name.children[0]
        k = _constant_number(number)
        if isinstance(name, Tree) and name.data == "name" and k is not None:
            return [(".".join(name.children), said if truth else _NEGATED[said], k)]
    return []


def _union(*ranges: tuple[float, float]) -> tuple[float, float]:
    return min(r[0] for r in ranges), max(r[1] for r in ranges)


@dataclass(frozen=True)
class _Known:
    """A team, a seat or a text whose value is given (Formula.bounds' ``known``): compared exactly."""

    value: Any


class _Ranges:
    """Interval arithmetic over a parse tree: a number node gives (least, greatest) (floats, so that
    ``inf`` stands for no bound), a true/false node the set of truth values it can take."""

    def __init__(self, symbols: Mapping[str, Symbol], narrowed: Mapping[str, tuple] | None = None,
                 known: Mapping[str, Any] | None = None):
        self.symbols = symbols
        self.narrowed = narrowed or {}  # a name's range inside a branch of an `if` that compared it
        self.known = known or {}  # names whose values are given (Formula.bounds)

    def of(self, node: Tree) -> Any:
        parts = [c for c in node.children if c is not None]
        return getattr(self, f"_{node.data}", self._other)(parts)

    # one method per kind of node (the grammar's rule names)

    def _number(self, parts: list) -> tuple[int, int]:
        return (int(parts[0]), int(parts[0]))

    def _true(self, parts: list) -> frozenset:
        return frozenset({True})

    def _false(self, parts: list) -> frozenset:
        return frozenset({False})

    def _other(self, parts: list) -> frozenset:
        return _BOTH_TRUTHS  # a string or none: only ever compared

    def _name(self, parts: list) -> Any:
        dotted = ".".join(parts)
        symbol = self.symbols[dotted]
        if dotted in self.known:
            value = self.known[dotted]
            if symbol.type == "boolean":
                return frozenset({bool(value)})
            if symbol.type != "number":
                return _Known(value)
            if type(value) in (int, float):
                return (value, value)  # (else, a number not known: its bounds, as below)
        if symbol.type == "boolean":
            return _BOTH_TRUTHS
        if dotted in self.narrowed:
            return self.narrowed[dotted]
        lo, hi = symbol.bounds or (None, None)
        return (-_INF if lo is None else lo, _INF if hi is None else hi)

    def _paren(self, parts: list) -> Any:
        return self.of(parts[0])

    def _neg(self, parts: list) -> tuple[float, float]:
        lo, hi = self.of(parts[1])
        return (-hi, -lo)

    def _arith(self, parts: list) -> tuple[float, float]:
        return self.arith(self.of(parts[0]), str(parts[1]), self.of(parts[2]))

    def _call(self, parts: list) -> tuple[float, float]:
        return self.call(str(parts[0]), [self.of(a) for a in parts[1:]])

    def _if_expr(self, parts: list) -> Any:
        truths = self.of(parts[0])
        chosen = [self.within(parts[0], truth).of(branch)
                  for truth, branch in ((True, parts[1]), (False, parts[2])) if truth in truths]
        if isinstance(chosen[0], frozenset):
            return frozenset().union(*chosen)
        return _union(*chosen)

    def _not_(self, parts: list) -> frozenset:
        return frozenset(not t for t in self.of(parts[0]))

    def _and_(self, parts: list) -> frozenset:
        a, b = self.of(parts[0]), self.of(parts[1])
        return frozenset(x and y for x in a for y in b)

    def _or_(self, parts: list) -> frozenset:
        a, b = self.of(parts[0]), self.of(parts[1])
        return frozenset(x or y for x in a for y in b)

    def _compare(self, parts: list) -> frozenset:
        return self.compare(parts[0], str(parts[1]), parts[2])

    def within(self, condition: Tree, truth: bool) -> _Ranges:
        """These ranges where ``condition`` came out ``truth``: each name it compares with a number is narrowed
        (``if tricks > 3 then tricks - 3 else 0``: tricks is 4 or more in the first branch); nothing else is."""
        narrowed = dict(self.narrowed)
        for dotted, op, k in _comparisons(condition, truth):
            lo, hi = self._name(dotted.split("."))
            if op in ("<", "<="):
                hi = min(hi, k - 1 if op == "<" else k)
            elif op in (">", ">="):
                lo = max(lo, k + 1 if op == ">" else k)
            elif op == "==":
                lo, hi = max(lo, k), min(hi, k)
            narrowed[dotted] = (lo, hi) if lo <= hi else (lo, lo)  # (a branch no deal takes: any range will do)
        return _Ranges(self.symbols, narrowed, self.known) if narrowed != self.narrowed else self

    def arith(self, a: tuple, op: str, b: tuple) -> tuple[float, float]:
        (alo, ahi), (blo, bhi) = a, b
        if op == "+":
            return (alo + blo, ahi + bhi)
        if op == "-":
            return (alo - bhi, ahi - blo)
        if op == "*":
            corners = [_times(x, y) for x in (alo, ahi) for y in (blo, bhi)]
            return (min(corners), max(corners))
        parts = []
        if bhi >= 1:  # a divisor of 1 or more
            d = (max(blo, 1), bhi)
            parts.append(_divided(alo, ahi, *d) if op == "/" else (0, min(d[1] - 1, ahi if alo >= 0 else _INF)))
        if blo <= -1:  # x / d is -x / -d; x mod d lies between d + 1 and 0
            d = (max(-bhi, 1), -blo)
            parts.append(_divided(-ahi, -alo, *d) if op == "/" else (1 - d[1], 0))
        if blo <= 0 <= bhi:  # a / 0 is 0, a mod 0 is a
            parts.append((0, 0) if op == "/" else (alo, ahi))
        return _union(*parts)

    def call(self, name: str, args: list[tuple]) -> tuple[float, float]:
        if name == "abs":
            (lo, hi), = args
            return (lo, hi) if lo >= 0 else (-hi, -lo) if hi <= 0 else (0, max(-lo, hi))
        if name in ("min", "max"):
            pick = min if name == "min" else max
            return (pick(a[0] for a in args), pick(a[1] for a in args))
        (lo, hi), (ulo, uhi) = args
        if ulo == uhi and ulo >= 1 and lo > -_INF and hi < _INF:  # a unit written as a number: exact
            fn = _ROUND[name]
            return (fn(int(lo), int(ulo)), fn(int(hi), int(ulo)))
        # any unit: never below 0 from a number that is not, never above it rounded down
        return (0 if lo >= 0 else -_INF, hi if name == "round_down" else _INF)

    def compare(self, left: Tree, op: str, right: Tree) -> frozenset:
        a, b = self.of(left), self.of(right)
        if type(a) is _Known and type(b) is _Known and op in ("==", "!="):
            return frozenset({(a.value == b.value) == (op == "==")})
        if not (isinstance(a, tuple) and isinstance(b, tuple)):
            return _BOTH_TRUTHS  # teams, seats, text: which one is not known before the deal
        if op in ("<", ">"):  # a < b, or b < a
            (xlo, xhi), (ylo, yhi) = (a, b) if op == "<" else (b, a)
            return _truths(xhi < ylo, xlo < yhi)
        if op in ("<=", ">="):
            (xlo, xhi), (ylo, yhi) = (a, b) if op == "<=" else (b, a)
            return _truths(xhi <= ylo, xlo <= yhi)
        (alo, ahi), (blo, bhi) = a, b
        equal = _truths(alo == ahi == blo == bhi, alo <= bhi and blo <= ahi)
        return equal if op == "==" else frozenset(not t for t in equal)


# --- explain -----------------------------------------------------------------------------------------


def _show(value: Any, type: str) -> str:
    if value is None:
        return "none"
    if value is True or value is False:
        return "true" if value else "false"
    if type == "text" and isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, int) and abs(value) > 10**100:  # str() refuses ints of more than 4300 digits
        return f"{'-' if value < 0 else ''}a number of about {int(value.bit_length() * 0.30103)} digits"
    return str(value)


def _render(tree: Tree, symbols: Mapping[str, Symbol], env: Any, values: dict[str, Any]) -> str:
    """The formula re-printed with normalised spacing and every name's value in brackets."""

    def render(node: Tree) -> str:
        kind = node.data
        parts = [c for c in node.children if c is not None]
        if kind in ("number", "string"):
            return str(parts[0])
        if kind in ("true", "false", "none"):
            return str(kind)
        if kind == "name":
            dotted = ".".join(parts)
            if dotted not in values:
                values[dotted] = symbols[dotted].get(env)
            return f"{dotted} [{_show(values[dotted], symbols[dotted].type)}]"
        if kind == "call":
            return f"{parts[0]}({', '.join(render(a) for a in parts[1:])})"
        if kind == "paren":
            return f"({render(parts[0])})"
        if kind == "neg":
            return f"-{render(parts[1])}"
        if kind == "not_":
            return f"not {render(parts[0])}"
        if kind in ("arith", "compare"):
            return f"{render(parts[0])} {parts[1]} {render(parts[2])}"
        if kind in ("and_", "or_"):
            return f"{render(parts[0])} {kind[:-1]} {render(parts[1])}"
        if kind == "if_expr":
            return f"if {render(parts[0])} then {render(parts[1])} else {render(parts[2])}"
        raise AssertionError(f"unexpected parse tree node {kind!r}")  # the grammar has no other rule

    return render(tree)
