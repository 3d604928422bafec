"""The game registry: each game package, registered by one line (its name and package).

A package plugs into the engine through its `GameSpec` (players, options, `Bounds`, and the `Manifest`
naming the modules of each face); nothing else names a game. A registered package that is not
installed is simply absent (`spacetable games` says so). docs/adding-a-game.md has the steps.
"""

from spacetable.engine.game import register_package

register_package("moonrakers", "spacetable.games.moonrakers")
register_package("spacelanes", "spacetable.games.spacelanes")
register_package("highcard", "spacetable.games.highcard")

REFERENCE = "moonrakers"
"""The game whose 2-player mid-game states set the performance targets `spacetable bench` reports for
every game (docs/performance.md)."""
