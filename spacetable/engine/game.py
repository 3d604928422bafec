"""Game declarations and the registry that maps a game name to its package.

A `GameSpec` states up front what kind of game it is (players, chance, information, parameters,
action-space size) and how to create a state from (config, seed). Games register themselves on
import; clients find them with `get_game`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from spacetable.engine.errors import ConfigError
from spacetable.engine.state import State

KNOWN_GAMES = {
    "moonrakers": "spacetable.games.moonrakers",
    "spacelanes": "spacetable.games.spacelanes",
    "highcard": "spacetable.games.highcard",
}


@dataclass(frozen=True)
class GameSpec:
    """What kind of game it is and how to build one."""

    name: str
    title: str
    min_players: int
    max_players: int
    chance: str
    information: str
    params: Mapping[str, Any]
    new_state: Callable[[dict[str, Any], int], State]
    num_actions: int
    catalog: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    """Card lists for a config, as JSON-ready data (``spacetable cards``)."""
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Allowed values of list/choice params, e.g. ``{"modules": ("first-encounter",)}``."""

    def make_config(self, players: int, **params: Any) -> dict[str, Any]:
        """A full, validated config: defaults filled in, unknown keys refused."""
        config: dict[str, Any] = {"players": players}
        for k, v in self.params.items():
            config[k] = params.pop(k, v)
        if params:
            raise ConfigError(f"{self.name}: unknown option(s) {sorted(params)}")
        self.check_players(players)
        return config

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ConfigError(
                f"{self.title} takes {self.min_players}–{self.max_players} players, not {players}"
            )

    def new_game(self, config: dict[str, Any], seed: int) -> State:
        """A fresh state; raises `ConfigError` for a refused configuration."""
        full = self.make_config(int(config.get("players", 0)),
                                **{k: v for k, v in config.items() if k != "players"})
        return self.new_state(full, seed)


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _REGISTRY[spec.name] = spec
    return spec


def get_game(name: str) -> GameSpec:
    """The registered game called `name` (importing its package on first use)."""
    if name not in _REGISTRY:
        module = KNOWN_GAMES.get(name)
        if module is None:
            raise ConfigError(f"unknown game {name!r}; known: {', '.join(sorted(KNOWN_GAMES))}")
        importlib.import_module(module)
    return _REGISTRY[name]


def available_games() -> list[str]:
    return sorted(KNOWN_GAMES)
