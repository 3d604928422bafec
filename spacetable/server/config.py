"""Server settings: the database URL (a per-user SQLite file by default), bot pauses and limits."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

MAX_BODY_BYTES = 16 * 1024
"""Largest HTTP request body accepted (413 above it)."""
MAX_WS_MESSAGE = 8 * 1024
"""Largest WebSocket message accepted from a client (refused with an error above it)."""
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

