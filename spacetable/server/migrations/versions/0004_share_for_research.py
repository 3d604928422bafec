"""Research sharing: a game's players may allow its trajectories in `spacetable dataset` exports.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # in place on SQLite too (a constant default): a batch copy of ``games`` would drop the table its
    # seats, tokens and records point to
    op.add_column("games", sa.Column("share_for_research", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))


def downgrade() -> None:
    op.execute("ALTER TABLE games DROP COLUMN share_for_research")  # SQLite 3.35+: in place
