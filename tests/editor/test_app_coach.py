"""The coach in the app (issue 27): the Hint in Playtest and at the group table (its words, the card it names, from
the seat's view only; the host's setting checked on the server), a finished deal analysed seeing every hand, and the
game's review one click from the position."""

from __future__ import annotations

import random
import time

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.editor.coach import COACH, HINTS, hint_answer
from thunee_dsl.editor.group_table import GroupTables, TableError
from thunee_dsl.game.state import GameState
from thunee_dsl.loading import shipped_rulesets

RULESETS = ["standard", "euchre", "oh-hell"]


def start(app, ref: str, seed: int = 7, bot: str = "random"):
    at = app("playtest")
    at.selectbox(key="pt_ref_pick").set_value(ref).run()
    at.number_input(key="pt_seed").set_value(seed)
    for box in at.selectbox:
        if (box.key or "").startswith("pt_bot_"):
            box.set_value(bot)  # (random: the fast bot)
    at.button(key="pt_start").click().run()
    assert not at.exception, at.exception
    return at


def page_text(at) -> str:
    return "\n".join([m.value for m in at.markdown] + [m.value for m in at.info] + [m.value for m in at.caption])


def wait_runs(at, timeout: float = 240.0) -> None:
    """The page polls its background analyses; the test waits for them, then draws the page again."""
    deadline, polled = time.monotonic() + timeout, time.monotonic()
    while any(run.running for run in list(COACH._runs.values())) and time.monotonic() < deadline:
        time.sleep(0.2)
        if time.monotonic() - polled > 5:  # (as the browser's page polls: a weighing no page asks after stops)
            at.run()
            polled = time.monotonic()
    at.run()
    assert not at.exception, at.exception


def play_to_deal_end(at, follow_hint: bool = False) -> None:
    """The person plays on (the first of their choices, or the hint's) until the deal is over."""
    for _ in range(200):
        if at.session_state["playtest"].deal_over:
            return
        pt = at.session_state["playtest"]
        if follow_hint:
            action = hint_answer(pt.game, pt.seat, samples=2).action
        else:
            action = pt.view().legal[0]
        pt.act(action)
        at.run()
        assert not at.exception, at.exception
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("name", RULESETS)
def test_hint_in_playtest_names_the_action_and_its_button(app, name):
    at = start(app, f"shipped:{name}")
    pt = at.session_state["playtest"]
    assert pt.view().to_act == pt.seat
    at.button(key="pt_hint_button").click().run()
    assert not at.exception, at.exception
    said = [m.value for m in at.info]
    assert len(said) == 1, said
    expected = hint_answer(pt.game, pt.seat)
    assert expected.words.startswith(f"{expected.said}: ")
    assert said[0] == f"**{expected.said}**{expected.words[len(expected.said):]}"  # what to do in bold, then why
    assert expected.said in {"Pass", "Turn it down", "Order it up", "Pick it up"} or expected.said.startswith(
        ("Play the ", "Bid ", "Discard the ", "Make trumps", "Call", "Name ")), said[0]
    highlighted = [h.proto.body for h in at.get("html") if "box-shadow:0 0 0 4px" in h.proto.body]
    key = f"pt_card_{expected.card}" if expected.card else f"pt_do_{expected.action.verb}_{expected.action.arg}"
    assert len(highlighted) == 1 and f".st-key-{key} " in highlighted[0]
    at.button(key=key).click().run()  # the hint followed: the game moves on, the hint is gone until asked again
    assert not at.exception, at.exception
    assert not at.info or at.info[0].value != said[0]


def test_hint_is_worked_out_before_the_tap_and_again_at_each_turn(app):
    """From the moment it is your turn the hint is worked out in the background (a tap shows it at once): one run
    per turn, from the seat's view; the tap shows that run's answer."""
    owners = set(HINTS._runs)  # (other tests' runs)
    at = start(app, "shipped:standard")
    for _ in range(3):
        pt = at.session_state["playtest"]
        if pt.deal_over:
            break
        runs = [run for owner, run in HINTS._runs.items() if owner not in owners]
        assert len(runs) == 1, "no hint begun at your turn (or more than one)"
        owners.update(owner for owner, run in HINTS._runs.items() if run is runs[0])
        assert runs[0].wait(120) and runs[0].state == "done", runs[0].error
        assert runs[0].result == hint_answer(pt.game, pt.seat)
        at.button(key="pt_hint_button").click().run()
        assert not at.exception, at.exception
        assert [m.value for m in at.info] == [f"**{runs[0].result.said}**{runs[0].result.words[len(runs[0].result.said):]}"]
        at.button(key="pt_hint_close").click().run()  # hidden until asked again
        assert not at.exception, at.exception
        assert not at.info
        pt.act(pt.view().legal[0])
        at.run()
        assert not at.exception, at.exception
    assert len(owners) >= 2


def test_a_hint_that_fails_is_said_in_words(app, monkeypatch):
    """A hint the coach cannot work out (an error in the library) says so on the page: no traceback, the game goes
    on."""
    from thunee_dsl.editor import coach

    def broken(ruleset, view, samples=coach.HINT_SAMPLES):
        raise ValueError("undealt: QH is dealt twice")

    monkeypatch.setattr(coach, "view_hint_answer", broken)
    at = start(app, "shipped:euchre")
    at.button(key="pt_hint_button").click().run()
    assert not at.exception, at.exception
    assert [w.value for w in at.warning] == ["No hint could be worked out here (undealt: QH is dealt twice): play "
                                             "as you judge."]
    assert not [h for h in at.get("html") if "box-shadow:0 0 0 4px" in h.proto.body]


def test_hint_button_only_on_your_turn_and_never_after_the_deal(app):
    at = start(app, "shipped:standard")
    play_to_deal_end(at)
    assert not [b for b in at.button if b.key == "pt_hint_button"]


def wait_page(at, shown, timeout: float = 240.0) -> str:
    """The page drawn again every second (as it polls) until ``shown(text)``; its text."""
    deadline = time.monotonic() + timeout
    while True:
        text = page_text(at)
        if shown(text) or time.monotonic() > deadline:
            return text
        time.sleep(1.0)
        at.run()
        assert not at.exception, at.exception


@pytest.mark.parametrize("name", RULESETS)
def test_analyse_a_finished_deal(app, name, monkeypatch):
    """The last three tricks weighed first and shown while the earlier ones are weighed ("Weighing trick 2 of
    6 ..."), in the library's words (replay --analyse's: one home) with seats named as the table names them.
    Euchre's five tricks are weighed to the end (every trick); for the others the earlier tricks are held back
    (the weighing waits until stopped), and the next deal stops it."""
    from thunee_dsl.editor import coach
    from thunee_dsl.editor.coach import deal_lines
    from thunee_dsl.editor.table import TableWords
    # (the test works out the words itself, for a while not drawing the page: the weighing is not to stop then)
    monkeypatch.setattr(coach, "UNWATCHED", 3600.0)
    whole = name == "euchre"
    if not whole:
        weighed = coach.deal_review

        def held_back(game, number, from_trick=1, to_trick=None, calls=True, check=None):
            while not calls:  # an earlier trick: weighed until the run is stopped (check raises)
                check()
                time.sleep(0.1)
            return weighed(game, number, from_trick, to_trick, calls, check)

        monkeypatch.setattr(coach, "deal_review", held_back)
    at = start(app, f"shipped:{name}", seed=11)
    play_to_deal_end(at)
    at.button(key="pt_analyse").click().run()
    assert not at.exception, at.exception
    # the page answered at once: the analysis goes on in the background (a short one may be done already)
    assert "thinking..." in page_text(at) or "Seeing every hand (double dummy):" in page_text(at)
    pt = at.session_state["playtest"]
    number, words = len(pt.game.deals), TableWords(pt.ruleset, pt.seat)
    run = COACH.current(at.session_state["pt_analysing"])  # (the page's own: runs of earlier tests are kept)
    assert run.owner.endswith(f"deal {number}")
    text = wait_page(at, lambda text: "Seeing every hand (double dummy):" in text)
    last_three = [line.strip() for line in deal_lines(pt.game, number, None, words.who, words.team,
                                                      earlier=coach.EARLIER_COMING)[1:]
                  if not line.strip().startswith("Nothing")  # (gone once an earlier card is found to cost)
                  and not (whole and "weighed;" in line)]  # (the earlier tricks being weighed: gone once they are)
    assert "Seat " not in "".join(last_three)
    assert all(line in text for line in last_three), (last_three, text)
    if whole:
        wait_runs(at)
        text = page_text(at)
        assert run.state == "done" and "Weighing" not in text
        for line in deal_lines(pt.game, number, 1, words.who, words.team)[1:]:
            assert line.strip() in text
    else:
        at.run()
        tricks = len(pt.game.deals[-1].hands[0])  # (the deal's hand size: a trick for each card)
        assert run.running and "Weighing trick " in page_text(at), page_text(at)
        assert f" of {tricks} ..." in page_text(at)
        at.button(key="pt_next").click().run()  # a new deal: no one will read this one's weighing
        assert not at.exception, at.exception
        assert run.wait(60) and run.state == "cancelled"


def test_a_weighing_left_before_it_ended_shows_what_it_weighed(app, monkeypatch):
    """The page left while the earlier tricks are weighed (no page asks after it: it stops): back on the page,
    the last tricks' words are shown, saying which tricks were weighed and that the earlier ones were not, and
    the button asks again."""
    from thunee_dsl.editor import coach
    from thunee_dsl.editor.coach import deal_lines
    from thunee_dsl.editor.table import TableWords
    weighed = coach.deal_review

    def held_back(game, number, from_trick=1, to_trick=None, calls=True, check=None):
        while not calls:  # an earlier trick: weighed until the run is stopped (check raises)
            coach.UNWATCHED = 0.5  # (the last tricks weighed and shown: now no page asks after it)
            check()
            time.sleep(0.1)
        return weighed(game, number, from_trick, to_trick, calls, check)

    monkeypatch.setattr(coach, "deal_review", held_back)
    monkeypatch.setattr(coach, "UNWATCHED", 3600.0)
    at = start(app, "shipped:standard", seed=11)
    for _ in range(200):  # the person passes where they may (a Thunee called and caught would end it at once)
        pt = at.session_state["playtest"]
        if pt.deal_over:
            break
        legal = pt.view().legal
        pt.act(next((a for a in legal if a.verb == "pass"), legal[0]))
        at.run()
    assert len(pt.game.deals[-1].actions) > 24  # (all six tricks played)
    at.button(key="pt_analyse").click().run()
    assert not at.exception, at.exception
    run = COACH.current(at.session_state["pt_analysing"])
    assert run.wait(120) and run.state == "cancelled"  # (the page not drawn meanwhile: no one asked after it)
    at.run()
    assert not at.exception, at.exception
    pt = at.session_state["playtest"]
    words = TableWords(pt.ruleset, pt.seat)
    text = page_text(at)
    for line in deal_lines(pt.game, len(pt.game.deals), None, words.who, words.team, earlier=coach.EARLIER_LEFT)[1:]:
        assert line.strip() in text, (line, text)
    assert ("Tricks 4-6 weighed; the earlier tricks were not: the weighing stopped when the page was left "
            "(Analyse this deal weighs them).") in text
    assert "Weighing" not in text and at.button(key="pt_analyse")  # asked again, it starts again


def test_game_review_after_a_game_jumps_to_the_position(app):
    """A game played out with the first legal card (passing when asked); the review lists each seat's costliest
    decisions, and one tap shows that deal's cards as they were before the card."""
    at = start(app, "shipped:standard", seed=4, bot="typical")  # (a seed whose game has a costly card)
    pt = at.session_state["playtest"]
    for _ in range(5000):
        if pt.is_over:
            break
        if pt.deal_over:
            pt.next_deal()
        else:
            legal = pt.view().legal  # (passing when asked: a Thunee called on every deal is caught before the cards)
            pt.act(next((a for a in legal if a.verb == "pass"), legal[0]))
    at.run()
    assert pt.is_over and not at.exception
    at.button(key="pt_review_button").click().run()
    wait_runs(at, timeout=400)
    texts = page_text(at)
    assert "Seeing every hand" in texts
    decisions = [b for b in at.button if (b.key or "").startswith("pt_review_")]
    assert decisions, "some card cost its side in a game played with the first legal card"
    assert all(d.label.startswith("Deal ") and (" cost " in d.label or "makeable" in d.label
                                                or "could not be made" in d.label) for d in decisions)
    # (balls first: a Thunee called by the first legal action and caught comes before any card; each seat shows
    # its five worst, so a card may be crowded out of the page: the review itself holds cards that cost)
    run = COACH.current(next(o for o in COACH._runs if o.endswith(":review") and o.startswith(at.session_state.pt_table)))
    assert any(d.kind == "card" for said in run.result.values() for d, _ in said)
    cards = [d for d in decisions if " cost " in d.label]
    for first in [decisions[0]] + cards[:1]:
        first.click().run()
        assert not at.exception, at.exception
        shown = page_text(at)
        deal, trick = first.label.split(":")[0].replace("Deal ", "").split(", trick ")
        assert f"Deal {deal}, trick {trick}, as it was" in shown
        at_position = [h.proto.body for h in at.get("html")
                       if "data-seat=" in h.proto.body and "pt-lasttrick" in h.proto.body]
        assert len(at_position) == pt.ruleset.seats  # every hand as it was
        if " cost " in first.label:  # a card: the position before it is played
            card = first.label.split("the ", 1)[1].split(" cost ")[0]
            assert any(card.split(" of ")[0] in body for body in at_position)  # the card is still in its hand


# -- no peeking: the hint reads the seat's view alone -----------------------------------------------------------
def _swapped(ruleset, hands, actions, seat, rnd):
    """The same deal with two other seats' unplayed cards of one suit exchanged: the same view for ``seat``."""
    played = {a.arg for a in actions if a.verb in ("play", "discard", "trump")}
    others = [s for s in range(ruleset.seats) if s != seat]
    hands = [list(h) for h in hands]
    for _ in range(50):
        a, b = rnd.sample(others, 2)
        pairs = [(x, y) for x in hands[a] for y in hands[b]
                 if x not in played and y not in played and x[-1] == y[-1] and x != y]
        if pairs:
            x, y = rnd.choice(pairs)
            hands[a][hands[a].index(x)], hands[b][hands[b].index(y)] = y, x
            return hands
    return None


@pytest.mark.parametrize("name", ["standard", "euchre", "oh-hell"])
def test_hint_is_the_same_whatever_the_hidden_cards(name):
    ruleset = shipped_ruleset(name)
    rnd = random.Random(5)
    checked = 0
    for seed in range(10):
        game = GameState(ruleset, seed=seed)
        # play on at random to a card turn in the middle of the deal
        for _ in range(rnd.randrange(4, 4 + ruleset.seats * 2)):
            if game.deal.over:
                break
            game.apply(rnd.choice(game.legal_actions()))
        if game.deal.over or len(game.deals) != 1:
            continue  # (a deal thrown in and dealt again: the test deals one deal again)
        seat, record = game.to_act, game.deals[-1]
        hands = _swapped(ruleset, record.hands, record.actions, seat, rnd)
        if hands is None:
            continue
        other = GameState(ruleset, seed=0, dealer=record.dealer, auto_deal=False)
        card = ruleset.deck.card
        other.start_deal([[card(c) for c in h] for h in hands], [card(c) for c in record.undealt])
        for action in record.actions:
            other.apply(action)
        assert other.view(seat) == game.view(seat), "the test's premise: the same view"
        assert [list(h) for h in other.deals[-1].hands] != [list(h) for h in record.hands]
        mine, theirs = hint_answer(game, seat), hint_answer(other, seat)
        assert (mine.words, mine.card, mine.action) == (theirs.words, theirs.card, theirs.action)
        checked += 1
    assert checked >= 3


# -- the group table: each phone's own seat, and the host's setting ------------------------------------------------
def _table(tmp_path, hints=True):
    tables = GroupTables(tmp_path / "t.sqlite3")
    opened = tables.open(shipped_rulesets()["standard"].read_text(), label="standard", seed=3, hints=hints)
    secrets = {s: tables.join(opened.code, s, f"P{s}") for s in (0, 1)}
    tables.deal(opened.code, host=opened.host_secret)
    return tables, opened, secrets


def test_group_table_hint_for_the_seat_to_act_from_its_view(tmp_path):
    tables, opened, secrets = _table(tmp_path)
    game = tables.replayed(opened.code).game
    seat = game.to_act
    assert seat in secrets
    answer = tables.hint(opened.code, seat, secrets[seat])
    assert answer.words == hint_answer(game, seat).words
    assert tables.page(opened.code, seat, secrets[seat]).hints is True
    other = 1 - seat
    with pytest.raises(TableError, match="not your turn"):
        tables.hint(opened.code, other, secrets[other])
    with pytest.raises(TableError):
        tables.hint(opened.code, seat, secrets[other])  # another phone's key: refused


def test_group_table_hints_off_is_refused_on_the_server(tmp_path):
    tables, opened, secrets = _table(tmp_path, hints=False)
    seat = tables.replayed(opened.code).game.to_act
    assert tables.page(opened.code, seat, secrets[seat]).hints is False
    with pytest.raises(TableError, match="host turned hints off"):
        tables.hint(opened.code, seat, secrets[seat])
    with pytest.raises(TableError, match="host"):
        tables.set_hints(opened.code, "not the host", True)
    tables.set_hints(opened.code, opened.host_secret, True)
    assert tables.hint(opened.code, seat, secrets[seat]).words
    tables.set_hints(opened.code, opened.host_secret, False)
    again = GroupTables(tmp_path / "t.sqlite3")  # another process, the same file: the setting is kept
    with pytest.raises(TableError, match="host turned hints off"):
        again.hint(opened.code, seat, secrets[seat])


# -- the Table page: the phone's Hint, and the host's switch ---------------------------------------------------------
def open_table(app, ref: str, hints: bool = True, when: str = "ahead"):
    """The Table page: a table of ``ref`` opened (bots in the other seats; hints on or off, worked out ``when``:
    ahead or on a tap) and dealt."""
    at = app()
    at.switch_page("app_pages/table.py").run()
    at.selectbox(key="gt_ref").set_value(ref).run()
    at.text_input(key="gt_name").set_value("Asha").run()
    for box in at.selectbox:
        if (box.key or "").startswith("gt_bot_"):
            box.set_value("random")
    at.checkbox(key="gt_hints").set_value(hints)
    at.radio(key="gt_hint_when").set_value(when)
    at.button(key="gt_open").click().run()
    at.button(key="gt_deal").click().run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("name", ["standard", "oh-hell"])
def test_table_hint_on_your_turn_and_the_hosts_switch(app, name):
    at = open_table(app, f"shipped:{name}")
    code = at.session_state.gt_code
    tables = GroupTables()  # the app's own file ($THUNEE_DSL_HOME)
    game = tables.replayed(code).game
    assert game.to_act == 0  # bots played up to the person's turn
    at.button(key="gt_hint_button").click().run()
    assert not at.exception, at.exception
    said = [m.value for m in at.info]
    expected = hint_answer(game, 0)
    assert said == [f"**{expected.said}**{expected.words[len(expected.said):]}"]  # what to do in bold, then why
    highlighted = [h.proto.body for h in at.get("html") if "box-shadow:0 0 0 4px" in h.proto.body]
    assert len(highlighted) == 1
    at.toggle(key="gt_hints_on").set_value(False).run()  # the host turns hints off for every phone
    assert not at.exception, at.exception
    assert tables.store.table(code).hints is False
    assert not [b for b in at.button if b.key == "gt_hint_button"]
    assert not at.info


def test_table_opened_without_hints_shows_no_hint_button(app):
    at = open_table(app, "shipped:euchre", hints=False)
    assert not [b for b in at.button if b.key == "gt_hint_button"]
    assert at.toggle(key="gt_hints_on").value is False
