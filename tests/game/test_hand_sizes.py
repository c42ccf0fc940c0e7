"""Issue 25 item 3's last part: a hand size by deal (``deal.hand_sizes``, Oh Hell's schedule). Deal N gives each
player the Nth size of the schedule: its tricks, the formulas' ``tricks`` and ``hand_size`` (the hook reads them),
the cards left for the turn-up, and the game ends after the last size (``game.deals``). The test ruleset is
tests/game/rulesets/hand-sizes.yaml: twenty cards (A K Q J 10 of four suits), three cards each then two, the next
card turned up for trumps, exact bids scoring 10 + the bid, two deals."""

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action

ROOT = Path(__file__).resolve().parents[2]
SIZES = str(ROOT / "tests" / "game" / "rulesets" / "hand-sizes.yaml")


def said(text: str) -> Action:
    seat, verb, *arg = text.split()
    return Action(int(seat), verb, (int(arg[0]) if arg[0].isdigit() else arg[0]) if arg else None)


def start(game: GameState, hands, undealt: str) -> None:
    r = game.ruleset
    game.start_deal(hands=[[r.deck.card(c) for c in cards.split()] for cards in hands],
                    undealt=[r.deck.card(c) for c in undealt.split()])


def act(game: GameState, actions: str) -> None:
    for text in actions.split(","):
        game.apply(said(text.strip()))


def dealer_bids(game: GameState) -> list[int]:
    return [a.arg for a in game.legal_actions() if a.verb == "bid"]


def test_each_deal_has_the_hand_size_of_its_place_in_the_schedule():
    game = GameState(load_ruleset(SIZES), dealer=0, auto_deal=False)
    # Deal 1, dealer 0, three cards each; the next card TH is turned up: hearts are trumps.
    start(game, ("AS KH QD", "KS AH JC", "QS QH AD", "JS KD AC"), "TH JH TS JD TD KC QC TC")
    assert game.deal.r.tricks_per_deal == 3
    # Bids from seat 1: 1, 1, 1 (3 so far): the dealer may not bid 3 - 3 = 0.
    act(game, "1 bid 1, 2 bid 1, 3 bid 1")
    assert dealer_bids(game) == [1, 2, 3]
    # Trick 1: 1 KS 2 QS 3 JS 0 AS: the Ace, seat 0. Trick 2: 0 QD, 1 (no diamond) JC, 2 AD, 3 KD: seat 2.
    # Trick 3: 2 QH (trumps), 3 (no heart) AC, 0 KH, 1 AH: the Ace of trumps, seat 1.
    # Tricks 1, 1, 1, 0 against bids 1, 1, 1, 1: seats 0-2 exact, 10 + 1 = 11 each; seat 3 bid 1 took 0: 0.
    act(game, "0 bid 1, 1 play KS, 2 play QS, 3 play JS, 0 play AS, 0 play QD, 1 play JC, 2 play AD, "
              "3 play KD, 2 play QH, 3 play AC, 0 play KH, 1 play AH")
    assert game.results[0].seat_tricks == (1, 1, 1, 0) and game.score == [11, 11, 11, 0]
    assert not game.is_over and game.dealer == 1
    # Deal 2, dealer 1, two cards each; QC turned up: clubs are trumps.
    start(game, ("AD KS", "AC QH", "AS KD", "AH KC"), "QC KH JH TH QS JS TS QD JD TD JC TC")
    assert game.deal.r.tricks_per_deal == 2
    # Bids from seat 2: 1, 0, 0 (1 so far): the dealer may not bid 2 - 1 = 1.
    act(game, "2 bid 1, 3 bid 0, 0 bid 0")
    assert dealer_bids(game) == [0, 2]
    # Trick 1: 2 AS, 3 (no spade) trumps KC, 0 KS, 1 (no spade) QH: seat 3. Trick 2: 3 AH, 0 (no heart) AD,
    # 1 (no heart) trumps AC, 2 KD: seat 1. Tricks 0, 1, 0, 1: seat 0 bid 0 took 0: 10; seat 1 bid 2 took 1,
    # seat 2 bid 1 took 0, seat 3 bid 0 took 1: 0. Totals 21, 11, 11, 0: the two deals are the game, seat 0 wins.
    act(game, "1 bid 2, 2 play AS, 3 play KC, 0 play KS, 1 play QH, 3 play AH, 0 play AD, 1 play AC, 2 play KD")
    assert game.results[1].seat_tricks == (0, 1, 0, 1) and game.results[1].balls == (10, 0, 0, 0)
    assert game.score == [21, 11, 11, 0] and game.is_over and game.winner == 0


def test_a_transcript_of_the_second_deal_gives_two_cards_each():
    text = ("ruleset: " + SIZES + "\ndealer: 1\nscore: [11, 11, 11, 0]\ndeals_played: 1\ndeals:\n"
            "  - hands: {0: [AD, KS, QS], 1: [AC, QH], 2: [AS, KD], 3: [AH, KC]}\n"
            "    undealt: [QC, KH, JH, TH, JS, TS, QD, JD, TD, JC, TC]\n    actions: []\n")
    from thunee_dsl.game.transcript import replay_text
    with pytest.raises(RulesetError, match="seat 0 has 3 cards; hand-sizes deals 2"):
        replay_text(text, "second.yaml")


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_random_games_deal_the_schedule_and_end_after_its_last_size(seed):
    import random
    game = GameState(load_ruleset(SIZES), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert [len(d.hands[0]) for d in game.deals] == [3, 2]
    assert [len(d.undealt) for d in game.deals] == [8, 12]  # the rest of the pack: its first card the turn-up
    assert [sum(r.seat_tricks) for r in game.results] == [3, 2]


def written(text: str) -> Path:
    path = Path(tempfile.mkdtemp()) / "sizes.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("written_as, line, said", [
    (("batches: [3]", "batches: [2]"), 18, "write deal.batches: [3]"),  # one batch of the largest size
    (("deals: 2", "deals: 3"), 33, "gives only 2 hand sizes"),  # no more deals than sizes
])
def test_a_schedule_that_cannot_be_dealt_is_refused_where_it_is_written(written_as, line, said):
    path = written(Path(SIZES).read_text().replace(*written_as))
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(path))
    (problem,) = refused.value.problems
    assert problem.location.line == line and said in problem.message


def test_the_rulebook_says_the_schedule_and_the_deals_own_tricks():
    from thunee_dsl.model.rulebook import render_rulebook
    book = render_rulebook(load_ruleset(SIZES), formulas=False)
    assert "**The number of cards dealt changes from deal to deal**: 3, 2 cards each" in book
    assert "(0 up to the number of cards dealt)" in book  # not "0 to 3": the second deal has two tricks
    assert "bid is the number of tricks of the deal" not in book  # the hook reads hand_size here:
    assert "plus the bid is the number of cards each player was dealt" in book
    assert "**Play** as many tricks as cards each player was dealt" in book and "Play** 3 tricks" not in book


def test_diff_names_the_schedule_in_words():
    from thunee_dsl.model.diff import diff_rulesets
    sides = load_ruleset(str(ROOT / "tests" / "game" / "rulesets" / "sides-of-one.yaml"))
    said = [str(change) for change in diff_rulesets(sides, load_ruleset(SIZES))]
    assert any("cards dealt each, deal by deal (a hand size by deal)" in s.lower() and "3, 2" in s for s in said)


def test_simulate_leaves_out_what_a_turned_up_trump_and_a_dealer_who_always_passes_cannot_do():
    from thunee_dsl.simulation.analysis import measures, rules
    r = load_ruleset(SIZES)
    assert "deal.makers_win" not in {m.key for m in measures(r)}  # nobody makes trumps: the turn-up does
    assert "dealer.stays" not in {rule.key for rule in rules(r)}  # the deal passes after every deal
    standard = load_ruleset("standard")
    assert "dealer.stays" in {rule.key for rule in rules(standard)}


DEAL_1 = (("AS KH QD", "KS AH JC", "QS QH AD", "JS KD AC"), "TH JH TS JD TD KC QC TC",
          "1 bid 1, 2 bid 1, 3 bid 1, 0 bid 1, 1 play KS, 2 play QS, 3 play JS, 0 play AS, 0 play QD, 1 play JC, "
          "2 play AD, 3 play KD, 2 play QH, 3 play AC, 0 play KH, 1 play AH")
DEAL_2 = (("AD KS", "AC QH", "AS KD", "AH KC"), "QC KH JH TH QS JS TS QD JD TD JC TC",
          "2 bid 1, 3 bid 0, 0 bid 0, 1 bid 2, 2 play AS, 3 play KC, 0 play KS, 1 play QH, 3 play AH, 0 play AD, "
          "1 play AC, 2 play KD")


def test_formulas_read_the_deals_number():
    # the deals of the first test, an exact bid now worth 10 times the deal's number + the bid: in deal 1 seats
    # 0-2 exact at 1: 10 x 1 + 1 = 11; in deal 2 seat 0 exact at 0: 10 x 2 + 0 = 20
    text = Path(SIZES).read_text().replace("then 10 + seat.bid", "then 10 * deal_number + seat.bid")
    game = GameState(load_ruleset(str(written(text))), dealer=0, auto_deal=False)
    for hands, undealt, actions in (DEAL_1, DEAL_2):
        start(game, hands, undealt)
        assert game.deal.deal_number == len(game.deals)
        act(game, actions)
    assert [r.balls for r in game.results] == [(11, 11, 11, 0), (20, 0, 0, 0)]


def test_a_deal_that_gives_out_the_whole_pack_is_played_without_trumps():
    # liquisearch: "If there are no unused cards, the largest hand is played without a trump suit". Five each
    # of twenty cards leave none to turn up: the first deal has no trumps; four each leave four, the first turned
    text = Path(SIZES).read_text().replace("batches: [3]", "batches: [5]").replace("hand_sizes: [3, 2]",
                                                                                   "hand_sizes: [5, 4]")
    r = load_ruleset(str(written(text)))
    game = GameState(r, dealer=0, auto_deal=False)
    start(game, ("AS KS QS JS TS", "AH KH QH JH TH", "AD KD QD JD TD", "AC KC QC JC TC"), "")
    assert game.deal.turn_up is None and game.deal.trump is None
    # bids 0, 0, 0 from seat 1: the dealer may not bid 5 and bids 4. Seat 1 leads AH; nobody else has a heart
    # and there are no trumps: AH wins, and seat 1 takes every trick with its hearts: tricks 0, 5, 0, 0.
    # Seat 1 bid 0 took 5: 0; seats 2, 3 exact at 0: 10; the dealer bid 4 took 0: 0.
    act(game, "1 bid 0, 2 bid 0, 3 bid 0, 0 bid 4, " + ", ".join(
        f"1 play {rank}H, 2 play {rank}D, 3 play {rank}C, 0 play {rank}S" for rank in "AKQJT"))
    assert game.results[0].seat_tricks == (0, 5, 0, 0) and game.results[0].balls == (0, 0, 10, 10)
    from thunee_dsl.model.rulebook import render_rulebook
    assert "that deal is played without trumps" in render_rulebook(r, formulas=False)
    # a ruleset that says how many are left undealt keeps the turn-up's check
    refused = text.replace("turn_up: next card", "turn_up: next card\n  undealt: 0")
    with pytest.raises(RulesetError, match="turns up an undealt card"):
        load_ruleset(str(written(refused)))
