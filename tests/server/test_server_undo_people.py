"""Undo between people (docs/server.md, "Undo"): at any table a person may take back their own last
decision while no other seat has decided since, no die or draw was taken, nothing hidden was revealed
by it and the rules do not make it final (`engine.undo`, unchanged). The view always carries the
answer with its reason, so the page can show the button disabled with the reason."""

from __future__ import annotations

import random

from tests.server.server_helpers import auth, client, create, view


def _decider(views: list[dict[str, object]]) -> int | None:
    for i, v in enumerate(views):
        if v["legal_actions"]:
            return i
    return None


def test_two_people_hire_undo_and_the_other_persons_decision_ends_it(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=5, names=["Ada", "Bo"])
        tokens = [s["token"] for s in g["seats"]]
        names = ["Ada", "Bo"]
        pick = random.Random(2)
        bought = refused_other = refused_draw = drawn = 0
        for _ in range(400):
            views = [view(c, g, t) for t in tokens]
            if views[0]["terminal"]:
                break
            me = _decider(views)
            assert me is not None
            other = 1 - me
            mine = views[me]
            # the other person decided last, or a draw came after: the reason says which
            if not views[other]["undo"]["allowed"]:
                reason = views[other]["undo"]["reason"]
                assert reason
                refused_other += f"{names[me]} has decided since" in reason
                refused_draw += "a die or a draw" in reason
            if not views[other]["undo"]["allowed"]:  # and the server refuses it with that reason
                r = c.post(f"/api/games/{g['id']}/undo", headers=auth(tokens[other]),
                           json={"version": views[other]["version"]})
                assert r.status_code == 403 and r.json()["error"] == views[other]["undo"]["reason"]
            texts = [a["text"] for a in mine["legal_actions"]]
            buys = [t for t in texts if t.startswith("buy ")]
            hires = [t for t in texts if t.startswith("merc ")]
            choice = (buys[0] if buys and drawn < 2 else hires[0] if hires and bought < 4
                      else pick.choice(texts))
            r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tokens[me]),
                       json={"action": choice, "version": mine["version"]})
            assert r.status_code == 200, r.text
            after = r.json()
            if choice.startswith("buy "):
                # buying from the armory refills it from the deck (a draw): never undone
                assert not after["undo"]["allowed"], after["undo"]
                assert "showed you something hidden" in after["undo"]["reason"]
                drawn += 1
            elif choice.startswith("merc ") and after["undo"]["allowed"]:
                # hiring a card for the mission (paid in credits) draws and reveals nothing:
                # taken back, the same choice is offered again
                r = c.post(f"/api/games/{g['id']}/undo", headers=auth(tokens[me]),
                           json={"version": after["version"]})
                assert r.status_code == 200, r.text
                undone = r.json()
                assert choice in {a["text"] for a in undone["legal_actions"]}
                assert undone["view"] == mine["view"]
                bought += 1
                continue
        assert bought >= 2, "no hired card was taken back"
        assert drawn >= 1, "no armory purchase was tried"
        assert refused_other >= 5, "the other person's decision never ended an undo"
        assert refused_draw >= 1, "no draw came after a decision"


def test_a_draw_is_never_undone(sqlite_url: str) -> None:
    """Whenever the last entry of the log is a die or a draw, undo is refused for both people."""
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=9)
        tokens = [s["token"] for s in g["seats"]]
        pick = random.Random(4)
        seen = 0
        for _ in range(250):
            views = [view(c, g, t) for t in tokens]
            if views[0]["terminal"]:
                break
            me = _decider(views)
            assert me is not None
            r = c.get(f"/api/games/{g['id']}/replay", headers=auth(tokens[0]))
            assert r.status_code == 409  # running: no replay; the records are read from the store instead
            records = c.app.state.service.store.fetch(g["id"]).records  # type: ignore[attr-defined]
            last_entry = [rec for rec in records if rec.kind in ("action", "auto", "chance", "joined")]
            if last_entry and last_entry[-1].kind == "chance":
                seen += 1
                for v in views:
                    assert not v["undo"]["allowed"]
            choice = pick.choice(views[me]["legal_actions"])["text"]
            r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tokens[me]),
                       json={"action": choice, "version": views[me]["version"]})
            assert r.status_code == 200, r.text
        assert seen >= 5
