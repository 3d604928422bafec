"""The FastAPI app: the REST routes, the WebSocket hub, the page's static files and error handling.

`create_app(config)` builds an app whose lifespan migrates the database, loads every running game
(replaying its records) and resumes the bots. Every error is ``{"error": message}`` with a 4xx
status; an unexpected failure is a bare 500 ``{"error": "internal error"}`` without a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
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
from spacetable.server import api
from spacetable.server.config import MAX_BODY_BYTES, MAX_WS_MESSAGE, WS_AUTH_SECONDS, ServerConfig
from spacetable.server.designer import DesignerSettings
from spacetable.server.designer import mount as mount_designer
from spacetable.server.errors import ApiError
from spacetable.server.live import Connection, Hub, error_message
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
                break
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


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        if err.get("type") == "json_invalid":  # loc: ("body", offset); ctx: the JSON parser's message
            at = err.get("loc", ("body", 0))[-1]
            why = (err.get("ctx") or {}).get("error", "invalid")
            parts.append(f"the request body is not valid JSON: {why} at character {at}")
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
        hub = Hub()
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
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _validation_message(exc)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        log.error("internal error: %r", exc, exc_info=exc)
        return JSONResponse({"error": "internal error"}, status_code=500)

    app.include_router(api.router)
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

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app


async def live_socket(websocket: WebSocket, game_id: str) -> None:
    """One client: authenticate (header or first message), push views, answer pings and errors."""
    svc: GameService = websocket.app.state.service
    await websocket.accept()
    token = api.bearer(websocket.headers.get("authorization"))
    try:
        if token is None:
            try:
                first = await asyncio.wait_for(_receive(websocket), WS_AUTH_SECONDS)
            except TimeoutError:
                await websocket.send_text(error_message("send {\"token\": …} first"))
                await websocket.close(code=4401)
                return
            token = _token_of(first)
        try:
            table = await svc.table(game_id)
            seat = await svc.resolve(token, game_id)
        except ApiError as e:
            await websocket.send_text(error_message(e.message))
            await websocket.close(code=4401 if e.status == 401 else 4404)
            return
        conn = Connection(websocket, game_id, seat)
        sender = asyncio.get_running_loop().create_task(conn.sender())
        async with svc.lock(game_id):
            table = svc.tables.get(game_id, table)
            conn.send_view(table, svc.hub.connected(game_id) | ({seat} if seat is not None else set()))
            svc.hub.add(conn)
            if seat is not None:
                svc.hub.push(table, exclude=conn)  # the others see this seat connected
                svc.announce(game_id)  # and so do the clients of other processes
        try:
            while True:
                text = await _receive(websocket)
                reply = _answer(text)
                if reply is not None:
                    conn.send(reply)
        finally:
            svc.hub.remove(conn)
            conn.close()
            await asyncio.gather(sender, return_exceptions=True)
            if seat is not None and game_id in svc.tables:
                svc.hub.push(svc.tables[game_id])
                svc.announce(game_id)
    except WebSocketDisconnect:
        return
    except RuntimeError:  # the socket was closed under us
        return


async def _receive(websocket: WebSocket) -> str:
    """The next text message ("" for a binary one); `WebSocketDisconnect` when the client left."""
    msg = await websocket.receive()
    if msg["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(int(msg.get("code", 1000)))
    text = msg.get("text")
    if isinstance(text, str):
        return text
    data = msg.get("bytes") or b""
    return "x" * (MAX_WS_MESSAGE + 1) if len(data) > MAX_WS_MESSAGE else ""


def _token_of(text: str) -> str | None:
    if len(text) > MAX_WS_MESSAGE:
        return None
    try:
        data: Any = json.loads(text)
    except ValueError:
        return None
    token = data.get("token") if isinstance(data, dict) else None
    return token if isinstance(token, str) else None


def _answer(text: str) -> str | None:
    if len(text) > MAX_WS_MESSAGE:
        return error_message(f"message over {MAX_WS_MESSAGE} bytes refused")
    try:
        data: Any = json.loads(text)
    except ValueError:
        return error_message("not JSON")
    if not isinstance(data, dict):
        return error_message("a message must be a JSON object")
    if data.get("type") == "ping":
        return json.dumps({"type": "pong"})
    if "token" in data and len(data) == 1:
        return None  # a repeated token message is harmless
    return error_message("unknown message; send actions with POST /api/games/{id}/actions")
