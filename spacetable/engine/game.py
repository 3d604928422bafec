"""Game declarations and the registry that maps a game name to its package.

A `GameSpec` states up front what kind of game it is (players, chance, information, parameters,
action-space size, `Bounds`) and how to create a state from (config, seed); its `Manifest` names the
modules each face needs (bots, intents, advisor, coach, terminal renderer, RL observation encoder,
the page's modules, the study plug-in of the simulator and its report). The registry of packages lives
outside the engine, in `spacetable.games` (`register_package`, one line per game); a package registers
its spec on import (`register`) and clients find it with `get_game`. A registered package that is not
installed is simply absent.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import ModuleType
from typing import Any

from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import LEGACY_STREAM, SEED_LIMIT, STREAM, STREAMS, legacy_stream
from spacetable.engine.state import State

KNOWN_GAMES: dict[str, str] = {}
"""Game name → package of every registered game (filled by `register_package`, from
`spacetable.games`)."""
CATALOG = "spacetable.games"
"""The module whose import registers every game package (`register_package`)."""


class Chance(StrEnum):
    """How chance enters a game: ``explicit`` chance steps (`CHANCE` with `chance_outcomes`), or none."""

    EXPLICIT = "explicit"
    DETERMINISTIC = "deterministic"


class Information(StrEnum):
    """What players may know: everything (``perfect``), or hidden cards and orders (``imperfect``)."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


@dataclass(frozen=True)
class Bounds:
    """Limits a tool may rely on (the OpenSpiel adapter's game info)."""

    max_decisions: int
    """The longest game in decisions (an upper bound), plus `per_player` for each seat."""
    per_player: int = 0
    min_utility: float = 0.0
    max_utility: float = 1.0
    """Range of `State.returns` per seat."""

    def length(self, players: int) -> int:
        """The longest game at `players` seats, in decisions."""
        return self.max_decisions + self.per_player * players


@dataclass(frozen=True)
class Manifest:
    """The modules each face imports for a game (dotted paths, imported on first use; None: the game
    has none, and the face goes without)."""

    bots: tuple[str, ...] = ()
    """Modules that register the game's own bots on import (`spacetable.bots.base.register_bot`)."""
    intents: str | None = None
    """Module with ``expand(state, seat, intent) -> [action text…]``: compound intents of people."""
    advisor: str | None = None
    """Module with ``advise(state, seat) -> dict``: the coach's odds and figures (`spacetable.advice`)."""
    coach: str | None = None
    """Module with ``reason(state, seat, action, analysis) -> str``: the coach's one sentence."""
    guide: str | None = None
    """Module with the page's guide for a view (how to win at this table, the phases of a turn)."""
    renderer: str | None = None
    """The terminal's module for the game (``render(view)`` and its hooks, `spacetable.cli.views`)."""
    observation: str | None = None
    """The RL observation module (its ``Encoder(config)``, `spacetable.rl.observations`)."""
    page: str | None = None
    """The page's module for the game's table, relative to the server's static folder
    (``<game>/table.js``); /api/meta hands it to the page."""
    lobby: str | None = None
    """The page's module for the game's options on the lobby's new-game form, relative to the static
    folder (``<game>/lobby.js``); None: a checkbox per option value (`GameSpec.options`)."""
    study: str | None = None
    """Module with ``STUDY``, the game's `spacetable.games.study.Study`: what the simulator, its report,
    the tuner and the designer know of the game (result columns, figures, card kinds, report sections);
    None: the common figures only, and no card overrides."""


@dataclass(frozen=True)
class GameSpec:
    """What kind of game it is and how to build one."""

    name: str
    title: str
    min_players: int
    max_players: int
    chance: Chance
    information: Information
    params: Mapping[str, Any]
    new_state: Callable[[dict[str, Any], int], State]
    num_actions: int
    catalog: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    """Card lists for a config, as JSON-ready data (``spacetable cards``)."""
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Allowed values of list/choice params, e.g. ``{"modules": ("first-encounter",)}``."""
    about: Mapping[str, str] = field(default_factory=dict)
    """One line on what each option value adds (the lobby shows it beside the box)."""
    defaults: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Option values a new table starts with ticked (a newcomer's first game: none of the expansions
    or modules); the lobby reads them from ``/api/meta``."""
    default_bot: str = "greedy"
    """The bot a new table seats by default: the strongest that answers within 2 s with an iteration
    budget (deterministic, never cut by time), measured in docs/bots.md."""
    search: Mapping[str, Any] = field(default_factory=dict)
    """Settings of the generic search bot where the game needs others than its defaults (names of
    `spacetable.bots.mcts.GameSettings`: rollout horizon and turns, rollout bot, the overruling test)."""
    coach_bot: str = "greedy"
    """The bot whose choice the advisor recommends (`spacetable.advice`): fast enough to answer at
    every decision within a second, and reading only what its seat may know."""
    table_players: int = 0
    """Seats of a table when nobody says how many (`spacetable play` without --players): the table the
    rules are written for; 0: the minimum."""
    sim_batch: int = 20
    """Most games of fast bots the simulator hands a worker at once: about a second of work for greedy
    bots on one core (`spacetable.sim.simulate`)."""
    episode_steps: int = 10_000
    """The RL adapters' default cap on decisions per episode (`spacetable.rl.table`): every episode is
    bounded, even one of uniformly random play that never reaches the game's end."""
    episode_config: Mapping[str, Any] = field(default_factory=dict)
    """Config values the RL adapters use unless given (e.g. a turn limit that ends every episode)."""
    pitch: str = ""
    """What the game is, in one line, for a newcomer (the lobby's "Learn to play" panel)."""
    example: bool = False
    """A small game for developers (the worked example of docs/adding-a-game.md): listed apart from the
    real games."""
    tutorial: Mapping[str, Any] | None = None
    """The guided first game (``texts/tutorial.json`` of the package): its table, seed and coach's
    words; None for a game without one."""
    bounds: Bounds | None = None
    """Upper bounds for tools that need them (OpenSpiel); None: not declared."""
    manifest: Manifest = field(default_factory=Manifest)
    """The modules of each face (bots, intents, advisor, coach, renderer, observation, page, lobby,
    study)."""

    def module(self, part: str) -> ModuleType | None:
        """The manifest's module for `part` (``"intents"``, ``"advisor"``, ``"renderer"``…), imported;
        None when the game declares none."""
        name = getattr(self.manifest, part)
        return None if name is None else importlib.import_module(name)

    def make_config(self, players: Any, **params: Any) -> dict[str, Any]:
        """A full, validated config: defaults filled in, unknown keys and bad values refused.

        Every value is checked against the declared default's type (a list param takes a list of
        distinct option strings, an int param a non-negative int below 10**6), so a config read
        from a file or the network either is one the game can play or raises `ConfigError`.
        """
        self.check_players(players)
        config: dict[str, Any] = {"players": players}
        for k, default in self.params.items():
            config[k] = self._checked(k, params.pop(k, default), default)
        if params:
            raise ConfigError(f"{self.name}: unknown option(s) {sorted(map(str, params))}")
        return config

    def _checked(self, key: str, value: Any, default: Any) -> Any:
        allowed = self.options.get(key)
        if isinstance(default, list):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ConfigError(f"{self.title}: option {key!r} must be a list of names, not {value!r:.60}")
            if allowed is not None:
                for v in value:
                    if v not in allowed:
                        raise ConfigError(f"{self.title}: unknown {key} value {v!r:.60}; "
                                          f"choose from {', '.join(allowed) or 'none'}")
            if len(set(value)) != len(value):
                raise ConfigError(f"{self.title}: option {key!r} names a value twice")
            return list(value)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise ConfigError(f"{self.title}: option {key!r} must be true or false")
            return value
        if isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_INT_PARAM:
                raise ConfigError(f"{self.title}: option {key!r} must be a whole number from 0 to "
                                  f"{MAX_INT_PARAM - 1}, not {value!r:.60}")
            return value
        if isinstance(default, str):
            if not isinstance(value, str) or (allowed is not None and value not in allowed):
                raise ConfigError(f"{self.title}: option {key!r} must be one of "
                                  f"{', '.join(allowed or ())}, not {value!r:.60}")
            return value
        return value

    def check_players(self, players: object) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(f"{self.title}: the number of players must be a whole number, "
                              f"not {players!r:.60}")
        if not self.min_players <= players <= self.max_players:
            raise ConfigError(
                f"{self.title} takes {self.min_players}–{self.max_players} players, not {players}"
            )

    def new_game(self, config: dict[str, Any], seed: object,  # seed: checked here, not by mypyc
                 *, stream: str = STREAM) -> State:
        """A fresh state; raises `ConfigError` for a refused configuration or seed.

        `stream` names the generator: the keyed `rng.STREAM` (every new game), or
        `rng.LEGACY_STREAM` to replay a game recorded before it (an old save or server game; its
        seeds are below 2**64).
        """
        if not isinstance(config, dict):
            raise ConfigError(f"a game config must be an object, not {type(config).__name__}")
        checked = check_seed(seed)
        full = self.make_config(config.get("players"),
                                **{str(k): v for k, v in config.items() if k != "players"})
        if stream == STREAM:
            return self.new_state(full, checked)
        if stream != LEGACY_STREAM:
            raise ConfigError(f"unknown generator {str(stream)[:40]!r}; known: {', '.join(STREAMS)}")
        if checked >= LEGACY_SEED_LIMIT:
            raise ConfigError(f"a {LEGACY_STREAM} seed must be below 2**64, not {checked}")
        with legacy_stream():
            return self.new_state(full, checked)


MAX_INT_PARAM = 10**6
LEGACY_SEED_LIMIT = 1 << 64
"""Seeds of the splitmix64 stream of earlier versions: 0 ≤ seed < 2**64."""


def check_seed(seed: object) -> int:
    """`seed` itself when it is a valid game seed, 0 ≤ seed < 2**128 (`rng.SEED_LIMIT`: the key is
    the whole seed, `rng.seed_key`); `ConfigError` otherwise (never folded into the range)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"a seed must be a whole number, not {type(seed).__name__}")
    if not 0 <= seed < SEED_LIMIT:
        raise ConfigError(f"a seed must be from 0 to 2**128 - 1, not {seed if abs(seed) < 10**45 else '…'}")
    return seed


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Called by a game package on import: its spec."""
    _REGISTRY[spec.name] = spec
    return spec


def register_package(name: str, package: str) -> None:
    """Called by the registry (`spacetable.games`): game `name` lives in `package`."""
    KNOWN_GAMES[name] = package


def _catalog() -> dict[str, str]:
    if not KNOWN_GAMES:
        importlib.import_module(CATALOG)
    return KNOWN_GAMES


def get_game(name: str) -> GameSpec:
    """The registered game called `name` (importing its package on first use)."""
    if name not in _REGISTRY:
        module = _catalog().get(name)
        if module is None:
            raise ConfigError(f"unknown game {name!r}; known: {', '.join(sorted(KNOWN_GAMES))}")
        importlib.import_module(module)
    return _REGISTRY[name]


def available_games() -> list[str]:
    """Every registered game name (installed or not)."""
    return sorted(_catalog())
