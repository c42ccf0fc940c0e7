"""Calling (the step ``calling``): bidding by points to make trumps. The seats call in turn, each call
higher than the last; the final caller makes trumps (the chooser takes back a trump card already
placed). Undertakings may be called between the calls where the ruleset says so."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import OWN, VALUE, DealSlots
from thunee_dsl.game.trumps import MakeTrumps
from thunee_dsl.game.undertakings import Undertakings
from thunee_dsl.game.windows import Refusal, Window, await_turn, reopen, shut
from thunee_dsl.model.quantities import Env
from thunee_dsl.model.ruleset import FirstCaller, NextCaller

# The deal's state this rule owns (the calls made); only this module writes it (game/slots.py)
STATE = {"calls": OWN, "call": VALUE, "last_caller": VALUE}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.calls = []  # (seat, amount) of each call
    deal.call = 0
    deal.last_caller = None


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
        Calling(Calling.first_callers(deal)).open(deal)

    @cython.locals(deal=DealSlots)
    def first_callers(deal) -> tuple:
        """The seats that may make the first call, in turn (calling.first_caller)."""
        t = deal.t
        start = deal.chooser if deal.chooser is not None else deal.dealer
        if deal.r.calling.first_caller is FirstCaller.OPPONENTS_OF_CHOOSER and deal.chooser is not None:
            return t.opponents_from[deal.chooser]
        return t.seats_from[(start + 1) % t.seats]

    @cython.locals(deal=DealSlots)
    def options_for(self, deal, seat: int) -> tuple:
        if deal.r.calling.allowed_if is not None and not may_call(deal, seat):
            return ()  # (calling.allowed_if: this player may not call at all)
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
            shut(deal)
            Undertakings.start(deal, t.during_calling, self)
            if deal.window is not None:
                return
            reopen(deal, self)
        self.poll(deal)

    @cython.locals(deal=DealSlots)
    def close(self, deal) -> None:
        shut(deal)
        if deal.last_caller is not None and deal.trump_maker is not None:
            Calling.hand_over_trumps(deal)  # (the chooser takes back the trump card)
        if deal.pending is None:
            deal.advance()

    @cython.locals(deal=DealSlots)
    def hand_over_trumps(deal) -> None:
        """The trump card made goes back to its hand; the final caller makes trumps instead."""
        MakeTrumps.forget_trumps(deal)
        MakeTrumps.set_trump_maker(deal, None)
        await_turn(deal, MakeTrumps(deal.last_caller, deal.r.trumps.caller_ways))

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        window = deal.window
        seat = action.seat
        if not isinstance(window, Calling):
            return Refusal("there is no calling now")
        if seat not in window.order:
            return Refusal(f"seat {seat} may not call now: the next call must come from "
                           + " or ".join(f"seat {s}" for s in window.order))
        allowed = deal.r.calling.allowed_if
        if allowed is not None and not may_call(deal, seat):
            return Refusal(f"seat {seat} may not call ({allowed.text} is false for seat {seat})")
        amounts = deal.r.calling.next_amounts(deal.call)
        if action.arg not in amounts:
            last = f" (the last call was {deal.call})" if deal.call else ""
            return Refusal(f"the next call must be {' or '.join(map(str, amounts))}{last}")
        return None


class CallingAgain(Calling):
    """A later ``calling`` step of the sequence (e.g. after the last cards are dealt): the calling goes on
    from the last call. With a call made before, the first to be asked are the seats the next caller rule
    names after the last caller, and only a higher call may follow; without one, it opens as the first
    calling does. A call made in this window takes over making trumps from whoever made them (the trump
    card goes back), unless its caller already makes trumps, who keeps them."""

    __slots__ = ("calls_before",)  # how many calls were made before this window opened

    @cython.locals(deal=DealSlots)
    def start(deal) -> None:
        if deal.undertaking is not None or (deal.call and not deal.t.next_amounts(deal.call)):
            return  # an undertaking ends calling; after the highest call nobody can go over it
        t = deal.t
        last = deal.last_caller
        if last is None:
            eligible = Calling.first_callers(deal)
        elif deal.r.calling.next_caller is NextCaller.OPPONENTS_OF_LAST_CALLER:
            eligible = t.opponents_from[last]
        else:
            eligible = t.others_from[last]
        window = CallingAgain(eligible)
        window.calls_before = len(deal.calls)
        window.open(deal)

    @cython.locals(deal=DealSlots)
    def close(self, deal) -> None:
        shut(deal)
        called = len(deal.calls) > self.calls_before
        if called and deal.trump_maker is not None and deal.last_caller != deal.trump_maker:
            Calling.hand_over_trumps(deal)
        if deal.pending is None:
            deal.advance()


@cython.locals(deal=DealSlots)
def may_call(deal, seat: int) -> bool:
    """Whether ``calling.allowed_if`` holds for ``seat`` (its team the ``callers``; the dealer's team the
    ``dealers``, the other the ``others``): a seat for whom it is false is not asked and may not call."""
    t = deal.t
    team = t.team_of[seat]
    dealers = t.team_of[deal.dealer]
    env = Env(deal, deal.balls, callers=team, opponents=t.other_team[team], seat=seat, dealers=dealers,
              others=t.other_team[dealers])
    return bool(deal.r.calling.allowed_if.evaluate(env))
