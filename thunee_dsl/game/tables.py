"""The engine's tables of a ruleset, built once and shared by every deal of every game.

:func:`tables` compiles what a deal would otherwise work out again and again into plain tuples
and dicts: the one :class:`Action` object per seat and card (and per seat and announcement), the
legal moves of a card mask as a ready-made tuple of those actions, the seats in turn from any
seat, the pending decisions, the steps of the sequence. Nothing here names a ruleset or a Thunee
number: everything is read from the compiled :class:`~thunee_dsl.model.ruleset.Ruleset`.

>>> from thunee_dsl import load_ruleset
>>> t = tables(load_ruleset("standard"))
>>> t.actions_of[2](0b101)
(Action(seat=2, verb='play', arg='JS'), Action(seat=2, verb='play', arg='AS'))
>>> t.actions_of[2](0)
()
"""

from __future__ import annotations

from operator import itemgetter

from thunee_dsl.game.actions import PASS, Action
from thunee_dsl.game.claims import asked_once_per_team
from thunee_dsl.game.dealing import shuffler
from thunee_dsl.game.families import said_alone
from thunee_dsl.game.play import Play, obligations_of, void_only
from thunee_dsl.game.slots import TableSlots
from thunee_dsl.model.ruleset import Ruleset

PASSING = -1  # Action._fast of a table pass
OTHER = -2  # Action._fast of a table action that is neither a card play nor a pass
CHUNK = 8  # bits of a card mask looked up at once (256 entries per table)


class RulesetTables(TableSlots):
    """Per-ruleset tables (see the module docstring). Read-only once built."""

    # Its attributes are TableSlots' (game/slots.py: slots in Python, C struct fields compiled)
    __slots__ = ()

    def __init__(self, r: Ruleset):
        deck = r.deck
        n = r.seats
        self.seats = n
        self.teams = r.teams
        self.team_of = tuple(s % r.teams for s in range(n))
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.seats_from = tuple(tuple((first + i) % n for i in range(n)) for first in range(n))
        # the seats of the team of ``seat``, in turn from ``seat`` (who may declare after a trick it won)
        self.team_seats_from = tuple(tuple(s for s in self.seats_from[first] if self.team_of[s] == self.team_of[first])
                                     for first in range(n))
        # undertakings: offered after each number of batches; asked in turn, the first seat's team first
        self.offered_after = tuple(tuple(u for u in r.undertakings if b in u.offered_after)
                                   for b in range(len(r.batches) + 1))
        # offered between the calls to make trumps; and right after the first lead (late, when safe)
        self.during_calling = tuple(u for u in r.undertakings if u.during_calling)
        self.offered_on_trumps = tuple(u for u in r.undertakings if u.on_trumps_made)  # (going alone)
        self.late_offered = tuple(tuple(u for u in offered if u.late is not None) for offered in self.offered_after)
        self.undertakings_order = tuple(
            tuple([s for s in self.seats_from[first] if self.team_of[s] == self.team_of[first]]
                  + [s for s in self.seats_from[first] if self.team_of[s] != self.team_of[first]])
            for first in range(n))
        # the same without the leader of the first trick (asked for a late undertaking): [first][leader]
        self.late_order = tuple(tuple(tuple(s for s in order if s != leader) for leader in range(n))
                                for order in self.undertakings_order)
        self.opponents_from = tuple(tuple(s for s in self.seats_from[(first + 1) % n] if self.team_of[s] != self.team_of[first])
                                    for first in range(n))  # the opponents of ``first``, in turn after it
        self.others_from = tuple(tuple(s for s in self.seats_from[(first + 1) % n] if s != first) for first in range(n))
        self.size = deck.size
        self.no_trump = r.no_trump
        self.n_tricks = r.tricks_per_deal
        self.follow_suit = r.play.follow_suit
        self.undercut_only_with_all_trumps = r.play.undercut_only_with_all_trumps
        # play.obligations (the undercut rule's short form aside), and whether one may ask something of a
        # player holding the suit led
        self.obligations = obligations_of(r)
        self.obligations_following = not all(void_only(o) for o, _, _ in self.obligations)
        self.first_lead_not_trump = r.play.first_lead_not_trump
        # open face play: batches dealt face down as a row, and when the hand is laid on it
        self.face_down = r.face_down
        self.no_cards, self.no_rows = (0,) * n, ((),) * n  # each seat's open face cards and rows, without any
        self.lay_out_after = r.play.lay_out_after
        self.lay_out_unless_undertaking = r.play.lay_out_unless_undertaking
        self.claim_trick = r.tricks_per_deal - 1 if r.claims else -1  # claims come before the last trick
        self.claims_per_team = asked_once_per_team(r)  # (see claims.choices)
        self.bit = tuple(1 << c for c in range(deck.size))
        self.unbit = tuple(~(1 << c) for c in range(deck.size))
        self.points = deck.points
        self.suit_of = deck.suit_of
        self.suit_masks = deck.suit_masks
        self.suit_mask_of = tuple(deck.suit_masks[deck.suit_of[c]] for c in range(deck.size))
        # the same by the deal's trump (a row per trump suit, then no trumps: deck.row): each card's suit
        # for following (a borrowed card is a trump), the cards of a card's suit, the trumps, a trick's points
        self.suits_by_trump = deck.suit_of_for
        self.led_masks = tuple(tuple(masks[suit_of[c]] for c in range(deck.size))
                               for suit_of, masks in zip(deck.suit_of_for, deck.suit_masks_for))
        self.trump_masks = tuple(masks[t] for t, masks in enumerate(deck.suit_masks_for[:-1])) + (0,)
        # mask -> the suits it has cards of, as a mask of suits (8 bits of the mask looked up at once)
        self.suits_present = _mask_to_union(tuple(1 << deck.suit_of[c] for c in range(deck.size)), deck.size)
        # mask -> the cards of their suits that its cards beat by the plain ranking (no trumps): the cards
        # a higher card among them could beat (seat.beatable_in_led)
        below = [0] * deck.size
        for card, higher in enumerate(r.beats[r.no_trump]):  # (each card's higher cards of its suit)
            for c in range(deck.size):
                if (higher >> c) & 1:
                    below[c] |= 1 << card
        self.beaten_by_any = _mask_to_union(tuple(below), deck.size)
        # the opponents of each team (two teams; None with more), as Env.opponents names them
        self.other_team = tuple(map(r.other_side, range(r.teams)))

        self.card_of = deck._by_name
        self.names = deck.names
        # one Action object per seat and card, and the legal moves of a mask from 8-bit chunks
        self.play = tuple(tuple(Action(s, "play", name) for name in deck.names) for s in range(n))
        self.actions_of = tuple(_mask_to_actions(self.play[s], deck.size) for s in range(n))
        self.names_of = _mask_to_actions(deck.names, deck.size)  # mask -> the names of its cards, in order
        self.pass_action = tuple(Action(s, PASS) for s in range(n))
        self.pass_only = tuple((a,) for a in self.pass_action)
        self.pending_play = tuple(Play(s) for s in range(n))  # the decision "seat s plays a card"
        # GameState.apply's fast path: the table's own play and pass actions by identity (id(action) ->
        # (seat, card, the pending decision it answers); card -1 for a pass). The actions live as long as
        # the tables, so no other object can have their ids meanwhile.
        self.fast_of = {id(a): (s, c, self.pending_play[s]) for s in range(n) for c, a in enumerate(self.play[s])}
        self.fast_of.update({id(a): (s, PASSING, None) for s, a in enumerate(self.pass_action)})
        for actions in (*self.play, self.pass_action):
            for a in actions:
                object.__setattr__(a, "_fast", self.fast_of[id(a)])  # read by GameState.apply
        # following suit: per seat, the play actions of every non-empty set of cards of one suit and of
        # every pair of cards (mask -> tuple: the last cards of a hand too), one dict look-up where
        # actions_of would join three chunks
        suits = tuple(dict.fromkeys(m for masks in deck.suit_masks_for for m in masks))  # (a trump's suits too)
        self.follow = tuple(_suit_subsets(self.actions_of[s], suits, deck.size) for s in range(n))
        self.seat_card = tuple(tuple((s, c) for c in range(deck.size)) for s in range(n))
        # the points of a card played, read by the (seat, card) a trick holds: a trick's points are one sum
        # over a map, no loop in Python
        self.points_played = {(s, c): deck.points[c] for s in range(n) for c in range(deck.size)}.__getitem__
        self.points_by_trump = tuple(
            {(s, c): points[c] for s in range(n) for c in range(deck.size)}.__getitem__ for points in deck.points_for
        ) if deck.trump_tables else (self.points_played,) * len(deck.points_for)
        # announcements without an argument, per seat and verb
        self.say = tuple({v: Action(s, v) for v in said_alone(r)} for s in range(n))
        self.calls: dict = {}  # (seat, amount) -> Action, filled on first use
        self.call_options: dict = {}  # (seat, current call) -> the calls the seat may make
        # claims: per seat, per set of the ruleset's claims offered (bit i: claim i), (the claim actions,
        # the same and the seat's pass)
        self.claim_choices = tuple(
            tuple((options, options + self.pass_only[s]) for options in
                  (tuple(self.say[s][c.verb] for i, c in enumerate(r.claims) if (offered >> i) & 1)
                   for offered in range(1 << len(r.claims))))
            for s in range(n)) if len(r.claims) <= 8 else None
        # making trumps: by card, by suit, with the last card
        self.trump_by_card = tuple(tuple(Action(s, "trump", name) for name in deck.names) for s in range(n))
        self.trump_by_suit = tuple(tuple(Action(s, "trump", letter) for letter in deck.suits) for s in range(n))
        self.trump_last = tuple(Action(s, "trump", "last") for s in range(n))
        self.trump_actions_of = tuple(_mask_to_actions(self.trump_by_card[s], deck.size) for s in range(n))
        self.suit_index = {letter: i for i, letter in enumerate(deck.suits)}
        self.calling = r.calling
        self._next_amounts: dict = {}
        # shuffling (Random.shuffle written out for this pack's size, see dealing.shuffler) and dealing:
        # (seat, start, end) in the pack, per first receiver
        self.shuffle = shuffler(deck.size)
        slices = []
        for first in range(n):
            pos, out = 0, []
            for batch in r.batches:
                for i in range(n):
                    out.append(((first + i) % n, pos, pos + batch))
                    pos += batch
            slices.append(tuple(out))
        self.deal_slices = tuple(slices)
        self.pack = tuple(range(deck.size))
        self.first_receiver_of = tuple(r.first_receiver.resolve(n, dealer=d) for d in range(n))
        # the seat that chooses trumps when each seat deals (None without a trumps section)
        self.chooser_of = tuple(r.trumps.chooser.resolve(n, dealer=d) if r.trumps else None for d in range(n))
        # per first receiver, each seat's positions in the pack as one itemgetter (None where a seat gets
        # fewer than two cards: an itemgetter of one position gives a bare item)
        receive = []
        for first in range(n):
            positions = [[] for _ in range(n)]
            for seat, start, end in self.deal_slices[first]:
                positions[seat] += range(start, end)
            receive.append(tuple(itemgetter(*p) for p in positions) if all(len(p) > 1 for p in positions) else None)
        self.receive = tuple(receive)

        self.batch_bounds = tuple((sum(r.batches[:i]), sum(r.batches[:i + 1])) for i in range(len(r.batches)))
        # each batch picked from a seat's cards in the order received (one C call, see DealBatch.start)
        self.batch_pick = tuple(itemgetter(slice(start, end)) for start, end in self.batch_bounds)
        # declarations: per declaration, per suit, the masks of its combinations (best first)
        self.combination_masks = {
            d.verb: tuple(tuple((deck.mask_of(deck.card_of(suit, rank) for rank in combo.ranks), combo.trumps,
                                 combo.other) for combo in d.combinations) for suit in range(len(deck.suits)))
            for d in r.declarations}
        # for each declaration and suit, the cards of which a held subset may make a combination
        self.any_combination = {
            verb: tuple(tuple(mask for mask, _, _ in per_suit) for per_suit in table)
            for verb, table in self.combination_masks.items()}
        self.declaration_actions = {
            d.verb: tuple(tuple(Action(s, d.verb, letter) for letter in deck.suits) for s in range(n))
            for d in r.declarations}
        # the cards that matter to each declaration, and a cache: those cards of a hand -> the suits
        # in which it holds a combination, with the values of the best one (trumps, other)
        self.combination_cards = {verb: _union(m for per_suit in table for m in per_suit)
                                  for verb, table in self.any_combination.items()}
        self._held: dict = {verb: _CombinationsHeld(masks) for verb, masks in self.combination_masks.items()}
        self.after_team_trick = frozenset().union(*(d.after_team_trick for d in r.declarations))
        self.undertaking_of = {u.verb: u for u in r.undertakings}
        self.claim_of = {c.verb: c for c in r.claims}
        self.declaration_of = {d.verb: d for d in r.declarations}
        # the other actions made here: legal when the deal's legal tuple holds them (see GameState.apply)
        others = [*self.trump_by_card, *self.trump_by_suit, [self.trump_last[s] for s in range(n)],
                  *(say.values() for say in self.say), *(a for per_seat in self.declaration_actions.values()
                                                         for a in per_seat)]
        for s_actions in others:
            for a in s_actions:
                object.__setattr__(a, "_fast", (a.seat, OTHER, None))
        # every action made here by its value, for shared()
        self._own = {a: a for group in (*self.play, self.pass_action, *others) for a in group}
        self._parsed: dict = {}  # text -> shared(Action.parse(text)), see parsed()
        self.driver = None  # the deal driver's own tables (the steps' start functions ...), set by game.deal

    def combinations_held(self, verb: str, hand: int) -> tuple[tuple[int, int, int], ...]:
        """(suit, value in trumps, value otherwise) of the best combination of declaration ``verb`` that
        ``hand`` holds in each suit (a table look-up once the hand's relevant cards were seen)."""
        return self._held[verb][hand & self.combination_cards[verb]]  # (a dict look-up in C once seen)

    def next_amounts(self, current: int) -> tuple[int, ...]:
        amounts = self._next_amounts.get(current)
        if amounts is None:
            amounts = self._next_amounts[current] = self.calling.next_amounts(current)
        return amounts

    def calls_of(self, seat: int, current: int) -> tuple[Action, ...]:
        """The calls ``seat`` may make after ``current`` (one tuple per seat and call, made once)."""
        key = (seat, current)
        options = self.call_options.get(key)
        if options is None:
            options = self.call_options[key] = tuple(self.call_action(seat, a) for a in self.next_amounts(current))
        return options

    def shared(self, action: Action) -> Action:
        """The tables' own action equal to ``action`` (which GameState.apply takes on its fast path), or
        ``action`` itself where the tables make none (a bid). For code that builds actions from text or
        from cards, as the players' sampled deals do.

        >>> from thunee_dsl import load_ruleset
        >>> t = tables(load_ruleset("standard"))
        >>> t.shared(Action.parse("2 play JH")) is t.play[2][t.card_of["JH"]]
        True
        >>> t.shared(Action(1, "pass")) is t.pass_action[1], t.shared(Action(0, "call", 20)) is t.call_action(0, 20)
        (True, True)
        """
        own = self._own.get(action)
        if own is not None:
            return own
        if action.verb == "call" and type(action.arg) is int:
            return self.call_action(action.seat, action.arg)
        return action

    def parsed(self, text: str) -> Action:
        """``shared(Action.parse(text))``, remembered by its text: the players replay the same history
        entries into many sampled deals. ValueError as Action.parse for a malformed text.

        >>> from thunee_dsl import load_ruleset
        >>> t = tables(load_ruleset("standard"))
        >>> t.parsed("3 play 9s") is t.parsed("3 play 9S") is t.play[3][t.card_of["9S"]]
        True
        """
        got = self._parsed.get(text)
        if got is None:
            got = self._parsed[text] = self.shared(Action.parse(text))
        return got

    def call_action(self, seat: int, amount: int) -> Action:
        key = (seat, amount)
        action = self.calls.get(key)
        if action is None:
            action = self.calls[key] = Action(seat, "call", amount)
            object.__setattr__(action, "_fast", (seat, OTHER, None))
        return action


def _suit_subsets(actions_of, suit_masks, size: int, limit: int = 12) -> dict:
    """mask -> actions_of(mask) for every pair of cards and every non-empty subset of each suit (suits of
    up to ``limit`` cards; a larger suit's subsets are left out and looked up by the caller with
    actions_of)."""
    out = {}
    for a in range(size):
        for b in range(a, size):
            m = (1 << a) | (1 << b)
            out[m] = actions_of(m)
    for m in suit_masks:
        if m.bit_count() > limit:
            continue
        sub = m
        while sub:
            out[sub] = actions_of(sub)
            sub = (sub - 1) & m
    return out


def _mask_to_union(values: tuple[int, ...], size: int):
    """A function ``mask -> the OR of values[c] over the cards c of mask``, by table look-up of each 8-bit
    chunk of the mask."""
    chunks = []
    for start in range(0, size, CHUNK):
        table = []
        for low in range(1 << CHUNK):
            v = 0
            for i in range(CHUNK):
                if (low >> i) & 1 and start + i < size:
                    v |= values[start + i]
            table.append(v)
        chunks.append(tuple(table))
    if len(chunks) == 1:
        (t0,) = chunks
        return lambda m: t0[m]
    if len(chunks) == 2:
        t0, t1 = chunks
        return lambda m: t0[m & 255] | t1[m >> 8]
    if len(chunks) == 3:
        t0, t1, t2 = chunks
        return lambda m: t0[m & 255] | t1[(m >> 8) & 255] | t2[m >> 16]
    if len(chunks) == 4:
        t0, t1, t2, t3 = chunks
        return lambda m: t0[m & 255] | t1[(m >> 8) & 255] | t2[(m >> 16) & 255] | t3[m >> 24]
    pairs = tuple(zip(range(0, size, CHUNK), chunks))

    def many(m):
        out = 0
        for shift, table in pairs:
            out |= table[(m >> shift) & 255]
        return out
    return many


class _CombinationsHeld(dict):
    """The cards of a hand that matter to one declaration -> (suit, value in trumps, value otherwise) of
    the best combination held in each suit; an entry is worked out when first asked for (``__missing__``)."""

    __slots__ = ("masks",)

    def __init__(self, masks):
        super().__init__()
        self.masks = masks  # per suit: the combinations' (mask, trumps, other), best first

    def __missing__(self, key: int) -> tuple[tuple[int, int, int], ...]:
        out = []
        for suit, combos in enumerate(self.masks):
            for mask, trumps, other in combos:
                if key & mask == mask:
                    out.append((suit, trumps, other))
                    break
        held = self[key] = tuple(out)
        return held


def _union(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _mask_to_actions(plays: tuple[Action, ...], size: int):
    """A function ``mask -> tuple of the items of its cards`` (lowest card first; ``plays`` has one item
    per card: an Action, a name), by table look-up of each 8-bit chunk of the mask: no loop over the
    cards, nothing made."""
    chunks = []
    for start in range(0, size, CHUNK):
        table = [()] * (1 << CHUNK)
        for low in range(1, 1 << CHUNK):
            high = low.bit_length() - 1  # the entry without its highest card, and that card after it
            rest = table[low ^ (1 << high)]
            table[low] = rest + (plays[start + high],) if start + high < size else rest
        chunks.append(tuple(table))
    if len(chunks) == 1:
        (t0,) = chunks
        return lambda m: t0[m]
    if len(chunks) == 2:
        t0, t1 = chunks
        return lambda m: t0[m & 255] + t1[m >> 8]
    if len(chunks) == 3:
        t0, t1, t2 = chunks
        return lambda m: t0[m & 255] + t1[(m >> 8) & 255] + t2[m >> 16]
    if len(chunks) == 4:
        t0, t1, t2, t3 = chunks
        return lambda m: t0[m & 255] + t1[(m >> 8) & 255] + t2[(m >> 16) & 255] + t3[m >> 24]
    shifts = tuple(range(0, size, CHUNK))
    pairs = tuple(zip(shifts, chunks))

    def many(m):
        out = ()
        for shift, table in pairs:
            out += table[(m >> shift) & 255]
        return out
    return many


def tables(r: Ruleset) -> RulesetTables:
    """The tables of ``r`` (built on first use, then kept in ``r.engine_cache``)."""
    return r.cached("tables", RulesetTables)
