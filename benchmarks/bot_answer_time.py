"""How long a bot takes to answer at a table with a person: the time of each of its decisions.

Plays N games of each game at 3 seats (seat 0, "the person", played by the heuristic bot; seats 1–2 by the
bot measured) and times every decision of the measured seats with the process's CPU clock and the wall
clock. Run it for each candidate (iteration budgets only: `mcts:<n>it` is deterministic under a seed and
never cut by time, so an undo meets the same answer); the default bot a game declares
(`GameSpec.default_bot`) is the strongest whose p95 stays within 2 s on the build the server runs. The
load average is printed beside the figures.

    .venv/bin/python benchmarks/bot_answer_time.py --bots heuristic,mcts:100it,mcts:200it [--games 4] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from spacetable.bots.base import make_bot
from spacetable.buildinfo import build
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.sim.setup import load_game

GAMES = ("moonrakers", "spacelanes")
MAX_DECISIONS = 600


def quantile(xs: list[float], f: float) -> float:
    return xs[min(len(xs) - 1, int(f * len(xs)))] if xs else 0.0


def measure(game: str, bot: str, games: int, seed0: int) -> dict[str, Any]:
    wall: list[float] = []
    for g in range(games):
        s = load_game(game).new_game({"players": 3}, seed0 + g)
        bots = [make_bot(game, "heuristic"), make_bot(game, bot), make_bot(game, bot)]
        rng = Rng(seed0 + g)
        n = 0
        while not s.is_terminal() and n < MAX_DECISIONS:
            p = s.current_player()
            if p == CHANCE:
                s.sample_chance()
                continue
            legal = s.legal_actions()
            t = time.perf_counter()
            a = bots[p].choose(s, p, rng) if len(legal) > 1 else legal[0]
            dt = time.perf_counter() - t
            if p != 0 and len(legal) > 1:
                wall.append(dt)
            s.apply_fast(a)
            n += 1
    wall.sort()
    return {"decisions": len(wall), "p50_s": quantile(wall, 0.5), "p95_s": quantile(wall, 0.95),
            "p99_s": quantile(wall, 0.99), "max_s": wall[-1] if wall else 0.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="heuristic,mcts:100it,mcts:200it")
    parser.add_argument("--games", type=int, default=4, help="games per game and bot")
    parser.add_argument("--seed", type=int, default=700)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out: dict[str, Any] = {"build": build(), "load_before": round(os.getloadavg()[0], 2), "rows": []}
    for game in GAMES:
        for bot in args.bots.split(","):
            row = {"game": game, "bot": bot, **measure(game, bot, args.games, args.seed)}
            out["rows"].append(row)
            if not args.json:
                print(f"{game:11} {bot:12} decisions {row['decisions']:5}  p50 {row['p50_s']:.3f} s  p95 "
                      f"{row['p95_s']:.3f} s  p99 {row['p99_s']:.3f} s  max {row['max_s']:.3f} s", flush=True)
    out["load_after"] = round(os.getloadavg()[0], 2)
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"build {out['build']}, load {out['load_before']} → {out['load_after']}")


if __name__ == "__main__":
    main()
