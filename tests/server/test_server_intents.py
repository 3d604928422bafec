"""Compound intents through the API: the offered form, a whole proposal applied in one transaction."""

from __future__ import annotations

import random

from tests.server.server_helpers import auth, client, view


def test_a_proposal_intent_applies_all_or_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/games", json={"game": "moonrakers", "players": 3, "seed": 61,
                                       "seats": ["human", "human", "human"]})
        g = r.json()
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        pick = random.Random(0)
        for _ in range(400):
            views = {s: view(c, g, t) for s, t in tokens.items()}
            seat, v = next((s, v) for s, v in views.items() if v["legal_actions"])
            form = v["intent"]
            if form is not None and form.get("kind") == "proposal":
                break
            choice = pick.choice(v["legal_actions"])["text"]
            assert c.post(f"/api/games/{g['id']}/actions", headers=auth(tokens[seat]),
                          json={"action": choice, "version": v["version"]}).status_code == 200
        else:
            raise AssertionError("no proposal was ever offered")
        url = f"/api/games/{g['id']}/intents"
        bad = c.post(url, headers=auth(tokens[seat]),
                     json={"intent": {"kind": "proposal", "invite": ["p9"]}, "version": v["version"]})
        assert bad.status_code == 400 and bad.json()["error"]
        assert view(c, g, tokens[seat])["version"] == v["version"]  # nothing changed
        other = next(s for s in tokens if s != seat)
        assert c.post(url, headers=auth(tokens[other]), json={"intent": {"invite": form["can_invite"][:1]},
                                                              "version": v["version"]}).status_code == 403
        ok = c.post(url, headers=auth(tokens[seat]),
                    json={"intent": {"kind": "proposal", "invite": form["can_invite"][:1]},
                          "version": v["version"]})
        assert ok.status_code == 200, ok.text
        assert ok.json()["version"] > v["version"] + 1  # several records in one go
        assert "proposes" in " ".join(line["text"] for line in ok.json()["log"][-10:])
