"""Each game's advisor, found on demand: shared by the terminal's `hint`, `spacetable advise` and the
server's ``/advice`` route, so none of those faces imports another.

The advisor of game G is `spacetable.games.G.advisor.advise(state, seat) -> dict` (JSON-ready, with
``"lines"`` for people), computed only from what `seat` may know; a game without one raises
`NoAdvisor`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from spacetable.engine.errors import SpacetableError
from spacetable.engine.state import State

Advisor = Callable[[State, int], dict[str, Any]]


class NoAdvisor(SpacetableError):
    """The game has no advisor module."""


def advisor_for(game: str) -> Advisor:
    """The `advise` function of `game`; `NoAdvisor` when the game has none."""
    name = f"spacetable.games.{game}.advisor"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name not in (name, f"spacetable.games.{game}"):
            raise
        raise NoAdvisor(f"{game} has no advisor") from None
    fn = getattr(module, "advise", None)
    if not callable(fn):
        raise NoAdvisor(f"{game} has no advisor")
    advise: Advisor = fn
    return advise


def has_advisor(game: str) -> bool:
    """Whether `game` has an advisor (the lobby's and the table's ``/api/meta``)."""
    try:
        advisor_for(game)
    except NoAdvisor:
        return False
    return True


def advice(state: State, seat: int) -> dict[str, Any]:
    """The advice for 0-based `seat` of `state` from its game's advisor (`NoAdvisor` if none)."""
    return advisor_for(state.spec.name)(state, seat)
