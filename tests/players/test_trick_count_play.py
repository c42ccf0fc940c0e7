"""The bots' card sense where cards are worth nothing and only tricks count (issue 25: Whist), read from the data
(a deck without card points), never from the game's name: third hand high (the lowest of the cards taking as
much), second hand high only under a single card out, the partner's suit led back, no low trumps led for a
trump nobody chose; the same position in a deck
with card points played as before; and the typical players take Whist rubbers from random players."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot_helpers import deal, drive
from thunee_dsl import load_ruleset, shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import decide, make_bot
from thunee_dsl.players.tactics import trumps_chosen

ROOT = Path(__file__).resolve().parents[2]
WHIST = shipped_ruleset("whist")


def whist_deal(ruleset, chosen: dict[int, list[str]], trump_card: str, dealer: int) -> GameState:
    """A deal where each seat holds its ``chosen`` cards, the rest of the pack dealt in deck order (the dealer's
    last card, turned up for trumps, ``trump_card``)."""
    taken = {c for cs in chosen.values() for c in cs} | {trump_card}
    rest = [c for c in ruleset.deck.names if c not in taken]
    hands = {}
    for seat in range(4):
        need = 13 - len(chosen.get(seat, [])) - (seat == dealer)
        hands[seat] = chosen.get(seat, []) + rest[:need] + ([trump_card] if seat == dealer else [])
        rest = rest[need:]
    return deal(ruleset, hands, dealer=dealer)


def seat_2_to_lead(chosen: dict[int, list[str]], trump_card: str, dealer: int, first_trick: list[str]) -> GameState:
    """The deal of ``chosen`` cards after a first trick won by seat 2, which leads the next."""
    game = drive(whist_deal(WHIST, chosen, trump_card, dealer=dealer), first_trick)
    assert game.to_act == 2
    return game


def card_of(bot_name: str, game: GameState) -> str:
    bot = make_bot(bot_name, game.ruleset, seed=1)
    return decide(bot, game).arg


# seat 0 leads the 4 of hearts, seat 1 plays the 3; seat 2 holds K Q 2 of hearts, the Ace is out (seat 3)
THIRD_HAND = {0: ["4H"], 1: ["3H"], 2: ["KH", "QH", "2H"], 3: ["AH"]}


@pytest.mark.parametrize("bot", ["heuristic", "typical"])
def test_third_hand_plays_high_over_the_partners_low_card_the_lowest_of_touching_cards(bot):
    # the partner's 4 wins so far, but the last seat may beat it with any of 9 hearts; the King or the Queen
    # loses only to the Ace: the Queen (it takes as much as the King and keeps it hidden)
    game = drive(whist_deal(WHIST, THIRD_HAND, "2C", dealer=3), ["0 play 4H", "1 play 3H"])
    assert game.to_act == 2
    assert card_of(bot, game) == "QH"


def test_the_partners_card_as_good_as_this_seats_top_card_is_not_overtaken():
    # the partner leads the Queen: the King in hand loses to the same Ace, so the low card is thrown
    game = drive(whist_deal(WHIST, {0: ["QH"], 1: ["3H"], 2: ["KH", "2H"], 3: ["AH"]}, "2C", dealer=3),
                 ["0 play QH", "1 play 3H"])
    assert card_of("heuristic", game) == "2H"


def test_third_hand_over_an_opponents_card_plays_the_lowest_of_its_touching_top_cards():
    # seat 1 leads the 2 of spades, seat 2 (an opponent) plays the 9; seat 3 holds K Q 3, the Ace is out:
    # the Queen (it wins what the King wins)
    game = drive(whist_deal(WHIST, {1: ["2S"], 2: ["9S"], 3: ["KS", "QS", "3S"], 0: ["AS"]}, "2C", dealer=0),
                 ["1 play 2S", "2 play 9S"])
    assert game.to_act == 3
    assert card_of("heuristic", game) == "QS"


@pytest.mark.parametrize("held,played", [(["KS", "3S"], "KS"), (["QS", "3S"], "3S")])
def test_second_hand_plays_low_unless_one_card_alone_is_out_above_its_top_card(held, played):
    # seat 1 leads the 4 of spades, seat 2 plays second (its partner last): a King with only the Ace out above
    # it goes up; a Queen with the Ace and King out stays down (second hand low)
    game = drive(whist_deal(WHIST, {1: ["4S"], 2: held, 3: ["AS"]}, "2C", dealer=0), ["1 play 4S"])
    assert game.to_act == 2
    assert card_of("heuristic", game) == played


def test_the_partners_suit_is_led_back_low_from_three():
    # seat 0 leads a diamond, seat 2 wins with the Ace and leads: it holds no master and no trump, five spades
    # and three diamonds left: the diamonds back (the lowest of three), not the longest suit
    chosen = {0: ["5D"], 1: ["4D"], 2: ["AD", "9D", "7D", "3D", "8S", "7S", "6S", "5S", "4S", "8H", "7H", "6H", "5H"],
              3: ["2D"]}
    game = seat_2_to_lead(chosen, "2C", 3, ["0 play 5D", "1 play 4D", "2 play AD", "3 play 2D"])
    assert card_of("heuristic", game) == "3D"
    # the same cards (and a thirteenth spade) at the first lead of a deal, no partner's suit known: the
    # longest suit, low
    fresh = whist_deal(WHIST, {2: chosen[2][1:] + ["3S"], 3: ["AD"]}, "2C", dealer=1)
    assert fresh.to_act == 2
    assert card_of("heuristic", fresh) == "3S"


@pytest.mark.parametrize("name,chosen", [("whist", False), ("oh-hell", False), ("euchre", True), ("standard", True),
                                         ("304", True), ("klaverjas", True)])
def test_trumps_made_by_a_choice_are_read_from_the_data(name, chosen):
    assert trumps_chosen(shipped_ruleset(name)) is chosen


def test_the_dealers_side_does_not_lead_its_low_trumps_for_a_turned_up_trump():
    # the dealer (seat 0) turned clubs up; its partner wins the first trick and leads with two low trumps, no
    # master: nobody chose clubs for the side's length in them, so it leads its longest suit low, not a trump
    chosen = {0: ["3S"], 1: ["4S"], 2: ["AS", "3C", "4C", "9S", "8H", "7H", "6H", "5H", "9D", "8D", "7D", "6D", "5D"],
              3: ["2S"]}
    game = seat_2_to_lead(chosen, "KC", 0, ["1 play 4S", "2 play AS", "3 play 2S", "0 play 3S"])
    assert card_of("typical", game) == "5D"


def test_where_cards_are_worth_points_the_partners_low_card_is_left_alone(tmp_path):
    """The rules above are read from the data: the same position in a Whist whose honours are worth card
    points plays as the card sense always did (the lowest card on the partner's card)."""
    text = (ROOT / "rulesets" / "whist.yaml").read_text()
    pointed = text.replace("  points: {}\n", "  points: {A: 4, K: 3, Q: 2, J: 1}\n")
    assert pointed != text
    path = tmp_path / "whist-with-points.yaml"
    path.write_text(pointed.replace("$schema=../thunee_dsl", f"$schema={ROOT}/thunee_dsl"))
    r = load_ruleset(str(path))
    game = drive(whist_deal(r, THIRD_HAND, "2C", dealer=3), ["0 play 4H", "1 play 3H"])
    assert card_of("heuristic", game) == "2H"


def test_typical_partners_beat_random_partners_at_whist_rubbers():
    """Each team in turn the typical one, each first dealer in turn. Measured on 1,600 rubbers played so (the
    games seeded 1000 on): 1,496 won (93.5%, Wilson 95%: 92.2-94.6%; before this card sense 1,455, 90.9%),
    8.30 tricks of 13 a deal (before: 8.13); a team chosen at random wins half. These 40: 37 won (before: 33)."""
    games, wins, tricks, deals = 40, 0, 0, 0
    for g in range(games):
        me = g % 2
        bots = [make_bot("typical" if s % 2 == me else "random", WHIST, seed=g * 10 + s) for s in range(4)]
        game = GameState(WHIST, seed=300 + g, dealer=(g // 2) % 4)
        while not game.is_over:
            game.apply(decide(bots[game.to_act], game))
        wins += game.winner == me
        tricks += sum(d.tricks[me] for d in game.results)
        deals += len(game.results)
    assert wins >= 35, wins
    assert tricks / deals >= 7.8, tricks / deals  # of 13 a deal (random against random: 6.5)
