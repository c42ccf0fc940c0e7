"""Issue 25 item 3 (first part): the undealt cards (deal.undealt: the kitty, the stock) and the card turned up
for all after the deal (deal.turn_up: the top of the undealt, Oh Hell's "next card", Whist's dealer's own last
card); trumps.ways 'turn-up' makes its suit trumps with nobody choosing. A deal of the test ruleset
kitty-turn-up played card by card, worked by hand; Whist's shape (thirteen cards one at a time, the dealer's last
card turned); transcripts with 'undealt:' and 'turn_up:'; what the compile step and the replay refuse, located."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.transcript import replay_text
from thunee_dsl.loading import load_ruleset_text
from thunee_dsl.model import compile_ruleset

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "tests" / "game" / "rulesets"
KITTY = RULESETS / "kitty-turn-up.yaml"


@pytest.fixture(scope="module")
def kitty():
    return load_ruleset(str(KITTY))


# Dealer 0, clockwise, seat 1 leads; teams: seats 0 and 2 (team 0), 1 and 3 (team 1). Four cards are left
# over, the kitty, and its top card (JD) is turned up: diamonds are trumps. The right bower (JD) lies in the
# kitty, so the left bower (JH, a diamond for this deal) is the highest trump out.
HANDS = {1: "JH AD KS 9H 9C", 2: "KD AS QS AH TC", 3: "QD TD JS KH JC", 0: "9D AC QC QH TH"}
KITTY_CARDS = "JD 9S TS KC"
PLAY = [
    # trick 1: the left bower led is a trump; every other seat must follow with a diamond: JH wins (seat 1)
    "1 play JH", "2 play KD", "3 play QD", "0 play 9D",
    # trick 2: AD, the best trump left (KD, QD gone): seat 2 has no diamond left (TC), seat 0 neither (QC)
    "1 play AD", "2 play TC", "3 play TD", "0 play QC",
    # trick 3: KS led; AS wins (seat 2); seat 0 has no spade (QH), no trump to take it
    "1 play KS", "2 play AS", "3 play JS", "0 play QH",
    # trick 4: AH wins hearts (seat 2): the JH, a diamond now, is not a heart
    "2 play AH", "3 play KH", "0 play TH", "1 play 9H",
    # trick 5: QS led, nobody follows and nobody has a trump left: QS wins (seat 2)
    "2 play QS", "3 play JC", "0 play AC", "1 play 9C",
]


def dealt(ruleset, hands: dict[int, str], undealt: str, dealer: int = 0) -> GameState:
    deck = ruleset.deck
    game = GameState(ruleset, seed=0, dealer=dealer, auto_deal=False)
    game.start_deal([[deck.card(c) for c in hands[s].split()] for s in range(ruleset.seats)],
                    [deck.card(c) for c in undealt.split()])
    return game


def test_the_top_of_the_kitty_is_turned_up_and_makes_trumps(kitty):
    game = dealt(kitty, HANDS, KITTY_CARDS)
    deck = kitty.deck
    assert deck.names[game.deal.turn_up] == "JD" and deck.suits[game.deal.trump] == "D"
    for seat in range(4):  # shown to all; nobody holds it; nobody chose trumps (the dealer stands as maker)
        view = game.view(seat)
        assert view.turn_up == "JD" and view.trump == "D" and "JD" not in view.hand
    assert game.deal.trump_maker == 0 and game.deal.trump_way == "turn-up"
    assert [a.verb for a in game.legal_actions()] == ["play"] * 5  # straight to the play: nobody chooses


def test_a_kitty_deal_played_card_by_card(kitty):
    game = dealt(kitty, HANDS, KITTY_CARDS)
    for text in PLAY:
        game.apply(Action.parse(text))
    assert [w for _, _, w in game.deal.tricks] == [1, 1, 2, 2, 2]
    # team 0 (seats 0, 2) takes tricks 3-5, team 1 (seats 1, 3) tricks 1-2; each team scores its tricks
    assert game.score == [3, 2]


def test_the_left_bower_turned_up_side_must_follow_trumps(kitty):
    game = dealt(kitty, HANDS, KITTY_CARDS)
    game.apply(Action.parse("1 play JH"))
    # the JH led is a diamond: seat 2 must play its KD, its only trump
    assert [a.arg for a in game.legal_actions()] == ["KD"]


def transcript(ruleset: Path, actions: list[str]) -> str:
    """A transcript of the deal HANDS, KITTY_CARDS (dealer 0) under ``ruleset``: its undealt cards, the JD turned up."""
    hands = "\n".join(f"      {seat}: [{', '.join(HANDS[seat].split())}]" for seat in (1, 2, 3, 0))
    return (f"ruleset: {ruleset}\ndealer: 0\ndeals:\n  - hands:\n{hands}\n"
            f"    undealt: [{', '.join(KITTY_CARDS.split())}]\n    turn_up: JD\n"
            f"    actions: [{', '.join(repr(a) for a in actions)}]\n")


TRANSCRIPT = transcript(KITTY, PLAY)


def test_a_transcript_with_the_undealt_and_the_turn_up_replays():
    report = replay_text(TRANSCRIPT, "kitty.yaml")
    assert report.score == (3, 2)
    assert replay_text(TRANSCRIPT.replace("turn_up: JD", "turn_up: jd"), "kitty.yaml").score == (3, 2)  # as the hands
    # and the game writes them back
    deal = report.game.to_transcript()["deals"][0]
    assert deal["undealt"] == ["JD", "9S", "TS", "KC"]


@pytest.mark.parametrize("edit, needle, said", [
    (("    undealt: [JD, 9S, TS, KC]\n", ""), "  - hands:", "needs 'undealt'"),
    (("[JD, 9S, TS, KC]", "[JD, 9S, TS]"), "undealt:", "must list the 4 cards"),
    (("[JD, 9S, TS, KC]", "[JD, 9S, TS, KH]"), "undealt:", "KH is dealt twice"),
    (("[JD, 9S, TS, KC]", "[JD, 9S, TS, XX]"), "undealt:", "XX"),
    (("turn_up: JD", "turn_up: 9S"), "turn_up:", "the turn-up is JD"),
])
def test_what_a_transcript_replay_refuses_located(edit, needle, said):
    text = TRANSCRIPT.replace(*edit)
    with pytest.raises(RulesetError) as caught:
        replay_text(text, "kitty.yaml")
    (problem,) = caught.value.problems
    line = next(i for i, row in enumerate(text.splitlines(), 1) if needle in row)
    assert said in problem.message and problem.location.line == line, problem


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_a_shuffled_deal_turns_up_the_first_undealt_card(kitty, seed):
    game = GameState(kitty, seed=seed)
    deal = game.deal
    held = [c for cards in deal.order for c in cards]
    assert len(deal.undealt) == 4 and len(set(held) | set(deal.undealt)) == 24
    assert deal.turn_up == deal.undealt[0] and kitty.deck.suit_of[deal.turn_up] == deal.trump
    assert game.deals[-1].undealt == tuple(kitty.deck.names[c] for c in deal.undealt)


# --- Whist's shape: 52 cards, thirteen dealt one at a time, the dealer's last card turned -----------------

@pytest.fixture(scope="module")
def whist():
    return load_ruleset(str(RULESETS / "dealers-last-card.yaml"))


def test_the_dealers_last_card_is_turned_and_kept(whist):
    game = GameState(whist, seed=7, dealer=2, auto_deal=False)
    deck = whist.deck
    pack = [deck.card(f"{r}{s}") for s in "SHDC" for r in "AKQJT98765432"]
    # thirteen cards each, one at a time from the dealer's left: seat 3 first, the dealer (2) last
    hands = [pack[i::4] for i in range(4)]  # seat 0: AS JS 7S 3S ...; the dealer's last card: pack[50] = 3C
    game.start_deal(hands)
    last = hands[2][-1]
    assert deck.names[last] == "3C" and game.deal.turn_up == last and deck.suits[game.deal.trump] == "C"
    # it stays in the dealer's hand, and everyone sees it
    assert "3C" in game.view(2).hand and all(game.view(s).turn_up == "3C" for s in range(4))
    assert game.to_act == 3 and game.deal.undealt == ()


def test_whists_shape_plays_to_the_end(whist):
    rng = random.Random(3)
    game = GameState(whist, seed=3)
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    assert max(game.score) >= 5 and all(d.result.trump_maker is not None for d in game.deals)


# --- what the compile step refuses, located ---------------------------------------------------------------

def problems(text: str) -> list:
    with pytest.raises(RulesetError) as caught:
        compile_ruleset(load_ruleset_text(text, "house.yaml"))
    return [(p.location.line, p.message) for p in caught.value.problems]


def line_of(text: str, needle: str) -> int:
    return next(i for i, row in enumerate(text.splitlines(), 1) if needle in row)


KITTY_TEXT = KITTY.read_text(encoding="utf-8")


@pytest.mark.parametrize("edit, needle, said", [
    (("undealt: 4", "undealt: 5"), "undealt: 5", "deal.undealt is 5 but the deal leaves only 4 of the 24 cards"),
    (("undealt: 4", "undealt: 0"), "turn_up:", "turns up an undealt card but deal.undealt is 0"),
    (("batches: [3, 2]\n  first_receiver: dealer+1\n  undealt: 4", "batches: [3, 3]\n  first_receiver: dealer+1"),
     "turn_up:", "turns up an undealt card but the deal leaves none of the pack"),
    (("  turn_up: top of the undealt\n", ""), "ways: [turn-up]", "deal.turn_up is none"),
    (("ways: [turn-up]", "ways: [turn-up, suit]"), "ways: [turn-up", "is the only way"),
    (("turn_up: top of the undealt", "turn_up: the top card"), "turn_up:", "not one of"),
])
def test_what_the_compile_step_refuses(edit, needle, said):
    text = KITTY_TEXT.replace(*edit)
    found = problems(text)
    assert any(said in message and line == line_of(text, needle) for line, message in found), found


def test_undealt_not_given_is_the_rest_of_the_pack_where_a_card_is_turned_from_it(kitty):
    r = compile_ruleset(load_ruleset_text(KITTY_TEXT.replace("  undealt: 4\n", ""), "stock.yaml"))
    assert r.undealt == 4 == kitty.undealt
    plain = compile_ruleset(load_ruleset_text((RULESETS / "left-bower.yaml").read_text(encoding="utf-8"), "p.yaml"))
    assert plain.undealt == 0 and plain.turn_up == "none"


def test_next_card_reads_as_the_top_of_the_undealt():
    r = compile_ruleset(load_ruleset_text(KITTY_TEXT.replace("top of the undealt", "next card"), "oh.yaml"))
    game = GameState(r, seed=5)
    assert game.deal.turn_up == game.deal.undealt[0]


# --- the formula names turn_up.suit and turn_up.rank ------------------------------------------------------

def test_a_formula_reads_the_turn_up(kitty):
    text = KITTY_TEXT.replace("each_team: team.tricks",
                              'each_team: team.tricks + (if turn_up.rank == "J" and turn_up.suit == "D" then 1 else 0)')
    r = compile_ruleset(load_ruleset_text(text, "jack.yaml"))
    game = dealt(r, HANDS, KITTY_CARDS)  # the JD turned up: every team scores a point more
    for action in PLAY:
        game.apply(Action.parse(action))
    assert game.score == [4, 3]


def test_the_turn_up_is_not_a_name_without_one():
    text = (RULESETS / "left-bower.yaml").read_text(encoding="utf-8").replace(
        "each_team: team.tricks", 'each_team: if turn_up.suit == "H" then 1 else 0')
    (line, message), = problems(text)
    assert "turn_up.suit" in message and line == line_of(text, "turn_up.suit")


def test_the_rulebook_and_diff_say_the_turn_up(kitty):
    from thunee_dsl.model.diff import diff_rulesets
    from thunee_dsl.model.rulebook import render_rulebook
    book = render_rulebook(kitty)
    assert "4 cards are left over, face down: nobody sees them. Then the top card of the undealt ones is turned face " \
           "up for everyone to see. Its suit is trumps: nobody chooses." in book
    assert "Nobody chooses trumps: the suit of the card turned up after the deal is trumps" in book
    other = compile_ruleset(load_ruleset_text(KITTY_TEXT.replace("top of the undealt", "next card"), "oh.yaml"))
    assert [c.text for c in diff_rulesets(kitty, other)] == [
        "Card turned up after the deal: top of the undealt -> next card"]


def test_the_rulebook_says_the_dealers_last_card(whist):
    from thunee_dsl.model.rulebook import render_rulebook
    assert "1. **Deal** one card at a time to each player in turn, starting with the player to the dealer's left, " \
           "13 times round (13 cards each). Then the dealer's own last card is turned face up for everyone to see; the dealer keeps it in hand. Its suit is " \
           "trumps: nobody chooses." in render_rulebook(whist)
