"""Helpers of the server tests: a client for a fresh app, games, views and playing a seat."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import IO, Any

import httpx
from fastapi.testclient import TestClient

from spacetable.server.app import create_app
from spacetable.server.config import ServerConfig


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def client(db_url: str, bot_pause: float = 0.0, **settings: Any) -> Iterator[TestClient]:
    """A TestClient for a new app on `db_url` (lifespan: migrations, loading games, bots); `settings`
    are other `ServerConfig` fields (e.g. handoff_after)."""
    with TestClient(create_app(ServerConfig(db_url=db_url, bot_pause=bot_pause, **settings))) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(c: TestClient | httpx.Client, seats: list[str], seed: int = 1, **extra: Any) -> dict[str, Any]:
    body = {"game": "moonrakers", "players": len(seats), "seats": seats, "seed": seed, **extra}
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def view(c: TestClient | httpx.Client, game: dict[str, Any], token: str) -> dict[str, Any]:
    r = c.get(f"/api/games/{game['id']}/view", headers=auth(token))
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def wait_for(c: TestClient | httpx.Client, game: dict[str, Any], token: str, pred: Any,
             timeout: float = 20.0) -> dict[str, Any]:
    """Poll the view of `token` until `pred(view)` holds."""
    end = time.monotonic() + timeout
    while True:
        v = view(c, game, token)
        if pred(v):
            return v
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting; last view version {v['version']}: {v['decision']}")
        time.sleep(0.01)


def until(pred: Any, timeout: float = 15.0, what: str = "") -> Any:
    """Poll `pred()` until it gives something true (returned), or fail after `timeout` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError(f"timed out: {what}")


def my_turn_or_over(v: dict[str, Any]) -> bool:
    return bool(v["legal_actions"]) or bool(v["terminal"])


def play_step(c: TestClient | httpx.Client, game: dict[str, Any], tokens: list[str], pick: int = 0,
              timeout: float = 20.0) -> dict[str, Any] | None:
    """Wait until one of `tokens` must decide, make its `pick`-th legal action (mod the count)."""
    end = time.monotonic() + timeout
    while True:
        for tok in tokens:
            v = view(c, game, tok)
            if v["terminal"]:
                return None
            if v["legal_actions"]:
                choice = v["legal_actions"][pick % len(v["legal_actions"])]["text"]
                r = c.post(f"/api/games/{game['id']}/actions", headers=auth(tok),
                           json={"action": choice, "version": v["version"]})
                assert r.status_code == 200, r.text
                out: dict[str, Any] = r.json()
                return out
        if time.monotonic() > end:
            raise AssertionError("nobody of the given tokens got a decision")
        time.sleep(0.01)


@contextlib.contextmanager
def serve_process(db_url: str, port: int, bot_pause: float = 0.0, env: dict[str, str] | None = None,
                  args: list[str] | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """`spacetable serve` in a subprocess on loopback; waits until it answers; kills it at the end.

    Its stderr goes to a temporary file (never a pipe nobody reads, which would block the server);
    `env` adds environment variables (e.g. SPACETABLE_LEASE_SECONDS), `args` more flags."""
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "spacetable", "serve", "--port", str(port), "--db", db_url,
             "--bot-pause", str(bot_pause), "--log-level", "warning", *(args or [])],
            stdout=subprocess.DEVNULL, stderr=err, env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
        try:
            wait_up(port, proc, err)
            yield proc
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
            proc.wait(10)


def wait_up(port: int, proc: subprocess.Popen[bytes], err: IO[bytes] | None = None,
            timeout: float = 90.0) -> None:
    """Until the server answers /api/meta (returns at once then: the limit only matters on a machine
    loaded by other jobs, where importing and migrating can take tens of seconds)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            text = ""
            if err is not None:
                err.seek(0)
                text = err.read().decode(errors="replace")
            raise AssertionError(f"server exited with {proc.returncode}: {text[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    text = ""
    if err is not None:
        err.seek(0)
        text = err.read().decode(errors="replace")[-2000:]
    raise AssertionError(f"server did not answer within {timeout:.0f} s: {text}")
