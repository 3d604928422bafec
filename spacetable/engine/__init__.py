"""Game-agnostic engine core: states, actions, chance, views, saves, registry."""

from spacetable.engine.action import Action, ActionSpace
from spacetable.engine.errors import (
    AmbiguousAction,
    ConfigError,
    DataError,
    IllegalAction,
    ParseError,
    SaveError,
    SpacetableError,
)
from spacetable.engine.events import Event
from spacetable.engine.game import GameSpec, available_games, get_game, register
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, TERMINAL, State, View

__all__ = [
    "CHANCE", "TERMINAL", "Action", "ActionSpace", "AmbiguousAction", "ConfigError", "DataError",
    "Event", "GameSpec", "IllegalAction", "ParseError", "Rng", "SaveError", "SpacetableError", "State",
    "View", "available_games", "get_game", "register",
]
