"""``spacetable sweep FILE --out results.parquet``: every configuration of a sweep file in one run.

The sweep format is `spacetable.sim.sweep`'s (docs/simulate.md); runs share the backend's workers and
the results file, so a rerun resumes where an interrupted sweep stopped.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from spacetable.cli.simulate_cmd import BackendOpt, RayAddressOpt, WorkersOpt, cell, fail, interrupted
from spacetable.engine.errors import SpacetableError
from spacetable.sim import progress as sim_progress
from spacetable.sim.backends import make_backend
from spacetable.sim.simulate import run_jobs
from spacetable.sim.sweep import read_sweep


def sweep(
    file: Annotated[Path, typer.Argument(help=escape("A sweep file (TOML, [[run]] tables)."))],
    out: Annotated[Path, typer.Option("--out", help="The Parquet results file (appended; a rerun resumes).")],
    backend: BackendOpt = "processes",
    workers: WorkersOpt = None,
    ray_address: RayAddressOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Simulate every run of a sweep file (TOML) into one results file."""
    try:
        jobs = read_sweep(file)
        started = time.perf_counter()
        with make_backend(backend, workers, ray_address) as b:
            reports = run_jobs(jobs, b, out, sim_progress.wanted(as_json), started)
    except SpacetableError as e:
        fail(str(e))
    except KeyboardInterrupt:
        interrupted(out)
    if as_json:
        typer.echo(json.dumps({"out": str(out), "runs": {r.run: r.to_json() for r in reports}}, indent=1))
        return
    table = Table(title=f"{file}: {len(reports)} runs → {out}", box=box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False)
    # short headers and plain cells, so that the columns stay readable at 80 columns
    cards = any(r.cards for r in reports)
    for col in ("run", "game", "seats", "games", "played", "done", "errors", "median turns",
                "wins", *(["cards"] if cards else [])):
        table.add_column(col, no_wrap=col not in ("run", "median turns", "wins", "cards"),
                         ratio=1 if col == "wins" else None)
    for r in reports:
        wins = ", ".join(f"{name} {n}" for name, n in r.wins_by_bot.items())
        table.add_row(r.run, r.game, str(r.players), str(r.games), str(r.played), str(r.completed),
                      str(r.errors), cell(r.median_turns), wins, *([r.cards or ""] if cards else []))
    Console(highlight=False).print(table)
