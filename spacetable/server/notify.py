"""Hearing what other server processes wrote: PostgreSQL LISTEN on one dedicated connection.

Every `Store.append` on PostgreSQL sends ``pg_notify('spacetable_games', '<game id>:<version>:<writer>')``
inside its transaction, so the notification is delivered to every listening process exactly when
the records are committed (never for a rolled-back write), and in commit order; when they fit, the
payload carries the appended records too (`store.notify_payload`), so a listener holding the game at
the version before applies them without reading the database. ``spacetable_presence`` carries which
seats are connected to which process (for the seats' `connected` flags); ``spacetable_chat`` says a
game has a new table-chat message (`server.chat`). A `Listener` runs one
thread that holds a psycopg 3 connection in autocommit mode, `LISTEN`s on both, and hands each
payload to the event loop. If the connection drops it reconnects (with a pause) and calls
`on_reconnect`, so that the service catches up on anything it may have missed meanwhile. No broker
besides the database.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import URL

from spacetable.server.store import CHANNEL, PRESENCE, NewRecord, records_of

CHAT_CHANNEL = "spacetable_chat"
"""New table-chat messages (`server.chat`): ``<game id>:<n>:<writer>``."""

log = logging.getLogger("spacetable.server")
POLL_SECONDS = 0.5
"""How long one wait for notifications lasts before the thread checks whether it must stop."""
RETRY_SECONDS = 1.0


def conninfo(url: URL) -> str:
    """A libpq connection string for a SQLAlchemy ``postgresql+psycopg://`` URL."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


def parse_presence(payload: str) -> tuple[str, str, frozenset[int], frozenset[int]] | None:
    """``"<game id>:<process>:<seats>"`` → (game id, process, seats, hidden seats); None for anything
    else. A seat with the suffix ``h`` has only hidden pages there (`store.presence_payload`). (A
    process name holds colons itself: host:pid:random.)"""
    head, _, seats = payload.rpartition(":")
    game_id, _, process = head.partition(":")
    if not game_id or not process or len(game_id) > 64:
        return None
    parts = [x for x in seats.split(",") if x]
    numbers = [x[:-1] if x.endswith("h") else x for x in parts]
    if not all(x.isdigit() and len(x) < 3 for x in numbers):
        return None
    return (game_id, process, frozenset(int(x) for x in numbers),
            frozenset(int(x[:-1]) for x in parts if x.endswith("h")))


@dataclass(frozen=True)
class Note:
    """One append heard: game `game_id` is at `version`, written by process `writer`; with
    `records` (None: not carried) the ones appended after version `base`."""

    game_id: str
    version: int
    writer: str
    base: int | None = None
    records: list[NewRecord] | None = None


def parse(payload: str) -> Note | None:
    """``"<game id>:<version>:<writer>[\n<base>\n<records JSON>]"`` → a `Note`; None for anything else
    (records that do not add up to the version are dropped: the listener then reads them)."""
    head, _, tail = payload.partition("\n")
    game_id, _, rest = head.partition(":")
    version, _, writer = rest.partition(":")
    if not game_id or not version.isdigit() or len(game_id) > 64:
        return None
    base_text, _, body = tail.partition("\n")
    records = records_of(body) if base_text.isdigit() else None
    if records is None or int(base_text) + len(records) != int(version):
        return Note(game_id, int(version), writer)
    return Note(game_id, int(version), writer, int(base_text), records)


class Listener:
    """LISTEN on the store's channels in a thread; `on_notify(note)` and
    `on_presence(game_id, process, seats)` run on `loop`."""

    def __init__(self, url: URL, loop: asyncio.AbstractEventLoop,
                 on_notify: Callable[[Note], None], on_reconnect: Callable[[], None],
                 on_presence: Callable[[str, str, frozenset[int], frozenset[int]], None],
                 on_chat: Callable[[str], None] | None = None) -> None:
        self._dsn = conninfo(url)
        self._loop = loop
        self._on_notify = on_notify
        self._on_presence = on_presence
        self._on_chat = on_chat
        self._on_reconnect = on_reconnect
        self._stop = threading.Event()
        self.ready = threading.Event()
        """Set once the first LISTEN is in place (tests wait for it)."""
        self._thread = threading.Thread(target=self._run, name="spacetable-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(POLL_SECONDS * 4)

    def _run(self) -> None:
        import psycopg  # the ``postgres`` extra: only a PostgreSQL server listens

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    conn.execute(f"LISTEN {PRESENCE}")
                    conn.execute(f"LISTEN {CHAT_CHANNEL}")
                    self.ready.set()
                    if not first:
                        self._loop.call_soon_threadsafe(self._on_reconnect)
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=POLL_SECONDS):
                            if note.channel == CHAT_CHANNEL:
                                if self._on_chat is not None:
                                    self._loop.call_soon_threadsafe(self._on_chat, note.payload)
                                continue
                            if note.channel == PRESENCE:
                                here = parse_presence(note.payload)
                                if here is not None:
                                    self._loop.call_soon_threadsafe(self._on_presence, *here)
                                continue
                            found = parse(note.payload)
                            if found is not None:
                                self._loop.call_soon_threadsafe(self._on_notify, found)
            except psycopg.Error:
                if self._stop.is_set():
                    return
                log.warning("LISTEN connection lost; reconnecting", exc_info=True)
                first = False
                self._stop.wait(RETRY_SECONDS)
            except RuntimeError:  # the event loop closed under us at shutdown
                return
