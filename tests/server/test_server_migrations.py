"""Alembic migrations: upgrade an empty database, and two processes migrating at once."""

from __future__ import annotations

import subprocess
import sys

from sqlalchemy import inspect

from spacetable.server.migrate import current_revision, upgrade
from spacetable.server.store import make_engine

SCRIPT = """
import sys
from spacetable.server.migrate import upgrade
from spacetable.server.store import make_engine
engine = make_engine(sys.argv[1])
upgrade(engine)
engine.dispose()
"""


def test_upgrade_empty_database(db_url: str) -> None:
    engine = make_engine(db_url)
    assert current_revision(engine) is None
    upgrade(engine)
    upgrade(engine)  # a second run is a no-op
    assert current_revision(engine) == "0002"
    tables = set(inspect(engine).get_table_names())
    assert {"games", "seats", "tokens", "records", "bot_leases", "alembic_version"} <= tables
    engine.dispose()


def test_two_processes_migrate_at_once(db_url: str) -> None:
    procs = [subprocess.Popen([sys.executable, "-c", SCRIPT, db_url], stderr=subprocess.PIPE)
             for _ in range(3)]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()[-3000:]
    engine = make_engine(db_url)
    assert current_revision(engine) == "0002"
    engine.dispose()
