"""Issue 25 item 3: the bots' order-up, name-a-suit and discard decisions (players/heuristic.py, tactics.py): from the
hand's strength in the suit, read from the deck tables (Euchre's bowers counted), the turn-up counted for the side
that gets it; no peeking (a seat's view never shows another's discard); the typical bot plays ordering up through."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.players import make_bot
from thunee_dsl.players.tactics import Tables, choose_discard, hand_mask, order_strength

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def euchre():
    return load_ruleset(str(ROOT / "tests" / "game" / "rulesets" / "order-up.yaml"))


# docs/rules/euchre.md, example deal 1: the 9H turned up, dealer 0
HANDS = {0: "QH AS TD 9D 9S", 1: "9C TH KH QD AH", 2: "KS KD JS JD JH", 3: "AC QS QC AD TC"}
KITTY = "9H KC JC TS"


def dealt(ruleset, actions=()) -> GameState:
    deck = ruleset.deck
    game = GameState(ruleset, seed=0, dealer=0, auto_deal=False)
    game.start_deal([[deck.card(c) for c in HANDS[s].split()] for s in range(4)], [deck.card(c) for c in KITTY.split()])
    for text in actions:
        game.apply(Action.parse(text))
    return game


def test_the_strength_reads_the_bowers_and_who_gets_the_turn_up(euchre):
    t = Tables(euchre)
    hearts, nine = euchre.deck.suit("H"), euchre.deck.card("9H")
    # hearts trumps rank J, J of same colour (JD), A, K, Q, T, 9: counted 7, 6, 5, 4, 3, 2, 1
    bowers = hand_mask(t, ["KS", "KD", "JS", "JD", "JH"])
    assert order_strength(t, bowers, hearts) == 13 / 7
    assert order_strength(t, bowers, hearts, nine, side=0) == 13.5 / 7  # the partner dealer gets the 9H
    assert order_strength(t, bowers, hearts, nine, side=-1) == 12.5 / 7  # an opponent dealer gets it
    assert order_strength(t, bowers, hearts, nine, side=1) == 14 / 7  # the dealer picks it up itself


def test_the_partner_with_both_bowers_orders_and_a_weak_hand_passes(euchre):
    game = dealt(euchre)
    bot = make_bot("typical", euchre, seed=1)
    assert bot.choose(game.view(1)) == Action(1, "pass")  # AH KH TH: 11, less the 9H's half for the dealer
    game.apply(Action.parse("1 pass"))
    assert bot.choose(game.view(2)) == Action(2, "order")  # both bowers, the 9H to the partner


def test_the_dealer_discards_the_lowest_card_outside_trumps(euchre):
    game = dealt(euchre, ["1 pass", "2 order"])
    t = Tables(euchre)
    hand = hand_mask(t, game.view(0).hand)  # QH AS TD 9D 9S 9H, hearts trumps
    assert euchre.deck.names[choose_discard(t, hand, euchre.deck.suit("H"))] == "9S"  # spades, its two lowest
    action = make_bot("typical", euchre, seed=1).choose(game.view(0))
    assert action.verb == "discard" and action.arg in ("9S", "9D")


def test_no_seat_but_the_dealer_sees_the_discard(euchre):
    for seed in range(6):
        rng = random.Random(seed)
        game = GameState(euchre, seed=seed)
        while not game.is_over and len(game.deals) < 4:
            deal = game.deal
            if deal.discarded is not None:
                name = euchre.deck.names[deal.discarded]
                for seat in range(4):
                    seen = [h for h in game.view(seat).history if "discard" in h]
                    assert seen == [f"{deal.dealer} discard {name if seat == deal.dealer else '??'}"]
            game.apply(rng.choice(list(game.legal_actions())))


@pytest.mark.parametrize("bot", ["typical", "heuristic", "montecarlo"])
def test_the_bots_play_ordering_up_to_the_end(euchre, bot):
    from thunee_dsl.simulation.play import play_game
    record = play_game(euchre, 0, 3, [bot, "random", bot, "random"], max_deals=4)
    assert len(record.deals) == 4 and all(d.trump_ways for d in record.deals if not d.cancelled)


# --- what a seat infers of the hidden cards holds in the real deal, and its samples replay ----------------

def check_inferences(ruleset, seed: int, bots: list[str]) -> int:
    """The first deals of a game: at each decision of two or more actions, the seat to act's Knowledge allows
    every other seat's real hand (the dealer's after a pick-up and a discard too), what it is sure of is there,
    and sampled deals replay to the decision; how many decisions were checked."""
    from thunee_dsl.players.knowledge import Knowledge
    from thunee_dsl.players.worlds import sample_worlds
    game = GameState(ruleset, seed=seed)
    players = [make_bot(bots[s], ruleset, seed=seed + s) for s in range(4)]
    rng, checked = random.Random(seed), 0
    while not game.is_over and len(game.deals) <= 2:
        seat = game.to_act
        view = game.view(seat)
        # (the discard is decided from the hand alone, six cards for the moment: no Knowledge is asked then)
        if len(view.legal) > 1 and view.legal[0].verb != "discard":
            k = Knowledge(ruleset, view)
            for s in range(4):
                if s != seat:
                    real = game.deal.hands[s]
                    assert real & ~k.may_hold(s) == 0 and k.forced[s] & ~real == 0, (s, view.history)
            assert sample_worlds(k, rng, 2), "no sampled deal replays to this decision"
            checked += 1
        game.apply(players[seat].choose(view))
    return checked


@pytest.mark.parametrize("name", ["order-up", "kitty-turn-up"])
def test_inferences_hold_with_a_turn_up(name):
    ruleset = load_ruleset(str(ROOT / "tests" / "game" / "rulesets" / f"{name}.yaml"))
    assert sum(check_inferences(ruleset, seed, ["heuristic", "random"] * 2) for seed in range(3)) >= 20


def test_inferences_hold_with_the_dealers_last_card_turned():
    ruleset = load_ruleset(str(ROOT / "tests" / "game" / "rulesets" / "dealers-last-card.yaml"))
    assert check_inferences(ruleset, 5, ["heuristic", "random"] * 2) >= 20
