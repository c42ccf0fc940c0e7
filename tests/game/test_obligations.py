"""Issue 25 item 5: the duties of a player following to a trick as formulas (play.obligations), applied in
order after following suit, each narrowing the cards allowed to those it names when the hand holds one.

The design's worked position under Rotterdam's and Amsterdam's lists (docs/design/beyond-thunee.md, section 5),
a Klaverjas-like deal played card by card with each of Rotterdam's duties firing (worked by hand below), the
refusals (the obligation's words, a revoke), a property over random obligation lists (the mask-compiled duties
agree with the formulas evaluated card by card, and the legal cards are never empty), and what the compile
step refuses, located."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.play import Play
from thunee_dsl.game.tables import tables
from thunee_dsl.loading import load_ruleset_text
from thunee_dsl.model import compile_ruleset
from thunee_dsl.model.cards import iter_cards
from thunee_dsl.model.quantities import PlayEnv

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "players"))
from test_knowledge_never_excludes_the_truth import check_game  # noqa: E402
from test_trump_ranks import position as dealt  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "tests" / "game" / "rulesets"


# the test rulesets, loaded once (Rotterdam's duties, Amsterdam's)
rotterdam = pytest.fixture(scope="module", name="rotterdam")(lambda: load_ruleset(str(RULESETS / "obligations.yaml")))
amsterdam = pytest.fixture(scope="module", name="amsterdam")(
    lambda: load_ruleset(str(RULESETS / "obligations-amsterdam.yaml")))


def position(ruleset, hands: dict[int, str], actions: list[str]) -> GameState:
    """The deal dealt ``hands`` by seat 2 (seat 3 makes trumps and leads), played on to just after ``actions``."""
    return dealt(ruleset, hands, actions, dealer=2)


def legal(game: GameState) -> set[str]:
    return {a.arg for a in game.legal_actions() if a.verb == "play"}


# --- the design's worked position -------------------------------------------------------------------------
# Spades trumps; seat 3 leads TC, seat 0 plays 7C; seat 1, void in clubs, holds TH QH 7H 8D TD 8S 7S (a first
# trick of diamonds has been played, seat 3 winning it). Seat 1's partner (seat 3) is winning the trick.
WORKED = {0: "AS TS AH KH 7D QD 7C JC", 1: "TH QH 7H 8D TD 8S 7S 9D",
          2: "KS QS JH 9H 8H KD JD 8C", 3: "JS 9S AD TC AC KC QC 9C"}
WORKED_PLAY = ["3 trump S", "3 play AD", "0 play 7D", "1 play 9D", "2 play KD", "3 play TC", "0 play 7C"]


def test_the_design_position_rotterdam_allows_a_trump_only(rotterdam):
    game = position(rotterdam, WORKED, WORKED_PLAY)
    assert legal(game) == {"8S", "7S"}  # must trump when void, even over the partner; both beat the TC


def test_the_design_position_amsterdam_allows_all_seven(amsterdam):
    game = position(amsterdam, WORKED, WORKED_PLAY)
    # the partner heads the trick: no duty to trump; a trump played beats the TC, so it undertrumps nothing
    assert legal(game) == {"TH", "QH", "7H", "8D", "TD", "8S", "7S"}


# --- a deal played card by card under Rotterdam's list -------------------------------------------------------
# Dealer 2; seat 3 (elder hand) chooses spades and leads. Spades rank J 9 A T K Q 8 7 and count J 20, 9 14,
# A 11, T 10, K 4, Q 3; the other suits A 10 K Q J 9 8 7, counting A 11, T 10, K 4, Q 3, J 2. Teams: 0 (seats
# 0, 2), 1 (seats 1, 3).
#   1: 3 TC, 0 7C, 1 TS, 2 AS   1 void: must trump (9S TS JS); 2 void: must overtrump the TS: AS (7S refused)
#                               seat 2 wins: 10 + 0 + 10 + 11 = 31 to team 0
#   2: 2 7S, 3 QS, 0 KS, 1 9S   a trump led: 0 must overtrump the QS: KS (8S refused); seat 1 wins
#                               0 + 3 + 4 + 14 = 21 to team 1
#   3: 1 7H, 2 AH, 3 8H, 0 8S   0 void, its partner winning: must trump all the same (7D refused); seat 0 wins
#                               0 + 11 + 0 + 0 = 11 to team 0
#   4: 0 9D, 1 AD, 2 JD, 3 9H   3 void and no trump: any card; seat 1 wins: 0 + 11 + 2 + 0 = 13 to team 1
#   5: 1 JS, 2 JH, 3 JC, 0 7D   a trump led nobody can beat: no duty; seat 1: 20 + 2 + 2 + 0 = 24 to team 1
#   6: 1 TD, 2 QH, 3 QC, 0 8D   seat 1: 10 + 3 + 3 + 0 = 16 to team 1
#   7: 1 KD, 2 KH, 3 KC, 0 8C   seat 1: 4 + 4 + 4 + 0 = 12 to team 1
#   8: 1 QD, 2 TH, 3 AC, 0 9C   seat 1: 3 + 10 + 11 + 0 = 24 to team 1, and the last trick's 10
# Team 0: 31 + 11 = 42. Team 1: 21 + 13 + 24 + 16 + 12 + 24 = 110, + 10 = 120. 42 + 110 = 152 card points.
DEAL = {0: "KS 8S 7C 8C 9C 7D 8D 9D", 1: "9S TS JS 7H TD AD KD QD",
        2: "AS 7S AH TH KH QH JH JD", 3: "QS TC AC KC QC JC 8H 9H"}
PLAYED = ["3 TC", "0 7C", "1 TS", "2 AS", "2 7S", "3 QS", "0 KS", "1 9S", "1 7H", "2 AH", "3 8H", "0 8S",
          "0 9D", "1 AD", "2 JD", "3 9H", "1 JS", "2 JH", "3 JC", "0 7D", "1 TD", "2 QH", "3 QC", "0 8D",
          "1 KD", "2 KH", "3 KC", "0 8C", "1 QD", "2 TH", "3 AC", "0 9C"]
# the legal cards before some of the cards above (index in PLAYED), worked from the list by hand
EXPECTED = {
    1: {"7C", "8C", "9C"},  # following suit
    2: {"9S", "TS", "JS"},  # void in clubs: must trump; each trump beats the TC
    3: {"AS"},  # void: must trump, and a trump played must overtrump the TS when it can (7S does not)
    5: {"QS"},  # a trump led: the one trump held
    6: {"KS"},  # a trump led: must overtrump the QS (the 8S would not)
    7: {"9S", "JS"},  # both beat the KS
    11: {"8S"},  # void in hearts, the partner's AH heading the trick: must trump even so
    15: {"AC", "KC", "QC", "JC", "9H"},  # void in diamonds, no trump: anything
    17: {"TH", "KH", "QH", "JH"},  # the JS led, no trump beats it: the duty asks nothing
}


def test_a_rotterdam_deal_card_by_card(rotterdam):
    game = position(rotterdam, DEAL, ["3 trump S"])
    for i, play in enumerate(PLAYED):
        if i in EXPECTED:
            assert legal(game) == EXPECTED[i], (i, play)
        seat, card = play.split()
        game.apply(Action(int(seat), "play", card))
    tricks = game.deal.tricks if not game.results else None
    result = game.results[0]
    assert result.card_points == (42, 110)
    assert result.balls == (42, 120)  # the last trick's 10 to team 1
    assert tricks is None or [w for _, _, w in tricks] == [2, 1, 0, 1, 1, 1, 1, 1]


@pytest.mark.parametrize("before, card, says", [
    (3, "7S", "a trump played must overtrump when it can"),
    (6, "8S", "overtrump on a trump lead"),
    (11, "7D", "trump when void, even over the partner"),
])
def test_a_card_against_an_obligation_is_refused_in_its_words_as_a_revoke(rotterdam, before, card, says):
    game = position(rotterdam, DEAL, ["3 trump S"] + [f"{p.split()[0]} play {p.split()[1]}" for p in PLAYED[:before]])
    seat = int(PLAYED[before].split()[0])
    action = Action(seat, "play", card)
    reason = game.explain_illegal(action)
    allowed = " ".join(sorted(EXPECTED[before], key=lambda n: rotterdam.deck.card(n)))
    assert reason == f"seat {seat} may not play {card}: {says} (cards that may be played: {allowed})"
    assert game.deal.why_not(action).offence == "revoke"  # (penalised where the ruleset's penalties name it)


def test_amsterdam_heads_the_trick_only_against_an_opponent(amsterdam):
    game = position(amsterdam, DEAL, ["3 trump S"] + [f"{p.split()[0]} play {p.split()[1]}" for p in PLAYED[:2]])
    # seat 1 void in clubs, its partner (seat 3) heading the trick with the TC: no duty to trump, and any trump
    # it plays beats the TC (no undertrumping)
    assert legal(game) == {"9S", "TS", "JS", "7H", "TD", "AD", "KD", "QD"}
    game.apply(Action(1, "play", "TS"))
    # seat 2 void, an opponent heading the trick with the TS: it must head it (the AS); the 7S would undertrump
    assert legal(game) == {"AS"}
    game = position(amsterdam, DEAL, ["3 trump S"] + [f"{p.split()[0]} play {p.split()[1]}" for p in PLAYED[:11]])
    # seat 0 void in hearts, its partner's AH heading the trick: no duty; the 8S beats it (not an undertrump)
    assert legal(game) == {"8S", "8C", "9C", "7D", "8D", "9D"}


def test_the_thunee_undercut_rule_is_an_obligation_of_its_short_form():
    standard = load_ruleset("standard")
    obligation, = standard.play.obligations
    assert obligation.short_form == "undercut"
    assert obligation.when.text == "not seat.holds_led and trick.has_trump and not seat.holds_only_trumps"
    assert obligation.must_play.text == "not card.is_trump or card.beats_trick"


# --- a property: the legal cards obey the list, worked card by card from the formulas ----------------------

WHENS = ["led.is_trump", "not seat.holds_led", "not seat.holds_led and not trick.partner_winning",
         "trick.has_trump", "seat.holds_trump and trick.cards_played >= 2", "not led.is_trump or seat.holds_led",
         "true"]
MUSTS = ["card.beats_trick", "card.is_trump", "not card.is_trump or card.beats_trick", "card.follows",
         "card.points >= 10", "not card.is_trump and card.points < 4", "card.beats_trick or card.points == 0",
         "not (card.follows or card.is_trump)"]


def obligations_text(chosen: list[tuple[int, int]]) -> str:
    lines = ["  obligations:\n"]
    for i, (w, m) in enumerate(chosen):
        lines.append(f"    - {{says: duty {i}, when: '{WHENS[w]}', must_play: '{MUSTS[m]}'}}\n")
    return "".join(lines)


def expected_cards(game: GameState, ruleset) -> int:
    """The cards the seat to play may play, worked from the formulas card by card (the slow way)."""
    deal, seat = game.deal, game.deal.to_act
    t, trump = deal.t, deal.trump
    hand = deal.hands[seat]
    allowed = hand & deal._led if ruleset.play.follow_suit and hand & deal._led else hand
    row = t.no_trump if trump is None else trump
    env = PlayEnv(deal, seat, hand, t.trump_masks[row], deal._row[deal.best], deal._led, deal.trick[0][1],
                  deal.best, ruleset.deck.points_for[row],
                  deal.winning != seat and seat % 2 == deal.winning % 2, len(deal.trick))
    for o in ruleset.play.obligations:
        if not o.when.evaluate(env):
            continue
        named = 0
        for c in iter_cards(allowed):
            env.card = c
            if o.must_play.evaluate(env):
                named |= 1 << c
        if named:  # it could be obeyed: every card left obeys it
            allowed = named
    return allowed


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chosen=st.lists(st.tuples(st.integers(0, len(WHENS) - 1), st.integers(0, len(MUSTS) - 1)),
                       min_size=1, max_size=4),
       seed=st.integers(0, 10_000))
def test_the_legal_cards_obey_every_obligation_that_can_be_obeyed(chosen, seed):
    text = (RULESETS / "obligations.yaml").read_text(encoding="utf-8")
    start, end = text.index("  obligations:\n"), text.index("  source: docs/rules/klaverjas.md (Rotterdam)")
    ruleset = compile_ruleset(load_ruleset_text(text[:start] + obligations_text(chosen) + text[end:],
                                                str(RULESETS / "house.yaml")))
    game = GameState(ruleset, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    while not game.is_over and not game.results:
        deal = game.deal
        actions = game.legal_actions()
        assert actions  # never empty
        if deal.is_play_turn() and deal.trick:
            cards = sum(1 << ruleset.deck.card(a.arg) for a in actions)
            assert cards == expected_cards(game, ruleset)
        game.apply(rng.choice(actions))


# --- what the compile step refuses, located ---------------------------------------------------------------


@pytest.mark.parametrize("line, needle, said", [
    ("      must_play: card.beats_tric\n", "card.beats_tric", "did you mean 'card.beats_trick'"),
    ("      must_play: card.points\n", "card.points", "boolean"),
    ("      must_play: card.is_trump and\n", "card.is_trump and", "expected"),
])
def test_a_half_typed_obligation_is_refused_with_a_caret(tmp_path, line, needle, said):
    text = (RULESETS / "obligations.yaml").read_text(encoding="utf-8")
    text = text.replace("      must_play: card.is_trump\n", line)
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        compile_ruleset(load_ruleset_text(text, str(path)))
    (problem,) = caught.value.problems
    number = text.splitlines().index(line.rstrip("\n")) + 1
    assert problem.location.line == number and problem.location.column >= line.index(needle) + 1
    assert said in problem.message and "^" in problem.message, problem.message


def test_an_obligation_needs_its_words_and_what_must_be_played(tmp_path):
    text = (RULESETS / "obligations.yaml").read_text(encoding="utf-8").replace(
        "    - says: overtrump on a trump lead\n", "    - when: led.is_trump\n      whem: x\n")
    with pytest.raises(RulesetError) as caught:
        compile_ruleset(load_ruleset_text(text, str(tmp_path / "house.yaml")))
    assert caught.value.problems


# --- the bots' inference: the obligations read backwards ------------------------------------------------------


def test_a_seat_that_did_not_overtrump_holds_no_higher_trump(rotterdam, amsterdam):
    deck = rotterdam.deck
    spades = deck.row(deck.suit("S"))
    row = rotterdam.beats[spades]
    tc, ts = deck.card("TC"), deck.card("TS")
    clubs = set(deck.names_of(deck.suit_masks[deck.suit("C")]))
    # Rotterdam: the TC led, the TS heading the trick (an opponent's), a 7S played: no club, and no trump that
    # beats the TS (the J, 9, A of spades), else it must have overtrumped
    out = Play.cannot_hold(tables(rotterdam), spades, tc, ts, deck.card("7S"), False, row, False, 2)
    assert set(deck.names_of(out)) == clubs | {"JS", "9S", "AS"}
    # a heart played there: no club and no trump at all (it must trump when void)
    out = Play.cannot_hold(tables(rotterdam), spades, tc, ts, deck.card("7H"), False, row, False, 2)
    assert set(deck.names_of(out)) == clubs | set(deck.names_of(deck.suit_masks[deck.suit("S")]))
    # even over the partner
    out = Play.cannot_hold(tables(rotterdam), spades, tc, ts, deck.card("7H"), False, row, True, 2)
    assert set(deck.names_of(out)) == clubs | set(deck.names_of(deck.suit_masks[deck.suit("S")]))
    # Amsterdam: the partner heading the trick, a heart played says nothing of the trumps held
    out = Play.cannot_hold(tables(amsterdam), spades, tc, ts, deck.card("7H"), False, row, True, 2)
    assert set(deck.names_of(out)) == clubs
    # an opponent heading it: a heart played shows no trump above the TS (it must head the trick)
    out = Play.cannot_hold(tables(amsterdam), spades, tc, ts, deck.card("7H"), False, row, False, 2)
    assert set(deck.names_of(out)) == clubs | {"JS", "9S", "AS"}
    # a trump lead under-followed: no higher trump; the lead itself shows nothing
    js, qs = deck.card("JS"), deck.card("QS")
    out = Play.cannot_hold(tables(rotterdam), spades, qs, qs, deck.card("8S"), False, row, False, 1)
    assert set(deck.names_of(out)) == {"JS", "9S", "AS", "TS", "KS"}
    assert Play.cannot_hold(tables(rotterdam), spades, js, js, js, False, row) == 0


def test_the_bots_play_the_obligations_to_the_end_and_each_duty_is_covered():
    from thunee_dsl.simulation.api import simulate
    rulesets = [load_ruleset(str(RULESETS / name)) for name in ("obligations.yaml", "obligations-amsterdam.yaml")]
    # the heuristic bots' void inference never contradicts the cards (it would raise)
    comparison = simulate(rulesets, 3, bots="heuristic", seed=3, focus=False)
    for result in comparison.rulesets:
        duties = {c.rule: c for c in result.coverage if c.rule.startswith("play.obligations.")}
        assert sorted(duties) == ["play.obligations.0", "play.obligations.1", "play.obligations.2"]
        assert duties["play.obligations.1"].fired  # must trump (Rotterdam), head the trick (Amsterdam)
        assert duties["play.obligations.1"].label.startswith("a player's cards narrowed by the duty: ")


def test_the_duties_that_narrowed_a_deal_worked_again_from_its_tricks(rotterdam):
    from thunee_dsl.game.play import duties_narrowed
    game = position(rotterdam, DEAL, ["3 trump S"] + [f"{p.split()[0]} play {p.split()[1]}" for p in PLAYED])
    # trick 2 (a trump led, the KS over the QS), trick 1 (the 9S TS JS when void), trick 1 again (the AS)
    assert duties_narrowed(game.results[0].deal) == {0, 1, 2}
    # the first trick alone: must trump (seat 1), must overtrump the TS (seat 2); no trump led yet
    game = position(rotterdam, DEAL, ["3 trump S", "3 play TC", "0 play 7C", "1 play TS", "2 play AS"])
    assert duties_narrowed(game.deal) == {1, 2}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), amsterdam_rules=st.booleans(),
       bots=st.lists(st.sampled_from(["heuristic", "random", "montecarlo"]), min_size=4, max_size=4))
def test_what_the_bots_infer_from_the_duties_holds_in_the_real_deal(seed, amsterdam_rules, bots):
    name = "obligations-amsterdam.yaml" if amsterdam_rules else "obligations.yaml"
    assert check_game(load_ruleset(str(RULESETS / name)), seed, bots, share=0.5) > 0


def test_a_card_against_an_obligation_is_penalised_where_penalties_name_a_revoke(tmp_path):
    text = (RULESETS / "obligations.yaml").read_text(encoding="utf-8") + \
        "penalties:\n  balls: 25\n  offences: [revoke]\n"
    ruleset = compile_ruleset(load_ruleset_text(text, str(tmp_path / "house.yaml")))
    game = position(ruleset, DEAL, ["3 trump S", "3 play TC", "0 play 7C", "1 play TS"])
    refused = Action(2, "play", "7S")  # it must overtrump the TS with its AS
    assert game.offence_of(refused) == "revoke"
    game.apply(refused)  # committed: the deal ends, the offenders' opponents score the penalty
    result = game.results[0]
    assert result.offence == "revoke" and result.balls == (0, 25)  # (seat 2 is of team 0)
