"""Where each game's bots live (`Manifest.bots` of its spec): `make_bot` imports only the modules of the
game it is asked for, so a game whose package is broken or unfinished cannot break the bots of another."""

from __future__ import annotations

import importlib

COMMON_MODULES: tuple[str, ...] = ("spacetable.bots.mcts", "spacetable.rl.policy_bot")
"""Generic bots that play every game through the core API alone (registered for "*"): the search bot,
and saved policies (``policy:NAME`` or ``policy:PATH``, docs/rl.md)."""


def load_bots(game: str) -> None:
    """Import (and so register) the bot modules of `game`; modules not written yet are skipped."""
    for name in (*COMMON_MODULES, *bot_modules(game)):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise


def bot_modules(game: str) -> tuple[str, ...]:
    """The modules of `game`'s own bots, from its manifest (none for a game that does not load)."""
    from spacetable.engine.errors import SpacetableError
    from spacetable.engine.game import get_game

    try:
        return get_game(game).manifest.bots
    except (SpacetableError, ImportError):
        return ()
