"""``spacetable report results.parquet [more.parquet…] --out report.html``: the figures as one HTML page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from spacetable.cli.simulate_cmd import fail
from spacetable.engine.errors import SpacetableError


def report(
    results: Annotated[list[Path], typer.Argument(
        help="Results files written by simulate, sweep, ladder or tune --out (one or more).")],
    out: Annotated[Path, typer.Option("--out", help="The HTML page to write.")] = Path("report.html"),
    compare: Annotated[str | None, typer.Option(
        "--compare", help="Two configurations side by side: A,B (sweep run names; default: the first two).")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print what the page holds as JSON.")] = False,
) -> None:
    """Write a self-contained HTML report (plots embedded) of one or more results files."""
    from spacetable.sim.report import write_report  # matplotlib: imported only by this command

    pair: tuple[str, str] | None = None
    if compare is not None:
        names = [n.strip() for n in compare.split(",")]
        if len(names) != 2 or not all(names):
            fail("--compare takes two configuration names: A,B")
        pair = (names[0], names[1])
    try:
        summary = write_report(results, out, pair)
    except SpacetableError as e:
        fail(str(e))
    if as_json:
        typer.echo(json.dumps(summary, indent=1))
    else:
        typer.echo(f"wrote {summary['out']}: {summary['games']} games, {len(summary['configurations'])} "
                   f"configurations, {summary['plots']} plots")
