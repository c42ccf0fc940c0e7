"""The user's own rulesets: YAML files in a folder of their home.

The folder is ``$THUNEE_DSL_HOME/rulesets`` (default ``~/.thunee-dsl/rulesets``). Files are named after
the ruleset (``my-house-rules.yaml``), written whole or not at all, and never larger than the loader
accepts. Text is stored as the user wrote it, valid or not: an unfinished variant is never lost.

>>> import tempfile
>>> shelf = UserRulesets(tempfile.mkdtemp())
>>> path = shelf.save("My House Rules!", "extends: standard\\nname: my-house-rules\\n")
>>> path.name, list(shelf.names()), shelf.read("my-house-rules").startswith("extends")
('my-house-rules.yaml', ['my-house-rules'], True)
"""

from __future__ import annotations

import os
import re
import tempfile
from os import PathLike
from pathlib import Path

from thunee_dsl.errors import Location, Problem, RulesetError
from thunee_dsl.loading import MAX_BYTES, shipped_rulesets
from thunee_dsl.loading.home import HOME_ENV, user_home

SUFFIX = ".yaml"
_SLUG = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    """A file-name-safe form of a ruleset name: lower case, words joined by '-'.

    >>> slug("  Loser deals AGAIN (v2) "), slug("../../etc/passwd")
    ('loser-deals-again-v2', 'etc-passwd')
    """
    return _SLUG.sub("-", str(name).lower()).strip("-")[:64]


def decode_upload(data: bytes, filename: str = "<upload>") -> str:
    """The text of an uploaded ruleset file: at most :data:`MAX_BYTES`, UTF-8; RulesetError otherwise."""
    if len(data) > MAX_BYTES:
        raise RulesetError([Problem(Location(filename),
                                    f"file is too large: {len(data)} bytes (the limit is {MAX_BYTES} bytes)")])
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
        stem = slug(name)
        if not stem:
            raise ValueError("a ruleset name needs at least one letter or digit")
        return self.folder / f"{stem}{SUFFIX}"

    def names(self) -> list[str]:
        """The saved rulesets' names (file stems), sorted."""
        if not self.folder.is_dir():
            return []
        return sorted(p.stem for p in self.folder.glob(f"*{SUFFIX}") if p.is_file())

    def read(self, name: str) -> str:
        path = self.path(name)
        data = path.read_bytes()
        return decode_upload(data, str(path))

    def save(self, name: str, text: str) -> Path:
        """Write ``text`` as the ruleset ``name`` (replacing it); returns the file's path.

        ValueError for a name that is empty, taken by a shipped ruleset, or text over the size limit.
        """
        path = self.path(name)
        if path.stem in {n.lower() for n in shipped_rulesets()}:
            raise ValueError(f"'{path.stem}' is the name of a shipped ruleset: give your variant its own name")
        data = text.encode("utf-8")
        if len(data) > MAX_BYTES:
            raise ValueError(f"the text is too large: {len(data)} bytes (the limit is {MAX_BYTES} bytes)")
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    def delete(self, name: str) -> bool:
        path = self.path(name)
        if path.is_file():
            path.unlink()
            return True
        return False


__all__ = ["HOME_ENV", "UserRulesets", "decode_upload", "slug", "user_home"]
