"""Undertakings (Thunee, Royals, Blind Thunee, Trips ...): called in the undertakings step or between the
calls to make trumps, or late, right after the first lead, by a seat safe in the suit led (pagat's
"marials on X"); and an undertaking caught by an opponent winning a trick."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import VALUE, DealSlots
from thunee_dsl.game.claims import forget as forget_claims
from thunee_dsl.game.play import Play
from thunee_dsl.game.trumps import MakeTrumps
from thunee_dsl.game.windows import Refusal, Window, await_turn, end_deal, shut
from thunee_dsl.model.ruleset import TrumpWay
from thunee_dsl.model.words import undertaking_said

# The deal's state this rule owns (the undertaking called); only this module writes it (game/slots.py)
STATE = {
    "undertaking": VALUE, "undertaking_name": VALUE, "undertaker": VALUE, "caught_by": VALUE,
    "beats": VALUE,  # which card beats which: an undertaking may play with its own ranking
    "blind_from": VALUE,  # batches dealt when a blind undertaking was called
    "unseen": VALUE,  # the blind caller's face-down cards (unplayable until enough tricks are won)
    # going alone: the seat that sits out (None: everyone plays), and the deal's order of seats in play (the
    # next seat to play after each seat, the seat that sits out passed over; the play asks only these)
    "sits_out": VALUE, "next_in_play": VALUE, "in_play": VALUE,
}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.undertaking = deal.undertaking_name = deal.undertaker = deal.caught_by = deal.blind_from = None
    deal.beats = deal.r.beats
    deal.unseen = 0
    deal.sits_out = None
    deal.next_in_play = deal.t.next_seat
    deal.in_play = deal.t.seats


NOT_ALLOWED, NOT_SAFE = 1, 2  # what bars an undertaking (see bar)


def bar(u, env, late: bool) -> int:
    """The undertaking's own conditions for a seat (``env``), read once for both the undertakings offered
    and the reason one is refused: 0 (nothing bars it), NOT_SAFE (called ``late``, after the first lead,
    by a seat not safe in the suit led: asked first, most seats are not) or NOT_ALLOWED (its
    ``allowed_if`` is false)."""
    if late and not u.late.safe_if.evaluate(env):
        return NOT_SAFE
    if u.allowed_if is not None and not u.allowed_if.evaluate(env):
        return NOT_ALLOWED
    return 0


class Undertakings(Window):
    """The window in which the seats, the trump maker's team first, may call one of ``offered``. Every
    seat is asked, even one that can only pass: whether anyone holds, say, three of a kind must not
    show in how the deal goes on."""

    __slots__ = ("offered", "calling")
    name = "undertakings"
    asks = "call an undertaking or pass"

    def asks_in(self, ruleset) -> str:
        """Thunee's players call an undertaking; where a game has no calls, its undertakings are declared by
        their titles ("declare Going alone or pass")."""
        say, _ = undertaking_said(ruleset)
        return self.asks if say == "call" else f"{say} {' or '.join(u.title for u in self.offered)} or pass"
    asks_every_seat = True

    def verbs(ruleset) -> tuple[str, ...]:
        return tuple(u.verb for u in ruleset.undertakings)

    def window_for(ruleset) -> type[Window]:
        return Undertakings

    @cython.locals(deal=DealSlots)
    def start(deal, offered=None, calling=None) -> None:
        """The step (or, with ``offered`` and ``calling``, the pause between two calls)."""
        if offered is None:
            offered = deal.t.offered_after[deal.batches_dealt]
        if not offered or deal.undertaking is not None:  # one undertaking a deal
            return
        first = deal.trump_maker if deal.trump_maker is not None else (deal.dealer + 1) % deal.t.seats
        # the trump maker's team has priority over the opponents
        window = Undertakings(deal.t.undertakings_order[first])
        window.offered = offered
        window.calling = calling  # the calling window this one interrupts (undertakings between calls)
        window.open(deal)

    @cython.locals(deal=DealSlots)
    def options_for(self, deal, seat: int) -> tuple:
        out = ()
        env = None
        say = deal.t.say[seat]
        for u in self.offered:
            if u.allowed_if is not None and env is None:
                env = deal.seat_env(seat)  # (made only for a condition to read)
            if not bar(u, env, False):
                out += (say[u.verb],)
        return out

    public_to_act = Window.next_compulsory  # the options depend on hidden cards

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        u = deal.t.undertaking_of[action.verb]
        forget_claims(deal)  # (a claim may read the undertaking and the trump makers)
        deal.undertaking = u
        deal.undertaking_name = u.name
        deal.undertaker = action.seat
        if u.blind_until_tricks:
            deal.blind_from = deal.batches_dealt  # later batches reach the caller face down
        if u.beats is not None:
            deal.beats = u.beats
        if u.partner_sits_out:
            Undertakings.sit_out(deal, deal.r.partners_of(action.seat)[0])
        MakeTrumps.set_trump_maker(deal, action.seat)  # the caller's team now makes trumps
        if u.trump is TrumpWay.FIRST_LEAD or u.trump is TrumpWay.NONE:
            MakeTrumps.forget_trumps(deal, u.trump)
        elif u.trump is TrumpWay.NAMED_BY_CALLER:
            Undertakings.ask_trump(deal, action.seat)
        self.close(deal)

    @cython.locals(deal=DealSlots)
    def sit_out(deal, seat: int) -> None:
        """``seat`` (the caller's partner) lays its hand face down and does not play this deal: the deal's
        order of seats in play passes over it (``next_in_play[seat]`` is the seat after it, for a leader
        counted from it), and a trick has one card fewer."""
        nxt = deal.t.next_seat
        deal.sits_out = seat
        deal.next_in_play = tuple(nxt[nxt[s]] if nxt[s] == seat else nxt[s] for s in range(deal.t.seats))
        deal.in_play = deal.t.seats - 1

    @cython.locals(deal=DealSlots)
    def on_trumps_made(deal) -> None:
        """Trumps are made: the undertakings offered as they are made (going alone) are offered to the trump
        maker alone, at once; the window's close goes on with the deal's sequence."""
        window = Undertakings((deal.trump_maker,))
        window.offered = deal.t.offered_on_trumps
        window.calling = None
        window.open(deal)

    @cython.locals(deal=DealSlots)
    def dealt_blind(deal, cards) -> None:
        """``cards``, dealt to a blind caller after its call, reach it face down (unseen, unplayable)."""
        for c in cards:
            deal.unseen |= 1 << c

    @cython.locals(deal=DealSlots)
    def pick_up_blind(deal) -> None:
        """The blind caller has won enough tricks: it picks up its face-down cards."""
        deal.unseen = 0

    @cython.locals(deal=DealSlots)
    def ask_trump(deal, seat: int) -> None:
        """An undertaking whose caller names trumps: any trump card made before goes back, and the caller
        must name a suit (``trump SUIT``) before anything else happens; the suit is shown to everyone
        (see MakeTrumps.make)."""
        MakeTrumps.forget_trumps(deal)
        await_turn(deal, MakeTrumps(seat, BY_NAME))

    @cython.locals(deal=DealSlots)
    def close(self, deal) -> None:
        shut(deal)
        calling = self.calling
        if calling is not None and deal.undertaking is None:
            calling.open(deal)  # nobody undertook: the calling goes on
        else:
            deal.advance()  # (an undertaking ends the calling)

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why the undertaking ``action`` calls is not allowed now, or None."""
        seat = action.seat
        u = deal.t.undertaking_of[action.verb]
        window = deal.window
        late_time = u.late is not None and deal.undertaking is None and not deal.tricks and len(deal.trick) == 1 \
            and seat != deal.trick[0][0]
        say, said = undertaking_said(deal.r)  # (the game's own verb: Thunee is called, going alone declared)
        if late_time:
            barred = bar(u, deal.seat_env(seat), True)
            if barred == NOT_ALLOWED:
                return Refusal(f"seat {seat} may not {say} {u.title} ({u.allowed_if.text} is false)")
            if barred == NOT_SAFE:
                led = deal.r.deck.suits[Play.suit_led(deal)]  # (as the deal's trump makes it: deck.trumps)
                called = f"{u.late.called_as} on {led}: " if u.late.called_as else ""  # the table's word, from the data
                return Refusal(f"{called}{u.title} {said} after the first lead stands only for a caller "
                               f"safe in {led} ({u.late.safe_if.text} is false for seat {seat}); the lead stands")
        if u.on_trumps_made and (not isinstance(window, Undertakings) or u not in window.offered):
            return Refusal(f"{u.title} may only be {said} by the player who makes trumps, as trumps are made")
        if not isinstance(window, Undertakings) or u not in window.offered:
            return Refusal(f"{u.title} may only be {said} once {u.after_batch} "
                           f"{'batches are' if u.after_batch != 1 else 'batch is'} dealt, before the first lead"
                           + (", or between the calls to make trumps" if u.during_calling else "")
                           + (" (or right after it, by a player safe in the suit led)" if u.late else ""))
        if bar(u, deal.seat_env(seat), False) == NOT_ALLOWED:
            return Refusal(f"seat {seat} may not {say} {u.title} ({u.allowed_if.text} is false)")
        return None

    @cython.locals(deal=DealSlots)
    def caught(deal, seat: int) -> None:
        """An opponent of the caller won a trick: the undertaking is caught, the deal is over."""
        deal.caught_by = seat
        end_deal(deal)


BY_NAME = (TrumpWay.SUIT,)  # the one way a caller who names trumps makes them (TrumpWay.NAMED_BY_CALLER)


class LateUndertakings(Undertakings):
    """Right after the first lead, the other seats may still call an undertaking that allows it (pagat's
    "marials on X"): offered only to a seat safe in the suit led, asked in the usual order without the
    leader. Called, the lead goes back to its leader's hand."""

    __slots__ = ()
    name = "late undertakings"
    asks_every_seat = False

    @cython.locals(deal=DealSlots)
    def open_after_lead(deal, leader: int) -> bool:
        """Open if some seat may call one (True), else nothing opens (False)."""
        t = deal.t
        first = deal.trump_maker if deal.trump_maker is not None else (deal.dealer + 1) % t.seats
        order = t.late_order[first][leader]
        window = LateUndertakings(order)
        window.offered, window.calling = t.late_offered[deal.batches_dealt], None
        return window.open_at_first_speaker(deal, order)

    @cython.locals(deal=DealSlots)
    def options_for(self, deal, seat: int) -> tuple:
        out = ()
        env = deal.seat_env(seat)
        say = deal.t.say[seat]
        for u in self.offered:
            if not bar(u, env, True):
                out += (say[u.verb],)
        return out

    @cython.locals(deal=DealSlots)
    def public_to_act(self, deal) -> int | None:
        return deal.t.next_seat[deal.trick[-1][0]]  # who would play next if the lead stands

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        Play.take_back_lead(deal)  # the first lead goes back to its leader's hand
        super().take(deal, action)

    @cython.locals(deal=DealSlots)
    def close(self, deal) -> None:
        shut(deal)
        if deal.undertaking is not None:
            deal.start_play()  # the lead was taken back: the undertaking's leader leads
        else:
            deal.await_play(deal.t.next_seat[deal.trick[-1][0]])  # the lead stands
