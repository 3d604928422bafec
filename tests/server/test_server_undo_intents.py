"""A compound click is one undo step: "Buy 5 Parts" (one trade intent, five of the engine's decisions)
is taken back whole by one undo, as the engine's undo policy says for decisions taken together
(`engine.undo.undo_check(joined=...)`; the server records them as ``joined``). An ordinary single
decision still takes back one step, and the same group is one step in the terminal.
"""

from __future__ import annotations

import time
from typing import Any

from spacetable.engine.undo import undo_check
from spacetable.games.spacelanes import intents
from tests.games.spacelanes.sl_helpers import new
from tests.server.server_helpers import auth, client, view


def _to_trade(c: Any, g: dict[str, Any], token: str) -> dict[str, Any]:
    """Play seat 0's start and open its Trade where it stands, with a good it can buy 3+ units of."""
    deadline = time.monotonic() + 60
    moves = 0
    while moves < 60 and time.monotonic() < deadline:
        v = view(c, g, token)
        if v["decision"] == "trade" and v["intent"] and v["intent"].get("trade"):
            goods = v["intent"]["trade"]["goods"]
            if any(x.get("max_buy", 0) >= 3 for x in goods.values()):
                return v
        legal = [a["text"] for a in v["legal_actions"]]
        if not legal:
            time.sleep(0.02)  # the bot's turn: its worker process answers
            continue
        moves += 1
        pick = next((t for t in ("trade", "start 0", "end") if t in legal), legal[0])
        r = c.post(f"/api/games/{g['id']}/actions", headers=auth(token),
                   json={"action": pick, "version": v["version"]})
        assert r.status_code == 200, r.text
    raise AssertionError("no Trade with goods to buy was reached")


def test_buy_several_units_in_one_intent_is_one_undo_step(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/games", json={"game": "spacelanes", "players": 2, "seed": 5,
                                       "seats": ["human", "greedy"]})
        g = r.json()
        token = g["seats"][0]["token"]
        v = _to_trade(c, g, token)
        me = v["view"]["ships"][0]
        goods = v["intent"]["trade"]["goods"]
        good = next(k for k, x in goods.items() if x.get("max_buy", 0) >= 3)
        r = c.post(f"/api/games/{g['id']}/intents", headers=auth(token),
                   json={"intent": {"kind": "trade", "action": "buy", "good": good, "units": 3},
                         "version": v["version"]})
        assert r.status_code == 200, r.text
        after = r.json()
        assert after["view"]["ships"][0]["credits"] < me["credits"]
        assert after["undo"]["allowed"] and "same go" in after["undo"]["reason"]
        r = c.post(f"/api/games/{g['id']}/undo", headers=auth(token), json={"version": after["version"]})
        assert r.status_code == 200, r.text
        back = r.json()
        # all three units are back on the market and the credits in the purse: one undo, one click
        assert back["view"]["ships"][0]["credits"] == me["credits"]
        assert back["view"]["ships"][0]["cargo"] == me["cargo"]
        assert back["decision"] == "trade"
        # a single decision is still one step of its own
        legal = [a["text"] for a in back["legal_actions"]]
        one = next(t for t in legal if t.startswith("buy "))
        r = c.post(f"/api/games/{g['id']}/actions", headers=auth(token),
                   json={"action": one, "version": back["version"]})
        assert r.status_code == 200 and "same go" not in r.json()["undo"]["reason"]


def test_the_engine_takes_a_joined_group_back_whole() -> None:
    """The policy itself: the seat's last entry joins the two before it, so the undo keeps what was
    there before the first; without `joined`, only the last decision goes."""
    s = new(2, 5)  # played through actions only, so the undo's replays meet the same game
    s.apply("start 0")
    s.apply("start 0")
    s.apply("first 0")
    while s.decision_name() != "turn":
        s.apply("pass")
    s.apply("trade")
    form = intents.offered(s, 0)
    assert form is not None and form["trade"] is not None
    good = next(k for k, x in form["trade"]["goods"].items() if x.get("max_buy", 0) >= 3)
    texts = intents.expand(s, 0, {"kind": "trade", "action": "buy", "good": good, "units": 3})
    start = s.log_length
    for t in texts:
        s.apply(t)
    joined = {start + 1, start + 2}
    assert undo_check(s, 0, bots=[1], joined=joined).keep == start
    assert undo_check(s, 0, bots=[1]).keep == start + 2
