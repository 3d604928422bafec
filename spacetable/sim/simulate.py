"""Many complete bot games and their summary figures (``spacetable simulate``, ``spacetable sweep``).

Game ``i`` uses seed ``seed + i`` for the state and an independent generator for the bots, so a
run is reproducible whatever the backend or the number of workers (`spacetable.sim.worker`). The seats
rotate: in game ``i`` the ``k``-th bot named sits at seat ``(k + i) % players``, so no bot keeps the
first seat, and ``wins_by_bot`` / ``wins_ci_by_bot`` credit the bots by name. An exception inside a
game is counted in ``errors`` with a sample (message, seed and that game's seating) and the run goes on.

With ``out`` the rows (one per game and seat, `spacetable.sim.schema`) are appended to a Parquet file
as batches finish; a rerun with the same file skips the games already in it, and the summary covers
every game asked for (those played now and those found in the file).
"""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from spacetable.engine.errors import ConfigError
from spacetable.engine.game import check_seed
from spacetable.sim.backends import Backend, make_backend
from spacetable.sim.overrides import CardOverrides, read_overrides
from spacetable.sim.progress import GamesProgress, ProgressFile
from spacetable.sim.results import ResultsStore
from spacetable.sim.runner import DEFAULT_MAX_DECISIONS
from spacetable.sim.schema import schema
from spacetable.sim.setup import build_config, check_bots, cycle_bots, load_game, make_bots
from spacetable.sim.worker import Batch, RunSpec, seating

__all__ = ["SimReport", "Job", "simulate", "run_jobs", "make_job", "seating", "wilson_interval"]

MAX_ERROR_SAMPLES = 5
FAST_BOTS = frozenset({"random", "greedy", "heuristic"})
"""Bots that decide in microseconds; with any other (mcts…) a batch is one game, so progress, an
interruption and the spread over workers go game by game."""


@dataclass
class SimReport:
    """The summary of a simulation run; `to_json()` is what ``simulate --json`` prints."""

    game: str
    players: int
    bots: list[str]
    config: dict[str, Any]
    seed: int
    games: int = 0
    completed: int = 0
    unfinished: int = 0
    errors: int = 0
    error_samples: list[dict[str, Any]] = field(default_factory=list)
    unfinished_samples: list[dict[str, Any]] = field(default_factory=list)
    wins_by_seat: list[int] = field(default_factory=list)
    shared_wins: int = 0
    mean_turns: float | None = None
    mean_decisions: float | None = None
    games_per_second: float = 0.0
    seconds: float = 0.0
    min_winner_prestige: int | float | None = None
    wins_by_goal: dict[str, int] | None = None
    mean_reputation_spent: float | None = None
    wins_by_bot: dict[str, int] = field(default_factory=dict)
    """Wins per bot name as given (a name given for several seats sums them; a shared win counts
    for each winner, as in `wins_by_seat`)."""
    wins_ci_by_bot: dict[str, list[float]] = field(default_factory=dict)
    """95% Wilson interval of each name's win rate per seat-game (wins / (completed × its seats))."""
    median_turns: float | None = None
    played: int = 0
    """Games played by this call (the others were already in the results file)."""
    skipped: int = 0
    backend: str = "serial"
    workers: int = 1
    run: str = ""
    cards: str | None = None
    """The card overrides' digest (None: the shipped cards); the document is in the results."""
    out: str | None = None
    build: str = ""
    """The build that ran: ``compiled`` or ``pure`` (`spacetable.buildinfo`)."""
    figures: dict[str, Any] = field(default_factory=dict)
    """Whole-game figures (`spacetable.sim.game_figures`): first player, balance, lead changes, …"""
    card_effects: list[dict[str, Any]] = field(default_factory=list)
    """Every card's buy rate and adjusted effect (`spacetable.sim.card_effects`), strongest first."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def wilson_interval(wins: float, trials: int, z: float = 1.96) -> list[float]:
    """The Wilson score interval [low, high] of a rate `wins / trials` ([0, 1] with no trials)."""
    if trials <= 0:
        return [0.0, 1.0]
    p = min(1.0, max(0.0, wins / trials))
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


@dataclass(frozen=True)
class Job:
    """A configuration and how many of its games to have."""

    run: RunSpec
    games: int


def make_job(game: str, games: int, players: int, bots: Sequence[str], seed: int = 0,
             modules: Sequence[str] = (), expansions: Sequence[str] = (), modes: Sequence[str] = (),
             max_decisions: int = DEFAULT_MAX_DECISIONS, turn_limit: int | None = None,
             cards: str | Path | CardOverrides | None = None, run: str = "",
             trajectories: bool = False, save_dir: str | Path | None = None) -> Job:
    """A checked job. Raises `ConfigError` (or `DataError` for the card overrides) before any game starts
    for an unknown game, bot or option."""
    spec = load_game(game)
    config = build_config(spec, players, modules, expansions, modes, turn_limit)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ConfigError(f"the number of games must be 1 or more, not {games}")
    check_seed(seed)
    check_seed(seed + games - 1)
    spec.new_game(dict(config), seed)  # refuse what the game itself refuses (an expansion at too few seats)
    bots = cycle_bots(list(bots), players)  # fewer names than seats repeat in order
    check_bots(game, config, make_bots(game, bots))  # unknown names, policies trained for another game
    if max_decisions < 1:
        raise ConfigError("the decision cap must be 1 or more")
    overrides = cards if isinstance(cards, CardOverrides) or cards is None else read_overrides(game, cards)
    if overrides is not None and overrides.game != game:
        raise ConfigError(f"the card overrides {overrides.file} are for {overrides.game}, not {game}")
    if save_dir is not None and overrides is not None:
        raise ConfigError("saves are games of the game's own cards: --save-dir cannot go with --cards")
    return Job(RunSpec(game, config, tuple(bots), seed, max_decisions, run, overrides, trajectories,
                       None if save_dir is None else str(save_dir)), games)


def simulate(game: str, games: int, players: int, bots: Sequence[str], seed: int = 0,
             modules: Sequence[str] = (), expansions: Sequence[str] = (), modes: Sequence[str] = (),
             max_decisions: int = DEFAULT_MAX_DECISIONS, turn_limit: int | None = None, *,
             backend: str = "serial", workers: int | None = None, ray_address: str | None = None,
             out: str | Path | None = None, cards: str | Path | CardOverrides | None = None,
             run: str = "", progress: bool = False, progress_file: str | Path | None = None,
             trajectories: bool = False, save_dir: str | Path | None = None) -> SimReport:
    """Play `games` complete games of `game` with one bot name per seat and summarise them.

    The seats rotate between games (`seating`); `wins_by_seat` counts seats, `wins_by_bot` names.
    `backend` is ``serial`` (this process; the default of the Python API), ``processes`` or ``ray``.

    With `trajectories` each game's action log is kept in the results (``actions``) so that
    `spacetable dataset` can rebuild every decision (docs/rl.md, "Datasets"). With `save_dir` each game's
    save document is written to ``<save_dir>/<game id>.json`` (`spacetable play --load` resumes it).

    Raises `ConfigError` before any game starts for an unknown game, bot or option.
    """
    job = make_job(game, games, players, bots, seed, modules, expansions, modes, max_decisions,
                   turn_limit, cards, run, trajectories, save_dir)
    start = time.perf_counter()
    sink = None if progress_file is None else ProgressFile(Path(progress_file))
    with make_backend(backend, workers, ray_address) as b:
        return run_jobs([job], b, out, progress, start, progress_file=sink)[0]


def _batches(job: Job, pending: list[int], workers: int) -> list[Batch]:
    if not pending:
        return []
    cap = load_game(job.run.game).sim_batch if set(job.run.bots) <= FAST_BOTS else 1
    size = max(1, min(cap, math.ceil(len(pending) / (workers * 8))))
    return [Batch(job.run, tuple(pending[k:k + size])) for k in range(0, len(pending), size)]


def run_jobs(jobs: Sequence[Job], backend: Backend, out: str | Path | None = None,
             progress: bool = False, started: float | None = None,
             tables: list[pa.Table] | None = None,
             progress_file: ProgressFile | None = None) -> list[SimReport]:
    """Play every job's missing games on `backend` (appending to `out`); one summary per job.

    `seconds` runs from `started` (a `time.perf_counter()` taken before the backend was made, so that a
    Ray cluster's start counts) or from now. With `tables`, each job's rows (played now or found in
    `out`) are appended to it, in the order of `jobs`. With `progress_file`, the games done so far are
    written there as they finish (`spacetable.sim.progress.ProgressFile`)."""
    start = time.perf_counter() if started is None else started
    store = ResultsStore(out) if out is not None else None
    new: list[pa.Table] = []
    try:
        have = store.game_ids() if store is not None else set()
        plans: list[tuple[Job, list[str], int]] = []
        batches: list[Batch] = []
        for job in jobs:
            ids = [job.run.game_id(i) for i in range(job.games)]
            pending = [i for i, gid in enumerate(ids) if gid not in have]
            have |= set(ids)  # a job repeated in a sweep plays its games once
            plans.append((job, ids, len(pending)))
            batches += _batches(job, pending, backend.workers)
        with GamesProgress(sum(len(b.indices) for b in batches), progress, sink=progress_file) as bar:
            for table in backend.run(batches):
                if store is not None:
                    store.append(table)
                new.append(table)
                bar.advance(table.num_rows // max(1, int(table.column("players")[0].as_py())))
    finally:
        everything = store.close() if store is not None else schema().empty_table()
    seconds = time.perf_counter() - start
    if store is None:
        everything = pa.concat_tables(new) if new else schema().empty_table()
    reports = []
    for job, ids, played in plans:
        rows = everything.filter(pc.is_in(everything.column("game_id"), value_set=pa.array(ids)))
        if tables is not None:
            tables.append(rows)
        report = summarize(job, rows)
        report.played, report.skipped = played, job.games - played
        report.seconds = seconds
        report.games_per_second = played / seconds if seconds > 0 else 0.0
        report.backend, report.workers = backend.name, backend.workers
        report.out = None if out is None else str(out)
        reports.append(report)
    return reports


_SUMMARY_COLUMNS = ("game_index", "seed", "seat", "bot", "status", "error", "error_where", "result",
                    "turns", "decisions", "stats")


def summarize(job: Job, rows: pa.Table) -> SimReport:
    """The summary figures of `job` from its rows (one per game and seat)."""
    run = job.run
    players = len(run.bots)
    report = SimReport(game=run.game, players=players, bots=list(run.bots), config=dict(run.config),
                       seed=run.seed, games=job.games, wins_by_seat=[0] * players,
                       wins_by_bot=dict.fromkeys(run.bots, 0), run=run.run,
                       cards=run.cards_digest or None)
    games: dict[int, list[dict[str, Any]]] = {}
    for r in rows.select(list(_SUMMARY_COLUMNS)).to_pylist():
        games.setdefault(int(r["game_index"]), []).append(r)
    turns: list[int] = []
    decisions: list[int] = []
    winner_prestige: list[int | float] = []
    goals: Counter[str] = Counter()
    saw_goals = False
    reputation: list[float] = []
    for i in sorted(games):
        seats = sorted(games[i], key=lambda r: int(r["seat"]))
        first = seats[0]
        seated = [str(r["bot"]) for r in seats]
        if first["status"] == "error":
            report.errors += 1
            if len(report.error_samples) < MAX_ERROR_SAMPLES:
                report.error_samples.append({"seed": int(first["seed"]), "error": first["error"],
                                             "where": list(first["error_where"] or []), "bots": seated})
            continue
        if first["status"] == "unfinished":
            report.unfinished += 1
            if len(report.unfinished_samples) < MAX_ERROR_SAMPLES:
                report.unfinished_samples.append({"seed": int(first["seed"]), "decisions": first["decisions"],
                                                  "turns": first["turns"], "bots": seated})
            continue
        report.completed += 1
        turns.append(int(first["turns"]))
        decisions.append(int(first["decisions"]))
        winners = [int(r["seat"]) for r in seats if r["result"]]
        if len(winners) > 1:
            report.shared_wins += 1
        for w in winners:
            report.wins_by_seat[w] += 1
            report.wins_by_bot[seated[w]] += 1
        stats = _stats(first["stats"])
        wp = stats.get("winner_prestige")
        if wp:
            winner_prestige.append(min(wp))
        if "winning_goals" in stats:
            saw_goals = True
            goals.update(str(g) for g in stats["winning_goals"])
        if stats.get("reputation_spent") is not None:
            reputation.append(float(stats["reputation_spent"]))
    if turns:
        report.mean_turns = sum(turns) / len(turns)
        report.mean_decisions = sum(decisions) / len(decisions)
        report.median_turns = float(statistics.median(turns))
    if winner_prestige:
        report.min_winner_prestige = min(winner_prestige)
    if saw_goals:
        report.wins_by_goal = dict(goals.most_common())
    if reputation:
        report.mean_reputation_spent = sum(reputation) / len(reputation)
    _figures(report, job, rows)
    seats_of = Counter(run.bots)
    report.wins_ci_by_bot = {name: wilson_interval(report.wins_by_bot[name],
                                                   report.completed * seats_of[name])
                             for name in report.wins_by_bot}
    return report


def _figures(report: SimReport, job: Job, rows: pa.Table) -> None:
    """The whole-game figures and card effects of a job's rows (as ``report`` computes them)."""
    from spacetable.sim.report_figures import group

    configs = group(rows) if rows.num_rows else []
    if len(configs) != 1:
        return
    config = configs[0]
    report.figures = config.figures().to_json()
    report.card_effects = [e.key() for e in config.card_effects()]


def _stats(text: Any) -> dict[str, Any]:
    import json

    try:
        value = json.loads(str(text or "{}"))
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
