"""Play complete games with bots: the simulator's, the benchmark's and the tests' thin client of the
session driver (`spacetable.engine.session`), so a game plays here as in the terminal and on the server."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spacetable.bots.base import Bot
from spacetable.engine.rng import Rng
from spacetable.engine.session import Observer, Session
from spacetable.engine.state import State

DEFAULT_MAX_DECISIONS = 200_000


@dataclass(slots=True)
class GameResult:
    """What one finished game produced."""

    winners: list[int]
    decisions: int
    finished: bool


def play_out(state: State, bots: Sequence[Bot], rng: Rng | None = None,
             max_decisions: int = DEFAULT_MAX_DECISIONS, observer: Observer | None = None) -> GameResult:
    """Play `state` to the end (or `max_decisions` decisions) with `bots[seat]` choosing for each seat.

    Bots draw from the session's rule (`session.bot_rng`: game seed, position in the action log,
    seat), chance from the state's generator; `rng` is accepted for older callers and not used.
    """
    session = Session(state, bots, max_decisions=max_decisions, observer=observer, trust_bots=True)
    session.advance()
    if not state.is_terminal():
        return GameResult([], session.decisions, False)
    return GameResult(state.winners(), session.decisions, True)
