"""A Gymnasium single-agent environment over any game (imported only when `gymnasium_env` is called).

The agent plays one seat; every other seat is a bot from the bot registry (`spacetable.bots`), and
chance steps are drawn from the game's seeded generator, both inside `step`. Observations are the
agent's float32 tensor (docs/rl.md), or with ``mask_in_obs=True`` the dict ``{"observation",
"action_mask"}``; ``info["action_mask"]`` (int8) flags the legal indices, and `action_masks()`
returns it too (the MaskablePPO convention). The reward is the agent's return when the game ends (1
for a win, shared wins split), else 0. An illegal index follows ``illegal=`` (``raise``, the default;
``penalize``; ``noop``: `spacetable.rl.table`), with ``info["illegal"] = True`` when it does not raise.

`vector_env(n, …)` builds Gymnasium's `SyncVectorEnv` or `AsyncVectorEnv` of `n` copies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from spacetable.bots.base import Bot
from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import Rng
from spacetable.rl.errors import EnvNotReady
from spacetable.rl.table import Table, action_index
from spacetable.sim.setup import make_bots

Obs = Any  # np.ndarray of float32


class SpacetableGym(gym.Env[Obs, Any]):
    """``gymnasium_env(game, opponents="random", seat=0, **config)``."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, opponents: str | Sequence[str] = "random", seat: int = 0,
                 render_mode: str | None = None, illegal: str = "raise", mask_in_obs: bool = False,
                 **config: Any) -> None:
        self.table = Table(game, config, illegal)
        self.mask_in_obs = bool(mask_in_obs)
        n = self.table.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ConfigError(f"seat must be a seat number from 0 to {n - 1}, not {seat!r:.40}")
        self.seat = seat
        names = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if not isinstance(opponents, str) and len(names) == n - 1:
            names.insert(seat, "random")  # one name per other seat
        if len(names) != n:
            raise ConfigError(f"opponents: give one bot name, or one per other seat ({n - 1})")
        self.bots: list[Bot] = make_bots(game, [str(x) for x in names])
        self.opponents = [names[i] for i in range(n) if i != seat]
        self.render_mode = render_mode
        tensor = spaces.Box(0.0, 1.0, (self.table.obs_size,), np.float32)
        self.observation_space: spaces.Space[Any] = tensor if not self.mask_in_obs else spaces.Dict({
            "observation": tensor, "action_mask": spaces.Box(0, 1, (self.table.num_actions,), np.int8)})
        self.action_space = spaces.Discrete(self.table.num_actions)
        self._bot_rng = Rng(0)
        self._started = False

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Start game `seed` (without one, a seed drawn from the env's generator) and play the bots
        until the agent decides."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**62))
        self.table.reset(game_seed)
        self._bot_rng = Rng(game_seed ^ 0xB07B07)
        self._started = True
        self._bots_play()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        if not self._started:
            raise EnvNotReady("call reset() before step()")
        table = self.table
        if table.over:
            raise EnvNotReady("the episode is over: call reset()")
        index = action_index(action, table.num_actions)
        chosen = table.legal(index)
        if chosen is None:
            table.refuse(self.seat, index)  # raises under illegal="raise"
            info = self._info()
            info["illegal"] = True
            reward = table.returns()[self.seat] if table.terminated else 0.0
            return self._obs(), reward, table.terminated, table.truncated, info
        table.play(chosen)
        self._bots_play()
        reward = table.returns()[self.seat] if table.terminated else 0.0
        return self._obs(), reward, table.terminated, table.truncated, self._info()

    def action_masks(self) -> Any:
        return np.asarray(self.table.mask(self.seat), dtype=np.int8)

    def _bots_play(self) -> None:
        table = self.table
        while True:
            p = table.to_act()
            if p is None or p == self.seat:
                return
            table.play(self.bots[p].choose(table.state, p, self._bot_rng))

    def _obs(self) -> Obs:
        tensor = np.asarray(self.table.observe(self.seat), dtype=np.float32)
        if self.mask_in_obs:
            return {"observation": tensor, "action_mask": self.action_masks()}
        return tensor

    def _info(self) -> dict[str, Any]:
        table = self.table
        info: dict[str, Any] = {"action_mask": self.action_masks(), "illegal": False}
        if table.over:
            info["returns"] = table.returns()
        return info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seat = self.table.to_act()
        who = "over" if seat is None else f"seat {seat} ({self.table.state.decision_name()})"
        return f"{self.table.game} step {self.table.steps}: {who}; returns {self.table.returns()}"


def vector_env(n: int, game: str, *, asynchronous: bool = False, **kwargs: Any) -> Any:
    """Gymnasium's `SyncVectorEnv` (or `AsyncVectorEnv`: one process each) of `n` environments
    ``gymnasium_env(game, **kwargs)``; ``reset(seed=s)`` gives environment k game ``s + k``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ConfigError(f"a vector environment needs 1 or more copies, not {n!r:.40}")
    SpacetableGym(game, **kwargs).close()  # refuse a bad config here, not in n processes
    fns = [_Maker(game, kwargs) for _ in range(n)]
    if asynchronous:
        return gym.vector.AsyncVectorEnv(fns)
    return gym.vector.SyncVectorEnv(fns)


class _Maker:
    """A picklable environment factory (AsyncVectorEnv sends it to its worker processes)."""

    def __init__(self, game: str, kwargs: dict[str, Any]) -> None:
        self.game, self.kwargs = game, kwargs

    def __call__(self) -> SpacetableGym:
        return SpacetableGym(self.game, **self.kwargs)
