"""Showing a game in the terminal: the game's own renderer and hooks, or generic defaults.

A game's manifest may name a terminal module (`Manifest.renderer`) with ``render(view) -> RenderableType``.
When that module is missing (or fails), the view's JSON is shown as a key/value table. The same
module may also define these optional hooks (`find_face` collects them):

- ``standings(state) -> (header, rows)``: the end-of-game table, one row of cells per seat, best first;
- ``seat_name(seat) -> str``: how the game names a seat (default ``Seat N``);
- ``menu_key(action) -> sortable``: the menu's stable order (default: the action-space index);
- ``FINAL_KINDS``: action kinds that end or commit something (they go last in the menu and never
  take a number that meant another action at the previous prompt);
- ``intent_from_line(state, seat, line) -> intent | None``: a one-line compound intent (expanded by
  the ``expand`` of the game's intents module, `Manifest.intents`, as at the web table); None when
  the line is not one;
- ``menu_group(state, kind) -> str | None``: one explanation for all entries of a kind that differ
  only by the card they name (the menu then lists them on one line, each with its number);
- ``describe_intent(intent) -> str``: the log line for such an intent (default: its action texts);
- ``menu_hints(state, seat) -> list[str]``: extra lines under the menu (e.g. the one-line syntax);
- ``HELP``: the game's own lines of ``help`` (its one-line intents and names), in its columns;
- ``action_from_line(state, line) -> str | None``: the engine's action text for a line that names an
  action in the game's own words (e.g. ``move Rustfall`` for ``move 3``), then chosen as if
  typed; None when the line is not such a name; a `SpacetableError` (shown, nothing changed) when it
  is ambiguous.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from spacetable.engine.action import Action
from spacetable.engine.errors import SpacetableError
from spacetable.engine.state import State, View

Renderer = Callable[[View], Any]
Standings = Callable[[State], tuple[list[str], list[list[str]]]]


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


def _module(game: str) -> ModuleType | None:
    from spacetable.sim.setup import load_game

    try:
        spec = load_game(game)
    except SpacetableError:
        return None
    return spec.module("renderer")


def find_renderer(game: str) -> Renderer | None:
    """The game's ``render`` function, or None when the game declares no terminal module."""
    module = _module(game)
    render = getattr(module, "render", None) if module is not None else None
    return render if callable(render) else None


def _default_seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def _default_menu_key(action: Action) -> Any:
    return action.index


@dataclass(frozen=True, slots=True)
class Face:
    """What the terminal shows for one game: its renderer and the optional hooks (module docstring)."""

    render: Renderer | None
    standings: Standings | None = None
    seat_name: Callable[[int], str] = _default_seat_name
    menu_key: Callable[[Action], Any] = _default_menu_key
    final_kinds: frozenset[str] = frozenset()
    intent_from_line: Callable[[State, int, str], Any] | None = None
    describe_intent: Callable[[Any], str] | None = None
    menu_group: Callable[[State, str], str | None] | None = None
    menu_hints: Callable[[State, int], list[str]] | None = None
    more: Callable[[View], Any] | None = None
    action_from_line: Callable[[State, str], str | None] | None = None
    help: str = ""


def find_face(game: str) -> Face:
    """The game's `Face` from its terminal module (defaults where a hook is missing)."""
    module = _module(game)
    if module is None:
        return Face(None)

    def hook(name: str) -> Any:
        value = getattr(module, name, None)
        return value if callable(value) else None

    return Face(render=hook("render"), standings=hook("standings"),
                seat_name=hook("seat_name") or _default_seat_name,
                menu_key=hook("menu_key") or _default_menu_key,
                final_kinds=frozenset(getattr(module, "FINAL_KINDS", ())),
                intent_from_line=hook("intent_from_line"), describe_intent=hook("describe_intent"),
                menu_group=hook("menu_group"),
                menu_hints=hook("menu_hints"), more=hook("more"),
                action_from_line=hook("action_from_line"), help=str(getattr(module, "HELP", "")))


def render_view(view: View, renderer: Renderer | None) -> tuple[Any, str | None]:
    """The renderable for `view`, and a warning when the game's renderer failed (then generic)."""
    if renderer is not None:
        try:
            renderable = renderer(view)
            sections = getattr(renderable, "sections", None)
            if callable(sections):  # a lazily laid-out board: build it now, where a bug is caught
                sections(100)
            return renderable, None
        except Exception as e:  # noqa: BLE001  (a renderer bug must not end a game)
            return generic_render(view), f"renderer failed ({type(e).__name__}: {e}); showing raw view"
    return generic_render(view), None
