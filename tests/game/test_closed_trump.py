"""Issue 25 item 7: a closed trump shown on demand, and a card played face down (304: docs/rules/304.md).

``tests/game/rulesets/closed-trump.yaml`` (304's pack, J 9 A 10 K Q 8 7 counted 30 20 11 10 3 2; 8 tricks; bids of
points; stones) keeps the trumper's card face down: ``trumps.revealed: on demand``, ``trumps.revealed_if: bid >= 250
and tricks_played >= 1``, ``play.void_while_closed: face down``. Deals of docs/rules/304.md played card by card,
worked by hand; what each seat's view is given; the refusals, located; the bots."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.families import families
from thunee_dsl.game.transcript import replay_file
from thunee_dsl.game.trumps import AskTrumps
from thunee_dsl.loading import load_ruleset_text
from thunee_dsl.model import compile_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook
from thunee_dsl.players import decide, make_bot

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "tests" / "game" / "rulesets"
TRANSCRIPTS = ROOT / "tests" / "transcripts" / "closed"

# docs/rules/304.md, example deal 1: the first four cards, then the second four (dealer 0, seat 1 the dealer's right)
HANDS = {0: "7D JD TC 8S KS 9D AD 7H", 1: "9H JC 8H AH 7S QC JH 9C",
         2: "KC 9S QS TS JS AC AS 8C", 3: "8D QD QH KH KD 7C TD TH"}
# seat 1 bids 160 and places 8H face down (hearts); nobody bids 250 on eight cards
BIDDING = ["1 bid 160", "2 pass", "3 pass", "0 pass", "1 trump 8H", "1 pass", "2 pass", "3 pass", "0 pass"]
# trick 1: J of clubs wins, 30 + 0 + 0 + 10 = 40 for team 1 (seats 1, 3)
TRICK_1 = ["1 play JC", "2 play 8C", "3 play 7C", "0 play TC"]


@pytest.fixture(scope="module")
def closed():
    return load_ruleset(str(RULESETS / "closed-trump.yaml"))


def position(ruleset, actions: list[str]) -> GameState:
    """Example deal 1 dealt, played on to just after ``actions``."""
    game = GameState(ruleset, seed=0, dealer=0, auto_deal=False)
    game.start_deal([[ruleset.deck.card(c) for c in HANDS[s].split()] for s in range(4)])
    for text in actions:
        game.apply(Action.parse(text))
    return game


def tricks_won(game) -> list[tuple[int, int]]:
    """(winner, card points) of each finished trick."""
    r = game.ruleset
    return [(w, sum(r.deck.points[c] for _, c in cards)) for _, cards, w in game.deal.tricks]


# --- the worked deals of docs/rules/304.md ------------------------------------------------------------------

def test_example_deal_1_the_trump_closed_to_the_last_trick():
    """Seven tricks with cards played face down, none a trump: trumps stay closed; trick 8's face-down 8H (the
    trumper's last card, the trump card) wins and shows trumps. 40+34+26+31+34+26+60 = 251 for team 1, 53 for
    team 0 (trick 7: JS 30 + KD 3 + 9D 20); 251 >= 160 made, a bid under 200: one stone, 11/11 -> 10/12."""
    report = replay_file(TRANSCRIPTS / "304-1.yaml")
    game = report.game
    assert tricks_won(game) == [(1, 40), (1, 34), (1, 26), (1, 31), (1, 34), (1, 26), (2, 53), (1, 60)]
    assert list(game.deal.team_cards) == [53, 251]
    assert game.deal.trump_revealed
    assert list(game.score) == [10, 12]
    # the cards played face down: 15 of them (tricks 2-8)
    assert game.deal.played_down.bit_count() == 15


def test_example_deal_1_stays_closed_until_the_trump_cuts(closed):
    actions = [a.strip() for a in (TRANSCRIPTS / "304-1.yaml").read_text().split("actions:")[1].splitlines()
               if a.strip().startswith("- ")]
    texts = [a[2:].split("#")[0].strip() for a in actions]
    game = position(closed, texts[:-1])  # all but trick 8's last card
    assert not game.deal.trump_revealed
    assert game.view(2).trump is None and game.view(1).trump == "H"  # only the trumper knows
    game.apply(Action.parse(texts[-1]))
    assert game.deal.trump_revealed or game.is_over


def test_example_deal_2_a_bid_of_250_shows_trumps_after_the_first_trick():
    """Seat 3 takes over at 250 with JC face down (clubs): trumps are shown at the end of trick 1 (revealed_if).
    Team 1: 31 + 71 + 51 + 35 = 188 < 250: lost; the trumper's team gives 4 stones: 11/11 -> 15/7."""
    report = replay_file(TRANSCRIPTS / "304-2.yaml")
    game = report.game
    assert [w for w, _ in tricks_won(game)] == [1, 3, 3, 3, 0, 0, 0, 0]
    assert list(game.deal.team_cards) == [116, 188]
    assert game.deal.played_down == 0  # open from trick 2: nothing is played face down
    assert list(game.score) == [15, 7]


def test_a_trump_cut_face_down_wins_and_shows_trumps(closed):
    """Trick 2: 1 leads QC, 2 follows AC (A beats Q), 3 has no clubs and cuts with TH face down (hearts are
    trumps), 0 has no clubs and plays 8S face down (not a trump: it loses). TH wins: 2 + 11 + 10 + 0 = 23 for
    team 1; trumps are shown. Trick 3, open: 3 leads KD, 0 JD, 1 cuts with 9H face up, 2 plays 9S: 9H wins,
    3 + 30 + 20 + 20 = 73. Team 1: 40 + 23 + 73 = 136."""
    game = position(closed, BIDDING + TRICK_1 + ["1 play QC", "2 play AC"])
    legal = game.legal_actions()
    assert Action(3, "down", "TH") in legal and Action(3, "ask") in legal
    assert not any(a.verb == "play" for a in legal)  # no card face up while trumps are closed
    game.apply(Action.parse("3 play TH down"))
    # what each seat is given of the trick: the face-down card is its player's and the trumper's alone
    assert game.view(3).trick == ((1, "QC"), (2, "AC"), (3, "TH"))
    assert game.view(1).trick == ((1, "QC"), (2, "AC"), (3, "TH"))
    assert game.view(0).trick == game.view(2).trick == ((1, "QC"), (2, "AC"), (3, "??"))
    assert game.view(0).history[-1] == "3 play ?? down" and game.view(1).history[-1] == "3 play TH down"
    assert game.view(0).trump is None
    game.apply(Action.parse("0 play 8S down"))
    assert tricks_won(game)[-1] == (3, 23)
    assert game.deal.trump_revealed
    # turned up: the trump that cut; 8S stays face down to seats 2 and 3
    assert game.view(2).tricks[-1].cards == ((1, "QC"), (2, "AC"), (3, "TH"), (0, "??"))
    assert game.view(1).tricks[-1].cards[-1] == (0, "8S") and game.view(0).tricks[-1].cards[-1] == (0, "8S")
    assert game.view(2).trump == "H"
    for text in ["3 play KD", "0 play JD"]:
        game.apply(Action.parse(text))
    # trumps open: seat 1 (no diamonds) plays face up, and may no longer cut face down or ask
    assert game.deal.why_not(Action(1, "down", "9H")) == "trumps are shown: every card is played face up"
    assert game.deal.why_not(Action(1, "ask")) is not None
    for text in ["1 play 9H", "2 play 9S"]:
        game.apply(Action.parse(text))
    assert tricks_won(game)[-1] == (1, 73)
    assert list(game.deal.team_cards) == [0, 136]


def test_asking_for_trumps_then_playing_face_up(closed):
    """Trick 2 as above, but seat 3 asks: trumps (hearts) are shown, and it plays TH face up; seat 0 (no clubs)
    plays 8S face up. TH wins, 23 for team 1, as with the cut."""
    game = position(closed, BIDDING + TRICK_1 + ["1 play QC", "2 play AC"])
    game.apply(Action.parse("3 ask"))
    assert game.deal.trump_revealed and game.view(0).trump == "H" and game.view(3).trump == "H"
    assert game.to_act == 3
    legal = game.legal_actions()
    assert Action(3, "play", "TH") in legal and not any(a.verb in ("down", "ask") for a in legal)
    for text in ["3 play TH", "0 play 8S"]:
        game.apply(Action.parse(text))
    assert tricks_won(game)[-1] == (3, 23)
    assert game.view(2).tricks[-1].cards == ((1, "QC"), (2, "AC"), (3, "TH"), (0, "8S"))


def test_a_face_down_card_that_is_no_trump_loses(closed):
    """Trick 2: 1 leads 9C, 2 AC (9 beats A: seat 1 wins so far), 3 (no clubs) 8D face down, 0 (no clubs) AD face
    down: neither is a trump; 9C wins 20 + 11 + 0 + 11 = 42 and trumps stay closed."""
    game = position(closed, BIDDING + TRICK_1 + ["1 play 9C", "2 play AC", "3 play 8D down", "0 play AD down"])
    assert tricks_won(game)[-1] == (1, 42)
    assert not game.deal.trump_revealed
    assert game.view(2).tricks[-1].cards == ((1, "9C"), (2, "AC"), (3, "??"), (0, "??"))


def test_what_is_refused_while_trumps_are_closed(closed):
    game = position(closed, BIDDING + TRICK_1)
    deal = game.deal
    # the trumper's card lies face down: not led, not played face up, while it holds another card
    assert "closed trump card" in deal.why_not(Action(1, "play", "8H"))
    assert Action(1, "play", "8H") not in game.legal_actions()
    assert deal.why_not(Action(1, "down", "QC")) == "seat 1 is to lead: a lead is played face up"
    assert deal.why_not(Action(1, "ask")).startswith("seat 1 is to lead")
    game.apply(Action.parse("1 play QC"))
    # seat 2 holds clubs: it follows face up, neither cuts nor asks
    assert deal.why_not(Action(2, "down", "QS")) == "seat 2 can follow suit (C): a card that follows is played face up"
    assert deal.why_not(Action(2, "down", "QS")).offence == "revoke"
    assert deal.why_not(Action(2, "ask")) == "seat 2 can follow suit (C): only a player who cannot may ask for trumps"
    assert deal.why_not(Action(3, "ask")) == "it is seat 2's turn"
    game.apply(Action.parse("2 play AC"))
    assert "cannot follow suit while trumps are closed" in deal.why_not(Action(3, "play", "TH"))
    assert deal.why_not(Action(3, "ask", "H")) == "'ask' is said alone, without 'H'"


def test_the_trumper_cuts_with_its_own_card_but_cannot_ask(closed):
    """Trick 2: 1 leads 7S, 2 JS, 3 (no spades) 8D face down, 0 follows 8S: JS wins 30 for team 0. Trick 3: 2 leads
    9S, 3 (no spades) QD face down, 0 KS, 1 (the trumper, no spades) may cut with the trump card itself, never
    ask: 8H face down wins, 20 + 2 + 3 + 0 = 25 for team 1, and shows trumps."""
    game = position(closed, BIDDING + TRICK_1 + ["1 play 7S", "2 play JS", "3 play 8D down", "0 play 8S"])
    assert tricks_won(game)[-1] == (2, 30)  # JS 30 + 7S 0 + 8D 0 + 8S 0
    game.apply(Action.parse("2 play 9S"))  # seat 3: no spades
    game.apply(Action.parse("3 play QD down"))
    game.apply(Action.parse("0 play KS"))
    legal = game.legal_actions()  # seat 1: no spades left; the trumper, who knows trumps
    assert Action(1, "down", "8H") in legal and Action(1, "ask") not in legal
    assert game.deal.why_not(Action(1, "ask")) == "seat 1 made trumps: the trump maker knows them, and cannot ask for them"
    game.apply(Action.parse("1 play 8H down"))
    assert tricks_won(game)[-1] == (1, 25)
    assert game.deal.trump_revealed


# --- the ruleset's words and refusals --------------------------------------------------------------------

def test_rulebook_and_diff_words(closed):
    book = render_rulebook(closed)
    assert "**The closed trump**" in book and "**face down**" in book
    assert "after which the highest bid is at least 250" in book
    base = load_ruleset(str(RULESETS / "points-bidding.yaml"))
    said = [c.text for c in diff_rulesets(base, closed)]
    assert "Trump card shown: first lead -> on demand" in said
    assert any(s.startswith("Adds Closed trump also shown after a trick when: bid >= 250") for s in said)
    assert any("plays (face up or face down): face down" in s for s in said)


def _problems(text: str) -> list[str]:
    with pytest.raises(RulesetError) as err:
        compile_ruleset(load_ruleset_text(textwrap.dedent(text), "closed.yaml", base_dir=RULESETS))
    return [str(p) for p in err.value.problems]


@pytest.mark.parametrize("extra, expected", [
    ("trumps:\n  revealed: first lead\nplay:\n  void_while_closed: face down\n",
     "closed.yaml:6:22: a card is played face down only while the trump is closed, and trumps are shown 'first lead'"),
    ("trumps:\n  revealed: at once\n  revealed_if: bid >= 250\n",
     "closed.yaml:5:16: trumps.revealed_if shows a closed trump after a trick, and trumps are shown 'at once'"),
    ("trumps:\n  revealed: on demand\n  revealed_if: bid >= 250 and tricks_ployed >= 1\n",
     "closed.yaml:5:31: trumps.revealed_if: unknown name 'tricks_ployed'"),
    ("trumps:\n  revealed: on demand\n  revealed_if: bid + 1\n",
     "closed.yaml:5:16: trumps.revealed_if: "),
])
def test_refusals_are_located(extra, expected):
    problems = _problems("extends: points-bidding.yaml\nname: closed\n" + extra)
    assert any(p.startswith(expected) for p in problems), problems


def test_the_verbs_and_their_families(closed):
    verbs = families(closed)
    assert verbs["ask"] is AskTrumps and "down" in verbs
    standard = load_ruleset("standard")
    assert "ask" not in families(standard) and "down" not in families(standard)
    assert str(Action.parse("2 play qs down")) == "2 play QS down"
    assert Action.parse("2 play QS down") == Action(2, "down", "QS")


# --- play to the end, and the bots ----------------------------------------------------------------------

@settings(max_examples=20, deadline=None, derandomize=True, database=None)
@given(g=st.integers(0, 2**31 - 1))
def test_random_games_play_to_the_end_and_each_view_hides_the_cuts(g):
    """Random play (any seed): every deal ends; each seat's view shows a card played face down only to its player
    and the trump maker, or once turned up (a trump, at the end of its trick)."""
    closed = load_ruleset(str(RULESETS / "closed-trump.yaml"))
    rng = random.Random(g)
    game = GameState(closed, seed=g, dealer=g % 4)
    steps = 0
    while not game.is_over and steps < 4000:
        deal = game.deal
        if deal.played_down and game.to_act is not None:
            for seat in range(4):  # a card face down shows to its player and the trumper, or turned up as a trump
                view = game.view(seat)
                shown = {c for t in view.tricks for _, c in t.cards} | {c for _, c in view.trick}
                for s, c in [*deal.trick, *(x for _, cards, _ in deal.tricks for x in cards)]:
                    name = closed.deck.names[c]
                    hidden = (deal.played_down >> c) & 1 and seat not in (s, deal.trump_maker) and not (
                        deal.trump_revealed and closed.deck.suit_of[c] == deal.trump
                        and all(c != x for _, x in deal.trick))
                    assert (name not in shown) == bool(hidden), (seat, name)
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    assert game.is_over


def test_typical_bots_play_closed_trump_games_without_peeking(closed):
    wins = 0
    for g in range(6):
        typical = g % 2
        bots = [make_bot("typical" if s % 2 == typical else "random", closed, seed=10 * g + s) for s in range(4)]
        game = GameState(closed, seed=g, dealer=g % 4)
        steps = 0
        while not game.is_over and steps < 4000:
            game.apply(decide(bots[game.to_act], game))
            steps += 1
        assert game.is_over
        wins += game.winner == typical
    assert wins >= 5


def test_a_game_with_cards_face_down_is_written_and_replays_to_the_same_score(closed):
    """The transcript a game writes says 'play CARD down' and 'ask'; replayed, the same deals score the same."""
    import yaml

    from thunee_dsl.game.transcript import replay_text
    said = []
    for g in range(4):
        rng = random.Random(g)
        game = GameState(closed, seed=g, dealer=0)
        while not game.is_over and len(game.deals) <= 6:
            legal = game.legal_actions()  # (mostly a pass in the bidding: low bids keep trumps closed longer)
            game.apply(legal[-1] if legal[-1].verb == "pass" and rng.random() < 0.8 else rng.choice(legal))
        transcript = game.to_transcript()
        finished = [d for d, rec in zip(transcript["deals"], game.deals) if rec.result is not None]
        said += [a for d in finished for a in d["actions"]]
        transcript["deals"], transcript["ruleset"] = finished, str(RULESETS / "closed-trump.yaml")
        report = replay_text(yaml.safe_dump(transcript, sort_keys=False), "t.yaml", RULESETS)
        assert [list(r.balls) for r in report.deals] == [list(r.result.balls) for r in game.deals if r.result]
    assert any(a.endswith(" down") for a in said) and any(a.endswith(" ask") for a in said)


def test_the_playtest_offers_the_cut_and_the_ask_in_words_and_never_tells_a_hidden_winner(closed):
    from thunee_dsl.editor.cards import action_label
    from thunee_dsl.editor.playtest import Playtest
    assert action_label(Action(2, "down", "QS")) == "Play Q♠ face down"
    assert action_label(Action(2, "ask")) == "Ask for trumps"
    seen = set()
    for seed in range(12):  # (a cut face down seen by seat 0 comes up in about one game in six or ten)
        if {"hidden", "down"} <= seen:
            break
        pt = Playtest.start(closed, seat=0, seed=seed, bots="typical")
        rng = random.Random(seed)
        while not pt.is_over and pt.started <= 3:
            if pt.deal_over:
                pt.next_deal()
                continue
            view = pt.view()
            if any(c == "??" for _, c in view.trick):
                assert pt.winning_now(view) is None
                seen.add("hidden")
            legal = view.legal  # (mostly a pass in the bidding: low bids keep trumps closed longer)
            choice = legal[-1] if legal[-1].verb == "pass" and rng.random() < 0.8 else rng.choice(legal)
            seen.add(choice.verb)
            pt.act(choice)
    assert {"hidden", "down"} <= seen
