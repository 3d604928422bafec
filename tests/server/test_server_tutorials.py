"""Learning to play through the API: the lobby's facts per game (GET /api/meta: `default_bot`, `tutorial`,
`example`, `defaults`), the rule texts (GET /api/rules/{game}), and tutorials (POST /api/tutorials/{game}):
a guided game against fast bots whose coach speaks at every step, which a person finishes by following
the coach's recommendation (GET /advice's `recommended`), and which survives the server's restart (left
and resumed: the tutorial mark is the game's first record).
"""

from __future__ import annotations

import time
from typing import Any

from tests.server.server_helpers import auth, client


def follow_the_coach(c: Any, game_id: str, token: str, limit: int) -> tuple[dict[str, Any], int]:
    """Send the coach's recommendation at each of the seat's decisions until the tutorial is done."""
    steps = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        v = c.get(f"/api/games/{game_id}/view", headers=auth(token)).json()
        if v["tutorial"]["done"] or steps >= limit:
            return v, steps
        if not v["legal_actions"]:
            time.sleep(0.02)  # the bots' turn, played by the server
            continue
        advice = c.get(f"/api/games/{game_id}/advice", headers=auth(token)).json()
        assert advice["recommended"] in [a["text"] for a in v["legal_actions"]], advice
        assert advice["reason"] and v["tutorial"]["text"]
        r = c.post(f"/api/games/{game_id}/actions", headers=auth(token),
                   json={"action": advice["recommended"], "version": v["version"]})
        assert r.status_code == 200, r.text
        steps += 1
    raise AssertionError("the tutorial did not end in time")


def test_meta_says_what_a_newcomers_lobby_needs(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        games = {g["name"]: g for g in c.get("/api/meta").json()["games"]}
        for name in ("moonrakers", "spacelanes"):
            g = games[name]
            assert g["tutorial"] is True and g["example"] is False
            assert g["default_bot"] in g["bots"]
            assert all(values == [] for values in g["defaults"].values())  # no expansion or module ticked
            assert set(g["defaults"]) == set(g["options"])
            assert all(g["about"].get(v) for vs in g["options"].values() for v in vs)  # one line each
            assert g["pitch"] and g["lobby"] == f"{name}/lobby.js"  # "Learn <title>" and its option fields
        assert games["highcard"]["example"] is True and games["highcard"]["tutorial"] is False
        assert games["highcard"]["lobby"] is None  # a checkbox per option value


def test_rule_texts_by_id(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        moon = c.get("/api/rules/moonrakers")
        assert moon.status_code == 200
        rules = moon.json()["rules"]
        assert rules["3.4.9"]["title"] == "End of execution" and "hazard" in rules["3.4.9"]["text"].lower()
        assert "Faction Reputation" in rules["BT-earn"]["text"]
        lanes = c.get("/api/rules/spacelanes").json()["rules"]
        assert lanes["L17"]["title"] == "Missiles and Countermeasures"
        assert c.get("/api/rules/nogame").status_code == 404


def test_a_tutorial_is_finished_by_following_the_coach_and_survives_a_restart(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        assert c.post("/api/tutorials/highcard").status_code == 404
        assert c.post("/api/tutorials/moonrakers", json={"seed": 3}).status_code == 422
        made = c.post("/api/tutorials/moonrakers", json={})
        assert made.status_code == 201, made.text
        g = made.json()
        token = g["seats"][0]["token"]
        v = c.get(f"/api/games/{g['id']}/view", headers=auth(token)).json()
        t = v["tutorial"]
        assert t["title"] == "Learn Moonrakers" and t["intro"] and t["turns"] == 3 and not t["done"]
        assert v["guide"]["win"].startswith("Be the captain with the most Prestige")
        assert [p["key"] for p in v["guide"]["phases"]] == ["planning", "negotiation", "execution", "buying"]
        assert c.get(f"/api/games/{g['id']}/summary", headers=auth(token)).json()["tutorial"] is True
        spectator = c.get(f"/api/games/{g['id']}/view", headers=auth(g["spectator"])).json()
        assert spectator["tutorial"] is None  # the coach speaks to the learner's seat only
        v, steps = follow_the_coach(c, g["id"], token, limit=4)
        assert steps == 4 and not v["tutorial"]["done"]
    with client(sqlite_url) as c:  # the server restarted: the tutorial is resumed where it was left
        v = c.get(f"/api/games/{g['id']}/view", headers=auth(token)).json()
        assert v["tutorial"] is not None and v["tutorial"]["title"] == "Learn Moonrakers"
        v, steps = follow_the_coach(c, g["id"], token, limit=200)
        assert v["tutorial"]["done"] and v["view"]["turn"] == 4 and 10 < steps < 60
        assert v["tutorial"]["outro"]


def test_the_space_lanes_tutorial_ends_with_its_turn_limit(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = c.post("/api/tutorials/spacelanes").json()
        token = g["seats"][0]["token"]
        v = c.get(f"/api/games/{g['id']}/view", headers=auth(token)).json()
        assert v["guide"]["win"].startswith("Your Goal, ") and "After 8 turns" in v["guide"]["win"]
        v, steps = follow_the_coach(c, g["id"], token, limit=300)
        assert v["terminal"] and v["tutorial"]["done"] and steps < 150
        assert v["winners"] == [0]  # the fixed deal lets a learner who follows the coach win
