"""``spacetable ladder GAME --bots A,B,C --games N``: a round-robin of bots, their ratings and win rates.

A thin shell over `spacetable.sim.ladder` (docs/workbench.md): one run per pair of bots on every core
(or Ray), the rows in ``--out`` (a rerun resumes), then openskill ratings with bootstrap intervals and
the win-rate matrix.
"""

from __future__ import annotations

import json
import time
from typing import Annotated

import pyarrow as pa
import typer
from rich.console import Console
from rich.table import Table

from spacetable.cli.simulate_cmd import (
    BackendOpt,
    CardsOpt,
    OutOpt,
    ProgressOpt,
    RayAddressOpt,
    WorkersOpt,
    build_note,
    fail,
    interrupted,
)
from spacetable.engine.errors import SpacetableError
from spacetable.sim import progress as sim_progress
from spacetable.sim.backends import make_backend
from spacetable.sim.ladder import ladder as rate_ladder
from spacetable.sim.ladder import ladder_jobs
from spacetable.sim.progress import ProgressFile
from spacetable.sim.setup import load_game, split_bots
from spacetable.sim.simulate import run_jobs


def ladder(
    game: Annotated[str, typer.Argument(help="Game name.")],
    bots: Annotated[str, typer.Option(
        "--bots", help="Two or more bot names: a,b,c (budgets allowed: mcts:200ms).")],
    games_: Annotated[int, typer.Option("--games", help="Games per pair of bots.")] = 100,
    players: Annotated[int | None, typer.Option(
        "--players", help="Seats (default: 2, or the game's minimum).")] = None,
    seed: Annotated[int, typer.Option(
        "--seed", help="Seed of game 0 of every pair (game i uses seed+i).")] = 0,
    module: Annotated[list[str] | None, typer.Option("--module", help="Game module (repeatable).")] = None,
    expansion: Annotated[list[str] | None, typer.Option("--expansion", help="Expansion (repeatable).")]
    = None,
    mode: Annotated[list[str] | None, typer.Option("--mode", help="Game mode (repeatable).")] = None,
    backend: BackendOpt = "processes",
    workers: WorkersOpt = None,
    ray_address: RayAddressOpt = None,
    out: OutOpt = None,
    cards: CardsOpt = None,
    progress_file: ProgressOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play every pair of bots N games (seats rotated) and rate them (openskill, bootstrap intervals)."""
    try:
        spec = load_game(game)
        n = players if players is not None else max(2, spec.min_players)
        names = split_bots(bots)
        jobs = ladder_jobs(game, n, names, games_, seed, module or (), expansion or (), mode or (),
                           cards=cards)
        build = build_note(games_ * len(jobs))
        started = time.perf_counter()
        tables: list[pa.Table] = []
        with make_backend(backend, workers, ray_address) as b:
            sink = None if progress_file is None else ProgressFile(progress_file)
            reports = run_jobs(jobs, b, out, sim_progress.wanted(as_json), started, tables, sink)
    except SpacetableError as e:
        fail(str(e))
    except KeyboardInterrupt:
        interrupted(out)
    seconds = time.perf_counter() - started
    rows = pa.concat_tables(tables).select(["run", "game_id", "game_index", "bot", "status", "result"])
    board = rate_ladder(rows.to_pylist())
    body = {**(board.to_json() if board else {"ratings": [], "matrix": {}, "games": 0}),
            "game": game, "players": n, "bots": list(dict.fromkeys(names)), "games_per_pair": games_,
            "seed": seed, "errors": sum(r.errors for r in reports),
            "unfinished": sum(r.unfinished for r in reports), "build": build, "backend": reports[0].backend,
            "workers": reports[0].workers, "seconds": round(seconds, 2),
            "out": None if out is None else str(out)}
    if as_json:
        typer.echo(json.dumps(body, indent=1))
        return
    console = Console(highlight=False)
    table = Table(title=f"{spec.title} ladder, {n} players: {body['games']} games ({build} build)")
    for col in ("bot", "rating", "95% interval", *body["bots"]):
        table.add_column(col)
    for r in body["ratings"]:
        row = body["matrix"].get(r["bot"], {})
        table.add_row(r["bot"], f"{r['rating']:.2f}", f"[{r['low']:.2f}, {r['high']:.2f}]",
                      *("—" if b == r["bot"] else f"{row.get(b) or 0:.0%}" for b in body["bots"]))
    console.print(table)
    console.print("Columns: the share of its games against that bot the row's bot won.", markup=False)
