"""Binding Ties: Faction Reputation — earning, spending, trading and losing it.

Every function is a no-op or returns nothing to spend when Binding Ties is off (`s.bt` False).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine.action import Action

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

MAX_REP = 5
EXTRA_KINDS = frozenset({"spend", "trade"})
"""Action kinds that start a reputation spend or trade from any of the player's decisions."""


def gain(s: MoonrakersState, seat: int, faction: int, n: int, rule: str) -> int:
    """Gain n reputation with a faction (never one's own; at most 5). Returns the amount gained."""
    return 0


def lose(s: MoonrakersState, seat: int, faction: int, n: int, rule: str) -> int:
    """Lose n reputation with a faction (never below 0). Returns the amount lost."""
    return 0


def extra_actions(s: MoonrakersState, seat: int) -> list[Action]:
    """Reputation spends and trades `seat` may make at its current decision ("any time" windows)."""
    return []


def apply_extra(s: MoonrakersState, a: Action) -> None:
    """Carry out one of `extra_actions` (the current frame stays where it is)."""


def after_contract(s: MoonrakersState) -> None:
    """3.4.9 step 2: reputation gains on success, losses on failure; the faction reward."""


def win_check_windows(s: MoonrakersState) -> None:
    """Before each win check: push a spending window for every player (seat order from the ML) who
    could spend or trade reputation now; players who cannot are never asked."""
