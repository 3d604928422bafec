"""The player routes under /api: profiles kept by a key, their games, claiming and opening seats.

The player's key travels as ``Authorization: Bearer <key>`` on ``/api/players/me…`` and on
``…/seats/{seat}/open``; ``…/seats/{seat}/claim`` takes the seat's invite token as the bearer and
the key in its body. Bodies are strict like every other route's (docs/server.md, "Players").
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from spacetable.server.api import ERRORS, GameId, Model, Name, StrictBody, bearer, service
from spacetable.server.players import Players, player_json, qr_svg, signin_url

KeyAuth = Annotated[str | None, Header(alias="Authorization", description="Bearer <player key>")]
SeatAuth = Annotated[str | None, Header(alias="Authorization", description="Bearer <the seat's token>")]
SeatNo = Annotated[int, Field(ge=0, le=16)]
Key = Annotated[str, Field(min_length=1, max_length=200)]
router = APIRouter(prefix="/api", responses=ERRORS, tags=["players"])


class NewPlayerBody(StrictBody):
    name: Name = Field(examples=["Ada"], description="the display name (the rules of seat names)")


class PlayerInfo(Model):
    id: str
    name: str


class NewPlayerAnswer(Model):
    player: PlayerInfo
    key: str = Field(description="the secret key of the profile: keep it (only its hash is stored)")


class PlayerGame(Model):
    id: str
    game: str
    seat: int
    status: str = Field(description='"running", "finished" or "finished-by-upgrade"')
    my_turn: bool = Field(description="the game waits for this seat's decision")
    name: str | None = Field(default=None, description="the seat's display name (null if not loaded)")
    updated_at: str = Field(description="when the game last changed (ISO 8601, UTC)")


class Me(Model):
    player: PlayerInfo
    games: list[PlayerGame] = Field(description="waiting for me first, then running, then finished")


class RenameBody(StrictBody):
    name: Name


class KeyAnswer(Model):
    key: str


class SignIn(Model):
    url: str = Field(description="the sign-in link: opens this profile on another device (the key is in "
                                 "the fragment, never sent to a server)")
    svg: str = Field(description="the link as a QR code, an inline SVG")


class ClaimBody(StrictBody):
    player_key: Key


class Claimed(Model):
    game: str
    seat: int
    player: PlayerInfo
    status: str


class SeatTokenAnswer(Model):
    token: str


def players(request: Request) -> Players:
    found: Players | None = getattr(request.app.state, "players", None)
    if found is None:
        found = Players(service(request))
        request.app.state.players = found
    return found


@router.post("/players", status_code=201, response_model=NewPlayerAnswer)
async def create_player(body: NewPlayerBody, request: Request) -> JSONResponse:
    """A new player profile (rate-limited per address, with game creation): keep the key."""
    made = await players(request).create(body.name, request.client.host if request.client is not None else "")
    return JSONResponse({"player": player_json(made.player), "key": made.key}, status_code=201,
                        headers={"Cache-Control": "no-store"})


async def _me(request: Request, authorization: str | None) -> dict[str, Any]:
    p = players(request)
    player = await p.me(bearer(authorization))
    return {"player": player_json(player), "games": await p.games(player)}


@router.get("/players/me", response_model=Me)
async def get_me(request: Request, authorization: KeyAuth = None) -> JSONResponse:
    """The profile and its games (the ones waiting for this player first, then running, then finished)."""
    return JSONResponse(await _me(request, authorization), headers={"Cache-Control": "no-store"})


@router.put("/players/me", response_model=Me)
async def rename(body: RenameBody, request: Request, authorization: KeyAuth = None) -> JSONResponse:
    """Change the profile's display name (the names at tables already seated stay as they were)."""
    p = players(request)
    await p.rename(await p.me(bearer(authorization)), body.name)
    return JSONResponse(await _me(request, authorization))


@router.post("/players/me/key", response_model=KeyAnswer)
async def rotate_key(request: Request, authorization: KeyAuth = None) -> JSONResponse:
    """Replace the profile's key: the old key and every sign-in link carrying it stop working now."""
    p = players(request)
    key = await p.rotate(await p.me(bearer(authorization)))
    return JSONResponse({"key": key}, headers={"Cache-Control": "no-store"})


@router.get("/players/me/signin", response_model=SignIn)
async def sign_in(request: Request, authorization: KeyAuth = None) -> JSONResponse:
    """The profile's sign-in link for another device, and its QR code (built from the key sent)."""
    key = bearer(authorization)
    await players(request).me(key)
    assert key is not None
    url = signin_url(str(request.base_url), key)
    return JSONResponse({"url": url, "svg": qr_svg(url)}, headers={"Cache-Control": "no-store"})


@router.post("/games/{game_id}/seats/{seat}/claim", response_model=Claimed)
async def claim_seat(game_id: GameId, seat: SeatNo, body: ClaimBody, request: Request,
                     authorization: SeatAuth = None) -> JSONResponse:
    """Attach the seat of this invite token to the profile of `player_key` (the page does it when a
    signed-in player opens an invite link); 409 when another profile holds it."""
    out = await players(request).claim(game_id, bearer(authorization), body.player_key, seat)
    return JSONResponse(out)


@router.post("/games/{game_id}/seats/{seat}/open", response_model=SeatTokenAnswer)
async def open_seat(game_id: GameId, seat: SeatNo, request: Request,
                    authorization: KeyAuth = None) -> JSONResponse:
    """A new token for a seat attached to the caller's profile (opening it from the game list on any
    device; the seat's other tokens keep working)."""
    p = players(request)
    token = await p.open_seat(await p.me(bearer(authorization)), game_id, seat)
    return JSONResponse({"token": token}, headers={"Cache-Control": "no-store"})
