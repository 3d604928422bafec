"""Alembic environment: runs on the connection `spacetable.server.migrate` hands it (online only)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from spacetable.server.db import Base

connection: Connection | None = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes its connection
    raise RuntimeError("run migrations through spacetable.server.migrate.upgrade()")
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
