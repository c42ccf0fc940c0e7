"""One deal: dealing, making trumps, calling, undertakings, the tricks and the calls during play.

:class:`Deal` is the engine's inner state machine. It is driven entirely by the compiled
:class:`~thunee_dsl.model.ruleset.Ruleset`: the steps of ``ruleset.sequence`` run in order and
every number (batches, call amounts, combinations, balls) comes from the ruleset.

Optional announcements are *windows*. The seats that may speak are polled in turn; each
answers with an action or ``pass``; a window closes when every polled seat has passed since
the last thing said in it. Compulsory decisions (making trumps, playing a card) have one
seat to act.
"""

from __future__ import annotations

from thunee_dsl.errors import IllegalActionError
from thunee_dsl.game.actions import Action
from thunee_dsl.model.cards import iter_cards
from thunee_dsl.model.quantities import Env
from thunee_dsl.model.ruleset import Ruleset

PASS = "pass"


class _SeatCounts:
    """A read-only per-seat sequence computed from the hands (suits held, cards held)."""

    __slots__ = ("deal", "fn")

    def __init__(self, deal, fn):
        self.deal, self.fn = deal, fn

    def __getitem__(self, seat):
        return self.fn(self.deal, seat)


class Window:
    """An open window of optional announcements."""

    __slots__ = ("kind", "order", "pos", "silent", "offered", "options")

    def __init__(self, kind: str, order: list[int], offered=()):
        self.kind = kind
        self.order = order
        self.pos = 0
        self.silent = 0
        self.offered = offered  # the undertakings offered in an undertakings window
        self.options: list = []  # what the polled seat may say (set by Deal._poll)

    @property
    def seat(self) -> int:
        return self.order[self.pos]


class Deal:
    """The state of one deal. Mutable; :class:`~thunee_dsl.game.state.GameState` owns it."""

    def __init__(self, ruleset: Ruleset, dealer: int, order: list[list[int]], balls: tuple[int, ...],
                 target: int | None = None, corner_house: int | None = None):
        r = ruleset
        # the game's target and corner house for this deal (a game may raise them, e.g. after a Khanaak)
        self.target = ruleset.game.target if target is None else target
        self.corner_house = ruleset.game.corner_house if corner_house is None else corner_house
        n = r.seats
        self.r = ruleset
        self.dealer = dealer
        self.order = order  # each seat's cards in the order received
        self.balls = balls  # game score before this deal (formulas read it)
        self.team_of = tuple(s % r.teams for s in range(n))
        self.batches_dealt = 0
        self.hands = [0] * n
        self.dealt = [0] * n  # every card dealt to each seat so far (held or played)
        self.step = -1
        # trumps and calling
        self.chooser = r.trumps.chooser.resolve(n, dealer=dealer) if r.trumps else None
        self.trump: int | None = None
        self.trump_card: int | None = None
        self.trump_way: str | None = None
        self.trump_maker: int | None = None
        self.trump_revealed = False
        self.call = 0
        self.last_caller: int | None = None
        self.calls: list[tuple[int, int]] = []
        # undertaking, declarations, claims
        self.undertaking = None
        self.undertaker: int | None = None
        self.caught_by: int | None = None
        self.declarations: list[tuple[int, str, int, int]] = []  # (seat, verb, suit, value)
        self.declared: set[tuple[str, int]] = set()
        self.declaring_team: int | None = None
        self.claim = None
        self.claimer: int | None = None
        # tricks
        self.leader: int | None = None
        self.trick: list[tuple[int, int]] = []
        self.best = -1
        self.winning: int | None = None
        self.tricks: list[tuple[int, tuple[tuple[int, int], ...], int]] = []
        self.team_cards = [0] * r.teams
        self.team_tricks = [0] * r.teams
        self.team_tricks_step = [0] * r.teams  # tricks won in the current play step (Jodies count these)
        self.play_end = 0  # the number of tricks played when the current play step ends
        self.team_declared = [0] * r.teams
        self.seat_tricks = [0] * n
        self.last_trick_winner: int | None = None
        # flow
        self.window: Window | None = None
        self.pending: tuple | None = None  # ("trump", seat, ways) | ("play", seat)
        self.over = False
        self.cancelled = False
        self.offence: tuple[str, int] | None = None
        self._legal: list[Action] | None = None
        self._seat_env: Env | None = None
        self.blind_from: int | None = None  # batches dealt when a blind undertaking was called
        self.unseen = 0  # the blind caller's face-down cards (unseen, unplayable until enough tricks are won)
        self.play_actions = _play_actions(ruleset)
        self.card_of = ruleset.deck._by_name
        self._claim_seat: int | None = None
        self.n_tricks = ruleset.tricks_per_deal
        self.beats = ruleset.beats  # which card beats which; an undertaking may play with its own ranking
        self.suits_held = _SeatCounts(self, _suits_held)
        self.cards_held = _SeatCounts(self, lambda d, s: d.hands[s].bit_count())
        self.points_held = _SeatCounts(self, _points_held)
        self.most_of_a_rank = _SeatCounts(self, _most_of_a_rank)
        self.top_cards_held = _SeatCounts(self, _top_cards_held)
        self.redealt = False  # thrown in by a redeal claim
        # turn-based bidding (of tricks)
        self.bids: dict[int, int] = {}  # each seat's highest bid
        self.passed: set[int] = set()
        self.high_bid = 0
        self.high_bidder: int | None = None
        self.conceded_by: int | None = None  # the team that conceded
        self.redealer: int | None = None

    # -- quantities formulas read (see thunee_dsl.model.quantities.DEAL_PROTOCOL) ---------
    @property
    def makers(self) -> int | None:
        return None if self.trump_maker is None else self.team_of[self.trump_maker]

    @property
    def counting(self) -> int | None:
        m = self.makers
        return None if m is None or self.r.teams != 2 else 1 - m

    @property
    def undertaking_name(self):
        return None if self.undertaking is None else self.undertaking.name

    @property
    def claim_name(self):
        return None if self.claim is None else self.claim.name

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
        counts = [0] * self.r.teams
        if self.trump is not None:
            mask = self.r.deck.suit_masks[self.trump]
            for seat, cards in enumerate(self.order):
                counts[self.team_of[seat]] += sum(1 for c in cards if (mask >> c) & 1)
        return counts

    def env(self, **roles) -> Env:
        return Env(self, self.balls, **roles)

    def seat_env(self, seat: int, caller: int | None = None) -> Env:
        """The env of a seat weighing a call: ``seat``, its team as ``callers``. Reused within a deal
        (formulas are evaluated one at a time), so creating it does not dominate legal-move generation."""
        env = self._seat_env
        if env is None:
            env = self._seat_env = Env(self, self.balls)
        env.counting, env.makers, env.trump_maker = self.counting, self.makers, self.trump_maker
        env.leader = self.leader
        env.seat, env.caller = seat, caller
        env.callers = self.team_of[seat]
        env.opponents = self._other_team(seat)
        env.team_values = {}
        return env

    # -- the seat to act and its actions ------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.over:
            return None
        if self.window is not None:
            return self.window.seat
        return self.pending[1] if self.pending else None

    @property
    def public_to_act(self) -> int | None:
        """Who the table sees as acting. Windows whose options depend on hidden cards (declarations,
        undertakings) poll only seats that have something to say, so to the other seats the table
        simply waits for the next compulsory action: showing the polled seat would leak its hand."""
        w = self.window
        if w is None or w.kind in ("calling", "claims"):
            return self.to_act
        if w.kind == "declarations":
            return self.leader
        return self._usual_leader() if self.trump_maker is not None else w.seat

    def is_legal(self, action: Action) -> bool:
        """``action in legal_actions()``, answered without building the list for a card play."""
        pending = self.pending
        if action.verb == "play" and self.window is None and pending is not None and pending[0] == "play":
            card = self.card_of.get(action.arg)
            return card is not None and action.seat == pending[1] and (self.legal_cards(action.seat) >> card) & 1 == 1
        return action in self.legal_actions()

    def legal_actions(self) -> list[Action]:
        """The actions of the seat to act (cached until the next change)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[Action]:
        if self.over:
            return []
        if self.window is not None:
            seat = self.window.seat
            return self.window.options + [Action(seat, PASS)]
        kind, seat = self.pending[0], self.pending[1]
        if kind == "play":
            plays = self.play_actions[seat]
            return [plays[c] for c in iter_cards(self.legal_cards(seat))]
        if kind == "bid":
            return self._bid_options(seat)
        if kind == "trump":
            ways = self.pending[2]
            out = []
            if "suit" in ways:
                out += [Action(seat, "trump", letter) for letter in self.r.deck.suits]
            if "card" in ways:
                out += [Action(seat, "trump", self.r.deck.names[c]) for c in iter_cards(self.hands[seat])]
            if "last card" in ways:
                out.append(Action(seat, "trump", "last"))
            redeal = self.r.redeal
            if redeal is not None and not redeal.anyone and self.last_caller is None and self.trump_maker is None and seat == self.chooser and \
                    redeal.allowed_if.evaluate(self.seat_env(seat)):
                out.append(Action(seat, "redeal"))
            return out
        return []

    # -- running the sequence -----------------------------------------------------------
    def start(self) -> None:
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until someone must decide or the deal is over."""
        while not self.over and self.window is None and self.pending is None:
            self.step += 1
            if self.step >= len(self.r.sequence):
                return
            step = self.r.sequence[self.step]
            if step.startswith("deal "):
                self._deal_batch(int(step.split()[1]))
            elif step == "make trumps":
                self._await_trumps()
            elif step == "calling":
                self._open_calling()
            elif step == "undertakings":
                self._open_undertakings()
            elif step == "redeal":
                self.window = Window("redeal", self._seats_from(self.dealer + 1))
                self._poll()
            elif step == "concede":
                self.window = Window("concede", self._seats_from(self.dealer + 1))
                self._poll()
            elif step == "bidding":
                self.pending = ("bid", self.r.bidding.first_bidder.resolve(self.r.seats, dealer=self.dealer))
            elif step == "play":
                self._start_play()

    def _deal_batch(self, number: int) -> None:
        start = sum(self.r.batches[: number - 1])
        end = start + self.r.batches[number - 1]
        for seat, cards in enumerate(self.order):
            for c in cards[start:end]:
                self.hands[seat] |= 1 << c
                self.dealt[seat] |= 1 << c
        self.batches_dealt = number
        if self.blind_from is not None and number > self.blind_from:
            for c in self.order[self.undertaker][start:end]:
                self.unseen |= 1 << c
        if self.trump_way == "last card" and self.trump is None and end == len(self.order[self.trump_maker]):
            self.trump_card = self.order[self.trump_maker][-1]
            self.trump = self.r.deck.suit_of[self.trump_card]

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
        self.team_tricks_step = [0] * self.r.teams
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
        seat = action.seat
        self.trump_maker = seat
        if action.arg == "last":
            # the last card dealt to this seat will be the trump card (see _deal_batch)
            self.trump_way = "last card"
            self.trump = self.trump_card = None
        elif action.arg in self.r.deck.suits:
            self.trump_way = "suit"  # announced by name
            self.trump_card = None
            self.trump = self.r.deck.suits.index(action.arg)
        else:
            card = self.r.deck.card(action.arg)
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
            eligible = [s for s in self._seats_from(start + 1) if self.team_of[s] != self.team_of[self.chooser]]
        else:
            eligible = self._seats_from(start + 1)
        self.window = Window("calling", eligible)
        self._poll()

    def _call(self, action: Action) -> None:
        rule = self.r.calling
        self.call = action.arg
        self.last_caller = action.seat
        self.calls.append((action.seat, action.arg))
        if not rule.next_amounts(self.call):
            self._close_window()
            return
        if rule.next_caller == "opponents of last caller":
            order = [s for s in self._seats_from(action.seat + 1) if self.team_of[s] != self.team_of[action.seat]]
        else:
            order = [s for s in self._seats_from(action.seat + 1) if s != action.seat]
        self.window.order, self.window.pos, self.window.silent = order, 0, 0

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
            self.trump_maker = None
            self.pending = ("trump", self.last_caller, self.r.trumps.caller_ways)

    # -- bidding (turn-based bids of tricks) --------------------------------------------
    def _bid_options(self, seat: int) -> list[Action]:
        rule = self.r.bidding
        if self.high_bidder is None and len(self.passed) == self.r.seats - 1 and rule.dealer_bids_if_all_pass:
            return [Action(seat, "bid", rule.lowest)]  # everyone else passed: this seat must bid the lowest
        low = max(rule.lowest, self.high_bid + 1)
        return [Action(seat, "bid", n) for n in range(low, rule.highest + 1)] + [Action(seat, PASS)]

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
    def _open_undertakings(self) -> None:
        offered = tuple(u for u in self.r.undertakings if self.batches_dealt in u.offered_after)
        if not offered or self.undertaking is not None:  # one undertaking a deal
            return
        first = self.trump_maker if self.trump_maker is not None else (self.dealer + 1) % self.r.seats
        seats = self._seats_from(first)
        # the trump maker's team has priority over the opponents
        order = [s for s in seats if self.team_of[s] == self.team_of[first]] + \
                [s for s in seats if self.team_of[s] != self.team_of[first]]
        self.window = Window("undertakings", order, offered)
        self._poll()

    def _undertake(self, action: Action) -> None:
        u = self.r.undertaking_by_verb(action.verb)
        self.undertaking = u
        self.undertaker = action.seat
        if u.blind_until_tricks:
            self.blind_from = self.batches_dealt  # later batches reach the caller face down
        if u.beats is not None:
            self.beats = u.beats
        self.trump_maker = action.seat  # the caller's team now makes trumps
        if u.trump in ("first lead", "none"):
            self.trump = self.trump_card = None
            self.trump_way = u.trump
        self._close_window()

    # -- declarations (Jodies) ----------------------------------------------------------
    def declaration_value(self, decl, seat: int, suit: int) -> int:
        """The value of the best combination ``seat`` holds in ``suit`` (0 if none)."""
        hand = self.hands[seat]
        for mask, trumps, other in _combination_masks(self.r, decl)[suit]:
            if hand & mask == mask:
                return trumps if suit == self.trump else other
        return 0

    def _declaration_allowed(self, decl, seat: int) -> bool:
        if self.declaring_team != self.team_of[seat]:
            return False
        if self.team_tricks_step[self.declaring_team] not in decl.after_team_trick:
            return False
        if decl.allowed_if is not None:
            if not decl.allowed_if.evaluate(self.seat_env(seat)):
                return False
        return True

    def _declaration_options(self, seat: int) -> list[Action]:
        out = []
        for decl in self.r.declarations:
            if not self._declaration_allowed(decl, seat):
                continue
            for suit, letter in enumerate(self.r.deck.suits):
                if decl.once_per_suit and (decl.verb, suit) in self.declared:
                    continue
                if self.declaration_value(decl, seat, suit):
                    out.append(Action(seat, decl.verb, letter))
        return out

    def _declare(self, action: Action) -> None:
        decl = self.r.declaration_by_verb(action.verb)
        suit = self.r.deck.suit(action.arg)
        value = self.declaration_value(decl, action.seat, suit)
        self.declarations.append((action.seat, decl.verb, suit, value))
        self.declared.add((decl.verb, suit))
        self.team_declared[self.team_of[action.seat]] += value
        self.window.silent = 0  # everyone on the team may declare again

    def _open_declarations(self, winner: int) -> None:
        if not self.r.declarations:
            return
        team = self.team_of[winner]
        if not any(self.team_tricks_step[team] in d.after_team_trick for d in self.r.declarations):
            return
        self.declaring_team = team
        order = [s for s in self._seats_from(winner) if self.team_of[s] == team]
        self.window = Window("declarations", order)
        self._poll()

    # -- claims (Double, Khanaak) -------------------------------------------------------
    def claim_time(self, seat: int) -> bool:
        """Just before ``seat`` plays to the last trick, if no claim has been made."""
        return (not self.over and self.claim is None and len(self.tricks) == self.n_tricks - 1
                and all(s != seat for s, _ in self.trick))

    def _claim_env(self, seat: int) -> Env:
        return self.seat_env(seat, caller=seat)

    def _claim_options(self, seat: int) -> list[Action]:
        out = []
        env = self._claim_env(seat)
        for claim in self.r.claims:
            if claim.allowed_if is not None and not claim.allowed_if.evaluate(env):
                continue
            if claim.forbidden_if is not None and claim.forbidden_if.evaluate(env):
                continue  # saying it would be an offence, so it is never offered
            out.append(Action(seat, claim.verb))
        return out

    def _make_claim(self, action: Action) -> None:
        self.claim = self.r.claim_by_verb(action.verb)
        self.claimer = action.seat
        self._close_window()

    # -- windows ------------------------------------------------------------------------
    def window_options(self, seat: int) -> list[Action]:
        kind = self.window.kind
        if kind == "calling":
            return [Action(seat, "call", a) for a in self.r.calling.next_amounts(self.call)]
        if kind == "undertakings":
            out = []
            for u in self.window.offered:
                if u.allowed_if is not None and not u.allowed_if.evaluate(self.seat_env(seat)):
                    continue
                out.append(Action(seat, u.verb))
            return out
        if kind == "declarations":
            return self._declaration_options(seat)
        if kind == "claims":
            return self._claim_options(seat)
        if kind == "redeal":
            return [Action(seat, "redeal")] if self.r.redeal.allowed_if.evaluate(self.seat_env(seat)) else []
        if kind == "concede":
            return [Action(seat, "concede")]
        return []

    def _poll(self) -> None:
        """Find the next seat in the window with something to say; close the window if none.

        In an undertakings window every seat is asked, even one that can only pass: whether anyone
        holds, say, three of a kind must not show in how the deal goes on (the next batch being
        dealt at once or not)."""
        w = self.window
        while w is not None:
            if w.silent >= len(w.order):
                self._close_window()
                return
            options = self.window_options(w.seat)
            if options or w.kind in ("undertakings", "redeal"):
                w.options = options
                return
            w.silent += 1
            w.pos = (w.pos + 1) % len(w.order)

    def _pass(self) -> None:
        w = self.window
        w.silent += 1
        w.pos = (w.pos + 1) % len(w.order)
        self._poll()

    def _close_window(self) -> None:
        kind = self.window.kind
        self.window = None
        if kind == "calling":
            self._calling_closed()
            if self.pending is None:
                self._advance()
        elif kind in ("undertakings", "redeal", "concede"):
            self._advance()
        elif kind == "declarations":
            # the declaring team keeps its time until the next card is played (false declarations)
            self._await_play(self.leader)
        elif kind == "claims":
            self.pending = ("play", self._claim_seat)

    # -- play ---------------------------------------------------------------------------
    def _await_play(self, seat: int) -> None:
        self.pending = None
        if self.r.claims and self.claim_time(seat):
            options = self._claim_options(seat)
            if options:
                self._claim_seat = seat
                self.window = Window("claims", [seat])
                self.window.options = options
                return
        self.pending = ("play", seat)

    def legal_cards(self, seat: int) -> int:
        hand = self.hands[seat] & ~self.unseen
        if not self.trick:
            if self.r.play.first_lead_not_trump and not self.tricks and self.trump is not None:
                others = hand & ~self.r.deck.suit_masks[self.trump]
                return others or hand  # no trump lead to the first trick, unless nothing else is held
            return hand
        if not self.r.play.follow_suit:
            return hand
        deck = self.r.deck
        led = deck.suit_of[self.trick[0][1]]
        follow = hand & deck.suit_masks[led]
        if follow:
            return follow
        if self.r.play.undercut_only_with_all_trumps and self.trump is not None and led != self.trump:
            trumps = deck.suit_masks[self.trump]
            if hand & ~trumps and deck.suit_of[self.best] == self.trump:
                # a player who still holds a non-trump may not play a trump lower than the one winning
                return (hand & ~trumps) | (hand & self.beats[self.trump][self.best])
        return hand

    def _play(self, seat: int, card: int) -> None:
        r = self.r
        self.hands[seat] &= ~(1 << card)
        self.declaring_team = None
        self.pending = None
        first_lead = not self.tricks and not self.trick
        self.trick.append((seat, card))
        if first_lead:
            if self.trump_way == "first lead":
                self.trump = r.deck.suit_of[card]
                self.trump_card = card
                self._check_cancellation()
                if self.over:
                    return
            if r.trumps is None or r.trumps.revealed == "first lead":
                self.trump_revealed = True
        if len(self.trick) == 1:
            self.best, self.winning = card, seat
        elif self.undertaking is not None and len(self.tricks) < self.undertaking.leads_win and \
                self.trick[0][0] == self.undertaker:
            pass  # the caller's lead wins these tricks whatever is played to it (Trips)
        else:
            row = self.trump if self.trump is not None else r.no_trump
            if (self.beats[row][self.best] >> card) & 1:
                self.best, self.winning = card, seat
        u = self.undertaking
        if u is not None and u.caught == "when beaten" and self.winning != self.undertaker:
            self._caught(self.winning)
            return
        if len(self.trick) < r.seats:
            self._await_play((seat + 1) % r.seats)
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        r = self.r
        winner = self.winning
        team = self.team_of[winner]
        self.tricks.append((self.trick[0][0], tuple(self.trick), winner))
        self.team_cards[team] += sum(r.deck.points[c] for _, c in self.trick)
        self.team_tricks[team] += 1
        self.team_tricks_step[team] += 1
        self.seat_tricks[winner] += 1
        if self.unseen and self.seat_tricks[self.undertaker] >= self.undertaking.blind_until_tricks:
            self.unseen = 0  # the blind caller picks up the face-down cards
        self.trick = []
        self.leader = winner
        if len(self.tricks) == self.n_tricks:
            self.last_trick_winner = winner
        step_over = len(self.tricks) == self.play_end
        u = self.undertaking
        if u is not None and winner != self.undertaker and (u.caught != "on the last trick" or step_over):
            self._caught(winner)
            return
        if len(self.tricks) == self.n_tricks or (u is not None and step_over):
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
        pen = self.r.penalties
        if pen is None or self.over:
            return None
        verb, seat = action.verb, action.seat
        if not 0 <= seat < self.r.seats:
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
        decl = self.r.declaration_by_verb(verb)
        if decl is not None and "false declaration" in pen.offences:
            try:
                suit = self.r.deck.suit(action.arg)
            except ValueError:
                return None
            if self._declaration_allowed(decl, seat) and not self.declaration_value(decl, seat, suit):
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
        self.offence = (offence, action.seat)
        self.over = True
        self.window = None
        self.pending = None

    # -- applying -----------------------------------------------------------------------
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
            if self.window is not None:
                self._poll()
        elif self.window is not None and self.window.kind == "undertakings":
            self._undertake(action)
        elif self.window is not None and self.window.kind == "declarations":
            self._declare(action)
            if self.window is not None:
                self._poll()
        elif self.window is not None and self.window.kind == "claims":
            self._make_claim(action)
        else:  # pragma: no cover - guarded by legal_actions
            raise IllegalActionError(f"cannot apply {action}", tuple(self.legal_actions()))

    # -- helpers ------------------------------------------------------------------------
    def _seats_from(self, first: int) -> list[int]:
        n = self.r.seats
        return [(first + i) % n for i in range(n)]

    def _other_team(self, seat: int) -> int | None:
        return (self.team_of[seat] + 1) % self.r.teams if self.r.teams == 2 else None


def _combination_masks(ruleset: Ruleset, decl) -> tuple:
    """Per suit, the (mask, value in trumps, value otherwise) of each combination, best first."""
    key = ("combinations", decl.verb)
    table = ruleset.engine_cache.get(key)
    if table is None:
        deck = ruleset.deck
        table = tuple(tuple((deck.mask_of(deck.card_of(suit, rank) for rank in combo.ranks), combo.trumps, combo.other)
                            for combo in decl.combinations) for suit in range(len(deck.suits)))
        ruleset.engine_cache[key] = table
    return table


def _play_actions(ruleset: Ruleset) -> tuple[tuple[Action, ...], ...]:
    """One Action object per seat and card, made once per ruleset (legal moves reuse them)."""
    table = ruleset.engine_cache.get("play_actions")
    if table is None:
        names = ruleset.deck.names
        table = tuple(tuple(Action(s, "play", n) for n in names) for s in range(ruleset.seats))
        ruleset.engine_cache["play_actions"] = table
    return table


def _points_held(deal: Deal, seat: int) -> int:
    points = deal.r.deck.points
    return sum(points[c] for c in iter_cards(deal.hands[seat]))


def _most_of_a_rank(deal: Deal, seat: int) -> int:
    hand, deck = deal.hands[seat], deal.r.deck
    counts = [0] * len(deck.ranks)
    for c in iter_cards(hand):
        counts[deck.rank_of[c]] += 1
    return max(counts)


def _top_cards_held(deal: Deal, seat: int) -> int:
    """In how many suits the seat holds the highest card of the deck's ranking."""
    hand, deck = deal.hands[seat], deal.r.deck
    return sum(1 for s in range(len(deck.suits)) if (hand >> deck.card_of(s, 0)) & 1)


def _suits_held(deal: Deal, seat: int) -> int:
    hand = deal.hands[seat]
    return sum(1 for m in deal.r.deck.suit_masks if hand & m)
