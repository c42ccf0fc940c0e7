"""What one seat knows about the cards, worked out from its :class:`~thunee_dsl.game.view.SeatView` alone.

From the view's hand, tricks, declarations, trump card and history this derives: the cards each other
seat has played, the suits each has shown it lacks (failing to follow suit; undercutting, which the
rules allow only with nothing but trumps; a trump led where the first lead may not be a trump), the
cards each other seat must hold (the turned-up trump card, the cards of a declared Jodie), cards a seat
cannot hold (a 20 Jodie declarer lacks the Jack of that suit), and how many cards are still hidden
where (in hands, face down, not yet dealt). In open face play the face-up table cards of every seat are
known and the face-down row cards are hidden from everyone, their owner included. Both bots read it: the heuristic for what the others may
hold, the Monte Carlo bot to sample deals consistent with it.

>>> from thunee_dsl import shipped_ruleset
>>> from thunee_dsl.game import GameState
>>> r = shipped_ruleset("standard")
>>> game = GameState(r, seed=5)
>>> k = Knowledge(r, game.view(game.to_act))
>>> k.batches_dealt, k.pool.bit_count()   # four cards seen; twenty unknown
(1, 20)
"""

from __future__ import annotations

import functools
import threading

try:
    import cython
except ImportError:  # (the compiled build's typing, optional: without Cython it does nothing)
    from thunee_dsl._accel import cython_shadow as cython

from dataclasses import dataclass

from thunee_dsl.game.play import Play
from thunee_dsl.game.tables import tables as engine_tables
from thunee_dsl.game.view import HIDDEN
from thunee_dsl.model.ruleset import (FROM_UNDEALT, LEAD_OR_NO_TRUMP, DealBatch, MakeTrumps, PlayStep, Revealed,
                                     Ruleset)
from thunee_dsl.players.tactics import PartTrick, hand_mask, tables, trick_cards


@dataclass(frozen=True)
class Phase:
    """Batches dealt before one play step and the tricks they make (two halves make two phases)."""

    first_batch: int
    end_batch: int
    first_trick: int
    size: int  # cards per seat


def phases(ruleset: Ruleset) -> tuple[Phase, ...]:
    return ruleset.cached("players.phases", _phases)


def _phases(ruleset: Ruleset) -> tuple[Phase, ...]:
    out = []
    batch = start = trick = 0
    for step in ruleset.steps:
        if type(step) is DealBatch:
            batch = step.number
        elif type(step) is PlayStep:
            size = sum(ruleset.batches[start:batch])
            out.append(Phase(start, batch, trick, size))
            trick += size
            start = batch
    if start < len(ruleset.batches):  # batches dealt after the last play step (none ever played)
        out.append(Phase(start, len(ruleset.batches), trick, sum(ruleset.batches[start:])))
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def parse_entry(entry: str) -> tuple[int, str, str | None]:
    """``"SEAT VERB [ARG]"`` of a view's history as (seat, verb, arg). Remembered: a bot reads the same
    history at every decision of a deal."""
    parts = entry.split()
    return int(parts[0]), parts[1], parts[2] if len(parts) > 2 else None


def combination_cards(ruleset: Ruleset, decl, value: int, suit: int, trump: int | None) -> list[int] | None:
    """The cards of the combination of ``decl`` worth ``value`` in ``suit`` (None if none is)."""
    deck = ruleset.deck
    for combo in decl.combinations:
        worth = combo.trumps if suit == trump else combo.other
        if worth == value:
            return [deck.card_of(suit, r) for r in combo.ranks]
    return None


@dataclass
class HiddenDeclaration:
    index: int  # position in the view's history
    seat: int
    decl: object
    value: int
    phase: int


_LAST = threading.local()  # per thread: (ruleset id, seat) -> the Knowledge of that seat's last decision


def _earlier(k: "Knowledge", view) -> "Knowledge | None":
    """The Knowledge of the seat's last decision, if it was in this deal, on the way to ``view`` (its
    history a beginning of this one): what it read of the tricks finished then still holds."""
    by_seat = getattr(_LAST, "by_seat", None)
    if by_seat is None:
        by_seat = _LAST.by_seat = {}
    before = by_seat.get((id(k.ruleset), k.seat))
    if before is None or before.ruleset is not k.ruleset:
        return None
    old = before.view
    m = len(old.history)
    if (old.deal_number, old.dealer, old.score) != (view.deal_number, view.dealer, view.score) \
            or len(view.history) < m or view.history[:m] != old.history or len(view.tricks) < len(before._done):
        return None
    return before


class _Constants:
    """What Knowledge reads of a ruleset, the same at every decision (worked out once per ruleset)."""

    def __init__(self, ruleset: Ruleset):
        self.team_of = tuple(ruleset.team_of(s) for s in range(ruleset.seats))
        self.phases = phases(ruleset)
        cum = [0]
        for b in ruleset.batches:
            cum.append(cum[-1] + b)
        self.cum = tuple(cum)
        # cards dealt to a seat when trumps are made (a face-down trump card is one of these)
        dealt = ruleset.batches_before(MakeTrumps)
        self.hand_before_trumps = cum[-1] if dealt is None else cum[dealt]


def _declaration_verbs(ruleset: Ruleset) -> frozenset[str]:
    return frozenset(d.verb for d in ruleset.declarations)


class ByVerb:
    """A ruleset's undertakings, declarations and claims by verb: what ``Ruleset.undertaking_by_verb`` (...)
    answer (the first of a verb), one dict look-up each (the bots ask at their decisions and at every
    announcement of every playout). ``by_verb(ruleset)``: made once per ruleset."""

    def __init__(self, ruleset: Ruleset):
        self.undertaking: dict = {}
        self.declaration: dict = {}
        self.claim: dict = {}
        for found, items in ((self.undertaking, ruleset.undertakings), (self.declaration, ruleset.declarations),
                             (self.claim, ruleset.claims)):
            for x in items:
                found.setdefault(x.verb, x)


def by_verb(ruleset: Ruleset) -> ByVerb:
    return ruleset.cached("players.by_verb", ByVerb)


def _void_reads(ruleset: Ruleset) -> dict:
    # (id of the ranking's row, trumps, card led, best card, card played, first trick) -> what the seat
    # cannot hold (Play.cannot_hold; the rows are the ruleset's own, kept as long as it is)
    return {}


def forget_knowledge() -> None:
    """Drop what the seats of this thread worked out before (a test's clean start)."""
    _LAST.by_seat = {}


class Inconsistent(ValueError):
    """The view does not add up (should not happen for a view the engine made)."""


#: A Knowledge's facts, named once here: knowledge.pxd declares exactly these as the compiled build's fields,
#: ``_copy_facts`` copies them one by one in this order, and a Knowledge has no other attribute
#: (tests/players/test_knowledge_typed.py). A fact added to the class is added here first.
FACTS = (
    # the seat, its ruleset, and what is read of the ruleset once
    "ruleset", "t", "rules", "view", "memo", "seat", "seats", "team_of", "phases", "cum", "hand_before_trumps",
    "declaration_verbs",
    # the seat's hand, the trumps, the undertaking (Knowledge._read_trumps); from which card trumps were open
    # (_read_shown_from: a closed trump's)
    "hand", "trump", "trump_card", "undertaking", "undertaker", "beats", "shown_from",
    # the cards each seat has played (_read_tricks)
    "_done", "_played_done", "_played_by_done", "tricks_done", "current_trick", "played", "played_by",
    "played_mask",
    # open face play's table (_read_table); the batches dealt and the phase (_read_batches_dealt)
    "face_down", "table", "laid", "turned", "batches_dealt", "phase_index", "phase",
    # a blind caller's unseen cards (_read_blind_caller)
    "unseen_count", "pickup_trick",
    # the voids (_read_voids)
    "void", "_void_reading", "_void_done",
    # the cards a seat must hold, or cannot (the trump maker's, the declarations')
    "forced", "excluded", "early", "last_card_seat", "hidden_declarations",
    # the history, read once (_read_history)
    "entries", "_trump_entries", "_decl_entries", "_plays",
    # what is unknown, and where it is (_unknown); the cards other seats played face down unseen (_read_hidden_plays)
    "future_count", "leftover", "held_count", "pool", "hidden_plays", "closed_lacking",
    # how this Knowledge was made: from the seat's last one, moved on by cards alone (_advance)
    "carried_over", "advanced",
)



def _ordered_up(entries) -> bool:
    """Whether the turn-up was ordered up in this deal (a def of its own: a cpdef method has no closures when
    compiled, and a generator expression is one)."""
    return any(verb == "order" for _, verb, _ in entries)

class Knowledge:
    """The card facts one seat may derive from its view (see the module docstring). What the tricks
    finished by the seat's last decision of the deal showed is carried over from that decision's Knowledge
    instead of being read again (the same facts: tested against reading every view from scratch).
    (An extension type in the compiled build, knowledge.pxd: its facts are read and copied as C fields.)"""

    Inconsistent = Inconsistent  # (a class attribute: an extension type cannot hold a class statement)

    def __init__(self, ruleset: Ruleset, view):
        self.ruleset = ruleset
        self.t = tables(ruleset)
        self.view = view
        self.seat = me = view.seat
        self.seats = n = view.seats
        self.memo: dict = {}  # what the sampling derives from this Knowledge alone, worked out once (players.worlds)
        before = _earlier(self, view)
        if before is not None and _advance(self, before, view):
            return
        self._read_trumps(view)
        tricks = self._read_tricks(before, view)
        self._read_shown_from(view)
        self._read_table(view)
        self._read_batches_dealt(view)
        self._read_blind_caller(view)
        self._read_voids(before, tricks)
        # cards a seat must hold (face up on the table; its own hand for this seat), or cannot
        self.forced = list(self.table) if view.table else [0] * n
        self.forced[me] = self.hand
        self.excluded = [0] * n
        self._read_history(before, view)
        self._read_trump_maker()
        self._read_declarations(view)
        self._read_hidden_plays(view)
        # what is unknown, and where it is
        self.future_count = self.cum[-1] - self.cum[self.batches_dealt]
        self.leftover = ruleset.deck.size - n * ruleset.hand_size
        self._unknown(view)

    def _read_trumps(self, view) -> None:
        """The ruleset's constants, the seat's hand, the trumps and trump card shown, and the undertaking
        (whose ranking of the cards may be its own)."""
        ruleset, t = self.ruleset, self.t
        c = ruleset.cached("players.knowledge", _Constants)
        self.team_of, self.phases, self.cum, self.hand_before_trumps = c.team_of, c.phases, c.cum, c.hand_before_trumps
        self.hand = hand_mask(t, view.hand)
        self.trump = None if view.trump is None else ruleset.deck.suits.index(view.trump)
        self.trump_card = None if view.trump_card is None else t.card_of[view.trump_card]
        u = self.undertaking = None if view.undertaking is None else by_verb(ruleset).undertaking.get(view.undertaking)
        self.undertaker = view.undertaker
        self.beats = u.beats if u is not None and u.beats is not None else ruleset.beats

    def _read_shown_from(self, view) -> None:
        """From which card of the deal trumps were open, as (trick, position in it): a closed trump's
        (trumps.revealed: on demand) from the asking for it (an 'ask' in the history), or from the end of the
        trick a trump cut (a trump in a trick led with another suit: played face down, turned up at its
        end); shown after a trick by trumps.revealed_if, which trick is not seen: every finished trick is then
        read as played closed (what is read of a closed trick is less, never wrong). (0, 0): never closed."""
        rules = self.ruleset.trumps
        if rules is None or rules.revealed is not Revealed.ON_DEMAND:
            self.shown_from = (0, 0)
            return
        if not view.trump_revealed or self.trump is None:
            self.shown_from = STILL_CLOSED
            return
        tricks = view.tricks
        found = (len(tricks), 0)
        plays = 0
        for entry in view.history:
            verb = parse_entry(entry)[1]
            if verb == "play":
                plays += 1
            elif verb == "ask":
                found = _position_of_play(view, plays)
                break
        card_of, trumps = self.t.card_of, engine_tables(self.ruleset).trump_masks[self.trump]
        for i, tr in enumerate(tricks):
            if (i + 1, 0) >= found:
                break
            if not (trumps >> card_of[tr.cards[0][1]]) & 1 and any(
                    c != HIDDEN and (trumps >> card_of[c]) & 1 for _, c in tr.cards):
                found = (i + 1, 0)
                break
        self.shown_from = found

    def _shut(self, i: int, size: int) -> int:
        """How many of the first cards of trick ``i`` (``size`` cards) were played while trumps were closed."""
        trick, at = self.shown_from
        return size if i < trick else at if i == trick else 0

    def _read_hidden_plays(self, view) -> None:
        """The cards other seats played face down that this seat may not see ("??", a closed trump's cut), in
        the order played: (seat, the cards it cannot be). Its player could not follow suit then, nor at any
        trick before where it did not follow (as :func:`_read_closed` reads them); a card face down in a
        finished trick is no trump once trumps are known (a trump would have been turned up).
        ``closed_lacking``: for the sampled deals, what each seat did not follow while trumps were closed,
        the trump maker's too where this seat does not know trumps (its one card of the suit may be its trump
        card, face down on the table: the sampled deals draw none, and choose its trump card among the others);
        None without a closed trump."""
        self.hidden_plays = ()
        self.closed_lacking = None
        if self.shown_from == (0, 0) or not (view.tricks or view.trick):
            return
        trump = self.trump
        row = self.beats[trump if trump is not None else self.ruleset.no_trump]
        trumps = self.rules.trump_masks[trump] if trump is not None and view.trump_revealed else 0
        reads = self.ruleset.cached("players.void_reads", _void_reads)
        lacking = [0] * self.seats
        out = []
        for i, cards in enumerate([tr.cards for tr in view.tricks] + ([view.trick] if view.trick else [])):
            _read_closed(self, lacking, trick_cards(self.t, cards), i == 0, row, reads, None,
                         self._shut(i, len(cards)), cards, True)
            for s, c in cards:
                if c == HIDDEN:
                    out.append((s, lacking[s] | (trumps if i < len(view.tricks) else 0)))
        self.hidden_plays = tuple(out)
        self.closed_lacking = lacking

    def _read_tricks(self, before: "Knowledge | None", view) -> list:
        """The cards each seat has played, in the finished tricks and the trick on the table; every trick's
        cards are returned. (The tricks finished by the seat's last decision of this deal, ``before``, are
        taken from what it worked out then.)"""
        t, n = self.t, self.seats
        self.carried_over = before is not None
        self.advanced = False  # (True: moved on by cards alone, _advance)
        self._done = done = before._done[:] if before is not None else []  # finished tricks: [(seat, card)]
        for tr in view.tricks[len(done):]:
            done.append(trick_cards(t, tr.cards))
        self._played_done = played = [list(x) for x in before._played_done] if before is not None \
            else [[] for _ in range(n)]  # (trick index, card), finished tricks
        self._played_by_done = played_by = list(before._played_by_done) if before is not None else [0] * n
        for i in range(len(before._done) if before is not None else 0, len(done)):
            for s, c in done[i]:
                played[s].append((i, c))
                played_by[s] |= 1 << c
        tricks = done + [_as_list(trick_cards(t, view.trick))] if view.trick else done
        self.tricks_done = len(view.tricks)
        self.current_trick = tricks[-1] if view.trick else []
        self.played = [list(x) for x in played] if view.trick else played
        played_by = self.played_by = list(played_by)
        for s, c in self.current_trick:
            self.played[s].append((len(done), c))
            played_by[s] |= 1 << c
        self.played_mask = sum(played_by)  # each card is played once: the sum of the seats' masks is their union
        return tricks

    def _read_table(self, view) -> None:
        """Open face play: the face-down row cards (seen by nobody) and each seat's face-up cards (seen by
        all); the cards each seat laid on its row (row order) and the cards turned up, (tricks played, seat,
        card)."""
        t, n = self.t, self.seats
        self.face_down = tuple(view.face_down) if view.face_down else (0,) * n
        self.table = tuple(self.ruleset.deck.mask_of(t.card_of[c] for c in cards) for cards in view.table) \
            if view.table else (0,) * n
        self.laid = tuple(tuple(t.card_of[c] for c in cards) for cards in view.laid_out) if view.laid_out \
            else ((),) * n
        self.turned = tuple((when, s, t.card_of[c]) for when, s, c in view.turned_up) if view.turned_up else ()

    def _read_batches_dealt(self, view) -> None:
        """How many batches have been dealt (counted from the seat's own cards) and the phase of play."""
        me = self.seat
        my_dealt = len(view.hand) + view.unseen + len(self.played[me]) + self.face_down[me]
        if my_dealt not in self.cum:
            raise Inconsistent(f"seat {me} holds {my_dealt} cards: not a whole number of batches")
        self.batches_dealt = self.cum.index(my_dealt)
        self.phase_index = self._phase_of_batch(max(self.batches_dealt - 1, 0))
        self.phase = self.phases[self.phase_index]

    def _read_blind_caller(self, view) -> None:
        """Blind callers: how many cards each seat holds face down unseen, and the trick after which a blind
        caller picked its cards up (None: not yet, or no blind caller)."""
        u, me = self.undertaking, self.seat
        self.unseen_count = [0] * self.seats
        self.unseen_count[me] = view.unseen
        self.pickup_trick = None
        if u is None or not u.blind_until_tricks:
            return
        won = 0
        for i, w in enumerate(tr.winner for tr in view.tricks):
            if w == view.undertaker:
                won += 1
                if won >= u.blind_until_tricks and self.pickup_trick is None:
                    self.pickup_trick = i
        blind_from = min(u.offered_after) if u.offered_after else u.after_batch
        if view.undertaker != me and self.pickup_trick is None and self.batches_dealt > blind_from:
            self.unseen_count[view.undertaker] = self.cum[self.batches_dealt] - self.cum[blind_from]

    def _read_voids(self, before: "Knowledge | None", tricks: list) -> None:
        """Voids: the cards each seat has shown it cannot hold (this phase's tricks: failing to follow suit,
        undercutting, a trump led where the first lead may not be one). What the finished tricks showed, read
        at the seat's last decision (``before``), holds while what it was read under (trumps, ranking, phase,
        a blind caller's pick-up) is the same."""
        ruleset, u = self.ruleset, self.undertaking
        self.void = [0] * self.seats  # a mask of cards the seat's (seen) hand cannot hold
        self.rules = engine_tables(ruleset)  # the play's legal-card rule, read backwards (Play.cannot_hold)
        trump = self.trump
        row = self.beats[trump if trump is not None else ruleset.no_trump]
        reads = ruleset.cached("players.void_reads", _void_reads)
        leads_win = u.leads_win if u is not None else 0
        self._void_reading = reading = (self.trump, id(self.beats), leads_win, self.phase.first_trick,
                                        self.pickup_trick)
        start = 0
        if before is not None and before._void_reading == reading:
            self.void = list(before._void_done)
            start = len(before._done)
        self._void_done = None
        finished, first_trick = len(self._done), self.phase.first_trick
        blind_until = self.pickup_trick if u is not None and u.blind_until_tricks else None
        for i in range(start, len(tricks)):
            tr = tricks[i]
            if i == finished:
                self._void_done = list(self.void)  # the finished tricks' voids, for the next decision
            if i < first_trick or not tr:
                continue
            # a blind caller's cards before its pick-up are not the cards it holds now
            blind = self.undertaker if blind_until is not None and i <= blind_until else None
            seen = self.view.tricks[i].cards if i < finished else self.view.trick
            self._read_trick(self.void, tr, i == 0, row, reads, leads_win, blind, self._shut(i, len(seen)), seen)
        if self._void_done is None:
            self._void_done = list(self.void)

    def _read_history(self, before: "Knowledge | None", view) -> None:
        """The history read once (what the seat's last decision of the deal read of it is carried over):
        the actions that made trumps, (index, seat, argument), and the declarations, (index, seat, verb,
        cards played before it)."""
        decl_verbs = self.declaration_verbs = self.ruleset.cached("players.declaration_verbs", _declaration_verbs)
        if before is not None:
            entries = before.entries + list(map(parse_entry, view.history[len(before.entries):]))
            trump_actions, decl_entries = list(before._trump_entries), list(before._decl_entries)
            plays = before._plays
        else:
            entries, trump_actions, decl_entries, plays = list(map(parse_entry, view.history)), [], [], 0
        for i in range(len(before.entries) if before is not None else 0, len(entries)):
            s, v, a = entries[i]
            if v == "play":
                plays += 1
            elif v == "trump":
                trump_actions.append((i, s, a))
            elif v in decl_verbs:
                decl_entries.append((i, s, v, plays))
        self.entries = entries
        self._trump_entries, self._decl_entries, self._plays = trump_actions, decl_entries, plays

    def _read_trump_maker(self) -> None:
        """The trump maker's inferred cards: a card it made trumps by is among its first batches (``early``);
        the trump card, until played, is in its hand (unless an undertaking's first lead makes trumps), and
        ``last_card_seat`` is the seat whose last card dealt is the trump card."""
        me, t, deck = self.seat, self.t, self.ruleset.deck
        self.early = [0] * self.seats  # cards that must come in a seat's first batches (its trump card)
        self.last_card_seat = None
        trump_actions = self._trump_entries
        for _, s, a in trump_actions:
            if a not in (None, "??", "last") and a not in deck.suits:
                self.early[s] |= 1 << t.card_of[a]
        u = self.undertaking
        if not trump_actions or (u is not None and u.trump in LEAD_OR_NO_TRUMP):
            return
        _, holder, arg = trump_actions[-1]
        if arg == "last":
            self.last_card_seat = holder
        c = self.trump_card
        if c is not None and holder != me:
            # (a card its maker played face down unseen to the trick on the table may be it: a trump is turned up
            # only at the trick's end)
            if not (self.played_mask >> c) & 1 and not (self.hand >> c) & 1 \
                    and not any(s == holder and x == HIDDEN for s, x in self.view.trick):
                self.forced[holder] |= 1 << c
            if arg != "last":
                self.early[holder] |= 1 << c

    def _read_declarations(self, view) -> None:
        """The cards of the other seats' declarations (a Jodie's King and Queen): those of this phase shown
        in a suit are held (until played; ``_combination_seen``); a declaration whose suit is not shown is
        kept in ``hidden_declarations`` for the sampling."""
        me, n, ruleset = self.seat, self.seats, self.ruleset
        self.hidden_declarations: list[HiddenDeclaration] = []
        declaration_of = by_verb(ruleset).declaration
        declared = iter(view.declarations)
        for i, s, v, plays in self._decl_entries:
            d = next(declared, None)
            if d is None or s == me:
                continue
            decl = declaration_of.get(v)
            at_phase = self._phase_of_trick(plays // n)
            if d.suit is None:
                self.hidden_declarations.append(HiddenDeclaration(i, s, decl, d.value, at_phase))
                continue
            suit = ruleset.deck.suits.index(d.suit)
            combo = combination_cards(ruleset, decl, d.value, suit, self.trump)
            if combo is not None and at_phase == self.phase_index:
                self._combination_seen(s, decl, suit, combo)

    def _combination_seen(self, s: int, decl, suit: int, combo: list[int]) -> None:
        """Seat ``s`` declared the cards ``combo`` of ``decl`` in ``suit``: it holds those not yet played, and
        not the one card that would have made a better combination containing these."""
        seat_played, played_mask, hand, deck = self.played_by[s], self.played_mask, self.hand, self.ruleset.deck
        for c in combo:
            if not (seat_played >> c) & 1 and not (played_mask >> c) & 1 and not (hand >> c) & 1:
                self.forced[s] |= 1 << c
        have = sum(1 << c for c in combo)
        for better in decl.combinations:
            cs = sum(1 << deck.card_of(suit, r) for r in better.ranks)
            missing = cs & ~have
            if cs & have == have and missing.bit_count() == 1 and not (seat_played & missing):
                self.excluded[s] |= missing

    def _unknown(self, view) -> None:
        """The pool of cards the seat has not seen, checked against the places they may be in; this
        Knowledge becomes the seat's last."""
        me, forced = self.seat, self.forced
        known = self.hand | self.played_mask
        held = self.held_count = list(view.hand_sizes)
        # the places of the cards left over after the deal, less those this seat knows (worked out afresh: a
        # Knowledge carried over from the seat's last decision brings its own)
        self.leftover = self.ruleset.deck.size - self.seats * self.ruleset.hand_size
        # a card another seat played face down while trumps are closed ("??"): out of play, which one unknown,
        # one more place among those left over
        trumps = self.ruleset.trumps
        if trumps is not None and trumps.revealed == "on demand":  # (only a closed trump lets a card go face down)
            self.leftover += _hidden_played(view)
        need = self.unseen_count[me] + self.seats * self.future_count + self.leftover + sum(self.face_down)
        if view.turn_up is not None:  # the card turned up for all (deal.turn_up): where it is, is known
            bit = 1 << self.t.card_of[view.turn_up]
            if self.ruleset.turn_up in FROM_UNDEALT:
                if not known & bit and not _ordered_up(self.entries):
                    known |= bit  # still on the undealt cards (not ordered up and picked up): in no hand
                    need -= 1
                    self.leftover -= 1  # (one of the places left over is the turn-up's)
            elif view.dealer != me and not (known | forced[view.dealer]) & bit:
                forced[view.dealer] |= bit  # the dealer's own last card, shown: in its hand until played
        for s in range(self.seats):
            if s != me:
                f = forced[s]
                known |= f
                need += held[s] - f.bit_count()
        for s, v, a in self.entries:  # the dealer's own discard (trumps.rounds): out of play, known to it
            if v == "discard" and s == me and a not in (None, "??"):
                bit = 1 << self.t.card_of[a]
                if not known & bit:
                    known |= bit
                    need -= 1
                    self.leftover -= 1  # (one of the places left over is the discard's)
        self.pool = pool = self.ruleset.deck.full_mask & ~known
        if need != pool.bit_count():
            raise Inconsistent(f"{pool.bit_count()} unknown cards for {need} places")
        _LAST.by_seat[id(self.ruleset), me] = self

    def _read_trick(self, lacking: list[int], trick, first: bool, row, reads: dict, leads_win: int = 0,
                    blind: int | None = None, shut: int = 0, seen=None) -> None:
        """What one trick's cards say each seat cannot hold, added to ``lacking`` (the engine's rule read
        backwards, Play.cannot_hold, remembered per ruleset in ``reads``). ``row``: the ranking under these
        trumps; ``leads_win``: the caller's lead wins whatever is played (no undercut is inferred);
        ``blind``: a seat whose cards of this trick were not from the hand it holds now; ``shut``: how many of
        its first cards were played while trumps were closed, ``seen``: the trick as the view shows it
        (a card played face down unseen is ??): such a trick is read by :func:`_read_closed`."""
        if shut or type(trick) is PartTrick:
            _read_closed(self, lacking, trick, first, row, reads, blind, shut, seen)
            return
        rules, trump = self.rules, self.trump
        led = best = trick[0][1]
        if rules.obligations:  # play.obligations: what a card shows depends on who heads the trick, and when
            winner = trick[0][0]
            team_of = rules.team_of
            for k, (s, c) in enumerate(trick):
                if s != blind:
                    partner = winner != s and team_of[winner] == team_of[s]
                    key = (id(row), trump, led, led if leads_win else best, c, first, partner, k)
                    got = reads.get(key)
                    if got is None:
                        got = reads[key] = Play.cannot_hold(rules, trump, led, key[3], c, first, row, partner, k)
                    lacking[s] |= got
                if c != led and (row[best] >> c) & 1 and not leads_win:
                    best, winner = c, s
            return
        for s, c in trick:
            if s == blind:
                continue
            key = (id(row), trump, led, led if leads_win else best, c, first)
            got = reads.get(key)
            if got is None:
                got = reads[key] = Play.cannot_hold(rules, trump, led, key[3], c, first, row)
            lacking[s] |= got
            if c != led and (row[best] >> c) & 1:
                best = c

    def _phase_of_batch(self, batch: int) -> int:
        for i, p in enumerate(self.phases):
            if p.first_batch <= batch < p.end_batch:
                return i
        return len(self.phases) - 1

    def _phase_of_trick(self, trick: int) -> int:
        for i, p in enumerate(self.phases):
            if p.first_trick <= trick < p.first_trick + p.size:
                return i
        return len(self.phases) - 1

    def may_hold(self, seat: int) -> int:
        """The cards ``seat`` may hold now (its own hand for this seat)."""
        return self.holdings()[seat]

    def holdings(self) -> list[int]:
        """:meth:`may_hold` of every seat, in seat order (worked out once; not to be changed)."""
        got = self.memo.get("holdings")
        if got is None:
            got = self.memo["holdings"] = []
            pool, forced, unseen, held = self.pool, self.forced, self.unseen_count, self.held_count
            void, excluded, me = self.void, self.excluded, self.seat
            for seat in range(self.seats):
                f = forced[seat]
                if seat == me:
                    got.append(self.hand)
                elif held[seat] == f.bit_count() and not unseen[seat]:
                    got.append(f)  # every card it holds is known (face up, or shown)
                else:
                    got.append((pool & ~(void[seat] | excluded[seat])) | f | (pool if unseen[seat] else 0))
        return got


def _as_list(trick) -> list:
    """The trick on the table as a list of its own (a PartTrick stays one: its mark is read)."""
    return PartTrick(trick) if type(trick) is PartTrick else list(trick)


STILL_CLOSED = (1 << 30, 0)  # Knowledge.shown_from of a trump still closed: every card so far played closed


def _position_of_play(view, plays: int) -> tuple[int, int]:
    """The deal's card number ``plays`` (from 0) as (trick, position in it)."""
    for i, tr in enumerate(view.tricks):
        if plays < len(tr.cards):
            return i, plays
        plays -= len(tr.cards)
    return len(view.tricks), plays


def _not_followed(k: "Knowledge", suit: int, s: int, name: str, maker_too: bool = False) -> int:
    """What seat ``s`` is shown not to hold by its card ``name`` (?? if played face down unseen), played while
    trumps were closed to a trick led with ``led``: while closed only following suit binds (the duties wait;
    play.legal_cards), so a card of another suit, or one played face down, shows none of the suit led -- less
    the trump maker's trump card, lying face down on the table, which does not follow (play.held_while_closed):
    where the seat does not know trumps, the suit led may be its suit, and nothing is read of the maker
    (``maker_too``: the suit led all the same, for the sampled deals). (``suit``: the suit led, a mask.)"""
    if not k.rules.follow_suit or (name != HIDDEN and (suit >> k.t.card_of[name]) & 1):
        return 0
    if s == k.view.trump_maker and s != k.seat:
        if k.trump is None:
            return suit if maker_too else 0
        if k.trump_card is not None:
            suit &= ~(1 << k.trump_card)
    return suit


def _read_closed(k: "Knowledge", lacking: list[int], trick, first: bool, row, reads: dict, blind, shut: int,
                 seen, maker_too: bool = False) -> None:
    """What a trick not read whole by the play's rule says each seat cannot hold: some of its first cards
    (``shut``) played while trumps were closed, or some played face down unseen (``seen``: the trick as the
    view shows it, ?? included). While closed the first lead binds only the trump maker, who alone knows
    trumps (play._first_lead), and only following suit binds the others (:func:`_not_followed`); a card
    played face down shows its player could not follow. Of the cards played open in such a trick, only
    following suit is read (what was winning it is not always known)."""
    rules, trump = k.rules, k.trump
    leader, led = trick[0]
    if leader != blind:
        bound = first and (not shut or leader == k.view.trump_maker)
        key = (id(row), trump, led, led, led, bound)
        got = reads.get(key)
        if got is None:
            got = reads[key] = Play.cannot_hold(rules, trump, led, led, led, bound, row)
        lacking[leader] |= got
    suit = rules.led_masks[rules.no_trump if trump is None else trump][led]
    for pos, (s, name) in enumerate(seen):
        if pos and s != blind:
            if pos < shut or name == HIDDEN:
                lacking[s] |= _not_followed(k, suit, s, name, maker_too)
            elif rules.follow_suit and not (suit >> k.t.card_of[name]) & 1:
                lacking[s] |= suit


def _hidden_played(view) -> int:
    """How many cards of the view's tricks another seat played face down and this seat may not see ("??")."""
    hidden = sum(1 for _, c in view.trick if c == "??")
    for tr in view.tricks:
        hidden += sum(1 for _, c in tr.cards if c == "??")
    return hidden


@cython.locals(self=Knowledge, before=Knowledge)
def _cards_only_since(self: Knowledge, before: Knowledge, view) -> tuple[list, int] | None:
    """The history entries since the seat's last decision of the deal (``before``) and how many of them
    are cards played, if nothing but cards
    was played or passed since under the same trumps, undertaking and declarations, no cards dealt face
    down or unseen and none dealt to the seat; else None (the view is read afresh)."""
    old = before.view
    if self.ruleset.face_down or view.unseen or view.undertaking is not None or old.unseen \
            or view.trump != old.trump or view.trump_card != old.trump_card \
            or old.undertaking is not None or view.declarations != old.declarations:
        return None
    new = list(map(parse_entry, view.history[len(before.entries):]))
    me = self.seat
    mine = plays = 0
    for s, v, _ in new:
        if v == "play":
            plays += 1
            if s == me:
                mine += 1
        elif v != "pass":
            return None  # an announcement: read the view (it may change what is forced or void)
    if len(old.hand) - len(view.hand) != mine:
        return None  # cards dealt since
    return new, plays


@cython.locals(self=Knowledge, before=Knowledge)
def _advance(self: Knowledge, before: Knowledge, view) -> bool:
    """The seat's Knowledge at its last decision of the deal moved on by the cards played since, when
    nothing but cards was played or passed (the same trumps, undertaking, batches, phase; no cards
    dealt face down or unseen): the usual card-play decision. What only cards played can change is
    updated from the new cards alone; False (nothing set) where this does not apply."""
    r = self.ruleset
    since = _cards_only_since(self, before, view)
    if since is None:
        return False
    new, plays = since
    me = self.seat
    # the facts of the deal that only announcements or cards dealt change are the last decision's
    _copy_facts(self, before)
    self.view = view
    self.memo = {}
    self.carried_over = self.advanced = True
    self.hand = hand = hand_mask(self.t, view.hand)
    self._read_shown_from(view)  # (a cut since may have shown trumps)

    # finished tricks: those finished since are read
    first_new = len(before._done)
    done = before._done
    played = before._played_done
    played_by = before._played_by_done
    if len(view.tricks) > first_new:
        done = self._done = done[:]
        played = self._played_done = [list(x) for x in played]
        played_by = self._played_by_done = list(played_by)
        t = self.t
        for i in range(first_new, len(view.tricks)):
            tr = trick_cards(t, view.tricks[i].cards)
            done.append(tr)
            for s, c in tr:
                played[s].append((i, c))
                played_by[s] |= 1 << c
    self.tricks_done = len(done)
    current = self.current_trick = _as_list(trick_cards(self.t, view.trick)) if view.trick else []
    played_by = self.played_by = list(played_by)
    if current:
        played = self.played = [list(x) for x in played]
        for s, c in current:
            played[s].append((len(done), c))
            played_by[s] |= 1 << c
    else:
        self.played = played
    self.played_mask = played_mask = sum(played_by)

    # voids: the tricks finished since and the trick on the table, read under the same trumps and phase
    # (what the engine's rule says of a card, Play.cannot_hold, remembered for these trumps)
    void = self.void = list(before._void_done)
    self._void_done = None
    trump = self.trump
    row = self.beats[trump if trump is not None else r.no_trump]
    reads = r.cached("players.void_reads", _void_reads)
    first_trick = self.phase.first_trick
    last = len(done)
    for i in range(first_new, last + 1 if current else last):
        if i == last:
            self._void_done = list(void)
            tr = current
            seen = view.trick
        else:
            tr = done[i]
            seen = view.tricks[i].cards
        if i < first_trick:
            continue
        self._read_trick(void, tr, i == 0, row, reads, 0, None, self._shut(i, len(seen)), seen)
    if self._void_done is None:
        self._void_done = list(void)

    # cards a seat must hold only lose the cards played since; a better combination's missing card is
    # no longer excluded once its seat played it
    forced = self.forced = [f & ~played_mask for f in before.forced]
    forced[me] = hand
    excluded = self.excluded = list(before.excluded)
    for s in range(self.seats):
        if excluded[s]:
            excluded[s] &= ~played_by[s]
    self.entries = before.entries + new
    self._plays = before._plays + plays
    self._read_hidden_plays(view)

    self._unknown(view)
    return True


@cython.locals(k=Knowledge, before=Knowledge)
def _copy_facts(k: Knowledge, before: Knowledge) -> None:
    """Every fact of ``before`` into ``k`` (the same objects: whatever changes is replaced, never changed
    in place). One field at a time in the compiled build (C fields: cheaper than a loop over ``FACTS``
    by name), every one of ``FACTS`` in its order; in pure Python one dictionary update (cheaper than the
    fields one by one)."""
    if not cython.compiled:
        k.__dict__.update(before.__dict__)
        return
    k.ruleset = before.ruleset
    k.t = before.t
    k.rules = before.rules
    k.view = before.view
    k.memo = before.memo
    k.seat = before.seat
    k.seats = before.seats
    k.team_of = before.team_of
    k.phases = before.phases
    k.cum = before.cum
    k.hand_before_trumps = before.hand_before_trumps
    k.declaration_verbs = before.declaration_verbs
    k.hand = before.hand
    k.trump = before.trump
    k.trump_card = before.trump_card
    k.undertaking = before.undertaking
    k.undertaker = before.undertaker
    k.beats = before.beats
    k.shown_from = before.shown_from
    k._done = before._done
    k._played_done = before._played_done
    k._played_by_done = before._played_by_done
    k.tricks_done = before.tricks_done
    k.current_trick = before.current_trick
    k.played = before.played
    k.played_by = before.played_by
    k.played_mask = before.played_mask
    k.face_down = before.face_down
    k.table = before.table
    k.laid = before.laid
    k.turned = before.turned
    k.batches_dealt = before.batches_dealt
    k.phase_index = before.phase_index
    k.phase = before.phase
    k.unseen_count = before.unseen_count
    k.pickup_trick = before.pickup_trick
    k.void = before.void
    k._void_reading = before._void_reading
    k._void_done = before._void_done
    k.forced = before.forced
    k.excluded = before.excluded
    k.early = before.early
    k.last_card_seat = before.last_card_seat
    k.hidden_declarations = before.hidden_declarations
    k.entries = before.entries
    k._trump_entries = before._trump_entries
    k._decl_entries = before._decl_entries
    k._plays = before._plays
    k.future_count = before.future_count
    k.leftover = before.leftover
    k.held_count = before.held_count
    k.pool = before.pool
    k.hidden_plays = before.hidden_plays
    k.closed_lacking = before.closed_lacking
    k.carried_over = before.carried_over
    k.advanced = before.advanced
