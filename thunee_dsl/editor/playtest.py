"""A game for one person against bots: the engine behind the Playtest page.

The person holds one seat and sees only that seat's :class:`~thunee_dsl.game.view.SeatView`; bots from
:data:`thunee_dsl.players.BOTS` play the other seats, each seeing only its own view. The whole game is
its seed and its list of actions, so undo rebuilds it (as :meth:`GameState.from_actions` does) without the
person's last decision and the bots' answers to it. A finished deal stays on the table, scored and
explained, until the person asks for the next one.

>>> from thunee_dsl import shipped_ruleset
>>> pt = Playtest.start(shipped_ruleset("standard"), seat=0, seed=7)
>>> pt.view().to_act == 0 and len(pt.view().legal) > 0
True
>>> first = pt.view().legal[0]
>>> _ = pt.act(first)
>>> pt.undo()
True
>>> pt.view().legal[0] == first
True
"""

from __future__ import annotations

import io
import json
import random
import re
import threading
import uuid
import zipfile
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from thunee_dsl.editor.storage import slug
from thunee_dsl.errors import ThuneeDslError
from thunee_dsl.game.actions import Action
from thunee_dsl.game.replay import STOP, pass_until
from thunee_dsl.game.scoring import DealResult
from thunee_dsl.game.state import GameState, check_seed
from thunee_dsl.game.view import HIDDEN, SeatView
from thunee_dsl.loading import rulesets_dir
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.players import BOTS, make_bot

#: Options given to a bot by name (the random bot speaks one time in ten, as in ``thunee-dsl play``).
BOT_OPTIONS = {"random": {"speak": 0.1}}
MAX_BOT_MOVES = 5000
_PLAIN = re.compile(r"[0-9]+ [a-z][a-z-]*( [A-Za-z0-9]+)?\Z")  # an action YAML reads as the same plain text  # a safety net: bots never need this many moves to reach the person's turn


def bot_names() -> list[str]:
    """The bots one can play against (the registry's names)."""
    return sorted(BOTS)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


class PlaytestTables:
    """Games under way, by the id the Playtest page keeps in its address (``?game=...``): a reload, or a
    phone's browser that dropped the tab while it was in the background, finds its game again instead of
    a new deal. The ``keep`` most recently played games are kept; the oldest go first.

    >>> tables = PlaytestTables(keep=2)
    >>> tables.put("a", 1); tables.put("b", 2); tables.put("a", 3); tables.put("c", 4)
    >>> tables.get("a"), tables.get("b"), tables.get("c")
    (3, None, 4)
    """

    def __init__(self, keep: int = 64):
        self.keep = keep
        self._games: OrderedDict[str, object] = OrderedDict()
        self._lock = threading.Lock()  # each browser session runs the page in a thread of its own

    @staticmethod
    def new_id() -> str:
        return uuid.uuid4().hex[:12]

    def put(self, key: str, game) -> None:
        with self._lock:
            self._games[key] = game
            self._games.move_to_end(key)
            while len(self._games) > self.keep:
                self._games.popitem(last=False)

    def get(self, key: str | None):
        with self._lock:
            return self._games.get(key) if key else None


#: The games of everyone using this app server.
TABLES = PlaytestTables()


@dataclass
class Playtest:
    """One person's game. Build it with :meth:`start`; change it only with :meth:`act`, :meth:`undo`
    and :meth:`next_deal`."""

    ruleset: Ruleset
    seat: int
    seed: int
    bots: tuple[str, ...]  # the bot's name for each seat (the person's entry is unused)
    dealer: int = 0
    score: tuple[int, ...] | None = None  # balls before the first deal
    first_hands: tuple[tuple[str, ...], ...] | None = None  # the first deal's cards, when not shuffled
    actions: list[Action] = field(default_factory=list)
    deal_of: list[int] = field(default_factory=list)  # the deal (1-based) each action was taken in
    started: int = 1  # deals started
    game: GameState | None = field(default=None, repr=False)
    _bots: dict = field(default_factory=dict, repr=False)

    # -- making one -------------------------------------------------------------------------
    @classmethod
    def start(cls, ruleset: Ruleset, seat: int = 0, seed: int | None = None, bots="random",
              dealer: int = 0, first_hands=None) -> "Playtest":
        """A new game; the bots play until it is the person's turn. ``first_hands``: each seat's cards of the
        first deal by name, in the order received (the rest of the pack dealt from the seed), else shuffled."""
        if not 0 <= seat < ruleset.seats:
            raise ValueError(f"seat must be 0 to {ruleset.seats - 1}")
        names = (bots,) * ruleset.seats if isinstance(bots, str) else tuple(bots)
        if len(names) != ruleset.seats:
            raise ValueError(f"one bot per seat: {ruleset.seats} names")
        for name in names:
            if name not in BOTS:
                raise ValueError(f"unknown bot '{name}' (known: {', '.join(bot_names())})")
        check_seed(seed)  # a whole number: int() would make 7.9 seed 7 and "7" seed 7 silently
        if first_hands is not None:
            first_hands = tuple(map(tuple, first_hands))
        pt = cls(ruleset, seat, new_seed() if seed is None else seed, names, dealer, first_hands=first_hands)
        pt._rebuild()
        pt._advance()
        return pt

    def _fresh_game(self) -> GameState:
        game = GameState(self.ruleset, seed=self.seed, dealer=self.dealer, score=self.score, auto_deal=False)
        if self.first_hands is not None:
            deck, first = self.ruleset.deck, self.ruleset.for_deal(1)  # (the first deal's hand size)
            hands = [[deck.card(c) for c in hand] for hand in self.first_hands]
            # the cards left after the deal (a turn-up, a kitty: the engine refuses to guess them) are the rest
            # of the pack, in the seed's order: the same every time the game is rebuilt (undo)
            rest = sorted(set(range(deck.size)).difference(*hands))
            game.rng.shuffle(rest)
            game.start_deal(hands, rest[:first.undealt])
        else:
            game.start_deal()
        return game

    def _rebuild(self) -> None:
        """The game from its seed and actions (how undo works)."""
        game = self._fresh_game()
        for action, deal in zip(self.actions, self.deal_of):
            while len(game.deals) < deal:
                game.start_deal()
            game.apply(action)
        while len(game.deals) < self.started and game.deal.over and not game.is_over:
            game.start_deal()
        self.game = game
        self._bots = {}

    def _bot(self, seat: int):
        bot = self._bots.get(seat)
        if bot is None:
            name = self.bots[seat]
            bot = make_bot(name, self.ruleset, seed=self.seed * 1009 + seat * 101 + len(self.actions),
                           **BOT_OPTIONS.get(name, {}))
            self._bots[seat] = bot
        return bot

    def _apply(self, action: Action) -> None:
        self.game.apply(action)
        self._record(action)

    def _record(self, action: Action) -> None:
        self.actions.append(action)
        self.deal_of.append(len(self.game.deals))

    def _advance(self) -> int:
        """Bots act until it is the person's turn, the deal is over or the game is; returns their moves."""
        moves = 0
        game = self.game
        while not game.is_over and not game.deal.over and not self._waits_for(game.to_act):
            seat = game.to_act
            self._apply(self._bot(seat).choose(game.view(seat)))
            moves += 1
            if moves > MAX_BOT_MOVES:  # pragma: no cover - a bot or engine bug, not a user's
                raise RuntimeError("the bots did not reach the person's turn")
        return moves

    def _waits_for(self, seat: int) -> bool:
        """Whether ``seat`` is a person's to decide (the bots stop there); a group table has several."""
        return seat == self.seat

    # -- what the person sees ---------------------------------------------------------------
    def view(self) -> SeatView:
        """The person's seat view: all the app shows of the table."""
        return self.game.view(self.seat)

    @property
    def deal_over(self) -> bool:
        return self.game.deal.over

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def last_result(self) -> DealResult | None:
        """The result of the deal on the table once it is over (public: the deal is scored)."""
        return self.game.deals[-1].result if self.deal_over else None

    def results(self) -> list[DealResult]:
        return list(self.game.results)

    @property
    def can_undo(self) -> bool:
        return any(a.seat == self.seat for a in self.actions)

    def refused_cards(self, view: SeatView | None = None) -> dict[str, str]:
        """When the person is to play a card: each card of their hand they may not play now, with the
        engine's reason (the legality check's own words; the app says them to the person)."""
        view = view or self.view()
        playable = {a.arg for a in view.legal if a.verb == "play"}
        if not playable:
            return {}
        return {card: self.game.explain_illegal(Action(self.seat, "play", card))
                for card in view.hand if card not in playable}

    def winning_now(self, view: SeatView | None = None) -> int | None:
        """The seat whose card wins the trick being played so far, as the person's seat can tell it (the
        engine's own judgement: trumps, the suit led, a caller's lead that wins whatever is played). None
        between tricks, and while the trump suit is hidden from this seat (the winner would give it away)."""
        view = view or self.view()
        deal = self.game.deal
        if not view.trick or deal.over or deal.winning is None:
            return None
        if view.trump is None and deal.trump is not None:
            return None
        if any(card == HIDDEN for _, card in view.trick):
            return None  # (a card played face down that this seat may not see could be the one winning)
        return deal.winning

    # -- what the person does ---------------------------------------------------------------
    def act(self, action: Action | str) -> Action:
        """The person's action (one of ``view().legal``); then the bots play on."""
        if isinstance(action, str):
            action = Action.parse(action)
        if action.seat != self.seat or action not in self.view().legal:
            self.game.verify(action)  # raises IllegalActionError with the reason
            raise ThuneeDslError(f"{action} is not one of your choices now")
        self._apply(action)
        self._advance()
        return action

    def next_deal(self) -> bool:
        """Deal the next hand once the deal on the table is over; False if there is none."""
        if not self.deal_over or self.is_over:
            return False
        self.game.start_deal()
        self.started += 1
        self._advance()
        return True

    def undo(self) -> bool:
        """Take back the person's last decision, and everything after it (the bots' answers, a next
        deal); False if the person has not decided anything yet."""
        mine = [i for i, a in enumerate(self.actions) if a.seat == self.seat]
        if not mine:
            return False
        cut = mine[-1]
        self.started = self.deal_of[cut]
        del self.actions[cut:]
        del self.deal_of[cut:]
        self._rebuild()
        self._advance()
        return True

    # -- transcripts and other variants -------------------------------------------------------
    def transcript(self, ruleset_ref: str | None = None) -> dict:
        """The game so far in the transcript format; ``ruleset_ref`` replaces the ruleset's name (a path)."""
        data = self.game.to_transcript()
        if ruleset_ref is not None:
            data["ruleset"] = ruleset_ref
        return data

    def transcript_yaml(self, ruleset_ref: str | None = None) -> str:
        """The transcript as YAML text, ready for ``thunee-dsl replay``."""
        data = self.transcript(ruleset_ref)
        lines = [f"# {self.ruleset.title}: played in the thunee-dsl editor, seat {self.seat} by a person, "
                 f"seed {self.seed}",
                 f"ruleset: {json.dumps(data['ruleset'])}", f"dealer: {data['dealer']}",
                 f"score: {json.dumps(data['score'])}", "deals:"]
        finished = [record.result is not None for record in self.game.deals]
        if not any(finished):
            lines[-1] = "deals: []"
        for number, (deal, done) in enumerate(zip(data["deals"], finished), start=1):
            block = [f"  - dealer: {deal['dealer']}", "    hands:"]
            block += [f"      {seat}: [{', '.join(cards)}]" for seat, cards in deal["hands"].items()]
            if deal.get("undealt"):
                block.append(f"    undealt: [{', '.join(deal['undealt'])}]")
            block.append("    actions:" if deal["actions"] else "    actions: []")
            block += [f"      - {json.dumps(a) if not _PLAIN.match(a) else a}" for a in deal["actions"]]
            if not done:
                # A transcript holds finished deals (replay refuses one that stops midway): the deal on the
                # table is kept, as comments, so nothing played is lost; uncomment it once it is finished.
                lines.append(f"# deal {number} was still being played when this was saved:")
                block = [f"#{line}" for line in block]
            lines += block
        return "\n".join(lines) + "\n"

    def export(self) -> tuple[str, bytes, str]:
        """The game as a download ``(file name, bytes, mime type)`` that ``thunee-dsl replay`` reads.

        A shipped ruleset is named in the transcript. Any other ruleset travels with it in a zip: its
        own text when it only extends shipped rulesets, else its merged rules as one standalone file.
        """
        stem = f"{slug(self.ruleset.name) or 'game'}-seed{self.seed}"
        files = ruleset_files(self.ruleset)
        if not files:
            return f"{stem}.yaml", self.transcript_yaml().encode("utf-8"), "application/x-yaml"
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
            for name, text in files.items():
                zf.writestr(name, text)
            zf.writestr("transcript.yaml", self.transcript_yaml(next(iter(files))))
            zf.writestr("README.txt", "Replay the game with:  thunee-dsl replay transcript.yaml --format text\n")
        return f"{stem}.zip", buffer.getvalue(), "application/zip"

    def replay_deal_under(self, other: Ruleset, bots=None) -> "Replayed":
        """The deal on the table dealt again, the same cards by the same dealer, under ``other``.

        The deal's actions are taken again in order as long as ``other`` allows them (windows that
        ``other`` opens and nobody spoke in are passed); then the person and the bots play on.
        """
        record = self.game.deals[-1]
        if other.seats != self.ruleset.seats:
            raise ValueError(f"{other.name} is for {other.seats} players, this deal for {self.ruleset.seats}")
        missing = [c for hand in record.hands for c in hand if not _has_card(other, c)]
        if missing:
            raise ValueError(f"{other.name} plays with another pack (no {', '.join(sorted(set(missing))[:4])})")
        sizes = [len(h) for h in GameState(other, seed=0, auto_deal=False).shuffled_hands()]
        if sizes != [len(h) for h in record.hands]:
            raise ValueError(f"{other.name} deals {sizes[0]} cards to each player, this deal {len(record.hands[0])}")
        deal_number = len(self.game.deals)
        before = self.game.deals[-2].score_after if deal_number > 1 else self.game.initial_score
        pt = Playtest(other, self.seat, self.seed, tuple(bots or self.bots), record.dealer,
                      tuple(before) if len(before) == other.teams else None, tuple(record.hands))
        try:
            pt._rebuild()
        except (ThuneeDslError, ValueError, IndexError) as err:
            raise ValueError(f"these cards cannot be dealt under {other.name}: {err}") from None
        said = [a for i, a in enumerate(record.actions) if i not in record.silent]
        taken, stop = 0, None
        for action in said:
            stop = pt._replay_one(action)
            if stop is not None:
                break
            taken += 1
            if pt.deal_over:
                break
        pt._advance()
        return Replayed(pt, taken, len(said), stop)

    def _replay_one(self, action: Action) -> str | None:
        """Take ``action`` again, passing in open windows before it; the reason if it cannot be taken."""
        game = self.game

        def ready(legal):
            if action in legal:
                return True
            if game.to_act == action.seat and action.verb != "pass" and any(a.verb == action.verb for a in legal):
                return STOP  # the seat is asked, and what it said is not one of its choices: passing for it would hide that
            return False

        def passing(game, legal) -> bool:
            if not game.pass_window():
                return False
            self._record(game.history[-1])  # kept with the game's actions (undo rebuilds from them)
            return True

        if pass_until(game, ready, passing, limit=4 * self.ruleset.seats + 8):
            self._apply(action)
            return None
        if game.deal.over:
            return "the deal ended earlier under these rules"
        return f'"{action}" is not allowed here: {game.explain_illegal(action)}'


def replay_help(file_name: str) -> str:
    """What the Export button says: the exact command that replays the file it saves (``replay`` reads
    the exported zip as it is, as well as a transcript on its own)."""
    return f"Saves {file_name}. To replay it, run in a terminal:  thunee-dsl replay {file_name} --format text"


def ruleset_files(ruleset: Ruleset) -> dict[str, str]:
    """The files a transcript of ``ruleset`` needs beside it: none for a shipped ruleset; else
    ``{file name: text}``, the ruleset's first file (the transcript names it)."""
    source = ruleset.data
    docs = getattr(source, "docs", ())
    shipped_dir = rulesets_dir().resolve()

    def is_shipped(doc) -> bool:
        try:
            return Path(doc.filename).resolve().parent == shipped_dir
        except (OSError, ValueError):
            return False

    if not docs or is_shipped(docs[0]):
        return {}
    name = f"{slug(ruleset.name) or 'ruleset'}.yaml"
    if all(is_shipped(doc) for doc in docs[1:]):
        return {name: docs[0].text}
    head = (f"# {ruleset.title}: the merged rules of '{ruleset.name}' and the files it extends,\n"
            "# written out as one file so that the transcript beside it replays anywhere.\n")
    data = {k: v for k, v in source.data.items() if k != "aliases"}
    return {name: head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)}


def _has_card(ruleset: Ruleset, card: str) -> bool:
    try:
        ruleset.deck.card(card)
    except ValueError:
        return False
    return True


@dataclass
class Replayed:
    """What :meth:`Playtest.replay_deal_under` did: the new game, and how far the old deal carried over."""

    playtest: Playtest
    taken: int  # actions of the old deal taken again
    total: int
    stopped: str | None  # why the rest could not be taken, if it could not

    def summary(self) -> str:
        r = self.playtest.ruleset
        if self.stopped is None and self.taken == self.total:
            return f"All {self.total} actions of the deal replayed under {r.title}."
        return (f"{self.taken} of {self.total} actions replayed under {r.title}; then {self.stopped}. "
                "Play on from there.")


__all__ = ["BOT_OPTIONS", "Playtest", "Replayed", "bot_names", "new_seed", "replay_help", "ruleset_files"]
