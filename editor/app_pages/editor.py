"""Editor: a ruleset's YAML, checked as you edit; what it changes, in words; formulas tried on a deal."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from app_common import (catalogue, check_editor, demoted, follow_goto, ruleset_text, set_editor_text, shelf, shipped,
                        show_problems, tilde)
from thunee_dsl import load_ruleset
from thunee_dsl.editor.formulas import PLACES, try_formula
from thunee_dsl.editor.storage import decode_upload, slug
from thunee_dsl.errors import RulesetError
from thunee_dsl.loading import MAX_BYTES
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook

ss = st.session_state
follow_goto()


# -- callbacks (the only place the editor's state changes) ------------------------------------------
def sync_text() -> None:
    ss.editor_text = ss.ed_area


def open_ref() -> None:
    ref = ss.ed_open
    kind, _, name = ref.partition(":")
    if kind == "mine":
        set_editor_text(ruleset_text(ref), f"your ruleset {name}", file=name)
    else:
        set_editor_text(ruleset_text(ref), f"a copy of the shipped ruleset {name} (save it under a new name)")
    ss.ed_msg = None


def restore() -> None:
    text, origin, file = ss.editor_previous
    set_editor_text(text, origin, file)


def save() -> None:
    name = (ss.get("ed_save_name") or "").strip()
    try:
        path = shelf().save(name, ss.editor_text)
    except (ValueError, OSError) as err:
        ss.ed_msg = ("error", f"Not saved: {err}")
        return
    ss.editor_file = path.stem
    ss.editor_origin = f"your ruleset {path.stem}"
    check = check_editor()
    if check.ok:
        ss.ed_msg = ("success", f"Saved as `{tilde(path)}`.")
    else:
        ss.ed_msg = ("warning", f"Saved as `{tilde(path)}`, with {len(check.problems)} problem(s) still to fix.")


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
    ss.ed_msg = ("info", f"Loaded {f.name}. Save it to keep it in your folder.")


# -- the page ----------------------------------------------------------------------------------------
if "ed_area" not in ss:
    ss.ed_area = ss.editor_text
check = check_editor()
if check.ok:
    ss.editor_last_valid = ss.editor_text

st.title("Editor")
top = st.columns([3, 1.2, 0.8, 1], vertical_alignment="bottom")
top[0].markdown(f"Editing **{ss.editor_origin}**"
                + (f" · file `{ss.editor_file}.yaml`" if ss.editor_file else " · not saved yet"))
choices = catalogue(include_editor=False)
top[1].selectbox("Open a ruleset", list(choices), format_func=lambda r: choices[r], key="ed_open", index=None,
                 placeholder="Choose one...")
top[2].button("Open", on_click=open_ref, key="ed_open_btn", width="stretch", disabled=ss.get("ed_open") is None)
if ss.editor_previous:
    top[3].button("Restore previous text", on_click=restore, key="ed_restore", width="stretch",
                  help="Bring back the text the last Open or Upload replaced")

left, right = st.columns([1.05, 1], gap="large")
with left:
    st.text_area("Ruleset (YAML). Press Ctrl+Enter or click outside to check it.", key="ed_area", height=520,
                 on_change=sync_text)
    with st.container(border=True):
        default_name = ss.editor_file or (check.source.name if check.source is not None else "")
        if ss.get("ed_save_default") != default_name:  # the ruleset's name changed: offer the new one
            ss.ed_save_default = default_name
            ss.ed_save_name = slug(default_name) if default_name else ""
        c1, c2, c3 = st.columns([2, 1, 1], vertical_alignment="bottom")
        c1.text_input("Save as", key="ed_save_name", placeholder="my-house-rules")
        c2.button("Save", on_click=save, type="primary", key="ed_save", width="stretch")
        c3.download_button("Download", data=ss.editor_text.encode("utf-8"), key="ed_download",
                           file_name=f"{slug(default_name) or 'ruleset'}.yaml", mime="application/x-yaml",
                           width="stretch")
        st.file_uploader(f"Upload a ruleset file (YAML, at most {MAX_BYTES // 1024} KB)", type=["yaml", "yml", "json"],
                         key="ed_upload", max_upload_size=1, on_change=upload)
    msg = ss.get("ed_msg")
    if msg:
        getattr(st, msg[0])(msg[1])

with right:
    if check.ok:
        r = check.ruleset
        st.success(f"**Valid.** {r.title} (`{r.name}`): {r.seats} players, {r.deck.size} cards, "
                   f"{r.game.target} balls to win.", icon=":material/check_circle:")
    else:
        n = len(check.problems)
        st.error(f"**{n} problem{'s' if n != 1 else ''}.** Your text is kept as it is: fix it here, or save it "
                 "to finish later.", icon=":material/report:")
        show_problems(check)

    lines_tab, diff_tab, book_tab, formula_tab = st.tabs(["Lines", "What it changes", "Rulebook", "Try a formula"])
    with lines_tab:
        st.code(ss.editor_text, language="yaml", line_numbers=True, height=520)

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
                other = st.selectbox("Compare with", names, index=names.index("standard") if "standard" in names else 0,
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
            st.markdown(demoted(render_rulebook(check.ruleset)))
        else:
            st.info("The rulebook appears once the file is valid.")

    with formula_tab:
        valid_text = ss.get("editor_last_valid")
        ruleset = check.ruleset if check.ok else None
        if ruleset is None and valid_text:
            from app_common import checked
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
            with st.expander(f"The sample deal (seed {trial.sample.seed}), played by random bots"):
                st.markdown("\n".join(f"- {line}" for line in trial.sample.summary()))
                for line in trial.sample.result.explanation:
                    st.caption(line)
        with st.expander("Names a formula may use here"):
            st.dataframe([{"name": n, "meaning": d} for n, d in trial.names.items()], hide_index=True,
                         width="stretch")
