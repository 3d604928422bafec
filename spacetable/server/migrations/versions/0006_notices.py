"""Notices: a player's channels, the notice job table (fired once across processes), server keys.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # columns added in place (SQLite too: no batch copy of the table under its foreign keys)
    op.add_column("players", sa.Column("webhook", sa.Text(), nullable=True))
    op.add_column("players", sa.Column("webhook_format", sa.String(16), nullable=False,
                                       server_default="json"))
    op.add_column("players", sa.Column("email", sa.String(254), nullable=True))
    op.add_column("players", sa.Column("push", sa.Text(), nullable=True))
    op.add_column("players", sa.Column("reminder_hours", sa.Float(), nullable=False, server_default="12"))
    op.create_table(
        "notice_jobs",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), nullable=False, index=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("event", sa.String(16), nullable=False),
        sa.Column("decision", sa.String(40), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("due_ms", sa.BigInteger(), nullable=False, index=True),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("state", sa.String(10), nullable=False, server_default="pending", index=True),
        sa.Column("locked_until_ms", sa.BigInteger(), nullable=False, server_default="0"),
        sa.Column("done_ms", sa.BigInteger(), nullable=True),
        sa.Column("error", sa.String(200), nullable=True),
        sa.UniqueConstraint("game_id", "seat", "event", "decision", "channel", name="uq_notice_once"),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_keys")
    op.drop_table("notice_jobs")
    for column in ("reminder_hours", "push", "email", "webhook_format", "webhook"):
        op.execute(f"ALTER TABLE players DROP COLUMN {column}")  # noqa: S608 - fixed names
