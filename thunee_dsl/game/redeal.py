"""Throwing the cards in: a redeal claimed by the player making trumps or, where the ruleset has a
``redeal`` step, by anyone right after the first cards; and a deal cancelled by the ruleset's
``cancellation`` condition once trumps are known. No score; the dealer deals again where the rules say."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import VALUE, DealSlots
from thunee_dsl.game.windows import Refusal, Window, end_deal

# The deal's state this rule owns (a redeal or a cancellation); only this module writes it (game/slots.py)
STATE = {"redealer": VALUE, "redealt": VALUE, "cancelled": VALUE}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.redealer = None
    deal.redealt = deal.cancelled = False


class Redeal(Window):
    """The ``redeal`` step's window: each seat in turn from the dealer's left may claim a redeal, or only the seat
    the ruleset names (``redeal.by: dealer+1``)."""

    __slots__ = ()
    name = "redeal"
    asks = "claim a redeal or pass"
    asks_every_seat = True

    def verbs(ruleset) -> tuple[str, ...]:
        return ("redeal",) if ruleset.redeal is not None else ()

    def window_for(ruleset) -> type[Window] | None:
        """Said in the redeal step's window where anyone may claim one; else by the chooser instead of
        making trumps (a decision of one seat)."""
        return Redeal if ruleset.redeal is not None and ruleset.redeal.in_step else None

    @cython.locals(deal=DealSlots)
    def start(deal) -> None:
        named = Redeal.named_seat(deal)
        Redeal(deal.t.seats_from[(deal.dealer + 1) % deal.t.seats] if named is None else (named,)).open(deal)

    @cython.locals(deal=DealSlots)
    def named_seat(deal):
        """The one seat that may claim a redeal (``redeal.by: dealer+1``), or None where anyone may."""
        ref = deal.r.redeal.seat
        return None if ref is None else ref.resolve(deal.t.seats, dealer=deal.dealer)

    public_to_act = Window.next_compulsory

    @cython.locals(deal=DealSlots)
    def options_for(self, deal, seat: int) -> tuple:
        return (deal.t.say[seat]["redeal"],) if deal.r.redeal.allowed_if.evaluate(deal.seat_env(seat)) else ()

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        Redeal.throw_in(deal, action.seat)

    @cython.locals(deal=DealSlots)
    def throw_in(deal, seat: int) -> None:
        """``seat`` claims a redeal: thrown in, no score, the same dealer again."""
        deal.redealt = deal.cancelled = True
        deal.redealer = seat
        end_deal(deal)

    @cython.locals(deal=DealSlots)
    def chooser_may_redeal(deal, seat: int) -> bool:
        """The chooser, about to make trumps, may throw the cards in instead (a redeal not open to anyone)."""
        redeal = deal.r.redeal
        return redeal is not None and not redeal.in_step and deal.last_caller is None and deal.trump_maker is None \
            and seat == deal.chooser and redeal.allowed_if.evaluate(deal.seat_env(seat))

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why the redeal ``action`` claims is not allowed now, or None."""
        redeal, seat = deal.r.redeal, action.seat
        if redeal.in_step:
            if not isinstance(deal.window, Redeal):
                return Refusal("a redeal may only be claimed right after the first cards are dealt")
            named = Redeal.named_seat(deal)
            if named is not None and seat != named:
                return Refusal(f"only seat {named} may claim a redeal, not seat {seat}")
            if not redeal.allowed_if.evaluate(deal.seat_env(seat)):
                return Refusal(f"seat {seat} may not claim a redeal ({redeal.allowed_if.text} is false)")
            return None
        from thunee_dsl.game.trumps import MakeTrumps  # (which throws in through this module)
        if type(deal.pending) is not MakeTrumps or seat != deal.chooser or deal.last_caller is not None:
            return Refusal("a redeal may only be claimed by the player making trumps, instead of making them")
        if not Redeal.chooser_may_redeal(deal, seat):
            return Refusal(f"seat {seat} may not claim a redeal ({redeal.allowed_if.text} is false)")
        return None

    @cython.locals(deal=DealSlots)
    def check_cancellation(deal) -> None:
        """Once trumps are known and every card is dealt: the deal is cancelled if the ruleset says so."""
        c = deal.r.cancellation
        if c is None or deal.trump is None or deal.batches_dealt < len(deal.r.batches):
            return
        if c.cancel_if.evaluate(deal.env()):
            deal.cancelled = True
            end_deal(deal)
