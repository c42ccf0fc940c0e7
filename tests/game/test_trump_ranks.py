"""Issue 25 item 2: a trump suit that ranks and counts otherwise (deck.trumps: Klaverjas's J 9 A 10 K Q 8 7
with 20 and 14), and a card borrowed into the trump suit (deck.colours, '<rank> of same colour': Euchre's left
bower). Two deals of docs/rules/ played card by card, following suit with the left bower, the bots' void
inference, the tables' properties, and what the compile step refuses, located."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.play import Play
from thunee_dsl.game.tables import tables
from thunee_dsl.game.transcript import replay_file
from thunee_dsl.game.view import suit_seen
from thunee_dsl.loading import load_ruleset_text
from thunee_dsl.model import compile_ruleset
from thunee_dsl.model.cards import Deck, beats_table, iter_cards

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "tests" / "game" / "rulesets"
TRANSCRIPTS = ROOT / "tests" / "transcripts" / "cards"


@pytest.fixture(scope="module")
def klaverjas():
    return load_ruleset(str(RULESETS / "trump-ranks.yaml"))


@pytest.fixture(scope="module")
def euchre():
    return load_ruleset(str(RULESETS / "left-bower.yaml"))


def replayed(name: str):
    return replay_file(TRANSCRIPTS / name)


def winners(report) -> list[int]:
    return [winner for _, _, winner in report.game.deal.tricks]


def position(ruleset, hands: dict[int, str], actions: list[str], dealer: int = 0) -> GameState:
    """A deal dealt ``hands`` (seat -> card names) and played on to just after ``actions``."""
    deck = ruleset.deck
    game = GameState(ruleset, seed=0, dealer=dealer, auto_deal=False)
    game.start_deal([[deck.card(c) for c in hands[s].split()] for s in range(ruleset.seats)])
    for text in actions:
        game.apply(Action.parse(text))
    return game


# --- the Klaverjas order and points (docs/rules/klaverjas.md, example deal 1) ----------------------------


def test_klaverjas_deal_tricks_and_card_points():
    report = replayed("klaverjas_ranks.yaml")
    # worked in the transcript's comments: the 9 of trumps beats the Ace of trumps (trick 1), the Jack of
    # trumps wins (2), the lowest trump wins a trick of plain cards (4); in a plain suit the Ace and the 10
    # are above the King, and the Jack counts 2 (5, 7)
    assert winners(report) == [3, 3, 3, 3, 1, 1, 0, 0]
    deal = report.deals[0]
    assert deal.card_points == (43, 109)  # team 0: 19 + 24; team 1: 25 + 27 + 10 + 3 + 27 + 17
    assert sum(deal.card_points) + 10 == 162  # 152 card points and the last trick
    assert report.score == (53, 109)  # each team its card points, the last trick's 10 to team 0


def test_klaverjas_tables(klaverjas):
    deck = klaverjas.deck
    spades = deck.row(deck.suit("S"))
    js, nine, ace = deck.card("JS"), deck.card("9S"), deck.card("AS")
    assert (deck.points_for[spades][js], deck.points_for[spades][nine], deck.points_for[spades][ace]) == (20, 14, 11)
    assert deck.points[js] == 2 and deck.points[nine] == 0  # the plain points, and with hearts trumps
    assert deck.points_for[deck.row(deck.suit("H"))][js] == 2
    assert sum(deck.points_for[spades]) == 62 + 3 * 30 and deck.total_points == 152
    row = klaverjas.beats[spades]
    assert (row[ace] >> nine) & 1 and (row[nine] >> js) & 1 and not (row[js] >> ace) & 1
    hearts = klaverjas.beats[deck.suit("H")]  # spades plain: the Ace beats the Jack
    assert (hearts[js] >> ace) & 1 and not (hearts[ace] >> js) & 1


def test_points_held_count_the_trump_points(klaverjas):
    hands = {0: "9D 9H TH AH KC KD QD 7H", 1: "KH AC 8H 7D AD AS QC QS",
             2: "QH TC KS JC 8S 8C TD 7C", 3: "9S JS 8D 7S 9C JD JH TS"}
    game = position(klaverjas, hands, ["1 trump S"])
    # seat 3 holds 9S JS 7S TS (14 + 20 + 0 + 10) and 8D 9C (0) JD JH (2 + 2)
    assert game.deal.points_held[3] == 48


# --- Euchre's bowers (docs/rules/euchre.md, example deal 1) ------------------------------------------------


def test_euchre_deal_tricks():
    report = replayed("euchre_bowers.yaml")
    # the right bower takes the Ace of trumps (1); the left bower led is a trump, followed by hearts (2);
    # the AD wins diamonds, the JD gone to hearts (4); the JS is a plain spade (5)
    assert winners(report) == [2, 2, 1, 3, 3]
    assert report.score == (2, 3)


EUCHRE_HANDS = {0: "QH AS TD 9S 9H", 1: "9C TH KH QD AH", 2: "KS KD JS JD JH", 3: "AC QS QC AD TC"}


def test_left_bower_is_a_trump_for_following(euchre):
    deck = euchre.deck
    game = position(euchre, EUCHRE_HANDS, ["2 trump H", "1 play AH", "2 play JH", "3 play TC", "0 play 9H",
                                           "2 play JD"])
    # the left bower led asks for hearts: seat 3 has none (any card), then seat 0 must play its QH
    assert game.to_act == 3 and len(game.legal_actions()) == 4
    game.apply(Action.parse("3 play QS"))
    assert [a.arg for a in game.legal_actions()] == ["QH"]
    refusal = game.explain_illegal(Action.parse("0 play TD"))
    assert "must follow suit (H)" in refusal
    assert deck.suits[Play.suit_led(game.deal)] == "H"


def test_left_bower_must_be_played_to_a_trump_lead(euchre):
    # hearts trumps, a heart led: seat 2's only trump is the JD (the rest diamonds): it must play the JD
    hands = {0: "AH KS QS JS TS", 1: "9H TC QC KC AC", 2: "JD KD QD 9D TD", 3: "AD KH QH TH 9C"}
    game = position(euchre, hands, ["2 trump H", "1 play 9H"])
    assert [a.arg for a in game.legal_actions()] == ["JD"]
    refusal = Play.verify(game.deal, Action.parse("2 play KD"))
    assert "must follow suit (H)" in refusal and refusal.offence == "revoke"
    game.apply(Action.parse("2 play JD"))
    assert [a.arg for a in game.legal_actions()] == ["KH", "QH", "TH"]  # seat 3 follows with hearts
    game.apply(Action.parse("3 play KH"))
    game.apply(Action.parse("0 play AH"))
    assert game.deal.tricks[-1][2] == 2  # the left bower above the Ace of trumps


def test_left_bower_is_not_its_own_suit(euchre):
    # hearts trumps, diamonds led: seat 2 holds JD and other diamonds: the JD is not a diamond this deal
    hands = {0: "AH KS QS JS TS", 1: "AD 9C TC QC KC", 2: "JD KD QD 9S 9H", 3: "AC 9D KH QH TH"}
    game = position(euchre, hands, ["2 trump H", "1 play AD"])
    assert [a.arg for a in game.legal_actions()] == ["KD", "QD"]
    refusal = Play.verify(game.deal, Action.parse("2 play JD"))
    assert "must follow suit (D)" in refusal and refusal.offence == "revoke"
    assert "must follow suit (D)" in game.explain_illegal(Action.parse("2 play JD"))
    # with no other diamond the JD may be played, as a trump: it wins the trick
    hands = {0: "AH KC QS JS TS", 1: "AD 9C TC QC KD", 2: "JD KS 9S AS 9H", 3: "AC 9D KH QH TH"}
    game = position(euchre, hands, ["2 trump H", "1 play AD"])
    assert sorted(a.arg for a in game.legal_actions()) == sorted(hands[2].split())
    for text in ("2 play JD", "3 play 9D", "0 play TS"):
        game.apply(Action.parse(text))
    assert game.deal.tricks[-1][2] == 2


def test_void_inference_reads_the_effective_suit(euchre):
    t = tables(euchre)
    deck = euchre.deck
    hearts = deck.suit("H")
    row = euchre.beats[hearts]
    # a heart led, a club played: the seat holds no heart, and not the left bower either
    out = Play.cannot_hold(t, hearts, deck.card("AH"), deck.card("AH"), deck.card("9C"), False, row)
    assert deck.names_of(out) == ("AH", "KH", "QH", "JH", "TH", "9H", "JD")
    # a diamond led, a spade played: no diamond but the left bower, which may still be held
    out = Play.cannot_hold(t, hearts, deck.card("AD"), deck.card("AD"), deck.card("9S"), False, row)
    assert deck.names_of(out) == ("AD", "KD", "QD", "TD", "9D")
    # the left bower played to a heart lead is following suit: nothing inferred
    assert Play.cannot_hold(t, hearts, deck.card("AH"), deck.card("AH"), deck.card("JD"), False, row) == 0


def test_euchre_tables(euchre):
    deck = euchre.deck
    for trump, left in (("H", "JD"), ("D", "JH"), ("S", "JC"), ("C", "JS")):
        r = deck.row(deck.suit(trump))
        assert deck.names_of(deck.borrowed_for[r]) == (left,)
        order = sorted(iter_cards(deck.suit_masks_for[r][deck.suit(trump)]), key=lambda c: deck.strength_for[r][c])
        assert [deck.names[c][0] for c in order] == ["J", "J", "A", "K", "Q", "T", "9"]
        assert deck.names[order[1]] == left
    nt = deck.row(None)
    assert deck.borrowed_for[nt] == 0 and deck.suit_masks_for[nt] == deck.suit_masks


# --- the tables' properties ---------------------------------------------------------------------------------


@st.composite
def decks(draw):
    n_suits = draw(st.sampled_from([2, 4, 6]))
    suits = "SHDCXY"[:n_suits]
    ranks = "AKQJT98765"[:draw(st.integers(2, 8))]
    points = tuple(draw(st.integers(0, 20)) for _ in ranks)
    order = list(draw(st.permutations(ranks)))
    borrowed = draw(st.lists(st.sampled_from(ranks), unique=True, max_size=2))
    for rank in borrowed:
        order.insert(draw(st.integers(0, len(order))), rank + "*")
    trump_points = draw(st.none() | st.just(tuple(draw(st.integers(0, 30)) for _ in ranks)))
    colours = tuple("black" if i % 4 in (0, 3) else "red" for i in range(n_suits))
    return Deck(suits=tuple(suits), ranks=tuple(ranks), rank_points=points,
                trump_order=tuple((r.rstrip("*"), r.endswith("*")) for r in order),
                trump_rank_points=trump_points, colours=colours)


@settings(max_examples=60, deadline=None)
@given(decks())
def test_each_trump_makes_suits_that_partition_the_pack(deck):
    for trump in (*range(len(deck.suits)), None):
        r = deck.row(trump)
        masks = deck.suit_masks_for[r]
        assert sum(m.bit_count() for m in masks) == deck.size and sum(masks) == deck.full_mask
        for c in range(deck.size):
            assert (masks[deck.suit_of_for[r][c]] >> c) & 1
        row = beats_table(deck, trump)
        for a in range(deck.size):
            for b in range(a + 1, deck.size):
                if deck.suit_of_for[r][a] == deck.suit_of_for[r][b]:
                    assert ((row[a] >> b) & 1) != ((row[b] >> a) & 1)  # one of two cards of a suit is higher
                elif trump is not None and trump in (deck.suit_of_for[r][a], deck.suit_of_for[r][b]):
                    trump_card, other = (a, b) if deck.suit_of_for[r][a] == trump else (b, a)
                    assert (row[other] >> trump_card) & 1 and not (row[trump_card] >> other) & 1
                else:
                    assert not (row[a] >> b) & 1 and not (row[b] >> a) & 1
        if trump is not None:
            assert deck.borrowed_for[r] & ~masks[trump] == 0  # a borrowed card is a trump
            assert masks[trump].bit_count() == len(deck.ranks) + deck.borrowed_for[r].bit_count()


# --- what the compile step refuses, located -------------------------------------------------------------------


DECK = 'deck:\n  suits: [S, H, D, C]\n  ranks: [A, K, Q, J, T, "9"]\n'
COLOURS = "  colours: {S: black, C: black, H: red, D: red}\n"


def problems(tmp_path, deck_lines: str) -> list[tuple[int, int, str]]:
    """The located problems of the test ruleset left-bower with its deck written ``DECK + deck_lines``."""
    text = (RULESETS / "left-bower.yaml").read_text(encoding="utf-8")
    start, end = text.index("deck:\n"), text.index("deal:\n")
    text = text[:start] + DECK + deck_lines + text[end:]
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        compile_ruleset(load_ruleset_text(text, str(path)))
    return [(p.location.line, p.location.column, p.message) for p in caught.value.problems]


def line_of(tmp_path, needle: str) -> int:
    return next(i for i, line in enumerate((tmp_path / "house.yaml").read_text().splitlines(), 1) if needle in line)


def test_a_borrowed_card_is_written_either_way(tmp_path):
    for entry in ("J of same color", "j OF same colour"):
        r = load_ruleset_text((RULESETS / "left-bower.yaml").read_text(encoding="utf-8").replace(
            "J of same colour", entry), str(tmp_path / "house.yaml"))
        assert compile_ruleset(r).deck.trump_order[1] == ("J", True)


def test_a_borrowed_card_needs_colours(tmp_path):
    (line, column, message), = problems(tmp_path, "  trumps:\n    ranks: [J, J of same colour, A, K, Q, T, \"9\"]\n")
    assert line == line_of(tmp_path, "J of same colour") and column == 16
    assert "give deck.colours" in message


@pytest.mark.parametrize("deck_lines, needle, said", [
    ("  trumps:\n    ranks: [J, A, K, Q, T]\n", "ranks: [J, A", "missing: 9"),
    (COLOURS + "  trumps:\n    ranks: [J, Jack of same colour, A, K, Q, T, \"9\"]\n", "Jack of same colour",
     "'Jack of same colour' is not a rank of the deck then 'of same colour'"),
    (COLOURS + "  trumps:\n    ranks: [J, J of same colour, A, K, Q, T, \"9\", J]\n", "ranks: [J, J of",
     "'J' is listed twice"),
    ("  colours: {S: black, C: black, H: red, X: red}\n", "colours:", "deck.colours names suit 'X'"),
    ("  colours: {S: black, C: black, H: red}\n", "colours:", "gives no colour to D"),
    ("  colours: {S: black, C: red, H: red, D: red}\n  trumps:\n    ranks: [J, J of same colour, A, K, Q, T, \"9\"]\n",
     "J of same colour", "needs each colour of deck.colours to have two suits"),
    ("  trumps:\n    points: {J: 20, N: 14}\n", "N: 14", "deck.trumps.points names rank 'N'"),
])
def test_what_the_compile_step_refuses(tmp_path, deck_lines, needle, said):
    found = problems(tmp_path, deck_lines)
    assert len(found) == 1, found
    line, _, message = found[0]
    assert said in message and line == line_of(tmp_path, needle)


def test_an_undertaking_ranking_with_a_trump_order_is_refused(tmp_path):
    text = (RULESETS / "trump-ranks.yaml").read_text(encoding="utf-8") + textwrap.dedent("""
        undertakings:
          royals:
            verb: royals
            after_batch: 3
            leader: caller
            trump: none
            caught: when beaten
            ranking: ["7", "8", "9", J, Q, K, T, A]
            balls: {success: 4, caught: 4}
        """)
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        compile_ruleset(load_ruleset_text(text, str(path)))
    assert any("cannot be combined with the trump suit's own order" in p.message for p in caught.value.problems)


def test_the_view_sees_the_left_bower_as_a_trump(euchre):
    game = position(euchre, EUCHRE_HANDS, [])
    view = game.view(1)
    assert view.trump is None and suit_seen(euchre, view, "JD") == "D"  # trumps not made yet: its own suit
    game.apply(Action.parse("2 trump H"))
    view = game.view(1)
    assert suit_seen(euchre, view, "JD") == "H" and suit_seen(euchre, view, "JS") == "S"
    assert suit_seen(euchre, view, "JH") == "H" and suit_seen(euchre, view, "9D") == "D"
