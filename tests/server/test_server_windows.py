"""Optional windows on the server (Binding Ties "at any time" reputation windows,
`State.optional_pass`): they pass by themselves for a person who has not asked to be stopped in
them (the optional-window decision: a person is not asked about a window they almost never need),
and stop for one who has (``POST /api/games/{id}/prefs``)."""

from __future__ import annotations

from spacetable.server.tables import HUMAN, Seat, Table, rules_version
from tests.games.moonrakers.helpers import at_own_window
from tests.server.server_helpers import auth, client, create, play_step, view

CONFIG = {"players": 4, "modules": [], "expansions": ["binding-ties"]}


def _table(stop: bool) -> Table:
    seats = [Seat(0, "Ana", HUMAN, stop_at_windows=stop)] + [Seat(i, f"bot {i}", "greedy") for i in (1, 2, 3)]
    state = at_own_window()
    state.events = []
    return Table("t", "moonrakers", dict(CONFIG), 3, rules_version("moonrakers"), seats, state)


def test_a_window_passes_for_a_person_who_did_not_ask_to_stop() -> None:
    table = _table(stop=False)
    plan = table.plan_advance()
    assert plan.records and plan.records[0].kind == "auto" and plan.records[0].text == "done"
    assert not (plan.state.current_player() == 0 and plan.state.decision_name() == "reputation.window")


def test_a_window_stops_for_a_person_who_asked() -> None:
    table = _table(stop=True)
    plan = table.plan_advance()
    assert plan.records == [] and plan.state.decision_name() == "reputation.window"
    # turning the preference off passes the pending window at once, and is itself a record
    plan = table.plan_prefs(0, False)
    assert [r.kind for r in plan.records[:2]] == ["prefs", "auto"] and plan.records[1].text == "done"
    assert plan.seats[0].stop_at_windows is False


def test_prefs_route_records_the_choice_and_survives_a_restart(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "greedy", "greedy"], seed=5, expansions=["binding-ties"])
        token = g["seats"][0]["token"]
        before = view(c, g, token)
        assert before["prefs"] == {"stop_at_windows": False}
        assert view(c, g, g["spectator"])["prefs"] is None
        r = c.post(f"/api/games/{g['id']}/prefs", json={"stop_at_windows": True}, headers=auth(token))
        assert r.status_code == 200 and r.json()["prefs"] == {"stop_at_windows": True}
        assert r.json()["version"] == before["version"] + 1
        assert c.post(f"/api/games/{g['id']}/prefs", json={"stop_at_windows": True},
                      headers=auth(g["spectator"])).status_code == 403
        assert c.post(f"/api/games/{g['id']}/prefs", json={"stop_at_windows": "yes"},
                      headers=auth(token)).status_code == 422
    with client(sqlite_url) as c:  # replayed from the records
        assert view(c, g, token)["prefs"] == {"stop_at_windows": True}


def test_people_are_never_asked_at_a_window_by_default(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human", "human"], seed=7, expansions=["binding-ties"])
        tokens = [s["token"] for s in g["seats"]]
        for i in range(150):
            v = play_step(c, g, tokens, pick=i)
            if v is None:
                break
            assert v["decision"] != "reputation.window" or not v["legal_actions"]
