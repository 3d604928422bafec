"""Many complete bot games and their summary figures (``spacetable simulate``).

Game ``i`` uses seed ``seed + i`` for the state and an independent generator for the bots, so a
run is reproducible. The seats rotate: in game ``i`` the ``k``-th bot named sits at seat
``(k + i) % players``, so no bot keeps the first seat, and ``wins_by_bot`` / ``wins_ci_by_bot``
credit the bots by name. An exception inside a game is counted in ``errors`` with a sample
(message, seed and that game's seating) and the run goes on.
"""

from __future__ import annotations

import math
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from spacetable.engine.errors import ConfigError
from spacetable.engine.game import check_seed
from spacetable.engine.rng import Rng
from spacetable.sim.runner import DEFAULT_MAX_DECISIONS, play_out
from spacetable.sim.setup import build_config, load_game, make_bots

MAX_ERROR_SAMPLES = 5


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


def seating(bots: Sequence[str], game_index: int) -> list[str]:
    """The bot name at each seat in game `game_index`: the k-th name sits at seat (k + i) % n."""
    n = len(bots)
    shift = game_index % n
    return [bots[(seat - shift) % n] for seat in range(n)]


def simulate(game: str, games: int, players: int, bots: Sequence[str], seed: int = 0,
             modules: Sequence[str] = (), expansions: Sequence[str] = (), modes: Sequence[str] = (),
             max_decisions: int = DEFAULT_MAX_DECISIONS, turn_limit: int | None = None) -> SimReport:
    """Play `games` complete games of `game` with one bot name per seat and summarise them.

    The seats rotate between games (`seating`); `wins_by_seat` counts seats, `wins_by_bot` names.

    Raises `ConfigError` before any game starts for an unknown game, bot or option.
    """
    spec = load_game(game)
    config = build_config(spec, players, modules, expansions, modes, turn_limit)
    if games < 1:
        raise ConfigError(f"the number of games must be 1 or more, not {games}")
    check_seed(seed)
    check_seed(seed + games - 1)
    spec.new_game(dict(config), seed)  # refuse what the game itself refuses (Binding Ties at 2 players)
    make_bots(game, bots)  # refuse unknown bot names up front
    if len(bots) != players:
        raise ConfigError(f"{len(bots)} bot names for {players} seats; give one name per seat")
    report = SimReport(game=game, players=players, bots=list(bots), config=config, seed=seed,
                       wins_by_seat=[0] * players, wins_by_bot=dict.fromkeys(bots, 0))
    turns: list[int] = []
    decisions: list[int] = []
    winner_prestige: list[int | float] = []
    goals: Counter[str] = Counter()
    saw_goals = False
    reputation: list[float] = []
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        seated = seating(bots, i)
        report.games += 1
        try:
            state = spec.new_game(dict(config), game_seed)
            result = play_out(state, make_bots(game, seated), Rng(game_seed ^ 0x5EED_B075),
                              max_decisions=max_decisions)
            if not result.finished:
                report.unfinished += 1
                if len(report.unfinished_samples) < MAX_ERROR_SAMPLES:
                    report.unfinished_samples.append({"seed": game_seed, "decisions": result.decisions,
                                                      "turns": state.turn_count(), "bots": seated})
                continue
            stats = state.game_stats()
            turn_count = state.turn_count()
        except Exception as e:  # noqa: BLE001  (a crashing game is a finding, not the end of the run)
            report.errors += 1
            if len(report.error_samples) < MAX_ERROR_SAMPLES:
                report.error_samples.append({
                    "seed": game_seed,
                    "error": f"{type(e).__name__}: {e}",
                    "where": traceback.format_exc(limit=-3).strip().splitlines()[-3:],
                    "bots": seated,
                })
            continue
        report.completed += 1
        turns.append(turn_count)
        decisions.append(result.decisions)
        if len(result.winners) > 1:
            report.shared_wins += 1
        for w in result.winners:
            report.wins_by_seat[w] += 1
            report.wins_by_bot[seated[w]] += 1
        wp = stats.get("winner_prestige")
        if wp:
            winner_prestige.append(min(wp))
        if "winning_goals" in stats:
            saw_goals = True
            goals.update(str(g) for g in stats["winning_goals"])
        if stats.get("reputation_spent") is not None:
            reputation.append(float(stats["reputation_spent"]))
    report.seconds = time.perf_counter() - start
    report.games_per_second = report.games / report.seconds if report.seconds > 0 else 0.0
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
    seats_of = Counter(bots)
    report.wins_ci_by_bot = {name: wilson_interval(report.wins_by_bot[name],
                                                   report.completed * seats_of[name])
                             for name in report.wins_by_bot}
    return report
