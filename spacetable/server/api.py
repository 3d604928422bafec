"""REST routes and their Pydantic models (every size and length bounded), under /api.

Errors are always ``{"error": message}`` with a 4xx status: 400 for a refused config, action or
intent (the engine's message), 401 for a missing or unknown token, 403 for a token that may not do
this, 404 for an unknown game, 409 for a stale version or a finished game, 413 for a body over
16 KiB, 422 for a body that does not match the model, 429 for too many new games from one address.
Request models are strict: a string is not a number, a boolean is not a version.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from spacetable.advice import advice, has_advisor
from spacetable.bots.base import bot_names
from spacetable.engine.errors import SpacetableError
from spacetable.rulebook import NoRules, rule_texts
from spacetable.server.chat import MAX_CHARS
from spacetable.server.clocks import MAX_SECONDS, ClockSettings, parse_request
from spacetable.server.errors import ApiError
from spacetable.server.service import GameRequest, GameService
from spacetable.server.tables import RUNNING, save_document
from spacetable.server.views import summary_body, view_text
from spacetable.sim.catalog import catalog_json
from spacetable.sim.setup import all_games, load_game
from spacetable.tutorials import NoTutorial, has_tutorial
from spacetable.tutorials import request as tutorial_request

Name = Annotated[str, Field(max_length=40)]
Slug = Annotated[str, Field(min_length=1, max_length=40)]
GameId = Annotated[str, Field(max_length=64)]
MAX_TURN_LIMIT = 1000
"""Largest `turn_limit` a new game may ask for."""


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StrictBody(Model):
    """A request body: unknown keys refused, and no coercion (``"3"`` is not 3, ``true`` is not 1)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ErrorBody(Model):
    error: str


class ClockBody(StrictBody):
    kind: Literal["none", "live", "turn"] = Field(description=(
        '"none"; "live": `seconds` per decision, then the `reserve` drains; "turn": `seconds` per turn '
        "(e.g. 86400 for a day)"))
    seconds: StrictInt | None = Field(default=None, ge=1, le=MAX_SECONDS, description=(
        "the time each wait of a person gets (live: per decision; turn: per turn); required unless none"))
    reserve: StrictInt | None = Field(default=None, ge=0, le=MAX_SECONDS, description=(
        "seconds of reserve each person starts with, used once a wait's own seconds are gone (default 0)"))


def clock_settings(body: ClockBody | None) -> ClockSettings | None:
    """The clock a new game asks for; 400 with the reason when the combination makes no sense."""
    try:
        return parse_request(None if body is None else body.model_dump(exclude_unset=True))
    except ValueError as e:
        raise ApiError(400, str(e)) from e


class CreateGame(StrictBody):
    game: Slug = Field(examples=all_games()[:1])
    players: int = Field(ge=1, le=8)
    seats: list[Slug] = Field(max_length=8, description='"human" or a bot name (e.g. "greedy") per seat',
                              examples=[["human", "greedy", "human"]])
    expansions: list[Slug] = Field(default=[], max_length=8, examples=[["binding-ties"]])
    modules: list[Slug] = Field(default=[], max_length=8, examples=[["first-encounter"]])
    modes: list[Slug] = Field(default=[], max_length=8)
    seed: StrictInt | None = Field(default=None, ge=0, le=2**128 - 1, description=(
        "a JSON integer 0 ≤ seed < 2**128 fixes the deal, which its creator then knows: the summary and "
        "every view say \"fixed_seed\": true and the table tells every seat; absent: 128 secret bits "
        "with a published commitment (docs/server.md, Provably fair deals)"))
    names: list[Name] | None = Field(default=None, max_length=8, description="display names, one per seat")
    turn_limit: StrictInt | None = Field(default=None, ge=0, le=MAX_TURN_LIMIT, description=(
        "games with a turn limit (when it is reached the rules name the winner; /api/meta lists the option "
        "per game): the number of turns, 0 for none; absent: the game's default; "
        "400 for a game without one"), examples=[30])
    share_for_research: StrictBool = Field(default=False, description=(
        "the players allow `spacetable dataset` to export this game's decisions (observations, masks, "
        "actions; never names or tokens) once it is finished"))
    open_seats: list[Annotated[int, Field(ge=0, le=16)]] = Field(default=[], max_length=8, description=(
        "person seats no one holds yet: no token is made for them; GET /api/open lists the game and any "
        "player takes one with POST /api/games/{id}/seats/{seat}/take"), examples=[[1]])
    clock: ClockBody | None = Field(default=None, description=(
        "each person's time: when it runs out the game's default bot makes that decision for them "
        "(docs/server.md, Clocks)"), examples=[{"kind": "live", "seconds": 30, "reserve": 300}])


class SeatToken(Model):
    seat: int
    token: str


class Created(Model):
    id: str
    seats: list[SeatToken] = Field(description="one invite token per human seat")
    spectator: str = Field(description="the spectator token")


class SeatInfo(Model):
    seat: int
    name: str
    kind: str = Field(description='"human" or the bot name')
    connected: bool
    away: bool = Field(default=False, description=(
        "its person has been away (no socket, no request) long enough that another seat may hand "
        "the seat to a bot"))
    open: bool = Field(default=False, description="an open seat: no one holds it yet (GET /api/open)")
    arrived: bool = Field(default=True, description=(
        "its person has come to the table (connected or decided) since the server held the game; "
        "false: not yet (the page says so, rather than reconnecting)"))


class LogEntry(Model):
    n: int = Field(description="the record that produced this line")
    text: str = Field(description="what happened, in plain language (no rule numbers in it)")
    rule: str | None = Field(default=None, description=(
        'the id of the rule it applies ("3.4.9", "L17", "BT-earn"), or null; GET /api/rules/{game} has '
        "its text"))
    level: str = Field(default="step", description=(
        '"routine" (a draw, a shuffle, a pass: fold it under the line before), "step", or "moment" '
        "(something that changes the game: a contract's result, Prestige, a purchase, an engagement)"))


class LegalAction(Model):
    text: str = Field(description="the action's canonical text (what to send)")
    description: str = Field(description="what choosing it does and costs, in plain language")
    rule: str | None = Field(default=None, description="the id of the rule it applies, or null")


class UndoInfo(Model):
    allowed: bool
    reason: str


class ChatLine(Model):
    n: int = Field(description="the message's number in the game, from 1")
    seat: int
    name: str = Field(description="the writer's display name")
    text: str = Field(description="exactly as sent (show it as text, never as markup)")
    at: str = Field(description="when it was stored: ISO 8601, UTC")


class ChatBody(StrictBody):
    text: str = Field(max_length=4 * MAX_CHARS, description=(
        f"any text of 1 to {MAX_CHARS} characters, stored verbatim (one message a second per seat)"))


class ChatPosted(Model):
    message: ChatLine


class GameView(Model):
    id: str
    game: str
    version: int = Field(description="number of records in the game's log; only grows")
    terminal: bool
    winners: list[int]
    seat: int | None = Field(description="the seat this view is for (null: spectator)")
    seats: list[SeatInfo]
    current_player: int | None
    decision: str
    fixed_seed: bool = Field(default=False, description=(
        "the game's creator chose its seed, so knows every hand and draw (the table says so)"))
    view: dict[str, Any] = Field(description="state.view(seat).to_json(): only what this seat may know")
    log: list[LogEntry]
    legal_actions: list[LegalAction] = Field(description="only when this seat must decide")
    intent: dict[str, Any] | None
    undo: UndoInfo
    prefs: dict[str, bool] | None = Field(
        default=None,
        description='this seat\'s preferences, e.g. {"stop_at_windows": false} (null: spectator)')
    status: str = Field(description='"running", "finished" or "finished-by-upgrade"')
    message: str | None
    log_start: int | None = Field(default=None, description=(
        "WebSocket pushes only: `log` holds the lines from this index on; keep the first log_start "
        "lines you have (0: the whole log). GET /view always carries the whole log."))
    guide: dict[str, Any] | None = Field(default=None, description=(
        'what the table always shows: {"win": how to win at this table, "phases": [{"key", "title", "rule", '
        '"about"}], "phase": the current one, "badges": [{"badge", "meaning"}]}'))
    tutorial: dict[str, Any] | None = Field(default=None, description=(
        'a tutorial\'s coach for this seat: {"title", "intro", "text", "turn", "turns", "done", "outro"}; '
        "null in other games"))
    chat: list[ChatLine] = Field(default=[], description=(
        'the table chat\'s last 50 messages, oldest first; a new one is also pushed on the WebSocket as '
        '{"type": "chat", "message": …}'))
    rematch: str | None = Field(default=None, description=(
        "a finished game's rematch, once one of its people asked for it (POST /rematch joins it)"))
    replay: dict[str, Any] | None = Field(default=None, description='replay positions: {"last", "reveal"}')
    hidden: dict[str, list[dict[str, Any]]] | None = Field(default=None, description=(
        'replay with reveal: per seat ("p1"…), what its view held beyond the spectator\'s '
        '({"path", "value"})'))
    clock: dict[str, float] = Field(default={}, description=(
        "seconds left of each person's current allowance, by seat (as a string): for the seat the table "
        "waits on, until its time runs out; for the others, what their next wait starts with; 0 while a "
        "time-out bot decides for them; {} without a clock"))
    clock_info: dict[str, Any] | None = Field(default=None, description=(
        '{"kind", "seconds", "reserve", "running": the seat whose time runs or null, "reserve_left": '
        '{seat: seconds}, "timeouts": {seat: time-outs in a row}, "standin": {seat: bot}}; null without '
        "a clock"))


class ActionBody(StrictBody):
    action: str = Field(min_length=1, max_length=1000, examples=["play reactor"])
    version: int = Field(ge=0)


class IntentBody(StrictBody):
    intent: dict[str, Any]
    version: int = Field(ge=0)


class UndoBody(StrictBody):
    version: int = Field(ge=0)


class PrefsBody(StrictBody):
    stop_at_windows: StrictBool = Field(description="ask me at optional windows (e.g. "
                                  "'at any time' reputation windows) instead of passing them for me")


class BotBody(StrictBody):
    bot: Slug = Field(examples=["greedy"], description=(
        'a bot name (within the server\'s budget caps), or "human" for your own seat: take it back'))
    version: int | None = Field(default=None, ge=0)


class Standing(BaseModel):
    seat: int
    name: str
    kind: str
    result: float
    winner: bool
    public: dict[str, Any] | None = None


class Summary(Model):
    id: str
    game: str
    config: dict[str, Any]
    rules_version: str
    seats: list[SeatInfo]
    status: str
    message: str | None
    version: int
    winners: list[int]
    current_player: int | None
    standings: list[Standing] | None
    tutorial: bool = Field(default=False, description="a guided first game (POST /api/tutorials/{game})")
    clock: dict[str, Any] | None = Field(default=None, description=(
        'the game\'s clock {"kind", "seconds", "reserve"}, null without one'))
    fixed_seed: bool = Field(description="the creator chose the seed (so knows the deal)")
    seed_commitment: str | None = Field(description=(
        "lowercase hex SHA-256 of the salt's bytes followed by the seed's 16 big-endian bytes, from "
        "creation (null for a game stored before commitments)"))
    seed: str | None = Field(description="once the game is over: the seed's 16 bytes, lowercase hex")
    salt: str | None = Field(description="once the game is over: the salt, lowercase hex")


class GameInfo(Model):
    name: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, list[str]]
    bots: list[str]
    advisor: bool = Field(description="whether GET /api/games/{id}/advice answers for this game")
    default_bot: str = Field(description="the bot a new table seats by default: the strongest that answers "
                             "within 2 s with an iteration budget")
    tutorial: bool = Field(description="whether POST /api/tutorials/{game} starts a guided first game")
    example: bool = Field(description="a small example game for developers (listed apart)")
    defaults: dict[str, list[str]] = Field(description=(
        "the option values a new table starts with ticked, per option (no expansion or module)"))
    about: dict[str, str] = Field(default={}, description="one line on what each option value adds")
    page: str | None = Field(default=None, description=(
        "the module that draws the game's table, relative to /static/ (\"<game>/table.js\"); "
        "null: the generic table"))
    lobby: str | None = Field(default=None, description=(
        "the module of the game's options on the lobby's new-game form, relative to /static/ "
        "(\"<game>/lobby.js\"); null: a checkbox per option value"))
    pitch: str = Field(default="", description="what the game is, in one line (the lobby's learn panel)")


class Meta(Model):
    games: list[GameInfo]


ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorBody}
                                           for code in (400, 401, 403, 404, 409, 413, 429)}


def bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, value = authorization.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else None


def service(request: Request) -> GameService:
    svc: GameService = request.app.state.service
    return svc


Auth = Annotated[str | None, Header(alias="Authorization", description="Bearer <seat or spectator token>")]
router = APIRouter(prefix="/api", responses=ERRORS)


@router.get("/meta", response_model=Meta)
def meta() -> Meta:
    """The games this server offers, their options and bot names (for the lobby)."""
    out = []
    for name in all_games():
        try:
            spec = load_game(name)
            bots = bot_names(name)
            if spec.default_bot not in bots:  # a budgeted default ("mcts:200it") is offered by its name
                bots.append(spec.default_bot)
        except Exception:  # noqa: BLE001 - a game whose package does not load is simply not offered
            continue
        out.append(GameInfo(name=name, title=spec.title, min_players=spec.min_players,
                            max_players=spec.max_players,
                            options={k: list(v) for k, v in spec.options.items()}, bots=bots,
                            advisor=has_advisor(name), default_bot=spec.default_bot,
                            tutorial=has_tutorial(name), example=spec.example,
                            defaults={k: list(spec.defaults.get(k, ())) for k in spec.options},
                            about=dict(spec.about), page=spec.manifest.page, lobby=spec.manifest.lobby,
                            pitch=spec.pitch))
    return Meta(games=out)


class RuleText(Model):
    title: str
    text: str
    source: str = Field(default="", description="the document it is taken from")


class Rules(Model):
    game: str
    rules: dict[str, RuleText] = Field(description="every rule the game cites, by its id")


@router.get("/rules/{game}", response_model=Rules)
def rules(game: Slug) -> JSONResponse:
    """The rule texts of a game by id (the ids every log line and legal action carries as ``rule``): the
    rulebook's paragraph, or our spec's where the game has its own (the game's texts say which)."""
    try:
        texts = rule_texts(game)
    except NoRules as e:
        raise ApiError(404, str(e)) from e
    return JSONResponse({"game": game, "rules": texts}, headers={"Cache-Control": "no-cache"})


class TutorialBody(StrictBody):
    """Nothing to choose: a tutorial's table is the game's own (`GameSpec.tutorial`)."""


@router.post("/tutorials/{game}", status_code=201, response_model=Created)
async def create_tutorial(game: Slug, request: Request, body: TutorialBody | None = None) -> Created:
    """Start a guided first game of `game` against fast bots (the game's tutorial: a fixed deal, the coach
    at every step); answers like POST /api/games. 404 for a game without a tutorial."""
    try:
        t = tutorial_request(game)
    except NoTutorial as e:
        raise ApiError(404, str(e)) from e
    config = t["config"]
    made = await service(request).create(GameRequest(
        game=game, players=t["players"], seats=t["seats"], expansions=config.get("expansions", []),
        modules=config.get("modules", []), modes=config.get("modes", []), seed=t["seed"], names=t["names"],
        turn_limit=config.get("turn_limit"), tutorial=True),
        client=request.client.host if request.client is not None else "")
    return Created(id=made.id, seats=[SeatToken(seat=s, token=tok) for s, tok in made.seats],
                   spectator=made.spectator)


@router.get("/catalog/{game}")
def catalog(game: Slug) -> JSONResponse:
    """Every card of a game with all its sets (modules, expansions) in, as `spacetable cards GAME
    --json` prints it (each card in the form a card override takes): the page reads names, costs and
    texts from here, so they are always the card data this server plays with."""
    try:
        spec = load_game(game)
    except SpacetableError as e:
        raise ApiError(404, str(e)) from e
    if spec.catalog is None:
        raise ApiError(404, f"{spec.title} has no card catalog")
    config = spec.make_config(spec.max_players, **{k: list(v) for k, v in spec.options.items()
                                                    if isinstance(spec.params.get(k), list)})
    body = catalog_json(game, config, spec.catalog(config))
    return JSONResponse(body, headers={"Cache-Control": "no-cache"})


@router.post("/games", status_code=201, response_model=Created)
async def create_game(body: CreateGame, request: Request) -> Created:
    """Create a game: one token per human seat and a spectator token (keep them: they are the invites).
    Rate-limited per client address (429 with Retry-After past it)."""
    made = await service(request).create(GameRequest(
        game=body.game, players=body.players, seats=body.seats, expansions=body.expansions,
        modules=body.modules, modes=body.modes, seed=body.seed, names=body.names,
        turn_limit=body.turn_limit, share_for_research=body.share_for_research, open_seats=body.open_seats,
        clock=clock_settings(body.clock)),
        client=request.client.host if request.client is not None else "")
    return Created(id=made.id, seats=[SeatToken(seat=s, token=t) for s, t in made.seats],
                   spectator=made.spectator)


async def _caller(request: Request, game_id: str,
                  authorization: str | None) -> tuple[GameService, int | None]:
    """The service and the caller's seat (None: the spectator) for a game's route: 404 for an
    unknown game, 401 for a missing or unknown token."""
    svc = service(request)
    await svc.table(game_id)
    return svc, await svc.resolve(bearer(authorization), game_id)


def _view(request: Request, game_id: str, seat: int | None) -> Response:
    svc = service(request)
    table = svc.tables[game_id]
    connected = svc.hub.connected(game_id)
    return Response(view_text(table, seat, connected, away=svc.hub.away(table, connected)),
                    media_type="application/json")


@router.get("/games/{game_id}/view", response_model=GameView)
async def get_view(game_id: GameId, request: Request, authorization: Auth = None) -> Response:
    """This seat's (or the spectator's) view of the game."""
    _, seat = await _caller(request, game_id, authorization)
    return _view(request, game_id, seat)


@router.post("/games/{game_id}/actions", response_model=GameView)
async def post_action(game_id: GameId, body: ActionBody, request: Request,
                      authorization: Auth = None) -> Response:
    """Apply the deciding seat's action (its text, or an unambiguous prefix) at `version`."""
    svc, seat = await _caller(request, game_id, authorization)
    await svc.act(game_id, seat, body.action, body.version)
    return _view(request, game_id, seat)


@router.post("/games/{game_id}/intents", response_model=GameView)
async def post_intent(game_id: GameId, body: IntentBody, request: Request,
                      authorization: Auth = None) -> Response:
    """Apply a compound intent (e.g. a whole proposal) as the seat's consecutive decisions, all or none."""
    svc, seat = await _caller(request, game_id, authorization)
    await svc.intent(game_id, seat, body.intent, body.version)
    return _view(request, game_id, seat)


@router.post("/games/{game_id}/undo", response_model=GameView)
async def post_undo(game_id: GameId, body: UndoBody, request: Request,
                    authorization: Auth = None) -> Response:
    """Take back this seat's last decision, under the engine's undo policy (at any table; bot answers are
    crossed only where every other seat is a bot)."""
    svc, seat = await _caller(request, game_id, authorization)
    await svc.undo(game_id, seat, body.version)
    return _view(request, game_id, seat)


@router.post("/games/{game_id}/seats/{seat}/bot", response_model=GameView)
async def hand_to_bot(game_id: GameId, seat: Annotated[int, Field(ge=0, le=16)], body: BotBody,
                      request: Request, authorization: Auth = None) -> Response:
    """Hand a seat to a bot: your own at any time; another person's only once they have been away
    (no socket, no request) for the server's grace period (409 with the reason before). Their link
    takes it back: connecting or acting with it, or ``"bot": "human"`` on their own seat."""
    svc, me = await _caller(request, game_id, authorization)
    await svc.handoff(game_id, me, seat, body.bot, body.version)
    return _view(request, game_id, me)


@router.post("/games/{game_id}/chat", status_code=201, response_model=ChatPosted)
async def post_chat(game_id: GameId, body: ChatBody, request: Request,
                    authorization: Auth = None) -> ChatPosted:
    """Write in the table chat as your seat (a player's token; the spectator's reads only: 403): any
    text up to 500 characters, stored and returned verbatim; one message a second per seat (429 with
    Retry-After otherwise)."""
    svc, seat = await _caller(request, game_id, authorization)
    line = await svc.chat.post(game_id, seat, body.text)
    return ChatPosted(message=ChatLine(**line))


@router.post("/games/{game_id}/prefs", response_model=GameView)
async def set_prefs(game_id: GameId, body: PrefsBody, request: Request,
                    authorization: Auth = None) -> Response:
    """This seat's preferences: whether optional windows stop for it or pass by themselves."""
    svc, seat = await _caller(request, game_id, authorization)
    await svc.prefs(game_id, seat, body.stop_at_windows)
    return _view(request, game_id, seat)


@router.get("/games/{game_id}/advice")
async def get_advice(game_id: GameId, request: Request, authorization: Auth = None) -> JSONResponse:
    """The game's advisor for the caller's own seat (odds, best plays), from that seat's knowledge only;
    403 for the spectator, 404 when the game has no advisor. Computed off the event loop."""
    svc, seat = await _caller(request, game_id, authorization)
    if seat is None:
        raise ApiError(403, "the spectator has no seat to advise")
    state = svc.tables[game_id].state.copy()
    try:
        body = await asyncio.to_thread(advice, state, seat)
    except SpacetableError as e:
        raise ApiError(404, str(e)) from e
    return JSONResponse(body)


class ReplayStep(Model):
    n: int = Field(description="the version after this record (the position to ask for)")
    kind: str = Field(description='the record kind ("action", "auto", "chance", "undo", …)')
    seat: int | None
    turn: int | None = Field(description="the game's turn (or round) at that position, if it counts them")
    text: list[str] = Field(description="the log lines this record produced")


class TurnStart(Model):
    turn: int
    n: int = Field(description="the first position of this turn")


class ReplayIndex(Model):
    id: str
    game: str
    status: str
    message: str | None
    seats: list[SeatInfo]
    winners: list[int]
    last: int = Field(description="the last position (= number of records)")
    steps: list[ReplayStep]
    turns: list[TurnStart]


@router.get("/games/{game_id}/replay", response_model=ReplayIndex)
async def replay_index(game_id: GameId, request: Request, authorization: Auth = None) -> JSONResponse:
    """The steps of a finished game for the replay viewer (any token of the game); 409 while it runs."""
    svc, _ = await _caller(request, game_id, authorization)
    rep = await svc.replay(game_id)
    return JSONResponse(rep.index())


@router.get("/games/{game_id}/replay/{n}", response_model=GameView)
async def replay_position(game_id: GameId, n: Annotated[int, Field(ge=0, le=10_000_000)], request: Request,
                          seat: Annotated[int | None, Query(ge=0, le=16, description=(
                              "see the position as this seat saw it (the game is over)"))] = None,
                          reveal: Annotated[bool, Query(description=(
                              "add every seat's hidden information as \"hidden\""))] = False,
                          authorization: Auth = None) -> JSONResponse:
    """A finished game at position `n` as a read-only view body: the spectator's view by default."""
    svc, _ = await _caller(request, game_id, authorization)
    rep = await svc.replay(game_id)
    if n > rep.last:
        raise ApiError(404, f"no position {n}: the game has {rep.last}")
    if seat is not None and seat >= len(rep.final_seats):
        raise ApiError(404, f"no seat {seat}")
    body = await asyncio.to_thread(rep.body, n, seat, reveal)
    return JSONResponse(body)


@router.get("/games/{game_id}/save")
async def save(game_id: GameId, request: Request, authorization: Auth = None) -> JSONResponse:
    """A finished game's save document, as `spacetable play --load` and `spacetable replay` read it (any
    token of the game); 409 while it runs (the seed and every hand are in it)."""
    svc, _ = await _caller(request, game_id, authorization)
    table = svc.tables[game_id]
    if table.status == RUNNING or table.no_state:
        raise ApiError(409, "the game is still running: its save opens when it ends"
                       if table.status == RUNNING else table.message or "this game cannot be saved")
    return JSONResponse(await asyncio.to_thread(save_document, table))


@router.get("/games/{game_id}/summary", response_model=Summary)
async def summary(game_id: GameId, request: Request, authorization: Auth = None) -> JSONResponse:
    """Public facts about the game (for the lobby): seats, status, whose turn, standings at the end."""
    svc = service(request)
    table = await svc.table(game_id)
    await svc.resolve(bearer(authorization), game_id)
    return JSONResponse(summary_body(table))
