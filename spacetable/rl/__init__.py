"""Reinforcement-learning faces over any registered game (docs/rl.md).

- `SpacetableEnv`: the dependency-free gym-style environment (observations are views as JSON);
- `pettingzoo_env(game, **config)`: a PettingZoo AEC environment, every seat an agent;
- `gymnasium_env(game, opponents="random", seat=0, **config)`: a Gymnasium environment for one seat,
  the others played by bots;
- `register_openspiel()`: registers ``python_spacetable_<game>`` for every game with pyspiel.

The last three need the optional ``rl`` extra (``pip install 'spacetable[rl]'``) and import it only
when called; without it they raise `MissingExtra` (a `ConfigError`) saying what to install.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spacetable.rl.env import SpacetableEnv
from spacetable.rl.errors import EnvNotReady, MissingExtra, require

__all__ = ["EnvNotReady", "MissingExtra", "SpacetableEnv", "gymnasium_env", "gymnasium_vector_env",
           "pettingzoo_env", "register_openspiel"]


def pettingzoo_env(game: str, **config: Any) -> Any:
    """A PettingZoo AEC environment: agents ``seat_0``…; observations ``{"observation",
    "action_mask"}``. Config: ``players`` (default 2), the game's options, ``max_steps``,
    ``illegal="raise"|"penalize"|"noop"``, ``render_mode="ansi"``."""
    for module in ("numpy", "gymnasium", "pettingzoo"):
        require(module, "spacetable.rl.pettingzoo_env")
    from spacetable.rl.pettingzoo_adapter import SpacetableAEC

    return SpacetableAEC(game, **config)


def gymnasium_env(game: str, opponents: str | Sequence[str] = "random", seat: int = 0,
                  **config: Any) -> Any:
    """A Gymnasium environment for `seat`; the other seats are bots named by `opponents` (one name,
    or one per other seat). Config as for `pettingzoo_env`, and ``mask_in_obs=True`` for the
    observation ``{"observation", "action_mask"}``."""
    for module in ("numpy", "gymnasium"):
        require(module, "spacetable.rl.gymnasium_env")
    from spacetable.rl.gymnasium_adapter import SpacetableGym

    return SpacetableGym(game, opponents=opponents, seat=seat, **config)


def gymnasium_vector_env(n: int, game: str, *, asynchronous: bool = False, **kwargs: Any) -> Any:
    """`n` copies of ``gymnasium_env(game, **kwargs)`` as Gymnasium's `SyncVectorEnv`, or with
    `asynchronous` its `AsyncVectorEnv` (one worker process per copy)."""
    for module in ("numpy", "gymnasium"):
        require(module, "spacetable.rl.gymnasium_vector_env")
    from spacetable.rl.gymnasium_adapter import vector_env

    return vector_env(n, game, asynchronous=asynchronous, **kwargs)


def register_openspiel() -> list[str]:
    """Register ``python_spacetable_<game>`` for every game with pyspiel (idempotent); returns the
    names, for ``pyspiel.load_game(name, {"players": 3, …})``."""
    for module in ("numpy", "pyspiel"):
        require(module, "spacetable.rl.register_openspiel")
    from spacetable.rl.openspiel_adapter import register

    return register()
