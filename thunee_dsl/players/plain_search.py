# cython: boundscheck=False, wraparound=False
"""The double-dummy search of a deal's plain rest, on integers: the solver's inner loop.

From the moment every card left is played by the plain rule (:func:`thunee_dsl.game.play.plain_rest`, where the
game says what that rule is: follow the suit led if you can, the trick to its best card, its points to the
winner's team, the last trick ends the deal), the rest of a deal is nothing but hands, a trick and a leader. The
solver (:mod:`thunee_dsl.players.solver`) hands such a position to :class:`PlainSearch`, which searches it with
the deal's own tables (the cards that beat each card, the suit each card follows, each card's points, in the
deal's trump row; the seat after each seat in play; the seats' teams) held as C integers in the compiled build,
and answers what the rest adds to the team's value (the tricks it takes, or their card points and what the last
trick's winner adds to the team value: :class:`RestValue`). Windows (a claim before the last trick, Jodies)
are passed, as the solver passes them: they change nothing of the play.

The search is alpha-beta with what a card player knows of a position:

- a transposition table at the start of each trick, keyed on the hands read by rank (for each suit,
  strongest first, the seat holding each card still out and its points where they count), so that the
  transpositions of different cards gone (the Ace and the 10 of a suit played in either order) share an entry;
- one card of a run: two cards of one seat, one suit and the same points, with no card still out (in another
  hand or in the trick) between them, are the same card to the play;
- the cards tried as a player tries them: the table's best card first; on the lead the most points; behind a
  partner winning the trick a card that leaves it to the partner, the most points; behind an opponent a card
  that takes the trick over, else the fewest points;
- the bounds of what is left (no trick, or every trick and every point left, and the last trick's due).
"""

from __future__ import annotations

from array import array
from math import ceil, floor

from thunee_dsl.game.play import not_undercut

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

# room for a deck of 64 cards and 8 seats (play.plain_rest asks no more); values well inside a C long long
CARDS, SEATS = 64, 8
FAR = 1 << 40  # beyond any value: an open bound
MIX, MASK = 0x9E3779B97F4A7C15, (1 << 64) - 1  # the key's words mixed into a slot's number (Fibonacci hashing)
PROBES = 4  # slots tried for a position
TRICK_ROWS = (CARDS + 1) * SEATS


class RestValue:
    """What a finished trick adds to the team's value in the rest of a deal, read from the objective solved:
    ``per_trick`` for each trick the team wins (1: the tricks) plus, where ``points``, the card points in it;
    and ``last[seat]``, what the team value gains when ``seat`` wins the deal's last trick (the count's 10 for
    the last trick, -10 for the other side's), as the ruleset's team value says."""

    __slots__ = ("per_trick", "points", "last")

    def __init__(self, per_trick: int, points: bool, last: tuple):
        self.per_trick, self.points, self.last = per_trick, points, tuple(last)


class PlainSearch:
    """Searches the plain rest of ``deal`` and of the deals played on from it (their ranking and trump row are
    ``deal``'s), for ``team``, valued by ``rest`` (a :class:`RestValue`); ``suits``: the row's cards by suit,
    strongest first (the solver's ``_suits_in_order``), or None where a suit is not one order (then the hands
    are keyed as they are and no card stands for a run). The table (``slots`` entries, a power of two: about
    as many as the positions of a search) is kept from one search to the next (the solver's null-window tests
    search the same positions again) until :meth:`forget`; ``equivalence`` and ``use_table`` as the solver's."""

    def __init__(self, deal, team: int, rest: RestValue, suits, equivalence: bool = True, use_table: bool = True,
                 slots: int | None = None):
        t = deal.t
        row = t.no_trump if deal.trump is None else deal.trump
        beats, led = deal.beats[row], t.led_masks[row]
        points = deal.r.deck.points_for[row]
        self.nodes = 0
        self.seats = n = len(deal.hands)
        self.size = len(beats)
        if not cython.compiled:  # (compiled, these are C arrays, zeroed with the object: plain_search.pxd)
            self.beats, self.led, self.worth, self.pcode = [0] * CARDS, [0] * CARDS, [0] * CARDS, [0] * CARDS
            self.order, self.suit_start = [0] * CARDS, [0] * CARDS
            self.mine, self.nxt, self.last, self.hands = [0] * SEATS, [0] * SEATS, [0] * SEATS, [0] * SEATS
            # the trick's cards and seats, a row of SEATS for each number of tricks left (a trick searched below
            # this one keeps its own)
            self.trick_seat, self.trick_card = [0] * TRICK_ROWS, [0] * TRICK_ROWS
            # the cards to try at each depth of the search (cards played since it began), sorted
            self.try_card, self.try_score = [0] * (CARDS * CARDS), [0] * (CARDS * CARDS)
        for c in range(self.size):
            self.beats[c] = beats[c]
            self.led[c] = led[c]
            self.worth[c] = points[c] if rest.points else 0
        distinct = sorted({points[c] for c in range(self.size)}) if rest.points else [0]
        for c in range(self.size):
            self.pcode[c] = distinct.index(self.worth[c])
        self.points_width = max(1, (len(distinct) - 1).bit_length())
        self.seat_width = (n + 1).bit_length()  # (0 parts the suits)
        for s in range(n):
            self.mine[s] = 1 if t.team_of[s] == team else 0
            self.nxt[s] = deal.next_in_play[s]
            self.last[s] = rest.last[s]
        self.least_last = min(rest.last[:n])
        self.most_last = max(rest.last[:n])
        self.per_trick = rest.per_trick
        self.in_play = deal.in_play
        # the undercut rule (play.not_undercut), where trumps are made
        self.undercut = t.undercut_only_with_all_trumps and deal.trump is not None
        self.trumps = t.trump_masks[deal.trump] if self.undercut else 0
        self.ranked = suits is not None
        self.equivalence = equivalence and self.ranked
        self.use_table = use_table
        i = 0
        if suits is not None:
            for suit in suits:
                first = 1
                for bit, _ in suit:
                    self.order[i] = bit.bit_length() - 1
                    self.suit_start[i] = first
                    first = 0
                    i += 1
        else:
            for c in range(self.size):
                self.order[i] = c
                self.suit_start[i] = 1
                i += 1
        self.n_order = i
        # the transposition table, in flat arrays: each slot's key words, its bounds, its best card and the
        # search it belongs to (gen: forget() starts a new one). A key: 16 bits (the tricks left, the leader)
        # and a code for each card and for each suit's start, packed in 64-bit words
        self.code_width = self.seat_width + self.points_width
        codes = self.size + (len(suits) if suits is not None else 0)
        per_word = 64 // self.code_width
        self.key_words = 1 + (codes + per_word - 1) // per_word
        self.slots = 1 << max(8, min(16, (slots or 1 << 14).bit_length() - 1))
        self.gen = 1
        self.tkeys = array("Q", bytes(8 * self.slots * self.key_words))
        self.tlo = array("q", bytes(8 * self.slots))
        self.thi = array("q", bytes(8 * self.slots))
        self.tbest = array("q", bytes(8 * self.slots))
        self.tgen = array("q", bytes(8 * self.slots))
        if not cython.compiled:
            self.kw = [0] * self.key_words
        self.best_card = -1  # (the best card of the last cards tried: _try_cards)
        self.k = self.leader = self.best = self.winning = self.tricks_left = self.trick_worth = self.left_worth = 0
        self.depth = 0

    # -- a position loaded ------------------------------------------------------------------------------

    @cython.locals(s=cython.Py_ssize_t, c=cython.Py_ssize_t, k=cython.Py_ssize_t, lo=cython.longlong,
                   hi=cython.longlong, a=cython.longlong, b=cython.longlong)
    def value(self, deal, alpha, beta):
        """What the rest of ``deal`` (plain: ``play.plain_rest``, a seat's card pending) adds to the team's value
        with both sides at their best, within (alpha, beta): exact inside, a bound outside."""
        for s in range(self.seats):
            self.hands[s] = deal.hands[s]
        self.tricks_left = deal.n_tricks - len(deal.tricks)
        self.depth = 0
        k = 0
        for s, c in deal.trick:
            self.trick_seat[self.tricks_left * SEATS + k] = s
            self.trick_card[self.tricks_left * SEATS + k] = c
            k += 1
        self.k = k
        self.leader = deal.leader
        self.best = deal.best if k else 0
        self.winning = deal.winning if k else 0
        worth = 0
        for s in range(self.seats):
            worth += self._worth_of(self.hands[s])
        self.trick_worth = 0
        for k in range(self.k):
            self.trick_worth += self.worth[self.trick_card[self.tricks_left * SEATS + k]]
        self.left_worth = worth + self.trick_worth
        lo, hi = self._bounds()
        # (values are whole numbers: a window's ends rounded outwards keep every answer)
        a = max(floor(alpha), lo - 1) if alpha > -FAR else lo - 1
        b = min(ceil(beta), hi + 1) if beta < FAR else hi + 1
        return self._search(a, b)

    @cython.locals(c=cython.Py_ssize_t, total=cython.longlong, m=cython.ulonglong)
    def _worth_of(self, mask):
        total = 0
        m = mask
        c = 0
        while m:
            if m & 1:
                total += self.worth[c]
            m >>= 1
            c += 1
        return total

    def _bounds(self):
        """(the least, the most) the rest can add: no trick, or every trick and point left; the last trick's due."""
        return self.least_last, self.per_trick * self.tricks_left + self.left_worth + self.most_last

    # -- the search -------------------------------------------------------------------------------------

    @cython.locals(k=cython.Py_ssize_t, seat=cython.Py_ssize_t, slot=cython.Py_ssize_t, first=cython.Py_ssize_t,
                   n=cython.Py_ssize_t, alpha=cython.longlong, beta=cython.longlong, a0=cython.longlong,
                   b0=cython.longlong, lo=cython.longlong, hi=cython.longlong, best_value=cython.longlong)
    def _search(self, alpha, beta):
        """The value of the loaded position within (alpha, beta); the position is left as it was."""
        self.nodes += 1
        k = self.k
        # what is left bounds the value: enough, or not enough, whatever is played
        lo = self.least_last
        hi = self.per_trick * self.tricks_left + self.left_worth + self.most_last
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        slot = -1
        first = -1
        if k == 0:
            seat = self.leader
            if self.use_table:
                slot = self._slot()
                if self.tgen[slot] == self.gen:  # (the position, searched before)
                    lo, hi, first = self.tlo[slot], self.thi[slot], self.tbest[slot]
                    if lo >= beta or lo == hi:
                        return lo
                    if hi <= alpha:
                        return hi
                    alpha = max(alpha, lo)
                    beta = min(beta, hi)
        else:
            seat = self.nxt[self.trick_seat[self.tricks_left * SEATS + k - 1]]
        a0, b0 = alpha, beta
        n = self._cards_to_try(seat, first)
        best_value = self._try_cards(seat, n, alpha, beta)
        if slot >= 0:
            self._store(best_value, a0, b0)
        return best_value

    @cython.locals(k=cython.Py_ssize_t, at=cython.Py_ssize_t, hand=cython.ulonglong, legal=cython.ulonglong,
                   narrowed=cython.ulonglong)
    def _legal(self, seat):
        """The cards ``seat`` may play now, by the plain rule (play.plain_rest)."""
        k = self.k
        hand = self.hands[seat]
        if k == 0:
            return hand
        at = self.tricks_left * SEATS
        legal = hand & self.led[self.trick_card[at]]
        if legal:
            return legal
        if self.undercut:
            narrowed = not_undercut(hand, self.trumps, self.trick_card[at], self.best, self.beats[self.best])
            if narrowed:
                return narrowed
        return hand

    @cython.locals(k=cython.Py_ssize_t, at=cython.Py_ssize_t, s=cython.Py_ssize_t, j=cython.Py_ssize_t,
                   alive=cython.ulonglong, one=cython.ulonglong)
    def _alive(self):
        """The cards still out: in a hand or in the trick (what parts a run); 0 where runs are not read."""
        alive = 0
        one = 1
        if self.equivalence:
            k = self.k
            at = self.tricks_left * SEATS
            for s in range(self.seats):
                alive |= self.hands[s]
            for j in range(k):
                alive |= one << self.trick_card[at + j]
        return alive

    @cython.locals(c=cython.Py_ssize_t, seat=cython.Py_ssize_t, first=cython.Py_ssize_t, takes=cython.bint)
    def _score(self, c, seat, first):
        """Where card ``c`` of ``seat`` comes in the order it is tried (lower first): the table's best card; on
        the lead the most points; behind a partner winning the trick a card that leaves it to the partner, the
        most points; behind an opponent a card that takes the trick over, else the fewest points."""
        if c == first:
            return -FAR
        if self.k == 0:
            return -self.worth[c]
        takes = (self.beats[self.best] >> c) & 1
        if self.mine[self.winning] == self.mine[seat]:
            return -self.worth[c] + (1000 if takes else 0)
        return -self.worth[c] - 1000 if takes else self.worth[c]

    @cython.locals(seat=cython.Py_ssize_t, first=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
                   c=cython.Py_ssize_t, n=cython.Py_ssize_t, prev=cython.Py_ssize_t, row=cython.Py_ssize_t,
                   legal=cython.ulonglong, alive=cython.ulonglong, bit=cython.ulonglong, one=cython.ulonglong,
                   score=cython.longlong)
    def _cards_to_try(self, seat, first):
        """The cards ``seat`` tries here, one of each run, into this depth's row of ``try_card`` (one row for each
        card played since the search began), sorted as a player tries them (_score); how many."""
        one = 1
        legal = self._legal(seat)
        alive = self._alive()
        row = self.depth * CARDS
        n = 0
        prev = -1
        for i in range(self.n_order):
            c = self.order[i]
            if self.suit_start[i]:
                prev = -1
            bit = one << c
            if not (legal & bit):
                if alive & bit:
                    prev = -1  # (a card still out parts the run)
                continue
            if self.equivalence and prev >= 0 and self.worth[prev] == self.worth[c]:
                prev = c
                continue  # (the same card to the play as the one before it in the run)
            prev = c
            score = self._score(c, seat, first)
            j = n  # (kept in order as they come: insertion, a hand's few cards)
            while j > 0 and self.try_score[row + j - 1] > score:
                self.try_score[row + j] = self.try_score[row + j - 1]
                self.try_card[row + j] = self.try_card[row + j - 1]
                j -= 1
            self.try_score[row + j] = score
            self.try_card[row + j] = c
            n += 1
        return n

    @cython.locals(seat=cython.Py_ssize_t, n=cython.Py_ssize_t, alpha=cython.longlong, beta=cython.longlong,
                   i=cython.Py_ssize_t, c=cython.Py_ssize_t, row=cython.Py_ssize_t, mine=cython.bint,
                   v=cython.longlong, best_value=cython.longlong, best_card=cython.Py_ssize_t)
    def _try_cards(self, seat, n, alpha, beta):
        """The best value ``seat``'s side can reach with the ``n`` cards of this depth's row, tried in order
        until one settles the window (alpha, beta); the best card kept in ``best_card``."""
        mine = self.mine[seat] == 1
        row = self.depth * CARDS
        best_value = -FAR if mine else FAR
        best_card = -1
        self.depth += 1
        for i in range(n):
            c = self.try_card[row + i]
            v = self._play(seat, c, alpha, beta)
            if mine:
                if v > best_value:
                    best_value, best_card = v, c
                    alpha = max(alpha, v)
            elif v < best_value:
                best_value, best_card = v, c
                beta = min(beta, v)
            if alpha >= beta:
                break
        self.depth -= 1
        self.best_card = best_card
        return best_value

    @cython.locals(seat=cython.Py_ssize_t, c=cython.Py_ssize_t, alpha=cython.longlong, beta=cython.longlong,
                   k=cython.Py_ssize_t, at=cython.Py_ssize_t, best=cython.Py_ssize_t, winning=cython.Py_ssize_t,
                   leader=cython.Py_ssize_t, worth=cython.longlong, gained=cython.longlong, v=cython.longlong,
                   bit=cython.ulonglong, one=cython.ulonglong)
    def _play(self, seat, c, alpha, beta):
        """The value after ``seat`` plays card ``c`` (searched within (alpha, beta)); the card is taken back."""
        one = 1
        k = self.k
        at = self.tricks_left * SEATS
        best, winning, leader, worth = self.best, self.winning, self.leader, self.trick_worth
        bit = one << c
        self.hands[seat] &= ~bit
        self.trick_seat[at + k] = seat
        self.trick_card[at + k] = c
        self.trick_worth = worth + self.worth[c]
        if k == 0 or (self.beats[best] >> c) & 1:
            self.best, self.winning = c, seat
        if k + 1 < self.in_play:
            self.k = k + 1
            v = self._search(alpha, beta)
        else:  # the trick is over: its winner's side takes it and leads next
            gained = self.per_trick + self.trick_worth if self.mine[self.winning] == 1 else 0
            self.tricks_left -= 1
            self.left_worth -= self.trick_worth
            if self.tricks_left == 0:
                v = gained + self.last[self.winning]
            else:
                self.k = 0
                self.leader = self.winning
                self.trick_worth = 0
                v = gained + self._search(alpha - gained, beta - gained)
            self.tricks_left += 1
            self.left_worth += worth + self.worth[c]
        self.k, self.leader, self.best, self.winning, self.trick_worth = k, leader, best, winning, worth
        self.hands[seat] |= bit
        return v

    @cython.locals(slot=cython.Py_ssize_t, i=cython.Py_ssize_t, best_value=cython.longlong, a0=cython.longlong,
                   b0=cython.longlong, lo=cython.longlong, hi=cython.longlong)
    def _store(self, best_value, a0, b0):
        """What the search proved of the position at this trick's start (searched in (a0, b0)): a bound, or its
        value, with the best card (``best_card``)."""
        slot = self._slot()  # (again: the searches below have used the key's words, and may have taken the slot)
        if self.tgen[slot] == self.gen:
            lo, hi = self.tlo[slot], self.thi[slot]
        else:  # (a new entry: this position's words kept in the slot)
            lo, hi = -FAR, FAR
            self.tgen[slot] = self.gen
            for i in range(self.key_words):
                self.tkeys[slot * self.key_words + i] = self.kw[i]
        if best_value <= a0:
            hi = min(hi, best_value)
        elif best_value >= b0:
            lo = max(lo, best_value)
        else:
            lo = hi = best_value
        self.tlo[slot], self.thi[slot], self.tbest[slot] = lo, hi, self.best_card

    @cython.locals(i=cython.Py_ssize_t, c=cython.Py_ssize_t, s=cython.Py_ssize_t, code=cython.ulonglong,
                   word=cython.ulonglong, used=cython.Py_ssize_t, width=cython.Py_ssize_t, bit=cython.ulonglong,
                   one=cython.ulonglong, at=cython.Py_ssize_t, part=cython.Py_ssize_t)
    def _key_words(self):
        """The position at a trick's start as words (``kw``): the tricks left and the leader first (16 bits: the
        words are then one length for one number of cards out); then for each suit a 0, and strongest first the
        seat holding each card still out (plus one) with its points' code where they count; where a suit is not
        one order, every card's code (0: gone) in card order."""
        one = 1
        width = self.code_width
        for i in range(self.key_words):
            self.kw[i] = 0
        at = 0
        word = self.tricks_left * SEATS + self.leader
        used = 16
        for i in range(self.n_order):
            c = self.order[i]
            bit = one << c
            code = 0
            for s in range(self.seats):
                if self.hands[s] & bit:
                    code = ((s + 1) << self.points_width) | self.pcode[c]
                    break
            # the codes this card adds: the suit's 0 (where ranked), then its own (where held, or not ranked)
            for part in range((1 if self.suit_start[i] and self.ranked else 0) + (1 if code or not self.ranked else 0)):
                if used + width > 64:
                    self.kw[at] = word
                    at += 1
                    word = used = 0
                word = (word << width) | (0 if part == 0 and self.suit_start[i] and self.ranked else code)
                used += width
        self.kw[at] = word

    @cython.locals(i=cython.Py_ssize_t, h=cython.ulonglong, slot=cython.Py_ssize_t, probe=cython.Py_ssize_t)
    def _slot(self):
        """The table's slot of the position at a trick's start: its words worked out (_key_words), then the slot
        that holds them, else the one to write them to (a free one or a stale one of this table's few tries,
        else the first: the newest position is kept)."""
        self._key_words()
        h = 0
        for i in range(self.key_words):
            h = ((h ^ self.kw[i]) * MIX) & MASK
        slot = -1
        for probe in range(PROBES):
            i = ((h >> 20) + probe) & (self.slots - 1)
            if self.tgen[i] == self.gen:
                if self._holds(i):
                    return i
            elif slot < 0:
                slot = i  # (free, or left from a forgotten search)
        if slot < 0:
            slot = (h >> 20) & (self.slots - 1)
            self.tgen[slot] = 0  # (taken over: its old position is lost)
        return slot

    @cython.locals(slot=cython.Py_ssize_t, at=cython.Py_ssize_t, words=cython.Py_ssize_t)
    def _holds(self, slot):
        """Whether table slot ``slot`` holds the position whose words are ``kw``."""
        words = self.key_words
        for at in range(words):
            if self.tkeys[slot * words + at] != self.kw[at]:
                return False
        return True

    def forget(self) -> None:
        """Every position searched so far forgotten (at once: the entries of an older search are stale)."""
        self.gen += 1
