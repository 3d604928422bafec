"""Run the Alembic migrations on start, safely when several processes start at once.

PostgreSQL: the upgrade runs while holding a transaction-level advisory lock
(``pg_advisory_xact_lock``), so a second process waits, then finds the schema current. SQLite: an
exclusive lock on a file next to the database (``<db>.migrate.lock``) does the same; an in-memory
database needs no lock.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

MIGRATIONS = Path(__file__).with_name("migrations")
LOCK_KEY = 0x5AC7AB1E
"""The PostgreSQL advisory lock id used while migrating."""


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    """An exclusive advisory lock on `path` for the duration of the block (blocks until free)."""
    with open(path, "a+b") as f:
        if sys.platform == "win32":  # pragma: no cover
            import msvcrt

            while True:
                try:
                    msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
                    break
                except OSError:
                    time.sleep(0.05)
            try:
                yield
            finally:
                msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(f.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to `revision` (default: the newest)."""
    cfg = alembic_config()
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": LOCK_KEY})
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
        return
    database = engine.url.database
    lock = (contextlib.nullcontext() if engine.dialect.name != "sqlite" or not database
            or database == ":memory:" else _file_lock(Path(database + ".migrate.lock")))
    with lock, engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
