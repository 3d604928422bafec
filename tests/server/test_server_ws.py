"""The WebSocket hub: token by header or first message, a view pushed on connect and after every record."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.server_helpers import auth, client, create, view


def _recv(ws: Any, skip_views: bool = False) -> dict[str, Any]:
    while True:
        out: dict[str, Any] = json.loads(ws.receive_text())
        if not (skip_views and out["type"] == "view"):
            return out


def test_push_after_every_action(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=12)
        t0, t1 = (s["token"] for s in g["seats"])
        with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(t0)) as ws0, \
                c.websocket_connect(f"/ws/games/{g['id']}") as ws1, \
                c.websocket_connect(f"/ws/games/{g['id']}") as wss:
            ws1.send_text(json.dumps({"token": t1}))
            wss.send_text(json.dumps({"token": g["spectator"]}))
            first = [_recv(ws0), _recv(ws1), _recv(wss)]
            assert [m["type"] for m in first] == ["view"] * 3
            assert [m["seat"] for m in first] == [0, 1, None]
            version = first[0]["version"]
            for _ in range(6):
                mine = next((tok, ws) for tok, ws, m in ((t0, ws0, first[0]), (t1, ws1, first[1]))
                            if view(c, g, tok)["legal_actions"])
                tok, ws = mine
                v = view(c, g, tok)
                r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                           json={"action": v["legal_actions"][-1]["text"], "version": v["version"]})
                assert r.status_code == 200
                new = r.json()["version"]
                for sock in (ws0, ws1, wss):  # every client gets the new version (after connect pushes)
                    while True:
                        m = _recv(sock)
                        assert m["type"] == "view" and m["version"] >= version
                        if m["version"] == new:
                            break
                version = new
            ws0.send_text(json.dumps({"type": "ping"}))
            assert _recv(ws0, skip_views=True)["type"] == "pong"


def test_ws_errors(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=13)
        with c.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_text(json.dumps({"token": "wrong"}))
            assert _recv(ws)["type"] == "error"
            with pytest.raises(WebSocketDisconnect):
                ws.receive_text()
        with c.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_text("not json")
            assert _recv(ws)["type"] == "error"
        with c.websocket_connect("/ws/games/nosuch", headers=auth(g["spectator"])) as ws:
            assert _recv(ws)["type"] == "error"
        with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(g["seats"][0]["token"])) as ws:
            assert _recv(ws)["type"] == "view"
            for bad in ("{", "[1]", json.dumps({"type": "act", "action": "x"})):
                ws.send_text(bad)
                m = _recv(ws, skip_views=True)
                assert m["type"] == "error" and m["error"]
            ws.send_text(json.dumps({"type": "ping"}))
            assert _recv(ws, skip_views=True)["type"] == "pong"  # still connected
        for big in ("x" * 9000, b"\x00" * 10000):  # a message over 8 KiB closes the socket: 1008
            with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(g["seats"][0]["token"])) as ws:
                assert _recv(ws)["type"] == "view"
                if isinstance(big, bytes):
                    ws.send_bytes(big)
                else:
                    ws.send_text(big)
                with pytest.raises(WebSocketDisconnect) as closed:
                    _recv(ws, skip_views=True)
                assert closed.value.code == 1008 and "8192" in closed.value.reason


def test_connected_flags(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=14)
        t0 = g["seats"][0]["token"]
        assert [s["connected"] for s in view(c, g, t0)["seats"]] == [False, False]
        with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(t0)) as ws:
            assert _recv(ws)["seats"][0]["connected"]
            assert [s["connected"] for s in view(c, g, t0)["seats"]] == [True, False]


def test_pushes_carry_only_the_new_log_lines(sqlite_url: str) -> None:
    """The first view on a socket has the whole log; later pushes only the lines it lacks (log_start
    = how many it keeps), and the log rebuilt from them is GET /view's whole log."""
    with client(sqlite_url) as c:
        g = create(c, ["human", "human"], seed=14)
        toks = [s["token"] for s in g["seats"]]
        with c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(g["spectator"])) as ws:
            first = _recv(ws)
            assert first["log_start"] == 0 and first["log"] == view(c, g, toks[0])["log"]
            log = first["log"]
            deltas = 0
            for _ in range(8):
                tok = next(t for t in toks if view(c, g, t)["legal_actions"])
                v = view(c, g, tok)
                r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                           json={"action": v["legal_actions"][0]["text"], "version": v["version"]})
                assert r.status_code == 200
                while True:
                    m = _recv(ws)
                    assert m["log_start"] <= len(log)
                    log = log[:m["log_start"]] + m["log"]
                    deltas += m["log_start"] > 0 and len(m["log"]) < len(log)
                    if m["version"] == r.json()["version"]:
                        break
                assert log == view(c, g, toks[0])["log"]
            assert deltas >= 6
            assert "log_start" not in view(c, g, toks[0])  # GET /view: always the whole log
