"""OpenSpiel games ``python_spacetable_<game>`` through pyspiel's Python game API (imported only
when `register_openspiel` is called).

- Chance is explicit. The first 8 nodes deal: chance picks the 64-bit game seed one byte at a time
  (``seed byte 0``…``255``, uniform), which fixes every shuffle the rules make with the state's
  generator; after them, each die of the game is a chance node whose outcomes are the game's own
  action indices.
- Actions are the game's fixed action-space indices (`num_distinct_actions` = its size).
- The observation tensor of seat p is the encoder's tensor of ``view(p)`` (docs/rl.md); the
  observation string is that view as compact JSON. The information-state string is perfect-recall:
  a digest chained over everything p has observed (each view of p, and p's own actions), so two
  histories p cannot tell apart give the same string. The information-state tensor is the
  observation tensor plus the share of `max_game_length` used (not perfect-recall: it has a fixed size).
- `max_game_length` is ``max_steps`` decisions, or less where the game declares `Bounds` (a game's
  spec: its longest game at that many players); a game cut there
  is terminal with every return 0. Returns lie in [0, 1]: 1 for a win, shared wins split.
- `resample_from_infostate(p, sampler)` is `determinize(p, rng)` with `rng` seeded from the sampler.
- Serialization (``pyspiel.serialize_game_and_state``, ``state.serialize()``, pickle): the game is
  its parameters; a state is OpenSpiel's action history plus the engine game as (config, seed, action
  log), rebuilt by replaying the log (chance entries re-drawn and checked, as saves are). No engine
  internals are pickled, so a serialized state loads in any build whose rules replay the log.
  Importing this module registers the games, so unpickling works in a fresh process.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from spacetable.engine import record
from spacetable.engine.errors import ConfigError, IllegalAction
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.rl.observations import Encoder, encoded_games, encoder_for
from spacetable.rl.table import adapter_config
from spacetable.sim.setup import load_game

GAMES = tuple(encoded_games())
"""Every game with an observation encoder (`Manifest.observation`)."""
PREFIX = "python_spacetable_"
SEED_BYTES = 8
"""Chance nodes that deal: one byte of the 64-bit game seed each."""
LIST_PARAMS = ("modules", "expansions", "modes")
"""Config lists, given to OpenSpiel as comma- or plus-separated strings (``modes="pvp,exploration"``);
the game keeps them plus-separated (``modes=pvp+exploration``), as a comma cannot stand in OpenSpiel's
game strings, which serialization writes and parses."""


def _items(value: object) -> list[str]:
    return [v.strip() for v in str(value).replace("+", ",").split(",") if v.strip()]


def game_params(game: str) -> dict[str, Any]:
    """The OpenSpiel parameters of `game` with their defaults."""
    spec = load_game(game)
    _, config, max_steps = adapter_config(game, {})
    params: dict[str, Any] = {"players": 2}
    for key in spec.params:
        value = config[key]
        params[key] = "+".join(value) if isinstance(value, list) else value
    params["max_steps"] = max_steps
    return params


def _config(game: str, params: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """(full config, max_steps) from OpenSpiel parameters."""
    given = {**game_params(game), **params}
    for key in LIST_PARAMS:
        if key in given:
            given[key] = _items(given[key])
    _, config, max_steps = adapter_config(game, given)
    return config, max_steps


_SEED_OUTCOMES = [(i, 1.0 / 256) for i in range(256)]


def game_type(game: str) -> Any:
    spec = load_game(game)
    return pyspiel.GameType(
        short_name=PREFIX + game,
        long_name=f"spacetable {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=game_params(game),
    )


class SpacetableGame(pyspiel.Game):  # type: ignore[misc]
    """One spacetable game and configuration as an OpenSpiel game."""

    GAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.GAME
        self.spec = load_game(game)
        self.config, self.max_steps = _config(game, dict(params or {}))
        self.players = int(self.config["players"])
        self.encoder: Encoder = encoder_for(game, self.config)
        self.num_actions = self.spec.num_actions
        length = self.max_steps
        bounds = self.spec.bounds
        if bounds is not None:
            length = min(length, bounds.length(self.players))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.num_actions,
            max_chance_outcomes=max(256, self.num_actions),
            num_players=self.players,
            min_utility=0.0 if bounds is None else bounds.min_utility,
            max_utility=1.0 if bounds is None else bounds.max_utility,
            max_game_length=length,
        )
        kept = {k: "+".join(_items(v)) if k in LIST_PARAMS else v for k, v in (params or {}).items()}
        super().__init__(game_type(game), info, kept)

    def new_initial_state(self) -> SpacetableState:
        return SpacetableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, infostate=recall)


class _Shared:
    """The game a state belongs to: shared, never copied, when OpenSpiel clones the state; pickled
    as the game's name and parameters."""

    __slots__ = ("game",)

    def __init__(self, game: SpacetableGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared_game, (str(self.game),))


def _shared_game(name: str) -> _Shared:
    register()
    return _Shared(pyspiel.load_game(name))


class _Views:
    """Every seat's JSON view of the current engine state, built once per move and shared by clones
    (views are never modified): the digests, tensors and strings all read them."""

    __slots__ = ("views",)

    def __init__(self, views: tuple[dict[str, Any], ...] | None) -> None:
        self.views = views

    def __deepcopy__(self, memo: dict[int, Any]) -> _Views:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Views, (None,))  # rebuilt from the engine state when next asked


class _Box:
    """Holds the engine state; copied with its own `copy()` when OpenSpiel clones (no deepcopy)."""

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(None if self.state is None else self.state.copy())

    def __reduce__(self) -> tuple[Any, ...]:
        s = self.state
        if s is None:
            return (_Box, (None,))
        return (_replayed, (s.spec.name, s.config, s.seed, record.entries_of(s)))


def _replayed(game: str, config: dict[str, Any], seed: int, entries: list[record.Entry]) -> _Box:
    """The engine state (config, seed, action log) describes, replayed (`record.replay_actions`)."""
    load_game(game)
    state = record.replay_actions(game, config, seed, entries)
    state.events = None
    return _Box(state)


class SpacetableState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: during the deal, the engine state is None and `_seed` collects bytes."""

    def __init__(self, game: SpacetableGame) -> None:
        super().__init__(game)
        self._ref = _Shared(game)
        self._box = _Box(None)
        self._views = _Views(None)
        self._seed = (0, 0)
        """(seed so far, bytes dealt)"""
        self._steps = 0
        self._digests = tuple(hashlib.blake2b(b"start", digest_size=16).digest() for _ in range(game.players))

    @property
    def engine(self) -> State | None:
        """The engine state (None before the deal)."""
        return self._box.state

    def view(self, seat: int) -> dict[str, Any]:
        """`seat`'s view of the engine state as JSON-ready data (after the deal only)."""
        views = self._views.views
        if views is None:
            s = self._box.state
            assert s is not None
            views = tuple(s.view(p).to_json() for p in range(self._ref.game.players))
            self._views = _Views(views)
        return views[seat]

    # ----- who decides ------------------------------------------------------------------------
    def current_player(self) -> int:
        s = self._box.state
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if s.is_terminal() or self._steps >= self._ref.game.max_steps:
            return int(pyspiel.PlayerId.TERMINAL)
        p = s.current_player()
        return int(pyspiel.PlayerId.CHANCE) if p == CHANCE else p

    def is_terminal(self) -> bool:
        s = self._box.state
        return s is not None and (s.is_terminal() or self._steps >= self._ref.game.max_steps)

    def _legal_actions(self, player: int) -> list[int]:
        s = self._box.state
        assert s is not None and player >= 0
        return sorted(a.index for a in s.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        s = self._box.state
        if s is None:
            return _SEED_OUTCOMES
        return sorted((a.index, p) for a, p in s.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        s = self._box.state
        actor = -1
        if s is None:
            seed, dealt = self._seed
            if not 0 <= action < 256:
                raise ConfigError(f"a seed byte is 0–255, not {action}")
            self._seed = (seed << 8 | int(action), dealt + 1)
            if dealt + 1 < SEED_BYTES:
                return
            s = self._box.state = self._ref.game.spec.new_game(dict(self._ref.game.config), self._seed[0])
        else:
            actor = s.current_player()
            if not 0 <= action < len(s.space):
                raise IllegalAction(f"#{action}", s.decision_name(), [str(a) for a in s.legal_actions()])
            s.apply(s.space[int(action)])  # checked: an illegal index raises IllegalAction, changes nothing
            if actor != CHANCE:
                self._steps += 1
        self._views = _Views(None)
        digests = []
        for p, d in enumerate(self._digests):
            h = hashlib.blake2b(d, digest_size=16)
            if p == actor:
                h.update(b"me %d" % action)
            h.update(repr(self.view(p)).encode())  # views are built in a fixed order: repr is canonical
            digests.append(h.digest())
        self._digests = tuple(digests)

    def _action_to_string(self, player: int, action: int) -> str:
        if self._box.state is None:
            return f"seed byte {action}"
        return str(self._box.state.space[action])

    def returns(self) -> list[float]:
        s = self._box.state
        if s is None or not s.is_terminal():
            return [0.0] * self._ref.game.players
        return [float(x) for x in s.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpacetableState:
        """A state `player_id` cannot tell from this one: `determinize(player_id, rng)`, with `rng`
        seeded from two draws of `probability_sampler` (a callable giving floats in [0, 1))."""
        clone: SpacetableState = self.clone()
        s = self._box.state
        if s is not None:
            seed = int(probability_sampler() * (1 << 32)) << 32 | int(probability_sampler() * (1 << 32))
            clone._box = _Box(s.determinize(player_id, Rng(seed)))
            clone._views = _Views(None)
        return clone

    def __str__(self) -> str:
        s = self._box.state
        if s is None:
            return f"dealing: {self._seed[1]} of {SEED_BYTES} seed bytes"
        return f"step {self._steps} {s.decision_name()} history {s.history}"

    # ----- what each seat knows ---------------------------------------------------------------
    def observation_text(self, player: int) -> str:
        s = self._box.state
        if s is None or player < 0:
            return "deal pending"
        return json.dumps(self.view(player), sort_keys=True, separators=(",", ":"))

    def information_state_text(self, player: int) -> str:
        return f"p{player} step {self._steps} {self._digests[player].hex()}" if player >= 0 else "start"


class Observer:
    """OpenSpiel's PyObserver for either kind: the observation, or the information state."""

    def __init__(self, game: SpacetableGame, infostate: bool) -> None:
        self.game = game
        self.infostate = infostate
        layout = game.encoder.layout
        size = layout.size + (1 if infostate else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {sl.name: self.tensor[sl.start:sl.start + sl.size] for sl in layout.slices}
        if infostate:
            self.dict["progress"] = self.tensor[layout.size:]

    def set_from(self, state: SpacetableState, player: int) -> None:
        self.tensor.fill(0.0)
        s = state.engine
        if s is None or player < 0:
            return
        n = self.game.encoder.layout.size
        self.tensor[:n] = self.game.encoder.encode(state.view(player))
        if self.infostate:
            self.tensor[n] = min(1.0, state._steps / self.game.max_steps)

    def string_from(self, state: SpacetableState, player: int) -> str:
        if self.infostate:
            return state.information_state_text(player)
        return state.observation_text(player)


def _game_class(game: str) -> type[SpacetableGame]:
    """The module-level class of `game` (``Spacetable<Game>``: pickle finds it by name in this module)."""
    name = "Spacetable" + game.title().replace("_", "").replace("-", "")
    cls = type(name, (SpacetableGame,), {"GAME": game, "__module__": __name__, "__qualname__": name})
    globals()[name] = cls
    return cls


CLASSES: dict[str, type[SpacetableGame]] = {game: _game_class(game) for game in GAMES}
"""One module-level class per game (pickle finds a game's class by its name in this module)."""


def register() -> list[str]:
    """Register every game (once); returns their OpenSpiel names."""
    names = []
    known = set(pyspiel.registered_names())
    for game in GAMES:
        name = PREFIX + game
        if name not in known:
            pyspiel.register_game(game_type(game), CLASSES[game])
        names.append(name)
    return names


__all__ = ["SpacetableGame", "SpacetableState", "register"]

register()  # so that unpickling a game or state in a fresh process finds them
