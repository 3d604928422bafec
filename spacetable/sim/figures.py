"""Per-seat figures of one simulated game: the common ones, and the game's own from its tracker.

A game's study (`spacetable.games.study.Study`, named by its manifest) may give a `Tracker` that watches
a game as it is played (`decide` before each bot decision is applied, `step` after every applied step)
and, at the end, gives each seat's columns of the results table (`spacetable.sim.schema`). It never
changes the state and holds no rules. Games without a tracker give only the common figures
(`common_figures`).
"""

from __future__ import annotations

from typing import Any

from spacetable.engine.game import GameSpec
from spacetable.engine.state import State
from spacetable.games.study import ScoreTrack, Tracker
from spacetable.sim.setup import study

__all__ = ["ScoreTrack", "Tracker", "common_figures", "make_tracker"]


def common_figures(state: State, seat: int) -> dict[str, Any]:
    """Score figures of a game whose state keeps a ``scores`` list (one number per seat)."""
    scores = getattr(state, "scores", None)
    if isinstance(scores, list) and seat < len(scores):
        return {"score": float(scores[seat]), "prestige": int(scores[seat])}
    return {}


def make_tracker(spec: GameSpec, players: int) -> Tracker | None:
    """The tracker of `spec`'s game for a game of `players` seats (None: common figures only)."""
    new = study(spec).tracker
    return None if new is None else new(players)
