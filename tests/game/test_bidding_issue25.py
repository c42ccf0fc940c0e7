"""Issue 25, item 1: bidding beyond one ascending window, as data. A bid step and bids counting card points
(304), bids of 0, one turn each and every bid its bidder's contract (Oh Hell), who may bid what (allowed_if,
forbidden_if: the hook) and a later bidding whose new highest bidder takes over trumps (304's second bidding).
The test rulesets are tests/game/rulesets/exact-bids.yaml and points-bidding.yaml; their golden deals are
tests/transcripts/bidding/, worked by hand in their comments."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.bidding import Bidding
from thunee_dsl.game.transcript import replay_file
from thunee_dsl.game.trumps import MakeTrumps

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "tests" / "game" / "rulesets"
GOLDEN = ROOT / "tests" / "transcripts" / "bidding"
EXACT = str(RULESETS / "exact-bids.yaml")
POINTS = str(RULESETS / "points-bidding.yaml")

EXACT_HANDS = ("AS KS AH KH AD", "QS JS TS QH JH", "TH AC KC QC JC", "KD QD JD TD TC")
POINTS_HANDS = ("JH 9S AS 9H 8C 9D TC KC", "QC TD KD QH 9C TS QD 7H", "KS KH 7D 7S 7C QS 8S AD",
                "8D JS AH TH JD AC 8H JC")


def dealt(ruleset: str, hands, *actions: str) -> GameState:
    """A deal of ``hands`` (dealer 0) after ``actions``, each said as written (no pass put in between)."""
    r = load_ruleset(ruleset)
    game = GameState(r, dealer=0, auto_deal=False)
    game.start_deal(hands=[[r.deck.card(c) for c in cards.split()] for cards in hands])
    for text in actions:
        game.apply(said(text))
    return game


def said(text: str) -> Action:
    seat, verb, *arg = text.split()
    return Action(int(seat), verb, (int(arg[0]) if arg[0].isdigit() else arg[0]) if arg else None)


def bids_offered(game: GameState) -> list:
    return [a.arg for a in game.legal_actions() if a.verb == "bid"]


# -- the hook: one bid each, bids of 0, every bid its bidder's contract --------------------------------------


def test_exact_bids_golden():
    # bids 1, 0, 0 and the dealer's 3; tricks 4, 1, 0, 0: seats 1, 2, 3 exact (11 + 10 + 10), the dealer not;
    # team 0 (seats 0, 2) 10, team 1 (seats 1, 3) 21
    deal = replay_file(GOLDEN / "exact_bids_hook.yaml").to_json()["deals"][0]
    assert deal["balls"] == [10, 21] and deal["trump"] == "S"


def test_each_player_bids_once_from_the_dealers_left_and_nobody_passes():
    game = dealt(EXACT, EXACT_HANDS, "0 trump S")
    assert game.to_act == 1 and bids_offered(game) == [0, 1, 2, 3, 4, 5]
    assert "pass" not in [a.verb for a in game.legal_actions()]
    assert "every player bids once" in game.explain_illegal(Action(1, "pass"))
    game.apply(said("1 bid 5"))
    # a bid need not be higher than the last: every bid is its bidder's own contract
    assert game.to_act == 2 and bids_offered(game) == [0, 1, 2, 3, 4, 5]


def test_the_hook_the_dealer_may_not_make_the_bids_add_up_to_the_tricks():
    game = dealt(EXACT, EXACT_HANDS, "0 trump S", "1 bid 1", "2 bid 0", "3 bid 0")
    assert game.to_act == 0 and bids_offered(game) == [0, 1, 2, 3, 5]  # 1 + 4 = 5 tricks: not 4
    why = game.explain_illegal(Action(0, "bid", 4))
    assert "seat 0 may not bid 4" in why and "bids.total + bid == tricks" in why
    with pytest.raises(Exception):
        game.apply(Action(0, "bid", 4))
    # only the dealer is hooked: seat 3, before, could bid 4 (1 + 0 + 4 = 5)
    assert 4 in bids_offered(dealt(EXACT, EXACT_HANDS, "0 trump S", "1 bid 1", "2 bid 0"))


def test_no_hook_when_the_bids_already_pass_the_tricks():
    # docs/rules/oh-hell.md: "Bids 3, 1, 2 (6 > 5): the dealer may bid anything"
    game = dealt(EXACT, EXACT_HANDS, "0 trump S", "1 bid 3", "2 bid 1", "3 bid 2")
    assert bids_offered(game) == [0, 1, 2, 3, 4, 5]


def test_exact_bids_counted_per_team():
    game = dealt(EXACT, EXACT_HANDS, "0 trump S", "1 bid 1", "2 bid 0", "3 bid 0", "0 bid 3")
    deal = game.deal
    assert deal.seat_bids == [3, 1, 0, 0] and deal.bids_total == 4
    assert deal.team_contract == [3, 1]  # each team's bids added up
    assert deal.high_bidder is None  # no highest bidder: the dealer made trumps


# -- bids of card points in steps, who may bid what, a second bidding that takes trumps over -----------------


def test_points_bidding_golden():
    # 1, 2 pass; 3 bids 160; 0 bids 170; 3 passes; 0 makes hearts. Second bidding: 0, 1, 2 pass, 3 bids 250 and
    # makes clubs. Team 1 takes 188 < 250: counting team 0 scores 4
    deal = replay_file(GOLDEN / "points_bidding_again.yaml").to_json()["deals"][0]
    assert (deal["trump"], deal["trump_maker"], deal["bid"], deal["balls"]) == ("C", 3, 250, [4, 0])
    assert deal["card_points"] == [116, 188]


def test_bids_go_up_in_tens_from_160():
    game = dealt(POINTS, POINTS_HANDS)
    assert game.to_act == 1 and bids_offered(game) == list(range(160, 301, 10))
    assert "a bid is 160 to 300 card points in steps of 10" in game.explain_illegal(Action(1, "bid", 165))
    game = dealt(POINTS, POINTS_HANDS, "1 pass", "2 pass", "3 bid 160")
    assert bids_offered(game)[0] == 170
    assert "higher than the highest so far (160 card points, seat 3)" in game.explain_illegal(Action(0, "bid", 160))


def test_a_second_bid_or_a_bid_over_the_partner_only_from_200():
    game = dealt(POINTS, POINTS_HANDS, "1 bid 160")
    assert game.to_act == 2 and bids_offered(game)[0] == 170  # an opponent of the high bidder: from 170
    game.apply(said("2 pass"))
    assert game.to_act == 3 and bids_offered(game)[0] == 200  # over its partner (seat 1): only from 200
    game = dealt(POINTS, POINTS_HANDS, "1 pass", "2 pass", "3 bid 160", "0 bid 170")
    assert game.to_act == 3 and bids_offered(game)[0] == 200  # seat 3 has spoken
    why = game.explain_illegal(Action(3, "bid", 180))
    assert "seat 3 may not bid 180: only when bid >= 200" in why


def test_asking_the_partner_to_bid_for_the_team():
    # seat 1 says partner: its partner seat 3 bids in that turn, only from 200 (it was asked); then the bidding
    # goes on from seat 1: seat 2 is next
    game = dealt(POINTS, POINTS_HANDS)
    assert Action(1, "partner") in game.legal_actions()
    game.apply(said("1 partner"))
    assert game.to_act == 3 and bids_offered(game)[0] == 200 and Action(3, "partner") not in game.legal_actions()
    assert "seat 3 is bidding for seat 1: a bid or a pass" in game.explain_illegal(Action(3, "partner"))
    game.apply(said("3 bid 200"))
    assert game.to_act == 2 and game.deal.high_bidder == 3 and bids_offered(game)[0] == 210
    game.apply(said("2 pass"))
    # seat 3's own turn: it has spoken, and its team has asked once already
    assert game.to_act == 3 and "seat 3 has already spoken" in game.explain_illegal(Action(3, "partner"))
    assert "'partner' is said alone" in game.explain_illegal(Action(3, "partner", 1))


def test_a_partner_who_passes_for_the_team_keeps_its_own_turn():
    game = dealt(POINTS, POINTS_HANDS, "1 partner", "3 pass")
    deal = game.deal
    assert 1 in deal.passed and 3 not in deal.passed and game.to_act == 2
    game.apply(said("2 bid 160"))
    assert game.to_act == 3 and bids_offered(game)[0] == 200  # (asked before: only from 200)


def test_bidding_again_from_the_trump_maker_takes_trumps_over():
    game = dealt(POINTS, POINTS_HANDS, "1 pass", "2 pass", "3 bid 160", "0 bid 170", "3 pass", "0 trump 9H")
    deal = game.deal
    assert deal.batches_dealt == 2 and type(deal.pending) is Bidding and game.to_act == 0
    assert bids_offered(game)[0] == 250
    game.apply(said("0 pass"))
    game.apply(said("1 pass"))
    assert game.to_act == 2 and [a.verb for a in game.legal_actions()] == ["pass"]  # never over the partner
    assert "not partner.is_high_bidder" in game.explain_illegal(Action(2, "bid", 250))
    game.apply(said("2 pass"))
    game.apply(said("3 bid 250"))
    assert type(deal.pending) is MakeTrumps and deal.pending.seat == 3 and deal.trump is None
    assert deal.trump_maker is None and deal.high_bid == 250
    game.apply(said("3 trump JC"))
    assert deal.trump_maker == 3 and deal.r.deck.suits[deal.trump] == "C"
    assert deal.hands[0] >> deal.r.deck.card("9H") & 1  # the old trump card is in seat 0's hand


def test_all_pass_in_the_second_bidding_the_first_bid_stands():
    game = dealt(POINTS, POINTS_HANDS, "1 pass", "2 pass", "3 bid 160", "0 bid 170", "3 pass", "0 trump 9H",
                 "0 pass", "1 pass", "2 pass", "3 pass")
    deal = game.deal
    assert deal.trump_maker == 0 and deal.high_bid == 170 and deal.r.deck.suits[deal.trump] == "H"
    assert deal.pending is not None and game.legal_actions()[0].verb == "play"


def test_all_pass_in_the_first_bidding_throws_the_cards_in():
    game = dealt(POINTS, POINTS_HANDS, "1 pass", "2 pass", "3 pass", "0 pass")
    first = game.deals[0]
    assert first.result.cancelled and first.result.balls == (0, 0) and game.deal.over


# -- what the rulesets' games do, over many deals ---------------------------------------------------------


def _games(ruleset: str, seed: int, games: int = 3):
    r = load_ruleset(ruleset)
    for g in range(games):
        rng = random.Random(seed + g)
        game = GameState(r, seed=seed + g, dealer=g % r.seats)
        steps = 0
        while not game.is_over and steps < 3000:
            deal = game.deal
            action = rng.choice(game.legal_actions())
            yield r, deal, action, game
            game.apply(action)
            steps += 1


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_the_hook_always_leaves_someone_short(seed):
    # whatever the players bid, the four bids never add up to the 5 tricks, and each seat bids exactly once
    seen = {}
    for r, deal, action, _ in _games(EXACT, seed, games=2):
        if action.verb == "bid":
            seen.setdefault(id(deal), (deal, []))[1].append(action.seat)
    for deal, seats in seen.values():
        assert sorted(seats) == [0, 1, 2, 3] and seats[-1] == deal.dealer
        assert sum(deal.bids.values()) != deal.r.tricks_per_deal


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_points_bids_climb_the_ladder_and_the_high_bidder_makes_trumps(seed):
    for r, deal, action, _ in _games(POINTS, seed, games=2):
        if action.verb == "bid":
            assert action.arg % 10 == 0 and 160 <= action.arg <= 300
            assert deal.high_bidder is None or action.arg > deal.high_bid
            if deal.batches_dealt == 2:
                assert action.arg >= 250
        if action.verb == "play" and not deal.tricks and not deal.trick:
            assert deal.trump_maker == deal.high_bidder  # (takes_over: the last high bidder makes trumps)


# -- what validates: located problems ---------------------------------------------------------------------


def problems(tmp_path, base: str, text: str) -> str:
    path = tmp_path / "rule.yaml"
    path.write_text(f"extends: {base}\nname: rule\n" + text)
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    return str(err.value)


PROBLEMS = [
    # (the ruleset extended, the overlay's text, what the problem says: each where it is written)
    ("nigerian-thuni", "sequence: [deal 1, bidding, make trumps, deal 2, bidding, play]\n",
     ("rule.yaml:3:", "step 'bidding' appears twice: give the later bidding's rules in 'bidding.again'")),
    ("nigerian-thuni", "bidding:\n  again:\n    lowest: 5\n",
     ("rule.yaml:5:", "'bidding' comes only once in the sequence")),
    ("nigerian-thuni", "sequence: [deal 1, bidding, bidding, make trumps, deal 2, play]\nbidding:\n  again:\n    lowest: 5\n",
     ("comes again with no cards dealt since the last 'bidding'",)),
    (POINTS, "bidding:\n  highest: 304\n", ("rule.yaml:4:", "304 is not reached from the lowest bid in steps of 10",
                                           "make it 300")),
    ("nigerian-thuni", "bidding:\n  counts: tricks\n  highest: 9\n", ("a bid of tricks is at most 8",)),
    (EXACT, "bidding:\n  turns: until passed\n",
     ("rule.yaml:4:", "with 'contract: each player' every player bids once")),
    ("nigerian-thuni", "bidding:\n  allowed_if: seat != trump_maker\n",
     ("bidding.allowed_if names trump_maker, but trumps are not made before this bidding",)),
    # a formula of the bidding, with a caret under the unknown name
    (EXACT, "bidding:\n  forbidden_if: seat == dealer and bids.totl + bid == tricks\n",
     ("rule.yaml:4:", "unknown name 'bids.totl'", "^")),
    # the bid being weighed and who has spoken are the bidding's own names (an outcome reads the contract, bid)
    ("standard", "scoring:\n  outcomes:\n    - {when: seat.has_spoken, winner: makers, balls: 1}\n",
     ("unknown name 'seat.has_spoken'",)),
    (POINTS, "trumps:\n  ways: [card, last card]\n",
     ("points-bidding.yaml:", "no batch is dealt after the later bidding")),
    (POINTS, "bidding:\n  allowed_if: bid > 1000\n", ("bidding.allowed_if is never true: nobody could make a bid",)),
    # a bid nobody could make, and a ladder of a billion rungs (each an action offered): refused, not played
    ("nigerian-thuni", "bidding:\n  highest: 1000000000\n",
     ("bidding.highest: 1000000000 is more than a side can take: the 8 tricks of a deal", "is more than 1000 bids")),
    (POINTS, "bidding:\n  highest: 310\n", ("a bid of card points is at most 304",)),
    ("nigerian-thuni", "players:\n  seats: 6\n  teams: 2\ndeal:\n  batches: [3, 1]\nbidding:\n  partner_bid: true\n",
     ("bidding.partner_bid: a player asks their partner, but a team here has 3 players",)),
]


@pytest.mark.parametrize("base,text,says", PROBLEMS, ids=range(len(PROBLEMS)))
def test_a_bidding_that_cannot_be_played_is_refused_where_it_is_written(tmp_path, base, text, says):
    said_ = problems(tmp_path, base, text)
    for words in says:
        assert words in said_, said_
