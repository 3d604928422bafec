"""Attacks on a real `spacetable serve` process (uvicorn, sockets, signals): the largest bots the
server allows in eight games, a spectator that stops reading, half-sent requests and a flood of
connections from one address; restarts and SIGTERM (docs/server.md, "Limits")."""

from __future__ import annotations

import json
import os
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.server_helpers import auth, create, free_port, serve_process, view, wait_for, wait_up

HEAVY = ["mcts:2s", "mcts:2s"]
"""The largest bots the server allows by default (2 s per decision)."""


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux /proc): the server's bot workers."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _gone(pids: list[int], within: float) -> bool:
    end = time.monotonic() + within
    while time.monotonic() < end:
        if not any(Path(f"/proc/{p}").exists() and "Z" not in Path(f"/proc/{p}/stat").read_text().split()[2]
                   for p in pids):
            return True
        time.sleep(0.1)
    return False


def _listening(port: int, proc: subprocess.Popen[bytes], started: float, timeout: float = 60) -> float:
    """Seconds from `started` until the server accepts connections on `port`."""
    while time.monotonic() - started < timeout and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return time.monotonic() - started
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"the server never listened (exit code {proc.poll()})")


def _timed(fn: Any) -> tuple[float, Any]:
    t = time.monotonic()
    out = fn()
    return time.monotonic() - t, out


def test_eight_games_of_the_largest_bots_leave_the_server_answering(sqlite_url: str) -> None:
    """Eight games of mcts:2s bots: a person's action answers in < 1 s, advice and replays answer;
    mcts:600s is refused naming the cap; after kill -9 the restarted server listens within 10 s
    (their bots resume after it listens), and SIGTERM stops it within 5 s, workers included."""
    port = free_port()
    with serve_process(sqlite_url, port) as proc, httpx.Client(base_url=f"http://127.0.0.1:{port}",
                                                                 timeout=30) as c:
        done = create(c, ["random", "random"], seed=5)  # a finished game to replay
        wait_for(c, done, done["spectator"], lambda v: v["terminal"], timeout=60)
        r = c.post("/api/games", json={"game": "spacelanes", "players": 2, "seats": ["mcts:600s"] * 2})
        assert r.status_code == 400 and "at most 2 s (mcts:2s)" in r.json()["error"]
        heavy = [create(c, HEAVY, seed=100 + i, game="spacelanes") for i in range(8)]
        person = create(c, ["human", "random"], seed=9, game="spacelanes")
        pair = create(c, ["human", "human"], seed=10)
        time.sleep(1.0)  # every worker busy searching
        answers: list[float] = []
        end = time.monotonic() + 12
        while time.monotonic() < end:
            for g in (person, pair):
                for s in g["seats"]:
                    v = view(c, g, s["token"])
                    if v["legal_actions"]:
                        took, r = _timed(lambda g=g, s=s, v=v: c.post(
                            f"/api/games/{g['id']}/actions", headers=auth(s["token"]),
                            json={"action": v["legal_actions"][-1]["text"], "version": v["version"]}))
                        assert r.status_code == 200, r.text
                        answers.append(took)
            took, r = _timed(lambda: c.get(f"/api/games/{person['id']}/advice",
                                           headers=auth(person["seats"][0]["token"])))
            assert r.status_code == 200 and r.json()["lines"], r.text
            answers.append(took)
            took, r = _timed(lambda: c.get(f"/api/games/{done['id']}/replay/10",
                                           headers=auth(done["spectator"])))
            assert r.status_code == 200 and r.json()["replay"]["last"] > 10
            answers.append(took)
            time.sleep(0.05)
        print(f"\n{len(answers)} answers beside 8 mcts:2s games: max {max(answers):.3f} s, "
              f"median {sorted(answers)[len(answers) // 2]:.3f} s")
        assert len(answers) > 20 and max(answers) < 1.0, answers
        moved = [view(c, g, g["spectator"])["version"] for g in heavy]
        assert sum(v > 0 for v in moved) >= 4, moved  # the heavy games take their turns meanwhile
        workers = _children(proc.pid)
        assert workers, "the bots think in worker processes"
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert _gone(workers, 5), "the workers die with the server"
    with tempfile.TemporaryFile() as err:
        started = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "spacetable", "serve", "--port", str(port), "--db",
                                 sqlite_url, "--bot-pause", "0", "--log-level", "warning"],
                                stdout=subprocess.DEVNULL, stderr=err)
        try:
            listening = _listening(port, proc, started)
            wait_up(port, proc, err, timeout=60)
            answering = time.monotonic() - started
            print(f"restart with 8 heavy games: listening after {listening:.1f} s, answering after "
                  f"{answering:.1f} s (load {os.getloadavg()[0]:.1f})")
            assert listening < 10, f"listening only after {listening:.1f} s (load {os.getloadavg()[0]:.1f})"
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as c:  # their bots resume
                before = [view(c, g, g["spectator"])["version"] for g in heavy]
                end = time.monotonic() + 40
                while [view(c, g, g["spectator"])["version"] for g in heavy] == before:
                    assert time.monotonic() < end, "the stored games' bots did not resume"
                    time.sleep(0.2)
            workers = _children(proc.pid)
            proc.send_signal(signal.SIGTERM)
            took, _ = _timed(lambda: proc.wait(10))
            print(f"SIGTERM while the bots search: stopped in {took:.1f} s")
            assert took < 5.0
            assert _gone(workers, 2)
        except BaseException:
            err.seek(0)  # what the restarted server said, beside the failure
            print("restarted server's log:\n" + err.read().decode(errors="replace")[-4000:])
            raise
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)


def _tcp_state(sock: socket.socket) -> int:
    """The kernel's TCP state of a socket (Linux TCP_INFO): 1 established, 7 closed (reset), 8 the
    peer closed."""
    return int(struct.unpack("B", sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)[:1])[0])


def _open(url: str, token: str, first: dict[str, Any] | None = None, small: bool = False) -> ClientConnection:
    """A WebSocket client; `small`: a tiny receive buffer and a one-message queue, so that once the
    test stops calling recv() the client stops reading from the socket altogether."""
    sock = socket.socket()
    if small:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    host, port = url.split("//")[1].split("/")[0].split(":")
    sock.connect((host, int(port)))
    ws = connect(url, sock=sock, max_queue=1 if small else 16, compression=None, max_size=2**24,
                 open_timeout=10, ping_interval=None)
    ws.send(json.dumps({"token": token, **(first or {})}))
    return ws


def _take(ws: ClientConnection, log: list[dict[str, Any]], timeout: float) -> dict[str, Any] | None:
    """The next view (its log lines merged into `log`), None when the connection is closed."""
    try:
        msg = json.loads(ws.recv(timeout=timeout))
    except (ConnectionClosed, TimeoutError, OSError):
        return None
    if msg.get("type") != "view":
        return msg
    del log[msg["log_start"]:]
    log.extend(msg["log"])
    return dict(msg)


def test_a_spectator_that_stops_reading_is_closed_then_resumes_every_line_once(sqlite_url: str) -> None:
    """A spectator that stops reading is closed within 30 s (its queue full, or its socket stalled:
    the close happens either way); reconnecting with log_from, it gets every log line exactly once."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    url = f"ws://127.0.0.1:{port}"
    with serve_process(sqlite_url, port, bot_pause=0.001) as _, httpx.Client(base_url=base, timeout=30) as c:
        g = create(c, ["human", "random", "random", "random"], seed=8, game="spacelanes")
        me = g["seats"][0]["token"]
        ws = _open(f"{url}/ws/games/{g['id']}", g["spectator"], small=True)
        log: list[dict[str, Any]] = []
        last = _take(ws, log, 10)
        assert last is not None and last["type"] == "view"
        version = last["version"]
        stopped = time.monotonic()  # from here on the client reads nothing
        closed_at = None
        while time.monotonic() - stopped < 60 and closed_at is None:
            v = view(c, g, me)
            if v["terminal"]:
                break
            if v["legal_actions"]:
                c.post(f"/api/games/{g['id']}/actions", headers=auth(me),
                       json={"action": v["legal_actions"][0]["text"], "version": v["version"]})
            if _tcp_state(ws.socket) != 1:
                closed_at = time.monotonic() - stopped
        assert closed_at is not None, "the server never closed the stalled socket"
        print(f"\nstalled spectator closed {closed_at:.1f} s after it stopped reading")
        assert closed_at < 30
        while True:  # what had arrived before the close
            got = _take(ws, log, 2)
            if got is None:
                break
            if got.get("type") == "view":
                version = got["version"]
        ws.close()
        resumed = _open(f"{url}/ws/games/{g['id']}", g["spectator"],
                        {"log_from": len(log), "version": version})
        first = _take(resumed, log, 10)
        assert first is not None and first["log_start"] == len(log) - len(first["log"])
        seen = first.get("version")
        for _ in range(40):  # play on a little while the spectator reads
            v = view(c, g, me)
            if v["terminal"]:
                break
            if v["legal_actions"]:
                c.post(f"/api/games/{g['id']}/actions", headers=auth(me),
                       json={"action": v["legal_actions"][0]["text"], "version": v["version"]})
            while (got := _take(resumed, log, 0.05)) is not None:
                seen = got.get("version", seen)
        # the person stops: the bots play up to their next decision, then all is quiet
        while (got := _take(resumed, log, 3)) is not None:
            seen = got.get("version", seen)
        resumed.close()
        now = view(c, g, g["spectator"])
        assert seen == now["version"]
        assert log == now["log"]  # every line, each exactly once, in order
        assert [line["n"] for line in log] == sorted(line["n"] for line in log)


def test_half_sent_requests_are_closed_and_one_address_cannot_take_every_connection(sqlite_url: str) -> None:
    """100 connections from one address that send half a request (header or body) are closed within
    15 s; the 101st from that address is accepted and closed at once, while another address is
    served throughout."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve_process(sqlite_url, port, args=["--max-connections-per-client", "100"]) as _:
        # other clients come from 127.0.0.2 (all of 127/8 is this machine)
        other = httpx.Client(base_url=base, timeout=5,
                             transport=httpx.HTTPTransport(local_address="127.0.0.2"))
        socks = []
        opened = time.monotonic()
        for i in range(100):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            if i % 2:  # a header that never ends
                s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
            else:  # a whole header, then a body that never ends
                s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          b"Content-Length: 500\r\n\r\n{\"game\": ")
            socks.append(s)
        time.sleep(0.3)
        try:  # refused: closed at once, or reset (which a loaded machine may deliver while connecting)
            extra = socket.create_connection(("127.0.0.1", port), timeout=5)
            try:
                extra.sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")
                refused = extra.recv(100) == b""
            finally:
                extra.close()
        except (ConnectionResetError, BrokenPipeError):
            refused = True
        assert refused, "the 101st connection from one address was served"
        assert other.get("/api/meta").status_code == 200  # another address is served meanwhile
        closed = 0
        for s in socks:
            s.settimeout(max(0.1, opened + 15 - time.monotonic()))
            try:
                while s.recv(4096):
                    pass
                closed += 1
            except ConnectionResetError:
                closed += 1
            except TimeoutError:
                pass
            s.close()
        took = time.monotonic() - opened
        print(f"\n{closed} of 100 half-sent requests closed by the server within {took:.1f} s")
        assert closed == 100 and took < 15.5
        assert other.get("/api/meta").status_code == 200
        with httpx.Client(base_url=base, timeout=5) as again:  # the address has its connections back
            assert again.get("/api/meta").status_code == 200
        other.close()
