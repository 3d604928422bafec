"""How long a bot takes to answer at a table with a person, through a real server (not a test).

Starts `spacetable serve` (SQLite in a temporary folder, the default --bot-pause of 0.6 s between bot
moves while a person is seated), creates GAMES tables of 3 seats (a person and two of the game's
default bot, `GameSpec.default_bot`) and plays the person's decisions at once with the first legal action.
A bot's answer time is measured on the person's WebSocket: from the push that hands a bot the decision
to the push of its answer, less the bot pause. With --load, `benchmarks/load_server.py` runs beside it
with its normal load (100 games, 200 clients, one action per client every 2 s) for the same time, on
its own server. Prints p50/p95/max and the machine's load.

    .venv/bin/python benchmarks/bot_at_table.py [--game moonrakers] [--games 3] [--duration 60] [--load]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

from spacetable.sim.setup import load_game

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def quantile(xs: list[float], f: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(f * len(xs)))] if xs else 0.0


async def play(base: str, game: str, bot: str, seed: int, end: float, pause: float,
               gaps: list[float]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post("/api/games", json={"game": game, "players": 3, "seed": seed,
                                               "seats": ["human", bot, bot]})
        g = r.json()
        token = g["seats"][0]["token"]
        url = base.replace("http", "ws") + f"/ws/games/{g['id']}"
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"token": token}))
            since: float | None = None
            while time.monotonic() < end:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, end - time.monotonic()))
                except TimeoutError:
                    break
                msg = json.loads(raw)
                if msg.get("type") != "view":
                    continue
                now = time.monotonic()
                if since is not None:
                    gaps.append(max(0.0, now - since - pause))
                since = None
                if msg["terminal"]:
                    break
                p = msg["current_player"]
                if p is not None and p != 0:
                    since = now  # a bot decides now
                elif msg["legal_actions"]:
                    await http.post(f"/api/games/{g['id']}/actions",
                                    headers={"Authorization": f"Bearer {token}"},
                                    json={"action": msg["legal_actions"][0]["text"],
                                          "version": msg["version"]})


async def main_async(args: argparse.Namespace, base: str) -> list[float]:
    gaps: list[float] = []
    end = time.monotonic() + args.duration
    bot = load_game(args.game).default_bot
    await asyncio.gather(*(play(base, args.game, bot, 900 + i, end, args.bot_pause, gaps)
                           for i in range(args.games)))
    return gaps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="moonrakers", choices=["moonrakers", "spacelanes"])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--duration", type=float, default=60.0)
    ap.add_argument("--bot-pause", type=float, default=0.6)
    ap.add_argument("--load", action="store_true", help="run load_server.py's normal load beside it")
    args = ap.parse_args()
    folder = tempfile.mkdtemp()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "spacetable", "serve", "--port", str(port), "--db",
                               f"sqlite:///{folder}/b.db", "--bot-pause", str(args.bot_pause),
                               "--log-level", "warning"], cwd=ROOT)
    load = None
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(base + "/api/meta", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        if args.load:
            script = str(ROOT / "benchmarks" / "load_server.py")
            load = subprocess.Popen([sys.executable, script, "--game", args.game, "--duration",
                                     str(args.duration + 10)], cwd=ROOT, stdout=subprocess.DEVNULL)
            time.sleep(10)  # its warm-up
        before = os.getloadavg()[0]
        gaps = asyncio.run(main_async(args, base))
        after = os.getloadavg()[0]
    finally:
        server.terminate()
        server.wait(timeout=30)
        if load is not None:  # it stops its own server at the end of its run: let it finish
            try:
                load.wait(timeout=args.duration + 120)
            except subprocess.TimeoutExpired:
                load.send_signal(signal.SIGINT)
                load.wait(timeout=60)
    bot = load_game(args.game).default_bot
    where = " beside the load benchmark" if args.load else ""
    print(f"{args.game} {bot} at {args.games} tables with a person{where}: {len(gaps)} answers, "
          f"p50 {quantile(gaps, 0.5):.2f} s, p95 {quantile(gaps, 0.95):.2f} s, "
          f"max {max(gaps, default=0):.2f} s "
          f"(bot pause {args.bot_pause} s not counted); load {before:.1f} → {after:.1f}")


if __name__ == "__main__":
    main()
