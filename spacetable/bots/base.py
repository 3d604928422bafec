"""The bot protocol and the registry of bots by name.

A bot is asked for a move only at its own seat's decisions. It receives the live state but must read
only what its seat may know: public fields, its own hidden fields, `legal_actions()`, `view(seat)`,
or a `determinize(seat, rng)` copy. Tests check that every bot chooses the same move from the real
state and from a determinized one, which proves it does not peek.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        """Pick one of `state.legal_actions()` for `seat`."""
        ...


class RandomBot:
    """Uniformly random legal actions (every game)."""

    name = "random"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return rng.choice(state.legal_actions())


BotFactory = Callable[[str], Bot]
_FACTORIES: dict[tuple[str, str], Callable[[], Bot]] = {}


def register_bot(game: str, name: str, factory: Callable[[], Bot]) -> None:
    """Register a bot for a game ("*" for every game)."""
    _FACTORIES[(game, name)] = factory


def make_bot(game: str, name: str) -> Bot:
    """A new bot called `name` for `game`; ValueError listing the choices otherwise."""
    from spacetable.bots.catalog import load_bots

    load_bots(game)
    factory = _FACTORIES.get((game, name)) or _FACTORIES.get(("*", name))
    if factory is None:
        names = sorted({n for g, n in _FACTORIES if g in (game, "*")})
        raise ValueError(f"no bot {name!r} for {game}; choose from {', '.join(names)}")
    return factory()


def bot_names(game: str) -> list[str]:
    from spacetable.bots.catalog import load_bots

    load_bots(game)
    return sorted({n for g, n in _FACTORIES if g in (game, "*")})


register_bot("*", "random", RandomBot)
