"""The narrow storage interface (create, append, fetch, list, tokens) over SQLAlchemy 2.

The same interface serves SQLite and PostgreSQL. `append` is the only way a game changes: inside one
transaction it compares-and-sets the game's version (``UPDATE … WHERE version = N``) and inserts the
new records, so concurrent writers are serialized by the database and a record is durable before
the caller acknowledges it to anyone.

On PostgreSQL the two hot writes are one statement each, in autocommit (one round trip, no
``BEGIN``/``COMMIT``): `append` updates the version, inserts the records and sends the NOTIFY (which
carries the records themselves when they fit, so the other processes need not read them back), and
`take_lease` is one ``INSERT … ON CONFLICT DO UPDATE … WHERE`` that also answers who holds the lease
until when. Pooled connections are not pinged before each use; a call that meets a connection the
server dropped (a database restart) is retried once on a fresh one.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import Engine, create_engine, delete, event, insert, select, text, tuple_, update
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry, StaticPool

from spacetable.engine.rng import STREAM, seed_key
from spacetable.server.db import (
    ClockDeadline,
    ClockOutage,
    GameRow,
    LeaseRow,
    NoticeJob,
    PlayerRow,
    RecordRow,
    SeatRow,
    ServerClock,
    ServerKey,
    TokenRow,
)

WRITERS = 32
"""Writer threads (and pooled connections) for PostgreSQL."""
CHANNEL = "spacetable_games"
"""The PostgreSQL NOTIFY channel: payload ``<game id>:<new version>:<writer>``, sent inside every
append (`writer`: the appending process's `Store.origin`, so that it can ignore its own), followed
when they fit by ``\n<version before>\n<records as JSON [[kind, text, seat], …]>``."""
NOTIFY_LIMIT = 7800
"""Largest NOTIFY payload sent with its records (PostgreSQL's limit is 8000 bytes); a longer
append notifies the version only and the listeners read the records from the table."""
T = TypeVar("T")
P = ParamSpec("P")
PRESENCE = "spacetable_presence"
"""The channel of who is connected where: ``<game id>:<process>:<seat>,<seat>…`` (empty: none)."""


class VersionConflict(Exception):
    """The game's stored version is not the one the writer expected (nothing was written)."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def presence_payload(game_id: str, process: str, seats: Sequence[int], hidden: Collection[int] = ()) -> str:
    """``<game id>:<process>:<seats>``: the seats connected to `process`, comma-separated, each with
    ``h`` when every page of it there is hidden (`notify.parse_presence` reads it)."""
    return f"{game_id}:{process}:{','.join(f'{x}h' if x in hidden else str(x) for x in sorted(seats))}"


def notify_payload(game_id: str, base: int, records: Sequence[NewRecord], origin: str) -> str:
    """The NOTIFY payload of an append: the header, and the records when the whole fits."""
    head = f"{game_id}:{base + len(records)}:{origin}"
    body = json.dumps([[r.kind, r.text, r.seat] for r in records], separators=(",", ":"))
    full = f"{head}\n{base}\n{body}"
    return full if len(full.encode("utf-8")) <= NOTIFY_LIMIT else head


def records_of(body: str) -> list[NewRecord] | None:
    """The records of a NOTIFY payload's JSON part (None when it is not what `notify_payload` writes)."""
    try:
        data = json.loads(body)
    except ValueError:
        return None
    if not isinstance(data, list):
        return None
    out = []
    for item in data:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)
                and isinstance(item[1], str) and (item[2] is None or type(item[2]) is int)):
            return None
        out.append(NewRecord(item[0], item[1], item[2]))
    return out


@dataclass(frozen=True)
class NewRecord:
    kind: str
    text: str
    seat: int | None


@dataclass(frozen=True)
class StoredRecord:
    n: int
    kind: str
    text: str
    seat: int | None
    created_at: datetime


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    kind: str
    name: str
    player: str | None = None
    """The id of the player profile the seat is attached to, if any."""
    open: bool = False
    """No one holds the seat yet: any player may take it (`server.rematch`)."""


@dataclass(frozen=True)
class StoredPlayer:
    id: str
    name: str
    created_at: datetime


@dataclass(frozen=True)
class NotifySettings:
    """A player's notice channels (None: not chosen)."""

    webhook: str | None
    webhook_format: str
    email: str | None
    push: dict[str, Any] | None
    reminder_hours: float


@dataclass(frozen=True)
class Notice:
    """A claimed notice job."""

    id: int
    player_id: str
    game_id: str
    seat: int
    event: str
    decision: str
    channel: str
    attempts: int


NOTIFY_FIELDS = ("webhook", "webhook_format", "email", "push", "reminder_hours")


@dataclass(frozen=True)
class PlayerSeat:
    """A seat attached to a player: the game, its kind, the seat and the game's stored status."""

    game_id: str
    game: str
    seat: int
    status: str
    updated_at: datetime


@dataclass
class StoredGame:
    id: str
    game: str
    config: dict[str, Any]
    seed: int
    rules_version: str
    version: int
    status: str
    seats: list[StoredSeat] = field(default_factory=list)
    records: list[StoredRecord] = field(default_factory=list)
    tokens: list[tuple[str, int | None]] = field(default_factory=list)
    """(token hash, seat or None for the spectator) of every credential of the game."""
    salt: bytes | None = None
    """The salt of the seed commitment (`server.deal`); None for a game stored before them."""
    fixed_seed: bool | None = None
    """The creator gave the seed; None for a game stored before commitments (unknown)."""
    stream: str = STREAM
    """The generator stream the game is dealt with (`rng.STREAM`; older games `rng.LEGACY_STREAM`)."""
    clock: dict[str, Any] | None = None
    """The game's clock settings (``{"kind", "seconds", "reserve"}``), None without one."""
    rematch: str | None = None
    """The id of the game's rematch, once created."""


@dataclass(frozen=True)
class Deadline:
    """A claimed clock deadline: the run (record number of its start) of a game's seat."""

    game_id: str
    run: int
    seat: int
    due_ms: int


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets WAL, full fsync and a busy timeout (kill -9 safe)."""
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 30}}
        if memory:
            kwargs["poolclass"] = StaticPool
        engine = create_engine(url, **kwargs)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: DBAPIConnection, _entry: ConnectionPoolEntry) -> None:
            cur = dbapi_conn.cursor()
            if not memory:
                cur.execute("PRAGMA journal_mode=WAL")
            # WAL + NORMAL: a committed transaction survives the process being killed (kill -9);
            # only an OS crash or power cut may lose the last few. FULL would fsync every commit.
            cur.execute("PRAGMA synchronous=NORMAL")
            if not memory:  # checkpoints (the fsyncs) run in the background, never inside a commit
                cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    # no ping before every checkout (a round trip each): `Store` retries a call once instead when
    # it met a connection the server had dropped (SQLAlchemy then renews the whole pool)
    return create_engine(url, pool_size=WRITERS, max_overflow=16)


_APPEND_PG = text("""
WITH g AS (
    UPDATE games SET version = :new, updated_at = :t, status = COALESCE(CAST(:status AS varchar), status)
    WHERE id = :id AND version = :expected
    RETURNING id),
r AS (
    INSERT INTO records (game_id, n, kind, text, seat, created_at)
    SELECT g.id, x.n, x.kind, x.text, x.seat, :t FROM g,
        unnest(CAST(:ns AS integer[]), CAST(:kinds AS varchar[]), CAST(:texts AS text[]),
               CAST(:seats AS integer[])) AS x(n, kind, text, seat)
    RETURNING 1)
SELECT pg_notify(:channel, :payload) FROM g""")
"""`Store.append` on PostgreSQL: compare-and-set, insert and notify in one statement (no row: stale)."""

_LEASE_PG = text("""
WITH up AS (
    INSERT INTO bot_leases (game_id, owner, expires_ms) VALUES (:id, :owner, :until)
    ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner, expires_ms = EXCLUDED.expires_ms
    WHERE bot_leases.owner = EXCLUDED.owner OR bot_leases.expires_ms < :now
    RETURNING owner, expires_ms)
SELECT owner, expires_ms FROM up
UNION ALL
SELECT owner, expires_ms FROM bot_leases WHERE game_id = :id AND NOT EXISTS (SELECT 1 FROM up)""")
"""`Store.take_lease` on PostgreSQL: take or renew it if free, ours or expired; then who holds it."""


def _once_more(fn: Callable[[], T]) -> T:
    try:
        return fn()
    except DBAPIError as e:
        if not e.connection_invalidated:
            raise
    return fn()


def _retried(method: Callable[P, T]) -> Callable[P, T]:
    """A read of `Store` run once more if it met a connection the database had dropped."""
    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        return _once_more(lambda: method(*args, **kwargs))

    return run


class Store:
    """Create, append, fetch and list games; look up tokens. Thread-safe (one session per call)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        sqlite = engine.dialect.name == "sqlite"
        self.shared = engine.dialect.name == "postgresql"
        """Several processes may serve this database: appends NOTIFY, bots need a lease."""
        self.origin = ""
        """Who appends (the service sets its process name), carried in the NOTIFY payload."""
        self._auto = engine.execution_options(isolation_level="AUTOCOMMIT")
        """One-statement writes on PostgreSQL (each its own transaction: no BEGIN/COMMIT trips)."""
        self.writer = ThreadPoolExecutor(1 if sqlite else WRITERS, thread_name_prefix="spacetable-db-writer")
        """SQLite has one writer at a time: writes queue on one thread instead of SQLite's busy
        handler (which sleeps and retries, making long tails). PostgreSQL commits in parallel on
        many threads (so its group commit shares one WAL flush between them)."""

    def checkpoint(self) -> None:
        """Copy SQLite's write-ahead log into the database file (PASSIVE: writers never wait)."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        self.writer.shutdown(wait=True)
        try:
            self.checkpoint()
        finally:
            self.engine.dispose()

    def _session(self) -> Session:
        return self._sessions()

    def _retry(self, fn: Callable[[], T]) -> T:
        """`fn()`, once more if it failed on a pooled connection the database had dropped (the
        pool is then renewed). A retried append that had in fact committed meets its own version
        and says `VersionConflict`: the caller then catches up, as after any other writer."""
        return _once_more(fn)

    def create(self, game_id: str, game: str, config: dict[str, Any], seed: int, rules_version: str,
               seats: Sequence[StoredSeat], tokens: Sequence[tuple[str, int | None]],
               records: Sequence[NewRecord], status: str, share_for_research: bool = False, *,
               salt: bytes | None = None, fixed_seed: bool | None = None, stream: str = STREAM,
               clock: dict[str, Any] | None = None) -> None:
        """Store a new game with its seats, token hashes and first records in one transaction.

        `seed` (0 ≤ seed < 2**128) is stored as hex with the commitment's `salt`, whether the creator
        gave it (`fixed_seed`) and the generator `stream` (docs/server.md, "Provably fair deals")."""
        t = now()
        with self._session() as s, s.begin():
            s.add(GameRow(id=game_id, game=game, config=json.dumps(config, sort_keys=True), seed=0,
                          seed_hex=seed_key(seed).hex(), salt_hex=None if salt is None else salt.hex(),
                          fixed_seed=fixed_seed, rng=stream,
                          rules_version=rules_version, version=len(records), status=status,
                          created_at=t, updated_at=t, share_for_research=share_for_research,
                          clock=None if clock is None else json.dumps(clock, sort_keys=True)))
            s.flush()
            s.add_all(SeatRow(game_id=game_id, seat=x.seat, kind=x.kind, name=x.name, player_id=x.player,
                              is_open=x.open) for x in seats)
            s.add_all(TokenRow(token_hash=hash_token(tok), game_id=game_id, seat=seat)
                      for tok, seat in tokens)
            s.add_all(RecordRow(game_id=game_id, n=i, kind=r.kind, text=r.text, seat=r.seat, created_at=t)
                      for i, r in enumerate(records))

    def append(self, game_id: str, expected_version: int, records: Sequence[NewRecord],
               status: str | None = None) -> int:
        """Append records after version `expected_version`; the new version. `VersionConflict` if stale."""
        if self.shared:
            return self._retry(lambda: self._append_pg(game_id, expected_version, records, status))
        t = now()
        new_version = expected_version + len(records)
        values: dict[str, Any] = {"version": new_version, "updated_at": t}
        if status is not None:
            values["status"] = status
        # Core statements on one connection (no ORM unit of work: most of an append's CPU before)
        with self.engine.begin() as conn:
            res = conn.execute(update(GameRow).where(GameRow.id == game_id,
                                                     GameRow.version == expected_version).values(**values))
            if res.rowcount != 1:
                raise VersionConflict(f"game {game_id} is not at version {expected_version}")
            if records:
                conn.execute(insert(RecordRow), [
                    {"game_id": game_id, "n": expected_version + i, "kind": r.kind, "text": r.text,
                     "seat": r.seat, "created_at": t} for i, r in enumerate(records)])
        return new_version

    def _append_pg(self, game_id: str, expected_version: int, records: Sequence[NewRecord],
                   status: str | None) -> int:
        """`append` in one statement: the NOTIFY is delivered to every listening process when (and
        only if) it commits."""
        new_version = expected_version + len(records)
        params = {"id": game_id, "expected": expected_version, "new": new_version, "t": now(),
                  "status": status, "ns": [expected_version + i for i in range(len(records))],
                  "kinds": [r.kind for r in records], "texts": [r.text for r in records],
                  "seats": [r.seat for r in records], "channel": CHANNEL,
                  "payload": notify_payload(game_id, expected_version, records, self.origin)}
        with self._auto.connect() as conn:
            if conn.execute(_APPEND_PG, params).first() is None:
                raise VersionConflict(f"game {game_id} is not at version {expected_version}")
        return new_version

    @_retried
    def announce(self, game_id: str, process: str, seats: Sequence[int],
                 hidden: Collection[int] = ()) -> None:
        """Tell the other processes which seats of a game are connected to `process` (NOTIFY), and
        which of them have only hidden pages there (suffix ``h``: no notice is held back for them)."""
        payload = presence_payload(game_id, process, seats, hidden)
        with self.engine.connect() as conn:
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": PRESENCE, "p": payload})
            conn.commit()

    @_retried
    def announce_many(self, process: str,
                      games: Sequence[tuple[str, Sequence[int], Collection[int]]]) -> None:
        """`announce` for several games in one transaction (the sweep's presence heartbeat): one
        database round trip instead of one per game, so it never queues ahead of catch-ups."""
        if not games:
            return
        with self.engine.connect() as conn:
            for game_id, seats, hidden in games:
                payload = presence_payload(game_id, process, seats, hidden)
                conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": PRESENCE, "p": payload})
            conn.commit()

    @_retried
    def records_since(self, game_id: str, n: int) -> tuple[int, str, list[StoredRecord]] | None:
        """(version, status, records n, n+1, …) of a game: what another process appended since."""
        with self._session() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                return None
            recs = s.scalars(select(RecordRow).where(RecordRow.game_id == game_id, RecordRow.n >= n)
                             .order_by(RecordRow.n))
            return row.version, row.status, [StoredRecord(r.n, r.kind, r.text, r.seat, r.created_at)
                                             for r in recs]

    @_retried
    def versions(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The stored version of each of `game_ids` (unknown ids are left out)."""
        if not game_ids:
            return {}
        with self._session() as s:
            rows = s.execute(select(GameRow.id, GameRow.version).where(GameRow.id.in_(list(game_ids))))
            return {gid: v for gid, v in rows}

    # ----- bot leases (several processes on one PostgreSQL database) ---------------------------
    def take_lease(self, game_id: str, owner: str, now_ms: int, ttl_ms: int) -> int | None:
        """Take or renew the bot lease of a game for `owner` until now + ttl and return that time;
        None if another process holds an unexpired one. Compare-and-set in one transaction, so two
        takers never both win."""
        holder = self.claim_lease(game_id, owner, now_ms, ttl_ms)
        return holder[1] if holder is not None and holder[0] == owner else None

    def claim_lease(self, game_id: str, owner: str, now_ms: int, ttl_ms: int) -> tuple[str, int] | None:
        """`take_lease`, answering who holds the lease afterwards and until when (Unix ms): `owner`
        if it took or renewed it; else the other holder (None when that is not known)."""
        until = now_ms + ttl_ms
        if self.shared:
            def run() -> tuple[str, int] | None:
                with self._auto.connect() as conn:
                    row = conn.execute(_LEASE_PG, {"id": game_id, "owner": owner, "until": until,
                                                   "now": now_ms}).first()
                return None if row is None else (str(row[0]), int(row[1]))

            return self._retry(run)
        return (owner, until) if self._take_lease_generic(game_id, owner, now_ms, until) else None

    def _take_lease_generic(self, game_id: str, owner: str, now_ms: int, until: int) -> bool:
        with self._session() as s, s.begin():
            res = s.execute(update(LeaseRow).where(
                LeaseRow.game_id == game_id, (LeaseRow.owner == owner) | (LeaseRow.expires_ms < now_ms))
                .values(owner=owner, expires_ms=until))
            if res.rowcount == 1:  # type: ignore[attr-defined]
                return True
        try:
            with self._session() as s, s.begin():
                s.add(LeaseRow(game_id=game_id, owner=owner, expires_ms=until))
            return True
        except IntegrityError:  # a row exists and is another's, unexpired (or it was just inserted)
            return False

    @_retried
    def release_lease(self, game_id: str, owner: str) -> None:
        """Give the lease up (only if `owner` still holds it)."""
        with self._session() as s, s.begin():
            s.execute(delete(LeaseRow).where(LeaseRow.game_id == game_id, LeaseRow.owner == owner))

    @_retried
    def lease_owner(self, game_id: str) -> tuple[str, int] | None:
        with self._session() as s:
            row = s.get(LeaseRow, game_id)
            return None if row is None else (row.owner, row.expires_ms)

    @_retried
    def set_status(self, game_id: str, status: str) -> None:
        with self._session() as s, s.begin():
            s.execute(update(GameRow).where(GameRow.id == game_id).values(status=status))

    @_retried
    def fetch(self, game_id: str) -> StoredGame | None:
        """A game with its seats, its token hashes and every record, oldest first (None if unknown)."""
        with self._session() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                return None
            seats = s.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat))
            recs = s.scalars(select(RecordRow).where(RecordRow.game_id == game_id).order_by(RecordRow.n))
            tokens = s.execute(select(TokenRow.token_hash, TokenRow.seat).where(TokenRow.game_id == game_id))
            return StoredGame(
                id=row.id, game=row.game, config=json.loads(row.config),
                seed=int(row.seed_hex, 16) if row.seed_hex else row.seed,
                salt=bytes.fromhex(row.salt_hex) if row.salt_hex else None, fixed_seed=row.fixed_seed,
                stream=row.rng, clock=json.loads(row.clock) if row.clock else None,
                rules_version=row.rules_version, version=row.version, status=row.status,
                seats=[StoredSeat(x.seat, x.kind, x.name, x.player_id, x.is_open) for x in seats],
                records=[StoredRecord(r.n, r.kind, r.text, r.seat, r.created_at) for r in recs],
                tokens=[(h, seat) for h, seat in tokens], rematch=row.rematch_id)

    @_retried
    def list_ids(self, status: str | None = None) -> list[str]:
        with self._session() as s:
            q = select(GameRow.id).order_by(GameRow.created_at)
            if status is not None:
                q = q.where(GameRow.status == status)
            return list(s.scalars(q))

    @_retried
    def shared_for_research(self) -> list[str]:
        """The finished games whose players allowed research exports, oldest first."""
        with self._session() as s:
            q = (select(GameRow.id).where(GameRow.status == "finished", GameRow.share_for_research.is_(True))
                 .order_by(GameRow.created_at))
            return list(s.scalars(q))

    @_retried
    def token(self, token: str) -> tuple[str, int | None] | None:
        """(game id, seat or None for a spectator) of a token, or None if unknown."""
        with self._session() as s:
            row = s.get(TokenRow, hash_token(token))
            return None if row is None else (row.game_id, row.seat)

    # ----- players (profiles kept by a hashed key) ----------------------------------------------
    def create_player(self, player_id: str, name: str, key: str) -> StoredPlayer:
        """A new profile; only the key's SHA-256 is stored."""
        t = now()
        with self._session() as s, s.begin():
            s.add(PlayerRow(id=player_id, name=name, key_hash=hash_token(key), created_at=t))
        return StoredPlayer(player_id, name, t)

    @_retried
    def player(self, key: str) -> StoredPlayer | None:
        """The profile a key opens (None: unknown, or rotated away)."""
        with self._session() as s:
            row = s.scalars(select(PlayerRow).where(PlayerRow.key_hash == hash_token(key))).first()
            return None if row is None else StoredPlayer(row.id, row.name, row.created_at)

    @_retried
    def player_by_id(self, player_id: str) -> StoredPlayer | None:
        with self._session() as s:
            row = s.get(PlayerRow, player_id)
            return None if row is None else StoredPlayer(row.id, row.name, row.created_at)

    def rotate_key(self, player_id: str, key: str) -> None:
        """Replace the profile's key by `key` (the old one stops working at once)."""
        with self._session() as s, s.begin():
            s.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(key_hash=hash_token(key)))

    def rename_player(self, player_id: str, name: str) -> None:
        with self._session() as s, s.begin():
            s.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(name=name))

    def attach_seat(self, game_id: str, seat: int, player_id: str) -> str | None:
        """Attach a seat to a player unless another player holds it; the player holding it after."""
        with self._session() as s, s.begin():
            s.execute(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat,
                                            SeatRow.player_id.is_(None)).values(player_id=player_id))
            row = s.get(SeatRow, (game_id, seat))
            return None if row is None else row.player_id

    @_retried
    def player_seats(self, player_id: str) -> list[PlayerSeat]:
        """Every seat attached to the player, newest game first."""
        with self._session() as s:
            rows = s.execute(select(SeatRow.game_id, GameRow.game, SeatRow.seat, GameRow.status,
                                    GameRow.updated_at).join(GameRow, GameRow.id == SeatRow.game_id)
                             .where(SeatRow.player_id == player_id).order_by(GameRow.updated_at.desc()))
            return [PlayerSeat(g, game, seat, status, t) for g, game, seat, status, t in rows]

    @_retried
    def seat_player(self, game_id: str, seat: int) -> str | None:
        with self._session() as s:
            row = s.get(SeatRow, (game_id, seat))
            return None if row is None else row.player_id

    def add_token(self, token: str, game_id: str, seat: int | None) -> None:
        """Store one more credential for a seat (its hash): a player opening the seat on a device."""
        with self._session() as s, s.begin():
            s.add(TokenRow(token_hash=hash_token(token), game_id=game_id, seat=seat))

    # ----- notices ------------------------------------------------------------------------------
    @_retried
    def notify_settings(self, player_id: str) -> NotifySettings | None:
        with self._session() as s:
            row = s.get(PlayerRow, player_id)
            if row is None:
                return None
            return NotifySettings(row.webhook, row.webhook_format or "json", row.email,
                                  json.loads(row.push) if row.push else None, float(row.reminder_hours))

    def set_notify(self, player_id: str, values: dict[str, Any]) -> None:
        """Change some of a player's channels (the keys of `values`, among `NOTIFY_FIELDS`)."""
        clean = {k: (json.dumps(v) if k == "push" and v is not None else v)
                 for k, v in values.items() if k in NOTIFY_FIELDS}
        if not clean:
            return
        with self._session() as s, s.begin():
            s.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(**clean))

    @_retried
    def seat_players(self, game_id: str) -> dict[int, str]:
        """The seats of a game attached to a player: seat → player id."""
        with self._session() as s:
            rows = s.execute(select(SeatRow.seat, SeatRow.player_id).where(
                SeatRow.game_id == game_id, SeatRow.player_id.is_not(None)))
            return {seat: pid for seat, pid in rows if pid is not None}

    def queue_notices(self, rows: Sequence[dict[str, Any]]) -> int:
        """Queue notice jobs; a job already queued for the same (game, seat, event, decision, channel)
        is left as it is (a waiting decision is noticed once). The number queued."""
        if not rows:
            return 0
        if self.shared:
            from sqlalchemy.dialects.postgresql import insert as pg_insert
            stmt: Any = pg_insert(NoticeJob).on_conflict_do_nothing(constraint="uq_notice_once")
        else:
            from sqlalchemy.dialects.sqlite import insert as lite_insert
            stmt = lite_insert(NoticeJob).on_conflict_do_nothing()
        with self.engine.begin() as conn:
            res = conn.execute(stmt.returning(NoticeJob.id), [dict(r) for r in rows])
            return len(res.fetchall())

    def claim_notices(self, now_ms: int, lock_ms: int, limit: int = 20) -> list[Notice]:
        """Claim up to `limit` due jobs for `lock_ms` (a job claimed by one process is skipped by the
        others: ``FOR UPDATE SKIP LOCKED`` on PostgreSQL; SQLite has one process and one writer)."""
        due = (select(NoticeJob.id).where(NoticeJob.state == "pending", NoticeJob.due_ms <= now_ms,
                                          NoticeJob.locked_until_ms <= now_ms)
               .order_by(NoticeJob.due_ms).limit(limit))
        if self.shared:
            due = due.with_for_update(skip_locked=True)
        with self.engine.begin() as conn:
            ids = list(conn.scalars(due))
            if not ids:
                return []
            conn.execute(update(NoticeJob).where(NoticeJob.id.in_(ids))
                         .values(locked_until_ms=now_ms + lock_ms, attempts=NoticeJob.attempts + 1))
            rows = conn.execute(select(NoticeJob).where(NoticeJob.id.in_(ids)))
            return [Notice(r.id, r.player_id, r.game_id, r.seat, r.event, r.decision, r.channel, r.attempts)
                    for r in rows]

    def finish_notice(self, job_id: int, state: str, at_ms: int, error: str | None = None) -> None:
        """A job is over: ``sent``, ``dropped`` (no longer wanted) or ``failed`` (out of attempts)."""
        with self.engine.begin() as conn:
            conn.execute(update(NoticeJob).where(NoticeJob.id == job_id)
                         .values(state=state, done_ms=at_ms, error=(error or "")[:200] or None))

    def retry_notice(self, job_id: int, due_ms: int, error: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(NoticeJob).where(NoticeJob.id == job_id)
                         .values(due_ms=due_ms, locked_until_ms=0, error=error[:200]))

    @_retried
    def notices(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Every job (of a game), oldest first: what was queued and what became of it (tests, admins)."""
        with self._session() as s:
            q = select(NoticeJob).order_by(NoticeJob.id)
            if game_id is not None:
                q = q.where(NoticeJob.game_id == game_id)
            return [{"id": r.id, "player": r.player_id, "game": r.game_id, "seat": r.seat, "event": r.event,
                     "decision": r.decision, "channel": r.channel, "state": r.state, "attempts": r.attempts,
                     "done_ms": r.done_ms, "error": r.error} for r in s.scalars(q)]

    def server_key(self, name: str, make: Callable[[], str]) -> str:
        """The server's stored secret `name`, made by `make()` and stored on first use (the first
        process to store it wins; the others read it)."""
        with self._session() as s:
            row = s.get(ServerKey, name)
            if row is not None:
                return row.value
        try:
            with self._session() as s, s.begin():
                s.add(ServerKey(name=name, value=make()))
        except IntegrityError:
            pass
        with self._session() as s:
            found = s.get(ServerKey, name)
            assert found is not None
            return found.value

    # ----- clocks: deadlines, the heartbeat, outages ---------------------------------------------
    def queue_deadlines(self, rows: Sequence[Deadline]) -> int:
        """Store the deadlines of clock runs; one already stored for the same run is kept as it is.
        The number stored."""
        if not rows:
            return 0
        values = [{"game_id": d.game_id, "run": d.run, "seat": d.seat, "due_ms": d.due_ms, "state": "pending",
                   "locked_until_ms": 0} for d in rows]
        if self.shared:
            from sqlalchemy.dialects.postgresql import insert as pg_insert
            stmt: Any = pg_insert(ClockDeadline).on_conflict_do_nothing()
        else:
            from sqlalchemy.dialects.sqlite import insert as lite_insert
            stmt = lite_insert(ClockDeadline).on_conflict_do_nothing()
        with self.engine.begin() as conn:
            res = conn.execute(stmt.returning(ClockDeadline.run), values)
            return len(res.fetchall())

    def claim_deadlines(self, now_ms: int, lock_ms: int, limit: int = 50) -> list[Deadline]:
        """Claim up to `limit` due deadlines for `lock_ms`: one process at a time (``FOR UPDATE SKIP
        LOCKED`` on PostgreSQL, then ``locked_until_ms``; SQLite has one process and one writer)."""
        due = (select(ClockDeadline.game_id, ClockDeadline.run, ClockDeadline.seat, ClockDeadline.due_ms)
               .where(ClockDeadline.state == "pending", ClockDeadline.due_ms <= now_ms,
                      ClockDeadline.locked_until_ms <= now_ms)
               .order_by(ClockDeadline.due_ms).limit(limit))
        if self.shared:
            due = due.with_for_update(skip_locked=True)
        with self.engine.begin() as conn:
            out = [Deadline(str(g), int(r), int(seat), int(d)) for g, r, seat, d in conn.execute(due)]
            if out:
                conn.execute(update(ClockDeadline)
                             .where(tuple_(ClockDeadline.game_id, ClockDeadline.run).in_([(d.game_id, d.run)
                                                                                         for d in out]))
                             .values(locked_until_ms=now_ms + lock_ms))
            return out

    def finish_deadline(self, game_id: str, run: int, state: str, at_ms: int, by: str | None = None) -> None:
        """A deadline is over: ``fired`` (by process `by`) or ``done`` (decided in time, or moot)."""
        with self.engine.begin() as conn:
            conn.execute(update(ClockDeadline)
                         .where(ClockDeadline.game_id == game_id, ClockDeadline.run == run)
                         .values(state=state, done_ms=at_ms, fired_by=by))

    def retry_deadline(self, game_id: str, run: int, due_ms: int) -> None:
        """Claim a deadline again at `due_ms` (its run was given more time, or the game was busy)."""
        with self.engine.begin() as conn:
            conn.execute(update(ClockDeadline)
                         .where(ClockDeadline.game_id == game_id, ClockDeadline.run == run)
                         .values(due_ms=due_ms, locked_until_ms=0))

    @_retried
    def deadlines(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Every deadline (of a game), in due order (tests, admins)."""
        with self._session() as s:
            q = select(ClockDeadline).order_by(ClockDeadline.due_ms)
            if game_id is not None:
                q = q.where(ClockDeadline.game_id == game_id)
            return [{"game": r.game_id, "run": r.run, "seat": r.seat, "due_ms": r.due_ms, "state": r.state,
                     "done_ms": r.done_ms, "fired_by": r.fired_by} for r in s.scalars(q)]

    def clock_start(self, now_ms: int, stale_ms: int) -> list[tuple[int, int]]:
        """On start: if the heartbeat is older than `stale_ms`, the whole server was down since it:
        record that outage and move every pending deadline due after it by its length; then beat.
        Under a row lock (PostgreSQL), so of processes starting together only the first counts an
        outage (the others then see its fresh beat). Every outage recorded, oldest first."""
        try:
            return self._clock_start(now_ms, stale_ms)
        except IntegrityError:  # another process wrote the first heartbeat (or this outage) just now
            return self._clock_start(now_ms, stale_ms)

    def _clock_start(self, now_ms: int, stale_ms: int) -> list[tuple[int, int]]:
        with self._session() as s, s.begin():
            q = select(ServerClock).where(ServerClock.name == "heartbeat")
            if self.shared:
                q = q.with_for_update()
            row = s.scalars(q).first()
            if row is None:
                s.add(ServerClock(name="heartbeat", beat_ms=now_ms))
            else:
                if now_ms - row.beat_ms > stale_ms and s.get(ClockOutage, row.beat_ms) is None:
                    s.add(ClockOutage(start_ms=row.beat_ms, end_ms=now_ms))
                    s.execute(update(ClockDeadline).where(ClockDeadline.state == "pending",
                                                          ClockDeadline.due_ms > row.beat_ms)
                              .values(due_ms=ClockDeadline.due_ms + (now_ms - row.beat_ms)))
                row.beat_ms = max(row.beat_ms, now_ms)
        with self._session() as s:
            rows = s.scalars(select(ClockOutage).order_by(ClockOutage.start_ms))
            return [(r.start_ms, r.end_ms) for r in rows]

    def beat(self, now_ms: int) -> None:
        """The heartbeat: the server is up at `now_ms`."""
        with self.engine.begin() as conn:
            conn.execute(update(ServerClock)
                         .where(ServerClock.name == "heartbeat", ServerClock.beat_ms < now_ms)
                         .values(beat_ms=now_ms))
