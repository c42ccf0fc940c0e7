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
    names: tuple[str, ...] = field(init=False)
    points: tuple[int, ...] = field(init=False)
    suit_of: tuple[int, ...] = field(init=False)
    rank_of: tuple[int, ...] = field(init=False)
    suit_masks: tuple[int, ...] = field(init=False)
    full_mask: int = field(init=False)
    _by_name: dict = field(init=False, repr=False, compare=False)

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

    @property
    def size(self) -> int:
        return len(self.names)

    @property
    def total_points(self) -> int:
        return sum(self.points)

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

    A card beats b if it is a trump and b is not, or if it is of b's suit and ranks higher.
    ``order`` gives the strength of each rank index (smaller is stronger); the default is
    the deck's own order, a reversed ranking passes another.
    """
    n = len(deck.ranks)
    strength = order if order is not None else tuple(range(n))
    table = []
    for b in range(deck.size):
        sb = deck.suit_of[b]
        mask = 0
        for c in range(deck.size):
            sc = deck.suit_of[c]
            if sc == sb:
                if strength[deck.rank_of[c]] < strength[deck.rank_of[b]]:
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
