"""304's closed trump drawn at the table (issue 25), through AppTest: the trump maker's card lies face down in front
of them, a card back to every other seat (never the card), the maker's own view shows it as theirs; the cards played
face down in a trick (a cut) are backs to the seats that may not see them; once shown, the card is face up and the
status line says when and how ("shown in trick 2, asked for by ..."). Playtest and the group table draw it alike.

The positions are reached with the library's Playtest (random bots, seeded), then put on the page: what a seat sees
there is read from its view alone, as the page reads it."""

from __future__ import annotations

import re

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.editor.playtest import Playtest
from thunee_dsl.editor.table import TableWords, table_spots

RULES = load_ruleset("304")
BACK = re.compile(r'<span class="(pt|gt)-(card|laid|mini)[^"]*" data-back="1"( data-seat="(\d)")?')


def reach(seat: int, wanted, prefer=("down",), seeds=range(1, 300)) -> Playtest:
    """A 304 game at Playtest, the person at ``seat`` answering with the first legal action of a verb in
    ``prefer`` (else the first offered), at the first view ``wanted(view)`` holds."""
    for seed in seeds:
        pt = Playtest.start(RULES, seat=seat, seed=seed, bots=("random",) * 4)
        for _ in range(60):
            view = pt.view()
            if wanted(view):
                return pt
            if pt.deal_over or not view.legal:
                break
            pt.act(next((a for verb in prefer for a in view.legal if a.verb == verb), view.legal[0]))
    pytest.fail("no seed reaches the view wanted")


def test_a_closed_trump_is_not_shown_yet_in_any_view():
    pt = reach(0, lambda v: closed(v))
    assert all(pt.game.view(s).trump_shown is None for s in range(4))


def closed(view) -> bool:
    return view.trump_maker is not None and not view.trump_revealed and view.hand_sizes[view.trump_maker] == 8


def on_page(app, pt: Playtest):
    """Playtest drawing ``pt`` (as the page keeps it after a deal)."""
    at = app("playtest")
    at.session_state["playtest"] = pt
    at.session_state["pt_label"] = "304"
    at.run()
    assert not at.exception, at.exception
    return at


def html_of(at, cls: str) -> str:
    return next(h.proto.body for h in at.get("html") if f'class="{cls}"' in h.proto.body)


def everything(at) -> str:
    return " ".join(h.proto.body for h in at.get("html")) + " ".join(
        str(getattr(e, "value", "") or getattr(e, "body", "")) for e in at.main)


def test_the_closed_trump_is_a_card_back_in_front_of_its_maker_and_the_card_is_never_sent(app):
    pt = reach(0, lambda v: closed(v) and v.trump_maker != 0)
    view = pt.view()
    maker, card = view.trump_maker, pt.game.deal.trump_card
    name = RULES.deck.names[card]
    at = on_page(app, pt)
    table = html_of(at, "pt-table")
    backs = BACK.findall(table)
    assert ("pt", "laid", f' data-seat="{maker}"', str(maker)) in backs  # the back, at the trump maker's place
    spot = table_spots(0, 4, RULES.direction)[maker]
    assert f"left:{spot.aside_x:.1f}%;top:{spot.aside_y:.1f}%" in table
    # never the card: not drawn, not named, not in a button's key, anywhere on this seat's page
    assert f'data-card="{name}"' not in everything(at) and f"pt_card_{name}" not in {b.key for b in at.button}
    # the maker holds 7 in hand: the eighth lies on the table
    assert re.search(rf'data-seat="{maker}".*?7 cards', table)
    assert "Trumps: <b>face down</b>" in html_of(at, "pt-status")


def test_the_trump_maker_sees_their_own_card_face_down_to_the_others(app):
    pt = reach(0, lambda v: closed(v) and v.trump_maker == 0, prefer=("bid", "trump", "down"))
    card = pt.view().trump_card
    at = on_page(app, pt)
    table = html_of(at, "pt-table")
    assert re.search(rf'class="pt-laid pt-mine" data-card="{card}" data-seat="0" title="your trump card, face down '
                     r'to the others', table)
    assert "your trump card, face down to the others" in html_of(at, "pt-status")
    assert any("lies face down in front of you" in c.value for c in at.caption)
    assert card in pt.view().hand  # still the engine's hand: played from it to cut, or as the last card


def cut_seen_by_another(view) -> bool:
    return any(c == "??" for _, c in view.trick)


def test_a_card_played_face_down_is_a_back_in_the_trick_and_the_history_says_so(app):
    pt = reach(0, lambda v: cut_seen_by_another(v))
    view = pt.view()
    cutter = next(s for s, c in view.trick if c == "??")
    at = on_page(app, pt)
    table = html_of(at, "pt-table")
    assert ("pt", "card", f' data-seat="{cutter}"', str(cutter)) in BACK.findall(table)
    assert "??" not in table  # drawn, never the view's marks
    said = next(e for e in at.expander if e.label == "What was said and played this deal")
    assert any("plays a card face down" in m.value for m in said.markdown)


def test_once_shown_the_status_says_when_and_how_in_words(app):
    pt = reach(1, lambda v: v.trump_shown is not None and v.trump_shown[1] == "asked", prefer=("ask", "pass"))
    view = pt.view()
    number, _ = view.trump_shown
    words = TableWords(RULES, 1)
    said = words.trump_shown_words(view)
    assert said == f"shown in trick {number}, asked for by you"
    # (the view's trump_shown: said aloud, the same to every seat; the asking seat played no card of that trick yet)
    assert {pt.game.view(s).trump_shown for s in range(4)} == {(number, "asked")}
    assert len(view.tricks) == number - 1 and all(s != 1 for s, _ in view.trick)
    at = on_page(app, pt)
    status = html_of(at, "pt-status")
    assert said in status and "face down" not in status
    laid = words.trump_card_laid(view)
    if laid is not None:  # still held by its maker: face up in front of them, for all to see
        assert laid == (view.trump_card, "shown")
        assert f'class="pt-laid" data-card="{view.trump_card}"' in html_of(at, "pt-table")


@pytest.mark.parametrize("how", ["cut", "after a trick"])
def test_shown_at_the_end_of_a_trick_in_words(how):
    pt = reach(2, lambda v: v.trump_shown is not None and v.trump_shown[1] == how, prefer=("down", "bid"))
    view = pt.view()
    said = TableWords(RULES, 2).trump_shown_words(view)
    number = view.trump_shown[0]
    if how == "cut":
        trick = view.tricks[number - 1]
        assert said.startswith(f"shown at the end of trick {number}, cut by ")
        assert any(c[-1] == view.trump for _, c in trick.cards)
    else:
        assert said == f"shown after trick {number}" and number == 1  # (304: a bid of 250 or more)


GROUP_SEED = 1  # (seeded: the host passes, a bot makes trumps, and they are shown during the deal)


def test_the_same_at_the_group_table(app, monkeypatch):
    """The group table draws the closed trump as Playtest does: the host's phone passes, a bot makes trumps."""
    from thunee_dsl.editor import group_table
    monkeypatch.setattr(group_table, "new_seed", lambda: GROUP_SEED)  # (the table's cards, known)
    at = app()
    at.switch_page("app_pages/table.py").run()
    at.selectbox(key="gt_ref").set_value("shipped:304").run()
    at.text_input(key="gt_name").set_value("Asha").run()
    for box in at.selectbox:
        if (box.key or "").startswith("gt_bot_"):
            box.set_value("random")
    at.button(key="gt_open").click().run()
    at.button(key="gt_deal").click().run()
    seen = set()
    for _ in range(80):
        body = next(h.proto.body for h in at.get("html") if 'class="gt-table"' in h.proto.body)
        facts = " ".join(m.value for m in at.markdown)
        if 'class="gt-card gt-laid" data-back="1"' in body:
            seen.add("back")
            assert "Trumps: **face down** by" in facts and "7 cards" in body
        if 'class="gt-card gt-laid gt-mine"' in body:
            seen.add("mine")
            assert "your trump card, face down to the others" in facts
        if re.search(r"shown (in|at the end of|after) trick \d", facts):
            seen.add("shown")
        if seen & {"back", "mine"} and "shown" in seen:
            break
        choices = [b for b in at.button if (b.key or "").startswith(("gt_card_", "gt_do_", "gt_next")) and not b.disabled]
        if not choices:
            break
        # a card played face down (a cut) by the hand's own button, never a button of its own under the hand
        assert not [b for b in at.button if (b.key or "").startswith("gt_do_down")]
        cuts = [b for b in choices if b.key.startswith("gt_card_") and "face down (a cut)" in (b.help or "")]
        if cuts:
            assert any("Tap a card to play it face down" in m.value for m in at.markdown)
        # pass in the bidding (a bot makes trumps), cut face down where asked to play off suit
        pick = next((b for b in choices if b.key.startswith("gt_do_pass")), None) or next(iter(cuts), choices[0])
        pick.click().run()
        assert not at.exception, at.exception
    assert seen & {"back", "mine"} and "shown" in seen, seen


def test_the_closed_trump_card_held_back_is_said_to_its_maker_in_the_tables_words():
    """The greyed trump card under the maker's hand says why in words a player reads (no "JS", no "you plays", no
    "its last card")."""
    pt = reach(0, lambda v: closed(v) and v.trump_maker == 0 and any(a.verb == "play" for a in v.legal)
               and v.trump_card not in {a.arg for a in v.legal}, prefer=("bid", "trump"))
    view = pt.view()
    why = TableWords(RULES, 0).refusal(pt.refused_cards(view)[view.trump_card])
    card = view.trump_card
    assert why.startswith(f"{card[:-1].replace('T', '10')}") and "is the closed trump card: it is played only face " \
        "down, to cut, or as the last card in hand, until trumps are shown" in why


CUT_SEED = 30  # (seeded: the host passes both biddings, and to the first trick holds none of the suit led)


def test_a_cut_at_the_group_table_is_a_tap_on_the_card_itself(app, monkeypatch):
    """The host's eight cards, none of the suit led while trumps are closed: each card's own button plays it face
    down (no "Play ... face down" button of its own), asking for trumps is the one button under the hand; a tap
    plays the card face down at the table."""
    from thunee_dsl.editor import group_table
    from thunee_dsl.editor.table_store import default_path
    from thunee_dsl.game.actions import Action
    monkeypatch.setattr(group_table, "new_seed", lambda: CUT_SEED)
    at = app()
    at.switch_page("app_pages/table.py").run()
    at.selectbox(key="gt_ref").set_value("shipped:304").run()
    at.text_input(key="gt_name").set_value("Asha").run()
    at.button(key="gt_open").click().run()
    at.button(key="gt_deal").click().run()
    for _ in range(6):
        passing = [b for b in at.button if b.key == "gt_do_pass_None"]
        if not passing:
            break
        passing[0].click().run()
        assert not at.exception, at.exception
    cards = [b for b in at.button if (b.key or "").startswith("gt_card_")]
    assert len(cards) == 8 and not any(b.disabled for b in cards)
    assert all(re.match(r"Play the .+ face down \(a cut\)", b.help or "") for b in cards), [b.help for b in cards]
    said = [b.key for b in at.button if (b.key or "").startswith("gt_do_")]
    assert said == ["gt_do_ask_None"], said
    assert any(re.search(r"no (spades|hearts|diamonds|clubs)\u00a0. to follow.*Tap a card to play it face down, or "
                         r"ask for trumps", m.value) for m in at.markdown)
    card = cards[-1].key.removeprefix("gt_card_")
    cards[-1].click().run()
    assert not at.exception, at.exception
    assert Action(0, "down", card) in group_table.GroupTables(default_path()).replayed(at.session_state.gt_code).actions
