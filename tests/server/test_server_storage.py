"""Storage on SQLite and on a real PostgreSQL: the store interface, whole games, reloads, upgrades."""

from __future__ import annotations

import json
import threading

import pytest
from sqlalchemy import select, update

from spacetable.server.db import GameRow, RecordRow, TokenRow
from spacetable.server.migrate import upgrade
from spacetable.server.store import NewRecord, Store, StoredSeat, VersionConflict, hash_token, make_engine
from tests.server.server_helpers import client, create, play_step, view, wait_for


def _store(url: str) -> Store:
    engine = make_engine(url)
    upgrade(engine)
    return Store(engine)


def test_store_create_append_fetch(db_url: str) -> None:
    store = _store(db_url)
    store.create("g1", "moonrakers", {"players": 2}, 2**40, "r1", [StoredSeat(0, "human", "A"),
                 StoredSeat(1, "random", "B")], [("tok-a", 0), ("tok-s", None)],
                 [NewRecord("chance", "x", None)], "running")
    assert store.append("g1", 1, [NewRecord("action", "a", 0), NewRecord("auto", "b", 0)]) == 3
    with pytest.raises(VersionConflict):
        store.append("g1", 1, [NewRecord("action", "c", 1)])
    got = store.fetch("g1")
    assert got is not None and got.version == 3 and got.seed == 2**40 and got.config == {"players": 2}
    assert [(r.n, r.kind, r.text, r.seat) for r in got.records] == [
        (0, "chance", "x", None), (1, "action", "a", 0), (2, "auto", "b", 0)]
    assert [s.name for s in got.seats] == ["A", "B"]
    assert store.token("tok-a") == ("g1", 0) and store.token("tok-s") == ("g1", None)
    assert store.token("nope") is None
    assert store.fetch("nope") is None and store.list_ids("running") == ["g1"]
    with store.engine.connect() as conn:  # only hashes are stored
        hashes = set(conn.scalars(select(TokenRow.token_hash)))
    assert hashes == {hash_token("tok-a"), hash_token("tok-s")}
    store.engine.dispose()


def test_concurrent_appends_one_wins(db_url: str) -> None:
    store = _store(db_url)
    store.create("g", "moonrakers", {"players": 2}, 1, "r", [], [], [], "running")
    wins: list[int] = []
    errors: list[Exception] = []

    def writer(i: int) -> None:
        try:
            store.append("g", 0, [NewRecord("action", f"w{i}", 0), NewRecord("action", f"w{i}", 0)])
            wins.append(i)
        except VersionConflict:
            pass
        except Exception as e:  # noqa: BLE001 - any other failure fails the test
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(wins) == 1
    got = store.fetch("g")
    assert got is not None and got.version == 2 and {r.text for r in got.records} == {f"w{wins[0]}"}
    store.engine.dispose()


def test_game_survives_a_reload(db_url: str) -> None:
    """A game with two humans and a bot, the app stopped and started again: every view identical."""
    with client(db_url) as c:
        g = create(c, ["human", "greedy", "human"], seed=21, expansions=["binding-ties"])
        tokens = [s["token"] for s in g["seats"]]
        for i in range(25):
            assert play_step(c, g, tokens, pick=i) is not None
        wait_for(c, g, tokens[0], lambda v: bool(v["legal_actions"]) or
                 bool(view(c, g, tokens[1])["legal_actions"]))
        before = {t: view(c, g, t) for t in [*tokens, g["spectator"]]}
    with client(db_url) as c:
        for t, v in before.items():
            after = view(c, g, t)
            for key in ("version", "view", "log", "legal_actions", "current_player", "seats", "decision"):
                if key == "seats":
                    assert [s["kind"] for s in after[key]] == [s["kind"] for s in v[key]]
                else:
                    assert after[key] == v[key], key
        assert play_step(c, g, tokens) is not None  # and the game goes on


def test_rules_upgrade_replays_or_finishes(db_url: str) -> None:
    with client(db_url) as c:
        g1 = create(c, ["human", "random"], seed=31)
        g2 = create(c, ["human", "random"], seed=32)
        for g in (g1, g2):
            for i in range(5):
                play_step(c, g, [g["seats"][0]["token"]], pick=i)
            wait_for(c, g, g["seats"][0]["token"], lambda v: bool(v["legal_actions"]))
        v1 = view(c, g1, g1["seats"][0]["token"])
    engine = make_engine(db_url)
    with engine.begin() as conn:  # both were "played under older rules"; g2's log no longer replays
        conn.execute(update(GameRow).values(rules_version="0.0.1+old"))
        first_action = conn.scalars(select(RecordRow.n).where(
            RecordRow.game_id == g2["id"], RecordRow.kind == "action").order_by(RecordRow.n)).first()
        conn.execute(update(RecordRow).where(RecordRow.game_id == g2["id"], RecordRow.n == first_action)
                     .values(text="play no-such-card"))
    engine.dispose()
    with client(db_url) as c:
        again = view(c, g1, g1["seats"][0]["token"])
        assert again["status"] == "running" and again["view"] == v1["view"]
        broken = view(c, g2, g2["seats"][0]["token"])
        assert broken["status"] == "finished-by-upgrade" and broken["terminal"]
        assert "rules" in broken["message"] and broken["legal_actions"] == []
        r = c.post(f"/api/games/{g2['id']}/actions",
                   headers={"Authorization": f"Bearer {g2['seats'][0]['token']}"},
                   json={"action": "x", "version": broken["version"]})
        assert r.status_code == 409 and "rules" in r.json()["error"]
        summary = c.get(f"/api/games/{g2['id']}/summary",
                        headers={"Authorization": f"Bearer {g2['spectator']}"}).json()
        assert summary["status"] == "finished-by-upgrade"


def test_unknown_game_in_the_database_is_shown_not_crashed(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "random"], seed=33)
    engine = make_engine(sqlite_url)
    with engine.begin() as conn:
        conn.execute(update(GameRow).values(config=json.dumps({"players": 2, "expansions": ["gone"]})))
    engine.dispose()
    with client(sqlite_url) as c:
        v = view(c, g, g["spectator"])
        assert v["status"] == "finished-by-upgrade" and v["message"]
