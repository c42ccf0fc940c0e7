"""The rulesets, found by name or alias (in the style of python-chess ``find_variant``): the shipped
ones first, then the user's own (the ones the app saves, in :func:`.home.user_rulesets_dir`).

Shipped rulesets are the ``*.yaml`` files of the package folder ``thunee_dsl/rulesets/`` (the wheel
maps the top-level ``rulesets/`` folder there) or, in a source checkout, of the top-level
``rulesets/`` folder. Each file is known by its top-level ``name:`` (else its file stem), by every
entry of its top-level ``aliases:`` list, and by its file stem. Lookups are case-insensitive.

The user's own rulesets are known by their file stem: in a folder two files never share a stem, and
the app saves a ruleset under its name (keeping its ``name:`` line the same). A file whose ``name:``
differs from its stem (written by hand, or a copy) is still the stem's: ``list``, ``rules``, ``diff``,
the app's Library and Editor all go by the stem; its ``name:`` (and its ``aliases:``) find it too, but
only where no stem of the folder, and no other file's ``name:``, answers to them. Nothing of the user's
answers to a name a shipped ruleset answers to: a shipped name always means the shipped ruleset
(:func:`shadowed_rulesets` lists the user's files that no name of theirs finds, and why).

Every function takes an optional ``directory`` to look in instead of :func:`rulesets_dir`; given one,
only that folder is searched (not the user's).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from os import PathLike
from pathlib import Path

from thunee_dsl.errors import Location, Problem, RulesetError, visible

from .home import user_rulesets_dir
from .safe_yaml import MAX_BYTES, load_yaml_file, load_yaml_text

__all__ = ["Header", "rulesets_dir", "shipped_rulesets", "user_folder", "user_rulesets", "shadowed_rulesets",
           "aliases", "find_ruleset", "read_header", "shipped_answer", "unknown_ruleset_message"]


def rulesets_dir() -> Path:
    """The folder holding the shipped rulesets (package data first, then the source tree)."""
    here = Path(__file__).resolve()
    packaged = here.parents[1] / "rulesets"
    if packaged.is_dir():
        return packaged
    return here.parents[2] / "rulesets"


# (file path) -> ((mtime_ns, size), header)
_HEADER_CACHE: dict[Path, tuple[tuple[int, int], "Header"]] = {}

# The top-level keys a header needs. Each is read from its own lines of the file (the key's line and
# the indented or "- " lines after it), so that finding a ruleset by name parses a few lines per file
# rather than every file whole; anything unusual falls back to the whole file.
_TOP_KEY = re.compile(r"(name|title|aliases)[ \t]*:(?:[ \t]|$)")


@dataclass(frozen=True)
class Header:
    """What a listing shows of one ruleset file, read without validating or compiling it."""

    name: str  # ``name:``, else the file stem
    title: str  # ``title:``, else ""
    aliases: tuple[str, ...]


def _header_lines(text: str) -> str | None:
    """The lines of the top-level ``name``/``title``/``aliases`` entries, or None if the file is unusual."""
    if text.startswith(("%", "---", "{")) or "\n---" in text or "\n..." in text:
        return None  # directives, several documents or a flow mapping: read the whole file
    keep: list[str] = []
    inside = False
    for line in text.splitlines():
        if _TOP_KEY.match(line):
            inside = True
        elif not (line[:1] in ("", " ", "\t", "#") or line == "-" or line.startswith("- ")):
            inside = False  # the next top-level key
        if inside:
            keep.append(line)
    return "\n".join(keep) + "\n"


def _lines_data(text: str, path: Path) -> dict | None:
    """The header read from its own lines (None when they are unusual or do not say a name)."""
    lines = _header_lines(text)
    if lines is None:
        return None
    try:
        data = load_yaml_text(lines, str(path), check_names=False).data
    except RulesetError:
        return None  # e.g. an anchor defined elsewhere: the whole file decides
    return data if data is not None and isinstance(data.get("name"), str) else None


def _header_data(path: Path) -> dict | None:
    """The top-level mapping's header keys (None when the file does not load as YAML)."""
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    text = text.removeprefix("\ufeff")
    if len(raw) <= MAX_BYTES:
        data = _lines_data(text, path)
        if data is not None:
            return data
    try:
        return load_yaml_file(path, check_names=False).data
    except (RulesetError, OSError):  # an unreadable file is listed too, and says why when loaded
        # by its name line where that reads, as the quick reading lists it (a value elsewhere, such as
        # 1E10 over the cap, does not make a file behind one document marker lose its name)
        if len(raw) <= MAX_BYTES and text.startswith("---\n"):
            return _lines_data(text.removeprefix("---\n"), path)
        return None


def read_header(path: str | PathLike) -> Header:
    """The name, title and aliases of one ruleset file, cached while the file is unchanged.

    A file that does not load is still listed (by its stem), so that loading it later reports its
    problems with their locations.
    """
    path = Path(path)
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (0, 0)
    cached = _HEADER_CACHE.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    data = _header_data(path) or {}
    name, title, alias_list = path.stem, "", ()
    raw_name = data.get("name")
    if isinstance(raw_name, str) and raw_name.strip():
        name = raw_name.strip()
    raw_title = data.get("title")
    if isinstance(raw_title, str):
        title = " ".join(raw_title.split())
    raw_aliases = data.get("aliases")
    if isinstance(raw_aliases, list):
        alias_list = tuple(a.strip() for a in raw_aliases if isinstance(a, str) and a.strip())
    header = Header(name, title, alias_list)
    _HEADER_CACHE[path] = (stamp, header)
    return header


def _header(path: Path) -> tuple[str, tuple[str, ...]]:
    header = read_header(path)
    return header.name, header.aliases


def _files(directory: Path) -> list[Path]:
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.yaml") if p.is_file())


def _directory(directory: str | PathLike | None) -> Path:
    return Path(directory) if directory is not None else rulesets_dir()


def shipped_rulesets(directory: str | PathLike | None = None) -> dict[str, Path]:
    """Shipped rulesets by name (``name:``, else the file stem), in file-name order.

    If two files claim the same name (ignoring case) the first in file-name order wins.
    """
    result: dict[str, Path] = {}
    taken: set[str] = set()
    for path in _files(_directory(directory)):
        name, _ = _header(path)
        if name.lower() in taken:
            continue
        taken.add(name.lower())
        result[name] = path
    return result


def user_folder() -> Path | None:
    """The user's rulesets folder, or None where there is no home to find it in (a bare service)."""
    try:
        return user_rulesets_dir()
    except RuntimeError:  # Path.home() with neither $HOME nor a password entry
        return None


def user_rulesets() -> dict[str, Path]:
    """The user's own rulesets by name (the file stem), in file-name order.

    A file whose stem a shipped ruleset answers to (its name, an alias or its stem) is not listed: no
    name finds it (:func:`shadowed_rulesets` says why); of two stems alike but for case, the first.
    """
    shipped = _lookup_table(None)
    result: dict[str, Path] = {}
    folder = user_folder()
    for path in _files(folder) if folder is not None else ():
        if path.stem.lower() not in shipped and path.stem.lower() not in {n.lower() for n in result}:
            result[path.stem] = path
    return result


def shadowed_rulesets() -> dict[Path, str]:
    """The user's files that no name of theirs finds, each with why, in words: its file name is a shipped
    ruleset's name or alias (which always means the shipped ruleset), or another file's name but for case."""
    listed = set(user_rulesets().values())
    folder = user_folder()
    result: dict[Path, str] = {}
    for path in _files(folder) if folder is not None else ():
        if path in listed:
            continue
        answer = shipped_answer(path.stem)
        result[path] = (f"'{path.stem}' is {answer[1]} of the shipped ruleset '{answer[0]}', which that name "
                        "always opens: rename the file to use it" if answer else
                        f"another of your files has the same name but for case: rename one of them")
    return result


def shipped_answer(name: str, directory: str | PathLike | None = None) -> tuple[str, str] | None:
    """``(shipped ruleset, how it is known by name)`` when a shipped ruleset answers to ``name`` (any case,
    or written loosely as the app's Save box takes it: "Six", "two player"), else None. ``how``: "the name",
    "another name" (an alias) or "the file name".

    >>> shipped_answer("SIX"), shipped_answer("two player"), shipped_answer("our-table")
    (('six-player', 'another name'), ('two-player', 'the name'), None)
    """
    names = shipped_rulesets(directory)
    key, loose = str(name).strip().lower(), _loose(str(name))
    for how, pairs in (("the name", [(n, n) for n in names]),
                       ("another name", [(a, n) for a, n in aliases(directory).items()]),
                       ("the file name", [(p.stem, n) for n, p in names.items()])):
        for known, ruleset in pairs:
            if known.lower() == key or (loose and _loose(known) == loose):
                return ruleset, how
    return None


def aliases(directory: str | PathLike | None = None) -> dict[str, str]:
    """Every declared alias -> the name of the ruleset it stands for.

    An alias that is also a ruleset name, or that an earlier file already declared, is ignored.
    """
    names = shipped_rulesets(directory)
    lowered = {n.lower() for n in names}
    result: dict[str, str] = {}
    taken: set[str] = set()
    for name, path in names.items():
        for alias in _header(path)[1]:
            key = alias.lower()
            if key in lowered or key in taken:
                continue
            taken.add(key)
            result[alias] = name
    return result


def _lookup_table(directory: str | PathLike | None) -> dict[str, Path]:
    """lower-cased name / alias / stem -> file; names beat aliases, aliases beat stems."""
    names = shipped_rulesets(directory)
    table: dict[str, Path] = {}
    for name, path in names.items():
        table.setdefault(name.lower(), path)
    for alias, name in aliases(directory).items():
        table.setdefault(alias.lower(), names[name])
    for path in names.values():
        table.setdefault(path.stem.lower(), path)
    return table


def _user_lookup_table(folder: Path) -> dict[str, Path]:
    """lower-cased stem / ``name:`` / alias -> file of the user's folder: every stem first (a name is its
    file's), then a ``name:`` or an alias that only one file declares and no stem is."""
    files = _files(folder)
    table: dict[str, Path] = {}
    for path in files:
        table.setdefault(path.stem.lower(), path)
    declared: dict[str, set[Path]] = {}
    for path in files:
        header = read_header(path)
        for known in (header.name, *header.aliases):
            declared.setdefault(known.lower(), set()).add(path)
    for key, paths in declared.items():
        if len(paths) == 1:
            table.setdefault(key, next(iter(paths)))
    return table


def _candidates(directory: str | PathLike | None) -> dict[str, str]:
    """lower-cased name / alias / stem -> as written, for "did you mean"."""
    names = shipped_rulesets(directory)
    candidates: dict[str, str] = {}
    for known in names:
        candidates.setdefault(known.lower(), known)
    for alias in aliases(directory):
        candidates.setdefault(alias.lower(), alias)
    for path in names.values():
        candidates.setdefault(path.stem.lower(), path.stem)
    return candidates


def _loose(name: str) -> str:
    """A name with case, spaces and punctuation left out: "Our Table!" and "our-table" meet."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _loosely(table: dict[str, Path]) -> dict[str, Path]:
    """``table`` by loose names; a loose name two different files share finds neither."""
    found: dict[str, Path] = {}
    shared: set[str] = set()
    for key, path in table.items():
        loose = _loose(key)
        if loose in found and found[loose] != path:
            shared.add(loose)
        found.setdefault(loose, path)
    return {k: v for k, v in found.items() if k and k not in shared}


def unknown_ruleset_message(name: str, directory: str | PathLike | None = None) -> str:
    """``unknown ruleset 'x' (did you mean 'y'?); known rulesets: a, b``, then, when the user has
    saved rulesets of their own (and no ``directory`` is given), ``; yours (in FOLDER): c, d``."""
    names = shipped_rulesets(directory)
    own = user_rulesets() if directory is None else {}
    if not names and not own:
        return f"unknown ruleset '{name}'; no rulesets are installed (looked in {_directory(directory)})"
    candidates = _candidates(directory)
    if own:
        for written in own:
            candidates.setdefault(written.lower(), written)
    close = difflib.get_close_matches(name.lower(), list(candidates), n=1, cutoff=0.6)
    message = f"unknown ruleset '{visible(name)}'"
    if close:
        message += f" (did you mean '{visible(candidates[close[0]])}'?)"
    message += "; known rulesets: " + ", ".join(names)
    if own:  # (a name of the user's may hold an invisible character: shown by its code, as `list` does)
        message += f"; yours (in {user_folder()}): " + ", ".join(visible(n) for n in own)
    return message


def find_ruleset(
    name: str,
    *,
    directory: str | PathLike | None = None,
    where: Location | None = None,
) -> Path:
    """The file of the ruleset called ``name`` (a name, an alias or a file stem; any case): a shipped
    one, else (without ``directory``) one of the user's own.

    Unknown names raise :class:`RulesetError` located at ``where`` (default: the rulesets folder)
    with a "did you mean" suggestion and the list of known names.
    """
    key = str(name).strip().lower()
    tables = [_lookup_table(directory)]
    if directory is None and user_folder() is not None:
        tables.append(_user_lookup_table(user_folder()))
    for table in tables:  # the exact name (any case), shipped first
        if key in table:
            return table[key]
    for table in tables:  # then the name as typed in the app's Save box: "our table" for our-table
        path = _loosely(table).get(_loose(key))
        if path is not None:
            return path
    location = where if where is not None else Location(str(_directory(directory)))
    raise RulesetError([Problem(location, unknown_ruleset_message(str(name).strip(), directory))])
