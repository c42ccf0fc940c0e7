"""Conceding (the step ``concede``): either team may give up the deal; the opponents score the
ruleset's ``concede.balls``."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import VALUE, DealSlots
from thunee_dsl.game.windows import Refusal, Window, end_deal

# The deal's state this rule owns (a concession); only this module writes it (game/slots.py)
STATE = {"conceded_by": VALUE}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.conceded_by = None


class Concede(Window):
    __slots__ = ()
    name = "concede"
    asks = "concede or pass"

    def verbs(ruleset) -> tuple[str, ...]:
        return ("concede",) if ruleset.concede_balls is not None else ()

    def window_for(ruleset) -> None:
        return None  # (transcripts pass in it like in a decision's turn: the step asks every seat)

    @cython.locals(deal=DealSlots)
    def start(deal) -> None:
        Concede(deal.t.seats_from[(deal.dealer + 1) % deal.t.seats]).open(deal)

    public_to_act = Window.next_compulsory

    @cython.locals(deal=DealSlots)
    def options_for(self, deal, seat: int) -> tuple:
        return (deal.t.say[seat]["concede"],)

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        deal.conceded_by = deal.team_of[action.seat]  # the cards are thrown in: the opponents score
        end_deal(deal)

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        if not isinstance(deal.window, Concede):
            return Refusal("a deal may only be conceded at the concede step")
        return None
