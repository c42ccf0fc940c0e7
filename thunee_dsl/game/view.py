"""What one seat may see: its own hand, the table, the announcements -- never another hand.

In open face play (``deal.face_down``) the cards laid face up are on the table for everyone
(:attr:`SeatView.table`) and the face-down row cards are seen by nobody, not even their owner.

Bots and the app read only a :class:`SeatView`. The face-down trump card is shown to the
trump maker alone until it is turned up; the suit of a Jodie whose value the ruleset keeps
secret (the 30 Jodie) is hidden from everyone but the declarer. A card played face down while trumps are
closed (304's cut, ``play CARD down``) is shown as ``??`` to all but its player and the trump maker (to whom
the cut is passed) until it is turned up: a trump among them, at the end of its trick.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.actions import DOWN, Action
from thunee_dsl.game.slots import REMADE, DealSlots, TableSlots
from thunee_dsl.model.ruleset import TrumpWay

# The deal's state this rule owns (what the views keep of the deal); only this module writes it (game/slots.py)
STATE = {"_view_cache": REMADE}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal._view_cache = None


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
    turn_up: str | None = None  # the card turned up after the deal for all to see (deal.turn_up)
    sits_out: int | None = None  # the seat whose partner plays alone: its hand is laid face down, it plays no card
    undealt: int = 0  # how many cards of the pack were left after the deal (deal.undealt: a kitty, a stock)
    trump_round: int = 0  # the round of making trumps under way, or in which they were made (trumps.rounds; 0: none)
    # a closed trump shown (trumps.revealed: on demand): the trick it was shown in or after, and how ("asked", "cut",
    # "after a trick"), said aloud at the table; None while closed, or where trumps are shown otherwise
    trump_shown: tuple[int, str] | None = None


@cython.locals(deal=DealSlots, t=TableSlots)
@cython.locals(deal=DealSlots)
def forget(deal) -> None:
    """The cards the views were made from have changed (see Deal.forget_cached)."""
    deal._view_cache = None


def seat_view(game, seat: int) -> SeatView:
    deal = game.deal
    r = game.ruleset
    names = r.deck.names
    knows_trump = deal.trump is not None and (deal.trump_revealed or deal.trump_maker == seat)
    if deal.trump_way is TrumpWay.LAST_CARD and not deal.trump_revealed and deal.trump_maker == seat:
        knows_trump = deal.trump is not None  # known to the maker once the last card arrives
    t = deal.t
    # what does not change once done is kept with the deal: each action's text, each finished trick, and
    # per seat its history and declarations as last shown (see _seen_by)
    cache = deal._view_cache
    if cache is None:
        cache = deal._view_cache = ([], [], {})
    texts, seen_tricks, by_seat = cache
    actions = game.deals[-1].actions
    if len(texts) < len(actions):
        texts += map(str, actions[len(texts):])
    if len(seen_tricks) < len(deal.tricks):
        for lead, cards, w in deal.tricks[len(seen_tricks):]:
            seen_tricks.append(_new(TrickSeen, {"leader": lead, "cards": tuple((s, names[c]) for s, c in cards),
                                                "winner": w}))
    history, declared = _seen_by(deal, r, seat, actions, texts, by_seat)
    to_act = game.to_act
    is_over = game.is_over
    trump_card = deal.trump_card
    u, c = deal.undertaking, deal.claim
    # the view's fields written straight into its __dict__: a frozen dataclass's __init__ sets each of its
    # thirty-odd fields through object.__setattr__, which cost more than the rest of the view together
    state = {
        "seat": seat, "seats": r.seats, "teams": r.teams, "dealer": deal.dealer, "deal_number": len(game.deals),
        "score": tuple(game.score),
        "to_act": to_act if to_act == seat or is_over else deal.public_to_act,
        "legal": tuple(game.legal_actions()) if to_act == seat else (),
        "hand": t.names_of(deal.hands[seat] & ~deal.unseen),
        "unseen": (deal.hands[seat] & deal.unseen).bit_count(),
        "hand_sizes": tuple(map(int.bit_count, deal.hands)),
        "trump": r.deck.suits[deal.trump] if knows_trump else None,
        "trump_card": names[trump_card] if knows_trump and trump_card is not None else None,
        "trump_maker": deal.trump_maker, "trump_revealed": deal.trump_revealed,
        "call": deal.call, "calls": tuple(deal.calls),
        "undertaking": u.verb if u else None, "undertaker": deal.undertaker,
        "claim": c.verb if c else None, "claimer": deal.claimer,
        "sits_out": deal.sits_out,
        "declarations": declared,
        "trick": tuple((s, names[c]) for s, c in deal.trick),
        "tricks": tuple(seen_tricks),
        "team_cards": tuple(deal.team_cards), "team_tricks": tuple(deal.team_tricks),
        "history": history, "is_over": is_over, "winner": game.winner,
        "turn_up": None if deal.turn_up is None else names[deal.turn_up],
        "undealt": len(deal.undealt), "trump_round": deal.trump_round,
        "trump_shown": None if deal.trump_shown_by is None else (deal.trump_shown_at, deal.trump_shown_by),
    }
    state.update(_open_face(deal, t) if t.face_down else _NO_ROWS)
    if deal.played_down:  # cards played face down: hidden from this seat until turned up
        state["trick"] = _hide_down(deal, seat, state["trick"], False)
        state["tricks"] = tuple(_new(TrickSeen, {"leader": s.leader, "cards": _hide_down(deal, seat, s.cards, True),
                                                 "winner": s.winner}) for s in state["tricks"])
    return _new(SeatView, state)


HIDDEN = "??"  # a card another seat played face down, as a view shows it


def down_seen(deal, seat: int, player: int, card: int, finished: bool) -> bool:
    """Whether ``seat`` sees ``card``, played face down by ``player``: its own, the trump maker (the cut is
    passed to the trumper), or a trump turned up at the end of its trick (it showed trumps)."""
    return seat == player or seat == deal.trump_maker or (
        finished and deal.trump_revealed and (deal.t.trump_masks[deal.trump] >> card) & 1 == 1)


def _hide_down(deal, seat: int, cards: tuple, finished: bool) -> tuple:
    """``cards`` ((seat, name) of a trick) as ``seat`` sees them: a card played face down it may not see is ??."""
    down, card_of = deal.played_down, deal.t.card_of
    return tuple((s, name) if not (down >> card_of[name]) & 1 or down_seen(deal, seat, s, card_of[name], finished)
                 else (s, HIDDEN) for s, name in cards)


@cython.locals(deal=DealSlots)
def _seen_by(deal, r, seat: int, actions, texts: list, by_seat: dict) -> tuple[tuple, tuple]:
    """This deal's history as ``seat`` saw it and the declarations as shown to it, carried from the seat's
    last view: only the actions since are read. What decides how another seat's trump choice or
    declaration is shown (who made trumps, the trump card turned up, the declarations and their values) is
    the view's key: when it changed (a trump card turned up shows the face-down trump of earlier), those
    entries, and the declarations, are worked out again."""
    shown_trump = deal.trump_card if deal.trump_revealed else None
    # (with cards played face down, each trick's end may turn one up: the entries are worked out again)
    key = (deal.trump_maker, shown_trump, tuple(deal.declarations), len(deal.tricks) if deal.played_down else 0)
    kept = by_seat.get(seat)
    if kept is None:
        done, history, shown_at = 0, [], []
    else:
        old, done, history, declared, shown_at = kept
        if old == key:
            if done == len(actions):
                return history, declared
            history, shown_at = list(history), list(shown_at)
        else:
            history, shown_at = list(history), list(shown_at)
            for pos, i in shown_at:
                history[pos] = _shown(deal, r, actions[i], texts[i], shown_trump, seat)
            kept = None
    declaration_verbs = deal.t.declaration_of
    if kept is None:  # (the generator reads the untyped ``declaration_verbs``: it cannot capture ``deal``)
        declared = tuple(_new(Declared, {"seat": s, "verb": verb, "value": value,
                                         "suit": None if value in declaration_verbs[verb].suit_hidden_for
                                         and s != seat else r.deck.suits[suit]})
                         for s, verb, suit, value in key[2])
    for i in range(done, len(actions)):
        a = actions[i]
        verb = a.verb
        if a.seat == seat or verb == "play":
            history.append(texts[i])
        elif verb == "pass":
            continue  # declining is silent at the table (and would show who could have spoken)
        elif verb == "discard":
            history.append(f"{a.seat} discard ??")  # laid aside face down: the dealer alone knows it
        elif verb == "trump" and a.arg not in (None, "last") or verb in declaration_verbs or verb == DOWN:
            shown_at.append((len(history), i))
            history.append(_shown(deal, r, a, texts[i], shown_trump, seat))
        else:
            history.append(texts[i])
    history = tuple(history)
    by_seat[seat] = (key, len(actions), history, declared, tuple(shown_at))
    return history, declared


def _shown(deal, r, a, text: str, shown_trump: int | None, seat: int) -> str:
    """Another seat's trump choice (with a card), card played face down or declaration as ``seat`` sees it."""
    if a.verb == DOWN:
        card = deal.t.card_of[a.arg]
        finished = all(c != card for _, c in deal.trick)
        return text if down_seen(deal, seat, a.seat, card, finished) else f"{a.seat} play {HIDDEN} down"
    if a.verb == "trump":
        if a.seat == deal.trump_maker and shown_trump is not None and r.deck.names[shown_trump] == a.arg:
            return text
        if deal.trump_round and a.arg in r.deck.suits:
            return text  # a suit named aloud in a round of making trumps (trumps.rounds)
        return f"{a.seat} trump ??"  # face down, or taken back unseen after a call
    return text if _suit_shown(deal, r, a) else f"{a.seat} {a.verb} ??"


def _new(cls, state: dict):
    """An instance of the frozen dataclass ``cls`` with ``state`` as its fields: what ``cls(**state)`` makes,
    without its __init__ (``state`` holds every field)."""
    obj = _new_object(cls)
    obj.__dict__.update(state)
    return obj


_new_object = object.__new__
_NO_ROWS = {"table": (), "face_down": (), "covering": (), "laid_out": (), "turned_up": ()}
for _cls in (SeatView, Declared, TrickSeen):  # what _new relies on
    if hasattr(_cls, "__post_init__") or hasattr(_cls, "__slots__") or \
            any(f.default_factory is not MISSING for f in fields(_cls)):
        raise TypeError(f"view.py fills {_cls.__name__}'s __dict__: give it no __post_init__, slots or default factory")


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


def suit_seen(r, view: SeatView, card: str) -> str:
    """The suit of ``card`` (a name) as the seat of ``view`` sees it: of the trump suit it knows when that
    trump borrows it (deck.trumps: a left bower), else its own. Read for following suit and the void it shows.

    >>> from thunee_dsl import load_ruleset
    >>> view = SeatView.__new__(SeatView)
    >>> object.__setattr__(view, "trump", "H")
    >>> suit_seen(load_ruleset("standard"), view, "JD")
    'D'
    """
    deck = r.deck
    trump = deck.suits.index(view.trump) if view.trump is not None else None
    return deck.suits[deck.suit_of_for[deck.row(trump)][deck.card(card)]]
