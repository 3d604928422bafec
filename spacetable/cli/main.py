"""The ``spacetable`` command line: play, replay, cards, simulate, bench (Typer).

Each command is a thin shell over the engine and `spacetable.sim`; see docs/cli.md for every flag
and JSON key. Bad input (unknown game, option, bot or a corrupt save) prints a one-line error on
stderr and exits with status 2 (1 for a save that does not load).
"""

import json
import secrets
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from spacetable.bots.base import bot_names
from spacetable.cli.advise_cmd import advise
from spacetable.cli.dataset_cmd import dataset
from spacetable.cli.ladder_cmd import ladder
from spacetable.cli.replayer import run_replay
from spacetable.cli.report_cmd import report
from spacetable.cli.saves import check_save_path, default_save_dir, read_document, table_of
from spacetable.cli.serve_cmd import serve
from spacetable.cli.simulate_cmd import simulate
from spacetable.cli.sweep_cmd import sweep
from spacetable.cli.terminal import TerminalClient
from spacetable.cli.tune_cmd import tune
from spacetable.engine import record
from spacetable.engine.errors import ConfigError, SaveError, SpacetableError
from spacetable.engine.rng import SEED_BITS
from spacetable.sim.bench import bench as run_bench
from spacetable.sim.catalog import catalog_json
from spacetable.sim.runner import DEFAULT_MAX_DECISIONS
from spacetable.sim.setup import (
    all_games,
    build_config,
    check_bots,
    cycle_bots,
    load_game,
    make_bots,
    parse_bots,
    split_bots,
)

app = typer.Typer(help="spacetable: play, replay, simulate and benchmark tabletop games.",
                  no_args_is_help=True, add_completion=False)

ModuleOpt = Annotated[list[str] | None, typer.Option("--module", help="Game module (repeatable).")]
ExpansionOpt = Annotated[list[str] | None, typer.Option("--expansion", help="Expansion (repeatable).")]
ModeOpt = Annotated[list[str] | None, typer.Option("--mode", help="Game mode (repeatable).")]
TurnLimitOpt = Annotated[int | None, typer.Option("--turn-limit", help="End after N turns (L21).")]


def _fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _console() -> Console:
    return Console(highlight=False)


def _echo_json(obj: Any) -> None:
    typer.echo(json.dumps(obj, indent=1))


@app.command()
def games() -> None:
    """List the games the clients know."""
    for name in all_games():
        try:
            spec = load_game(name)
            typer.echo(f"{name}: {spec.title}, {spec.min_players}-{spec.max_players} players")
        except SpacetableError as e:
            typer.echo(f"{name}: unavailable ({e})")


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="Game name (omit with --load).")] = None,
    players: Annotated[int | None, typer.Option("--players", help="Number of seats.")] = None,
    humans: Annotated[int | None, typer.Option("--humans", help="Human seats (the first H).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed (default: random).")] = None,
    module: ModuleOpt = None,
    expansion: ExpansionOpt = None,
    mode: ModeOpt = None,
    turn_limit: TurnLimitOpt = None,
    save: Annotated[Path | None, typer.Option("--save", help="Autosave after every decision.")] = None,
    bots: Annotated[str | None, typer.Option("--bots", help="Bot name, or one per seat: a,b,c.")] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Resume a saved game.")] = None,
    practice: Annotated[bool, typer.Option(
        "--practice", help="Solo practice: undo without limits (the save says so).")] = False,
    stop_at_windows: Annotated[bool, typer.Option(
        "--stop-at-windows", help="Ask me at optional windows ('at any time' spends) "
        "instead of passing them by themselves.")] = False,
    delay: Annotated[float, typer.Option(
        "--delay", help="Seconds (0 to 60) to wait after each bot move, to follow bot turns.")] = 0.0,
    max_decisions: Annotated[int, typer.Option(
        "--max-decisions", help="With no human seat: stop a game of bots after this many decisions.")]
    = DEFAULT_MAX_DECISIONS,
) -> None:
    """Play a full game in the terminal: humans in the first seats, bots in the others."""
    note = ""
    if not 0 <= delay <= MAX_DELAY:  # also refuses nan
        _fail(f"--delay must be from 0 to {MAX_DELAY:g} seconds, not {delay:g}")
    if max_decisions < 1:
        _fail(f"--max-decisions must be 1 or more, not {max_decisions}")
    if save is not None:
        try:
            check_save_path(save)  # before the game starts, not at the first autosave
        except SaveError as e:
            _fail(str(e))
    try:
        if load is not None:
            doc = read_document(load)
            if game is not None and doc.get("game") != game:
                _fail(f"{load} is a save of {str(doc.get('game'))[:40]!r}, not {game!r}")
            if isinstance(doc.get("game"), str):
                load_game(doc["game"])
            loaded = record.open_document(doc)
            state, note = loaded.state, loaded.note
            practice = practice or loaded.practice
            state.take_events()
            n = state.num_players
            saved_humans, saved_bots = table_of(doc, n)
            seats_h = list(range(humans)) if humans is not None else (saved_humans or [0])
            if bots is None and saved_bots:
                names = {s: saved_bots.get(s, "random") for s in range(n) if s not in seats_h}
            else:
                names = _bot_names(state.spec.name, bots or _default_bot(state.spec.name), n, seats_h)
            save_path: Path | None = save if save is not None else load
        else:
            if game is None:
                _fail("name a game (spacetable games lists them) or give --load FILE")
            spec = load_game(game)
            n = players if players is not None else (spec.table_players or spec.min_players)
            config = build_config(spec, n, module or (), expansion or (), mode or (), turn_limit)
            h = 1 if humans is None else humans
            if not 0 <= h <= n:
                _fail(f"--humans must be between 0 and {n}")
            seats_h = list(range(h))
            names = _bot_names(game, bots or _default_bot(game), n, seats_h)
            game_seed = seed if seed is not None else secrets.randbits(SEED_BITS)
            state = spec.new_game(config, game_seed)
            save_path = save
        if practice and len(seats_h) != 1:
            _fail("--practice is for a solo game: exactly one human seat")
        bot_objs = dict(zip(names, make_bots(state.spec.name, list(names.values())), strict=True))
        check_bots(state.spec.name, state.config, list(bot_objs.values()))  # e.g. a 2-player policy
    except SaveError as e:
        _fail(str(e), 1)
    except SpacetableError as e:
        _fail(str(e))
    console = _console()
    if note:
        console.print(f"Note: {note}", markup=False, style="yellow")
    client = TerminalClient(state, seats_h, bot_objs, console,
                            save_path=save_path, practice=practice, stop_at_windows=stop_at_windows,
                            delay=delay, save_dir=default_save_dir(), max_decisions=max_decisions)
    client.run()


MAX_DELAY = 60.0
"""The longest pause `play --delay` takes after a bot move."""

def _default_bot(game: str) -> str:
    """Opponents for people: the game's strongest bot (greedy where one exists, else random)."""
    return "greedy" if "greedy" in bot_names(game) else "random"


def _bot_names(game: str, text: str, seats: int, humans: list[int]) -> dict[int, str]:
    """Bot name per non-human seat from ``--bots``: one name per seat, or names for the bot seats in
    order, repeated when there are fewer names than bot seats (``heuristic,greedy``: heuristic, greedy,
    heuristic, …)."""
    bot_seats = [s for s in range(seats) if s not in humans]
    parts = split_bots(text)
    make_bots(game, sorted(set(parts)))  # every name is checked, even with no bot seat
    parse_bots(game, text, seats)  # more names than seats: refused with the common message
    if len(parts) == seats or not bot_seats:
        return {s: parts[s] for s in bot_seats}
    if len(parts) > len(bot_seats):
        raise ConfigError(f"{len(parts)} bot names for {len(bot_seats)} bot seats; give one name per seat "
                          "or at most one per bot seat (fewer names repeat in order)")
    return dict(zip(bot_seats, cycle_bots(parts, len(bot_seats)), strict=True))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A save file.")],
    to: Annotated[int | None, typer.Option("--to", help="Show moves 1..N, then the view.")] = None,
    all_: Annotated[bool, typer.Option("--all", help="Show every move without pausing.")] = False,
) -> None:
    """Step through a saved game: the spectator view and each action and event (Enter to step)."""
    if to is not None and to < 0:
        _fail(f"--to must be a move number, 0 or more, not {to}")
    if to is not None and all_:
        _fail("give --to N or --all, not both")
    try:
        doc = read_document(file)
        run_replay(doc, _console(), to=to, show_all=all_)
    except SpacetableError as e:
        _fail(str(e), 1)


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="Game name.")],
    module: ModuleOpt = None,
    expansion: ExpansionOpt = None,
    mode: ModeOpt = None,
    players: Annotated[int | None, typer.Option("--players")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the catalog as JSON.")] = False,
) -> None:
    """The game's cards for a configuration (a table per kind, or JSON)."""
    try:
        spec = load_game(game)
        config = build_config(spec, players or spec.max_players, module or (), expansion or (), mode or ())
    except SpacetableError as e:
        _fail(str(e))
    if spec.catalog is None:
        _fail(f"{spec.title} has no card catalog")
    catalog = spec.catalog(config)
    if as_json:  # every card as an override takes it (copy, edit, load: docs/simulate.md)
        _echo_json(catalog_json(game, config, catalog))
        return
    console = _console()
    for kind, items in catalog.items():
        if isinstance(items, list) and items and all(isinstance(i, dict) for i in items):
            _print_cards(console, kind, items)
        else:
            console.print(f"{kind}: {json.dumps(items)}", markup=False)


CELL_WIDTH = 40
"""`cards`: a column's width in the table is its longest cell up to this (longer cells wrap)."""


def _print_cards(console: Console, kind: str, items: list[dict[str, Any]]) -> None:
    """One list of the catalog: a table when its columns fit the console, else one block per card
    (its name, then every field), so that no column is squeezed to a few letters at 80 columns."""
    columns: list[str] = []
    for item in items:
        columns += [k for k in item if k not in columns]
    columns = [c for c in columns if any(_cell(item.get(c)) for item in items)]  # no empty column
    widths = [max(len(c), *(min(CELL_WIDTH, len(_cell(item.get(c)))) for item in items)) for c in columns]
    if sum(widths) + 3 * len(columns) + 1 <= console.width:
        table = Table(title=f"{kind} ({len(items)})")
        for c in columns:
            table.add_column(c)
        for item in items:
            table.add_row(*(_cell(item.get(c)) for c in columns))
        console.print(table)
        return
    console.print(Text(f"{kind} ({len(items)})", style="bold underline"))
    for item in items:
        line = Text(_cell(item.get("name")) or _cell(item.get(columns[0])), style="bold")
        for c in columns:
            value = _cell(item.get(c))
            if c != "name" and value:
                line.append(f" · {c}: ", style="dim")
                line.append(value)
        console.print(line)


def _cell(value: Any) -> str:
    """A catalog value as text: lists joined, mappings as ``key value`` pairs without the empty ones
    (``reactor 3, damage 3``; prices ``ore 450/320``)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return ("/" if value and all(isinstance(v, int) for v in value) else ", ").join(map(str, value))
    if isinstance(value, dict):
        return ", ".join(f"{k} {_cell(v)}" for k, v in value.items() if v not in (None, 0, "", [], {}, False))
    return json.dumps(value)


@app.command()
def bench(
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    game: Annotated[list[str] | None, typer.Option("--game", help="Game (repeatable; default: all).")]
    = None,
    seconds: Annotated[float, typer.Option("--seconds", help="Seconds per figure.")] = 2.0,
) -> None:
    """Engine throughput per game: decisions/s, games/s, copy and determinize time, mcts iterations/s."""
    if not 0 < seconds <= MAX_BENCH_SECONDS:  # also refuses nan
        _fail(f"--seconds must be more than 0 and at most {MAX_BENCH_SECONDS:g}, not {seconds:g}")
    if game and not any(g in all_games() for g in game):  # nothing to measure (one unknown is skipped)
        _fail(f"unknown game {game[0]!r}; known: {', '.join(all_games())}")
    result = run_bench(list(game) if game else None, seconds)
    if as_json:
        _echo_json(result)
        return
    table = Table(title=f"spacetable bench ({seconds:g} s per figure, {result['build']} build)")
    for col in ("game", "decisions/s", "random games/s", "greedy 2p games/s", "copy µs", "determinize µs",
                "mcts it/s", "gym vector steps/s"):
        table.add_column(col)
    for name, r in result["games"].items():
        greedy = r["greedy_games_per_second"]
        table.add_row(name, f"{r['decisions_per_second']:,}",
                      f"{r['random_games_per_second']:,.1f} ({r['random_players']}p)",
                      "—" if greedy is None else f"{greedy:,.1f}", f"{r['copy_us']:.2f}",
                      f"{r['determinize_us']:.1f} ({r['determinize_players']}p)",
                      f"{r['mcts_iterations_per_second']:,} ({r['mcts_players']}p)",
                      "—" if r.get("vector_env_steps_per_second") is None else
                      f"{r['vector_env_steps_per_second']:,} (×{r['vector_env_copies']})")
    console = _console()
    console.print(table)
    t = result["targets"]
    console.print(f"targets: ≥{t['decisions_per_second']:,} decisions/s, copy ≤{t['copy_us']} µs, "
                  f"determinize ≤{t['determinize_us']} µs and "
                  f"mcts ≥{t['mcts_iterations_per_second']:,} iterations/s (both on {t['measured_on']})",
                  markup=False)
    for name, r in result["games"].items():
        for note in r["notes"]:
            console.print(f"{name}: {note}", markup=False)
    for name, why in result["skipped"].items():
        console.print(f"{name}: skipped ({why})", markup=False)


MAX_BENCH_SECONDS = 600.0
"""The longest figure `bench --seconds` takes (each game measures several figures)."""


app.command()(simulate)
app.command()(dataset)
app.command()(sweep)
app.command()(ladder)
app.command()(tune)
app.command()(report)
app.command()(serve)
app.command()(advise)

if __name__ == "__main__":
    app()
