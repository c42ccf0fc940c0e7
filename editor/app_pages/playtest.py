"""Playtest: play the variant against bots at a card table. Everything shown comes from your seat's view."""

from __future__ import annotations

import html
import time

import streamlit as st

from app_common import (COLOURS, EDITOR_REF, card_button_label, catalogue, follow_goto, hand_actions, hand_notes,
                        ruleset_of)
from thunee_dsl.editor.cards import HIDDEN, card_back, card_label, card_text, history_line, suit_label
from thunee_dsl.editor.coach import COACH, game_review, hint_soon, position, weigh_deal
from thunee_dsl.editor.playtest import TABLES, Playtest, bot_names, new_seed, replay_help
from thunee_dsl.editor.session import editor_was_used
from thunee_dsl.editor.table import HandChoices, TableWords, scroll_script, table_spots, team_values
from thunee_dsl.errors import ThuneeDslError
from thunee_dsl.simulation import default_bot
from thunee_dsl.simulation.review import CALLS_SHOWN, SHOWN

ss = st.session_state
follow_goto()
ss.setdefault("pt_seed", new_seed())
if "pt_table" not in ss:
    # a new browser session (a reload, a phone that dropped the tab): the address leads back to its game
    ss.pt_table = st.query_params.get("game") or TABLES.new_id()
    kept = TABLES.get(ss.pt_table)
    if kept is not None and ss.get("playtest") is None:
        ss.playtest, ss.pt_label = kept

# The table is drawn in HTML (cards at their seats); the cards you hold stay real buttons.
st.html("""<style>
  .pt-status { display:flex; flex-wrap:wrap; gap:.2rem .9rem; align-items:baseline; font-size:.95rem; margin:0 0 .2rem; }
  .pt-status b { font-weight:700; }
  .pt-table { position:relative; width:100%; height:clamp(240px, 40vh, 360px); border-radius:48% / 42%;
              background:radial-gradient(ellipse at center, #2f8a4f 0%, #1d6b3a 70%, #155a30 100%);
              box-shadow: inset 0 0 0 6px #6b4423, inset 0 0 18px rgba(0,0,0,.45); margin:.3rem 0 .2rem;
              font-family:"Source Sans Pro", sans-serif; }
  .pt-seat { position:absolute; transform:translate(-50%,-50%); background:rgba(255,255,255,.93); color:#222;
             border-radius:10px; padding:2px 8px; font-size:.8rem; line-height:1.25; text-align:center;
             white-space:nowrap; border:2px solid transparent; max-width:40%; }
  .pt-seat.pt-west { transform:translate(0,-50%); } .pt-seat.pt-east { transform:translate(-100%,-50%); }
  /* a side seat's plate stays clear of its card nearer the middle: its badges (Jodies ...) wrap */
  .pt-seat.pt-west, .pt-seat.pt-east { max-width:26%; } .pt-seat .pt-badges { white-space:normal; }
  /* ... and its name ("Right opponent") takes two lines when the quarter is too narrow (a tablet read "opponen") */
  .pt-seat.pt-west, .pt-seat.pt-east { white-space:normal; }
  .pt-seat .pt-name, .pt-seat .pt-role { white-space:nowrap; }
  .pt-seat.pt-west .pt-name, .pt-seat.pt-east .pt-name { white-space:normal; }
  .pt-seat .pt-role { color:#666; font-size:.72rem; }
  .pt-seat.pt-with-row { max-width:96%; }
  .pt-seat .pt-name { font-weight:700; font-size:.88rem; }
  .pt-seat.pt-me { background:#fff8d6; }
  .pt-seat.pt-turn { border-color:#f5b700; box-shadow:0 0 0 3px rgba(245,183,0,.55); }
  .pt-badge { display:inline-block; border-radius:6px; padding:0 4px; margin:0 1px; font-size:.72rem;
              font-weight:700; color:#fff; background:#555; }
  .pt-badge.pt-dealer { background:#6b4423; } .pt-badge.pt-maker { background:#0047ab; }
  .pt-badge.pt-said { background:#c8102e; } .pt-badge.pt-turnmark { background:#b88600; }
  /* a partner who sits out (the other plays alone): greyed, no cards in play */
  .pt-seat.pt-out { background:rgba(210,210,210,.9); color:#666; } .pt-badge.pt-outmark { background:#777; }
  .pt-badge.pt-bid { background:#2e6b8a; }
  .pt-turnup-label { position:absolute; transform:translate(0,-50%); color:#f4f4f4; font-size:.7rem;
                     line-height:1.1; white-space:nowrap; pointer-events:none; }
  .pt-card, .pt-turnup, .pt-laid { position:absolute; transform:translate(-50%,-50%); min-width:2.3em; text-align:center;
             background:#fff; border:1px solid #777; border-radius:7px; padding:6px 5px; font-weight:700;
             font-size:1.35rem; line-height:1.1; box-shadow:1px 2px 4px rgba(0,0,0,.35); }
  .pt-card.pt-last { opacity:.8; }
  .pt-card.pt-won, .pt-card.pt-winning { box-shadow:0 0 0 3px #f5b700, 1px 2px 4px rgba(0,0,0,.35); }
  .pt-mini { display:inline-block; background:#fff; border:1px solid #999; border-radius:4px; padding:0 3px;
             margin:1px; font-weight:700; font-size:.8rem; }
  .pt-middle { position:absolute; left:50%; top:50%; transform:translate(-50%,-50%); color:#f4f4f4;
               font-size:.78rem; text-align:center; pointer-events:none; line-height:1.2;
               /* inside the gap between the side seats' trick cards (centred 34% of the table apart, each
                  about 4rem wide): 30% ran under them on a laptop */
               max-width:calc(34% - 5rem); }
  .pt-tricks { border-collapse:collapse; font-size:.85rem; width:100%; }
  .pt-tricks th { font-weight:600; color:#555; text-align:center; padding:1px 2px; }
  .pt-tricks td { text-align:center; padding:2px 1px; border-top:1px solid #eee; white-space:nowrap; }
  .pt-tricks td.pt-win .pt-mini { box-shadow:0 0 0 2px #f5b700; }
  .pt-tricks .pt-led { font-size:.65rem; color:#888; display:block; line-height:1; }
  .pt-lasttrick { font-size:.85rem; color:#444; margin:0 0 .3rem; }
  [class*="st-key-pt_card_"] button { min-height:3.3rem; min-width:3.2rem; padding:0 .45rem; }
  [class*="st-key-pt_card_"] button p { font-size:1.35rem; }
  [class*="st-key-pt_card_"] button:disabled { opacity:.35; }
  [data-testid="stMainBlockContainer"] { padding-top:4.2rem; }
  /* the hint's words over the top of the screen, wherever the page is scrolled: read at once, and the hand below
     never pushed off a phone's screen; the card or button they name is outlined in the hand */
  .st-key-pt_hint_words { position:fixed; top:3.9rem; left:50%; transform:translateX(-50%); z-index:999991;
                          width:min(44rem, calc(100vw - 1.2rem)); background:#fff; border-radius:.6rem;
                          box-shadow:0 4px 18px rgba(0,0,0,.35); padding:.15rem .2rem .15rem 0; }
  .st-key-pt_hint_words [data-testid="stAlert"] p { font-size:.95rem; }
  .st-key-pt_hint_words [data-testid="stAlertContainer"] { padding-right:2.6rem; }
  .st-key-pt_hint_close { position:absolute; top:.35rem; right:.35rem; width:auto !important; }
  .st-key-pt_hand_head { min-height:2.4rem; }
  .st-key-pt_hand_head [data-testid="stVerticalBlock"] { gap:0; } /* the words shown move nothing */
  .st-key-pt_hand_head [data-testid="stMarkdownContainer"] { margin-bottom:0 !important; } /* (-1rem: off centre) */
  .st-key-pt_gameover { background:#eaf7ee; border:2px solid #117a37; border-radius:12px; padding:.6rem .9rem; }
  @media (max-width: 640px) {
    .pt-seat { font-size:.72rem; padding:1px 5px; } .pt-seat .pt-name { font-size:.78rem; }
    .pt-seat .pt-role { display:block; line-height:1; }
    .pt-card, .pt-turnup, .pt-laid { font-size:1.1rem; padding:4px 3px; }
    .pt-table { height:270px; }
    .st-key-pt_hint_words { top:3.6rem; }
    .st-key-pt_hint_words [data-testid="stAlert"] p { font-size:.86rem; line-height:1.3; }
    /* the side seats' trick cards leave a gap of about a fifth of the table: the words wrap inside it */
    .pt-middle { max-width:19%; font-size:.68rem; line-height:1.15; }
    [class*="st-key-pt_card_"] button { min-height:2.9rem; min-width:2.75rem; padding:0 .3rem; }
    [class*="st-key-pt_card_"] button p { font-size:1.15rem; }
  }
</style>""")


# -- callbacks: the only place the game changes ------------------------------------------------------
def start_game() -> None:
    ref = ss.pt_ref
    ruleset = ruleset_of(ref)
    if ruleset is None:
        ss.pt_msg = ("error", "That ruleset is not valid yet: fix it in the Editor first.")
        return
    seat = int(ss.get("pt_seat", 0)) % ruleset.seats
    bots = tuple(ss.get(f"pt_bot_{s}", default_bot()) for s in range(ruleset.seats))
    try:
        ss.playtest = Playtest.start(ruleset, seat=seat, seed=int(ss.pt_seed), bots=bots)
    except (ValueError, ThuneeDslError) as err:
        ss.pt_msg = ("error", f"Cannot start: {err}")
        return
    ss.pt_label = catalogue().get(ref, ref)
    ss.pt_msg = None
    ss.pt_to_top = True


def play_again() -> None:
    """The same rules, seat and bots; new cards."""
    old = ss.playtest
    ss.pt_seed = new_seed()
    ss.playtest = Playtest.start(old.ruleset, seat=old.seat, seed=int(ss.pt_seed), bots=old.bots)
    ss.pt_msg = None
    ss.pt_to_top = True


def act(action) -> None:
    try:
        ss.playtest.act(action)
        ss.pt_msg = None
        ss.pop("pt_face_down", None)  # (the switch to play face down is for one card: off at the next turn)
    except ThuneeDslError as err:
        ss.pt_msg = ("error", str(err))


def undo() -> None:
    if not ss.playtest.undo():
        ss.pt_msg = ("info", "Nothing of yours to take back yet.")
    else:
        ss.pt_msg = None


def ask_hint() -> None:
    ss.pt_hint_asked = hint_key()


def hint_key() -> tuple:
    """The moment a hint answers (a move, an undo or a new game asks again)."""
    game = ss.playtest
    return (ss.pt_table, game.seed, len(game.actions), game.started)


def next_deal() -> None:
    ss.playtest.next_deal()
    ss.pt_to_top = True


def open_table(played: bool = False) -> None:
    """The Table page's opening form with these rules picked: the game's own (``played``: the Editor's text as it
    was when dealt, frozen), else the ones chosen for a new game."""
    game = ss.get("playtest") if played else None
    ruleset = game.ruleset if game is not None else ruleset_of(ss.pt_ref)
    if ruleset is None:
        return
    label = ss.get("pt_label", ruleset.name) if game is not None else catalogue().get(ss.pt_ref, ss.pt_ref)
    ss.gt_wanted = (f"{label} (as on Playtest)", ruleset)
    ss.goto = "table"


def reseed() -> None:
    ss.pt_seed = new_seed()


def replay_under() -> None:
    ref = ss.pt_other
    other = ruleset_of(ref)
    if other is None:
        ss.pt_msg = ("error", "That ruleset is not valid yet.")
        return
    try:
        replayed = ss.playtest.replay_deal_under(other)
    except ValueError as err:
        ss.pt_msg = ("error", f"Cannot replay this deal there: {err}")
        return
    ss.playtest = replayed.playtest
    ss.pt_label = catalogue().get(ref, ref)
    ss.pt_msg = ("info", replayed.summary())
    ss.pt_to_top = True


# -- setup -----------------------------------------------------------------------------------------
pt: Playtest | None = ss.get("playtest")
choices = catalogue()
refs = list(choices)
# The editor's text once the person wrote or chose something there; a first visit plays standard (the
# editor's untouched starter is standard too, but "The editor's text (my-standard)" means nothing yet).
chose_in_editor = editor_was_used(ss)
# What the person picked (here or in the Library) stays; until then the default follows the editor.
wanted = ss.get("pt_ref_chosen") or (EDITOR_REF if chose_in_editor and ruleset_of(EDITOR_REF) is not None
                                     else "shipped:standard")
if wanted not in refs:
    wanted = "shipped:standard"
ss.pt_ref = wanted


def setup() -> None:
    c1, c2, c3 = st.columns([2.2, 1, 1.4], vertical_alignment="bottom")
    c1.selectbox("Rules", refs, index=refs.index(wanted), format_func=lambda r: choices[r], key="pt_ref_pick",
                 on_change=lambda: ss.update(pt_ref=ss.pt_ref_pick, pt_ref_chosen=ss.pt_ref_pick))
    chosen = ruleset_of(ss.pt_ref)
    seats = chosen.seats if chosen is not None else 4
    # seats counted from 1, as card players do (the transcript and the engine count from 0)
    c2.selectbox("Your seat", range(seats), index=min(int(ss.get("pt_seat", 0)), seats - 1),
                 format_func=lambda s: f"Seat {s + 1}", key="pt_seat")
    s1, s2 = c3.columns([2, 1], vertical_alignment="bottom")
    s1.number_input("Seed (same seed, same cards)", min_value=0, max_value=10**9, step=1, key="pt_seed")
    s2.button("New", on_click=reseed, key="pt_reseed", help="A new random seed")
    # Deal before the bots' list: on a phone that list (a box per seat) pushed the button two screens down
    d1, d2 = st.columns(2, vertical_alignment="bottom")
    d1.button("Deal", type="primary", on_click=start_game, key="pt_start", disabled=chosen is None)
    d2.button("Open a table with these rules", on_click=open_table, key="pt_open_table", disabled=chosen is None,
              icon=":material/groups:", help="Play them with friends, each on their own phone")
    if chosen is None:
        st.warning("The editor's text is not a valid ruleset yet: fix it in the Editor, or pick another.")
    names = bot_names()
    st.caption("Who plays the other seats (the bots):")
    bot_cols = st.columns(seats)
    mine = int(ss.get("pt_seat", 0)) % seats
    chair = TableWords(chosen, mine).name if chosen is not None else (lambda s: "You" if s == mine else f"Seat {s + 1}")
    for s in range(seats):
        if s == mine:
            bot_cols[s].text_input(chair(s), value="you", disabled=True, key=f"pt_you_{s}")
        else:
            bot_cols[s].selectbox(chair(s), names, key=f"pt_bot_{s}",
                                  index=names.index(default_bot()) if default_bot() in names else 0)


def show_message() -> None:
    msg = ss.get("pt_msg")
    if msg:
        getattr(st, msg[0])(msg[1])


if pt is None:
    st.title("Playtest", anchor=False)
    st.caption("Play a ruleset against bots: you hold one seat and see only what that seat may see.")
    with st.expander("Choose the rules, your seat and the bots", expanded=True):
        setup()
    show_message()
    st.stop()

# -- the table, as your seat sees it ---------------------------------------------------------------------
TABLES.put(ss.pt_table, (pt, ss.get("pt_label", pt.ruleset.name)))
st.query_params["game"] = ss.pt_table
view = pt.view()
r = pt.ruleset
me, teams = view.seat, view.teams
words = TableWords(r, me)
who, short, team_name = words.who, words.short, words.team


def tile(card: str | None, cls: str = "pt-card", style: str = "", seat: int | None = None) -> str:
    """A card drawn on the table: rank and suit symbol in the suit's colour; a card played face down that this
    seat may not see, its back; one it sees played face down (its own cut), framed as lying face down."""
    if card is None:
        return f'<span class="{cls}" style="{style};color:#555;background:#dfe6ee">?</span>'
    at = f' data-seat="{seat}"' if seat is not None else ""
    if card == HIDDEN:
        return card_back(cls, style, "a card played face down", data=at)
    lab = card_label(card)
    data = f' data-card="{html.escape(lab.card)}"' + at
    down = card in face_down_seen
    if down:
        style += ";outline:3px dashed #1f4f8f;outline-offset:-1px"
    return (f'<span class="{cls}"{data}{" data-down=1" if down else ""} '
            f'title="{html.escape(lab.words)}{" (played face down)" if down else ""}" '
            f'style="{style};color:{COLOURS.get(lab.colour, "#1b1b1b")}">'
            f'{html.escape(lab.rank)}&#8202;{html.escape(lab.symbol)}</span>')


def trumps_words() -> str:
    if view.trump is not None:
        symbol, name, colour = suit_label(view.trump)
        return f'<span style="color:{COLOURS.get(colour, "#1b1b1b")}">{symbol} {name}</span>'
    return "face down" if view.trump_maker is not None else "not made yet"


# The trick in the middle: the one being played, or else the last one, until the next lead.
finished = view.tricks[-1] if view.tricks else None
if view.trick:
    on_table, showing_last = view.trick, False
elif finished is not None:
    on_table, showing_last = finished.cards, True
else:
    on_table, showing_last = (), False
played = dict(on_table)
turn = view.to_act if not pt.deal_over else None
winning = pt.winning_now(view)  # whose card takes the trick so far (None while trumps are hidden from you)
led = card_label(view.trick[0][1]) if view.trick else None
said = words.said_by_seat(view)  # seat -> what it called, shown on its plate
bids = words.bids(view)  # seat -> its bid this deal (said aloud)
turned = words.turn_up(view)  # the turned-up card and where it is (beside the dealer while face up)
laid = words.trump_card_laid(view)  # the trump card in front of its maker: face down (closed), or shown
face_down_seen = words.played_face_down(view)  # cards this seat saw played face down (a cut): framed so

parts = []
for spot in table_spots(me, r.seats, r.direction):
    s = spot.seat
    classes = "pt-seat" + (" pt-me" if s == me else "") + (" pt-turn" if turn == s else "") + (
        " pt-with-row" if view.table and view.table[s] and s != me else "")
    badges = []
    if s == view.dealer:
        badges.append('<span class="pt-badge pt-dealer" title="the dealer">dealer</span>')
    if s == view.trump_maker:
        badges.append('<span class="pt-badge pt-maker" title="the trump maker">trumps</span>')
    badges += [f'<span class="pt-badge pt-said">{html.escape(text)}</span>' for text in said.get(s, ())]
    if s in bids:
        badges.append(f'<span class="pt-badge pt-bid" title="their bid">bid {bids[s]}</span>')
    if s == view.sits_out:
        classes += " pt-out"
        badges.append('<span class="pt-badge pt-outmark" title="their partner plays alone">sits out</span>')
    if turn == s:
        badges.append(f'<span class="pt-badge pt-turnmark">{"your turn" if s == me else "to play"}</span>')
    if view.table and view.table[s]:
        held = f"{len(view.table[s])} face up · {view.face_down[s]} face down"
    elif view.face_down:
        held = f"{view.hand_sizes[s]} in hand · {view.face_down[s]} face down"
    elif s == view.sits_out:
        held = "hand laid down"
    else:
        count = words.held(view, s)  # (the trump card laid face down is on the table, not in the hand)
        held = f"{count} card{'s' if count != 1 else ''}"
    if s == view.dealer and turned is not None and turned[1] == "face up" and (view.tricks or view.trick):
        held += " · turned up " + tile(turned[0], "pt-mini")  # (play began: on the plate, clear of the trick)
    row = ""
    if view.table and view.table[s] and s != me:  # open face play: the seat's face-up cards, seen by all
        row = "<div>" + "".join(tile(c, "pt-mini") + ("▾" if c in view.covering[s] else "") for c in view.table[s]) + "</div>"
    name = f'<span class="pt-name">{words.name(s)}</span>'
    badge_row = f'<div class="pt-badges">{"".join(badges)}</div>' if badges else ""
    side = " pt-west" if spot.x < 20 else " pt-east" if spot.x > 80 else ""
    left = 1 if side == " pt-west" else 99 if side == " pt-east" else spot.x
    parts.append(f'<div class="{classes}{side}" data-seat="{s}" style="left:{left:.1f}%;top:{spot.y:.1f}%">'
                 f'<div>{name}</div>{badge_row}'
                 f'<div>{held}</div>{row}</div>')
    if s == view.dealer and turned is not None and turned[1] == "face up" and not (view.tricks or view.trick):
        # the turn-up, face up beside the dealer, until it is picked up, turned down or play begins
        parts.append(tile(turned[0], "pt-turnup", f"left:{spot.card_x:.1f}%;top:{spot.card_y:.1f}%",
                          seat=s))
        # (its words beside it, not under it: on a phone the dealer's plate covered them)
        parts.append(f'<span class="pt-turnup-label" style="{spot.label_beside(spot.card_x, spot.card_y)}">'
                     'turned<br>up</span>')
    if laid is not None and s == view.trump_maker:  # the closed trump, in front of its maker
        where = f"left:{spot.aside_x:.1f}%;top:{spot.aside_y:.1f}%"
        if laid[1] == "shown":
            parts.append(tile(laid[0], "pt-laid", where, seat=s).replace(
                'title="', f'title="the trump card, {html.escape(words.trump_shown_words(view) or "shown")}: ', 1))
        elif laid[0] is None:
            parts.append(card_back("pt-laid", where, f"{words.who(s)}'s trump card, face down".capitalize(),
                                   "trump", data=f' data-seat="{s}"'))
        else:  # the trump maker's own: seen by them alone
            parts.append(tile(laid[0], "pt-laid pt-mine", where + ";outline:3px solid #1f4f8f",
                              seat=s).replace('title="', 'title="your trump card, face down to the others: ', 1))
    if s in played:
        won = showing_last and finished is not None and finished.winner == s
        cls = "pt-card" + (" pt-last" if showing_last else "") + (" pt-won" if won else "") + (
            " pt-winning" if not showing_last and winning == s else "")
        parts.append(tile(played[s], cls, f"left:{spot.card_x:.1f}%;top:{spot.card_y:.1f}%", seat=s))
if showing_last and finished is not None:
    # the trick's winner leads the next one: a turn to say something first (a Jodie, Double ...) is no lead
    # ("won by your partner · your lead" while you were asked about a Jodie)
    leads = finished.winner if finished.winner is not None else turn
    nxt = "" if pt.deal_over else (" · your lead" if leads == me else f" · {who(leads)} to lead" if leads is not None else "")
    middle = f"Last trick<br>won by {who(finished.winner)}{nxt}" if finished.winner is not None else "Last trick"
elif view.trick:
    colour = COLOURS.get(led.colour, "#1b1b1b")
    middle = (f'Trick {len(view.tricks) + 1}<br><span style="background:#fff;color:{colour};border-radius:4px;'
              f'padding:0 3px">{html.escape(led.symbol)}</span>&nbsp;led')
else:
    middle = "No card played yet"
    if view.undealt:  # the kitty, the stock: cards nobody holds
        middle += f"<br>{view.undealt} card{'s' if view.undealt != 1 else ''} undealt"
table_html = (f'<div class="pt-table" data-showing="{"last" if showing_last else "current"}">'
              f'<div class="pt-middle">{middle}</div>{"".join(parts)}</div>')

# -- the page ---------------------------------------------------------------------------------------------
if ss.pop("pt_to_top", False):
    # A new deal starts at the table. The button that dealt it sat lower down and the browser keeps the page
    # scrolled there: on a phone the hand showed but the table and its trick were above the screen.
    st.html(scroll_script(nonce=f"deal {view.deal_number}, seed {pt.seed}"), unsafe_allow_javascript=True)
score = " · ".join(f"{team_name(t)} <b>{view.score[t]}</b>" for t in range(teams))
made_by = f" by {who(view.trump_maker)}" if view.trump_maker is not None else ""
call = f'<span>Call <b>{view.call}</b> by {who(view.calls[-1][0])}</span>' if view.call and view.calls else ""
hidden_card = (f' (your trump card, face down to the others: {html.escape(card_text(view.trump_card))})'
               if view.trump_card and not view.trump_revealed else "")
if words.trump_shown_words(view):  # a closed trump shown: when, and by whom
    hidden_card = f" · {html.escape(words.trump_shown_words(view))}"
trumps_said = trumps_words()
if words.trumps_to_come(view):  # a Thunee called: the card made before is gone ("face down by you" was wrong)
    trumps_said, made_by, hidden_card = html.escape(words.trumps_to_come(view)), "", ""
# the card points won so far, once a trick is won (on a phone the points table is screens below)
points = (f'<span data-points>Card points: ' + " · ".join(f"{team_name(t)} <b>{view.team_cards[t]}</b>"
                                                        for t in range(teams)) + '</span>') if view.tricks else ""
# what ends the game: a target, or a number of deals (a game of deals has no target: never "None to win")
goal = f"{r.game.target} to win" if r.game.target is not None else ""
deal_no = f"Deal {view.deal_number}" + (f" of {r.game.deals}" if r.game.deals else "")
rubber = ""
if r.game.rubber is not None:  # the games each side has won in the rubber (best of N)
    rubber = (f'<span>Rubber (best of {r.game.rubber.best_of}), games: '
              + " · ".join(f"{team_name(t)} <b>{n}</b>" for t, n in enumerate(pt.game.games)) + "</span>")
turn_up_said = words.turn_up_words(view)
turn_up_said = f"<span>Turn-up: {html.escape(turn_up_said)}</span>" if turn_up_said else ""
if not r.deck.total_points:  # a game whose cards count no points (Whist, Euchre): tricks, not card points
    points = (f'<span data-points>Tricks: ' + " · ".join(f"{team_name(t)} <b>{view.team_tricks[t]}</b>"
                                                          for t in range(teams)) + '</span>') if view.tricks else ""
st.html(f'<div class="pt-status"><span><b>{html.escape(ss.get("pt_label", r.name))}</b></span>'
        f'<span>{deal_no}</span><span>{html.escape(r.unit.plural.capitalize())}: {score}'
        f'{f" <small>({goal})</small>" if goal else ""}</span>{rubber}'
        f'<span>Trumps: <b>{trumps_said}</b>{made_by}{hidden_card}</span>{turn_up_said}{call}{points}</div>')
show_message()


def coach_owner(what: str) -> str:
    """A background analysis of this game as it stands (a new deal, an undo or a new game is another)."""
    return f"{ss.pt_table}:{pt.seed}:{len(pt.actions)}:{what}"


def start_analysis() -> None:
    """The deal weighed in the background: its last three tricks first, then each earlier trick (the page shows
    the costs as they come); seats named as the table names them."""
    game, number, shown = ss.playtest.game, len(ss.playtest.game.deals), {}
    owner = coach_owner(f"deal {number}")
    COACH.start(owner, lambda progress: weigh_deal(game, number, progress, shown, who, team_name), total=1,
                about={"shown": shown})
    ss.pt_analysing = owner


def start_review() -> None:
    game = ss.playtest.game
    COACH.start(coach_owner("review"), lambda progress: game_review(game, progress=progress, seat_words=who),
                total=sum(1 for d in game.deals if d.result is not None))


# an analysis of this game as it was (a new deal, an undo, a new game) stops at once: no one will read it
if ss.get("pt_analysing") not in (None, coach_owner(f"deal {len(pt.game.deals)}")):
    COACH.clear(ss.pt_analysing)
    ss.pt_analysing = None


def show_run(owner: str, label: str, start, key: str, draw) -> None:
    """A background analysis: its button until asked, "thinking" while it runs (the page polls it: nothing waits
    on it), then its answer drawn by ``draw``."""
    run = COACH.current(owner)
    if run is None or run.state == "cancelled":  # (stopped while no one watched it: asked again, it starts again)
        shown = run.about.get("shown") if run is not None else None
        if shown and shown.get("lines"):  # (what it weighed before it stopped, saying the earlier tricks were not)
            draw(shown["lines"])
        st.button(label, key=key, on_click=start, icon=":material/psychology:")
        return

    def box() -> None:
        now = COACH.current(owner)
        if now is None:  # (cleared: a new deal)
            return
        shown = now.about.get("shown")
        if now.running and shown is not None:
            shown["seen"] = time.monotonic()  # (the page still asks: the weighing goes on)
        if now.running and shown and shown.get("lines"):  # the last tricks weighed: shown while earlier ones go on
            trick = shown.get("trick")
            st.caption(f"Weighing trick {trick} of {shown['tricks']} ..." if trick else "Weighing ...")
            draw(shown["lines"])
        elif now.running:
            done = f" ({now.done} of {now.total} deals)" if now.total > 1 else ""
            st.caption(f"Analysing, seeing every hand{done}: thinking...")
        elif now.state == "done":
            if running:  # it finished while the box polled: the page draws the answer once, and polls no more
                st.rerun()
            draw(now.result)
        else:
            st.warning(f"The analysis stopped: {now.error or now.state}")

    running = run.running
    st.fragment(box, run_every=1.0 if running else None)()


def draw_analysis(lines: list[str]) -> None:
    with st.container(key="pt_analysis"):
        st.markdown(f"**{lines[0]}**")  # (labelled: it sees every hand)
        st.markdown("\n".join(f"- {line.strip()}" for line in lines[1:]))


def show_analysis() -> None:
    number = len(pt.game.deals)
    show_run(coach_owner(f"deal {number}"), "Analyse this deal (seeing every hand)", start_analysis,
             "pt_analyse", draw_analysis)


def show_position(at, said: str) -> None:
    """The moment a reviewed decision was taken: each hand as it was, the trick so far."""
    p = position(pt.game, at)
    with st.container(border=True, key="pt_position"):
        trumps = suit_label(p.trump)[1] if p.trump else "not known yet"
        st.markdown(f"**Deal {p.deal}, trick {p.trick}, as it was** (seeing every hand) · trumps: {trumps}")
        st.caption(f"{words.name(at.seat)}: {said}")
        if p.tricks:
            st.html('<div class="pt-lasttrick">Tricks before: ' + " | ".join(
                " ".join(tile(c, "pt-mini") for _, c in cards) + f" → {short(w)}" for cards, w in p.tricks
                if w is not None) + "</div>")
        if p.in_trick:
            st.html('<div class="pt-lasttrick">This trick so far: ' + ", ".join(
                f"{short(s)} {tile(c, 'pt-mini')}" for s, c in p.in_trick) + "</div>")
        for s, hand in enumerate(p.hands):
            st.html(f'<div class="pt-lasttrick" data-seat="{s}">{html.escape(words.name(s))}: '
                    + "".join(tile(c, "pt-mini") for c in hand) + "</div>")


def draw_review(by_seat) -> None:
    at = ss.get("pt_review_at")
    if at is not None and at[0] == coach_owner("review"):
        show_position(*at[1:])
    with st.container(key="pt_review"):
        st.caption("Seeing every hand: the cards of each deal's last three tricks, weighed against the best card "
                   "then (in points of the count, or of the score); an undertaking or claim that could have been made "
                   f"and was not, in the {r.unit.plural} it brings, and one called (or trumps made) that could not "
                   f"be made, in the {r.unit.plural} it gave away. Worst first, at most {CALLS_SHOWN} calls while a "
                   "card cost anything; tap one to see the cards as they were.")
        order = [me] + [s for s in range(r.seats) if s != me]
        for s in order:
            decisions = by_seat.get(s, [])
            st.markdown(f"**{html.escape(words.name(s))}**" + ("" if decisions else ": nothing cost a point"))
            for i, (decision, said) in enumerate(decisions[:SHOWN]):  # (its costliest cards among them)
                st.button(said, key=f"pt_review_{s}_{i}", type="tertiary",
                          on_click=lambda d=decision, w=said: ss.update(pt_review_at=(coach_owner("review"), d, w)))


if pt.is_over:
    with st.container(key="pt_gameover"):
        final = " to ".join(str(b) for b in sorted(view.score, reverse=True))
        if view.winner is None:  # (a game of a number of deals may end level: a tie)
            st.markdown(f"### {'A tie' if pt.game.tied else 'The game is over'}, {final}")
        else:
            champion = team_name(view.winner)
            st.markdown(f"### {'🏆 ' if view.winner == me % teams else ''}{champion.capitalize()} "
                        f"{'win' if champion in ('they', 'you') else 'wins'} the game, {final}")
        g1, g2 = st.columns(2)
        g1.button("Play again", type="primary", on_click=play_again, key="pt_again", width="stretch",
                  help="The same rules, seat and bots, with new cards")
        with g2.popover("Other rules or seat", width="stretch"):
            setup()
        show_run(coach_owner("review"), "Review the game: each seat's costliest decisions", start_review,
                 "pt_review_button", draw_review)

left, right = st.columns([1.7, 1], gap="medium")
with left:
    st.html(table_html)
    if finished is not None and not showing_last and len(view.tricks) >= 1:
        st.html('<div class="pt-lasttrick">Last trick: ' + ", ".join(
            f"{short(s)} {tile(c, 'pt-mini')}" for s, c in finished.cards)
            + (f" → won by {who(finished.winner)}" if finished.winner is not None else "") + "</div>")

    def trick_so_far() -> str:
        """What was led and who is winning, in words (the table shows them too; phones have no hover)."""
        if led is None:
            return ""
        said = f" {who(view.trick[0][0])[:1].upper()}{who(view.trick[0][0])[1:]} led {led.suit_name} {led.symbol}"
        if winning is not None:
            best = card_text(dict(view.trick)[winning])
            said += f"; {'you are' if winning == me else who(winning) + ' is'} winning the trick with {best}"
        return said + "."

    legal = view.legal
    # a card played face down (a cut, while trumps are closed) by the hand's own button, as at the group table
    moves = HandChoices.of(legal)
    others = moves.others
    if view.sits_out == me:
        st.markdown("**Your partner plays alone: you sit out this deal.** Your hand stays face down.")
    if moves.trumps:
        st.markdown("**Your turn: make trumps.** Click the card to place face down: its suit becomes trumps.")
    elif moves.discards:
        st.markdown("**Your turn: discard.** Click the card to lay aside face down: only you see it.")
    elif moves.downs:  # (the switch, or every card face down: the heading says what a click does)
        st.markdown(words.face_down_prompt(view, bool(moves.either), tap="click"))
    elif moves.plays:
        refused: dict[str, list[str]] = {}  # why -> the greyed cards it holds back (phones have no hover)
        for card, why in pt.refused_cards(view).items():
            refused.setdefault(words.refusal(why), []).append(card_text(card))
        if len(refused) == 1:
            why = f" Greyed cards may not be played now: {next(iter(refused))}."
        else:
            why = "".join(f" {', '.join(cards)}: {reason}." for reason, cards in refused.items())
        st.markdown("**Your turn: click a card to play it.**" + trick_so_far() + why.replace("*", "\\*").replace("_", "\\_"))
    elif words.say_prompt(view):  # the turn-up offered, a suit to name: in the game's words
        st.markdown(words.say_prompt(view))
    elif others:
        st.markdown("**Your turn: say something.**" + trick_so_far()
                    + (" Your cards are greyed until you answer with one of the buttons below your hand."
                       if view.hand else ""))
    elif not pt.deal_over and turn is not None:
        st.caption(f"Waiting for {who(turn)}.")

    if pt.deal_over:
        result = pt.last_result
        with st.container(border=True, key="pt_result"):
            if result.cancelled:
                st.markdown("#### The deal is thrown in")
            else:
                st.markdown("#### The deal is over: " + (", ".join(
                    words.wins(t, b) for t, b in enumerate(result.balls) if b) or "nobody scores"))
            st.markdown(words.deal_story(result, view, team_values(r, pt.game.deal)))
            with st.expander("How it was counted (the ruleset's formulas)"):
                for line in result.explanation:  # seats and teams from your chair, as under "Earlier deals"
                    st.markdown(f"- {words.from_chair(line)}")
            if not result.cancelled:  # (a deal thrown in scores nothing: nothing to weigh)
                show_analysis()
            if not pt.is_over:
                st.button("Next deal", type="primary", on_click=next_deal, key="pt_next")



def show_hand() -> None:
    on_table_cards = bool(view.table and view.table[me])
    hand = list(view.hand)
    actions = hand_actions("pt", hand, moves, r)
    if hand:  # (its heading is drawn with the Hint button beside it)
        with st.container(horizontal=True, gap="small", key="pt_hand"):
            for card, action in actions.items():
                label = card_button_label(card) + (" ▾" if view.covering and card in view.covering[me] else "")
                st.button(label, key=f"pt_card_{card}", on_click=act, args=(action,), disabled=action is None,
                          help=words.action_help(action, legal, view.undertaking) if action else None)  # a button with help has a hidden twin
        if on_table_cards:
            st.caption("Everyone sees these. ▾ marks a card lying on a face-down card, which is turned up at the "
                       "end of the trick you play the card to.")
    hand_notes(hand, laid, view.unseen)


def show_say() -> None:
    """The things you may say, side by side under your hand; what each means just below them."""
    if not others:
        return
    with st.container(horizontal=True, key="pt_say"):
        for action in others:
            st.button(words.say_label(action, view), key=f"pt_do_{action.verb}_{action.arg}", on_click=act,
                      args=(action,))
    explained: dict[str, list[str]] = {}  # one line per meaning: "Call 10 / Call 20: take over making trumps ..."
    for action in others:
        explained.setdefault(words.say_help(action, view), []).append(words.say_label(action, view))
    for text, labels in explained.items():
        st.caption(f"**{' / '.join(labels)}**: {text}")


def hint_owner() -> str | None:
    """Whose hint the background works out now (this table's seat at this moment: your turn), None off turn."""
    if pt.deal_over or view.to_act != me or not legal:
        return None
    return "hint " + repr((*hint_key(), me))


def hide_hint() -> None:
    ss.pt_hint_asked = None


@st.fragment
def show_hint(owner: str) -> None:
    """The Hint button, and its answer from your seat's view only: worked out in the background from the moment
    it is your turn (:func:`hint_soon`), so a tap shows it at once; a tap reruns this fragment alone, not the
    page. The words lie over the top of the screen (never pushing the hand below a phone's screen); the card or
    button they name is outlined where it is."""
    run = hint_soon(owner, r, view)
    st.button("Hint", key="pt_hint_button", on_click=ask_hint, icon=":material/lightbulb:",
              help="What a strong player would do here, from what your seat has seen (never the hidden cards)")
    if ss.get("pt_hint_asked") != hint_key():
        return
    if not run.wait(0):
        with st.spinner("thinking..."):
            run.wait(120)
    answer = run.result if run.state == "done" else None
    with st.container(key="pt_hint_words"):
        if answer is None:
            st.warning("No hint could be worked out here" + (f" ({run.error})" if run.error else "")
                       + ": play as you judge.", icon=":material/lightbulb:")
        else:  # the action in bold: what to do is read first, why after it
            st.info(f"**{answer.said}**{answer.words[len(answer.said):]}", icon=":material/lightbulb:")
        st.button("", key="pt_hint_close", on_click=hide_hint, icon=":material/close:", type="tertiary",
                  help="Hide the hint")
    if answer is not None:
        named = f"pt_card_{answer.card}" if answer.card is not None else \
            f"pt_do_{answer.action.verb}_{answer.action.arg}"
        st.html(f"<style>.st-key-{named} button {{ box-shadow:0 0 0 4px #1c83e1 !important; }}</style>")


with left:
    hinted_by = hint_owner()
    if view.hand:
        with st.container(horizontal=True, vertical_alignment="center", key="pt_hand_head"):
            st.markdown("**Your cards, face up on the table**" if view.table and view.table[me] else "**Your hand**")
            if hinted_by:  # beside the hand: on a phone the table, the hand and the Hint on one screen
                show_hint(hinted_by)
    show_hand()
    show_say()
    if hinted_by and not view.hand:
        show_hint(hinted_by)

with right:
    st.markdown("**Tricks this deal**")
    if not view.tricks:
        st.caption("No trick played yet.")
    else:
        order = [(me + k) % r.seats for k in range(r.seats)]
        head = "".join(f"<th>{short(s)}</th>" for s in order)
        rows = []
        for n, trick in enumerate(view.tricks, 1):
            by_seat = dict(trick.cards)
            cells = "".join(
                f'<td class="{"pt-win" if trick.winner == s else ""}" data-seat="{s}">'
                f'{tile(by_seat[s], "pt-mini") if s in by_seat else ""}'
                f'{"<span class=pt-led>led</span>" if s == trick.leader else ""}</td>' for s in order)
            rows.append(f'<tr data-trick="{n}"><td>{n}</td>{cells}'
                        f'<td>{short(trick.winner) if trick.winner is not None else "?"}</td></tr>')
        st.html(f'<table class="pt-tricks"><tr><th>#</th>{head}<th>won by</th></tr>{"".join(rows)}</table>')
    st.markdown("**Points so far**")
    # once the deal is scored, the ruleset's own team values too ("count": the card points with the last
    # trick's 10, calls, Jodies): the card points alone did not add up to the count the deal story says
    scored = team_values(r, pt.game.deal) if pt.deal_over else {}
    card_points = bool(r.deck.total_points)  # (Whist's and Euchre's cards count none: no column of zeros)
    bid_column = bool(bids) and teams == r.seats  # each player bids for their own side (Oh Hell)
    st.html('<table class="pt-tricks pt-points"><tr><th></th>' + ("<th>card points</th>" if card_points else "")
            + "".join(f"<th>{html.escape(name)}</th>" for name in scored) + ("<th>bid</th>" if bid_column else "")
            + f"<th>tricks</th><th>{html.escape(r.unit.plural)}</th></tr>"
            + "".join(f"<tr><td>{team_name(t)}</td>" + (f"<td>{view.team_cards[t]}</td>" if card_points else "")
                      + "".join(f"<td>{values[t]}</td>" for values in scored.values())
                      + (f"<td>{bids.get(t, '')}</td>" if bid_column else "")
                      + f"<td>{view.team_tricks[t]}</td><td>{view.score[t]}</td></tr>" for t in range(teams))
            + "</table>")
    if view.declarations:
        st.markdown("**Declared**")
        for d in view.declarations:
            suit = f" in {suit_label(d.suit)[1]}" if d.suit else " (suit hidden)"
            found = r.declaration_by_verb(d.verb)
            st.markdown(f"- {who(d.seat)}: {found.title if found else d.verb} {d.value}{suit}")
    with st.expander("What was said and played this deal"):
        st.markdown("\n".join(f"{i}. {history_line(h, r, who)}" for i, h in enumerate(view.history, 1)) or "Nothing yet.")
    earlier = pt.results()[:-1] if pt.deal_over else pt.results()
    if earlier:
        with st.expander(f"Earlier deals ({len(earlier)})"):
            for i, res in enumerate(earlier, 1):
                st.markdown(f"**Deal {i}**: " + ", ".join(f"{team_name(t)} +{b}" for t, b in enumerate(res.balls)))
                for line in res.explanation:
                    st.caption(words.from_chair(line))

st.divider()
c1, c2, c3 = st.columns(3, vertical_alignment="bottom")
c1.button("Undo my last move", on_click=undo, key="pt_undo", disabled=not pt.can_undo, width="stretch")
export_key = (id(pt), pt.seed, hash(tuple(pt.actions)), pt.started)  # built again only when the game changed
if ss.get("pt_export_key") != export_key:
    ss.pt_exported, ss.pt_export_key = pt.export(), export_key
file_name, data, mime = ss.pt_exported
ss.pt_export_file = (file_name, data)  # what the button hands out (kept for tests and the next run)
c2.download_button("Export the game (transcript)", data=data, file_name=file_name, mime=mime,
                   key="pt_export", width="stretch", on_click="ignore", help=replay_help(file_name))
# a short label: at 768 px (a tablet) "Replay this deal under other rules" was cut to "... other ru…"
with c3.popover("Replay under other rules", width="stretch", help="The same cards, dealt again under other rules"):
    other_refs = [ref for ref in refs if ruleset_of(ref) is not None]
    st.selectbox("Rules", other_refs, format_func=lambda ref: choices[ref], key="pt_other")
    st.button("Replay the same cards", on_click=replay_under, key="pt_replay", type="primary")
st.button("Play these rules with friends: open a table", on_click=open_table, args=(True,), key="pt_open_table_played",
          icon=":material/groups:", help="A table for the group, each on their own phone, with these very rules")
st.caption(f"{html.escape(r.title)} · you are seat {me + 1} · seed {pt.seed} · bots: "
           f"{', '.join(sorted({pt.bots[s] for s in range(r.seats) if s != me}))}")
if not pt.is_over:
    with st.expander("New game"):
        setup()
