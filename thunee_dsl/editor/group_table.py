"""A table for the whole group: several people, each on their own phone, play one game (issue 26).

The game is the Playtest's (:class:`~thunee_dsl.editor.playtest.Playtest`: its seed, its list of actions, its
bots' turns), with several seats held by people instead of one. What is kept is in
:mod:`thunee_dsl.editor.table_store` (SQLite): the ruleset's text frozen at opening, the seed, the seats and
the actions; every change rebuilds nothing but is checked against the stored version first, so a table is the
same game in every process and after a restart.

Who may do what:

* a person holds a seat through a secret (``secrets.token_urlsafe``) kept in their browser; the store keeps only
  its hash, and a secret is compared with ``hmac.compare_digest``;
* the host (whoever opened the table) holds a host secret: it may deal the first deal and free a seat;
* a move is checked by the engine on the server (the engine's reason when refused); two moves at once are
  taken one after the other (a lock in this process, ``BEGIN IMMEDIATE`` across processes) and a move made
  on a page drawn before the table changed is refused, with the version the page saw;
* bots play the seats nobody holds, and stand in for a person who has not been heard from for the table's
  away time; the seat is the person's again as soon as their phone polls;
* each seat is given its own :class:`SeatPage` only: the engine's view of that seat (never another seat's
  hidden cards) and the seats' names.

>>> import tempfile, pathlib
>>> from thunee_dsl.loading import shipped_rulesets
>>> tables = GroupTables(pathlib.Path(tempfile.mkdtemp()) / "t.sqlite3")
>>> opened = tables.open(shipped_rulesets()["standard"].read_text(), label="standard", seed=3)
>>> me = tables.join(opened.code, 0, "Asha")
>>> tables.deal(opened.code, host=opened.host_secret)
>>> page = tables.page(opened.code, 0, me)
>>> page.view.seat, len(page.view.hand) > 0, page.seats[0].name
(0, True, 'Asha')
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import ipaddress
import json
import os
import secrets
import threading
import time
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

from thunee_dsl.editor.checking import check_text
from thunee_dsl.editor.coach import HINT_SAMPLES, HintAnswer, hint_answer, hint_soon
from thunee_dsl.editor.playtest import Playtest, new_seed, ruleset_files
from thunee_dsl.editor.table import TableWords, team_values
from thunee_dsl.editor.table_store import SeatRow, TableRow, TableStore
from thunee_dsl.errors import ThuneeDslError
from thunee_dsl.game.actions import Action
from thunee_dsl.game.state import check_seed
from thunee_dsl.game.view import SeatView
from thunee_dsl.loading import rulesets_dir
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.players import BOTS

#: Table codes are read aloud and typed on phones: no 0/O, 1/I/L or U/V look-alikes.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ"
CODE_LENGTH = 6
MAX_TABLES = 200  # open at once on one server
MAX_NAME = 24  # characters of a player's name
MAX_LABEL = 80  # characters of a table's name (the rules' title)
DAYS_ENV = "THUNEE_DSL_TABLE_DAYS"
DEFAULT_DAYS = 7.0  # a finished or abandoned table is removed after this many days
AWAY_LIMITS = (5.0, 3600.0)  # seconds a person may be away before a bot stands in: the host picks within these
DEFAULT_AWAY = 60.0
SEEN_EVERY = 3.0  # a polling phone's "still here" is written at most this often (seconds)
#: When a table's hints are worked out (the host's choice): from the moment it is a person's turn, so that a tap
#: shows the hint at once; or on the tap alone (one run per hint asked for: cheaper on a busy server).
HINT_WHEN = {"ahead": "Ahead: from the moment it is a player's turn (a tap shows the hint at once)",
             "tap": "On a tap: only when a player taps Hint (cheaper on a busy server)"}


class TableError(ThuneeDslError):
    """Something a player asked that the table refuses; the message says what and why, for that player."""


@dataclass
class GroupGame(Playtest):
    """The Playtest's game with the seats of the people present (``waiting``): the bots stop at any of them."""

    waiting: frozenset = frozenset()

    def _waits_for(self, seat: int) -> bool:
        return seat in self.waiting


class Opened(NamedTuple):
    """A new table: its code (for everyone) and the host's secret (for the phone that opened it alone)."""

    code: str
    host_secret: str


@dataclass(frozen=True)
class SeatInfo:
    """What everyone at the table may know of a seat."""

    seat: int
    name: str | None  # the person's name; None for a bot's seat
    bot: str  # the bot that plays it when nobody does (or stands in)
    away: bool  # held by a person not heard from for the away time: the bot plays for them
    kept: bool = False  # a bot's seat the host keeps for a person: the next deal waits until they sit down

    @property
    def kind(self) -> str:
        if self.name is None:
            return "kept" if self.kept else "bot"
        return "away" if self.away else "person"


class Look(NamedTuple):
    """What a waiting phone compares each second before drawing anything: the table's version and the seats
    away now (a seat goes away by the clock alone, with no write: the others' phones still redraw)."""

    version: int
    away: frozenset


@dataclass(frozen=True)
class SeatPage:
    """Everything one seat is given about the table: nothing here belongs to another seat alone."""

    code: str
    version: int
    label: str
    seat: int
    seats: tuple[SeatInfo, ...]
    started: bool
    ruleset: Ruleset
    base: str | None
    away_seconds: float
    view: SeatView | None = None  # None until the first deal
    deal_over: bool = False
    is_over: bool = False
    refused: dict = field(default_factory=dict)  # card -> the engine's reason it may not be played now
    winning: int | None = None
    story: str | None = None  # the deal told in words, once it is over
    explanation: tuple[str, ...] = ()
    results: tuple[tuple[int, ...], ...] = ()  # each finished deal's balls per team
    values: dict = field(default_factory=dict)  # once the deal is scored: the ruleset's team values (count ...)
    tied: bool = False  # the game is over, level
    hints: bool = True  # the host lets the phones ask for a hint (:meth:`GroupTables.hint` refuses otherwise)
    hint_when: str = "ahead"  # when the hint is worked out (a key of HINT_WHEN)

    def words(self) -> TableWords:
        """The table in words from this seat, the players by their names ("Priya (your partner)"): the buttons'
        help, the reasons a card is refused, the deal's story."""
        return _page_words(self.ruleset, self.seat, self.seats)

    @property
    def look(self) -> Look:
        """The :class:`Look` this page was drawn from (a phone redraws when the polled one differs)."""
        return Look(self.version, frozenset(i.seat for i in self.seats if i.away))


def _check_hint_when(when) -> None:
    if when not in HINT_WHEN:
        raise TableError(f"Hints are worked out {' or '.join(repr(w) for w in HINT_WHEN)}, not {when!r}.")


def _page_words(ruleset: Ruleset, seat: int, seats: tuple[SeatInfo, ...]) -> TableWords:
    return TableWords(ruleset, seat, {i.seat: i.name for i in seats})


def _sentence(text: str) -> str:
    """A refusal as the table's other messages are said: a capital first, a full stop last."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def normal_code(text) -> str:
    """A code as typed (any case, spaces or dashes) -> the code; a TableError when it cannot be one."""
    if not isinstance(text, str):
        raise TableError("A table code is six letters and digits, like K7QX3M.")
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        raise TableError(f"'{clean_name(text)[:12]}' is not a table code: a code is {CODE_LENGTH} letters and "
                         "digits, like K7QX3M (no 0, 1, I, L, O, U or V).")
    return code


def clean_name(text, seat: int | None = None, limit: int = MAX_NAME) -> str:
    """A name as shown to the table: control characters (and other invisible ones) dropped, spaces made plain,
    at most ``limit`` characters; ``Player N`` when nothing is left."""
    text = text if isinstance(text, str) else ""
    kept = "".join(" " if ch.isspace() else ch for ch in text[:limit * 8]
                   if ch.isspace() or not unicodedata.category(ch).startswith("C"))
    name = " ".join(kept.split())[:limit].strip()
    return name or (f"Player {seat + 1}" if seat is not None else "")


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def table_days() -> float:
    """The days a finished or abandoned table is kept (``$THUNEE_DSL_TABLE_DAYS``, default 7)."""
    try:
        days = float(os.environ.get(DAYS_ENV, DEFAULT_DAYS))
    except ValueError:
        return DEFAULT_DAYS
    return days if days > 0 else DEFAULT_DAYS


def frozen_text(ruleset: Ruleset) -> tuple[str, str | None]:
    """The text that plays ``ruleset`` as it is now (a saved file it extends may change later: its merged rules
    are written out then), and the shipped ruleset it builds on (None for one that builds on none)."""
    files = ruleset_files(ruleset)
    docs = getattr(ruleset.data, "docs", ())
    text = next(iter(files.values())) if files else docs[0].text
    shipped = rulesets_dir().resolve()
    base = None
    for path in list(ruleset.data.files)[1:]:
        try:
            if Path(path).resolve().parent == shipped:
                base = Path(path).stem
                break
        except (OSError, ValueError):
            continue
    return text, base


PUBLIC_URL_ENV = "THUNEE_DSL_PUBLIC_URL"
EVERYWHERE = ("", "0.0.0.0", "::", "[::]")  # a server address that serves every network the machine is on


class Link(NamedTuple):
    """The link the phones open, and which address it uses and why (``loopback``: no phone can open it)."""

    url: str
    why: str
    loopback: bool = False


def _loopback(host: str) -> bool:
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def _split_host(netloc: str) -> tuple[str, str]:
    """``host:port`` (or ``[::1]:port``) -> ``(host, ":port")``."""
    if netloc.startswith("["):
        host, _, rest = netloc.partition("]")
        return host + "]", rest
    host, colon, port = netloc.rpartition(":")
    return (host, colon + port) if colon and port.isdigit() else (netloc, "")


def lan_address() -> str | None:
    """This machine's address on its network (the one ``thunee-dsl editor`` says), or None."""
    from thunee_dsl.cli.editor import _network_address  # (one home: the command that serves the app says it too)
    return _network_address()


def _on_table_page(path: str) -> str:
    """The app's path (with the base path it is served under, if any), ending at the Table page."""
    return path.rstrip("/").removesuffix("/table") + "/table"


def public_link(code: str, page_url: str | None, *, host_header: str | None = None, served_on: str | None = None,
                env=None, lan=lan_address) -> Link:
    """The table's link for the phones: ``$THUNEE_DSL_PUBLIC_URL`` first (behind a proxy, a name of its own);
    else the address this browser reached the app by when another machine can reach it too (the ``Host`` it
    sent); else this machine's network address when the app serves every network (``ADDRESS=0.0.0.0``); else
    the loopback address, said to be of no use to a phone."""
    env = os.environ if env is None else env
    parts = urlsplit(page_url or "")
    path = _on_table_page(parts.path)  # (Streamlit gives the app's address without the page's own path)
    query = f"?table={code}"
    public = (env.get(PUBLIC_URL_ENV) or "").strip()
    if public:
        public = public if "://" in public else "http://" + public
        return Link(public.rstrip("/").removesuffix("/table") + "/table" + query, f"the address {PUBLIC_URL_ENV} sets")
    scheme = parts.scheme or "http"
    netloc = (host_header or parts.netloc or "").strip()
    host, port = _split_host(netloc)
    if host and not _loopback(host):
        return Link(f"{scheme}://{netloc}{path}{query}", "the address this browser opened the app by")
    if (served_on or "").strip() in EVERYWHERE:
        address = lan() if callable(lan) else lan
        if address:
            return Link(f"{scheme}://{address}{port}{path}{query}",
                        "this machine's address on the network (the app serves every network: ADDRESS=0.0.0.0)")
    shown = host or "127.0.0.1"
    return Link(f"{scheme}://{netloc or shown}{path}{query}",
                f"phones cannot open {shown.strip('[]')}: start the app with ADDRESS=0.0.0.0 (or set "
                f"{PUBLIC_URL_ENV} to the address the phones reach it by)", loopback=True)


class GroupTables:
    """Every group table of this app server (``st.cache_resource`` hands one to every session)."""

    def __init__(self, path=None, *, days: float | None = None, max_tables: int = MAX_TABLES, clock=time.time):
        self.store = TableStore(path)
        self.days = days if days is not None else table_days()
        self.max_tables = max_tables
        self.clock = clock
        self._lock = threading.Lock()
        self._games: dict[str, tuple[int, GroupGame | None]] = {}  # code -> (version, game): rebuilt when stale
        self._rulesets: dict[str, Ruleset] = {}
        self._seen: dict[tuple[str, int], float] = {}  # when this process last wrote a seat's "still here"

    # -- opening and joining -------------------------------------------------------------------------
    def open(self, text: str, *, label: str = "", base: str | None = None, bots=None, away: float = DEFAULT_AWAY,
             seed: int | None = None, filename: str | None = None, hints: bool = True,
             hint_when: str = "ahead") -> Opened:
        """A new table for ``text`` (the ruleset, frozen now), its bots (a name per seat, or one for all), the
        seconds a person may be away before a bot plays for them, whether the phones may ask for a hint and when
        it is worked out (:data:`HINT_WHEN`)."""
        _check_hint_when(hint_when)
        ruleset = self._compile(text, filename or "table.yaml")
        names = (bots or "typical",) * ruleset.seats if bots is None or isinstance(bots, str) else tuple(bots)
        if len(names) != ruleset.seats:
            raise TableError(f"One bot per seat: {ruleset.seats} names.")
        unknown = [n for n in names if n not in BOTS]
        if unknown:
            raise TableError(f"Unknown bot '{unknown[0]}' (known: {', '.join(sorted(BOTS))}).")
        try:
            away = float(away)
        except (TypeError, ValueError):
            raise TableError("The away time is a number of seconds.") from None
        if not AWAY_LIMITS[0] <= away <= AWAY_LIMITS[1]:
            raise TableError(f"The away time is {AWAY_LIMITS[0]:g} to {AWAY_LIMITS[1]:g} seconds.")
        check_seed(seed)
        host = secrets.token_urlsafe(24)
        now = self.clock()
        with self._lock, self.store.writing() as db:
            self._expire(db, now)
            if self.store.count_open(db) >= self.max_tables:
                raise TableError(f"This server already has {self.max_tables} tables open: finish one, or try again "
                                 "later (an abandoned table is removed after a while).")
            code = self._new_code(db)
            label = clean_name(label, limit=MAX_LABEL) or ruleset.name
            self.store.insert(db, TableRow(code, 1, now, now, None, label, text, filename or "table.yaml", base,
                                           new_seed() if seed is None else seed, 0, names, away, _hash(host), 0,
                                           bool(hints), hint_when))
        return Opened(code, host)

    def join(self, code, seat: int, name: str) -> str:
        """Take a free seat; returns the seat's secret (keep it in the browser)."""
        code = normal_code(code)
        now = self.clock()
        with self._change(code) as db:
            row, seats, game = self._load(db, code)
            if not isinstance(seat, int) or not 0 <= seat < len(row.bots):
                raise TableError(f"This table has seats 1 to {len(row.bots)}.")
            if len(seats) == len(row.bots):
                raise TableError("Every seat at this table is taken.")
            if seat in seats:
                raise TableError(f"Seat {seat + 1} is taken by {seats[seat].name}: pick a free seat.")
            if game is not None and game.is_over:
                raise TableError("The game at this table is over.")
            if game is not None and not game.deal_over:
                kept = " (the host keeps it for a person: the next deal waits for you)" if (
                    seat in self.store.kept(code, db)) else ""
                raise TableError(f"A bot is playing seat {seat + 1} in this deal{kept}: you can sit there when the "
                                 "deal ends.")
            secret = secrets.token_urlsafe(24)
            self.store.put_seat(db, code, SeatRow(seat, clean_name(name, seat), _hash(secret), now))
            self.store.keep(db, code, seat, False)  # kept for a person: this one
            self._commit(db, row, game, now)
        self._seen[(code, seat)] = now
        return secret

    def leave(self, code, seat: int, secret: str) -> None:
        """Give the seat up: its bot plays it from now on (a person may sit there between deals)."""
        code = normal_code(code)
        now = self.clock()
        with self._change(code) as db:
            row, seats, game = self._load(db, code)
            self._check(seats, seat, secret)
            self.store.drop_seat(db, code, seat)
            del seats[seat]
            self._play_on(game, seats, row, now)
            self._commit(db, row, game, now)

    def free_seat(self, code, host: str, seat: int) -> None:
        """The host frees a person's seat (one who left for good) for its bot, and for a person between deals."""
        code = normal_code(code)
        now = self.clock()
        with self._change(code) as db:
            row, seats, game = self._load(db, code)
            self._check_host(row, host)
            if seat not in seats:
                raise TableError(f"Nobody holds seat {seat + 1}.")
            self.store.drop_seat(db, code, seat)
            del seats[seat]
            self._play_on(game, seats, row, now)
            self._commit(db, row, game, now)

    def keep_seat(self, code, host: str, seat: int, kept: bool = True) -> None:
        """The host keeps a bot's seat for a person (``kept``), or gives it back to its bot: the bot plays out the
        deal on the table, and the next deal waits until somebody sits there (a seat is taken between deals)."""
        code = normal_code(code)
        now = self.clock()
        with self._change(code) as db:
            row, seats, game = self._load(db, code)
            self._check_host(row, host)
            if not isinstance(seat, int) or not 0 <= seat < len(row.bots):
                raise TableError(f"This table has seats 1 to {len(row.bots)}.")
            if kept and seat in seats:
                raise TableError(f"{seats[seat].name} holds seat {seat + 1}: free it first.")
            if kept and game is not None and game.is_over:
                raise TableError("The game at this table is over.")
            self.store.keep(db, code, seat, kept)
            self._commit(db, row, game, now)

    # -- playing ------------------------------------------------------------------------------------
    def deal(self, code, seat: int | None = None, secret: str | None = None, *, host: str | None = None) -> None:
        """The first deal (the host, or anyone seated), or the next once the deal on the table is over."""
        code = normal_code(code)
        now = self.clock()
        with self._change(code) as db:
            row, seats, game = self._load(db, code)
            if host is not None:
                self._check_host(row, host)
            else:
                self._check(seats, seat, secret)
            if game is not None and game.is_over:
                raise TableError("The game is over: there is no next deal.")
            if game is not None and not game.deal_over:
                raise TableError("The deal on the table is not over yet.")
            waited = sorted(self.store.kept(code, db) - seats.keys())
            if waited:
                raise TableError(f"Seat {waited[0] + 1} is kept for a person: the next deal starts when they sit "
                                 "down (or when the host gives the seat back to its bot).")
            if game is None:
                ruleset = self._compile(row.ruleset_text, row.ruleset_file)
                game = GroupGame(ruleset, 0, row.seed, row.bots, row.dealer)
                game.waiting = self._present(seats, row, now)
                game._rebuild()
                game._advance()
                self._commit(db, row, game, now, started=1)
                return
            game.waiting = self._present(seats, row, now)
            game.next_deal()
            self._commit(db, row, game, now, started=game.started)

    def again(self, code, seat: int, secret: str) -> None:
        """Play again once the game is over: a new game at the same table (its rules, seats and bots), new cards,
        dealt at once. The finished game's actions go (each player could export it first)."""
        code = normal_code(code)
        now = self.clock()
        with self._change(code) as db:
            row, seats, game = self._load(db, code)
            self._check(seats, seat, secret)
            if game is None or not game.is_over:
                raise TableError("The game is not over yet.")
            seed = new_seed()
            self.store.forget_actions(db, code)
            game = GroupGame(self._compile(row.ruleset_text, row.ruleset_file), 0, seed, row.bots, row.dealer)
            game.waiting = self._present(seats, row, now)
            game._rebuild()
            game._advance()
            self._commit(db, dataclasses.replace(row, ended=None), game, now, started=1, seed=seed, ended=None)

    def act(self, code, seat: int, secret: str, action, seen: int | None = None) -> int:
        """``seat``'s move, checked by the engine; ``seen``: the version the player's page showed (a move made on
        a page drawn before the table changed is refused). Returns the table's new version."""
        code = normal_code(code)
        now = self.clock()
        with self._change(code) as db:
            row, seats, game = self._load(db, code)
            self._check(seats, seat, secret)
            if isinstance(action, str):
                try:
                    action = Action.parse(action)
                except (ValueError, ThuneeDslError) as err:
                    raise TableError(f"Not a move: {err}") from None
            if not isinstance(action, Action):
                raise TableError("Not a move.")
            if action.seat != seat:
                raise TableError(f"You hold seat {seat + 1}: you cannot act for seat {action.seat + 1}.")
            if seen is not None and seen != row.version:
                raise TableError("The table changed before your move reached it: look again and choose.")
            if game is None:
                raise TableError("The first deal has not been dealt yet.")
            state = game.game
            if game.deal_over or game.is_over:
                raise TableError("The deal is over.")
            if state.to_act != seat or action not in state.view(seat).legal:
                # the engine's reason said to the player, the others by their names ("it is Priya's turn
                # (partner)"), not by the engine's seat numbers
                words = TableWords(state.ruleset, seat, {s: held.name for s, held in seats.items()})
                raise TableError(_sentence(words.refusal(state.explain_illegal(action))))
            game.waiting = self._present(seats, row, now) | {seat}
            game._apply(action)
            game._advance()
            return self._commit(db, row, game, now)

    def set_hints(self, code, host: str, on: bool | None = None, when: str | None = None) -> None:
        """The host lets the phones ask for a hint, or not (every phone: checked in :meth:`hint`), and chooses
        when it is worked out (``when``, a key of :data:`HINT_WHEN`); None leaves either as it is."""
        code = normal_code(code)
        if when is not None:
            _check_hint_when(when)
        now = self.clock()
        with self._change(code) as db:
            row, seats, game = self._load(db, code)
            self._check_host(row, host)
            changes = {"hints": None if on is None else int(bool(on)), "hint_when": when}
            self._commit(db, row, game, now, **{k: v for k, v in changes.items() if v is not None})

    def hint(self, code, seat: int, secret: str, samples: int | None = None) -> HintAnswer:
        """The hint for ``seat`` (its own phone's key), from its view alone; refused when the host turned hints
        off, or when it is not the seat's turn. A :class:`~thunee_dsl.editor.coach.HintAnswer`."""
        row, game = self._hint_turn(code, seat, secret)
        # (worked out outside the lock, on a copy: the other phones' moves go on meanwhile)
        return hint_answer(game, seat, samples or HINT_SAMPLES)

    def hint_soon(self, code, seat: int, secret: str, samples: int | None = None, tapped: bool = False):
        """:meth:`hint` worked out in the background from the moment it is the seat's turn (the phone's tap then
        shows it at once), refused as :meth:`hint` is: the :class:`~thunee_dsl.editor.background.Run`, one per
        table, version and seat (its answer from that seat's view alone). Where the host has hints worked out on
        a tap alone, None until ``tapped`` (nothing is worked out for a hint nobody asked for)."""
        row, game = self._hint_turn(code, seat, secret, tapped)
        if game is None:
            return None
        return hint_soon(f"table {row.code} {row.version} {seat}", game.ruleset, game.view(seat),
                         samples or HINT_SAMPLES)

    def _hint_turn(self, code, seat: int, secret: str, tapped: bool = True):
        """The table's row and a copy of its game at ``seat``'s turn, for a hint; refused as :meth:`hint` says. No
        copy (None) where hints are worked out on a tap alone and the player has not tapped (``tapped``: asking is
        a tap)."""
        code = normal_code(code)
        with self._lock:
            row, seats, game = self._load(None, code)
            self._check(seats, seat, secret)
            if not row.hints:
                raise TableError("The host turned hints off at this table.")
            if game is None or game.deal_over or game.is_over or game.game.to_act != seat:
                raise TableError("It is not your turn: a hint answers when you are to play or say something.")
            return row, (game.game.clone() if tapped or row.hint_when != "tap" else None)

    def tick(self, code) -> bool:
        """Bots stand in for a person away past the table's away time, whose turn it is; True if they moved."""
        code = normal_code(code)
        now = self.clock()
        row = self.store.table(code)
        if row is None or row.started == 0 or row.ended is not None:
            return False
        cached = self._games.get(code)
        if cached is not None and cached[0] == row.version and cached[1] is not None:
            state = cached[1].game
            if state.is_over or state.deal.over:
                return False
            seats = self.store.seats(code)
            if state.to_act not in seats or state.to_act in self._present(seats, row, now):
                return False  # the person to act is here (or a bot is, and has moved already)
        with self._change(code) as db:
            row, seats, game = self._load(db, code)
            if game is None or game.is_over or game.deal_over:
                return False
            before = len(game.actions)
            self._play_on(game, seats, row, now)
            if len(game.actions) == before:
                return False
            self._commit(db, row, game, now)
            return True

    # -- what a seat sees ---------------------------------------------------------------------------
    def version(self, code) -> int | None:
        """The table's version (cheap: a page compares it before drawing anything); None when there is none."""
        return self.store.version(normal_code(code))

    def poll(self, code, seat: int, secret: str) -> Look:
        """A phone's "still here" (a bot standing in hands the seat back; a bot stands in for someone else away),
        and the table's :class:`Look` (its version, the seats away now): all a waiting phone asks each second."""
        code = normal_code(code)
        now = self.clock()
        seats = self.store.seats(code)
        row = self.store.table(code)
        if row is None:
            raise self._missing(code)
        self._check(seats, seat, secret)
        if now - seats[seat].seen > row.away:  # back after a bot stood in: a change every phone shows
            with self._change(code) as db:
                version = self.store.table(code, db).version
                self.store.seen(db, code, seat, now)
                self.store.changed(db, code, now)
                cached = self._games.get(code)
                if cached is not None and cached[0] == version:  # the game itself did not change
                    self._games[code] = (version + 1, cached[1])
            self._seen[(code, seat)] = now
        elif now - self._seen.get((code, seat), 0.0) >= SEEN_EVERY or now - seats[seat].seen >= SEEN_EVERY:
            with self._lock, self.store.writing() as db:
                self.store.seen(db, code, seat, now)
            self._seen[(code, seat)] = now
        self.tick(code)
        away = frozenset(s for s, held in seats.items() if s != seat and now - held.seen > row.away)
        return Look(self.store.version(code), away)

    def lobby(self, code) -> tuple[str, tuple[SeatInfo, ...], bool]:
        """What anyone with the code may know before sitting down: the table's name, its seats (who holds which),
        and whether a seat can be taken now (before the first deal or between deals)."""
        code = normal_code(code)
        with self._lock:
            row, seats, game = self._load(None, code)
        info = self._seat_infos(row, seats, self.clock())
        return row.label, info, game is None or (game.deal_over and not game.is_over)

    def page(self, code, seat: int, secret: str) -> SeatPage:
        """What ``seat`` may see of the table (a wrong secret is refused: nobody is given another seat's view).
        Asking is also the seat's "still here": a bot standing in hands the seat back."""
        self.poll(code, seat, secret)
        code = normal_code(code)
        with self._lock:  # drawn under the lock too: another player's move changes the same game in place
            row, seats, game = self._load(None, code)
            return self._page_of(row, seats, game, seat, self.clock())

    def export(self, code, seat: int, secret: str) -> tuple[str, bytes, str]:
        """The game as a file ``thunee-dsl replay`` reads (the transcript with its ruleset)."""
        code = normal_code(code)
        with self._lock:
            row, seats, game = self._load(None, code)
            self._check(seats, seat, secret)
            if game is None:
                raise TableError("Nothing has been played at this table yet.")
            return game.export()

    def host_of(self, code, host: str) -> bool:
        row = self.store.table(normal_code(code))
        return row is not None and isinstance(host, str) and hmac.compare_digest(_hash(host), row.host_hash)

    def expire(self) -> list[str]:
        """Remove the tables finished or left alone for the configured days; their codes."""
        with self._lock, self.store.writing() as db:
            return self._expire(db, self.clock())

    def replayed(self, code) -> GroupGame | None:
        """The table's game rebuilt from the store alone (what a restart would find): for checks."""
        code = normal_code(code)
        row = self.store.table(code)
        if row is None:
            raise self._missing(code)
        return self._build(row, self.store.actions(code))

    # -- inside ---------------------------------------------------------------------------------------
    def _compile(self, text: str, filename: str) -> Ruleset:
        if not isinstance(text, str):
            raise TableError("The ruleset is text.")
        key = f"{filename}\0{text}"
        ruleset = self._rulesets.get(key)
        if ruleset is None:
            check = check_text(text, filename=filename)
            if not check.ok:
                raise TableError(f"The rules do not check: {check.problems[0]}" if check.problems
                                 else "The rules do not check.")
            ruleset = self._rulesets[key] = check.ruleset
        return ruleset

    @contextmanager
    def _change(self, code: str):
        """One change of a table: this process's lock, one writer across processes; a change that fails leaves
        nothing behind (its transaction rolled back, the game kept in memory dropped, rebuilt from the store)."""
        with self._lock:
            try:
                with self.store.writing() as db:
                    yield db
            except BaseException:
                self._games.pop(code, None)
                raise

    def _new_code(self, db) -> str:
        while True:
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            if self.store.table(code, db) is None:
                return code

    def _missing(self, code: str) -> TableError:
        return TableError(f"No table has the code {code}: check the letters with the host (a finished or "
                          f"abandoned table is removed after {self.days:g} days).")

    def _build(self, row: TableRow, actions: list[tuple[int, str]]) -> GroupGame | None:
        if row.started == 0:
            return None
        game = GroupGame(self._compile(row.ruleset_text, row.ruleset_file), 0, row.seed, row.bots, row.dealer)
        game.actions = [Action(*json.loads(text)) for _, text in actions]
        game.deal_of = [deal for deal, _ in actions]
        game.started = row.started
        game._rebuild()
        return game

    def _load(self, db, code: str) -> tuple[TableRow, dict[int, SeatRow], GroupGame | None]:
        row = self.store.table(code, db)
        if row is None:
            raise self._missing(code)
        seats = self.store.seats(code, db)
        cached = self._games.get(code)
        if cached is not None and cached[0] == row.version:
            return row, seats, cached[1]
        game = self._build(row, self.store.actions(code, db))
        self._games[code] = (row.version, game)
        return row, seats, game

    def _commit(self, db, row: TableRow, game: GroupGame | None, now: float, **columns) -> int:
        """The table's new actions and version written (inside the caller's transaction)."""
        stored = db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (row.code,)).fetchone()[0]
        if game is not None:
            new = [(deal, json.dumps([a.seat, a.verb, a.arg]))
                   for a, deal in zip(game.actions[stored:], game.deal_of[stored:])]
            self.store.add_actions(db, row.code, stored, new)
            if game.is_over and row.ended is None:
                columns["ended"] = now
        self.store.changed(db, row.code, now, **columns)
        self._games[row.code] = (row.version + 1, game)
        return row.version + 1

    def _present(self, seats: dict[int, SeatRow], row: TableRow, now: float) -> frozenset:
        return frozenset(s for s, held in seats.items() if now - held.seen <= row.away)

    def _play_on(self, game: GroupGame | None, seats, row: TableRow, now: float) -> None:
        if game is not None and not game.deal_over and not game.is_over:
            game.waiting = self._present(seats, row, now)
            game._advance()

    def _check(self, seats: dict[int, SeatRow], seat, secret) -> None:
        held = seats.get(seat) if isinstance(seat, int) else None
        if held is None:
            raise TableError(f"Nobody holds seat {seat + 1 if isinstance(seat, int) else seat} from this browser: "
                             "pick a free seat to join.")
        if not isinstance(secret, str) or not hmac.compare_digest(_hash(secret), held.secret_hash):
            raise TableError(f"This browser does not hold seat {seat + 1}'s key: only the phone that took the "
                             "seat plays it.")

    def _check_host(self, row: TableRow, host) -> None:
        if not isinstance(host, str) or not hmac.compare_digest(_hash(host), row.host_hash):
            raise TableError("Only the host (the phone that opened this table) may do that.")

    def _expire(self, db, now: float) -> list[str]:
        limit = now - self.days * 86400
        gone = self.store.stale(db, limit, limit)
        if gone:
            self.store.remove(db, gone)
            for code in gone:
                self._games.pop(code, None)
        return gone

    def _seat_infos(self, row: TableRow, seats, now: float) -> tuple[SeatInfo, ...]:
        present = self._present(seats, row, now)
        kept = self.store.kept(row.code)
        return tuple(SeatInfo(s, seats[s].name if s in seats else None, row.bots[s], s in seats and s not in present,
                              s in kept and s not in seats) for s in range(len(row.bots)))

    def _page_of(self, row: TableRow, seats, game: GroupGame | None, seat: int, now: float) -> SeatPage:
        info = self._seat_infos(row, seats, now)
        ruleset = self._compile(row.ruleset_text, row.ruleset_file)
        common = dict(code=row.code, version=row.version, label=row.label, seat=seat, seats=info,
                      started=game is not None, ruleset=ruleset, base=row.base, away_seconds=row.away,
                      hints=row.hints, hint_when=row.hint_when)
        if game is None:
            return SeatPage(**common)
        view = game.game.view(seat)
        story, explanation, values = None, (), {}
        if game.deal_over:
            values = team_values(ruleset, game.game.deal)
            result = game.last_result
            words = _page_words(ruleset, seat, info)
            story = words.deal_story(result, view, values)
            explanation = tuple(words.from_chair(line) for line in result.explanation)
        playable = {a.arg for a in view.legal if a.verb == "play"}
        refused = ({card: game.game.explain_illegal(Action(seat, "play", card))
                    for card in view.hand if card not in playable} if playable else {})
        return SeatPage(**common, view=view, deal_over=game.deal_over, is_over=game.is_over, refused=refused,
                        winning=game.winning_now(view), story=story, explanation=explanation,
                        results=tuple(tuple(r.balls) for r in game.results()), values=values,
                        tied=game.is_over and bool(game.game.tied))


__all__ = ["ALPHABET", "AWAY_LIMITS", "CODE_LENGTH", "DAYS_ENV", "DEFAULT_AWAY", "DEFAULT_DAYS", "GroupGame",
           "GroupTables", "HINT_WHEN", "Link", "Look", "MAX_NAME", "MAX_TABLES", "Opened", "PUBLIC_URL_ENV", "SeatInfo",
           "SeatPage", "TableError", "clean_name", "frozen_text", "lan_address", "normal_code", "public_link",
           "table_days"]
