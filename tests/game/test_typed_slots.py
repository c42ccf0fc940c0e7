"""The compiled build's typed attributes (game/slots.py and slots.pxd) and its optional Cython: the
declarations name exactly the attributes the Python classes have, and the engine runs without Cython."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from thunee_dsl import _accel, load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.deal import DEAL_SLOTS, Deal, deal_slots_pxd
from thunee_dsl.game.slots import TABLE_SLOTS, DealSlots, TableSlots
from thunee_dsl.game.tables import RulesetTables, tables

ROOT = Path(__file__).resolve().parents[2]
PXD = ROOT / "thunee_dsl" / "game" / "slots.pxd"


def declared(cls: str) -> list[tuple[str, str]]:
    """(type, name) of each attribute slots.pxd declares for ``cls``."""
    text = PXD.read_text(encoding="utf-8")
    body = text.split(f"cdef class {cls}:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^    cdef public (\w+) (\w+)$", body, re.M)


def test_the_pxd_declares_exactly_the_slots():
    assert [name for _, name in declared("DealSlots")] == list(DEAL_SLOTS)
    assert [name for _, name in declared("TableSlots")] == list(TABLE_SLOTS)
    assert len(set(DEAL_SLOTS)) == len(DEAL_SLOTS) and len(set(TABLE_SLOTS)) == len(TABLE_SLOTS)


def test_the_pxd_is_made_from_the_rules_declarations():
    """slots.pxd's DealSlots is what the rules' STATE declares (build_accel.py writes it before a build: a
    rule that declares a new attribute and a pxd not made again fail here first)."""
    assert deal_slots_pxd() in PXD.read_text(encoding="utf-8")


def test_a_typed_attribute_holds_only_its_type_in_every_shipped_ruleset():
    """A `cdef public list` refuses a tuple: every value a game stores there is a list (and the tables an
    object of their class), in every shipped ruleset's games."""
    typed = {name: kind for kind, name in declared("DealSlots") if kind != "object"}
    assert typed, "slots.pxd types some of the deal's attributes"
    kinds = {"list": list, "TableSlots": RulesetTables}
    for path in sorted((ROOT / "rulesets").glob("*.yaml")):
        game = GameState(load_ruleset(str(path)), seed=5)
        steps = 0
        while not game.is_over and steps < 400:
            for name, kind in typed.items():
                assert type(getattr(game.deal, name)) is kinds[kind], (path.name, name)
            game.apply(game.legal_actions()[-1])
            steps += 1


def test_deal_and_tables_have_only_their_slots():
    """No instance dict in either build: a misspelt attribute fails as it does compiled."""
    deal = GameState(load_ruleset("standard"), seed=1).deal
    assert isinstance(deal, DealSlots) and type(deal) is Deal and Deal.__slots__ == DEAL_SLOTS
    t = tables(load_ruleset("standard"))
    assert isinstance(t, TableSlots)
    for thing in (deal, t):
        assert not hasattr(thing, "__dict__")
        try:
            thing.no_such_attribute = 1
        except AttributeError:
            pass
        else:  # pragma: no cover
            raise AssertionError(f"{type(thing).__name__} took an attribute it does not declare")


def test_the_engine_runs_without_cython(tmp_path):
    """A wheel install has no Cython: the modules' `import cython` falls back to thunee_dsl._accel's
    stand-in, and a game plays exactly as with Cython's own pure-mode module."""
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "cython.py").write_text("raise ModuleNotFoundError(\"No module named 'cython'\", name='cython')\n")
    code = ("import thunee_dsl.game.play as p, thunee_dsl.game.windows as w, thunee_dsl._accel as a\n"
            "from thunee_dsl import load_ruleset\nfrom thunee_dsl.game import GameState\n"
            "g = GameState(load_ruleset('standard'), seed=7)\n"
            "while not g.is_over: g.apply(g.legal_actions()[len(g.history) % len(g.legal_actions())])\n"
            "print(p.cython is a.cython_shadow, w.cython is a.cython_shadow, g.score, len(g.history))")
    env = {**os.environ, _accel.PURE_ENV: "1"}
    outputs = []
    for path in (f"{blocker}{os.pathsep}{ROOT}", str(ROOT)):
        done = subprocess.run([sys.executable, "-c", code], env={**env, "PYTHONPATH": path}, cwd=ROOT,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout.split(maxsplit=2))
    (shadow, shadow_w, without), (real, _, with_cython) = outputs
    assert shadow == shadow_w == "True" and real == "False"  # (Cython is installed here: its module)
    assert without == with_cython


def test_the_stand_in_changes_nothing():
    def f(deal):
        return deal

    assert _accel.cython_shadow.locals(deal=DealSlots)(f) is f and _accel.cython_shadow.compiled is False
