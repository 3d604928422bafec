"""``spacetable dataset SOURCE --out DIR``: one Parquet row per decision of a seat (docs/rl.md, "Datasets").

A thin shell over `spacetable.rl.dataset.write_dataset`; SOURCE is a ``simulate --trajectories``
results file or a server database URL (only the finished games shared for research).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from spacetable.engine.errors import SpacetableError


def dataset(
    source: Annotated[str, typer.Argument(
        help="A results file from `simulate --out R.parquet --trajectories`, or a database URL as "
             "`serve --db` takes (its finished games shared for research).")],
    out: Annotated[Path, typer.Option("--out", help="A new or empty folder for the Parquet files.")],
    as_json: Annotated[bool, typer.Option("--json", help='Print {"rows", "games", "files"}.')] = False,
) -> None:
    """Write trajectories (observation, mask, action, reward per decision of a seat) as Parquet."""
    from spacetable.rl.dataset import write_dataset

    try:
        summary = write_dataset(source, out)
    except SpacetableError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(summary, indent=1))
        return
    typer.echo(f"{summary['rows']} decisions of {summary['games']} games in {len(summary['files'])} "
               f"files under {summary['out']}")
    if summary["skipped"]:
        typer.echo(f"{summary['skipped']} finished games carry no action log (simulated without "
                   "--trajectories): skipped")
