"""The Playtest page (AppTest): deal, play a trick with the card buttons, undo, export and replay."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest
import yaml

from thunee_dsl.editor.cards import card_label
from thunee_dsl.editor.playtest import replay_help
from thunee_dsl.errors import RulesetError
from thunee_dsl.editor.table import TableWords, team_values
from thunee_dsl.game.transcript import replay_file, replay_text
from thunee_dsl.loading import shipped_rulesets


def start(app, ref: str = "shipped:standard", seed: int = 7, seat: int = 0):
    at = app("playtest")
    at.selectbox(key="pt_ref_pick").set_value(ref).run()
    at.number_input(key="pt_seed").set_value(seed)
    at.selectbox(key="pt_seat").set_value(seat).run()
    for box in at.selectbox:
        if (box.key or "").startswith("pt_bot_"):
            box.set_value("random")  # the fast bot, whatever else is registered
    at.button(key="pt_start").click().run()
    assert not at.exception, at.exception
    return at


@dataclass
class Table:
    """The card table as drawn: each seat's plate text, the trick cards at each seat, face-up rows."""

    showing: str  # "current" trick or "last" trick
    plates: dict[int, str] = field(default_factory=dict)
    cards: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat -> (card, classes)
    minis: dict[int, list[str]] = field(default_factory=dict)  # seat -> face-up cards on its plate
    middle: str = ""


class _TableParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.table, self.seat, self.depth, self.in_middle = None, None, 0, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = a.get("class", "")
        if "pt-table" in cls.split():
            self.table = Table(a["data-showing"])
        elif "pt-seat" in cls.split():
            self.seat, self.depth = int(a["data-seat"]), 0
            self.table.plates[self.seat] = ""
            self.table.minis[self.seat] = []
        elif "pt-card" in cls.split():
            self.table.cards[int(a["data-seat"])] = (a["data-card"], cls)
        elif "pt-mini" in cls.split() and self.seat is not None:
            self.table.minis[self.seat].append(a["data-card"])
        elif "pt-middle" in cls.split():
            self.in_middle = True
        if self.seat is not None and tag != "br":
            self.depth += 1

    def handle_endtag(self, tag):
        if self.seat is not None:
            self.depth -= 1
            if self.depth == 0:
                self.seat = None
        self.in_middle = False if tag == "div" else self.in_middle

    def handle_data(self, data):
        if self.seat is not None and self.depth > 0:
            self.table.plates[self.seat] += data
        elif self.in_middle:
            self.table.middle += data + " "


def table_of(at) -> Table:
    [body] = [h.proto.body for h in at.get("html") if 'class="pt-table"' in h.proto.body]
    parser = _TableParser()
    parser.feed(body)
    return parser.table


def tricks_shown(at) -> list[tuple[dict[int, str], int | None]]:
    """The trick history as drawn: for each trick, the card at each seat and the winner's seat."""
    [body] = [h.proto.body for h in at.get("html") if 'class="pt-tricks"' in h.proto.body]
    out = []
    for row in re.findall(r'<tr data-trick="\d+">(.*?)</tr>', body):
        cards = {int(s): c for s, c in re.findall(r'<td class="[^"]*" data-seat="(\d+)"><span class="pt-mini" data-card="(\w+)"', row)}
        won = re.findall(r'<td class="pt-win" data-seat="(\d+)">', row)
        out.append((cards, int(won[0]) if won else None))
    return out


def finish_deal(at, clicks: int = 60) -> None:
    """Click (legal cards, else passes) until the deal on the table is over."""
    for _ in range(clicks):
        if at.session_state["playtest"].deal_over:
            return
        step(at)
    assert at.session_state["playtest"].deal_over, f"the deal did not end in {clicks} clicks"


def enabled(at, prefix: str) -> list:
    return [b for b in at.button if (b.key or "").startswith(prefix) and not b.disabled]


def step(at) -> None:
    """One click of the person: a legal card if there is one, else the last announcement button (pass)."""
    (enabled(at, "pt_card_") or enabled(at, "pt_do_"))[-1 if not enabled(at, "pt_card_") else 0].click().run()
    assert not at.exception, at.exception


def play_until_cards(at):
    """Answer announcements (the last button of each: pass, or a trump card) until cards may be played."""
    for _ in range(20):
        pt = at.session_state["playtest"]
        if any(a.verb == "play" for a in pt.view().legal):
            return pt
        (enabled(at, "pt_card_") or enabled(at, "pt_do_"))[-1].click().run()
        assert not at.exception, at.exception
    raise AssertionError("no card to play after 20 answers")


def test_only_legal_cards_are_enabled_and_the_hand_is_the_seats_own(app):
    at = start(app)
    pt = at.session_state["playtest"]
    view = pt.view()
    hand_buttons = [b for b in at.button if (b.key or "").startswith("pt_card_")]
    assert sorted(b.key.removeprefix("pt_card_") for b in hand_buttons) == sorted(view.hand)
    pt = play_until_cards(at)
    view = pt.view()
    legal_cards = sorted(a.arg for a in view.legal if a.verb == "play")
    assert sorted(b.key.removeprefix("pt_card_") for b in enabled(at, "pt_card_")) == legal_cards
    for b in at.button:
        if (b.key or "").startswith("pt_card_"):
            card = b.key.removeprefix("pt_card_")
            assert ("♥" in b.label) == card.endswith("H") and (":red[" in b.label) == card.endswith("H")


def test_play_a_trick_then_undo(app):
    at = start(app, seed=21)
    pt = play_until_cards(at)
    tricks_before = len(pt.view().tricks)
    for _ in range(12):  # the person plays; the bots answer at once
        view = at.session_state["playtest"].view()
        if len(view.tricks) > tricks_before or at.session_state["playtest"].deal_over:
            break
        step(at)
    pt = at.session_state["playtest"]
    view = pt.view()
    assert len(view.tricks) == tricks_before + 1 or pt.deal_over
    assert all(len(t.cards) == pt.ruleset.seats for t in view.tricks)
    history = tricks_shown(at)  # the trick history: who played which card, who won
    assert history == [(dict(t.cards), t.winner) for t in view.tricks]
    before = list(pt.actions)
    last_mine = max(i for i, a in enumerate(before) if a.seat == 0)
    at.button(key="pt_undo").click().run()
    assert at.session_state["playtest"].actions == before[:last_mine]


def test_the_export_holds_the_deal_so_far(app):
    at = start(app, seed=5)
    play_until_cards(at)
    step(at)
    [button] = [b for b in at.get("download_button") if b.key == "pt_export"]
    name, data = at.session_state["pt_export_file"]
    assert name == "standard-seed5.yaml"
    text = data.decode("utf-8")
    pt = at.session_state["playtest"]
    said = [str(a) for i, a in enumerate(pt.game.deals[-1].actions) if i not in pt.game.deals[-1].silent]
    exported = yaml.safe_load(text)
    # the deal on the table is not finished: replay refuses a deal that stops midway, so the export keeps it
    # as comments (nothing played is lost) and what it holds replays
    assert exported["ruleset"] == "standard" and exported["deals"] == [] and said
    assert kept_deal(text)["actions"] == said
    with pytest.raises(RulesetError, match="a transcript needs at least one finished deal"):
        replay_text(text)


def kept_deal(text: str) -> dict:
    """The deal still being played, kept as comments at the end of an exported transcript."""
    return yaml.safe_load("\n".join(line[1:] for line in text.splitlines() if line.startswith("#  ")))[0]


def test_an_export_in_the_middle_of_a_later_deal_replays_the_finished_ones(app):
    at = start(app, seed=3)
    finish_deal(at)
    pt = at.session_state["playtest"]
    at.button(key="pt_next").click().run()
    play_until_cards(at)
    step(at)
    text = at.session_state["pt_export_file"][1].decode("utf-8")
    assert pt.game.deals[-1].result is None and len(yaml.safe_load(text)["deals"]) == len(pt.game.deals) - 1
    report = replay_text(text)
    assert list(report.score) == list(pt.game.deals[-2].score_after)
    said = [str(a) for i, a in enumerate(pt.game.deals[-1].actions) if i not in pt.game.deals[-1].silent]
    assert kept_deal(text)["actions"] == said


def test_a_whole_deal_scored_and_explained_then_the_next(app):
    at = start(app, seed=3)
    finish_deal(at)
    pt = at.session_state["playtest"]
    assert pt.deal_over
    shown = [m.value for m in at.markdown]
    assert any(m.startswith("#### The deal") for m in shown)
    words = TableWords(pt.ruleset, pt.seat)
    for line in pt.last_result.explanation:
        assert f"- {words.from_chair(line)}" in shown
    name, data = at.session_state["pt_export_file"]
    report = replay_text(data.decode("utf-8"))
    assert list(report.score) == list(pt.game.score)
    if not pt.is_over:
        at.button(key="pt_next").click().run()
        assert len(at.session_state["playtest"].game.deals) == 2


def test_the_editors_unsaved_variant_is_played_and_exported_with_its_text(app, tmp_path):
    at = app("editor")
    at.toggle(key="ed_plain").set_value(True).run()  # AppTest types into the plain box, not the code editor
    at.text_area(key="ed_area").input("extends: standard\nname: our-rules\ngame: {target: 13}\n").run()
    at.switch_page("app_pages/playtest.py").run()
    at.number_input(key="pt_seed").set_value(9)
    at.button(key="pt_start").click().run()
    pt = at.session_state["playtest"]
    assert pt.ruleset.name == "our-rules" and pt.ruleset.game.target == 13
    finish_deal(at)
    name, data = at.session_state["pt_export_file"]
    assert name == "our-rules-seed9.zip"
    [button] = [b for b in at.get("download_button") if b.key == "pt_export"]
    assert "thunee-dsl replay our-rules-seed9.zip --format text" in button.proto.help
    zipfile.ZipFile(io.BytesIO(data)).extractall(tmp_path)
    report = replay_file(tmp_path / "transcript.yaml")
    assert list(report.score) == list(at.session_state["playtest"].game.score)


def test_replay_the_deal_under_another_variant(app):
    at = start(app, seed=11)
    finish_deal(at)
    hands = at.session_state["playtest"].game.deals[-1].hands
    at.selectbox(key="pt_other").set_value("shipped:thirteen-point").run()
    at.button(key="pt_replay").click().run()
    pt = at.session_state["playtest"]
    assert pt.ruleset.name == "thirteen-point" and pt.game.deals[0].hands == hands
    assert any("replayed under" in i.value for i in at.info)


@pytest.mark.parametrize("name", sorted(shipped_rulesets()))
def test_a_deal_of_every_shipped_ruleset_plays_through_the_page(app, name):
    at = start(app, ref=f"shipped:{name}", seed=2)
    labels = set()
    for _ in range(120):
        pt = at.session_state["playtest"]
        if pt.deal_over:
            break
        labels |= {b.label for b in enabled(at, "pt_do_")}
        check_table(at)
        step(at)
    pt = at.session_state["playtest"]
    assert pt.deal_over, f"the deal of {name} did not finish in 120 clicks"
    assert all(label and "None" not in label for label in labels)
    assert any(m.value.startswith("#### The deal") for m in at.markdown)


def test_open_face_table_shows_the_other_seats_face_up_cards_after_the_lay_out(app):
    at = start(app, ref="shipped:two-player-open-face", seed=3)
    pt = at.session_state["playtest"]
    assert all(plate.endswith("6 face down") for plate in table_of(at).plates.values())  # the rows, before the lay-out
    for _ in range(60):
        pt = at.session_state["playtest"]
        if pt.deal_over or (pt.view().tricks and pt.view().table and pt.view().table[1]):
            break
        step(at)
    view = pt.view()
    if pt.deal_over and view.undertaking is not None:
        pytest.skip("a Thunee was called: the rows are not used")
    # the other seat's face-up cards are drawn at its place on the table, each as a card tile, with the counts
    other = view.table[1]
    table = table_of(at)
    assert table.minis[1] == list(other)
    assert f"{len(other)} face up · {view.face_down[1]} face down" in table.plates[1]
    assert any(m.value == "**Your cards, face up on the table**" for m in at.markdown)
    # your own buttons mark the cards lying on a face-down card
    marked = {b.key.removeprefix("pt_card_") for b in at.button if (b.key or "").startswith("pt_card_") and "▾" in b.label}
    assert marked == set(view.covering[0])


def test_every_button_that_says_something_shows_its_explanation(app):
    at = start(app, seed=7)
    seen = set()
    for _ in range(40):
        pt = at.session_state["playtest"]
        if pt.deal_over:
            break
        view = pt.view()
        words = TableWords(pt.ruleset, pt.seat)
        captions = [c.value for c in at.caption]
        for b in enabled(at, "pt_do_"):
            [action] = [a for a in view.legal if b.key == f"pt_do_{a.verb}_{a.arg}"]
            text = words.action_help(action, view.legal)
            [line] = [c for c in captions if c.endswith(f"**: {text}")]
            assert b.label in line.removeprefix("**").split("**: ")[0].split(" / "), (b.label, line)
            seen.add(action.verb)
        step(at)
    assert "pass" in seen and seen - {"pass"}  # at least one call, Thunee, Double ... was offered


def check_table(at) -> str:
    """The table drawn agrees with the person's view: a plate for every seat (the dealer and the trump maker
    marked); the trick under way with each card at its seat, or else the last trick, its winner marked, until
    the next lead. Returns what the middle shows: "current" or "last"."""
    pt = at.session_state["playtest"]
    view = pt.view()
    table = table_of(at)
    assert sorted(table.plates) == list(range(pt.ruleset.seats))
    assert [s for s, text in table.plates.items() if "dealer" in text] == [view.dealer]
    if view.trump_maker is not None:
        assert "trumps" in table.plates[view.trump_maker]
    # what each seat said is on its plate: the last call, an undertaking or claim, each declaration
    r = pt.ruleset
    if view.calls:
        assert f"call {view.calls[-1][1]}" in table.plates[view.calls[-1][0]]
    if view.undertaking:
        assert r.undertaking_by_verb(view.undertaking).title in table.plates[view.undertaker]
    if view.claim:
        assert r.claim_by_verb(view.claim).title in table.plates[view.claimer]
    for d in view.declarations:
        assert f"{r.declaration_by_verb(d.verb).title} {d.value}" in table.plates[d.seat]
    if view.trick:
        assert table.showing == "current"
        assert {s: c for s, (c, _) in table.cards.items()} == dict(view.trick)
    elif view.tricks:
        last = view.tricks[-1]
        assert table.showing == "last" and "Last trick" in table.middle
        assert {s: c for s, (c, _) in table.cards.items()} == dict(last.cards)
        assert [s for s, (_, cls) in table.cards.items() if "pt-won" in cls] == [last.winner]
    else:
        assert not table.cards
    return table.showing


def test_the_trick_stays_on_the_table_until_the_next_lead(app):
    """At every click of a whole deal the table shows the trick being played, each card at its seat; when
    none is under way it shows the last trick, its winner marked, until the next card is led."""
    at = start(app, seed=13)
    shown_last = 0
    for _ in range(80):
        shown_last += check_table(at) == "last"
        if at.session_state["playtest"].deal_over:
            break
        step(at)
    assert at.session_state["playtest"].deal_over and shown_last


def test_the_deal_is_told_in_words_with_the_formulas_one_click_away(app):
    at = start(app, seed=3)
    finish_deal(at)
    pt = at.session_state["playtest"]
    result, view = pt.last_result, pt.view()
    story = TableWords(pt.ruleset, pt.seat).deal_story(result, view, team_values(pt.ruleset, pt.game.deal))
    shown = [m.value for m in at.markdown]
    heading = next(i for i, m in enumerate(shown) if m.startswith("#### The deal"))
    assert shown[heading + 1] == story  # the words come first
    [how] = [e for e in at.expander if e.label.startswith("How it was counted")]
    # said from your chair, as the story above it and "Earlier deals" say it: "team 0 (seats 0, 2)" and
    # "seat 2" beside "your team" and "your partner" made a card player count seats from 0 to follow it
    words = TableWords(pt.ruleset, pt.seat)
    assert [m.value for m in how.markdown] == [f"- {words.from_chair(line)}" for line in result.explanation]
    assert any(re.search(r"\bteam \d \(seats", line) for line in result.explanation)
    assert not [m.value for m in how.markdown if re.search(r"\bseats? \d|\bteam \d", m.value)]


def test_game_over_shows_the_winner_first_and_play_again_deals_a_new_game(app, home):
    (home / "rulesets").mkdir(parents=True)
    (home / "rulesets" / "quick.yaml").write_text(
        "extends: standard\nname: quick\ngame: {target: 2, corner_house: 1}\n", encoding="utf-8")
    at = start(app, ref="mine:quick", seed=4)
    for _ in range(400):
        pt = at.session_state["playtest"]
        if pt.is_over:
            break
        if pt.deal_over:
            at.button(key="pt_next").click().run()
        else:
            step(at)
    pt = at.session_state["playtest"]
    assert pt.is_over
    view = pt.view()
    # the game-over box comes right after the status line, before the table
    main = [child for child in at.main.children.values()]
    first_blocks = [getattr(c, "key", None) or type(c).__name__ for c in main[:3]]
    assert "pt_gameover" in first_blocks
    winner = "your team wins" if view.winner == 0 else "they win"
    high, low = sorted(view.score, reverse=True)
    assert any(m.value.endswith(f"{winner.capitalize()} the game, {high} to {low}") for m in at.markdown)
    assert not [b for b in at.button if b.key == "pt_next"]
    seed_before = pt.seed
    at.button(key="pt_again").click().run()
    again = at.session_state["playtest"]
    assert again is not pt and not again.is_over and again.ruleset.name == "quick"
    assert (again.seat, again.bots) == (pt.seat, pt.bots) and again.seed != seed_before
    assert again.view().score == (0, 0) and again.view().deal_number == 1


def test_the_export_button_says_the_exact_command_that_replays_its_file(app):
    at = start(app, seed=5)
    [button] = [b for b in at.get("download_button") if b.key == "pt_export"]
    name, _ = at.session_state["pt_export_file"]
    assert name == "standard-seed5.yaml"
    assert button.proto.help == replay_help(name)
    assert "thunee-dsl replay standard-seed5.yaml --format text" in button.proto.help


def test_the_export_follows_an_undone_and_changed_move(app):
    at = start(app, seed=21)
    pt = play_until_cards(at)
    playable = [b for b in enabled(at, "pt_card_")]
    if len(playable) < 2:
        pytest.skip("only one card to play")
    playable[0].click().run()
    first = at.session_state["pt_export_file"][1]
    at.button(key="pt_undo").click().run()
    [b for b in enabled(at, "pt_card_")][1].click().run()
    second = at.session_state["pt_export_file"][1]
    said = [str(a) for i, a in enumerate(pt.game.deals[-1].actions) if i not in pt.game.deals[-1].silent]
    assert first != second and kept_deal(second.decode("utf-8"))["actions"] == said


def test_a_greyed_card_says_why_it_may_not_be_played(app):
    """"Greyed cards may not be played now" said nothing of why, and a phone has no hover: the page now
    says the engine's reason in the player's words (follow suit, and which suit)."""
    at = start(app, seed=7)
    for _ in range(60):
        pt = at.session_state["playtest"]
        refused = pt.refused_cards()
        if refused:
            break
        legal = pt.view().legal
        plays = [a for a in legal if a.verb == "play"]
        (at.button(key=f"pt_card_{plays[0].arg}") if plays else
         at.button(key=f"pt_do_{legal[-1].verb}_{legal[-1].arg}")).click().run()
        assert not at.exception, at.exception
    assert refused, "no card was ever refused in this deal"
    view = pt.view()
    led = view.trick[0][1] if view.trick else None
    assert led is not None and all(c[-1] != led[-1] for c in refused)  # the greyed cards are off the led suit
    assert all(at.button(key=f"pt_card_{c}").disabled for c in refused)
    suit = {"S": "spades ♠", "H": "hearts ♥", "D": "diamonds ♦", "C": "clubs ♣"}[led[-1]]
    said = [m.value for m in at.markdown if m.value.startswith("**Your turn")]
    leader, winner = view.trick[0][0], pt.winning_now(view)
    best = dict(view.trick)[winner]
    words = TableWords(pt.ruleset, pt.seat)  # seats named from your chair, never "seat 1"
    so_far = (f"{words.who(leader).capitalize()} led {suit}; {words.who(winner)} is winning the trick with "
              f"{card_label(best).rank}{card_label(best).symbol}.")  # (what was led and who is winning)
    assert said == [f"**Your turn: click a card to play it.** {so_far} Greyed cards may not be played now: you "
                    f"must follow suit ({suit})."], said


def test_refusals_are_said_to_the_person():
    from thunee_dsl import load_ruleset
    words = TableWords(load_ruleset("standard"), 2)
    assert words.refusal("seat 2 must follow suit (D)") == "you must follow suit (diamonds ♦)"
    assert words.refusal("seat 2 may not lead a trump to the first trick while it holds another suit") == \
        "you may not lead a trump to the first trick while you hold another suit"
    assert words.refusal("seat 1 is to call") == "the left opponent is to call"  # another seat: from your chair
    assert words.refusal("seat 12 must follow suit (X)") == "seat 12 must follow suit (X)"


def test_once_a_deal_is_scored_the_points_table_shows_the_count_the_story_speaks_of(app):
    """The table said 126 card points and the story "Your team counted 116": the count (with the last
    trick's 10, calls, Jodies) is now beside the card points once the deal is scored."""
    at = start(app, seed=7)
    [body] = [h.proto.body for h in at.get("html") if "pt-points" in h.proto.body]
    assert "<th>count</th>" not in body  # not during the deal: the count is worked out at its end
    finish_deal(at)
    pt = at.session_state["playtest"]
    values = team_values(pt.ruleset, pt.game.deal)["count"]
    [body] = [h.proto.body for h in at.get("html") if "pt-points" in h.proto.body]
    cells = re.findall(r"<tr><td>[^<]*</td><td>(-?\d+)</td><td>(-?\d+)</td>", body)
    assert "<th>card points</th><th>count</th>" in body
    view = pt.view()
    assert [(int(a), int(b)) for a, b in cells] == [(view.team_cards[t], values[t]) for t in range(2)]
    story = next(m.value for m in at.markdown if "counted" in m.value)
    assert any(f"counted {values[t]} " in story for t in range(2)), story


def test_the_card_points_won_so_far_are_on_the_status_line(app):
    """On a phone the points table is screens below the table: the status line at the top says each team's
    card points once a trick is won. Checked against the tricks drawn, with standard's card points
    (J 30, 9 20, A 11, 10 10, K 3, Q 2)."""
    worth = {"J": 30, "9": 20, "A": 11, "T": 10, "K": 3, "Q": 2}
    at = start(app, seed=13)
    checked_tricks = 0
    for _ in range(80):
        pt = at.session_state["playtest"]
        [status] = [h.proto.body for h in at.get("html") if 'class="pt-status"' in h.proto.body]
        shown = tricks_shown(at) if pt.view().tricks else []
        if not shown:
            assert "Card points" not in status
        else:
            won = [0, 0]
            for cards, winner in shown:
                won[winner % 2] += sum(worth[c[:-1]] for c in cards.values())
            points = re.search(r"<span data-points>Card points: your team <b>(\d+)</b> · they <b>(\d+)</b></span>", status)
            assert points and [int(points[1]), int(points[2])] == won, (status, won)
            checked_tricks = len(shown)
        if pt.deal_over:
            break
        step(at)
    assert checked_tricks >= 3


def test_the_seat_is_chosen_counting_from_1_and_the_bots_are_named_from_it(app):
    """"Your seat: 0" and bots for "Seat 0".."Seat 3": card players count from 1. The seats are offered as
    Seat 1..4 (the transcript still numbers them from 0) and each bot's box is named from your chair; a
    bot chosen stays chosen when you pick another seat."""
    at = app("playtest")
    seat = at.selectbox(key="pt_seat")
    assert seat.options == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"] and seat.value == 0
    labels = {box.key: box.label for box in at.selectbox if (box.key or "").startswith("pt_bot_")}
    assert labels == {"pt_bot_1": "Right opponent", "pt_bot_2": "Partner", "pt_bot_3": "Left opponent"}
    at.selectbox(key="pt_bot_2").set_value("random").run()
    at.selectbox(key="pt_seat").set_value(1).run()
    labels = {box.key: box.label for box in at.selectbox if (box.key or "").startswith("pt_bot_")}
    assert labels == {"pt_bot_0": "Left opponent", "pt_bot_2": "Right opponent", "pt_bot_3": "Partner"}
    assert at.selectbox(key="pt_bot_2").value == "random"
    at.button(key="pt_start").click().run()
    assert not at.exception and at.session_state["playtest"].seat == 1
    assert at.session_state["playtest"].bots[2] == "random"


def test_between_tricks_the_table_names_the_next_leader_even_while_you_are_asked_something(app):
    """Seed 7, random bots: your partner wins the second trick and you are asked about a Jodie first. The
    middle of the table said "won by your partner · your lead": it is your partner who leads next."""
    at = start(app, seed=7)
    for _ in range(60):
        pt = at.session_state["playtest"]
        view = pt.view()
        if view.tricks and not view.trick and view.to_act == pt.seat and not any(a.verb == "play" for a in view.legal):
            break
        step(at)
    else:
        raise AssertionError("no turn to say something between two tricks")
    winner = view.tricks[-1].winner
    assert winner != pt.seat  # (seed 7: your partner)
    middle = table_of(at).middle
    assert "your lead" not in middle, middle
    assert f"{TableWords(pt.ruleset, pt.seat).who(winner)} to lead" in middle, middle


def test_a_game_in_points_is_scored_in_points_on_the_table(app, home):
    """The status line, the points table and the deal's story say the ruleset's unit (issue 23: always "balls")."""
    (home / "rulesets").mkdir(parents=True, exist_ok=True)
    (home / "rulesets" / "chips.yaml").write_text(
        "extends: standard\nname: chips\ngame: {target: 12, unit: {singular: chip, plural: chips}}\n",
        encoding="utf-8")
    at = start(app, ref="mine:chips", seed=7)
    [status] = [h.proto.body for h in at.get("html") if 'class="pt-status"' in h.proto.body]
    assert "<span>Chips: " in status and "Balls" not in status
    finish_deal(at)
    [body] = [h.proto.body for h in at.get("html") if "pt-points" in h.proto.body]
    assert "<th>chips</th>" in body and "balls" not in body
    over = [m.value for m in at.markdown if m.value.startswith("#### The deal is over")]
    assert over and " chip" in over[0] and "ball" not in over[0], over


CUT_SEED = 30  # 304, seat 1, the page's own bots: the person passes both biddings, and to the first trick holds none
# of the suit led while trumps are closed (as at the group table's test of the same seed)


def test_a_cut_is_a_click_on_the_card_itself(app):
    """304, the person's eight cards and none of the suit led while trumps are closed: each card's own button plays
    it face down (framed as a card lying face down), no "Play ... face down" button of its own; asking for trumps
    the one button under the hand, the heading says what a click does; a click plays the card face down."""
    from thunee_dsl.game.actions import Action
    at = app("playtest")
    at.selectbox(key="pt_ref_pick").set_value("shipped:304").run()
    at.number_input(key="pt_seed").set_value(CUT_SEED)
    at.button(key="pt_start").click().run()
    for _ in range(6):
        passing = [b for b in at.button if b.key == "pt_do_pass_None"]
        if not passing:
            break
        passing[0].click().run()
        assert not at.exception, at.exception
    cards = [b for b in at.button if (b.key or "").startswith("pt_card_")]
    assert len(cards) == 8 and not any(b.disabled for b in cards), [(b.key, b.disabled) for b in cards]
    assert all(re.match(r"Play the .+ face down \(a cut\)", b.help or "") for b in cards), [b.help for b in cards]
    said = [b.key for b in at.button if (b.key or "").startswith("pt_do_")]
    assert said == ["pt_do_ask_None"], said
    assert any(re.search(r"no (spades|hearts|diamonds|clubs)\u00a0. to follow.*Click a card to play it face down, or "
                         r"ask for trumps", m.value) for m in at.markdown), [m.value for m in at.markdown]
    style = next(h.proto.body for h in at.get("html") if "dashed" in h.proto.body and "st-key-pt_card_" in h.proto.body)
    assert all(f".st-key-{b.key} button" in style for b in cards), style  # each framed as face down
    card = cards[-1].key.removeprefix("pt_card_")
    cards[-1].click().run()
    assert not at.exception, at.exception
    assert Action(0, "down", card) in at.session_state.playtest.actions
