"""Where each game's bots live: `make_bot` imports only the modules of the game it is asked for,
so a game whose package is broken or unfinished cannot break the bots of another."""

from __future__ import annotations

import importlib

BOT_MODULES: dict[str, tuple[str, ...]] = {
    "moonrakers": ("spacetable.bots.moonrakers_random", "spacetable.bots.moonrakers_greedy",
                   "spacetable.bots.moonrakers_heuristic"),
    "spacelanes": ("spacetable.bots.spacelanes_greedy", "spacetable.bots.spacelanes_heuristic",
                   "spacetable.bots.spacelanes_heuristic_v1"),
    "highcard": ("spacetable.bots.highcard_bots",),
}
COMMON_MODULES: tuple[str, ...] = ("spacetable.bots.mcts", "spacetable.rl.policy_bot")
"""Generic bots that play every game through the core API alone (registered for "*"): the search bot,
and saved policies (``policy:NAME`` or ``policy:PATH``, docs/rl.md)."""


def load_bots(game: str) -> None:
    """Import (and so register) the bot modules of `game`; modules not written yet are skipped."""
    for name in (*COMMON_MODULES, *BOT_MODULES.get(game, ())):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
