"""The one replay helper (thunee_dsl.game.replay): advance until an action is legal, passing in open windows."""

from __future__ import annotations

import random

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import Action, GameState
from thunee_dsl.game.replay import STOP, advance_to, close_windows, pass_until
from thunee_dsl.players import make_bot

# (not nigerian-thuni: where tricks are bid a listed pass may be a bid, which the transcript tells apart)
RULESETS = ["standard", "royals", "six-player", "two-player-open-face", "blind-thunee",
            "cats-at-cards", "thirteen-point"]


def played_deal(name: str, seed: int):
    """A deal of random bots that speak often: (ruleset, first deal's record, the game's cards)."""
    r = shipped_ruleset(name)
    game = GameState(r, seed=seed, auto_deal=False)
    game.start_deal()
    bots = [make_bot("random", r, seed=seed * 10 + s, speak=0.5) for s in range(r.seats)]
    record = game.deals[-1]
    while record.result is None:
        game.apply(bots[game.to_act].choose(game.view(game.to_act)))
    return r, record, game


@pytest.mark.parametrize("name", RULESETS)
def test_said_actions_replay_to_the_same_deal(name):
    """The passes that declined a window are left out; advance_to makes them again, and the deal comes out
    the same: every action, pass included, and the balls."""
    for seed in range(6):
        r, record, _ = played_deal(name, seed)
        deck = r.deck
        game = GameState(r, seed=0, dealer=record.dealer, auto_deal=False)
        game.start_deal([[deck.card(c) for c in hand] for hand in record.hands])
        said = [a for i, a in enumerate(record.actions) if i not in record.silent]
        for action in said:
            if game.deals[-1].result is not None:
                break
            assert advance_to(game, action) == action
        close_windows(game)
        again = game.deals[-1]
        assert again.actions == record.actions
        assert again.result.balls == record.result.balls


def test_pass_until_stops_when_told_and_when_nothing_is_left_to_pass():
    r = shipped_ruleset("standard")
    game = GameState(r, seed=3)
    before = len(game.history)
    assert pass_until(game, lambda legal: STOP) is False
    assert len(game.history) == before  # nothing applied
    assert pass_until(game, lambda legal: True) is True
    assert len(game.history) == before
    # making trumps is no window: a card play of another seat can never be reached by passing
    assert game.legal_actions()[0].verb == "trump"
    assert advance_to(game, Action((game.to_act + 1) % r.seats, "play", "JS")) is None
    assert len(game.history) == before


def test_pass_until_passes_for_the_polled_seats_and_counts_them():
    r = shipped_ruleset("standard")
    rng = random.Random(1)
    for seed in range(20):
        game = GameState(r, seed=seed)
        while not any(a.verb == "pass" for a in game.legal_actions()):
            game.apply(rng.choice([a for a in game.legal_actions() if a.verb != "pass"]))
        passes = []

        def passing(game, legal):
            passes.append(game.to_act)
            return game.pass_window()

        start = len(game.history)
        assert pass_until(game, lambda legal: not any(a.verb == "pass" for a in legal), passing)
        assert [a.seat for a in game.history[start:]] == passes
        assert all(a.verb == "pass" for a in game.history[start:])



def test_pass_until_makes_at_most_limit_passes():
    r = shipped_ruleset("standard")
    for seed in range(30):
        game = GameState(r, seed=seed)
        while not any(a.verb == "pass" for a in game.legal_actions()):
            game.apply(game.legal_actions()[0])
        start = len(game.history)
        assert pass_until(game, lambda legal: False, limit=1) is False
        assert len(game.history) - start == 1
        assert game.history[-1].verb == "pass"
