"""``spacetable tune GAME tune.toml --out results.parquet``: a search for card changes that meet a target.

A thin shell over `spacetable.sim.tune` (docs/workbench.md): trials on every core (or Ray), every
trial's games in ``--out``, the search in ``<out>.optuna.log`` (a rerun resumes it), the best override
files beside ``--out`` and a report comparing the best with the current cards.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from spacetable.cli.simulate_cmd import BackendOpt, ProgressOpt, RayAddressOpt, WorkersOpt, build_note, fail
from spacetable.engine.errors import SpacetableError
from spacetable.sim.backends import make_backend
from spacetable.sim.tune import read_tune
from spacetable.sim.tune import tune as run_tune

INTERRUPTED = 130


def tune(
    game: Annotated[str, typer.Argument(
        help="Game name (one whose cards the workbench can override: docs/workbench.md).")],
    file: Annotated[Path, typer.Argument(help="The tune file (TOML: parameters, target, games per trial).")],
    out: Annotated[Path, typer.Option("--out", help="The Parquet results file (every trial's games).")],
    trials: Annotated[int | None, typer.Option(
        "--trials", help="Trials in all (default: the file's).")] = None,
    backend: BackendOpt = "processes",
    workers: WorkersOpt = None,
    ray_address: RayAddressOpt = None,
    progress_file: ProgressOpt = None,
    minutes: Annotated[float | None, typer.Option(
        "--minutes",
        help="Keep the whole run within this many minutes: a trial starts only if it can end in time "
             "(rerun to search on).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Search card parameters for a target (Optuna); resumable; ends with the best override files."""
    if trials is not None and trials < 1:
        fail(f"--trials must be 1 or more, not {trials}")
    if minutes is not None and not minutes > 0:  # also refuses nan
        fail(f"--minutes must be more than 0, not {minutes}")
    console = Console(highlight=False, stderr=True)

    def step(done: int, total: int) -> None:
        if not as_json:
            console.print(f"trial {done} of {total} done", markup=False)

    try:
        spec = read_tune(game, file)
        build = build_note(spec.games * (trials or spec.trials))
        with make_backend(backend, workers, ray_address) as b:
            result = run_tune(spec, out, b, trials, step, progress_file=progress_file, minutes=minutes)
    except SpacetableError as e:
        fail(str(e))
    except KeyboardInterrupt:
        typer.echo(f"interrupted: the finished trials are in {out} and {out}.optuna.log; rerun the same "
                   "command to resume", err=True)
        raise typer.Exit(INTERRUPTED) from None
    body = result.to_json() | {"build": build, "out": str(out)}
    if as_json:
        typer.echo(json.dumps(body, indent=1))
        return
    table = Table(title=f"{file}: {len(result.trials)} trials ({build} build); best score "
                        f"{result.best['score']}")
    table.add_column("trial")
    table.add_column("score")
    for name in result.best["params"]:
        table.add_column(name)
    for t in sorted(result.trials, key=lambda t: (t["score"], t["number"]))[:10]:
        table.add_row(str(t["number"]), f"{t['score']:.3f}",
                      *(f"{t['params'].get(n)}" for n in result.best["params"]))
    Console(highlight=False).print(table)
    met = "yes" if result.target_met else "no"
    typer.echo(f"current cards: score {result.current['score']}; target met by the best trial: {met}")
    typer.echo(f"best override files: {', '.join(result.best_files)}")
    if result.report:
        typer.echo(f"report (best against current, paired): {result.report}")
