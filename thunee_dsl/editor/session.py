"""The editor's state as plain data: the text is the single source of truth, kept in plain session keys.

Widgets come and go with the page (an unrendered widget drops its value) and a code editor
component returns its last value again on later runs, stale. So the app keeps the text here, takes
an edit from the component only when it carries a response id not seen before, and replaces the text
itself only through :func:`replace_text` (which keeps what it held, to restore). Saving goes through
:func:`save`, which never replaces a file silently: a conflict becomes a *pending* question with
three answers (overwrite / keep both / cancel) that the page shows as buttons.

Everything here works on any mutable mapping (``st.session_state`` in the app, a dict in tests) and
imports no Streamlit.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import tempfile
import threading
import zlib
from collections.abc import Mapping, MutableMapping
from functools import lru_cache
from pathlib import Path

from thunee_dsl.editor.sharing import LinkError, decode_variant
from thunee_dsl.editor.storage import SaveConflict, UserRulesets, slug, storable, with_name
from thunee_dsl.loading import MAX_BYTES
from thunee_dsl.loading.schema import ruleset_schema

State = MutableMapping


def editor_was_used(ss: State) -> bool:
    """Whether the person wrote or opened something in the Editor: until then its text is the untouched
    starter, and "The editor's text (my-standard)" names a text they never saw (the Playtest and Compare
    pages default to it only afterwards)."""
    return ss.get("editor_version", 0) > 0 or ss.get("editor_text") != ss.get("editor_fresh")

KEYS = ("editor_text", "editor_origin", "editor_file", "editor_disk", "editor_saved", "editor_save_name",
        "editor_name_hint", "editor_seen", "editor_version", "editor_previous", "editor_pending", "editor_fresh")


def init(ss: State, text: str, origin: str) -> None:
    """Start the session's editor on ``text`` (once: later calls keep what is there)."""
    if "editor_text" in ss:
        return
    ss.update(editor_text=text, editor_origin=origin, editor_file=None, editor_disk=None, editor_saved=None,
              editor_save_name="", editor_name_hint="", editor_seen="", editor_version=0, editor_previous=None,
              editor_pending=None, editor_fresh=text, editor_drafted={})


def replace_text(ss: State, text: str, origin: str, file: str | None = None, disk: str | None = None,
                 fresh: bool = False) -> None:
    """Put ``text`` in the editor; what it held is kept (:func:`restore` brings it back).

    ``file``: the user's saved ruleset it came from, and ``disk`` that file's text as read (what a save
    may replace without asking). ``fresh``: a new variant's template (nothing to lose until edited).
    """
    # Kept for Restore: unsaved work always; a text that is saved or an untouched template only when
    # no unsaved work waits there already (a second Open must not push that work out)
    if ss.get("editor_text") and ss["editor_text"] != text and (has_unsaved_work(ss) or not ss.get("editor_previous")):
        ss["editor_previous"] = {key: ss.get(key) for key in
                                 ("editor_text", "editor_origin", "editor_file", "editor_disk", "editor_saved",
                                  "editor_save_name", "editor_name_hint", "editor_fresh")}
    ss.update(editor_text=text, editor_origin=origin, editor_file=file, editor_disk=disk,
              editor_saved=disk if file else None, editor_save_name=file or "", editor_name_hint="",
              editor_pending=None, editor_fresh=text if fresh else None)
    ss["editor_version"] = ss.get("editor_version", 0) + 1  # a fresh code editor, showing the new text


def restore(ss: State) -> None:
    """Bring back the text the last :func:`replace_text` replaced (and the file it belonged to)."""
    previous = ss.get("editor_previous")
    if not previous:
        return
    current = {key: ss.get(key) for key in previous}
    ss.update(previous)
    ss["editor_previous"] = current if current.get("editor_text") else None
    ss["editor_pending"] = None
    ss["editor_version"] = ss.get("editor_version", 0) + 1


def take_edit(ss: State, response) -> bool:
    """Take the text of a code editor response if it is a fresh edit (an id not seen before).

    A response seen before, an empty default (no id) or anything malformed changes nothing: a stale
    component value never overwrites the session's text. Returns whether the text changed.
    """
    if not isinstance(response, dict):
        return False
    rid, text = response.get("id"), response.get("text")
    if not rid or not isinstance(rid, str) or not isinstance(text, str) or rid == ss.get("editor_seen"):
        return False
    if response.get("type") not in ("change", "submit", "blur"):
        return False
    # Half of a character (a lone surrogate, from a paste of binary) arrives as it is; the browser shows it as
    # U+FFFD, and nothing on the page (nor Streamlit's cache, nor a file) can carry it: take it as shown.
    text = storable(text)
    changed = text != ss.get("editor_text")
    # The text first, then the edit noted as seen: Streamlit may stop a run at any use of the session (a
    # newer run started), and an edit noted as seen before its text was taken was lost for good.
    if changed:
        ss["editor_text"] = text
    ss["editor_seen"] = rid
    return changed


def fingerprint(text: str) -> str:
    """``crc32:bytes`` of ``text`` in UTF-8 with its line ends made ``\\n``: what the browser computes of the
    code editor's text (``editor/pending_edit.js``) to tell whether the app has the text the user sees."""
    data = storable(text.replace("\r\n", "\n").replace("\r", "\n")).encode("utf-8")
    return f"{zlib.crc32(data):08x}:{len(data)}"


def set_text(ss: State, text: str) -> None:
    """The user typed ``text`` in the plain text box."""
    ss["editor_text"] = storable(text)


def unsaved(ss: State) -> bool:
    """Whether the text differs from what was last saved or opened from the user's folder."""
    return ss.get("editor_saved") is None or ss.get("editor_saved") != ss.get("editor_text")


def has_unsaved_work(ss: State) -> bool:
    """Whether replacing the text would lose something the user wrote (unsaved, and not an untouched template)."""
    text = ss.get("editor_text") or ""
    return unsaved(ss) and bool(text.strip()) and text != ss.get("editor_fresh")


def suggest_name(ss: State, ruleset_name: str | None) -> None:
    """Keep "Save as" on the ruleset's ``name:`` while the user has not typed a name of their own."""
    if ss.get("editor_file") or not ruleset_name:
        return
    wanted = slug(ruleset_name)
    if wanted and ss.get("editor_save_name", "") in ("", ss.get("editor_name_hint", "")):
        ss["editor_save_name"] = ss["editor_name_hint"] = wanted


def save(ss: State, shelf: UserRulesets, choice: str | None = None) -> tuple[str, str]:
    """Save the text under ``editor_save_name``; returns a message ``(kind, text)``.

    ``choice`` answers a pending conflict: ``"overwrite"``, ``"keep both"`` (save under a free name)
    or ``"cancel"``. Without one, a save that would replace a file the text was not opened from,
    or one changed since, leaves a question in ``editor_pending`` instead.
    """
    pending = ss.get("editor_pending")
    name = pending["name"] if (pending and choice) else (ss.get("editor_save_name") or "").strip()
    ss["editor_pending"] = None
    if choice == "cancel":
        return ("info", "Not saved: nothing was changed.")
    if choice == "keep both":
        name = shelf.distinct_name(name)
    typed = ss["editor_text"]
    own = ss.get("editor_file")
    try:
        stem = shelf.path(name).stem
    except ValueError as err:
        return ("error", f"Not saved: {err}")
    same_file = own is not None and stem == own
    # One name, one file: the text's `name:` line says the name it is saved under ("Keep both" saved a copy
    # still calling itself by the original's name, and the command line opened the copy by that name)
    text = with_name(typed, stem)
    ss["editor_renamed"] = None
    try:
        path = shelf.save(name, text, expected=ss.get("editor_disk") if same_file else None,
                          overwrite=choice == "overwrite")
    except SaveConflict as conflict:
        ss["editor_pending"] = {"kind": conflict.reason, "name": conflict.path.stem, "other": conflict.other,
                                "current": conflict.current, "free": shelf.distinct_name(name)}
        return ("warning", f"Not saved yet: {conflict}.")
    except (ValueError, OSError) as err:
        return ("error", f"Not saved: {err}")
    if text != typed:  # the code editor shows the text as saved (a fresh one: it takes its text once)
        ss.update(editor_text=text, editor_version=ss.get("editor_version", 0) + 1, editor_renamed=path.stem)
    ss.update(editor_file=path.stem, editor_disk=text, editor_saved=text, editor_save_name=path.stem,
              editor_origin=f"your ruleset {path.stem}")
    return ("success", f"Saved as {path.stem}." + (f" Its name: line now says {path.stem}, as its file is called."
                                                   if text != typed else ""))


def open_link(ss: State, value, origin: str = "a variant shared as a link", confirmed: bool = False) -> tuple[str, str]:
    """Open a shared link's variant as an unsaved text; asks first (``editor_pending``) when that would
    replace unsaved changes. Returns a message ``(kind, text)``."""
    try:
        text = decode_variant(value)
    except LinkError as err:
        return ("error", f"The shared link could not be opened: {err}.")
    if text == ss.get("editor_text"):
        return ("info", "The shared variant is already in the editor.")
    if not confirmed and has_unsaved_work(ss):
        ss["editor_pending"] = {"kind": "link", "text": text}
        return ("warning", "A shared variant was opened, but the editor holds text you have not saved.")
    replace_text(ss, text, origin)
    return ("info", "The shared variant is in the editor, not saved yet. Save it to keep it.")


BROWSER_COOKIE = "thunee_browser"
"""The cookie that names a browser to the app: its drafts are kept under that name, offered to it alone. (Not
the page's address: a link copied from the address bar, or shared, would carry it to another browser.)"""
NO_BROWSER = "no-browser"
"""The drafts' owner where no browser is connected (a script run bare, or under Streamlit's AppTest)."""
_BROWSER_ID = re.compile(r"[0-9a-f]{32}")


def browser_id(cookie) -> str | None:
    """The browser's name from its cookie's value, or None (no cookie, or one this app never set: anything a
    browser sends is read as a name only when it is one, never as a path)."""
    return cookie if isinstance(cookie, str) and _BROWSER_ID.fullmatch(cookie) else None


def new_browser_id() -> str:
    return secrets.token_hex(16)


def remember_browser(own: str) -> str:
    """The script that keeps a new browser's name in its cookie (a year; Streamlit reads cookies but cannot set
    one). Two tabs of a new browser opened at once (a browser restoring its tabs) each drew a name: the first
    one set stays, and a tab whose name lost reloads once, before anything is typed in it, to take that one."""
    return ("(() => {"
            f"  const key = {json.dumps(BROWSER_COOKIE)}, own = {json.dumps(own)};"
            "  const kept = document.cookie.split('; ').find(c => c.startsWith(key + '=')) || '';"
            "  const now = kept.slice(key.length + 1);"
            "  if (now === own) return;"
            "  if (/^[0-9a-f]{32}$/.test(now)) {"
            "    if (!sessionStorage.getItem(key)) { sessionStorage.setItem(key, '1'); location.reload(); }"
            "    return;"
            "  }"
            "  document.cookie = key + '=' + own + '; path=/; max-age=31536000; SameSite=Lax';"
            "})();")


def adopt_old_drafts(drafts: str | os.PathLike, folder: str | os.PathLike) -> None:
    """Drafts kept before they were each browser's (one set for the whole server, in ``drafts`` itself) go to
    the first new browser to come (after an update, the user's own): moved, so that they are offered once."""
    drafts, folder = Path(drafts), Path(folder)
    for name in (DRAFT_FILE, DRAFT_EARLIER, DRAFT_OF):
        if not (drafts / name).is_file():
            continue
        try:
            folder.mkdir(parents=True, exist_ok=True)
            os.rename(drafts / name, folder / name)  # (one browser wins it; the others find nothing)
        except OSError:
            pass


DRAFT_FILE = "unsaved.yaml"
"""The last unsaved text, kept in the drafts folder so that a closed tab or a reload does not lose it."""
DRAFT_EARLIER = "unsaved-earlier.yaml"
"""The draft another tab (or an earlier visit) had kept in :data:`DRAFT_FILE` when this one wrote over it: with
two tabs at once the second one's typing replaced the first one's draft, which a reload then could not bring back."""
DRAFT_OF = "unsaved.json"
"""Beside it, when the text was a saved ruleset's: which one, and that file's text when it was opened (so
that the text brought back is that ruleset's again, and a save over a file changed since still asks)."""


def _write(folder: Path, name: str, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, folder / name)


# Streamlit's fast reruns start a session's next run while its last one is still stopping: two threads of one
# session (and the runs of two tabs) can keep a draft at once; the lock makes each whole.
_DRAFTING = threading.Lock()


def drafted(ss: State) -> dict:
    """What this session last wrote to the draft file, as ``{"text": ...}`` (as typed): one dict, changed in
    place. (Not a key set anew each time: Streamlit copies a session's keys aside when a
    run starts, and a key a stopping run set meanwhile can be lost.)"""
    written = ss.get("editor_drafted")
    if not isinstance(written, dict):
        written = ss["editor_drafted"] = {}
    return written


def keep_draft(ss: State, folder: str | os.PathLike) -> None:
    """Write unsaved work to ``folder/unsaved.yaml`` whenever it changed (a browser reload starts a new
    session: this is what the next one offers to bring back). Never raises: a draft is a courtesy.

    Every read of the session comes first: each one is a point where Streamlit may stop a run (a newer one
    started), and a run stopped between noting a draft as written and writing it made the next run take
    this session's own draft for another tab's ("Two texts you had not saved" after a reload)."""
    text = ss.get("editor_text") or ""
    written = drafted(ss)
    if not has_unsaved_work(ss) or text == written.get("text"):
        return
    declined = ss.get("editor_declined", ())
    of = (ss.get("editor_file"), ss.get("editor_disk"))
    # -- no reading of the session from here on
    with _DRAFTING:
        _keep_draft(folder, text, written, declined, of)


def _keep_draft(folder: str | os.PathLike, typed: str, written: dict, declined, of) -> None:
    text = storable(typed)  # (half a character from a paste: kept as the browser shows it)
    if len(text.encode("utf-8")) > MAX_BYTES:
        written["text"] = typed  # (not kept: not tried again until it changes)
        return
    try:
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        there = _read(folder / DRAFT_FILE)
        own = written.get("text")
        if there and there not in (own and storable(own), text) and there not in declined:
            _write(folder, DRAFT_EARLIER, there)  # another tab's (or visit's) unsaved text: kept, not replaced
        if of[0]:
            _write(folder, DRAFT_OF, json.dumps({"file": of[0], "disk": of[1], "draft": fingerprint(text)}))
        else:
            (folder / DRAFT_OF).unlink(missing_ok=True)
        _write(folder, DRAFT_FILE, text)
    except OSError:
        pass
    written["text"] = typed


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _saved(text: str, saved: list[tuple[str | None, str]]) -> bool:
    """Is ``text`` saved: one of the saved texts, or one saved under a name its ``name:`` line did not say yet
    ("Keep both" saves the copy with its own name: the draft typed before still says the original's)?"""
    return any(text == kept or name and with_name(text, name) == kept for name, kept in saved)


def offer_draft(ss: State, folder: str | os.PathLike, saved_texts=()) -> None:
    """At a session's start: offer the last unsaved text (``editor_recover``), and the one it replaced
    (``editor_recover_earlier``: another tab's), unless already in the editor or saved: ``saved_texts`` is the
    user's saved texts, ``{name: text}`` (or a list of texts)."""
    saved = list(saved_texts.items()) if isinstance(saved_texts, Mapping) else [(None, t) for t in saved_texts]
    text = _read(Path(folder) / DRAFT_FILE)
    earlier = _read(Path(folder) / DRAFT_EARLIER)
    if earlier and earlier.strip() and earlier not in (text, ss.get("editor_text")) and not _saved(earlier, saved):
        ss["editor_recover_earlier"] = earlier
    if text is None:
        return
    if text.strip() and text != ss.get("editor_text") and not _saved(text, saved):
        ss["editor_recover"] = text
        try:
            of = json.loads((Path(folder) / DRAFT_OF).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        # only the draft it was written with (a later draft of a new text leaves no stale file named)
        if isinstance(of, dict) and of.get("draft") == fingerprint(text) and isinstance(of.get("file"), str) \
                and isinstance(of.get("disk"), (str, type(None))):
            ss["editor_recover_of"] = (of["file"], of["disk"])


def recover_draft(ss: State, accept: bool, earlier: bool = False, folder: str | os.PathLike | None = None) -> None:
    """Bring the offered draft back (``earlier``: the one it replaced; the current text can be restored) or
    dismiss the offer (then neither is kept again, and the earlier one's file in ``folder`` goes)."""
    text = ss.pop("editor_recover", None)
    of = ss.pop("editor_recover_of", None)
    other = ss.pop("editor_recover_earlier", None)
    if not accept:
        ss["editor_declined"] = tuple(t for t in (text, other) if t is not None)
        if folder is not None and other is not None and _read(Path(folder) / DRAFT_EARLIER) == other:
            (Path(folder) / DRAFT_EARLIER).unlink(missing_ok=True)
        return
    if earlier:
        text, of = other, None
    elif text is not None:
        drafted(ss)["text"] = text  # the draft file holds it already: not another tab's text to keep aside
    if text is not None:
        if of is not None:  # a saved ruleset's text: its file again (a save replaces it, or asks if it changed)
            replace_text(ss, text, f"your ruleset {of[0]}, with the changes you had not saved", file=of[0],
                         disk=of[1])
        else:
            replace_text(ss, text, "your unsaved text from an earlier visit")


@lru_cache(maxsize=1)
def schema_completions() -> tuple[dict, ...]:
    """Every key the ruleset schema knows, as code editor completions (offered on Ctrl+Space only)."""
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            for key in node.get("properties") or {}:
                if isinstance(key, str):
                    found.add(key)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(ruleset_schema())
    # no docText: Ace draws its tooltip over the one-line list of a single match
    return tuple({"caption": key, "value": f"{key}: ", "meta": "key", "score": 100} for key in sorted(found))


def annotations(problems) -> list[dict]:
    """Problems of the edited text as Ace gutter annotations (0-based rows)."""
    out = []
    for p in problems:
        if getattr(p, "in_text", False) and p.line > 0:
            out.append({"row": p.line - 1, "column": max(0, p.column - 1), "type": "error", "text": p.message})
    return out


def markers(problems) -> list[dict]:
    """The lines of the edited text with a problem, as Ace full-line markers (CSS class ``problem-line``)."""
    rows = sorted({p.line - 1 for p in problems if getattr(p, "in_text", False) and p.line > 0})
    return [{"startRow": r, "startCol": 0, "endRow": r, "endCol": 1, "className": "problem-line", "type": "fullLine"}
            for r in rows]


__all__ = ["BROWSER_COOKIE", "DRAFT_FILE", "DRAFT_OF", "KEYS", "NO_BROWSER", "adopt_old_drafts", "browser_id",
           "new_browser_id", "remember_browser",
           "annotations", "fingerprint", "has_unsaved_work", "init", "keep_draft", "markers", "offer_draft",
           "open_link", "recover_draft", "replace_text", "restore", "save", "schema_completions", "set_text",
           "suggest_name", "take_edit", "unsaved"]
