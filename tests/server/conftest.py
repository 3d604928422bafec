"""Fixtures of the server tests: a temporary PostgreSQL cluster per test worker, fresh databases.

The cluster is started with the Debian binaries (``initdb``/``pg_ctl``; as root through
``runuser -u postgres``) in a temporary folder on a free port, and stopped at the end of the
session. Without the binaries the PostgreSQL tests fail (they never skip): `.ci/run` installs them.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tests.server.server_helpers import free_port


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _as_postgres(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of the maintenance database of a temporary cluster (one per xdist worker)."""
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.fail("PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql")
    root = Path(tempfile.mkdtemp(prefix="spacetable-pg-"))
    root.chmod(0o755)
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    data = root / "data"
    subprocess.run(_as_postgres([initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8"]),
                   check=True, capture_output=True)
    port = free_port()
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w",
                                 "-t", "60", "start"]), check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"]),
                       capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server: str) -> str:
    """A fresh, empty PostgreSQL database."""
    name = "t_" + uuid.uuid4().hex[:12]
    engine = create_engine(pg_server, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return pg_server.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'spacetable.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each test using this runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'spacetable.db'}"
    url: str = request.getfixturevalue("pg_url")
    return url
