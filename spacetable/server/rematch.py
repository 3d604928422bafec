"""Rematches and open seats: a finished game's people start the same table again; a seat left open
at creation is taken by any player.

**Rematch.** Any person's seat of a finished game asks (`rematch`): the first ask reserves the new
game's id on the old game's row (a conditional update, so two asks at once, on any process, make
one game) and creates it with the same seats as created (people, bots, names, open seats), the same
options and clock and a new secret deal; seats attached to a player profile stay attached to that player, who
is notified (event ``rematch``). The first asker receives every person's token (as at creation);
a later ask by another seat of the old game joins: a fresh token for its own seat, and a spectator
token. The old game's view says ``"rematch": id`` from then on, so its table offers to join.

**Open seats.** ``open_seats`` at creation names person seats no one holds: they get no token, the
game waits when it is their turn, and `GET /api/open` lists the running games that have one. A
player takes one with their profile key (`take`): the seat is attached to them and a token made, in
one conditional update, so two players racing for a seat get it once.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update

from spacetable.server.db import GameRow, SeatRow, TokenRow
from spacetable.server.errors import ApiError
from spacetable.server.service import Created, GameRequest, GameService, new_token
from spacetable.server.store import Store, hash_token
from spacetable.server.tables import HUMAN, RUNNING

OPEN_LIST = 50
"""At most this many games in `GET /api/open` (the newest first)."""


def reserve_rematch(store: Store, game_id: str, new_id: str) -> str | None:
    """Set the game's rematch to `new_id` unless it has one; the rematch id after (None: no game)."""
    with store.engine.begin() as conn:
        conn.execute(update(GameRow).where(GameRow.id == game_id, GameRow.rematch_id.is_(None))
                     .values(rematch_id=new_id))
        found: str | None = conn.scalar(select(GameRow.rematch_id).where(GameRow.id == game_id))
        return found


def release_rematch(store: Store, game_id: str, new_id: str) -> None:
    """Undo a reservation whose game could not be created."""
    with store.engine.begin() as conn:
        conn.execute(update(GameRow).where(GameRow.id == game_id, GameRow.rematch_id == new_id)
                     .values(rematch_id=None))


def take_open_seat(store: Store, game_id: str, seat: int, player_id: str, token: str) -> bool:
    """Close an open seat for a player and store its first token, at once; False if not open (now)."""
    with store.engine.begin() as conn:
        res = conn.execute(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat,
                                                 SeatRow.is_open.is_(True))
                           .values(is_open=False, player_id=player_id))
        if res.rowcount != 1:
            return False
        conn.execute(TokenRow.__table__.insert().values(  # type: ignore[attr-defined]
            token_hash=hash_token(token), game_id=game_id, seat=seat))
        return True


def open_games(store: Store, limit: int = OPEN_LIST) -> list[dict[str, Any]]:
    """The running games with an open seat, newest first: id, game, players and every seat."""
    with store.engine.connect() as conn:
        ids = list(conn.scalars(
            select(GameRow.id).where(GameRow.status == RUNNING, GameRow.id.in_(
                select(SeatRow.game_id).where(SeatRow.is_open.is_(True))))
            .order_by(GameRow.created_at.desc()).limit(limit)))
        if not ids:
            return []
        games = {r.id: r for r in conn.execute(select(GameRow.id, GameRow.game, GameRow.created_at)
                                               .where(GameRow.id.in_(ids)))}
        seats: dict[str, list[dict[str, Any]]] = {}
        cols = (SeatRow.game_id, SeatRow.seat, SeatRow.kind, SeatRow.name, SeatRow.is_open)
        for r in conn.execute(select(*cols).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.seat)):
            seats.setdefault(r.game_id, []).append(
                {"seat": r.seat, "name": r.name, "kind": r.kind, "open": bool(r.is_open)})
    return [{"id": i, "game": games[i].game, "players": len(seats.get(i, [])), "seats": seats.get(i, []),
             "created_at": games[i].created_at.isoformat() + "Z"} for i in ids]


@dataclass(frozen=True)
class Rematch:
    created: Created
    new: bool
    """True: this ask created the game (201); False: it joined one made before (200)."""


async def rematch(svc: GameService, game_id: str, seat: int | None, client: str | None) -> Rematch:
    """The rematch of a finished game for a person's seat (module docstring)."""
    if seat is None:
        raise ApiError(403, "a spectator has no seat to bring to a rematch")
    table = await svc.table(game_id)
    if table.status == RUNNING:
        raise ApiError(409, "the game is not over yet: a rematch starts once it has ended")
    if table.tutorial:
        raise ApiError(400, "a tutorial has no rematch: start another one from the lobby")
    if table.rematch is None:
        if client is not None:
            svc.creations.check(client, "new games")
        new_id = secrets.token_hex(8)
        held = await svc.db_write(reserve_rematch, svc.store, game_id, new_id)
        if held == new_id:
            return Rematch(await _create(svc, game_id, new_id, seat), True)
        if held is None:
            raise ApiError(404, "no such game")
        table.rematch = held
    return Rematch(await _join(svc, table.rematch, seat), False)


async def _create(svc: GameService, game_id: str, new_id: str, asker: int) -> Created:
    table = await svc.table(game_id)
    try:
        stored = await asyncio.to_thread(svc.store.fetch, game_id)
        assert stored is not None
        config = table.config
        req = GameRequest(
            game=table.game, players=len(stored.seats), seats=[s.kind for s in stored.seats],
            expansions=config.get("expansions") or (), modules=config.get("modules") or (),
            modes=config.get("modes") or (), names=[s.name for s in stored.seats],
            turn_limit=config.get("turn_limit"), open_seats=[s.seat for s in stored.seats if s.open],
            clock=None if table.clock is None else table.clock.settings)
        players = {s.seat: s.player for s in stored.seats if s.player is not None}
        made = await svc.create(req, game_id=new_id, players=players)
    except BaseException:
        await svc.db_write(release_rematch, svc.store, game_id, new_id)
        raise
    table.rematch = new_id
    async with svc.lock(game_id):
        svc.hub.push(table)  # the old table's people see the rematch at once
    if svc.notifier is not None:
        svc.notifier.queue(new_id, [(s, "rematch", "rematch") for s in players if s != asker])
    return made


async def _join(svc: GameService, new_id: str, seat: int) -> Created:
    """A fresh token for `seat` of the rematch (made by another process a moment ago, perhaps)."""
    for _ in range(50):
        try:
            table = await svc.table(new_id)
            break
        except ApiError as e:
            if e.status != 404:
                raise
            await asyncio.sleep(0.1)
    else:
        raise ApiError(503, "the rematch is still being set up: ask again in a moment")
    if table.seats[seat].kind != HUMAN and seat not in table.open_seats:
        raise ApiError(403, "this seat is played by a bot in the rematch")
    if seat in table.open_seats:
        raise ApiError(409, "this seat is open in the rematch: take it from the lobby's open seats")
    token, spectator = new_token(), new_token()
    for tok, s in ((token, seat), (spectator, None)):
        await svc.db_write(svc.store.add_token, tok, new_id, s)
        svc.remember_token(hash_token(tok), new_id, s)
    return Created(new_id, [(seat, token)], spectator)


async def take(svc: GameService, game_id: str, seat: int, player_id: str) -> str:
    """Take an open seat for a player: its token (409 if it is not open, or no longer)."""
    table = await svc.table(game_id)
    if not 0 <= seat < len(table.seats):
        raise ApiError(404, f"game {game_id} has no seat {seat}")
    if table.status != RUNNING:
        raise ApiError(409, "the game is over")
    token = new_token()
    if not await svc.db_write(take_open_seat, svc.store, game_id, seat, player_id, token):
        table.open_seats.discard(seat)
        raise ApiError(409, "this seat is not open: someone has taken it already")
    svc.remember_token(hash_token(token), game_id, seat)
    async with svc.lock(game_id):
        table.open_seats.discard(seat)
        table.cache.clear()  # the seats' flags are part of the version's memoized views
        svc.hub.push(table)
    return token
