"""Player profiles: a display name kept by a secret key, and the seats attached to it.

The page creates a profile on a browser's first visit and keeps its key in that browser; the key
travels as ``Authorization: Bearer`` on the player routes (docs/server.md, "Players"). Only the
key's SHA-256 is stored (as for seat tokens); rotating it replaces that digest, so the old key (and
any sign-in link carrying it) stops working at once. A seat is attached to a profile by its invite
token together with the key (`claim`); the profile's game list then opens the seat on any device,
minting a new seat token for it (`open_seat`), so no notice ever needs to carry a token.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass
from typing import Any

import segno

from spacetable.server import names as display_names
from spacetable.server.errors import ApiError
from spacetable.server.service import GameService, new_token
from spacetable.server.store import StoredPlayer, hash_token
from spacetable.server.tables import FINISHED, HUMAN, RUNNING

MAX_KEY = 200
"""No key we issue is longer: a longer bearer is refused without a lookup."""


def new_key() -> str:
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class NewPlayer:
    player: StoredPlayer
    key: str


def player_json(player: StoredPlayer) -> dict[str, Any]:
    return {"id": player.id, "name": player.name}


def signin_url(base: str, key: str) -> str:
    """The sign-in link of a key: the key rides in the fragment, which browsers never send to a server
    (so it reaches no access log, no proxy, no Referer)."""
    return f"{base.rstrip('/')}/me#key={key}"


def qr_svg(url: str) -> str:
    """The link as a QR code, an SVG image in a ``data:`` URI (the page shows it as an <img>, never as
    markup; error correction M: it survives a phone held at an angle)."""
    uri: str = segno.make(url, error="m").svg_data_uri(scale=5, dark="#0b1020", light="#ffffff")
    return uri


class Players:
    """The profile routes' work, on the game service's store and tables."""

    def __init__(self, svc: GameService) -> None:
        self.svc = svc

    async def create(self, name: str, client: str | None) -> NewPlayer:
        if client is not None:
            self.svc.creations.check(client, "new profiles")
        clean = self._name(name)
        key = new_key()
        player = await self.svc.db_write(self.svc.store.create_player, secrets.token_hex(8), clean, key)
        return NewPlayer(player, key)

    @staticmethod
    def _name(name: str) -> str:
        try:
            clean = display_names.normalize(name)
        except display_names.BadName as e:
            raise ApiError(400, f"the name {e}") from e
        if not clean:
            raise ApiError(400, "a player needs a name")
        return clean

    async def me(self, key: str | None) -> StoredPlayer:
        """The profile of a bearer key; 401 for none, an unknown or a rotated one."""
        if not key:
            raise ApiError(401, "a player key is required (Authorization: Bearer …)")
        if len(key) > MAX_KEY:
            raise ApiError(401, "unknown player key")
        player = await asyncio.to_thread(self.svc.store.player, key)
        if player is None:
            raise ApiError(401, "unknown player key (was it replaced by a new one?)")
        return player

    async def rename(self, player: StoredPlayer, name: str) -> StoredPlayer:
        clean = self._name(name)
        await self.svc.db_write(self.svc.store.rename_player, player.id, clean)
        return StoredPlayer(player.id, clean, player.created_at)

    async def rotate(self, player: StoredPlayer) -> str:
        key = new_key()
        await self.svc.db_write(self.svc.store.rotate_key, player.id, key)
        return key

    async def games(self, player: StoredPlayer) -> list[dict[str, Any]]:
        """The player's games: the ones waiting for them first, then the other running ones, then the
        finished ones (each group most recently changed first)."""
        out = []
        for ps in await asyncio.to_thread(self.svc.store.player_seats, player.id):
            table = self.svc.tables.get(ps.game_id)
            status = table.status if table is not None else ps.status
            my_turn = (table is not None and table.status == RUNNING and table.current_player() == ps.seat
                       and table.seats[ps.seat].kind == HUMAN)
            out.append({"id": ps.game_id, "game": ps.game, "seat": ps.seat, "status": status,
                        "my_turn": my_turn,
                        "name": table.seats[ps.seat].name if table is not None else None,
                        "updated_at": ps.updated_at.isoformat() + "Z"})
        rank = {True: 0, False: 1}
        out.sort(key=lambda g: (rank[bool(g["my_turn"])], g["status"] != RUNNING))
        return out

    async def claim(self, game_id: str, token: str | None, player_key: str, seat: int) -> dict[str, Any]:
        """Attach `seat`, whose invite token the caller holds, to the profile of `player_key`
        (idempotent); 409 when another profile holds the seat already."""
        await self.svc.table(game_id)
        held = await self.svc.resolve(token, game_id)
        if held is None:
            raise ApiError(403, "a spectator has no seat to attach")
        if held != seat:
            raise ApiError(403, f"this token is for seat {held}, not seat {seat}")
        player = await self.me(player_key)
        holder = await self.svc.db_write(self.svc.store.attach_seat, game_id, seat, player.id)
        if holder != player.id:
            raise ApiError(409, "this seat is already attached to another player's profile")
        table = self.svc.tables.get(game_id)
        return {"game": game_id, "seat": seat, "player": player_json(player),
                "status": table.status if table is not None else FINISHED}

    async def open_seat(self, player: StoredPlayer, game_id: str, seat: int) -> str:
        """A new token for a seat attached to the player (a device opening it from the game list)."""
        await self.svc.table(game_id)
        holder = await asyncio.to_thread(self.svc.store.seat_player, game_id, seat)
        if holder != player.id:
            raise ApiError(403, "this seat is not attached to your profile")
        token = new_token()
        await self.svc.db_write(self.svc.store.add_token, token, game_id, seat)
        self.svc.remember_token(hash_token(token), game_id, seat)
        return token
