"""Replays of finished games and what spectators receive: public information only, until the end.

A replay position without `reveal` is the spectator's view at that version and must name no card
hidden from the spectator then (the leak checker of test_server_leaks); once the game is over a
seat's own view and every seat's hidden part may be shown. Running games have no replay (409).
"""

from __future__ import annotations

import json
from typing import Any

from spacetable.engine.record import replay_actions
from spacetable.server.tables import load_table
from tests.server.server_helpers import auth, client, create, view, wait_for
from tests.server.test_server_leaks import knowledge_of


def _finished(c: Any, seats: list[str], seed: int, **extra: Any) -> dict[str, Any]:
    g = create(c, seats, seed=seed, **extra)
    wait_for(c, g, g["spectator"], lambda v: bool(v["terminal"]), timeout=60)
    return g


def test_replay_steps_are_the_spectator_views_and_leak_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = _finished(c, ["greedy", "random", "greedy"], seed=41, expansions=["binding-ties"])
        tok = g["spectator"]
        idx = c.get(f"/api/games/{g['id']}/replay", headers=auth(tok)).json()
        final = view(c, g, tok)
        assert idx["last"] == final["version"] == len(idx["steps"]) and idx["status"] == "finished"
        assert [s["n"] for s in idx["steps"]] == list(range(1, idx["last"] + 1))
        turns = [t["turn"] for t in idx["turns"]]
        assert turns == sorted(turns) and len(turns) > 3  # Moonrakers counts turns (3.1)
        stored = c.app.state.service.store.fetch(g["id"])  # type: ignore[attr-defined]
        k = knowledge_of(stored)
        table = load_table(stored)
        for n in range(0, idx["last"] + 1, max(1, idx["last"] // 60)):
            r = c.get(f"/api/games/{g['id']}/replay/{n}", headers=auth(tok))
            assert r.status_code == 200, r.text
            body = r.json()
            assert body["version"] == n and body["seat"] is None and body["legal_actions"] == []
            assert "hidden" not in body
            texts: list[str | dict[str, str]] = [t for m, t in table.actions if m < n]
            state = replay_actions("moonrakers", dict(stored.config), stored.seed, texts)
            assert body["view"] == state.view(None).to_json()  # the server adds nothing to view(None)
            k.check(None, n, r.text)  # and nothing hidden from a spectator at n reaches it
        end = c.get(f"/api/games/{g['id']}/replay/{idx['last']}", headers=auth(tok)).json()
        assert end["terminal"] and end["winners"] == final["winners"]


def test_reveal_and_seat_views_once_over(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = _finished(c, ["greedy", "greedy"], seed=42)
        tok = g["spectator"]
        idx = c.get(f"/api/games/{g['id']}/replay", headers=auth(tok)).json()
        mid = idx["last"] // 2
        body = c.get(f"/api/games/{g['id']}/replay/{mid}?reveal=true", headers=auth(tok)).json()
        assert set(body["hidden"]) == {"p1", "p2"}
        paths = {h["path"] for h in body["hidden"]["p1"]}
        assert "players.0.hand" in paths and "players.0.objectives" in paths  # 1.3: hidden until the end
        assert not any(p.startswith("players.1.") for p in paths)  # p1's view holds nothing of p2's
        seat1 = c.get(f"/api/games/{g['id']}/replay/{mid}?seat=1", headers=auth(tok)).json()
        assert seat1["seat"] == 1 and "hand" in seat1["view"]["players"][1]
        assert "hand" not in seat1["view"]["players"][0]
        for bad, code in ((f"{idx['last'] + 1}", 404), ("-1", 422), ("0?seat=7", 404), ("x", 422)):
            assert c.get(f"/api/games/{g['id']}/replay/{bad}", headers=auth(tok)).status_code == code
        assert c.get(f"/api/games/{g['id']}/replay/0").status_code == 401
        other = _finished(c, ["random", "random"], seed=43)
        assert c.get(f"/api/games/{g['id']}/replay/0", headers=auth(other["spectator"])).status_code == 401


def test_running_games_have_no_replay_and_spectators_get_public_views(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "greedy"], seed=44)
        for tok in (g["spectator"], g["seats"][0]["token"]):
            r = c.get(f"/api/games/{g['id']}/replay", headers=auth(tok))
            assert r.status_code == 409 and "live" in r.json()["error"]
            assert c.get(f"/api/games/{g['id']}/replay/0?reveal=true", headers=auth(tok)).status_code == 409
        with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(g["spectator"])) as ws:
            m = json.loads(ws.receive_text())
            assert m["seat"] is None and m["legal_actions"] == [] and m["prefs"] is None
            for p in m["view"]["players"]:
                assert not {"hand", "objectives", "draw_contents"} & set(p)


def test_space_lanes_replay_and_spectator_are_view_none(sqlite_url: str) -> None:
    """Space Lanes: goals, hands and face-down settlements stay out of the spectator's replay."""
    with client(sqlite_url) as c:
        r = c.post("/api/games", json={"game": "spacelanes", "players": 2, "seats": ["random", "random"],
                                       "seed": 45, "modes": ["exploration"]})
        assert r.status_code == 201, r.text
        g = r.json()
        wait_for(c, g, g["spectator"], lambda v: bool(v["terminal"]), timeout=90)
        tok = g["spectator"]
        idx = c.get(f"/api/games/{g['id']}/replay", headers=auth(tok)).json()
        stored = c.app.state.service.store.fetch(g["id"])  # type: ignore[attr-defined]
        table = load_table(stored)
        for n in range(0, idx["last"] + 1, max(1, idx["last"] // 25)):
            body = c.get(f"/api/games/{g['id']}/replay/{n}", headers=auth(tok)).json()
            texts: list[str | dict[str, str]] = [t for m, t in table.actions if m < n]
            state = replay_actions("spacelanes", dict(stored.config), stored.seed, texts)
            assert body["view"] == state.view(None).to_json()
            seat_views = [json.dumps(state.view(q).to_json()) for q in range(2)]
            assert all(json.dumps(body["view"]) != v for v in seat_views) or n == 0
        mid = idx["last"] // 2
        revealed = c.get(f"/api/games/{g['id']}/replay/{mid}?reveal=true", headers=auth(tok)).json()
        assert revealed["hidden"]["p1"] and revealed["hidden"]["p2"]
