"""Local receivers for the notice tests, all on loopback: an HTTP server for webhooks and Web Push
(answering a scripted status), an SMTP server (aiosmtpd), and a push subscription whose keys decrypt
what arrives (RFC 8291, aes128gcm, with http_ece)."""

from __future__ import annotations

import base64
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece  # type: ignore[import-untyped]
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from tests.server.server_helpers import free_port


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Hit:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float
    """When it arrived (Unix seconds)."""


@dataclass
class Http:
    """Every request received; `fail` statuses are answered first (one per request), then 201."""

    server: ThreadingHTTPServer
    hits: list[Hit] = field(default_factory=list)
    fail: list[int] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def on(self, path: str) -> list[Hit]:
        return [h for h in self.hits if h.path == path]


def http_receiver() -> Http:
    box: dict[str, Http] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            size = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(size)
            rec = box["http"]
            headers = {k.lower(): v for k, v in self.headers.items()}
            rec.hits.append(Hit(self.path, headers, body, time.time()))
            status = rec.fail.pop(0) if rec.fail else 201
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *_args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    box["http"] = Http(server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return box["http"]


class Mailbox:
    def __init__(self) -> None:
        self.messages: list[bytes] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd
        self.messages.append(bytes(envelope.content))
        return "250 OK"


def smtp_receiver() -> tuple[Controller, Mailbox]:
    box = Mailbox()
    ctl = Controller(box, hostname="127.0.0.1", port=free_port())
    ctl.start()
    return ctl, box


@dataclass
class PushSubscription:
    """A browser's subscription, made here: its keys decrypt the messages pushed to it."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey
    auth: bytes

    @staticmethod
    def make(endpoint: str) -> PushSubscription:
        return PushSubscription(endpoint, ec.generate_private_key(ec.SECP256R1()), os.urandom(16))

    def json(self) -> dict[str, Any]:
        pub = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                 serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64u(pub), "auth": b64u(self.auth)}}

    def decrypt(self, body: bytes) -> bytes:
        out: bytes = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        return out
