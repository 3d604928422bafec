"""The JSON API: creating games, views, actions, summaries, the lobby page (TestClient, SQLite)."""

from __future__ import annotations

import time
from pathlib import Path

from tests.server.server_helpers import auth, client, create, play_step, view, wait_for


def test_create_and_view(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "greedy", "human"], expansions=["binding-ties"], names=["Ana", "", "Bo"])
        assert [s["seat"] for s in g["seats"]] == [0, 2]
        assert len({s["token"] for s in g["seats"]} | {g["spectator"]}) == 3
        v = view(c, g, g["seats"][0]["token"])
        for key in ("id", "game", "version", "terminal", "winners", "seat", "seats", "current_player",
                    "decision", "view", "log", "legal_actions", "intent", "undo", "status", "message"):
            assert key in v
        assert v["seat"] == 0 and v["status"] == "running" and not v["terminal"] and v["winners"] == []
        assert [s["name"] for s in v["seats"]] == ["Ana", "greedy bot 2", "Bo"]
        assert [s["kind"] for s in v["seats"]] == ["human", "greedy", "human"]
        assert v["view"]["player"] == 0 and "hand" in v["view"]["players"][0]
        assert "hand" not in v["view"]["players"][2]
        spectator = view(c, g, g["spectator"])
        assert spectator["seat"] is None and spectator["legal_actions"] == []
        assert all("hand" not in p for p in spectator["view"]["players"])


def test_actions_advance_the_game(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "random", "human"], seed=3)
        tokens = [s["token"] for s in g["seats"]]
        last = -1
        for i in range(60):
            v = play_step(c, g, tokens, pick=i)
            if v is None:
                break
            assert v["version"] > last
            last = v["version"]
        assert last > 0
        log = view(c, g, g["spectator"])["log"]
        # each line cites its rule as data, which GET /api/rules/moonrakers explains; never in the text
        rules = c.get("/api/rules/moonrakers").json()["rules"]
        assert log and all(line["rule"] in rules and not line["text"].endswith("]") for line in log)


def test_prefix_illegal_and_unparseable_actions(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "greedy"])
        tok = g["seats"][0]["token"]
        v = wait_for(c, g, tok, lambda v: bool(v["legal_actions"]))
        url = f"/api/games/{g['id']}/actions"
        for bad in ("no such action at all", "buy-part 9999", "   "):
            r = c.post(url, headers=auth(tok), json={"action": bad, "version": v["version"]})
            assert r.status_code in (400, 422), r.text
            assert isinstance(r.json()["error"], str)
        assert view(c, g, tok)["version"] == v["version"]
        first = v["legal_actions"][0]["text"]
        r = c.post(url, headers=auth(tok), json={"action": first, "version": v["version"]})
        assert r.status_code == 200 and r.json()["version"] > v["version"]


def test_bad_configs_are_refused(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        cases = [
            {"game": "moonrakers", "players": 3, "seats": ["human", "human"]},
            {"game": "moonrakers", "players": 3, "seats": ["human", "nobot", "human"]},
            {"game": "chess", "players": 2, "seats": ["human", "human"]},
            {"game": "moonrakers", "players": 9, "seats": ["human"] * 9},
            {"game": "moonrakers", "players": 2, "seats": ["human", "human"], "expansions": ["nope"]},
            {"game": "moonrakers", "players": 2, "seats": ["human", "human"], "names": ["x" * 41]},
            {"game": "moonrakers", "players": 2, "seats": ["human", "human"], "color": "red"},
            {"game": "moonrakers", "players": "two", "seats": ["human", "human"]},
        ]
        for body in cases:
            r = c.post("/api/games", json=body)
            assert r.status_code in (400, 422), (body, r.text)
            assert isinstance(r.json()["error"], str) and r.json()["error"]


def test_names_that_could_pass_for_another_seat_are_refused(sqlite_url: str) -> None:
    """A display name is shown to every seat: a control or text-direction character (which can make a
    name read as someone else's) or a second seat of the same name is refused with a 400 that says
    why, and no game is created."""
    base = {"game": "moonrakers", "players": 2, "seats": ["human", "human"]}
    with client(sqlite_url) as c:
        for names, why in [(["\u202eevil", "Bo"], "U+202E"), (["x\u0000y", "Bo"], "U+0000"),
                           (["Ann", "ann "], "two seats are named"), (["Ann", "B\u2028o"], "U+2028")]:
            r = c.post("/api/games", json={**base, "names": names})
            assert r.status_code == 400, (names, r.text)
            assert why in r.json()["error"]
        ok = c.post("/api/games", json={**base, "names": ["Zoë 🚀", "李"]})
        assert ok.status_code == 201, ok.text
        v = view(c, ok.json(), ok.json()["spectator"])
        assert [seat["name"] for seat in v["seats"]] == ["Zoë 🚀", "李"]


def test_malformed_json_and_overlong_tokens_get_plain_answers(sqlite_url: str) -> None:
    """The parser's complaint names JSON and where it broke; a token longer than any issued one is an
    unknown token (401), not a missing one."""
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"])
        r = c.post(f"/api/games/{g['id']}/actions", content=b"{bad json",
                   headers={**auth(g["seats"][0]["token"]), "content-type": "application/json"})
        assert r.status_code == 422 and "not valid JSON" in r.json()["error"], r.text
        r = c.get(f"/api/games/{g['id']}/view", headers=auth("t" * 10_000))
        assert r.status_code == 401 and r.json()["error"] == "unknown token for this game"


def test_script_names_are_stored_and_returned_as_data(sqlite_url: str) -> None:
    evil = "<script>alert(1)</script>"
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], names=[evil, "Bo"])
        v = view(c, g, g["spectator"])
        assert v["seats"][0]["name"] == evil
        assert c.get(f"/api/games/{g['id']}/summary", headers=auth(g["spectator"])).json()["seats"][0][
            "name"] == evil
        r = c.get(f"/api/games/{g['id']}/view", headers=auth(g["spectator"]))
        assert r.headers["content-type"].startswith("application/json")


def test_summary_and_standings_of_a_bot_game(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["random", "random"], seed=11)
        s = wait_for(c, g, g["spectator"], lambda v: v["terminal"], timeout=60)
        assert s["status"] == "finished" and s["winners"] and s["current_player"] is None
        summ = c.get(f"/api/games/{g['id']}/summary", headers=auth(g["spectator"])).json()
        assert summ["status"] == "finished" and summ["winners"] == s["winners"]
        assert summ["standings"][0]["winner"] and len(summ["standings"]) == 2
        assert "prestige" in summ["standings"][0]["public"]


def test_meta_docs_and_pages(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        meta = c.get("/api/meta").json()
        moon = next(g for g in meta["games"] if g["name"] == "moonrakers")
        assert "greedy" in moon["bots"] and "binding-ties" in moon["options"]["expansions"]
        # `advisor` says which games the /advice route answers for (the table's Hint button)
        advised = {g["name"]: g["advisor"] for g in meta["games"]}
        assert advised["moonrakers"] and advised["spacelanes"] and not advised["highcard"]
        assert c.get("/openapi.json").json()["paths"]["/api/games/{game_id}/actions"]
        index = c.get("/")
        assert index.status_code == 200 and "<html" in index.text.lower()
        assert c.get("/game/abc123").text == index.text
        static = Path(__file__).resolve().parents[2] / "spacetable" / "server" / "static" / "index.html"
        if static.is_file():
            assert c.get("/static/index.html").status_code == 200
        assert c.get("/static/../server/app.py").status_code == 404


def test_hand_a_seat_to_a_bot(sqlite_url: str) -> None:
    """A seat whose person has been away for the grace period (here 0.3 s) may be handed to a bot
    (tests/server/test_server_guard.py: never a present person's)."""
    with client(sqlite_url, handoff_after=0.3) as c:
        g = create(c, ["human", "human", "random"], seed=4)
        t0, t1 = (s["token"] for s in g["seats"])
        url = f"/api/games/{g['id']}/seats/1/bot"
        assert c.post(url, headers=auth(g["spectator"]), json={"bot": "random"}).status_code == 403
        assert c.post(url, headers=auth(t0), json={"bot": "nobot"}).status_code == 400
        time.sleep(0.4)
        r = c.post(url, headers=auth(t0), json={"bot": "greedy"})
        assert r.status_code == 200, r.text
        assert r.json()["seats"][1]["kind"] == "greedy"
        assert c.post(url, headers=auth(t0), json={"bot": "greedy"}).status_code == 409
        assert view(c, g, t1)["legal_actions"] == []  # the old token now only watches its seat
        for i in range(30):  # seat 0 plays on; seat 1 is played by the bot
            if play_step(c, g, [t0], pick=i) is None:
                break
        assert "played by the greedy bot" in " ".join(line["text"] for line in view(c, g, t0)["log"])


def test_undo_against_bots(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "random"], seed=8)
        tok = g["seats"][0]["token"]
        url = f"/api/games/{g['id']}/undo"
        for i in range(200):
            before = wait_for(c, g, tok, lambda v: bool(v["legal_actions"]) or v["terminal"])
            if before["terminal"]:
                break
            after = play_step(c, g, [tok], pick=i)
            assert after is not None
            assert isinstance(after["undo"]["reason"], str)
            if not after["undo"]["allowed"]:
                continue
            r = c.post(url, headers=auth(tok), json={"version": after["version"]})
            if r.status_code == 409:  # a bot moved in between
                continue
            assert r.status_code == 200, r.text
            back = r.json()
            assert back["version"] == after["version"] + 1  # an undo is itself a record
            assert back["view"] == before["view"] and back["legal_actions"] == before["legal_actions"]
            assert "undo" in back["log"][-1]["text"]
            assert c.post(url, headers=auth(g["spectator"]), json={"version": back["version"]}
                          ).status_code == 403
            return
        raise AssertionError("undo was never offered against a bot")


def test_undo_between_two_humans_ends_when_the_other_decides(sqlite_url: str) -> None:
    """Undo at a table of people (docs/server.md, "Undo"): once the other person has decided after
    your last decision, your undo is refused with their name (more in test_server_undo_people)."""
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=2, names=["Ada", "Bo"])
        tokens = [s["token"] for s in g["seats"]]
        for _ in range(40):
            views = [view(c, g, t) for t in tokens]
            me = 0 if views[0]["legal_actions"] else 1
            if me == 1:
                break
            assert play_step(c, g, tokens) is not None
        v = play_step(c, g, tokens)  # Bo decides
        assert v is not None
        ada = view(c, g, tokens[0])
        assert not ada["undo"]["allowed"]
        r = c.post(f"/api/games/{g['id']}/undo", headers=auth(tokens[0]), json={"version": ada["version"]})
        assert r.status_code == 403 and r.json()["error"] == ada["undo"]["reason"]
        assert "Bo has decided since" in r.json()["error"] or "a die or a draw" in r.json()["error"]


def test_serve_command_refuses_bad_flags() -> None:
    from typer.testing import CliRunner

    from spacetable.cli.main import app

    runner = CliRunner()
    assert "--db" in runner.invoke(app, ["serve", "--help"]).output
    assert runner.invoke(app, ["serve", "--port", "70000"]).exit_code == 2
    assert runner.invoke(app, ["serve", "--bot-pause", "-1"]).exit_code == 2
