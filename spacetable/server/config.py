"""Server settings: the database URL (a per-user SQLite file by default), bot pauses and limits."""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True)
class ServerConfig:
    """What one server process needs to know."""

    db_url: str
    bot_pause: float = 0.6
    """Seconds between bot moves while a person is seated (0 in tests; always 0 with no human)."""
    migrate: bool = True
    """Run the Alembic migrations on start."""
