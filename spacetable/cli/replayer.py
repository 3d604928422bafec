"""Stepping through a saved game (``spacetable replay``): the spectator view and each action/event."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from spacetable.cli.terminal import seat_name
from spacetable.cli.views import find_renderer, render_view
from spacetable.engine import record
from spacetable.engine.state import CHANCE, State
from spacetable.sim.setup import load_game


def _actor(state: State) -> str:
    p = state.current_player()
    return "chance" if p == CHANCE else seat_name(p)


def run_replay(doc: dict[str, Any], console: Console, *, to: int | None = None, show_all: bool = False,
               read: Callable[[str], str] | None = None) -> State:
    """Replay `doc` move by move. Interactive (Enter steps, ``q`` stops) unless `to` or `show_all`.

    With `to`, moves 1..to are listed and the spectator view after move `to` is shown. End of input
    in interactive mode plays on to the end without pausing. Raises `SaveError` for a corrupt save.
    """
    if isinstance(doc.get("game"), str):
        with contextlib.suppress(ValueError):  # replay_states reports an unknown game as a SaveError
            load_game(doc["game"])
    reader = read if read is not None else console.input
    interactive = to is None and not show_all
    renderer = None
    final: State | None = None
    for n, (state, text) in enumerate(record.replay_states(doc)):
        if renderer is None:
            renderer = find_renderer(state.spec.name)
            console.print(Rule(Text(f"Replay: {state.spec.title}, {state.num_players} players, "
                                    f"seed {state.seed}, {len(doc['actions'])} moves")))
        final = state
        for event in state.take_events():
            console.print(Text("  · " + state.render_event(event), style="dim"))
        if text is None:
            break
        if to is not None and n >= to:
            break
        if interactive:
            renderable, warning = render_view(state.view(None), renderer)
            if warning:
                console.print(Text(warning, style="yellow"))
            console.print(renderable)
        console.print(Text(f"Move {n + 1}: {_actor(state)} — {text}", style="bold"))
        if interactive:
            try:
                answer = reader("[Enter] next, q to stop> ").strip().lower()
            except EOFError:
                interactive = False
                answer = ""
            if answer in ("q", "quit"):
                break
    assert final is not None
    console.print(Rule(Text(f"After move {len(final.history)}")))
    renderable, warning = render_view(final.view(None), renderer)
    if warning:
        console.print(Text(warning, style="yellow"))
    console.print(renderable)
    if final.is_terminal():
        winners = final.winners()
        console.print(Text("Winners: " + (", ".join(seat_name(w) for w in winners) or "nobody"),
                           style="bold green"))
    return final
