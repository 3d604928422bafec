"""SQLAlchemy 2 tables of the server: games, seats, tokens, the append-only record log and players."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, UniqueConstraint, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """One game: its config, deal (seed, salt, generator) and rules version; `version` = number of
    records (only grows)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    config: Mapped[str] = mapped_column(Text)
    """The engine config as JSON text."""
    seed: Mapped[int] = mapped_column(BigInteger)
    """The 64-bit seed of a game stored before revision 0003 (also in `seed_hex`); 0 for later games."""
    seed_hex: Mapped[str | None] = mapped_column(String(32))
    """The game's seed as 32 lowercase hex digits (its 16 big-endian bytes: the generator's key)."""
    salt_hex: Mapped[str | None] = mapped_column(String(32))
    """The salt of the seed commitment (docs/server.md); None for games stored before revision 0003."""
    fixed_seed: Mapped[bool | None] = mapped_column(Boolean)
    """The creator gave the seed (so knows the deal); None for games stored before revision 0003."""
    rng: Mapped[str] = mapped_column(String(16), server_default="splitmix64")
    """The generator stream: "shake256", or "splitmix64" for games stored before revision 0003."""
    rules_version: Mapped[str] = mapped_column(String(80))
    version: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(24), default="running", index=True)
    created_at: Mapped[datetime] = mapped_column()
    updated_at: Mapped[datetime] = mapped_column()
    share_for_research: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The players allowed `spacetable dataset` to export this game's trajectories once it is over
    (set at creation, off by default; names and tokens are never exported)."""
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The game its rematch created (revision 0008), once one of its people asked for it."""
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Its result has updated the ratings (revision 0008; `server.ratings`: once per game)."""
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The game's clock as JSON ``{"kind", "seconds", "reserve"}`` (revision 0007); None: no clock."""


class SeatRow(Base):
    """A seat as created: its display name and kind ("human" or a bot name). Hand-offs are records."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(40))
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True, index=True)
    """The player profile the seat is attached to (revision 0005), or None."""
    is_open: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """An open seat (revision 0008): no one holds it yet; any player may take it (`server.rematch`)."""


class PlayerRow(Base):
    """A player profile (revision 0005): a display name, kept by a secret key of which only the SHA-256
    hex digest is stored (rotating it replaces the digest: the old key stops working)."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column()
    webhook: Mapped[str | None] = mapped_column(Text, nullable=True)
    """Notice channels (revision 0006): a webhook URL, its body format, an e-mail address, a Web Push
    subscription (JSON text) and the hours before one reminder."""
    webhook_format: Mapped[str] = mapped_column(String(16), default="json", server_default="json")
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    push: Mapped[str | None] = mapped_column(Text, nullable=True)
    reminder_hours: Mapped[float] = mapped_column(Float, default=12.0, server_default="12")


class NoticeJob(Base):
    """One notice through one channel (revision 0006): queued once per waiting decision (the unique
    key), fired by whichever process claims it first (row locks), retried with backoff."""

    __tablename__ = "notice_jobs"
    __table_args__ = (UniqueConstraint("game_id", "seat", "event", "decision", "channel",
                                       name="uq_notice_once"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(String(32), index=True)
    game_id: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int] = mapped_column(Integer)
    event: Mapped[str] = mapped_column(String(16))
    decision: Mapped[str] = mapped_column(String(40))
    channel: Mapped[str] = mapped_column(String(16))
    due_ms: Mapped[int] = mapped_column(BigInteger, index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[str] = mapped_column(String(10), default="pending", index=True)
    locked_until_ms: Mapped[int] = mapped_column(BigInteger, default=0)
    done_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    error: Mapped[str | None] = mapped_column(String(200), nullable=True)


class ServerKey(Base):
    """A secret the server made for itself once (revision 0006): the VAPID key pair of Web Push."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class TokenRow(Base):
    """A credential: only the SHA-256 hex digest of the token is stored. seat None = spectator."""

    __tablename__ = "tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)


class RecordRow(Base):
    """Record n (0-based) of a game's log: an action, a chance outcome, an undo or a bot hand-off."""

    __tablename__ = "records"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column()


class LeaseRow(Base):
    """The process (`owner`) that drives a game's bots, until `expires_ms` (Unix ms) unless renewed.

    No row, or an expired one: any process may take the lease (and so a dead process's games)."""

    __tablename__ = "bot_leases"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64))
    expires_ms: Mapped[int] = mapped_column(BigInteger)


class ClockDeadline(Base):
    """The deadline of one clock run (revision 0007): a person's time for the decision the table
    waits on runs out at `due_ms`. Claimed by one process at a time (row locks, like the notice
    jobs); `state` ends as ``fired`` (the time-out bot decided) or ``done`` (decided in time)."""

    __tablename__ = "clock_deadlines"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    run: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The record number of the ``clock`` record that started the run (never reused in a game)."""
    seat: Mapped[int] = mapped_column(Integer)
    due_ms: Mapped[int] = mapped_column(BigInteger, index=True)
    state: Mapped[str] = mapped_column(String(10), default="pending", index=True)
    locked_until_ms: Mapped[int] = mapped_column(BigInteger, default=0)
    done_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    fired_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The server process that fired it (tests check that each fires once)."""


class ServerClock(Base):
    """The server's heartbeat (revision 0007): every process writes `beat_ms` each second, so a
    process starting after the whole server was down knows for how long (see `ClockOutage`)."""

    __tablename__ = "server_clock"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    beat_ms: Mapped[int] = mapped_column(BigInteger)


class ClockOutage(Base):
    """A time the whole server was down, from its last heartbeat to the next start (revision 0007):
    not charged to any clock that was running then."""

    __tablename__ = "clock_outages"

    start_ms: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    end_ms: Mapped[int] = mapped_column(BigInteger)


class ChatRow(Base):
    """One table-chat message (revision 0008): number `n` in its game (from 1), verbatim text."""

    __tablename__ = "chat_messages"
    __table_args__ = (UniqueConstraint("game_id", "n", name="uq_chat_n"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), index=True)
    n: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column()


class RatingRow(Base):
    """One subject's rating in one game (revision 0008): ``player:<id>`` or ``bot:<name>``; openskill's
    Plackett-Luce mean and uncertainty, and the number of rated games behind it."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    subject: Mapped[str] = mapped_column(String(80), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column()
