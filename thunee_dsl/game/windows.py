"""Windows of optional announcements, and the reasons an action is refused.

A window polls seats in turn; each answers with one of its options or ``pass``; it closes once every
polled seat has passed since the last thing said in it. What may be said, what saying it does and what
comes after the window are each kind's own (one class per kind, in the module of its rule:
:mod:`~thunee_dsl.game.calling`, :mod:`~thunee_dsl.game.undertakings`,
:mod:`~thunee_dsl.game.declarations`, :mod:`~thunee_dsl.game.claims`, :mod:`~thunee_dsl.game.redeal`,
:mod:`~thunee_dsl.game.concede`); the polling is here, once.

Each rule class's functions of the deal that are not about one object of the class (a step's ``start``,
``verify`` ...) are plain functions in the class body, called through the class
(``Play.verify(deal, action)``), not staticmethods: on CPython 3.11 a staticmethod looked up on its
class costs twice a plain call. The hottest (the play's ``play_card``, ``await_play``, ``legal_cards``,
``finish_trick``) are module functions the class names too: compiled, they are C functions (play.pxd).
"""

from __future__ import annotations

from operator import attrgetter

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.actions import PASS
from thunee_dsl.game.slots import DealSlots


class Refusal(str):
    """Why an action is not allowed now, in the game's words; ``offence`` names the penalised offence
    committing it would be (``"revoke"``, ``"out of turn"`` ...: the ruleset decides whether it is
    penalised), or None."""

    def __new__(cls, text: str, offence: str | None = None):
        self = super().__new__(cls, text)
        self.offence = offence
        return self


class Turn:
    """A decision one seat must take now (``deal.pending``): each kind is a subclass with ``seat``."""

    __slots__ = ()
    name = ""  # the decision's name ("play", "trump", "bid")
    asks = ""  # what the seat is asked to do, in messages ("make trumps")
    passes = False  # a pass answers it (a bid of tricks); else a pass is said only in a window
    bare = False  # its verbs are said without an argument (see game.families)

    def window_for(ruleset) -> None:
        """A decision of one seat is not said in a window (transcripts pass in none for it)."""
        return None


class Window:
    """An open window of optional announcements (each kind is a subclass)."""

    __slots__ = ("order", "pos", "silent", "options")
    name = ""  # the window's name ("calling", "declarations" ...)
    asks = ""  # what the polled seat is asked to do, in messages ("call or pass")
    asks_every_seat = False  # poll even a seat that can only pass (what it holds must not show)
    bare = True  # its verbs are said without an argument (see game.families; calling's are amounts)
    # closed, it only asks the next card (a window asked before a card, or after a trick): a pass in it can
    # be taken back (play.pass_reversibly)
    closes_to_a_card = False

    def __init__(self, order):
        self.order = order
        self.pos = 0
        self.silent = 0
        self.options: tuple = ()  # what the polled seat may say (set by poll)

    @property
    def seat(self) -> int:
        return self.order[self.pos]

    def asks_in(self, ruleset) -> str:
        """What the polled seat is asked to do, in the words of ``ruleset`` (the kind's ``asks``)."""
        return self.asks

    def copy(self) -> "Window":
        kind = type(self)
        other = _new(kind)
        names, read = _SLOTS.get(kind) or _slots_of(kind)
        for name, value in zip(names, read(self)):
            setattr(other, name, value)
        if type(self.order) is list:
            other.order = list(self.order)
        return other

    # -- each kind's own ---------------------------------------------------------------------------
    def options_for(self, deal, seat: int) -> tuple:
        """What ``seat`` may say in this window now (shared Action tuples; empty: it can only pass)."""
        return ()

    def take(self, deal, action) -> None:  # pragma: no cover - every kind with options has its own
        raise NotImplementedError

    def public_to_act(self, deal) -> int | None:
        """Who the table sees as acting while this window is open (see Deal.public_to_act)."""
        return self.seat

    def next_compulsory(self, deal) -> int | None:
        """For a window every seat is asked in (undertakings, redeal, concede): the table sees it wait for
        the next compulsory action once trumps are made (the usual leader), else the seat asked."""
        return deal.usual_leader() if deal.trump_maker is not None else self.seat

    # -- polling, the same for every kind ----------------------------------------------------------
    @cython.locals(deal=DealSlots)
    def open(self, deal) -> None:
        deal.window = self
        self.poll(deal)

    @cython.locals(deal=DealSlots)
    def open_at_first_speaker(self, deal, order) -> bool:
        """Open with ``order``, polled from the first seat that has something to say (the seats before
        it would only pass); False, and nothing opened, if no seat has. ``self`` may be a window of the
        kind made for asking only (its order unset): the window opened is then a new one."""
        for i, seat in enumerate(order):
            options = self.options_for(deal, seat)
            if options:
                window = self if self.order is order else self.copy()
                window.order = order
                window.pos = window.silent = i
                window.options = options
                deal.window = window
                deal._legal = options + deal.t.pass_only[seat]
                return True
        return False

    @cython.locals(deal=DealSlots)
    def poll(self, deal, passing: bool = False) -> None:
        """Find the next seat with something to say (after the polled seat, if it is ``passing``); close
        the window if none (at once when every polled seat has now passed: a window's last pass, the
        common one, moves nothing on)."""
        order = self.order
        if passing:
            self.silent += 1
            if self.silent >= len(order):
                self.close(deal)
                return
            self.pos = (self.pos + 1) % len(order)
        elif self.silent >= len(order):
            self.close(deal)
            return
        while True:
            seat = order[self.pos]
            options = self.options_for(deal, seat)
            if options or self.asks_every_seat:
                self.options = options
                deal._legal = options + deal.t.pass_only[seat]
                return
            self.silent += 1
            if self.silent >= len(order):
                self.close(deal)
                return
            self.pos = (self.pos + 1) % len(order)

    @cython.locals(deal=DealSlots)
    def pass_turn(self, deal) -> None:
        """The polled seat passes."""
        self.poll(deal, True)

    @cython.locals(deal=DealSlots)
    def close(self, deal) -> None:
        """The window closes; what comes after it (each kind its own; by default the next step)."""
        deal.window = None
        deal.advance()


class Passing:
    """The family of ``pass``: said by the seat polled in a window, or as a bid of its own where the
    decision of one seat takes a pass (``Turn.passes``)."""

    bare = False

    def verbs(ruleset) -> tuple[str, ...]:
        return (PASS,)

    def window_for(ruleset) -> None:
        return None  # (said in every window: transcripts pass for the seats they do not show speaking)

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        if action.arg is not None:
            return Refusal(f"a pass is said alone, without '{action.arg}'")
        if deal.window is None and not getattr(deal.pending, "passes", False):
            why = getattr(deal.pending, "why_no_pass", None)  # (a bid that must be made says why)
            return Refusal(why(deal) if why is not None else "there is nothing to pass on now")
        return None


# -- what the deal waits for: the driver's (deal.pending, deal.window, deal._legal, deal.over), which the
# rules set only through these ------------------------------------------------------------------------
def await_turn(deal, turn) -> None:
    """The deal waits for ``turn``, a decision of one seat (a MakeTrumps, Bidding or Play), or for nothing
    of one seat (None: a window, or the next step)."""
    deal.pending = turn


def await_turn_with(deal, turn, legal) -> None:
    """As await_turn, with the seat's legal actions already worked out (a card play: the tables' tuple)."""
    deal.pending = turn
    deal._legal = legal


@cython.locals(deal=DealSlots)
def show_window(deal, window, legal) -> None:
    """``window`` opens at its polled seat, whose options (with its pass) are ``legal``; no decision of one
    seat is pending meanwhile."""
    deal.pending = None
    deal.window = window
    deal._legal = legal


@cython.locals(deal=DealSlots)
def shut(deal) -> None:
    """The open window closes (what comes after it is its kind's own: see Window.close)."""
    deal.window = None


@cython.locals(deal=DealSlots)
def reopen(deal, window) -> None:
    """``window`` is the open window again (a calling window that asked the undertakings first)."""
    deal.window = window


@cython.locals(deal=DealSlots)
def forget_legal(deal) -> None:
    """What the seat to act may do has changed in a way its rule does not say (an offence committed)."""
    deal._legal = None


@cython.locals(deal=DealSlots)
def end_deal(deal) -> None:
    """The deal is over: its last trick played, or before it (conceded, thrown in, cancelled, an undertaking
    caught or decided, an offence): nothing is pending and no window is open. The one place a rule stops the
    deal's flow."""
    deal.over = True
    deal.pending = deal.window = None


@cython.locals(deal=DealSlots)
def waiting_for(deal) -> str:
    """What the deal waits for now, in the game's words (for the reason an action is refused)."""
    if deal.over:
        return "the deal is over"
    asked = deal.window if deal.window is not None else deal.pending
    asks = asked.asks_in(deal.r) if deal.window is not None else asked.asks
    return f"seat {asked.seat if deal.window is None else asked.order[asked.pos]} is to {asks}"


_new = Window.__new__  # (object.__new__ in Python; compiled, Window is an extension type: its own)


def _slots_of(cls) -> tuple[tuple[str, ...], attrgetter]:
    """The slots of a kind of window (its own and its bases'), and a reader of their values: worked out
    once per kind (a window is copied each time a deal with one open is cloned)."""
    names = []
    for klass in cls.__mro__:
        names += getattr(klass, "__slots__", ())
    names = tuple(names)
    read = attrgetter(*names)  # (a window has at least Window's own four slots: it reads a tuple)
    _SLOTS[cls] = names, read
    return names, read


_SLOTS: dict = {}  # each kind of window -> its slots and their reader (see _slots_of)
