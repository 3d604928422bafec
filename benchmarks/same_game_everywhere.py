"""The same game in three faces, at full size: `spacetable play --humans 0 --save A`, an all-bot server
game exported by GET /api/games/{id}/save, and `spacetable simulate --games 1 --save-dir D` give the same
action log (the session driver's one order and one bot-seeding rule).
tests/server/test_same_game_everywhere.py checks small games; this runs the configurations with greedy,
heuristic and mcts:200it bots.

    SPACETABLE_BUILD=compiled .venv/bin/python benchmarks/same_game_everywhere.py [--case NAME]

Prints, per case, the number of action-log entries, the seconds each face took and whether the three
logs are identical; exits 1 if any differ.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.test_same_game_everywhere import by_server, by_simulator, by_terminal  # noqa: E402

CASES: dict[str, tuple[str, dict[str, Any], list[str], int]] = {
    "moonrakers-4p": ("moonrakers", {}, ["greedy", "heuristic", "mcts:200it", "greedy"], 101),
    "binding-ties-4p": ("moonrakers", {"expansions": ["binding-ties"]},
                        ["heuristic", "greedy", "mcts:200it", "greedy"], 102),
    "spacelanes-3p": ("spacelanes", {}, ["greedy", "heuristic", "mcts:200it"], 103),
    "highcard-3p": ("highcard", {}, ["greedy", "heuristic", "mcts:200it"], 104),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--case", action="append", choices=sorted(CASES), help="run only these (repeatable)")
    args = parser.parse_args()
    differ = 0
    for name in args.case or list(CASES):
        game, options, bots, seed = CASES[name]
        with tempfile.TemporaryDirectory() as tmp:
            where = Path(tmp)
            times = []
            t = time.perf_counter()
            terminal = by_terminal(game, options, bots, seed, where / "A.json")
            times.append(time.perf_counter() - t)
            t = time.perf_counter()
            simulated = by_simulator(game, options, bots, seed, where / "D")
            times.append(time.perf_counter() - t)
            t = time.perf_counter()
            served = by_server(f"sqlite:///{where / 'server.db'}", game, options, bots, seed, timeout=3600)
            times.append(time.perf_counter() - t)
        same = terminal["actions"] == simulated["actions"] == served["actions"]
        differ += not same
        print(f"{name}: seed {seed}, bots {','.join(bots)}: {len(terminal['actions'])} entries; "
              f"play {times[0]:.1f} s, simulate {times[1]:.1f} s, server {times[2]:.1f} s; "
              f"{'identical' if same else 'DIFFERENT'}", flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
