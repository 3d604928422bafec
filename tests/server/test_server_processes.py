"""Two `spacetable serve` processes on one PostgreSQL database serve the same games.

An action applied through process A reaches a WebSocket client of process B (LISTEN/NOTIFY), and a
seat connected to B shows as connected to A's clients; two
presses of the same action at the same version, fired at the same moment through A and B, are
applied exactly once (the compare-and-set inside the database transaction) and the other gets 409;
the bots of a game are driven by the one process holding its lease, and the other takes over when
that process dies.
"""

from __future__ import annotations

import contextlib
import json
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
from sqlalchemy import func, select
from websockets.sync.client import connect

from spacetable.server.db import GameRow, LeaseRow, RecordRow
from spacetable.server.store import make_engine
from tests.server.server_helpers import auth, create, free_port, serve_process, until, view


@contextlib.contextmanager
def two_servers(url: str, bot_pause: float = 0.0) -> Iterator[tuple[Any, Any, httpx.Client, httpx.Client]]:
    """Two `spacetable serve` processes on `url`, with 1.5 s bot leases (sweeps every 0.75 s)."""
    pa, pb = free_port(), free_port()
    env = {"SPACETABLE_LEASE_SECONDS": "1.5"}
    with serve_process(url, pa, bot_pause, env) as a, serve_process(url, pb, bot_pause, env) as b, \
            httpx.Client(base_url=f"http://127.0.0.1:{pa}", timeout=10) as ca, \
            httpx.Client(base_url=f"http://127.0.0.1:{pb}", timeout=10) as cb:
        yield a, b, ca, cb


def _decider(c: httpx.Client, g: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    for s in g["seats"]:
        v = view(c, g, s["token"])
        if v["legal_actions"]:
            return s["token"], v
    raise AssertionError("nobody decides")


def test_action_through_a_reaches_a_socket_on_b_and_a_double_press_applies_once(pg_url: str) -> None:
    with two_servers(pg_url) as (_a, _b, ca, cb):
        g = create(ca, ["human", "human"], seed=21)
        t0 = g["seats"][0]["token"]
        with connect(f"ws://127.0.0.1:{cb.base_url.port}/ws/games/{g['id']}",
                     additional_headers=auth(t0)) as ws:
            first = json.loads(ws.recv(10))
            assert first["type"] == "view" and first["seat"] == 0
            tok, v = _decider(ca, g)
            r = ca.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                        json={"action": v["legal_actions"][0]["text"], "version": v["version"]})
            assert r.status_code == 200, r.text
            new = r.json()["version"]
            while True:  # B pushes the version applied by A (after NOTIFY and its catch-up)
                m = json.loads(ws.recv(10))
                if m["type"] == "view" and m["version"] >= new:
                    break
            assert m["version"] == new and m["log"]
            # seat 0 is connected to B: A's clients see it connected too (presence by NOTIFY)
            t1 = g["seats"][1]["token"]
            until(lambda: view(ca, g, t1)["seats"][0]["connected"], what="A sees seat 0 connected on B")
        until(lambda: not view(ca, g, t1)["seats"][0]["connected"], what="A sees seat 0 leave B")

        engine = make_engine(pg_url)
        presses = 0
        for _ in range(5):
            tok, v = _decider(ca, g)
            if not _double_press(ca, cb, g, tok, v, engine):
                break
            presses += 1
        engine.dispose()
        assert presses >= 3


def _double_press(ca: httpx.Client, cb: httpx.Client, g: dict[str, Any], tok: str, v: dict[str, Any],
                  engine: Any) -> bool:
    """Fire the same action at the same version through A and B at once: one 200, one 409; the
    database holds the winner's records only and both processes agree. False once the game is over."""
    until(lambda: view(cb, g, tok)["version"] == v["version"], what="B holds A's version")
    body = {"action": v["legal_actions"][-1]["text"], "version": v["version"]}
    barrier = threading.Barrier(2)
    results: dict[str, httpx.Response] = {}

    def press(name: str, c: httpx.Client) -> None:
        barrier.wait()
        results[name] = c.post(f"/api/games/{g['id']}/actions", headers=auth(tok), json=body)

    threads = [threading.Thread(target=press, args=(n, c)) for n, c in (("a", ca), ("b", cb))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    codes = sorted(r.status_code for r in results.values())
    assert codes == [200, 409], {n: (r.status_code, r.text[:200]) for n, r in results.items()}
    won = next(r for r in results.values() if r.status_code == 200).json()
    with engine.connect() as conn:
        stored = conn.execute(select(GameRow.version).where(GameRow.id == g["id"])).scalar_one()
        count = conn.execute(select(func.count()).select_from(RecordRow)
                             .where(RecordRow.game_id == g["id"])).scalar_one()
    assert stored == count == won["version"]  # applied once: the records are the winner's
    for c in (ca, cb):  # and both processes agree on the game
        until(lambda c=c: view(c, g, tok)["version"] == stored, what="both at the new version")
    return not won["terminal"]


def _lease(engine: Any, game_id: str) -> tuple[str, int] | None:
    with engine.connect() as conn:
        row = conn.execute(select(LeaseRow.owner, LeaseRow.expires_ms)
                           .where(LeaseRow.game_id == game_id)).first()
    return None if row is None else (row[0], row[1])


def test_bots_are_driven_by_the_lease_holder_and_taken_over_when_it_dies(pg_url: str) -> None:
    engine = make_engine(pg_url)
    with two_servers(pg_url, bot_pause=0.2) as (a, b, ca, cb):
        procs = {str(a.pid): (a, ca), str(b.pid): (b, cb)}
        g = create(ca, ["human", "greedy", "greedy", "greedy"], seed=5)
        tok = g["seats"][0]["token"]
        holder = None
        for step in range(400):  # the person plays through A and B in turn until a bot lease is held
            lease = _lease(engine, g["id"])
            if lease is not None:
                holder = lease[0].split(":")[1]
                assert holder in procs, lease
                break
            c = (ca, cb)[step % 2]
            v = view(c, g, tok)
            if v["legal_actions"]:
                c.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                       json={"action": v["legal_actions"][0]["text"], "version": v["version"]})
            time.sleep(0.02)
        assert holder is not None, "no process ever drove the bots"
        dead, _ = procs.pop(holder)
        survivor_pid, (_, cs) = next(iter(procs.items()))
        before = view(cs, g, tok)["version"]
        dead.send_signal(signal.SIGKILL)
        dead.wait(10)

        def moved_on() -> bool:  # the survivor takes the expired lease; the bots go on
            v = view(cs, g, tok)
            if v["legal_actions"]:
                cs.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                        json={"action": v["legal_actions"][0]["text"], "version": v["version"]})
            lease = _lease(engine, g["id"])
            return v["version"] > before + 3 and (lease is None or lease[0].split(":")[1] == survivor_pid)

        until(moved_on, timeout=30, what="the survivor drives the bots after the lease holder died")
    with engine.connect() as conn:  # records are contiguous: nothing applied twice, nothing lost
        ns = list(conn.scalars(select(RecordRow.n).where(RecordRow.game_id == g["id"]).order_by(RecordRow.n)))
        version = conn.execute(select(GameRow.version).where(GameRow.id == g["id"])).scalar_one()
    assert ns == list(range(version))
    engine.dispose()
