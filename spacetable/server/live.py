"""WebSocket connections and pushes: one view per seat, built by `views.view_body` for that seat.

Each connection has its own queue and sender task, so a slow client never holds up a game; views
are built (once per seat) and queued while the game's lock is held, so every client receives the
versions in order. The first view on a connection carries the whole log; later pushes only the
lines the connection has not had yet (``"log_start"``: how many lines it keeps), unless the log
changed other than by growing (an undo), when the whole log is sent again (``"log_start": 0``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from spacetable.server.tables import Table
from spacetable.server.views import view_text

log = logging.getLogger("spacetable.server")
QUEUE_LIMIT = 256
"""A client this many messages behind is disconnected (it reconnects and gets the current view)."""


@dataclass(eq=False)
class Connection:
    ws: WebSocket
    game_id: str
    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    log_sent: tuple[int, int] | None = None
    """(table.log_epoch, number of log lines) of the last view queued for this connection."""

    def send_view(self, table: Table, connected: set[int]) -> None:
        """Queue the table's view for this connection's seat with only the log lines it lacks."""
        start = 0
        if self.log_sent is not None and self.log_sent[0] == table.log_epoch \
                and self.log_sent[1] <= len(table.log):
            start = self.log_sent[1]
        self.log_sent = (table.log_epoch, len(table.log))
        self.send(view_message(table, self.seat, connected, start))

    def send(self, text: str) -> None:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("client of game %s too slow; dropping it", self.game_id)
            self.close()

    def close(self) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)

    async def sender(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None or self.ws.client_state != WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close()
                return
            try:
                await self.ws.send_text(text)
            except (WebSocketDisconnect, RuntimeError, OSError):
                return


class Hub:
    """Who is connected to which game, as which seat (here, and as other processes last said);
    pushes views to the clients connected here."""

    def __init__(self) -> None:
        self._conns: dict[str, set[Connection]] = {}
        self._remote: dict[str, dict[str, tuple[frozenset[int], float]]] = {}
        """game id → other process → (seats connected there, when it said so: monotonic s)."""

    def local_seats(self, game_id: str) -> set[int]:
        return {c.seat for c in self._conns.get(game_id, ()) if c.seat is not None}

    def connected(self, game_id: str) -> set[int]:
        seats = self.local_seats(game_id)
        for remote, _ in self._remote.get(game_id, {}).values():
            seats |= remote
        return seats

    def local_games(self) -> list[str]:
        """Games with a seat connected to this process (their presence is re-announced)."""
        return [g for g in self._conns if self.local_seats(g)]

    def heard_presence(self, game_id: str, process: str, seats: frozenset[int]) -> bool:
        """Another process's seats of a game; True when the seats connected anywhere changed."""
        before = self.connected(game_id)
        per = self._remote.setdefault(game_id, {})
        if seats:
            per[process] = (seats, time.monotonic())
        else:
            per.pop(process, None)
        if not per:
            del self._remote[game_id]
        return self.connected(game_id) != before

    def expire_presence(self, ttl: float) -> list[str]:
        """Forget what processes that went quiet for `ttl` seconds said (they died); the games
        whose connected seats changed."""
        now = time.monotonic()
        changed = []
        for game_id in list(self._remote):
            before = self.connected(game_id)
            per = self._remote[game_id]
            for process in [p for p, (_, seen) in per.items() if now - seen > ttl]:
                del per[process]
            if not per:
                del self._remote[game_id]
            if self.connected(game_id) != before:
                changed.append(game_id)
        return changed

    def add(self, conn: Connection) -> None:
        self._conns.setdefault(conn.game_id, set()).add(conn)

    def remove(self, conn: Connection) -> None:
        conns = self._conns.get(conn.game_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self._conns[conn.game_id]

    def push(self, table: Table, exclude: Connection | None = None) -> None:
        """Queue the current view of `table` for every client of it (call with the game locked)."""
        conns = self._conns.get(table.id)
        if not conns:
            return
        connected = self.connected(table.id)
        for conn in list(conns):  # bodies are memoized per (seat, log start) by view_text
            if conn is not exclude:
                conn.send_view(table, connected)

    def close_all(self) -> None:
        for conns in self._conns.values():
            for c in conns:
                c.close()


def view_message(table: Table, seat: int | None, connected: set[int], log_start: int | None = None) -> str:
    """{"type": "view", …the GET /view body…} as text (with `log_start`: only the log from there)."""
    return '{"type":"view",' + view_text(table, seat, connected, log_start)[1:]


def message(kind: str, body: dict[str, Any]) -> str:
    return json.dumps({"type": kind, **body}, separators=(",", ":"))


def error_message(text: str) -> str:
    return json.dumps({"type": "error", "error": text})
