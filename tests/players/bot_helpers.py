"""Helpers of the bot tests: deals with chosen cards, driven to a chosen moment.

(Imported by name: this folder is not a package, so the module name is unique.)

Hands are given by seat, each in the order received (the first batch first). ``drive`` applies the
listed actions the way transcript replay does: a seat polled in an announcement window that the list
does not show speaking passes.
"""

from __future__ import annotations

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import Action, GameState
from thunee_dsl.game.replay import advance_to

STANDARD = shipped_ruleset("standard")


def deal(ruleset, hands: dict[int, list[str]], dealer: int = 0, score=None) -> GameState:
    game = GameState(ruleset, seed=0, dealer=dealer, score=score, auto_deal=False)
    game.start_deal([[ruleset.deck.card(c) for c in hands[s]] for s in range(ruleset.seats)])
    return game


def drive(game: GameState, actions: list[str]) -> GameState:
    """Play the listed actions, the seats polled before each in open windows passing (game.replay)."""
    for text in actions:
        action = Action.parse(text)
        assert advance_to(game, action) is not None, f"{text} never became legal: {game.legal_actions()}"
    return game


def until_seat(game: GameState, seat: int) -> GameState:
    """Let polled seats pass until ``seat`` is to act."""
    for _ in range(100):
        if game.to_act == seat:
            return game
        assert game.pass_window(), f"seat {game.to_act} must act, not {seat}"
    raise AssertionError("seat never to act")


def until_play(game: GameState) -> GameState:
    """Let polled seats pass until a card is to be played."""
    for _ in range(100):
        if game.legal_actions()[0].verb == "play":
            return game
        assert game.pass_window(), f"no window open: {game.legal_actions()}"
    raise AssertionError("no card play reached")


def thunee_deal(seat2: list[str]) -> GameState:
    """A deal of ``standard`` (dealer 0) where seat 2 holds ``seat2``, seat 1 the Queen of hearts first (to
    make trumps with) and the rest of the pack is dealt in deck order to seats 1, 3 and 0."""
    rest = [c for c in STANDARD.deck.names if c not in seat2 and c != "QH"]
    return deal(STANDARD, {2: seat2, 1: ["QH"] + rest[:5], 3: rest[5:11], 0: rest[11:17]}, dealer=0)
