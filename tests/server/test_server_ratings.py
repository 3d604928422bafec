"""Ratings (docs/server.md, "Ratings"): every rated game that finishes updates, once, the openskill
rating of each player profile and bot name at its table; a game whose creator chose the seed is not
rated; two games finishing at once on PostgreSQL lose neither update."""

from __future__ import annotations

import threading
import time
from typing import Any

from sqlalchemy import delete, update

from spacetable.server.db import GameRow, RatingRow
from spacetable.server.ratings import rate_game
from spacetable.server.store import Store, make_engine
from tests.server.server_helpers import auth, client, create, play_step, until


def _bots(c: Any) -> dict[str, dict[str, Any]]:
    r = c.get("/api/ratings/highcard")
    assert r.status_code == 200, r.text
    return {b["bot"]: b for b in r.json()["bots"]}


def test_a_finished_game_rates_its_profiles_and_bots_once(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        key = c.post("/api/players", json={"name": "Ada"}).json()["key"]
        g = create(c, ["human", "greedy", "random"], game="highcard", players=3, seed=None)
        ta = g["seats"][0]["token"]
        assert c.post(f"/api/games/{g['id']}/seats/0/claim", headers=auth(ta),
                      json={"player_key": key}).status_code == 200
        for i in range(100):
            if play_step(c, g, [ta], pick=i) is None:
                break
        bots = until(lambda: len(_bots(c)) == 2 and _bots(c))
        me = c.get("/api/players/me", headers=auth(key)).json()["ratings"]
        assert set(me) == {"highcard"} and me["highcard"]["games"] == 1
        service = c.app.state.service  # type: ignore[attr-defined]
        returns = service.tables[g["id"]].state.returns()
        mus = [me["highcard"]["mu"], bots["greedy"]["mu"], bots["random"]["mu"]]
        best, worst = returns.index(max(returns)), returns.index(min(returns))
        assert mus[best] > 25.0 > mus[worst]  # the winner rises above the start, the last falls below
        for b in bots.values():
            assert b["games"] == 1 and b["rating"] == round(b["mu"] - 3 * b["sigma"], 2)
        assert not rate_game(service.store, g["id"], returns)  # rated once: a second time does nothing
        assert _bots(c)["greedy"]["games"] == 1

        fixed = create(c, ["greedy", "random"], game="highcard", players=2, seed=12)  # a known deal
        until(lambda: c.get(f"/api/games/{fixed['id']}/summary",
                             headers=auth(fixed["spectator"])).json()["status"] == "finished")
        time.sleep(0.3)
        assert _bots(c)["greedy"]["games"] == 1  # not rated


def test_two_games_finishing_at_once_on_postgresql_lose_no_update(pg_url: str) -> None:
    with client(pg_url) as c:
        games = [create(c, ["greedy", "random"], game="highcard", players=2, seed=None) for _ in range(6)]
        for g in games:
            until(lambda g=g: c.get(f"/api/games/{g['id']}/summary",
                                     headers=auth(g["spectator"])).json()["status"] == "finished")
        until(lambda: _bots(c).get("greedy", {}).get("games") == 6)
        scores = {g["id"]: c.app.state.service.tables[g["id"]].state.returns()  # type: ignore[attr-defined]
                  for g in games}
    engine = make_engine(pg_url)
    with engine.begin() as conn:  # the same six games rated again from scratch, all at the same moment
        conn.execute(delete(RatingRow))
        conn.execute(update(GameRow).values(rated=False))
    stores = [Store(make_engine(pg_url)) for _ in games]
    for s in stores:
        s.shared = True
    go = threading.Barrier(len(games))
    done: list[bool] = []

    def run(store: Store, game_id: str) -> None:
        go.wait()
        done.append(rate_game(store, game_id, scores[game_id]))

    threads = [threading.Thread(target=run, args=(s, g["id"])) for s, g in zip(stores, games, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert done == [True] * len(games)
    with engine.connect() as conn:
        counts = {r.subject: r.games for r in conn.execute(RatingRow.__table__.select())}  # type: ignore[attr-defined]
    assert counts == {"bot:greedy": 6, "bot:random": 6}
    for s in stores:
        s.engine.dispose()
    engine.dispose()
