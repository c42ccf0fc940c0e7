"""``thunee-dsl replay GAME.zip``: a game exported from the app's Playtest page, replayed as it is.

Playtest's Export gives one transcript file for a shipped ruleset, and otherwise a zip holding
``transcript.yaml`` and the variant's ruleset file beside it (the transcript names that file). This
module opens such a zip with care (it came from somewhere): at most :data:`MAX_MEMBERS` members,
each read up to the loader's :data:`~thunee_dsl.loading.MAX_BYTES` however large its header says it is
(a zip bomb stops there), only plain relative names; the YAML files go to a private temporary folder
and the transcript is replayed from there. Every problem is located in the zip's own terms,
``GAME.zip/transcript.yaml:3:5: ...``.
"""

from __future__ import annotations

import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from thunee_dsl.errors import Location, Problem, RulesetError, TranscriptError, visible
from thunee_dsl.loading import MAX_BYTES
from thunee_dsl.loading.safe_yaml import size_words, too_large

TRANSCRIPT = "transcript.yaml"
MAX_MEMBERS = 64
_EXTRACTED = (".yaml", ".yml", ".json")  # what a transcript and its rulesets can be


def is_zip(path: str | Path) -> bool:
    """A ``.zip`` name, or a file that starts as a zip does (an export renamed)."""
    path = Path(path)
    if path.suffix.lower() == ".zip":
        return True
    try:
        if not path.is_file():  # a folder, a pipe (opening one waits for a writer for ever)...
            return False
        with path.open("rb") as fh:
            return fh.read(4) == b"PK\x03\x04"
    except OSError:
        return False  # the ordinary loader says what is wrong with it


def replay_zip(path: str | Path):
    """Replay the transcript inside an exported zip; RulesetError / TranscriptError, located, otherwise."""
    from thunee_dsl.game.transcript import replay
    from thunee_dsl.loading import load_yaml_file

    path = Path(path)
    with tempfile.TemporaryDirectory(prefix="thunee-dsl-replay-") as tmp:
        folder = Path(tmp)
        inside = _extract(path, folder)
        try:
            doc = load_yaml_file(folder / TRANSCRIPT)
            ref = doc.data.get("ruleset")
            if isinstance(ref, str) and _names_a_file(ref) and not _inside(folder, ref.strip()):
                shown = f"'{ref.strip()}'" if ref.strip().isprintable() else repr(ref.strip())
                held = ", ".join(visible(n) or "a file without a name" for n in inside)  # (a damaged name)
                raise RulesetError([Problem(doc.location(("ruleset",)),
                                            f"the ruleset file {shown} is not in the zip (it holds: {held})")])
            return replay(doc, folder)
        except RulesetError as err:
            raise RulesetError([_relocated(p, folder, path) for p in err.problems]) from None
        except TranscriptError as err:
            raise TranscriptError(_in_zip(str(err), folder, path)) from None


def _inside(folder: Path, ref: str) -> bool:
    """Whether ``ref`` is a file unpacked from the zip (not one elsewhere on this machine)."""
    try:
        target = (folder / ref).resolve()
        return target.is_relative_to(folder.resolve()) and target.is_file()
    except (OSError, ValueError):  # a NUL in the name, a name too long...
        return False


def _names_a_file(ref: str) -> bool:
    """As a transcript reads its ``ruleset:``: a path, not a ruleset's name."""
    return "/" in ref or "\\" in ref or ref.strip().endswith((".yaml", ".yml", ".json"))


def _problem(zip_path: Path, message: str, member: str | None = None) -> RulesetError:
    where = str(zip_path) if member is None else f"{zip_path}/{visible(member)}"  # (a damaged name: no line break)
    return RulesetError([Problem(Location(where), message)])


def _safe_name(name: str) -> bool:
    """A member name that stays inside the folder it is extracted to."""
    if not name or "\0" in name or "\\" in name or name.startswith("/") or len(name) > 255:
        return False
    parts = PurePosixPath(name).parts
    return bool(parts) and not any(part in ("", ".", "..") or ":" in part for part in parts)


def _extract(zip_path: Path, folder: Path) -> list[str]:
    """Unpack the YAML and JSON members into ``folder``; their names, sorted."""
    try:
        archive = zipfile.ZipFile(zip_path)
    except FileNotFoundError:
        raise _problem(zip_path, "file not found") from None
    except IsADirectoryError:
        raise _problem(zip_path, "is a folder, not a file") from None
    except OSError as err:
        raise _problem(zip_path, f"cannot read the file: {err.strerror or err}") from None
    except Exception:  # BadZipFile, and whatever else a damaged directory makes zipfile raise
        raise _problem(zip_path, "not a zip archive (or a damaged one): export the game again from Playtest") from None
    with archive:
        # (not ZipInfo.is_dir: a name damaged to start with a NUL reads as "", and is_dir raised IndexError)
        members = [m for m in archive.infolist() if not m.filename.endswith("/")]
        if len(members) > MAX_MEMBERS:
            raise _problem(zip_path, f"holds {len(members)} files; an exported game holds a few "
                                     f"(the limit is {MAX_MEMBERS})")
        names = [m.filename for m in members]
        if TRANSCRIPT not in names:
            found = ", ".join(visible(n) for n in sorted(names)[:10]) or "nothing"
            raise _problem(zip_path, f"no {TRANSCRIPT} inside (found: {found}); is this a game exported from Playtest?")
        for member in members:
            name = member.filename
            if not name.lower().endswith(_EXTRACTED):
                continue  # the README and anything else a transcript cannot refer to
            if not _safe_name(name):
                raise _problem(zip_path, "a file name that leaves the archive's folder", name)
            if member.file_size > MAX_BYTES:
                raise _problem(zip_path, too_large(member.file_size), name)
            try:
                with archive.open(member) as fh:
                    data = fh.read(MAX_BYTES + 1)  # never trust the header's size alone
            except Exception as err:  # a bad CRC, zlib's "invalid block", encryption, a method we lack...
                raise _problem(zip_path, f"cannot be read from the archive ({err}); export the game again",
                               name) from None
            if len(data) > MAX_BYTES:
                raise _problem(zip_path, f"file is too large: more than {size_words(MAX_BYTES)} once unpacked "
                                         f"(the limit is {size_words(MAX_BYTES)})", name)
            target = folder.joinpath(*PurePosixPath(name).parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return sorted(names)


def _in_zip(text: str, folder: Path, zip_path: Path) -> str:
    """``/tmp/xyz/transcript.yaml`` -> ``GAME.zip/transcript.yaml`` wherever it appears."""
    for prefix in {str(folder), str(folder.resolve())}:
        text = text.replace(prefix + "/", f"{zip_path}/").replace(prefix, str(zip_path))
    return text


def _relocated(problem: Problem, folder: Path, zip_path: Path) -> Problem:
    loc = problem.location
    return Problem(Location(_in_zip(loc.file, folder, zip_path), loc.line, loc.column),
                   _in_zip(problem.message, folder, zip_path))


__all__ = ["MAX_MEMBERS", "TRANSCRIPT", "is_zip", "replay_zip"]
