"""`GET /api/games/{id}/advice`: the advisor for the caller's own seat only (TestClient, SQLite)."""

from __future__ import annotations

from spacetable.advice import advice
from spacetable.games.spacelanes.advisor import advise
from tests.server.server_helpers import auth, client, create


def test_advice_for_the_callers_seat_only(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human", "greedy"], game="spacelanes")
        url = f"/api/games/{g['id']}/advice"
        for s in g["seats"]:
            r = c.get(url, headers=auth(s["token"]))
            assert r.status_code == 200, r.text
            body = r.json()
            assert body["seat"] == s["seat"] and body["game"] == "spacelanes"
            assert body["lines"] and all(isinstance(x, str) for x in body["lines"])
            table = c.app.state.service.tables[g["id"]]  # type: ignore[attr-defined]
            assert body == advice(table.state, s["seat"])  # the game's advisor and the coach
            assert set(advise(table.state, s["seat"])) < set(body)
            legal = [str(a) for a in table.state.legal_actions()]
            deciding = table.state.current_player() == s["seat"]
            assert (body["recommended"] in legal) if deciding else body["recommended"] is None
            assert body["reason"]
        r = c.get(url, headers=auth(g["spectator"]))
        assert r.status_code == 403 and "spectator" in r.json()["error"]
        assert c.get(url).status_code == 401
        assert c.get(url, headers=auth("nope")).status_code == 401
        assert c.get("/api/games/unknown/advice", headers=auth(g["spectator"])).status_code == 404


def test_a_game_without_an_advisor_is_a_clear_error(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "random"], game="highcard")
        r = c.get(f"/api/games/{g['id']}/advice", headers=auth(g["seats"][0]["token"]))
        assert r.status_code == 404 and r.json()["error"] == "highcard has no advisor"
