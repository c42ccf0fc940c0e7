"""The per-seat counts formulas read (``seat.suits_held``, ``seat.points_held`` ...): each a read-only
sequence by seat, worked out from the deal's hands when read (a deal makes each on first use, see
``Deal.suits_held`` ...)."""

from __future__ import annotations

from thunee_dsl.model.cards import iter_cards


class SeatCounts:
    """A read-only per-seat sequence computed from the hands (suits held, cards held)."""

    __slots__ = ("deal",)

    def __init__(self, deal):
        self.deal = deal

    def __getitem__(self, seat):  # pragma: no cover - each kind below has its own
        raise NotImplementedError


class SuitsHeld(SeatCounts):
    __slots__ = ()

    def __getitem__(self, seat):
        deal = self.deal
        return deal.t.suits_present(deal.hands[seat]).bit_count()


class CardsHeld(SeatCounts):
    __slots__ = ()

    def __getitem__(self, seat):
        return self.deal.hands[seat].bit_count()


class PointsHeld(SeatCounts):
    __slots__ = ()

    def __getitem__(self, seat):
        deal = self.deal
        deck = deal.r.deck
        points = deck.points_for[deck.row(deal.trump)]  # (a trump may count otherwise: deck.trumps)
        return sum(points[c] for c in iter_cards(deal.hands[seat]))


class MostOfARank(SeatCounts):
    __slots__ = ()

    def __getitem__(self, seat):
        hand, deck = self.deal.hands[seat], self.deal.r.deck
        counts = [0] * len(deck.ranks)
        for c in iter_cards(hand):
            counts[deck.rank_of[c]] += 1
        return max(counts)


class TopCardsHeld(SeatCounts):
    """In how many suits the seat holds the highest card of the deck's ranking."""

    __slots__ = ()

    def __getitem__(self, seat):
        hand, deck = self.deal.hands[seat], self.deal.r.deck
        return sum(1 for s in range(len(deck.suits)) if (hand >> deck.card_of(s, 0)) & 1)


class BeatableInLed(SeatCounts):
    """How many of the seat's cards of the suit led to the current trick a higher card of that suit still in
    play (not in a finished trick, not the seat's own) could beat: 0 when it holds only top cards of that
    suit, or none (pagat's "safe in suit X" for a late Thunee)."""

    __slots__ = ()

    def __getitem__(self, seat):
        deal = self.deal
        if not deal.trick:
            return 0
        t = deal.t
        suit = deal._led  # the suit led, as the deal's trump makes it (a borrowed card is a trump)
        hand = deal.hands[seat] & suit
        out = suit & ~hand
        for _, cards, _ in deal.tricks:
            for _, c in cards:
                out &= t.unbit[c]
        # the seat's cards below some card still out (by the plain ranking): those a higher card could beat
        return (hand & t.beaten_by_any(out)).bit_count()
