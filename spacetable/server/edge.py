"""The server's edge: uvicorn with the limits a stranger cannot talk past.

uvicorn itself bounds the keep-alive idle time (``timeout_keep_alive``), WebSocket frame sizes
(``ws_max_size``) and the whole server's concurrency (``limit_concurrency``, answered with 503s),
and stops gracefully within ``timeout_graceful_shutdown``; it has no read timeout for a request
still arriving, no limit per client address and nothing against a client that stops reading. So
`run` gives uvicorn its own protocol classes, thin subclasses of its HTTP (httptools) and
WebSocket protocols that add:

- a header timeout: a request's whole header must arrive within ``header_timeout`` seconds of its
  first byte (or of the connection, for the first one), else ``408`` and the connection closes;
- a body timeout: the body must arrive within ``body_timeout`` seconds of the header's end, else
  the connection is cut (the app sees the client gone and answers nothing);
- a per-address connection limit: a client address holding ``max_connections_per_client`` open
  connections (HTTP and WebSocket alike) has its next one accepted and closed at once;
- a stall limit: a connection whose client has drained nothing for ``stall_seconds`` while more
  than a buffer's worth (64 KiB) waits to be sent is cut, so a close always happens, even to
  a client whose socket buffers are full (a WebSocket's kernel send buffer is bounded to
  `WS_SEND_BUFFER`, so that point comes after a few dozen pushes, not megabytes).

On SIGTERM or Ctrl-C uvicorn stops accepting, closes the connections and runs the app's shutdown
(which kills the bot workers); a watchdog ends the process `EXIT_SECONDS` after the signal
whatever is still running (nothing acknowledged is lost: every answer follows its commit).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import struct
import threading
import time
from dataclasses import dataclass
from types import FrameType
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from spacetable.server.config import WS_FRAME_LIMIT, ServerConfig

log = logging.getLogger("spacetable.server")
WS_SEND_BUFFER = 32 * 1024
"""The kernel send buffer of a WebSocket (Linux doubles it): with the transport's own 64 KiB, about
130 KiB wait for a client before the stall limit starts counting (without it, the kernel's send
buffer grows to megabytes for a client that reads nothing). A push is a few KiB to 10 KiB; 64 KiB
in flight still carries 300 KiB/s at a 200 ms round trip."""
EXIT_SECONDS = 4.0
"""After SIGTERM, the process ends by this many seconds at the latest."""
REQUEST_TIMEOUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                   b"content-length: 52\r\nconnection: close\r\n\r\n"
                   b'{"error": "the request did not arrive in time (408)"}')


@dataclass(frozen=True)
class Limits:
    header_timeout: float
    body_timeout: float
    max_connections_per_client: int
    stall_seconds: float


class Tally:
    """Open connections per client address (by their transports: one that closed is no longer
    counted, whichever protocol object it ended with after a WebSocket upgrade)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, list[asyncio.BaseTransport]] = {}
        self._admitted = 0

    def admit(self, host: str, transport: asyncio.BaseTransport) -> bool:
        live = [t for t in self._open.get(host, ()) if not t.is_closing()]
        if len(live) >= self.limit:
            self._open[host] = live
            return False
        live.append(transport)
        self._open[host] = live
        self._admitted += 1
        if self._admitted % 4096 == 0:  # forget the addresses whose connections have all closed
            self._open = {h: ts for h, ts in self._open.items() if any(not t.is_closing() for t in ts)}
        return True

    def count(self, host: str) -> int:
        return sum(not t.is_closing() for t in self._open.get(host, ()))


class _Stall:
    """The stall watch of one connection, while its transport's write buffer is over the high-water
    mark (uvicorn's `pause_writing`: nothing more is written until it drains): every `seconds` the
    buffer must have shrunk, else the client is reading nothing and the connection is cut. A slow
    client that reads is never cut; one that stopped reading is, `seconds` after its buffers filled."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.timer: asyncio.TimerHandle | None = None
        self.size = 0

    def paused(self, transport: asyncio.BaseTransport) -> None:
        if self.timer is None and self.seconds > 0:
            self.size = _buffered(transport)
            self.timer = asyncio.get_running_loop().call_later(self.seconds, self._check, transport)

    def resumed(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _check(self, transport: asyncio.BaseTransport) -> None:
        """Even a transport already closing (its close waits to flush to a client that reads
        nothing) is cut."""
        now = _buffered(transport)
        if now < self.size:  # it drained a little: still reading
            self.size = now
            self.timer = asyncio.get_running_loop().call_later(self.seconds, self._check, transport)
            return
        self.timer = None
        log.warning("a client read nothing for %.0f s with data waiting; cutting it off", self.seconds)
        reset(transport)


def _buffered(transport: asyncio.BaseTransport) -> int:
    """Bytes waiting in the transport's write buffer (uvloop's transports too)."""
    size = getattr(transport, "get_write_buffer_size", None)
    return int(size()) if size is not None else 0


def reset(transport: asyncio.BaseTransport) -> None:
    """Cut a connection at once with a TCP reset: an abort alone leaves the kernel trying to deliver
    what is queued (for minutes, to a client that reads nothing), and the client none the wiser."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError, AttributeError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    abort = getattr(transport, "abort", None)  # (uvloop's transports are not asyncio's classes)
    if abort is not None:
        abort()


def protocols(limits: Limits) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's HTTP and WebSocket protocol classes with `limits` (one pair per server)."""
    tally = Tally(limits.max_connections_per_client)

    class GuardedHttp(HttpToolsProtocol):
        """uvicorn's httptools protocol with read timeouts, a per-address limit and a stall limit."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._read_timer: asyncio.TimerHandle | None = None
            self._stall = _Stall(limits.stall_seconds)

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else ""
            if not tally.admit(host, transport):
                reset(transport)  # accepted, and closed at once
                return
            self._arm(limits.header_timeout, header=True)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._stall.resumed()
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self._read_timer is None:
                self._arm(limits.header_timeout, header=True)

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()
            if not self.parser.should_upgrade():
                self._arm(limits.body_timeout, header=False)

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def pause_writing(self) -> None:
            super().pause_writing()
            self._stall.paused(self.transport)

        def resume_writing(self) -> None:
            self._stall.resumed()
            super().resume_writing()

        def _arm(self, seconds: float, header: bool) -> None:
            self._disarm()
            if seconds > 0:
                self._read_timer = self.loop.call_later(seconds, self._too_slow, header)

        def _disarm(self) -> None:
            if self._read_timer is not None:
                self._read_timer.cancel()
                self._read_timer = None

        def _too_slow(self, header: bool) -> None:
            self._read_timer = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed already, or a WebSocket now
            if header:
                transport.write(REQUEST_TIMEOUT)
                transport.close()
                asyncio.get_running_loop().call_later(1.0, reset, transport)  # if it does not read it
            else:
                reset(transport)  # the app sees the client gone mid-body

    base: Any = AutoWebSocketsProtocol

    class GuardedWebSocket(base):  # type: ignore[misc]
        """uvicorn's WebSocket protocol with the stall limit (its connection was counted and timed
        by `GuardedHttp` until the upgrade) and a bounded kernel send buffer."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._stall = _Stall(limits.stall_seconds)

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            sock = transport.get_extra_info("socket")
            if sock is not None:  # else the kernel lets megabytes wait for a client that reads nothing
                with contextlib.suppress(OSError, AttributeError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, WS_SEND_BUFFER)

        def connection_lost(self, exc: Exception | None) -> None:
            self._stall.resumed()
            super().connection_lost(exc)

        def pause_writing(self) -> None:
            super().pause_writing()
            self._stall.paused(self.transport)

        def resume_writing(self) -> None:
            self._stall.resumed()
            super().resume_writing()

    return GuardedHttp, GuardedWebSocket


class _Server(uvicorn.Server):
    """uvicorn's server, which tells the app once it listens (the service then resumes the stored
    games' bots), with a watchdog that ends the process `EXIT_SECONDS` after the first SIGTERM or
    Ctrl-C, whatever the graceful shutdown is still waiting for."""

    def __init__(self, config: uvicorn.Config, app: Any) -> None:
        super().__init__(config)
        self._app = app

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        service = getattr(getattr(self._app, "state", None), "service", None)
        if self.started and service is not None:
            service.listening()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if not self.should_exit:
            threading.Thread(target=_exit_soon, name="spacetable-exit", daemon=True).start()
        super().handle_exit(sig, frame)


def _exit_soon() -> None:
    time.sleep(EXIT_SECONDS)
    log.warning("the server did not stop within %.0f s of the signal; exiting now", EXIT_SECONDS)
    logging.shutdown()
    os._exit(0)


def uvicorn_config(app: Any, host: str, port: int, config: ServerConfig, log_level: str) -> uvicorn.Config:
    """uvicorn's settings for `app` under `config`'s limits."""
    http, ws = protocols(Limits(config.header_timeout, config.body_timeout,
                                config.max_connections_per_client, config.stall_seconds))
    forwarded = config.forwarded_allow_ips
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, http=http, ws=ws,
                          ws_max_size=WS_FRAME_LIMIT, ws_per_message_deflate=True,
                          proxy_headers=forwarded is not None, forwarded_allow_ips=forwarded,
                          timeout_keep_alive=5, timeout_graceful_shutdown=2)


def run(app: Any, host: str, port: int, config: ServerConfig, log_level: str = "info") -> None:
    """Serve `app` until SIGTERM or Ctrl-C (the process ends within `EXIT_SECONDS` of it)."""
    _Server(uvicorn_config(app, host, port, config, log_level), app).run()
