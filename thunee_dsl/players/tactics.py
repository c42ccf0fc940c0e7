"""Card sense shared by the bots, read from the ruleset's data (never from its name).

Everything here works on int cards and bit masks (:mod:`thunee_dsl.model.cards`): a hand is a
mask, a suit is ``deck.suit_masks[s]``, and "which cards beat card b" is a row of the ruleset's
beats table (``ruleset.beats[trump][b]``, or an undertaking's own ranking). The same functions
serve the heuristic bot (fed from a seat's view, with what each other seat *may* hold) and the
Monte Carlo playouts (fed from a sampled deal, with what each seat *does* hold).

>>> from thunee_dsl import shipped_ruleset
>>> r = shipped_ruleset("standard")
>>> t = tables(r)
>>> hand = r.deck.mask_of(r.deck.card(c) for c in ("JH", "9H", "QH", "KS"))
>>> r.deck.suits[best_suit(t, hand)]
'H'
"""

from __future__ import annotations

from thunee_dsl.model.cards import iter_cards
from thunee_dsl.model.ruleset import Ruleset, TrumpWay
from thunee_dsl.model.ruleset import Contract  # (bidding: issue 25, item 1)
from thunee_dsl.model.words import bid_words

try:
    import cython
except ImportError:  # (the compiled build's typing, optional: without Cython it does nothing)
    from thunee_dsl._accel import cython_shadow as cython


class Tables:
    """Per-ruleset card tables the bots read (built once and cached on the ruleset)."""

    def __init__(self, ruleset: Ruleset, row: int | None = None):
        deck = ruleset.deck
        self.r = ruleset
        self.deck = deck
        self.size = deck.size
        self.n_suits = len(deck.suits)
        self.n_ranks = len(deck.ranks)
        # the suits and points as a deal with the trump of ``row`` has them (deck.trumps: a card borrowed into
        # trumps, points in trumps; see for_trump); the deck's own without one
        self.row = ruleset.no_trump if row is None else row
        self.suit_of = deck.suit_of if row is None else deck.suit_of_for[row]
        self.rank_of = deck.rank_of
        self.points = deck.points if row is None else deck.points_for[row]
        self.suit_masks = deck.suit_masks if row is None else deck.suit_masks_for[row]
        self._by_trump: dict[int, Tables] = {}
        self.full = deck.full_mask
        self.total_points = deck.total_points
        self.card_of = {name: c for c, name in enumerate(deck.names)}
        self.names = deck.names
        self._strength: dict[int, tuple[int, ...]] = {}
        self._stronger: dict[int, tuple[int, ...]] = {}
        # hand -> its best suit and its call strength: the same hands come back at every decision and in
        # every sampled deal (a caller's cards); emptied when large
        self._best_suit: dict[int, int] = {}
        self._call_strength: dict[int, float] = {}
        self._seats: dict[tuple[int, int], tuple] = {}  # (seat, cards on the trick) -> see seats_after
        self._suit_scores: dict[int, int] = {}  # the cards held of one suit -> suit_score
        self._tricks: dict[tuple, tuple] = {}  # a view's trick ((seat, card name), ...) -> see trick_cards
        # worth of a trick before the trick itself counts: a deck without card points counts tricks
        self.cut_threshold = 0 if self.total_points == 0 else max(1, round(self.total_points / 30))

    def for_trump(self, trump: int | None) -> "Tables":
        """These tables as a deal with ``trump`` trumps reads them, where the trump suit ranks, counts or holds
        its cards otherwise (deck.trumps); the same tables where it does not."""
        if not self.deck.trump_tables:
            return self
        row = self.deck.row(trump)
        got = self._by_trump.get(row)
        if got is None:
            got = self._by_trump[row] = Tables(self.r, row)
        return got

    def strength(self, beats) -> tuple[int, ...]:
        """For each card, how many cards of its suit beat it under ``beats`` (0: the top card)."""
        got = self._strength.get(id(beats))
        if got is None:
            got = self._strength[id(beats)] = _strength(self, beats)
        return got

    def stronger(self, beats) -> tuple[int, ...]:
        """For each card, the mask of the cards of its suit ranking above it under ``beats`` (by
        :meth:`strength`): a card is its suit's master when no card of this mask is still out."""
        got = self._stronger.get(id(beats))
        if got is None:
            got = self._stronger[id(beats)] = _stronger(self, self.strength(beats))
        return got


# (worked out once per ranking, outside the methods: compiled, those are cpdef, which cannot hold a generator)
def _strength(t: Tables, beats) -> tuple[int, ...]:
    nt = beats[t.row]  # (these tables' trump: in a suit it ranks as no trumps do, unless deck.trumps says otherwise)
    return tuple((nt[c] & t.suit_masks[t.suit_of[c]]).bit_count() for c in range(t.size))


def _stronger(t: Tables, strength) -> tuple[int, ...]:
    return tuple(sum(1 << o for o in iter_cards(t.suit_masks[t.suit_of[c]]) if strength[o] < strength[c])
                 for c in range(t.size))


#: hands whose best suit and call strength a ruleset's tables remember at most
REMEMBERED = 50_000


def hand_mask(t: Tables, names) -> int:
    """The mask of the cards named (a view's hand)."""
    card_of = t.card_of
    got = 0
    for c in names:
        got |= 1 << card_of[c]
    return got


class PartTrick(list):
    """A trick's cards less those another seat played face down while trumps are closed ("??": not known to
    this seat): nothing is read from it of what a seat cannot hold (the trick it saw is not the trick played)."""


def trick_cards(t: Tables, cards) -> tuple:
    """A view's trick, ``((seat, card name), ...)``, as ``((seat, card), ...)`` (remembered: every seat reads
    each trick of a deal, and a trick's cards do not change; emptied when large)."""
    got = t._tricks.get(cards)
    if got is None:
        if len(t._tricks) >= REMEMBERED:
            t._tricks.clear()
        card_of = t.card_of
        # (a card another seat played face down while trumps are closed, "??", is not known: left out)
        known = [(s, card_of[c]) for s, c in cards if c != "??"]
        got = t._tricks[cards] = tuple(known) if len(known) == len(cards) else PartTrick(known)
    return got


def tables(ruleset: Ruleset) -> Tables:
    return ruleset.cached("players.tables", Tables)


def cards(mask: int) -> list[int]:
    return list(cards_of(mask))


_CARDS: dict[int, tuple[int, ...]] = {}  # mask -> its cards: the same few hands and suits come back again and again


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of ``mask`` as a tuple (remembered; emptied when large)."""
    got = _CARDS.get(mask)
    if got is None:
        if len(_CARDS) >= REMEMBERED:
            _CARDS.clear()
        got = _CARDS[mask] = tuple(iter_cards(mask))
    return got


# -- making trumps, calling, undertaking --------------------------------------------------------------


def suit_score(t: Tables, hand: int, suit: int) -> int:
    """How good ``suit`` would be as trumps for ``hand``: each card counts its rank from the bottom,
    plus one for length (six ranks: J 7, 9 6, A 5, 10 4, K 3, Q 2)."""
    deck = t.deck
    if deck.trump_tables:  # the suit as trumps ranks its cards otherwise, or borrows one (deck.trumps)
        held = hand & deck.suit_masks_for[suit][suit]
        got = t._suit_scores.get((suit, held))
        if got is None:
            strength = deck.strength_for[suit]
            got = t._suit_scores[(suit, held)] = sum(max(1, t.n_ranks - strength[c] + 1) for c in cards_of(held))
        return got
    held = hand & t.suit_masks[suit]
    got = t._suit_scores.get(held)  # (a suit's cards are few: every holding is remembered)
    if got is None:
        got = t._suit_scores[held] = sum(t.n_ranks - t.rank_of[c] + 1 for c in cards_of(held))
    return got


def best_suit(t: Tables, hand: int) -> int:
    """The suit where the hand is strongest (more cards breaks ties, then the deck's suit order)."""
    got = t._best_suit.get(hand)
    if got is None:
        if len(t._best_suit) >= REMEMBERED:
            t._best_suit.clear()
        got = t._best_suit[hand] = max(range(t.n_suits), key=lambda s: (suit_score(t, hand, s),
                                                                         (hand & t.suit_masks[s]).bit_count(), -s))
    return got


def weak_spread(t: Tables, hand: int) -> bool:
    """No suit held twice and none of the top two ranks: nothing to make trumps on."""
    return all((hand & m).bit_count() <= 1 for m in t.suit_masks) and \
        not any(t.rank_of[c] <= 1 for c in cards_of(hand))


def choose_trump(t: Tables, hand: int, options) -> object:
    """Of the ``trump`` actions offered, the one for the strongest suit ('last' when the hand is a weak
    spread and the ruleset allows it). The card placed is the lowest of the suit: it stays in hand."""
    by_arg = {a.arg: a for a in options if a.verb == "trump"}
    if "last" in by_arg and weak_spread(t, hand):
        return by_arg["last"]
    order = sorted(range(t.n_suits), key=lambda s: (suit_score(t, hand, s), (hand & t.suit_masks[s]).bit_count(), -s),
                   reverse=True)
    for suit in order:
        letter = t.deck.suits[suit]
        if letter in by_arg:
            return by_arg[letter]
        held = [c for c in cards_of(hand & t.suit_masks[suit]) if t.names[c] in by_arg]
        if held:
            return by_arg[t.names[max(held, key=lambda c: t.rank_of[c])]]
    rest = [a for a in options if a.verb == "trump"]
    return rest[0] if rest else options[0]


def order_strength(t: Tables, hand: int, suit: int, turn_up: int | None = None, side: int = 0) -> float:
    """``suit`` as trumps for ``hand``, in call_strength's units; with the turn-up (a card of the suit offered,
    ordering up) counted by who gets it: the dealer itself (``side`` 1: it joins the hand), the dealer's partner
    (0: half its worth to the team) or an opponent (-1: half its worth to the other side)."""
    score = suit_score(t, hand, suit)
    if turn_up is not None:
        bit = 1 << turn_up
        alone = suit_score(t, bit, suit)
        score = suit_score(t, hand | bit, suit) if side > 0 else score + alone / 2 if side == 0 else score - alone / 2
    return score / (t.n_ranks + 1)


def choose_discard(t: Tables, hand: int, trump: int) -> int:
    """The card to lay aside after picking up the turn-up: the lowest card outside trumps, from the shortest
    such suit (to be void in it), a trump only when nothing else is held."""
    tt = t.for_trump(trump)
    masks, suit_of = tt.suit_masks, tt.suit_of
    trumps = hand & masks[trump]
    rest = hand & ~trumps
    # (the shortest suit first, then the lowest rank: rank_of counts from the top)
    return max(cards_of(rest if rest else trumps),
               key=lambda c: (-(hand & masks[suit_of[c]]).bit_count(), t.rank_of[c]))


def call_strength(t: Tables, hand: int) -> float:
    """The best suit's score in units of a lone top card (J alone: 1.0, J 9: about 1.9)."""
    got = t._call_strength.get(hand)
    if got is None:
        if len(t._call_strength) >= REMEMBERED:
            t._call_strength.clear()
        got = t._call_strength[hand] = suit_score(t, hand, best_suit(t, hand)) / (t.n_ranks + 1)
    return got


def estimated_tricks(t: Tables, hand: int, trump: int | None = None) -> float:
    """Tricks a hand should take with ``trump`` (default: its best suit) as trumps: top cards, second cards,
    trump length."""
    if trump is None:
        trump = best_suit(t, hand)
    rank_of = t.deck.strength_for[trump]  # (the trump suit's own order, a borrowed card in it: deck.trumps)
    est = 0.0
    for c in cards_of(hand):
        if rank_of[c] == 0:
            est += 1
        elif rank_of[c] == 1:
            est += 0.5
    return est + max(0, (hand & t.deck.suit_masks_for[trump][trump]).bit_count() - 2)


def estimated_bid(r: Ruleset, t: Tables, hand: int, trump: int | None = None) -> float:
    """What ``hand`` is worth in the bidding's own unit (``bidding.counts``, ``contract``): a bid that is the
    bidder's own contract (Oh Hell) is the tricks the hand should take, with the trumps already known
    (``trump``: a turned-up card's suit) where they are; a bid of card points for the team (304)
    is the pack's points in proportion to the tricks the team should take: this hand's, scaled from the cards
    seen to a whole hand, and each partner's average share; else (tricks for the team) the hand's tricks."""
    b = r.bidding
    if b is not None and b.contract is Contract.EACH_PLAYER:
        return estimated_tricks(t, hand, trump)
    est = estimated_tricks(t, hand)
    if b is None or bid_words(r) != "card points":
        return est
    held = hand.bit_count()
    whole = est * r.hand_size / held if held else 0.0
    team = whole + (r.seats // r.teams - 1) * r.tricks_per_deal / r.seats
    return r.deck.total_points * min(team, r.tricks_per_deal) / r.tricks_per_deal


def aims_at_bid(r: Ruleset) -> bool:
    """Does a bid score only when made exactly? Read from the scoring: every bid its bidder's own contract
    (``bidding.contract: each player``) and a player's score asking whether its tricks equal its bid
    (``seat.tricks == seat.bid``): then a trick more than the bid costs as much as a trick less, and the card
    play aims at the number bid (tactics._aim_at_bid)."""
    return r.cached("players.aims_at_bid", _aims_at_bid)


def _aims_at_bid(r: Ruleset) -> bool:
    if r.bidding is None or r.bidding.contract is not Contract.EACH_PLAYER:
        return False
    for formula in (r.each_player, r.each_team):
        tree = getattr(formula, "_tree", None)
        if tree is None:
            continue
        for node in tree.iter_subtrees():
            if node.data != "compare" or len(node.children) != 3 or node.children[1] != "==":
                continue
            names = {".".join(map(str, n.children)).rsplit(".", 1)[-1] for n in node.children[::2]
                     if getattr(n, "data", None) == "name"}
            if names == {"tricks", "bid"}:
                return True
    return False


def trumps_chosen(r: Ruleset) -> bool:
    """Are the trumps made by a player's choice (called, named, ordered up)? Not where the only way is the
    card turned up, no round offering a choice: the side said to make them then is the dealer's by turn, no
    longer in trumps than the other (its low trumps are not led to draw the others': tactics._lead)."""
    return r.cached("players.trumps_chosen", _trumps_chosen)


def _trumps_chosen(r: Ruleset) -> bool:
    t = r.trumps
    return t is None or bool(t.rounds) or any(w is not TrumpWay.TURN_UP for w in t.ways)


def bid_scale(r: Ruleset) -> float:
    """One trick in the bid's unit (a margin of tricks said in card points where bids count them)."""
    if r.bidding is not None and r.bidding.contract is not Contract.EACH_PLAYER and bid_words(r) == "card points":
        return r.deck.total_points / r.tricks_per_deal
    return 1.0


def sure_to_win_all(t: Tables, hand: int, beats, trump_choice, leads_win: int = 0) -> bool:
    """Can ``hand`` win every trick by leading, whatever the others hold?

    Conservative: every card not in the hand may be held by an opponent; a lead must beat every such card
    of its suit, and a side-suit lead needs every outstanding trump drawn first. Each lead is assumed to
    draw only the weakest outstanding card of its suit. ``trump_choice`` is the trump suit (None for no
    trumps), or a tuple of suits the first lead may choose from.
    """
    suits = trump_choice if isinstance(trump_choice, tuple) else (trump_choice,)
    for trump in suits:
        if _sure_with(t, hand, beats, trump, leads_win, first_sets=isinstance(trump_choice, tuple)):
            return True
    return False


def _sure_with(t: Tables, hand: int, beats, trump, leads_win: int, first_sets: bool) -> bool:
    row = beats[trump if trump is not None else t.r.no_trump]
    strength = t.strength(beats)
    tmask = t.suit_masks[trump] if trump is not None else 0
    out = t.full & ~hand
    if not leads_win and hand:
        # the first lead must be a card no outstanding card beats (a trump, where it names the trumps):
        # most hands have none, and are settled here without ordering their cards
        first = hand & tmask if first_sets else hand
        if all(row[c] & out for c in cards_of(first)):
            return False
    mine = hand
    n = 0
    while mine:
        lead = None
        if n < leads_win:
            lead = min(cards_of(mine), key=lambda c: strength[c])
        else:
            for c in sorted(cards_of(mine), key=lambda c: (not (tmask >> c) & 1, strength[c])):
                if n == 0 and first_sets and not (tmask >> c) & 1:
                    continue  # the first lead names the trump suit
                if row[c] & out:
                    continue  # an outstanding card beats it
                lead = c
                break
        if lead is None:
            return False
        mine &= ~(1 << lead)
        follow = out & t.suit_masks[t.suit_of[lead]]
        if follow:
            weakest = max(cards_of(follow), key=lambda c: strength[c])
            out &= ~(1 << weakest)
        n += 1
    return True


# -- playing a card ---------------------------------------------------------------------------------


class PlayCtx:
    """What a seat knows when it plays a card.

    ``threats[s]``: the cards seat ``s`` may hold (exact in a playout); ``known_void[s]``: suits ``s``
    has shown it lacks (a suit mask). ``outstanding``: every card another seat may hold.
    ``counting_leads_points`` and ``makers_draw_trumps``: the table styles' lead (see _lead; the heuristic
    leads low). ``wants[s]``: the tricks seat ``s`` still wants where a bid scores only when made exactly
    (:func:`aims_at_bid`): its bid less the tricks it has taken (None elsewhere, or before every bid is made). (An extension type in the compiled build, tactics.pxd: the card sense reads it at every card
    of every playout.)
    """

    def __init__(self, t: Tables, seat: int, seats: int, team_of: tuple, legal: int, hand: int, trick: list,
                 trump: int | None, beats: tuple, threats: list, outstanding: int, tricks_left: int,
                 exact: bool = False, known_void: list | None = None, undertaker: int | None = None,
                 first_lead_sets_trump: bool = False, makers: int | None = None,
                 counting_leads_points: bool = False, makers_draw_trumps: bool = False, wants: tuple | None = None,
                 partner_led: int = 0):
        self.t = t
        self.seat = seat
        self.seats = seats
        self.team_of = team_of
        self.legal = legal
        self.hand = hand
        self.trick = trick  # [(seat, card)]
        self.trump = trump
        self.beats = beats  # the whole table (rows per trump)
        self.threats = threats
        self.outstanding = outstanding
        self.tricks_left = tricks_left
        self.exact = exact
        self.known_void = known_void
        self.undertaker = undertaker
        self.first_lead_sets_trump = first_lead_sets_trump
        self.makers = makers
        self.counting_leads_points = counting_leads_points
        self.makers_draw_trumps = makers_draw_trumps
        self.wants = wants  # each seat's tricks still wanted for an exact bid (None: the scoring does not aim so)
        self.partner_led = partner_led  # the cards a partner led this deal (a mask; read where cards are worth nothing)

    # derived
    def row(self):
        return self.beats[self.trump if self.trump is not None else self.t.r.no_trump]


@cython.locals(ctx=PlayCtx)
def seats_after(ctx: "PlayCtx") -> tuple:
    """The other seats in playing order after this one, and their opponents among them; then the seats
    still to play to the current trick after this one, their opponents and their partners (remembered
    per seat and cards on the trick: the ruleset's teams decide the rest)."""
    seat, seats, team_of = ctx.seat, ctx.seats, ctx.team_of
    key = (seat, len(ctx.trick))
    got = ctx.t._seats.get(key)
    if got is None:
        me = team_of[seat]
        others = tuple([(seat + i) % seats for i in range(1, seats)])
        later = tuple(_later_seats(ctx))
        got = ctx.t._seats[key] = (others, tuple(_opponents(ctx, others)), later, tuple(_opponents(ctx, later)),
                                   tuple([s for s in later if team_of[s] == me]))
    return got


@cython.locals(ctx=PlayCtx)
def choose_play(ctx: PlayCtx) -> int:
    legal = cards_of(ctx.legal)
    if len(legal) == 1:
        return legal[0]
    if ctx.undertaker is not None:
        return _undertaking_play(ctx, legal)
    if ctx.wants is not None and ctx.wants[ctx.seat] <= 0:
        return _aim_at_bid(ctx, legal)
    if not ctx.trick:
        return _lead(ctx, legal)
    return _follow(ctx, legal)


@cython.locals(ctx=PlayCtx)
def _later_seats(ctx: PlayCtx) -> list[int]:
    """Seats still to play to the current trick after this one."""
    played = len(ctx.trick) + 1
    return [(ctx.seat + i) % ctx.seats for i in range(1, ctx.seats - played + 1)]


@cython.locals(ctx=PlayCtx)
def _could_be_void(ctx: PlayCtx, s: int, suit: int) -> bool:
    sm = ctx.t.suit_masks[suit]
    if not ctx.threats[s] & sm:
        return True
    if ctx.exact:
        return False
    if ctx.known_void is not None and ctx.known_void[s] & sm:
        return True
    # few of the suit left out: someone may well have none
    return (ctx.outstanding & sm).bit_count() <= 2


@cython.locals(ctx=PlayCtx)
def _can_beat(ctx: PlayCtx, s: int, best: int, led: int) -> bool:
    """May seat ``s``, playing after, beat ``best`` (the trick having been led in suit ``led``)?"""
    th = ctx.threats[s]
    if not th:
        return False
    row = ctx.row()
    ledmask = ctx.t.suit_masks[led]
    if th & ledmask & row[best]:
        return True
    return bool(th & row[best] & ~ledmask) and _could_be_void(ctx, s, led)


@cython.locals(ctx=PlayCtx)
def _safe(ctx: PlayCtx, best: int, led: int, seats) -> bool:
    for s in seats:
        if _can_beat(ctx, s, best, led):
            return False
    return True


@cython.locals(ctx=PlayCtx)
def _is_trump(ctx: PlayCtx, c: int) -> bool:
    return ctx.trump is not None and ctx.t.suit_of[c] == ctx.trump


@cython.locals(ctx=PlayCtx)
def _is_master(ctx: PlayCtx, c: int, stronger) -> bool:
    """No outstanding card of its suit ranks higher (``stronger``: ``t.stronger(ctx.beats)``, looked up
    once by the caller)."""
    return not ctx.outstanding & stronger[c]


@cython.locals(ctx=PlayCtx)
def _trumps(ctx: PlayCtx, cs, which) -> bool:
    """``which`` (``any`` or ``all``) of the cards ``cs`` trumps? (The card sense's functions take ``ctx``
    typed in the compiled build, and a typed argument cannot be captured by a generator or lambda there:
    they read the trumps and masters on locals, as :func:`_is_trump` and :func:`_is_master` do.)"""
    trump, suit_of = ctx.trump, ctx.t.suit_of
    return which(trump is not None and suit_of[c] == trump for c in cs)


@cython.locals(ctx=PlayCtx)
def _may_cut(ctx: PlayCtx, suit: int, opps, tmask: int) -> bool:
    """May one of ``opps`` be void in ``suit`` and hold a trump (cut a lead of it)?"""
    threats = ctx.threats
    for s in opps:
        if _could_be_void(ctx, s, suit) and threats[s] & tmask:
            return True
    return False


@cython.locals(ctx=PlayCtx)
def _opponents(ctx: PlayCtx, seats) -> list[int]:
    me = ctx.team_of[ctx.seat]
    return [s for s in seats if ctx.team_of[s] != me]


@cython.locals(ctx=PlayCtx)
def _cheapest(ctx: PlayCtx, cs, strength) -> int:
    """The card of fewest points, the lowest-ranked of those (the most ``strength``: 0 is a suit's top
    card), the first such card of ``cs``."""
    # (min(cs, key=lambda c: (points, -strength)) written out: no key tuple made per card)
    pts = ctx.t.points
    best = bp = bs = None
    for c in cs:
        p, st = pts[c], strength[c]
        if best is None or p < bp or (p == bp and st > bs):
            best, bp, bs = c, p, st
    if best is None:
        raise ValueError("_cheapest() of no cards")
    return best


@cython.locals(ctx=PlayCtx)
def _top_of(ctx: PlayCtx, cs) -> int:
    """The top card of ``cs``, or the lowest card of ``cs`` taking the same tricks as it (touching it: no card
    another seat may hold ranks between them), so the cards above it stay hidden."""
    strength = ctx.t.strength(ctx.beats)
    stronger = ctx.t.stronger(ctx.beats)
    out = ctx.outstanding
    top = cs[0]
    for c in cs:
        if strength[c] < strength[top]:
            top = c
    above = out & stronger[top]
    got = top
    for c in cs:
        if ctx.t.suit_of[c] == ctx.t.suit_of[top] and strength[c] > strength[got] and out & stronger[c] == above:
            got = c
    return got


@cython.locals(ctx=PlayCtx)
def _over_partner(ctx: PlayCtx, beaters, best: int, later_opps):
    """Third hand high: where the partner's card wins a trick that a later opponent may still take, the top of
    this seat's cards of the suit led above it (the lowest of them taking as much), when fewer cards those
    opponents may hold outrank it than outrank the partner's card; else None (cards worth nothing: every
    trick counts alike)."""
    t = ctx.t
    suit_of = t.suit_of
    led = suit_of[ctx.trick[0][1]]
    mine = [c for c in beaters if suit_of[c] == led]  # (never a cut of the partner's card)
    if not mine:
        return None
    theirs = 0
    for s in later_opps:
        theirs |= ctx.threats[s]
    stronger = t.stronger(ctx.beats)
    top = _top_of(ctx, mine)
    if (theirs & stronger[top]).bit_count() < (theirs & stronger[best]).bit_count():
        return top
    return None


@cython.locals(ctx=PlayCtx)
def _throw_low(ctx: PlayCtx, cs, strength) -> int:
    """The card to throw away: a non-trump before a trump, then a card that is not its suit's master, then
    fewest points, then the lowest-ranked (the most ``strength``), the first such card of ``cs``."""
    # (min(cs, key=lambda c: (trump, master, points, -strength)) written out: no key tuple made per card)
    pts = ctx.t.points
    stronger = ctx.t.stronger(ctx.beats)
    trump, suit_of, out = ctx.trump, ctx.t.suit_of, ctx.outstanding  # (_is_trump, _is_master: see _trumps)
    best = bt = bm = bp = bs = None
    for c in cs:
        tr = trump is not None and suit_of[c] == trump
        m = not out & stronger[c]
        p, st = pts[c], strength[c]
        if best is None or tr < bt or (tr == bt and (m < bm or (m == bm and (p < bp or (p == bp and st > bs))))):
            best, bt, bm, bp, bs = c, tr, m, p, st
    if best is None:
        raise ValueError("_throw_low() of no cards")
    return best


@cython.locals(ctx=PlayCtx)
def _lead(ctx: PlayCtx, legal: list[int]) -> int:
    t = ctx.t
    strength = t.strength(ctx.beats)
    others, opps = seats_after(ctx)[:2]
    tmask = t.suit_masks[ctx.trump] if ctx.trump is not None else 0
    threats = ctx.threats
    opp_trumps = any(threats[s] & tmask for s in opps)
    stronger = t.stronger(ctx.beats)
    masters = [c for c in legal if _is_master(ctx, c, stronger)]
    my_trumps = ctx.hand & tmask
    we_make = ctx.makers is not None and ctx.makers == ctx.team_of[ctx.seat]
    if tmask and opp_trumps:
        trump_masters = [c for c in masters if (tmask >> c) & 1]
        if trump_masters and (we_make or my_trumps.bit_count() >= 3):
            return max(trump_masters, key=lambda c: (t.points[c], -strength[c]))
    if ctx.makers_draw_trumps and we_make and tmask and trumps_chosen(t.r) and opp_trumps and (my_trumps & ctx.legal).bit_count() >= 2:
        # the makers draw the opponents' trumps before their side cards (masters too) are cut: the lowest trump
        return min(cards(my_trumps & ctx.legal), key=lambda c: (t.points[c], -strength[c]))
    side = [c for c in masters if not (tmask >> c) & 1 and not _may_cut(ctx, t.suit_of[c], opps, tmask)]
    if side:
        return max(side, key=lambda c: (t.points[c], -strength[c]))
    non_trumps = [c for c in legal if not (tmask >> c) & 1]
    if ctx.counting_leads_points and not we_make and t.total_points:
        # the counting team needs card points: a side card worth a trick (an Ace or Ten in Thunee) from its
        # longest suit makes the makers spend a top card on it, or gives the points to a partner holding the
        # master, where a low lead hands the makers the lead cheaply
        worth = [c for c in non_trumps if t.points[c] >= t.cut_threshold]
        if worth:
            hand = ctx.hand
            return max(worth, key=lambda c: ((hand & t.suit_masks[t.suit_of[c]]).bit_count(), -t.points[c]))
    if non_trumps and not t.total_points and ctx.partner_led:  # (cards worth nothing: back to the partner's suit)
        back = _return_lead(ctx, non_trumps)
        if back is not None:
            return back
    if non_trumps:
        return _lead_low(ctx, non_trumps, strength)
    return _cheapest(ctx, legal, strength)


@cython.locals(ctx=PlayCtx)
def _return_lead(ctx: PlayCtx, non_trumps):
    """A lead of a suit a partner led this deal (its long suit, to be made good): the top card from two, else
    the lowest. None when this seat holds none of them."""
    t = ctx.t
    strength = t.strength(ctx.beats)
    hand, suit_of, masks = ctx.hand, t.suit_of, t.suit_masks
    for c in cards_of(ctx.partner_led):
        held = [o for o in non_trumps if suit_of[o] == suit_of[c]]
        if held:
            if (hand & masks[suit_of[c]]).bit_count() <= 2:
                return min(held, key=lambda o: strength[o])
            return max(held, key=lambda o: strength[o])
    return None


@cython.locals(ctx=PlayCtx)
def _lead_low(ctx: PlayCtx, cs, strength) -> int:
    """A low lead: fewest points, from a suit where it does not bare a guarded high card."""
    t = ctx.t
    hand = ctx.hand

    def key(c):
        suit_cards = hand & t.suit_masks[t.suit_of[c]]
        return (t.points[c], -suit_cards.bit_count(), -strength[c])
    return min(cs, key=key)


@cython.locals(ctx=PlayCtx)
def _partner_winning(ctx: PlayCtx, legal, beaters, quiet, best: int, led: int, later_opps, worth: bool,
                     strength) -> int:
    """Following while the partner is winning: do not overtake; throw points on it if it will hold."""
    t = ctx.t
    if quiet:
        if _safe(ctx, best, led, later_opps):
            pts = t.points
            stronger = t.stronger(ctx.beats)
            trump, suit_of, out = ctx.trump, t.suit_of, ctx.outstanding  # (_is_trump, _is_master: see _trumps)
            return max(quiet, key=lambda c: (not (trump is not None and suit_of[c] == trump),
                                             not (not out & stronger[c]), pts[c], strength[c]))
        safe_mine = [c for c in beaters if _safe(ctx, c, led, later_opps)]
        if safe_mine and worth and not _trumps(ctx, safe_mine, any):
            return _cheapest(ctx, safe_mine, strength)
        if not t.total_points:  # (cards worth nothing: third hand high)
            high = _over_partner(ctx, beaters, best, later_opps)
            if high is not None:
                return high
        return _throw_low(ctx, quiet, strength)
    return _cheapest(ctx, legal, strength)


def _follow(ctx: PlayCtx, legal: list[int]) -> int:
    t = ctx.t
    strength = t.strength(ctx.beats)
    row = ctx.row()
    led = t.suit_of[ctx.trick[0][1]]
    best_seat, best = ctx.trick[0]
    for s, c in ctx.trick[1:]:
        if (row[best] >> c) & 1:
            best_seat, best = s, c
    _, _, later, later_opps, partner_later = seats_after(ctx)
    me = ctx.team_of[ctx.seat]
    trick_pts = 0
    for _, c in ctx.trick:
        trick_pts += t.points[c]
    worth = trick_pts >= t.cut_threshold or ctx.tricks_left <= 2
    beaters = [c for c in legal if (row[best] >> c) & 1]
    quiet = [c for c in legal if not (row[best] >> c) & 1]

    if ctx.team_of[best_seat] == me:
        return _partner_winning(ctx, legal, beaters, quiet, best, led, later_opps, worth, strength)

    # an opponent is winning
    if beaters:
        safe_mine = [c for c in beaters if _safe(ctx, c, led, later_opps)]
        cutting = _trumps(ctx, beaters, all) and led != ctx.trump
        if cutting and not worth and quiet and (ctx.hand & t.suit_masks[ctx.trump]).bit_count() < 3:
            return _throw_low(ctx, quiet, strength)  # keep trumps for a trick worth cutting
        if safe_mine:
            return _cheapest(ctx, safe_mine, strength)
        if not t.total_points and partner_later and not cutting:
            # cards worth nothing: second hand low, unless its top card has a single card out above it (a King
            # with the Ace out): then it wins unless that very card comes over it
            top = _top_of(ctx, beaters)
            if (ctx.outstanding & t.stronger(ctx.beats)[top]).bit_count() <= 1:
                return top
        if not later_opps or (worth and not partner_later):
            # last to play (or the trick is worth a try): the cheapest card that wins now / the strongest
            if not later_opps:
                return _cheapest(ctx, beaters, strength)
            if not t.total_points:  # (cards worth nothing: the top card, the lowest of those taking as much)
                return _top_of(ctx, beaters)
            return min(beaters, key=lambda c: strength[c])
    return _throw_low(ctx, quiet or legal, strength)


@cython.locals(ctx=PlayCtx)
def _aim_at_bid(ctx: PlayCtx, legal: list[int]) -> int:
    """A seat whose bid scores only when made exactly and that wants no more tricks: made (``wants`` 0),
    it ducks; already over (below 0), it cannot score this deal and spoils the others' bids: it takes a
    trick from a seat still short of its bid and leaves one to a seat that has made its own."""
    if ctx.wants[ctx.seat] < 0:
        if not ctx.trick:
            return _lead(ctx, legal)
        best_seat = ctx.trick[0][0]
        row = ctx.row()
        best = ctx.trick[0][1]
        for s, c in ctx.trick[1:]:
            if (row[best] >> c) & 1:
                best_seat, best = s, c
        if ctx.wants[best_seat] > 0:
            return _follow(ctx, legal)
    if not ctx.trick:
        return _duck_lead(ctx, legal)
    return _duck(ctx, legal)


@cython.locals(ctx=PlayCtx)
def _duck_lead(ctx: PlayCtx, legal: list[int]) -> int:
    """The lead least likely to win its trick: the card the most cards still out rank above in its suit
    (a side card before a trump, then the lowest)."""
    strength = ctx.t.strength(ctx.beats)
    stronger = ctx.t.stronger(ctx.beats)
    out = ctx.outstanding
    trump, suit_of = ctx.trump, ctx.t.suit_of  # (_is_trump: see _trumps)
    return max(legal, key=lambda c: (not (trump is not None and suit_of[c] == trump),
                                     (out & stronger[c]).bit_count(), strength[c]))


@cython.locals(ctx=PlayCtx)
def _duck(ctx: PlayCtx, legal: list[int]) -> int:
    """Following without wanting the trick: the highest card that does not beat the card winning it (a trump,
    the most dangerous card to keep, first); when every card beats it, the lowest while a later seat may still
    beat it, the highest when none can (the trick is this seat's whatever it plays: shed the top card)."""
    strength = ctx.t.strength(ctx.beats)
    row = ctx.row()
    led = ctx.t.suit_of[ctx.trick[0][1]]
    best = _winning_card(ctx, row)
    quiet = [c for c in legal if not (row[best] >> c) & 1]
    trump, suit_of = ctx.trump, ctx.t.suit_of  # (_is_trump: see _trumps)
    if quiet:
        return max(quiet, key=lambda c: (trump is not None and suit_of[c] == trump, -strength[c]))
    later = _later_seats(ctx)
    if later and not _safe(ctx, max(legal, key=lambda c: strength[c]), led, later):
        return max(legal, key=lambda c: strength[c])  # the lowest: the likeliest to be beaten
    return min(legal, key=lambda c: strength[c])


@cython.locals(ctx=PlayCtx)
def _undertaking_play(ctx: PlayCtx, legal: list[int]) -> int:
    """Someone undertook to win every trick: the caller tries, its partners stay out of the way, the
    opponents try to catch it."""
    if ctx.seat == ctx.undertaker:
        return _caller_follows(ctx, legal) if ctx.trick else _caller_leads(ctx, legal)
    if ctx.team_of[ctx.undertaker] == ctx.team_of[ctx.seat]:
        return _caller_partner_plays(ctx, legal)
    return _catch_the_caller(ctx, legal)


@cython.locals(ctx=PlayCtx)
def _winning_card(ctx: PlayCtx, row) -> int:
    """The card winning the trick on the table so far (``row``: the ranking under these trumps)."""
    best = ctx.trick[0][1]
    for _, c in ctx.trick[1:]:
        if (row[best] >> c) & 1:
            best = c
    return best


@cython.locals(ctx=PlayCtx)
def _caller_leads(ctx: PlayCtx, legal: list[int]) -> int:
    """The caller's lead. Where its first lead makes trumps: the top card of its best suit. Else its top
    master trump while another seat may hold a trump (drawing them), then its top master (of a side suit
    before a trump), then its top card. (``strength``: 0 is a suit's top card, so ``min`` takes the top.)"""
    t = ctx.t
    strength = t.strength(ctx.beats)
    if ctx.first_lead_sets_trump and ctx.trump is None:
        suit = best_suit(t, ctx.legal)
        return min(cards_of(ctx.legal & t.suit_masks[suit]), key=lambda c: strength[c])
    tmask = t.suit_masks[ctx.trump] if ctx.trump is not None else 0
    others = [(ctx.seat + i) % ctx.seats for i in range(1, ctx.seats)]
    stronger = t.stronger(ctx.beats)
    masters = [c for c in legal if _is_master(ctx, c, stronger)]
    threats = ctx.threats
    if tmask and any(threats[s] & tmask for s in others):
        trump_masters = [c for c in masters if (tmask >> c) & 1]
        if trump_masters:
            return min(trump_masters, key=lambda c: strength[c])
    if masters:
        trump, suit_of = ctx.trump, t.suit_of  # (_is_trump: see _trumps)
        return min(masters, key=lambda c: (trump is not None and suit_of[c] == trump, strength[c]))
    return min(legal, key=lambda c: strength[c])


@cython.locals(ctx=PlayCtx)
def _caller_follows(ctx: PlayCtx, legal: list[int]) -> int:
    """The caller plays to a trick led: the cheapest card that wins it and that no later seat can beat, else
    its top card that wins now, else a card thrown low (the undertaking is lost)."""
    t = ctx.t
    strength = t.strength(ctx.beats)
    row = ctx.row()
    led = t.suit_of[ctx.trick[0][1]]
    best = _winning_card(ctx, row)
    beaters = [c for c in legal if (row[best] >> c) & 1]
    later = _later_seats(ctx)
    safe_mine = [c for c in beaters if _safe(ctx, c, led, later)]
    if safe_mine:
        return _cheapest(ctx, safe_mine, strength)
    if beaters:
        return min(beaters, key=lambda c: strength[c])
    return _throw_low(ctx, legal, strength)


@cython.locals(ctx=PlayCtx)
def _caller_partner_plays(ctx: PlayCtx, legal: list[int]) -> int:
    """The caller's partner: never beat the caller; shed high cards while it is safe to (once the caller
    has played to the trick, its top card that does not beat the winning one; before, its lowest such
    card; its lowest card when every card would beat it or it leads)."""
    strength = ctx.t.strength(ctx.beats)
    if ctx.trick:
        row = ctx.row()
        best = _winning_card(ctx, row)
        quiet = [c for c in legal if not (row[best] >> c) & 1]
        undertaker = ctx.undertaker
        played = any(s == undertaker for s, _ in ctx.trick)
        if quiet and played:
            return min(quiet, key=lambda c: strength[c])
        if quiet:
            return max(quiet, key=lambda c: strength[c])
    return max(legal, key=lambda c: strength[c])


@cython.locals(ctx=PlayCtx)
def _catch_the_caller(ctx: PlayCtx, legal: list[int]) -> int:
    """An opponent of the caller: catch it if at all possible (its top card that beats the trick so far),
    else (leading, or nothing beats it) its lowest card, the one of most points among equally low."""
    t = ctx.t
    strength = t.strength(ctx.beats)
    if ctx.trick:
        row = ctx.row()
        best = _winning_card(ctx, row)
        beaters = [c for c in legal if (row[best] >> c) & 1]
        if beaters:
            return min(beaters, key=lambda c: strength[c])
    return max(legal, key=lambda c: (strength[c], t.points[c]))
