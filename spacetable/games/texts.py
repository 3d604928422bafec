"""Texts a game package ships beside its card data (``texts/*.json``): its tutorial, read once at import
like the cards are. The rule texts are read on demand by `spacetable.rulebook`."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def load_texts(package: str, name: str) -> dict[str, Any] | None:
    """``texts/<name>.json`` of `package` as a dict, or None when the package ships none."""
    try:
        raw = (resources.files(package) / "texts" / f"{name}.json").read_text("utf-8")
    except (FileNotFoundError, NotADirectoryError, ModuleNotFoundError):
        return None
    doc = json.loads(raw)
    return doc if isinstance(doc, dict) else None
