"""Where the group tables are kept: one SQLite file under ``$THUNEE_DSL_HOME`` (standard library ``sqlite3``).

A table is kept as what it was opened with (the ruleset's text, frozen; the seed; the bots), its seats (a
name and a hash of the seat's secret, never the secret) and its list of actions, in order. Nothing is pickled:
:mod:`thunee_dsl.editor.group_table` replays the actions to rebuild the game. Each change of a table adds one
to its ``version``: a phone that polls compares that number before it draws anything.

Writes run inside ``BEGIN IMMEDIATE`` (one writer at a time across every process on the file) and the file
is in WAL mode (readers never wait for a writer).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from thunee_dsl.editor.storage import user_home

FILE_NAME = "tables.sqlite3"
SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, version INTEGER NOT NULL, opened REAL NOT NULL, touched REAL NOT NULL,
    ended REAL, label TEXT NOT NULL, ruleset_text TEXT NOT NULL, ruleset_file TEXT NOT NULL, base TEXT,
    seed INTEGER NOT NULL, dealer INTEGER NOT NULL, bots TEXT NOT NULL, away REAL NOT NULL,
    host_hash TEXT NOT NULL, started INTEGER NOT NULL DEFAULT 0, hints INTEGER NOT NULL DEFAULT 1,
    hint_when TEXT NOT NULL DEFAULT 'ahead');
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, secret_hash TEXT NOT NULL, seen REAL NOT NULL,
    PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL, n INTEGER NOT NULL, deal INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (code, n));
CREATE TABLE IF NOT EXISTS kept (
    code TEXT NOT NULL, seat INTEGER NOT NULL, PRIMARY KEY (code, seat));
"""


@dataclass(frozen=True)
class TableRow:
    """A table as stored (what it was opened with, and how far it got)."""

    code: str
    version: int
    opened: float
    touched: float
    ended: float | None
    label: str
    ruleset_text: str
    ruleset_file: str
    base: str | None
    seed: int
    dealer: int
    bots: tuple[str, ...]
    away: float
    host_hash: str
    started: int  # deals started; 0 while the table waits for its players
    hints: bool = True  # the host lets the phones ask for a hint
    hint_when: str = "ahead"  # when it is worked out: "ahead" (from the seat's turn) or "tap" (on the tap alone)


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    secret_hash: str
    seen: float  # when the seat's phone was last heard from


def default_path() -> Path:
    return user_home() / FILE_NAME


class TableStore:
    """The tables' file. One connection per thread (sqlite3 connections are not shared between threads)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        with self.writing() as db:
            for statement in filter(str.strip, SCHEMA.split(";")):
                db.execute(statement)
            columns = {r[1] for r in db.execute("PRAGMA table_info(tables)")}
            if "hints" not in columns:  # a file written before the host's Hints setting: hints on, as then
                db.execute("ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 1")
            if "hint_when" not in columns:  # a file written before the host chose when: ahead, as then
                db.execute("ALTER TABLE tables ADD COLUMN hint_when TEXT NOT NULL DEFAULT 'ahead'")

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=60, isolation_level=None, check_same_thread=True)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            self._local.db = db
        return db

    def writing(self):
        """``with store.writing() as db:`` one transaction that no other writer (thread or process) interleaves."""
        return _Immediate(self._db())

    # -- reading -------------------------------------------------------------------------------
    def table(self, code: str, db: sqlite3.Connection | None = None) -> TableRow | None:
        row = (db or self._db()).execute(
            "SELECT code, version, opened, touched, ended, label, ruleset_text, ruleset_file, base, seed, dealer, "
            "bots, away, host_hash, started, hints, hint_when FROM tables WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        values = list(row)
        values[11] = tuple(json.loads(values[11]))
        values[15] = bool(values[15])
        return TableRow(*values)

    def version(self, code: str) -> int | None:
        row = self._db().execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()
        return row[0] if row else None

    def seats(self, code: str, db: sqlite3.Connection | None = None) -> dict[int, SeatRow]:
        rows = (db or self._db()).execute("SELECT seat, name, secret_hash, seen FROM seats WHERE code = ?", (code,))
        return {r[0]: SeatRow(*r) for r in rows}

    def actions(self, code: str, db: sqlite3.Connection | None = None) -> list[tuple[int, str]]:
        """``(deal, action text)`` in the order they were taken."""
        rows = (db or self._db()).execute("SELECT deal, action FROM actions WHERE code = ? ORDER BY n", (code,))
        return [(r[0], r[1]) for r in rows]

    def kept(self, code: str, db: sqlite3.Connection | None = None) -> frozenset[int]:
        """The bots' seats the host keeps for a person (the next deal waits until someone sits there)."""
        rows = (db or self._db()).execute("SELECT seat FROM kept WHERE code = ?", (code,))
        return frozenset(r[0] for r in rows)

    def count_open(self, db: sqlite3.Connection | None = None) -> int:
        return (db or self._db()).execute("SELECT COUNT(*) FROM tables WHERE ended IS NULL").fetchone()[0]

    def codes(self) -> list[str]:
        return [r[0] for r in self._db().execute("SELECT code FROM tables ORDER BY opened")]

    # -- writing (inside ``writing()``) -----------------------------------------------------------
    @staticmethod
    def insert(db, row: TableRow) -> None:
        db.execute("INSERT INTO tables (code, version, opened, touched, ended, label, ruleset_text, ruleset_file, "
                   "base, seed, dealer, bots, away, host_hash, started, hints, hint_when) "
                   "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                   (row.code, row.version, row.opened, row.touched, row.ended, row.label, row.ruleset_text,
                    row.ruleset_file, row.base, row.seed, row.dealer, json.dumps(list(row.bots)), row.away,
                    row.host_hash, row.started, int(row.hints), row.hint_when))

    @staticmethod
    def changed(db, code: str, now: float, **columns) -> None:
        """One more version of the table (and the columns given)."""
        sets = "".join(f", {name} = ?" for name in columns)
        db.execute(f"UPDATE tables SET version = version + 1, touched = ?{sets} WHERE code = ?",
                   (now, *columns.values(), code))

    @staticmethod
    def add_actions(db, code: str, first: int, taken: list[tuple[int, str]]) -> None:
        db.executemany("INSERT INTO actions VALUES (?,?,?,?)",
                       [(code, first + i, deal, text) for i, (deal, text) in enumerate(taken)])

    @staticmethod
    def put_seat(db, code: str, seat: SeatRow) -> None:
        db.execute("INSERT OR REPLACE INTO seats VALUES (?,?,?,?,?)",
                   (code, seat.seat, seat.name, seat.secret_hash, seat.seen))

    @staticmethod
    def drop_seat(db, code: str, seat: int) -> None:
        db.execute("DELETE FROM seats WHERE code = ? AND seat = ?", (code, seat))

    @staticmethod
    def keep(db, code: str, seat: int, kept: bool) -> None:
        if kept:
            db.execute("INSERT OR IGNORE INTO kept VALUES (?,?)", (code, seat))
        else:
            db.execute("DELETE FROM kept WHERE code = ? AND seat = ?", (code, seat))

    @staticmethod
    def forget_actions(db, code: str) -> None:
        """A new game at the same table: the last game's actions go (its seed is replaced with them)."""
        db.execute("DELETE FROM actions WHERE code = ?", (code,))

    @staticmethod
    def seen(db, code: str, seat: int, when: float) -> None:
        db.execute("UPDATE seats SET seen = ? WHERE code = ? AND seat = ?", (when, code, seat))

    @staticmethod
    def remove(db, codes: list[str]) -> None:
        for table in ("actions", "seats", "kept", "tables"):
            db.executemany(f"DELETE FROM {table} WHERE code = ?", [(c,) for c in codes])

    def stale(self, db, ended_before: float, touched_before: float) -> list[str]:
        """Tables finished before ``ended_before``, or left alone since before ``touched_before``."""
        rows = db.execute("SELECT code FROM tables WHERE (ended IS NOT NULL AND ended < ?) OR touched < ?",
                          (ended_before, touched_before))
        return [r[0] for r in rows]

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None


class _Immediate:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind, value, tb) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


__all__ = ["FILE_NAME", "SeatRow", "TableRow", "TableStore", "default_path"]
