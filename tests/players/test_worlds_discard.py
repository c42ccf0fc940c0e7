"""Euchre: a dealer who picks up the turn-up and lays that same card aside. The sampled deals must hold it once
(it is the turn-up, among the undealt cards, and the dealer's discard), so the dealer's searches and hints work
from there on (it was 'QH is dealt twice': the dealer's hint raised)."""

from __future__ import annotations

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import decide, make_bot
from thunee_dsl.players.hint import hint


def test_a_dealer_who_discards_the_turn_up_gets_a_hint():
    rules = shipped_ruleset("euchre")
    found = 0
    for seed in range(1, 200):
        game = GameState(rules, seed=seed)
        bot = make_bot("random", rules, seed=seed)
        while len(game.deals) == 1 and not game.is_over:
            deal = game.deal
            legal = game.legal_actions()
            turn_up = deal.turn_up
            discards = [a for a in legal if a.verb == "discard"]
            if discards and turn_up is not None:
                own = [a for a in discards if deal.card_of[a.arg] == turn_up]
                if own:  # lay the turn-up itself aside, then ask for the dealer's hint at its next card
                    seat = game.to_act
                    game.apply(own[0])
                    while len(game.deals) == 1 and not game.is_over and game.to_act != seat:
                        game.apply(decide(bot, game))
                    if len(game.deals) == 1 and not game.is_over and len(game.legal_actions()) > 1:
                        h = hint(game, seat, samples=2)
                        assert h.action in game.legal_actions()
                        found += 1
                    break
            game.apply(decide(bot, game))
        if found >= 3:
            break
    assert found >= 3
