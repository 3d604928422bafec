"""Attacks from the people at the table, in process (TestClient): bot budgets over the cap, taking a
present person's seat, look-alike names, lenient types and unreadable bodies, creation floods,
WebSocket floods; and the bot pool's answers are the in-process planner's (docs/server.md)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest
from starlette.websockets import WebSocketDisconnect

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.server.botpool import BotPool, Caps, Job, think
from spacetable.server.edge import _Stall
from spacetable.server.limits import Bucket
from spacetable.server.tables import Seat, Table
from spacetable.sim.setup import build_config, load_game
from tests.server.server_helpers import auth, client, create, view, wait_for

T = TypeVar("T")


def _run(work: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(work)` in a thread of its own (the browser tests' Playwright keeps an event loop
    running in the main thread of a test worker)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, work).result()


def _recv(ws: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(ws.receive_text())
    return out


# ----- bots cannot be turned into a weapon ----------------------------------------------------
def test_budgets_over_the_cap_are_refused_naming_it(sqlite_url: str) -> None:
    """A per-decision budget over the server's cap is a 400 naming the cap, at creation and at a
    hand-off; budgets within it (and plain mcts) are accepted."""
    with client(sqlite_url, handoff_after=0.0) as c:
        for seats in (["mcts:600s", "mcts:600s"], ["human", "mcts:2001ms"], ["human", "mcts:5000it"]):
            r = c.post("/api/games", json={"game": "spacelanes", "players": 2, "seats": seats})
            assert r.status_code == 400, r.text
            error = r.json()["error"]
            assert "at most 2 s (mcts:2s)" in error and "2,000 iterations (mcts:2000it)" in error, error
        for ok in ("mcts", "mcts:2s", "mcts:2000it", "mcts:150ms"):
            create(c, ["human", ok], seed=3)
        g = create(c, ["human", "human"], seed=5)
        url = f"/api/games/{g['id']}/seats/1/bot"
        r = c.post(url, headers=auth(g["seats"][0]["token"]), json={"bot": "mcts:600s"})
        assert r.status_code == 400 and "at most 2 s" in r.json()["error"]
        assert view(c, g, g["seats"][0]["token"])["seats"][1]["kind"] == "human"


def test_the_cap_is_a_setting(sqlite_url: str) -> None:
    with client(sqlite_url, bot_max_seconds=0.5, bot_max_iterations=100) as c:
        r = c.post("/api/games", json={"game": "moonrakers", "players": 2, "seats": ["human", "mcts"]})
        assert r.status_code == 400 and "at most 0.5 s" in r.json()["error"] and "100 iterations" in r.json()[
            "error"]
        create(c, ["human", "mcts:100it"])


def _job(table: Table, kinds: list[str], limit: int, seconds: float = 10.0) -> Job:
    return Job(game_id=table.id, game=table.game, config=table.config, seed=table.seed,
               seats=tuple((k, False) for k in kinds), version=table.version, epoch=table.log_epoch,
               start=0, texts=tuple(t for _, t in table.actions), limit=limit, batch_seconds=seconds,
               caps=Caps(2.0, 2000))


def test_worker_answers_are_the_in_process_plan() -> None:
    """The same bot at the same position of the action log gives the same answer: a worker process
    plans exactly the records `Table.plan_bots` plans in the server (a batch of cheap moves, and an
    iteration-budget search), also when it only receives the entries it lacks."""
    spec = load_game("spacelanes")
    config = build_config(spec, 3)
    kinds = ["greedy", "mcts:30it", "heuristic"]
    state = spec.new_game(dict(config), 11)
    state.events = []
    table = Table("g1", "spacelanes", config, 11, "", [Seat(i, "", k) for i, k in enumerate(kinds)], state)

    def choose(seat: int, st: Any, rng: Rng) -> Any:
        return make_bot("spacelanes", kinds[seat]).choose(st, seat, rng)

    async def rounds() -> None:  # one thread spawns and uses the worker (it dies with that thread)
        pool = BotPool(1)
        try:
            for _ in range(3):
                local = [(r.kind, r.text, r.seat) for r in table.plan_bots(choose, 5).records]
                got = await pool.run(_job(table, kinds, 5))
                assert [(r.kind, r.text, r.seat) for r in got] == local
                assert think(_job(table, kinds, 5)) == local
                table.commit(table.plan_records(got))  # the server replays the worker's records
            assert pool.jobs == 3
        finally:
            pool.stop()

    _run(rounds())


def test_a_free_worker_goes_to_the_game_that_has_thought_least() -> None:
    """Fair shares of thinking time: with one worker busy and two games waiting, a game of cheap
    bots (little thinking so far) is served before a game of searching bots (seconds of it), and
    a game coming back after a pause starts from the pool's clock (no banked credit)."""

    class Slot:
        dead = False

    async def scenario() -> list[str]:
        pool = BotPool(1)
        pool._all, pool._idle = [Slot()], [Slot()]  # type: ignore[list-item]
        pool._clocks = {"heavy-1": 40.0, "heavy-2": 42.0, "cheap": 0.5}
        pool._clock = 40.0
        served: list[str] = []
        first = await pool._acquire("heavy-1")

        async def wait(game: str) -> None:
            worker = await pool._acquire(game)
            served.append(game)
            pool._clocks[game] += 2.0 if game.startswith("heavy") else 0.001
            pool._release(worker)

        waiters = [asyncio.create_task(wait(g)) for g in ("heavy-2", "cheap", "newcomer")]
        await asyncio.sleep(0)
        pool._release(first)
        await asyncio.gather(*waiters)
        assert pool._clocks["newcomer"] >= 40.0  # it came while the pool's clock stood at 40
        return served

    served = _run(scenario())
    assert served.index("cheap") < served.index("heavy-2") and served.index("newcomer") < served.index(
        "heavy-2"), served


def test_a_batch_stops_when_its_thinking_time_is_spent() -> None:
    """A game's turn in the pool plays a run of cheap moves (at most 64) but a searching bot one:
    the batch ends once its time is spent (never cutting a search: iteration budgets stay whole)."""
    spec = load_game("moonrakers")
    config = build_config(spec, 2)
    state = spec.new_game(dict(config), 4)
    state.events = []
    cheap = Table("g", "moonrakers", config, 4, "", [Seat(0, "", "random"), Seat(1, "", "random")], state)
    assert sum(r.kind == "action" for r in cheap.plan_bots(lambda s, st, rng: rng.choice(st.legal_actions()),
                                                           64, 0.5).records) == 64

    def slow(s: int, st: Any, rng: Rng) -> Any:
        time.sleep(0.05)
        return rng.choice(st.legal_actions())

    assert sum(r.kind == "action" for r in cheap.plan_bots(slow, 64, 0.01).records) == 1


# ----- a seat belongs to its player ------------------------------------------------------------
def test_present_seat_cannot_be_taken_and_the_link_takes_it_back(sqlite_url: str) -> None:
    """A connected person's seat cannot be handed to a bot by another seat (409 with the reason);
    once they have left for the grace period it can; their link takes it back (connecting or
    acting), and the bot leaves at that seat's next decision."""
    with client(sqlite_url, handoff_after=2.0) as c:
        g = create(c, ["human", "human"], seed=21)
        t0, t1 = (s["token"] for s in g["seats"])
        url = f"/api/games/{g['id']}/seats/1/bot"
        with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(t1)) as ws1:
            assert _recv(ws1)["seats"][1]["connected"]
            time.sleep(2.1)  # connected for longer than the grace period: still theirs
            r = c.post(url, headers=auth(t0), json={"bot": "random"})
            assert r.status_code == 409 and "is at the table" in r.json()["error"], r.text
        r = c.post(url, headers=auth(t0), json={"bot": "random"})
        assert r.status_code == 409 and "left 0 s ago" in r.json()["error"], r.text  # just left
        seen = view(c, g, t0)
        assert not seen["seats"][1]["connected"] and not seen["seats"][1]["away"]
        back = wait_for(c, g, t0, lambda v: v["seats"][1]["away"], timeout=5)  # the page's hand-off cue
        assert back["seats"][1]["away"]
        r = c.post(url, headers=auth(t0), json={"bot": "greedy"})
        assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "greedy"
        # seat 1's link connects again: the seat is theirs at once, the bot gone
        with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(t1)) as ws1:
            first = _recv(ws1)
            assert first["seats"][1]["kind"] == "human"
            assert "is back and plays their own seat again" in first["log"][-1]["text"]
        # taken again after another absence; this time acting with the link takes it back
        wait_for(c, g, t0, lambda v: v["seats"][1]["away"], timeout=5)
        assert c.post(url, headers=auth(t0), json={"bot": "random"}).status_code == 200
        v1 = view(c, g, t1)
        assert v1["seats"][1]["kind"] == "random"
        r = c.post(f"/api/games/{g['id']}/prefs", headers=auth(t1), json={"stop_at_windows": True})
        assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "human"
        # "bot": "human" is only for one's own seat
        r = c.post(f"/api/games/{g['id']}/seats/0/bot", headers=auth(t1), json={"bot": "human"})
        assert r.status_code == 403


def test_acting_with_the_link_takes_the_seat_back_at_its_decision(sqlite_url: str) -> None:
    """A seat handed to a bot that has not moved yet (it waits out the pause between bot moves): the
    person's action, made at the version they saw, takes the seat back and is applied."""
    with client(sqlite_url, handoff_after=0.0, bot_pause=30) as c:
        g = create(c, ["human", "human"], seed=22, game="spacelanes")
        toks = [s["token"] for s in g["seats"]]
        mover = wait_for(c, g, g["spectator"], lambda v: v["current_player"] is not None)["current_player"]
        v = view(c, g, toks[mover])
        r = c.post(f"/api/games/{g['id']}/seats/{mover}/bot", headers=auth(toks[1 - mover]),
                   json={"bot": "greedy"})
        assert r.status_code == 200 and r.json()["seats"][mover]["kind"] == "greedy", r.text
        r = c.post(f"/api/games/{g['id']}/actions", headers=auth(toks[mover]),
                   json={"action": v["legal_actions"][0]["text"], "version": v["version"] + 1})
        assert r.status_code == 200, r.text
        after = r.json()
        assert after["seats"][mover]["kind"] == "human" and after["version"] >= v["version"] + 3
        texts = [line["text"] for line in after["log"]]
        assert any("is back and plays their own seat again" in t for t in texts)


# ----- names people can tell apart -------------------------------------------------------------
@pytest.mark.parametrize(("names", "why"), [
    (["Player 2\u200b", "Bo"], "U+200B"),  # zero-width space (Cf)
    (["Ana\u200dBo", "Cy"], "U+200D"),  # zero-width joiner
    (["Ana\u00ad", "Bo"], "U+00AD"),  # soft hyphen
    (["Ana\U000e0041", "Bo"], "U+E0041"),  # a tag character
    (["Ana\u115f", "Bo"], "U+115F"),  # Hangul choseong filler: default-ignorable, not Cf
    (["A\ufe0fna", "Bo"], "U+FE0F"),  # a variation selector
    (["\u202eevil", "Bo"], "U+202E"),  # right-to-left override
])
def test_invisible_characters_are_refused(sqlite_url: str, names: list[str], why: str) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/games", json={"game": "moonrakers", "players": 2, "seats": ["human", "human"],
                                       "names": names})
        assert r.status_code == 400 and why in r.json()["error"], r.text


@pytest.mark.parametrize("names", [
    ["Player 2", "P\u0406ayer 2"],  # Cyrillic І
    ["Pl\u0430yer", "Player"],  # Cyrillic а
    ["Player 2", ""],  # seat 2's default name is "Player 2"
    ["Ana", "\uff21\uff4e\uff41"],  # full-width "Ana": NFKC makes it "Ana"
    ["Bob", "B\u03bfb"],  # Greek omicron
    ["rn", "m"],  # r + n looks like m (UTS #39)
    ["ANA", "ana"],
])
def test_look_alike_names_are_refused(sqlite_url: str, names: list[str]) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/games", json={"game": "moonrakers", "players": 2, "seats": ["human", "human"],
                                       "names": names})
        assert r.status_code == 400, r.text
        assert "look" in r.json()["error"] or "two seats are named" in r.json()["error"]


def test_names_are_stored_normalized(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], names=["\uff21na  Lee", "ﬁona"])  # full-width A, 2 spaces, ligature
        assert [s["name"] for s in view(c, g, g["spectator"])["seats"]] == ["Ana Lee", "fiona"]


# ----- strict types and unreadable bodies ------------------------------------------------------
def _decider(c: Any, g: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    for tok in (s["token"] for s in g["seats"]):
        v = view(c, g, tok)
        if v["legal_actions"]:
            return tok, v
    raise AssertionError("no seat decides")


def test_strict_types_and_unreadable_bodies_are_the_documented_422(sqlite_url: str) -> None:
    """A string is not an int, a bool is not a version; a body nested 1,000+ deep, an integer of
    4,300+ digits or bytes that are not UTF-8 get the documented 422 message; over 16 KiB is 413."""
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=7)
        tok, v = _decider(c, g)
        act = f"/api/games/{g['id']}/actions"
        text = v["legal_actions"][0]["text"]
        for body in ({"action": text, "version": str(v["version"])}, {"action": text, "version": True},
                     {"action": text, "version": float(v["version"])}):
            r = c.post(act, headers=auth(tok), json=body)
            assert r.status_code == 422 and "version" in r.json()["error"], (body, r.text)
        base = {"game": "moonrakers", "players": 2, "seats": ["human", "human"]}
        for bad in ({"players": "2"}, {"seed": "12"}, {"players": True}, {"turn_limit": "3"},
                    {"seed": 1.0}):
            r = c.post("/api/games", json={**base, **bad})
            assert r.status_code == 422, (bad, r.text)
        r = c.post(f"/api/games/{g['id']}/prefs", headers=auth(tok), json={"stop_at_windows": 1})
        assert r.status_code == 422
        h = {**auth(tok), "content-type": "application/json"}
        unreadable = [b"[" * 1200 + b"]" * 1200, b'{"action": "x", "version": ' + b"9" * 5000 + b"}",
                      b'{"action": "\xff\xfe", "version": 0}', b"\xc3\x28", b"{bad json"]
        for body in unreadable:
            for url in (act, "/api/games", f"/api/games/{g['id']}/undo"):
                r = c.post(url, headers=h, content=body)
                assert r.status_code == 422, (body[:20], url, r.status_code, r.text)
                assert r.json()["error"].startswith("the request body is not valid JSON"), r.text
        why = {b"[": "nested too deeply", b'{"action": "x", "version": 9': "integer too long",
               b"\xc3": "not UTF-8"}
        for start, words in why.items():
            body = next(b for b in unreadable if b.startswith(start))
            assert words in c.post(act, headers=h, content=body).json()["error"]
        r = c.post(act, headers=h, content=b"[" * 20000)
        assert r.status_code == 413
        assert view(c, g, tok)["version"] == v["version"]  # nothing changed


# ----- floods ------------------------------------------------------------------------------------
def test_game_creation_is_rate_limited_per_address(sqlite_url: str) -> None:
    with client(sqlite_url, create_per_minute=1, create_burst=5) as c:
        body = {"game": "moonrakers", "players": 2, "seats": ["human", "human"]}
        codes = [c.post("/api/games", json=body).status_code for _ in range(6)]
        assert codes == [201] * 5 + [429]
        r = c.post("/api/games", json=body)
        assert r.status_code == 429 and "too many new games" in r.json()["error"]
        assert 1 <= int(r.headers["retry-after"]) <= 60


def test_a_bucket_refills_at_its_rate() -> None:
    """30 a minute after a burst of 20: the 21st at once is refused, one more every 2 s."""
    bucket = Bucket(30 / 60, 20)
    assert all(bucket.take() for _ in range(20)) and not bucket.take()
    assert 1.9 < bucket.wait() <= 2.0
    bucket.at -= 2.0  # two seconds later
    assert bucket.take() and not bucket.take()


def test_ping_flood_is_closed_with_1008_and_one_warning(sqlite_url: str, caplog: pytest.LogCaptureFixture
                                                        ) -> None:
    with client(sqlite_url, ws_messages_per_second=5, ws_message_burst=30) as c:
        g = create(c, ["human", "human"])
        with caplog.at_level(logging.WARNING, logger="spacetable.server"), \
                c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(g["spectator"])) as ws:
            assert _recv(ws)["type"] == "view"
            pongs = 0
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(2000):
                    ws.send_text('{"type": "ping"}')
                while True:
                    pongs += _recv(ws)["type"] == "pong"
            assert closed.value.code == 1008 and "too many messages" in closed.value.reason
            assert 25 <= pongs <= 40
        floods = [r for r in caplog.records if "too many messages" in r.getMessage()]
        assert len(floods) == 1  # one warning per connection, not one per message


def test_websockets_per_address_are_limited(sqlite_url: str) -> None:
    with client(sqlite_url, max_websockets_per_client=3) as c:
        g = create(c, ["human", "human"])
        url = f"/ws/games/{g['id']}"
        opened = [c.websocket_connect(url, headers=auth(g["spectator"])) for _ in range(3)]
        socks = [cm.__enter__() for cm in opened]
        for ws in socks:
            assert _recv(ws)["type"] == "view"
        with c.websocket_connect(url, headers=auth(g["spectator"])) as extra:
            with pytest.raises(WebSocketDisconnect) as closed:
                extra.receive_text()
            assert closed.value.code == 1008 and "too many connections" in closed.value.reason
        opened[0].__exit__(None, None, None)
        with c.websocket_connect(url, headers=auth(g["spectator"])) as again:  # one left: room again
            assert _recv(again)["type"] == "view"
        for cm in opened[1:]:
            cm.__exit__(None, None, None)


def test_the_stall_watch_cuts_only_a_client_that_reads_nothing() -> None:
    """While a connection's write buffer is over its high-water mark, a client that drains a little
    in every period is kept (slow, not stalled); one that drains nothing for a period is cut."""

    class Transport:
        def __init__(self) -> None:
            self.size = 500_000
            self.cut = False

        def get_write_buffer_size(self) -> int:
            return self.size

        def get_extra_info(self, _name: str) -> None:
            return None

        def abort(self) -> None:
            self.cut = True

    async def scenario() -> tuple[bool, bool]:
        stall = _Stall(0.05)
        t = Transport()
        stall.paused(t)  # type: ignore[arg-type]
        for _ in range(8):  # a slow reader: a little in every period
            await asyncio.sleep(0.03)
            t.size -= 1000
        kept = not t.cut
        await asyncio.sleep(0.2)  # it stops reading
        return kept, t.cut

    assert _run(scenario()) == (True, True)


def test_log_from_resumes_a_connection_without_repeating_lines(sqlite_url: str) -> None:
    """A client that holds k lines (and saw version v, with no undo since) gets only the rest."""
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=12)
        toks = [s["token"] for s in g["seats"]]
        for _ in range(6):
            tok, v = _decider(c, g)
            c.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                   json={"action": v["legal_actions"][-1]["text"], "version": v["version"]})
        whole = view(c, g, toks[0])
        held = whole["log"][:4]
        with c.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_text(json.dumps({"token": g["spectator"], "log_from": 4, "version": 2}))
            first = _recv(ws)
            assert first["log_start"] == 4 and held + first["log"] == whole["log"]
        with c.websocket_connect(f"/ws/games/{g['id']}?log_from=4&version=2",
                                 headers=auth(g["spectator"])) as ws:
            assert _recv(ws)["log_start"] == 4
        with c.websocket_connect(f"/ws/games/{g['id']}") as ws:  # no version: the whole log again
            ws.send_text(json.dumps({"token": g["spectator"], "log_from": 4}))
            assert _recv(ws)["log_start"] == 0
