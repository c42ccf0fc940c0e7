"""The user's own rulesets: YAML files in a folder of their home.

The folder is ``$THUNEE_DSL_HOME/rulesets`` (default ``~/.thunee-dsl/rulesets``). Files are named after
the ruleset (``my-house-rules.yaml``), written whole or not at all, and never larger than the loader
accepts. Text is stored as the user wrote it, valid or not: an unfinished variant is never lost.

One name, one file: a name listed by :meth:`UserRulesets.names` reads, saves and deletes exactly that
file; any other name goes by its :func:`slug`. A ruleset's name in this folder is its file's name (the
command line's ``list``, ``rules`` and ``diff`` go by it too: :mod:`thunee_dsl.loading.registry`); the app
keeps the text's ``name:`` line the same (:func:`with_name`). Saving never replaces a file silently:
replacing one needs the text it held when it was opened (``expected``) or an explicit ``overwrite``, and a
name that slugs like a different saved one is refused (:class:`SaveConflict`; :meth:`UserRulesets.distinct_name`
gives a free one), as is a name a shipped ruleset answers to (its name, an alias, its file's name).

Saving is one step against every other save, in threads and in processes: the checks and the write are
made holding an exclusive ``flock`` on the folder itself (every save, replace and delete takes it), a new
name is created with ``link`` (which fails if the file appeared meanwhile) and a replace is an
``os.replace`` of a complete temporary file.

>>> import tempfile
>>> shelf = UserRulesets(tempfile.mkdtemp())
>>> path = shelf.save("My House Rules!", "extends: standard\\nname: my-house-rules\\n")
>>> path.name, list(shelf.names()), shelf.read("my-house-rules").startswith("extends")
('my-house-rules.yaml', ['my-house-rules'], True)
>>> shelf.save("my house rules", "extends: royals\\n")
Traceback (most recent call last):
...
thunee_dsl.editor.storage.SaveConflict: you already have a ruleset called 'my-house-rules'
>>> shelf.distinct_name("my house rules")
'my-house-rules-2'
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
import threading
import unicodedata
from os import PathLike
from pathlib import Path

try:
    import fcntl
except ImportError:  # (not on Windows: there saves are one step within one process only)
    fcntl = None

from thunee_dsl.errors import Location, Problem, RulesetError
from thunee_dsl.loading import MAX_BYTES, shipped_rulesets
from thunee_dsl.loading.registry import shipped_answer
from thunee_dsl.loading.safe_yaml import _position_location, load_yaml_text, too_large
from thunee_dsl.loading.home import HOME_ENV, user_home

SUFFIX = ".yaml"
_SLUG = re.compile(r"[^a-z0-9]+")
MAX_STEM = 64


class SaveConflict(ValueError):
    """Saving ``name`` would replace or shadow a saved ruleset the user has not agreed to replace.

    ``reason``: ``"exists"`` (a ruleset of that name is saved, and this text was not opened from it),
    ``"changed"`` (the file changed since it was opened: another tab or program saved it), or
    ``"similar"`` (a different saved ruleset, ``other``, goes by the same file-name form).
    ``current``: the file's text now (None for ``"similar"``).
    """

    def __init__(self, path: Path, reason: str, current: str | None = None, other: str | None = None):
        self.path, self.reason, self.current, self.other = Path(path), reason, current, other
        name = self.path.stem
        message = {
            "exists": f"you already have a ruleset called '{name}'",
            "changed": f"'{name}' was changed by someone else (another tab or window) since you opened it",
            "similar": f"the name is too like your ruleset '{other}' (both would be '{name}')",
        }[reason]
        super().__init__(message)


def storable(text: str) -> str:
    """``text`` as a file (and the browser) can hold it: half of a character (a lone surrogate, which a paste of
    binary can leave in a browser's text) becomes U+FFFD, as the browser's own TextEncoder writes it.

    >>> storable("a\\ud800b") == "a\\ufffdb", storable("J\\u2663")
    (True, 'J♣')
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def slug(name: str) -> str:
    """A file-name-safe form of a ruleset name: lower case, words joined by '-'.

    >>> slug("  Loser deals AGAIN (v2) "), slug("../../etc/passwd"), slug("Café crème")
    ('loser-deals-again-v2', 'etc-passwd', 'cafe-creme')
    """
    plain = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode("ascii")
    return _SLUG.sub("-", plain.lower()).strip("-")[:MAX_STEM].strip("-")


def decode_upload(data: bytes, filename: str = "<upload>") -> str:
    """The text of an uploaded ruleset file: at most :data:`MAX_BYTES`, UTF-8; RulesetError otherwise."""
    if len(data) > MAX_BYTES:
        raise RulesetError([Problem(Location(filename), too_large(len(data)))])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise RulesetError([Problem(Location(filename, line, 1),
                                    f"the file is not valid UTF-8 (byte 0x{data[err.start]:02x}); save it as UTF-8")]) from None
    return text[1:] if text.startswith("\ufeff") else text


class UserRulesets:
    """The rulesets in ``folder`` (default ``user_home() / "rulesets"``), by file stem."""

    def __init__(self, folder: str | PathLike | None = None):
        self.folder = Path(folder) if folder is not None else user_home() / "rulesets"

    def path(self, name: str) -> Path:
        """The file of ``name``: a listed name's own file, else the file named by its slug."""
        name = str(name)
        if name in self.names():
            return self.folder / f"{name}{SUFFIX}"
        stem = slug(name)
        if not stem:
            # (日本語 are letters too: say which ones a file name here is made of)
            raise ValueError("a ruleset name needs at least one letter a-z or digit 0-9 (accents are dropped: "
                             "'Ünïcode' is saved as 'unicode'; other alphabets and symbols are left out)")
        return self.folder / f"{stem}{SUFFIX}"

    def names(self) -> list[str]:
        """The saved rulesets' names (file stems), sorted; hidden files (e.g. unfinished writes) are not listed."""
        try:  # (scandir: a folder's entries know whether they are files without a stat each)
            with os.scandir(self.folder) as entries:
                return sorted(e.name[:-len(SUFFIX)] for e in entries
                              if e.name.endswith(SUFFIX) and not e.name.startswith(".") and e.is_file())
        except (FileNotFoundError, NotADirectoryError):
            return []

    def read(self, name: str) -> str:
        path = self.path(name)
        data = path.read_bytes()
        return decode_upload(data, str(path))

    def similar(self, name: str) -> str | None:
        """A different saved name whose file-name form equals ``name``'s (a save of ``name`` would mix them up)."""
        try:
            path = self.path(name)
        except ValueError:
            return None
        if path.exists():
            return None
        return next((n for n in self.names() if slug(n) == path.stem), None)

    def distinct_name(self, name: str) -> str:
        """``name``'s file-name form, or with ``-2``, ``-3``... added: a name no saved ruleset has or resembles,
        and no shipped ruleset answers to."""
        base = slug(name) or "ruleset"
        taken = {slug(n) for n in self.names()} | set(self.names())
        if base not in taken and shipped_answer(base) is None:
            return base
        i = 2
        while True:
            suffix = f"-{i}"
            candidate = base[:MAX_STEM - len(suffix)].rstrip("-") + suffix
            if candidate not in taken and shipped_answer(candidate) is None:
                return candidate
            i += 1

    def save(self, name: str, text: str, *, expected: str | None = None, overwrite: bool = False) -> Path:
        """Write ``text`` as the ruleset ``name``; returns the file's path.

        A saved file is replaced only with ``overwrite`` or when it still holds ``expected`` (the text
        it had when the editor opened it); otherwise :class:`SaveConflict`. ValueError for a name that
        is empty or one a shipped ruleset answers to, or text over the size limit. The checks and the
        write are one step against every other save (see the module's notes).
        """
        path = self.path(name)
        shipped = shipped_answer(path.stem)
        if shipped is not None:
            ruleset, how = shipped
            said = f"the name of a shipped ruleset" if how == "the name" and ruleset.lower() == path.stem.lower() \
                else f"{how} of the shipped ruleset '{ruleset}'"
            raise ValueError(f"'{path.stem}' is {said}, and the command line would open that one: give your "
                             "variant its own name")
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as err:  # refused rather than saved altered: the checker points at it too
            where = _position_location(str(path), text, err.start)
            raise ValueError(f"line {where.line}, column {where.column}: character U+{ord(text[err.start]):04X} is "
                             "half of a character (left by a copy and paste?) and a file cannot hold it: "
                             "delete it") from None
        if len(data) > MAX_BYTES:
            raise ValueError(too_large(len(data), "the text"))
        self.folder.mkdir(parents=True, exist_ok=True)
        with self._one_at_a_time():
            path = self.path(name)  # (again: another save may have made the file of a similar name meanwhile)
            other = self.similar(name)
            if other is not None:
                raise SaveConflict(path, "similar", other=other)
            exists = path.exists()
            if exists and not overwrite:
                current = self._current(path)
                if expected is None:
                    raise SaveConflict(path, "exists", current)
                if current != expected:
                    raise SaveConflict(path, "changed", current)
            self._write(path, data, new=not exists and not overwrite)
        return path

    def _write(self, path: Path, data: bytes, new: bool) -> None:
        """The whole of ``data`` in a temporary file, then in ``path``'s place: linked (a new name: only if no
        file of that name appeared meanwhile, whatever wrote it) or replacing it."""
        fd, tmp = tempfile.mkstemp(prefix=f".{path.stem[:MAX_STEM]}.", suffix=".tmp", dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            if new:
                try:
                    os.link(tmp, path)
                except FileExistsError:
                    raise SaveConflict(path, "exists", self._current(path)) from None
            else:
                os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)

    @contextlib.contextmanager
    def _one_at_a_time(self):
        """Hold the folder's save lock: an exclusive ``flock`` on the folder itself (no lock file among the
        rulesets), which every save of every process and thread takes (each its own descriptor)."""
        with _THREADS:  # (where there is no flock; and it keeps a process's own threads in line cheaply)
            if fcntl is None:
                yield
                return
            fd = os.open(self.folder, os.O_RDONLY)
            try:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                except OSError as err:  # a file system without locks (some network ones): saving still works,
                    if err.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL):  # one step per process
                        raise
                yield
            finally:
                os.close(fd)  # (closing the descriptor releases the lock)

    @staticmethod
    def _current(path: Path) -> str | None:
        try:
            return decode_upload(path.read_bytes(), str(path))
        except (OSError, RulesetError):
            return None

    def delete(self, name: str) -> bool:
        path = self.path(name)
        if not self.folder.is_dir():
            return False
        with self._one_at_a_time():
            if path.is_file():
                path.unlink()
                return True
        return False


_THREADS = threading.Lock()

# A top-level `name:` line whose value is on that line: a plain or quoted scalar, maybe a comment after it.
_NAME_LINE = re.compile(r"""(?m)^name[ \t]*:[ \t]*(?P<value>"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\r\n]|'')*'|"""
                        r"""[^\s#'"|>&*!\[{%@`][^#\r\n]*?)(?P<rest>[ \t]+#[^\r\n]*|[ \t]*)(?=\r?\n|\r|\Z)""")


def with_name(text: str, name: str) -> str:
    """``text`` with its top-level ``name:`` saying ``name`` (a file-name form, as :func:`slug` makes), every
    other byte as it was (comments, quotes, line ends). Unchanged when it already says so, or when the text
    has no such line this can rewrite safely (none, several, a block or flow value): checked by loading it.

    >>> with_name("extends: standard\\nname: our-table   # ours\\ntitle: x\\n", "our-table-2")
    'extends: standard\\nname: our-table-2   # ours\\ntitle: x\\n'
    >>> with_name("name: 'our table'\\n", "our-table-2"), with_name("game: {}\\n", "x")
    ("name: 'our-table-2'\\n", 'game: {}\\n')
    """
    found = list(_NAME_LINE.finditer(text))
    if len(found) != 1 or not slug(name) == name:
        return text
    value = found[0].group("value")
    quote = value[0] if value[0] in "'\"" else ""
    rewritten = text[:found[0].start("value")] + quote + name + quote + text[found[0].end("value"):]
    try:  # the line was the document's name (not a line inside a block scalar), and now says the new one
        before = load_yaml_text(text, "<text>", check_names=False).data
        after = load_yaml_text(rewritten, "<text>", check_names=False).data
    except RulesetError:
        return text
    if not (isinstance(before, dict) and isinstance(after, dict) and after.get("name") == name
            and {k: v for k, v in after.items() if k != "name"} == {k: v for k, v in before.items() if k != "name"}):
        return text
    return rewritten


def folder_problem(text: str) -> str | None:
    """Why ``text`` cannot be the user's folder (their rulesets go in its ``rulesets`` folder), in words;
    None when it can (a folder that does not exist yet is made at the first save)."""
    if not text.strip():
        return "the folder is empty"
    if "\x00" in text:
        return "a folder name cannot hold a NUL character"
    try:
        path = Path(text.strip()).expanduser()
    except RuntimeError:  # "~someone" with no such user
        return f"there is no home folder for '{text.strip().split('/')[0]}'"
    try:
        probe = path
        while not probe.exists():  # the first folder on the way that exists must take new folders
            if probe.parent == probe:
                break
            probe = probe.parent
        if not probe.is_dir():
            return f"{probe} is a file, not a folder"
        if not os.access(probe, os.W_OK | os.X_OK):
            return f"this program may not write in {probe}"
        if path.exists() and (path / "rulesets").exists() and not (path / "rulesets").is_dir():
            return f"{path / 'rulesets'} is a file, not a folder"
    except OSError as err:  # a name too long, a loop of links...
        if err.errno == errno.ENAMETOOLONG:
            return "the folder's name is too long"
        return err.strerror.lower() if err.strerror else str(err)
    return None


__all__ = ["folder_problem", "HOME_ENV", "SaveConflict", "UserRulesets", "decode_upload", "slug", "user_home",
           "with_name"]
