"""One deal: the driver that runs a ruleset's steps and holds the deal's state.

:class:`Deal` is driven entirely by the compiled :class:`~thunee_dsl.model.ruleset.Ruleset`: its typed
steps (``ruleset.steps``) run in order, each by the rule class of its kind, and every number (batches,
call amounts, combinations, balls) comes from the ruleset. The rules themselves live one to a module:

========================  =========================================================================
step or window            rule class (module)
========================  =========================================================================
``deal N``                :class:`~thunee_dsl.game.dealing.DealBatch`
``make trumps``           :class:`~thunee_dsl.game.trumps.MakeTrumps` (a decision of one seat)
``calling``               :class:`~thunee_dsl.game.calling.Calling` (a window)
``bidding``               :class:`~thunee_dsl.game.bidding.Bidding` (a decision of one seat)
``undertakings``          :class:`~thunee_dsl.game.undertakings.Undertakings`, ``LateUndertakings``
``redeal``                :class:`~thunee_dsl.game.redeal.Redeal` (also cancellation)
``concede``               :class:`~thunee_dsl.game.concede.Concede`
``play``                  :class:`~thunee_dsl.game.play.Play` (a decision of one seat: a card)
after a trick             :class:`~thunee_dsl.game.declarations.Declarations`, ``Challenge``
before the last trick     :class:`~thunee_dsl.game.claims.Claims`
an offence                :class:`~thunee_dsl.game.penalties.Penalties`
========================  =========================================================================

A decision of one seat is ``deal.pending`` (an object of its rule class, with ``seat``); optional
announcements are ``deal.window`` (see :mod:`thunee_dsl.game.windows`). Every action family has one
legality check, ``verify(deal, action)``, returning the :class:`~thunee_dsl.game.windows.Refusal` (the
reason, and the offence it would be) or None: ``Deal.checks`` maps each verb to it.

Speed (see ``docs/performance.md``): the per-ruleset tables of :mod:`thunee_dsl.game.tables` give
every seat's actions as shared objects, so the legal moves of a card play are a table look-up
(never an Action made), and :meth:`Deal.apply_if_legal` checks and applies the common actions (a
card, a pass) with a few integer operations instead of searching the list of legal actions.
"""

from __future__ import annotations

from functools import lru_cache, partial, reduce
from itertools import repeat
from operator import and_, attrgetter, is_, or_

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.errors import IllegalActionError
from thunee_dsl.game.actions import Action
from thunee_dsl.game import bidding, calling, claims, concede, dealing, declarations, penalties, play, redeal, trumps
from thunee_dsl.game import undertakings, view
from thunee_dsl.game.bidding import Bidding, BiddingAgain
from thunee_dsl.game.calling import Calling, CallingAgain
from thunee_dsl.game.claims import Claims, forget as forget_claims
from thunee_dsl.game.concede import Concede
from thunee_dsl.game.counts import (
    BeatableInLed, CardsHeld, MostOfARank, PointsHeld, SeatCounts, SuitsHeld, TopCardsHeld,
)
from thunee_dsl.game.dealing import DealBatch
from thunee_dsl.game.families import checks as checks_of, families as families_of, offered_verbs
from thunee_dsl.game.declarations import WRONG_TIME, Declarations, declaration_value as _value, value_in as _value_in
from thunee_dsl.game.penalties import Penalties
from thunee_dsl.game.play import Play, play_card
from thunee_dsl.game.redeal import Redeal
from thunee_dsl.game.slots import OWN, OWN_NESTED, REMADE, REMADE_DICT, VALUE, DealSlots, c_type_of, policy_of
from thunee_dsl.game.tables import PASS, PASSING, RulesetTables, tables
from thunee_dsl.game.trumps import MakeTrumps
from thunee_dsl.game.undertakings import LateUndertakings, Undertakings
from thunee_dsl.game.view import forget as forget_views
from thunee_dsl.game.windows import Refusal, Window
from thunee_dsl.model import ruleset as model
from thunee_dsl.model.quantities import Env
from thunee_dsl.model.ruleset import Claim, Contract, Ruleset, TrumpWay, Undertaking

# apply_if_legal answers
NOT_LEGAL, APPLIED, PASSED = 0, 1, 2
__all__ = ["Deal", "NOT_LEGAL", "APPLIED", "PASSED", "PASS", "WRONG_TIME", "Window"]

# The deal's state the driver owns (this module and the polling of windows.py write it): the ruleset and
# its tables, the game's figures for this deal, the cards each seat receives, where the sequence is, what
# the deal waits for (a decision of one seat, or an open window) and what it keeps for its own speed
STATE = {
    "t": (VALUE, "TableSlots"), "r": VALUE, "card_of": VALUE, "play_actions": VALUE, "team_of": VALUE,
    "n_tricks": VALUE,  # (the ruleset's own, kept at hand)
    "target": VALUE, "corner_house": VALUE, "balls": VALUE,  # the game's, for this deal (formulas read them)
    "deal_number": VALUE,  # the deal's number in the game, from 1 (thrown-in deals apart: deal.hand_sizes' place)
    "dealer": VALUE, "chooser": VALUE,
    "order": OWN_NESTED,  # each seat's cards in the order received
    "order_bits": OWN,  # the same as bits (1 << card), if the dealer gives them (see DealBatch)
    "undealt": VALUE,  # the cards of the pack left after the deal, in order (a tuple: deal.undealt)
    "step": VALUE, "steps": VALUE, "before_card": VALUE, "plain_at": VALUE,  # the sequence (see _driver)
    "pending": VALUE,  # the decision of one seat: a MakeTrumps, Bidding or Play (see the table above)
    "window": OWN,  # an open window of announcements (see thunee_dsl.game.windows)
    "over": VALUE,
    "_legal": OWN,  # the legal actions, until the next change
    "_seat_env": REMADE, "_counts": REMADE_DICT,  # the formula environment, the per-seat counts formulas read
}

# The rules that own a part of the deal's state (each module's STATE, and its begin(deal) that makes it)
RULE_MODULES = (dealing, trumps, calling, bidding, undertakings, declarations, claims, play, penalties, redeal,
                concede, view)
# Every attribute of a deal: the driver's and each rule's own
OWNERS = {"deal": STATE, **{module.__name__.rsplit(".", 1)[1]: module.STATE for module in RULE_MODULES}}
DEAL_STATE = {name: declared for state in OWNERS.values() for name, declared in state.items()}
DEAL_SLOTS = tuple(DEAL_STATE)

PXD_HEAD = "cdef class DealSlots:\n"


def deal_slots_pxd() -> str:
    """slots.pxd's declaration of the deal's attributes (the compiled build's C struct fields), made from
    DEAL_STATE: ``build_accel.py`` writes it there before a build (write_deal_slots_pxd)."""
    fields = (f"    cdef public {c_type_of(declared)} {name}\n" for name, declared in DEAL_STATE.items())
    return PXD_HEAD + "".join(fields)


_BEGINS = tuple(module.begin for module in RULE_MODULES)  # (see Deal.__init__)

# each kind of step of the compiled sequence -> its rule class (or object), whose start(deal) runs it
STEP_RULES = {
    model.DealBatch: lambda step: DealBatch(step.number),
    model.MakeTrumps: lambda step: MakeTrumps,
    model.CallingStep: lambda step: CallingAgain if step.again else Calling,  # (a later one goes on from the last call)
    model.BiddingStep: lambda step: BiddingAgain if step.again else Bidding,  # (a later one: bidding.again's rules)
    model.UndertakingsStep: lambda step: Undertakings,
    model.RedealStep: lambda step: Redeal,
    model.ConcedeStep: lambda step: Concede,
    model.PlayStep: lambda step: Play,
}


# the windows that may open for a seat before it plays a card, in this order (each opens for that seat
# only when its own rule says so; the next is asked once it closes)
BEFORE_CARD = (Claims, Declarations)  # (Claims first: its window's close resumes at the second)


def _before_card(r: Ruleset) -> tuple:
    """For each number of tricks played, the windows asked before a card then (most: none)."""
    return tuple(tuple(window.open_before_card for window in BEFORE_CARD if played in window.asked_before_card(r))
                 for played in range(r.tricks_per_deal + 1))


class Deal(DealSlots):
    """The state of one deal. Mutable; :class:`~thunee_dsl.game.state.GameState` owns it."""

    # Its attributes are DEAL_STATE's (each rule's STATE): slots in Python, compiled DealSlots' C struct
    # fields (slots.pxd, made from the same declarations); a deal has no others.
    __slots__ = DEAL_SLOTS

    def __init__(self, ruleset: Ruleset, dealer: int, order: list[list[int]], balls: tuple[int, ...],
                 target: int | None = None, corner_house: int | None = None, order_bits: list | None = None,
                 undealt: tuple = (), deal_number: int = 1):
        r = ruleset
        t = self.t = tables(r)
        # the game's target and corner house for this deal (a game may raise them, e.g. after a Khanaak)
        self.target = r.game.target if target is None else target
        self.corner_house = r.game.corner_house if corner_house is None else corner_house
        self.r = r
        self.dealer = dealer
        self.order = order  # each seat's cards in the order received
        self.order_bits = order_bits
        self.undealt = undealt  # (the first of them is the turn-up, where one is turned from them)
        self.balls = balls  # game score before this deal (formulas read it)
        self.deal_number = deal_number
        self.team_of = t.team_of
        self.chooser = t.chooser_of[dealer]
        self.play_actions = t.play
        self.card_of = t.card_of
        self.n_tricks = t.n_tricks
        self.step = -1
        self.window = self.pending = None
        self.over = False
        self._legal = self._seat_env = None
        self._counts = {}
        for begin in _BEGINS:  # each rule's part of the deal's state (its own: see STATE)
            begin(self)
        # the sequence (each step's start function) and, for each number of tricks played, the windows
        # asked before a card and whether the seats of such a trick simply follow suit (see Play.play_card)
        driver = t.driver
        if driver is None:
            driver = t.driver = _driver(r)
        self.steps, self.before_card, self.plain_at = driver

    def clone(self) -> "Deal":
        """An independent copy of this deal: what either does afterwards leaves the other as it was.

        Each attribute is copied as its rule declares it (its ``STATE``; game/slots.py): the deal's own
        lists, sets, dicts and open window are copied (the cards each seat received, a list of lists, one
        level down; a read-only tuple shared by every deal stays shared); values, the ruleset, its tables
        and its actions are shared; what the deal keeps for its own speed that refers back to it (the
        formula environment, the per-seat counts, the views' cache) is made again on demand. One path, run
        as Python or compiled: only how the attributes are read and set differs (see _Attributes)."""
        a = _ATTRIBUTES if _ATTRIBUTES is not None else attributes()
        values = a.read(self)
        for i in a.own:
            copy = getattr(values[i], "copy", None)  # (a list, set, dict or window; not a shared tuple or None)
            if copy is not None:
                values[i] = copy()
        for i in a.nested:
            values[i] = [list(x) for x in values[i]]
        for i in a.remade:
            values[i] = None
        for i in a.remade_dict:
            values[i] = {}
        return a.made(values)

    def forget_cached(self) -> None:
        """Drop every value worked out from the hands, the cards received or the trick (the legal actions
        and cards, the announcements on offer, the per-seat counts, the formula environment, the views'
        cache): for a caller that changed ``hands``, ``order`` or ``dealt`` in place (a sampled world of
        the hidden cards). The deal then answers from the cards as they are now."""
        self._legal = None
        self._seat_env = None
        self._counts = {}
        self.order_bits = None  # the cards received as bits: made from ``order``
        Play.judge_again(self)
        forget_claims(self)
        forget_views(self)
        w = self.window
        if w is not None and not self.over:
            w.options = w.options_for(self, w.order[w.pos])

    def deal_again(self, orders: list, dealt: list[int], hands: list[int]) -> None:
        """This position, dealt other cards: ``orders`` each seat's cards in the order received, ``dealt`` and
        ``hands`` what it has received and holds now (see replay.redeal); what was worked out from the
        cards before is dropped."""
        DealBatch.dealt_again(self, dealt)
        Play.hold_again(self, hands)
        self.order = [list(order) for order in orders]
        self.order_bits = None  # the batches still to come are dealt from ``order``
        self.forget_cached()

    def release(self) -> None:
        """Drop what the deal keeps for its own speed once it is over and scored: the reused formula
        environment and the per-seat counts refer back to the deal, and without them a finished deal is
        freed as soon as nothing else holds it, instead of waiting for the cyclic garbage collector
        (made again on demand if the deal is read later)."""
        self._seat_env = None
        self._counts = {}

    # -- per-seat counts formulas read (made on first use in a deal) ----------------------
    def _per_seat(self, kind) -> SeatCounts:
        counts = self._counts.get(kind)
        if counts is None:
            counts = self._counts[kind] = kind(self)
        return counts

    @property
    def suits_held(self) -> SeatCounts:
        return self._counts.get(SuitsHeld) or self._per_seat(SuitsHeld)

    @property
    def cards_held(self) -> SeatCounts:
        return self._counts.get(CardsHeld) or self._per_seat(CardsHeld)

    @property
    def points_held(self) -> SeatCounts:
        return self._per_seat(PointsHeld)

    @property
    def most_of_a_rank(self) -> SeatCounts:
        return self._per_seat(MostOfARank)

    @property
    def top_cards_held(self) -> SeatCounts:
        return self._per_seat(TopCardsHeld)

    @property
    def beatable_in_led(self) -> SeatCounts:
        return self._per_seat(BeatableInLed)

    # -- quantities formulas read (see thunee_dsl.model.quantities.DEAL_PROTOCOL) ---------
    @property
    def tricks_played(self) -> int:
        return len(self.tricks)

    @property
    def team_contract(self) -> list[int]:
        out = [0] * self.r.teams
        if self.r.bidding is not None and self.r.bidding.contract is Contract.EACH_PLAYER:
            for seat, bid in self.bids.items():  # every bid its bidder's contract: the team's, added up
                out[self.team_of[seat]] += bid
            return out
        for seat, bid in self.bids.items():
            out[self.team_of[seat]] = max(out[self.team_of[seat]], bid)
        return out

    @property
    def seat_bids(self) -> list[int]:
        bids = self.bids
        return [bids.get(seat, 0) for seat in range(self.r.seats)]

    @property
    def bids_total(self) -> int:
        return sum(self.bids.values())

    @property
    def team_exact_bidders(self) -> list[int]:
        out = [0] * self.r.teams
        for seat, bid in self.bids.items():
            if self.seat_tricks[seat] == bid:
                out[self.team_of[seat]] += 1
        return out

    @property
    def team_exact_bids(self) -> list[int]:
        out = [0] * self.r.teams
        for seat, bid in self.bids.items():
            if self.seat_tricks[seat] == bid:
                out[self.team_of[seat]] += bid
        return out

    @property
    def team_bidder_tricks(self) -> list[int]:
        out = [0] * self.r.teams
        for seat in self.bids:
            out[self.team_of[seat]] += self.seat_tricks[seat]
        return out

    @property
    def team_passer_tricks(self) -> list[int]:
        cap = self.r.bidding.passer_trick_cap if self.r.bidding is not None else None
        out = [0] * self.r.teams
        for seat in range(self.r.seats):
            if seat not in self.bids:
                won = self.seat_tricks[seat]
                out[self.team_of[seat]] += won if cap is None else min(won, cap)
        return out

    @property
    def team_trumps_dealt(self) -> list[int]:
        counts = [0] * self.t.teams
        if self.trump is not None:
            mask = self.t.trump_masks[self.trump]  # (with a card borrowed into trumps: deck.trumps)
            if self.batches_dealt == len(self.r.batches):
                held = self.dealt  # every card of the deal is dealt: the masks say it at once
            else:
                bit = self.t.bit
                held = []
                for cards in self.order:
                    m = 0
                    for c in cards:
                        m |= bit[c]
                    held.append(m)
            # (a team's seats are every teams-th seat from its first: team_of is seat % teams; in C calls)
            teams = map(held.__getitem__, _team_slices(self.t.teams))
            counts = list(map(int.bit_count, map(and_, map(_or_all, teams), repeat(mask))))
        return counts

    def env(self, **roles) -> Env:
        return Env(self, self.balls, **roles) if roles else Env(self, self.balls)

    @cython.locals(env=Env)
    def seat_env(self, seat: int, caller: int | None = None) -> Env:
        """The env of a seat weighing a call: ``seat``, its team as ``callers``. Reused within a deal
        (formulas are evaluated one at a time), so creating it does not dominate legal-move generation."""
        env = self._seat_env
        tm = self.trump_maker
        if env is None:
            env = self._seat_env = Env(self, self.balls)  # makers, counting and trump_maker read from the deal
        elif env.trump_maker != tm:
            env.makers, env.counting, env.trump_maker = self.makers, self.counting, tm
        env.leader = self.leader
        env.seat, env.caller = seat, caller
        team = env.callers = self.team_of[seat]
        env.opponents = self.t.other_team[team]
        if env.team_values:
            env.team_values = {}
        return env

    @property
    def checks(self) -> dict:
        """Each verb of the ruleset -> the one legality check of its action family (game.families)."""
        return checks_of(self.r)

    # -- the seat to act and its actions ------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.over:
            return None
        w = self.window
        if w is not None:
            return w.order[w.pos]
        return self.pending.seat if self.pending is not None else None

    @property
    def public_to_act(self) -> int | None:
        """Who the table sees as acting. Windows whose options depend on hidden cards (declarations,
        undertakings) poll only seats that have something to say, so to the other seats the table
        simply waits for the next compulsory action: showing the polled seat would leak its hand."""
        w = self.window
        if w is None:
            return self.to_act
        return w.public_to_act(self)

    def is_play_turn(self) -> bool:
        """A seat must play a card now (no window open)."""
        return self.window is None and type(self.pending) is Play

    def legal_actions(self):
        """The actions of the seat to act, a tuple shared until the next change ([] once the deal is over)."""
        legal = self._legal
        if legal is None:
            return self._compute_legal()
        return legal

    @cython.locals(w=Window)
    def _compute_legal(self):
        if self.over:
            return []
        w = self.window
        if w is not None:
            legal = self._legal = w.options + self.t.pass_only[w.order[w.pos]]
            return legal
        pending = self.pending
        if pending is None:
            return []
        legal = self._legal = pending.legal(self)
        return legal

    def legal_cards(self, seat: int) -> int:
        """The cards ``seat`` may play now, as a mask (the play's rule: Play.legal_cards)."""
        return Play.legal_cards(self, seat)

    def why_not(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now, or None when it is: the one check that admits an action
        (apply_if_legal). A seat the table has, a verb the ruleset knows said in its form (a bare verb
        takes nothing), then its family's legality check (game.families), then whose turn it is."""
        r = self.r
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < r.seats:
            return Refusal(f"there is no seat {seat}")
        family = families_of(r).get(action.verb)
        if family is None:
            return Refusal(f"unknown action '{action.verb}' (this ruleset knows: {', '.join(offered_verbs(r))})")
        if family.bare and action.arg is not None:
            return Refusal(f"'{action.verb}' is said alone, without '{action.arg}'")
        refusal = family.verify(self, action)
        if refusal is not None:
            return refusal
        to_act = self.to_act
        if to_act is not None and seat != to_act:
            return Refusal(f"it is seat {to_act}'s turn")
        return None

    # -- running the sequence -----------------------------------------------------------
    def start(self) -> None:
        self.advance()

    def advance(self) -> None:
        """Run steps until someone must decide or the deal is over."""
        steps = self.steps
        while not self.over and self.window is None and self.pending is None:
            step = self.step = self.step + 1
            if step >= len(steps):
                return
            steps[step](self)  # the step's rule class's start

    def usual_leader(self) -> int:
        return self.r.play.first_leader.resolve(self.r.seats, dealer=self.dealer, trump_maker=self.trump_maker,
                                                chooser=self.chooser)

    # what one rule asks of another, through the deal (the modules of the rules do not import each other
    # in a circle): each is the rule's own function
    start_play = Play.start
    await_play = Play.await_play
    check_cancellation = Redeal.check_cancellation
    trumps_at_first_lead = MakeTrumps.at_first_lead
    lead_taken_back = MakeTrumps.lead_taken_back
    show_closed_trump = MakeTrumps.show_closed
    closed_trick_over = MakeTrumps.closed_trick_over
    blind_cards_picked_up = Undertakings.pick_up_blind
    caught = Undertakings.caught
    open_late_undertakings = LateUndertakings.open_after_lead
    offer_on_trumps_made = Undertakings.on_trumps_made
    open_declarations = Declarations.open_after_trick

    # -- declarations (Jodies), for the players and scoring ---------------------------------
    def declaration_value(self, decl, seat: int, suit: int) -> int:
        """The value of the best combination ``seat`` may declare in ``suit`` (0 if none)."""
        return _value(self, decl, seat, suit)

    def value_in(self, decl, cards: int, suit: int) -> int:
        """The value of the best combination of ``decl`` in ``suit`` among ``cards`` (0 if none)."""
        return _value_in(self, decl, cards, suit)

    # -- offences -----------------------------------------------------------------------
    def offence_of(self, action: Action) -> str | None:
        """The penalised offence ``action`` commits here, or None."""
        return Penalties.offence_of(self, action)

    def commit_offence(self, action: Action, offence: str) -> None:
        Penalties.commit(self, action, offence)

    # -- applying -----------------------------------------------------------------------
    @cython.locals(w=Window)
    def apply_if_legal(self, action: Action) -> int:
        """Apply ``action`` if it is legal: APPLIED, or PASSED for a pass in a window; NOT_LEGAL (and
        nothing changes) otherwise. Legal is what its family's one check allows (why_not). The tables' own
        actions (``_fast``) are known legal with a few reads, the same answer sooner: a card of the seat to
        play (its bit in the legal mask kept while the legal actions are cached), a pass of the polled seat,
        another action by identity in the cached legal actions (each made from that check's statement:
        tests/game/test_legality_one_check.py holds the two to one answer)."""
        fast = action._fast
        if fast is not None:
            seat, card, turn = fast
            if card >= 0:
                # a Play turn is pending only while no window is open and the deal is not over, and its
                # legal cards are in _mask from the moment it is pending (0 after forget_cached)
                if self.pending is turn and (self._mask >> card) & 1:
                    self._legal = None
                    play_card(self, seat, card)
                    return APPLIED
            elif card == PASSING:
                w = self.window
                if w is not None and w.order[w.pos] == seat:
                    self._legal = None
                    w.poll(self, True)  # (its pass_turn)
                    return PASSED
            else:  # another action of the tables: legal when the cached legal actions hold this very object
                legal = self._legal
                if legal is not None and not self.over and any(map(is_, legal, repeat(action))):
                    self.apply(action)
                    return APPLIED
        pending = self.pending
        w = self.window
        if w is None and type(pending) is Play and action.verb == "play":
            # only a card of the seat to play is legal now (or, with a closed trump, one played face down,
            # or asking for trumps: checked below)
            seat = pending.seat
            if action.seat != seat:
                return NOT_LEGAL
            card = self.card_of.get(action.arg)
            if card is None or not ((self._mask if self._legal is not None else Play.legal_cards(self, seat)) >> card) & 1:
                return NOT_LEGAL
            self._legal = None
            play_card(self, seat, card)
            return APPLIED
        if w is not None and action.verb == PASS and action.arg is None:
            if action.seat != w.order[w.pos]:
                return NOT_LEGAL
            self._legal = None
            w.poll(self, True)  # (its pass_turn)
            return PASSED
        if self.over or self.why_not(action) is not None:  # (its family's one check: what it allows is legal)
            return NOT_LEGAL
        self.apply(action)
        return APPLIED

    @cython.locals(w=Window)
    def apply(self, action: Action) -> None:
        """Apply a legal action (the caller has checked it is legal): a pass or an announcement of the
        open window, else the decision of the seat to act."""
        self._legal = None
        w = self.window
        if w is not None:
            if action.verb == PASS:
                w.poll(self, True)  # (its pass_turn)
            else:
                w.take(self, action)
        elif self.pending is not None:
            self.pending.take(self, action)
        else:  # pragma: no cover - guarded by legal_actions
            raise IllegalActionError(f"cannot apply {action}", tuple(self.legal_actions()))


def _driver(r: Ruleset) -> tuple[tuple, tuple, tuple]:
    before_card = _before_card(r)
    return (tuple(STEP_RULES[type(step)](step).start for step in r.steps), before_card,
            tuple(Play.plain_trick(r, hooks) for hooks in before_card))


_or_all = partial(reduce, or_)  # the union of some masks (never none)


@lru_cache(maxsize=None)
def _team_slices(teams: int) -> tuple[slice, ...]:
    """Each team's seats, as a slice of a per-seat list (every teams-th seat from its first)."""
    return tuple(slice(team, None, teams) for team in range(teams))


class _Attributes:
    """How Deal.clone reads and sets a deal's attributes, and which of them (by place) it copies, copies one
    level down or makes again. As Python, by name (DEAL_SLOTS' order). Compiled, a deal's attributes are C
    fields, which Cython's own pickling support reads into one tuple (``__reduce_cython__``) and sets from
    one (``__setstate_cython__``) in C, in the order of their names sorted: the same copies, in that order."""

    def __init__(self, names: tuple[str, ...], read, made):
        self.read, self.made = read, made
        policies = [policy_of(DEAL_STATE[name]) for name in names]
        self.own, self.nested, self.remade, self.remade_dict = (tuple(i for i, p in enumerate(policies) if p == policy)
                                                                for policy in (OWN, OWN_NESTED, REMADE, REMADE_DICT))


def _read_by_name(deal, _get=attrgetter(*DEAL_SLOTS)) -> list:
    return list(_get(deal))


def _made_by_name(values, _names=DEAL_SLOTS, _set=setattr) -> "Deal":
    other = _new_deal(Deal)
    for name, value in zip(_names, values):
        _set(other, name, value)
    return other


def _read_state(deal) -> list:
    reduced = deal.__reduce_cython__()
    return list(reduced[2] if len(reduced) == 3 else reduced[1][2])


def _made_from_state(values) -> "Deal":
    other = _new_deal(Deal)
    other.__setstate_cython__(tuple(values))
    return other


def _attributes() -> _Attributes:
    """By name, or compiled by Cython's state tuple where the build has it in the order expected (checked on a
    deal made for it: another Cython's layout falls back to names)."""
    if cython.compiled and hasattr(DealSlots, "__reduce_cython__") and hasattr(DealSlots, "__setstate_cython__"):
        names = tuple(sorted(DEAL_SLOTS))
        probe = _new_deal(Deal)
        # a distinct value at each place (None for the tables: a typed field takes only its type)
        marks = [None if c_type_of(DEAL_STATE[name]) == "TableSlots" else
                 [i] if c_type_of(DEAL_STATE[name]) == "list" else (i,) for i, name in enumerate(names)]
        for name, mark in zip(names, marks):
            setattr(probe, name, mark)
        try:
            state = _read_state(probe)
        except Exception:  # pragma: no cover - a Cython without it
            state = None
        if state == marks:
            return _Attributes(names, _read_state, _made_from_state)
    return _Attributes(DEAL_SLOTS, _read_by_name, _made_by_name)


def attributes() -> _Attributes:
    """How Deal.clone reads and sets a deal's attributes (see _attributes), worked out at the first clone: compiled,
    Cython's pickling of a deal calls a function the module defines only once it has run to its end."""
    global _ATTRIBUTES
    if _ATTRIBUTES is None:
        _ATTRIBUTES = _attributes()
    return _ATTRIBUTES


_new_deal = Deal.__new__  # (compiled, an extension type: its own __new__)
_ATTRIBUTES = None


def write_deal_slots_pxd(path) -> bool:
    """Bring the DealSlots block of slots.pxd at ``path`` up to date; whether it changed."""
    from pathlib import Path
    text = Path(path).read_text(encoding="utf-8")
    start = text.index(PXD_HEAD)
    end = text.find("\n\n", start)
    end = len(text) if end < 0 else end + 1
    new = text[:start] + deal_slots_pxd() + text[end:]
    if new == text:
        return False
    Path(path).write_text(new, encoding="utf-8")
    return True

