"""A PettingZoo AEC environment over any game (imported only when `pettingzoo_env` is called).

Agents are ``seat_0``…; the agent to act is the seat that decides now (chance steps are drawn inside
the environment from the game's seeded generator). Observations are ``{"observation": float32
tensor, "action_mask": int8 mask}``; see docs/rl.md. The reward is each seat's return when the game
ends (1 for a win, shared wins split), else 0. An illegal index follows ``illegal=`` (``raise``, the
default; ``penalize``: every agent terminated, the offender's reward -1; ``noop``: nothing changes
but it counts toward ``max_steps``), with ``infos[agent]["illegal"] = True`` when it does not raise.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from spacetable.engine.rng import Rng
from spacetable.rl.table import Table, action_index

AgentID = str


class SpacetableAEC(AECEnv[AgentID, dict[str, Any], int]):  # type: ignore[misc]
    """``pettingzoo_env(game, **config)``; ``reset(seed)`` starts game `seed` (any int ≥ 0)."""

    metadata = {"render_modes": ["ansi"], "name": "spacetable_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, illegal: str = "raise",
                 **config: Any) -> None:
        super().__init__()
        self.table = Table(game, config, illegal)
        self.metadata = {**self.metadata, "name": f"spacetable_{game}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(self.table.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size, n = self.table.obs_size, self.table.num_actions
        self._obs_space = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        }) for a in self.possible_agents}
        self._act_space = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seeds = Rng(0)

    def observation_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self._obs_space[agent]

    def action_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self._act_space[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start game `seed`; without one, the next seed of a generator seeded by the last given seed."""
        if seed is not None:
            self._seeds = Rng(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.next64() >> 1
        self.table.reset(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[AgentID, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: AgentID) -> dict[str, Any]:
        seat = self._seat[agent]
        return {"observation": np.asarray(self.table.observe(seat), dtype=np.float32),
                "action_mask": np.asarray(self.table.mask(seat), dtype=np.int8)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        index = action_index(action, table.num_actions)
        chosen = table.legal(index)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if chosen is None:
            table.refuse(self._seat[agent], index)  # raises under illegal="raise"
            self.infos[agent] = {"illegal": True}
            if not table.over:
                return
        else:
            table.play(chosen)
            self.infos = {a: {} for a in self.agents}
        if table.over:
            returns = table.returns()
            self.rewards = {a: returns[self._seat[a]] for a in self.agents}
            done = dict.fromkeys(self.agents, True)
            if table.terminated:
                self.terminations = done
            else:
                self.truncations = done
        self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        seat = self.table.to_act()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:  # over: every agent takes its last (dead) step in seat order
            self.agent_selection = self.agents[0]

    def _was_dead_step(self, action: Any) -> None:
        super()._was_dead_step(action)
        if self.agents:
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        state = self.table.state
        seat = self.table.to_act()
        who = "game over" if seat is None else f"seat {seat} decides ({state.decision_name()})"
        return f"{self.table.game} step {self.table.steps}: {who}; returns {self.table.returns()}"

    def close(self) -> None:
        pass
