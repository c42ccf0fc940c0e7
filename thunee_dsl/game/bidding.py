"""Bidding (the step ``bidding``, Nigerian Thuni): turn-based bids of the number of tricks a seat's team
will win, each higher than the last, until all but the highest bidder have passed."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import OWN, VALUE, DealSlots
from thunee_dsl.game.actions import PASS, Action
from thunee_dsl.game.windows import Refusal, Turn, await_turn

# The deal's state this rule owns (the bids); only this module writes it (game/slots.py)
STATE = {"bids": OWN, "passed": OWN, "high_bid": VALUE, "high_bidder": VALUE}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.bids = {}  # each seat's highest bid
    deal.passed = set()
    deal.high_bid = 0
    deal.high_bidder = None


class Bidding(Turn):
    """The decision ``seat`` must take: bid, or pass (a pass is final)."""

    __slots__ = ("seat",)
    name = "bid"
    asks = "bid or pass"
    passes = True  # a pass is a bid of its own (final)

    def verbs(ruleset) -> tuple[str, ...]:
        return ("bid",) if ruleset.bidding is not None else ()

    def __init__(self, seat: int):
        self.seat = seat

    @cython.locals(deal=DealSlots)
    def start(deal) -> None:
        await_turn(deal, Bidding(deal.r.bidding.first_bidder.resolve(deal.r.seats, dealer=deal.dealer)))

    @cython.locals(deal=DealSlots)
    def legal(self, deal) -> tuple:
        rule = deal.r.bidding
        seat = self.seat
        if deal.high_bidder is None and len(deal.passed) == deal.r.seats - 1 and rule.dealer_bids_if_all_pass:
            return (Action(seat, "bid", rule.lowest),)  # everyone else passed: this seat must bid the lowest
        low = max(rule.lowest, deal.high_bid + 1)
        return tuple([Action(seat, "bid", n) for n in range(low, rule.highest + 1)] + [deal.t.pass_action[seat]])

    # (untyped: Cython 3.3 cannot compile a typed argument read in a generator expression here)
    def take(self, deal, action) -> None:
        seat = action.seat
        if action.verb == PASS:
            deal.passed.add(seat)
        else:
            deal.bids[seat] = action.arg
            deal.high_bid, deal.high_bidder = action.arg, seat
        await_turn(deal, None)
        if len(deal.passed) >= deal.r.seats - 1 and deal.high_bidder is not None:
            deal.advance()  # all but the highest bidder have passed
            return
        nxt = next(s for s in deal.t.seats_from[(seat + 1) % deal.t.seats] if s not in deal.passed)
        await_turn(deal, Bidding(nxt))

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why the bid ``action`` makes is not allowed now, or None."""
        turn = deal.pending
        if type(turn) is not Bidding or deal.window is not None:
            return Refusal("there is no bidding now")
        if action.seat != turn.seat:
            return Refusal(f"it is seat {turn.seat}'s turn")
        if action not in turn.legal(deal):
            rule = deal.r.bidding
            return Refusal(f"seat {turn.seat} may bid {max(rule.lowest, deal.high_bid + 1)} to {rule.highest} "
                           f"tricks or pass")
        return None
