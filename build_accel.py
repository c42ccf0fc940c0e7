#!/usr/bin/env python3
"""The optional compiled build: the engine's hot modules compiled by Cython, as they are (one source).

    python build_accel.py [-j N] [--force] [--no-pgo] [--clean]

Compiles the modules listed in HOT (the engine, the bots, the simulator's deal loop, the formulas' compiled
closures: where `benchmarks/profile_interpreter.py` and the bots' profiles put the time; not the loading,
the CLI or the app) into ``build/accel/`` (git-ignored, never the source folders) and writes
``build/accel/manifest.txt``, which ``thunee_dsl/_accel.py`` reads: the binaries are imported only while
every module's source hashes as it did when compiled, so after an edit every module runs as Python until the
next build (the binaries share the deal's C fields and tables: an old one beside a new source is not safe).
Only modules whose source changed are compiled again (N at a time, in N processes). Each binary sits in a
folder named after its source's hash: a rebuild never overwrites a binary a running process has loaded.

Profile-guided (unless ``--no-pgo``, or a compiler without gcc's ``-fprofile-*`` flags): the modules to
build are compiled with counters, a training run (``training()``: random play and the typical bots' games)
runs them in a separate process, and the same C files are compiled again with the counts. A training run
that fails or overruns leaves the modules compiled without a profile (the line says why) and the next build
tries again; a compiler without the flags (clang's profiles need llvm-profdata) compiles once, and is not
asked again until ``--force``. The manifest's key records Cython's directives, the C flags and whether the
profile was used.

Prints one line and exits 0 whatever happens: no Cython, no working C compiler (``CC=false`` tries that)
or a module that does not compile leave the pure Python modules in use, and the line says so
(the compiler's output is in ``build/accel/build.log``). ``THUNEE_DSL_PURE=1`` runs the pure modules
even when the build is there.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
import time

try:
    import fcntl
except ImportError:  # Windows: no lock (one build at a time is then up to the user)
    fcntl = None
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from thunee_dsl._accel import FORMAT, MANIFEST, PURE_ENV, CompiledFinder, read_manifest, source_hash  # noqa: E402

ACCEL = ROOT / "build" / "accel"
LOG = ACCEL / "build.log"

#: the modules compiled (globs under the project root; packages' __init__ files stay Python)
HOT = [
    "thunee_dsl/game/*.py",
    "thunee_dsl/players/*.py",
    "thunee_dsl/simulation/play.py",
    "thunee_dsl/model/quantities.py",
    "thunee_dsl/model/cards.py",  # iter_cards, total_points: the bots call them in their inner loops
    "thunee_dsl/model/ruleset.py",  # the compiled ruleset's look-ups (declaration_by_verb, hand_size ...)
    "thunee_dsl/formula/compiler.py",
]

#: Python's semantics exactly: type annotations are not read as C types (an ``int`` annotation would
#: refuse a value a pure run accepts), functions stay introspectable, picklable Python functions.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}
#: no debug information: half the compile time, and the binaries are not debugged in C
CFLAGS = ["-g0"]
#: profile-guided optimisation (gcc's flags): the modules are compiled once with counters, the training
#: (``training()``: the benchmark's random play and typical bots' games) runs them, and they are compiled
#: again with the counts, so the compiler lays out and inlines for the paths games take. Code the training
#: does not reach is optimised as without a profile (partial training).
PGO_GENERATE = ["-fprofile-generate", "-fprofile-update=single"]
PGO_USE = ["-fprofile-use", "-fprofile-partial-training", "-fprofile-correction", "-Wno-missing-profile",
           "-Wno-coverage-mismatch"]
#: the training run's time limit (seconds): past it the modules are compiled without a profile
TRAINING_TIMEOUT = 600


def hot_modules() -> dict[str, list[str]]:
    """``{module name: [its source files, relative to the root]}``, biggest first (they take longest).
    An augmenting ``.pxd`` beside a module (type declarations only) is part of its source, and so is every
    module its ``.pxd`` cimports (that module's ``.py`` and ``.pxd``, and theirs in turn): a binary is built
    against those types, and imports them from that module's binary (see ``cimported``)."""
    found = {}
    for pattern in HOT:
        for path in sorted(ROOT.glob(pattern)):
            if path.name == "__init__.py":
                continue
            rel = path.relative_to(ROOT)
            sources = [rel.as_posix()]
            if path.with_suffix(".pxd").is_file():
                sources.append(rel.with_suffix(".pxd").as_posix())
                for module in cimported(path.with_suffix(".pxd")):
                    other = Path(*module.split("."))
                    sources += [other.with_suffix(".py").as_posix(), other.with_suffix(".pxd").as_posix()]
            found[".".join(rel.with_suffix("").parts)] = sources
    return dict(sorted(found.items(), key=lambda item: -(ROOT / item[1][0]).stat().st_size))


def loadable(entries: dict, modules: dict[str, list[str]]) -> dict:
    """``entries`` without the binaries that cimport a module that has none (it would fail to load: it
    imports its types from that module's binary), repeatedly."""
    module_of = {sources[0]: name for name, sources in modules.items()}
    while True:
        kept = {name: entry for name, entry in entries.items()
                if all(module_of[s] in entries for s in modules[name][2:] if s in module_of)}
        if len(kept) == len(entries):
            return kept
        entries = kept


def cimported(pxd: Path) -> list[str]:
    """The project's modules ``pxd`` cimports (``from thunee_dsl.x cimport ...``, ``cimport thunee_dsl.x``),
    directly or through their own ``.pxd``, in the order found."""
    found: list[str] = []
    todo = [pxd]
    while todo:
        for line in todo.pop().read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and (words[0] == "cimport" or (words[0] == "from" and "cimport" in words[2:3])):
                module = words[1]
                if module.split(".")[0] == "thunee_dsl" and module not in found:
                    found.append(module)
                    todo.append(ROOT.joinpath(*module.split(".")).with_suffix(".pxd"))
    return found


def build_key(pgo: str = "off") -> str:
    """What else a binary depends on besides its source: when it changes, everything is compiled again.
    ``pgo``: "on" (compiled with the training's profile), "off" (``--no-pgo``), "unsupported" (a compiler
    without gcc's profile flags: kept, not tried again until ``--force``) or "untrained" (asked for, but the
    training did not run: the next build tries again)."""
    import Cython

    flags = CFLAGS + (PGO_USE if pgo == "on" else [])
    return f"cython {Cython.__version__} directives {sorted(DIRECTIVES.items())} cflags {flags} pgo {pgo}"


def compiler_problem() -> str | None:
    """Why no extension can be compiled here (no C compiler, no Python headers), or None."""
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp, "accel_probe.c")
        probe.write_text('#include <Python.h>\nint accel_probe(void) { return Py_IsInitialized(); }\n')
        cmd = build_ext(Distribution())
        cmd.ensure_finalized()
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler

        compiler = new_compiler()
        customize_compiler(compiler)
        try:
            with _quiet(Path(tmp, "probe.log")):
                compiler.compile([str(probe)], output_dir=tmp, include_dirs=cmd.include_dirs)
        except Exception as error:  # noqa: BLE001 - any failure means: no compiled build here
            log = Path(tmp, "probe.log").read_text(errors="replace").strip().splitlines()
            return (log[-1] if log else str(error)).strip()[:200]
    return None


class _quiet:
    """Send this process's stdout and stderr (the compiler's too) to a file while compiling."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self):
        sys.stdout.flush()
        sys.stderr.flush()
        self.saved = os.dup(1), os.dup(2)
        self.file = open(self.path, "ab")
        os.dup2(self.file.fileno(), 1)
        os.dup2(self.file.fileno(), 2)

    def __exit__(self, *exc):
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(self.saved[0], 1)
        os.dup2(self.saved[1], 2)
        os.close(self.saved[0])
        os.close(self.saved[1])
        self.file.close()


def compile_module(name: str, source: str, work: Path, flags: list[str] = ()) -> Path:
    """Compile the Python file ``source`` as module ``name`` inside the folder ``work`` (its C file, objects
    and the compiler's output, in ``work/build.log``): the binary's path. Raises when it does not compile.
    ``flags``: more C compiler flags (linked with too). A C file already in ``work`` is compiled again as
    it is (the profile-guided build's second pass: the same C file, at the same path, as its profile's)."""
    from Cython.Build import cythonize
    from Cython.Compiler import Options
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    Options.emit_code_comments = False  # smaller C files
    flags = [*CFLAGS, *flags]
    with _quiet(work / "build.log"):
        [ext] = cythonize([Extension(name, [source], extra_compile_args=flags, extra_link_args=flags)],
                          build_dir=str(work / "c"), compiler_directives=DIRECTIVES,
                          force=not (work / "c").is_dir(), quiet=True)
        # (an existing C file's own header names the flags it was first compiled with: these replace them)
        ext.extra_compile_args, ext.extra_link_args = flags, flags
        cmd = build_ext(Distribution({"ext_modules": [ext]}))
        cmd.build_lib, cmd.build_temp = str(work / "lib"), str(work / "temp")
        cmd.force = True
        cmd.ensure_finalized()
        cmd.run()
    return work / "lib" / cmd.get_ext_filename(name)


def compile_one(name: str, sources: list[str], digest: str, stage: str = "plain") -> tuple[str, str | None, str]:
    """Compile one module (in a worker process): (name, its binary relative to build/accel or None, log).

    ``stage``: "plain" (no profile), "generate" (with counters, into ``tmp/NAME`` which is kept: the
    binary, relative to build/accel, is run by the training and its counts are written beside its
    objects) or "use" (that same C file compiled again with the counts; the final binary)."""
    os.chdir(ROOT)  # sources relative to the root: tracebacks name them so
    if stage == "plain":
        work = Path(tempfile.mkdtemp(prefix=name + ".", dir=ACCEL / "tmp"))
    else:
        work = ACCEL / "tmp" / name  # the same object paths in both passes: the counts are found by them
        if stage == "generate":
            shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True, exist_ok=True)
        (work / "build.log").unlink(missing_ok=True)
    flags = {"plain": [], "generate": PGO_GENERATE, "use": PGO_USE}[stage]
    keep = stage == "generate"
    try:
        built = compile_module(name, sources[0], work, flags)
        if keep:
            return name, built.relative_to(ACCEL).as_posix(), ""
        binary = Path("lib", digest[:16], built.relative_to(work / "lib"))
        (ACCEL / binary).parent.mkdir(parents=True, exist_ok=True)
        os.replace(built, ACCEL / binary)  # a new file: a process that loaded an older binary keeps it
        return name, binary.as_posix(), ""
    except BaseException as error:  # noqa: BLE001 - this module stays Python; the others go on
        keep = False
        log = work / "build.log"
        text = log.read_text(errors="replace") if log.is_file() else ""
        return name, None, f"{text}\n{type(error).__name__}: {error}"
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)


def write_manifest(key: str, entries: dict[str, tuple[str, str, list[str]]]) -> None:
    lines = [FORMAT, f"suffix {EXTENSION_SUFFIXES[0]}", f"key {key}"]
    lines += ["\t".join([name, digest, binary, *sources])
              for name, (digest, binary, sources) in sorted(entries.items())]
    tmp = ACCEL / f"{MANIFEST}.{os.getpid()}.tmp"
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, ACCEL / MANIFEST)
    # binaries no entry names any more (their source changed): a running process keeps its open copy
    keep = {binary.split("/")[1] for _, binary, _ in entries.values()}
    for folder in (ACCEL / "lib").glob("*"):
        if folder.name not in keep:
            shutil.rmtree(folder, ignore_errors=True)


def old_entries(key: str) -> dict[str, tuple[str, str, list[str]]]:
    """The manifest's entries still good for this build key, binaries relative to build/accel."""
    try:
        header = (ACCEL / MANIFEST).read_text(encoding="utf-8").splitlines()[:3]
    except OSError:
        return {}
    if header[2:] != [f"key {key}"]:
        return {}
    modules = read_manifest(str(ACCEL)) or {}
    return {name: (digest, os.path.relpath(binary, ACCEL), [os.path.relpath(s, ROOT) for s in sources])
            for name, (digest, binary, sources) in modules.items() if os.path.isfile(binary)}


def pgo_problem() -> str | None:
    """Why this compiler cannot do the profile-guided build (gcc's flags; clang names them otherwise), or None."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp, "pgo_probe.c")
        probe.write_text("int pgo_probe(int x) { return x + 1; }\n")
        compiler = new_compiler()
        customize_compiler(compiler)
        try:
            with _quiet(Path(tmp, "probe.log")):
                for flags in (PGO_GENERATE, PGO_USE):
                    compiler.compile([str(probe)], output_dir=tmp, extra_preargs=["-Werror", *flags])
        except Exception:  # noqa: BLE001 - any failure means: no profile-guided build with this compiler
            log = Path(tmp, "probe.log").read_text(errors="replace").strip().splitlines()
            return f"the C compiler does not take gcc's profile flags: {(log[-1] if log else '?').strip()[:160]}"
    return None


def train_command(spec: Path) -> list[str]:
    """The training run: this script in a fresh interpreter, importing the binaries ``spec`` lists."""
    return [sys.executable, str(ROOT / "build_accel.py"), "--train", str(spec)]


def train(binaries: dict[str, tuple[str, str, list[str]]], log) -> str | None:
    """Run the training with ``binaries`` (``{module: (source hash, binary, sources)}``, relative to
    build/accel and the root) in a separate process, so the counters are written when it exits: None when
    it ran to its end, else why not (its output goes to the build's log)."""
    import json
    import subprocess

    spec = ACCEL / "tmp" / "training.json"
    spec.write_text(json.dumps({name: [digest, str(ACCEL / binary), [str(ROOT / s) for s in sources]]
                                for name, (digest, binary, sources) in binaries.items()}), encoding="utf-8")
    env = {**os.environ, PURE_ENV: "1"}  # the package's own finder stays out: the training installs its own
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    try:
        done = subprocess.run(train_command(spec), cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=TRAINING_TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"the training run took over {TRAINING_TIMEOUT} s"
    except OSError as error:
        return f"the training run did not start: {error}"
    log.write(f"== the training run (exit code {done.returncode})\n{done.stdout}{done.stderr}\n")
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1]
        return f"the training run failed: {last.strip()[:160]}"
    return None


def training(spec: str) -> None:
    """What the profile is made of (run by ``--train``): the benchmark's loop (random legal play of
    `standard`, as `benchmarks/bench_interpreter.py` plays), random play under every shipped ruleset, and
    the typical bots' games (`simulate`, as the CLI and the Compare page run them, a ruleset with partner
    catch and offences included)."""
    import json
    import random

    modules = {name: (digest, binary, sources) for name, (digest, binary, sources) in
               json.loads(Path(spec).read_text(encoding="utf-8")).items()}
    finder = CompiledFinder(modules)
    sys.meta_path.insert(0, finder)
    # the public API only (load_ruleset, GameState, simulate): a training that stops working would make
    # every build try again
    from thunee_dsl import load_ruleset
    from thunee_dsl.game import GameState
    from thunee_dsl.simulation import simulate

    rng = random.Random(1)

    def play(ruleset, deals: int, seed: int) -> None:
        played = 0
        while played < deals:
            game = GameState(ruleset, seed=seed)
            seed += 1
            while not game.is_over:
                legal = game.legal_actions()
                if legal[-1].verb == "pass" and rng.random() >= 0.05:
                    game.apply(legal[0] if legal[0].verb == "jodie" else legal[-1])
                else:
                    game.apply(legal[int(rng.random() * len(legal))])
            played += len(game.deals)

    standard = load_ruleset("standard")
    play(standard, 1500, 1)
    for path in sorted((ROOT / "rulesets").glob("*.yaml")):
        play(load_ruleset(str(path)), 30, 100)
    partner_catch = load_ruleset(str(ROOT / "examples" / "partner-catch-six.yaml"))
    simulate([standard, partner_catch], games=20, bots="typical", seed=1, jobs=1, focus=False)
    simulate([standard, load_ruleset(str(ROOT / "examples" / "house" / "khanaak-simple.yaml"))], games=4,
             bots="typical", seed=2, jobs=1, mistakes=0.05, focus_replays=10, focus_seconds=None)
    print(f"training: {len(finder.loaded)} of {len(modules)} compiled modules ran, {time.process_time():.1f} s of CPU")


def deal_slots_up_to_date() -> None:
    """slots.pxd's DealSlots made again from the rules' declarations of the deal's state (each rule module's
    ``STATE``, gathered as ``thunee_dsl.game.deal.DEAL_STATE``): the one declaration the compiled build's C
    fields come from. Read in a pure Python process (the compiled modules are what is being built)."""
    code = ("from thunee_dsl.game.deal import write_deal_slots_pxd; "
            "write_deal_slots_pxd('thunee_dsl/game/slots.pxd')")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True,
                   env={**os.environ, PURE_ENV: "1", "PYTHONPATH": str(ROOT)})


def build(jobs: int, force: bool, pgo: bool = True, plain_first: bool = False) -> str:
    """Bring build/accel up to date; the one line to print. ``pgo``: the profile-guided build when the
    compiler can (else, or when the training does not run, the modules are compiled without a profile).
    ``plain_first``: with ``pgo``, the modules compiled without a profile first and put in the manifest at once
    (a usable build in about a third of the time: the app's workers take it up), then the profile-guided ones
    in their place."""
    try:
        import Cython  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as error:
        return f"compiled build: skipped ({error.name} is not installed): the pure Python modules are used"
    deal_slots_up_to_date()
    key = build_key("on" if pgo else "off")
    modules = hot_modules()
    digests = {name: source_hash([str(ROOT / s) for s in sources]) for name, sources in modules.items()}
    entries = {} if force else old_entries(key)
    if pgo and not force and not entries and old_entries(build_key("unsupported")):
        key = build_key("unsupported")  # this compiler cannot: the build stays as it is, without a profile
        entries = old_entries(key)
    entries = {name: entry for name, entry in entries.items()
               if name in modules and entry[0] == digests[name] and entry[2] == modules[name]}
    todo = [name for name in modules if name not in entries]
    if not todo:
        write_manifest(key, entries)
        return f"compiled build: {len(entries)} modules up to date (build/accel)"
    problem = compiler_problem()
    if problem:
        return f"compiled build: skipped (no working C compiler: {problem}): the pure Python modules are used"
    shutil.rmtree(ACCEL / "tmp", ignore_errors=True)
    (ACCEL / "tmp").mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    how = ""
    with open(LOG, "w", encoding="utf-8") as log, \
            concurrent.futures.ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:

        def compile_all(names: list[str], stage: str) -> dict[str, str]:
            """``{module: binary}`` of those that compiled; the others' output goes to the log."""
            futures = [pool.submit(compile_one, name, modules[name], digests[name], stage) for name in names]
            binaries = {}
            for future in concurrent.futures.as_completed(futures):
                name, binary, text = future.result()
                if binary is None:
                    log.write(f"== {name}: not compiled ({stage}){', runs as Python' * (stage == 'plain')}\n{text}\n")
                else:
                    binaries[name] = binary
            return binaries

        plain = todo
        if pgo and plain_first:
            quick = compile_all(todo, "plain")
            write_manifest(build_key("off"), loadable({**entries, **{n: (digests[n], b, modules[n])
                                                                     for n, b in quick.items()}}, modules))
        if pgo:
            reason = pgo_problem()
            unsupported = reason is not None
            counted = {} if reason else compile_all(todo, "generate")
            if counted:
                reason = train({**entries, **{n: (digests[n], b, modules[n]) for n, b in counted.items()}}, log)
            if reason is None:
                entries.update({n: (digests[n], b, modules[n]) for n, b in compile_all(list(counted), "use").items()})
                how = ", profile-guided"
            else:
                # a compiler that cannot is not asked again; a training that did not run is tried again
                key = build_key("unsupported" if unsupported else "untrained")
                how = f", without profile-guided optimisation: {reason}"
            plain = [name for name in todo if name not in entries]
        entries.update({n: (digests[n], b, modules[n]) for n, b in compile_all(plain, "plain").items()})
    entries = loadable(entries, modules)
    write_manifest(key, entries)
    shutil.rmtree(ACCEL / "tmp", ignore_errors=True)
    failed = [name for name in todo if name not in entries]
    done = len(todo) - len(failed)
    line = (f"compiled build: {done} module{'s' if done != 1 else ''} compiled in {time.perf_counter() - start:.0f} s "
            f"(-j {jobs}{how}), {len(entries)} of {len(modules)} in build/accel")
    if failed:
        line += (f"; {len(failed)} did not compile and run as Python "
                 f"({', '.join(sorted(failed))}: see {LOG.relative_to(ROOT)})")
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", type=int, default=2, help="modules compiled at once (default 2)")
    parser.add_argument("--force", action="store_true", help="compile every module again")
    parser.add_argument("--no-pgo", dest="pgo", action="store_false",
                        help="no profile-guided optimisation (one compile a module, no training run)")
    parser.add_argument("--plain-first", action="store_true",
                        help="a build without the profile first, usable at once, then the profile-guided one")
    parser.add_argument("--clean", action="store_true", help="remove the compiled build (the pure modules are used)")
    parser.add_argument("--train", metavar="SPEC", help=argparse.SUPPRESS)  # the training run (internal)
    args = parser.parse_args()
    if args.train:
        training(args.train)
        return
    if args.clean:
        shutil.rmtree(ACCEL, ignore_errors=True)
        print("compiled build: removed (the pure Python modules are used)")
        return
    try:
        ACCEL.mkdir(parents=True, exist_ok=True)
        with open(ACCEL / ".lock", "w") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time (make and a test may both start one)
            print(build(args.jobs, args.force, args.pgo, args.plain_first), flush=True)
    except Exception as error:  # noqa: BLE001 - setup must go on without the compiled build
        print(f"compiled build: skipped ({type(error).__name__}: {error}): the pure Python modules are used",
              flush=True)


if __name__ == "__main__":
    main()
