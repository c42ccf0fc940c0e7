"""One legality check per action family: the legal actions, the reason an action is refused
(``explain_illegal``) and the offence it commits (``offence_of``) all come from the family's ``verify``.

Over random games of every shipped ruleset: a legal action is never refused and never an offence; a card
of the seat to play is refused exactly when it is not among the legal actions, and the reason names the
rule that refuses it; an offence is never a legal action."""

from __future__ import annotations

import random

import pytest

from thunee_dsl import load_ruleset, shipped_ruleset
from thunee_dsl.game import Action, GameState
from thunee_dsl.game.play import Play
from thunee_dsl.loading import registry
from thunee_dsl.model.cards import iter_cards

GENERIC = "is not possible at this point"


def candidates(game: GameState) -> list[Action]:
    """Every card of every hand, every declaration, claim and undertaking of every seat."""
    r, deal = game.ruleset, game.deal
    out = []
    for seat in range(r.seats):
        out += [Action(seat, "play", r.deck.names[c]) for c in iter_cards(deal.hands[seat])]
        out += [Action(seat, d.verb, s) for d in r.declarations for s in r.deck.suits]
        out += [Action(seat, x.verb) for x in (*r.claims, *r.undertakings)]
    return out


@pytest.mark.parametrize("name", sorted(registry.shipped_rulesets()))
def test_legal_refused_and_offences_come_from_one_check(name):
    ruleset = shipped_ruleset(name)
    for seed in range(3):
        rng = random.Random(seed)
        game = GameState(ruleset, seed=seed, dealer=seed % ruleset.seats)
        steps = 0
        while not game.is_over and steps < 400:
            steps += 1
            deal = game.deal
            legal = list(game.legal_actions())
            for action in legal:
                assert deal.why_not(action) is None, (action, deal.why_not(action))
                assert game.offence_of(action) is None
            if rng.random() < 0.3:
                for action in candidates(game):
                    if action in legal:
                        continue
                    reason = game.explain_illegal(action)
                    assert reason and GENERIC not in reason or action.verb != "play", (action, reason)
                    if deal.is_play_turn() and action.verb == "play" and action.seat == deal.to_act:
                        assert Play.verify(deal, action) is not None
            game.apply(rng.choice(legal))


def test_a_trump_led_to_the_first_trick_is_refused_as_such_not_as_an_undercut():
    # Nigerian Thuni: no trump may be led to the first trick while other suits are held (the old message
    # called any refused card that was not a failure to follow suit an undercut)
    ruleset = load_ruleset("nigerian-thuni")
    for seed in range(40):
        game = GameState(ruleset, seed=seed)
        while not game.is_over and not (game.deal.is_play_turn() and not game.deal.tricks and not game.deal.trick):
            legal = game.legal_actions()  # pass in windows (not concede), else the first choice
            game.apply(legal[-1] if game.deal.window is not None else legal[0])
        deal = game.deal
        if game.is_over or deal.trump is None:
            continue
        seat = deal.to_act
        trumps = deal.hands[seat] & ruleset.deck.suit_masks[deal.trump]
        if not trumps or trumps == deal.hands[seat]:
            continue
        card = next(iter_cards(trumps))
        reason = game.explain_illegal(Action(seat, "play", ruleset.deck.names[card]))
        assert reason == f"seat {seat} may not lead a trump to the first trick while it holds another suit"
        assert game.offence_of(Action(seat, "play", ruleset.deck.names[card])) is None  # not a revoke
        return
    raise AssertionError("no seed gave a leader holding trumps and another suit")  # pragma: no cover


def test_a_refused_card_while_holding_the_suit_led_is_a_revoke_and_says_follow_suit():
    ruleset = load_ruleset("standard")
    for seed in range(40):
        game = GameState(ruleset, seed=seed)
        while not game.is_over and not (game.deal.is_play_turn() and game.deal.trick):
            game.apply(game.legal_actions()[-1])
        deal = game.deal
        if game.is_over:
            continue
        seat = deal.to_act
        led = ruleset.deck.suit_of[deal.trick[0][1]]
        held, others = deal.hands[seat] & ruleset.deck.suit_masks[led], deal.hands[seat] & ~ruleset.deck.suit_masks[led]
        if not held or not others:
            continue
        action = Action(seat, "play", ruleset.deck.names[next(iter_cards(others))])
        assert game.explain_illegal(action) == f"seat {seat} must follow suit ({ruleset.deck.suits[led]})"
        assert game.offence_of(action) == "revoke"
        other = Action((seat + 1) % ruleset.seats, "play",
                       ruleset.deck.names[next(iter_cards(deal.hands[(seat + 1) % ruleset.seats]))])
        assert game.offence_of(other) == "out of turn" and game.explain_illegal(other) == f"it is seat {seat}'s turn"
        return
    raise AssertionError("no seed gave a seat holding the suit led and another")  # pragma: no cover
