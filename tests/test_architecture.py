"""Architecture checks (docs/architecture.md).

(a) Layering: each layer of ``thunee_dsl`` imports only the layers before it. Every module is parsed
    with :mod:`ast` and every ``thunee_dsl`` import is collected, including imports inside functions,
    relative imports and ``importlib.import_module("thunee_dsl....")`` calls.
(b) The engine stays generic: the game and model layers (the rulebook's wording apart) name no ruleset
    or announcement of a ruleset and hold no Thunee numbers. Checked on :mod:`tokenize` tokens, so
    comments and docstrings (doctests included) do not count.
"""

from __future__ import annotations

import ast
import io
import tokenize
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "thunee_dsl"
ROOT = "thunee_dsl"

LAYERS = {
    "errors": 0,
    "_accel": 0,  # the optional compiled build's import hook (thunee_dsl/__init__.py installs it)
    "loading": 1,
    "formula": 2,
    "model": 3,
    "game": 4,
    "players": 5,
    "simulation": 6,
    "cli": 7,
    "editor": 7,  # the app front end, if it moves into the package
    "__main__": 7,  # `python -m thunee_dsl` is the command line
}
LAYER_NAMES = {n: name for name, n in LAYERS.items() if name not in ("editor", "__main__")}
# Package data (the schema): no code, imports nothing, read through importlib.resources by anyone.
DATA = "data"


# --- (a) layering -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Import:
    module: str  # the importing module, dotted
    target: str  # the imported thunee_dsl module, dotted
    line: int
    in_function: bool


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_of(path: Path) -> str:
    """The package a relative import in ``path`` is relative to."""
    name = module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def is_submodule(dotted: str) -> bool:
    rel = Path(*dotted.split("."))
    return (PACKAGE.parent / rel).with_suffix(".py").is_file() or (PACKAGE.parent / rel / "__init__.py").is_file()


def imports_of(path: Path) -> list[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    me = module_name(path)
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            targets: list[str] = []
            if isinstance(child, ast.Import):
                targets = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package_of(path)
                    for _ in range(child.level - 1):
                        base = base.rpartition(".")[0]
                    base = f"{base}.{child.module}" if child.module else base
                else:
                    base = child.module or ""
                # `from pkg import sub` imports the submodule pkg.sub when there is one
                targets = [f"{base}.{a.name}" if is_submodule(f"{base}.{a.name}") else base for a in child.names]
            elif isinstance(child, ast.Call):
                func = child.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called in ("import_module", "__import__") and child.args:
                    arg = child.args[0]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        targets = [arg.value]
            for target in targets:
                if target == ROOT or target.startswith(ROOT + "."):
                    found.append(Import(me, target, child.lineno, inner))
            visit(child, inner)

    visit(tree, False)
    return found


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def layer_key(dotted: str) -> str | None:
    """The layer name of a thunee_dsl module (``None`` for the top-level package itself)."""
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else None


ALL_IMPORTS = [imp for path in modules() for imp in imports_of(path)]


def facade_layer() -> int:
    """``import thunee_dsl`` stands for what the top-level package imports (lazily)."""
    used = [LAYERS[layer_key(i.target)] for i in ALL_IMPORTS
            if i.module == ROOT and layer_key(i.target) in LAYERS]
    return max(used, default=0)


def test_scanner_finds_imports():
    """The scanner itself: absolute, relative, function-level and `from pkg import sub` imports."""
    pairs = {(i.module, i.target) for i in ALL_IMPORTS}
    assert ("thunee_dsl.model.compile", "thunee_dsl.formula") in pairs
    assert ("thunee_dsl.loading.overlay", "thunee_dsl.loading.registry") in pairs  # from . import registry
    assert ("thunee_dsl.loading.overlay", "thunee_dsl.loading.safe_yaml") in pairs  # from .safe_yaml import
    assert ("thunee_dsl.loading", "thunee_dsl.loading.overlay") in pairs  # relative, in an __init__
    lazy = {(i.module, i.target) for i in ALL_IMPORTS if i.in_function}
    assert ("thunee_dsl.cli.main", "thunee_dsl.game.transcript") in lazy
    assert ("thunee_dsl", "thunee_dsl.loading") in lazy


def test_every_module_belongs_to_a_layer():
    unknown = sorted({module_name(p) for p in modules()
                      if layer_key(module_name(p)) not in (*LAYERS, DATA, None)})
    assert unknown == [], "add these to the layer table of docs/architecture.md and of this test"


@pytest.mark.parametrize("path", modules(), ids=lambda p: module_name(p))
def test_layering(path):
    me = module_name(path)
    key = layer_key(me)
    bad = []
    for imp in imports_of(path):
        target_key = layer_key(imp.target)
        where = f"{me} line {imp.line} imports {imp.target}"
        if key is None:  # the top-level package: anything, but only lazily (the compiled build's hook apart)
            if not imp.in_function and imp.target != "thunee_dsl._accel":
                bad.append(f"{where} at module level (the top-level package imports lazily, inside functions)")
            continue
        if key == DATA:
            bad.append(f"{where} (package data imports nothing)")
            continue
        mine = LAYERS[key]
        if target_key is None:
            theirs = facade_layer()
            if theirs >= mine:
                bad.append(f"{where}: the top-level package stands for layer {theirs}, not before {mine}")
            continue
        if target_key == DATA:
            continue
        if target_key not in LAYERS:
            bad.append(f"{where}: unknown layer")
            continue
        theirs = LAYERS[target_key]
        if theirs > mine:
            bad.append(f"{where}: layer {theirs} ({LAYER_NAMES[theirs]}) is after layer {mine} ({LAYER_NAMES[mine]})")
    assert bad == []


def test_loading_and_formula_are_independent():
    crossing = [i for i in ALL_IMPORTS
                if {layer_key(i.module), layer_key(i.target)} == {"loading", "formula"}]
    assert crossing == []


def test_errors_imports_nothing_of_the_package():
    assert [i for i in ALL_IMPORTS if i.module == "thunee_dsl.errors"] == []


# --- (b) the engine stays generic -------------------------------------------------------------------

RULESET_WORDS = ("standard", "thunee", "royals", "nigerian", "khanaak", "jodie", "double")
THUNEE_NUMBERS = (104, 105, 304, 125)
# The package's own name is not a ruleset name.
PACKAGE_SPELLINGS = ("thunee_dsl", "thunee-dsl")


def engine_files() -> list[Path]:
    # (the model's compiling is a package of its own, model/compile/: its modules are engine files too)
    files = sorted((PACKAGE / "game").glob("*.py")) + sorted((PACKAGE / "model").rglob("*.py"))
    return [p for p in files if p.name != "rulebook.py"]


def docstring_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    spans = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                v = first.value
                spans.append(((v.lineno, v.col_offset), (v.end_lineno, v.end_col_offset)))
    return spans


FSTRING_MIDDLE = getattr(tokenize, "FSTRING_MIDDLE", None)


def offending_tokens(path: Path) -> list[str]:
    """``line:column kind text`` for every ruleset word or Thunee number in code (not comments/docstrings)."""
    source = path.read_text(encoding="utf-8")
    spans = docstring_spans(source)
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING and any(a <= tok.start and tok.end <= b for a, b in spans):
            continue  # a docstring
        if tok.type in (tokenize.NAME, tokenize.STRING) or (FSTRING_MIDDLE and tok.type == FSTRING_MIDDLE):
            text = tok.string.lower()
            for spelling in PACKAGE_SPELLINGS:
                text = text.replace(spelling, "")
            for word in RULESET_WORDS:
                if word in text:
                    kind = "identifier" if tok.type == tokenize.NAME else "string"
                    found.append(f"{tok.start[0]}:{tok.start[1]} {kind} {tok.string} ({word})")
        elif tok.type == tokenize.NUMBER:
            try:
                value = ast.literal_eval(tok.string)
            except ValueError:  # pragma: no cover
                continue
            if value in THUNEE_NUMBERS:
                found.append(f"{tok.start[0]}:{tok.start[1]} number {tok.string}")
    return found


def test_token_check_ignores_comments_and_docstrings(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Module docstring: standard Thunee, 304 points.\n\n>>> load_ruleset("standard")\n"""\n'
        "import thunee_dsl.model  # the package name is fine\n"
        "# a comment about Jodie and 105\n"
        "def f():\n"
        '    """Docstring: Double, Khanaak, 104."""\n'
        '    return "royals", 125, jodie_total, f"{x}.thunee"\n',
        encoding="utf-8",
    )
    assert offending_tokens(sample) == [
        "9:11 string \"royals\" (royals)",
        "9:21 number 125",
        "9:26 identifier jodie_total (jodie)",
        '9:39 string f"{x}.thunee" (thunee)',
    ] if FSTRING_MIDDLE is None else [
        "9:11 string \"royals\" (royals)",
        "9:21 number 125",
        "9:26 identifier jodie_total (jodie)",
        "9:44 string .thunee (thunee)",
    ]


# Violations known and accepted (none: the value of declarations is `team.declared`, a generic word).
KNOWN: dict[str, set[str]] = {}


def _xfail_known(path: Path):
    rel = path.relative_to(PACKAGE).as_posix()
    if rel in KNOWN:
        tokens = ", ".join(sorted(KNOWN[rel]))
        return pytest.param(path, id=rel, marks=pytest.mark.xfail(
            strict=True, reason=f"bug: {rel} names a ruleset item in code: {tokens}"))
    return pytest.param(path, id=rel)


@pytest.mark.parametrize("path", [_xfail_known(p) for p in engine_files()])
def test_engine_names_no_ruleset_and_no_thunee_number(path):
    assert offending_tokens(path) == []


def test_no_violations_beyond_the_known_ones():
    """Until the known ones are fixed, nothing else may creep into the files that have them."""
    extra = {}
    for path in engine_files():
        rel = path.relative_to(PACKAGE).as_posix()
        tokens = {t.split(" ", 2)[2].rsplit(" (", 1)[0] for t in offending_tokens(path)}
        tokens -= KNOWN.get(rel, set())
        if tokens:
            extra[rel] = sorted(tokens)
    assert extra == {}


def test_engine_files_exist():
    names = {p.relative_to(PACKAGE).as_posix() for p in engine_files()}
    assert {"game/state.py", "game/deal.py", "model/compile/__init__.py", "model/compile/calling.py",
            "model/ruleset.py", "model/cards.py"} <= names
    assert "model/rulebook.py" not in names
