"""Clocks (docs/server.md, "Clocks"): each person's time per wait plus a reserve; when it runs out the
game's default bot decides for them, the log says so and they keep the seat; after three time-outs in
a row the others may hand the seat to a bot; a person who comes back plays on.

The reserve arithmetic is checked on tables with chosen times; the time-outs on live servers with a
turn clock of one or two seconds (real time: the waits are kept short).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from spacetable.server import clocks
from spacetable.server.clocks import ClockSettings, ClockState
from spacetable.server.migrate import upgrade
from spacetable.server.store import make_engine
from spacetable.server.tables import Seat, Table
from spacetable.sim.setup import load_game
from tests.server.server_helpers import auth, client, create, view, wait_for

TURN_2S = {"kind": "turn", "seconds": 2}


def _body(**clock: Any) -> dict[str, Any]:
    return {"game": "moonrakers", "players": 2, "seats": ["human", "human"], "clock": clock}


@pytest.mark.parametrize(("clock", "status", "words"), [
    ({"kind": "live"}, 400, "needs \"seconds\""),
    ({"kind": "turn", "reserve": 60}, 400, "needs \"seconds\""),
    ({"kind": "none", "seconds": 30}, 400, "takes no seconds"),
    ({"kind": "blitz", "seconds": 30}, 422, "clock.kind"),
    ({"kind": "live", "seconds": "30"}, 422, "clock.seconds"),
    ({"kind": "live", "seconds": 0}, 422, "clock.seconds"),
    ({"kind": "live", "seconds": 30, "reserve": -1}, 422, "clock.reserve"),
    ({"kind": "turn", "seconds": 10**9}, 422, "clock.seconds"),
    ({"kind": "live", "seconds": 30, "increment": 5}, 422, "clock.increment"),
])
def test_a_clock_request_is_checked_at_the_boundary(sqlite_url: str, clock: dict[str, Any], status: int,
                                                    words: str) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/games", json=_body(**clock))
        assert r.status_code == status and words in r.json()["error"], r.text
        solo = c.post("/api/games", json={"game": "moonrakers", "players": 2, "seats": ["greedy", "greedy"],
                                          "clock": TURN_2S})
        assert solo.status_code == 400 and "a person" in solo.json()["error"]
        assert c.app.state.service.store.list_ids() == []  # nothing was created


def test_a_game_without_a_clock_says_so(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"])
        v = view(c, g, g["seats"][0]["token"])
        assert v["clock"] == {} and v["clock_info"] is None
        assert c.get(f"/api/games/{g['id']}/summary", headers=auth(g["spectator"])).json()["clock"] is None


def _table(settings: ClockSettings) -> Table:
    spec = load_game("moonrakers")
    config = spec.make_config(2)
    state = spec.new_game(dict(config), 3)
    state.events = []
    seats = [Seat(0, "Ada", "human"), Seat(1, "Bo", "human")]
    table = Table("t", "moonrakers", config, 3, "test", seats, state, clock=ClockState(settings))
    plan = table.plan_advance()
    clocks.sync(plan, 1_000_000)
    table.commit(plan)
    return table


def _decide(table: Table, at_ms: int) -> None:
    """The seat deciding now takes its first legal action at `at_ms`."""
    seat = table.current_player()
    assert seat is not None
    plan = table.plan_actions(seat, [str(table.state.legal_actions()[0])])
    clocks.sync(plan, at_ms)
    table.commit(plan)


def test_live_clock_uses_the_decisions_seconds_first_then_the_reserve() -> None:
    """Live 30 s + 5 min: a wait past its 30 s drains the reserve by the excess; quick ones take none."""
    table = _table(ClockSettings("live", 30, 300))
    assert table.clock is not None and table.clock.run is not None
    first = table.clock.run.seat
    assert table.clock.run.due_ms == 1_000_000 + 330_000
    assert clocks.view(table, 1_010_000)[0][str(first)] == 320.0
    t = 1_040_000
    _decide(table, t)  # 40 s for the first decision: 10 s of the reserve
    while table.current_player() == first:  # the rest of the wait: its decisions in a row
        t += 1_000
        _decide(table, t)
    left = table.clock.reserve_ms(first)
    assert left == 330_000 - (t - 1_000_000) < 300_000
    other = table.clock.run
    assert other is not None and other.seat != first and other.due_ms == t + 330_000
    shown, info = clocks.view(table, t + 5_000)
    assert shown == {str(other.seat): 325.0, str(first): round((30_000 + left) / 1000, 1)}
    assert info is not None and info["running"] == other.seat and info["kind"] == "live"
    assert info["reserve_left"] == {str(first): left / 1000, str(other.seat): 300.0}
    while table.current_player() == other.seat:  # quick decisions take none of the reserve
        t += 1_000
        _decide(table, t)
    assert table.clock.reserve_ms(other.seat) == 300_000
    # the next wait of the first seat starts with 30 s plus what its reserve kept
    assert table.clock.run is not None and table.clock.run.due_ms == t + 30_000 + left


def test_time_the_whole_server_was_down_is_not_charged() -> None:
    table = _table(ClockSettings("turn", 3600))
    assert table.clock is not None and table.clock.run is not None
    due = table.clock.run.due_ms
    # outages before the run, during it, and after its (shifted) end
    table.clock.shift([(0, 10), (1_100_000, 1_700_000), (due + 700_000, due + 750_000)])
    assert table.clock.run.due_ms == due + 600_000


def _records(c: TestClient, game_id: str) -> list[tuple[str, str, int | None]]:
    stored = c.app.state.service.store.fetch(game_id)
    return [(r.kind, r.text, r.seat) for r in stored.records]


def test_the_default_bot_decides_for_a_person_whose_time_ran_out(sqlite_url: str) -> None:
    """A 2-second turn clock at a two-person table where nobody acts: the game's default bot makes
    the first person's decisions for that wait, the log says so in words, the seat stays theirs."""
    with client(sqlite_url, bot_pause=0.0) as c:
        g = create(c, ["human", "human"], seed=5, clock=TURN_2S, names=["Ada", "Bo"])
        ada, bo = (s["token"] for s in g["seats"])
        v = view(c, g, bo)
        first = v["current_player"]
        # (at most the 2 seconds: a loaded machine may take a while to answer the first view)
        assert v["clock_info"]["running"] == first and 0.0 <= v["clock"][str(first)] <= 2.0
        left, started = v["clock"][str(first)], time.monotonic()
        v = wait_for(c, g, bo, lambda b: any("ran out of time" in line["text"] for line in b["log"]), 15)
        assert time.monotonic() - started > left - 0.25  # not before the time was up
        name = v["seats"][first]["name"]
        bot = load_game("moonrakers").default_bot
        assert f"{name} ran out of time: the {bot} bot makes this decision for them" in [
            line["text"] for line in v["log"]]
        assert v["seats"][first]["kind"] == "human"  # the person keeps the seat
        # the bot decides for them until the table waits on the other person, whose time then runs
        v = wait_for(c, g, bo, lambda b: b["current_player"] not in (first, None), 30)
        recs = _records(c, g["id"])
        out = next(i for i, r in enumerate(recs) if r[0] == "timeout")
        assert recs[out] == ("timeout", bot, first)
        assert any(k == "action" and s == first for k, _, s in recs[out + 1:])
        fired = [d for d in c.app.state.service.store.deadlines(g["id"]) if d["state"] == "fired"]
        assert len(fired) == len([r for r in _records(c, g["id"]) if r[0] == "timeout"]) >= 1
        assert ada  # (Ada's link is unused: she is away all along)


def test_a_returning_person_takes_over_from_the_time_out_bot(sqlite_url: str) -> None:
    """Bots pause 3 s between moves here, so the time-out bot is still standing in when the person's
    socket connects, or when they send an action: the decision is theirs again at once, and they
    play on."""
    with client(sqlite_url, bot_pause=3.0) as c:
        g = create(c, ["human", "human"], seed=5, clock={"kind": "turn", "seconds": 1})
        tokens = [s["token"] for s in g["seats"]]
        first = view(c, g, tokens[0])["current_player"]
        v = wait_for(c, g, g["spectator"], lambda b: b["clock_info"]["standin"], 10)
        assert v["clock_info"]["standin"] == {str(first): load_game("moonrakers").default_bot}
        with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(tokens[first])) as ws:
            body = ws.receive_json()
            assert body["clock_info"]["standin"] == {} and body["legal_actions"], body["decision"]
            assert body["log"][-1]["text"].endswith("is back and makes their own decisions again")
            r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tokens[first]),
                       json={"action": body["legal_actions"][0]["text"], "version": body["version"]})
            assert r.status_code == 200, r.text
            assert r.json()["clock_info"]["timeouts"].get(str(first)) is None  # a decision of their own
        # the other person's time runs out in turn; an action of theirs takes over just the same
        other = 1 - first
        v = wait_for(c, g, tokens[other], lambda b: str(other) in b["clock_info"]["standin"], 10)
        assert v["legal_actions"], "the person still sees their decision while the bot stands in"
        r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tokens[other]),
                   json={"action": v["legal_actions"][0]["text"], "version": v["version"]})
        assert r.status_code == 200, r.text
        kinds = [k for k, _, _ in _records(c, g["id"])]
        assert kinds.count("timeout") == 2 and kinds.count("clock") >= 4
        assert [t for k, t, s in _records(c, g["id"]) if k == "clock" and t == "back"] == ["back", "back"]


def test_after_three_time_outs_in_a_row_the_others_may_hand_the_seat_to_a_bot(sqlite_url: str) -> None:
    with client(sqlite_url, bot_pause=0.0, handoff_after=3600) as c:
        g = create(c, ["human", "human"], seed=2, clock={"kind": "turn", "seconds": 1}, game="highcard")
        tokens = [s["token"] for s in g["seats"]]
        v = wait_for(c, g, g["spectator"], lambda b: b["clock_info"]["timeouts"], 10)
        late = int(next(iter(v["clock_info"]["timeouts"])))
        other = 1 - late
        r = c.post(f"/api/games/{g['id']}/seats/{late}/bot", headers=auth(tokens[other]),
                   json={"bot": "greedy"})
        assert r.status_code == 409, r.text  # one time-out is not enough
        assert not v["seats"][late]["away"]
        v = wait_for(c, g, g["spectator"], lambda b: b["clock_info"]["timeouts"].get(str(late), 0) >= 3
                     or b["terminal"], 40)
        assert not v["terminal"], "the game ended before three time-outs"
        assert v["seats"][late]["away"]  # the page shows the hand-off button
        assert "3 time-outs in a row" in " ".join(line["text"] for line in v["log"])
        r = c.post(f"/api/games/{g['id']}/seats/{late}/bot", headers=auth(tokens[other]),
                   json={"bot": "greedy"})
        assert r.status_code == 200, r.text
        assert r.json()["seats"][late]["kind"] == "greedy"
        # their link takes it back, and the count of time-outs starts again
        back = c.post(f"/api/games/{g['id']}/seats/{late}/bot", headers=auth(tokens[late]),
                      json={"bot": "human"})
        assert back.status_code == 200 and back.json()["seats"][late]["kind"] == "human"
        assert str(late) not in back.json()["clock_info"]["timeouts"]


def test_the_clock_tables_are_migrated(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    tables = set(inspect(engine).get_table_names())
    assert {"clock_deadlines", "server_clock", "clock_outages"} <= tables
    assert "clock" in {c["name"] for c in inspect(engine).get_columns("games")}
    engine.dispose()


def test_a_finished_clocked_game_replays_whole() -> None:
    """The clock's records (runs, stops, time-outs and the stand-in's moves) replay in the replay
    viewer and rebuild the same clock on load: a played-out Highcard game with a time-out every
    third wait."""
    from spacetable.server.replays import Replay
    from spacetable.server.store import StoredGame, StoredRecord, StoredSeat
    from spacetable.server.tables import load_table

    spec = load_game("highcard")
    config = spec.make_config(2)
    state = spec.new_game(dict(config), 7)
    state.events = []
    settings = ClockSettings("turn", 10)
    seats = [Seat(0, "Ada", "human"), Seat(1, "Bo", "human")]
    table = Table("h", "highcard", config, 7, "test", seats, state, clock=ClockState(settings))
    t = 1_000_000
    plan = table.plan_advance()
    clocks.sync(plan, t)
    written = list(plan.records)
    table.commit(plan)
    waits = 0
    while table.status == "running":
        t += 1_000
        run = table.clock.run if table.clock is not None else None
        if run is not None:
            waits += 1
            if waits % 3 == 0:
                plan = table.plan_timeout(run.seat, "greedy")
            else:
                seat = run.seat
                plan = table.plan_actions(seat, [str(table.state.legal_actions()[0])])
        else:  # the stand-in decides
            plan = table.plan_bots(lambda _s, st, _r: st.legal_actions()[0], 1)
        clocks.sync(plan, t)
        written += plan.records
        table.commit(plan)
    kinds = [k for k, _ in table.meta]
    assert kinds.count("timeout") >= 2 and "clock" in kinds
    stored = StoredGame("h", "highcard", config, 7, "test", table.version, "finished",
                        seats=[StoredSeat(0, "human", "Ada"), StoredSeat(1, "human", "Bo")],
                        records=[StoredRecord(i, r.kind, r.text, r.seat, None)  # type: ignore[arg-type]
                                 for i, r in enumerate(written)],
                        clock=settings.to_json())
    replay = Replay(stored, "finished", None)
    assert replay.last == table.version  # every record replayed, none cut off
    assert any("ran out of time" in line for step in replay.steps for line in step["text"])
    again = load_table(stored)
    assert again.clock == table.clock
    assert [s.timeouts for s in again.seats] == [s.timeouts for s in table.seats]
