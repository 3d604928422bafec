"""Client saves: the engine's save document plus who sits where (``"table"``), written atomically.

The engine (`spacetable.engine.record`) ignores the extra ``"table"`` key, so these files load
anywhere a save loads; the terminal client reads it to resume with the same humans and bots.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from spacetable.engine import record
from spacetable.engine.errors import SaveError
from spacetable.engine.state import State


def write_save(state: State, path: str | Path, humans: list[int], bots: dict[int, str]) -> None:
    """Write the save for `state` to `path` (via a temporary file, so a crash never truncates it)."""
    doc = record.to_document(state)
    doc["table"] = {"humans": sorted(humans), "bots": {str(k): v for k, v in sorted(bots.items())}}
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    os.replace(tmp, target)


def read_document(path: str | Path) -> dict[str, Any]:
    """The JSON document in `path`; `SaveError` when it cannot be read or is not JSON."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise SaveError(f"cannot read save {path}: {e}") from e
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"save {path} is not valid JSON: {e}") from e
    if not isinstance(doc, dict):
        raise SaveError(f"save {path} is not a JSON object")
    return doc


def table_of(doc: dict[str, Any]) -> tuple[list[int] | None, dict[int, str]]:
    """The humans and bots recorded in a client save (None/empty when it has no ``"table"``)."""
    table = doc.get("table")
    if not isinstance(table, dict):
        return None, {}
    humans = table.get("humans")
    bots = table.get("bots")
    hs = [int(h) for h in humans] if isinstance(humans, list) else None
    bs = {int(k): str(v) for k, v in bots.items()} if isinstance(bots, dict) else {}
    return hs, bs
