"""The game service: live tables in memory, one lock per game, writes through the store, bots.

Every change follows the same path: take the game's lock, check the version the client acted on,
plan the records on a copy of the state, append them to the database in one transaction (the
store's compare-and-set on the version), adopt the plan, queue the new views, schedule the bots.
Database calls run in worker threads, never on the event loop; bots think in worker processes
(`botpool.BotPool`), which games share in turns, so neither a request nor another game's bots wait
behind a search. Start-up loads the running games in the background: the server listens at once.

A seat belongs to its person: another seat may hand it to a bot only once that person has been
away (no socket anywhere, no request) for `ServerConfig.handoff_after` seconds, and the person
takes it back by connecting or acting with their token.

Several processes may serve one PostgreSQL database (`Store.shared`): each holds every running game
in memory and hears the others' appends by LISTEN/NOTIFY (`notify.Listener`), catching up by
applying just the new records to the state it holds (carried in the notification when they fit,
read from the database otherwise); a sweep every `lease_seconds / 2` catches up anything missed and
loads games created elsewhere. The compare-and-set of `Store.append` keeps two writers from both
winning; the bots of a game are driven only by the process holding its lease (`Store.claim_lease`,
renewed before a bot transaction once half of it has passed, and kept while the game runs), which
another process takes over once it has expired; a process told that another holds it does not ask
again before that lease's end.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from spacetable.engine.errors import SpacetableError
from spacetable.engine.rng import Rng
from spacetable.server import clocks
from spacetable.server import names as display_names
from spacetable.server.botpool import BOT_BATCH, BotPool, Caps, Job, WorkerLost
from spacetable.server.chat import ChatBoard
from spacetable.server.clocks import ClockSettings, ClockState
from spacetable.server.config import ServerConfig
from spacetable.server.deadlines import ClockKeeper
from spacetable.server.deal import new_deal
from spacetable.server.errors import ApiError
from spacetable.server.limits import RateLimiter, check_bot
from spacetable.server.live import Hub
from spacetable.server.notices import Notifier
from spacetable.server.notify import Listener, Note
from spacetable.server.ratings import rate_game, rated
from spacetable.server.replays import Replay
from spacetable.server.store import NewRecord, Store, StoredSeat, VersionConflict, hash_token
from spacetable.server.tables import (
    FINISHED,
    HUMAN,
    RUNNING,
    UPGRADED,
    Plan,
    Seat,
    Table,
    apply_record,
    load_table,
    rules_version,
)
from spacetable.server.views import intents_module, undo_status
from spacetable.sim.setup import build_config, load_game

log = logging.getLogger("spacetable.server")
T = TypeVar("T")
CHECKPOINT_SECONDS = 1.0
"""How often SQLite's write-ahead log is checkpointed (off the commit path)."""
LISTEN_GRACE = 0.2
"""Seconds the stored games wait for word that the server listens before they load anyway."""
REPLAYS_KEPT = 16
"""Replays of finished games kept built in memory (least recently used dropped first)."""


@dataclass(frozen=True)
class Created:
    id: str
    seats: list[tuple[int, str]]
    spectator: str


@dataclass(frozen=True)
class GameRequest:
    game: str
    players: int
    seats: Sequence[str]
    expansions: Sequence[str] = ()
    modules: Sequence[str] = ()
    modes: Sequence[str] = ()
    seed: int | None = None
    names: Sequence[str] | None = None
    turn_limit: int | None = None
    """The game's turn limit (0: none) for a game that has one (``turn_limit`` in its spec's params)."""
    share_for_research: bool = False
    """The players allow `spacetable dataset` to export this game's decisions once it is finished."""
    tutorial: bool = False
    """A guided first game (`spacetable.tutorials`): marked by its first record; the view adds the coach."""
    open_seats: Sequence[int] = ()
    """Human seats no one holds yet: no token is made for them; any player may take one."""
    clock: ClockSettings | None = None
    """The game's clock (`server.clocks`): time per wait and a reserve; None: no clock."""


def _now_ms() -> int:
    return int(time.time() * 1000)


def new_token() -> str:
    return secrets.token_urlsafe(24)


class GameService:
    def __init__(self, store: Store, config: ServerConfig, hub: Hub) -> None:
        self.store = store
        self.config = config
        self.hub = hub
        self.tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._tokens: dict[str, tuple[str, int | None]] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.caps = Caps(config.bot_max_seconds, config.bot_max_iterations)
        self.pool = BotPool(config.bot_workers, config.bot_job_timeout)
        self._creations = RateLimiter(config.create_per_minute, config.create_burst)
        self._background: set[asyncio.Task[None]] = set()
        self._stopping = False
        self._checkpointer: asyncio.Task[None] | None = None
        self.owner = f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"
        """This process, as a lease owner."""
        self._leases: set[str] = set()
        self._lease_until: dict[str, int] = {}
        """Our lease on a game's bots runs until (Unix ms): renewed only when half of it is gone."""
        self._lease_busy: dict[str, int] = {}
        """Another process held the game's lease when we last asked: do not ask again before (ms)."""
        store.origin = self.owner
        self._listener: Listener | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._catching: set[str] = set()
        self._reader = ThreadPoolExecutor(4, thread_name_prefix="spacetable-catch-up")
        """Catch-up reads run on threads of their own, never queued behind the bots' planning."""
        self._pending: dict[str, dict[int, Note]] = {}
        """Records heard by NOTIFY and not applied yet: game id → version before them → note."""
        self._must_read: set[str] = set()
        """Games whose next catch-up reads the database whatever was heard (after a lost LISTEN)."""
        self._known: dict[str, int] = {}
        """The highest version of each game another process is known to have written."""
        self._catch_again: set[str] = set()
        """Games notified again while their catch-up ran: it runs once more at once, rather than
        leaving the newer records to the next sweep (a tail of up to half a lease)."""
        self._replays: dict[str, Replay] = {}
        self._announcing: set[asyncio.Task[None]] = set()
        self._frozen = False
        self._listening = asyncio.Event()
        self.notifier: Notifier | None = None
        self.chat = ChatBoard(self)
        """The table chat of the games held here (`server.chat`)."""
        """Queues and sends the notices to players (`notices.Notifier`), once started."""
        self.clocks = ClockKeeper(self)
        """Fires the clocks' deadlines and writes the heartbeat (`deadlines.ClockKeeper`)."""

    # ----- lifecycle ----------------------------------------------------------------------
    async def _checkpoints(self) -> None:
        while not self._stopping:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await asyncio.to_thread(self.store.checkpoint)
            except Exception:  # noqa: BLE001 - a busy database: the next round catches up
                log.warning("SQLite checkpoint failed", exc_info=True)

    async def start(self) -> None:
        """Start the background work and return at once (the server then listens): loading every
        running game (replaying its records) and resuming its bots happen in the background, and a
        request for a game not loaded yet loads it on the spot."""
        loop = asyncio.get_running_loop()
        if self.store.engine.dialect.name == "sqlite":
            self._checkpointer = loop.create_task(self._checkpoints())
        if self.store.shared:
            self._listener = Listener(self.store.engine.url, loop, self._heard, self._missed, self._presence,
                                      self.chat.heard_note)
            self._listener.start()
        await self.clocks.start()  # before the games load: they need the outages the heartbeat reveals
        self._spawn(self._resume())
        self._spawn(self._presence_clock())
        notifier = Notifier(self)
        await notifier.start()
        self.notifier = notifier

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def listening(self) -> None:
        """The server now accepts connections (`edge.run` calls this): the stored games load."""
        self._listening.set()

    async def _resume(self) -> None:
        """Load the running games and resume their bots, after the server has started listening
        (under `edge.run`; served otherwise, e.g. by a test client, after `LISTEN_GRACE`)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listening.wait(), LISTEN_GRACE)
        try:
            await self._load_running()
        except Exception:  # noqa: BLE001 - a busy database: the games load on demand, or at the sweep
            log.warning("loading the running games failed", exc_info=True)
        if self.store.shared and not self._stopping:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        if self.config.freeze_gc and not self._stopping:
            # everything alive now (the modules, the games loaded) leaves the cyclic collector's
            # generations: its full collections then scan only what came later, not 200 000
            # objects at a time (pauses of 50-500 ms on the event loop, every few seconds)
            gc.collect()
            gc.freeze()
            self._frozen = True

    async def _presence_clock(self) -> None:
        """Push the tables whose seats' grace periods ran out (the page then offers the hand-off)."""
        tick = min(1.0, max(0.05, self.config.handoff_after / 4))
        while not self._stopping:
            await asyncio.sleep(tick)
            for table in self.hub.away_changed(self.tables):
                async with self.lock(table.id):
                    self.hub.push(self.tables.get(table.id, table))

    async def _load_running(self) -> None:
        """Load every running game not held yet and schedule its bots."""
        for game_id in await asyncio.to_thread(self.store.list_ids, RUNNING):
            if game_id in self.tables:
                continue
            try:
                async with self.lock(game_id):
                    table = self.tables.get(game_id) or await self._load(game_id)
            except ApiError:
                continue
            if table is not None:
                self.schedule_bots(table)

    async def stop(self) -> None:
        self._stopping = True
        self.pool.stop()  # whatever the bots are thinking: the moves not written are simply replanned
        tasks = list(self._bot_tasks.values()) + list(self._background)
        for extra in (self._checkpointer, self._sweeper):
            if extra is not None:
                tasks.append(extra)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._listener is not None:
            await asyncio.to_thread(self._listener.stop)
        for game_id in list(self._leases):  # a clean stop hands the bots over at once
            try:
                await self._db_write(self.store.release_lease, game_id, self.owner)
            except Exception:  # noqa: BLE001 - the lease then simply expires
                log.warning("could not release the bot lease of %s", game_id, exc_info=True)
        if self.notifier is not None:
            await self.notifier.stop()
        await self.clocks.stop()
        self._reader.shutdown(wait=False, cancel_futures=True)
        self.hub.close_all()
        if self._frozen:
            gc.unfreeze()  # collectable again (an app stopped inside a longer-lived process)

    # ----- several processes ----------------------------------------------------------------
    def _heard(self, note: Note) -> None:
        """A NOTIFY from some process: a game is now at `note.version` (our own are ignored)."""
        if note.writer == self.owner:
            return
        table = self.tables.get(note.game_id)
        if table is not None and note.version > table.version and not self._stopping:
            self._known[note.game_id] = max(note.version, self._known.get(note.game_id, 0))
            if note.records is not None and note.base is not None and note.base >= table.version:
                self._pending.setdefault(note.game_id, {})[note.base] = note
            self._catch_up_soon(note.game_id)

    def _presence(self, game_id: str, process: str, seats: frozenset[int],
                  hidden: frozenset[int] = frozenset()) -> None:
        """Another process said which seats of a game are connected to it: push the flags."""
        if process == self.owner or self._stopping:
            return
        table = self.tables.get(game_id)
        if self.hub.heard_presence(game_id, process, seats, hidden) and table is not None:
            self.hub.push(table)

    def announce(self, game_id: str) -> None:
        """Tell the other processes (PostgreSQL) which seats of this game are connected here, and
        which of them have only hidden pages here; called when a seat connects or leaves or a page
        says it is shown or hidden, and re-announced every sweep while any is connected."""
        if not self.store.shared or self._stopping:
            return
        seats = sorted(self.hub.local_seats(game_id))
        hidden = self.hub.local_hidden(game_id)

        async def run() -> None:
            try:
                await asyncio.to_thread(self.store.announce, game_id, self.owner, seats, hidden)
            except Exception:  # noqa: BLE001 - the next sweep announces again
                log.warning("presence of game %s not announced", game_id, exc_info=True)

        task = asyncio.get_running_loop().create_task(run())
        self._announcing.add(task)
        task.add_done_callback(self._announcing.discard)

    def _missed(self) -> None:
        """The LISTEN connection was re-established: catch up on every game held (from the database)."""
        for game_id in list(self.tables):
            self._catch_up_soon(game_id, read=True)

    def _catch_up_soon(self, game_id: str, read: bool = False) -> None:
        if read:
            self._must_read.add(game_id)
        if game_id in self._catching:
            self._catch_again.add(game_id)
            return
        self._catching.add(game_id)

        async def run() -> None:
            try:
                while True:
                    self._catch_again.discard(game_id)
                    await self.catch_up(game_id)
                    if game_id not in self._catch_again or self._stopping:
                        break
            except Exception:  # noqa: BLE001 - the next sweep tries again
                log.warning("catching up on game %s failed", game_id, exc_info=True)
            finally:
                self._catching.discard(game_id)
                self._catch_again.discard(game_id)

        asyncio.get_running_loop().create_task(run())

    async def catch_up(self, game_id: str) -> None:
        """Replay the records other processes appended to a game held here; push, schedule bots."""
        async with self.lock(game_id):
            await self._catch_up_locked(game_id)

    def _heard_records(self, table: Table) -> list[NewRecord]:
        """The records heard by NOTIFY that follow on from the table's version, in order (those
        already behind it are dropped)."""
        pending = self._pending.get(table.id)
        if not pending:
            return []
        out: list[NewRecord] = []
        at = table.version
        while at in pending:
            note = pending.pop(at)
            out.extend(note.records or ())
            at = note.version
        for base in [b for b in pending if b < at]:
            del pending[base]
        if not pending:
            del self._pending[table.id]
        return out

    async def _catch_up_locked(self, game_id: str, read: bool = False) -> None:
        """Apply what other processes appended: the records their notifications carried, then
        (only if the table is still behind a version known to exist, or `read`) those read from
        the database."""
        table = self.tables.get(game_id)
        if table is None:
            return
        if game_id in self._must_read:
            self._must_read.discard(game_id)
            read = True
        records = self._heard_records(table)
        at = table.version + len(records)
        if read or at < self._known.get(game_id, 0):
            found = await asyncio.get_running_loop().run_in_executor(
                self._reader, self.store.records_since, game_id, at)
            if found is not None and found[0] > at:
                records.extend(NewRecord(r.kind, r.text, r.seat) for r in found[2])
        if not records:
            return
        try:
            plan = table._plan()
            for rec in records:
                apply_record(table.game, table.config, table.seed, plan, rec)
            table.commit(plan)
        except Exception:  # noqa: BLE001 - whatever happened, the database is the truth: reload
            log.warning("game %s: reloading after records that did not apply here", game_id, exc_info=True)
            self._pending.pop(game_id, None)
            table = await self._load(game_id) or table
        await self._prepare_undo(table)
        self.hub.push(table)
        self.schedule_bots(table)

    async def _sweep(self) -> None:
        """Every half lease: catch up on stale games, load games created elsewhere, re-announce who
        is connected here, and try to drive the bots of games waiting on a bot (taking the lease
        over once its holder's has expired: that process died)."""
        while not self._stopping:
            await asyncio.sleep(self.config.lease_seconds / 2)
            try:
                held = [g for g, t in self.tables.items() if t.status == RUNNING]
                stored = await asyncio.to_thread(self.store.versions, held)
                for game_id, version in stored.items():
                    if version > self.tables[game_id].version:
                        self._known[game_id] = max(version, self._known.get(game_id, 0))
                        self._catch_up_soon(game_id)
                await self._load_running()
                beat = [(g, sorted(self.hub.local_seats(g)), self.hub.local_hidden(g))
                        for g in self.hub.local_games()]
                if beat and self.store.shared:  # presence heartbeat, one round trip for all games
                    await asyncio.to_thread(self.store.announce_many, self.owner, beat)
                for game_id in self.hub.expire_presence(self.config.lease_seconds * 1.5):
                    if game_id in self.tables:  # a process that went quiet: its seats are gone
                        self.hub.push(self.tables[game_id])
                for table in list(self.tables.values()):  # bots nobody here drives: try the lease
                    if table.status == RUNNING and table.bot_to_move() is not None:
                        self.schedule_bots(table)  # (taken over once the holder's has expired)
            except Exception:  # noqa: BLE001 - a busy database: the next round tries again
                log.warning("sweep failed", exc_info=True)

    async def _db_write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store write off the event loop, on the store's writer threads."""
        return await asyncio.get_running_loop().run_in_executor(self.store.writer, lambda: fn(*args))

    async def write(self, table: Table, plan: Plan) -> None:
        """Write a plan for a game whose lock the caller holds (the clock keeper's time-outs)."""
        await self._write(table, plan)

    async def caught_up(self, game_id: str) -> None:
        """With the game's lock held: apply whatever other processes wrote (read from the database)."""
        if self.store.shared:
            await self._catch_up_locked(game_id, read=True)

    async def db_write(self, fn: Callable[..., T], *args: Any) -> T:
        """A store write on the store's writer threads (for the profile and notice modules)."""
        return await self._db_write(fn, *args)

    @property
    def creations(self) -> RateLimiter:
        """The per-address limit on new games (and new profiles)."""
        return self._creations

    def remember_token(self, key: str, game_id: str, seat: int | None) -> None:
        """A credential just stored (its hash `key`): requests with it need no lookup."""
        self._tokens[key] = (game_id, seat)

    def lock(self, game_id: str) -> asyncio.Lock:
        if game_id not in self._locks:
            self._locks[game_id] = asyncio.Lock()
        return self._locks[game_id]

    async def _load(self, game_id: str) -> Table | None:
        stored = await asyncio.to_thread(self.store.fetch, game_id)
        if stored is None:
            return None
        table = await asyncio.to_thread(load_table, stored)
        for key, seat in stored.tokens:  # its credentials, so no request waits on a token lookup
            self._tokens[key] = (game_id, seat)
        self.hub.known(game_id)
        table.chat = await self.chat.lines(game_id)
        table.open_seats = {s.seat for s in stored.seats if s.open}
        table.rematch = stored.rematch
        if table.status != stored.status:
            if table.status == UPGRADED:
                log.warning("game %s: %s", game_id, table.message)
            await self._db_write(self.store.set_status, game_id, table.status)
        if table.clock is not None:
            table.clock.shift(self.clocks.outages)  # time while the whole server was down is not charged
            self.clocks.opened(table)
        self.tables[game_id] = table
        return table

    async def table(self, game_id: str) -> Table:
        table = self.tables.get(game_id)
        if table is None:
            async with self.lock(game_id):
                table = self.tables.get(game_id)
                if table is None:
                    table = await self._load(game_id)
                    if table is not None:
                        self.schedule_bots(table)
        if table is None:
            raise ApiError(404, "no such game")
        return table

    async def resolve(self, token: str | None, game_id: str) -> int | None:
        """The seat (None: spectator) a token holds in `game_id`; 401 for a token of nothing here."""
        if not token:
            raise ApiError(401, "a token is required (Authorization: Bearer …)")
        if len(token) > 200:  # no token we issue is this long: not worth a lookup
            raise ApiError(401, "unknown token for this game")
        key = hash_token(token)
        found = self._tokens.get(key)
        if found is None:
            found = await asyncio.to_thread(self.store.token, token)
            if found is not None:
                self._tokens[key] = found
        if found is None or found[0] != game_id:
            raise ApiError(401, "unknown token for this game")
        return found[1]

    async def replay(self, game_id: str) -> Replay:
        """The replay of a finished game (built off the event loop once, then kept); 409 while the
        game runs (a running game is followed live with the spectator's link instead)."""
        table = await self.table(game_id)
        if table.status == RUNNING:
            raise ApiError(409, "the game is still running: follow it live; its replay opens when it ends")
        found = self._replays.pop(game_id, None)
        if found is None:
            stored = await asyncio.to_thread(self.store.fetch, game_id)
            if stored is None:
                raise ApiError(404, "no such game")
            try:
                found = await asyncio.to_thread(Replay, stored, table.status, table.message)
            except Exception as e:  # a game this server can no longer set up has no replay
                log.warning("game %s cannot be replayed: %r", game_id, e)
                raise ApiError(409, table.message or "this game cannot be replayed on this server") from e
        self._replays[game_id] = found  # most recently used last
        while len(self._replays) > REPLAYS_KEPT:
            del self._replays[next(iter(self._replays))]
        return found

    # ----- creating -----------------------------------------------------------------------
    async def create(self, req: GameRequest, client: str | None = None, game_id: str | None = None,
                     players: dict[int, str] | None = None) -> Created:
        """A new game; `client` (the caller's address) is rate-limited (429 past the limit). A rematch
        gives the id reserved for it and the seats' players (seat → player id) to attach."""
        if client is not None:
            self._creations.check(client, "new games")
        try:
            spec = load_game(req.game)
            if req.turn_limit is not None and "turn_limit" not in spec.params:
                raise ApiError(400, f"{spec.title} has no turn limit")
            config = build_config(spec, req.players, req.modules, req.expansions, req.modes, req.turn_limit)
            deal = new_deal(req.seed)  # 128 secret bits unless the creator gave the seed (docs/server.md)
            seed = deal.seed
            state = spec.new_game(dict(config), seed, stream=deal.stream)
        except ApiError:
            raise
        except SpacetableError as e:
            raise ApiError(400, str(e)) from e
        except Exception as e:  # a game package that does not load here: refused, not a crash
            log.exception("cannot set up %s", req.game)
            raise ApiError(400, f"{req.game} is not available on this server") from e
        if len(req.seats) != req.players:
            raise ApiError(400, f"{len(req.seats)} seats given for {req.players} players")
        for wanted in req.open_seats:
            if not 0 <= wanted < req.players or req.seats[wanted] != HUMAN:
                raise ApiError(400, f"open seat {wanted} is not a person's seat of this game (seats 0 to "
                                    f"{req.players - 1}, \"human\")")
        if len(set(req.open_seats)) != len(req.open_seats):
            raise ApiError(400, "a seat is listed twice in open_seats")
        for kind in req.seats:
            if kind != HUMAN:
                check_bot(req.game, kind, self.caps, config)
        names = list(req.names or [])
        if len(names) > req.players:
            raise ApiError(400, f"{len(names)} names given for {req.players} players")
        seats: list[Seat] = []
        for i, kind in enumerate(req.seats):
            try:
                given = display_names.normalize(names[i]) if i < len(names) else ""
            except display_names.BadName as e:
                raise ApiError(400, f"the name of seat {i + 1} {e}") from e
            name = given or (f"Player {i + 1}" if kind == HUMAN else f"{kind} bot {i + 1}")
            twin = display_names.look_alike(name, [s.name for s in seats])
            if twin is not None and twin.casefold() == name.casefold():
                raise ApiError(400, f"two seats are named {name!r}: give each seat a name of its own")
            if twin is not None:
                other = next(s.seat for s in seats if s.name == twin)
                raise ApiError(400, f"the name of seat {i + 1}, {name!r}, looks like seat {other + 1}'s "
                                    f"{twin!r}: give each seat a name the others can tell apart")
            seats.append(Seat(i, name, kind))
        if req.clock is not None and (req.players < 2 or HUMAN not in req.seats):
            raise ApiError(400, "a clock needs a person and at least two seats at the table")
        state.events = []
        game_id = game_id or secrets.token_hex(8)
        table = Table(game_id, req.game, config, seed, rules_version(req.game), seats, state,
                      tutorial=req.tutorial, deal=deal,
                      clock=None if req.clock is None else ClockState(req.clock))
        try:
            plan = table.plan_tutorial() if req.tutorial else table.plan_advance()
        except SpacetableError as e:
            raise ApiError(400, str(e)) from e
        clocks.sync(plan, _now_ms())
        tokens: list[tuple[str, int | None]] = [(new_token(), s.seat) for s in seats
                                                if s.kind == HUMAN and s.seat not in req.open_seats]
        spectator = new_token()
        tokens.append((spectator, None))
        status = FINISHED if plan.state.is_terminal() else RUNNING
        await self._db_write(functools.partial(
            self.store.create, salt=deal.salt, fixed_seed=deal.fixed, stream=deal.stream,
            clock=None if req.clock is None else req.clock.to_json()),
            game_id, req.game, config, seed, table.rules_version,
            [StoredSeat(s.seat, s.kind, s.name, (players or {}).get(s.seat), s.seat in req.open_seats)
             for s in seats], tokens, plan.records, status,
            req.share_for_research)
        table.commit(plan)
        for tok, seat in tokens:
            self._tokens[hash_token(tok)] = (game_id, seat)
        table.chat = self.chat.fresh(game_id)
        table.open_seats = set(req.open_seats)
        self.tables[game_id] = table
        self.hub.known(game_id)
        self.clocks.opened(table)
        self.schedule_bots(table)
        return Created(game_id, [(seat, tok) for tok, seat in tokens if seat is not None], spectator)

    # ----- changing -----------------------------------------------------------------------
    async def _write(self, table: Table, plan: Plan) -> None:
        """Append the plan's records (durable before anyone hears of them), adopt it, push views."""
        if plan.records:
            clocks.sync(plan, _now_ms())  # the clock's records ride with the change
            status = FINISHED if plan.state.is_terminal() else None
            try:
                await self._db_write(self.store.append, table.id, plan.base_version, plan.records, status)
            except VersionConflict as e:
                # another process wrote this game first: catch up from the database, tell the clients
                await self._catch_up_locked(table.id, read=True)
                raise ApiError(409, "the game changed meanwhile; reload it") from e
            was_running = table.status == RUNNING
            table.commit(plan)
            self.clocks.opened(table)
            if self.notifier is not None:  # queued in the background: the answer never waits on it
                # before the next await: a view read meanwhile already shows the new decision, so
                # its notice is on its way (pending) from the moment the change is visible
                self.notifier.changed(table, finished=was_running and table.status == FINISHED)
            await self._prepare_undo(table)
            if was_running and table.status == FINISHED and rated(table):
                self._spawn(self._rate(table))
        self.hub.push(table)
        self.schedule_bots(table)

    async def _rate(self, table: Table) -> None:
        """Update the ratings with a game that just finished (once: `ratings.rate_game`)."""
        try:
            scores = [float(x) for x in table.state.returns()]
            await self._db_write(rate_game, self.store, table.id, scores)
        except Exception:  # noqa: BLE001 - a rating not updated never stops a game
            log.warning("the ratings of game %s were not updated", table.id, exc_info=True)

    async def _prepare_undo(self, table: Table) -> None:
        """Ask the engine's undo policy in a worker thread (it replays the game), so building the
        views that carry the answer never blocks the event loop; the answer is memoized."""
        humans = [s.seat for s in table.seats if s.kind == HUMAN]
        if table.status != RUNNING or not table.actions:
            return
        for seat in humans:  # at a table of people only the last decider's check replays anything
            if ("undo", seat) not in table.cache:
                await asyncio.to_thread(undo_status, table, seat)

    async def _fresh(self, game_id: str, version: int | None) -> Table:
        """The table (locked by the caller); if the client saw a newer version (through another
        process) than this process holds, catch up from the database first."""
        if version is not None and version > self.tables[game_id].version and self.store.shared:
            self._known[game_id] = max(version, self._known.get(game_id, 0))
            await self._catch_up_locked(game_id)
        return self.tables[game_id]

    def _check_turn(self, table: Table, seat: int | None, version: int) -> int:
        if seat is None:
            raise ApiError(403, "a spectator cannot act")
        if table.status != RUNNING:
            raise ApiError(409, table.message or "the game is over")
        if version != table.version:
            raise ApiError(409, f"stale version {version}: the game is at version {table.version}")
        if table.seats[seat].kind != HUMAN:
            raise ApiError(403, f"seat {seat} is played by the {table.seats[seat].kind} bot")
        if table.current_player() != seat:
            raise ApiError(403, f"it is not your decision (seat {table.current_player()} decides)")
        return seat

    async def _present(self, game_id: str, seat: int | None, version: int) -> tuple[Table, int]:
        """With the game's lock held, for a request of `seat` made at `version`: the seat's person is
        present (their seat back from a bot if needed); the table and the version to check (a
        request made just before this very take-back is still current)."""
        self.hub.seen(game_id, seat)
        table = await self._fresh(game_id, version)
        if seat is not None and table.status == RUNNING and table.seats[seat].bot is not None:
            await self._reclaim(table, seat)
            table = self.tables[game_id]
        if version == self._reclaimed_from(table, seat):
            version = table.version
        return table, version

    async def act(self, game_id: str, seat: int | None, text: str, version: int) -> Table:
        table = await self.table(game_id)
        async with self.lock(game_id):
            table, version = await self._present(game_id, seat, version)
            me = self._check_turn(table, seat, version)
            try:
                plan = table.plan_actions(me, [text])
            except SpacetableError as e:
                raise ApiError(400, str(e)) from e
            await self._write(table, plan)
            return table

    async def intent(self, game_id: str, seat: int | None, intent: dict[str, Any], version: int) -> Table:
        table = await self.table(game_id)
        module = intents_module(table.game)
        expand = getattr(module, "expand", None) if module is not None else None
        if expand is None:
            raise ApiError(400, f"{table.game} has no compound intents")
        async with self.lock(game_id):
            table, version = await self._present(game_id, seat, version)
            me = self._check_turn(table, seat, version)
            try:
                texts = expand(table.state.copy(), me, intent)
                if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
                    raise ApiError(400, "the intent expands to no action")
                plan = table.plan_actions(me, texts, together=True)
            except ApiError:
                raise
            except SpacetableError as e:
                raise ApiError(400, str(e)) from e
            except Exception as e:  # a malformed intent the game module did not foresee: still a 400
                log.warning("intent of game %s refused: %r", game_id, e)
                raise ApiError(400, f"malformed intent ({type(e).__name__}: {e})") from e
            await self._write(table, plan)
            return table

    async def undo(self, game_id: str, seat: int | None, version: int) -> Table:
        table = await self.table(game_id)
        async with self.lock(game_id):
            table, version = await self._present(game_id, seat, version)
            if seat is None:
                raise ApiError(403, "a spectator cannot undo")
            if version != table.version:
                raise ApiError(409, f"stale version {version}: the game is at version {table.version}")
            status = undo_status(table, seat)
            if not status.allowed or status.keep is None:
                raise ApiError(403, status.reason or "undo is not allowed now")
            try:
                plan = await asyncio.to_thread(table.plan_undo, seat, status.keep)
            except SpacetableError as e:
                raise ApiError(400, str(e)) from e
            await self._write(table, plan)
            return table

    async def handoff(self, game_id: str, seat: int | None, target: int, bot: str,
                      version: int | None) -> Table:
        """Hand `target` to `bot`: a person's own seat at any time, another person's seat only once
        they have been away for the grace period; ``"human"`` for one's own seat takes it back."""
        table = await self.table(game_id)
        if seat is None:
            raise ApiError(403, "a spectator cannot hand a seat to a bot")
        if bot != HUMAN:
            check_bot(table.game, bot, self.caps, table.config)
        elif target != seat:
            raise ApiError(403, "only a seat's own person can take it back (by connecting or acting with "
                                "their link)")
        self.hub.seen(game_id, seat)
        async with self.lock(game_id):
            table = await self._fresh(game_id, version)
            if table.status != RUNNING:
                raise ApiError(409, table.message or "the game is over")
            if not 0 <= target < len(table.seats):
                raise ApiError(404, f"no seat {target}")
            if bot == HUMAN:
                await self._reclaim(table, seat)
                return self.tables[game_id]
            await self._reclaim(table, seat)
            table = self.tables[game_id]
            if version is not None and version not in (table.version, self._reclaimed_from(table, seat)):
                raise ApiError(409, f"stale version {version}: the game is at version {table.version}")
            if table.seats[seat].kind != HUMAN:
                raise ApiError(403, "only a person at this table may hand a seat to a bot")
            if table.seats[target].kind != HUMAN:
                raise ApiError(409, f"seat {target} is already played by a bot")
            if target != seat:
                self._check_away(table, target)
            plan = table.plan_handoff(target, bot)
            await self._write(table, plan)
            return table

    def _check_away(self, table: Table, target: int) -> None:
        """409 unless the person of `target` has been away for the grace period, or let their time
        run out `clocks.HANDOFF_TIMEOUTS` times in a row."""
        name = table.seats[target].name
        if table.seats[target].timeouts >= clocks.HANDOFF_TIMEOUTS:
            return
        if target in self.hub.connected(table.id):
            raise ApiError(409, f"{name} is at the table (connected): only they can hand their seat to a bot")
        away = self.hub.absent_for(table.id, target)
        grace = self.config.handoff_after
        if away < grace:
            raise ApiError(409, f"{name} left {away:.0f} s ago: their seat can be handed to a bot once they "
                                f"have been away for {grace:g} s (in {max(1, round(grace - away))} s)")

    async def _reclaim(self, table: Table, seat: int | None) -> None:
        """The person of `seat` is here (they connected or acted with their link): if a bot plays
        their seat, it is theirs again (a ``bot-handoff`` record back to ``human``; a bot move being
        planned for that seat is then dropped, so the bot leaves at the seat's next decision).
        Call with the game's lock held."""
        if seat is None or table.status != RUNNING or table.seats[seat].bot is None:
            return
        before = table.version
        # a time-out bot standing in for them leaves; a bot handed the seat gives it back
        plan = table.plan_back(seat) if table.seats[seat].kind == HUMAN else table.plan_handoff(seat, HUMAN)
        await self._write(table, plan)
        table.cache[("reclaimed", seat)] = before

    @staticmethod
    def _reclaimed_from(table: Table, seat: int | None) -> int | None:
        """The version the seat's person saw before this very version took their seat back (their
        request made at it is still current), if that is what just happened."""
        found = table.cache.get(("reclaimed", seat))
        return found if isinstance(found, int) else None

    async def arrive(self, game_id: str, seat: int | None) -> Table:
        """A seat's person connected: present from now, and their seat back from a bot if needed."""
        self.hub.seen(game_id, seat)
        table = self.tables[game_id]
        if seat is not None and seat not in table.arrived:  # first seen: the seats' flags change
            table.arrived.add(seat)
            for key in [k for k in table.cache if k[0] in ("view", "parts")]:
                del table.cache[key]
            self.hub.push(table)
        if seat is None or table.seats[seat].bot is None:
            return table
        async with self.lock(game_id):
            table = self.tables[game_id]
            try:
                await self._reclaim(table, seat)
            except ApiError as e:  # another process wrote first: it stays with the bot until the next try
                log.info("seat %s of game %s not taken back yet: %s", seat, game_id, e.message)
            return self.tables[game_id]

    async def prefs(self, game_id: str, seat: int | None, stop_at_windows: bool) -> Table:
        """Record this person's wish to be stopped at optional windows (or not); any time."""
        table = await self.table(game_id)
        if seat is None:
            raise ApiError(403, "a spectator has no preferences to set")
        async with self.lock(game_id):
            table, _ = await self._present(game_id, seat, self.tables[game_id].version)
            if table.status != RUNNING:
                raise ApiError(409, table.message or "the game is over")
            if table.seats[seat].kind != HUMAN:
                raise ApiError(403, f"seat {seat} is played by the {table.seats[seat].kind} bot")
            if table.seats[seat].stop_at_windows == stop_at_windows:
                return table
            plan = table.plan_prefs(seat, stop_at_windows)
            await self._write(table, plan)
            return table

    # ----- bots ---------------------------------------------------------------------------
    def schedule_bots(self, table: Table) -> None:
        if self._stopping or table.bot_to_move() is None:
            return
        task = self._bot_tasks.get(table.id)
        if task is None or task.done():
            self._bot_tasks[table.id] = asyncio.get_running_loop().create_task(self._run_bots(table.id))

    async def _run_bots(self, game_id: str) -> None:
        """Play the bots of a game until a person must decide; with a person seated, one move per
        pause; without one, no pause and up to BOT_BATCH moves per transaction. The lease is kept
        while the game runs (the next bot turn needs no database write), given up when it ends."""
        try:
            await self._drive_bots(game_id)
        finally:
            table = self.tables.get(game_id)
            over = table is None or table.status != RUNNING
            if over and game_id in self._leases and not self._stopping:
                self._leases.discard(game_id)
                self._lease_until.pop(game_id, None)
                try:
                    await self._db_write(self.store.release_lease, game_id, self.owner)
                except Exception:  # noqa: BLE001 - it then simply expires
                    log.warning("could not release the bot lease of %s", game_id, exc_info=True)

    async def _lease(self, game_id: str) -> bool:
        """Take or renew this process's lease on the game's bots (always True on SQLite: one process)."""
        if not self.store.shared:
            return True
        ttl = int(self.config.lease_seconds * 1000)
        now = _now_ms()
        if game_id in self._leases and now < self._lease_until.get(game_id, 0) - ttl // 2:
            return True  # ours for more than half a lease still: no write needed
        if now < self._lease_busy.get(game_id, 0):
            return False  # another process drives them; the sweep retries when its lease may be over
        holder = await self._db_write(self.store.claim_lease, game_id, self.owner, now, ttl)
        if holder is not None and holder[0] == self.owner:
            self._leases.add(game_id)
            self._lease_until[game_id] = holder[1]
            self._lease_busy.pop(game_id, None)
            return True
        self._leases.discard(game_id)
        self._lease_until.pop(game_id, None)
        # not before the holder's lease ends (it may renew: then we learn its new end then)
        self._lease_busy[game_id] = min(holder[1], now + ttl) if holder is not None else now + ttl // 2
        return False

    async def _drive_bots(self, game_id: str) -> None:
        while not self._stopping:
            table = self.tables.get(game_id)
            if table is None or table.bot_to_move() is None:
                return
            if not await self._lease(game_id):
                return  # another process drives them; its records reach us by NOTIFY
            pause = self.config.bot_pause if table.has_human() else 0.0
            if pause > 0:
                await asyncio.sleep(pause)
            table = self.tables.get(game_id)
            if table is None or table.bot_to_move() is None:
                continue
            version = table.version
            try:
                records = await self.pool.run(self._job(table, 1 if pause > 0 else BOT_BATCH))
            except WorkerLost as e:
                if self._stopping:
                    return
                log.error("bot of game %s lost its worker (%s); playing a random move", game_id, e)
                records = self._random_move(table)
            async with self.lock(game_id):
                table = self.tables.get(game_id)
                if table is None or table.version != version:
                    continue  # a person acted (or took their seat back) meanwhile: think again
                try:
                    plan = table.plan_records(records)
                except SpacetableError:
                    log.exception("bot moves of game %s do not replay here", game_id)
                    return
                try:
                    await self._write(table, plan)
                except ApiError as e:
                    if e.status == 409:  # another process wrote first; we caught up: think again
                        continue
                    log.exception("bot moves of game %s refused", game_id)
                    return
            await asyncio.sleep(0)

    def _job(self, table: Table, limit: int) -> Job:
        """The pool's job for the table's bots at its current version (the whole action log: the
        pool sends a worker only what it lacks)."""
        standin = any(s.standin is not None for s in table.seats)  # it leaves at its wait's end: one move
        return Job(game_id=table.id, game=table.game, config=table.config, seed=table.seed,
                   seats=tuple((s.bot or s.kind, s.stop_at_windows) for s in table.seats),
                   version=table.version,
                   epoch=table.log_epoch, start=0, texts=tuple(t for _, t in table.actions),
                   limit=1 if standin else limit,
                   batch_seconds=self.config.bot_batch_seconds, caps=self.caps,
                   stream=table.state.rng.stream)

    @staticmethod
    def _random_move(table: Table) -> list[NewRecord]:
        """One random legal move for the bot to move (its worker died): the game goes on."""
        def choose(_seat: int, state: Any, rng: Rng) -> Any:
            return rng.choice(state.legal_actions())

        return table.plan_bots(choose, 1).records
