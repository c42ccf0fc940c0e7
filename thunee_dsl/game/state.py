"""The game: deals one after another until it ends (a team reaches the target, the last deal of a game of a
number of deals, a side out of stones: :mod:`~thunee_dsl.game.match`, the game's end).

>>> from thunee_dsl import load_ruleset
>>> game = GameState(load_ruleset("standard"), seed=7)
>>> game.to_act, game.legal_actions()[0].verb
(1, 'trump')
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[-1])
>>> max(game.score) >= 12
True
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import call, itemgetter
from dataclasses import dataclass, field

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.errors import IllegalActionError
from thunee_dsl.game import match
from thunee_dsl.game.actions import Action
from thunee_dsl.game.deal import APPLIED, PASS, PASSED, Deal
from thunee_dsl.game.scoring import DealResult, score_deal
from thunee_dsl.game.tables import tables
from thunee_dsl.game.view import seat_view
from thunee_dsl.model.cards import cut_pack
from thunee_dsl.model.ruleset import FROM_UNDEALT, CallingStep, Cut, Ruleset


@dataclass
class DealRecord:
    """One deal as it happened: who dealt, the cards each seat received, what was done."""

    dealer: int
    hands: tuple[tuple[str, ...], ...]  # each seat's cards by name, in the order received (see _Dealt)
    actions: list[Action] = field(default_factory=list)
    result: DealResult | None = None
    score_after: tuple[int, ...] | None = None  # the game score once this deal was scored (after any deuce reset)
    silent: set = field(default_factory=set)  # indexes of actions that declined an announcement window
    cut: tuple | None = None  # (method, cut places) when the program shuffled and cut the pack
    deuce: bool = False  # this deal brought the scores to the deuce, and they went back to zero
    # a game of a rubber won by this deal: (side, value, says, row of game.game_value or -1, its final score); the
    # scores then start again (score_after)
    game_won: tuple | None = None
    undealt: tuple[str, ...] = ()  # the cards left after the deal, by name, in order (deal.undealt)


class _Dealt:
    """A shuffled deal's hands, named only when read: each seat's pack positions (``getters``) and the
    shuffled pack's picker (``pick``). Most deals of a simulation are never read by name, and naming
    them was a twentieth of a deal's end."""

    __slots__ = ("names", "getters", "pick")

    def __init__(self, names: tuple[str, ...], getters: tuple, pick):
        self.names, self.getters, self.pick = names, getters, pick

    def named(self) -> tuple[tuple[str, ...], ...]:
        return tuple(map(call, self.getters, repeat(self.pick(self.names))))


def _hands(record: DealRecord) -> tuple[tuple[str, ...], ...]:
    hands = record._hands
    if hands.__class__ is _Dealt:
        hands = record._hands = hands.named()
    return hands


def _set_hands(record: DealRecord, hands) -> None:
    record._hands = hands


# the field read through a property (the dataclass's __init__, repr, eq and replace go through it)
DealRecord.hands = property(_hands, _set_hands, doc="Each seat's cards by name, in the order received.")
_new_record = object.__new__


def _copy_record(record: DealRecord) -> DealRecord:
    """A copy of ``record`` whose actions and silent passes are its own (what ``replace`` makes, without
    going through the dataclass's fields and __init__)."""
    other = _new_record(DealRecord)
    other.__dict__.update(record.__dict__)
    other.actions = list(record.actions)
    other.silent = set(record.silent)
    return other


def check_start(ruleset, dealer, score) -> None:
    """A game's starting point as a caller wrote it: a TypeError or ValueError in words for a ruleset that is
    not one, a dealer that is not a seat, or a score that is not one whole number of balls per team (a
    library caller's mistake, never an IndexError from inside the first deal).

    >>> from thunee_dsl import load_ruleset
    >>> check_start(load_ruleset("standard"), 7, None)
    Traceback (most recent call last):
    ...
    ValueError: dealer: expected a seat number from 0 to 3, got 7
    """
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"ruleset: expected a compiled ruleset (thunee_dsl.load_ruleset), got {type(ruleset).__name__}")
    if type(dealer) is not int:
        raise TypeError(f"dealer: expected a seat number, got {type(dealer).__name__} {dealer!r:.40}")
    if not 0 <= dealer < ruleset.seats:
        raise ValueError(f"dealer: expected a seat number from 0 to {ruleset.seats - 1}, got {dealer}")
    if score is None:
        return
    if isinstance(score, (str, bytes)) or not hasattr(score, "__len__"):
        raise TypeError(f"score: expected one number of balls per team, got {type(score).__name__} {score!r:.40}")
    if len(score) != ruleset.teams or any(type(b) is not int for b in score):
        raise ValueError(f"score: expected {ruleset.teams} whole numbers of {ruleset.unit.plural} (one per "
                         f"{'player' if ruleset.sides_of_one else 'team'}), got {list(score)!r:.60}")


def check_seed(seed) -> None:
    """A game's seed is a whole number, or None for a new random game: ``random.Random`` would also take 7.0, "7"
    or b"7", each a different game from seed 7 (a TypeError in words, a library caller's mistake).

    >>> check_seed(7.0)
    Traceback (most recent call last):
    ...
    TypeError: seed: expected a whole number (or None for a new random game), got float 7.0
    """
    if seed is not None and type(seed) is not int:
        raise TypeError(f"seed: expected a whole number (or None for a new random game), got {type(seed).__name__} "
                        f"{seed!r:.40}")


def check_dealt(r: Ruleset, hands, undealt) -> None:
    """The cards a caller deals (``GameState.start_deal(hands, undealt)``) could have come from the pack of the
    deal's ruleset ``r``: a hand of ``r.hand_size`` cards for each seat, each card once, and the undealt cards
    where a card is turned up from them (deal.turn_up): the turn-up is their first, which the hands cannot tell,
    so it is refused rather than guessed. A ValueError in words (it crashed later, or played without trumps).

    >>> from thunee_dsl import load_ruleset
    >>> check_dealt(load_ruleset("standard"), [[0, 1]], ())
    Traceback (most recent call last):
    ...
    ValueError: hands: expected 4 hands (one per seat), got 1
    """
    size = r.deck.size
    if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__") or len(hands) != r.seats:
        raise ValueError(f"hands: expected {r.seats} hands (one per seat), got {_shown(hands)}")
    seen = set()

    def check_card(card, where: str) -> None:
        if type(card) is not int or not 0 <= card < size:
            raise ValueError(f"{where}: expected a card number from 0 to {size - 1} (ruleset.deck.card(name)), "
                             f"got {_shown(card)}")
        if card in seen:
            raise ValueError(f"{where}: {r.deck.names[card]} is dealt twice")
        seen.add(card)

    for seat, hand in enumerate(hands):
        if isinstance(hand, (str, bytes)) or not hasattr(hand, "__len__") or len(hand) != r.hand_size:
            raise ValueError(f"hands[{seat}]: expected {r.hand_size} cards (a hand in this deal of {r.name}), "
                             f"got {_shown(hand)}")
        for card in hand:
            check_card(card, f"hands[{seat}]")
    if isinstance(undealt, (str, bytes)) or not hasattr(undealt, "__len__") or len(undealt) > r.undealt:
        raise ValueError(f"undealt: expected at most the {r.undealt} cards {r.name} leaves after the deal, got "
                         f"{_shown(undealt)}")
    if not undealt and r.undealt and r.turn_up in FROM_UNDEALT:
        raise ValueError(f"undealt: {r.name} turns up the first of the {r.undealt} cards left after the deal "
                         f"({r.turn_up}): give them, in order, with the hands (start_deal(hands, undealt))")
    for card in undealt:
        check_card(card, "undealt")


def _shown(value) -> str:
    """A caller's value in a message, kept short."""
    return f"{type(value).__name__} {value!r:.60}"


# the attributes of a game that are C fields in the compiled build (state.pxd: the same names), read at every
# action; GameState.clone copies them by name
STATE_FIELDS = ("deal", "history", "_record", "is_over")


class GameState:
    """A game in progress.

    ``to_act`` is the seat that must decide now and ``legal_actions()`` its choices (in an
    announcement window these include ``pass``). ``apply(action)`` also accepts an offence
    the ruleset penalises (a revoke, say): it is scored as the ruleset says.

    Compiled (state.pxd), it is an extension type whose attributes read at every action (``STATE_FIELDS``)
    are C fields; the others are in its ``__dict__`` as usual (any attribute may still be set on a game).
    """

    def __init__(self, ruleset: Ruleset, seed: int | None = None, dealer: int = 0,
                 score: tuple[int, ...] | list[int] | None = None, auto_deal: bool = True):
        self._record = None  # the record of the deal in play (self.deals[-1])
        check_start(ruleset, dealer, score)
        check_seed(seed)
        self.ruleset = ruleset
        self.seed = seed
        self._rng = random.Random(seed)
        self._rng_shared = False  # the random source is shared with clones, frozen until copied (see rng)
        self.first_dealer = dealer
        self.dealer = dealer
        self.auto_deal = auto_deal
        self.deals: list[DealRecord] = []
        self.history: list[Action] = []
        # the game's end's part (match.GAME_STATE): the score, the winner or a tie, the deals played ...
        match.begin(self, score)
        self.deal: Deal | None = None
        if auto_deal:
            self.start_deal()

    @property
    def rng(self) -> random.Random:
        """The game's random source (shuffles, cuts, draws). A clone shares its original's until either
        uses it: then that one takes its own copy of the state (copying up front cost a bot's search
        about a twentieth of its claim checks)."""
        rng = self._rng
        if self._rng_shared:
            rng = self._rng = _copy_random(rng)
            self._rng_shared = False
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng, self._rng_shared = rng, False

    # -- dealing ------------------------------------------------------------------------
    def shuffled_hands(self) -> list[list[int]]:
        """Shuffle the deck and deal it batch by batch, starting with the first receiver."""
        return self._shuffled(tables(self.ruleset))[0]

    def _shuffled(self, t) -> tuple[list[list[int]], tuple | None, list[int]]:
        """shuffled_hands(), each seat's pack positions (an itemgetter per seat, or None) and the pack (``t``:
        the ruleset's tables)."""
        r = self.ruleset
        cards = list(t.pack)
        rng = self.rng
        if type(rng) is random.Random:
            t.shuffle(rng.getrandbits, cards)  # the same permutation and random stream as rng.shuffle
        else:
            rng.shuffle(cards)
        if r.cut is not Cut.NONE:
            cards, self.last_cut = cut_pack(cards, r.cut, rng)
        first = t.first_receiver_of[self.dealer % t.seats]
        getters = t.receive[first]
        if getters is not None:  # each seat's cards in the order received, picked in one call
            return list(map(list, map(call, getters, repeat(cards)))), getters, cards
        order: list[list[int]] = [[] for _ in range(t.seats)]
        for seat, start, end in t.deal_slices[first]:
            order[seat] += cards[start:end]
        return order, None, cards

    def start_deal(self, hands: list[list[int]] | None = None, undealt=()) -> None:
        """Begin the next deal, with the given cards (each seat's, in the order received, and those left
        undealt) or shuffled."""
        if self.is_over:
            raise IllegalActionError("the game is over", ())
        self.last_cut = ()
        r = self.ruleset
        if r.hand_sizes:  # a hand size by deal (deal.hand_sizes): the deal is played by the ruleset of its size
            r = r.for_deal(self.deals_played + 1)
        t = tables(r)
        getters = None
        if hands is None:
            order, getters, pack = self._shuffled(t)  # new lists: the deal may keep them
            if r.undealt:  # the cards after those dealt (deal.undealt)
                undealt = tuple(pack[r.seats * r.hand_size:r.seats * r.hand_size + r.undealt])
        else:
            check_dealt(r, hands, undealt)
            order = [list(c) for c in hands]
        names = r.deck.names
        bits = None
        if getters is not None:
            # each seat's bits picked the way its cards were (each getter called in C: no Python loop); the
            # names only when the record is read (_Dealt)
            pick = itemgetter(*pack)
            bits = list(map(call, getters, repeat(pick(t.bit))))
            names = _Dealt(names, getters, pick)
        else:
            # itemgetter picks a hand's names in one call (it gives a bare item, not a tuple, for one card)
            names = tuple([itemgetter(*cards)(names) if len(cards) > 1 else tuple(names[c] for c in cards)
                           for cards in order])
        self._record = DealRecord(self.dealer, names, cut=(str(r.cut), self.last_cut) if self.last_cut else None)
        if undealt:
            undealt = tuple(undealt)
            self._record.undealt = tuple(r.deck.names[c] for c in undealt)
        self.deals.append(self._record)
        deal = self.deal = Deal(r, self.dealer, order, tuple(self.score), self.target, self.corner_house, bits,
                                undealt, self.deals_played + 1)
        deal.start()
        if deal.over:
            self._after_move()

    # -- what may be done ---------------------------------------------------------------
    @property
    def winner(self) -> int | None:
        return self._winner

    @winner.setter
    def winner(self, team: int | None) -> None:
        self._winner = team
        # a plain attribute: read once per action by every driver loop (a tie ends the game with no winner:
        # match sets is_over itself)
        self.is_over = team is not None

    @property
    def to_act(self) -> int | None:
        return None if self.deal is None or self.is_over else self.deal.to_act

    @cython.locals(deal=Deal)
    def legal_actions(self):
        """The actions of the seat to act: a tuple shared until the next change (read it, do not
        modify it); ``[]`` once the game is over or before the first deal."""
        deal = self.deal
        if deal is None:  # no deal yet (tested first: compiled, the deal's fields are read as C fields)
            return []
        legal = deal._legal  # the deal caches its legal actions until the next change (Deal.legal_actions)
        return deal._compute_legal() if legal is None else legal

    def can_apply(self, action: Action) -> bool:
        action = as_action(action)
        return action in self.legal_actions() or self.offence_of(action) is not None

    def offence_of(self, action: Action) -> str | None:
        """The penalised offence that ``action`` would commit now, or None."""
        if action.__class__ is not Action:
            action = as_action(action)
        if self.deal is None or self.is_over:
            return None
        return self.deal.offence_of(action)

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the legal actions unless ``action`` can be applied."""
        if self.can_apply(action):
            return
        legal = self.legal_actions()
        raise IllegalActionError(f"{action} is not allowed now ({self.explain_illegal(action)})", tuple(legal))

    def explain_illegal(self, action: Action) -> str:
        """A short reason, in the game's words, why ``action`` cannot be applied now (the legality check
        of its action family, see Deal.why_not)."""
        action = as_action(action)
        if self.is_over:
            return "the game is over"
        if self.deal is None:
            return "no deal in progress"
        return self.deal.why_not(action) or f"'{action.verb}' is not possible at this point"

    # -- doing it -----------------------------------------------------------------------
    @cython.locals(deal=Deal)
    def apply(self, action: Action) -> Action:
        """Apply an action and return it as recorded. Raises IllegalActionError otherwise."""
        deal = self.deal
        if deal is None:  # (tested first: compiled, apply_if_legal is a C call, which None cannot take)
            as_action(action)  # a text that is not an action is refused in words first
            raise IllegalActionError("no deal in progress", ())
        try:
            done = deal.apply_if_legal(action)  # (nothing is legal once the game is over: its last deal is)
        except AttributeError:
            # its first read is the action's _fast: text (or anything else) is not an Action (checked here
            # rather than before every action: a decision's check costs a twentieth)
            if isinstance(action, Action):
                raise  # (from inside the engine: not the caller's input)
            try:
                action = as_action(action)
            except IllegalActionError as refusal:
                raise refusal from None  # (the caller's input, said in words: not chained to the failed read)
            done = deal.apply_if_legal(action)
        if done == APPLIED:
            self.history.append(action)
            self._record.actions.append(action)
        else:
            record = self._record
            if done == PASSED:
                record.silent.add(len(record.actions))
            else:
                if self.is_over:
                    raise IllegalActionError("the game is over", ())
                offence = deal.offence_of(action)
                if offence is None:
                    self.verify(action)
                deal.commit_offence(action, offence)
            self.history.append(action)
            record.actions.append(action)
        if deal.over:
            self._after_move()
        return action

    def clone(self) -> "GameState":
        """An independent copy of the game as it stands (its deal, records, score and random source):
        playing on in either leaves the other as it was. Cheaper than replaying the actions into a new
        game (:meth:`from_actions`), which is what search bots do with sampled deals.

        >>> from thunee_dsl import load_ruleset
        >>> game = GameState(load_ruleset("standard"), seed=3)
        >>> copy = game.clone()
        >>> _ = copy.apply(copy.legal_actions()[0])
        >>> len(copy.history), len(game.history), copy.legal_actions() != game.legal_actions()
        (1, 0, True)
        """
        other = _new_game(GameState)
        vars(other).update(vars(self))  # (compiled, vars(): Cython refuses a read of self.__dict__)
        # (compiled, the attributes of STATE_FIELDS are C fields, not in __dict__: copied by name)
        other._record, other.is_over = self._record, self.is_over
        self._rng_shared = other._rng_shared = True  # nobody draws from it until they copy it (see rng)
        other.score = list(self.score)
        other.history = list(self.history)
        # the records of scored deals are shared: nothing changes them once their deal is scored (playing on
        # writes only the record of the deal in play), and a game's clone would otherwise copy every one
        other.deals = deals = self.deals.copy()
        if deals and deals[-1].result is None:
            deals[-1] = _copy_record(deals[-1])
        if deals and self._record is self.deals[-1]:
            other._record = deals[-1]  # the record of the deal in play
        other.deal = self.deal.clone() if self.deal is not None else None
        return other

    def pass_window(self) -> bool:
        """Let the polled seat of an open announcement window pass; False if no window is open."""
        if self.deal is None or self.deal.window is None:
            return False
        self.apply(Action(self.deal.window.seat, PASS))
        return True

    def _after_move(self) -> None:
        deal = self.deal
        record = self._record if self.deals else None
        if deal is None or not deal.over or record is None or record.result is not None:
            return
        result = record.result = score_deal(deal)
        was_after_deuce = self.after_deuce
        match.deal_scored(self, result, deal)  # the score added (or moved), the game's end, the next dealer
        record.score_after = tuple(self.score)
        record.deuce = self.after_deuce and not was_after_deuce
        if self.game_won is not None:
            record.game_won = self.game_won
        deal.release()
        if self.auto_deal and not self.is_over:
            self.start_deal()

    @property
    def target(self) -> int | None:
        """Balls needed to win now (raised once a call named in ``game.raised_target`` is made); None in a game
        without a target (a number of deals, or stones)."""
        game = self.ruleset.game
        return game.raised_target if self.raised else game.target

    @property
    def corner_house(self) -> int | None:
        game = self.ruleset.game
        return game.raised_corner_house if self.raised else game.corner_house

    # -- reading ------------------------------------------------------------------------
    @property
    def results(self) -> list[DealResult]:
        return [d.result for d in self.deals if d.result is not None]

    def view(self, seat: int):
        """What ``seat`` may see (see :mod:`thunee_dsl.game.view`)."""
        return seat_view(self, seat)  # (imported with the module: an import here cost a quarter of a view)

    def to_transcript(self) -> dict:
        """The game so far in the transcript format (declined announcements left out: windows close by
        themselves; a pass in turn-based bidding is an action of its own and stays)."""
        deals = []
        # with a calling step that comes again, a call could be read back in an earlier calling than it was
        # made in: every pass is kept (the record exactly), so that each call replays where it was made
        # (a later bidding needs none of this: its bids and passes are turns, always kept)
        again = any(type(step) is CallingStep and step.again for step in self.ruleset.steps)
        for rec in self.deals:
            deals.append({
                "dealer": rec.dealer,
                "hands": {seat: list(cards) for seat, cards in enumerate(rec.hands)},
                "actions": [str(a) for i, a in enumerate(rec.actions) if again or i not in rec.silent],
            })
            if rec.undealt:  # the kitty or stock (deal.undealt): its first card may be the turn-up
                deals[-1]["undealt"] = list(rec.undealt)
        return {"ruleset": self.ruleset.name, "dealer": self.first_dealer, "score": list(self.initial_score),
                **self._taken_up_at(), "deals": deals}

    def _taken_up_at(self) -> dict:
        """What a transcript says of a game taken up later (match.resume), besides its score: ``deals_played``
        in a game of a number of deals, ``games`` and ``game_points`` in a rubber, each only where it is not
        the start's. Worked out back from the game now and the deals recorded since, so that a game however
        started (a transcript, a review's deal dealt again) says where it was taken up."""
        g, said = self.ruleset.game, {}
        scored = [rec for rec in self.deals if rec.result is not None]
        played = self.deals_played - sum(not rec.result.cancelled for rec in scored)
        if g.deals is not None and played > 0:  # (the hand size goes by it: deal.hand_sizes)
            said["deals_played"] = played
        if g.rubber is not None:
            games, points = list(self.games), list(self.game_points)
            for rec in scored:
                if rec.game_won is not None:
                    side, value = rec.game_won[:2]
                    games[side] -= 1
                    points[side] -= value
            if any(games):
                said["games"] = games
            if any(points):
                said["game_points"] = points
        return said

    @classmethod
    def from_actions(cls, ruleset: Ruleset, actions, seed: int | None = None, dealer: int = 0,
                     score=None) -> "GameState":
        """Rebuild a game from its seed and actions (how undo works: replay all but the last)."""
        game = cls(ruleset, seed=seed, dealer=dealer, score=score)
        for action in actions:
            game.apply(action)
        return game


_new_game = GameState.__new__  # (compiled, an extension type: object.__new__ refuses it)


def _copy_random(rng: random.Random) -> random.Random:
    """A random source in ``rng``'s state (made without seeding it from the system first)."""
    kind = type(rng)
    other = kind.__new__(kind)
    other.setstate(rng.getstate())
    return other




def as_action(action) -> Action:
    """``action`` itself, or the Action its text ``"SEAT VERB [ARGUMENT]"`` parses to; anything else is refused
    with :class:`IllegalActionError` (a library caller's mistake said in words, never an error deep inside)."""
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        try:
            return Action.parse(action)
        except ValueError as err:
            raise IllegalActionError(str(err), ()) from None
    raise IllegalActionError(f"not an action: {action!r} (an Action, or text such as '2 play JH')", ())
