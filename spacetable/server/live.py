"""WebSocket connections and pushes: one view per seat, built by `views.view_body` for that seat.

Each connection has its own queue and sender task, so a slow client never holds up a game; views
are built (once per seat) and queued while the game's lock is held, so every client receives the
versions in order. The first view on a connection carries the whole log (or, when the client said
how many lines it holds, ``"log_from"``, only the rest); later pushes only the lines the
connection has not had yet (``"log_start"``: how many it keeps), unless the log changed other
than by growing (an undo), when the whole log is sent again (``"log_start": 0``). A line counts as
sent to a connection only once its push is queued.

A client that falls `QUEUE_LIMIT` messages behind is closed (code 1013: reconnect, sending
``log_from``): the close never waits on the full queue, and a socket whose client reads nothing at
all is aborted by the edge (`edge.py`, ``stall_seconds``). One warning is logged per closed
connection, never one per dropped message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from typing import Any

from starlette.websockets import WebSocket

from spacetable.server.clocks import HANDOFF_TIMEOUTS
from spacetable.server.tables import HUMAN, Table
from spacetable.server.views import view_text

log = logging.getLogger("spacetable.server")
QUEUE_LIMIT = 256
"""A client this many messages behind is disconnected (it reconnects and resumes with log_from)."""
TOO_SLOW = 1013
"""Close code for a client that cannot keep up ("try again later": it reconnects)."""
POLICY = 1008
"""Close code for a client that breaks the rules (a message over the limit, a flood)."""


class Connection:
    """One WebSocket client of a game: its send queue, the log lines it holds, and its sender."""

    def __init__(self, ws: WebSocket, game_id: str, seat: int | None, client: str = "") -> None:
        self.ws = ws
        self.game_id = game_id
        self.seat = seat
        self.client = client
        """The client's address (the per-address WebSocket limit counts it)."""
        self.queue: deque[str] = deque()
        self.log_sent: tuple[int, int] | None = None
        """(table.log_epoch, number of log lines) of the last view queued for this connection."""
        self.closed: tuple[int, str] | None = None
        """(code, reason) once the connection is being closed: nothing more is queued."""
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._sending = False
        self.visible = True
        """The page said it is visible (``{"type": "visibility", "visible": …}``): no notice then."""

    def resume(self, table: Table, log_from: int) -> None:
        """The client holds the first `log_from` lines of the table's current log: its first view
        carries only the rest."""
        if 0 <= log_from <= len(table.log):
            self.log_sent = (table.log_epoch, log_from)

    def send_view(self, table: Table, connected: set[int], away: set[int] | frozenset[int] = frozenset()
                  ) -> None:
        """Queue the table's view for this connection's seat with only the log lines it lacks."""
        if self.closed is not None:
            return
        start = 0
        if self.log_sent is not None and self.log_sent[0] == table.log_epoch \
                and self.log_sent[1] <= len(table.log):
            start = self.log_sent[1]
        if self.send(view_message(table, self.seat, connected, start, away)):
            self.log_sent = (table.log_epoch, len(table.log))  # counted only once queued

    def send(self, text: str) -> bool:
        """Queue a message; False (and the connection closing) when the client is too far behind."""
        if self.closed is not None:
            return False
        if len(self.queue) >= QUEUE_LIMIT:
            log.warning("client of game %s is %d messages behind; closing it (it resumes on reconnecting)",
                        self.game_id, len(self.queue))
            self.close(TOO_SLOW, "too slow: reconnect")
            return False
        self.queue.append(text)
        self._wake.set()
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the connection: drop what is queued, stop a send stuck on a client that reads
        nothing, and send the close (never blocked by a full queue)."""
        if self.closed is not None:
            return
        self.closed = (code, reason)
        self.queue.clear()
        self._wake.set()
        if self._sending and self._task is not None:
            self._task.cancel()

    def start(self) -> asyncio.Task[None]:
        self._task = asyncio.get_running_loop().create_task(self._sender())
        return self._task

    async def _sender(self) -> None:
        try:
            while self.closed is None:
                if not self.queue:
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                self._sending = True
                try:
                    await self.ws.send_text(self.queue.popleft())
                finally:
                    self._sending = False
        except asyncio.CancelledError:
            if self.closed is None:
                raise
        except Exception:  # noqa: BLE001 - the client left: nothing more to send
            self.closed = self.closed or (1006, "")
            return
        code, reason = self.closed
        with contextlib.suppress(Exception):  # a client that reads nothing is aborted by the edge
            await self.ws.close(code, reason)


class Flood:
    """Messages a client may send: `burst` at once and `rate` a second after (pings included)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Hub:
    """Who is connected to which game, as which seat (here, and as other processes last said), and
    since when a seat is away; pushes views to the clients connected here."""

    def __init__(self, grace: float = 60.0) -> None:
        self.grace = grace
        """Seconds away after which another seat may hand a person's seat to a bot."""
        self._conns: dict[str, set[Connection]] = {}
        self._remote: dict[str, dict[str, tuple[frozenset[int], float]]] = {}
        """game id → other process → (seats connected there, when it said so: monotonic s)."""
        self._remote_hidden: dict[str, dict[str, frozenset[int]]] = {}
        """game id → other process → its connected seats whose every page there is hidden."""
        self._seen: dict[tuple[str, int], float] = {}
        """(game, seat) → when the seat was last known present (connected, or acting): monotonic s."""
        self._known: dict[str, float] = {}
        """game id → when this process first held it (a seat never seen is away since then)."""
        self._away: dict[str, frozenset[int]] = {}
        """The away seats each game's clients were last told about."""
        self._clients: dict[str, int] = {}
        """Open WebSockets per client address."""

    # ----- presence ---------------------------------------------------------------------------
    def local_seats(self, game_id: str) -> set[int]:
        return {c.seat for c in self._conns.get(game_id, ()) if c.seat is not None and c.closed is None}

    def connected(self, game_id: str) -> set[int]:
        seats = self.local_seats(game_id)
        for remote, _ in self._remote.get(game_id, {}).values():
            seats |= remote
        return seats

    def visible(self, game_id: str) -> set[int]:
        """Seats whose person has this table open and visible: a page connected here that did not
        say it is hidden, or a seat connected through another process that did not say all its
        pages there are hidden."""
        seats = {c.seat for c in self._conns.get(game_id, ())
                 if c.seat is not None and c.closed is None and c.visible}
        hidden = self._remote_hidden.get(game_id, {})
        for process, (remote, _) in self._remote.get(game_id, {}).items():
            seats |= remote - hidden.get(process, frozenset())
        return seats

    def local_hidden(self, game_id: str) -> set[int]:
        """Seats connected here whose every page here said it is hidden (announced to the others)."""
        conns = [c for c in self._conns.get(game_id, ()) if c.seat is not None and c.closed is None]
        return {c.seat for c in conns if c.seat is not None} - {c.seat for c in conns if c.visible}

    def local_games(self) -> list[str]:
        """Games with a seat connected to this process (their presence is re-announced)."""
        return [g for g in self._conns if self.local_seats(g)]

    def known(self, game_id: str) -> None:
        """This process now holds the game: its seats' absence is counted from now at the latest."""
        self._known.setdefault(game_id, time.monotonic())

    def seen(self, game_id: str, seat: int | None, at: float | None = None) -> None:
        """The seat's person is present now (or was at `at`): they acted, connected or left."""
        if seat is not None:
            when = time.monotonic() if at is None else at
            self._seen[(game_id, seat)] = max(when, self._seen.get((game_id, seat), 0.0))

    def absent_for(self, game_id: str, seat: int, connected: set[int] | None = None) -> float:
        """Seconds since the seat's person was last present (0 while connected anywhere)."""
        if seat in (self.connected(game_id) if connected is None else connected):
            return 0.0
        now = time.monotonic()
        since = self._seen.get((game_id, seat), self._known.get(game_id, now))
        return max(0.0, now - since)

    def away(self, table: Table, connected: set[int] | None = None) -> frozenset[int]:
        """The human seats away for at least the grace period, or whose time ran out
        `HANDOFF_TIMEOUTS` times in a row: another seat may hand them to a bot."""
        here = self.connected(table.id) if connected is None else connected
        return frozenset(s.seat for s in table.seats
                         if s.kind == HUMAN and (self.absent_for(table.id, s.seat, here) >= self.grace
                                                 or s.timeouts >= HANDOFF_TIMEOUTS))

    def heard_presence(self, game_id: str, process: str, seats: frozenset[int],
                       hidden: frozenset[int] = frozenset()) -> bool:
        """Another process's seats of a game (and which of them have only hidden pages there); True
        when the seats connected anywhere changed."""
        before = self.connected(game_id)
        per = self._remote.setdefault(game_id, {})
        old = per.get(process, (frozenset(), 0.0))[0]
        for seat in old | seats:
            self.seen(game_id, seat)
        shut = self._remote_hidden.setdefault(game_id, {})
        if seats:
            per[process] = (seats, time.monotonic())
            shut[process] = hidden & seats
        else:
            per.pop(process, None)
            shut.pop(process, None)
        if not per:
            del self._remote[game_id]
        if not shut:
            del self._remote_hidden[game_id]
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
                for seat in per[process][0]:
                    self.seen(game_id, seat, per[process][1])
                del per[process]
                self._remote_hidden.get(game_id, {}).pop(process, None)
            if not per:
                del self._remote[game_id]
            if self.connected(game_id) != before:
                changed.append(game_id)
        return changed

    def away_changed(self, tables: dict[str, Table]) -> list[Table]:
        """Tables with clients here whose away seats changed since their clients were last told
        (a seat's grace period ran out without any new record): they need a push."""
        return [tables[g] for g in list(self._conns)
                if g in tables and self.away(tables[g]) != self._away.get(g, frozenset())]

    # ----- connections ------------------------------------------------------------------------
    def admit(self, client: str, limit: int) -> bool:
        """Count one more WebSocket of `client`; False (not counted) when it holds `limit` already."""
        held = self._clients.get(client, 0)
        if held >= limit:
            return False
        self._clients[client] = held + 1
        return True

    def release(self, client: str) -> None:
        held = self._clients.get(client, 0) - 1
        if held > 0:
            self._clients[client] = held
        else:
            self._clients.pop(client, None)

    def add(self, conn: Connection) -> None:
        self._conns.setdefault(conn.game_id, set()).add(conn)
        self.seen(conn.game_id, conn.seat)

    def remove(self, conn: Connection) -> None:
        conns = self._conns.get(conn.game_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self._conns[conn.game_id]
                self._away.pop(conn.game_id, None)
        self.seen(conn.game_id, conn.seat)

    def push(self, table: Table, exclude: Connection | None = None) -> None:
        """Queue the current view of `table` for every client of it (call with the game locked)."""
        conns = self._conns.get(table.id)
        if not conns:
            return
        connected = self.connected(table.id)
        away = self.away(table, connected)
        self._away[table.id] = away
        for conn in list(conns):  # bodies are memoized per (seat, log start) by view_text
            if conn is not exclude:
                conn.send_view(table, connected, away)

    def send_all(self, game_id: str, text: str) -> None:
        """Queue one message (e.g. a chat line) for every client of a game connected here."""
        for conn in list(self._conns.get(game_id, ())):
            conn.send(text)

    def close_all(self) -> None:
        for conns in self._conns.values():
            for c in conns:
                c.close(1012, "the server is restarting")


def view_message(table: Table, seat: int | None, connected: set[int], log_start: int | None = None,
                 away: frozenset[int] | set[int] = frozenset()) -> str:
    """{"type": "view", …the GET /view body…} as text (with `log_start`: only the log from there)."""
    return '{"type":"view",' + view_text(table, seat, connected, log_start, away)[1:]


def message(kind: str, body: dict[str, Any]) -> str:
    return json.dumps({"type": kind, **body}, separators=(",", ":"))


def error_message(text: str) -> str:
    return json.dumps({"type": "error", "error": text})
