"""The suite's units on two cores (tests/conftest.py): every module that starts chromium runs in the one
"browser" unit, so two app servers and two chromiums never race for the machine's cores. A browser module is
known by its name; this test finds any that starts a browser under another name."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# (tests/conftest.py by its path: another folder's conftest may be the module named "conftest" in a whole run)
_spec = importlib.util.spec_from_file_location("suite_conftest", TESTS / "conftest.py")
_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_conftest)
_group = _conftest._group
STARTS_A_BROWSER = re.compile(r"pytest\.mark\.browser|browser_app|sync_playwright|chromium\.launch|\blaunch\(p")


def test_every_module_that_starts_a_browser_is_in_the_browser_unit():
    starting = sorted(str(p.relative_to(TESTS.parent)) for p in TESTS.rglob("test_*.py")
                      if STARTS_A_BROWSER.search(p.read_text(encoding="utf-8")) and p.name != Path(__file__).name)
    assert len(starting) >= 20  # (the app's browser modules: found, not an empty glob)
    assert [m for m in starting if _group(f"{m}::test") != "browser"] == []


def test_every_other_module_is_its_own_unit():
    assert _group("tests/game/test_play.py::test_x[standard]") == "tests/game/test_play.py"
    assert _group("tests/editor/test_app_playtest.py::test_y") == "tests/editor/test_app_playtest.py"
