"""What goes with a change of the target: the values a variant leaves behind when it moves the game's target.

A variant that plays to 13 instead of 12 and says nothing else keeps its base's corner house at 11, though the
13-point game's corner house is 12 (pagat, Variants: 13-point Game): corner house is "target - 1". Which values
go with the target is read from the base's own data, not from a list of Thunee's rules: a whole number of the
target's section (``game``) that stands at the base's target, one below or one above it (corner house at
target - 1, a deuce at 11-11 in a game to 12, "13 after Khanaak" at target + 1) is tied to the target, and keeps
that distance in the variant unless the variant writes it itself. Each one left behind is a warning (it plays, but
most likely not as the table means), said at the variant's ``target:`` with the value it would take.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from thunee_dsl.errors import Location, Problem
from thunee_dsl.loading import MergedSource, load_ruleset_source
from thunee_dsl.loading.safe_yaml import value_at

__all__ = ["Companion", "TargetChange", "target_change", "target_warnings"]

TARGET = "target"
"""The key of the number of balls that wins the game (in the section that holds it: ``game``)."""

_NEAR = {-1: "one below the target", 0: "the target itself", 1: "one above the target"}


@dataclass(frozen=True)
class Companion:
    """A value tied to the target that the variant left where the base had it."""

    path: tuple[str, ...]  # ("game", "corner_house")
    kept: int  # what it still is (the base's value)
    follows: int  # what it becomes when it keeps its distance from the new target
    offset: int  # its distance from the target in the base: -1, 0 or +1

    @property
    def words(self) -> str:
        """``corner house``, ``raised target's corner house``: the key as a player reads it."""
        parts = [p.replace("_", " ") for p in self.path[1:]]
        if len(parts) > 1 and self.path[-1] == TARGET:  # raised_target.target: the raised target
            parts.pop()
        return "'s ".join(parts) if parts else self.path[0]

    @property
    def written(self) -> str:
        """How the variant writes it under the target's section: ``corner_house: 12``,
        ``raised_target: {target: 14}``."""
        item = f"{self.path[-1]}: {self.follows}"
        for key in reversed(self.path[1:-1]):
            item = f"{key}: {{{item}}}"
        return item

    @property
    def key(self) -> str:
        return ".".join(self.path)


@dataclass(frozen=True)
class TargetChange:
    """A variant's target differs from its base's: which values went with it in the base, and which stayed."""

    base: str  # the base's name
    before: int
    after: int
    where: Location  # the variant's target: value
    companions: tuple[Companion, ...]

    def message(self, companion: Companion) -> str:
        kept = companion.written.replace(f": {companion.follows}", f": {companion.kept}")
        return (f"game to {self.after} ({self.base} plays to {self.before}), but {companion.words} is still "
                f"{companion.kept}: in {self.base} it is {_NEAR[companion.offset]}, so in a game to {self.after} it "
                f"is {companion.follows}; write '{companion.written}' under 'target: {self.after}' (or "
                f"'{kept}', if your table keeps it at {companion.kept})")


def _numbers(data: Any, path: tuple) -> list[tuple[tuple, int]]:
    """Every whole number under ``data`` with its path (mapping keys only)."""
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [(path, data)]
    if isinstance(data, dict):
        return [found for key, value in data.items() for found in _numbers(value, path + (key,))]
    return []


def _section(data: Any) -> tuple | None:
    """Where the target is written: the path of the mapping holding ``target`` at the top of some section."""
    if not isinstance(data, dict):
        return None
    return next(((key,) for key, value in data.items() if isinstance(value, dict)
                 and isinstance(value.get(TARGET), int) and not isinstance(value.get(TARGET), bool)), None)


@functools.lru_cache(maxsize=32)
def _base_data(file: str, stamp: tuple) -> tuple[str, dict] | None:
    try:
        base = load_ruleset_source(Path(file))
    except Exception:  # a base that does not load says so itself (validate, the Editor): no warning from here
        return None
    return base.name, base.data


def _base_of(source: MergedSource) -> tuple[str, dict] | None:
    if len(source.files) < 2:
        return None
    file = source.files[1]
    try:
        stat = os.stat(file)
    except (OSError, ValueError):
        return None
    return _base_data(file, (stat.st_mtime_ns, stat.st_size))


def target_change(source: MergedSource) -> TargetChange | None:
    """The variant's change of target and the values tied to it that it left behind; None when it keeps its
    base's target (or extends nothing), or when nothing was left behind."""
    base = _base_of(source)
    if base is None:
        return None
    base_name, base_data = base
    section = _section(base_data)
    if section is None:
        return None
    before, after = value_at(base_data, section + (TARGET,)), value_at(source.data, section + (TARGET,))
    if not isinstance(after, int) or isinstance(after, bool) or after == before:
        return None
    top = source.docs[0].data if source.docs else {}
    left = []
    for path, value in _numbers(value_at(base_data, section), section):
        offset = value - before
        if path == section + (TARGET,) or offset not in _NEAR:
            continue
        if value_at(top, path) is not None or value_at(source.data, path) != value:
            continue  # the variant writes it itself (or a file between changed it): its own choice
        left.append(Companion(path, value, after + offset, offset))
    if not left:
        return None
    return TargetChange(base_name, before, after, source.origin(section + (TARGET,)), tuple(left))


def target_warnings(source: MergedSource) -> list[Problem]:
    """The values a change of target left behind, each a located warning (not an error: the variant plays)."""
    change = target_change(source)
    if change is None:
        return []
    return [Problem(change.where, change.message(c)) for c in change.companions]
