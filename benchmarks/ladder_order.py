"""Does the bot ladder order random < greedy < heuristic, with rating intervals that do not overlap?

    .venv/bin/python benchmarks/ladder_order.py [--game moonrakers] [--players 2] [--games 200]
                                                [--bots random,greedy,heuristic] [--seed 1] [--out F] [--json]

Plays the round-robin of `spacetable ladder` (every pair `--games` games on the same seeds, seats
rotated, on every core) and rates it (openskill Plackett-Luce, bootstrap intervals). Exit status 0 when
the bots come out in the order given, weakest first, and each rating's 95% interval lies wholly above
the one before it; 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from spacetable import buildinfo
from spacetable.sim.backends import make_backend
from spacetable.sim.ladder import ladder, ladder_jobs
from spacetable.sim.setup import split_bots
from spacetable.sim.simulate import run_jobs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="moonrakers")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=200, help="games per pair of bots")
    ap.add_argument("--bots", default="random,greedy,heuristic", help="weakest first")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--out", type=Path, default=None, help="keep the results (default: a temporary file)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    bots = split_bots(args.bots)
    jobs = ladder_jobs(args.game, args.players, bots, args.games, args.seed)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp) / "ladder.parquet"
        tables: list = []
        with make_backend("processes", args.workers) as backend:
            reports = run_jobs(jobs, backend, out, tables=tables)
        import pyarrow as pa

        rows = pa.concat_tables(tables).select(["run", "game_id", "game_index", "bot", "status", "result"])
        board = ladder(rows.to_pylist())
    assert board is not None
    seconds = time.perf_counter() - started
    by = {r["bot"]: r for r in board.ratings}
    ordered = [by[b] for b in bots]
    ok = all(a["high"] < b["low"] for a, b in zip(ordered, ordered[1:], strict=False))
    body = board.to_json() | {"game": args.game, "players": args.players, "games_per_pair": args.games,
                              "errors": sum(r.errors for r in reports), "build": buildinfo.build(),
                              "seconds": round(seconds, 1), "ordered_without_overlap": ok}
    if args.json:
        print(json.dumps(body, indent=1))
    else:
        for r in board.ratings:
            row = board.matrix[r["bot"]]
            wins = ", ".join(f"vs {b} {v:.0%}" for b, v in row.items() if v is not None)
            print(f"{r['bot']:10} {r['rating']:7.2f} [{r['low']:.2f}, {r['high']:.2f}]  {wins}")
        print(f"{board.games} games in {seconds:.0f} s ({body['build']} build): "
              f"{' < '.join(bots)} {'holds, intervals apart' if ok else 'does NOT hold'}")
    return 0 if ok else 1


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
