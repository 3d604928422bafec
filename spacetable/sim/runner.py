"""Play complete games with bots: the loop used by the simulator, the benchmark and tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spacetable.bots.base import Bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State

DEFAULT_MAX_DECISIONS = 200_000


@dataclass(slots=True)
class GameResult:
    """What one finished game produced."""

    winners: list[int]
    decisions: int
    finished: bool


def play_out(state: State, bots: Sequence[Bot], rng: Rng,
             max_decisions: int = DEFAULT_MAX_DECISIONS) -> GameResult:
    """Play `state` to the end with `bots[seat]` choosing for each seat; chance uses the state's rng."""
    decisions = 0
    while not state.is_terminal():
        if decisions >= max_decisions:
            return GameResult([], decisions, False)
        p = state.current_player()
        if p == CHANCE:
            state.sample_chance()
        else:
            state.apply_fast(bots[p].choose(state, p, rng))
            decisions += 1
    return GameResult(state.winners(), decisions, True)
