"""Space Lanes balance by simulation: N games per player count with heuristic (default) or greedy bots.

Prints game length (turns begun, `turn_count()`, all players together; rounds = turns / players), each
goal's wins against its fair share (share = games it was dealt in / players) in total and per player
count, the first seat's own win rate (the seat that moves first, chosen by the L3 die roll) and the win
share of every position in the turn order (first, second, …; a shared win counts a part to each winner).

    .venv/bin/python benchmarks/spacelanes_balance.py [N] [players,...] [--modes exploration,pvp]
        [--bot heuristic|heuristic-v1|greedy] [--procs 2] [--json out.json]
    .venv/bin/python benchmarks/spacelanes_balance.py --rush [N] [spacelanes_rush.py options]

`--modes` is one game (a comma-separated set of options played together, e.g. `pvp,exploration`).
`--rush` runs the rush check instead (`benchmarks/spacelanes_rush.py`, 300 games per rush by default):
every scripted rush against the heuristic bot at 2 players, each one's win rate and turns to win; it
exits with status 1 when a rush wins within 10 game turns in more than 5 % of its games or wins more
than 60 % of them.
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from spacetable.bots.base import make_bot
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.games.spacelanes.actions import SPACE
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.sim.runner import play_out


def one(job: tuple[int, int, tuple[str, ...], str]) -> tuple[int, int, list[str], list[str], list[int]]:
    n, seed, modes, bot = job
    s = get_game("spacelanes").new_game({"players": n, "modes": list(modes)}, seed)
    assert isinstance(s, SpaceLanesState)
    r = play_out(s, [make_bot("spacelanes", bot) for _ in range(n)], Rng(seed ^ 0x5A5A))
    first = next(int(SPACE[i].args[0]) for i in s.history if SPACE[i].kind == "first")
    dealt = [CONTENT.goals[g].slug for g in s.goal]
    return (s.turn_count(), first, dealt, s.game_stats()["winning_goals"], r.winners)


def _opt(name: str, default: str) -> str:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def main() -> None:
    if "--rush" in sys.argv:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import spacelanes_rush

        spacelanes_rush.main([a for a in sys.argv[1:] if a != "--rush"])
        return
    flags = ("--modes", "--bot", "--procs", "--json")
    args = [a for i, a in enumerate(sys.argv[1:], 1)
            if not a.startswith("--") and sys.argv[i - 1] not in flags]
    modes = tuple(m for m in _opt("--modes", "").split(",") if m)
    bot = _opt("--bot", "heuristic")
    procs = int(_opt("--procs", "2"))
    n_games = int(args[0]) if args else 200
    counts = [int(x) for x in args[1].split(",")] if len(args) > 1 else [2, 3, 4, 5]
    goal_wins: dict[str, float] = defaultdict(float)
    goal_share: dict[str, float] = defaultdict(float)
    per_n: dict[int, dict[str, tuple[float, float]]] = {}
    out: dict[str, Any] = {"games": n_games, "bot": bot, "modes": list(modes), "players": {}}
    shown = ",".join(modes) or "none"
    print(f"Space Lanes balance: {n_games} games per player count, {bot} bots, modes={shown}")
    print(f"{'players':>7} {'turns med':>9} {'q1-q3':>9} {'p10-p90':>9} {'rounds med':>10} {'no winner':>9} "
          f"{'first wins':>10} {'fair':>5} {'games/s':>7}")
    for n in counts:
        t0 = time.time()
        jobs = [(n, 10_000 * n + i, modes, bot) for i in range(n_games)]
        with Pool(procs) as pool:
            res = pool.map(one, jobs, chunksize=8)
        dt = time.time() - t0
        turns = sorted(r[0] for r in res)
        first_wins = sum(1.0 / len(r[4]) for r in res if r[1] in r[4])
        by_pos = [0.0] * n  # win share by position in the turn order, 0 = the first player
        for r in res:
            for w in r[4]:
                by_pos[(w - r[1]) % n] += 1.0 / len(r[4])
        shared = sum(1 for r in res if len(r[4]) > 1)
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
              f"{n_games / dt:>7.1f}   by position " + " / ".join(f"{x / n_games:.1%}" for x in by_pos)
              + f", shared wins {shared}", flush=True)
        out["players"][str(n)] = {
            "median_turns": med, "q1": turns[q], "q3": turns[3 * q], "no_winner": unfinished,
            "first_seat_wins": first_wins / n_games, "fair": 1 / n,
            "wins_by_position": [round(x / n_games, 4) for x in by_pos], "shared_wins": shared,
            "goal_ratio": {g: round(wins_n[g] / share_n[g], 3) if share_n[g] else 0.0 for g in share_n},
        }
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
    if "--json" in sys.argv:
        with open(_opt("--json", "balance.json"), "w") as fh:
            json.dump(out, fh, indent=1)


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
