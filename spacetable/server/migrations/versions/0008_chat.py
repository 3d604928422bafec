"""Table chat (the messages of a game's players, numbered per game), rematches, open seats, ratings.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id", "n", name="uq_chat_n"),
    )
    # columns added in place (SQLite too: no batch copy of the tables under their foreign keys)
    op.add_column("games", sa.Column("rematch_id", sa.String(32), nullable=True))
    op.add_column("seats", sa.Column("is_open", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("subject", sa.String(80), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ratings")
    op.execute("ALTER TABLE games DROP COLUMN rated")
    op.execute("ALTER TABLE seats DROP COLUMN is_open")
    op.execute("ALTER TABLE games DROP COLUMN rematch_id")
    op.drop_table("chat_messages")
