"""Security rules: tokens act only for their seat, bad input gets a 4xx {"error"} and changes nothing."""

from __future__ import annotations

import json
import threading
from typing import Any

import httpx

from tests.server.server_helpers import auth, client, create, view, wait_for


def _decider(c: Any, g: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """(deciding token, other human token, view of the decider) once a human must decide."""
    t0, t1 = (s["token"] for s in g["seats"])
    while True:
        for me, other in ((t0, t1), (t1, t0)):
            v = view(c, g, me)
            if v["legal_actions"]:
                return me, other, v


def test_tokens_act_only_for_their_seat(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human", "greedy"], seed=5)
        other_game = create(c, ["human", "human"], seed=6)
        me, other, v = _decider(c, g)
        url = f"/api/games/{g['id']}/actions"
        action = {"action": v["legal_actions"][0]["text"], "version": v["version"]}
        cases = [
            ({}, 401),  # no token
            (auth("not-a-token"), 401),
            ({"Authorization": "Basic abc"}, 401),
            (auth(other_game["seats"][0]["token"]), 401),  # a token of another game
            (auth(g["spectator"]), 403),
            (auth(other), 403),  # out of turn
        ]
        for headers, status in cases:
            r = c.post(url, headers=headers, json=action)
            assert r.status_code == status, (headers, r.text)
            assert isinstance(r.json()["error"], str)
        for headers in ({}, auth("nope"), auth(other_game["spectator"])):
            assert c.get(f"/api/games/{g['id']}/view", headers=headers).status_code == 401
        assert c.get("/api/games/nosuchgame/view", headers=auth(me)).status_code == 404
        assert view(c, g, me)["version"] == v["version"]  # nothing changed
        assert c.post(url, headers=auth(me), json=action).status_code == 200


def test_malformed_oversized_and_stale_requests(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=7)
        me, _, v = _decider(c, g)
        url = f"/api/games/{g['id']}/actions"
        h = {**auth(me), "content-type": "application/json"}
        bodies: list[bytes] = [
            b"{bad json", b"[]", b"null", b'"text"',
            json.dumps({"action": 5, "version": v["version"]}).encode(),
            json.dumps({"action": "x"}).encode(), json.dumps({"version": v["version"]}).encode(),
            json.dumps({"action": "x" * 1001, "version": v["version"]}).encode(),
            json.dumps({"action": "a", "version": -1}).encode(),
            json.dumps({"action": "a", "version": v["version"], "extra": 1}).encode(),
            b"\xff\xfe\x00", json.dumps({"action": "\u0000\ud800", "version": 0}).encode(),
        ]
        for body in bodies:
            r = c.post(url, headers=h, content=body)
            assert 400 <= r.status_code < 500, (body, r.status_code, r.text)
            assert isinstance(r.json()["error"], str)
        r = c.post(url, headers=h, content=json.dumps({"action": "a" * 20000, "version": 0}).encode())
        assert r.status_code == 413 and "error" in r.json()
        r = c.post(url, headers=auth(me), json={"action": v["legal_actions"][0]["text"],
                                                "version": v["version"] + 1})
        assert r.status_code == 409 and "version" in r.json()["error"]
        if v["version"] > 0:
            r = c.post(url, headers=auth(me), json={"action": v["legal_actions"][0]["text"],
                                                    "version": v["version"] - 1})
            assert r.status_code == 409
        for path in ("intents", "undo", "seats/0/bot"):
            r = c.post(f"/api/games/{g['id']}/{path}", headers=h, content=b"{")
            assert r.status_code == 422 and "error" in r.json()
        r = c.post(f"/api/games/{g['id']}/intents", headers=auth(me),
                   json={"intent": {"kind": "nonsense"}, "version": v["version"]})
        assert r.status_code == 400 and r.json()["error"]
        assert view(c, g, me)["version"] == v["version"]


def test_concurrent_posts_are_serialized(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=9)
        me, _, v = _decider(c, g)
        texts = [a["text"] for a in v["legal_actions"]]
        results: list[int] = []
        lock = threading.Lock()

        def post(i: int) -> None:
            r = c.post(f"/api/games/{g['id']}/actions", headers=auth(me),
                       json={"action": texts[i % len(texts)], "version": v["version"]})
            with lock:
                results.append(r.status_code)

        threads = [threading.Thread(target=post, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results).count(200) == 1, results
        assert all(s in (200, 409, 403) for s in results), results
        after = view(c, g, me)
        first = c.get(f"/api/games/{g['id']}/view", headers=auth(g["spectator"])).json()
        assert after["version"] == first["version"] > v["version"]


def test_real_server_never_answers_500(sqlite_url: str) -> None:
    """Garbage over a real socket: methods, paths, headers; every answer is a 4xx JSON error."""
    from tests.server.server_helpers import free_port, serve_process

    port = free_port()
    with serve_process(sqlite_url, port), httpx.Client(base_url=f"http://127.0.0.1:{port}") as c:
        g = create(c, ["human", "random"], seed=3)
        tok = g["seats"][0]["token"]
        wait_for(c, g, tok, lambda v: bool(v["legal_actions"]))
        requests = [
            ("POST", f"/api/games/{g['id']}/actions", {"content": b"\x00" * 100}),
            ("POST", f"/api/games/{g['id']}/actions", {"content": b"{" * 5000}),
            ("PUT", f"/api/games/{g['id']}/actions", {}),
            ("POST", "/api/games", {"content": b"9" * 10000}),
            ("POST", "/api/games", {"json": {"game": "moonrakers", "players": 2 ** 70, "seats": []}}),
            ("POST", "/api/games", {"json": {"game": "moonrakers", "players": 2, "seats": ["human"] * 2,
                                             "seed": -5}}),
            ("GET", f"/api/games/{'x' * 500}/view", {}),
            ("POST", f"/api/games/{g['id']}/seats/99/bot", {"json": {"bot": "random"}}),
            ("POST", f"/api/games/{g['id']}/seats/-1/bot", {"json": {"bot": "random"}}),
            ("POST", f"/api/games/{g['id']}/intents", {"json": {"intent": [], "version": 0}}),
        ]
        for method, path, kw in requests:
            r = c.request(method, path, headers=auth(tok), **kw)
            assert 400 <= r.status_code < 500, (method, path, r.status_code, r.text)
            assert "error" in r.json() and "Traceback" not in r.text
