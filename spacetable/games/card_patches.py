"""Card patches installed in a process before a game's card tables are built (designer overrides).

A game's card tables are module-level: built once at import from its ``data/*.json`` and read by the
rules and the bots. So an override applies to a whole process: a tool (`spacetable.sim.overrides`)
calls `install(game, patch)` before the game package is first imported there, and the game's loader
passes each parsed data document through `patched(game, file, doc)`, then validates the result as it
validates its own data. No I/O here: a patch is a function of parsed JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Patch = Callable[[str, Any], Any]
"""``patch(file name, parsed document) -> document`` (file names as in the game's data folder)."""

_PATCHES: dict[str, tuple[str, Patch]] = {}
_READ: set[str] = set()
"""The games whose loaders have read their data in this process (their card tables are built)."""


def install(game: str, key: str, patch: Patch) -> None:
    """Patch `game`'s data documents in this process; `key` names the patch (a digest)."""
    _PATCHES[game] = (key, patch)


def installed(game: str) -> str | None:
    """The key of the patch installed for `game` in this process (None: the shipped data)."""
    entry = _PATCHES.get(game)
    return None if entry is None else entry[0]


def read(game: str) -> bool:
    """Whether `game`'s loader has read its data in this process (a patch installed now comes late)."""
    return game in _READ


def patched(game: str, file: str, doc: Any) -> Any:
    """`doc` (the parsed ``file`` of `game`'s data) with the installed patch applied, if any; the game's
    loader calls it for each data file it reads."""
    _READ.add(game)
    entry = _PATCHES.get(game)
    return doc if entry is None else entry[1](file, doc)
