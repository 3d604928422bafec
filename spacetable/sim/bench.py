"""Engine throughput per game (``spacetable bench``, ``benchmarks/run_bench.py``).

Figures per game: decisions per second in random playouts (every apply counts, chance included),
random 4-player games per second, greedy-vs-greedy 2-player games per second (skipped, with a note,
when the game has no greedy bot), the mean time to copy a mid-game state, the mean time of
`determinize` on 2-player mid-game states, and the `mcts` bot's iterations per second at 2 players
(its default truncated rollouts, over mid-game decisions).
Targets are reported, never asserted. Times are the CPU time of this process (`CLOCK`), so that a
figure means the same on a busy machine; `benchmarks/peer_ratios.py` switches to wall time to
compare with peer engines timed that way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from spacetable import buildinfo
from spacetable.bots.base import bot_names
from spacetable.bots.mcts import MctsBot
from spacetable.engine.errors import SpacetableError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.games import REFERENCE
from spacetable.sim.runner import DEFAULT_MAX_DECISIONS, play_out
from spacetable.sim.setup import all_games, load_game, make_bots

TARGET_DECISIONS_PER_SECOND = 100_000
TARGET_COPY_MICROSECONDS = 10.0
TARGET_DETERMINIZE_MICROSECONDS = 25.0
"""Targets set on 2-player mid-game states of the reference game (`spacetable.games.REFERENCE`);
reported for every game."""
TARGET_MCTS_ITERATIONS_PER_SECOND = 2_000
"""Target set on the reference game at 2 players; reported for every game."""
MCTS_CHUNK = 50
"""Iterations per `choose` call while measuring MCTS speed."""
MAX_PLAYOUT_APPLIES = 200_000
CLOCK: Callable[[], float] = time.process_time
"""The clock of every figure (seconds)."""


def _random_step(state: State, rng: Rng) -> None:
    if state.current_player() == CHANCE:
        state.sample_chance()
    else:
        legal = state.legal_actions()
        state.apply_fast(legal[rng.below(len(legal))])


def _random_playout(state: State, rng: Rng, cap: int = MAX_PLAYOUT_APPLIES) -> int:
    """Play uniformly random legal actions to the end (or `cap` applies); the number of applies."""
    n = 0
    while n < cap and not state.is_terminal():
        _random_step(state, rng)
        n += 1
    return n


def decisions_per_second(game: str, players: int, seconds: float, seed: int = 1) -> float:
    """Applies per second (chance included) in uniformly random playouts, restarted at each end."""
    spec = load_game(game)
    config = spec.make_config(players)
    rng = Rng(seed)
    applies, games = 0, 0
    state = spec.new_state(config, seed)
    start = CLOCK()
    while True:
        for _ in range(500):
            if state.is_terminal():
                games += 1
                state = spec.new_state(config, seed + games)
            _random_step(state, rng)
        applies += 500
        elapsed = CLOCK() - start
        if elapsed >= seconds:
            return applies / elapsed


def games_per_second(game: str, players: int, bot: str, seconds: float, seed: int = 1,
                     max_decisions: int = DEFAULT_MAX_DECISIONS) -> tuple[float, int]:
    """Complete bot games per second and the number of games stopped at `max_decisions`.

    The clock is checked between games, so one very long game can overrun `seconds`.
    """
    spec = load_game(game)
    config = spec.make_config(players)
    bots = make_bots(game, [bot] * players)
    rng = Rng(seed)
    finished, unfinished = 0, 0
    start = CLOCK()
    while True:
        result = play_out(spec.new_state(config, seed + finished + unfinished), bots, rng, max_decisions)
        if result.finished:
            finished += 1
        else:
            unfinished += 1
        elapsed = CLOCK() - start
        if elapsed >= seconds:
            return finished / elapsed, unfinished


def mid_game_states(game: str, players: int, count: int = 40, seed: int = 1,
                    horizon: int = 5000, **params: Any) -> list[State]:
    """States taken at uniformly random points of random playouts (within the first `horizon` applies);
    `params` are the game's config options (e.g. ``modes=["pvp"]``)."""
    spec = load_game(game)
    config = spec.make_config(players, **params)
    rng = Rng(seed)
    length = max(1, _random_playout(spec.new_state(config, seed), rng.spawn(), cap=horizon))
    states: list[State] = []
    i = 0
    while len(states) < count:
        s = spec.new_state(config, seed + i)
        _random_playout(s, rng, cap=rng.below(length))
        states.append(s)
        i += 1
    return states


def copy_microseconds(game: str, players: int, seconds: float, seed: int = 1) -> float:
    """Mean time of `state.copy()` over mid-game states, in microseconds."""
    states = mid_game_states(game, players, seed=seed)
    copies = 0
    start = CLOCK()
    while True:
        for s in states:
            s.copy()
        copies += len(states)
        elapsed = CLOCK() - start
        if elapsed >= seconds:
            return elapsed / copies * 1e6


def determinize_microseconds(game: str, players: int, seconds: float, seed: int = 1) -> float:
    """Mean time of `state.determinize(seat, rng)` over mid-game states, in microseconds: each state
    determinized for the seat deciding there (seat 0 at a chance step)."""
    states = mid_game_states(game, players, seed=seed)
    seats = [max(0, s.current_player()) for s in states]
    rng = Rng(seed)
    calls = 0
    start = CLOCK()
    while True:
        for s, seat in zip(states, seats, strict=True):
            s.determinize(seat, rng)
        calls += len(states)
        elapsed = CLOCK() - start
        if elapsed >= seconds:
            return elapsed / calls * 1e6


def mcts_iterations_per_second(game: str, players: int, seconds: float, seed: int = 1) -> float:
    """Iterations per second of the `mcts` bot (default horizon) deciding at mid-game states."""
    states = [s for s in mid_game_states(game, players, count=20, seed=seed)
              if s.current_player() >= 0 and len(s.legal_actions()) > 1]
    if not states:
        return 0.0
    bot = MctsBot(iterations=MCTS_CHUNK)
    rng = Rng(seed)
    iterations = 0
    start = CLOCK()
    while True:
        for s in states:
            bot.choose(s, s.current_player(), rng)
            iterations += bot.last_iterations
            elapsed = CLOCK() - start
            if elapsed >= seconds:
                return iterations / elapsed


VECTOR_COPIES = 4
"""Environments in the vectorized Gymnasium figure (`vector_steps_per_second`)."""


def vector_steps_per_second(game: str, players: int, seconds: float, seed: int = 1) -> float | None:
    """Agent steps per CPU second through `gymnasium_vector_env` (a `SyncVectorEnv` of
    `VECTOR_COPIES` environments, random bots in the other seats, random legal actions from the
    masks; every copy's step counted); None without the ``rl`` extra."""
    try:
        import numpy as np

        from spacetable.rl import gymnasium_vector_env
        from spacetable.rl.errors import MissingExtra
    except ImportError:
        return None
    try:
        envs = gymnasium_vector_env(VECTOR_COPIES, game, players=players)
    except MissingExtra:
        return None
    rng = np.random.default_rng(seed)
    try:
        _, info = envs.reset(seed=seed)
        steps = 0
        start = CLOCK()
        while True:
            masks = info["action_mask"]
            # a finished copy has an empty mask: its next step only resets it (autoreset)
            actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
            _, _, _, _, info = envs.step(np.asarray(actions))
            steps += VECTOR_COPIES
            elapsed = CLOCK() - start
            if elapsed >= seconds:
                return steps / elapsed
    finally:
        envs.close()


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
    rate, unfinished = games_per_second(game, players, "random", seconds)
    out["random_games_per_second"] = round(rate, 2)
    if unfinished:
        notes.append(f"{unfinished} random game(s) stopped unfinished at {DEFAULT_MAX_DECISIONS} decisions")
    if "greedy" in bot_names(game):
        if two != 2:
            notes.append(f"greedy games use {two} players")
        rate, unfinished = games_per_second(game, two, "greedy", seconds)
        out["greedy_games_per_second"] = round(rate, 2)
        if unfinished:
            notes.append(f"{unfinished} greedy game(s) stopped at {DEFAULT_MAX_DECISIONS} decisions")
    else:
        out["greedy_games_per_second"] = None
        notes.append("no greedy bot: greedy-vs-greedy skipped")
    out["copy_us"] = round(copy_microseconds(game, players, seconds), 3)
    out["determinize_us"] = round(determinize_microseconds(game, two, seconds), 3)
    out["determinize_players"] = two
    out["mcts_iterations_per_second"] = round(mcts_iterations_per_second(game, two, seconds))
    out["mcts_players"] = two
    vector = vector_steps_per_second(game, two, seconds)
    out["vector_env_steps_per_second"] = None if vector is None else round(vector)
    out["vector_env_copies"] = VECTOR_COPIES
    if vector is None:
        notes.append("no rl extra (pip install 'spacetable[rl]'): the vectorized Gymnasium figure skipped")
    out["meets_decision_target"] = out["decisions_per_second"] >= TARGET_DECISIONS_PER_SECOND
    out["meets_copy_target"] = out["copy_us"] <= TARGET_COPY_MICROSECONDS
    out["meets_determinize_target"] = out["determinize_us"] <= TARGET_DETERMINIZE_MICROSECONDS
    out["meets_mcts_target"] = out["mcts_iterations_per_second"] >= TARGET_MCTS_ITERATIONS_PER_SECOND
    out["notes"] = notes
    return out


def _reference_title() -> str:
    """The title of the game the targets were set on (its name when its package does not load)."""
    try:
        return load_game(REFERENCE).title
    except SpacetableError:
        return REFERENCE


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
        "build": buildinfo.build(),  # "compiled" or "pure" (docs/performance.md, Builds)
        "seconds_per_figure": seconds,
        "targets": {"decisions_per_second": TARGET_DECISIONS_PER_SECOND,
                    "copy_us": TARGET_COPY_MICROSECONDS,
                    "determinize_us": TARGET_DETERMINIZE_MICROSECONDS,
                    "mcts_iterations_per_second": TARGET_MCTS_ITERATIONS_PER_SECOND,
                    "measured_on": f"2-player {_reference_title()}"},
        "games": results,
        "skipped": skipped,
    }
