"""The optional compiled build: load a module's Cython-compiled binary when it was built from the source
that is on disk now, else the module's own .py file.

`build_accel.py` (run by `make`) compiles the engine's hot modules, unchanged, into ``build/accel/`` beside
the package (never into the source folders) and writes ``build/accel/manifest.txt``: one line a module
with the hash of the source it was compiled from and where its binary is. ``install()`` (called when
``thunee_dsl`` is imported) puts a finder in front of ``sys.meta_path`` that answers only for the modules
the manifest names, and only when every source's hash matches: after a source is edited, every module is
imported as Python (never an old binary, nor a mix of old binaries and new sources) until the next build. Nothing here is needed: installed from the wheel, with no
build, after ``make clean``, or with ``THUNEE_DSL_PURE=1`` (profilers that trace bytecodes, comparisons),
every module is the pure Python one.
"""

from __future__ import annotations

import os
import sys

PURE_ENV = "THUNEE_DSL_PURE"
#: the build's folder, beside the package folder (a source checkout; absent in an installed wheel)
ACCEL_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build", "accel")
MANIFEST = "manifest.txt"
FORMAT = "thunee-dsl accel 1"


def source_hash(paths: list[str]) -> str:
    """The hash a binary is filed under: of its source files' bytes, in order."""
    import hashlib  # only when a compiled module is imported: the CLI's start-up does not pay for it

    digest = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as f:
            digest.update(f.read())
        digest.update(b"\0")
    return digest.hexdigest()


def read_manifest(accel_dir: str = ACCEL_DIR) -> dict[str, tuple[str, str, list[str]]] | None:
    """``{module: (source hash, binary path, source paths)}`` of the build in ``accel_dir``, or None when
    there is none, or it was made for another Python (the binaries' suffix says which)."""
    try:
        with open(os.path.join(accel_dir, MANIFEST), encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    from importlib.machinery import EXTENSION_SUFFIXES

    if len(lines) < 2 or lines[0] != FORMAT or lines[1] != f"suffix {EXTENSION_SUFFIXES[0]}":
        return None
    root = os.path.dirname(os.path.dirname(accel_dir))
    modules = {}
    for line in lines[2:]:
        parts = line.split("\t")
        if len(parts) >= 4:
            name, digest, binary, *sources = parts
            modules[name] = (digest, os.path.join(accel_dir, binary), [os.path.join(root, s) for s in sources])
    return modules


class CompiledFinder:
    """A meta path finder for the manifest's modules whose source is unchanged since the build."""

    def __init__(self, modules: dict[str, tuple[str, str, list[str]]]):
        self.modules = modules
        self.loaded: list[str] = []  # the modules imported compiled, in order (tests and benchmarks read it)
        self._module_of: dict[str, str] | None = None  # each module's source -> its name
        self._fresh: bool | None = None  # whether every binary is the compiled form of its source on disk

    def find_spec(self, fullname, path=None, target=None):
        entry = self.modules.get(fullname)
        if entry is None or fullname in self.loaded:
            # (imported again after it left sys.modules, as Streamlit's watcher does: a binary module is
            # initialised once a process and would come back as the old module; the source gives a new one)
            return None
        digest, binary, sources = entry
        if not self.every_binary_fresh():
            return None  # a module edited since the build: every module from its .py, found as usual
        if not self.types_compiled(sources):
            return None
        from importlib.util import spec_from_file_location

        self.loaded.append(fullname)
        return spec_from_file_location(fullname, binary, loader=_loader_class()(fullname, binary, sources[0]))

    def every_binary_fresh(self) -> bool:
        """Whether every binary of the build was compiled from the sources on disk now (read once a process).
        One module edited since the build (a ``git pull``, an edit) and none is used: a binary beside the
        source of a module it was compiled with shares the deal's C fields and tables with it (an edited
        ``play.py`` beside the old compiled ``dealing`` crashed the interpreter), so the build is all or
        nothing until it is brought up to date."""
        if self._fresh is None:
            try:
                self._fresh = all(source_hash(sources) == digest and os.path.isfile(binary)
                                  for digest, binary, sources in self.modules.values())
            except OSError:  # (a source gone)
                self._fresh = False
        return self._fresh

    def types_compiled(self, sources: list[str]) -> bool:
        """Whether the modules whose types a binary cimports (the other ``.py`` files among its sources) are
        compiled too, or not imported yet (then the binary's import brings their binaries in): a binary
        cannot take its types from a module imported from its source (after sys.modules lost it)."""
        for source in sources[1:]:
            if source.endswith(".py"):
                module = sys.modules.get(self.module_of(source))
                if module is not None and not isinstance(getattr(module, "__loader__", None), _loader_class()):
                    return False
        return True

    def module_of(self, source: str) -> str:
        if self._module_of is None:
            self._module_of = {sources[0]: name for name, (_, _, sources) in self.modules.items()}
        return self._module_of.get(source, "")

    def invalidate_caches(self):
        pass


_finder: CompiledFinder | None = None
_loader = None


def _loader_class():
    """ExtensionFileLoader, but the module's ``__file__`` is its source: what the binary is the compiled form
    of (code finding files beside its module, ``inspect`` and tests reading the source keep working);
    ``__loader__.path`` and ``__spec__.origin`` are the binary."""
    global _loader
    if _loader is None:
        from importlib.machinery import ExtensionFileLoader

        class CompiledLoader(ExtensionFileLoader):
            def __init__(self, name, path, source):
                super().__init__(name, path)
                self.source = source

            def create_module(self, spec):
                module = super().create_module(spec)
                module.__file__ = self.source
                return module

        _loader = CompiledLoader
    return _loader


def install() -> None:
    """Let the compiled build be imported, when there is one and ``THUNEE_DSL_PURE`` is not set."""
    global _finder
    if _finder is not None or os.environ.get(PURE_ENV, "") not in ("", "0"):
        return
    for finder in sys.meta_path:
        if type(finder).__name__ == "CompiledFinder" and hasattr(finder, "loaded"):
            _finder = finder  # thunee_dsl imported afresh (after sys.modules lost it): the finder stays one
            return
    modules = read_manifest()
    if modules:
        _finder = CompiledFinder(modules)
        sys.meta_path.insert(0, _finder)


def compiled_modules() -> list[str]:
    """The modules this process imported from the compiled build (empty: all pure)."""
    return list(_finder.loaded) if _finder is not None else []


def describe() -> str:
    """One line for benchmarks: which engine ran."""
    loaded = compiled_modules()
    if loaded:
        return f"compiled build ({len(loaded)} modules from build/accel)"
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return f"pure Python ({PURE_ENV}=1)"
    return "pure Python (no compiled build)"


class cython_shadow:  # noqa: N801 - stands in for the module ``cython``
    """What the engine's modules use of Cython's pure-Python mode (``import cython``), for a Python without
    Cython (a wheel install: the ``accel`` extra is optional). The decorators give types to the compiled
    build and change nothing in Python."""

    compiled = False
    Py_ssize_t = int  # (a C integer compiled: seats, cards, counts of tricks)
    longlong = ulonglong = int  # (values, and masks of up to 64 cards: players/plain_search.py)
    bint = bool

    @staticmethod
    def locals(**types):
        """``@cython.locals(deal=DealSlots)``: the C types of a function's arguments and variables."""
        return _unchanged


def _unchanged(function):
    return function
