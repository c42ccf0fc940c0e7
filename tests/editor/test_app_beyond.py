"""The app for the games beyond Thunee (issue 25), through AppTest: a Euchre, Whist or Klaverjas player finds the
game in the Library, plays it on Playtest in the game's own words (no balls, calls, Jodies or Thunee where the
ruleset has none), sees the turn-up, the dealer's discard, the partner who sits out, the bids, "deal 3 of 16",
and reads in Compare what a house rule changes.

The games are the shipped rulesets of the games beyond Thunee, and the concept rulesets of tests/game/rulesets
(the rubber, stones) copied into the test's own user folder (never edited)."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest
import yaml

from thunee_dsl import load_ruleset
from thunee_dsl.editor.background import DONE, RUNS
from thunee_dsl.editor.cards import card_label
from thunee_dsl.editor.playtest import Playtest
from thunee_dsl.loading import shipped_rulesets

from test_app_playtest import start as start_playtest  # noqa: E402 (tests/editor is on the path, see conftest)

ROOT = Path(__file__).resolve().parents[2]
CONCEPTS = ROOT / "tests" / "game" / "rulesets"


def loadable(folder: Path) -> list[str]:
    """The names of the rulesets of ``folder`` that validate today (a draft may still be ahead of the engine)."""
    out = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            load_ruleset(path)
        except Exception:  # noqa: BLE001 - a draft that does not validate yet is not the app's to play
            continue
        out.append(path.stem)
    return out


SHIPPED = shipped_rulesets()
# the shipped games beyond Thunee: every concept of issue 25 is in one of them (the turn-up and going alone in
# Euchre, roem in Klaverjas, honours and the rubber in Whist, sides of one and bids in Oh Hell, stones and the
# closed trump in 304)
GAMES = [n for n in ("304", "euchre", "klaverjas", "klaverjas-amsterdam", "oh-hell", "whist") if n in SHIPPED]
CONCEPT_GAMES = loadable(CONCEPTS)
# the words of Thunee a player of another game would trip on (the Thunee rulesets' own are theirs)
THUNEE_WORDS = re.compile(r"\b(balls?|call|calls|called|calling|jodies|jodie|thunee(?!-dsl)|khanaak|corner house)\b",
                          re.I)  # ("thunee-dsl", the program's name, is not the game)


def put_rulesets(home: Path, *names: str) -> None:
    """The concept rulesets into the user's folder, as a player would save them (``names``: the ones the test is
    about; the shipped games are the app's own)."""
    folder = home / "rulesets"
    folder.mkdir(parents=True, exist_ok=True)
    for path in CONCEPTS.glob("*.yaml"):
        shutil.copy(path, folder / path.name)  # (all of them: an overlay's base is beside it)


def own_words(name: str) -> set[str]:
    """The Thunee words the ruleset's own YAML uses outside comments (a ruleset with calls may say "call")."""
    path = SHIPPED[name] if name in SHIPPED else CONCEPTS / f"{name}.yaml"
    text = yaml.safe_dump(yaml.safe_load(path.read_text(encoding="utf-8")))
    return {m.lower() for m in THUNEE_WORDS.findall(text)}


def is_rulebook(text: str) -> bool:
    """The rulebook the Library shows (model/rulebook.py writes it: its words are tested apart, see below)."""
    return "#### Players and cards" in text or "Generated from the ruleset file" in text


def page_texts(at, rulebook: bool = False) -> list[str]:
    """Every text the page shows: markdown, captions, HTML (without its styles and scripts), buttons and their
    help, headings, messages, expanders' and boxes' labels; the rulebook only if ``rulebook``."""
    out = []
    for kind in ("markdown", "caption", "html", "button", "subheader", "title", "warning", "info", "error",
                 "success", "expander", "selectbox", "radio", "text_input"):
        for element in at.get(kind):
            for attr in ("body", "label", "help", "placeholder"):
                value = getattr(element.proto, attr, None)
                if isinstance(value, str) and value and (rulebook or not is_rulebook(value)):
                    out.append(re.sub(r"<(style|script)\b.*?</\1>", "", value, flags=re.S))
    return out


def strays(at, name: str, rulebook: bool = False) -> dict[str, str]:
    """The Thunee words on the page the ruleset ``name`` does not use, each with the text it was found in."""
    allowed = own_words(name)
    found = {}
    for text in page_texts(at, rulebook):
        for m in THUNEE_WORDS.finditer(text):
            word = m.group(0).lower()
            if word not in allowed and not (word.startswith("call") and "call" in allowed):
                found.setdefault(word, text[max(0, m.start() - 80):m.end() + 40])
    return found


def start(app, name: str, seed: int = 3, seat: int = 0):
    """Playtest dealing the user's ruleset ``name`` (random bots), as test_app_playtest deals a shipped one."""
    return start_playtest(app, ref=ref(name), seed=seed, seat=seat)


def ref(name: str) -> str:
    """The app's name for a ruleset: a shipped game, or one of the user's."""
    return f"shipped:{name}" if name in SHIPPED else f"mine:{name}"


def buttons(at) -> list:
    return [b for b in at.button if (b.key or "").startswith(("pt_card_", "pt_do_")) and not b.disabled]


def click(at, button) -> None:
    button.click().run()
    assert not at.exception, at.exception


def table_html(at) -> str:
    return next(h.proto.body for h in at.get("html") if 'class="pt-table"' in h.proto.body)


def status_html(at) -> str:
    return next(h.proto.body for h in at.get("html") if 'class="pt-status"' in h.proto.body)


# -- words -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_deal_on_playtest_speaks_the_games_own_words(app, home, name):
    """A whole deal played through the page, to its story and scores: every text it showed is free of the
    Thunee words the ruleset does not use."""
    put_rulesets(home, name)
    at = start(app, name)
    rng, found = random.Random(name), {}
    for _ in range(120):
        found.update(strays(at, name))
        if at.session_state["playtest"].deal_over:  # (the deal's story and scores are on the page now)
            break
        click(at, rng.choice(buttons(at)))
    assert at.session_state["playtest"].results(), f"no deal of {name} was scored in 120 clicks"
    assert not found, f"{name}: {found}"


@pytest.mark.parametrize("name", GAMES)
def test_the_library_shows_the_game_in_its_own_words(app, home, name):
    put_rulesets(home, name)
    at = app("library")
    at.radio[0].set_value(ref(name)).run()
    assert not at.exception, at.exception
    assert load_ruleset(name).title in [s.value for s in at.subheader]
    assert not strays(at, name), strays(at, name)


@pytest.mark.parametrize("name", GAMES)
def test_the_rulebook_the_library_shows_speaks_the_games_own_words(app, home, name):
    put_rulesets(home, name)
    at = app("library")
    at.radio[0].set_value(ref(name)).run()
    assert not strays(at, name, rulebook=True), strays(at, name, rulebook=True)


# -- the Library finds them -----------------------------------------------------------------------------------
@pytest.mark.parametrize("typed, found, family", [
    ("Euchre", "euchre", "Euchre family"),
    ("whist", "whist", "Whist family"),
    ("klaverjassen", "klaverjas-amsterdam", "Jass family"),  # (Amsterdam's other name: amsterdams-klaverjassen)
    ("yuker", "euchre", "Euchre family"),  # another name Euchre goes by (its aliases)
])
def test_a_player_who_types_the_game_finds_it_with_its_family(app, home, typed, found, family):
    put_rulesets(home)
    at = app("library")
    at.text_input(key="lib_find").input(typed).run()
    assert not at.exception, at.exception
    [radio] = at.radio
    assert found in radio.options
    assert "standard" not in radio.options  # the list is the games found
    radio.set_value(ref(found)).run()
    assert any(family in c.value for c in at.caption), [c.value for c in at.caption]


def test_a_family_finds_its_games_and_nothing_found_keeps_the_whole_list(app, home):
    put_rulesets(home)
    at = app("library")
    at.text_input(key="lib_find").input("Jass family").run()
    options = at.radio[0].options
    assert "klaverjas" in options and "standard" in options  # Thunee is of the Jass family too
    assert "euchre" not in options and "whist" not in options
    at.text_input(key="lib_find").input("no such game").run()
    assert "standard" in at.radio[0].options and "euchre" in at.radio[0].options
    assert any("No ruleset answers" in c.value for c in at.caption)


# -- the table draws every concept -------------------------------------------------------------------------------
def first_seed(name: str, seat: int, wanted, answer, seeds=range(1, 200)) -> tuple[int, list[str]]:
    """The first seed at which ``seat``, answering by ``answer(legal)`` (an action), reaches a view ``wanted``
    (random bots, as the page is set): the seed and the person's answers, found with the library alone (a
    search through the page took minutes), for the page to play again."""
    ruleset = load_ruleset(name)
    for seed in seeds:
        pt = Playtest.start(ruleset, seat=seat, seed=seed, bots=tuple("random" for _ in range(ruleset.seats)))
        answers: list[str] = []
        for _ in range(12):
            view = pt.view()
            if wanted(view):
                return seed, answers
            if pt.deal_over or not view.legal or any(a.verb == "play" for a in view.legal):
                break
            action = answer(view.legal)
            answers.append(f"pt_do_{action.verb}_{action.arg}")
            pt.act(action)
    pytest.fail(f"no seed of {seeds} reaches the view wanted")


def offered_to_the_dealer(view) -> bool:
    return view.dealer == view.seat and any(a.verb == "order" for a in view.legal)


def test_euchre_the_turn_up_beside_the_dealer_order_it_up_and_the_dealers_discard(app, home):
    """The person deals: the others pass, the dealer picks the turn-up up and discards one card by clicking
    it; the turn-up stood face up beside the dealer until then."""
    seed, answers = first_seed("euchre", 0, offered_to_the_dealer, lambda legal: legal[-1])
    put_rulesets(home, "euchre")
    at = start(app, "euchre", seed=seed)
    view = at.session_state["playtest"].view()
    assert offered_to_the_dealer(view) and not answers
    turn_up = view.turn_up
    body = table_html(at)
    assert f'class="pt-turnup" data-card="{turn_up}" data-seat="{view.dealer}"' in body  # beside the dealer
    assert "pt-turnup-label" in body and "4 cards undealt" in body
    assert any("pick it up or turn it down" in m.value for m in at.markdown)
    labels = {b.label for b in at.button if (b.key or "").startswith("pt_do_")}
    assert labels == {"Pick it up", "Turn it down"}
    assert any("Pick it up" in c.value and "lay a card aside" in c.value for c in at.caption)
    click(at, at.button(key="pt_do_order_None"))
    assert turn_up in at.session_state["playtest"].view().hand  # picked up
    assert "pt-turnup" not in table_html(at)
    assert "picked up by you" in status_html(at)
    assert any("Your turn: discard" in m.value for m in at.markdown)
    cards = [b for b in at.button if (b.key or "").startswith("pt_card_") and not b.disabled]
    assert len(cards) == 6  # any card of the hand, the turn-up too
    click(at, cards[0])
    view = at.session_state["playtest"].view()
    assert len(view.hand) == 5 and any(h.endswith("discard " + cards[0].key.removeprefix("pt_card_"))
                                       for h in view.history)


def naming_a_suit(view) -> bool:
    return view.trump_round >= 2 and view.trump is None and any(a.verb == "trump" for a in view.legal)


def test_euchre_turned_down_then_a_suit_named_in_the_second_round(app, home):
    seed, answers = first_seed("euchre", 1, naming_a_suit, lambda legal: next(a for a in legal if a.verb == "pass"))
    put_rulesets(home, "euchre")
    at = start(app, "euchre", seed=seed, seat=1)
    for key in answers:
        click(at, at.button(key=key))
    view = at.session_state["playtest"].view()
    assert naming_a_suit(view)
    assert "turned down" in status_html(at) and "pt-turnup" not in table_html(at)
    assert any("name a suit for trumps" in m.value for m in at.markdown)
    labels = {b.label for b in at.button if (b.key or "").startswith("pt_do_")}
    named = sorted(label for label in labels if label.startswith("Name "))
    assert len(named) == 3 and labels - set(named) <= {"Pass"}  # any suit but the turn-up's
    assert not any(label.startswith(f"Name {card_label(view.turn_up).suit_name}") for label in named)


def test_going_alone_greys_the_partner_who_sits_out(app, home):
    def answer(legal):  # go alone when offered, else pass (or what must be said)
        return next((a for a in legal if a.verb == "alone"), next((a for a in legal if a.verb == "pass"), legal[0]))
    seed, answers = first_seed("euchre", 0, lambda view: view.sits_out is not None, answer)
    put_rulesets(home, "euchre")
    at = start(app, "euchre", seed=seed)
    for key in answers:
        click(at, at.button(key=key))
    view = at.session_state["playtest"].view()
    out = view.sits_out
    assert out is not None
    seat_div = re.search(rf'<div class="pt-seat[^"]*" data-seat="{out}"[^>]*>.*?</div></div>', table_html(at), re.S)
    assert "pt-out" in seat_div.group(0) and "sits out" in seat_div.group(0) and "hand laid down" in seat_div.group(0)
    if out == view.seat:
        assert any("you sit out this deal" in m.value for m in at.markdown)
        assert not [b for b in at.button if (b.key or "").startswith("pt_card_") and not b.disabled]


def test_oh_hell_bids_each_players_tricks_and_deal_of_n(app, home):
    """Sides of one with bids: each seat's bid on its plate and in the points table, a row per player."""
    name = "oh-hell" if "oh-hell" in GAMES else "sides-of-one"
    put_rulesets(home, name)
    at = start(app, name)
    r = at.session_state["playtest"].ruleset
    for _ in range(12):
        view = at.session_state["playtest"].view()
        if any(a.verb == "play" for a in view.legal):
            break
        click(at, buttons(at)[0])
    bids = {int(h.split()[0]): int(h.split()[2]) for h in view.history if h.split()[1:2] == ["bid"]}
    if r.bidding is not None:
        assert bids and all(f"bid {b}" in table_html(at) for b in bids.values())
    points = next(h.proto.body for h in at.get("html") if "pt-points" in h.proto.body)
    assert points.count("<tr>") == 1 + r.seats  # one row a player
    assert "card points" not in points or r.deck.total_points
    if r.game.deals:
        assert f"Deal 1 of {r.game.deals}" in status_html(at)
        assert "None to win" not in status_html(at)


def test_the_rubber_and_stones_are_on_the_status_line(app, home):
    put_rulesets(home, "rubber", "stones")
    at = start(app, "rubber")
    assert re.search(r"Rubber \(best of \d\), games: .*<b>0</b>", status_html(at))
    at = start(app, "stones")
    assert "Stones:" in status_html(at)


# -- Compare between two house rules of a new game ------------------------------------------------------------------
STICK = "extends: euchre\nname: euchre-stick\ntitle: Euchre (stick the dealer)\ntrumps:\n  all_pass: dealer must\n"


@pytest.mark.parametrize("a, b, says", [
    ("euchre", "euchre-stick", "stick the dealer"),
    ("klaverjas", "klaverjas-amsterdam", "head the trick"),
])
def test_compare_says_in_words_what_a_house_rule_changes(app, home, a, b, says):
    put_rulesets(home, "euchre", "klaverjas-amsterdam")
    (home / "rulesets" / "euchre-stick.yaml").write_text(STICK, encoding="utf-8")
    at = app("compare")
    at.selectbox(key="cmp_a").set_value(ref(a))
    at.selectbox(key="cmp_b").set_value(ref(b)).run()
    assert not at.exception, at.exception
    assert any(says in m.value for m in at.markdown), [m.value for m in at.markdown][:12]
    at.number_input(key="cmp_games").set_value(6)
    at.selectbox(key="cmp_bots").set_value("random")
    at.number_input(key="cmp_jobs").set_value(1).run()
    at.button(key="cmp_run").click().run()
    run = RUNS.current(at.session_state["cmp_owner"])
    assert run is not None and run.wait(240) and run.state == DONE
    at.run()
    assert not at.exception, at.exception
    [answer] = [e for e in [*at.success, *at.info, *at.warning] if "balance" in str(e.icon)]
    assert answer.value.strip()
    found = strays(at, a)  # (B is A with a house rule: the same words)
    assert not found, found


@pytest.mark.parametrize("name", ["euchre", "whist"])
def test_a_house_variant_in_the_editor_speaks_the_games_own_words(app, home, name):
    """"Start a new variant from this" in the Library: the Editor's forms, help, house rules offered and what it
    changes from the game, without the Thunee words the game does not use (its rulebook aside, tested above)."""
    put_rulesets(home, name)
    at = app("library")
    at.radio[0].set_value(ref(name)).run()
    at.button(key="lib_new").click().run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Editor"]
    assert not strays(at, name), strays(at, name)
