"""Clocks: a game's clock, the deadline table (fired once across processes), the heartbeat, outages.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("clock", sa.Text(), nullable=True))  # in place, SQLite too
    op.create_table(
        "clock_deadlines",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("run", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("due_ms", sa.BigInteger(), nullable=False, index=True),
        sa.Column("state", sa.String(10), nullable=False, server_default="pending", index=True),
        sa.Column("locked_until_ms", sa.BigInteger(), nullable=False, server_default="0"),
        sa.Column("done_ms", sa.BigInteger(), nullable=True),
        sa.Column("fired_by", sa.String(64), nullable=True),
    )
    op.create_table(
        "server_clock",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("beat_ms", sa.BigInteger(), nullable=False),
    )
    op.create_table(
        "clock_outages",
        sa.Column("start_ms", sa.BigInteger(), primary_key=True),
        sa.Column("end_ms", sa.BigInteger(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("clock_outages")
    op.drop_table("server_clock")
    op.drop_table("clock_deadlines")
    op.execute("ALTER TABLE games DROP COLUMN clock")
