"""kill -9 in the middle of a live game with bots: restarted, every view identical, the game goes on."""

from __future__ import annotations

import signal
import time

import httpx
from sqlalchemy import select

from spacetable.server.db import GameRow
from spacetable.server.store import make_engine
from tests.server.server_helpers import auth, create, free_port, serve_process, view


def test_sigkill_and_restart(sqlite_url: str) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve_process(sqlite_url, port) as proc, httpx.Client(base_url=base, timeout=10) as c:
        human = create(c, ["human", "greedy", "random"], seed=41, expansions=["binding-ties"])
        tok = human["seats"][0]["token"]
        acked: list[int] = []
        for i in range(15):  # the person plays; the bots answer in between
            deadline = time.monotonic() + 20
            v = view(c, human, tok)
            while not v["legal_actions"] and not v["terminal"] and time.monotonic() < deadline:
                time.sleep(0.01)
                v = view(c, human, tok)
            assert v["legal_actions"], v["decision"]
            r = c.post(f"/api/games/{human['id']}/actions", headers=auth(tok),
                       json={"action": v["legal_actions"][i % len(v["legal_actions"])]["text"],
                             "version": v["version"]})
            assert r.status_code == 200
            acked.append(r.json()["version"])
        bots = create(c, ["greedy", "random", "greedy", "random", "greedy"], seed=42)
        proc.send_signal(signal.SIGKILL)  # the all-bot game (no pauses) has just begun
        proc.wait(10)
    engine = make_engine(sqlite_url)
    with engine.connect() as conn:
        row = conn.execute(select(GameRow.version, GameRow.status).where(GameRow.id == bots["id"])).one()
    engine.dispose()
    bot_version, bot_status = row
    assert bot_status == "running", "the bot game should have been killed mid-game"
    port2 = free_port()
    base2 = f"http://127.0.0.1:{port2}"
    with serve_process(sqlite_url, port2), httpx.Client(base_url=base2, timeout=10) as c:
        again = view(c, human, tok)
        assert again["version"] >= acked[-1]  # nothing acknowledged was lost
        spectator = view(c, human, human["spectator"])
        assert spectator["version"] == again["version"]
        # the bot-only game resumed by itself and finishes
        deadline = time.monotonic() + 60
        b = view(c, bots, bots["spectator"])
        while not b["terminal"] and time.monotonic() < deadline:
            time.sleep(0.1)
            b = view(c, bots, bots["spectator"])
        assert b["terminal"] and b["version"] > bot_version and b["winners"]
        # the person's game continues
        while not again["legal_actions"] and time.monotonic() < deadline:
            time.sleep(0.02)
            again = view(c, human, tok)
        r = c.post(f"/api/games/{human['id']}/actions", headers=auth(tok),
                   json={"action": again["legal_actions"][0]["text"], "version": again["version"]})
        assert r.status_code == 200 and r.json()["version"] > again["version"]


def test_views_identical_after_restart(sqlite_url: str) -> None:
    """A quiet game (a person to move) reads the same before the kill and after the restart."""
    port = free_port()
    with serve_process(sqlite_url, port) as proc, httpx.Client(base_url=f"http://127.0.0.1:{port}") as c:
        g = create(c, ["human", "greedy", "human"], seed=43, expansions=["binding-ties"])
        tokens = [s["token"] for s in g["seats"]] + [g["spectator"]]
        deadline = time.monotonic() + 20
        while not any(view(c, g, t)["legal_actions"] for t in tokens[:2]) and time.monotonic() < deadline:
            time.sleep(0.02)
        before = {t: view(c, g, t) for t in tokens}
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    port2 = free_port()
    with serve_process(sqlite_url, port2), httpx.Client(base_url=f"http://127.0.0.1:{port2}") as c:
        for t, v in before.items():
            after = view(c, g, t)
            v.pop("seats")
            after.pop("seats")
            assert after == v
