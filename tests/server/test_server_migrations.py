"""Alembic migrations: upgrade an empty database, two processes migrating at once, and games stored
before revision 0003 (splitmix64 deals, 64-bit seeds) that keep playing after it."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime

from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from spacetable.engine.rng import LEGACY_STREAM
from spacetable.server.migrate import alembic_config, current_revision, upgrade
from spacetable.server.store import hash_token, make_engine
from spacetable.server.tables import Seat, Table
from spacetable.sim.setup import load_game
from tests.server.server_helpers import auth, client, play_step, view

SCRIPT = """
import sys
from spacetable.server.migrate import upgrade
from spacetable.server.store import make_engine
engine = make_engine(sys.argv[1])
upgrade(engine)
engine.dispose()
"""


HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()
"""The newest revision (one head: the chain is linear)."""


def test_upgrade_empty_database(db_url: str) -> None:
    engine = make_engine(db_url)
    assert current_revision(engine) is None
    upgrade(engine)
    upgrade(engine)  # a second run is a no-op
    assert current_revision(engine) == HEAD
    tables = set(inspect(engine).get_table_names())
    assert {"games", "seats", "tokens", "records", "bot_leases", "alembic_version"} <= tables
    games = {c["name"]: c for c in inspect(engine).get_columns("games")}
    assert "share_for_research" in games and not games["share_for_research"]["nullable"]
    engine.dispose()


def test_two_processes_migrate_at_once(db_url: str) -> None:
    procs = [subprocess.Popen([sys.executable, "-c", SCRIPT, db_url], stderr=subprocess.PIPE)
             for _ in range(3)]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()[-3000:]
    engine = make_engine(db_url)
    assert current_revision(engine) == HEAD
    engine.dispose()


def test_share_for_research_is_added_off_to_existing_games(db_url: str) -> None:
    """A database at 0002 with a game in it: the upgrade adds the column, off for that game."""
    engine = make_engine(db_url)
    upgrade(engine, "0002")
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games (id, game, config, seed, rules_version, version, status, "
                          "created_at, updated_at) VALUES ('g1', 'highcard', '{}', 1, 'x', 0, 'finished', "
                          "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"))
    upgrade(engine)
    with engine.connect() as conn:
        shared = conn.execute(text("SELECT share_for_research FROM games WHERE id = 'g1'")).scalar_one()
    assert shared in (False, 0)


def test_a_game_stored_before_secret_deals_keeps_playing(db_url: str) -> None:
    """A Moonrakers game for two people as the server stored it at revision 0002: a 32-bit seed in
    the 64-bit column, records dealt by splitmix64. After 0003 it loads on that generator and goes on;
    it has no commitment (it predates them) and its seed is shown once it is over, like any game's."""
    seed, config = 3_141_592_653, {"players": 2, "modules": [], "expansions": []}
    state = load_game("moonrakers").new_game(dict(config), seed, stream=LEGACY_STREAM)
    state.events = []
    seats = [Seat(0, "Ada", "human"), Seat(1, "Bea", "human")]
    table = Table("oldgame", "moonrakers", config, seed, "old", seats, state)
    plan = table.plan_advance()
    records = list(plan.records)
    table.commit(plan)
    for _ in range(3):  # a few of the people's decisions, as the old server recorded them
        seat = table.current_player()
        assert seat is not None
        plan = table.plan_actions(seat, [str(table.state.legal_actions()[0])])
        records += plan.records
        table.commit(plan)
    engine = make_engine(db_url)
    upgrade(engine, "0002")
    now = datetime.now(UTC).replace(tzinfo=None)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games (id, game, config, seed, rules_version, version, status, "
                          "created_at, updated_at) VALUES ('oldgame', 'moonrakers', :config, :seed, 'old', "
                          ":version, 'running', :t, :t)"),
                     {"config": json.dumps(config), "seed": seed, "version": len(records), "t": now})
        for x in seats:
            conn.execute(text("INSERT INTO seats (game_id, seat, kind, name) "
                              "VALUES ('oldgame', :s, 'human', :n)"), {"s": x.seat, "n": x.name})
        for tok, seat in (("ada-token", 0), ("bea-token", 1), ("watch-token", None)):
            conn.execute(text("INSERT INTO tokens (token_hash, game_id, seat) VALUES (:h, 'oldgame', :s)"),
                         {"h": hash_token(tok), "s": seat})
        for n, r in enumerate(records):
            conn.execute(text("INSERT INTO records (game_id, n, kind, text, seat, created_at) "
                              "VALUES ('oldgame', :n, :k, :x, :s, :t)"),
                         {"n": n, "k": r.kind, "x": r.text, "s": r.seat, "t": now})
    upgrade(engine)
    with engine.connect() as conn:
        row = conn.execute(text("SELECT seed_hex, salt_hex, fixed_seed, rng FROM games")).one()
    engine.dispose()
    assert tuple(row) == (f"{seed:032x}", None, None, "splitmix64")
    game = {"id": "oldgame"}
    with client(db_url) as c:
        before = view(c, game, "watch-token")
        assert before["status"] == "running" and before["version"] == len(records)
        assert before["view"] == table.state.view(None).to_json()  # the same deal as it was stored
        assert play_step(c, game, ["ada-token", "bea-token"]) is not None  # and it goes on
        assert view(c, game, "watch-token")["version"] > before["version"]
        summary = c.get("/api/games/oldgame/summary", headers=auth("ada-token")).json()
    assert summary["status"] == "running" and summary["seed_commitment"] is None
    assert summary["fixed_seed"] is False and summary["seed"] is None



def test_0003_downgrades_and_upgrades_again(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    cfg = alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0002")
    columns = {c["name"] for c in inspect(engine).get_columns("games")}
    assert "seed" in columns and not columns & {"seed_hex", "salt_hex", "fixed_seed", "rng"}
    upgrade(engine)
    assert current_revision(engine) == HEAD
    engine.dispose()
