"""Space Lanes speed: decisions per second and games per second with the random, greedy and heuristic
bots, and each bot's time per decision (median, 95th and 99th percentile, slowest: a bot at the table
must answer well within 50 ms at the 95th percentile).

    .venv/bin/python benchmarks/spacelanes_speed.py [games] [players] [--bots random,greedy,heuristic]
    SPACETABLE_BUILD=compiled .venv/bin/python benchmarks/spacelanes_speed.py 20 2
"""

from __future__ import annotations

import sys
import time

from spacetable import buildinfo
from spacetable.bots.base import make_bot
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE


def _pct(ts: list[float], q: float) -> float:
    return 1000 * ts[min(len(ts) - 1, int(q * len(ts)))]


def main() -> None:
    argv = sys.argv
    args = [a for i, a in enumerate(argv[1:], 1) if not a.startswith("--") and argv[i - 1] != "--bots"]
    games = int(args[0]) if args else 20
    n = int(args[1]) if len(args) > 1 else 3
    names = sys.argv[sys.argv.index("--bots") + 1].split(",") if "--bots" in sys.argv \
        else ["random", "greedy", "heuristic-v1", "heuristic"]
    spec = get_game("spacelanes")
    print(f"Space Lanes speed, {games} games of {n} players (one core, {buildinfo.build()} build)")
    print(f"{'bot':<13} {'decisions/s':>12} {'steps/s':>10} {'games/s':>8} {'decisions/game':>15} "
          f"{'turns/game':>10} {'ms p50':>7} {'ms p95':>7} {'ms p99':>7} {'ms max':>7}")
    for name in names:
        dec = steps = turns = 0
        ts: list[float] = []
        t0 = time.perf_counter()
        for seed in range(games):
            s = spec.new_game({"players": n}, seed)
            bots = [make_bot("spacelanes", name) for _ in range(n)]
            rng = Rng(seed)
            while not s.is_terminal():
                p = s.current_player()
                if p == CHANCE:
                    s.sample_chance()
                    continue
                t = time.perf_counter()
                a = bots[p].choose(s, p, rng)
                ts.append(time.perf_counter() - t)
                s.apply_fast(a)
            dec += len(ts) - dec
            steps += len(s.history)
            turns += s.turn_count()
        dt = time.perf_counter() - t0
        ts.sort()
        print(f"{name:<13} {dec / dt:>12.0f} {steps / dt:>10.0f} {games / dt:>8.2f} {dec / games:>15.0f} "
              f"{turns / games:>10.0f} {_pct(ts, 0.5):>7.2f} {_pct(ts, 0.95):>7.2f} {_pct(ts, 0.99):>7.2f} "
              f"{1000 * ts[-1]:>7.1f}", flush=True)
    # the rules alone: legal_actions + apply on a fixed random line
    s = spec.new_game({"players": n}, 1)
    rng = Rng(2)
    k = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 2.0:
        if s.is_terminal():
            s = spec.new_game({"players": n}, k)
        if s.current_player() < 0:
            s.sample_chance()
        else:
            s.apply_fast(rng.choice(s.legal_actions()))
        k += 1
    print(f"rules only (legal_actions + apply, random line): {k / (time.perf_counter() - t0):.0f} steps/s")


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
