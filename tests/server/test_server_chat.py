"""Table chat (docs/server.md, "Table chat"): short messages of the players, stored and returned
verbatim as data, in every view (spectators read), pushed live on the WebSocket (across processes on
PostgreSQL), one a second per seat; anything refused changes nothing."""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.sync.client import connect

from tests.server.server_helpers import auth, client, create, until, view
from tests.server.test_server_processes import two_servers

TRICKY = ['<script>alert("x")</script> & <b>bold</b>', "\u202eevil\u202c mark \u200f\u05e9\u05dc\u05d5\u05dd",
          "  two  spaces, a tab\tand a\nnewline  ", "🚀" * 5]


def _chat(c: Any, g: dict[str, Any], token: str, text: Any) -> Any:
    return c.post(f"/api/games/{g['id']}/chat", headers=auth(token), json={"text": text})


def test_messages_are_stored_verbatim_seen_by_every_seat_and_the_spectator_and_pushed(
        sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human", "greedy"], seed=4, names=["Ada", "Bo", "Cyd"])
        ta, tb = (s["token"] for s in g["seats"])
        before = view(c, g, ta)
        assert before["chat"] == []
        with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(g["spectator"])) as ws:
            first = ws.receive_json()
            assert first["type"] == "view" and first["chat"] == []
            for i, text in enumerate(TRICKY):
                r = _chat(c, g, ta if i % 2 == 0 else tb, text)
                assert r.status_code == 201, r.text
                msg = r.json()["message"]
                assert msg["text"] == text and msg["n"] == i + 1 and msg["seat"] == i % 2
                assert msg["name"] == ("Ada", "Bo")[i % 2] and msg["at"].endswith("Z")
                pushed = ws.receive_json()  # the spectator's socket hears it at once
                assert pushed == {"type": "chat", "message": msg}
                if i % 2:
                    time.sleep(1.0)  # one a second per seat
        for token in (ta, tb, g["spectator"]):
            got = view(c, g, token)
            assert [m["text"] for m in got["chat"]] == TRICKY  # verbatim: markup and marks are data
            assert got["version"] == before["version"]  # chat is not a move: the game's version stays


def test_spectators_read_but_do_not_write_and_bad_messages_change_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=5)
        ta = g["seats"][0]["token"]
        assert _chat(c, g, ta, "hello").status_code == 201
        time.sleep(1.0)
        r = _chat(c, g, g["spectator"], "let me play")
        assert r.status_code == 403 and "spectators read" in r.json()["error"]
        cases: list[tuple[Any, int, str]] = [
            ("", 400, "needs some text"), ("   \n", 400, "needs some text"),
            ("x" * 501, 400, "at most 500 characters"), ("nul\x00here", 400, "NUL"),
            (5, 422, ""), (None, 422, ""),
        ]
        for text, status, words in cases:
            r = _chat(c, g, ta, text)
            assert r.status_code == status, (text, r.text)
            assert words in r.json()["error"]
        # a lone surrogate in a JSON escape is not text: refused at the boundary (never a 500 from the store)
        r = c.post(f"/api/games/{g['id']}/chat", headers={**auth(ta), "Content-Type": "application/json"},
                   content=b'{"text": "half \\ud800 a pair"}')
        assert r.status_code == 422 and "unicode" in r.json()["error"]
        assert _chat(c, g, "not-a-token", "hi").status_code == 401
        assert c.post("/api/games/nope/chat", headers=auth(ta), json={"text": "hi"}).status_code in (401, 404)
        assert _chat(c, g, ta, "y" * 500).status_code == 201  # exactly 500 is fine
        assert [m["text"][:5] for m in view(c, g, ta)["chat"]] == ["hello", "yyyyy"]


def test_twenty_messages_a_second_are_throttled_with_a_clear_reply(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=6)
        ta, tb = (s["token"] for s in g["seats"])
        codes = []
        start = time.monotonic()
        for i in range(20):
            r = _chat(c, g, ta, f"spam {i}")
            codes.append(r.status_code)
            if r.status_code == 429:
                assert "too fast" in r.json()["error"] and int(r.headers["retry-after"]) >= 1
        took = time.monotonic() - start
        passed = codes.count(201)
        # a burst of two, then one a second: at most 2 + the seconds the 20 requests took
        assert 2 <= passed <= 2 + int(took) + 1, (codes, took)
        assert codes.count(429) == 20 - passed
        assert _chat(c, g, tb, "my own budget").status_code == 201  # the limit is per seat
        time.sleep(1.1)
        assert _chat(c, g, ta, "after a pause").status_code == 201
        assert len(view(c, g, tb)["chat"]) == passed + 2


def test_messages_survive_a_restart_and_a_view_carries_the_last_fifty(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=7)
        tokens = [s["token"] for s in g["seats"]]
        service = c.app.state.service  # type: ignore[attr-defined]
        for i in range(60):
            service.chat._buckets.clear()  # many messages at once: the rate is tested above
            assert _chat(c, g, tokens[i % 2], f"line {i}").status_code == 201
    with client(sqlite_url) as c:  # a new process on the same database
        got = view(c, g, tokens[0])["chat"]
        assert [m["n"] for m in got] == list(range(11, 61))
        assert got[-1]["text"] == "line 59" and got[-1]["seat"] == 1


def test_a_message_written_through_one_process_reaches_a_socket_on_the_other(pg_url: str) -> None:
    with two_servers(pg_url) as (_a, _b, ca, cb):
        g = create(ca, ["human", "human"], seed=8)
        ta, tb = (s["token"] for s in g["seats"])
        with connect(f"ws://127.0.0.1:{cb.base_url.port}/ws/games/{g['id']}",
                     additional_headers=auth(tb)) as ws:
            assert json.loads(ws.recv(10))["type"] == "view"
            sent = time.monotonic()
            r = _chat(ca, g, ta, "<i>hi from A</i>")
            assert r.status_code == 201, r.text
            while True:
                m = json.loads(ws.recv(10))
                if m["type"] == "chat":
                    break
            took = time.monotonic() - sent
            assert m["message"] == r.json()["message"]
            print(f"\nchat message through A reached a socket on B {took * 1000:.0f} ms after it was sent")
            until(lambda: [x["text"] for x in view(cb, g, tb)["chat"]] == ["<i>hi from A</i>"],
                   what="B's view carries A's message")


def test_text_that_no_store_could_hold_is_refused_before_the_store() -> None:
    """`check_text` also guards callers that bypass the HTTP model (a lone surrogate, a NUL)."""
    import pytest

    from spacetable.server.chat import check_text
    from spacetable.server.errors import ApiError

    assert check_text(" verbatim\t") == " verbatim\t"
    for bad in ("half \ud800", "a\x00b", "", "z" * 501):
        with pytest.raises(ApiError) as e:
            check_text(bad)
        assert e.value.status == 400
