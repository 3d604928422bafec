"""Secret deals: 128-bit seeds, the salt of the seed commitment, whether the creator chose the seed,
and the generator stream of each game.

Existing games keep playing: their seed is copied into ``seed_hex`` and their stream is "splitmix64",
the generator they were dealt with (no salt: they have no commitment; ``fixed_seed`` unknown). New
games store their seed in ``seed_hex`` and 0 in the 64-bit ``seed`` column.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("seed_hex", sa.String(32), nullable=True))
    op.add_column("games", sa.Column("salt_hex", sa.String(32), nullable=True))
    op.add_column("games", sa.Column("fixed_seed", sa.Boolean(), nullable=True))
    op.add_column("games", sa.Column("rng", sa.String(16), nullable=False, server_default="splitmix64"))
    hexed = ("lpad(to_hex(seed), 32, '0')" if op.get_bind().dialect.name == "postgresql"
             else "printf('%032x', seed)")
    op.execute(f"UPDATE games SET seed_hex = {hexed}")  # noqa: S608 - no input: a fixed expression


def downgrade() -> None:
    # games created since (the keyed generator, seeds of 128 bits) cannot be played by the older code
    for column in ("rng", "fixed_seed", "salt_hex", "seed_hex"):
        # SQLite (3.35 or later) drops a column in place: no table copy under the foreign keys
        op.execute(f"ALTER TABLE games DROP COLUMN {column}")  # noqa: S608 - fixed names
