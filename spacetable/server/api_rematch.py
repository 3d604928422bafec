"""Routes of rematches and open seats (`server.rematch`): ask for a finished game's rematch, list the
games with open seats, take one with a player key; and the bots' ratings (`server.ratings`)."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from spacetable.server.api import ERRORS, Auth, Created, GameId, Model, SeatToken, bearer, service
from spacetable.server.api_players import KeyAuth, SeatNo, players
from spacetable.server.ratings import bot_ratings
from spacetable.server.rematch import open_games, rematch, take

router = APIRouter(prefix="/api", responses=ERRORS, tags=["rematch and open seats"])


class OpenSeat(Model):
    seat: int
    name: str
    kind: str
    open: bool


class OpenGame(Model):
    id: str
    game: str
    players: int
    seats: list[OpenSeat]
    created_at: str


class OpenList(Model):
    games: list[OpenGame]


class Taken(Model):
    game: str
    seat: int
    token: str


@router.post("/games/{game_id}/rematch", status_code=201, response_model=Created)
async def post_rematch(game_id: GameId, request: Request, authorization: Auth = None) -> JSONResponse:
    """A finished game's rematch, for a person's seat: the same seats, options and profiles with a new
    secret deal. The first ask creates it (201, every person's token, as at creation); a later ask
    by another seat joins it (200, a fresh token for the caller's own seat); 409 while the game runs."""
    svc = service(request)
    await svc.table(game_id)
    seat = await svc.resolve(bearer(authorization), game_id)
    client = request.client.host if request.client is not None else ""
    done = await rematch(svc, game_id, seat, client)
    made = done.created
    body = Created(id=made.id, seats=[SeatToken(seat=s, token=t) for s, t in made.seats],
                   spectator=made.spectator)
    return JSONResponse(body.model_dump(), status_code=201 if done.new else 200,
                        headers={"Cache-Control": "no-store"})


@router.get("/open", response_model=OpenList)
async def get_open(request: Request) -> JSONResponse:
    """The running games of this server with an open seat (the newest 50): anyone may take one."""
    games = await asyncio.to_thread(open_games, service(request).store)
    return JSONResponse({"games": games})


@router.post("/games/{game_id}/seats/{seat}/take", response_model=Taken)
async def take_seat(game_id: GameId, seat: SeatNo, request: Request,
                    authorization: KeyAuth = None) -> JSONResponse:
    """Take an open seat with your player key (Bearer): it joins your profile; its token (409 once
    taken)."""
    p = players(request)
    player = await p.me(bearer(authorization))
    token = await take(service(request), game_id, seat, player.id)
    return JSONResponse({"game": game_id, "seat": seat, "token": token},
                        headers={"Cache-Control": "no-store"})


class BotRating(Model):
    bot: str
    rating: float = Field(description="openskill's ordinal, mu - 3 sigma (what the lobby shows)")
    mu: float
    sigma: float
    games: int


class BotRatings(Model):
    game: str
    bots: list[BotRating] = Field(description="best first; a bot not rated yet is absent")


@router.get("/ratings/{game}", response_model=BotRatings)
async def get_ratings(game: GameId, request: Request) -> JSONResponse:
    """Every bot's rating in a game from the rated games of this server (docs/server.md, "Ratings")."""
    bots = await asyncio.to_thread(bot_ratings, service(request).store, game)
    return JSONResponse({"game": game, "bots": bots})
