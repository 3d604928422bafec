"""Greedy bots, current against reference: games/s and µs per bot decision, in interleaved CPU-time rounds.

The reference is loaded as in `bot_identity.py` (``--ref`` or ``--orig-dir``). Each round plays the same
seeded all-greedy games once with each version (the order alternates between rounds) and times them with
`time.process_time`; the engine's share is measured by replaying the recorded moves without the bots, so
``bot µs/decision`` is the bots' own time (their `legal_actions` call included).

    .venv/bin/python benchmarks/bot_speed_ab.py [--rounds 5] [--games 20] [--ref REV | --orig-dir DIR]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_identity import REF, load_reference  # noqa: E402

from spacetable.bots import moonrakers_greedy, spacelanes_greedy  # noqa: E402
from spacetable.engine.game import get_game  # noqa: E402
from spacetable.engine.rng import Rng  # noqa: E402
from spacetable.engine.state import CHANCE  # noqa: E402

CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("moonrakers 2p", "moonrakers", {"players": 2}),
    ("spacelanes 2p", "spacelanes", {"players": 2}),
    ("spacelanes 4p", "spacelanes", {"players": 4}),
]


def play(game: str, config: dict[str, Any], seeds: range, bot_cls: Any) -> tuple[float, int, list[list[int]]]:
    """CPU seconds, decisions and the bots' moves (action indices) of each game, for the replay."""
    spec = get_game(game)
    lines: list[list[int]] = []
    dec = 0
    t0 = time.process_time()
    for seed in seeds:
        s = spec.new_game(config, seed)
        bots = [bot_cls() for _ in range(s.num_players)]
        rng = Rng(seed)
        line: list[int] = []
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                s.sample_chance()
            else:
                a = bots[p].choose(s, p, rng)
                s.apply_fast(a)
                line.append(a.index)
                dec += 1
        lines.append(line)
    return time.process_time() - t0, dec, lines


def replay(game: str, config: dict[str, Any], seeds: range, lines: list[list[int]]) -> float:
    spec = get_game(game)
    space = spec.new_game(config, 0).space
    t0 = time.process_time()
    for seed, line in zip(seeds, lines, strict=True):
        s = spec.new_game(config, seed)
        moves = iter(line)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.sample_chance()  # the same draws from the state's generator as in the game
            else:
                s.apply_fast(space[next(moves)])
    return time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--ref", default=REF)
    ap.add_argument("--orig-dir", default=None)
    ap.add_argument("--case", default=None, help="only the cases whose label contains this text")
    args = ap.parse_args()
    ref = load_reference(args.ref, args.orig_dir)
    bots = {"moonrakers": (moonrakers_greedy.GreedyBot, ref["moonrakers_greedy"].GreedyBot),
            "spacelanes": (spacelanes_greedy.GreedySpaceLanesBot,
                           ref["spacelanes_greedy"].GreedySpaceLanesBot)}
    for label, game, config in CASES:
        if args.case and args.case not in label:
            continue
        seeds = range(args.games)
        gps: dict[str, list[float]] = {"current": [], "reference": []}
        us: dict[str, list[float]] = {"current": [], "reference": []}
        for r in range(args.rounds):
            order = [("current", bots[game][0]), ("reference", bots[game][1])]
            if r % 2:
                order.reverse()
            for name, cls in order:
                t, dec, lines = play(game, config, seeds, cls)
                engine = replay(game, config, seeds, lines)
                gps[name].append(args.games / t)
                us[name].append((t - engine) / dec * 1e6)
        cur, old = statistics.median(gps["current"]), statistics.median(gps["reference"])
        bot_new, bot_old = statistics.median(us["current"]), statistics.median(us["reference"])
        print(f"{label}: games/s current {cur:.1f} reference {old:.1f} (x{cur / old:.2f}); bot us/decision "
              f"current {bot_new:.1f} reference {bot_old:.1f}  [median of {args.rounds} rounds of "
              f"{args.games} games]", flush=True)


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
