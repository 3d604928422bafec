"""Load benchmark of the web server (not a test): live games with bots and WebSocket clients.

Starts `spacetable serve` on a free loopback port with a temporary SQLite database (or --db URL),
creates GAMES Moonrakers games of 3 seats (2 humans + a random or greedy bot), connects one
WebSocket client per human seat, and lets every client act at most once every PERIOD seconds when
it has a decision. Round trip = from sending the POST of an action to the arrival, on the acting
client's own WebSocket, of the pushed view carrying the new version. Prints p50/p90/p99.

    .venv/bin/python benchmarks/load_server.py [--games 100] [--period 2] [--duration 60]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Client:
    """One human seat: its WebSocket, the arrival time of every version it was pushed."""

    def __init__(self, base: str, game: str, token: str, seat: int) -> None:
        self.base, self.game, self.token, self.seat = base, game, token, seat
        self.arrivals: dict[int, float] = {}
        self.latest: dict[str, Any] | None = None
        self.changed = asyncio.Event()

    async def listen(self, ws: Any) -> None:
        async for text in ws:
            msg = json.loads(text)
            if msg.get("type") != "view":
                continue
            self.arrivals.setdefault(msg["version"], time.perf_counter())
            if self.latest is None or msg["version"] >= self.latest["version"]:
                self.latest = msg
            self.changed.set()


async def run_client(c: Client, http: httpx.AsyncClient, period: float, end: float, rtts: list[float],
                     errors: list[str], rng: random.Random) -> None:
    url = c.base.replace("http", "ws") + f"/ws/games/{c.game}"
    async with websockets.connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"token": c.token}))
        listener = asyncio.create_task(c.listen(ws))
        await asyncio.sleep(rng.random() * period)
        last = 0.0
        try:
            while time.perf_counter() < end:
                v = c.latest
                if v is None or not v["legal_actions"]:
                    if v is not None and v["terminal"]:
                        return
                    c.changed.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(c.changed.wait(), max(0.01, end - time.perf_counter()))
                    continue
                wait = last + period - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
                    continue
                last = time.perf_counter()
                action = rng.choice(v["legal_actions"])["text"]
                t0 = time.perf_counter()
                r = await http.post(f"/api/games/{c.game}/actions",
                                    headers={"Authorization": f"Bearer {c.token}"},
                                    json={"action": action, "version": v["version"]})
                if r.status_code == 409:
                    continue  # a bot or the other person moved first
                if r.status_code != 200:
                    errors.append(f"{r.status_code} {r.text[:200]}")
                    continue
                new = r.json()["version"]
                deadline = time.perf_counter() + 5
                while time.perf_counter() < deadline:
                    got = [t for ver, t in c.arrivals.items() if ver >= new]
                    if got:
                        rtts.append(min(got) - t0)
                        break
                    c.changed.clear()
                    with_timeout = max(0.001, deadline - time.perf_counter())
                    try:
                        await asyncio.wait_for(c.changed.wait(), with_timeout)
                    except TimeoutError:
                        break
                else:
                    errors.append("no push within 5 s")
        finally:
            listener.cancel()


async def main_async(args: argparse.Namespace, base: str) -> None:
    rng = random.Random(args.seed)
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        clients: list[Client] = []
        for i in range(args.games):
            bot = "greedy" if i % 2 else "random"
            r = await http.post("/api/games", json={"game": "moonrakers", "players": 3,
                                                    "seats": ["human", bot, "human"], "seed": i})
            r.raise_for_status()
            g = r.json()
            clients += [Client(base, g["id"], s["token"], s["seat"]) for s in g["seats"]]
        print(f"{args.games} games, {len(clients)} WebSocket clients; running {args.duration:g} s")
        rtts: list[float] = []
        errors: list[str] = []
        end = time.perf_counter() + args.duration
        await asyncio.gather(*(run_client(c, http, args.period, end, rtts, errors, rng) for c in clients))
    if not rtts:
        print("no round trips measured", errors[:5])
        return
    rtts.sort()
    ms = [x * 1000 for x in rtts]

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(p * len(ms)))]

    print(f"round trips: {len(ms)} ({len(ms) / args.duration:.1f}/s), errors: {len(errors)}")
    print(f"p50 {pct(0.50):.1f} ms   p90 {pct(0.90):.1f} ms   p99 {pct(0.99):.1f} ms   "
          f"max {ms[-1]:.1f} ms   mean {statistics.fmean(ms):.1f} ms   (target p99 < 100 ms)")
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} CPUs, load average {load:.1f} (other work skews the tail)")
    for e in errors[:5]:
        print("error:", e)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--period", type=float, default=2.0, help="seconds between a client's actions")
    ap.add_argument("--duration", type=float, default=60.0)
    ap.add_argument("--bot-pause", type=float, default=0.6)
    ap.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory(prefix="spacetable-load-")
    db = args.db or f"sqlite:///{Path(tmp.name) / 'load.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "spacetable", "serve", "--port", str(port), "--db", db,
                               "--bot-pause", str(args.bot_pause), "--log-level", "warning"],
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        for _ in range(300):
            try:
                if httpx.get(base + "/api/meta", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        asyncio.run(main_async(args, base))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        tmp.cleanup()


if __name__ == "__main__":
    main()
