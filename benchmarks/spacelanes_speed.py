"""Space Lanes speed: decisions per second and games per second with random and greedy bots.

    .venv/bin/python benchmarks/spacelanes_speed.py [games] [players]
"""

from __future__ import annotations

import sys
import time

from spacetable.bots.base import RandomBot
from spacetable.bots.spacelanes_greedy import GreedySpaceLanesBot
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.sim.runner import play_out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    spec = get_game("spacelanes")
    print(f"Space Lanes speed, {games} games of {n} players (one core)")
    print(f"{'bot':<8} {'decisions/s':>12} {'steps/s':>10} {'games/s':>8} {'decisions/game':>15} "
          f"{'turns/game':>10}")
    for name, make in (("random", RandomBot), ("greedy", GreedySpaceLanesBot)):
        dec = steps = turns = 0
        t0 = time.perf_counter()
        for seed in range(games):
            s = spec.new_game({"players": n}, seed)
            r = play_out(s, [make() for _ in range(n)], Rng(seed))
            dec += r.decisions
            steps += len(s.history)
            turns += s.turn_count()
        dt = time.perf_counter() - t0
        print(f"{name:<8} {dec / dt:>12.0f} {steps / dt:>10.0f} {games / dt:>8.2f} {dec / games:>15.0f} "
              f"{turns / games:>10.0f}")
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
