"""Load benchmark of the web server (not a test): live games with bots and WebSocket clients.

Starts `spacetable serve` on a free loopback port with a temporary SQLite database (or --db URL),
creates GAMES games of 3 seats (2 humans + a random or greedy bot) of --game (moonrakers or
spacelanes), connects one WebSocket client per human seat, and lets every client act at most once
every PERIOD seconds when it has a decision. Round trip = from sending the POST of an action to the
arrival, on the acting client's own WebSocket, of the pushed view carrying the new version. Prints
p50/p90/p99, the machine's load, the servers' CPU per record written, and how late this client's own
event loop ran (a starved client stamps arrivals late: then the tail is the machine's).

With --processes 2 two servers share one PostgreSQL database (--db URL, or --pg: a temporary
cluster started with the Debian binaries); games and clients are spread over both, the two seats
of a game on different processes, and with --cross every client POSTs through the other process
than its WebSocket's, so every measured round trip crosses processes (NOTIFY, catch-up, push).
With --pg-async-commit the temporary cluster runs with ``synchronous_commit=off`` (commits do not
wait for the disk's fsync: the durability class of the SQLite default), to tell a slow disk from
the server. With --profile PREFIX each server is sampled by py-spy (when it is on the PATH: not a
dependency) while the load runs, holding the GIL (``--gil``: Python's own time; zlib and the
database drivers release it), into PREFIX.<process>.txt as collapsed stacks (one line per stack
and its count). With --trace FILE every round trip is written as a JSON line (when it started,
how long it took, the game, the process POSTed to), to tell a stall of a whole process (slow round
trips bunched in time) from slow games. The first --warmup seconds (5) are played but not
measured: all 200 clients connect in the same instant and fetch their first views, a burst that
no real server sees and that held 84 of the 85 round trips over 100 ms of a 40 s run.

With --heavy N, N more games of two searching bots (--heavy-bot, default mcts:2s, the largest the
server allows) play throughout, bots only: the round trips then show whether the bots' search slows
the request path (it runs in worker processes, whose CPU is reported apart from the server's).
--server-path DIR runs the server from another source tree (e.g. a `git archive` of an older
commit) for A/B runs. The servers are started with their per-address limits raised above what
this one client opens (200 sockets, 100 games from one address).

    .venv/bin/python benchmarks/load_server.py [--game spacelanes] [--games 100] [--period 2]
        [--duration 60] [--warmup 5] [--processes 2 --pg [--pg-async-commit] [--cross]]
        [--profile PREFIX] [--trace FILE] [--heavy 8 [--heavy-bot mcts:2s]] [--server-path DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import glob
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
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

    def __init__(self, base: str, game: str, token: str, seat: int, post_base: str | None = None) -> None:
        self.base, self.game, self.token, self.seat = base, game, token, seat
        self.post_base = post_base or base
        """Where this client POSTs its actions (another process than its socket's with --cross)."""
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


async def post_action(http: httpx.AsyncClient, c: Client, action: str, version: int) -> httpx.Response:
    """POST an action; once more if a kept-alive connection was closed under it (a 409 then says
    whether the first one arrived)."""
    for attempt in (0, 1):
        try:
            return await http.post(f"/api/games/{c.game}/actions",
                                   headers={"Authorization": f"Bearer {c.token}"},
                                   json={"action": action, "version": version})
        except (httpx.ReadError, httpx.RemoteProtocolError):
            if attempt:
                raise
    raise AssertionError("unreachable")


async def run_client(c: Client, https: dict[str, httpx.AsyncClient], period: float, end: float,
                     rtts: list[float], errors: list[str], rng: random.Random,
                     trace: list[tuple[float, float, str, str]] | None = None,
                     measure_from: float = 0.0) -> None:
    http = https[c.post_base]
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
                try:
                    r = await post_action(http, c, action, v["version"])
                except httpx.HTTPError as e:
                    errors.append(f"POST failed: {e!r}")
                    continue
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
                        if t0 >= measure_from:  # the warm-up's round trips are not counted
                            rtts.append(min(got) - t0)
                        if trace is not None:
                            trace.append((t0, min(got) - t0, c.game, c.post_base))
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


async def loop_lag(lags: list[float], start: float, end: float, tick: float = 0.01) -> None:
    """How late this client's own event loop wakes up from a `tick` sleep, from `start` until `end`:
    a late loop stamps pushes late, so a tail here is the client's, not the server's."""
    await asyncio.sleep(max(0.0, start - time.perf_counter()))
    while time.perf_counter() < end:
        t = time.perf_counter()
        await asyncio.sleep(tick)
        lags.append(time.perf_counter() - t - tick)


def cpu_seconds(pids: list[int]) -> float | None:
    """User + system CPU time of the server processes (Linux /proc; None elsewhere): the work the
    load cost them, whatever else the machine was doing."""
    total = 0.0
    try:
        tick = os.sysconf("SC_CLK_TCK")
        for pid in pids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
    except (OSError, ValueError, IndexError):
        return None
    return total


def children(pids: list[int]) -> list[int]:
    """The child processes of the servers (their bot workers)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) in pids:
                out.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return out


def worker_cpu(pids: list[int]) -> float:
    """CPU time of the servers' children that are still running (finished ones: 0)."""
    total = 0.0
    for pid in children(pids):
        total += cpu_seconds([pid]) or 0.0
    return total


def start_profilers(prefix: str | None, pids: list[int], duration: float) -> list[subprocess.Popen[bytes]]:
    """py-spy on every server for `duration` seconds (none without --profile or without py-spy)."""
    spy = shutil.which("py-spy") if prefix else None
    if prefix and spy is None:
        print("--profile: py-spy is not on the PATH (pip install py-spy); not profiling")
    if spy is None:
        return []
    return [subprocess.Popen([spy, "record", "--pid", str(pid), "--duration", str(max(1, int(duration))),
                              "--rate", "100", "--gil", "--nonblocking", "--format", "raw",
                              "-o", f"{prefix}.{i}.txt"], stdout=subprocess.DEVNULL)
            for i, pid in enumerate(pids)]


async def total_version(https: dict[str, httpx.AsyncClient], clients: list[Client]) -> int:
    """The sum of the games' versions (= records written), read through each game's first client."""
    first: dict[str, Client] = {}
    for c in clients:
        first.setdefault(c.game, c)
    total = 0
    for c in first.values():
        r = await https[c.base].get(f"/api/games/{c.game}/view",
                                    headers={"Authorization": f"Bearer {c.token}"})
        total += int(r.json()["version"]) if r.status_code == 200 else 0
    return total


async def main_async(args: argparse.Namespace, bases: list[str], pids: list[int]) -> None:
    rng = random.Random(args.seed)
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with contextlib.AsyncExitStack() as stack:
        https = {b: await stack.enter_async_context(httpx.AsyncClient(base_url=b, timeout=30, limits=limits))
                 for b in bases}
        clients: list[Client] = []
        for i in range(args.games):
            bot = "greedy" if i % 2 else "random"
            home = bases[i % len(bases)]
            r = await https[home].post("/api/games", json={"game": args.game, "players": 3,
                                                           "seats": ["human", bot, "human"], "seed": i})
            r.raise_for_status()
            g = r.json()
            for k, s in enumerate(g["seats"]):  # the two seats of a game on different processes
                sock = bases[(i + k) % len(bases)]
                post = bases[(i + k + 1) % len(bases)] if args.cross else sock
                clients.append(Client(sock, g["id"], s["token"], s["seat"], post))
        for i in range(args.heavy):  # bots only, searching at the server's cap, throughout the run
            r = await https[bases[i % len(bases)]].post("/api/games", json={
                "game": "spacelanes", "players": 2, "seats": [args.heavy_bot] * 2, "seed": 1000 + i})
            r.raise_for_status()
        print(f"{args.game}: {args.games} games, {len(clients)} WebSocket clients, {len(bases)} process(es)"
              f"{' (every POST through the other process)' if args.cross else ''}"
              f"{f', {args.heavy} games of {args.heavy_bot} bots' if args.heavy else ''}; "
              f"running {args.duration:g} s after a {args.warmup:g} s warm-up")
        rtts: list[float] = []
        errors: list[str] = []
        records0 = await total_version(https, clients)
        gc.collect()  # the client's own collector pauses would stamp late arrivals on its clients
        gc.freeze()
        gc.disable()  # and none during the run: parsed views are freed by reference counting anyway
        start = time.perf_counter()
        measure_from = start + args.warmup
        end = measure_from + args.duration
        lags: list[float] = []
        trace: list[tuple[float, float, str, str]] | None = [] if args.trace else None
        marks: dict[str, Any] = {}

        async def mark() -> None:
            """At the end of the warm-up: CPU so far, records so far (the versions pushed), profilers."""
            await asyncio.sleep(args.warmup)
            marks["cpu"], marks["own"] = cpu_seconds(pids), time.process_time()
            marks["workers"] = worker_cpu(pids)
            marks["profilers"] = start_profilers(args.profile, pids, args.duration)
            if args.warmup > 0:
                seen: dict[str, int] = {}
                for c in clients:
                    if c.latest is not None:
                        seen[c.game] = max(seen.get(c.game, 0), int(c.latest["version"]))
                marks["records"] = sum(seen.values())

        await asyncio.gather(loop_lag(lags, measure_from, end), mark(),
                             *(run_client(c, https, args.period, end, rtts, errors, rng, trace, measure_from)
                               for c in clients))
        cpu0, own0 = marks["cpu"], marks["own"]
        profilers = marks["profilers"]
        records0 = marks.get("records", records0)
        if trace is not None:
            with open(args.trace, "w", encoding="utf-8") as out:
                for t0, rtt, game, post in sorted(trace):
                    out.write(json.dumps({"t": round(t0 - start, 4), "ms": round(1000 * rtt, 2),
                                          "game": game, "post": post}) + "\n")
        cpu1 = cpu_seconds(pids)
        workers = worker_cpu(pids) - marks["workers"]
        own = time.process_time() - own0
        for prof in profilers:
            prof.wait()
        written = await total_version(https, clients) - records0
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
    lags.sort()
    if lags:
        late99 = lags[min(len(lags) - 1, int(0.99 * len(lags)))]
        print(f"load client's event loop late by p50 {1000 * lags[len(lags) // 2]:.1f} ms, "
              f"p99 {1000 * late99:.1f} ms, max {1000 * lags[-1]:.1f} ms")
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} CPUs, load average {load:.1f} (other work skews the tail)")
    if cpu0 is not None and cpu1 is not None:
        used = cpu1 - cpu0
        share = 100 * used / args.duration
        print(f"server CPU: {used:.1f} s in {args.duration:g} s ({share:.0f}% of one core), "
              f"{1000 * used / max(1, written):.1f} ms per record written ({written} records: "
              f"people's moves, bots' moves, dice); bot workers: {workers:.1f} s")
    print(f"load client CPU: {own:.1f} s ({100 * own / args.duration:.0f}% of one core: its own event loop "
          f"delays the arrivals it stamps when it is short of CPU)")
    for e in errors[:5]:
        print("error:", e)


def _pg_bin(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                                                   reverse=True)), None)
    if found is None:
        raise SystemExit(f"{name} not found: apt-get install postgresql")
    return found


@contextlib.contextmanager
def temporary_postgres(sync: bool = True) -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free port (as the postgres user when run as root); with
    `sync` False its commits do not wait for the WAL flush (``synchronous_commit=off``: the
    durability of the SQLite default, ``synchronous=NORMAL``, where a crash of the machine may
    lose the last commits), so that a slow shared disk's fsync does not stand in the results."""
    def as_pg(cmd: list[str]) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd

    root = Path(tempfile.mkdtemp(prefix="spacetable-load-pg-"))
    root.chmod(0o755)
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    data, port = root / "data", free_port()
    subprocess.run(as_pg([_pg_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"]),
                   check=True, capture_output=True)
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=300"
    if not sync:
        opts += " -c synchronous_commit=off"
    subprocess.run(as_pg([_pg_bin("pg_ctl"), "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w",
                          "start"]), check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(as_pg([_pg_bin("pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
                       capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="moonrakers", choices=["moonrakers", "spacelanes"])
    ap.add_argument("--processes", type=int, default=1, choices=[1, 2])
    ap.add_argument("--pg", action="store_true", help="start a temporary PostgreSQL cluster for --db")
    ap.add_argument("--cross", action="store_true", help="POST through another process than the socket's")
    ap.add_argument("--pg-async-commit", action="store_true",
                    help="--pg: synchronous_commit=off (commits do not wait for the disk's fsync)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--period", type=float, default=2.0, help="seconds between a client's actions")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds measured (after the warm-up)")
    ap.add_argument("--warmup", type=float, default=5.0,
                    help="seconds first played and not measured: every client connects at once and "
                         "gets its first view (a burst no real table sees); 0 measures it too")
    ap.add_argument("--bot-pause", type=float, default=0.6)
    ap.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--trace", default=None, metavar="FILE",
                    help="write every round trip (start s, ms, game, POST server) as JSON lines")
    ap.add_argument("--profile", default=None, metavar="PREFIX",
                    help="sample each server with py-spy into PREFIX.<process>.txt (collapsed stacks)")
    ap.add_argument("--heavy", type=int, default=0, help="more games of searching bots, bots only")
    ap.add_argument("--heavy-bot", default="mcts:2s", help="the bot of the --heavy games")
    ap.add_argument("--server-path", default=None, metavar="DIR",
                    help="run the server from this source tree (PYTHONPATH), e.g. an older commit's")
    args = ap.parse_args()
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="spacetable-load-"))
        db = stack.enter_context(temporary_postgres(not args.pg_async_commit)) if args.pg else args.db
        db = db or f"sqlite:///{Path(tmp) / 'load.db'}"
        if args.processes > 1 and not db.startswith("postgresql"):
            raise SystemExit("--processes 2 needs PostgreSQL: --db postgresql+psycopg://… or --pg")
        bases: list[str] = []
        pids: list[int] = []
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        command = server_command(args.server_path)
        flags = limit_flags(command, env)
        for _ in range(args.processes):
            port = free_port()
            server = subprocess.Popen([*command, "serve", "--port", str(port),
                                       "--db", db, "--bot-pause", str(args.bot_pause),
                                       "--log-level", "warning", *flags], env=env)
            stack.callback(_stop, server)
            pids.append(server.pid)
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    if httpx.get(base + "/api/meta", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            bases.append(base)
        asyncio.run(main_async(args, bases, pids))


def server_command(path: str | None) -> list[str]:
    """The command that runs `spacetable` (from the source tree `path`, when given: the editable
    install's import hook, which would take precedence over PYTHONPATH, is removed first)."""
    if path is None:
        return [sys.executable, "-m", "spacetable"]
    boot = ("import runpy, sys; "
            "sys.meta_path[:] = [f for f in sys.meta_path "
            "if '__editable__' not in getattr(f, '__module__', '')]; "
            f"sys.path.insert(0, {str(Path(path).resolve())!r}); sys.argv[0] = 'spacetable'; "
            "runpy.run_module('spacetable', run_name='__main__')")
    return [sys.executable, "-c", boot]


def limit_flags(command: list[str], env: dict[str, str]) -> list[str]:
    """This client opens 200 WebSockets and creates 100 games from one address: the limits the
    server takes (a server older than them takes none)."""
    help_text = subprocess.run([*command, "serve", "--help"], env={**env, "COLUMNS": "200"},
                               capture_output=True, text=True).stdout
    wanted = {"--max-connections-per-client": "100000", "--max-websockets-per-client": "100000",
              "--create-per-minute": "100000", "--create-burst": "100000"}
    return [x for flag, value in wanted.items() if flag in help_text for x in (flag, value)]


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
