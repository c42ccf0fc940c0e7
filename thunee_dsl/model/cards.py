"""The deck of a ruleset as integer cards and bit masks.

A card is an int ``suit * len(ranks) + rank`` where rank 0 is the highest rank, so
within a suit a smaller number is a higher card (the usual ranking). A set of
cards -- a hand, the cards of a suit -- is an int bit mask (bit ``c`` = card ``c``),
which makes "the cards of the led suit in this hand" a single ``&``.

>>> deck = Deck(suits=("S", "H"), ranks=("J", "9", "A"), rank_points=(30, 20, 11))
>>> deck.card("9h"), deck.name(4), deck.points[deck.card("JS")]
(4, '9H', 30)
>>> deck.names_of(deck.suit_masks[1])
('JH', '9H', 'AH')

A deck may rank and count its cards otherwise in the trump suit (``deck.trumps``), and borrow a card into
the trump suit (Euchre's left bower: the Jack of the other suit of the trump's colour). The tables that
depend on the trump are built once, one row per trump suit and a last row for no trumps (``row(trump)``):

>>> euchre = Deck(suits=("S", "H", "D", "C"), ranks=("A", "K", "J"), rank_points=(0, 0, 0),
...               trump_order=(("J", False), ("J", True), ("A", False), ("K", False)),
...               colours=("black", "red", "red", "black"))
>>> hearts = euchre.row(1)
>>> euchre.names_of(euchre.suit_masks_for[hearts][1]), euchre.names_of(euchre.suit_masks_for[hearts][2])
(('AH', 'KH', 'JH', 'JD'), ('AD', 'KD'))
>>> euchre.suits[euchre.suit_of_for[hearts][euchre.card("JD")]], euchre.names_of(euchre.borrowed_for[hearts])
('H', ('JD',))
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Ranks people write in more than one way: the Ten is "T" in card names.
RANK_SPELLINGS = {"10": "T"}


def normalise_rank(rank: object) -> str:
    """'10' and 10 -> 'T', 9 -> '9', 'q' -> 'Q'."""
    text = str(rank).strip().upper()
    return RANK_SPELLINGS.get(text, text)


def iter_cards(mask: int):
    """The cards of a mask, lowest number (highest rank) first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True)
class Deck:
    suits: tuple[str, ...]
    ranks: tuple[str, ...]  # highest first
    rank_points: tuple[int, ...]
    # deck.trumps: the trump suit's order, highest first, each entry (rank, borrowed): borrowed is the card of
    # that rank of the other suit of the trump's colour (a left bower); None: trumps rank as the other suits
    trump_order: tuple[tuple[str, bool], ...] | None = None
    trump_rank_points: tuple[int, ...] | None = None  # deck.trumps.points, in the order of ``ranks``
    colours: tuple[str, ...] | None = None  # deck.colours: each suit's colour, in the order of ``suits``
    # deck.sequence_order: the rank indexes in the order runs are read, lowest first (None: deck.ranks upwards)
    sequence_order: tuple[int, ...] | None = None
    names: tuple[str, ...] = field(init=False)
    points: tuple[int, ...] = field(init=False)
    suit_of: tuple[int, ...] = field(init=False)
    rank_of: tuple[int, ...] = field(init=False)
    suit_masks: tuple[int, ...] = field(init=False)
    full_mask: int = field(init=False)
    _by_name: dict = field(init=False, repr=False, compare=False)
    # per row (each trump suit, then no trumps: ``row(trump)``): each card's suit for following (a borrowed
    # card is of the trump suit), the cards of each such suit, each card's points, each card's strength in
    # its suit (smaller is stronger), the cards borrowed into the trump suit
    suit_of_for: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    suit_masks_for: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    points_for: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    strength_for: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    borrowed_for: tuple[int, ...] = field(init=False, repr=False, compare=False)
    total_points: int = field(init=False, repr=False, compare=False)  # the pack's (trump points: the most)

    def __post_init__(self) -> None:
        n = len(self.ranks)
        size = n * len(self.suits)
        put = object.__setattr__
        put(self, "names", tuple(self.ranks[c % n] + self.suits[c // n] for c in range(size)))
        put(self, "points", tuple(self.rank_points[c % n] for c in range(size)))
        put(self, "suit_of", tuple(c // n for c in range(size)))
        put(self, "rank_of", tuple(c % n for c in range(size)))
        put(self, "suit_masks", tuple(((1 << n) - 1) << (s * n) for s in range(len(self.suits))))
        put(self, "full_mask", (1 << size) - 1)
        put(self, "_by_name", {name: c for c, name in enumerate(self.names)})
        rows = [self._trump_row(t) for t in range(len(self.suits))]
        plain = (self.suit_of, self.suit_masks, self.points, self.rank_of, 0)
        rows.append(plain)
        for name, i in (("suit_of_for", 0), ("suit_masks_for", 1), ("points_for", 2), ("strength_for", 3),
                        ("borrowed_for", 4)):
            put(self, name, tuple(row[i] for row in rows))
        put(self, "total_points", max(sum(points) for points in self.points_for))

    @property
    def trump_tables(self) -> bool:
        """Whether the trump suit ranks, counts or holds its cards otherwise than the other suits."""
        return self.trump_order is not None or self.trump_rank_points is not None

    def row(self, trump: int | None) -> int:
        """The index of the tables of a deal with this trump suit (None: no trumps, the last row)."""
        return len(self.suits) if trump is None else trump

    def other_suit_of_colour(self, suit: int) -> int | None:
        """The one other suit of ``suit``'s colour (where a borrowed card comes from), or None."""
        if self.colours is None:
            return None
        same = [s for s, colour in enumerate(self.colours) if colour == self.colours[suit] and s != suit]
        return same[0] if len(same) == 1 else None

    def _trump_row(self, trump: int) -> tuple:
        """The tables of a deal with ``trump`` trumps: (suit of each card, suit masks, points, strength,
        the borrowed cards)."""
        if not self.trump_tables:
            return (self.suit_of, self.suit_masks, self.points, self.rank_of, 0)
        n = len(self.ranks)
        suit_of, strength = list(self.suit_of), list(self.rank_of)
        points = list(self.points)
        order = self.trump_order or tuple((r, False) for r in self.ranks)
        other = self.other_suit_of_colour(trump)
        borrowed = 0
        for place, (rank, borrow) in enumerate(order):
            if borrow and other is None:
                continue  # nothing to borrow: the trump's colour has no one other suit
            card = (other if borrow else trump) * n + self.ranks.index(rank)
            suit_of[card] = trump
            strength[card] = place
            if borrow:
                borrowed |= 1 << card
            if self.trump_rank_points is not None:
                points[card] = self.trump_rank_points[self.ranks.index(rank)]
        masks = [0] * len(self.suits)
        for card, suit in enumerate(suit_of):
            masks[suit] |= 1 << card
        return tuple(suit_of), tuple(masks), tuple(points), tuple(strength), borrowed

    @property
    def size(self) -> int:
        return len(self.names)

    def card(self, text: object) -> int:
        """Parse a card name (case-insensitive, '10H' accepted); ValueError if not in this deck."""
        raw = str(text).strip().upper()
        if len(raw) >= 2:
            name = normalise_rank(raw[:-1]) + raw[-1]
            if name in self._by_name:
                return self._by_name[name]
        raise ValueError(f"'{text}' is not a card of this deck (cards are rank then suit, e.g. "
                         f"{self.names[0]}; ranks {' '.join(self.ranks)}, suits {' '.join(self.suits)})")

    def suit(self, text: object) -> int:
        raw = str(text).strip().upper()
        if raw in self.suits:
            return self.suits.index(raw)
        raise ValueError(f"'{text}' is not a suit of this deck (suits: {' '.join(self.suits)})")

    def card_of(self, suit: int, rank: int) -> int:
        return suit * len(self.ranks) + rank

    def name(self, card: int) -> str:
        return self.names[card]

    def names_of(self, mask: int) -> tuple[str, ...]:
        return tuple(self.names[c] for c in iter_cards(mask))

    def mask_of(self, cards) -> int:
        mask = 0
        for c in cards:
            mask |= 1 << c
        return mask


def beats_table(deck: Deck, trump: int | None, order: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """For each card b, the mask of cards that beat b when b is winning a trick.

    A card beats b if it is a trump and b is not, or if it is of b's suit and ranks higher (the suits and
    ranks of a deal with this trump: ``deck.trumps``'s order in the trump suit, a borrowed card in it).
    ``order`` gives the strength of each rank index (smaller is stronger); the default is
    the deck's own order, a reversed ranking passes another.
    """
    row = deck.row(trump)
    suit_of = deck.suit_of_for[row]
    strength = deck.strength_for[row] if order is None else tuple(order[r] for r in deck.rank_of)
    table = []
    for b in range(deck.size):
        sb = suit_of[b]
        mask = 0
        for c in range(deck.size):
            sc = suit_of[c]
            if sc == sb:
                if strength[c] < strength[b]:
                    mask |= 1 << c
            elif trump is not None and sc == trump:
                mask |= 1 << c
        table.append(mask)
    return tuple(table)


def cut_pack(cards: list, method: str, rng) -> tuple[list, tuple[int, ...]]:
    """Cut a pack (index 0 is the top card) the way ``method`` says, at places drawn from ``rng``.

    Returns the cut pack and the cut places, so a deal can record how it was cut.

    >>> import random
    >>> cut_pack(list("ABCDEF"), "table", random.Random(1))
    (['C', 'D', 'E', 'F', 'A', 'B'], (2,))
    """
    n = len(cards)
    if method == "none" or n < 3:
        return list(cards), ()
    if method == "ball cut three":
        a, b = sorted(rng.sample(range(1, n), 2))
        return cards[b:] + cards[a:b] + cards[:a], (a, b)  # three blocks, reassembled in reverse order
    k = rng.randrange(1, n)
    if method == "normal":
        return cards[-k:] + cards[:-k], (k,)  # a block from the bottom goes to the top
    return cards[k:] + cards[:k], (k,)  # table cut: the rest of the pack goes on the top block
