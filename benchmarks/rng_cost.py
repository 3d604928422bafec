"""The bench's figures as instruction counts (callgrind), for comparing builds on a busy machine.

`spacetable bench` times its figures in CPU seconds, which a machine shared with other jobs still moves
by tens of percent. This runs the same work as each figure, a fixed amount of it, under
``valgrind --tool=callgrind`` and reports instructions per unit (an apply, a game, a copy, a
determinize, an MCTS iteration). One process per tree, build and game sets up each figure as
`spacetable bench` does and then runs its work as the ``breakpoint()`` hook; callgrind dumps its counts
before and after that builtin (``--dump-before/--dump-after=builtin_breakpoint``), so a figure's count
is its work alone, without imports and set-up. Counts do not depend on the load.

    python benchmarks/rng_cost.py --tree base=/path/to/checkout --tree new=. [--build pure|compiled]…

Each ``--tree NAME=DIR`` is a source tree run with ``PYTHONPATH=DIR`` (its compiled build in
DIR/build/compiled, from ``tools/build_compiled.py``, for ``--build compiled``). Different trees may
deal different games from the same seeds, so work sizes hold many games or thousands of calls and
the counts are averages over them. `--work GAME SCALE` runs the figures of one game in this process
(what the driver runs under valgrind).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

FIGURES: dict[str, dict[str, int]] = {
    # units of work per game (chosen for about a minute of valgrind each on the pure build)
    "decisions": {"moonrakers": 20_000, "spacelanes": 10_000, "highcard": 40_000},
    "random_games": {"moonrakers": 30, "spacelanes": 8, "highcard": 2_000},
    "greedy_games": {"moonrakers": 16, "spacelanes": 6, "highcard": 2_000},
    "copy": {"moonrakers": 20_000, "spacelanes": 20_000, "highcard": 40_000},
    "determinize": {"moonrakers": 4_000, "spacelanes": 4_000, "highcard": 20_000},
    "mcts": {"moonrakers": 1_000, "spacelanes": 500, "highcard": 2_000},
}


def setup(figure: str, game: str, n: int) -> Callable[[], None]:
    """Set up `figure` as `spacetable bench` does; the function doing its `n` units of work."""
    from spacetable.bots.mcts import MctsBot
    from spacetable.engine.rng import Rng
    from spacetable.sim import bench
    from spacetable.sim.runner import DEFAULT_MAX_DECISIONS, play_out
    from spacetable.sim.setup import load_game, make_bots

    spec = load_game(game)
    players = min(max(4, spec.min_players), spec.max_players)
    two = min(max(2, spec.min_players), spec.max_players)
    rng = Rng(1)
    if figure == "decisions":
        config = spec.make_config(players)

        def run() -> None:
            state, games = spec.new_state(config, 1), 0
            for _ in range(n):
                if state.is_terminal():
                    games += 1
                    state = spec.new_state(config, 1 + games)
                bench._random_step(state, rng)
        return run
    if figure in ("random_games", "greedy_games"):
        seats = players if figure == "random_games" else two
        config = spec.make_config(seats)
        bots = make_bots(game, ["random" if figure == "random_games" else "greedy"] * seats)

        def games() -> None:
            for i in range(n):
                play_out(spec.new_state(config, 1 + i), bots, rng, DEFAULT_MAX_DECISIONS)
        return games
    if figure == "copy":
        states = bench.mid_game_states(game, players)

        def copies() -> None:
            for i in range(n):
                states[i % len(states)].copy()
        return copies
    if figure == "determinize":
        states = bench.mid_game_states(game, two)
        deciders = [max(0, s.current_player()) for s in states]

        def determinize() -> None:
            for i in range(n):
                states[i % len(states)].determinize(deciders[i % len(states)], rng)
        return determinize
    states = [s for s in bench.mid_game_states(game, two, count=20)
              if s.current_player() >= 0 and len(s.legal_actions()) > 1]
    bot = MctsBot(iterations=bench.MCTS_CHUNK)

    def iterations() -> None:
        done = i = 0
        while done < n:
            s = states[i % len(states)]
            bot.choose(s, s.current_player(), rng)
            done += bot.last_iterations
            i += 1
    return iterations


def sizes(game: str, scale: float) -> list[tuple[str, int]]:
    return [(figure, max(1, int(per_game[game] * scale))) for figure, per_game in FIGURES.items()]


def run_figures(game: str, scale: float) -> None:
    for figure, n in sizes(game, scale):
        sys.breakpointhook = setup(figure, game, n)
        breakpoint()  # runs the work; nothing else calls the builtin, so callgrind dumps around it alone


def counts(tree: str, build: str, game: str, scale: float, folder: str) -> list[int]:
    """Instructions of each figure's work (in `FIGURES` order) for one tree, build and game."""
    env = {**os.environ, "PYTHONPATH": tree, "SPACETABLE_BUILD": build}
    prefix = os.path.join(folder, f"cg-{os.getpid()}-{build}-{game}")
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={prefix}.%p",
           "--dump-before=builtin_breakpoint", "--dump-after=builtin_breakpoint",
           sys.executable, os.path.abspath(__file__), "--work", game, str(scale)]
    env.pop("PYTHONBREAKPOINT", None)
    subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True, check=True)
    dumps = []
    for name in os.listdir(folder):
        if name.startswith(os.path.basename(prefix) + "."):
            path = os.path.join(folder, name)
            with open(path) as f:
                text = f.read()
            os.unlink(path)
            m = re.search(r"^summary: (\d+)", text, re.M)
            part = name.rsplit(".", 1)[1]
            if "--dump-after=builtin_breakpoint" in text and m is not None and part.isdigit():
                dumps.append((int(part), int(m.group(1))))
    dumps.sort()
    if len(dumps) != len(FIGURES):
        raise SystemExit(f"expected {len(FIGURES)} work dumps, found {len(dumps)}")
    return [ir for _, ir in dumps]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", nargs=2, metavar=("GAME", "SCALE"))
    ap.add_argument("--tree", action="append", default=[], metavar="NAME=DIR")
    ap.add_argument("--build", action="append", choices=["pure", "compiled"])
    ap.add_argument("--game", action="append", choices=["moonrakers", "spacelanes", "highcard"])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every work size")
    args = ap.parse_args()
    if args.work:
        run_figures(args.work[0], float(args.work[1]))
        return
    trees = dict(t.split("=", 1) for t in args.tree)
    with tempfile.TemporaryDirectory() as folder:
        for build in args.build or ["pure", "compiled"]:
            for game in args.game or ["moonrakers", "spacelanes", "highcard"]:
                per_tree = {name: counts(os.path.abspath(tree), build, game, args.scale, folder)
                            for name, tree in trees.items()}
                for k, (figure, n) in enumerate(sizes(game, args.scale)):
                    row: dict[str, Any] = {"build": build, "game": game, "figure": figure, "n": n}
                    row |= {name: round(c[k] / n) for name, c in per_tree.items()}
                    print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
