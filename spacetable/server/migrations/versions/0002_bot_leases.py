"""Bot leases: which server process drives the bots of a game, until when.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_leases",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("expires_ms", sa.BigInteger(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("bot_leases")
