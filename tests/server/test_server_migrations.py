"""Alembic migrations: upgrade an empty database, and two processes migrating at once."""

from __future__ import annotations

import subprocess
import sys

from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from spacetable.server.migrate import alembic_config, current_revision, upgrade
from spacetable.server.store import make_engine

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
    from sqlalchemy import text

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
    engine.dispose()
