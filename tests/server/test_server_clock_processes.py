"""Clock deadlines on real server processes (docs/server.md, "Clocks"): a `kill -9` mid-clock and a
restart still fire the deadline once, without charging the time the server was down; two processes
on one PostgreSQL database fire each of 50 deadlines exactly once."""

from __future__ import annotations

import signal
import time
from typing import Any

import httpx
from sqlalchemy import select

from spacetable.server.db import ClockDeadline, ClockOutage, RecordRow
from spacetable.server.store import make_engine
from tests.server.server_helpers import create, free_port, serve_process, view


def _rows(db_url: str, query: Any) -> list[Any]:
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(query))
    finally:
        engine.dispose()


def _runs_and_timeouts(records: list[Any]) -> dict[int, int]:
    """Per run of time (the record number that opened it): the time-out records written for it."""
    out: dict[int, int] = {}
    run = None
    for n, kind, text in records:
        if kind == "clock" and text.startswith("run "):
            run = n
            out[run] = 0
        elif kind == "timeout":
            assert run is not None, f"a time-out at record {n} with no run open"
            out[run] += 1
    return out


def test_a_deadline_fires_once_after_kill_9_and_restart(sqlite_url: str) -> None:
    """A 2-second turn clock; the server is SIGKILLed half a second in and restarted after more than
    the whole clock: the deadline fires once, and only once the second and a half it had left has
    passed after the restart (the time it was down is not charged)."""
    port = free_port()
    with serve_process(sqlite_url, port) as proc, httpx.Client(base_url=f"http://127.0.0.1:{port}") as c:
        g = create(c, ["human", "human"], seed=5, clock={"kind": "turn", "seconds": 2})
        v = view(c, g, g["spectator"])
        assert v["clock_info"]["running"] is not None
        time.sleep(0.5)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    killed = time.time()
    time.sleep(3.0)  # longer than the whole clock: down, not charged
    port2 = free_port()
    with serve_process(sqlite_url, port2) as proc2, httpx.Client(base_url=f"http://127.0.0.1:{port2}") as c:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if view(c, g, g["spectator"])["clock_info"]["timeouts"]:
                break
            time.sleep(0.1)
        proc2.send_signal(signal.SIGKILL)
        proc2.wait(10)
    (start, end), = [(o.start_ms, o.end_ms) for o in _rows(sqlite_url, select(ClockOutage))]
    assert start / 1000 <= killed + 0.1 and end / 1000 >= killed + 2.9  # the outage, as the heartbeat saw it
    recs = [(r.n, r.kind, r.text, r.created_at) for r in _rows(sqlite_url, select(RecordRow).where(
        RecordRow.game_id == g["id"]).order_by(RecordRow.n))]
    runs = _runs_and_timeouts([r[:3] for r in recs])
    first = min(runs)
    assert runs[first] == 1, runs
    fired = [d for d in _rows(sqlite_url, select(ClockDeadline)) if d.run == first]
    assert len(fired) == 1 and fired[0].state == "fired"
    # it fired when the 1.5 s left after the restart had passed, not at once
    after = (fired[0].done_ms - end) / 1000
    print(f"\ndown {(end - start) / 1000:.1f} s; fired {after:.2f} s after the restart (1.5 s were left)")
    assert fired[0].done_ms >= end + 1_300, (fired[0].done_ms - end)


def test_two_processes_fire_fifty_deadlines_once_each(pg_url: str) -> None:
    """50 Highcard games with a 2-second turn clock, created through two `spacetable serve` processes
    on one PostgreSQL database: every deadline that came due fired exactly once (one time-out record
    per run, one `fired` row), whichever process claimed it."""
    ports = [free_port(), free_port()]
    env = {"SPACETABLE_LEASE_SECONDS": "1.5"}
    args = ["--create-burst", "50"]
    with serve_process(pg_url, ports[0], env=env, args=args) as a, \
            serve_process(pg_url, ports[1], env=env, args=args) as b:
        clients = [httpx.Client(base_url=f"http://127.0.0.1:{p}", timeout=20) for p in ports]
        try:
            games = [create(clients[i % 2], ["human", "human"], seed=i, game="highcard", players=2,
                            clock={"kind": "turn", "seconds": 2})["id"] for i in range(50)]
            end = time.monotonic() + 25
            while time.monotonic() < end:
                rows = _rows(pg_url, select(ClockDeadline.game_id).where(ClockDeadline.state == "fired"))
                if len({r.game_id for r in rows}) == len(games):
                    break
                time.sleep(0.25)
        finally:
            for c in clients:
                c.close()
        for proc in (a, b):
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)
    deadlines = _rows(pg_url, select(ClockDeadline))
    fired = [d for d in deadlines if d.state == "fired"]
    assert {d.game_id for d in fired} == set(games)
    assert len(fired) >= 50
    records = _rows(pg_url, select(RecordRow.game_id, RecordRow.n, RecordRow.kind, RecordRow.text)
                    .order_by(RecordRow.game_id, RecordRow.n))
    for game in games:
        runs = _runs_and_timeouts([(r.n, r.kind, r.text) for r in records if r.game_id == game])
        assert all(count <= 1 for count in runs.values()), (game, runs)
        timed_out = {run for run, count in runs.items() if count == 1}
        assert timed_out == {d.run for d in fired if d.game_id == game}, game
    owners = {d.fired_by for d in fired}
    assert len(owners) == 2, owners  # both processes fired deadlines, never the same one
    late = sorted(d.done_ms - d.due_ms for d in fired)
    split = ", ".join(str(sum(d.fired_by == o for d in fired)) for o in owners)
    print(f"\n{len(fired)} deadlines fired ({split} per process); ms after due: median "
          f"{late[len(late) // 2]}, max {late[-1]}")
    assert late[len(late) // 2] < 1_000  # the time-out is written within a second of the deadline
