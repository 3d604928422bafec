"""Fixed-size observation tensors, one encoder per game, built from ``view(seat).to_json()`` only.

An encoder never reads the state itself: it gets the JSON view of one seat (what that seat may know,
docs/architecture.md) and returns a list of floats in [0, 1] whose slices its `Layout` names. So an
observation cannot carry another seat's hand or a deck order. docs/rl.md documents every slice.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

from spacetable.engine.errors import ConfigError
from spacetable.engine.state import State
from spacetable.rl.layout import Layout
from spacetable.sim.setup import all_games, load_game


class Encoder(Protocol):
    layout: Layout

    def encode(self, view: dict[str, Any]) -> list[float]:
        """The tensor of one seat's view (``layout.size`` floats in [0, 1])."""
        ...


class FeaturedEncoder(Encoder, Protocol):
    """An encoder that also scores actions from features of their own (docs/rl.md, "Action features")."""

    feature_actions: tuple[int, ...]
    feature_names: tuple[str, ...]

    def action_features(self, view: dict[str, Any]) -> list[list[float]] | None:
        """One row of features per `feature_actions` entry at the decisions that have them; None
        elsewhere (the view of the observing seat only, like `encode`)."""
        ...


def encoder_for(game: str, config: dict[str, Any]) -> Encoder:
    """The encoder of `game` for a full config (its size depends on the number of players)."""
    module = load_game(game).module("observation")
    if module is None:
        raise ConfigError(f"no observation encoder for game {game!r}; known: {', '.join(encoded_games())}")
    enc: Encoder = module.Encoder(config)
    return enc


def encoded_games() -> list[str]:
    """The games whose manifest names an observation encoder (`Manifest.observation`)."""
    out = []
    for game in all_games():
        try:
            if load_game(game).manifest.observation is not None:
                out.append(game)
        except ConfigError:
            continue
    return out


def seat_observation(encoder: Encoder, state: State, seat: int) -> list[float]:
    """`seat`'s tensor now: the encoder applied to ``state.view(seat)`` and nothing else. Every face
    that turns a state into an observation (the adapters, datasets, policy bots) calls this."""
    return encoder.encode(state.view(seat).to_json())


def feature_spec(encoder: Encoder) -> tuple[list[int], list[str]] | None:
    """(actions, feature names) of an encoder that gives action features (`action_features`), else
    None (docs/rl.md, "Action features")."""
    actions = getattr(encoder, "feature_actions", None)
    names = getattr(encoder, "feature_names", None)
    if actions is None or names is None or not hasattr(encoder, "action_features"):
        return None
    return [int(a) for a in actions], [str(n) for n in names]


def seat_inputs(encoder: Encoder, state: State, seat: int, features: bool
                ) -> tuple[list[float], list[list[float]] | None]:
    """`seat`'s tensor and, when `features` is true, its action features now (None where it has
    none): both from one ``state.view(seat)``, like `seat_observation`."""
    view = state.view(seat).to_json()
    obs = encoder.encode(view)
    if not features:
        return obs, None
    return obs, cast(FeaturedEncoder, encoder).action_features(view)


def legal_mask(state: State, seat: int, size: int) -> list[bool]:
    """One flag per action index: True where `seat` may take that action now (all False when another
    seat, chance or nobody decides)."""
    out = [False] * size
    if not state.is_terminal() and state.current_player() == seat:
        for a in state.legal_actions():
            out[a.index] = True
    return out
