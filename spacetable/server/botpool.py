"""Bot thinking off the request path: a few worker processes shared fairly by every game.

A game whose bot must move sends a `Job` (the game's config, seed, seats and the action log's
new entries) to an idle worker and waits; the worker replays the log onto the state it keeps for
that game, plays the bot moves on a copy exactly as `Table.plan_bots` does in any process (the
same bot at the same position of the action log gives the same answer), and returns the records
they produced. The server then replays those records onto its own table (`apply_record`: every
chance outcome checked against the seeded generator) and writes them like any other change.

Why processes: a search holds the GIL, and a thread searching beside the event loop slows every
request of the server (docs/server.md, "Bots"). The workers run at a lower priority (nice 10) and
their number is `ServerConfig.bot_workers` (cores − 1 by default).

Fair shares of thinking time: each game asks for one turn at a time (one decision, or a batch of
cheap moves of at most `BOT_BATCH` or `bot_batch_seconds` of thinking), so no game ever holds
more than one worker, and a free worker goes to the waiting game that has used the least thinking
time (start-time fair queueing: a game's clock advances by the seconds its turns take, and a game
that comes back after a pause starts from the pool's current clock, so nobody banks credit). A
game of cheap bots therefore waits at most for the turns already under way, never for a round of
searches; games of equally heavy bots take turns. Stopping the server kills the workers, whatever
they are doing.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import signal
import sys
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from typing import Any

from spacetable.engine.rng import STREAM
from spacetable.server.store import NewRecord

log = logging.getLogger("spacetable.server")
BOT_BATCH = 64
"""Bot decisions planned (and written in one transaction) in one turn of a game with no person."""
GAMES_KEPT = 128
"""Games whose replayed state a worker keeps (least recently used dropped first)."""


@dataclass(frozen=True)
class Caps:
    """The largest budgets a bot may think with per decision (`ServerConfig.bot_max_*`)."""

    seconds: float
    iterations: int


@dataclass(frozen=True)
class Job:
    """One turn of a game in the pool: play its bots from the end of the action log."""

    game_id: str
    game: str
    config: dict[str, Any]
    seed: int
    seats: tuple[tuple[str, bool], ...]
    """(kind, stop_at_windows) of every seat."""
    version: int
    """The game's version (records so far): the new records are numbered from it."""
    epoch: int
    """The table's log epoch: the worker's entries are valid only for the same epoch."""
    start: int
    """`texts` are the action log's entries from this index on (the worker holds those before)."""
    texts: tuple[str, ...]
    limit: int
    batch_seconds: float
    caps: Caps
    stream: str = STREAM
    """The game's generator (`engine.rng`): a game stored before the keyed deal replays on its own."""


class Resync(Exception):
    """The worker does not hold the entries before `Job.start` (it dropped or never had the game)."""


class WorkerLost(Exception):
    """The worker died or was killed while thinking (the game then plays a random move)."""


# ----- inside a worker process ----------------------------------------------------------------
_games: OrderedDict[str, tuple[int, list[str], Any]] = OrderedDict()
"""game id → (epoch, action-log texts, state after them)."""
_bots: dict[tuple[str, str], Any] = {}


def _worker_main(conn: Connection) -> None:
    """A worker's loop: one job at a time until the server closes the pipe."""
    _detach()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            reply: tuple[str, Any] = ("ok", think(job))
        except Resync:
            reply = ("resync", None)
        except Exception as e:  # noqa: BLE001 - reported to the server, which logs it
            reply = ("error", f"{type(e).__name__}: {e}")
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


def _detach() -> None:
    """Lower this worker's priority, ignore Ctrl-C (the server stops it), and die with the server
    (Linux: PR_SET_PDEATHSIG), so a killed server never leaves workers searching on. (The signal
    comes when the *thread* that started the worker ends: the server starts them from its event
    loop's thread, which lives as long as the server.)"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
            if os.getppid() == 1:  # the server died before the line above
                os._exit(0)


def _state_for(job: Job) -> tuple[list[str], Any]:
    """The game's action-log texts and the state after them, from this worker's cache."""
    from spacetable.engine import record

    held = _games.pop(job.game_id, None)
    if job.start == 0:
        texts = list(job.texts)
        state = record.replay_actions(job.game, dict(job.config), job.seed, list[record.Entry](texts),
                                      stream=job.stream)
    else:
        if held is None or held[0] != job.epoch or len(held[1]) != job.start:
            raise Resync
        _, texts, state = held
        for n, text in enumerate(job.texts, len(texts) + 1):
            record.apply_entry(state, text, n)
        texts.extend(job.texts)
    state.events = []
    _games[job.game_id] = (job.epoch, texts, state)
    while len(_games) > GAMES_KEPT:
        _games.popitem(last=False)
    return texts, state


def capped_bot(game: str, name: str, caps: Caps) -> Any:
    """`make_bot(game, name)` with its budget brought within `caps` (a game stored before a cap
    was lowered keeps playing, at the cap)."""
    from spacetable.bots.base import make_bot

    bot = make_bot(game, name)
    seconds = getattr(bot, "seconds", None)
    iterations = getattr(bot, "iterations", None)
    if isinstance(seconds, float) and seconds > caps.seconds:
        bot.seconds = caps.seconds  # type: ignore[attr-defined]
    if isinstance(iterations, int) and iterations > caps.iterations:
        bot.iterations = caps.iterations  # type: ignore[attr-defined]
    return bot


def think(job: Job) -> list[tuple[str, str, int | None]]:
    """Play the job's bots: the records (kind, text, seat) of the moves and of the chance steps and
    forced decisions that follow them, exactly as `Table.plan_bots` plans them anywhere."""
    from spacetable.server.tables import Seat, Table

    texts, state = _state_for(job)
    seats = [Seat(i, "", kind, stop) for i, (kind, stop) in enumerate(job.seats)]
    table = Table(job.game_id, job.game, job.config, job.seed, "", seats, state, version=job.version,
                  actions=[(0, t) for t in texts])

    def choose(seat: int, st: Any, rng: Any) -> Any:
        key = (job.game, seats[seat].kind)
        bot = _bots.get(key)
        if bot is None:
            bot = _bots[key] = capped_bot(job.game, seats[seat].kind, job.caps)
        return bot.choose(st, seat, rng)

    plan = table.plan_bots(choose, job.limit, job.batch_seconds)
    return [(r.kind, r.text, r.seat) for r in plan.records]


# ----- in the server --------------------------------------------------------------------------
class _Worker:
    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker_main, args=(child,), name="spacetable-bots", daemon=True)
        self.process.start()
        child.close()
        self.dead = False
        self.known: OrderedDict[str, tuple[int, int]] = OrderedDict()
        """game id → (epoch, entries) this worker holds, as far as the server knows."""

    def kill(self) -> None:
        self.dead = True
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.conn.close()


class BotPool:
    """`size` worker processes, started when the first job arrives; `run(job)` waits for an idle
    one in FIFO order (so games take turns), sends the job and awaits the records."""

    def __init__(self, size: int, job_timeout: float = 120.0) -> None:
        self.size = max(1, size)
        self.job_timeout = job_timeout
        self._ctx = multiprocessing.get_context("spawn")
        self._idle: list[_Worker] = []
        self._all: list[_Worker] = []
        self._waiting: list[tuple[float, int, asyncio.Future[_Worker]]] = []
        """Games waiting for a worker: (their clock, arrival, the future a worker is handed through)."""
        self._order = itertools.count()
        self._clocks: dict[str, float] = {}
        """Each game's clock: seconds of thinking its turns took (from the pool's clock when it came)."""
        self._clock = 0.0
        """The pool's clock: the clock of the last game handed a worker (it only grows)."""
        self._waiters = ThreadPoolExecutor(self.size, thread_name_prefix="spacetable-bot-wait")
        """One thread per worker waits for its answer (never the default executor's threads)."""
        self._stopped = False
        self.jobs = 0
        """Jobs answered (tests and benchmarks read it)."""

    def _start(self) -> None:
        if not self._all:
            for _ in range(self.size):
                worker = _Worker(self._ctx)
                self._all.append(worker)
                self._idle.append(worker)

    async def _acquire(self, game_id: str) -> _Worker:
        """A worker for `game_id`, as soon as it is the waiting game with the least thinking time."""
        self._start()
        clock = max(self._clocks.get(game_id, 0.0), self._clock)
        self._clocks[game_id] = clock
        if len(self._clocks) > 4096:  # games at or behind the pool's clock restart from it anyway
            self._clocks = {g: c for g, c in self._clocks.items() if c > self._clock or g == game_id}
        if self._idle:  # (a worker is idle only while no game waits)
            self._clock = max(self._clock, clock)
            return self._idle.pop()
        handed: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (clock, next(self._order), handed))
        try:
            return await handed
        except asyncio.CancelledError:
            if handed.done() and not handed.cancelled():
                self._release(handed.result())
            raise

    def _release(self, worker: _Worker) -> None:
        """Hand a free worker to the waiting game with the least thinking time (or keep it idle)."""
        if self._stopped:
            return
        if worker.dead:
            worker = self._replace(worker)
        while self._waiting:
            clock, _, handed = heapq.heappop(self._waiting)
            if not handed.done():
                self._clock = max(self._clock, clock)
                handed.set_result(worker)
                return
        self._idle.append(worker)

    async def run(self, job: Job) -> list[NewRecord]:
        """The records of the job's bot moves (`job` carries the whole action log: only what the
        worker lacks is sent). `WorkerLost` if the worker dies, fails or overruns."""
        if self._stopped:
            raise WorkerLost("the bot pool is stopped")
        worker = await self._acquire(job.game_id)
        began = time.monotonic()
        try:
            held = worker.known.pop(job.game_id, None)
            send = job
            if held is not None and held[0] == job.epoch and held[1] <= len(job.texts):
                send = replace(job, start=held[1], texts=job.texts[held[1]:])
            status, value = await self._ask(worker, send)
            if status == "resync":
                status, value = await self._ask(worker, job)
            if status != "ok":
                raise WorkerLost(f"the bot worker failed: {value}")
            worker.known[job.game_id] = (job.epoch, len(job.texts))
            while len(worker.known) > GAMES_KEPT:
                worker.known.popitem(last=False)
            self.jobs += 1
            return [NewRecord(kind, text, seat) for kind, text, seat in value]
        finally:
            self._clocks[job.game_id] = self._clocks.get(job.game_id, self._clock) + time.monotonic() - began
            self._release(worker)

    async def _ask(self, worker: _Worker, job: Job) -> tuple[str, Any]:
        loop = asyncio.get_running_loop()
        try:
            worker.conn.send(job)
            reply: tuple[str, Any] = await loop.run_in_executor(
                self._waiters, _receive, worker.conn, self.job_timeout)
            return reply
        except asyncio.CancelledError:
            # nobody waits for this answer any more (the server stops): it would come out of step
            # with the worker's next job, so the worker goes
            worker.kill()
            raise
        except (EOFError, OSError, TimeoutError, ValueError) as e:
            worker.kill()
            if isinstance(e, TimeoutError):
                log.error("a bot worker spent over %.0f s on one job of game %s; killed", self.job_timeout,
                          job.game_id)
            raise WorkerLost(repr(e)) from e

    def _replace(self, dead: _Worker) -> _Worker:
        dead.kill()
        fresh = _Worker(self._ctx)
        self._all = [w for w in self._all if w is not dead] + [fresh]
        return fresh

    def stop(self) -> None:
        """Kill every worker at once (they hold nothing that is not in the database)."""
        self._stopped = True
        for worker in self._all:
            worker.kill()
        for worker in self._all:
            with contextlib.suppress(Exception):
                worker.process.join(1)
        self._waiters.shutdown(wait=False, cancel_futures=True)

    def pids(self) -> list[int]:
        """The worker processes' ids (the load benchmark adds their CPU time to the server's)."""
        return [w.process.pid for w in self._all if w.process.pid is not None and not w.dead]


def _receive(conn: Connection, timeout: float) -> tuple[str, Any]:
    """The worker's answer (in a waiting thread); TimeoutError after `timeout` seconds."""
    end = time.monotonic() + timeout
    while not conn.poll(max(0.0, min(1.0, end - time.monotonic()))):
        if time.monotonic() >= end:
            raise TimeoutError
    reply: tuple[str, Any] = conn.recv()
    return reply
