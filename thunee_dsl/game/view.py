"""What one seat may see: its own hand, the table, the announcements -- never another hand.

In open face play (``deal.face_down``) the cards laid face up are on the table for everyone
(:attr:`SeatView.table`) and the face-down row cards are seen by nobody, not even their owner.

Bots and the app read only a :class:`SeatView`. The face-down trump card is shown to the
trump maker alone until it is turned up; the suit of a Jodie whose value the ruleset keeps
secret (the 30 Jodie) is hidden from everyone but the declarer.
"""

from __future__ import annotations

from dataclasses import dataclass

from thunee_dsl.game.actions import Action


@dataclass(frozen=True)
class Declared:
    seat: int
    verb: str
    value: int
    suit: str | None  # None when hidden from this seat


@dataclass(frozen=True)
class TrickSeen:
    leader: int
    cards: tuple[tuple[int, str], ...]  # (seat, card) in play order
    winner: int | None


@dataclass(frozen=True)
class SeatView:
    seat: int
    seats: int
    teams: int
    dealer: int
    deal_number: int
    score: tuple[int, ...]
    to_act: int | None
    legal: tuple[Action, ...]  # empty unless this seat is to act
    hand: tuple[str, ...]
    unseen: int  # face-down cards this seat holds but may not look at yet (Blind Thunee)
    hand_sizes: tuple[int, ...]
    trump: str | None  # None while unknown to this seat
    trump_card: str | None  # the face-down card, once this seat may know it
    trump_maker: int | None
    trump_revealed: bool
    call: int
    calls: tuple[tuple[int, int], ...]
    undertaking: str | None
    undertaker: int | None
    claim: str | None
    claimer: int | None
    declarations: tuple[Declared, ...]
    trick: tuple[tuple[int, str], ...]
    tricks: tuple[TrickSeen, ...]
    team_cards: tuple[int, ...]
    team_tricks: tuple[int, ...]
    history: tuple[str, ...]  # this deal's actions as this seat saw them
    is_over: bool
    winner: int | None
    # open face play: every seat's face-up cards (seen by all, playable by their owner), how many
    # face-down row cards each seat still has (seen by nobody), and which face-up cards lie on one
    table: tuple[tuple[str, ...], ...] = ()
    face_down: tuple[int, ...] = ()
    covering: tuple[tuple[str, ...], ...] = ()
    laid_out: tuple[tuple[str, ...], ...] = ()  # the cards each seat laid on its row, in the row's order
    turned_up: tuple[tuple[int, int, str], ...] = ()  # (tricks played, seat, card) of each card turned up


def seat_view(game, seat: int) -> SeatView:
    deal = game.deal
    r = game.ruleset
    names = r.deck.names
    knows_trump = deal.trump is not None and (deal.trump_revealed or deal.trump_maker == seat)
    if deal.trump_way == "last card" and not deal.trump_revealed and deal.trump_maker == seat:
        knows_trump = deal.trump is not None  # known to the maker once the last card arrives
    t = deal.t
    declared = []
    for s, verb, suit, value in deal.declarations:
        decl = t.declaration_of[verb]
        hidden = value in decl.suit_hidden_for and s != seat
        declared.append(Declared(s, verb, value, None if hidden else r.deck.suits[suit]))
    # what does not change once done is kept with the deal: each action's text, each finished trick
    cache = deal._view_cache
    if cache is None:
        cache = deal._view_cache = ([], [])
    texts, seen_tricks = cache
    actions = game.deals[-1].actions
    for a in actions[len(texts):]:
        texts.append(str(a))
    for lead, cards, w in deal.tricks[len(seen_tricks):]:
        seen_tricks.append(TrickSeen(lead, tuple((s, names[c]) for s, c in cards), w))
    history = []
    shown_trump = deal.trump_card if deal.trump_revealed else None
    declaration_verbs = t.declaration_of
    for i, a in enumerate(actions):
        verb = a.verb
        if a.seat == seat or verb == "play":
            history.append(texts[i])
        elif verb == "pass":
            continue  # declining is silent at the table (and would show who could have spoken)
        elif verb == "trump" and a.arg not in (None, "last") and \
                not (a.seat == deal.trump_maker and shown_trump is not None and names[shown_trump] == a.arg):
            history.append(f"{a.seat} trump ??")  # face down, or taken back unseen after a call
        elif verb in declaration_verbs:
            history.append(texts[i] if _suit_shown(deal, r, a) else f"{a.seat} {a.verb} ??")
        else:
            history.append(texts[i])
    return SeatView(
        seat=seat, seats=r.seats, teams=r.teams, dealer=deal.dealer, deal_number=len(game.deals),
        score=tuple(game.score),
        to_act=game.to_act if game.to_act == seat or game.is_over else deal.public_to_act,
        legal=tuple(game.legal_actions()) if game.to_act == seat else (),
        hand=t.names_of(deal.hands[seat] & ~deal.unseen),
        unseen=(deal.hands[seat] & deal.unseen).bit_count(),
        hand_sizes=tuple(h.bit_count() for h in deal.hands),
        trump=r.deck.suits[deal.trump] if knows_trump else None,
        trump_card=names[deal.trump_card] if knows_trump and deal.trump_card is not None else None,
        trump_maker=deal.trump_maker, trump_revealed=deal.trump_revealed,
        call=deal.call, calls=tuple(deal.calls),
        undertaking=deal.undertaking.verb if deal.undertaking else None, undertaker=deal.undertaker,
        claim=deal.claim.verb if deal.claim else None, claimer=deal.claimer,
        declarations=tuple(declared),
        trick=tuple((s, names[c]) for s, c in deal.trick),
        tricks=tuple(seen_tricks),
        team_cards=tuple(deal.team_cards), team_tricks=tuple(deal.team_tricks),
        history=tuple(history), is_over=game.is_over, winner=game.winner,
        **_open_face(deal, t),
    )


def _open_face(deal, t) -> dict:
    """The face-up and face-down table cards of open face play (nothing for a ruleset without rows)."""
    if not t.face_down:
        return {}
    covers, bit = deal.covers, t.bit
    return {
        "table": tuple(t.names_of(up & hand) for up, hand in zip(deal.face_up, deal.hands)),
        "face_down": tuple(m.bit_count() for m in deal.face_down),
        "covering": tuple(t.names_of(sum(bit[c] for c in covers if hand & bit[c])) for hand in deal.hands),
        "laid_out": tuple(tuple(t.names[c] for c in laid) for laid in deal.laid),
        "turned_up": tuple((when, seat, t.names[c]) for when, seat, c in deal.turned),
    }


def _suit_shown(deal, r, action) -> bool:
    for s, verb, suit, value in deal.declarations:
        if s == action.seat and verb == action.verb and r.deck.suits[suit] == action.arg:
            return value not in deal.t.declaration_of[verb].suit_hidden_for
    return True
