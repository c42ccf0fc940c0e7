"""The coach in the app's words: the hint for one seat (its view only), a deal analysed seeing every hand, and the
game's review (each seat's costliest decisions).

The library answers (:func:`thunee_dsl.players.hint.hint`, :mod:`thunee_dsl.simulation.review`); this module
only names the action in the game's words (the card as a card player says it, a button's own label), and runs
the slow analyses in the background (:data:`COACH`: a deal solved double dummy card by card takes seconds in pure
Python; the page polls and never waits on it).

>>> from thunee_dsl import shipped_ruleset
>>> from thunee_dsl.game import GameState
>>> game = GameState(shipped_ruleset("standard"), seed=4)
>>> answer = hint_answer(game, game.to_act, samples=3)
>>> answer.action in game.legal_actions() and answer.words[0].isupper()
True
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Callable

from thunee_dsl.editor.background import Cancelled, Runs
from thunee_dsl.editor.cards import card_label, suit_label
from thunee_dsl.editor.table import TableWords
from thunee_dsl.game.actions import Action
from thunee_dsl.model.words import seat_name
from thunee_dsl.players.hint import hint_from_view
from thunee_dsl.simulation.review import (Decision, costliest, dealt_again, decision_words, review_deal,
                                          review_words)

#: The analyses under way and done, by owner (a Playtest game's deal, its whole game).
COACH = Runs(keep=32)
#: The hints worked out ahead of a tap, by owner (a table's seat at one moment of its game).
HINTS = Runs(keep=64)
#: The deals a hint samples: the library's default (about 36 ms compiled, a tenth of a second pure on a quiet
#: machine).
HINT_SAMPLES = 8
CARD_VERBS = ("play", "discard")  # a hint naming a card of the hand: the card's button is highlighted


def card_words(card: str) -> str:
    """A card as a card player says it ("Jack of spades")."""
    return card_label(card).words


def suit_words(suit: str) -> str:
    """A suit as a card player says it ("spades")."""
    return suit_label(suit)[1]


@dataclass(frozen=True)
class HintAnswer:
    """What the Hint button says: ``words`` (the action in the game's words, ``said``, then why), and the card of
    the hand it names (None for something said: a call, a bid, a pass)."""

    action: Action
    words: str
    card: str | None = None
    said: str = ""  # the action in the game's words, the start of ``words`` (the page sets it in bold)


def action_words(ruleset, view, action: Action) -> str:
    """The action a hint names, as the page's buttons say it: "Play the Jack of spades", "Order it up", "Bid 160"."""
    if action.verb == "play":
        return f"Play the {card_words(action.arg)}"
    if action.verb == "discard":
        return f"Discard the {card_words(action.arg)}"
    if action.verb == "trump" and action.arg and len(str(action.arg)) > 1:  # a card placed face down
        return f"Make trumps with the {card_words(action.arg)} face down"
    return TableWords(ruleset, view.seat).say_label(action, view)


def _reason_in_words(reason: str, cards) -> str:
    """The library's reason with its card names ("the KD") as a player says them ("the King of diamonds")."""
    names = sorted({c for c in cards if c}, key=len, reverse=True)
    if not names:
        return reason
    pattern = re.compile(r"\bthe (" + "|".join(map(re.escape, names)) + r")\b")
    return pattern.sub(lambda m: f"the {card_words(m.group(1))}", reason)


def hint_answer(game, seat: int, samples: int = HINT_SAMPLES) -> HintAnswer:
    """The hint for ``seat`` from its own view (:func:`~thunee_dsl.players.hint.hint` reads ``game.view(seat)``
    alone: never the hidden cards)."""
    return view_hint_answer(game.ruleset, game.view(seat), samples)


def view_hint_answer(ruleset, view, samples: int = HINT_SAMPLES) -> HintAnswer:
    """:func:`hint_answer` from the seat's view itself (all the hint ever reads)."""
    found = hint_from_view(ruleset, view, samples=samples, words=lambda a: action_words(ruleset, view, a))
    said = action_words(ruleset, view, found.action)
    reason = _reason_in_words(found.reason, [a.arg for a in view.legal if a.verb in CARD_VERBS])
    card = found.action.arg if found.action.verb in CARD_VERBS or (
        found.action.verb == "trump" and found.action.arg and len(str(found.action.arg)) > 1) else None
    return HintAnswer(found.action, f"{said}: {reason}.", card, said)


def hint_soon(owner: str, ruleset, view, samples: int = HINT_SAMPLES):
    """The hint for ``view`` worked out in the background as soon as it is the seat's turn (:data:`HINTS`, one
    run per ``owner``: a table's seat at one moment), so that a tap on Hint shows it at once: the run, started
    once (a run that failed stays failed: its error is said, not tried again on every rerun)."""
    return HINTS.current(owner) or HINTS.start(owner, lambda progress: view_hint_answer(ruleset, view, samples),
                                               total=1)


def deal_review(game, number: int, from_trick: int | None = 1, to_trick: int | None = None, calls: bool = True,
                check=None):
    """Deal ``number`` (1-based, finished) of ``game`` reviewed seeing every hand (its score before it, and the
    deals scored before it: a hand size that goes by the deal); the cards of tricks ``from_trick`` to
    ``to_trick`` weighed, and ``calls`` (what was makeable, the calls said) too (see ``review_deal``)."""
    records = game.deals[:number]
    score = list(game.initial_score) if number == 1 else list(records[-2].score_after)
    played = sum(1 for r in records[:-1] if r.result is not None and not r.result.cancelled)
    # (from_trick None: the deal's last three tricks at its own hand size, review_deal's; every card of every
    # deal takes minutes in pure Python)
    return review_deal(game.ruleset, records[-1], number, score, from_trick, played, to_trick, calls, check)


def deal_lines(game, number: int, from_trick: int | None = None, seat_words: Callable[[int], str] = seat_name,
               team_words: Callable[[int], str] | None = None,
               earlier: str = "the earlier tricks were not") -> list[str]:
    """Deal ``number`` analysed seeing every hand, in :func:`review_words`' words (``replay --analyse``'s); the
    cards weighed from ``from_trick`` on (by default the last three tricks: then ``earlier`` says what became of
    the others); seats named by ``seat_words`` (Playtest's "you", "your partner" ...)."""
    return review_words(game.ruleset, deal_review(game, number, from_trick), card_words, seat_words, team_words,
                        suit_words, earlier)


#: A background weighing whose page has not asked after it for this long stops (the user left the page or
#: closed it; the page polls every second while it runs).
UNWATCHED = 60.0
#: What a deal weighed in its last tricks says of the earlier ones, while they are weighed and once the weighing
#: stopped before it ended (the page was left: the button asks again).
EARLIER_COMING = "the earlier tricks are being weighed"
EARLIER_LEFT = ("the earlier tricks were not: the weighing stopped when the page was left "
                "(Analyse this deal weighs them)")


def weigh_deal(game, number: int, progress, shown: dict, seat_words: Callable[[int], str] = seat_name,
               team_words: Callable[[int], str] | None = None) -> list[str]:
    """Deal ``number`` analysed in the background, every card in the end: its last three tricks first (the
    calls and what was makeable with them), their words put in ``shown["lines"]`` at once, then each earlier
    trick in turn, last first (``shown["trick"]`` the trick being weighed, of ``shown["tricks"]``), the words
    growing as the costs come. Stops (``Cancelled``) at the next card once the run is cancelled, or once the
    page has not set ``shown["seen"]`` (time.monotonic) for :data:`UNWATCHED` seconds; the words then say which
    tricks were weighed and that the earlier ones were not (:data:`EARLIER_LEFT`)."""
    shown.setdefault("seen", time.monotonic())

    def check() -> None:
        if time.monotonic() - shown["seen"] > UNWATCHED:
            raise Cancelled()
        progress(shown.get("done", 0), shown.get("total", 1))

    r = game.ruleset

    def words(review, earlier: str = EARLIER_COMING) -> list[str]:
        return review_words(r, review, card_words, seat_words, team_words, suit_words, earlier)

    review = deal_review(game, number, None, check=check)
    shown.update(lines=words(review), tricks=review.tricks, total=review.from_trick, done=1)
    try:
        for trick in range(review.from_trick - 1, 0, -1):
            shown["trick"] = trick
            earlier = deal_review(game, number, trick, trick, calls=False, check=check)
            review.costs[:0] = earlier.costs
            review.from_trick = trick
            shown.update(lines=words(review), done=shown["done"] + 1)
    except Cancelled:
        shown.update(lines=words(review, EARLIER_LEFT))  # (left before it ended: what was weighed, and what not)
        raise
    shown.pop("trick", None)
    return shown["lines"]


@dataclass(frozen=True)
class Position:
    """A moment of a finished deal, seeing every hand: the cards each seat held then, the trick so far, the
    tricks before it and the trumps (None while unknown)."""

    deal: int
    trick: int
    hands: tuple[tuple[str, ...], ...]
    in_trick: tuple[tuple[int, str], ...]
    tricks: tuple  # the finished tricks' (cards, winner)
    trump: str | None


def position(game, decision: Decision) -> Position:
    """Where ``decision`` was taken: its deal dealt again and played up to the card (before it is played), or to
    the start of its trick (a call makeable from there)."""
    records = game.deals[:decision.deal]
    score = list(game.initial_score) if decision.deal == 1 else list(records[-2].score_after)
    played = sum(1 for r in records[:-1] if r.result is not None and not r.result.cancelled)
    again = dealt_again(game.ruleset, records[-1], score, played)
    for action in records[-1].actions:
        deal = again.deal
        at_trick = len(deal.tricks) + 1
        if decision.kind == "card" and at_trick == decision.trick and action.verb == "play" and (
                action.seat, action.arg) == (decision.seat, decision.what):
            break
        if decision.kind != "card" and at_trick == decision.trick and not deal.trick and action.verb == "play":
            break  # the trick's first card: the call was on from here
        if deal.over:
            break
        again.apply(action)
    views = [again.view(s) for s in range(game.ruleset.seats)]
    v = views[decision.seat]
    return Position(decision.deal, decision.trick, tuple(tuple(x.hand) for x in views), tuple(v.trick),
                    tuple((tuple(t.cards), t.winner) for t in v.tricks), v.trump)


def game_review(game, from_trick: int | None = None, progress=None,
                seat_words: Callable[[int], str] = seat_name) -> dict[int, list[tuple[Decision, str]]]:
    """Each seat's costliest decisions over the game's finished deals, worst first, each with its words (seats
    named by ``seat_words``); ``progress(done, total)`` after each deal."""
    r = game.ruleset
    numbers = [n for n, record in enumerate(game.deals, 1) if record.result is not None]
    reviews = []
    for done, number in enumerate(numbers, 1):
        reviews.append(deal_review(game, number, from_trick))
        if progress is not None:
            progress(done, len(numbers))
    return {seat: [(d, decision_words(r, d, card_words, seat_words, suit_words)) for d in decisions]
            for seat, decisions in costliest(r, reviews).items()}


__all__ = ["COACH", "EARLIER_COMING", "EARLIER_LEFT", "HINTS", "HINT_SAMPLES", "HintAnswer", "Position", "action_words",
           "card_words", "deal_lines", "deal_review", "game_review", "hint_answer", "hint_soon", "position",
           "suit_words", "view_hint_answer", "weigh_deal"]
