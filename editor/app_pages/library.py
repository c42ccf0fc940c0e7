"""Library: the shipped rulesets and the user's own, each with its rulebook."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from app_common import (cannot_open, catalogue, demoted, follow_goto, name_taken, new_variant_name, overlay_template,
                        readable_text, ruleset_of, rulebook_sections_only, set_editor_text, shelf, show_problems, tilde,
                        user_check)
from thunee_dsl.editor.families import family, matches
from thunee_dsl.editor.storage import folder_problem
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.loading.registry import read_header
from thunee_dsl.editor.table import scroll_script
from thunee_dsl.model.rulebook import render_rulebook, ruleset_summary

ss = st.session_state
follow_goto()


def start_variant(ref: str) -> None:
    kind, _, name = ref.partition(":")
    base_ref = name if kind == "shipped" else f"{name}.yaml"
    # a name no saved ruleset has: saving it later never meets another variant's file
    set_editor_text(overlay_template(name, base_ref, name=new_variant_name(name)), f"a new variant of {name}",
                    fresh=True)
    ss.goto = "editor"


def open_in_editor(ref: str) -> None:
    kind, _, name = ref.partition(":")
    text, why = readable_text(ref)
    if text is None:
        ss.lib_msg = cannot_open(ref, why)
        return
    if kind == "mine":
        set_editor_text(text, f"your ruleset {name}", file=name)
    else:
        set_editor_text(text, f"a copy of the shipped ruleset {name} (save it under a new name)")
    ss.goto = "editor"


def playtest(ref: str) -> None:
    ss.pt_ref = ss.pt_ref_chosen = ref
    ss.goto = "playtest"


def open_table(ref: str) -> None:
    """The Table page's opening form with these rules picked (as they stand here)."""
    ss.gt_wanted = (f"{catalogue().get(ref, ref)} (from the Library)", ruleset_of(ref))
    ss.goto = "table"


def pick() -> None:
    ss.lib_selected = ss.lib_pick
    ss.lib_to_book = True


def set_home() -> None:
    wanted = ss.lib_home.strip()
    problem = folder_problem(wanted)
    if problem:  # the folder stays as it was (a bad one broke every page); the box shows it again
        ss.lib_home_msg = f"Not changed: {problem}. Your rulesets stay in `{tilde(shelf().folder)}`."
        ss.lib_home = ss.home
        return
    # a relative folder would depend on where the app was started: kept (and shown) as a full path
    ss.home = ss.lib_home = tilde(Path(wanted).expanduser().absolute())


st.title("Rulesets", anchor=False)  # no link icon beside it (always shown on a phone)
st.caption("Pick the rules you play. Read them as a rulebook, start a house variant from them, or play a deal.")
if not shelf().names() and not ss.get("lib_intro_done"):
    # a first visit (nothing saved yet): what to do first, in the buttons' own words
    with st.container(border=True, key="lib_intro"):
        st.markdown("**New here? Try a house rule in a minute:**\n"
                    "1. Pick the rules you play below (**standard** is South African Thunee).\n"
                    "2. **Start a new variant from this**, then pick a house rule from the list in the Editor: "
                    "no YAML to type.\n"
                    "3. **Playtest** it against bots, or **Compare** it with the rules it comes from over many games.")
        st.button("Got it", key="lib_intro_ok", on_click=ss.update, kwargs={"lib_intro_done": True})

options = catalogue(include_editor=False)
refs = list(options)
selected = ss.get("lib_selected", "shipped:standard")
if selected not in refs:
    selected = refs[0]


def found(ref: str, query: str) -> bool:
    """Whether the ruleset answers to what the player typed: its name, title, other names, family or summary
    (the header first: the rulesets are compiled only when it does not answer)."""
    kind, _, name = ref.partition(":")
    header = read_header(shipped_files[name]) if kind == "shipped" else None
    if header is not None and matches(query, name, header.title, " ".join(header.aliases)):
        return True
    compiled = ruleset_of(ref)
    if compiled is None:
        return matches(query, name)
    return matches(query, name, compiled.title, " ".join(compiled.aliases), family(compiled), compiled.summary)


left, right = st.columns([1, 2.8], gap="large")
with left:
    captions, shipped_files = [], shipped_rulesets()
    query = st.text_input("Find a game", key="lib_find", placeholder="Euchre, Whist, Jass family ...",
                          help="Its name, another name it goes by, or its family (Jass, Euchre, Whist)")
    if query.strip():
        hits = [r for r in refs if found(r, query)]
        if not hits:
            st.caption(f"No ruleset answers to “{query.strip()}”: all are listed.")
        else:
            refs = hits
            if selected not in refs:
                selected = refs[0]
                ss.lib_selected = selected
                if ss.get("lib_pick") not in refs:
                    ss.pop("lib_pick", None)  # (the radio starts on the first game found)
    for r in refs:
        # A shipped ruleset's title from its file's first lines: compiling all ten first left the list a grey
        # placeholder for seconds on a new server (the selected one is compiled after the list is drawn)
        kind, _, name = r.partition(":")
        title = read_header(shipped_files[name]).title if kind == "shipped" else ""
        if not title:
            compiled = ruleset_of(r)
            title = compiled.title if compiled is not None else "not valid yet"
        captions.append(title)
    st.radio("Rulesets", refs, index=refs.index(selected), format_func=lambda r: options[r], key="lib_pick",
             on_change=pick, captions=captions)
    st.divider()
    # a setting few players need: folded away (on a phone it stood between the list and the rulebook)
    home_msg = ss.pop("lib_home_msg", None)
    with st.expander("Where your own rulesets are kept", expanded=bool(home_msg)):
        st.caption(f"Saved from the Editor in `{tilde(shelf().folder)}`.")
        st.text_input("Keep them in another folder", value=ss.home, key="lib_home", on_change=set_home,
                      help="The command line finds them there too when THUNEE_DSL_HOME names the same folder.")
        if home_msg:
            st.warning(home_msg, icon=":material/folder_off:")

with right:
    if ss.pop("lib_to_book", False):
        # on a phone the columns stack: the rulebook picked sits below the long list, out of sight
        st.html(scroll_script(".st-key-lib_book", narrow_only=True, nonce=ss.lib_pick),
                unsafe_allow_javascript=True)
    ref = ss.get("lib_pick", selected)
    kind, _, name = ref.partition(":")
    ruleset = ruleset_of(ref)
    book = st.container(key="lib_book")
    if ruleset is not None:
        book.subheader(ruleset.title, anchor=False)
        # one name, one file: a ruleset of yours is called by its file's name, here as on the command line
        shown = ruleset.name if kind == "shipped" else name
        st.caption(f"`{shown}` · {'shipped with thunee-dsl' if kind == 'shipped' else 'yours'}"
                   + (f" · {family(ruleset)}" if family(ruleset) else "")
                   + (f" · also known as {', '.join(ruleset.aliases)}" if ruleset.aliases else "")
                   + (f" · its `name:` line says `{ruleset.name}`, but its name (here and on the command line) is "
                      f"its file's, `{name}`" if kind == "mine" and ruleset.name != name else ""))
        if kind == "mine" and name_taken(name):
            st.warning(name_taken(name), icon=":material/warning:")
        summary = ruleset_summary(ruleset)
        if summary:
            st.write(summary)
    else:
        book.subheader(name, anchor=False)
        if readable_text(ref)[0] is None:  # not text (binary, too large): the editor cannot open it either
            st.warning(f"**{name}.yaml cannot be opened in the editor.** Open it in a text editor and save it as "
                       f"UTF-8 text under 1 MB, or remove it from `{tilde(shelf().folder)}`.")
        else:
            st.warning("This file is not a valid ruleset yet. Open it in the editor to fix it.")
        show_problems(user_check(name))
    if ss.get("lib_msg"):
        st.warning(ss.pop("lib_msg"), icon=":material/warning:")
    b1, b2, b3 = st.columns(3)
    b1.button("Start a new variant from this", type="primary", on_click=start_variant, args=(ref,),
              key="lib_new", disabled=ruleset is None, width="stretch")
    b2.button("Open in the editor" if kind == "mine" else "Open a copy in the editor", on_click=open_in_editor,
              args=(ref,), key="lib_open", width="stretch")
    b3.button("Playtest it", on_click=playtest, args=(ref,), key="lib_play", disabled=ruleset is None,
              width="stretch")
    st.button("Open a table with these rules", on_click=open_table, args=(ref,), key="lib_table",
              disabled=ruleset is None, icon=":material/groups:",
              help="Play them together, each on their own phone: a table with a code and a link")
    rulebook, source = st.tabs(["Rulebook", "YAML file"])
    with rulebook:
        if ruleset is not None:
            st.markdown(demoted(rulebook_sections_only(render_rulebook(ruleset))))
    with source:
        text, why = readable_text(ref)
        if text is None:
            st.warning(f"The file cannot be shown: {why}.")
        else:
            st.code(text, language="yaml", line_numbers=True)
