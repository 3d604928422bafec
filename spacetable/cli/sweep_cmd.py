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
from rich.console import Console
from rich.table import Table

from spacetable.cli.simulate_cmd import BackendOpt, RayAddressOpt, WorkersOpt, cell, fail, interrupted
from spacetable.engine.errors import SpacetableError
from spacetable.sim import progress as sim_progress
from spacetable.sim.backends import make_backend
from spacetable.sim.simulate import run_jobs
from spacetable.sim.sweep import read_sweep


def sweep(
    file: Annotated[Path, typer.Argument(help="A sweep file (TOML, [[run]] tables).")],
    out: Annotated[Path, typer.Option("--out", help="The Parquet results file (appended; a rerun resumes).")],
    backend: BackendOpt = "processes",
    workers: WorkersOpt = None,
    ray_address: RayAddressOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Simulate every [[run]] of a sweep file into one results file."""
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
    table = Table(title=f"{file}: {len(reports)} runs → {out}")
    for col in ("run", "game", "players", "games", "played", "completed", "errors", "wins_by_bot",
                "median_turns", "cards"):
        table.add_column(col)
    for r in reports:
        table.add_row(r.run, r.game, str(r.players), str(r.games), str(r.played), str(r.completed),
                      str(r.errors), cell(r.wins_by_bot), cell(r.median_turns), r.cards or "")
    Console(highlight=False).print(table)
