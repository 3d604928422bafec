"""`spacetable advise SAVEFILE --player N`: a game's advisor for one seat of a saved game.

Generic over games: the advisor of game G is `spacetable.games.G.advisor.advise(state, seat) -> dict`
(JSON-ready, with ``"lines"`` for people), imported on demand; a game without one is a clear error.
Seats are numbered from 1, as on screen. A save that does not load prints ``error: …`` and exits 1;
a bad player number (or a game without an advisor) exits 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from spacetable.advice import advice
from spacetable.cli.saves import read_document
from spacetable.engine import record
from spacetable.engine.errors import SpacetableError


def _fail(message: str, code: int) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def advise(
    file: Annotated[Path, typer.Argument(help="A save file.")],
    player: Annotated[int, typer.Option("--player", help="Seat to advise, from 1 (as on screen).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the advice as one JSON object.")] = False,
) -> None:
    """Advice for one seat of a saved game (odds, best plays), from what that seat may know."""
    try:
        state = record.from_document(read_document(file))
    except SpacetableError as e:
        _fail(str(e), 1)
    if not 1 <= player <= state.num_players:
        _fail(f"--player must be a seat from 1 to {state.num_players}", 2)
    try:
        out = advice(state, player - 1)
    except SpacetableError as e:
        _fail(str(e), 2)
    if as_json:
        typer.echo(json.dumps(out, indent=1))
        return
    for line in out.get("lines", []):
        typer.echo(line)
    if out.get("recommended"):
        typer.echo(f"Coach: {out['recommended']} — {out.get('reason', '')}")
