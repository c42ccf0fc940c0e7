"""What the pages share: session state, cached rulesets, the list of rulesets, card pictures.

Only presentation lives in the app; the logic is in :mod:`thunee_dsl.editor`.
"""

from __future__ import annotations

import functools
import html
import inspect
from pathlib import Path

import streamlit as st

from thunee_dsl import load_ruleset
from thunee_dsl.editor.cards import card_label, card_text
from thunee_dsl.editor import session
from thunee_dsl.editor.checking import EDITOR_FILE, TextCheck, TextProblem, check_text
from thunee_dsl.editor.house_rules import offered
from thunee_dsl.editor.storage import UserRulesets, user_home
from thunee_dsl.errors import RulesetError
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.loading.registry import shipped_answer
from thunee_dsl.model.ruleset import Ruleset

HERE = Path(__file__).resolve().parent
PAGES = {
    "library": "app_pages/library.py",
    "editor": "app_pages/editor.py",
    "playtest": "app_pages/playtest.py",
    "compare": "app_pages/compare.py",
    "table": "app_pages/table.py",
}
EDITOR_REF = "editor:"  # the editor's current text, as a ruleset to play or compare
COLOURS = {"black": "#1b1b1b", "red": "#c8102e", "blue": "#0047ab", "green": "#117a37"}
STARTER = "standard"


# -- session state ------------------------------------------------------------------------------
def init_state() -> None:
    """Plain session keys (widgets come and go with the page; these stay)."""
    ss = st.session_state
    ss.setdefault("home", tilde(user_home()))
    ss.script_runs = ss.get("script_runs", 0) + 1  # (a page tells its own runs from those after another page)
    if "drafts_owner" not in ss:  # whose drafts this session keeps and is offered: its browser's alone
        ss.drafts_owner, ss.drafts_owner_new = this_browser()
        if ss.drafts_owner_new:
            session.adopt_old_drafts(Path(ss.home).expanduser() / "drafts", drafts_folder())
    if ss.drafts_owner_new:  # (at every run: a run's page may never reach the browser, a newer run replacing it)
        with st.container(key="browser_key"):
            # (its wrapper hidden too: a flex child of no height still adds a gap above the page's title)
            st.html("<style>.st-key-browser_key, div:has(> .st-key-browser_key) { display: none; }</style>"
                    f"<script>{session.remember_browser(ss.drafts_owner)}</script>", unsafe_allow_javascript=True)
    if "editor_text" not in ss:  # the editor's text and its file: see thunee_dsl.editor.session
        session.init(ss, overlay_template(STARTER, name=new_variant_name(STARTER)), f"a new variant of {STARTER}")
        saved = {}
        for name in shelf().names():
            try:
                saved[name] = shelf().read(name)
            except Exception:  # an unreadable file is not the draft
                pass
        session.offer_draft(ss, drafts_folder(), saved)
    # The code editor's last edit may arrive with the run that shows another page: take it here, on
    # whatever page runs, before its widget state is dropped.
    take_code_edit(ss.get(code_editor_key()))
    session.keep_draft(ss, drafts_folder())  # (also after an Open, a link or the plain text box)


def take_code_edit(response) -> bool:
    """The code editor's response, if a fresh edit, becomes the text, and unsaved work its draft at once."""
    if session.take_edit(st.session_state, response):
        session.keep_draft(st.session_state, drafts_folder())
        return True
    return False


def code_box(code: str, key: str, **options):
    """``code_editor.code_editor`` whose edits also reach the session in an ``on_change`` callback.

    Callbacks run at the start of the next script run, whatever page it is for: keys typed just before a
    page link is clicked reach the text even though the Editor page's own run (which reads the component's
    return value) never happens. The arguments are the component's own (see ``code_editor.code_editor``).
    """
    import code_editor  # the component, called as code_editor.code_editor() calls it
    return code_editor._component_func(code=code, key=key, on_change=functools.partial(_code_box_changed, key),
                                       default=_CODE_BOX_DEFAULT, **{**_code_box_defaults(), **options})


# the component's value before the first edit, as code_editor.code_editor() gives it
_CODE_BOX_DEFAULT = {"id": "", "type": "", "lang": "", "text": "", "selected": "", "cursor": ""}


@functools.cache
def _code_box_defaults() -> dict:
    """code_editor.code_editor()'s own defaults, read from its signature (so they cannot drift from it)."""
    import code_editor
    params = inspect.signature(code_editor.code_editor).parameters
    return {name: p.default for name, p in params.items()
            if p.default is not inspect.Parameter.empty and name != "key"}


def _code_box_changed(key: str) -> None:
    take_code_edit(st.session_state.get(key))


def this_browser() -> tuple[str, bool]:
    """The browser of this session, by the name its cookie keeps (``session.BROWSER_COOKIE``), and whether it is
    new (no name yet: one is drawn, and the page keeps it in the cookie). Every tab of one browser has the same;
    another browser (one that opened a shared link, a phone at the table) another."""
    if len(st.context.headers) == 0:  # no browser at all (AppTest, a bare run): one owner
        return session.NO_BROWSER, False
    known = session.browser_id(st.context.cookies.get(session.BROWSER_COOKIE))
    return (known, False) if known else (session.new_browser_id(), True)


def drafts_folder() -> Path:
    """Where this browser's last unsaved text is kept between visits (next to the user's rulesets folder): drafts
    are a browser's, never offered to another one."""
    return Path(st.session_state.home).expanduser() / "drafts" / st.session_state.drafts_owner


def code_editor_key() -> str:
    """The Editor page's code editor key: a new one whenever the text is replaced (Open, Upload, Restore, a link)."""
    return f"ed_code_{st.session_state.get('editor_version', 0)}"


def tilde(path) -> str:
    """A path as people write it: ``~/.thunee-dsl`` rather than ``/home/someone/.thunee-dsl``."""
    path = Path(path).expanduser()
    try:
        return "~/" + path.relative_to(Path.home()).as_posix()
    except ValueError:
        return str(path)


def follow_goto() -> None:
    """Go to the page a button's callback asked for (callbacks may not switch pages themselves)."""
    target = st.session_state.pop("goto", None)
    if target in PAGES:
        st.switch_page(PAGES[target])


def shelf() -> UserRulesets:
    return UserRulesets(Path(st.session_state.home).expanduser() / "rulesets")


def new_variant_name(base: str) -> str:
    """``my-BASE``, or ``my-BASE-2``... when the user already has a ruleset of (or like) that name."""
    return shelf().distinct_name(f"my-{base}")


def overlay_template(base: str, base_ref: str | None = None, title: str | None = None, name: str | None = None) -> str:
    """A new variant: an ``extends:`` overlay of ``base`` with a hint of what to change."""
    ref = base_ref or base
    name = name or f"my-{base}"
    return (
        f"# A house variant: only what differs from '{base}' goes here.\n"
        f"# Mappings merge, lists replace, null removes a key.\n"
        f"extends: {ref}\n"
        f"name: {name}\n"
        f"title: {title or base.replace('-', ' ').title() + ', our house rules'}\n"
        f"\n"
        f"# For example, play to 13 balls instead of 12:\n"
        f"# game:\n"
        f"#   target: 13\n"
        + (f"# Or pick one under \"Add a house rule\" above: no YAML to type.\n" if offered({base}) else "")
    )


def set_editor_text(text: str, origin: str, file: str | None = None, fresh: bool = False) -> None:
    """Put ``text`` in the editor, keeping what it held (to restore). ``file``: the user's ruleset it was
    read from (its text as read is what a save may replace without asking); ``fresh``: a new template."""
    session.replace_text(st.session_state, text, origin, file=file, disk=text if file else None, fresh=fresh)


# -- rulesets -------------------------------------------------------------------------------------
# The caches outlive a re-import of this file, and of the library should Streamlit's source watcher
# ever reload it (the app's config keeps it out: server.folderWatchBlacklist): keyed by the library's
# identity, a reloaded library compiles its own rulesets, never gets ones whose Ruleset class it does
# not know (simulate refused them: "expected compiled rulesets ..., got Ruleset").
LIBRARY = id(Ruleset)


def shipped(name: str):
    return _shipped(name, LIBRARY)


def checked(text: str, base_dir: str | None, filename: str = EDITOR_FILE) -> TextCheck:
    """Compiled text (rulesets hold closures: cache_resource, never cache_data)."""
    return _checked(text, base_dir, filename, LIBRARY)


@st.cache_resource(show_spinner=False)
def _shipped(name: str, library: int):
    return load_ruleset(name)


@st.cache_resource(show_spinner=False, max_entries=64)
def _checked(text: str, base_dir: str | None, filename: str, library: int) -> TextCheck:
    return check_text(text, filename=filename, base_dir=base_dir)


def check_editor() -> TextCheck:
    return checked(st.session_state.editor_text, str(shelf().folder))


def user_check(name: str) -> TextCheck:
    folder = shelf().folder
    path = folder / f"{name}.yaml"
    try:
        text = shelf().read(name)
    except RulesetError as err:  # not text (binary, too large): where in the file, as for its text's problems
        return TextCheck("", None, None, tuple(TextProblem(str(path), p.location.line, p.location.column, p.message)
                                                for p in err.problems))
    except OSError as err:  # gone, or not a file
        return TextCheck("", None, None, (TextProblem(str(path), 0, 0, err.strerror or str(err)),))
    return checked(text, str(folder), str(path))


def catalogue(include_editor: bool = True) -> dict[str, str]:
    """ref -> label of every ruleset one can pick: the editor's text, shipped ones, the user's."""
    out: dict[str, str] = {}
    if include_editor:
        check = check_editor()
        name = check.ruleset.name if check.ok else "not valid yet"
        out[EDITOR_REF] = f"The editor's text ({name})"
    for name in sorted(shipped_rulesets()):  # by name (file order puts "a-b" before "a")
        out[f"shipped:{name}"] = name
    for name in shelf().names():
        taken = shipped_answer(name)  # (a file saved before such names were refused, or made by hand)
        out[f"mine:{name}"] = (f"{name} (yours, but the name is the shipped {taken[0]}'s)" if taken
                               else f"{name} (yours)")
    return out


def name_taken(name: str) -> str | None:
    """Why the user's ruleset ``name`` is not found by that name on the command line (a shipped ruleset answers
    to it), in words; None when it is."""
    taken = shipped_answer(name)
    return (f"`{name}` is {taken[1]} of the shipped ruleset **{taken[0]}**, and the command line opens that one "
            f"by it. Open yours in the editor and save it under a name of its own.") if taken else None


def ruleset_of(ref: str):
    """The compiled ruleset a catalogue ref stands for, or None when its text is not valid."""
    kind, _, name = ref.partition(":")
    if kind == "shipped":
        return shipped(name)
    if kind == "mine":
        return user_check(name).ruleset
    if kind == "editor":
        return check_editor().ruleset
    raise ValueError(ref)


def ruleset_text(ref: str) -> str:
    kind, _, name = ref.partition(":")
    if kind == "shipped":
        return shipped_rulesets()[name].read_text(encoding="utf-8")
    if kind == "mine":
        return shelf().read(name)
    return st.session_state.editor_text


def readable_text(ref: str) -> tuple[str | None, str]:
    """``(text, "")``, or ``(None, why)`` when the file cannot be read as text (binary, not UTF-8, gone):
    a user's folder may hold any file, and nothing a user can put there may end in a traceback."""
    try:
        return ruleset_text(ref), ""
    except RulesetError as err:
        return None, err.problems[0].message
    except OSError as err:
        return None, err.strerror or str(err)


def cannot_open(ref: str, why: str) -> str:
    """What to say when ``ref``'s file cannot be opened in the editor."""
    name = ref.partition(":")[2]
    return (f"**{name}.yaml cannot be opened:** {why}. Open it in a text editor and save it as UTF-8 text (or "
            f"remove it from `{tilde(shelf().folder)}`); it was left as it is.")


# -- pictures ---------------------------------------------------------------------------------------
def card_html(card: str | None, big: bool = False) -> str:
    """A card as a small white tile: rank and suit symbol in the suit's colour (text, not a glyph card)."""
    size = "1.5rem" if big else "1.1rem"
    if card is None:
        return (f'<span style="display:inline-block;min-width:2.6em;text-align:center;border:1px solid #999;'
                f'border-radius:6px;padding:2px 6px;margin:2px;background:#dfe6ee;color:#555;font-size:{size}">?</span>')
    lab = card_label(card)
    colour = COLOURS.get(lab.colour, "#1b1b1b")
    return (f'<span title="{html.escape(lab.words)}" style="display:inline-block;min-width:2.6em;text-align:center;'
            f'border:1px solid #888;border-radius:6px;padding:2px 6px;margin:2px;background:#fff;'
            f'color:{colour};font-weight:700;font-size:{size};font-family:sans-serif">'
            f'{html.escape(lab.rank)}&#8202;{html.escape(lab.symbol)}</span>')


def card_button_label(card: str) -> str:
    """A hand card as a button label: bold rank and suit in the suit's colour (Markdown colour)."""
    lab = card_label(card)
    colour = {"black": "", "red": "red", "blue": "blue", "green": "green"}.get(lab.colour, "")
    text = f"**{lab.rank} {lab.symbol}**"
    return f":{colour}[{text}]" if colour else text


#: Cards in a phone's row at the usual size (Thunee's six), and at most in one row of narrower cards (304's eight).
ROW, NARROW_ROW = 6, 8


def hand_actions(page: str, hand, moves, ruleset: Ruleset, tap: str = "click") -> dict:
    """Each card of ``hand`` with the action a tap on it takes (None: not allowed now), as Playtest and the group
    table show a hand alike: where a card may be played face up or face down (``moves.either``), the "Play
    face down" switch first (the card ``tap``ped is played as it says); the hand's style (hand_css) drawn,
    the cards a tap plays face down framed as such."""
    if moves.either:
        st.toggle("Play face down", key=f"{page}_face_down",
                  help=f"On: the card you {tap} is played face down (a cut). Off: face up.")
    if not hand:
        return {}
    down = st.session_state.get(f"{page}_face_down", False)
    actions = {card: moves.card(card, down) for card in hand}
    styled = hand_css(page, len(hand), ruleset, [c for c, a in actions.items() if a and a.verb == "down"])
    if styled:
        st.html(styled)
    return actions


def hand_notes(hand, laid, unseen: int) -> None:
    """What lies beside a hand, under it: the trump card face down in front of its maker (``laid``: the card and
    how it lies), and the cards dealt face down, unseen until the rules allow."""
    if laid is not None and laid[0] is not None and laid[1] == "face down" and laid[0] in hand:
        st.caption(f"Your trump card, {card_text(laid[0])}, lies face down in front of you: the others see its "
                   "back. It stays there until trumps are shown.")
    if unseen:
        st.caption(f"... and {unseen} card{'s' if unseen != 1 else ''} face down, unseen until allowed.")


def hand_css(page: str, held: int, ruleset: Ruleset, down) -> str:
    """The style of a hand of card buttons (Playtest's and the group table's alike: ``page`` is the prefix of its
    widgets' keys, the hand ``{page}_hand`` of buttons ``{page}_card_CARD``, its heading ``{page}_hand_head``, the
    buttons to say something ``{page}_say``): on a phone, a hand of more cards than a row holds at the usual size
    (``held`` now, or dealt into the hand by the ``ruleset``: the cards keep their size through the deal) in one
    row of narrower cards, or in rows of the same length where one row would make them too small to tap; the
    cards ``down`` a tap plays face down framed as a card lying face down is on the table."""
    # (a row dealt face down is never held: the open face game's twelve cards are six in view at most)
    most = max(held, ruleset.hand_size - sum(ruleset.batches[n - 1] for n in ruleset.face_down))
    css = []
    if most > ROW:
        rows = -(-most // NARROW_ROW)
        across = -(-most // rows)
        hand, card = f".st-key-{page}_hand", f'[class*="st-key-{page}_card_"] button'
        css.append("@media (max-width: 640px) {"
                   f" {hand} {{ display:grid !important; gap:.25rem !important;"
                   f" grid-template-columns:repeat({across}, minmax(0, 2.75rem)); }}"
                   f" {hand} > div {{ width:auto !important; min-width:0 !important; }}"
                   f" {hand} {card} {{ min-width:0; width:100%; padding:0 .1rem; }}"
                   f" {hand} {card} p {{ font-size:1.05rem; }}"
                   # the words over the hand, the hand and the buttons under it closer: all on the first screen
                   # with the trick before (its line, and the card points, under the table)
                   f' .st-key-{page}_hand_head [data-testid="stMarkdownContainer"] p {{ margin-bottom:0; }}'
                   f' [data-testid="stLayoutWrapper"]:has(> {hand}),'
                   f' [data-testid="stLayoutWrapper"]:has(> .st-key-{page}_say) {{ margin-top:-.7rem; }} }}')
    if down:
        css.append(", ".join(f".st-key-{page}_card_{card} button" for card in down)
                   + " { border:2px dashed #1f4f8f; background:#edf2fb; }")
    return f"<style>{' '.join(css)}</style>" if css else ""


def demoted(markdown: str, levels: int = 2) -> str:
    """Markdown with its headings made ``levels`` smaller (a rulebook inside a page, not a page of its own)."""
    out, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("#"):
            line = "#" * levels + line
        out.append(line)
    return "\n".join(out)


def rulebook_sections_only(markdown: str) -> str:
    """A rulebook from its first section on: where the page already shows the ruleset's title, summary and names
    above it, the rulebook's own opening (the same title and summary again, and a note for the command line)
    would say them twice."""
    lines = markdown.splitlines()
    first = next((i for i, line in enumerate(lines) if line.startswith("## ")), 0)
    return "\n".join(lines[first:])


def without_command_line_note(markdown: str) -> str:
    """A rulebook without its note for the command line ("Ruleset `x`. Generated from the ruleset file by
    `thunee-dsl rules`."): in the app a card player reads it, and the file is beside it."""
    return "\n".join(line for line in markdown.splitlines()
                     if not (line.startswith("Ruleset `") and "Generated from the ruleset file" in line))


def problem_where(p) -> str:
    """``Line 4, column 3``, or the file the text extends and its line; "" for a problem of the whole text."""
    if p.in_text:
        return f"Line {p.line}, column {p.column}" if p.line > 0 else ""
    return f"In {Path(p.file).name} (which your text extends)" + (f", line {p.line}" if p.line > 0 else "")


def said(p) -> str:
    """A problem as the page says it: ``**Line 4, column 3:** message``; a problem of the whole text (its size)
    is the message alone, which says what it is about."""
    where = problem_where(p)
    return f"**{where}:** {p.message}" if where else p.message[:1].upper() + p.message[1:]


def show_pointer(p) -> None:
    """The problem's line with a caret under the column: ``   4 |   targt: 13`` and ``     |   ^``."""
    st.code(f"{p.line:>4} | " + p.pointer.replace("\n", "\n     | "), language=None)


def show_problems(check: TextCheck, limit: int = 12) -> None:
    """Each problem as 'line N, column C: message' with the offending line and a caret under it."""
    for p in check.problems[:limit]:
        st.error(said(p), icon=":material/error:")
        if p.pointer:
            show_pointer(p)
        elif p.detail:
            st.code(p.detail, language=None)
        if not p.in_text and p.line > 0:
            # a card player cannot (and should not) edit the file a variant builds on: say what to do instead
            st.caption(f"That line is in {Path(p.file).name}, which your text builds on: to change it, set "
                       "the same key in your text (under the same heading).")
    if len(check.problems) > limit:
        st.caption(f"... and {len(check.problems) - limit} more")
