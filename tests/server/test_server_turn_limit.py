"""The create-game request's `turn_limit`: Space Lanes' optional turn limit (ruling L21), checked at
the boundary.

L21: "If a game has a turn limit (option), the player closest to its goal (each goal defines its
progress as a fraction) wins when it is reached."
"""

from __future__ import annotations

import re

from tests.server.server_helpers import auth, client, create, wait_for

TURN = re.compile(r"begins turn (\d+)")


def test_a_space_lanes_turn_limit_ends_the_game_when_reached(sqlite_url: str) -> None:
    """L21: three bots with a limit of 4 turns: the game ends on the limit, and the closest wins."""
    with client(sqlite_url) as c:
        g = create(c, ["random", "random", "random"], seed=7, game="spacelanes", turn_limit=4)
        v = wait_for(c, g, g["spectator"], lambda v: v["terminal"])
        texts = [line["text"] for line in v["log"]]
        assert any(t.startswith("The turn limit is reached:") for t in texts), texts[-5:]
        assert max(int(m.group(1)) for t in texts if (m := TURN.search(t))) <= 4
        assert v["status"] == "finished" and v["winners"]
        summary = c.get(f"/api/games/{g['id']}/summary", headers=auth(g["spectator"])).json()
        assert summary["config"]["turn_limit"] == 4 and summary["winners"] == v["winners"]


def test_no_turn_limit_by_default_and_zero_means_none(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        for extra in ({}, {"turn_limit": 0}):
            g = create(c, ["human", "human"], seed=3, game="spacelanes", **extra)
            summary = c.get(f"/api/games/{g['id']}/summary", headers=auth(g["spectator"])).json()
            assert summary["config"].get("turn_limit", 0) == 0 and summary["status"] == "running"


def test_bad_turn_limits_are_refused_with_the_projects_error(sqlite_url: str) -> None:
    base = {"game": "spacelanes", "players": 2, "seats": ["human", "human"]}
    with client(sqlite_url) as c:
        for bad, status in ((-1, 422), (1001, 422), ("10", 422), (2.5, 422), (True, 422), (None, 201)):
            r = c.post("/api/games", json={**base, "turn_limit": bad})
            assert r.status_code == status, (bad, r.text)
            if status != 201:
                assert isinstance(r.json()["error"], str) and "turn_limit" in r.json()["error"]
        r = c.post("/api/games", json={"game": "moonrakers", "players": 2, "seats": ["human", "human"],
                                       "turn_limit": 10})
        assert r.status_code == 400 and r.json() == {"error": "Moonrakers has no turn limit"}
