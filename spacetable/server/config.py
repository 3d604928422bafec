"""Server settings: the database URL (a per-user SQLite file by default), bots and their budgets,
and the limits that keep one client from stalling the server (docs/server.md, "Limits")."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

MAX_BODY_BYTES = 16 * 1024
"""Largest HTTP request body accepted (413 above it)."""
MAX_WS_MESSAGE = 8 * 1024
"""Largest WebSocket message accepted from a client (the socket is closed with 1008 above it)."""
WS_FRAME_LIMIT = 64 * 1024
"""Largest WebSocket frame the protocol layer reads at all (uvicorn's ``ws_max_size``); between
`MAX_WS_MESSAGE` and this the app closes the socket with 1008, above it the protocol layer does (1009)."""
WS_AUTH_SECONDS = 5.0
"""How long a WebSocket client has to send its {"token": …} message."""


def data_dir() -> Path:
    """The per-user data folder (e.g. ~/.local/share/spacetable on Linux)."""
    return Path(platformdirs.user_data_dir("spacetable", appauthor=False))


def default_db_url() -> str:
    """The embedded SQLite database in the per-user data folder (created on first use)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'spacetable.db'}"


def lease_seconds_default() -> float:
    """$SPACETABLE_LEASE_SECONDS if it is a number of seconds in 0.5…300, else 5."""
    try:
        value = float(os.environ.get("SPACETABLE_LEASE_SECONDS", "5"))
    except ValueError:
        return 5.0
    return value if 0.5 <= value <= 300 else 5.0


def bot_workers_default() -> int:
    """One worker process fewer than the machine has cores (at least one): the request path keeps
    a core of its own however many games wait on a bot."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True)
class ServerConfig:
    """What one server process needs to know."""

    db_url: str
    bot_pause: float = 0.6
    """Seconds between bot moves while a person is seated (0 in tests; always 0 with no human)."""
    migrate: bool = True
    """Run the Alembic migrations on start."""
    lease_seconds: float = field(default_factory=lease_seconds_default)
    """PostgreSQL with several processes: how long a process's lease on a game's bots lasts unless
    renewed (it is renewed before every bot transaction); another process takes over after it.
    Default 5 s, or $SPACETABLE_LEASE_SECONDS (0.5…300)."""
    freeze_gc: bool = True
    """Once started, move every object alive into the garbage collector's permanent generation
    (`gc.freeze`; undone at stop), so that its full collections do not pause the event loop to
    rescan the modules and games loaded at start."""

    # ----- bots ------------------------------------------------------------------------------
    bot_max_seconds: float = 2.0
    """The largest time budget a bot may think per decision (``mcts:2s``); a seat asking for more
    is refused (400) at creation and at a hand-off."""
    bot_max_iterations: int = 2000
    """The largest iteration budget per decision (``mcts:2000it``): never cut by time, so the same
    bot at the same position still gives the same answer."""
    bot_workers: int = field(default_factory=bot_workers_default)
    """Worker processes that think for the bots (default: cores − 1, at least 1)."""
    bot_batch_seconds: float = 0.1
    """With no person seated, a game's turn in the pool plays bot moves until this much thinking
    is spent (or 64 moves, or a person must decide): cheap bots batch, a searching bot plays one."""
    bot_job_timeout: float = 120.0
    """A worker silent this long on one job is killed and restarted (the game plays a random move)."""

    # ----- people and their seats -----------------------------------------------------------
    handoff_after: float = 60.0
    """Seconds a person must have been away (no socket, no request) before another seat may hand
    their seat to a bot."""
    create_per_minute: float = 30.0
    """Games one client address may create per minute (sustained), after a burst of `create_burst`."""
    create_burst: int = 20

    # ----- notices to players (see spacetable.server.notices) -------------------------------
    smtp_url: str | None = None
    """``smtp://host:port`` (or ``smtps://``, with ``user:password@``) to send e-mail notices through;
    None: no e-mail channel."""
    smtp_from: str = "spacetable@localhost"
    """The From address of e-mail notices."""
    allow_private_webhooks: bool = False
    """Webhook and push targets on loopback or private addresses are refused unless this is on."""
    public_url: str | None = None
    """The address people reach this server at, for the links in notices (default: the listening
    host and port)."""
    notice_poll: float = 0.25
    """Seconds between two looks at the notice job table (a notice queued here wakes it at once)."""

    # ----- the edge (see spacetable.server.edge) ---------------------------------------------
    header_timeout: float = 10.0
    """Seconds a client has to send a request's whole header, from its first byte (or from
    connecting); the connection is closed after it."""
    body_timeout: float = 10.0
    """Seconds a client has to send a request's whole body once its header is in."""
    max_connections_per_client: int = 256
    """Open TCP connections (HTTP and WebSocket) one client address may hold; one more is accepted
    and closed at once."""
    max_websockets_per_client: int = 256
    """Open WebSockets one client address may hold; one more is accepted and closed (1008)."""
    ws_messages_per_second: float = 5.0
    """Sustained rate of messages a WebSocket client may send (pings included), after a burst of
    `ws_message_burst`; a faster client is closed with 1008."""
    ws_message_burst: int = 30
    stall_seconds: float = 5.0
    """A connection whose client drains nothing for this long while the server has more than a
    buffer's worth to send it is cut (the close always happens, whatever the client does)."""
    forwarded_allow_ips: str | None = None
    """Behind a reverse proxy: the proxy's addresses, whose X-Forwarded-For names the real client
    (rate limits and WebSocket limits then count per real client)."""
