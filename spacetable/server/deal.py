"""A server game's deal: its secret seed, the commitment that shows it was not chosen, what is public.

Every hidden card of a game stands on its seed (the generator's key, `spacetable.engine.rng`). With no
seed asked for, the seed is 128 bits from `secrets`, and so is a salt; from the game's creation GET
/summary shows ``seed_commitment`` = SHA-256(salt ‖ the seed's 16 big-endian bytes) (lowercase hex),
and once the game is over it shows ``seed`` and ``salt`` (lowercase hex), so anyone can check that the
deal played was the one committed to before the first card was seen (docs/server.md, "Provably fair
deals"). A seed given at creation is allowed (tests, replays of a known deal), but then its creator
knows every hand: ``fixed_seed`` is true in the summary and in every view, and the table says so.

Games stored before commitments existed (on the splitmix64 generator) have no salt and no commitment,
and ``fixed_seed`` None (unknown); their seed is shown once they are over, as for any other game.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from spacetable.engine.rng import SEED_BITS, STREAM, seed_key

SALT_BYTES = 16


def commitment(salt: bytes, seed: int) -> str:
    """Lowercase hex SHA-256 of the salt's bytes followed by the seed's 16 big-endian bytes."""
    return hashlib.sha256(salt + seed_key(seed)).hexdigest()


@dataclass(frozen=True)
class Deal:
    seed: int
    salt: bytes | None
    fixed: bool | None
    """True: the creator chose the seed; None: a game stored before deals were committed."""
    stream: str = STREAM
    """The generator stream (`rng.STREAM`, or `rng.LEGACY_STREAM` for a game stored before it)."""

    @property
    def commitment(self) -> str | None:
        return None if self.salt is None else commitment(self.salt, self.seed)

    def public(self, over: bool) -> dict[str, Any]:
        """The summary's keys: the commitment always, the seed and salt only once the game is over."""
        return {
            "fixed_seed": bool(self.fixed),
            "seed_commitment": self.commitment,
            "seed": seed_key(self.seed).hex() if over else None,
            "salt": self.salt.hex() if over and self.salt is not None else None,
        }


def new_deal(seed: int | None) -> Deal:
    """The deal of a new game: `seed` when its creator gave one (fixed), else 128 secret bits."""
    salt = secrets.token_bytes(SALT_BYTES)
    if seed is None:
        return Deal(secrets.randbits(SEED_BITS), salt, fixed=False)
    return Deal(seed, salt, fixed=True)
