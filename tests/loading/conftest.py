"""Shared helpers for the loading-layer tests."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from thunee_dsl.errors import RulesetError


@pytest.fixture
def problems_of():
    """Call ``fn(*args, **kwargs)``; it must raise RulesetError (and nothing else). Returns the
    problems as ``file:line:col: message`` strings."""

    def run(fn, *args, **kwargs) -> list[str]:
        with pytest.raises(RulesetError) as excinfo:
            fn(*args, **kwargs)
        return [str(p) for p in excinfo.value.problems]

    return run


@pytest.fixture
def write(tmp_path: Path):
    """Write a dedented YAML file under tmp_path and return its path."""

    def run(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return run


@pytest.fixture
def problems():
    """``problems(tmp_path, text)``: the problems of ``text`` loaded as house.yaml (it must be refused), each
    as ``house.yaml:line:col: message``."""
    from thunee_dsl import load_ruleset

    def run(tmp_path: Path, text: str) -> list[str]:
        path = tmp_path / "house.yaml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(RulesetError) as info:
            load_ruleset(path)
        return [str(p).replace(str(path), "house.yaml") for p in info.value.problems]

    return run
