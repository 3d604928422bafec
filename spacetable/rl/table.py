"""One game behind an RL adapter: its config with the adapters' defaults, a step cap, index actions.

Illegal indices (``illegal=`` at creation, `ILLEGAL_POLICIES`): ``raise`` (the default) raises the
engine's `IllegalAction` and changes nothing; ``penalize`` ends the episode at once, terminated, with
`ILLEGAL_REWARD` for the seat that tried and 0 for the others (PettingZoo's TerminateIllegalWrapper);
``noop`` changes nothing but counts as a step toward ``max_steps``, so an agent that keeps trying
illegal indices is truncated.

Defaults every adapter shares: ``players=2``; the game's `GameSpec.episode_config` (config values such
as a turn limit) unless given; and a cap on the number of decisions (``max_steps``, by default the
game's `GameSpec.episode_steps`), so every episode is bounded, even uniformly random play that never
reaches the game's end. An episode cut by the cap is *truncated*: nobody wins, every return is 0.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any, SupportsIndex

from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError, IllegalAction, ParseError
from spacetable.engine.game import GameSpec
from spacetable.engine.state import CHANCE, State
from spacetable.rl.errors import EnvNotReady
from spacetable.rl.observations import Encoder, encoder_for, legal_mask, seat_observation
from spacetable.sim.setup import load_game

MAX_STEPS_LIMIT = 10**6
ILLEGAL_POLICIES = ("raise", "penalize", "noop")
"""What an illegal index does (docs/rl.md, "Rewards, masks and illegal actions"); the first is the default."""
ILLEGAL_REWARD = -1.0
"""The return of a seat whose illegal index ended the episode under ``illegal="penalize"``."""


def illegal_policy(value: object) -> str:
    """`value` if it names an illegal-action policy, else `ConfigError` listing them."""
    if not isinstance(value, str) or value not in ILLEGAL_POLICIES:
        raise ConfigError(f"illegal must be one of {', '.join(map(repr, ILLEGAL_POLICIES))}, "
                          f"not {value!r:.40}")
    return value


def adapter_config(game: str, config: Mapping[str, Any]) -> tuple[GameSpec, dict[str, Any], int]:
    """(spec, full validated config, max_steps) from an adapter's keyword arguments.

    Keys: ``players`` (default 2), the game's own options (``modules``, ``expansions``, ``modes``,
    ``turn_limit``…) and ``max_steps``. Anything else raises `ConfigError`.
    """
    spec = load_game(game)
    params = dict(config)
    players = params.pop("players", 2)
    max_steps = params.pop("max_steps", spec.episode_steps)
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or not 1 <= max_steps <= MAX_STEPS_LIMIT:
        raise ConfigError(f"max_steps must be a whole number from 1 to {MAX_STEPS_LIMIT}, "
                          f"not {max_steps!r:.40}")
    for k, v in spec.episode_config.items():
        params.setdefault(k, v)
    return spec, spec.make_config(players, **params), max_steps


def action_index(action: object, size: int) -> int:
    """`action` as a plain int, or `ParseError` when it is not an integer (True and 23.0 are not)."""
    if isinstance(action, bool) or type(action).__name__ == "bool_":  # NumPy's bool too
        raise ParseError(f"an action must be an integer index in 0..{size - 1}, not the bool {action!r}")
    if isinstance(action, SupportsIndex):
        try:
            return operator.index(action)
        except TypeError:
            pass
    kind = type(action).__name__
    raise ParseError(f"an action must be an integer index in 0..{size - 1}, not {kind} {action!r:.40}")


class Table:
    """A game in progress for the PettingZoo and Gymnasium adapters: chance steps are drawn from the
    state's seeded generator as soon as they come up, so a decider is always a seat (or nobody)."""

    def __init__(self, game: str, config: Mapping[str, Any], illegal: str = "raise") -> None:
        self.game = game
        self.illegal = illegal_policy(illegal)
        self.penalized: int | None = None
        """The seat whose illegal index ended the episode (``illegal="penalize"``)."""
        self.spec, self.config, self.max_steps = adapter_config(game, config)
        self.players = int(self.config["players"])
        self.encoder: Encoder = encoder_for(game, self.config)
        self.obs_size = self.encoder.layout.size
        self.num_actions = self.spec.num_actions
        self._state: State | None = None
        self.steps = 0

    @property
    def state(self) -> State:
        if self._state is None:
            raise EnvNotReady("call reset() before step()")
        return self._state

    def reset(self, seed: int) -> None:
        self._state = self.spec.new_game(dict(self.config), seed)
        self.steps = 0
        self.penalized = None
        self._resolve_chance()

    def _resolve_chance(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player() == CHANCE:
            state.sample_chance()

    @property
    def terminated(self) -> bool:
        return self.penalized is not None or self.state.is_terminal()

    @property
    def truncated(self) -> bool:
        return not self.terminated and self.steps >= self.max_steps

    @property
    def over(self) -> bool:
        return self.terminated or self.truncated

    def to_act(self) -> int | None:
        """The seat that decides now; None once the episode is over."""
        return None if self.over else self.state.current_player()

    def legal(self, index: int) -> Action | None:
        """The legal action with this index now, or None (illegal, out of range or the game is over)."""
        if self.over or not 0 <= index < self.num_actions:
            return None
        for a in self.state.legal_actions():
            if a.index == index:
                return a
        return None

    def refuse(self, seat: int, index: int) -> None:
        """Apply the illegal-action policy to `seat`'s illegal `index` (see the module docstring)."""
        if self.illegal == "raise":
            state = self.state
            name = str(state.space[index]) if 0 <= index < len(state.space) else f"#{index}"
            legal = [] if self.over else [str(a) for a in state.legal_actions()]
            raise IllegalAction(name, state.decision_name(), legal)
        if self.illegal == "penalize":
            self.penalized = seat
        else:
            self.steps += 1

    def play(self, action: Action) -> None:
        """Apply a legal action (from `legal`), count the decision, then draw any chance steps."""
        self.state.apply_fast(action)
        self.steps += 1
        self._resolve_chance()

    def returns(self) -> list[float]:
        """Each seat's return: the game's at its end, 0 before it and when truncated; after a penalized
        illegal index, `ILLEGAL_REWARD` for that seat and 0 for the others."""
        if self.penalized is not None:
            return [ILLEGAL_REWARD if s == self.penalized else 0.0 for s in range(self.players)]
        state = self.state
        return state.returns() if state.is_terminal() else [0.0] * self.players

    def observe(self, seat: int) -> list[float]:
        return seat_observation(self.encoder, self.state, seat)

    def mask(self, seat: int) -> list[bool]:
        """True at each legal action index of `seat` now (all False when it does not decide)."""
        if self.over:
            return [False] * self.num_actions
        return legal_mask(self.state, seat, self.num_actions)
