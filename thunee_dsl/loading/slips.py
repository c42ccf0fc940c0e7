"""The slips of a hand typing YAML (a stray space, a tab, a line moved left or right, a missing colon, a quote
left open), said at the line that moved, in a card player's words, with the fix.

YAML's parser notices a slip where the text stops making sense to it, often a line or two later, and says so
in its own words ("expected <block end>, but found '<block mapping start>'"); a line moved one level left may
even parse, and then the schema speaks of what the moved line has become ("undertakings.balls: missing required
key 'verb'"). Neither says which line moved. Here the fix is found by trying it: each line near where the
trouble was noticed is put back at each indentation the lines around it allow (or given its colon, or its
quote closed), and the text is read again; the one change that makes the text read (and fit the ruleset's
schema best) is the slip, and the message names it and says how to mend it.

Trial readings use libyaml when PyYAML has it (a ruleset parses in about a millisecond), else PyYAML's own parser.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Sequence

import yaml
from yaml.nodes import MappingNode

from thunee_dsl.errors import Location, Problem

__all__ = ["first_error", "reindent_words", "structure_slip", "swallowed_lines", "syntax_slip", "trial_data"]

STEP = 2
"""Spaces a level, as every shipped ruleset and example indents."""

_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_MOST_LINES = 5  # lines tried before and around the place the trouble was noticed
_MOST_TRIALS = 40  # trial readings (parses) for one text
_MOST_FITS = 6  # of those, checked against the schema
_MOST_RECHECKS = 16  # changed texts checked whole (their chain merged, the schema) for a line that still reads


def _spaces(n: int) -> str:
    return f"{_WORDS.get(n, n)} space{'s' if n != 1 else ''}"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _is_content(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _key_of(line: str) -> str:
    """What a line is called in a message: its key (``balls``), or its item's first words."""
    text = line.strip()
    if text.startswith("- "):
        text = text[2:].lstrip()
    key, colon, _ = text.partition(":")
    if colon and key and len(key) <= 40:
        return key.strip().strip("'\"")
    return text if len(text) <= 30 else text[:27] + "..."


def _fast_loader():
    """A loader class for trial readings: libyaml's parser with the ruleset loader's typing of scalars."""
    from .safe_yaml import RulesetLoader

    try:
        from yaml.cyaml import CParser as parser
    except ImportError:  # pragma: no cover - PyYAML built without libyaml
        parser = None
    if parser is None:  # pragma: no cover - PyYAML built without libyaml
        return RulesetLoader

    class FastLoader(parser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        yaml_implicit_resolvers = RulesetLoader.yaml_implicit_resolvers

        def __init__(self, stream):
            parser.__init__(self, stream)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    return FastLoader


_LOADER = functools.cache(_fast_loader)


def first_error(text: str) -> int | None:
    """The 0-based line of the first thing YAML cannot read in ``text`` (a key written twice in one mapping
    included); None when it reads."""
    try:
        node = yaml.compose(text, Loader=_LOADER())
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        return mark.line if mark is not None else 0
    except (yaml.YAMLError, RecursionError, ValueError):
        return 0
    return _twice(node)


def _twice(node) -> int | None:
    """The line of the first key written a second time in one mapping under ``node``, or None."""
    stack, found = [node], None
    while stack:
        here = stack.pop()
        if isinstance(here, MappingNode):
            seen = set()
            for key, value in here.value:
                name = getattr(key, "value", None)
                if isinstance(name, str) and name in seen:
                    found = key.start_mark.line if found is None else min(found, key.start_mark.line)
                seen.add(name if isinstance(name, str) else id(key))
                stack.append(value)
        elif isinstance(here, yaml.SequenceNode):
            stack.extend(here.value)
    return found


def trial_data(text: str, filename: str):
    """``text`` read quickly as plain data with locations (a :class:`LocatedDoc`), or None when it does not read."""
    from .safe_yaml import LocatedDoc, _Builder

    try:
        node = yaml.compose(text, Loader=_LOADER())
    except (yaml.YAMLError, RecursionError, ValueError):
        return None
    if not isinstance(node, MappingNode):
        return None
    builder = _Builder(filename, check_names=False)
    data = builder.build(node, ())
    return LocatedDoc(data=data, filename=filename, locations=builder.locations, key_locations=builder.key_locations,
                      text=text)


# -- where a line could go ----------------------------------------------------------------------------


def _content_lines(lines: Sequence[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if _is_content(line)]


def _previous(lines: Sequence[str], i: int) -> int | None:
    return next((j for j in range(i - 1, -1, -1) if _is_content(lines[j])), None)


def _next(lines: Sequence[str], i: int) -> int | None:
    return next((j for j in range(i + 1, len(lines)) if _is_content(lines[j])), None)


def _places(lines: Sequence[str], i: int) -> list[int]:
    """The indentations line ``i`` could have: those of the lines it may stand beside (the line above and the
    keys that hold it), one level under the line above, and that of the line below."""
    found: list[int] = []
    j = _previous(lines, i)
    if j is not None:
        found.append(_indent(lines[j]) + STEP)
        level = _indent(lines[j]) + 1
        while j is not None:
            if _indent(lines[j]) < level:
                level = _indent(lines[j])
                found.append(level)
            j = _previous(lines, j)
    below = _next(lines, i)
    if below is not None:
        found.append(_indent(lines[below]))
    found.append(0)
    here = _indent(lines[i])
    return sorted({n for n in found if n != here}, key=lambda n: (abs(n - here), n))


def _reindented(lines: Sequence[str], i: int, n: int) -> list[str]:
    out = list(lines)
    out[i] = " " * n + lines[i].lstrip(" \t")
    return out


def _holder(lines: Sequence[str], i: int, n: int) -> int | None:
    """The line that holds a line indented ``n`` at ``i``: the nearest one above that is indented less."""
    j = _previous(lines, i)
    while j is not None and _indent(lines[j]) >= n:
        j = _previous(lines, j)
    return j


def _beside(lines: Sequence[str], i: int, n: int) -> int | None:
    """A line indented ``n`` under the same holder as line ``i`` would be: the nearest above, else below."""
    j = _previous(lines, i)
    while j is not None and _indent(lines[j]) > n:
        j = _previous(lines, j)
    if j is not None and _indent(lines[j]) == n:
        return j
    k = _next(lines, i)
    while k is not None and _indent(lines[k]) > n:
        k = _next(lines, k)
    if k is not None and _indent(lines[k]) == n:
        return k
    return None


def _where(lines: Sequence[str], i: int, j: int) -> str:
    if j == _previous(lines, i):
        return "the line above"
    if j == _next(lines, i):
        return "the line below"
    return f"'{_key_of(lines[j])}' (line {j + 1})"


def reindent_words(lines: Sequence[str], i: int, n: int) -> str:
    """What is wrong with line ``i`` and how to mend it, when it belongs at indentation ``n``."""
    line = lines[i]
    old = _indent(line)
    fix = "start it at the first column, with no spaces before it" if n == 0 else f"indent it by {n} spaces"
    holder, beside = _holder(lines, i, n), _beside(lines, i, n)
    under = f"under '{_key_of(lines[holder])}:'" if holder is not None else "at the top level, with no key above it"
    if line[:len(line) - len(line.lstrip(" \t"))].count("\t"):
        like = f", as {_where(lines, i, beside)} is" if beside is not None else ""
        return (f"this line is indented with a tab: indent with spaces, not tabs (YAML counts only spaces); it "
                f"belongs {under}: {fix}{like}")
    moved = old - n
    if moved % STEP == 0 and holder is not None and (moved < 0 or beside is None or beside != _previous(lines, i)):
        levels = abs(moved) // STEP
        lv = "one level" if levels == 1 else f"{_WORDS.get(levels, levels)} levels"
        if moved < 0:
            return (f"this line has moved {lv} left: it belonged under '{_key_of(lines[holder])}:' above "
                    f"(line {holder + 1}); {fix}" + (f", as {_where(lines, i, beside)} is" if beside is not None else ""))
        return (f"this line has moved {lv} right: it belongs {under} (line {holder + 1})"
                + (f" beside '{_key_of(lines[beside])}'" if beside is not None else "") + f"; {fix}")
    more = "more" if moved > 0 else "less"
    if beside is not None:
        return f"this line is indented {_spaces(abs(moved))} {more} than {_where(lines, i, beside)}: {fix}, to line it up"
    if moved < 0:
        return (f"this line is indented {_spaces(abs(moved))} less than the lines under "
                f"'{_key_of(lines[holder])}:' (line {holder + 1}): {fix}" if holder is not None
                else f"this line is indented {_spaces(abs(moved))} too little: {fix}")
    if holder is None:
        return f"this line is indented {_spaces(abs(moved))} but nothing holds it: {fix}"
    return f"this line is indented {_spaces(abs(moved))} too far for a line {under} (line {holder + 1}): {fix}"


# -- quotes, brackets and colons --------------------------------------------------------------------------


def _open_quote(line: str) -> int | None:
    """The column (0-based) of a quote that ``line`` opens and never closes, or None."""
    quote, at, k = None, None, 0
    while k < len(line):
        c = line[k]
        if quote is None:
            if c == "#" and (k == 0 or line[k - 1] in " \t"):
                return None
            if c in "'\"" and (k == 0 or line[k - 1] in " \t[{,:-"):
                quote, at = c, k
        elif quote == "'" and c == "'":
            if line[k + 1:k + 2] == "'":
                k += 1
            else:
                quote = None
        elif quote == '"' and c == "\\":
            k += 1
        elif quote == '"' and c == '"':
            quote = None
        k += 1
    return at if quote is not None else None


def _no_colon(line: str) -> str | None:
    """The line with the colon a key lacks (``caught 4`` -> ``caught: 4``), or None when it is not a key
    without its colon."""
    stripped = line.strip()
    if not stripped or stripped.startswith(("#", "-", "[", "{", "'", '"', "|", ">")) or ":" in stripped:
        return None
    m = re.match(r"( *)([A-Za-z_][\w-]*)( +(.*))?$", line)
    if m is None:
        return None
    rest = m.group(4)
    return f"{m.group(1)}{m.group(2)}:" + (f" {rest}" if rest else "")


# -- the search -----------------------------------------------------------------------------------------


def _reads_past(lines: Sequence[str], seen: int) -> bool:
    after = first_error("\n".join(lines))
    return after is None or after > seen


def _fit(text: str, filename: str) -> int:
    """How many schema problems ``text`` has, read as an overlay (fewer: a likelier fix)."""
    from .schema import schema_problems

    doc = trial_data(text, filename)
    if doc is None:
        return 10**6
    data = {k: v for k, v in doc.data.items() if k != "extends"}
    try:
        return len(schema_problems(dataclasses.replace(doc, data=data), partial=True))
    except Exception:  # pragma: no cover - a trial is only a guess: never let it break the real message
        return 10**6


def syntax_slip(text: str, filename: str, problem: Problem, noticed: int, since: int | None = None) -> Problem | None:
    """The slip behind a YAML syntax error noticed on 0-based line ``noticed`` (``problem`` is how YAML said
    it), said where it is with the fix; None when no one-line change mends it."""
    lines = text.split("\n")
    if not 0 <= noticed < len(lines):
        noticed = len(lines) - 1
    # where the trial parser notices it (libyaml may notice a line later than PyYAML): a fix must read further
    seen = first_error(text)
    if seen is None:  # pragma: no cover - the two parsers disagree on whether the text reads
        return None
    noticed = max(noticed, min(seen, len(lines) - 1))
    around = [j for j in _content_lines(lines) if j <= noticed + 1]
    before = [j for j in around if j <= noticed][-_MOST_LINES:] + [j for j in around if j > noticed]
    # a key line that moved takes its lines along, and YAML notices at its next sibling: the line that would
    # stand beside the noticed one, and what holds that
    if _is_content(lines[noticed]):
        j = _previous(lines, noticed)
        while j is not None and _indent(lines[j]) > _indent(lines[noticed]):
            j = _previous(lines, j)
        for k in (j, _next(lines, j) if j is not None else None,
                  _holder(lines, j, _indent(lines[j])) if j is not None else None):
            if k is not None and k not in before:
                before.insert(0, k)
    if since is not None:  # a key written twice: a line between the two that holds no more than they do moved
        between = [k for k in _content_lines(lines) if since < k < noticed and _indent(lines[k]) <= _indent(lines[noticed])]
        for k in between[-3:] + [k for k in between if lines[k].rstrip().endswith(":")][-3:]:
            if k not in before:
                before.insert(0, k)
    # a quote opened and never closed: YAML read on past the end of its line, and noticed later
    for j in [j for j in around if j <= noticed]:
        at = _open_quote(lines[j])
        if at is not None:
            mark, line = lines[j][at], lines[j].rstrip()
            # closed at the end of the line, or (in a [list] or {mapping}) before the next comma or bracket
            ends = [len(line)] + [k for k in (line.find(c, at + 1) for c in ",]}") if k > 0]
            if any(_reads_past([*lines[:j], line[:k] + mark + line[k:], *lines[j + 1:]], seen) for k in ends):
                return Problem(Location(filename, j + 1, at + 1),
                               f"this quote ({mark}) is never closed: YAML reads on past the end of the line, "
                               f"looking for it; end the text with {mark}, or take the {mark} away")
    # a key written twice may be just that (not a moved line): a fix must fit the schema as well as the text
    # does without the second one
    enough = _fit("\n".join(lines[:noticed] + lines[noticed + 1:]), filename) if since is not None else 10**6
    readings: list[tuple[tuple, int, str, int | None, str, int | None]] = []
    budget = _MOST_TRIALS
    for j in reversed(before):  # nearest to where it was noticed first
        mended = _no_colon(lines[j])
        options: list[tuple[str, int | None, list[str]]] = []
        if mended is not None:
            options.append(("colon", None, [*lines[:j], mended, *lines[j + 1:]]))
        for n in _places(lines, j):
            options.append(("indent", n, _reindented(lines, j, n)))
        if "\t" in lines[j][:_indent(lines[j]) + 1] or lines[j][:1] == "\t":
            options.append(("indent", _indent(lines[j]), _reindented(lines, j, _indent(lines[j]))))
        for kind, n, changed in options:
            if budget <= 0:
                break
            budget -= 1
            trial = "\n".join(changed)
            after = first_error(trial)
            if after is not None and after <= seen:
                continue
            moved = abs(n - _indent(lines[j])) if n is not None else 0
            # the top-level keys start at the first column: a fix that leaves the first key indented is not it
            first = next((line for line in changed if _is_content(line)), "")
            odd = n is not None and n % STEP != 0  # every level is two spaces: an odd place is the less likely
            readings.append(((after is not None, _indent(first) > 0, odd, -(after or 0), moved, abs(noticed - j)),
                             j, kind, n, trial, after))
    # the schema (slow: pure Python) weighs only the likeliest few of the changes that read
    trials: list[tuple[tuple, int, str, int | None]] = []  # (score, line, kind, indent)
    for cheap, j, kind, n, trial, after in sorted(readings)[:_MOST_FITS]:
        fits = _fit(trial, filename) if after is None or since is not None else 10**6
        if since is not None and fits > enough:
            continue
        trials.append(((cheap[0], fits, *cheap[1:]), j, kind, n))
    if not trials:
        return None
    _, j, kind, n = min(trials)
    if kind == "colon":
        key = lines[j].split()[0]  # (the colon goes right after it)
        return Problem(Location(filename, j + 1, _indent(lines[j]) + len(key) + 1),
                       f"this line has no ':' after its key: write '{_no_colon(lines[j]).strip()}' "
                       "(a key, a colon and a space, then its value)")
    return Problem(Location(filename, j + 1, 1), reindent_words(lines, j, n))


def structure_slip(text: str, filename: str, problems: Sequence[Problem],
                   recheck: Callable[[str], list[Problem] | None]) -> tuple[int, int, list[Problem]] | None:
    """A line that moved and still reads as YAML, meaning something else (``balls:`` one level left became an
    undertaking without a verb). ``problems``: what the schema found; ``recheck(text)``: the problems of a
    changed text (None when it does not read). Returns the line (0-based) and the indentation that mend it,
    and the problems its moving explains, or None."""
    lines = text.split("\n")
    problems = list(dict.fromkeys(problems))  # (an overlay's problem is found in it and in the merged data)
    ours = [p for p in problems if p.location.file == filename and p.location.line > 0]
    if not ours or len(problems) > 20:
        return None
    content = _content_lines(lines)
    candidates: list[int] = []
    for p in sorted(ours, key=lambda p: p.location.line):  # (a moved line comes before what it caused)
        j = p.location.line - 1
        if j >= len(lines):
            continue
        holder = _holder(lines, j, _indent(lines[j])) if _is_content(lines[j]) else None
        above = _holder(lines, holder, _indent(lines[holder])) if holder is not None else None
        # (a key line moved takes its lines along: what holds the problem's line, and the line just above that)
        # (and the first line under what holds it: where that line stands sets where its siblings stand)
        for k in (j, _previous(lines, j), _next(lines, j), holder, _previous(lines, holder) if holder is not None
                  else None, _next(lines, holder) if holder is not None else None, above):
            if k is not None and _is_content(lines[k]) and k not in candidates:
                candidates.append(k)
    if not content or not candidates:
        return None

    def said(p: Problem) -> tuple[int, str]:
        return p.location.line, p.message

    before = {said(p) for p in problems}
    best = None
    budget = _MOST_RECHECKS
    for j in candidates[:_MOST_LINES * 2]:
        for n in _places(lines, j):
            trial = "\n".join(_reindented(lines, j, n))
            if budget <= 0 or first_error(trial) is not None:
                continue
            budget -= 1
            found = recheck(trial)
            if found is None or len(found) >= len(problems):
                continue
            if not all(said(p) in before or p.location.line == j + 1 for p in found):
                continue  # the change makes a problem of its own: not the fix
            score = (len(found), abs(n - _indent(lines[j])))
            if best is None or score < best[0]:
                best = (score, j, n, found)
    if best is None:
        return None
    _, j, n, found = best
    left = {said(p) for p in found}
    explained = [p for p in problems if said(p) not in left]
    return j, n, explained


_KEY_LINE = re.compile(r"\s*([A-Za-z_][\w-]*):(?:\s|$)")


def swallowed_lines(doc, known: frozenset[str]) -> list[Problem]:
    """A key line moved right under a folded text (``summary: >-``, a formula on several lines) reads as more of
    that text, silently: the section it began is gone from the rules. Said at the first such line of each text
    (``known``: the keys a ruleset has anywhere; a key the mapping already has is taken for words of the text)."""
    lines = doc.text.split("\n") if doc.text else []
    problems = []
    for path, where in doc.locations.items():
        if not path or not isinstance(path[-1], str) or where.line <= 0 or where.line > len(lines):
            continue
        if lines[where.line - 1][where.column - 1:where.column] not in (">", "|"):
            continue
        parent = doc.data
        for part in path[:-1]:
            parent = parent[part] if isinstance(parent, (dict, list)) else None
        key_at = doc.key_location(path)
        home = key_at.column - 1
        for k in range(where.line, len(lines)):
            line = lines[k]
            if line.strip() and _indent(line) <= home:
                break
            m = _KEY_LINE.match(line)
            if m and m.group(1) in known and not (isinstance(parent, dict) and m.group(1) in parent):
                fix = "start it at the first column" if home == 0 else f"indent it by {home} spaces"
                problems.append(Problem(Location(doc.filename, k + 1, 1), (
                    f"this line reads as more of the text of '{path[-1]}' (line {key_at.line}), being indented "
                    f"further than '{path[-1]}:' is: if '{m.group(1)}:' is a key of its own, {fix}, as "
                    f"'{path[-1]}:' is")))
                break
    return problems
