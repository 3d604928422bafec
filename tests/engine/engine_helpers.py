"""Helpers for the engine tests: they exercise the core through the example game Highcard."""

from __future__ import annotations

from collections.abc import Iterator

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.games.highcard.state import HighcardState


def new_highcard(players: int = 3, seed: int = 7, **params: object) -> HighcardState:
    s = get_game("highcard").new_game({"players": players, **params}, seed)
    assert isinstance(s, HighcardState)
    return s


def random_step(state: State, rng: Rng) -> None:
    """One step of a random playout: chance from the state's rng, decisions from `rng`."""
    if state.current_player() == CHANCE:
        state.sample_chance()
    else:
        state.apply_fast(rng.choice(state.legal_actions()))


def playout_states(players: int, seed: int) -> Iterator[HighcardState]:
    """Every intermediate state (a copy) of one random game."""
    state = new_highcard(players, seed)
    rng = Rng(seed + 1000)
    yield state.copy()
    while not state.is_terminal():
        random_step(state, rng)
        yield state.copy()


def json_strings(obj: object, out: set[str] | None = None) -> set[str]:
    """Every string in a JSON-ready value (dict keys included): what a view or message reveals."""
    out = set() if out is None else out
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out.add(str(k))
            json_strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            json_strings(v, out)
    return out
