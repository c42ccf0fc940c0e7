"""Editor: a ruleset's YAML, checked as you edit; what it changes, in words; formulas tried on a deal."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import streamlit as st

from app_common import (cannot_open, catalogue, check_editor, checked, code_box, code_editor_key, demoted,
                        drafts_folder, follow_goto, readable_text, said, set_editor_text, shelf, shipped, show_pointer,
                        show_problems, take_code_edit, tilde, without_command_line_note)
from thunee_dsl import load_ruleset
from thunee_dsl.editor import session
from thunee_dsl.editor.checking import EDITOR_FILE, follow_target
from thunee_dsl.model.companions import target_change
from thunee_dsl.editor.formulas import PLACES, try_formula
from thunee_dsl.editor.house_rules import CannotAdd, add_rule, house_rules, names_of, offered, short_titles
from thunee_dsl.editor.sharing import QUERY_KEY, LinkError, encode_variant
from thunee_dsl.editor.storage import decode_upload, slug
from thunee_dsl.editor.table import scroll_script
from thunee_dsl.errors import RulesetError
from thunee_dsl.loading import MAX_BYTES, shipped_rulesets
from thunee_dsl.editor.families import family
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook

FILE_KEY = "file"  # the address's name for the saved ruleset being edited
UPLOAD_MB = MAX_BYTES // (1024 * 1024)  # the loader's limit as Streamlit's upload box counts (whole megabytes)

ss = st.session_state
follow_goto()
# A banner belongs to the action that made it: it goes with the next page change (and the next edit or save, below)
if ss.get("ed_last_run") != ss.script_runs - 1:
    ss.ed_msg = ss.ed_save_msg = None
ss.ed_last_run = ss.script_runs
# the first problem under the text, on phones only (where the columns stack): see the left column below
st.html("<style>.st-key-ed_phone_check { display:none; } .st-key-ed_confirmed { display:none; }"
        " @media (max-width: 640px) { .st-key-ed_phone_check { display:block; } }</style>")
PENDING_EDIT_JS = (Path(__file__).resolve().parents[1] / "pending_edit.js").read_text(encoding="utf-8")


CODE_EDITOR_CSS = """
.ace_gutter-cell.ace_error { background: #c8102e !important; color: #fff !important; font-weight: 700; }
.problem-line { position: absolute; background: rgba(200, 16, 46, 0.13); border-bottom: 2px dotted #c8102e; }
.ace_editor.ace_autocomplete { background: #fff !important; color: #1b1b1b !important;
  border: 1px solid #888 !important; width: 22rem !important; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25); }
.ace_autocomplete .ace_completion-highlight { color: #c8102e !important; font-weight: 700; }
.ace_autocomplete .ace_marker-layer .ace_active-line { background: #dfe6ee !important; }
"""


# -- callbacks (the only place the editor's state changes) ------------------------------------------
def sync_plain_text() -> None:
    session.set_text(ss, ss.ed_area)


def confirm_text() -> None:
    """What text the app holds, as a fingerprint for ``pending_edit.js``: a page link clicked before the
    editor's last keys have reached the app waits for them (Streamlit would drop them)."""
    with st.container(key="ed_confirmed"):
        st.html(f'<div data-editor-confirmed="{session.fingerprint(ss.editor_text)}"></div>'
                f"<script>{PENDING_EDIT_JS}</script>", unsafe_allow_javascript=True)


def sync_save_name() -> None:
    ss.editor_save_name = ss.ed_save_name


def sync_plain_toggle() -> None:
    ss.editor_plain = ss.ed_plain


def open_ref() -> None:
    ref = ss.ed_open
    kind, _, name = ref.partition(":")
    text, why = readable_text(ref)
    if text is None:
        ss.ed_msg = ("warning", cannot_open(ref, why))
        return
    if kind == "mine":
        set_editor_text(text, f"your ruleset {name}", file=name)
    else:
        set_editor_text(text, f"a copy of the shipped ruleset {name} (save it under a new name)")
    ss.ed_msg = None


def restore() -> None:
    session.restore(ss)
    ss.ed_msg = None


def save(choice: str | None = None) -> None:
    if "ed_save_name" in ss:  # a name typed and not yet confirmed with Enter when Save was clicked
        ss.editor_save_name = ss.ed_save_name
    ss.ed_msg = None  # (what an earlier action said is not about the text as saved)
    kind, text = session.save(ss, shelf(), choice)
    if kind == "success":
        check = check_editor()
        where = tilde(shelf().path(ss.editor_file))
        text = (f"Saved as `{where}`." if check.ok else
                f"Saved as `{where}`, with {len(check.problems)} problem(s) still to fix.") \
            + (f" Its `name:` line now says `{ss.editor_renamed}`, as its file is called." if ss.get("editor_renamed")
               else "")
        kind = "success" if check.ok else "warning"
    # said under the Save button, where the person looks (at the top of the page it was off screen); only
    # while the text is the one this save was about
    ss.ed_save_msg = (kind, text, ss.editor_text)
    ss.ed_saves = ss.get("ed_saves", 0) + 1  # (brought into view once per save)


def answer_link(accept: bool) -> None:
    pending = ss.editor_pending or {}
    ss.editor_pending = None
    if accept and pending.get("kind") == "link":
        session.replace_text(ss, pending["text"], "a variant shared as a link")
        ss.ed_msg = ("info", "The shared variant is in the editor, not saved yet. "
                             "**Restore previous text** brings yours back.")
    else:
        ss.ed_msg = ("info", "Kept your text; the shared variant was not opened.")


def make_link() -> None:
    try:
        value = encode_variant(ss.editor_text)
    except LinkError as err:
        ss.editor_link = None
        ss.ed_msg = ("error", f"No link: {err}.")
        return
    base = urlsplit(st.context.url or "")
    ss.editor_link = urlunsplit((base.scheme, base.netloc, base.path, f"{QUERY_KEY}={value}", ""))


def upload() -> None:
    f = ss.get("ed_upload")
    if f is None:
        return
    try:
        text = decode_upload(f.getvalue(), f.name)
    except RulesetError as err:
        ss.ed_msg = ("error", f"Not loaded: {err.problems[0]}")
        return
    set_editor_text(text, f"the uploaded file {f.name}")
    ss.ed_msg = ("info", f"Loaded {f.name}. Save it to keep it in your folder; **Restore previous text** brings "
                         "back what the editor held.")


def add_house_rule() -> None:
    rule = next((r for r in house_rules() if r.name == ss.get("ed_rule")), None)
    if rule is None:
        return
    try:
        text = add_rule(ss.editor_text, rule)
    except CannotAdd as err:
        ss.ed_msg = ("error", f"**{rule.title}** was not added: {err}.")
        return
    # the text stays the same file's: only the words change (Restore takes the rule out again)
    keep = {key: ss.get(key) for key in ("editor_origin", "editor_file", "editor_disk", "editor_saved",
                                         "editor_save_name", "editor_name_hint")}
    session.replace_text(ss, text, keep["editor_origin"])
    ss.update(keep)
    ss.ed_rule = None
    kept = set(text.splitlines())
    lost = [line for line in ss.editor_previous["editor_text"].splitlines()
            if line.lstrip().startswith("#") and line not in kept] if ss.get("editor_previous") else []
    ss.ed_msg = ("success" if not lost else "warning",
                 f"Added **{rule.title}** at its place in your text: *What it changes* says it in "
                 "words. Change its numbers in the text if your table plays it differently. "
                 + (f"{len(lost)} comment line{'s' if len(lost) != 1 else ''} inside what it changed could not be "
                    "kept. " if lost else "")
                 + "**Restore previous text** takes it out again.")


def house_rule_picker(check) -> None:
    """House rules to add with a click: the shipped examples that build on what the text builds on."""
    source = check.source
    if source is None and ss.get("editor_last_valid"):
        source = checked(ss.editor_last_valid, str(shelf().folder)).source
    if source is None:
        return
    aliases = source.data.get("aliases") if isinstance(source.data, dict) else None
    names = names_of(source.files[1:]) | {source.name}
    if isinstance(aliases, list):  # (a text with problems may hold anything there)
        names |= {a for a in aliases if isinstance(a, str)}
    rules = {rule.name: rule for rule in offered(names)}
    if not rules:
        return
    labels = short_titles(rules.values())
    with st.container(border=True, key="ed_house"):
        c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        c1.selectbox("Add a house rule (no YAML to type)", list(rules), format_func=labels.get,
                     key="ed_rule", index=None, placeholder="Choose a house rule...",
                     help="Rules other tables play, ready to add to your variant; you can change their numbers after")
        c2.button("Add it", on_click=add_house_rule, key="ed_rule_add", type="primary", width="stretch",
                  disabled=ss.get("ed_rule") is None)
        rule = rules.get(ss.get("ed_rule"))
        if rule is not None:
            st.caption(rule.about)
            if check.ok:  # what it would change, in words, before it is added
                try:
                    after = checked(add_rule(ss.editor_text, rule), str(shelf().folder))
                except CannotAdd:
                    after = None
                if after is not None and after.ok:
                    changes = diff_rulesets(check.ruleset, after.ruleset)
                    st.markdown("**It changes:**\n" + "\n".join(f"- {c.text}" for c in changes) if changes
                                else "Your text already plays this way: it changes nothing.")
            st.code(rule.body, language="yaml")


def follow_the_target() -> None:
    """The one-click fix of a change of target: what went with it in the base written beside it (the rest of
    the text as typed; Restore takes it out again)."""
    check = check_editor()
    change = target_change(check.source) if check.source is not None else None
    if change is None:
        return
    keep = {key: ss.get(key) for key in ("editor_origin", "editor_file", "editor_disk", "editor_saved",
                                         "editor_save_name", "editor_name_hint")}
    session.replace_text(ss, follow_target(ss.editor_text, change), keep["editor_origin"])
    ss.update(keep)
    ss.ed_msg = ("success", "Written beside the target: " + ", ".join(f"**{c.written}**" for c in change.companions)
                 + ". **Restore previous text** takes it out again.")


def nearest_shipped(ruleset, names: list[str]) -> str:
    """The shipped ruleset a text that extends none is compared with first: its own name's, else the first of its
    family (a Euchre is compared with a Euchre, not with Thunee), else standard."""
    if ruleset.name in names:
        return ruleset.name
    kin = family(ruleset)
    same = [n for n in names if kin is not None and family(shipped(n)) == kin]
    if same:
        return "standard" if "standard" in same else same[0]
    return "standard" if "standard" in names else names[0]


def target_companions(check) -> None:
    """A change of target that left corner house (or another value tied to the target) where the base had it:
    a warning, not a problem (it plays), with its fix a click away."""
    change = target_change(check.source) if check.source is not None else None
    if change is None:
        return
    here = change.where.file == EDITOR_FILE
    with st.container(border=True, key="ed_target"):
        st.warning("\n".join(f"- {f'**Line {change.where.line}:** ' if here else ''}{change.message(c)}"
                             for c in change.companions), icon=":material/flag:")
        st.button("Move " + " and ".join(f"{c.words} to {c.follows}" for c in change.companions) + " with the target",
                  on_click=follow_the_target, key="ed_target_fix", type="primary")


def ask_about_save(pending: dict) -> None:
    """The question a save that would replace a file asks, brought into view (below the Save button it
    was out of sight on a laptop's screen: the click seemed to do nothing)."""
    name, free = pending["name"], pending["free"]
    with st.container(key="ed_question"):
        st.html(scroll_script(".st-key-ed_question", nonce=f"{pending['kind']}:{name}:{ss.editor_version}"),
                unsafe_allow_javascript=True)
        if pending["kind"] == "exists":
            st.warning(f"**You already have a ruleset called `{name}`.** Replace it, or keep both (yours "
                       f"saved as `{free}`)?", icon=":material/warning:")
        elif pending["kind"] == "changed":
            st.warning(f"**`{name}` was changed since you opened it** (saved from another tab or window). "
                       f"Overwrite those changes, or keep both (yours saved as `{free}`)?",
                       icon=":material/warning:")
        else:
            st.warning(f"**The name is too like your ruleset `{pending['other']}`**: both would be saved as "
                       f"`{name}`. Save yours as `{free}` instead?", icon=":material/warning:")
        if pending.get("current") is not None:
            with st.expander(f"What `{name}` holds now"):
                st.code(pending["current"], language="yaml")
        b1, b2, b3 = st.columns(3)
        if pending["kind"] != "similar":
            b1.button("Replace it" if pending["kind"] == "exists" else "Overwrite with my text", on_click=save,
                      args=("overwrite",), key="ed_conf_overwrite", width="stretch")
        b2.button("Keep both", on_click=save, args=("keep both",), key="ed_conf_both", type="primary",
                  width="stretch", help=f"Save your text under a new name, {free}; {name} stays as it is")
        b3.button("Cancel", on_click=save, args=("cancel",), key="ed_conf_cancel", width="stretch")


# -- a shared link opened on this page ---------------------------------------------------------------
if QUERY_KEY in st.query_params:
    ss.ed_msg = session.open_link(ss, st.query_params.get_all(QUERY_KEY))
    del st.query_params[QUERY_KEY]  # opened once: a rerun or a page change never opens it again

# -- the saved ruleset being edited, named in the address ----------------------------------------------
# A reload (or a phone dropping the tab) starts a new session on a new variant's template, as if the saved
# variant were gone: the address names the ruleset being edited, and a new session opens it again.
wanted = st.query_params.get(FILE_KEY)
if wanted and not ss.get("editor_file") and ss.get("editor_fresh") == ss.editor_text and wanted in shelf().names():
    try:
        set_editor_text(shelf().read(wanted), f"your ruleset {wanted}", file=wanted)
        ss.editor_previous = None  # the template it replaces was nobody's work: nothing to restore
    except (OSError, RulesetError):  # an unreadable file: the template stays (the Library says why)
        pass
if ss.get("editor_file"):
    st.query_params[FILE_KEY] = ss.editor_file
elif FILE_KEY in st.query_params:
    del st.query_params[FILE_KEY]

# -- the page ----------------------------------------------------------------------------------------
check = check_editor()
if check.ok:
    ss.editor_last_valid = ss.editor_text
# "Save as" follows the text's name: also while the text does not load at all (a tab, a quote left open), from
# its top-level `name:` line (it kept the name before, and a save went under that one)
written = re.search(r"(?m)^name:[ \t]*['\"]?([^'\"#\n]*?)['\"]?[ \t]*(?:#.*)?$", ss.editor_text)
session.suggest_name(ss, check.source.name if check.source is not None else written.group(1) if written else None)

st.title("Editor", anchor=False)
pending = ss.get("editor_pending")
if pending and pending.get("kind") == "link":
    with st.container(border=True):
        st.warning("**Someone shared a variant with you.** Opening it replaces the text in the editor, which has "
                   "changes you have not saved.", icon=":material/link:")
        st.code(pending["text"], language="yaml")
        a, b = st.columns(2)
        a.button("Open the shared variant (yours can be restored)", on_click=answer_link, args=(True,),
                 key="ed_link_open", type="primary", width="stretch")
        b.button("Keep my text", on_click=answer_link, args=(False,), key="ed_link_keep", width="stretch")

if ss.get("editor_recover") or ss.get("editor_recover_earlier"):
    with st.container(border=True, key="ed_recover_box"):
        both = ss.get("editor_recover") and ss.get("editor_recover_earlier")
        st.info(("**Two texts you had not saved** (two tabs at once, or a reload in between). Bring one back?"
                 if both else "**Text you had not saved, from an earlier visit** (a reload, a closed or another "
                 "tab). Bring it back?") + " What the editor holds now can then be restored.",
                icon=":material/history:")
        for earlier, key in ((False, "ed_recover"), (True, "ed_recover_earlier")):
            text = ss.get("editor_recover_earlier" if earlier else "editor_recover")
            if text:
                if both:
                    st.caption("The one replaced by the last one written" if earlier else "The last one written")
                st.code(text, language="yaml", height=160)
                st.button("Bring this one back" if both else "Bring it back", on_click=session.recover_draft,
                          args=(ss, True, earlier), key=key, type="primary", width="stretch")
        st.button("No, thanks", on_click=session.recover_draft, args=(ss, False),
                  kwargs={"folder": drafts_folder()}, key="ed_recover_no", width="stretch")

top = st.columns([3, 1.2, 0.8, 1], vertical_alignment="bottom")
status = (f" · file `{ss.editor_file}.yaml`" if ss.editor_file else " · not saved yet")
if ss.editor_file and session.unsaved(ss):
    status += " · **:orange[● unsaved changes]**"
top[0].markdown(f"Editing **{ss.editor_origin}**{status}")
choices = catalogue(include_editor=False)
top[1].selectbox("Open a ruleset", list(choices), format_func=lambda r: choices[r], key="ed_open", index=None,
                 placeholder="Choose one...")
top[2].button("Open", on_click=open_ref, key="ed_open_btn", width="stretch", disabled=ss.get("ed_open") is None)
if ss.editor_previous:
    top[3].button("Restore previous text", on_click=restore, key="ed_restore", width="stretch",
                  help="Bring back the text the last Open, Upload or shared link replaced")

msg = ss.get("ed_msg")
if msg and len(msg) == 2:  # what the last action did: said while the text is the one it left
    msg = ss.ed_msg = (*msg, ss.editor_text)
if msg and msg[2] == ss.editor_text:
    getattr(st, msg[0])(msg[1])

left, right = st.columns([1.05, 1], gap="large")
with left:
    house_rule_picker(check)
    ss.ed_plain = ss.setdefault("editor_plain", False)
    if ss.editor_plain:
        ss.ed_area = ss.editor_text  # the plain key is the truth; the widget only shows it
        st.text_area("Ruleset (YAML). Press Ctrl+Enter or click outside to check it.", key="ed_area", height=520,
                     on_change=sync_plain_text)
    else:
        st.caption("Ruleset (YAML), checked as you type; problems are marked at their line. "
                   "Ctrl+Space suggests a key.")
        if take_code_edit(code_box(
            ss.editor_text, lang="yaml", key=code_editor_key(), height=[20, 40],
            # Every key goes to the app ("debounceChangePeriod": 0 below). With a debounce (the component's
            # default is 250 ms) the text Ace is given back when the gutter marks change lags the typing,
            # and Ace drops the keys typed meanwhile; the debounce also lost the last keys when a page link
            # was clicked right after typing. Not "blur" as well: the rerun it starts swallows the click on
            # the page link that caused it.
            response_mode="debounce",
            # Ace's own YAML worker would replace our problems in the gutter with its (empty) syntax check
            options={"showLineNumbers": True, "tabSize": 2, "useSoftTabs": True, "wrap": True, "useWorker": False},
            # no live autocompletion: Enter always makes a new line; schema keys on Ctrl+Space
            props={"enableLiveAutocompletion": False, "enableBasicAutocompletion": True, "enableSnippets": False,
                   "debounceChangePeriod": 0,
                   "scrollMargin": [0, 0, 0, 0],  # the component's top margin shifts the line numbers off their lines
                   "annotations": session.annotations(check.problems), "markers": session.markers(check.problems)},
            component_props={"globalCSS": CODE_EDITOR_CSS},
            completions=list(session.schema_completions()), replace_completer=True)):
            st.rerun()  # a newer text than the one checked above: show its problems
    confirm_text()
    if not check.ok:
        # On a phone the columns stack and the problems (right column) come after the Save box, a screen
        # below the text: there the first one is said here too (the CSS shows this box on phones only).
        first = check.problems[0]
        more = len(check.problems) - 1
        with st.container(key="ed_phone_check"):
            st.error(said(first)
                     + (f" (and {more} more problem{'s' if more != 1 else ''} below)" if more else ""),
                     icon=":material/error:")
            if first.pointer:  # the caret too: "expected a name" means little without the place it is expected
                show_pointer(first)
    st.toggle("Plain text box", key="ed_plain", on_change=sync_plain_toggle,
              help="A simple text box instead of the code editor (for screen readers and phones)")
    with st.container(border=True):
        ss.ed_save_name = ss.editor_save_name
        c1, c2, c3 = st.columns([2, 1, 1], vertical_alignment="bottom")
        c1.text_input("Save as", key="ed_save_name", placeholder="my-house-rules", on_change=sync_save_name)
        c2.button("Save", on_click=save, type="primary", key="ed_save", width="stretch",
                  disabled=bool(pending and pending.get("kind") != "link"))
        c3.download_button("Download", data=ss.editor_text.encode("utf-8"), key="ed_download",
                           file_name=f"{slug(ss.editor_save_name) or 'ruleset'}.yaml", mime="application/x-yaml",
                           width="stretch")
        saved_msg = ss.get("ed_save_msg")
        asking = bool(pending and pending.get("kind") in ("exists", "changed", "similar"))
        # while the question is asked, it says what happened ("Not saved yet: ..." said it a second time)
        if saved_msg and saved_msg[2] == ss.editor_text and not asking:
            with st.container(key="ed_saved"):
                getattr(st, saved_msg[0])(saved_msg[1])
                # the Save button is often at the screen's bottom edge: what it did comes into view
                st.html(scroll_script(".st-key-ed_saved", nonce=f"save {ss.get('ed_saves', 0)}", block="nearest"),
                        unsafe_allow_javascript=True)
        if asking:
            ask_about_save(pending)
        # one limit, the loader's: Streamlit's own box states it (in whole MB) and refuses a larger file itself
        st.file_uploader(f"Upload a ruleset file (YAML, at most {UPLOAD_MB} MB)", type=["yaml", "yml", "json"],
                         key="ed_upload", max_upload_size=UPLOAD_MB, on_change=upload)
        s1, s2 = st.columns([1, 3], vertical_alignment="center")
        s1.button("Share as a link", on_click=make_link, key="ed_share", width="stretch",
                  help="A link that opens this text in anyone's editor")
        link = ss.get("editor_link")
        if link:
            s2.code(link, language=None, wrap_lines=True)
            chain = check.source.files[1:] if check.source is not None else ()
            shipped_files = {Path(f).resolve() for f in shipped_rulesets().values()}
            own = [Path(f).name for f in chain if Path(f).resolve() not in shipped_files]
            if own:
                s2.caption(f"It extends {', '.join(own)}, of your own folder: whoever opens the link needs that "
                           "file too.")

with right:
    if check.ok:
        r = check.ruleset
        st.success(f"**Valid.** {r.title} (`{r.name}`): {r.seats} players, {r.deck.size} cards, "
                   f"{r.game.target} balls to win.", icon=":material/check_circle:")
    else:
        n = len(check.problems)
        savable = len(ss.editor_text.encode("utf-8")) <= MAX_BYTES  # (Save refuses a text over the limit)
        st.error(f"**{n} problem{'s' if n != 1 else ''}.** Your text is kept as it is: fix it here"
                 + (", or save it to finish later." if savable else "."), icon=":material/report:")
        if not ss.editor_text.strip():
            st.info("**Your text is empty.** Undo (Ctrl+Z in the text) brings back what was deleted; or pick a "
                    "house rule above to start from it, or start a new variant from a ruleset in the Library.",
                    icon=":material/lightbulb:")
        show_problems(check)
    target_companions(check)

    diff_tab, book_tab, formula_tab = st.tabs(["What it changes", "Rulebook", "Try a formula"])

    with diff_tab:
        if not check.ok:
            st.info("Fix the problems first: the changes are worked out on a valid ruleset.")
        else:
            base = None
            if check.source is not None and len(check.source.files) > 1:
                base_file = check.source.files[1]
                try:
                    base = load_ruleset(base_file)
                    st.caption(f"Compared with the ruleset it extends, **{base.name}** ({Path(base_file).name}).")
                except RulesetError as err:
                    st.warning(f"The base ruleset does not load: {err.problems[0]}")
            if base is None:
                names = [ref.partition(":")[2] for ref in choices if ref.startswith("shipped:")]
                other = st.selectbox("Compare with", names, index=names.index(nearest_shipped(check.ruleset, names)),
                                     key="ed_diff_with")
                base = shipped(other)
            changes = diff_rulesets(base, check.ruleset)
            if not changes:
                st.write(f"Plays exactly like {base.name}: no rule differs yet.")
            else:
                st.markdown(f"**{len(changes)} rule change{'s' if len(changes) != 1 else ''}** from {base.name}:")
                st.markdown("\n".join(f"- {c.text}" for c in changes))

    with book_tab:
        if check.ok:
            st.markdown(demoted(without_command_line_note(render_rulebook(check.ruleset))))
        else:
            st.info("The rulebook appears once the file is valid.")

    with formula_tab:
        valid_text = ss.get("editor_last_valid")
        ruleset = check.ruleset if check.ok else None
        if ruleset is None and valid_text:
            ruleset = checked(valid_text, str(shelf().folder)).ruleset
            st.caption("Using the last valid version of your text.")
        if ruleset is None:
            ruleset = shipped("standard")
            st.caption("Your text is not valid yet: formulas are tried on standard Thunee.")
        f1, f2 = st.columns([3, 1])
        formula = f1.text_input("Formula", value="counting.cards + call >= 105", key="fx_text",
                                help="As it would stand in the ruleset, e.g. in a scoring outcome's 'when:'")
        seed = f2.number_input("Sample deal", min_value=0, max_value=10**6, value=1, step=1, key="fx_seed")
        place = st.selectbox("Where it stands", list(PLACES), format_func=lambda p: PLACES[p], key="fx_place")
        trial = try_formula(ruleset, formula, place, seed=int(seed))
        if trial.error is not None:
            st.error(f"**Column {trial.error.column}:** {trial.error.message}", icon=":material/error:")
            st.code(trial.error.caret, language=None, wrap_lines=False)
        elif trial.failure:
            st.warning(f"The formula is fine but {trial.failure}")
        else:
            shown = str(trial.value).lower() if isinstance(trial.value, bool) else trial.value
            st.markdown(f"On the sample deal it is **{shown}**:")
            st.code(trial.explanation, language=None, wrap_lines=True)
        if trial.sample is not None:
            # the deal asked for may end before its last trick (thrown in): then the next one is shown, and said so
            used = trial.sample.seed
            with st.expander(f"Sample deal {used}, played by random bots" + (
                    f" (deal {int(seed)} ended before its last trick)" if used != int(seed) else "")):
                st.markdown("\n".join(f"- {line}" for line in trial.sample.summary()))
                for line in trial.sample.result.explanation:
                    st.caption(line)
        with st.expander("Names a formula may use here"):
            st.dataframe([{"name": n, "meaning": d} for n, d in trial.names.items()], hide_index=True,
                         width="stretch")
