"""A dependency-free, gym-style environment over any registered game.

Actions are indices into the game's fixed `ActionSpace`; ``info["action_mask"]`` flags the legal
ones. Observations are ``view(seat).to_json()`` of the acting agent, so an agent never sees more
than its seat may know. Chance steps are resolved automatically from the state's seeded generator.

Single-agent mode (``agent_seat=k``): the agent plays seat k, bots play the others; the reward is
the agent's return when the game ends (1 for a win, shared wins split), else 0.
Multi-agent mode (``agent_seat=None``): the agent is whoever decides now (``info["seat"]``); each
step's reward is the return of the seat that just acted, and ``info["returns"]`` holds every
seat's return at the end.

>>> from spacetable.sim.setup import all_games, load_game
>>> name = next(g for g in all_games() if load_game(g).example)  # any registered game; here the small one
>>> env = SpacetableEnv(name, players=2)
>>> obs, info = env.reset(seed=1)
>>> obs["player"], sum(info["action_mask"]) > 0
(0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsIndex

from spacetable.bots.base import Bot
from spacetable.engine.errors import ConfigError, IllegalAction
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.rl.errors import EnvNotReady
from spacetable.rl.table import action_index
from spacetable.sim.setup import build_config, load_game, make_bots

Observation = dict[str, Any]
Info = dict[str, Any]


class SpacetableEnv:
    """``reset(seed) -> (obs, info)``, ``step(index) -> (obs, reward, terminated, truncated, info)``."""

    def __init__(self, game: str, players: int = 2, *, agent_seat: int | None = 0,
                 opponents: str | Sequence[str] = "random", modules: Sequence[str] = (),
                 expansions: Sequence[str] = (), modes: Sequence[str] = (),
                 max_steps: int = 100_000) -> None:
        self.spec = load_game(game)
        self.config = build_config(self.spec, players, modules, expansions, modes)
        self.players = players
        if agent_seat is not None and not 0 <= agent_seat < players:
            raise ConfigError(f"agent_seat must be in 0..{players - 1}")
        self.agent_seat = agent_seat
        names = [opponents] * players if isinstance(opponents, str) else list(opponents)
        if len(names) != players:
            raise ConfigError(f"opponents: give one bot name or one per seat ({players})")
        self.bots: list[Bot] = make_bots(game, names)
        self.max_steps = max_steps
        self.num_actions = len(self.spec.new_game(dict(self.config), 0).space)
        self.state: State | None = None
        self.steps = 0
        self._bot_rng = Rng(0)

    @property
    def multi_agent(self) -> bool:
        return self.agent_seat is None

    def action_names(self) -> list[str]:
        """The text form of every action index."""
        assert self.state is not None, "call reset() first"
        return [str(a) for a in self.state.space]

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, Info]:
        """Start a new game (seed 0 when None) and advance to the agent's first decision."""
        game_seed = 0 if seed is None else seed
        self.state = self.spec.new_game(dict(self.config), game_seed)
        self._bot_rng = Rng(game_seed ^ 0xA6E7)
        self.steps = 0
        self._advance()
        return self._observe(), self._info()

    def step(self, action: SupportsIndex) -> tuple[Observation, float, bool, bool, Info]:
        """Apply action `action` (an index) for the acting agent.

        Any integer `operator.index` accepts is an index (int, NumPy integers); anything else (bool,
        float, str, None) raises `ParseError`, and an index out of range or not legal now raises
        `IllegalAction`. Both leave the environment unchanged. Before `reset()` and after the game
        ended it raises `EnvNotReady` (a `SpacetableError`, and a RuntimeError as before).
        """
        state = self.state
        if state is None:
            raise EnvNotReady("call reset() before step()")
        if state.is_terminal():
            raise EnvNotReady("the game is over: call reset()")
        action = action_index(action, len(state.space))
        seat = state.current_player()
        legal = state.legal_actions()
        chosen = next((a for a in legal if a.index == action), None)
        if chosen is None:
            name = str(state.space[action]) if 0 <= action < len(state.space) else f"#{action}"
            raise IllegalAction(name, state.decision_name(), [str(a) for a in legal])
        state.apply_fast(chosen)
        self.steps += 1
        self._advance()
        terminated = state.is_terminal()
        truncated = not terminated and self.steps >= self.max_steps
        reward_seat = seat if self.agent_seat is None else self.agent_seat
        reward = state.returns()[reward_seat] if terminated else 0.0
        return self._observe(), reward, terminated, truncated, self._info()

    # ----- internals -----------------------------------------------------------------------
    def _advance(self) -> None:
        """Resolve chance (and, in single-agent mode, the bots' turns) until the agent decides."""
        state = self.state
        assert state is not None
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.sample_chance()
            elif self.agent_seat is None or p == self.agent_seat:
                return
            else:
                state.apply_fast(self.bots[p].choose(state, p, self._bot_rng))

    def _seat(self) -> int | None:
        assert self.state is not None
        if self.agent_seat is not None:
            return self.agent_seat
        p = self.state.current_player()
        return p if p >= 0 else None

    def _observe(self) -> Observation:
        assert self.state is not None
        return self.state.view(self._seat()).to_json()

    def _info(self) -> Info:
        state = self.state
        assert state is not None
        terminal = state.is_terminal()
        info: Info = {
            "seat": None if terminal else state.current_player(),
            "action_mask": [False] * self.num_actions if terminal else state.action_mask(),
            "decision": state.decision_name(),
        }
        if terminal:
            info["returns"] = state.returns()
            info["winners"] = state.winners()
        return info

