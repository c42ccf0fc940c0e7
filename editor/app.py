"""The thunee-dsl variant editor: ``thunee-dsl editor`` (or ``make app``) starts it.

Library (the rulesets and their rulebooks), Editor (write a variant, checked as you type), Playtest
(play it against bots), Compare (simulate two rulesets side by side).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # the pages import app_common, next to this file
    sys.path.insert(0, str(HERE))

import streamlit as st  # noqa: E402

from app_common import PAGES, init_state  # noqa: E402
from thunee_dsl.editor.pool import warm  # noqa: E402

warm()  # the Compare page's worker processes start with the app (once, in the background): its first run is warm

st.set_page_config(page_title="Thunee variant editor", page_icon=":material/playing_cards:", layout="wide")
init_state()
# Styles every page shares (the Playtest table's own are on its page).
st.html("""<style>
  textarea { font-family: "Source Code Pro", ui-monospace, monospace !important; font-size: 0.9rem !important; }
  /* On a phone a finger needs about 44 px (Apple's and Android's guides); Streamlit's controls are 28-40 px
     tall, and a tap meant for "Call 10" landed on "Pass". (767.98px: where Streamlit folds its top bar) */
  @media (max-width: 767.98px) {
    [data-testid="stMain"] button:not([data-testid="stTooltipHoverTarget"]),
    [data-testid="stExpandSidebarButton"], .st-key-phone_nav a { min-height: 44px; min-width: 44px; }
    [data-testid="stTooltipHoverTarget"] { min-height: 44px; min-width: 44px; justify-content: center; }
    [data-testid="stNumberInputContainer"], [data-testid="stTextInputRootElement"],
    [data-testid="stSelectbox"] [role="group"], [data-testid="stTab"] { min-height: 44px; }
    [data-testid="stExpander"] summary { min-height: 44px; display: flex; align-items: center; }
    [data-testid="stCheckbox"] label { min-height: 44px; align-items: center; }
    /* the choice's words at the bottom of its taller box: its caption stays right under them */
    label[data-testid="stRadioOption"] { min-height: 44px; display: flex; align-items: flex-end; }
    [data-testid="stMain"] input[type="text"], [data-testid="stMain"] input[type="number"] { min-height: 44px; }
    /* a heading's link icon shows all the time on a phone, as if part of the heading */
    [data-testid="stHeaderActionElements"] { display: none; }
  }
  /* A phone's screen is short (held sideways, 390 px): the page starts right under the top bar, with a smaller
     title (Streamlit's 6rem of space and 2.75rem title left a sideways phone two lines of the page). */
  @media (max-width: 767.98px), (max-height: 500px) {
    [data-testid="stMainBlockContainer"] { padding-top: 4.25rem; }
    [data-testid="stMain"] h1 { font-size: 2.1rem; padding-top: 0.5rem; }
  }
</style>""")

pages = [
    st.Page(str(HERE / PAGES["library"]), title="Library", icon=":material/menu_book:", default=True),
    st.Page(str(HERE / PAGES["editor"]), title="Editor", icon=":material/edit_note:"),
    st.Page(str(HERE / PAGES["playtest"]), title="Playtest", icon=":material/playing_cards:"),
    st.Page(str(HERE / PAGES["compare"]), title="Compare", icon=":material/monitoring:"),
    # a game for the whole group, each on their own phone (issue 26)
    st.Page(str(HERE / "app_pages" / "table.py"), title="Table", icon=":material/groups:"),
]
current = st.navigation(pages, position="top")
# On a phone Streamlit folds the top bar into a side menu behind an unlabelled ">>": a new user did
# not find the other pages. There the pages are named in a row in the top bar instead of the ">>", kept
# in view however far down the page one has scrolled (at the end of a deal the row had scrolled away and
# the ">>" was all that was left). (767.98px: where Streamlit folds the top bar)
st.html("""<style>
  .st-key-phone_nav { display: none; }
  @media (max-width: 767.98px) {
    .st-key-phone_nav { display: flex; gap: 0 !important; flex-wrap: nowrap; position: fixed; top: 0; left: 0;
                        height: 3.75rem; align-items: center; padding: 0 0.5rem; z-index: 999991; }
    .st-key-phone_nav a { padding: 0.1rem 0.25rem; }
    [data-testid="stExpandSidebarButton"] { display: none; }
    /* the row takes the width of its links only (Streamlit's menu stays reachable on its right), and the
       "Running..." badge, which sat under the row's last link, comes down just below the bar */
    .st-key-phone_nav { width: auto !important; right: auto; }
    [data-testid="stStatusWidget"] { position: fixed; top: 3.9rem; right: 0.5rem; z-index: 999992;
                                     background: var(--st-background-color, #fff); border-radius: 0.5rem;
                                     padding: 0 0.4rem; box-shadow: 0 1px 4px rgba(0, 0, 0, .2); }
  }
  /* five pages' names and icons were wider than a 390 px phone: the last one ran under Streamlit's menu */
  @media (max-width: 480px) {
    .st-key-phone_nav a > span:has([data-testid="stIconMaterial"]) { display: none; }
  }
</style>""")
with st.container(horizontal=True, gap="small", key="phone_nav"):
    for page in pages:
        st.page_link(page, label=page.title, icon=page.icon)
current.run()
