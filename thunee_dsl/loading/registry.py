"""The shipped rulesets, found by name or alias (in the style of python-chess ``find_variant``).

Shipped rulesets are the ``*.yaml`` files of the package folder ``thunee_dsl/rulesets/`` (the wheel
maps the top-level ``rulesets/`` folder there) or, in a source checkout, of the top-level
``rulesets/`` folder. Each file is known by its top-level ``name:`` (else its file stem), by every
entry of its top-level ``aliases:`` list, and by its file stem. Lookups are case-insensitive.

Every function takes an optional ``directory`` to look in instead of :func:`rulesets_dir`.
"""

from __future__ import annotations

import difflib
from os import PathLike
from pathlib import Path

from thunee_dsl.errors import Location, Problem, RulesetError

from .safe_yaml import load_yaml_file

__all__ = ["rulesets_dir", "shipped_rulesets", "aliases", "find_ruleset", "unknown_ruleset_message"]


def rulesets_dir() -> Path:
    """The folder holding the shipped rulesets (package data first, then the source tree)."""
    here = Path(__file__).resolve()
    packaged = here.parents[1] / "rulesets"
    if packaged.is_dir():
        return packaged
    return here.parents[2] / "rulesets"


# (resolved file path) -> ((mtime_ns, size), name, aliases)
_HEADER_CACHE: dict[Path, tuple[tuple[int, int], str, tuple[str, ...]]] = {}


def _header(path: Path) -> tuple[str, tuple[str, ...]]:
    """The ``name:`` and ``aliases:`` of one file, read with the safe loader and cached.

    A file that does not load is still listed (by its stem), so that loading it later reports its
    problems with their locations.
    """
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (0, 0)
    cached = _HEADER_CACHE.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1], cached[2]
    name, alias_list = path.stem, ()
    try:
        data = load_yaml_file(path).data
    except RulesetError:
        data = {}
    raw_name = data.get("name")
    if isinstance(raw_name, str) and raw_name.strip():
        name = raw_name.strip()
    raw_aliases = data.get("aliases")
    if isinstance(raw_aliases, list):
        alias_list = tuple(a.strip() for a in raw_aliases if isinstance(a, str) and a.strip())
    _HEADER_CACHE[path] = (stamp, name, alias_list)
    return name, alias_list


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


def unknown_ruleset_message(name: str, directory: str | PathLike | None = None) -> str:
    """``unknown ruleset 'x' (did you mean 'y'?); known rulesets: a, b``."""
    names = shipped_rulesets(directory)
    if not names:
        return f"unknown ruleset '{name}'; no rulesets are installed (looked in {_directory(directory)})"
    candidates: dict[str, str] = {}
    for known in names:
        candidates.setdefault(known.lower(), known)
    for alias in aliases(directory):
        candidates.setdefault(alias.lower(), alias)
    for path in names.values():
        candidates.setdefault(path.stem.lower(), path.stem)
    close = difflib.get_close_matches(name.lower(), list(candidates), n=1, cutoff=0.6)
    message = f"unknown ruleset '{name}'"
    if close:
        message += f" (did you mean '{candidates[close[0]]}'?)"
    return message + "; known rulesets: " + ", ".join(names)


def find_ruleset(
    name: str,
    *,
    directory: str | PathLike | None = None,
    where: Location | None = None,
) -> Path:
    """The file of the shipped ruleset called ``name`` (a name, an alias or a file stem; any case).

    Unknown names raise :class:`RulesetError` located at ``where`` (default: the rulesets folder)
    with a "did you mean" suggestion and the list of known names.
    """
    key = str(name).strip().lower()
    path = _lookup_table(directory).get(key)
    if path is not None:
        return path
    location = where if where is not None else Location(str(_directory(directory)))
    raise RulesetError([Problem(location, unknown_ruleset_message(str(name).strip(), directory))])
