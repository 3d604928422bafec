"""Crew abilities (2.4): interpreted from the `effects` lists in data/crew.json."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState


def crew_ability(s: MoonrakersState, seat: int, crew: int) -> None:
    """Resolve a crew card's ability for the player who played it."""
