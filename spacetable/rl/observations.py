"""Fixed-size observation tensors, one encoder per game, built from ``view(seat).to_json()`` only.

An encoder never reads the state itself: it gets the JSON view of one seat (what that seat may know,
docs/architecture.md) and returns a list of floats in [0, 1] whose slices its `Layout` names. So an
observation cannot carry another seat's hand or a deck order. docs/rl.md documents every slice.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from spacetable.engine.errors import ConfigError
from spacetable.rl.layout import Layout

ENCODERS = {
    "highcard": "spacetable.rl.obs_highcard",
    "moonrakers": "spacetable.rl.obs_moonrakers",
    "spacelanes": "spacetable.rl.obs_spacelanes",
}
"""The module holding each game's encoder class (named `Encoder`)."""


class Encoder(Protocol):
    layout: Layout

    def encode(self, view: dict[str, Any]) -> list[float]:
        """The tensor of one seat's view (``layout.size`` floats in [0, 1])."""
        ...


def encoder_for(game: str, config: dict[str, Any]) -> Encoder:
    """The encoder of `game` for a full config (its size depends on the number of players)."""
    module = ENCODERS.get(game)
    if module is None:
        raise ConfigError(f"no observation encoder for game {game!r}; known: {', '.join(sorted(ENCODERS))}")
    enc: Encoder = importlib.import_module(module).Encoder(config)
    return enc
