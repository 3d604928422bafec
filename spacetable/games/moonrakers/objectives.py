"""Objectives (§6): automatic claims at the two check points (6.3, R10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

AFTER_EXECUTION = 0
END_OF_TURN = 1


def check(s: MoonrakersState, point: int) -> None:
    """Claim every held objective whose condition holds, seat order from the ML (6.3)."""
