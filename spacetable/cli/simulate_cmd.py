"""``spacetable simulate``: many bot games of one configuration on every core, Ray, Parquet results.

A thin shell over `spacetable.sim.simulate`; docs/simulate.md has the flags, the results schema and
the card-override format, docs/cli.md the ``--json`` keys.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from spacetable.engine.errors import SpacetableError
from spacetable.sim import progress as sim_progress
from spacetable.sim.backends import BACKENDS
from spacetable.sim.setup import load_game, parse_bots
from spacetable.sim.simulate import SimReport
from spacetable.sim.simulate import simulate as run_simulate

BackendOpt = Annotated[str, typer.Option(  # help texts are Rich markup: escape() keeps "[ray]"
    "--backend", help=escape(f"Where games run: {', '.join(BACKENDS)} (processes: every core; ray: "
                             "pip install 'spacetable[ray]')."))]
WorkersOpt = Annotated[int | None, typer.Option(
    "--workers", help="Worker processes (processes) or tasks in flight (ray); default: every core.")]
RayAddressOpt = Annotated[str | None, typer.Option(
    "--ray-address", help="A Ray cluster to join (e.g. ray://head:10001); default: a local one.")]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", help="Append one row per game and seat to this Parquet file; a rerun resumes.")]
CardsOpt = Annotated[Path | None, typer.Option(
    "--cards", help="Card overrides (JSON): change fields of cards or add cards (docs/simulate.md).")]
ProgressOpt = Annotated[Path | None, typer.Option(
    "--progress-file", help="Write {done, total, unit} as JSON to this file as games finish (for a page "
                            "or a script watching the run).")]
INTERRUPTED = 130


def fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def interrupted(out: Path | None) -> NoReturn:
    where = f"the finished games are in {out}; rerun the same command to resume" if out else "nothing kept"
    typer.echo(f"interrupted: {where}", err=True)
    raise typer.Exit(INTERRUPTED)


def build_note(games: int) -> str:
    """Which build runs (``simulate``, ``ladder``, ``tune`` print it); for a long run on a pure build that
    nobody asked for, the line also says how to get the compiled one (once, on stderr)."""
    from spacetable import buildinfo

    note = buildinfo.pure_note()
    if note and games >= LONG_RUN:
        typer.echo(note, err=True)
    return buildinfo.build()


LONG_RUN = 200
"""Games from which a run on the pure build says how to build the compiled one."""


def cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return ", ".join(map(str, value))
    return json.dumps(value)


def print_report(report: SimReport, title: str, console: Console) -> None:
    """The summary as a two-column table, then the error samples."""
    table = Table(title=title)
    table.add_column("figure")
    table.add_column("value")
    for k, v in report.to_json().items():
        if k not in ("config", "error_samples", "card_effects", "figures"):
            table.add_row(k, cell(v))
    console.print(table)
    for sample in report.error_samples:
        console.print(f"error (seed {sample['seed']}): {sample['error']}", markup=False)


def simulate(
    game: Annotated[str, typer.Argument(help="Game name.")],
    games_: Annotated[int, typer.Option("--games", help="Number of games.")] = 100,
    players: Annotated[int | None, typer.Option("--players")] = None,
    bots: Annotated[str, typer.Option("--bots", help="Bot name, or one per seat: a,b,c.")] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Seed of game 0 (game i uses seed+i).")] = 0,
    module: Annotated[list[str] | None, typer.Option("--module", help="Game module (repeatable).")] = None,
    expansion: Annotated[list[str] | None, typer.Option("--expansion", help="Expansion (repeatable).")]
    = None,
    mode: Annotated[list[str] | None, typer.Option("--mode", help="Game mode (repeatable).")] = None,
    turn_limit: Annotated[int | None, typer.Option("--turn-limit", help="End after N turns (L21).")] = None,
    backend: BackendOpt = "processes",
    workers: WorkersOpt = None,
    ray_address: RayAddressOpt = None,
    out: OutOpt = None,
    cards: CardsOpt = None,
    progress_file: ProgressOpt = None,
    trajectories: Annotated[bool, typer.Option(
        "--trajectories", help="Keep each game's action log in --out for `spacetable dataset`.")] = False,
    save_dir: Annotated[Path | None, typer.Option(
        "--save-dir", help="Write each game's save to DIR/<game id>.json (play --load, replay read it).")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play N complete bot games and summarise them (every core by default; --out keeps every game)."""
    if trajectories and out is None:
        fail("--trajectories needs --out (the results file that keeps the action logs)")
    try:
        spec = load_game(game)
        n = players if players is not None else spec.min_players
        build = build_note(games_)
        report = run_simulate(game, games_, n, parse_bots(game, bots, n), seed,
                              module or (), expansion or (), mode or (), turn_limit=turn_limit,
                              backend=backend, workers=workers, ray_address=ray_address, out=out,
                              cards=cards, progress=sim_progress.wanted(as_json), progress_file=progress_file,
                              trajectories=trajectories, save_dir=save_dir)
    except SpacetableError as e:
        fail(str(e))
    except KeyboardInterrupt:
        interrupted(out)
    report.build = build
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=1))
        return
    print_report(report, f"{spec.title}: {report.games} games, bots {', '.join(report.bots)}",
                 Console(highlight=False))
