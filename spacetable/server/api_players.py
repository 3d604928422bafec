"""The player routes under /api: profiles kept by a key, their games, claiming and opening seats.

The player's key travels as ``Authorization: Bearer <key>`` on ``/api/players/me…`` and on
``…/seats/{seat}/open``; ``…/seats/{seat}/claim`` takes the seat's invite token as the bearer and
the key in its body. Bodies are strict like every other route's (docs/server.md, "Players").
"""

from __future__ import annotations

import asyncio
import re
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from spacetable.server.api import ERRORS, GameId, Model, Name, StrictBody, bearer, service
from spacetable.server.errors import ApiError
from spacetable.server.notices import check_target
from spacetable.server.players import Players, player_json, qr_svg, signin_url
from spacetable.server.ratings import player_ratings
from spacetable.server.store import NotifySettings

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


class Rating(Model):
    rating: float = Field(description="the shown rating: openskill's ordinal, mu - 3 sigma")
    mu: float
    sigma: float
    games: int = Field(description="rated games behind it")


class Me(Model):
    player: PlayerInfo
    games: list[PlayerGame] = Field(description="waiting for me first, then running, then finished")
    ratings: dict[str, Rating] = Field(default={}, description="this player's rating in each rated game")


class RenameBody(StrictBody):
    name: Name


class KeyAnswer(Model):
    key: str


class SignIn(Model):
    url: str = Field(description="the sign-in link: opens this profile on another device (the key is in "
                                 "the fragment, never sent to a server)")
    svg: str = Field(description="the link as a QR code: an SVG image as a data: URI")


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
    ratings = await asyncio.to_thread(player_ratings, service(request).store, player.id)
    return {"player": player_json(player), "games": await p.games(player), "ratings": ratings}


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


class PushKeys(StrictBody):
    p256dh: str = Field(min_length=1, max_length=200)
    auth: str = Field(min_length=1, max_length=100)


class PushSubscription(StrictBody):
    """A browser's `PushSubscription.toJSON()`."""

    endpoint: str = Field(min_length=1, max_length=2000)
    keys: PushKeys
    expirationTime: int | None = None  # noqa: N815 - the browser's own name


class NotifyBody(StrictBody):
    """Fields absent from a request keep their values; null turns a channel off."""

    webhook: str | None = Field(default=None, max_length=2000, description="a URL receiving a JSON POST")
    webhook_format: Literal["json", "discord", "ntfy"] = Field(default="json", description=(
        "the body: spacetable's JSON, or what Discord's or ntfy's webhooks accept"))
    email: str | None = Field(default=None, max_length=254)
    push: PushSubscription | None = Field(default=None, description="a Web Push subscription")
    reminder_hours: float = Field(default=12.0, ge=0, le=720,
                                  description="one reminder after this many hours (0: none)")


class NotifyInfo(Model):
    webhook: str | None
    webhook_format: str
    email: str | None
    push: bool = Field(description="a push subscription is set")
    reminder_hours: float
    email_available: bool = Field(description="this server sends e-mail (its admin configured SMTP)")
    push_key: str | None = Field(description="the VAPID public key to subscribe with (base64url)")


EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]{1,189}\.[^@\s]{1,60}")


def _notify_info(request: Request, s: NotifySettings) -> dict[str, Any]:
    notifier = service(request).notifier
    vapid = notifier.vapid if notifier is not None else None
    return {"webhook": s.webhook, "webhook_format": s.webhook_format, "email": s.email, "push": bool(s.push),
            "reminder_hours": s.reminder_hours,
            "email_available": notifier is not None and notifier.smtp is not None,
            "push_key": vapid.public if vapid is not None else None}


@router.get("/players/me/notify", response_model=NotifyInfo)
async def get_notify(request: Request, authorization: KeyAuth = None) -> JSONResponse:
    """The profile's notice channels."""
    svc = service(request)
    player = await players(request).me(bearer(authorization))
    settings = await asyncio.to_thread(svc.store.notify_settings, player.id)
    assert settings is not None
    return JSONResponse(_notify_info(request, settings))


@router.put("/players/me/notify", response_model=NotifyInfo)
async def put_notify(body: NotifyBody, request: Request, authorization: KeyAuth = None) -> JSONResponse:
    """Choose the profile's notice channels: a webhook (json, discord or ntfy body), an e-mail address
    (when the server sends e-mail), a Web Push subscription, the reminder's delay. Fields absent from
    the body keep their values. A webhook or push target on a loopback or private address is refused
    unless the server's admin allowed those."""
    svc = service(request)
    player = await players(request).me(bearer(authorization))
    values: dict[str, Any] = {}
    allow = svc.config.allow_private_webhooks
    for name in body.model_fields_set:
        value = getattr(body, name)
        if name == "webhook" and value is not None:
            await asyncio.to_thread(check_target, value, allow)
        if name == "email" and value is not None and not EMAIL.fullmatch(value):
            raise ApiError(400, "email: not an e-mail address")
        if name == "push" and value is not None:
            await asyncio.to_thread(check_target, value.endpoint, allow)
            value = value.model_dump(exclude_none=True)
        values[name] = value
    await svc.db_write(svc.store.set_notify, player.id, values)
    settings = await asyncio.to_thread(svc.store.notify_settings, player.id)
    assert settings is not None
    return JSONResponse(_notify_info(request, settings))
