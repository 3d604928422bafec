"""Engine throughput per game (``spacetable bench``, ``benchmarks/run_bench.py``).

Figures per game: decisions per second in random playouts (every apply counts, chance included),
random 4-player games per second, greedy-vs-greedy 2-player games per second (skipped, with a note,
when the game has no greedy bot) and the mean time to copy a mid-game state. Targets are reported,
never asserted.
"""

from __future__ import annotations

import time
from typing import Any

from spacetable.bots.base import bot_names
from spacetable.engine.errors import SpacetableError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.sim.runner import play_out
from spacetable.sim.setup import all_games, load_game, make_bots

TARGET_DECISIONS_PER_SECOND = 100_000
TARGET_COPY_MICROSECONDS = 10.0
MAX_PLAYOUT_APPLIES = 200_000


def _random_playout(state: State, rng: Rng) -> int:
    """Play uniformly random legal actions to the end; the number of applies (chance included)."""
    n = 0
    while not state.is_terminal() and n < MAX_PLAYOUT_APPLIES:
        if state.current_player() == CHANCE:
            state.sample_chance()
        else:
            legal = state.legal_actions()
            state.apply_fast(legal[rng.below(len(legal))])
        n += 1
    return n


def decisions_per_second(game: str, players: int, seconds: float, seed: int = 1) -> float:
    spec = load_game(game)
    config = spec.make_config(players)
    rng = Rng(seed)
    applies, i = 0, 0
    start = time.perf_counter()
    while True:
        applies += _random_playout(spec.new_state(config, seed + i), rng)
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return applies / elapsed


def games_per_second(game: str, players: int, bot: str, seconds: float, seed: int = 1) -> float:
    spec = load_game(game)
    config = spec.make_config(players)
    bots = make_bots(game, [bot] * players)
    rng = Rng(seed)
    i = 0
    start = time.perf_counter()
    while True:
        play_out(spec.new_state(config, seed + i), bots, rng)
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return i / elapsed


def mid_game_states(game: str, players: int, count: int = 40, seed: int = 1) -> list[State]:
    """States taken at random points of random playouts."""
    spec = load_game(game)
    config = spec.make_config(players)
    rng = Rng(seed)
    states: list[State] = []
    i = 0
    while len(states) < count:
        s = spec.new_state(config, seed + i)
        length = _random_playout(s.copy(), rng.spawn())
        stop = rng.below(max(1, length))
        n = 0
        while n < stop and not s.is_terminal():
            if s.current_player() == CHANCE:
                s.sample_chance()
            else:
                legal = s.legal_actions()
                s.apply_fast(legal[rng.below(len(legal))])
            n += 1
        states.append(s)
        i += 1
    return states


def copy_microseconds(game: str, players: int, seconds: float, seed: int = 1) -> float:
    """Mean time of `state.copy()` over mid-game states, in microseconds."""
    states = mid_game_states(game, players, seed=seed)
    copies = 0
    start = time.perf_counter()
    while True:
        for s in states:
            s.copy()
        copies += len(states)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed / copies * 1e6


def bench_game(game: str, seconds: float = 2.0) -> dict[str, Any]:
    """All figures for one game; `seconds` is the time given to each figure."""
    spec = load_game(game)
    players = min(max(4, spec.min_players), spec.max_players)
    two = min(max(2, spec.min_players), spec.max_players)
    notes: list[str] = []
    out: dict[str, Any] = {"game": game}
    out["decisions_per_second"] = round(decisions_per_second(game, players, seconds))
    if players != 4:
        notes.append(f"{spec.title} does not take 4 players: random games use {players}")
    out["random_players"] = players
    out["random_games_per_second"] = round(games_per_second(game, players, "random", seconds), 2)
    if "greedy" in bot_names(game):
        if two != 2:
            notes.append(f"greedy games use {two} players")
        out["greedy_games_per_second"] = round(games_per_second(game, two, "greedy", seconds), 2)
    else:
        out["greedy_games_per_second"] = None
        notes.append(f"no greedy bot for {game}: greedy-vs-greedy skipped")
    out["copy_us"] = round(copy_microseconds(game, players, seconds), 3)
    out["meets_decision_target"] = out["decisions_per_second"] >= TARGET_DECISIONS_PER_SECOND
    out["meets_copy_target"] = out["copy_us"] <= TARGET_COPY_MICROSECONDS
    out["notes"] = notes
    return out


def bench(games: list[str] | None = None, seconds: float = 2.0) -> dict[str, Any]:
    """Figures for each game (default: every game the clients know); unavailable games are skipped."""
    names = games if games else all_games()
    results: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    for name in names:
        try:
            load_game(name)
        except SpacetableError as e:
            skipped[name] = str(e)
            continue
        try:
            results[name] = bench_game(name, seconds)
        except Exception as e:  # noqa: BLE001  (a game under construction must not stop the others)
            skipped[name] = f"failed while benchmarking: {type(e).__name__}: {e}"
    return {
        "seconds_per_figure": seconds,
        "targets": {"decisions_per_second": TARGET_DECISIONS_PER_SECOND,
                    "copy_us": TARGET_COPY_MICROSECONDS},
        "games": results,
        "skipped": skipped,
    }
