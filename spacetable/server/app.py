"""The FastAPI app: the REST routes, the WebSocket hub, the page's static files and error handling.

`create_app(config)` builds an app whose lifespan migrates the database and starts the service
(which loads every running game and resumes its bots in the background, once the server listens).
Every error is ``{"error": message}`` with a 4xx status; an unexpected failure is a bare 500
``{"error": "internal error"}`` without a traceback. A body that is not JSON at all, however it
fails (malformed, nested too deeply, an integer too long to read, not UTF-8), is the documented 422.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

import spacetable
from spacetable.server import api, api_players, api_rematch
from spacetable.server.config import MAX_BODY_BYTES, MAX_WS_MESSAGE, WS_AUTH_SECONDS, ServerConfig
from spacetable.server.designer import DesignerSettings
from spacetable.server.designer import mount as mount_designer
from spacetable.server.errors import ApiError
from spacetable.server.live import POLICY, Connection, Flood, Hub, error_message
from spacetable.server.migrate import upgrade
from spacetable.server.service import GameService
from spacetable.server.store import Store, make_engine

log = logging.getLogger("spacetable.server")
STATIC = Path(__file__).with_name("static")
PLACEHOLDER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>spacetable</title></head>
<body><h1>spacetable</h1><p>The page is not installed yet. The API is documented at
<a href="/docs">/docs</a>.</p></body></html>"""


class BodyLimit:
    """Refuse request bodies over `limit` bytes with 413 before the app reads them."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", ()):
            if key == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _send_error(send, 413, f"request body over {self.limit} bytes")
                return
        body = b""
        more = True
        while more:
            msg = await receive()
            if msg["type"] != "http.request":
                return  # the client left (or was cut off for sending too slowly): nothing to answer
            body += msg.get("body", b"")
            more = bool(msg.get("more_body"))
            if len(body) > self.limit:
                await _send_error(send, 413, f"request body over {self.limit} bytes")
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _send_error(send: Send, status: int, text: str) -> None:
    payload = json.dumps({"error": text}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(payload)).encode())]})
    await send({"type": "http.response.body", "body": payload})


NOT_JSON = "the request body is not valid JSON"


def _unreadable(exc: BaseException) -> str | None:
    """Why a request body could not be parsed as JSON at all, when that is what `exc` (FastAPI's
    400 for a body its JSON parser gave up on) stands for: the documented 422 message."""
    cause = exc.__cause__
    if isinstance(cause, RecursionError):
        return f"{NOT_JSON}: it is nested too deeply"
    if isinstance(cause, UnicodeDecodeError):
        return f"{NOT_JSON}: it is not UTF-8 text (byte {cause.start})"
    if isinstance(cause, ValueError) and "digits" in str(cause):
        limit = sys.get_int_max_str_digits()
        return f"{NOT_JSON}: it holds an integer too long to read (over {limit} digits)"
    if isinstance(cause, ValueError):
        return f"{NOT_JSON}: {cause}"
    return None


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        if err.get("type") == "json_invalid":  # loc: ("body", offset); ctx: the JSON parser's message
            at = err.get("loc", ("body", 0))[-1]
            why = (err.get("ctx") or {}).get("error", "invalid")
            parts.append(f"{NOT_JSON}: {why} at character {at}")
            continue
        where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else str(err.get("msg", "invalid")))
    return "; ".join(parts) or "invalid request"


def create_app(config: ServerConfig, designer: DesignerSettings | None = None) -> FastAPI:
    """The app; with `designer`, also the designer's workbench (`spacetable.server.designer`, off by
    default)."""
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(config.db_url)
        if config.migrate:
            await asyncio.to_thread(upgrade, engine)
        hub = Hub(grace=config.handoff_after)
        store = Store(engine)
        svc = GameService(store, config, hub)
        app.state.service = svc
        await svc.start()
        try:
            yield
        finally:
            await svc.stop()
            store.close()

    app = FastAPI(title="spacetable", version=spacetable.__version__, lifespan=lifespan,
                  description="Play spacetable games at a live table: the API the browser page uses.")
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _validation_message(exc)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        unreadable = _unreadable(exc) if exc.status_code == 400 else None
        if unreadable is not None:
            return JSONResponse({"error": unreadable}, status_code=422)
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        log.error("internal error: %r", exc, exc_info=exc)
        return JSONResponse({"error": "internal error"}, status_code=500)

    app.include_router(api.router)
    app.include_router(api_players.router)
    app.include_router(api_rematch.router)
    if designer is not None:
        mount_designer(app, designer)

    @app.websocket("/ws/games/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str) -> None:
        await live_socket(websocket, game_id)

    def index() -> Response:
        page = STATIC / "index.html"
        if page.is_file():
            return FileResponse(page, media_type="text/html")
        return HTMLResponse(PLACEHOLDER)

    @app.get("/", include_in_schema=False)
    def root() -> Response:
        return index()

    @app.get("/game/{rest:path}", include_in_schema=False)
    def game_page(rest: str) -> Response:
        return index()

    @app.get("/replay/{rest:path}", include_in_schema=False)
    def replay_page(rest: str) -> Response:
        return index()

    @app.get("/games/{rest:path}", include_in_schema=False)
    def games_page(rest: str) -> Response:
        return index()

    @app.get("/sw.js", include_in_schema=False)
    def service_worker() -> Response:  # at the root, so its scope covers every page (Web Push)
        return FileResponse(STATIC / "sw.js", media_type="text/javascript",
                            headers={"Cache-Control": "no-cache"})

    @app.get("/me", include_in_schema=False)
    def me_page() -> Response:  # a player's sign-in link (the key rides in the fragment)
        return index()

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app


async def live_socket(websocket: WebSocket, game_id: str) -> None:
    """One client: authenticate (header or first message), push views, answer pings; close 1008 a
    client over the per-address limit, sending too fast or a message over the limit."""
    svc: GameService = websocket.app.state.service
    config = svc.config
    client = websocket.client.host if websocket.client is not None else ""
    await websocket.accept()
    if not svc.hub.admit(client, config.max_websockets_per_client):
        await websocket.close(POLICY, "too many connections from your address")
        return
    try:
        await _serve_socket(websocket, svc, game_id, client)
    except (WebSocketDisconnect, RuntimeError):  # the client left, or the socket closed under us
        return
    finally:
        svc.hub.release(client)


async def _serve_socket(websocket: WebSocket, svc: GameService, game_id: str, client: str) -> None:
    config = svc.config
    flood = Flood(config.ws_messages_per_second, config.ws_message_burst)
    token = api.bearer(websocket.headers.get("authorization"))
    resume = _resume_of(websocket.query_params.get("log_from"), websocket.query_params.get("version"))
    if token is None:
        try:
            first = await asyncio.wait_for(_receive(websocket), WS_AUTH_SECONDS)
        except TimeoutError:
            await websocket.send_text(error_message("send {\"token\": …} first"))
            await websocket.close(code=4401)
            return
        if len(first) > MAX_WS_MESSAGE:
            await websocket.close(POLICY, f"message over {MAX_WS_MESSAGE} bytes")
            return
        token, resume = _first_message(first)
    try:
        table = await svc.table(game_id)
        seat = await svc.resolve(token, game_id)
    except ApiError as e:
        await websocket.send_text(error_message(e.message))
        await websocket.close(code=4401 if e.status == 401 else 4404)
        return
    if seat is not None:
        table = await svc.arrive(game_id, seat)  # present now; their seat back from a bot if need be
    conn = Connection(websocket, game_id, seat, client)
    sender = conn.start()
    async with svc.lock(game_id):
        table = svc.tables.get(game_id, table)
        if resume is not None and not _undone_since(table, resume[1]):
            conn.resume(table, resume[0])
        connected = svc.hub.connected(game_id) | ({seat} if seat is not None else set())
        conn.send_view(table, connected, svc.hub.away(table, connected))
        svc.hub.add(conn)
        if seat is not None:
            svc.hub.push(table, exclude=conn)  # the others see this seat connected
            svc.announce(game_id)  # and so do the clients of other processes
    try:
        while conn.closed is None:
            text = await _receive(websocket)
            if len(text) > MAX_WS_MESSAGE:
                conn.close(POLICY, f"message over {MAX_WS_MESSAGE} bytes")
            elif not flood.allow():
                log.warning("client of game %s sends too many messages; closing it", game_id)
                conn.close(POLICY, "too many messages")
            else:
                shown = conn.visible
                reply = _answer(text, conn)
                if reply is not None:
                    conn.send(reply)
                if conn.visible != shown and seat is not None:
                    svc.announce(game_id)  # the other processes hold back (or send) notices by it
    finally:
        svc.hub.remove(conn)
        conn.close()
        await asyncio.gather(sender, return_exceptions=True)
        if seat is not None and game_id in svc.tables:
            async with svc.lock(game_id):
                svc.hub.push(svc.tables[game_id])
            svc.announce(game_id)


def _undone_since(table: Any, version: int | None) -> bool:
    """Whether the log lost lines since `version` (an undo record after it; unknown: True), so a
    client's lines may no longer be the first ones of the table's log."""
    if version is None or not 0 <= version <= table.version:
        return True
    return any(kind == "undo" for kind, _ in table.meta[version:])


async def _receive(websocket: WebSocket) -> str:
    """The next text message ("" for a small binary one, a text over the limit for a large one);
    `WebSocketDisconnect` when the client left."""
    msg = await websocket.receive()
    if msg["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(int(msg.get("code", 1000)))
    text = msg.get("text")
    if isinstance(text, str):
        return text
    data = msg.get("bytes") or b""
    return "x" * (MAX_WS_MESSAGE + 1) if len(data) > MAX_WS_MESSAGE else ""


def _resume_of(log_from: Any, version: Any) -> tuple[int, int | None] | None:
    """(lines held, version they were seen at) from a client's ``log_from`` and ``version``."""
    def number(x: Any) -> int | None:
        if isinstance(x, str) and x.isdigit() and len(x) < 10:
            return int(x)
        return x if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 10**9 else None

    held = number(log_from)
    return None if held is None else (held, number(version))


def _first_message(text: str) -> tuple[str | None, tuple[int, int | None] | None]:
    """The token of a first message ``{"token": …, "log_from"?: k, "version"?: v}`` and where the
    client's log stands."""
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        return None, None
    if not isinstance(data, dict):
        return None, None
    token = data.get("token")
    return (token if isinstance(token, str) else None), _resume_of(data.get("log_from"), data.get("version"))


def _answer(text: str, conn: Connection | None = None) -> str | None:
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        return error_message("not JSON")
    if not isinstance(data, dict):
        return error_message("a message must be a JSON object")
    if data.get("type") == "ping":
        return json.dumps({"type": "pong"})
    if data.get("type") == "visibility" and isinstance(data.get("visible"), bool) and set(data) == {
            "type", "visible"}:
        if conn is not None:  # the page is (not) on screen: no notice reaches a person looking at it
            conn.visible = data["visible"]
        return None
    if "token" in data and set(data) <= {"token", "log_from", "version"}:
        return None  # a repeated first message is harmless
    return error_message("unknown message; send actions with POST /api/games/{id}/actions")
