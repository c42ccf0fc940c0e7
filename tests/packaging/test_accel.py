"""The optional compiled build (build_accel.py, thunee_dsl/_accel.py): the same behaviour as the pure Python
modules, never a binary older than its source, and nothing needed from it.

Each check runs fresh processes: one imports the compiled build, the other ``THUNEE_DSL_PURE=1``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build_accel  # noqa: E402
from thunee_dsl import _accel  # noqa: E402

pytestmark = pytest.mark.slow


def run(code: str, *, pure: bool = False, cwd: Path = ROOT, timeout: int = 600) -> str:
    """Run ``code`` in a fresh interpreter importing thunee_dsl from ``cwd``: its stdout."""
    env = {k: v for k, v in os.environ.items() if k != _accel.PURE_ENV}
    env["PYTHONPATH"] = str(cwd)
    if pure:
        env[_accel.PURE_ENV] = "1"
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done.stdout


def built_without_the_profile() -> bool:
    """Whether the project's build there was made with ``--no-pgo`` (`make test`'s: its tests need the compiled
    build's behaviour, not its last few percent of speed)."""
    manifest = ROOT / "build" / "accel" / _accel.MANIFEST
    lines = manifest.read_text(encoding="utf-8").splitlines() if manifest.is_file() else []
    return len(lines) > 2 and lines[2].endswith(" pgo off")


@pytest.fixture(scope="module")
def built() -> dict:
    """The project's compiled build, brought up to date as `make` does (only edited modules compile again), with
    the profile or without as it was built (a change of either would compile everything again, under the other
    tests running beside these: pytest-xdist)."""
    flags = ["--no-pgo"] if built_without_the_profile() else []
    done = subprocess.run([sys.executable, str(ROOT / "build_accel.py"), "-j", "2", *flags], cwd=ROOT,
                          capture_output=True, text=True, timeout=3600)
    line = done.stdout.strip()
    assert done.returncode == 0 and line.startswith("compiled build: "), (done.stdout, done.stderr)
    if "skipped (" in line:
        pytest.skip(line)  # no C compiler or no Cython here: the pure modules are all there is
    modules = _accel.read_manifest(str(ROOT / "build" / "accel"))
    assert modules, line
    return modules


def test_every_hot_module_compiles(built):
    """A module the build could not compile would silently run as Python: say which."""
    assert sorted(built) == sorted(build_accel.hot_modules())
    assert "thunee_dsl.game.deal" in built and "thunee_dsl.players.heuristic" in built
    for digest, binary, sources in built.values():
        assert binary.endswith(EXTENSION_SUFFIXES[0]) and os.path.isfile(binary)
        assert _accel.source_hash(sources) == digest


def test_the_compiled_modules_are_imported_and_pure_forces_python(built):
    code = ("import thunee_dsl, thunee_dsl._accel as a, thunee_dsl.game.deal as d, thunee_dsl.game as g; "
            "print(d.__loader__.path); print(d.__file__); print(g.__file__); print(len(a.compiled_modules())); "
            "print(a.describe())")
    source = str(ROOT / "thunee_dsl" / "game" / "deal.py")
    binary, file, package, count, line = run(code).splitlines()
    assert binary.endswith(EXTENSION_SUFFIXES[0]) and "build/accel/lib/" in binary
    assert file == source  # __file__ names what the binary is the compiled form of
    assert package.endswith("__init__.py")  # packages stay Python
    assert int(count) > 5 and line.startswith("compiled build (")
    binary, file, package, count, line = run(code, pure=True).splitlines()
    assert binary == file == source
    assert count == "0" and line == "pure Python (THUNEE_DSL_PURE=1)"


FINGERPRINT = """
import runpy, sys
sys.argv = ["fingerprint.py", "2"]
runpy.run_path("benchmarks/fingerprint.py", run_name="__main__")
import thunee_dsl._accel as a
print("COMPILED", len(a.compiled_modules()))
"""


def test_compiled_and_pure_give_the_same_fingerprint(built):
    """Every shipped ruleset and house overlay, three policies (one committing offences), hashed action by
    action: the compiled engine and the pure one agree on every legal action, record, result and text."""
    compiled = run(FINGERPRINT).splitlines()
    pure = run(FINGERPRINT, pure=True).splitlines()
    assert compiled[-1].startswith("COMPILED ") and int(compiled[-1].split()[1]) >= 20
    assert pure[-1] == "COMPILED 0"
    assert compiled[-2].startswith("TOTAL ") and compiled[:-1] == pure[:-1]


SIMULATE = """
import json
from thunee_dsl import load_ruleset, _accel
from thunee_dsl.simulation import simulate
comparison = simulate([load_ruleset("standard"), load_ruleset("examples/house/khanaak-simple.yaml")], games=4,
                      bots="typical", seed=7, jobs=JOBS, mistakes=0.02, focus_replays=20, focus_seconds=None)
print(json.dumps({"compiled": _accel.compiled_modules(), "comparison": comparison.to_json()}, sort_keys=True))
"""


def test_compiled_and_pure_simulate_the_same(built):
    """Seeded games with the typical bots (their sampled worlds, expected balls and mistakes) and the focused
    replays: the same numbers compiled and pure, and compiled with two worker processes (the rulesets and
    the games' records pickled to and from them)."""
    compiled = json.loads(run(SIMULATE.replace("JOBS", "1")))
    pure = json.loads(run(SIMULATE.replace("JOBS", "1"), pure=True))
    in_workers = json.loads(run(SIMULATE.replace("JOBS", "2")))
    assert "thunee_dsl.players.worlds" in compiled["compiled"] and "thunee_dsl.simulation.play" in compiled["compiled"]
    assert pure["compiled"] == []
    assert compiled["comparison"] == pure["comparison"] == in_workers["comparison"]
    assert compiled["comparison"]["games"] == 4


def copy_project(built: dict, to: Path, with_build: bool) -> Path:
    """The package (and the compiled build) copied to ``to``: a checkout of its own to edit."""
    shutil.copytree(ROOT / "thunee_dsl", to / "thunee_dsl", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "rulesets", to / "rulesets")
    if with_build:
        shutil.copytree(ROOT / "build" / "accel", to / "build" / "accel",
                        ignore=shutil.ignore_patterns("tmp", "build.log"))
    return to


def test_an_edited_source_is_imported_not_its_old_binary(built, tmp_path):
    project = copy_project(built, tmp_path, with_build=True)
    code = ("import thunee_dsl.game.concede as c, thunee_dsl.game.deal as d; "
            "print(c.__loader__.path); print(d.__loader__.path); print(getattr(c, 'EDITED', None))")
    concede, deal, edited = run(code, cwd=project).splitlines()
    assert concede.endswith(EXTENSION_SUFFIXES[0]) and str(project) in concede and edited == "None"
    with open(project / "thunee_dsl" / "game" / "concede.py", "a", encoding="utf-8") as f:
        f.write("\nEDITED = 'after the build'\n")
    concede, deal, edited = run(code, cwd=project).splitlines()
    assert concede == str(project / "thunee_dsl" / "game" / "concede.py") and edited == "after the build"
    # the modules not edited come from their sources too: a stale build is never mixed with new sources
    assert deal == str(project / "thunee_dsl" / "game" / "deal.py")
    # and a game still plays
    out = run("from thunee_dsl import load_ruleset\nfrom thunee_dsl.game import GameState\n"
              "g = GameState(load_ruleset('standard'), seed=3)\n"
              "while not g.is_over: g.apply(g.legal_actions()[0])\nprint(len(g.deals) > 0)", cwd=project)
    assert out.strip() == "True"


def test_an_edited_play_module_beside_the_old_build_plays(built, tmp_path):
    """The play's module shares the deal's C fields and tables with the binaries compiled with it: edited after
    the build (a ``git pull``), its source beside the old binaries crashed the interpreter when a deal began.
    Now nothing of the old build is used until it is brought up to date, and games play."""
    project = copy_project(built, tmp_path, with_build=True)
    with open(project / "thunee_dsl" / "game" / "play.py", "a", encoding="utf-8") as f:
        f.write("\n# edited after the build\n")
    out = run("from thunee_dsl import load_ruleset, _accel\nfrom thunee_dsl.game import GameState\n"
              "g = GameState(load_ruleset('standard'), seed=3)\n"
              "while not g.is_over: g.apply(g.legal_actions()[0])\n"
              "print(len(g.deals) > 0, _accel.compiled_modules())", cwd=project)
    assert out.strip() == "True []"


#: the modules built against slots.pxd's types (their .pxd cimports it, or cimports one that does)
TYPED = sorted(name for name, sources in build_accel.hot_modules().items() if "thunee_dsl/game/slots.pxd" in sources)


def test_a_module_s_source_includes_the_declarations_it_cimports(tmp_path):
    """A binary is built against the types its .pxd cimports: that module's .pxd and .py are part of its
    source hash (an edit to either makes it stale), also through a .pxd that cimports another."""
    modules = build_accel.hot_modules()
    assert {"thunee_dsl.game.deal", "thunee_dsl.game.play", "thunee_dsl.game.slots", "thunee_dsl.game.tables",
            "thunee_dsl.game.windows"} <= set(TYPED)
    for name in TYPED:
        assert {"thunee_dsl/game/slots.py", "thunee_dsl/game/slots.pxd"} <= set(modules[name]), name
    assert {"thunee_dsl/game/windows.py", "thunee_dsl/game/windows.pxd"} <= set(modules["thunee_dsl.game.deal"])
    assert modules["thunee_dsl.game.actions"] == ["thunee_dsl/game/actions.py"]  # (no .pxd: its source alone)
    (tmp_path / "a.pxd").write_text("from thunee_dsl.game.deal cimport Deal\ncimport thunee_dsl.game.play\n"
                                    "from other.package cimport Thing\n")
    assert sorted(build_accel.cimported(tmp_path / "a.pxd")) == [  # (deal.pxd cimports slots, windows, play, Env)
        "thunee_dsl.game.deal", "thunee_dsl.game.play", "thunee_dsl.game.slots", "thunee_dsl.game.windows",
        "thunee_dsl.model.quantities"]


def test_a_binary_whose_types_module_did_not_compile_is_not_kept():
    modules = {"p.a": ["p/a.py", "p/a.pxd", "p/s.py", "p/s.pxd"], "p.s": ["p/s.py", "p/s.pxd"],
               "p.b": ["p/b.py", "p/b.pxd", "p/a.py", "p/a.pxd", "p/s.py", "p/s.pxd"], "p.c": ["p/c.py"]}
    everything = {name: ("digest", f"lib/{name}.so", sources) for name, sources in modules.items()}
    assert build_accel.loadable(everything, modules) == everything
    assert sorted(build_accel.loadable({n: e for n, e in everything.items() if n != "p.s"}, modules)) == ["p.c"]


def test_an_edited_cimported_pxd_makes_its_dependents_stale(built, tmp_path):
    project = copy_project(built, tmp_path, with_build=True)
    names = TYPED + ["thunee_dsl.game.actions"]  # (actions: a compiled module without a .pxd)
    code = f"import importlib\nfor name in {names!r}: print(importlib.import_module(name).__loader__.path)"
    assert all(path.endswith(EXTENSION_SUFFIXES[0]) for path in run(code, cwd=project).splitlines())
    with open(project / "thunee_dsl" / "game" / "slots.pxd", "a", encoding="utf-8") as f:
        f.write("\n# edited after the build\n")
    *typed, untyped = run(code, cwd=project).splitlines()
    assert typed == [str(project / Path(*name.split(".")).with_suffix(".py")) for name in TYPED]
    # one that declares no types comes from its source too: a stale build is all or nothing
    assert untyped == str(project / "thunee_dsl" / "game" / "actions.py")
    out = run("from thunee_dsl import load_ruleset\nfrom thunee_dsl.game import GameState\n"
              "g = GameState(load_ruleset('standard'), seed=3)\n"
              "while not g.is_over: g.apply(g.legal_actions()[0])\nprint(len(g.deals) > 0)", cwd=project)
    assert out.strip() == "True"


def test_a_binary_is_not_loaded_when_its_types_module_came_from_source(built):
    """After sys.modules lost the package (Streamlit's watcher), the types' module comes back from its
    source: a binary built against its compiled types, not imported before, must then come from source too."""
    code = ("import thunee_dsl.game.slots, thunee_dsl._accel as a\n"
            "finder = a.CompiledFinder(a.read_manifest())\n"
            "print(finder.find_spec('thunee_dsl.game.play') is None, finder.find_spec('thunee_dsl.game.actions') is None)")
    assert run(code, pure=True).split() == ["True", "False"]


def test_a_removed_binary_or_a_build_for_another_python_is_not_used(built, tmp_path):
    project = copy_project(built, tmp_path, with_build=True)
    code = "import thunee_dsl.game.deal as d; print(d.__loader__.path)"
    modules = _accel.read_manifest(str(project / "build" / "accel"))
    os.remove(modules["thunee_dsl.game.deal"][1])
    assert run(code, cwd=project).strip() == str(project / "thunee_dsl" / "game" / "deal.py")
    manifest = project / "build" / "accel" / _accel.MANIFEST
    lines = manifest.read_text(encoding="utf-8").splitlines()
    assert lines[1] == f"suffix {EXTENSION_SUFFIXES[0]}"
    manifest.write_text("\n".join([lines[0], "suffix .cpython-399-other.so", *lines[2:]]) + "\n", encoding="utf-8")
    assert _accel.read_manifest(str(project / "build" / "accel")) is None
    assert run("import thunee_dsl._accel as a, thunee_dsl.game.play; print(a.describe())", cwd=project).strip() == \
        "pure Python (no compiled build)"


def test_without_a_build_every_module_imports(tmp_path):
    """Installed from the wheel or after `make clean`: no build folder, everything is the pure Python."""
    project = copy_project({}, tmp_path, with_build=False)
    out = run("import pkgutil, importlib, thunee_dsl, thunee_dsl._accel as a\n"
              "names = [m.name for m in pkgutil.walk_packages(thunee_dsl.__path__, 'thunee_dsl.')\n"
              "         if not m.name.endswith('__main__')]\n"
              "files = [importlib.import_module(n).__loader__.path for n in names]\n"
              "print(len(names), all(f.endswith('.py') for f in files), a.compiled_modules())", cwd=project)
    count, all_python, compiled = out.split(maxsplit=2)
    assert int(count) > 40 and all_python == "True" and compiled.strip() == "[]"


def test_no_compiler_or_no_cython_leaves_setup_going(tmp_path):
    """`CC=false` (no working C compiler) and a Python without Cython: one line, exit 0, nothing built."""
    env = {k: v for k, v in os.environ.items() if k != _accel.PURE_ENV}
    project = tmp_path / "project"
    project.mkdir()
    shutil.copy(ROOT / "build_accel.py", project)
    copy_project({}, project, with_build=False)
    done = subprocess.run([sys.executable, str(project / "build_accel.py")], cwd=project,
                          env={**env, "CC": "false"}, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("compiled build: skipped (no working C compiler") and done.stdout.count("\n") == 1
    assert not (project / "build" / "accel" / _accel.MANIFEST).exists()
    # a Python without Cython: a stand-in package that fails to import as a missing one does
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "Cython.py").write_text("raise ModuleNotFoundError(\"No module named 'Cython'\", name='Cython')\n")
    done = subprocess.run([sys.executable, str(project / "build_accel.py")], cwd=project,
                          env={**env, "PYTHONPATH": str(blocker)}, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "compiled build: skipped (Cython is not installed): the pure Python modules are used\n"


def test_the_manifest_reader_takes_only_its_own_format(tmp_path):
    accel = tmp_path / "build" / "accel"
    accel.mkdir(parents=True)
    assert _accel.read_manifest(str(accel)) is None  # no build
    (accel / _accel.MANIFEST).write_text("something else\n", encoding="utf-8")
    assert _accel.read_manifest(str(accel)) is None
    (accel / _accel.MANIFEST).write_text(
        f"{_accel.FORMAT}\nsuffix {EXTENSION_SUFFIXES[0]}\nkey k\nx.y\tabc\tlib/ab/x/y.so\tx/y.py\n", encoding="utf-8")
    assert _accel.read_manifest(str(accel)) == {
        "x.y": ("abc", str(accel / "lib/ab/x/y.so"), [str(tmp_path / "x/y.py")])}


def test_a_module_imported_again_after_leaving_sys_modules_comes_from_its_source(built):
    """Streamlit's watcher pops modules from sys.modules and the next run imports them again: a binary
    module cannot be initialised twice in one process (it would come back as the old module), so the
    second import is the source's, a new module with new classes, as in a pure run."""
    code = ("import sys, thunee_dsl.model.ruleset as first\n"
            "for name in [m for m in sys.modules if m.split('.')[0] == 'thunee_dsl']:\n"
            "    sys.modules.pop(name)\n"
            "import thunee_dsl.model.ruleset as second\n"
            "print(first.__loader__.path); print(second.__loader__.path); print(second.Ruleset is not first.Ruleset)\n"
            "print(sum(type(f).__name__ == 'CompiledFinder' for f in sys.meta_path))")
    first, second, new_class, finders = run(code).splitlines()
    assert first.endswith(EXTENSION_SUFFIXES[0])
    assert second == str(ROOT / "thunee_dsl" / "model" / "ruleset.py") and new_class == "True"
    assert finders == "1"


def test_a_module_that_does_not_compile_runs_as_python_and_the_others_stay_compiled(built, tmp_path):
    """Valid Python that Cython refuses (a __future__ feature it does not know), added to the hot modules:
    the line names it, its log says why, it imports from its source, the rest of the build is kept."""
    project = copy_project(built, tmp_path, with_build=True)
    shutil.copy(ROOT / "build_accel.py", project)
    (project / "thunee_dsl" / "game" / "zz_probe.py").write_text(
        "from __future__ import barry_as_FLUFL\nX = 1\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != _accel.PURE_ENV}
    flags = ["--no-pgo"] if built_without_the_profile() else []  # (as the build was made: else all compile again)
    done = subprocess.run([sys.executable, str(project / "build_accel.py"), *flags], cwd=project, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert line.startswith("compiled build: 0 modules compiled in ") and "\n" not in line
    assert line.endswith("1 did not compile and run as Python (thunee_dsl.game.zz_probe: see build/accel/build.log)")
    assert "barry_as_FLUFL" in (project / "build" / "accel" / "build.log").read_text(encoding="utf-8")
    modules = _accel.read_manifest(str(project / "build" / "accel"))
    assert "thunee_dsl.game.zz_probe" not in modules and sorted(modules) == sorted(built)
    out = run("import thunee_dsl.game.zz_probe as z, thunee_dsl.game.deal as d\n"
              "print(z.__loader__.path); print(z.X); print(d.__loader__.path)", cwd=project)
    probe, x, deal = out.splitlines()
    assert probe == str(project / "thunee_dsl" / "game" / "zz_probe.py") and x == "1"
    assert deal.endswith(EXTENSION_SUFFIXES[0])


def test_bench_interpreter_says_which_engine_ran_and_times_a_compiled_reference(built, tmp_path):
    reference = tmp_path / "reference_thunee.py"
    reference.write_text("def play_deal(rng, dealer=0):\n    return (rng.random() < 0.5, 0)\n")
    bench = (f"import runpy, sys\nsys.argv = ['bench_interpreter.py', '--deals', '20', '--rounds', '1', "
             f"'--reference', {str(reference)!r}, '--compiled-reference']\n"
             "runpy.run_path('benchmarks/bench_interpreter.py', run_name='__main__')\n")
    lines = run(bench).splitlines()
    assert lines[0].startswith("interpreter: ") and lines[0].endswith(" modules from build/accel))")
    assert lines[-2].startswith("compiled reference: ") and "compiled by Cython" in lines[-2]
    assert float(lines[-2].split()[2].replace(",", "")) > 0 and lines[-1].startswith("ratio: ")  # its deals/s
    assert sorted(p.name for p in tmp_path.iterdir()) == ["reference_thunee.py"]  # compiled elsewhere
    assert run(bench, pure=True).splitlines()[0].endswith("(THUNEE_DSL_PURE=1))")


def test_the_manifest_records_the_compiler_flags_and_the_profile(built):
    """What the binaries were made with is in the manifest's key (a change of any compiles everything again):
    Cython's directives, the C flags and whether the training's profile was used."""
    key = (ROOT / "build" / "accel" / _accel.MANIFEST).read_text(encoding="utf-8").splitlines()[2]
    assert key.startswith("key cython ") and "'binding', True" in key and "'annotation_typing', False" in key
    if built_without_the_profile():  # (`make test`: --no-pgo; the profile's flags: small_project's tests below)
        assert key == f"key {build_accel.build_key('off')}" and "-fprofile-use" not in key
    elif build_accel.pgo_problem() is None:
        assert key == f"key {build_accel.build_key('on')}" and key.endswith(" pgo on")
        assert all(flag in key for flag in [*build_accel.CFLAGS, "-fprofile-use", "-fprofile-partial-training"])
    else:  # a compiler without gcc's profile flags: compiled once, without a profile
        assert key == f"key {build_accel.build_key('unsupported')}"


@pytest.fixture
def small_project(tmp_path, monkeypatch):
    """build_accel pointed at a copy of the project whose only hot module is a small one of its own (a build
    takes seconds): the training run is replaced by the test's own command."""
    project = copy_project({}, tmp_path / "project", with_build=False)
    (project / "thunee_dsl" / "zz_small.py").write_text(
        "def squares(n):\n    return [i * i for i in range(n) if i % 3]\n", encoding="utf-8")
    monkeypatch.setattr(build_accel, "ROOT", project)
    monkeypatch.setattr(build_accel, "ACCEL", project / "build" / "accel")
    monkeypatch.setattr(build_accel, "LOG", project / "build" / "accel" / "build.log")
    monkeypatch.setattr(build_accel, "HOT", ["thunee_dsl/zz_small.py"])
    (project / "build" / "accel").mkdir(parents=True)
    if build_accel.pgo_problem() is not None:
        pytest.skip("this C compiler does not take gcc's profile flags")
    return project


def training_by(monkeypatch, code: str) -> None:
    monkeypatch.setattr(build_accel, "train_command", lambda spec: [sys.executable, "-c", code, str(spec)])


#: a training run of its own: the counted binaries the build lists, imported and run
SMALL_TRAINING = """
import json, sys
from thunee_dsl import _accel
modules = json.load(open(sys.argv[1]))
sys.meta_path.insert(0, _accel.CompiledFinder(modules))
import thunee_dsl.zz_small as small
assert small.__loader__.path.endswith(".so") and "/tmp/" in small.__loader__.path, small.__loader__.path
print(sum(small.squares(n)[-1] for n in range(3, 300)))
"""


def manifest_key(project: Path) -> str:
    return (project / "build" / "accel" / _accel.MANIFEST).read_text(encoding="utf-8").splitlines()[2]


def built_without_profile(project: Path, line: str, reason: str, pgo: str) -> None:
    """The small project's one module compiled once, the line saying why without a profile, the key so."""
    assert line.startswith("compiled build: 1 module compiled in ") and line.endswith(
        f"(-j 1, without profile-guided optimisation: {reason}), 1 of 1 in build/accel"), line
    assert manifest_key(project) == f"key {build_accel.build_key(pgo)}"


def test_a_training_run_that_fails_leaves_the_modules_compiled_without_a_profile(small_project, monkeypatch):
    """The training's failure (an exception, or past its time limit) is said in the line, the modules are
    compiled once more without the counters, and the next build tries the profile-guided build again."""
    code = "import thunee_dsl.zz_small as s; print(s.__loader__.path)"
    training_by(monkeypatch, "raise SystemExit('the training broke')")
    built_without_profile(small_project, build_accel.build(1, force=False),
                          "the training run failed: the training broke", "untrained")
    binary = run(code, cwd=small_project).strip()
    assert binary.endswith(EXTENSION_SUFFIXES[0]) and "/build/accel/lib/" in binary
    assert not (small_project / "build" / "accel" / "tmp").exists()

    training_by(monkeypatch, "import time; time.sleep(30)")
    monkeypatch.setattr(build_accel, "TRAINING_TIMEOUT", 1)
    line = build_accel.build(1, force=False)  # untrained: compiled again, not "up to date"
    assert "without profile-guided optimisation: the training run took over 1 s" in line, line

    training_by(monkeypatch, SMALL_TRAINING)
    monkeypatch.setattr(build_accel, "TRAINING_TIMEOUT", 600)
    line = build_accel.build(1, force=False)
    assert line.startswith("compiled build: 1 module compiled in ") and "(-j 1, profile-guided)" in line, line
    assert manifest_key(small_project) == f"key {build_accel.build_key('on')}"
    assert "== the training run (exit code 0)" in (small_project / "build" / "accel" / "build.log").read_text()
    assert run(code, cwd=small_project).strip().endswith(EXTENSION_SUFFIXES[0])
    assert build_accel.build(1, force=False) == "compiled build: 1 modules up to date (build/accel)"
    squares = "import thunee_dsl.zz_small as s; print(s.squares(40))"
    assert run(squares, cwd=small_project) == run(squares, cwd=small_project, pure=True)


def test_a_compiler_without_the_profile_flags_builds_once_and_is_not_asked_again(small_project, monkeypatch):
    """clang, say (its profiles need another tool): one compile a module, said in the line; the next build
    finds the build up to date instead of compiling everything to try again."""
    monkeypatch.setattr(build_accel, "pgo_problem", lambda: "the C compiler does not take gcc's profile flags: x")
    training_by(monkeypatch, "raise SystemExit('no training without the profile flags')")
    built_without_profile(small_project, build_accel.build(1, force=False),
                          "the C compiler does not take gcc's profile flags: x", "unsupported")
    assert "-fprofile" not in manifest_key(small_project)
    assert build_accel.build(1, force=False) == "compiled build: 1 modules up to date (build/accel)"
    assert run("import thunee_dsl.zz_small as s; print(s.__loader__.path)", cwd=small_project).strip().endswith(
        EXTENSION_SUFFIXES[0])
