"""Shared pieces of the RL tests: small configurations of every game and random playouts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.sim.setup import load_game, make_bots

SMALL: list[tuple[str, dict[str, Any]]] = [
    ("highcard", {"players": 2}),
    ("moonrakers", {"players": 2, "max_steps": 120}),
    ("spacelanes", {"players": 2, "turn_limit": 4}),
]
"""One small configuration per game: episodes of a few hundred steps at most."""

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("highcard", {"players": 3, "modes": ["lowball"]}),
    ("moonrakers", {"players": 1}),
    ("moonrakers", {"players": 2, "modules": ["first-encounter"]}),
    ("moonrakers", {"players": 3, "expansions": ["binding-ties"]}),
    ("spacelanes", {"players": 3, "modes": ["pvp", "exploration"], "turn_limit": 6}),
]
"""Options the adapters must also carry: Mercenary (1–2 players), modules, expansions, modes."""


def playout(game: str, config: dict[str, Any], seed: int, max_decisions: int) -> Iterator[State]:
    """The states of one game where a seat decides, the game's random bots playing every seat."""
    spec = load_game(game)
    state = spec.new_game(dict(config), seed)
    bots = make_bots(game, ["random"] * int(config["players"]))
    rng = Rng(seed + 17)
    decisions = 0
    while not state.is_terminal() and decisions < max_decisions:
        p = state.current_player()
        if p == CHANCE:
            state.sample_chance()
            continue
        yield state
        state.apply_fast(bots[p].choose(state, p, rng))
        decisions += 1
