"""Rematches and open seats (docs/server.md, "Rematch and open seats"): a finished game's people start
the same table again with a new secret deal (one game however many ask), profiles and their notices
carried over; a seat left open at creation is listed and taken once, by a player's key."""

from __future__ import annotations

from typing import Any

from tests.server.server_helpers import auth, client, create, play_step, view


def _profile(c: Any, name: str) -> str:
    r = c.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    key: str = r.json()["key"]
    return key


def _finish(c: Any, g: dict[str, Any], tokens: list[str]) -> None:
    for i in range(400):
        if play_step(c, g, tokens, pick=i) is None:
            return
    raise AssertionError("the game did not end")


def _rematch(c: Any, g: dict[str, Any], token: str) -> Any:
    return c.post(f"/api/games/{g['id']}/rematch", headers=auth(token))


def test_a_rematch_is_one_new_game_with_the_same_seats_and_a_new_secret_deal(sqlite_url: str) -> None:
    with client(sqlite_url, notice_poll=0.05, allow_private_webhooks=True) as c:
        g = create(c, ["human", "greedy", "human"], game="highcard", players=3, seed=None,
                   names=["Ada", "Cy", "Bo"])
        ta, tb = (s["token"] for s in g["seats"])
        bo = _profile(c, "Bo")
        r = c.post(f"/api/games/{g['id']}/seats/2/claim", headers=auth(tb), json={"player_key": bo})
        assert r.status_code == 200, r.text
        r = c.put("/api/players/me/notify", headers=auth(bo), json={"webhook": "http://127.0.0.1:9/hook"})
        assert r.status_code == 200, r.text
        assert _rematch(c, g, ta).status_code == 409  # not over yet
        _finish(c, g, [ta, tb])
        assert view(c, g, ta)["rematch"] is None
        r = _rematch(c, g, g["spectator"])
        assert r.status_code == 403

        r = _rematch(c, g, ta)
        assert r.status_code == 201, r.text
        new = r.json()
        assert sorted(s["seat"] for s in new["seats"]) == [0, 2] and new["spectator"]
        n = {"id": new["id"]}
        first = view(c, n, new["seats"][0]["token"])
        old = view(c, g, ta)
        same = [(s["name"], s["kind"]) for s in old["seats"]]
        assert [(s["name"], s["kind"]) for s in first["seats"]] == same
        assert first["game"] == "highcard" and not first["terminal"] and not first["fixed_seed"]
        old_summary = c.get(f"/api/games/{g['id']}/summary", headers=auth(ta)).json()
        new_summary = c.get(f"/api/games/{new['id']}/summary", headers=auth(new["spectator"]))
        assert new_summary.json()["config"] == old_summary["config"]
        assert new_summary.json()["seed_commitment"] != old_summary["seed_commitment"]  # a new deal
        for token in (ta, tb, g["spectator"]):  # the old table offers to join it
            assert view(c, g, token)["rematch"] == new["id"]

        r = _rematch(c, g, tb)  # Bo joins: the same game, a token for his own seat
        assert r.status_code == 200, r.text
        joined = r.json()
        assert joined["id"] == new["id"] and [s["seat"] for s in joined["seats"]] == [2]
        assert view(c, n, joined["seats"][0]["token"])["seat"] == 2
        again = _rematch(c, g, ta)
        assert again.status_code == 200 and again.json()["id"] == new["id"]  # never a second game

        me = c.get("/api/players/me", headers=auth(bo)).json()  # Bo's profile holds the new seat
        assert {(x["id"], x["seat"]) for x in me["games"]} >= {(new["id"], 2), (g["id"], 2)}
        service = c.app.state.service  # type: ignore[attr-defined]
        jobs = [j for j in service.store.notices(new["id"]) if j["event"] == "rematch"]
        assert [(j["seat"], j["channel"]) for j in jobs] == [(2, "webhook")]  # Bo is told; Ada asked


def test_open_seats_are_listed_and_taken_once(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        for bad, words in (([1], "not a person's seat"), ([5], "not a person's seat"), ([0, 0], "twice")):
            r = c.post("/api/games", json={"game": "moonrakers", "players": 2, "seats": ["human", "greedy"],
                                           "open_seats": bad})
            assert r.status_code == 400 and words in r.json()["error"], r.text
        g = create(c, ["human", "human", "human"], seed=3, open_seats=[1, 2],
                   names=["Ada", "Open 1", "Open 2"])
        assert [s["seat"] for s in g["seats"]] == [0]  # no token for an open seat
        ta = g["seats"][0]["token"]
        seats = view(c, g, ta)["seats"]
        assert [s["open"] for s in seats] == [False, True, True]
        assert not any(s["away"] for s in seats)  # an open seat is waited for, never handed to a bot
        listed = c.get("/api/open").json()["games"]
        open_now = [(x["id"], [s["seat"] for s in x["seats"] if s["open"]]) for x in listed]
        assert open_now == [(g["id"], [1, 2])]

        zed, yan = _profile(c, "Zed"), _profile(c, "Yan")
        assert c.post(f"/api/games/{g['id']}/seats/1/take").status_code == 401  # a player key is needed
        assert c.post(f"/api/games/{g['id']}/seats/0/take", headers=auth(zed)).status_code == 409  # held
        r = c.post(f"/api/games/{g['id']}/seats/1/take", headers=auth(zed))
        assert r.status_code == 200, r.text
        tz = r.json()["token"]
        assert view(c, g, tz)["seat"] == 1
        r = c.post(f"/api/games/{g['id']}/seats/1/take", headers=auth(yan))
        assert r.status_code == 409 and "taken" in r.json()["error"]  # once
        assert [s["open"] for s in view(c, g, ta)["seats"]] == [False, False, True]
        me = c.get("/api/players/me", headers=auth(zed)).json()
        assert [(x["id"], x["seat"]) for x in me["games"]] == [(g["id"], 1)]
        r = c.post(f"/api/games/{g['id']}/seats/2/take", headers=auth(yan))
        assert r.status_code == 200, r.text
        assert c.get("/api/open").json()["games"] == []  # nothing open any more
