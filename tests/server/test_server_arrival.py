"""A person who has not opened the table yet is "not here yet", not "reconnecting" (docs/server.md,
"A seat belongs to its player"): a seat's ``arrived`` turns true when its person connects (pushed to
the others at once) or decides, and a bot's seat has always arrived."""

from __future__ import annotations

from tests.server.server_helpers import auth, client, create, view


def test_a_seat_arrives_when_its_person_connects(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human", "greedy"], seed=2)
        ta, tb = (s["token"] for s in g["seats"])
        seats = view(c, g, ta)["seats"]
        assert [s["arrived"] for s in seats] == [False, False, True]  # a GET is not presence
        with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(ta)) as wa:
            first = wa.receive_json()
            assert [s["arrived"] for s in first["seats"]] == [True, False, True]
            with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(tb)) as wb:
                wb.receive_json()
                while True:  # Ada's table hears that Bo came
                    m = wa.receive_json()
                    if m["type"] == "view" and m["seats"][1]["arrived"]:
                        break
        seats = view(c, g, g["spectator"])["seats"]
        assert [s["arrived"] for s in seats] == [True, True, True]  # gone again, but they did come
        assert [s["connected"] for s in seats] == [False, False, True]
    with client(sqlite_url) as c:  # a new process: who decided has arrived; who only looked has not
        views = {seat: view(c, g, tok) for seat, tok in ((0, ta), (1, tb))}
        seat, v = next((s, v) for s, v in views.items() if v["legal_actions"])
        assert not any(x["arrived"] for x in v["seats"][:2])
        r = c.post(f"/api/games/{g['id']}/actions", headers=auth((ta, tb)[seat]),
                   json={"action": v["legal_actions"][0]["text"], "version": v["version"]})
        assert r.status_code == 200, r.text
        after = view(c, g, g["spectator"])["seats"]
        assert after[seat]["arrived"] and not after[1 - seat]["arrived"]
