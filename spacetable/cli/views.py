"""Showing a `View` in the terminal: the game's own renderer, or a generic pretty print.

A game may provide ``spacetable/cli/render_<game>.py`` with ``render(view) -> RenderableType``.
When that module is missing (or fails), the view's JSON is shown as a key/value table.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from spacetable.engine.state import View

Renderer = Callable[[View], Any]


MAX_VALUE_CHARS = 600


def generic_render(view: View, max_chars: int = MAX_VALUE_CHARS) -> Any:
    """A two-column table of ``view.to_json()``: each key and its value as compact JSON (cut short)."""
    who = "spectator" if view.player is None else f"seat {view.player + 1}"
    table = Table(title=f"{view.game} — {who}", show_header=False, box=box.SIMPLE)
    table.add_column("key", style="bold")
    table.add_column("value", overflow="fold")
    for key, value in view.to_json().items():
        if key in ("game", "player"):
            continue
        text = json.dumps(value, ensure_ascii=False)
        if len(text) > max_chars:
            text = text[:max_chars] + f" … ({len(text)} characters)"
        table.add_row(key, Text(text))
    return table


def find_renderer(game: str) -> Renderer | None:
    """The game's ``render`` function, or None when ``spacetable.cli.render_<game>`` does not exist."""
    name = f"spacetable.cli.render_{game}"
    try:
        module: ModuleType = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None
    render = getattr(module, "render", None)
    return render if callable(render) else None


def render_view(view: View, renderer: Renderer | None) -> tuple[Any, str | None]:
    """The renderable for `view`, and a warning when the game's renderer failed (then generic)."""
    if renderer is not None:
        try:
            return renderer(view), None
        except Exception as e:  # noqa: BLE001  (a renderer bug must not end a game)
            return generic_render(view), f"renderer failed ({type(e).__name__}: {e}); showing raw view"
    return generic_render(view), None
