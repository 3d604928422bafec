"""A trained policy's win rate against bots, seats rotating (the figures of
benchmarks/results/2026-12-06-moonrakers-policy.md).

Each opponent plays `--games` 2-player games against ``policy:NAME`` (or ``policy:PATH``) through
``simulate`` (game i: seed S + i, the policy in seat i mod 2), with simulate's decision cap
(200,000, as the bot tables of docs/bots.md; ``--cap`` to change it); a game stopped at the cap
counts as a loss, a shared win as a win. Prints each win rate with
its 95% Wilson interval and the CPU seconds used (this process and its workers).

    .venv/bin/python benchmarks/policy_strength.py [--policy moonrakers-2p] [--games 500]
        [--opponents random,greedy] [--seed 2000000000] [--workers 2] [--out DIR] [--json]

With ``--out DIR`` each opponent's games go to ``DIR/<opponent>.parquet`` (a rerun resumes them;
``spacetable report`` reads them).
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from pathlib import Path
from typing import Any

from spacetable.sim.simulate import simulate, wilson_interval

CAP = 200_000


def cpu_seconds() -> float:
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--policy", default="moonrakers-2p", help="a shipped policy's name or a .npz path")
    ap.add_argument("--game", default="moonrakers")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--seed", type=int, default=2_000_000_000)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--cap", type=int, default=CAP, help="decisions after which a game stops unfinished")
    ap.add_argument("--out", type=Path, default=None, help="keep the games in DIR/<opponent>.parquet")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    me = f"policy:{args.policy}"
    out: dict[str, Any] = {"policy": me, "games": args.games, "seed": args.seed, "cap": args.cap,
                           "opponents": {}}
    for k, opponent in enumerate(o.strip() for o in args.opponents.split(",") if o.strip()):
        seed = args.seed + k * 1_000_000
        t0, w0 = cpu_seconds(), time.perf_counter()
        out_file = None
        if args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            out_file = args.out / f"{opponent}.parquet"
        r = simulate(args.game, args.games, 2, [me, opponent], seed=seed, backend="processes",
                     workers=args.workers, max_decisions=args.cap, out=out_file)
        wins = r.wins_by_bot.get(me, 0)
        row = {"seed": seed, "games": r.games, "wins": wins, "win_rate": round(wins / r.games, 4),
               "ci95": wilson_interval(wins, r.games), "unfinished": r.unfinished, "errors": r.errors,
               "cpu_s": round(cpu_seconds() - t0, 1), "wall_s": round(time.perf_counter() - w0, 1)}
        out["opponents"][opponent] = row
        if not args.json:
            print(f"{me} vs {opponent}: {wins}/{r.games} = {row['win_rate']:.3f} "
                  f"[{row['ci95'][0]:.3f}, {row['ci95'][1]:.3f}], unfinished {r.unfinished}, "
                  f"seeds {seed}…{seed + r.games - 1}, {row['cpu_s']} s CPU", flush=True)
    if args.json:
        print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
