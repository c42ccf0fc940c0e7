"""One deal: dealing, making trumps, calling, undertakings, the tricks and the calls during play.

:class:`Deal` is the engine's inner state machine. It is driven entirely by the compiled
:class:`~thunee_dsl.model.ruleset.Ruleset`: the steps of ``ruleset.sequence`` run in order and
every number (batches, call amounts, combinations, balls) comes from the ruleset.

Optional announcements are *windows*. The seats that may speak are polled in turn; each
answers with an action or ``pass``; a window closes when every polled seat has passed since
the last thing said in it. Compulsory decisions (making trumps, playing a card) have one
seat to act.

Speed (see ``docs/performance.md``): the per-ruleset tables of :mod:`thunee_dsl.game.tables` give
every seat's actions as shared objects, so the legal moves of a card play are a table look-up
(never an Action made), and :meth:`Deal.apply_if_legal` checks and applies the common actions (a
card, a pass) with a few integer operations instead of searching the list of legal actions.
"""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter, is_

from thunee_dsl.errors import IllegalActionError
from thunee_dsl.game.actions import Action
from thunee_dsl.game.tables import PASS, Tables, tables
from thunee_dsl.model.cards import iter_cards
from thunee_dsl.model.quantities import Env
from thunee_dsl.model.ruleset import Claim, Ruleset, Undertaking

# apply_if_legal answers
NOT_LEGAL, APPLIED, PASSED = 0, 1, 2
# what offence_of calls a declaration made at the wrong time that the ruleset lets the opponents challenge
WRONG_TIME = "declaration at the wrong time"


class _SeatCounts:
    """A read-only per-seat sequence computed from the hands (suits held, cards held)."""

    __slots__ = ("deal",)

    def __init__(self, deal):
        self.deal = deal

    def __getitem__(self, seat):  # pragma: no cover - each kind below has its own
        raise NotImplementedError


class _SuitsHeld(_SeatCounts):
    __slots__ = ()

    def __getitem__(self, seat):
        deal = self.deal
        return deal.t.suits_present(deal.hands[seat]).bit_count()


class _CardsHeld(_SeatCounts):
    __slots__ = ()

    def __getitem__(self, seat):
        return self.deal.hands[seat].bit_count()


class _PointsHeld(_SeatCounts):
    __slots__ = ()

    def __getitem__(self, seat):
        deal = self.deal
        points = deal.r.deck.points
        return sum(points[c] for c in iter_cards(deal.hands[seat]))


class _MostOfARank(_SeatCounts):
    __slots__ = ()

    def __getitem__(self, seat):
        hand, deck = self.deal.hands[seat], self.deal.r.deck
        counts = [0] * len(deck.ranks)
        for c in iter_cards(hand):
            counts[deck.rank_of[c]] += 1
        return max(counts)


class _TopCardsHeld(_SeatCounts):
    """In how many suits the seat holds the highest card of the deck's ranking."""

    __slots__ = ()

    def __getitem__(self, seat):
        hand, deck = self.deal.hands[seat], self.deal.r.deck
        return sum(1 for s in range(len(deck.suits)) if (hand >> deck.card_of(s, 0)) & 1)


class _BeatableInLed(_SeatCounts):
    """How many of the seat's cards of the suit led to the current trick a higher card of that suit still in
    play (not in a finished trick, not the seat's own) could beat: 0 when it holds only top cards of that
    suit, or none (pagat's "safe in suit X" for a late Thunee)."""

    __slots__ = ()

    def __getitem__(self, seat):
        deal = self.deal
        if not deal.trick:
            return 0
        t = deal.t
        suit = t.suit_mask_of[deal.trick[0][1]]
        hand = deal.hands[seat] & suit
        out = suit & ~hand
        for _, cards, _ in deal.tricks:
            for _, c in cards:
                out &= t.unbit[c]
        above = deal.r.beats[t.no_trump]  # the higher cards of a card's suit
        return sum(1 for c in iter_cards(hand) if above[c] & out)


class Window:
    """An open window of optional announcements."""

    __slots__ = ("kind", "order", "pos", "silent", "offered", "options")

    def __init__(self, kind: str, order, offered=()):
        self.kind = kind
        self.order = order
        self.pos = 0
        self.silent = 0
        self.offered = offered  # the undertakings offered in an undertakings window
        self.options: tuple = ()  # what the polled seat may say (set by Deal._poll)

    @property
    def seat(self) -> int:
        return self.order[self.pos]

    def copy(self) -> "Window":
        other = Window(self.kind, list(self.order) if type(self.order) is list else self.order, self.offered)
        other.pos, other.silent, other.options = self.pos, self.silent, self.options
        return other


class Deal:
    """The state of one deal. Mutable; :class:`~thunee_dsl.game.state.GameState` owns it."""

    # Slots: a deal has some seventy attributes, more than CPython shares between instance dicts, so
    # with a dict every read would be a hashed look-up; a slot is read at a fixed offset.
    __slots__ = (
        "t", "r", "target", "corner_house", "dealer", "order", "balls", "team_of", "hands", "dealt", "chooser",
        "calls", "declarations", "declared", "trick", "tricks", "team_cards", "team_tricks", "team_tricks_step",
        "team_declared", "seat_tricks", "play_actions", "card_of", "n_tricks", "beats", "bids", "passed",
        "step", "batches_dealt", "trump", "trump_card", "trump_way", "trump_maker", "trump_revealed", "call",
        "last_caller", "undertaking", "undertaker", "caught_by", "declaring_team", "claim", "claimer", "leader",
        "best", "winning", "play_end", "last_trick_winner", "window", "pending", "over", "cancelled", "offence",
        "_legal", "_mask", "_row", "_led", "_plain", "_seat_env", "blind_from", "unseen", "_claim_seat", "redealt",
        "high_bid", "high_bidder", "conceded_by", "redealer", "_counts", "_view_cache",
        "row", "covers", "face_up", "face_down", "shown", "laid", "turned", "undertaking_name", "claim_name",
        "order_bits", "makers", "counting", "_suspended", "barred", "_wrong_time",
    )

    def __init__(self, ruleset: Ruleset, dealer: int, order: list[list[int]], balls: tuple[int, ...],
                 target: int | None = None, corner_house: int | None = None):
        r = ruleset
        t = self.t = tables(r)
        # the game's target and corner house for this deal (a game may raise them, e.g. after a Khanaak)
        self.target = r.game.target if target is None else target
        self.corner_house = r.game.corner_house if corner_house is None else corner_house
        n = t.seats
        self.r = r
        self.dealer = dealer
        self.order = order  # each seat's cards in the order received
        self.order_bits = None  # the same as bits (1 << card), if the dealer gives them (see _deal_batch)
        self.balls = balls  # game score before this deal (formulas read it)
        self.team_of = t.team_of
        self.hands = [0] * n
        self.dealt = [0] * n  # every card dealt to each seat so far (held or played)
        self.chooser = r.trumps.chooser.resolve(n, dealer=dealer) if r.trumps else None
        self.calls: list[tuple[int, int]] = []
        self.declarations: list[tuple[int, str, int, int]] = []  # (seat, verb, suit, value)
        self.declared: set[tuple[str, int]] = set()
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[tuple[int, tuple[tuple[int, int], ...], int]] = []
        teams = t.teams
        self.team_cards = [0] * teams
        self.team_tricks = [0] * teams
        self.team_tricks_step = [0] * teams  # tricks won in the current play step (Jodies count these)
        self.team_declared = [0] * teams
        self.seat_tricks = [0] * n
        self.play_actions = t.play
        self.card_of = t.card_of
        self.n_tricks = t.n_tricks
        self.beats = r.beats  # which card beats which; an undertaking may play with its own ranking
        # turn-based bidding (of tricks)
        self.bids: dict[int, int] = {}  # each seat's highest bid
        self.passed: set[int] = set()
        self.step = -1
        self.batches_dealt = 0
        # trumps and calling
        self.trump = self.trump_card = self.trump_way = self.trump_maker = None
        self.makers = self.counting = None  # the trump makers' team and the counting team (see _set_trump_maker)
        self.trump_revealed = False
        self.call = 0
        self.last_caller = None
        # undertaking, declarations, claims
        self.undertaking = self.undertaker = self.caught_by = self.declaring_team = None
        self.claim = self.claimer = None
        # the names formulas read as ``undertaking`` and ``claim`` (kept with them, read often)
        self.undertaking_name = self.claim_name = None
        # tricks
        self.leader = None
        self.best = -1
        self.winning = None
        self.play_end = 0  # the number of tricks played when the current play step ends
        self.last_trick_winner = None
        # flow
        self.window: Window | None = None
        self.pending: tuple | None = None  # ("trump", seat, ways) | ("play", seat) | ("bid", seat)
        self.over = self.cancelled = False
        self.offence: tuple[str, int] | None = None
        self._legal = None  # the legal actions, until the next change
        self._mask = 0  # the legal cards, while _legal holds the card plays they give
        self._row: tuple[int, ...] = ()  # in a trick: for each card, the cards that beat it (the trick's trump)
        self._led = 0  # in a trick: the cards of the suit led
        self._plain = False  # in a trick: the next seat's legal cards are those of the led suit it holds, if any
        self._seat_env: Env | None = None
        self.blind_from = None  # batches dealt when a blind undertaking was called
        self.unseen = 0  # the blind caller's face-down cards (unseen, unplayable until enough tricks are won)
        self._claim_seat = None
        self.redealt = False  # thrown in by a redeal claim
        self.high_bid = 0
        self.high_bidder = self.conceded_by = self.redealer = None
        self._counts: dict = {}  # the per-seat counts formulas read, made on first use
        self._view_cache = None  # what views keep of this deal (see thunee_dsl.game.view)
        # open face play: each seat's face-down row (in the order of its positions), which face-up card
        # covers which face-down one, and each seat's face-up cards (part of its hand, seen by everyone)
        self.row: list[tuple[int, ...]] = [()] * n
        self.laid: list[tuple[int, ...]] = [()] * n  # the cards laid on the row, in the order of its positions
        self.turned: list[tuple[int, int, int]] = []  # (tricks played, seat, card) of each card turned up
        self.covers: dict[int, int] = {}
        self.face_up = [0] * n
        self.face_down = [0] * n  # cards nobody sees yet, not even their owner (not in the hand)
        self.shown = [0] * n  # each seat's face-up cards when the last finished trick began
        self._suspended: Window | None = None  # the calling window, while undertakings are asked between calls
        self.barred: set[tuple[str, int]] = set()  # (verb, suit) of declarations challenged at the wrong time
        self._wrong_time = None  # (seat, declaration, suit, seat to play next) while it may be challenged

    def clone(self) -> "Deal":
        """An independent copy of this deal: what either does afterwards leaves the other as it was.

        Lists, sets, dicts and the open window are copied (the cards each seat received, a list of lists,
        one level down); tuples, numbers, the ruleset, its tables and its actions are shared (immutable);
        what the deal keeps for its own speed that refers back to it (the formula environment, the
        per-seat counts, the views' cache) starts afresh. A kind of value not listed here is refused, so
        a new mutable attribute cannot be shared by mistake (tested over every shipped ruleset)."""
        other = _new_deal(Deal)
        made_again = _MADE_AGAIN
        for name, value in zip(_SLOTS, _read_slots(self)):
            kind = type(value)
            if kind in _SHARED_KINDS or name in _SHARED_NAMES:
                pass
            elif name in made_again:
                value = made_again[name]()
            elif kind is list:
                value = [list(v) for v in value] if name in _NESTED_LISTS else value.copy()
            elif kind is set or kind is dict:
                value = value.copy()
            elif kind is Window:
                value = value.copy()
            else:
                raise TypeError(f"Deal.clone: do not know whether {name} ({kind.__name__}) may be shared")
            setattr(other, name, value)
        return other

    def forget_cached(self) -> None:
        """Drop every value worked out from the hands, the cards received or the trick (the legal actions
        and cards, the announcements on offer, the per-seat counts, the formula environment, the views'
        cache): for a caller that changed ``hands``, ``order`` or ``dealt`` in place (a sampled world of
        the hidden cards). The deal then answers from the cards as they are now."""
        self._legal = None
        self._mask = 0
        self._seat_env = None
        self._counts = {}
        self._view_cache = None
        self.order_bits = None  # the cards received as bits: made from ``order``
        if self.trick:  # what the rest of the trick is judged by
            card = self.trick[0][1]
            self._row = self.beats[self.t.no_trump if self.trump is None else self.trump]
            self._led = self.t.suit_mask_of[card]
        w = self.window
        if w is not None and not self.over:
            w.options = self.window_options(w.order[w.pos])

    def release(self) -> None:
        """Drop what the deal keeps for its own speed once it is over and scored: the reused formula
        environment and the per-seat counts refer back to the deal, and without them a finished deal is
        freed as soon as nothing else holds it, instead of waiting for the cyclic garbage collector
        (made again on demand if the deal is read later)."""
        self._seat_env = None
        self._counts = {}

    # -- per-seat counts formulas read (made on first use in a deal) ----------------------
    def _per_seat(self, kind) -> _SeatCounts:
        counts = self._counts.get(kind)
        if counts is None:
            counts = self._counts[kind] = kind(self)
        return counts

    @property
    def suits_held(self) -> _SeatCounts:
        return self._counts.get(_SuitsHeld) or self._per_seat(_SuitsHeld)

    @property
    def cards_held(self) -> _SeatCounts:
        return self._counts.get(_CardsHeld) or self._per_seat(_CardsHeld)

    @property
    def points_held(self) -> _SeatCounts:
        return self._per_seat(_PointsHeld)

    @property
    def most_of_a_rank(self) -> _SeatCounts:
        return self._per_seat(_MostOfARank)

    @property
    def top_cards_held(self) -> _SeatCounts:
        return self._per_seat(_TopCardsHeld)

    @property
    def beatable_in_led(self) -> _SeatCounts:
        return self._per_seat(_BeatableInLed)

    # -- quantities formulas read (see thunee_dsl.model.quantities.DEAL_PROTOCOL) ---------
    def _set_trump_maker(self, seat: int | None) -> None:
        """The trump maker, and with it ``makers`` (its team) and ``counting`` (the other team, of two)."""
        self.trump_maker = seat
        if seat is None:
            self.makers = self.counting = None
        else:
            makers = self.makers = self.team_of[seat]
            self.counting = 1 - makers if self.t.teams == 2 else None

    @property
    def tricks_played(self) -> int:
        return len(self.tricks)

    @property
    def team_contract(self) -> list[int]:
        out = [0] * self.r.teams
        for seat, bid in self.bids.items():
            out[self.team_of[seat]] = max(out[self.team_of[seat]], bid)
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
            mask = self.t.suit_masks[self.trump]
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
            for seat, m in enumerate(held):
                counts[self.team_of[seat]] += (m & mask).bit_count()
        return counts

    def env(self, **roles) -> Env:
        return Env(self, self.balls, **roles) if roles else Env(self, self.balls)

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

    # -- the seat to act and its actions ------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.over:
            return None
        w = self.window
        if w is not None:
            return w.order[w.pos]
        return self.pending[1] if self.pending else None

    @property
    def public_to_act(self) -> int | None:
        """Who the table sees as acting. Windows whose options depend on hidden cards (declarations,
        undertakings) poll only seats that have something to say, so to the other seats the table
        simply waits for the next compulsory action: showing the polled seat would leak its hand."""
        w = self.window
        if w is None or w.kind in ("calling", "claims", "challenge"):
            return self.to_act
        if w.kind == "declarations":
            return self.leader
        if w.kind == "late undertakings":
            return self.t.next_seat[self.trick[-1][0]]  # who would play next if the lead stands
        return self._usual_leader() if self.trump_maker is not None else w.seat

    def is_legal(self, action: Action) -> bool:
        """``action in legal_actions()``, answered without building the list for a card play."""
        pending = self.pending
        if action.verb == "play" and self.window is None and pending is not None and pending[0] == "play":
            card = self.card_of.get(action.arg)
            return card is not None and action.seat == pending[1] and (self.legal_cards(action.seat) >> card) & 1 == 1
        return action in self.legal_actions()

    def legal_actions(self):
        """The actions of the seat to act, a tuple shared until the next change ([] once the deal is over)."""
        legal = self._legal
        if legal is None:
            return self._compute_legal()
        return legal

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
        kind, seat = pending[0], pending[1]
        if kind == "play":
            mask = self._mask = self.legal_cards(seat)
            legal = self._legal = self.t.follow[seat].get(mask) or self.t.actions_of[seat](mask)
            return legal
        if kind == "bid":
            legal = self._legal = self._bid_options(seat)
            return legal
        if kind == "trump":
            ways = pending[2]
            t = self.t
            out = []
            if "suit" in ways:
                out += t.trump_by_suit[seat]
            if "card" in ways:
                out += t.trump_actions_of[seat](self.hands[seat])
            if "last card" in ways:
                out.append(t.trump_last[seat])
            redeal = self.r.redeal
            if redeal is not None and not redeal.anyone and self.last_caller is None and self.trump_maker is None and seat == self.chooser and \
                    redeal.allowed_if.evaluate(self.seat_env(seat)):
                out.append(self.t.say[seat]["redeal"])
            legal = self._legal = tuple(out)
            return legal
        return []

    # -- running the sequence -----------------------------------------------------------
    def start(self) -> None:
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until someone must decide or the deal is over."""
        steps = self.t.steps
        while not self.over and self.window is None and self.pending is None:
            self.step += 1
            if self.step >= len(steps):
                return
            kind, number = steps[self.step]
            if kind == "deal":
                self._deal_batch(number)
            elif kind == "make trumps":
                self._await_trumps()
            elif kind == "calling":
                self._open_calling()
            elif kind == "undertakings":
                self._open_undertakings()
            elif kind == "redeal":
                self.window = Window("redeal", self._seats_from(self.dealer + 1))
                self._poll()
            elif kind == "concede":
                self.window = Window("concede", self._seats_from(self.dealer + 1))
                self._poll()
            elif kind == "bidding":
                self.pending = ("bid", self.r.bidding.first_bidder.resolve(self.r.seats, dealer=self.dealer))
            elif kind == "play":
                self._start_play()

    def _deal_batch(self, number: int) -> None:
        start, end = self.t.batch_bounds[number - 1]
        bit = self.t.bit
        hands, dealt = self.hands, self.dealt
        if number in self.t.face_down:
            self._deal_row(start, end)
            self.batches_dealt = number
            return
        seat = 0
        if self.order_bits is not None:
            for bits in self.order_bits:
                m = sum(bits[start:end])  # distinct cards: the sum of their bits is their mask
                hands[seat] |= m
                dealt[seat] |= m
                seat += 1
        else:
            for cards in self.order:
                m = 0
                for c in cards[start:end]:
                    m |= bit[c]
                hands[seat] |= m
                dealt[seat] |= m
                seat += 1
        self.batches_dealt = number
        if self.blind_from is not None and number > self.blind_from:
            for c in self.order[self.undertaker][start:end]:
                self.unseen |= 1 << c
        if self.trump_way == "last card" and self.trump is None and end == len(self.order[self.trump_maker]):
            self.trump_card = self.order[self.trump_maker][-1]
            self.trump = self.r.deck.suit_of[self.trump_card]

    def _deal_row(self, start: int, end: int) -> None:
        """A batch dealt face down as a row in front of each seat (open face play): not into the hand."""
        bit = self.t.bit
        for seat, cards in enumerate(self.order):
            self.row[seat] = self.row[seat] + tuple(cards[start:end])
            for c in cards[start:end]:
                self.face_down[seat] |= bit[c]
                self.dealt[seat] |= bit[c]

    def _lay_out(self) -> None:
        """Each seat lays the cards left in its hand face up on its face-down row, the first card received
        on the first row position and so on; row cards left uncovered are turned face up. From here on
        every card a seat may play is face up, and the deal goes on until the row is played out too."""
        bit = self.t.bit
        covers = self.covers
        for seat, row in enumerate(self.row):
            hand = self.hands[seat]
            held = [c for c in self.order[seat] if hand & bit[c]]
            for top, under in zip(held, row):
                covers[top] = under
            self.laid[seat] = tuple(held[:len(row)])
            for c in row[len(held):]:
                self._turn_up(seat, c)
            self.face_up[seat] |= self.hands[seat]
        leader = self.leader
        self.play_end = len(self.tricks) + self.hands[leader].bit_count() + self.face_down[leader].bit_count()

    def _turn_up(self, seat: int, card: int) -> None:
        """A face-down row card is turned face up: it joins the seat's playable cards, seen by all."""
        b = self.t.bit[card]
        self.turned.append((len(self.tricks), seat, card))
        self.face_down[seat] &= ~b
        self.hands[seat] |= b
        self.face_up[seat] |= b

    def _check_cancellation(self) -> None:
        c = self.r.cancellation
        if c is None or self.trump is None or self.batches_dealt < len(self.r.batches):
            return
        if c.cancel_if.evaluate(self.env()):
            self.cancelled = True
            self.over = True
            self.window = None
            self.pending = None

    def _start_play(self) -> None:
        """A play step: tricks until the hands are empty (a deal may have several, e.g. two halves)."""
        self.team_tricks_step = [0] * self.t.teams
        if not self.tricks:
            u = self.undertaking
            if u is not None and u.leader == "caller":
                self.leader = self.undertaker
            else:
                self.leader = self._usual_leader()
            self._check_cancellation()
            if self.over:
                return
        # otherwise the winner of the last trick leads on
        self.play_end = len(self.tricks) + self.hands[self.leader].bit_count()
        self._await_play(self.leader)

    def _usual_leader(self) -> int:
        return self.r.play.first_leader.resolve(self.r.seats, dealer=self.dealer, trump_maker=self.trump_maker,
                                                chooser=self.chooser)

    # -- making trumps ------------------------------------------------------------------
    def _make_trumps(self, action: Action) -> None:
        seat, arg = action.seat, action.arg
        self._set_trump_maker(seat)
        if arg == "last":
            # the last card dealt to this seat will be the trump card (see _deal_batch)
            self.trump_way = "last card"
            self.trump = self.trump_card = None
        elif arg in self.t.suit_index:
            self.trump_way = "suit"  # announced by name
            self.trump_card = None
            self.trump = self.t.suit_index[arg]
        else:
            card = self.t.card_of.get(arg)
            if card is None:
                card = self.r.deck.card(arg)
            self.trump_way = "card"
            self.trump_card = card
            self.trump = self.r.deck.suit_of[card]
        if self.r.trumps.revealed == "at once":
            self.trump_revealed = True
        self.pending = None

    # -- calling ------------------------------------------------------------------------
    def _open_calling(self) -> None:
        if self.undertaking is not None:
            return  # an undertaking ends calling
        rule = self.r.calling
        start = self.chooser if self.chooser is not None else self.dealer
        if rule.first_caller == "opponents of chooser" and self.chooser is not None:
            eligible = self.t.opponents_from[self.chooser]
        else:
            eligible = self.t.seats_from[(start + 1) % self.t.seats]
        self.window = Window("calling", eligible)
        self._poll()

    def _call(self, action: Action) -> None:
        rule = self.r.calling
        self.call = action.arg
        self.last_caller = action.seat
        self.calls.append((action.seat, action.arg))
        if not self.t.next_amounts(self.call):
            self._close_window()
            return
        if rule.next_caller == "opponents of last caller":
            order = self.t.opponents_from[action.seat]
        else:
            order = self.t.others_from[action.seat]
        w = self.window
        w.order, w.pos, w.silent = order, 0, 0
        if self.t.during_calling:
            # an undertaking may be called between the calls (it ends the calling): ask every seat first
            self._suspended, self.window = w, None
            self._open_undertakings(self.t.during_calling)
            if self.window is None:
                self.window, self._suspended = w, None

    def _await_trumps(self) -> None:
        """The 'make trumps' step: the final caller if there was a call (when calling comes first), else
        the chooser."""
        if self.undertaking is not None:
            return  # an undertaking called during calling decides trumps itself
        if self.last_caller is not None:
            self.pending = ("trump", self.last_caller, self.r.trumps.caller_ways)
        elif self.high_bidder is not None:
            self.pending = ("trump", self.high_bidder, self.r.trumps.ways)
        else:
            self.pending = ("trump", self.chooser, self.r.trumps.ways)

    def _calling_closed(self) -> None:
        if self.last_caller is not None and self.trump_maker is not None:
            # the chooser takes back the trump card; the final caller makes trumps instead
            self.trump = self.trump_card = self.trump_way = None
            self._set_trump_maker(None)
            self.pending = ("trump", self.last_caller, self.r.trumps.caller_ways)

    # -- bidding (turn-based bids of tricks) --------------------------------------------
    def _bid_options(self, seat: int) -> tuple[Action, ...]:
        rule = self.r.bidding
        if self.high_bidder is None and len(self.passed) == self.r.seats - 1 and rule.dealer_bids_if_all_pass:
            return (Action(seat, "bid", rule.lowest),)  # everyone else passed: this seat must bid the lowest
        low = max(rule.lowest, self.high_bid + 1)
        return tuple([Action(seat, "bid", n) for n in range(low, rule.highest + 1)] + [self.t.pass_action[seat]])

    def _bid(self, action: Action) -> None:
        seat = action.seat
        if action.verb == PASS:
            self.passed.add(seat)
        else:
            self.bids[seat] = action.arg
            self.high_bid, self.high_bidder = action.arg, seat
        self.pending = None
        if len(self.passed) >= self.r.seats - 1 and self.high_bidder is not None:
            self._advance()  # all but the highest bidder have passed
            return
        nxt = next(s for s in self._seats_from(seat + 1) if s not in self.passed)
        self.pending = ("bid", nxt)

    # -- undertakings -------------------------------------------------------------------
    def _open_undertakings(self, offered=None) -> None:
        if offered is None:
            offered = self.t.offered_after[self.batches_dealt]
        if not offered or self.undertaking is not None:  # one undertaking a deal
            return
        first = self.trump_maker if self.trump_maker is not None else (self.dealer + 1) % self.t.seats
        # the trump maker's team has priority over the opponents
        self.window = Window("undertakings", self.t.undertakings_order[first], offered)
        self._poll()

    def _undertake(self, action: Action) -> None:
        if self.window.kind == "late undertakings":
            self._take_back_lead()
        u = self.t.undertaking_of[action.verb]
        self.undertaking = u
        self.undertaking_name = u.name
        self.undertaker = action.seat
        if u.blind_until_tricks:
            self.blind_from = self.batches_dealt  # later batches reach the caller face down
        if u.beats is not None:
            self.beats = u.beats
        self._set_trump_maker(action.seat)  # the caller's team now makes trumps
        if u.trump in ("first lead", "none"):
            self.trump = self.trump_card = None
            self.trump_way = u.trump
        self._close_window()

    def _open_late_undertakings(self, leader: int) -> bool:
        """Right after the first lead, the other seats may still call an undertaking that allows it (pagat's
        "marials on X"): offered only to a seat safe in the suit led, asked in the usual order without the
        leader. True if some seat may (the window is open), else False."""
        first = self.trump_maker if self.trump_maker is not None else (self.dealer + 1) % self.t.seats
        order = tuple(s for s in self.t.undertakings_order[first] if s != leader)
        w = self.window = Window("late undertakings", order, self.t.late_offered[self.batches_dealt])
        for i, seat in enumerate(order):
            options = self.window_options(seat)
            if options:
                w.pos = w.silent = i
                w.options = options
                self._legal = options + self.t.pass_only[seat]
                return True
        self.window = None
        return False

    def _take_back_lead(self) -> None:
        """The first card led goes back to its leader's hand (a late undertaking stands)."""
        (seat, card), = self.trick
        self.hands[seat] |= self.t.bit[card]
        self.trick = []
        self.best, self.winning = -1, None
        if self.r.trumps is None or self.r.trumps.revealed == "first lead":
            self.trump_revealed = False  # shown again at the next first lead
        if self.trump_way == "first lead":
            self.trump = self.trump_card = None

    # -- declarations (Jodies) ----------------------------------------------------------
    def declaration_value(self, decl, seat: int, suit: int) -> int:
        """The value of the best combination ``seat`` holds in ``suit`` (0 if none)."""
        return self.value_in(decl, self._declarable(decl, seat), suit)

    def value_in(self, decl, cards: int, suit: int) -> int:
        """The value of the best combination of ``decl`` in ``suit`` among ``cards`` (0 if none)."""
        for held, trumps, other in self.t.combinations_held(decl.verb, cards):
            if held == suit:
                return trumps if suit == self.trump else other
        return 0

    def _declarable(self, decl, seat: int) -> int:
        """The cards ``seat`` may declare from: its hand, or in open face play (``face_up_only``) those of its
        cards that were face up when the trick just won began (a combination is called the next time its
        owner wins a trick after it appears)."""
        if decl.face_up_only:
            return self.hands[seat] & self.shown[seat]
        return self.hands[seat]

    def _declaration_allowed(self, decl, seat: int) -> bool:
        if self.declaring_team != self.team_of[seat]:
            return False
        if self.team_tricks_step[self.declaring_team] not in decl.after_team_trick:
            return False
        if decl.allowed_if is not None:
            if not decl.allowed_if.evaluate(self.seat_env(seat)):
                return False
        return True

    def _declaration_options(self, seat: int) -> tuple[Action, ...]:
        if self.declaring_team != self.team_of[seat]:
            return ()
        t = self.t
        won = self.team_tricks_step[self.declaring_team]
        out = ()
        for decl in self.r.declarations:
            if won not in decl.after_team_trick:
                continue
            hand = self.hands[seat] & self.shown[seat] if decl.face_up_only else self.hands[seat]  # _declarable
            # the cards first (one table look-up), the declaration's condition only for a seat holding one
            verb = decl.verb
            actions = t.declaration_actions[verb][seat]
            found = []
            for suit, trumps, other in t.combinations_held(verb, hand):
                if (trumps if suit == self.trump else other) and \
                        not (decl.once_per_suit and (verb, suit) in self.declared) and (verb, suit) not in self.barred:
                    found.append(actions[suit])
            if found and (decl.allowed_if is None or decl.allowed_if.evaluate(self.seat_env(seat))):
                out += tuple(found)
        return out

    def _declare(self, action: Action) -> None:
        self._record_declaration(action.seat, self.t.declaration_of[action.verb], self._suit_of_arg(action.arg))
        self.window.silent = 0  # everyone on the team may declare again

    def _suit_of_arg(self, arg) -> int:
        suit = self.t.suit_index.get(arg)
        return self.r.deck.suit(arg) if suit is None else suit

    def _record_declaration(self, seat: int, decl, suit: int) -> None:
        value = self.declaration_value(decl, seat, suit)
        self.declarations.append((seat, decl.verb, suit, value))
        self.declared.add((decl.verb, suit))
        self.team_declared[self.team_of[seat]] += value

    # -- a declaration at the wrong time, and its challenge (Marials) -------------------
    def _at_wrong_time(self, decl, action: Action) -> bool:
        """Is ``action`` a declaration made during the play at the wrong time, of a combination its seat
        holds, which the ruleset lets stand unless challenged?"""
        pending = self.pending
        if decl.wrong_time is None or self.window is not None or pending is None or pending[0] != "play":
            return False
        seat = action.seat
        team = self.team_of[seat]
        if self.declaring_team == team and self.team_tricks_step[team] in decl.after_team_trick:
            return False  # the right time
        if decl.allowed_if is not None and not decl.allowed_if.evaluate(self.seat_env(seat)):
            return False  # not allowed at all now (e.g. during an undertaking)
        try:
            suit = self._suit_of_arg(action.arg)
        except ValueError:
            return False
        if (decl.verb, suit) in self.barred or (decl.once_per_suit and (decl.verb, suit) in self.declared):
            return False
        return self.declaration_value(decl, seat, suit) > 0

    def _declare_at_wrong_time(self, action: Action) -> None:
        """It counts at once, as any declaration; the opponents of the declarer, in turn, may challenge it
        (or pass: then it stands)."""
        decl = self.t.declaration_of[action.verb]
        suit = self._suit_of_arg(action.arg)
        self._record_declaration(action.seat, decl, suit)
        self._wrong_time = (action.seat, decl, suit, self.pending[1])
        self.pending = None
        self.window = Window("challenge", self.t.opponents_from[action.seat])
        self._poll()

    def _challenge(self) -> None:
        """Challenged: the declaration is void (it stays in the list, worth 0) and barred for the rest of the
        deal."""
        seat, decl, suit, resume = self._wrong_time
        value = self.declarations[-1][3]
        self.declarations[-1] = (seat, decl.verb, suit, 0)
        self.team_declared[self.team_of[seat]] -= value
        self.declared.discard((decl.verb, suit))
        self.barred.add((decl.verb, suit))
        self._wrong_time = self.window = None
        self._await_play(resume)

    def _open_declarations(self, winner: int) -> None:
        team = self.team_of[winner]
        if self.team_tricks_step[team] not in self.t.after_team_trick:
            return  # no declaration may be made after this trick (or the ruleset has none)
        self.declaring_team = team
        order = self.t.team_seats_from[winner]
        for i, seat in enumerate(order):
            options = self._declaration_options(seat)
            if options:
                break
        else:
            return  # nobody on the team can declare: the window would close at once
        # what _poll would find: the seats before this one have nothing to say, this one has ``options``
        w = self.window = Window("declarations", order)
        w.pos = w.silent = i
        w.options = options
        self._legal = options + self.t.pass_only[seat]

    # -- claims (Double, Khanaak) -------------------------------------------------------
    def claim_time(self, seat: int) -> bool:
        """Just before ``seat`` plays to the last trick, if no claim has been made."""
        return (not self.over and self.claim is None and len(self.tricks) == self.n_tricks - 1
                and all(s != seat for s, _ in self.trick))

    def _claim_env(self, seat: int) -> Env:
        return self.seat_env(seat, caller=seat)

    def _claim_options(self, seat: int) -> tuple[Action, ...]:
        return self._claim_choices(seat)[0]

    def _claim_choices(self, seat: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
        """The claims ``seat`` may make now, and the same followed by its pass (shared tuples)."""
        offered = 0
        env = self.seat_env(seat, seat)  # _claim_env
        bit = 1
        for claim in self.r.claims:
            if claim.allowed_if is not None and not claim.allowed_if.evaluate(env):
                pass
            elif claim.forbidden_if is not None and claim.forbidden_if.evaluate(env):
                pass  # saying it would be an offence, so it is never offered
            else:
                offered |= bit
            bit <<= 1
        choices = self.t.claim_choices
        if choices is None:  # too many claims for a table of every set of them
            say = self.t.say[seat]
            options = tuple(say[c.verb] for i, c in enumerate(self.r.claims) if (offered >> i) & 1)
            return options, options + self.t.pass_only[seat]
        return choices[seat][offered]

    def _make_claim(self, action: Action) -> None:
        self.claim = self.t.claim_of[action.verb]
        self.claim_name = self.claim.name
        self.claimer = action.seat
        self._close_window()

    # -- windows ------------------------------------------------------------------------
    def window_options(self, seat: int) -> tuple[Action, ...]:
        kind = self.window.kind
        if kind == "undertakings":
            out = ()
            env = None
            say = self.t.say[seat]
            for u in self.window.offered:
                if u.allowed_if is not None:
                    if env is None:
                        env = self.seat_env(seat)
                    if not u.allowed_if.evaluate(env):
                        continue
                out += (say[u.verb],)
            return out
        if kind == "declarations":
            return self._declaration_options(seat)
        if kind == "calling":
            return self.t.calls_of(seat, self.call)
        if kind == "late undertakings":
            out = ()
            env = self.seat_env(seat)
            say = self.t.say[seat]
            for u in self.window.offered:
                if (u.allowed_if is None or u.allowed_if.evaluate(env)) and u.late.safe_if.evaluate(env):
                    out += (say[u.verb],)
            return out
        if kind == "challenge":
            return (self.t.say[seat][self._wrong_time[1].wrong_time.challenge],)
        if kind == "claims":
            return self._claim_options(seat)
        if kind == "redeal":
            return (self.t.say[seat]["redeal"],) if self.r.redeal.allowed_if.evaluate(self.seat_env(seat)) else ()
        if kind == "concede":
            return (self.t.say[seat]["concede"],)
        return ()

    def _poll(self) -> None:
        """Find the next seat in the window with something to say; close the window if none.

        In an undertakings window every seat is asked, even one that can only pass: whether anyone
        holds, say, three of a kind must not show in how the deal goes on (the next batch being
        dealt at once or not)."""
        w = self.window
        order = w.order
        while True:
            if w.silent >= len(order):
                self._close_window()
                return
            seat = order[w.pos]
            options = self.window_options(seat)
            if options or w.kind in ("undertakings", "redeal"):
                w.options = options
                self._legal = options + self.t.pass_only[seat]
                return
            w.silent += 1
            w.pos = (w.pos + 1) % len(order)

    def _pass(self) -> None:
        w = self.window
        w.silent += 1
        w.pos = (w.pos + 1) % len(w.order)
        self._poll()

    def _close_window(self) -> None:
        kind = self.window.kind
        self.window = None
        if kind == "claims":
            seat = self._claim_seat
            self.pending = self.t.pending_play[seat]
            mask = self._mask = self.legal_cards(seat)
            self._legal = self.t.follow[seat].get(mask) or self.t.actions_of[seat](mask)
        elif kind == "calling":
            self._calling_closed()
            if self.pending is None:
                self._advance()
        elif kind == "undertakings" and self._suspended is not None:
            calling, self._suspended = self._suspended, None
            if self.undertaking is None:
                self.window = calling  # nobody undertook: the calling goes on
                self._poll()
            else:
                self._advance()  # an undertaking ends the calling
        elif kind in ("undertakings", "redeal", "concede"):
            self._advance()
        elif kind == "late undertakings":
            if self.undertaking is not None:
                self._start_play()  # the lead was taken back: the undertaking's leader leads
            else:
                self._await_play(self.t.next_seat[self.trick[-1][0]])  # the lead stands
        elif kind == "challenge":
            resume = self._wrong_time[3]
            self._wrong_time = None  # unchallenged: the declaration stands
            self._await_play(resume)
        elif kind == "declarations":
            # the declaring team keeps its time until the next card is played (false declarations)
            self._await_play(self.leader)

    # -- play ---------------------------------------------------------------------------
    def _await_play(self, seat: int) -> None:
        """``seat`` plays next (after any claim it may make first); its legal moves are worked out now."""
        t = self.t
        if len(self.tricks) == t.claim_trick and self.claim is None and not self.over:
            for s, _ in self.trick:
                if s == seat:
                    break
            else:  # the seat has not played to this trick yet
                self.pending = None
                options, legal = self._claim_choices(seat)
                if options:
                    self._claim_seat = seat
                    w = self.window = Window("claims", [seat])
                    w.options = options
                    self._legal = legal
                    return
        self.pending = t.pending_play[seat]
        if self.trick or self.unseen or (t.first_lead_not_trump and not self.tricks):
            mask = self._mask = self.legal_cards(seat)
        else:
            mask = self._mask = self.hands[seat]  # a lead: the whole hand (what legal_cards says here)
        self._legal = t.follow[seat].get(mask) or t.actions_of[seat](mask)

    def legal_cards(self, seat: int) -> int:
        hand = self.hands[seat]
        if self.unseen:
            hand &= ~self.unseen
        trick = self.trick
        t = self.t
        if not trick:
            if t.first_lead_not_trump and not self.tricks and self.trump is not None:
                others = hand & ~t.suit_masks[self.trump]
                return others or hand  # no trump lead to the first trick, unless nothing else is held
            return hand
        if not t.follow_suit:
            return hand
        lead = trick[0][1]
        follow = hand & t.suit_mask_of[lead]
        if follow:
            return follow
        trump = self.trump
        if t.undercut_only_with_all_trumps and trump is not None and t.suit_of[lead] != trump:
            trumps = t.suit_masks[trump]
            if hand & ~trumps and t.suit_of[self.best] == trump:
                # a player who still holds a non-trump may not play a trump lower than the one winning
                return (hand & ~trumps) | (hand & self.beats[trump][self.best])
        return hand

    def _play(self, seat: int, card: int) -> None:
        t = self.t
        hands = self.hands
        hands[seat] &= t.unbit[card]
        self.declaring_team = None
        trick = self.trick
        trick.append(t.seat_card[seat][card])
        k = len(trick)
        u = self.undertaking
        if k == 1:
            self.pending = None
            if not self.tricks:  # the first lead of the deal
                if self.trump_way == "first lead":
                    self.trump = t.suit_of[card]
                    self.trump_card = card
                    self._check_cancellation()
                    if self.over:
                        return
                if self.r.trumps is None or self.r.trumps.revealed == "first lead":
                    self.trump_revealed = True
            self.best, self.winning = card, seat
            # what the rest of the trick is judged by: the cards that beat a card, the led suit
            trump = self.trump
            self._row = self.beats[t.no_trump if trump is None else trump]
            self._led = t.suit_mask_of[card]
            # in this trick the next seat just follows suit when it can (no claim before this trick, no
            # face-down cards): the same all trick long
            self._plain = t.follow_suit and not self.unseen and len(self.tricks) != t.claim_trick
            if not self.tricks and u is None and t.late_offered[self.batches_dealt] and \
                    self._open_late_undertakings(seat):
                return  # a seat may still call an undertaking late: the lead may be taken back
        elif u is not None and len(self.tricks) < u.leads_win and trick[0][0] == self.undertaker:
            pass  # the caller's lead wins these tricks whatever is played to it (Trips)
        elif (self._row[self.best] >> card) & 1:
            self.best, self.winning = card, seat
        if u is not None and u.caught == "when beaten" and self.winning != self.undertaker:
            self._caught(self.winning)
            return
        if k < t.seats:
            nxt = t.next_seat[seat]
            if not self._plain:
                self.pending = None
                self._await_play(nxt)
                return
            # the next seat follows suit if it can (what legal_cards says, in its most common case)
            self.pending = t.pending_play[nxt]
            mask = hands[nxt] & self._led
            if mask:
                self._mask = mask
                self._legal = t.follow[nxt].get(mask) or t.actions_of[nxt](mask)
                return
            mask = self._mask = self.legal_cards(nxt)
            self._legal = t.follow[nxt].get(mask) or t.actions_of[nxt](mask)
            return
        self.pending = None
        self._finish_trick()

    def _finish_trick(self) -> None:
        t = self.t
        winner = self.winning
        team = t.team_of[winner]
        trick = self.trick
        tricks = self.tricks
        tricks.append((trick[0][0], tuple(trick), winner))
        points = t.points
        won = 0
        for _, c in trick:
            won += points[c]
        self.team_cards[team] += won
        self.team_tricks[team] += 1
        self.team_tricks_step[team] += 1
        self.seat_tricks[winner] += 1
        if self.unseen and self.seat_tricks[self.undertaker] >= self.undertaking.blind_until_tricks:
            self.unseen = 0  # the blind caller picks up the face-down cards
        self.trick = []
        self.leader = winner
        played = len(tricks)
        if self.covers:  # the cards under the cards just played are turned up at the end of the trick
            self.shown = self.face_up[:]
            covers = self.covers
            for s, c in trick:
                under = covers.pop(c, None)
                if under is not None:
                    self._turn_up(s, under)
        elif played == t.lay_out_after and not (self.undertaking is not None and t.lay_out_unless_undertaking):
            self._lay_out()
        if played == self.n_tricks:
            self.last_trick_winner = winner
        step_over = played == self.play_end
        u = self.undertaking
        if u is not None and winner != self.undertaker and (u.caught != "on the last trick" or step_over):
            self._caught(winner)
            return
        if played == self.n_tricks or (u is not None and step_over):
            self.over = True  # an undertaking is decided in the play it was called for (the rest is not dealt)
            return
        if step_over:
            self._advance()  # the next steps of the sequence: more cards, more tricks
            return
        self._open_declarations(winner)
        if self.window is None:
            self._await_play(winner)

    def _caught(self, seat: int) -> None:
        self.caught_by = seat
        self.over = True
        self.pending = None
        self.window = None

    # -- offences -----------------------------------------------------------------------
    def offence_of(self, action: Action) -> str | None:
        """The penalised offence ``action`` commits here, or None."""
        if self.over:
            return None
        verb, seat = action.verb, action.seat
        if not 0 <= seat < self.r.seats:
            return None
        decl = self.r.declaration_by_verb(verb)
        if decl is not None and decl.wrong_time is not None and self._at_wrong_time(decl, action):
            return WRONG_TIME
        pen = self.r.penalties
        if pen is None:
            return None
        if verb == "play" and self.window is None and self.pending and self.pending[0] == "play":
            try:
                card = self.r.deck.card(action.arg)
            except ValueError:
                return None
            if not (self.hands[seat] >> card) & 1:
                return None
            if seat != self.pending[1]:
                return "out of turn" if "out of turn" in pen.offences else None
            if not (self.legal_cards(seat) >> card) & 1 and self.trick:
                led = self.r.deck.suit_of[self.trick[0][1]]
                if self.hands[seat] & self.r.deck.suit_masks[led] and "revoke" in pen.offences:
                    return "revoke"
            return None
        if decl is not None and "false declaration" in pen.offences:
            try:
                suit = self.r.deck.suit(action.arg)
            except ValueError:
                return None
            # false: the cards are not held at all (open face cards held but not yet declarable are
            # merely early, an error like a declaration at the wrong time)
            if self._declaration_allowed(decl, seat) and not self.value_in(decl, self.hands[seat], suit):
                if not (decl.once_per_suit and (decl.verb, suit) in self.declared):
                    return "false declaration"
            return None
        claim = self.r.claim_by_verb(verb)
        if claim is not None and "forbidden claim" in pen.offences and claim.forbidden_if is not None:
            turn = self.window.seat if self.window is not None and self.window.kind == "claims" else \
                (self.pending[1] if self.pending and self.pending[0] == "play" else None)
            if turn == seat and self.claim_time(seat):
                env = self._claim_env(seat)
                if (claim.allowed_if is None or claim.allowed_if.evaluate(env)) and claim.forbidden_if.evaluate(env):
                    return "forbidden claim"
        return None

    def commit_offence(self, action: Action, offence: str) -> None:
        self._legal = None
        if offence == WRONG_TIME:
            self._declare_at_wrong_time(action)  # not penalised: the opponents may challenge it
            return
        self.offence = (offence, action.seat)
        self.over = True
        self.window = None
        self.pending = None

    # -- applying -----------------------------------------------------------------------
    def apply_if_legal(self, action: Action) -> int:
        """Apply ``action`` if it is legal: APPLIED, or PASSED for a pass in a window; NOT_LEGAL (and
        nothing changes) otherwise. Card plays and passes are checked with a few integer operations."""
        pending = self.pending
        if pending is not None and pending[0] == "play" and self.window is None:
            # only a card of the seat to play is legal now
            seat = pending[1]
            if action.seat != seat or action.verb != "play":
                return NOT_LEGAL
            card = self.card_of.get(action.arg)
            if card is None or not ((self._mask if self._legal is not None else self.legal_cards(seat)) >> card) & 1:
                return NOT_LEGAL
            self._legal = None
            self._play(seat, card)
            return APPLIED
        w = self.window
        if w is not None and action.verb == PASS and action.arg is None:
            if action.seat != w.order[w.pos]:
                return NOT_LEGAL
            self._legal = None
            self._pass()
            return PASSED
        if self.over:
            return NOT_LEGAL
        legal = self.legal_actions()
        if not any(map(is_, legal, repeat(action))) and action not in legal:  # the same object, or an equal one
            return NOT_LEGAL
        passed = action.verb == PASS and w is not None
        self.apply(action)
        return PASSED if passed else APPLIED

    def apply(self, action: Action) -> None:
        """Apply a legal action (the caller has checked it is legal)."""
        self._legal = None
        verb = action.verb
        if self.pending is not None and self.pending[0] == "bid" and self.window is None:
            self._bid(action)
        elif verb == PASS:
            self._pass()
        elif verb == "play":
            self._play(action.seat, self.card_of[action.arg])
        elif verb == "trump":
            self._make_trumps(action)
            self._advance()
        elif verb == "concede":
            self.conceded_by = self.team_of[action.seat]  # the cards are thrown in: the opponents score
            self.over = True
            self.pending = self.window = None
        elif verb == "redeal":
            self.redealt = self.cancelled = self.over = True  # thrown in: no score, the same dealer again
            self.redealer = action.seat
            self.pending = self.window = None
        elif verb == "call":
            self._call(action)
            if self.window is not None and self.window.kind == "calling":
                self._poll()
        elif self.window is not None and self.window.kind in ("undertakings", "late undertakings"):
            self._undertake(action)
        elif self.window is not None and self.window.kind == "declarations":
            self._declare(action)
            if self.window is not None:
                self._poll()
        elif self.window is not None and self.window.kind == "claims":
            self._make_claim(action)
        elif self.window is not None and self.window.kind == "challenge":
            self._challenge()
        else:  # pragma: no cover - guarded by legal_actions
            raise IllegalActionError(f"cannot apply {action}", tuple(self.legal_actions()))

    # -- helpers ------------------------------------------------------------------------
    def _seats_from(self, first: int) -> list[int]:
        return list(self.t.seats_from[first % self.t.seats])

    def _other_team(self, seat: int) -> int | None:
        return (self.team_of[seat] + 1) % self.r.teams if self.r.teams == 2 else None


_new_deal = object.__new__
# what Deal.clone makes again instead of copying (each refers back to its deal)
_MADE_AGAIN = {"_seat_env": lambda: None, "_counts": dict, "_view_cache": lambda: None}
# values Deal.clone shares: immutable (the exact types: a subclass is not assumed to be)
_SHARED_KINDS = frozenset({type(None), bool, int, str, tuple, frozenset, Ruleset, Tables, Action, Undertaking, Claim})
_SLOTS = Deal.__slots__
_NESTED_LISTS = frozenset({"order"})  # lists of lists (each seat's cards in the order received)
_read_slots = attrgetter(*_SLOTS)  # every slot of a deal in one call (Deal.__init__ sets them all)
# the ruleset's own tables a deal keeps at hand (a dict among them): shared, never written by a deal
_SHARED_NAMES = frozenset({"t", "r", "card_of", "play_actions", "team_of", "beats"})


def _combination_masks(ruleset: Ruleset, decl) -> tuple:
    """Per suit, the (mask, value in trumps, value otherwise) of each combination, best first."""
    return tables(ruleset).combination_masks[decl.verb]


def _play_actions(ruleset: Ruleset) -> tuple[tuple[Action, ...], ...]:
    """One Action object per seat and card, made once per ruleset (legal moves reuse them)."""
    return tables(ruleset).play
