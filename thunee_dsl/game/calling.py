"""Calling (the step ``calling``): bidding by points to make trumps. The seats call in turn, each call
higher than the last; the final caller makes trumps (the chooser takes back a trump card already
placed). Undertakings may be called between the calls where the ruleset says so."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import DealSlots
from thunee_dsl.game.trumps import MakeTrumps
from thunee_dsl.game.undertakings import Undertakings
from thunee_dsl.game.windows import Refusal, Window
from thunee_dsl.model.ruleset import FirstCaller, NextCaller


class Calling(Window):
    __slots__ = ()
    name = "calling"
    asks = "call or pass"
    bare = False  # a call says its amount

    def verbs(ruleset) -> tuple[str, ...]:
        return ("call",)

    def window_for(ruleset) -> type[Window]:
        return Calling

    @cython.locals(deal=DealSlots)
    def start(deal) -> None:
        if deal.undertaking is not None:
            return  # an undertaking ends calling
        rule = deal.r.calling
        t = deal.t
        start = deal.chooser if deal.chooser is not None else deal.dealer
        if rule.first_caller is FirstCaller.OPPONENTS_OF_CHOOSER and deal.chooser is not None:
            eligible = t.opponents_from[deal.chooser]
        else:
            eligible = t.seats_from[(start + 1) % t.seats]
        Calling(eligible).open(deal)

    @cython.locals(deal=DealSlots)
    def options_for(self, deal, seat: int) -> tuple:
        return deal.t.calls_of(seat, deal.call)

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        t = deal.t
        deal.call = action.arg
        deal.last_caller = action.seat
        deal.calls.append((action.seat, action.arg))
        if not t.next_amounts(deal.call):
            self.close(deal)  # the highest call: nobody can go over it
            return
        if deal.r.calling.next_caller is NextCaller.OPPONENTS_OF_LAST_CALLER:
            order = t.opponents_from[action.seat]
        else:
            order = t.others_from[action.seat]
        self.order, self.pos, self.silent = order, 0, 0
        if t.during_calling:
            # an undertaking may be called between the calls (it ends the calling): ask every seat first
            deal.window = None
            Undertakings.start(deal, t.during_calling, self)
            if deal.window is not None:
                return
            deal.window = self
        self.poll(deal)

    @cython.locals(deal=DealSlots)
    def close(self, deal) -> None:
        deal.window = None
        if deal.last_caller is not None and deal.trump_maker is not None:
            # the chooser takes back the trump card; the final caller makes trumps instead
            deal.trump = deal.trump_card = deal.trump_way = None
            deal.set_trump_maker(None)
            deal.pending = MakeTrumps(deal.last_caller, deal.r.trumps.caller_ways)
        if deal.pending is None:
            deal.advance()

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        window = deal.window
        seat = action.seat
        if not isinstance(window, Calling):
            return Refusal("there is no calling now")
        if seat not in window.order:
            return Refusal(f"seat {seat} may not call now: the next call must come from seat "
                           f"{' or '.join(map(str, window.order))}")
        amounts = deal.r.calling.next_amounts(deal.call)
        if action.arg not in amounts:
            last = f" (the last call was {deal.call})" if deal.call else ""
            return Refusal(f"the next call must be {' or '.join(map(str, amounts))}{last}")
        return None
