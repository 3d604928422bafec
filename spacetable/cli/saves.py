"""Client saves: the engine's save document plus who sits where (``"table"``), written atomically.

The engine (`spacetable.engine.record`) covers the ``"table"`` key with the save's digest (a damaged
one is refused on load) and otherwise leaves it to this client, which reads it to resume with the
same humans and bots; these files load anywhere a save loads.
Every problem with a save path or a save's contents is a `SaveError` with a message for people.

A game saved without ``--save`` goes to the per-user folder `default_save_dir` (on Linux
``~/.local/share/spacetable/saves``; ``SPACETABLE_SAVE_DIR`` names another), never the current folder.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import platformdirs

from spacetable.engine import record
from spacetable.engine.errors import SaveError
from spacetable.engine.state import State

SAVE_DIR_ENV = "SPACETABLE_SAVE_DIR"


def default_save_dir() -> Path:
    """The per-user folder for saves made without ``--save`` (created when first needed)."""
    override = os.environ.get(SAVE_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("spacetable", appauthor=False)) / "saves"


def default_save_path(game: str, seed: int, folder: Path | None = None) -> Path:
    """``<folder>/spacetable-<game>-<seed>.json``, creating the folder (default: `default_save_dir`)."""
    where = folder if folder is not None else default_save_dir()
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SaveError(f"cannot create the save folder {where}: {e.strerror or e}") from e
    return where / f"spacetable-{game}-{seed}.json"


def check_save_path(path: str | Path) -> Path:
    """`path` when a save can be written there (its folder exists, it is not a folder); else SaveError."""
    target = Path(path)
    if target.is_dir():
        raise SaveError(f"cannot save to {target}: it is a folder; name a file in it")
    folder = target.parent
    if not folder.is_dir():
        raise SaveError(f"cannot save to {target}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise SaveError(f"cannot save to {target}: the folder {folder} is not writable")
    return target


def write_save(state: State, path: str | Path, humans: list[int], bots: dict[int, str],
               *, practice: bool = False) -> None:
    """Write the save for `state` to `path` (via a temporary file, so a crash never truncates it).

    Raises `SaveError` (and leaves any earlier save in place) when the file cannot be written.
    """
    target = check_save_path(path)
    table = {"humans": sorted(humans), "bots": {str(k): v for k, v in sorted(bots.items())}}
    doc = record.to_document(state, practice=practice, client={"table": table})
    tmp = target.with_name(target.name + ".tmp")
    try:
        tmp.write_text(json.dumps(doc, indent=1), encoding="utf-8")
        os.replace(tmp, target)
    except OSError as e:
        raise SaveError(f"cannot save to {target}: {e.strerror or e}") from e


def read_document(path: str | Path) -> dict[str, Any]:
    """The JSON document in `path`; `SaveError` when it cannot be read, is too large or is not JSON."""
    doc = record.parse_document(record.read_text(path))
    if not isinstance(doc, dict):
        raise SaveError(f"save {path} is not a JSON object")
    return doc


def table_of(doc: dict[str, Any], players: int) -> tuple[list[int] | None, dict[int, str]]:
    """The humans and bots recorded in a client save (None/empty when it has no ``"table"``).

    A ``"table"`` that is present but malformed (seats that are not seat numbers of this game,
    bot names that are not text) raises `SaveError`.
    """
    table = doc.get("table")
    if table is None:
        return None, {}
    if not isinstance(table, dict):
        raise SaveError("save field 'table' must be an object with 'humans' and 'bots'")
    humans = table.get("humans")
    bots = table.get("bots", {})
    if humans is not None and not (isinstance(humans, list) and all(_is_seat(h, players) for h in humans)):
        raise SaveError(f"save field 'table.humans' must list seat numbers from 0 to {players - 1}")
    if not (isinstance(bots, dict) and all(_is_seat(k, players) for k in bots)
            and all(isinstance(v, str) and 0 < len(v) <= 100 for v in bots.values())):
        raise SaveError("save field 'table.bots' must map seat numbers to bot names")
    hs = sorted({int(h) for h in humans}) if isinstance(humans, list) else None
    return hs, {int(k): v for k, v in bots.items()}


def _is_seat(value: Any, players: int) -> bool:
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4:
        value = int(value)
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players
