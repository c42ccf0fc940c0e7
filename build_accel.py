#!/usr/bin/env python3
"""The optional compiled build: the engine's hot modules compiled by Cython, as they are (one source).

    python build_accel.py [-j N] [--force] [--clean]

Compiles the modules listed in HOT (the engine, the bots, the simulator's deal loop, the formulas' compiled
closures: where `benchmarks/profile_interpreter.py` and the bots' profiles put the time; not the loading,
the CLI or the app) into ``build/accel/`` (git-ignored, never the source folders) and writes
``build/accel/manifest.txt``, which ``thunee_dsl/_accel.py`` reads: a binary is imported only while its
module's source hashes as it did when compiled, so an edited module runs as Python until the next build.
Only modules whose source changed are compiled again (N at a time, in N processes). Each binary sits in a
folder named after its source's hash: a rebuild never overwrites a binary a running process has loaded.

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

from thunee_dsl._accel import FORMAT, MANIFEST, read_manifest, source_hash  # noqa: E402

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


def hot_modules() -> dict[str, list[str]]:
    """``{module name: [its source files, relative to the root]}``, biggest first (they take longest).
    An augmenting ``.pxd`` beside a module (type declarations only) is part of its source."""
    found = {}
    for pattern in HOT:
        for path in sorted(ROOT.glob(pattern)):
            if path.name == "__init__.py":
                continue
            rel = path.relative_to(ROOT)
            sources = [rel.as_posix()]
            if path.with_suffix(".pxd").is_file():
                sources.append(rel.with_suffix(".pxd").as_posix())
            found[".".join(rel.with_suffix("").parts)] = sources
    return dict(sorted(found.items(), key=lambda item: -(ROOT / item[1][0]).stat().st_size))


def build_key() -> str:
    """What else a binary depends on besides its source: when it changes, everything is compiled again."""
    import Cython

    return f"cython {Cython.__version__} directives {sorted(DIRECTIVES.items())} cflags {CFLAGS}"


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


def compile_module(name: str, source: str, work: Path) -> Path:
    """Compile the Python file ``source`` as module ``name`` inside the folder ``work`` (its C file, objects
    and the compiler's output, in ``work/build.log``): the binary's path. Raises when it does not compile."""
    from Cython.Build import cythonize
    from Cython.Compiler import Options
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    Options.emit_code_comments = False  # smaller C files
    with _quiet(work / "build.log"):
        [ext] = cythonize([Extension(name, [source], extra_compile_args=CFLAGS)],
                          build_dir=str(work / "c"), compiler_directives=DIRECTIVES, force=True, quiet=True)
        cmd = build_ext(Distribution({"ext_modules": [ext]}))
        cmd.build_lib, cmd.build_temp = str(work / "lib"), str(work / "temp")
        cmd.ensure_finalized()
        cmd.run()
    return work / "lib" / cmd.get_ext_filename(name)


def compile_one(name: str, sources: list[str], digest: str) -> tuple[str, str | None, str]:
    """Compile one module (in a worker process): (name, its binary relative to build/accel or None, log)."""
    os.chdir(ROOT)  # sources relative to the root: tracebacks name them so
    work = Path(tempfile.mkdtemp(prefix=name + ".", dir=ACCEL / "tmp"))
    try:
        built = compile_module(name, sources[0], work)
        binary = Path("lib", digest[:16], built.relative_to(work / "lib"))
        (ACCEL / binary).parent.mkdir(parents=True, exist_ok=True)
        os.replace(built, ACCEL / binary)  # a new file: a process that loaded an older binary keeps it
        return name, binary.as_posix(), ""
    except BaseException as error:  # noqa: BLE001 - this module stays Python; the others go on
        log = work / "build.log"
        text = log.read_text(errors="replace") if log.is_file() else ""
        return name, None, f"{text}\n{type(error).__name__}: {error}"
    finally:
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


def build(jobs: int, force: bool) -> str:
    """Bring build/accel up to date; the one line to print."""
    try:
        import Cython  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as error:
        return f"compiled build: skipped ({error.name} is not installed): the pure Python modules are used"
    key = build_key()
    modules = hot_modules()
    digests = {name: source_hash([str(ROOT / s) for s in sources]) for name, sources in modules.items()}
    entries = {} if force else old_entries(key)
    entries = {name: entry for name, entry in entries.items()
               if name in modules and entry[0] == digests[name] and entry[2] == modules[name]}
    todo = [name for name in modules if name not in entries]
    if not todo:
        write_manifest(key, entries)
        return f"compiled build: {len(entries)} modules up to date (build/accel)"
    problem = compiler_problem()
    if problem:
        return f"compiled build: skipped (no working C compiler: {problem}): the pure Python modules are used"
    (ACCEL / "tmp").mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    failed = []
    with open(LOG, "w", encoding="utf-8") as log, \
            concurrent.futures.ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(compile_one, name, modules[name], digests[name]) for name in todo]
        for future in concurrent.futures.as_completed(futures):
            name, binary, text = future.result()
            if binary is None:
                failed.append(name)
                log.write(f"== {name}: not compiled, runs as Python\n{text}\n")
            else:
                entries[name] = (digests[name], binary, modules[name])
    write_manifest(key, entries)
    shutil.rmtree(ACCEL / "tmp", ignore_errors=True)
    done = len(todo) - len(failed)
    line = (f"compiled build: {done} module{'s' if done != 1 else ''} compiled in {time.perf_counter() - start:.0f} s "
            f"(-j {jobs}), {len(entries)} of {len(modules)} in build/accel")
    if failed:
        line += (f"; {len(failed)} did not compile and run as Python "
                 f"({', '.join(sorted(failed))}: see {LOG.relative_to(ROOT)})")
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", type=int, default=2, help="modules compiled at once (default 2)")
    parser.add_argument("--force", action="store_true", help="compile every module again")
    parser.add_argument("--clean", action="store_true", help="remove the compiled build (the pure modules are used)")
    args = parser.parse_args()
    if args.clean:
        shutil.rmtree(ACCEL, ignore_errors=True)
        print("compiled build: removed (the pure Python modules are used)")
        return
    try:
        ACCEL.mkdir(parents=True, exist_ok=True)
        with open(ACCEL / ".lock", "w") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time (make and a test may both start one)
            print(build(args.jobs, args.force), flush=True)
    except Exception as error:  # noqa: BLE001 - setup must go on without the compiled build
        print(f"compiled build: skipped ({type(error).__name__}: {error}): the pure Python modules are used",
              flush=True)


if __name__ == "__main__":
    main()
