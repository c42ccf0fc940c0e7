"""Every test gets a private, empty user folder (THUNEE_DSL_HOME): the rulesets a person saved from the
app never leak into a test (unknown-ruleset messages list them), and no test writes into a real home."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "thunee-dsl-home"
    monkeypatch.setenv("THUNEE_DSL_HOME", str(folder))
    return folder
