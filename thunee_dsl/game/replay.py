"""Replaying actions into a game: advance until an action is legal, passing in open windows.

A list of actions rarely says every pass. A transcript leaves out the announcements nobody made; a
seat's view hides the other seats' passes (declining is silent at the table); a deal taken again under
other rules meets windows the first rules never opened. Replaying such a list means: before each listed
action, let the seats polled in open windows pass until the action can be taken. That is written here
once, on :class:`~thunee_dsl.game.state.GameState`'s public API (``legal_actions``, ``apply``,
``pass_window``), and used by transcript replay, the editor's playtest and the bots' sampled deals; each
says only when to stop and how a pass is made (recorded, or the engine's own pass object).

>>> from thunee_dsl import load_ruleset
>>> from thunee_dsl.game import Action, GameState
>>> game = GameState(load_ruleset("standard"), seed=7)
>>> first = game.legal_actions()[0]
>>> advance_to(game, first) == first, game.history[-1] == first
(True, True)
"""

from __future__ import annotations

from typing import Callable, Sequence

from thunee_dsl.game.actions import Action
from thunee_dsl.game.state import GameState

#: What ``ready`` returns to give up (the action will not become possible by passing).
STOP = object()

#: Passes at most, for one action (a safety net: a few windows of a few seats each).
MAX_PASSES = 400

Ready = Callable[[Sequence[Action]], object]  # legal actions -> truthy (ready), falsy (pass on) or STOP
Passing = Callable[[GameState, Sequence[Action]], bool]  # make one pass; False if there is none to make


def pass_in_window(game: GameState, legal: Sequence[Action]) -> bool:
    """The ordinary pass: the seat polled in the open announcement window declines (False if none is open)."""
    return game.pass_window()


def pass_until(game: GameState, ready: Ready, passing: Passing = pass_in_window, limit: int = MAX_PASSES) -> bool:
    """Pass until ``ready(legal actions)`` says the moment has come: True then, with nothing applied.
    False if it never comes: ``ready`` gave :data:`STOP`, there was no pass to make, the deal ended (a
    window closing unused can end it) or ``limit`` passes were made."""
    record = game.deals[-1] if game.deals else None
    for passes in range(limit + 1):
        if record is None or record.result is not None:
            return False
        legal = game.legal_actions()
        verdict = ready(legal)
        if verdict is STOP:
            return False
        if verdict:
            return True
        if passes == limit or not passing(game, legal):
            return False
    return False


def advance_to(game: GameState, action: Action, passing: Passing = pass_in_window,
               apply: Callable[[Action], object] | None = None) -> Action | None:
    """Pass in open windows until ``action`` is legal (or an offence the ruleset penalises), then apply
    it (with ``apply``, ``game.apply`` by default); None, with nothing more applied, if it never is."""

    def ready(legal):
        return action in legal or game.offence_of(action) is not None

    if not pass_until(game, ready, passing):
        return None
    (apply or game.apply)(action)
    return action


def redeal(game: GameState, orders: Sequence[Sequence[int]]) -> None:
    """Give the deal in play other cards where they have not been seen: ``orders`` is each seat's cards in
    the order received. Each seat must have received again every card it has played (the tricks, and so
    what has been done, stay as they are); its hand becomes the cards received so far less those.

    This is how a search bot builds sampled deals from the position instead of replaying the deal from
    its start: only a deal whose course never depended on those cards (no face-down rows or blind cards,
    every trump card made known, no announcement that needs certain cards) may be dealt again this way, and
    the caller checks that the seat to act has the same choices. ValueError if the cards cannot have led to
    this position (a card played by a seat not dealt to it; a deal the cancellation rule would have thrown
    in). The deal's caches of its hands are dropped."""
    deal = game.deal
    dealt_now = sum(deal.r.batches[:deal.batches_dealt])  # (the deal's own: deal.hand_sizes)
    dealt, hands = [], []
    for seat, order in enumerate(orders):
        played = deal.dealt[seat] & ~deal.hands[seat]
        got = 0
        for card in order[:dealt_now]:
            got |= 1 << card
        if played & ~got:
            raise ValueError(f"seat {seat} is dealt again without a card it has played")
        dealt.append(got)
        hands.append(got & ~played)
    deal.deal_again(orders, dealt, hands)
    names = game.ruleset.deck.names
    game.deals[-1].hands = tuple(tuple(names[c] for c in order) for order in orders)
    if deal.leader is not None and not deal.over:
        # play has begun, so the cancellation rule was looked at: with these cards it would have thrown the
        # deal in (neither opponent holding a trump, say), and such a deal never reaches this position
        deal.check_cancellation()
        if deal.over:
            raise ValueError("with these cards the deal would have been thrown in")


def close_windows(game: GameState) -> None:
    """Let every window still open close unused (the end of a listed deal; a cancelled deal ends here)."""
    record = game.deals[-1]
    while record.result is None and game.pass_window():
        pass


__all__ = ["MAX_PASSES", "STOP", "advance_to", "close_windows", "pass_in_window", "pass_until", "redeal"]
