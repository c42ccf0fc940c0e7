"""Issue 25, item 1: bots bid sensibly where bids count card points (304-like) or are each their bidder's own
contract with the hook (Oh Hell-like): the bid is weighed in the bid's own unit, read from the ruleset."""

import random
from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.players import make_bot
from thunee_dsl.players.tactics import Tables, estimated_bid, hand_mask

ROOT = Path(__file__).resolve().parents[2]
EXACT = str(ROOT / "tests" / "game" / "rulesets" / "exact-bids.yaml")
POINTS = str(ROOT / "tests" / "game" / "rulesets" / "points-bidding.yaml")


def dealt(ruleset: str, hands, *actions: str) -> GameState:
    r = load_ruleset(ruleset)
    game = GameState(r, dealer=0, auto_deal=False)
    game.start_deal(hands=[[r.deck.card(c) for c in cards.split()] for cards in hands])
    for text in actions:
        seat, verb, *arg = text.split()
        game.apply(Action(int(seat), verb, (int(arg[0]) if arg[0].isdigit() else arg[0]) if arg else None))
    return game


def test_a_hand_is_worth_the_teams_card_points_where_bids_count_them():
    r = load_ruleset(POINTS)
    t = Tables(r)
    # four top cards of four seen (J J 9 9: 1 + 1 + 0.5 + 0.5 = 3 tricks of 4): 6 of a whole hand, with the
    # partner's average 2 the team's 8 tricks: all 304 points
    assert estimated_bid(r, t, hand_mask(t, ["JS", "9S", "JH", "9H"])) == 304
    # nothing: the partner's 2 tricks of 8, a quarter of 304
    assert estimated_bid(r, t, hand_mask(t, ["7S", "8S", "7H", "8H"])) == 76


def test_the_heuristic_bids_160_on_a_strong_hand_and_passes_on_a_weak_one():
    hands = ("7S 8S 7H 8H 7C 8C 7D 8D", "JS 9S JH 9H JC 9C JD 9D", "AS TS AH TH AC TC AD TD",
             "KS QS KH QH KC QC KD QD")
    game = dealt(POINTS, hands)
    bot = make_bot("heuristic", game.ruleset, seed=1)
    assert game.to_act == 1 and bot.choose(game.view(1)) == Action(1, "bid", 160)
    game.apply(Action(1, "bid", 160))
    game.apply(Action(2, "pass"))
    game.apply(Action(3, "pass"))
    assert bot.choose(game.view(0)).verb == "pass"


def test_each_player_bids_near_its_own_tricks_and_the_dealer_minds_the_hook():
    hands = ("AS KS AH KH AD", "QS JS TS QH JH", "TH AC KC QC JC", "KD QD JD TD TC")
    game = dealt(EXACT, hands, "0 trump S", "1 bid 1", "2 bid 0", "3 bid 0")
    r = game.ruleset
    bot = make_bot("heuristic", r, seed=1)
    choice = bot.choose(game.view(0))
    est = estimated_bid(r, Tables(r), hand_mask(Tables(r), list(game.view(0).hand)))
    assert choice.verb == "bid" and choice in game.legal_actions() and choice.arg != 4  # (the hook: not 4)
    assert abs(choice.arg - est) <= min(abs(n - est) for n in (0, 1, 2, 3, 5))


def _wins(ruleset: str, bot: str, games: int) -> int:
    """Games won by ``bot`` at seats 0 and 2 against random bots at seats 1 and 3."""
    r = load_ruleset(ruleset)
    won = 0
    for g in range(games):
        game = GameState(r, seed=g, dealer=g % r.seats)
        players = [make_bot(bot if s % 2 == 0 else "random", r, seed=g * 7 + s) for s in range(r.seats)]
        while not game.is_over and len(game.deals) < 60:
            game.apply(players[game.to_act].choose(game.view(game.to_act)))
        won += game.winner == 0
    return won


def test_the_heuristic_beats_random_bots_at_both_biddings():
    assert _wins(EXACT, "heuristic", 10) >= 9
    assert _wins(POINTS, "heuristic", 10) >= 9


def test_the_typical_style_beats_random_bots_at_both_biddings():
    assert _wins(EXACT, "typical", 6) >= 5
    assert _wins(POINTS, "typical", 6) >= 5
