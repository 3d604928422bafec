"""Player profiles (docs/server.md, "Players"): a profile kept by a key stored hashed; seats claimed
with their invite token; the game list (waiting for me first) opens a seat on another device; a
rotated key stops working; keys and tokens never reach the database in clear or a log line."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from tests.server.server_helpers import auth, client, create


def _player(c: Any, name: str) -> tuple[dict[str, Any], str]:
    r = c.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["player"], body["key"]


def _dump(db_url: str) -> str:
    """Every text the database holds, table by table."""
    engine = create_engine(db_url)
    out: list[str] = []
    with engine.connect() as conn:
        for table in ("players", "seats", "tokens", "games", "records"):
            out.extend(repr(row) for row in conn.execute(text(f"SELECT * FROM {table}")))
    engine.dispose()
    return "\n".join(out)


def test_a_profile_claims_seats_lists_games_and_opens_them_elsewhere(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with client(db_url) as c:
        ada, key = _player(c, "Ada")
        assert ada["name"] == "Ada" and len(key) >= 40
        me = c.get("/api/players/me", headers=auth(key)).json()
        assert me == {"player": ada, "games": [], "ratings": {}}

        g1 = create(c, ["human", "human"], seed=3, names=["Ada", "Bo"])
        g2 = create(c, ["human", "greedy"], seed=4)
        t1, t1b = (s["token"] for s in g1["seats"])
        t2 = g2["seats"][0]["token"]
        for gid, tok in ((g1["id"], t1), (g2["id"], t2)):
            r = c.post(f"/api/games/{gid}/seats/0/claim", headers=auth(tok), json={"player_key": key})
            assert r.status_code == 200, r.text
            assert r.json()["player"] == ada and r.json()["seat"] == 0
        again = c.post(f"/api/games/{g1['id']}/seats/0/claim", headers=auth(t1), json={"player_key": key})
        assert again.status_code == 200  # idempotent
        # a token claims only its own seat; another profile cannot take a claimed seat
        r = c.post(f"/api/games/{g1['id']}/seats/1/claim", headers=auth(t1), json={"player_key": key})
        assert r.status_code == 403
        _, bo_key = _player(c, "Bo")
        r = c.post(f"/api/games/{g1['id']}/seats/0/claim", headers=auth(t1), json={"player_key": bo_key})
        assert r.status_code == 409 and "another player" in r.json()["error"]
        r = c.post(f"/api/games/{g1['id']}/seats/1/claim", headers=auth(t1b), json={"player_key": bo_key})
        assert r.status_code == 200
        r = c.post(f"/api/games/{g1['id']}/seats/0/claim", headers=auth(g1["spectator"]),
                   json={"player_key": key})
        assert r.status_code == 403

        games = c.get("/api/players/me", headers=auth(key)).json()["games"]
        assert {(g["id"], g["seat"]) for g in games} == {(g1["id"], 0), (g2["id"], 0)}
        for g in games:
            assert set(g) >= {"id", "game", "seat", "status", "my_turn"} and g["status"] == "running"
            view = c.get(f"/api/games/{g['id']}/view", headers=auth(t1 if g["id"] == g1["id"] else t2)).json()
            assert g["my_turn"] == bool(view["legal_actions"])
        assert [g["my_turn"] for g in games] == sorted((g["my_turn"] for g in games), reverse=True)

        # another device: the game list opens the seat with a token of its own
        r = c.post(f"/api/games/{g1['id']}/seats/0/open", headers=auth(key))
        assert r.status_code == 200
        fresh = r.json()["token"]
        assert fresh not in (t1, t1b)
        assert c.get(f"/api/games/{g1['id']}/view", headers=auth(fresh)).json()["seat"] == 0
        assert c.get(f"/api/games/{g1['id']}/view", headers=auth(t1)).status_code == 200  # the link works
        r = c.post(f"/api/games/{g1['id']}/seats/1/open", headers=auth(key))
        assert r.status_code == 403  # Bo's seat

        # the sign-in link carries the key in its fragment; after a rotation the old key is refused
        sign = c.get("/api/players/me/signin", headers=auth(key)).json()
        assert sign["url"].endswith("/me#key=" + key) and sign["svg"].startswith("data:image/svg+xml")
        new_key = c.post("/api/players/me/key", headers=auth(key)).json()["key"]
        assert new_key != key
        r = c.get("/api/players/me", headers=auth(key))
        assert r.status_code == 401 and key not in r.text
        assert c.post(f"/api/games/{g1['id']}/seats/0/open", headers=auth(key)).status_code == 401
        assert c.get("/api/players/me", headers=auth(new_key)).json()["player"] == ada
        r = c.put("/api/players/me", headers=auth(new_key), json={"name": "Ada L"})
        assert r.json()["player"]["name"] == "Ada L"

        secrets = [key, new_key, bo_key, t1, t1b, t2, fresh]
    stored = _dump(db_url)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for s in secrets:  # only hashes are stored; nothing secret is logged
        assert s not in stored
        assert s not in logged


def test_player_bodies_are_strict_and_keys_required(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        for body in ({"name": 3}, {"name": "Ada", "key": "x"}, {}, {"name": "A\u202eda"}, {"name": "  "}):
            r = c.post("/api/players", json=body)
            assert r.status_code in (400, 422), (body, r.text)
            assert "error" in r.json()
        assert c.get("/api/players/me").status_code == 401
        assert c.get("/api/players/me", headers=auth("x" * 500)).status_code == 401
        assert c.post("/api/players/me/key", headers=auth("nope")).status_code == 401
        g = create(c, ["human", "human"])
        r = c.post(f"/api/games/{g['id']}/seats/0/claim", headers=auth(g["seats"][0]["token"]),
                   json={"player_key": "not-a-key"})
        assert r.status_code == 401
