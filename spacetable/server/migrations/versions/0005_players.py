"""Player profiles: a display name kept by a hashed secret key; seats may be attached to a player.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    # SQLite adds the column in place (a batch copy of `seats` would drop and rebuild the table under
    # its foreign keys); the constraint to `players` is declared where ALTER TABLE can add one
    op.add_column("seats", sa.Column("player_id", sa.String(32), nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        op.create_foreign_key("fk_seats_player", "seats", "players", ["player_id"], ["id"])
    op.create_index("ix_seats_player_id", "seats", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_player_id", "seats")
    if op.get_bind().dialect.name == "postgresql":
        op.drop_constraint("fk_seats_player", "seats", type_="foreignkey")
    op.execute("ALTER TABLE seats DROP COLUMN player_id")
    op.drop_table("players")
