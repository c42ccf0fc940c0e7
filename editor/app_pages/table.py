"""Table: the whole group plays one game, each on their own phone (issue 26).

Open a table (rules, bots, away time) and pass on its code, link or QR code; the others join by it, pick a
seat and a name. The seat's secret is kept in the browser's cookie, so a reload or a dropped phone comes back
to the same seat. Everything a phone draws comes from its own seat's page (thunee_dsl.editor.group_table):
another seat's hidden cards never reach it. A small fragment polls the table's version each second and redraws
the page only when it changed.
"""

from __future__ import annotations

import html
import io
import json

import streamlit as st

from app_common import (COLOURS, card_button_label, catalogue, follow_goto, hand_actions, hand_notes, ruleset_of,
                        shipped)
from thunee_dsl.editor import compare_choices
from thunee_dsl.editor.cards import HIDDEN, card_back, card_label, card_text, history_line, suit_label
from thunee_dsl.editor.group_table import (AWAY_LIMITS, DEFAULT_AWAY, HINT_WHEN, MAX_NAME, GroupTables, TableError,
                                           frozen_text, normal_code, public_link)
from thunee_dsl.editor.playtest import bot_names, replay_help
from thunee_dsl.editor.storage import slug
from thunee_dsl.editor.table import HandChoices, table_spots
from thunee_dsl.loading.home import user_home
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import default_bot

ss = st.session_state
follow_goto()
POLL = 1.0  # seconds between two looks at the table's version (a move shows on the other phones within it)
SEAT_COOKIE, HOST_COOKIE = "thunee_seat_", "thunee_host_"  # + the table's code
KEEP_DAYS = 30  # a seat's cookie outlives any table (tables go after their days; the cookie is then unused)
# The rules handed over by Playtest or the Library ("Open a table"): ss.gt_wanted = (label, ruleset), kept as
# ss.gt_frozen and offered first, as they stood there (the Editor's text as dealt, frozen).
FROZEN = "frozen:"


@st.cache_resource(show_spinner=False)
def _group_tables(home: str) -> GroupTables:
    return GroupTables()


def group_tables() -> GroupTables:
    """The tables of this app server: one object for every session (their lock and their games in memory)."""
    return _group_tables(str(user_home()))


tables = group_tables()


# -- what this browser holds ---------------------------------------------------------------------------------
def held_seat(code: str) -> tuple[int, str] | None:
    """This browser's seat at table ``code``: kept in the session, else read from its cookie (a reload)."""
    kept = ss.setdefault("gt_seats", {}).get(code)
    if kept is None:
        raw = st.context.cookies.get(SEAT_COOKIE + code) if len(st.context.headers) else None
        seat, dot, secret = (raw or "").partition(".")
        if dot and seat.isdigit() and secret:
            kept = ss.gt_seats[code] = (int(seat), secret)
    return kept


def host_secret(code: str) -> str | None:
    kept = ss.setdefault("gt_hosts", {}).get(code)
    if kept is None and len(st.context.headers):
        kept = st.context.cookies.get(HOST_COOKIE + code)
        if kept:
            ss.gt_hosts[code] = kept
    return kept


def keep_cookies() -> None:
    """Write the cookies this session has been given since its last run (Streamlit reads cookies, cannot set them)."""
    todo = ss.pop("gt_cookies", [])
    if not todo:
        return
    lines = "".join(f"document.cookie = {json.dumps(name + '=' + value)} + '; path=/; max-age={age}; SameSite=Lax';"
                    for name, value, age in todo)
    with st.container(key="gt_cookie_script"):
        st.html("<style>.st-key-gt_cookie_script, div:has(> .st-key-gt_cookie_script) { display: none; }</style>"
                f"<script>{lines}</script>", unsafe_allow_javascript=True)


def remember(code: str, seat: int, secret: str) -> None:
    ss.setdefault("gt_seats", {})[code] = (seat, secret)
    ss.setdefault("gt_cookies", []).append((SEAT_COOKIE + code, f"{seat}.{secret}", KEEP_DAYS * 86400))


def say(kind: str, text: str) -> None:
    ss.gt_msg = (kind, text)


# -- callbacks: the only place a table changes ------------------------------------------------------------------
def rules_of(ref: str):
    return ss.gt_frozen[1] if ref == FROZEN and "gt_frozen" in ss else ruleset_of(ref)


def open_table() -> None:
    ruleset = rules_of(ss.gt_ref)
    if ruleset is None:
        return say("error", "Those rules are not valid yet: fix them in the Editor first, or pick others.")
    text, base = frozen_text(ruleset)
    seat = int(ss.get("gt_my_seat", 0)) % ruleset.seats
    bots = [ss.get(f"gt_bot_{s}", default_bot()) for s in range(ruleset.seats)]
    try:
        opened = tables.open(text, label=ruleset.title, base=base, bots=bots, away=ss.get("gt_away", DEFAULT_AWAY),
                             filename=f"{slug(ruleset.name) or 'table'}.yaml", hints=bool(ss.get("gt_hints", True)),
                             hint_when=ss.get("gt_hint_when", "ahead"))
        secret = tables.join(opened.code, seat, ss.get("gt_name", ""))
    except TableError as err:
        return say("error", str(err))
    ss.setdefault("gt_hosts", {})[opened.code] = opened.host_secret
    ss.setdefault("gt_cookies", []).append((HOST_COOKIE + opened.code, opened.host_secret, KEEP_DAYS * 86400))
    remember(opened.code, seat, secret)
    ss.gt_code = opened.code
    ss.gt_msg = None


def go_to_code() -> None:
    try:
        ss.gt_code = normal_code(ss.get("gt_code_typed", ""))
        ss.gt_msg = None
    except TableError as err:
        say("error", str(err))


def sit_down(code: str) -> None:
    seat = ss.get("gt_join_seat")
    if seat is None:
        return say("error", "Pick a free seat first.")
    try:
        secret = tables.join(code, int(seat), ss.get("gt_join_name", ""))
    except TableError as err:
        return say("error", str(err))
    remember(code, int(seat), secret)
    ss.gt_msg = None


def attempt(change, *args, **options) -> bool:
    """A change of the table (a move, a deal ...): what the table refuses is said to this player in its words."""
    try:
        change(*args, **options)
    except TableError as err:
        say("warning", str(err))
        return False
    ss.gt_msg = None
    return True


def act(code: str, seat: int, secret: str, action) -> None:
    if attempt(tables.act, code, seat, secret, action, seen=ss.get("gt_drawn")):  # a move on what this page showed
        ss.pop("gt_face_down", None)  # (the switch to play face down is for one card: off at the next turn)


def leave(code: str, seat: int, secret: str) -> None:
    if not attempt(tables.leave, code, seat, secret):
        return
    ss.gt_seats.pop(code, None)
    ss.setdefault("gt_cookies", []).append((SEAT_COOKIE + code, "", 0))
    say("info", "You left the table: its bot plays your seat now. You can sit down again between deals.")


def free_seat(code: str, seat: int) -> None:
    attempt(tables.free_seat, code, host_secret(code) or "", seat)


def keep_seat(code: str, seat: int, kept: bool) -> None:
    attempt(tables.keep_seat, code, host_secret(code) or "", seat, kept)


def set_hints(code: str) -> None:
    attempt(tables.set_hints, code, host_secret(code) or "", bool(ss.get("gt_hints_on")))


def set_hint_when(code: str) -> None:
    attempt(tables.set_hints, code, host_secret(code) or "", when=ss.get("gt_hint_when_now"))


def ask_hint(asked: tuple) -> None:
    ss.gt_hint_asked = asked


def other_table() -> None:
    ss.pop("gt_code", None)
    st.query_params.pop("table", None)
    st.query_params.pop("seat", None)


def compare_rules(text: str, name: str, base: str) -> None:
    """Compare, with the table's rules against the ones they build on (the table's text kept as a compared text,
    so the Editor's text is left as it is)."""
    ref = compare_choices.COMPARED + "b"
    ss.setdefault(compare_choices.KEPT_TEXTS, {})[ref] = (text, name)
    ss.cmp_a = ss.kept_cmp_a = f"shipped:{base}"
    ss.cmp_b = ss.kept_cmp_b = ref
    ss.goto = "compare"


def show_message() -> None:
    msg = ss.pop("gt_msg", None)
    if msg:
        getattr(st, msg[0])(msg[1])


# -- which table ------------------------------------------------------------------------------------------------
st.html("""<style>
  .gt-table { position:relative; width:100%; height:clamp(230px, 38vh, 340px); border-radius:48% / 42%;
              background:radial-gradient(ellipse at center, #2f8a4f 0%, #1d6b3a 70%, #155a30 100%);
              box-shadow: inset 0 0 0 6px #6b4423; margin:.3rem 0; font-family:sans-serif; }
  .gt-seat { position:absolute; transform:translate(-50%,-50%); background:rgba(255,255,255,.93); color:#222;
             border-radius:10px; padding:1px 7px; font-size:.78rem; text-align:center; line-height:1.2;
             border:2px solid transparent; max-width:34%; }
  .gt-seat b { font-size:.85rem; } .gt-seat.gt-me { background:#fff8d6; }
  .gt-seat.gt-turn { border-color:#f5b700; box-shadow:0 0 0 3px rgba(245,183,0,.55); }
  .gt-seat small { color:#555; display:block; }
  .gt-card { position:absolute; transform:translate(-50%,-50%); background:#fff; border:1px solid #777;
             border-radius:7px; padding:5px 4px; min-width:2.2em; text-align:center; font-weight:700;
             font-size:1.25rem; box-shadow:1px 2px 4px rgba(0,0,0,.35); }
  .gt-card.gt-win { box-shadow:0 0 0 3px #f5b700; }
  .gt-middle { position:absolute; left:50%; top:50%; transform:translate(-50%,-50%); color:#f4f4f4;
               font-size:.75rem; text-align:center; max-width:24%; }
  .gt-label { font-size:1.05rem; margin:0; }
  .gt-seat.gt-west { transform:translate(0,-50%); } .gt-seat.gt-east { transform:translate(-100%,-50%); }
  /* a side seat's plate stays clear of its card nearer the middle: its badges wrap (as on Playtest) */
  .gt-seat.gt-west, .gt-seat.gt-east { max-width:26%; }
  .gt-badge.gt-away { background:#7a7a7a; }
  .gt-status { display:flex; flex-wrap:wrap; gap:.1rem .8rem; font-size:.92rem; }
  [class*="st-key-gt_card_"] button { min-height:3.1rem; min-width:3rem; padding:0 .4rem; }
  [class*="st-key-gt_card_"] button p { font-size:1.25rem; }
  [class*="st-key-gt_card_"] button:disabled { opacity:.35; }
  .gt-card.gt-last { opacity:.8; }
  .gt-turnup-label { position:absolute; transform:translate(0,-50%); color:#f4f4f4; font-size:.7rem;
                     line-height:1.1; white-space:nowrap; pointer-events:none; }
  .gt-badge { display:inline-block; border-radius:6px; padding:0 4px; margin:0 1px; font-size:.68rem;
              font-weight:700; color:#fff; background:#555; }
  .gt-badge.gt-dealer { background:#6b4423; } .gt-badge.gt-maker { background:#0047ab; }
  .gt-badge.gt-said { background:#c8102e; } .gt-badge.gt-turnmark { background:#b88600; }
  .gt-seat.gt-out { background:rgba(210,210,210,.9); color:#666; } .gt-badge.gt-bid { background:#2e6b8a; }
  .gt-mini { display:inline-block; background:#fff; border:1px solid #999; border-radius:4px; padding:0 3px;
             margin:1px; font-weight:700; font-size:.8rem; }
  .gt-lasttrick { font-size:.85rem; color:#444; margin:0 0 .3rem; }
  .gt-tricks { border-collapse:collapse; font-size:.85rem; width:100%; }
  .gt-tricks th { font-weight:600; color:#555; text-align:center; padding:1px 2px; }
  .gt-tricks td { text-align:center; padding:2px 1px; border-top:1px solid #eee; white-space:nowrap; }
  .gt-tricks td.gt-won .gt-mini { box-shadow:0 0 0 2px #f5b700; }
  .gt-tricks .gt-led { font-size:.65rem; color:#888; display:block; line-height:1; }
  /* the words in the middle stay inside the gap between the side seats' trick cards (as on Playtest) */
  .gt-middle { max-width:calc(34% - 5rem); line-height:1.2; pointer-events:none; }
  @media (max-width: 640px) {
    .gt-middle { max-width:19%; font-size:.68rem; line-height:1.15; }
    /* a phone: the cards narrower (as on Playtest), so six cards make one row and the buttons to say
       something stay on the first screen with the hand */
    [class*="st-key-gt_card_"] button { min-height:2.9rem; min-width:2.75rem; padding:0 .3rem; }
    [class*="st-key-gt_card_"] button p { font-size:1.15rem; }
    /* the plates smaller (as on Playtest): a side seat's plate, three lines on a phone, reached over the
       trump card laid face down beside it */
    .gt-seat { font-size:.72rem; padding:1px 5px; } .gt-seat b { font-size:.78rem; }
    /* a side seat's trump card laid face down lies a third of the way in, above or below its trick card: the
       cards smaller (as on Playtest) and the side plates narrower keep a plate of four lines ("trumps", "bid
       160") clear of it */
    .gt-card { font-size:1.1rem; padding:4px 3px; }
    .gt-seat.gt-west, .gt-seat.gt-east { max-width:23%; }
    /* the buttons to say something closer (304's fourteen bids and Pass: three rows of five), on the first
       screen under the hand */
    .st-key-gt_say { gap:.45rem; }
    .st-key-gt_say button { padding:0 .5rem; }
  }
  /* the hand's heading and the Hint on one row: the words shown move nothing */
  .st-key-gt_hand_head [data-testid="stMarkdownContainer"] { margin-bottom:0 !important; }
  .st-key-gt_gameover { background:#eaf7ee; border:2px solid #117a37; border-radius:12px; padding:.6rem .9rem; }
</style>""")

handed = ss.pop("gt_wanted", None)
if handed is not None:  # "Open a table" on Playtest or in the Library: the opening form, those rules picked
    ss.gt_frozen, ss.gt_ref = handed, FROZEN
    ss.pop("gt_code", None)
    st.query_params.pop("table", None)
code = ss.get("gt_code")
asked = st.query_params.get("table")
if asked and asked != code:
    try:
        code = ss.gt_code = normal_code(asked)
    except TableError as err:
        say("error", str(err))
        code = None

keep_cookies()

if code is None:
    st.title("Table", anchor=False)
    st.caption("Play together, each on your own phone: one of you opens a table, the others join with its code.")
    show_message()
    with st.container(border=True):
        st.markdown("**Join a table**")
        j1, j2 = st.columns([3, 1], vertical_alignment="bottom")
        j1.text_input("Table code", key="gt_code_typed", max_chars=12, placeholder="K7QX3M")
        j2.button("Join", on_click=go_to_code, key="gt_go", width="stretch")
    with st.container(border=True):
        st.markdown("**Open a table**")
        choices = catalogue()
        refs = [r for r in choices if ruleset_of(r) is not None]
        if "gt_frozen" in ss:
            choices = {FROZEN: ss.gt_frozen[0], **choices}
            refs.insert(0, FROZEN)
        if ss.get("gt_ref") not in refs:
            ss.gt_ref = "shipped:standard" if "shipped:standard" in refs else refs[0]
        st.selectbox("Rules (frozen for this game)", refs, format_func=lambda r: choices[r], key="gt_ref")
        chosen = rules_of(ss.gt_ref)
        o1, o2 = st.columns(2)
        o1.text_input("Your name", key="gt_name", max_chars=MAX_NAME)
        o2.selectbox("Your seat", range(chosen.seats), format_func=lambda s: f"Seat {s + 1}", key="gt_my_seat")
        st.number_input("Seconds a player may be away before a bot plays for them", min_value=AWAY_LIMITS[0],
                        max_value=AWAY_LIMITS[1], value=DEFAULT_AWAY, step=5.0, key="gt_away")
        # On by default: a group trying a variant asks "what should I play?"; each phone's hint reads its own cards
        # only, so it gives nothing away; a host who wants a game without help turns it off (here or later).
        st.checkbox("Hints: each player may ask for a hint on their own turn (from their own cards only)",
                    value=True, key="gt_hints")
        st.radio("When a hint is worked out", list(HINT_WHEN), format_func=HINT_WHEN.get, key="gt_hint_when",
                 disabled=not ss.get("gt_hints", True))
        st.caption("Bots play the seats nobody takes (and stand in for whoever is away):")
        names = bot_names()
        columns = st.columns(min(chosen.seats, 3))
        for s in range(chosen.seats):
            if s != ss.get("gt_my_seat", 0):
                columns[s % len(columns)].selectbox(f"Seat {s + 1}", names, key=f"gt_bot_{s}",
                                                    index=names.index(default_bot()) if default_bot() in names else 0)
        st.button("Open the table", type="primary", on_click=open_table, key="gt_open")
    st.stop()

st.query_params["table"] = code
try:
    label, infos, can_sit = tables.lobby(code)
except TableError as err:
    st.title("Table", anchor=False)
    st.error(str(err))
    st.button("Open or join another table", on_click=other_table, key="gt_other")
    st.stop()

held = held_seat(code)
if held is not None:
    try:
        page = tables.page(code, *held)
    except TableError:
        ss.gt_seats.pop(code, None)
        held = None


def invite(link, seat: int | None = None) -> None:
    """The code, the link and a QR code for the phones around the table (``seat``: a link that picks it)."""
    if seat is None:
        st.markdown(f"Table code **`{code}`** · link: `{link.url}`")
    else:
        link = link._replace(url=f"{link.url}&seat={seat + 1}")
        st.markdown(f"Link to seat {seat + 1}: `{link.url}`")
    if link.loopback:  # the address the host's browser used: no phone reaches it
        st.warning(f"This link uses this computer's own address, and {link.why}.", icon=":material/wifi_off:")
    elif seat is None:
        st.caption(f"The link uses {link.why}.")
    try:
        import qrcode
    except ImportError:  # the app extra installs it; the code and the link still work without
        st.caption("(A QR code needs the app's extra: pip install 'thunee-dsl[app]'.)")
        return
    picture = qrcode.make(link.url, box_size=6, border=2).get_image()
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    st.image(buffer.getvalue(), width=180, caption="Scan to join")


link = public_link(code, st.context.url, host_header=st.context.headers.get("Host"),
                   served_on=st.get_option("server.address"))

if held is None:  # not seated here yet: pick a seat and a name
    st.title(label, anchor=False)
    show_message()
    free = [i.seat for i in infos if i.name is None]
    st.markdown("**Who sits where:** " + " · ".join(
        f"Seat {i.seat + 1}: " + (html.escape(i.name) if i.name else "kept for a person by the host" if i.kept
                                  else "free (a bot)") for i in infos))
    linked = st.query_params.get("seat", "")  # a seat's own link (the host's "link to seat 3")
    if "gt_join_seat" not in ss and linked.isdigit() and int(linked) - 1 in free:
        ss.gt_join_seat = int(linked) - 1
    if not free:
        st.warning("Every seat at this table is taken.")
    elif not can_sit and linked.isdigit() and any(i.kept and i.seat == int(linked) - 1 for i in infos):
        st.info(f"The host keeps seat {linked} for you: a bot plays this deal out, and you sit down when it ends "
                "(the next deal waits for you). Keep this page open.")
    elif not can_sit:
        st.info("A deal is under way: the bots play the free seats. You can sit down when it ends"
                + (" (the next deal waits for whoever sits in a seat the host keeps)." if any(i.kept for i in infos)
                   else "."))
    else:
        c1, c2 = st.columns(2)
        c1.selectbox("Your seat", free, format_func=lambda s: f"Seat {s + 1}", key="gt_join_seat")
        c2.text_input("Your name", key="gt_join_name", max_chars=MAX_NAME)
        st.button("Sit down", type="primary", on_click=sit_down, args=(code,), key="gt_sit")
    st.button("Open or join another table", on_click=other_table, key="gt_other")

    @st.fragment(run_every=2.0)
    def wait_for_a_seat() -> None:
        if tables.lobby(code)[1:] != (infos, can_sit):
            st.rerun()

    wait_for_a_seat()
    st.stop()

# -- seated: the table from this seat -----------------------------------------------------------------------------
seat, secret = held
ss.gt_drawn = page.version
r = page.ruleset
words = page.words()  # (the players by their names: "Chetan (your partner)", in the buttons' help too)


def who(s: int) -> str:
    """A seat in words from this chair, with the person's name: "Chetan (your partner)"."""
    return html.escape(words.who(s))


host = host_secret(code) if tables.host_of(code, host_secret(code) or "") else None


def seat_name(s: int, away: bool = True) -> str:
    """Who sits in ``s`` (``away``: and whether a bot plays for them now; the table's plate has a badge for it)."""
    info = page.seats[s]
    if s == seat:
        return f"You ({html.escape(info.name)})" if info.name else "You"
    if info.name is None:
        return f"{words.name(s)} · bot"
    return f"{html.escape(info.name)}" + (" · away, a bot plays" if info.away and away else "")


@st.fragment(run_every=POLL)
def watch() -> None:
    """Each second: still here (and the table's version and who is away); the page is drawn again only when
    either changed."""
    try:
        look = tables.poll(code, seat, secret)
    except TableError:
        st.rerun()
    if look != page.look:
        st.rerun()


view = page.view
st.html(f'<div class="gt-label"><b>{html.escape(label)}</b></div>'
        f'<div class="gt-status"><span>Table <b>{code}</b></span>'
        + (f'<span>Deal {view.deal_number}{f" of {r.game.deals}" if r.game.deals else ""}</span>'
           f'<span>{html.escape(r.unit.plural.capitalize())}: '
           + " · ".join(f"{words.team(t)} <b>{view.score[t]}</b>" for t in range(view.teams))
           # (a game of a number of deals has no target: never "None to win")
           + (f" ({r.game.target} to win)" if r.game.target is not None else "") + "</span>"
           if view is not None else "") + "</div>")
show_message()


def rules_changed() -> None:
    """The rules' changes from the ones they build on (above the table before the first deal; under the hand and
    its buttons once dealt: on a phone the table, the hand and the buttons to say something share the first
    screen)."""
    with st.popover("What these rules change", width="content"):
        if page.base is None:
            st.markdown(f"These are the rules of **{html.escape(r.title)}** as shipped: nothing changed.")
        else:
            changes = diff_rulesets(shipped(page.base), r)
            st.markdown(f"**{len(changes)} rule change{'s' if len(changes) != 1 else ''}** from {page.base}:"
                        if changes else f"Plays exactly like {page.base}.")
            st.markdown("\n".join(f"- {c.text}" for c in changes))


def host_seats() -> None:
    """The host's say over the seats: free a person's seat for its bot, or keep a bot's seat for a person (the
    bot plays out the deal on the table; the next deal waits until someone sits there, by the seat's link)."""
    if not host:
        return
    kept = [i for i in page.seats if i.kept]
    st.toggle("Hints at this table (for every phone)", value=page.hints, key="gt_hints_on", on_change=set_hints,
              args=(code,), help="Off: no phone gets a hint (the server refuses to give one)")
    if page.hints:
        st.radio("When a hint is worked out", list(HINT_WHEN), format_func=HINT_WHEN.get, key="gt_hint_when_now",
                 index=list(HINT_WHEN).index(page.hint_when), on_change=set_hint_when, args=(code,))
    with st.expander("Host: who sits where", expanded=bool(kept)):
        for info in page.seats:
            if info.seat == seat:
                continue
            if info.name is not None:
                st.button(f"Free seat {info.seat + 1} ({info.name}) for its bot", key=f"gt_free_{info.seat}",
                          on_click=free_seat, args=(code, info.seat))
            elif info.kept:
                st.markdown(f"**Seat {info.seat + 1} is kept for a person:** send them this link (the next deal "
                            "waits until they sit down).")
                invite(link, info.seat)
                st.button(f"Give seat {info.seat + 1} back to its bot", key=f"gt_unkeep_{info.seat}",
                          on_click=keep_seat, args=(code, info.seat, False))
            elif not page.is_over:
                st.button(f"Seat a person in seat {info.seat + 1} (now a bot)", key=f"gt_keep_{info.seat}",
                          on_click=keep_seat, args=(code, info.seat, True),
                          help="The bot plays out this deal; the next deal waits until someone sits there")


if view is None:  # before the first deal
    rules_changed()
    st.markdown("**Who sits where:** " + " · ".join(f"Seat {i.seat + 1}: {seat_name(i.seat)}" for i in page.seats))
    invite(link)
    if host:
        st.button("Deal", type="primary", on_click=attempt, args=(tables.deal, code, seat, secret), key="gt_deal",
                  help="The first deal: bots play the seats still free")
    else:
        st.caption("Waiting for the host to deal.")
    host_seats()
    watch()
    st.stop()


def tile(card: str, style: str, cls: str = "gt-card", title: str = "") -> str:
    """A card drawn: its back where this seat may not see it (played face down), framed where it saw it played
    face down (as on Playtest)."""
    if card == HIDDEN:
        return card_back(cls, style, "a card played face down")
    lab = card_label(card)
    down = card in face_down_seen
    if down:
        style += ";outline:3px dashed #1f4f8f;outline-offset:-1px"
    return (f'<span class="{cls}" data-card="{html.escape(lab.card)}"{" data-down=1" if down else ""} '
            f'title="{html.escape(title)}{html.escape(lab.words)}{" (played face down)" if down else ""}" '
            f'style="{style};color:{COLOURS.get(lab.colour, "#1b1b1b")}">{html.escape(lab.rank)}&#8202;'
            f'{html.escape(lab.symbol)}</span>')


finished = view.tricks[-1] if view.tricks else None
on_table = view.trick or (finished.cards if finished else ())
turn = None if page.deal_over else view.to_act
said = words.said_by_seat(view)  # seat -> what it called, on its plate (as on Playtest's table)
bids, turned = words.bids(view), words.turn_up(view)  # (as on Playtest's table)
laid, face_down_seen = words.trump_card_laid(view), words.played_face_down(view)  # the closed trump, the cuts
parts = []
for spot in table_spots(seat, r.seats, r.direction):
    s = spot.seat
    badges = "".join(f'<span class="gt-badge {cls}">{html.escape(text)}</span>' for cls, text, on in (
        ("gt-dealer", "dealer", s == view.dealer), ("gt-maker", "trumps", s == view.trump_maker),
        ("gt-turnmark", "your turn" if s == seat else "to play", s == turn),
        ("gt-away", "away, a bot plays", page.seats[s].away)) if on)
    badges += "".join(f'<span class="gt-badge gt-said">{html.escape(text)}</span>' for text in said.get(s, ()))
    badges += "".join(f'<span class="gt-badge {cls}">{html.escape(text)}</span>' for cls, text, on in (
        ("gt-bid", f"bid {bids.get(s)}", s in bids), ("gt-away", "sits out", s == view.sits_out)) if on)
    if view.table and view.table[s]:  # open face play: the seat's face-up cards, seen by all
        held_cards = f"{len(view.table[s])} face up · {view.face_down[s]} face down"
        if s != seat:
            held_cards += "<div>" + "".join(tile(c, "", "gt-mini") for c in view.table[s]) + "</div>"
    elif view.face_down:
        held_cards = f"{view.hand_sizes[s]} in hand · {view.face_down[s]} face down"
    elif s == view.sits_out:
        held_cards = "hand laid down"
    else:
        count = words.held(view, s)  # (the trump card laid face down is on the table, not in the hand)
        held_cards = f"{count} card{'s' if count != 1 else ''}"
    if s == view.dealer and turned is not None and turned[1] == "face up" and (view.tricks or view.trick):
        held_cards += " · turned up " + tile(turned[0], "", "gt-mini")  # (play began: on the plate, clear of the trick)
    side = " gt-west" if spot.x < 20 else " gt-east" if spot.x > 80 else ""  # a side seat's plate kept on the table
    left = 2 if side == " gt-west" else 98 if side == " gt-east" else spot.x
    parts.append(f'<div class="gt-seat{side}{" gt-me" if s == seat else ""}{" gt-out" if s == view.sits_out else ""}{" gt-turn" if s == turn else ""}" '
                 f'data-seat="{s}" style="left:{left:.1f}%;top:{spot.y:.1f}%"><b>{seat_name(s, away=False)}</b>'
                 f'{f"<div>{badges}</div>" if badges else ""}<small>{held_cards}</small></div>')
    if laid is not None and s == view.trump_maker:  # the closed trump, in front of its maker (as on Playtest)
        where = f"left:{spot.aside_x:.1f}%;top:{spot.aside_y:.1f}%"
        if laid[1] == "shown":
            parts.append(tile(laid[0], where, "gt-card gt-laid",
                              f"the trump card, {words.trump_shown_words(view) or 'shown'}: "))
        elif laid[0] is None:
            owned = words.whose(s, "trump card")  # ("Priya's trump card (left opponent)": a name kept as typed)
            parts.append(card_back("gt-card gt-laid", where, f"{owned[:1].upper()}{owned[1:]}, face down",
                                   "trump", data=f' data-seat="{s}"'))
        else:  # the trump maker's own: seen by them alone
            parts.append(tile(laid[0], where + ";outline:3px solid #1f4f8f", "gt-card gt-laid gt-mine",
                              "your trump card, face down to the others: "))
    if s == view.dealer and turned is not None and turned[1] == "face up" and not (view.tricks or view.trick):
        # the turn-up, face up beside the dealer until it is picked up, turned down or play begins (as on Playtest)
        parts.append(tile(turned[0], f"left:{spot.card_x:.1f}%;top:{spot.card_y:.1f}%", "gt-card gt-turnup",
                          "turned up: "))
        parts.append(f'<span class="gt-turnup-label" style="{spot.label_beside(spot.card_x, spot.card_y)}">'
                     'turned<br>up</span>')
    card = dict(on_table).get(s)
    if card:
        won = not view.trick and finished is not None and finished.winner == s
        parts.append(tile(card, f"left:{spot.card_x:.1f}%;top:{spot.card_y:.1f}%",
                          "gt-card" + (" gt-win" if won or (view.trick and page.winning == s) else "")
                          + (" gt-last" if not view.trick else "")))
if view.trick:
    led = card_label(view.trick[0][1])
    middle = (f'Trick {len(view.tricks) + 1}<br><span style="background:#fff;border-radius:4px;padding:0 3px;'
              f'color:{COLOURS.get(led.colour, "#1b1b1b")}">{html.escape(led.symbol)}</span>&nbsp;led')
elif finished is not None and finished.winner is not None:
    leads = "" if page.deal_over else " · your lead" if finished.winner == seat else ""
    middle = f"Last trick<br>won by {who(finished.winner)}{leads}"
else:
    middle = "No card played yet" + (f"<br>{view.undealt} card{'s' if view.undealt != 1 else ''} undealt"
                                     if view.undealt else "")
st.html(f'<div class="gt-table" data-version="{page.version}"><div class="gt-middle">{middle}</div>'
        f'{"".join(parts)}</div>')
if finished is not None and view.trick:  # the trick before, under the table (phones have no hover)
    st.html('<div class="gt-lasttrick">Last trick: ' + ", ".join(
        f"{words.short(s)} {tile(c, '', 'gt-mini')}" for s, c in finished.cards)
        + (f" → won by {who(finished.winner)}" if finished.winner is not None else "") + "</div>")

trumps = (suit_label(view.trump)[0] + " " + suit_label(view.trump)[1] if view.trump is not None
          else "face down" if view.trump_maker is not None else "not made yet")
facts = [f"Trumps: **{trumps}**" + (f" by {who(view.trump_maker)}" if view.trump_maker is not None else "")]
if words.trumps_to_come(view):  # a Thunee called: the card made before is gone
    facts = [f"Trumps: **{words.trumps_to_come(view)}**"]
elif view.trump_card and not view.trump_revealed:
    facts.append(f"your trump card, face down to the others: {card_text(view.trump_card)}")
elif words.trump_shown_words(view):  # a closed trump shown: when, and by whom
    facts.append(words.trump_shown_words(view))
if view.call and view.calls:
    facts.append(f"Call **{view.call}** by {who(view.calls[-1][0])}")
if turned is not None:  # (the dealer by name, as on the plates)
    facts.append(f"Turn-up: {card_text(turned[0])} " + {"picked up": f"picked up by {who(view.dealer)}",
                                                        "turned down": "turned down"}.get(turned[1], "face up"))
if view.tricks and not r.deck.total_points:  # cards that count no points (Whist, Euchre): the tricks
    facts.append("Tricks: " + " · ".join(f"{words.team(t)} {view.team_tricks[t]}" for t in range(view.teams)))
elif view.tricks:
    facts.append("Card points: " + " · ".join(f"{words.team(t)} {view.team_cards[t]}" for t in range(view.teams)))
st.markdown(" · ".join(facts))

legal = view.legal
# a card played face down (a cut, while trumps are closed): the hand's own button plays it, framed as face down; a
# card that may go either way, face up or face down, by a switch over the hand (never a stack of long buttons)
moves = HandChoices.of(legal)
others = moves.others


#: The hint's words over the top of the phone's screen (the hand is never pushed down), the action in bold.
HINT_CSS = """<style>
  .st-key-gt_hint_words { position:fixed; top:3.6rem; left:50%; transform:translateX(-50%); z-index:999991;
                          width:min(44rem, calc(100vw - 1.2rem)); background:#fff; border-radius:.6rem;
                          box-shadow:0 4px 18px rgba(0,0,0,.35); }
  .st-key-gt_hint_words [data-testid="stAlert"] p { font-size:.86rem; line-height:1.3; }
  .st-key-gt_hint_words [data-testid="stAlertContainer"] { padding-right:2.6rem; }
  .st-key-gt_hint_close { position:absolute; top:.35rem; right:.35rem; width:auto !important; }
</style>"""


def hide_hint() -> None:
    ss.gt_hint_asked = None


@st.fragment
def show_hint() -> None:
    """The Hint button on this phone's turn (when the host allows hints), and the hint for this seat alone: the
    server works it out from the seat's own view from the moment it is the seat's turn (refused when hints are
    off), so a tap shows it at once, rerunning this fragment alone; where the host chose "on a tap", from the
    tap."""
    if not page.hints or page.deal_over or view.to_act != seat or not legal:
        return
    asked = (code, page.version, seat)
    tapped = ss.get("gt_hint_asked") == asked
    try:
        run = tables.hint_soon(code, seat, secret, tapped=tapped)  # (None: on a tap, and not tapped yet)
    except TableError:
        return  # (the table moved on since this page was drawn: the next draw asks again)
    st.button("Hint", key="gt_hint_button", on_click=ask_hint, args=(asked,), icon=":material/lightbulb:",
              help="What a strong player would do here, from what your seat has seen (never the hidden cards)")
    if not tapped or run is None:
        return
    if not run.wait(0):
        with st.spinner("thinking..."):
            run.wait(120)
    answer = run.result if run.state == "done" else None
    st.html(HINT_CSS)
    with st.container(key="gt_hint_words"):
        if answer is None:
            st.warning("No hint could be worked out here" + (f" ({run.error})" if run.error else "")
                       + ": play as you judge.", icon=":material/lightbulb:")
        else:
            st.info(f"**{answer.said}**{answer.words[len(answer.said):]}", icon=":material/lightbulb:")
        st.button("", key="gt_hint_close", on_click=hide_hint, icon=":material/close:", type="tertiary",
                  help="Hide the hint")
    if answer is not None:
        named = f"gt_card_{answer.card}" if answer.card else f"gt_do_{answer.action.verb}_{answer.action.arg}"
        st.html(f"<style>.st-key-{named} button {{ box-shadow:0 0 0 4px #1c83e1 !important; }}</style>")


if view.sits_out == seat:
    st.markdown("**Your partner plays alone: you sit out this deal.**")
# the hand's heading: what to do now, the Hint beside it (on a phone the table, the hand and the buttons to say
# something on the first screen)
with st.container(horizontal=True, vertical_alignment="center", wrap=False, key="gt_hand_head"):
    if moves.trumps:
        st.markdown("**Your turn: make trumps.** Tap the card to place face down: its suit becomes trumps.")
    elif moves.discards:
        st.markdown("**Your turn: discard.** Tap the card to lay aside face down: only you see it.")
    elif moves.downs:  # (the switch, or every card face down: the heading says what a tap does)
        st.markdown(words.face_down_prompt(view, bool(moves.either)))
    elif moves.plays:
        refused = sorted({words.refusal(why) for why in page.refused.values()})
        st.markdown("**Your turn: tap a card to play it.**" + (f" Greyed cards: {'; '.join(refused)}."
                                                               if refused else ""))
    elif words.say_prompt(view):  # the turn-up offered, a suit to name: in the game's words
        st.markdown(words.say_prompt(view))
    elif others:
        # (short: beside the Hint on a phone; the cards are greyed, and the buttons are just under them)
        st.markdown("**Your turn: say something.**" + (" Answer with a button under your hand." if view.hand else ""))
    elif turn is not None:
        st.caption(f"Waiting for {who(turn)}.")
    show_hint()

if page.is_over:  # the game's end, above the deal's: who won, and a new game at the same table
    with st.container(key="gt_gameover"):
        final = " to ".join(str(b) for b in sorted(view.score, reverse=True))
        if view.winner is None:
            st.markdown(f"### {'A tie' if page.tied else 'The game is over'}, {final}")
        else:
            champion = words.team(view.winner)
            st.markdown(f"### {'🏆 ' if view.winner == seat % view.teams else ''}{champion.capitalize()} "
                        f"{'win' if champion in ('they', 'you') else 'wins'} the game, {final}")
        st.button("Play again", type="primary", on_click=attempt, args=(tables.again, code, seat, secret),
                  key="gt_again", width="stretch",
                  help="A new game at this table: the same rules, seats and bots, new cards (export this one first "
                       "to keep it)")
if page.deal_over:  # (above the hand: on a phone the hand is a screen down)
    with st.container(border=True, key="gt_result"):
        st.markdown("#### The deal is over")
        st.markdown(page.story or "")
        with st.expander("How it was counted"):
            st.markdown("\n".join(f"- {line}" for line in page.explanation))
        if not page.is_over:
            st.button("Next deal", type="primary", on_click=attempt, args=(tables.deal, code, seat, secret),
                      key="gt_next")
            waited = [i.seat + 1 for i in page.seats if i.kept]
            if waited:
                st.caption(f"The next deal waits for a person to sit in seat {waited[0]} (kept by the host).")

actions = hand_actions("gt", view.hand, moves, r, tap="tap")
if view.hand:
    with st.container(horizontal=True, gap="small", key="gt_hand"):
        for card, action in actions.items():
            st.button(card_button_label(card), key=f"gt_card_{card}", on_click=act,
                      args=(code, seat, secret, action), disabled=action is None,
                      help=words.action_help(action, legal, view.undertaking) if action else None)  # as on Playtest
hand_notes(view.hand, laid, view.unseen)
if others:
    with st.container(horizontal=True, key="gt_say"):
        for action in others:
            st.button(words.say_label(action, view), key=f"gt_do_{action.verb}_{action.arg}", on_click=act,
                      args=(code, seat, secret, action))
    explained: dict[str, list[str]] = {}
    for action in others:  # each call, claim and undertaking in the rulebook's words, as in Playtest
        explained.setdefault(words.say_help(action, view), []).append(words.say_label(action, view))
    for text, labels in explained.items():
        st.caption(f"**{' / '.join(labels)}**: {text}")
rules_changed()

# the points and the tricks, as Playtest shows them (phones: under the hand)
order = [(seat + k) % r.seats for k in range(r.seats)]
card_points = bool(r.deck.total_points)  # (no column of zeros where the cards count no points)
st.html('<table class="gt-tricks gt-points"><tr><th></th>' + ("<th>card points</th>" if card_points else "")
        + "".join(f"<th>{html.escape(name)}</th>" for name in page.values)
        + f"<th>tricks</th><th>{html.escape(r.unit.plural)}</th></tr>"
        + "".join(f"<tr><td>{words.team(t)}</td>" + (f"<td>{view.team_cards[t]}</td>" if card_points else "")
                  + "".join(f"<td>{values[t]}</td>" for values in page.values.values())
                  + f"<td>{view.team_tricks[t]}</td><td>{view.score[t]}</td></tr>" for t in range(view.teams))
        + "</table>")
if view.declarations:
    st.markdown("**Declared:** " + " · ".join(
        f"{who(d.seat)}: {words.declared(d.verb)} {d.value}" + (f" in {suit_label(d.suit)[1]}" if d.suit else " (suit hidden)")
        for d in view.declarations))
if view.tricks:
    with st.expander(f"Tricks this deal ({len(view.tricks)})"):
        rows = []
        for n, trick in enumerate(view.tricks, 1):
            by_seat = dict(trick.cards)
            rows.append(f'<tr data-trick="{n}"><td>{n}</td>' + "".join(
                f'<td class="{"gt-won" if trick.winner == s else ""}">'
                f'{tile(by_seat[s], "", "gt-mini") if s in by_seat else ""}'
                f'{"<span class=gt-led>led</span>" if s == trick.leader else ""}</td>' for s in order)
                + f'<td>{words.short(trick.winner) if trick.winner is not None else "?"}</td></tr>')
        st.html('<table class="gt-tricks"><tr><th>#</th>' + "".join(f"<th>{words.short(s)}</th>" for s in order)
                + f'<th>won by</th></tr>{"".join(rows)}</table>')
earlier = page.results[:-1] if page.deal_over else page.results
if earlier:
    with st.expander(f"Earlier deals ({len(earlier)})"):
        st.markdown("\n".join(f"- Deal {i}: " + ", ".join(f"{words.team(t)} +{b}" for t, b in enumerate(balls))
                              for i, balls in enumerate(earlier, 1)))
with st.expander("What was said and played this deal"):
    st.markdown("\n".join(f"{i}. {history_line(h, r, who)}" for i, h in enumerate(view.history, 1))
                or "Nothing yet.")
with st.expander("Invite others"):
    invite(link)

st.divider()
b1, b2, b3 = st.columns(3, vertical_alignment="bottom")
file_name, data, mime = tables.export(code, seat, secret)
b1.download_button("Export the game", data=data, file_name=file_name, mime=mime, key="gt_export",
                   on_click="ignore", width="stretch", help=replay_help(file_name))
if page.base is not None:
    b2.button("Compare these rules", on_click=compare_rules, args=(frozen_text(r)[0], r.name, page.base),
              key="gt_compare", width="stretch", help=f"Compare, with these rules against {page.base}")
b3.button("Leave the table", on_click=leave, args=(code, seat, secret), key="gt_leave", width="stretch",
          help="A bot plays your seat from now on")
host_seats()
watch()
