"""The clock keeper: fires each clock deadline once, across restarts and server processes.

Every run of a person's time (`clocks`) gets a row in the ``clock_deadlines`` job table, stored once
per run (its key is the record that opened the run) in the background after the write that opened
it, and again whenever a process loads the game (so a process killed between the two loses none).
Each process wakes when the earliest run it holds comes due (at least once a second) and claims the
due rows, as the notice worker does: ``SELECT … FOR UPDATE SKIP LOCKED`` and a lock of 30 s on
PostgreSQL, so two processes never claim one row; a process that dies holding one leaves it to be
claimed again once the lock expires. The claimant takes the game's lock, catches up on what other
processes wrote, and fires only if that very run is still open and due: it writes a ``timeout``
record through the ordinary compare-and-set append, so even a second claimant could never write a
second time-out for the run. A run that ended in time is marked ``done``.

Time while the whole server was down is not charged. Each process writes a heartbeat every second
(``server_clock``); a process that starts and finds it older than `STALE_MS` records the outage
(``clock_outages``: from the last beat to now) and moves the pending deadlines by its length, in one
transaction under the heartbeat's row lock (of processes starting together only the first counts
it). Every process gives the open runs of the games it loads the time of the outages they spanned.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from spacetable.server.errors import ApiError
from spacetable.server.limits import check_bot
from spacetable.server.store import Deadline
from spacetable.server.tables import RUNNING, Table
from spacetable.sim.setup import load_game

if TYPE_CHECKING:
    from spacetable.server.service import GameService

log = logging.getLogger("spacetable.server.clocks")
LOCK_MS = 30_000
"""A claimed deadline is another process's to fire only after this long (its claimant died)."""
BEAT_SECONDS = 1.0
"""How often every process writes the heartbeat."""
STALE_MS = 2_500
"""A heartbeat older than this when a process starts: the whole server was down since it."""
MAX_SLEEP = 1.0
"""The keeper looks at the table at least this often (runs opened by other processes)."""
RETRY_MS = 200
"""A deadline whose game was busy (another process wrote first) is tried again after this."""


def now_ms() -> int:
    return int(time.time() * 1000)


def timeout_bot(table: Table, svc: GameService) -> str:
    """The bot that decides for a person whose time ran out: the game's default (its strongest that
    answers within 2 s), within the server's budget caps; the greedy bot if that is refused."""
    try:
        bot = load_game(table.game).default_bot
        check_bot(table.game, bot, svc.caps, table.config)
        return bot
    except (ApiError, Exception):  # noqa: BLE001 - a default the server refuses: the plain bot
        return "greedy"


class ClockKeeper:
    """Stores the deadlines of the runs this process opens, fires the due ones, writes the heartbeat."""

    def __init__(self, svc: GameService) -> None:
        self.svc = svc
        self.outages: list[tuple[int, int]] = []
        """Times the whole server was down (start, end in Unix ms), as recorded at start."""
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._pending: set[asyncio.Task[None]] = set()
        self._stored: set[tuple[str, int]] = set()
        """Runs whose deadline this process has stored (or found stored)."""
        self.fired = 0
        """Deadlines this process fired (tests read it)."""

    async def start(self) -> None:
        store = self.svc.store
        self.outages = await self.svc.db_write(store.clock_start, now_ms(), STALE_MS)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._run()), loop.create_task(self._beat())]

    async def stop(self) -> None:
        tasks = [*self._tasks, *self._pending]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ----- storing ----------------------------------------------------------------------------
    def opened(self, table: Table) -> None:
        """After a write or a load: store the deadline of the table's open run, if not stored yet."""
        run = table.clock.run if table.clock is not None else None
        if run is None or table.status != RUNNING or (table.id, run.n) in self._stored:
            return
        self._stored.add((table.id, run.n))
        if len(self._stored) > 100_000:
            self._stored = {(table.id, run.n)}
        deadline = Deadline(table.id, run.n, run.seat, run.due_ms)
        task = asyncio.get_running_loop().create_task(self._store(deadline))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
        self._wake.set()

    async def _store(self, deadline: Deadline) -> None:
        for attempt in range(5):
            try:
                await self.svc.db_write(self.svc.store.queue_deadlines, [deadline])
                return
            except Exception:  # noqa: BLE001 - a busy database: again shortly (and at the next load)
                log.warning("deadline of game %s not stored yet", deadline.game_id, exc_info=True)
                await asyncio.sleep(0.5 * 2**attempt)
        self._stored.discard((deadline.game_id, deadline.run))

    # ----- firing -----------------------------------------------------------------------------
    def _next_due(self) -> int | None:
        dues = [t.clock.run.due_ms for t in self.svc.tables.values()
                if t.clock is not None and t.clock.run is not None and t.status == RUNNING]
        return min(dues) if dues else None

    async def _run(self) -> None:
        while True:
            due = self._next_due()
            wait = MAX_SLEEP if due is None else min(MAX_SLEEP, max(0.02, (due - now_ms()) / 1000))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)
            self._wake.clear()
            try:
                claimed = await self.svc.db_write(self.svc.store.claim_deadlines, now_ms(), LOCK_MS)
            except Exception:  # noqa: BLE001 - a busy database: the next round
                log.warning("clock deadlines not claimed", exc_info=True)
                await asyncio.sleep(MAX_SLEEP)
                continue
            for deadline in claimed:
                task = asyncio.get_running_loop().create_task(self._fire(deadline))
                self._pending.add(task)
                task.add_done_callback(self._pending.discard)

    async def _fire(self, d: Deadline) -> None:
        """Fire a claimed deadline if its run is still open and due; mark it otherwise."""
        svc = self.svc
        store = svc.store
        try:
            try:
                table = await svc.table(d.game_id)
            except ApiError:
                await svc.db_write(store.finish_deadline, d.game_id, d.run, "done", now_ms())
                return
            async with svc.lock(d.game_id):
                await svc.caught_up(d.game_id)
                table = svc.tables[d.game_id]
                run = table.clock.run if table.clock is not None else None
                if table.status != RUNNING or run is None or run.n != d.run:
                    await svc.db_write(store.finish_deadline, d.game_id, d.run, "done", now_ms())
                    return
                if run.due_ms > now_ms() + 20:  # it was given more time (an outage): not yet
                    await svc.db_write(store.retry_deadline, d.game_id, d.run, run.due_ms)
                    return
                plan = table.plan_timeout(run.seat, timeout_bot(table, svc))
                try:
                    await svc.write(table, plan)
                except ApiError as e:  # another process wrote first: look again shortly
                    log.info("time-out of game %s not written yet: %s", d.game_id, e.message)
                    await svc.db_write(store.retry_deadline, d.game_id, d.run, now_ms() + RETRY_MS)
                    return
            self.fired += 1
            await svc.db_write(store.finish_deadline, d.game_id, d.run, "fired", now_ms(), svc.owner)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the lock expires and the deadline is claimed again
            log.warning("deadline of game %s not fired", d.game_id, exc_info=True)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                await self.svc.db_write(self.svc.store.beat, now_ms())
            except Exception:  # noqa: BLE001 - the next beat
                log.warning("heartbeat not written", exc_info=True)
