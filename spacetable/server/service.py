"""The game service: live tables in memory, one lock per game, writes through the store, bots.

Every change follows the same path: take the game's lock, check the version the client acted on,
plan the records on a copy of the state, append them to the database in one transaction (the
store's compare-and-set on the version), adopt the plan, queue the new views, schedule the bots.
Database calls and bot thinking run in worker threads, never on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from spacetable.bots.base import Bot, make_bot
from spacetable.engine.action import Action
from spacetable.engine.errors import SpacetableError
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.server.config import ServerConfig
from spacetable.server.errors import ApiError
from spacetable.server.live import Hub
from spacetable.server.store import Store, StoredSeat, VersionConflict, hash_token
from spacetable.server.tables import (
    FINISHED,
    HUMAN,
    RUNNING,
    UPGRADED,
    Plan,
    Seat,
    Table,
    load_table,
    rules_version,
)
from spacetable.server.views import intents_module, undo_status
from spacetable.sim.setup import build_config, load_game

log = logging.getLogger("spacetable.server")
T = TypeVar("T")
CHECKPOINT_SECONDS = 1.0
"""How often SQLite's write-ahead log is checkpointed (off the commit path)."""
BOT_BATCH = 64
"""Bot decisions written in one transaction when no person is seated (nobody waits to see them)."""


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


def new_token() -> str:
    return secrets.token_urlsafe(24)


def check_bot(game: str, name: str) -> None:
    """`ApiError` 400 unless the bot registry knows `name` for `game`."""
    try:
        make_bot(game, name)
    except (ValueError, TypeError) as e:
        raise ApiError(400, str(e)) from e


class GameService:
    def __init__(self, store: Store, config: ServerConfig, hub: Hub) -> None:
        self.store = store
        self.config = config
        self.hub = hub
        self.tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._tokens: dict[str, tuple[str, int | None]] = {}
        self._bots: dict[tuple[str, int, str], Bot] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._stopping = False
        self._checkpointer: asyncio.Task[None] | None = None

    # ----- lifecycle ----------------------------------------------------------------------
    async def _checkpoints(self) -> None:
        while not self._stopping:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await asyncio.to_thread(self.store.checkpoint)
            except Exception:  # noqa: BLE001 - a busy database: the next round catches up
                log.warning("SQLite checkpoint failed", exc_info=True)

    async def start(self) -> None:
        """Load every running game (replaying its records) and resume its bots."""
        if self.store.engine.dialect.name == "sqlite":
            self._checkpointer = asyncio.get_running_loop().create_task(self._checkpoints())
        for game_id in await asyncio.to_thread(self.store.list_ids, RUNNING):
            try:
                table = await self._load(game_id)
            except ApiError:
                continue
            if table is not None:
                self.schedule_bots(table)

    async def stop(self) -> None:
        self._stopping = True
        tasks = list(self._bot_tasks.values())
        if self._checkpointer is not None:
            tasks.append(self._checkpointer)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.hub.close_all()

    async def _db_write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store write off the event loop, on the store's writer threads."""
        return await asyncio.get_running_loop().run_in_executor(self.store.writer, lambda: fn(*args))

    def lock(self, game_id: str) -> asyncio.Lock:
        if game_id not in self._locks:
            self._locks[game_id] = asyncio.Lock()
        return self._locks[game_id]

    async def _load(self, game_id: str) -> Table | None:
        stored = await asyncio.to_thread(self.store.fetch, game_id)
        if stored is None:
            return None
        table = await asyncio.to_thread(load_table, stored)
        if table.status != stored.status:
            if table.status == UPGRADED:
                log.warning("game %s: %s", game_id, table.message)
            await self._db_write(self.store.set_status, game_id, table.status)
        self.tables[game_id] = table
        return table

    async def table(self, game_id: str) -> Table:
        table = self.tables.get(game_id)
        if table is None:
            async with self.lock(game_id):
                table = self.tables.get(game_id) or await self._load(game_id)
        if table is None:
            raise ApiError(404, "no such game")
        return table

    async def resolve(self, token: str | None, game_id: str) -> int | None:
        """The seat (None: spectator) a token holds in `game_id`; 401 for a token of nothing here."""
        if not token or len(token) > 200:
            raise ApiError(401, "a token is required (Authorization: Bearer …)")
        key = hash_token(token)
        found = self._tokens.get(key)
        if found is None:
            found = await asyncio.to_thread(self.store.token, token)
            if found is not None:
                self._tokens[key] = found
        if found is None or found[0] != game_id:
            raise ApiError(401, "unknown token for this game")
        return found[1]

    # ----- creating -----------------------------------------------------------------------
    async def create(self, req: GameRequest) -> Created:
        try:
            spec = load_game(req.game)
            config = build_config(spec, req.players, req.modules, req.expansions, req.modes)
            seed = req.seed if req.seed is not None else int.from_bytes(os.urandom(4), "little")
            state = spec.new_game(dict(config), seed)
        except SpacetableError as e:
            raise ApiError(400, str(e)) from e
        except Exception as e:  # a game package that does not load here: refused, not a crash
            log.exception("cannot set up %s", req.game)
            raise ApiError(400, f"{req.game} is not available on this server") from e
        if len(req.seats) != req.players:
            raise ApiError(400, f"{len(req.seats)} seats given for {req.players} players")
        for kind in req.seats:
            if kind != HUMAN:
                check_bot(req.game, kind)
        names = list(req.names or [])
        if len(names) > req.players:
            raise ApiError(400, f"{len(names)} names given for {req.players} players")
        seats = []
        for i, kind in enumerate(req.seats):
            name = names[i].strip() if i < len(names) and names[i].strip() else (
                f"Player {i + 1}" if kind == HUMAN else f"{kind} bot {i + 1}")
            seats.append(Seat(i, name, kind))
        state.events = []
        game_id = secrets.token_hex(8)
        table = Table(game_id, req.game, config, seed, rules_version(req.game), seats, state)
        try:
            plan = table.plan_advance()
        except SpacetableError as e:
            raise ApiError(400, str(e)) from e
        tokens: list[tuple[str, int | None]] = [(new_token(), s.seat) for s in seats if s.kind == HUMAN]
        spectator = new_token()
        tokens.append((spectator, None))
        status = FINISHED if plan.state.is_terminal() else RUNNING
        await self._db_write(self.store.create, game_id, req.game, config, seed, table.rules_version,
                                [StoredSeat(s.seat, s.kind, s.name) for s in seats], tokens, plan.records,
                                status)
        table.commit(plan)
        for tok, seat in tokens:
            self._tokens[hash_token(tok)] = (game_id, seat)
        self.tables[game_id] = table
        self.schedule_bots(table)
        return Created(game_id, [(seat, tok) for tok, seat in tokens if seat is not None], spectator)

    # ----- changing -----------------------------------------------------------------------
    async def _write(self, table: Table, plan: Plan) -> None:
        """Append the plan's records (durable before anyone hears of them), adopt it, push views."""
        if plan.records:
            status = FINISHED if plan.state.is_terminal() else None
            try:
                await self._db_write(self.store.append, table.id, plan.base_version, plan.records, status)
            except VersionConflict as e:
                # another process wrote this game: reload it from the database
                self.tables.pop(table.id, None)
                await self._load(table.id)
                raise ApiError(409, "the game changed meanwhile; reload it") from e
            table.commit(plan)
            await self._prepare_undo(table)
        self.hub.push(table)
        self.schedule_bots(table)

    async def _prepare_undo(self, table: Table) -> None:
        """Ask the engine's undo policy in a worker thread (it replays the game), so building the
        views that carry the answer never blocks the event loop; the answer is memoized."""
        humans = [s.seat for s in table.seats if s.kind == HUMAN]
        if len(humans) == 1 and table.status == RUNNING and table.actions:
            await asyncio.to_thread(undo_status, table, humans[0])

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

    async def act(self, game_id: str, seat: int | None, text: str, version: int) -> Table:
        table = await self.table(game_id)
        async with self.lock(game_id):
            table = self.tables[game_id]
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
            table = self.tables[game_id]
            me = self._check_turn(table, seat, version)
            try:
                texts = expand(table.state.copy(), me, intent)
                if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
                    raise ApiError(400, "the intent expands to no action")
                plan = table.plan_actions(me, texts)
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
            table = self.tables[game_id]
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
        table = await self.table(game_id)
        if seat is None:
            raise ApiError(403, "a spectator cannot hand a seat to a bot")
        check_bot(table.game, bot)
        async with self.lock(game_id):
            table = self.tables[game_id]
            if table.status != RUNNING:
                raise ApiError(409, table.message or "the game is over")
            if version is not None and version != table.version:
                raise ApiError(409, f"stale version {version}: the game is at version {table.version}")
            if not 0 <= target < len(table.seats):
                raise ApiError(404, f"no seat {target}")
            if table.seats[seat].kind != HUMAN:
                raise ApiError(403, "only a person at this table may hand a seat to a bot")
            if table.seats[target].kind != HUMAN:
                raise ApiError(409, f"seat {target} is already played by a bot")
            plan = table.plan_handoff(target, bot)
            await self._write(table, plan)
            return table

    async def prefs(self, game_id: str, seat: int | None, stop_at_windows: bool) -> Table:
        """Record this person's wish to be stopped at optional windows (or not); any time."""
        table = await self.table(game_id)
        if seat is None:
            raise ApiError(403, "a spectator has no preferences to set")
        async with self.lock(game_id):
            table = self.tables[game_id]
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

    def _bot(self, table: Table, seat: int) -> Bot:
        key = (table.id, seat, table.seats[seat].kind)
        if key not in self._bots:
            self._bots[key] = make_bot(table.game, table.seats[seat].kind)
        return self._bots[key]

    async def _run_bots(self, game_id: str) -> None:
        """Play the bots of a game until a person must decide; with a person seated, one move per
        pause; without one, no pause and up to BOT_BATCH moves per transaction."""
        while not self._stopping:
            table = self.tables.get(game_id)
            if table is None or table.bot_to_move() is None:
                return
            pause = self.config.bot_pause if table.has_human() else 0.0
            if pause > 0:
                await asyncio.sleep(pause)
            table = self.tables.get(game_id)
            if table is None or table.bot_to_move() is None:
                continue
            version = table.version
            limit = 1 if pause > 0 else BOT_BATCH
            plan = await asyncio.to_thread(table.plan_bots, self._chooser(table), limit)
            async with self.lock(game_id):
                table = self.tables.get(game_id)
                if table is None or table.version != version:
                    continue
                try:
                    await self._write(table, plan)
                except ApiError:
                    log.exception("bot moves of game %s refused", game_id)
                    return
            await asyncio.sleep(0)

    def _chooser(self, table: Table) -> Callable[[int, State, Rng], Action]:
        def choose(seat: int, state: State, rng: Rng) -> Action:
            return self._bot(table, seat).choose(state, seat, rng)

        return choose
