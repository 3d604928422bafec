"""Engine benchmark: ``python benchmarks/run_bench.py [--json] [--game G] [--seconds S]``.

A thin wrapper over `spacetable.sim.bench` (the same figures as ``spacetable bench``).
"""

from __future__ import annotations

import argparse
import json

from spacetable.sim.bench import bench


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", action="append", help="game to bench (repeatable; default all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per figure")
    args = parser.parse_args()
    result = bench(args.game, args.seconds)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for name, r in result["games"].items():
        greedy = r["greedy_games_per_second"]
        print(f"{name}: {r['decisions_per_second']:,} decisions/s, "
              f"{r['random_games_per_second']:,.1f} random {r['random_players']}p games/s, "
              f"greedy 2p games/s: {'n/a' if greedy is None else f'{greedy:,.1f}'}, "
              f"copy {r['copy_us']:.2f} µs, "
              f"mcts {r['mcts_iterations_per_second']:,} iterations/s ({r['mcts_players']}p)")
        for note in r["notes"]:
            print(f"  note: {note}")
    for name, why in result["skipped"].items():
        print(f"{name}: skipped ({why})")


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
