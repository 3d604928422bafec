"""The bot protocol and the registry of bots by name.

A bot is asked for a move only at its own seat's decisions. It receives the live state but must read
only what its seat may know: public fields, its own hidden fields, `legal_actions()`, `view(seat)`,
or a `determinize(seat, rng)` copy. Tests check that every bot chooses the same move from the real
state and from a determinized one, which proves it does not peek.

A bot name may carry a budget after a colon for bots registered with ``takes_budget`` (``mcts:200ms``,
``mcts:1000it``): `make_bot` accepts it wherever bots are chosen (play, simulate, the server's seats).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from mypy_extensions import mypyc_attr

from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        """Pick one of `state.legal_actions()` for `seat`."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled code (docs/performance.md)
class RandomBot:
    """Uniformly random legal actions (every game)."""

    name = "random"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return rng.choice(state.legal_actions())


BotFactory = Callable[[str], Bot]
_FACTORIES: dict[tuple[str, str], Callable[[], Bot]] = {}
_BUDGETED: dict[tuple[str, str], Callable[[str | None], Bot]] = {}
"""Bots that take a budget after a colon (``mcts:200ms``): the factory gets the text after it."""
_LISTED: dict[tuple[str, str], Callable[[str], list[str]]] = {}
"""Budgeted bots listed by full names instead of the plain one (``policy`` → ``policy:moonrakers-2p``)."""


def register_bot(game: str, name: str, factory: Callable[..., Bot], takes_budget: bool = False,
                 listed: Callable[[str], list[str]] | None = None) -> None:
    """Register a bot for a game ("*" for every game).

    With `takes_budget` the factory is called with the text after ``name:`` (``"200ms"`` for
    ``mcts:200ms``), or None for the plain name, and raises ValueError for a budget it refuses.
    `listed(game)` gives the full names `bot_names` lists for it instead of the plain name (the
    shipped policies: ``policy:moonrakers-2p``).
    """
    if listed is not None:
        _LISTED[(game, name)] = listed
    if takes_budget:
        _BUDGETED[(game, name)] = factory
    else:
        _FACTORIES[(game, name)] = factory


def make_bot(game: str, name: str) -> Bot:
    """A new bot called `name` (``greedy``, ``mcts``, ``mcts:200ms``…) for `game`; ValueError
    listing the choices otherwise, or saying why a budget is refused."""
    from spacetable.bots.catalog import load_bots

    load_bots(game)
    base, colon, budget = name.partition(":")
    base = base.strip()
    budgeted = _BUDGETED.get((game, base)) or _BUDGETED.get(("*", base))
    if budgeted is not None:
        return budgeted(budget.strip() if colon else None)
    factory = None if colon else (_FACTORIES.get((game, name)) or _FACTORIES.get(("*", name)))
    if factory is None:
        names = bot_names(game)
        if colon and base in names:
            raise ValueError(f"bot {base!r} takes no budget ({name!r}); choose from {', '.join(names)}")
        raise ValueError(f"no bot {name!r} for {game}; choose from {', '.join(names)} "
                         f"(mcts takes a budget: mcts:200ms, mcts:1000it)")
    return factory()


def bot_names(game: str) -> list[str]:
    """The bot names for `game` (a bot that takes a budget is listed by its plain name)."""
    from spacetable.bots.catalog import load_bots

    load_bots(game)
    names: set[str] = set()
    for g, n in [*_FACTORIES, *_BUDGETED]:
        if g in (game, "*"):
            listed = _LISTED.get((g, n))
            names.update(listed(game) if listed is not None else [n])
    return sorted(names)


register_bot("*", "random", RandomBot)
