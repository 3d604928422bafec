"""Space Lanes balance by simulation: N games per player count with greedy bots (sim.runner.play_out).

Prints game length (turns begun, and rounds = turns / players), each goal's wins against its fair share
(share = games it was dealt in / players) in total and per player count, and first-player win rates.

    .venv/bin/python benchmarks/spacelanes_balance.py [N] [players,...] [--modes exploration,pvp]
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from multiprocessing import Pool

from spacetable.bots.spacelanes_greedy import GreedySpaceLanesBot
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.games.spacelanes.actions import SPACE
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.sim.runner import play_out


def one(job: tuple[int, int, tuple[str, ...]]) -> tuple[int, int, list[str], list[str], list[int], int, int]:
    n, seed, modes = job
    s = get_game("spacelanes").new_game({"players": n, "modes": list(modes)}, seed)
    assert isinstance(s, SpaceLanesState)
    bots = [GreedySpaceLanesBot() for _ in range(n)]
    r = play_out(s, bots, Rng(seed ^ 0x5A5A))
    first = next(int(SPACE[i].args[0]) for i in s.history if SPACE[i].kind == "first")
    dealt = [CONTENT.goals[g].slug for g in s.goal]
    return (s.turn_count(), first, dealt, s.game_stats()["winning_goals"], r.winners, r.decisions,
            int(r.finished))


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    modes: tuple[str, ...] = ()
    if "--modes" in sys.argv:
        modes = tuple(sys.argv[sys.argv.index("--modes") + 1].split(","))
        args = [a for a in args if a != sys.argv[sys.argv.index("--modes") + 1]]
    n_games = int(args[0]) if args else 200
    counts = [int(x) for x in args[1].split(",")] if len(args) > 1 else [2, 3, 4, 5]
    goal_wins: dict[str, float] = defaultdict(float)
    goal_share: dict[str, float] = defaultdict(float)
    per_n: dict[int, dict[str, tuple[float, float]]] = {}
    shown = ",".join(modes) or "none"
    print(f"Space Lanes balance: {n_games} games per player count, greedy bots, modes={shown}")
    print(f"{'players':>7} {'turns med':>9} {'q1-q3':>9} {'p10-p90':>9} {'rounds med':>10} {'no winner':>9} "
          f"{'first wins':>10} {'fair':>5} {'games/s':>7}")
    for n in counts:
        t0 = time.time()
        with Pool(2) as pool:
            res = pool.map(one, [(n, 10_000 * n + i, modes) for i in range(n_games)])
        dt = time.time() - t0
        turns = sorted(r[0] for r in res)
        first_wins = sum(1.0 / len(r[4]) for r in res if r[1] in r[4])
        unfinished = sum(1 for r in res if not r[4])
        wins_n: dict[str, float] = defaultdict(float)
        share_n: dict[str, float] = defaultdict(float)
        for r in res:
            for g in r[2]:
                share_n[g] += 1.0 / n
            for g in r[3]:
                wins_n[g] += 1.0 / len(r[3])
        for g in share_n:
            goal_share[g] += share_n[g]
            goal_wins[g] += wins_n[g]
        per_n[n] = {g: (wins_n[g], share_n[g]) for g in share_n}
        med = turns[len(turns) // 2]
        q = len(turns) // 4
        print(f"{n:>7} {med:>9} {turns[q]:>4}-{turns[3 * q]:<4} "
              f"{turns[len(turns) // 10]:>4}-{turns[9 * len(turns) // 10]:<4} "
              f"{med / n:>10.1f} {unfinished:>9} {first_wins / n_games:>10.1%} {1 / n:>5.0%} "
              f"{n_games / dt:>7.1f}")
    print()
    print(f"{'goal':<16} {'wins':>6} {'fair share':>10} {'ratio':>6}   "
          + " ".join(f"{str(n) + 'p':>5}" for n in counts))
    for goal in CONTENT.goals:
        w, sh = goal_wins[goal.slug], goal_share[goal.slug]
        cells = []
        for n in counts:
            wn, sn = per_n[n].get(goal.slug, (0.0, 0.0))
            cells.append(f"{wn / sn if sn else 0:>5.2f}")
        print(f"{goal.slug:<16} {w:>6.1f} {sh:>10.1f} {w / sh if sh else 0:>6.2f}   " + " ".join(cells))


if __name__ == "__main__":
    main()
