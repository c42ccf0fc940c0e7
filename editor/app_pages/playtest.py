"""Playtest: play the variant against bots. Everything shown of the table comes from your seat's view."""

from __future__ import annotations

import streamlit as st

from app_common import EDITOR_REF, card_button_label, card_html, catalogue, follow_goto, ruleset_of
from thunee_dsl.editor.cards import action_label, card_text, history_line, suit_label
from thunee_dsl.editor.playtest import Playtest, bot_names, new_seed
from thunee_dsl.errors import ThuneeDslError
from thunee_dsl.simulation import default_bot

ss = st.session_state
follow_goto()
ss.setdefault("pt_seed", new_seed())


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


def act(action) -> None:
    try:
        ss.playtest.act(action)
        ss.pt_msg = None
    except ThuneeDslError as err:
        ss.pt_msg = ("error", str(err))


def undo() -> None:
    if not ss.playtest.undo():
        ss.pt_msg = ("info", "Nothing of yours to take back yet.")
    else:
        ss.pt_msg = None


def next_deal() -> None:
    ss.playtest.next_deal()


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


# -- setup -----------------------------------------------------------------------------------------
st.title("Playtest")
pt: Playtest | None = ss.get("playtest")
choices = catalogue()
refs = list(choices)
wanted = ss.get("pt_ref", EDITOR_REF if ruleset_of(EDITOR_REF) is not None else "shipped:standard")
if wanted not in refs:
    wanted = "shipped:standard"
ss.pt_ref = wanted

with st.expander("New game" if pt is not None else "Choose the rules, your seat and the bots", expanded=pt is None):
    c1, c2, c3 = st.columns([2.2, 1, 1.4], vertical_alignment="bottom")
    c1.selectbox("Rules", refs, index=refs.index(wanted), format_func=lambda r: choices[r], key="pt_ref_pick",
                 on_change=lambda: ss.__setitem__("pt_ref", ss.pt_ref_pick))
    chosen = ruleset_of(ss.pt_ref)
    seats = chosen.seats if chosen is not None else 4
    c2.number_input("Your seat", min_value=0, max_value=seats - 1, value=min(int(ss.get("pt_seat", 0)), seats - 1),
                    step=1, key="pt_seat")
    s1, s2 = c3.columns([2, 1], vertical_alignment="bottom")
    s1.number_input("Seed (same seed, same cards)", min_value=0, max_value=10**9, step=1, key="pt_seed")
    s2.button("New", on_click=reseed, key="pt_reseed", help="A new random seed")
    names = bot_names()
    bot_cols = st.columns(seats)
    for s in range(seats):
        if s == int(ss.get("pt_seat", 0)):
            bot_cols[s].text_input(f"Seat {s}", value="you", disabled=True, key=f"pt_you_{s}")
        else:
            bot_cols[s].selectbox(f"Seat {s}", names, key=f"pt_bot_{s}",
                                  index=names.index(default_bot()) if default_bot() in names else 0)
    st.button("Deal", type="primary", on_click=start_game, key="pt_start", disabled=chosen is None)
    if chosen is None:
        st.warning("The editor's text is not a valid ruleset yet: fix it in the Editor, or pick another.")

msg = ss.get("pt_msg")
if msg:
    getattr(st, msg[0])(msg[1])
if pt is None:
    st.stop()

# -- the table, as your seat sees it ---------------------------------------------------------------------
view = pt.view()
r = pt.ruleset
me, teams = view.seat, view.teams


def who(seat: int) -> str:
    if seat == me:
        return "you"
    return f"seat {seat} ({'partner' if seat % teams == me % teams else 'opponent'})"


def short(seat: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def team_name(t: int) -> str:
    return "your team" if t == me % teams else ("them" if teams == 2 else f"team {t}")


st.caption(f"**{ss.get('pt_label', r.name)}** · {r.title} · you are seat {me} (team {me % teams}) · "
           f"seed {pt.seed} · bots: {', '.join(sorted({pt.bots[s] for s in range(r.seats) if s != me}))}")

m = st.columns(5)
for t in range(teams):
    m[t if t < 2 else 1].metric(f"Balls, {team_name(t)}", view.score[t], help=f"{r.game.target} to win")
m[2].metric("Deal", f"{view.deal_number}", help=f"dealer: {who(view.dealer)}")
if view.trump is not None:
    symbol, name, _ = suit_label(view.trump)
    trump_text = f"{symbol} {name}"
elif view.trump_maker is not None:
    trump_text = "hidden"
else:
    trump_text = "not made yet"
m[3].metric("Trumps", trump_text, help=None if view.trump_maker is None else f"made by {who(view.trump_maker)}")
made = []
if view.call:
    made.append(f"call {view.call}")
if view.undertaking:
    made.append(f"{view.undertaking} by {who(view.undertaker)}")
if view.claim:
    made.append(f"{view.claim} by {who(view.claimer)}")
m[4].metric("Called", ", ".join(made) or "nothing")

table, side = st.columns([2.2, 1], gap="large")
with table:
    with st.container(border=True):
        st.markdown("**The table**")
        seat_cols = st.columns(r.seats)
        played = dict(view.trick)
        for s in range(r.seats):
            with seat_cols[s]:
                mark = " ⟵ to play" if view.to_act == s and not pt.deal_over else ""
                st.markdown(f"{'**' if s == me else ''}{who(s)}{'**' if s == me else ''}{mark}")
                if s in played:
                    st.markdown(card_html(played[s], big=True), unsafe_allow_html=True)
                else:
                    st.markdown('<span style="display:inline-block;height:2.6rem"></span>', unsafe_allow_html=True)
                if view.table and view.table[s]:
                    # open face play: the seat's face-up cards, a mark on each lying on a face-down card
                    if s != me:
                        st.markdown(" ".join(card_html(c) + ("▾" if c in view.covering[s] else "")
                                             for c in view.table[s]), unsafe_allow_html=True)
                    st.caption(f"{len(view.table[s])} face up · {view.face_down[s]} face down")
                elif view.face_down:
                    st.caption(f"{view.hand_sizes[s]} card{'s' if view.hand_sizes[s] != 1 else ''} in hand · "
                               f"{view.face_down[s]} face down")
                else:
                    st.caption(f"{view.hand_sizes[s]} card{'s' if view.hand_sizes[s] != 1 else ''} in hand")
        if view.trump_card and not view.trump_revealed:
            st.caption(f"Your face-down trump card: {card_text(view.trump_card)}")

    if pt.deal_over:
        result = pt.last_result
        with st.container(border=True):
            if result.cancelled:
                st.markdown("#### The deal is thrown in")
            else:
                st.markdown("#### The deal is over: " + ", ".join(
                    f"{team_name(t)} +{b} ball{'s' if b != 1 else ''}" for t, b in enumerate(result.balls)))
            for line in result.explanation:
                st.markdown(f"- {line}")
            if pt.is_over:
                winner = view.winner
                st.success(f"**{'Your team wins' if winner == me % teams else f'Team {winner} wins'} the game, "
                           f"{'-'.join(map(str, view.score))}.**")
            else:
                st.button("Next deal", type="primary", on_click=next_deal, key="pt_next")

    on_table = bool(view.table and view.table[me])
    st.markdown("**Your cards, face up on the table**" if on_table else "**Your hand**")
    if on_table:
        st.caption("Everyone sees these. ▾ marks a card lying on a face-down card, which is turned up at the end "
                   "of the trick you play the card to.")
    legal = view.legal
    plays = {a.arg: a for a in legal if a.verb == "play"}
    trumps_by_card = {a.arg: a for a in legal if a.verb == "trump" and a.arg not in (None, "last") and len(str(a.arg)) > 1}
    choosing_trump = bool(trumps_by_card)
    if choosing_trump:
        st.caption("Make trumps: click the card to place face down (its suit becomes trumps).")
    elif plays:
        st.caption("Your turn: click a card to play it. Cards you may not play now are greyed out.")
    hand = list(view.hand)
    if hand:
        cols = st.columns(max(len(hand), 6))
        for i, card in enumerate(hand):
            action = trumps_by_card.get(card) if choosing_trump else plays.get(card)
            label = card_button_label(card) + (" ▾" if view.covering and card in view.covering[me] else "")
            cols[i].button(label, key=f"pt_card_{card}", on_click=act, args=(action,),
                           disabled=action is None, width="stretch", help=action_label(action, r) if action else None)
    if view.unseen:
        st.caption(f"... and {view.unseen} card{'s' if view.unseen != 1 else ''} face down, unseen until allowed.")
    others = [a for a in legal if a.verb != "play" and a not in trumps_by_card.values()]
    if others:
        st.markdown("**Say something**" if any(a.verb == "pass" for a in others) else "**Choose**")
        cols = st.columns(min(len(others), 6))
        for i, action in enumerate(others):
            cols[i % len(cols)].button(action_label(action, r), key=f"pt_do_{action.verb}_{action.arg}", on_click=act,
                                       args=(action,), width="stretch")

    c1, c2, c3 = st.columns(3, vertical_alignment="bottom")
    c1.button("Undo my last move", on_click=undo, key="pt_undo", disabled=not pt.can_undo, width="stretch")
    file_name, data, mime = pt.export()
    ss.pt_export_file = (file_name, data)  # what the button hands out (kept for tests and the next run)
    c2.download_button("Export the game (transcript)", data=data, file_name=file_name, mime=mime,
                       key="pt_export", width="stretch", on_click="ignore",
                       help="Replay it with: thunee-dsl replay FILE --format text")
    with c3.popover("Replay this deal under other rules", width="stretch"):
        other_refs = [ref for ref in refs if ruleset_of(ref) is not None]
        st.selectbox("Rules", other_refs, format_func=lambda ref: choices[ref], key="pt_other")
        st.button("Replay the same cards", on_click=replay_under, key="pt_replay", type="primary")

with side:
    st.markdown("**Points so far**")
    st.dataframe([{"team": team_name(t), "card points": view.team_cards[t], "tricks": view.team_tricks[t],
                   "balls": view.score[t]} for t in range(teams)], hide_index=True, width="stretch")
    if view.declarations:
        st.markdown("**Declared**")
        for d in view.declarations:
            suit = f" in {suit_label(d.suit)[1]}" if d.suit else " (suit hidden)"
            st.markdown(f"- {who(d.seat)}: {d.verb} {d.value}{suit}")
    st.markdown("**Tricks**")
    if not view.tricks:
        st.caption("No trick played yet.")
    for n, trick in enumerate(view.tricks, 1):
        cards = " ".join(card_html(c) for _, c in trick.cards)
        st.markdown(f"{n}. {cards} → {short(trick.winner) if trick.winner is not None else '?'}",
                    unsafe_allow_html=True)
    with st.expander("What was said and played this deal"):
        st.markdown("\n".join(f"{i}. {history_line(h, r)}" for i, h in enumerate(view.history, 1)) or "Nothing yet.")
    earlier = pt.results()[:-1] if pt.deal_over else pt.results()
    if earlier:
        with st.expander(f"Earlier deals ({len(earlier)})"):
            for i, res in enumerate(earlier, 1):
                st.markdown(f"**Deal {i}**: " + ", ".join(f"{team_name(t)} +{b}" for t, b in enumerate(res.balls)))
                for line in res.explanation:
                    st.caption(line)
