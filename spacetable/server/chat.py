"""Table chat: short messages of a game's players, stored verbatim, in every view and pushed live.

A message is ``{"n", "seat", "name", "text", "at"}``: its number in the game (from 1), the seat and
display name of the player who wrote it, the text exactly as sent (at most `MAX_CHARS` characters;
the page shows it as text, never as markup) and when (ISO 8601, UTC). A seat's token writes (a
player; after the game too); the spectator's link only reads. Each seat may send one message a
second (a burst of `BURST`): more is refused with 429 and the time to wait. Every view carries the
last `views.CHAT_LINES` messages; each new one is pushed to every connection of the game as
``{"type": "chat", "message": …}``. On PostgreSQL the writer NOTIFYs ``spacetable_chat`` in the
same transaction, and every other process serving the game reads the new messages and pushes them.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select, text
from sqlalchemy.exc import IntegrityError

from spacetable.server.db import ChatRow
from spacetable.server.errors import ApiError
from spacetable.server.limits import Bucket
from spacetable.server.live import message
from spacetable.server.notify import CHAT_CHANNEL

if TYPE_CHECKING:
    from spacetable.server.service import GameService
    from spacetable.server.store import Store

log = logging.getLogger("spacetable.server")
MAX_CHARS = 500
RATE = 1.0
"""Messages a second per seat, over time."""
BURST = 2
"""Messages a seat may send at once before the rate applies."""
KEEP = 200
"""The last messages a process holds per game (older ones stay in the database)."""

Line = dict[str, Any]


def check_text(raw: str) -> str:
    """The message as it is stored: any text, verbatim, but not empty, not over `MAX_CHARS`, and
    storable (no NUL, which PostgreSQL text refuses; no lone surrogate, which is not UTF-8)."""
    if not raw.strip():
        raise ApiError(400, "a chat message needs some text")
    if len(raw) > MAX_CHARS:
        raise ApiError(400, f"a chat message holds at most {MAX_CHARS} characters (this one has {len(raw)})")
    if "\x00" in raw:
        raise ApiError(400, "a chat message cannot hold a NUL character")
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(400, "a chat message must be valid Unicode text (it holds a lone surrogate)") from None
    return raw


def _line(row: Any) -> Line:
    at: datetime = row.at
    return {"n": row.n, "seat": row.seat, "name": row.name, "text": row.text,
            "at": at.replace(microsecond=0).isoformat() + "Z"}


def write_line(store: Store, game_id: str, seat: int, name: str, body: str) -> Line:
    """Append a message: its number is one more than the game's last (a concurrent writer on another
    process that took it first makes this one try the next)."""
    for _ in range(8):
        try:
            with store.engine.begin() as conn:
                last = conn.scalar(select(func.max(ChatRow.n)).where(ChatRow.game_id == game_id))
                n = int(last or 0) + 1
                at = datetime.now(UTC).replace(tzinfo=None)
                conn.execute(ChatRow.__table__.insert().values(  # type: ignore[attr-defined]
                    game_id=game_id, n=n, seat=seat, name=name, text=body, at=at))
                if store.shared:
                    conn.execute(text("SELECT pg_notify(:c, :p)"),
                                 {"c": CHAT_CHANNEL, "p": f"{game_id}:{n}:{store.origin}"})
            return {"n": n, "seat": seat, "name": name, "text": body,
                    "at": at.replace(microsecond=0).isoformat() + "Z"}
        except IntegrityError:
            continue
    raise ApiError(503, "the chat is busy: send the message again")


def read_lines(store: Store, game_id: str, after: int = 0, limit: int = KEEP) -> list[Line]:
    """The game's messages numbered above `after`: the last `limit` of them, oldest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(ChatRow).where(ChatRow.game_id == game_id, ChatRow.n > after)
                            .order_by(ChatRow.n.desc()).limit(limit)).all()
    return [_line(r) for r in reversed(rows)]


def parse_note(payload: str) -> tuple[str, int, str] | None:
    """``"<game id>:<n>:<writer>"`` → (game id, n, writer); None for anything else (the writer's
    own name holds colons: host:pid:random)."""
    game_id, _, rest = payload.partition(":")
    n, _, writer = rest.partition(":")
    if not game_id or len(game_id) > 64 or not n.isdigit() or len(n) > 9:
        return None
    return game_id, int(n), writer


class ChatBoard:
    """The messages of the games held here (the last `KEEP` of each), the seats' rate buckets, and
    the pushes of new messages to the game's connections."""

    def __init__(self, svc: GameService) -> None:
        self.svc = svc
        self._lines: dict[str, list[Line]] = {}
        self._buckets: dict[tuple[str, int], Bucket] = {}
        self._reading: set[str] = set()
        self._again: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def lines(self, game_id: str) -> list[Line]:
        """The list of a game's messages this process keeps (read from the database once; the same
        list object afterwards, which the game's tables share as ``Table.chat``)."""
        found = self._lines.get(game_id)
        if found is None:
            read = await asyncio.to_thread(read_lines, self.svc.store, game_id)
            found = self._lines.setdefault(game_id, [])
            self._merge(found, read)
        return found

    def fresh(self, game_id: str) -> list[Line]:
        """The (empty) message list of a game just created here."""
        return self._lines.setdefault(game_id, [])

    @staticmethod
    def _merge(lines: list[Line], new: list[Line]) -> list[Line]:
        """Add the messages of `new` not held yet, in order; keep the last `KEEP`; return those added."""
        last = lines[-1]["n"] if lines else 0
        added = [m for m in new if m["n"] > last]
        lines.extend(added)
        if len(lines) > KEEP:
            del lines[:len(lines) - KEEP]
        return added

    def _throttle(self, game_id: str, seat: int) -> None:
        bucket = self._buckets.get((game_id, seat))
        if bucket is None:
            if len(self._buckets) > 20_000:  # forget idle seats now and then
                self._buckets = {k: b for k, b in self._buckets.items() if b.wait() > 0}
            bucket = self._buckets[(game_id, seat)] = Bucket(RATE, BURST)
        if not bucket.take():
            wait = max(1, round(bucket.wait()))
            raise ApiError(429, "you are sending chat messages too fast (one a second): "
                                f"try again in {wait} s", retry_after=wait)

    async def post(self, game_id: str, seat: int | None, raw: str) -> Line:
        """Store a seat's message and push it; 403 for the spectator, 400/429 as `check_text` and
        the rate say."""
        if seat is None:
            raise ApiError(403, "spectators read the chat; only the players write in it")
        body = check_text(raw)
        table = await self.svc.table(game_id)
        self._throttle(game_id, seat)
        name = table.seats[seat].name
        line = await self.svc.db_write(write_line, self.svc.store, game_id, seat, name, body)
        self._publish(game_id, [line])
        return line

    def _publish(self, game_id: str, new: list[Line]) -> None:
        lines = self._lines.setdefault(game_id, [])
        for line in self._merge(lines, new):
            self.svc.hub.send_all(game_id, message("chat", {"message": line}))

    def heard(self, game_id: str, n: int, writer: str) -> None:
        """Another process stored message `n` of a game: read what is new and push it here."""
        if writer == self.svc.owner or game_id not in self._lines:
            return
        lines = self._lines[game_id]
        if lines and lines[-1]["n"] >= n:
            return
        if game_id in self._reading:  # the read under way runs once more when it ends
            self._again.add(game_id)
            return
        self._reading.add(game_id)

        async def read() -> None:
            try:
                while True:
                    self._again.discard(game_id)
                    held = self._lines.get(game_id, [])
                    new = await asyncio.to_thread(read_lines, self.svc.store, game_id,
                                                  held[-1]["n"] if held else 0)
                    self._publish(game_id, new)
                    if game_id not in self._again:
                        break
            except Exception:  # noqa: BLE001 - the next view carries the messages anyway
                log.warning("chat of game %s not read", game_id, exc_info=True)
            finally:
                self._reading.discard(game_id)
                self._again.discard(game_id)

        task = asyncio.get_running_loop().create_task(read())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def heard_note(self, payload: str) -> None:
        """The listener's handler of a ``spacetable_chat`` payload."""
        note = parse_note(payload)
        if note is not None:
            self.heard(*note)
