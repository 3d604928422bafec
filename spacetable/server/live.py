"""WebSocket connections and pushes: one view per seat, built by `views.view_body` for that seat.

Each connection has its own queue and sender task, so a slow client never holds up a game; views
are built (once per seat) and queued while the game's lock is held, so every client receives the
versions in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
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
    """Who is connected to which game, as which seat; pushes views to them."""

    def __init__(self) -> None:
        self._conns: dict[str, set[Connection]] = {}

    def connected(self, game_id: str) -> set[int]:
        return {c.seat for c in self._conns.get(game_id, ()) if c.seat is not None}

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
        bodies: dict[int | None, str] = {}
        for conn in list(conns):
            if conn is exclude:
                continue
            if conn.seat not in bodies:
                bodies[conn.seat] = view_message(table, conn.seat, connected)
            conn.send(bodies[conn.seat])

    def close_all(self) -> None:
        for conns in self._conns.values():
            for c in conns:
                c.close()


def view_message(table: Table, seat: int | None, connected: set[int]) -> str:
    """{"type": "view", …the GET /view body…} as text."""
    return '{"type":"view",' + view_text(table, seat, connected)[1:]


def message(kind: str, body: dict[str, Any]) -> str:
    return json.dumps({"type": kind, **body}, separators=(",", ":"))


def error_message(text: str) -> str:
    return json.dumps({"type": "error", "error": text})
