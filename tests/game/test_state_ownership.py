"""Each rule owns its part of the deal's state: the attributes its module declares in ``STATE`` are
written by that module alone (issue 23: "no module writes another family's state").

Every module of ``thunee_dsl/game`` is read (its syntax tree): an attribute of the deal written there, by
assignment (``deal.trump = ...``, ``deal.hands[seat] |= ...``) or by a call that changes it in place
(``deal.trick.append(...)``), directly or through a local name bound to it (``trick = deal.trick``), must
be one its own ``STATE`` declares (each rule makes its part of a new deal itself: its ``begin``). The driver is
``deal.py`` with the polling of ``windows.py``: its own attributes (what the deal waits for, the cards each
seat receives, the sequence) are theirs alone. Nothing writes across."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from thunee_dsl.game import deal as deal_module
from thunee_dsl.game.deal import DEAL_STATE, OWNERS
from thunee_dsl.game.slots import POLICIES, policy_of

GAME = Path(deal_module.__file__).parent
IN_PLACE = {"append", "add", "extend", "pop", "update", "clear", "remove", "discard", "insert", "setdefault",
            "sort", "popitem", "reverse"}
DRIVER = {"deal.py", "windows.py"}  # the driver, and the polling of its windows


def owner_of(name: str) -> str:
    return next(module for module, state in OWNERS.items() if name in state)


def _is_deal(node: ast.AST, in_deal: bool) -> bool:
    """``deal``, ``d``, ``game.deal`` (any ``.deal``), or ``self`` in the Deal class's own methods."""
    if isinstance(node, ast.Name):
        return node.id in ("deal", "d") or (in_deal and node.id == "self")
    return isinstance(node, ast.Attribute) and node.attr == "deal"


def _functions(tree: ast.AST):
    """(function, whether it is a method of the Deal class) of every function in the tree."""
    deal_methods = {id(item) for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and node.name == "Deal"
                    for item in node.body}
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield fn, id(fn) in deal_methods


def _writes(tree: ast.AST):
    """(function, attribute, line) of each write of a deal attribute in the tree."""
    for fn, in_deal in _functions(tree):
        qual = fn
        bound: dict[str, set] = {}  # local name -> what it is bound to (a deal attribute's name, or None)
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                value = node.value
                is_attr = isinstance(value, ast.Attribute) and value.attr in DEAL_STATE and _is_deal(value.value, in_deal)
                bound.setdefault(node.targets[0].id, set()).add(value.attr if is_attr else None)
        # a local name always bound to one attribute of the deal (``trick = deal.trick``) stands for it
        aliases = {name: next(iter(to)) for name, to in bound.items() if len(to) == 1 and None not in to}
        for node in ast.walk(fn):
            targets = []
            if isinstance(node, ast.Assign):
                targets = [t for target in node.targets for t in (target.elts if isinstance(target, ast.Tuple) else [target])]
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for target in targets:
                inner = target.value if isinstance(target, ast.Subscript) else target
                if isinstance(target, ast.Subscript) and isinstance(inner, ast.Name) and inner.id in aliases:
                    yield qual, aliases[inner.id], node.lineno
                elif isinstance(inner, ast.Attribute) and inner.attr in DEAL_STATE and _is_deal(inner.value, in_deal):
                    yield qual, inner.attr, node.lineno
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in IN_PLACE:
                changed = node.func.value
                if isinstance(changed, ast.Name) and changed.id in aliases:
                    yield qual, aliases[changed.id], node.lineno
                elif isinstance(changed, ast.Attribute) and changed.attr in DEAL_STATE and _is_deal(changed.value, in_deal):
                    yield qual, changed.attr, node.lineno


def _qualified(tree: ast.AST) -> dict[int, str]:
    """Each function (by identity) -> its name qualified by its class."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.setdefault(id(node), node.name)
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out[id(item)] = f"{node.name}.{item.name}"
    return out


def crossings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    qualified = _qualified(tree)
    module = path.stem
    out = []
    for fn, attr, line in _writes(tree):
        owner, name = owner_of(attr), qualified[id(fn)]
        if owner == module or (owner == "deal" and path.name in DRIVER):
            continue
        out.append(f"game/{path.name}:{line} ({name}) writes {attr}, {owner}'s")
    return out


def test_every_attribute_has_one_owner_and_a_policy():
    seen: dict[str, str] = {}
    for module, state in OWNERS.items():
        for name, declared in state.items():
            assert name not in seen, f"{name} is declared by both {seen[name]} and {module}"
            seen[name] = module
            assert policy_of(declared) in POLICIES, (module, name, declared)
    assert set(seen) == set(DEAL_STATE)


@pytest.mark.parametrize("path", sorted(GAME.glob("*.py")), ids=lambda p: p.name)
def test_no_module_writes_another_rules_state(path):
    assert crossings(path) == []


def test_the_check_finds_a_crossing(tmp_path):
    """The reading above would see a rule writing another's state, directly or through a local name."""
    (tmp_path / "bidding.py").write_text(
        "def take(deal):\n    deal.trump = 1\n    trick = deal.trick\n    trick.append(2)\n    deal.bids[0] = 3\n")
    found = crossings(tmp_path / "bidding.py")
    assert [line.split(") ")[1] for line in found] == ["writes trump, trumps's", "writes trick, play's"]
