"""Where a trained Moonrakers policy loses its games: hand one group of decisions to its teacher
(the heuristic bot) and measure the win rate again (benchmarks/results/README.md#moonrakers-policy-oracle).

Each group plays the same 2-player games against `--opponent` (game i: seed S + i, the policy's seat
i mod 2, the bots drawing from one generator seeded by the game): the policy bot decides everywhere
except at the group's decisions (`decision_name()`), where the heuristic bot decides from the same
seat. A group's gain over ``none`` is what the policy would win with perfect imitation there; ``all``
is the teacher itself.

    .venv/bin/python benchmarks/policy_oracle_swap.py [--policy moonrakers-2p] [--games 300]
        [--groups none,execution,planning,buying,negotiation,other,all] [--opponent greedy]
        [--seed 7000] [--workers 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from spacetable.engine.rng import Rng
from spacetable.rl.table import Table
from spacetable.sim.setup import make_bots
from spacetable.sim.simulate import wilson_interval

GROUPS = ("none", "execution", "planning", "buying", "negotiation", "other", "all")
"""Decision groups by `decision_name()`: card plays while a contract is executed, the choice of a
contract, buying, every step of a negotiation, the rest (crew and part choices, set-up), everything."""


def group_of(decision: str) -> str:
    if decision == "execution.play":
        return "execution"
    if decision in ("planning", "buying"):
        return decision
    if decision.startswith("negotiation."):
        return "negotiation"
    return "other"


def games(policy: str, group: str, opponent: str, seeds: list[int]) -> int:
    """The policy's wins over `seeds` with `group`'s decisions handed to the heuristic bot."""
    table = Table("moonrakers", {"players": 2})
    me, teacher = make_bots("moonrakers", [f"policy:{policy}", "heuristic"])
    wins = 0
    for seed in seeds:
        seat = seed % 2
        others = make_bots("moonrakers", [opponent] * 2)
        table.reset(seed)
        rng = Rng(seed ^ 0xB07)
        while not table.over:
            p = table.to_act()
            assert p is not None
            state = table.state
            if p != seat:
                bot = others[p]
            elif group == "all" or (group != "none" and group_of(state.decision_name()) == group):
                bot = teacher
            else:
                bot = me
            table.play(bot.choose(state, p, rng))
        wins += table.returns()[seat] > 0
    return wins


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--policy", default="moonrakers-2p", help="a shipped policy's name or a .npz path")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--groups", default=",".join(GROUPS))
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    groups = [g.strip() for g in args.groups.split(",") if g.strip()]
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        ap.error(f"unknown group {unknown[0]!r} (one of {', '.join(GROUPS)})")
    make_bots("moonrakers", [f"policy:{args.policy}", args.opponent])  # a bad name fails here
    seeds = list(range(args.seed, args.seed + args.games))
    chunks = [seeds[k::args.workers] for k in range(args.workers)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {g: [pool.submit(games, args.policy, g, args.opponent, c) for c in chunks] for g in groups}
        won = {g: sum(f.result() for f in fs) for g, fs in futures.items()}
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    out: dict[str, Any] = {"policy": args.policy, "opponent": args.opponent, "games": args.games,
                           "seeds": [args.seed, args.seed + args.games - 1], "groups": {},
                           "wall_s": round(time.perf_counter() - t0, 1),
                           "cpu_s": round(kids.ru_utime + kids.ru_stime + time.process_time(), 1)}
    base = won.get("none")
    for g in groups:
        row = {"wins": won[g], "win_rate": round(won[g] / args.games, 4),
               "ci95": wilson_interval(won[g], args.games)}
        if base is not None:
            row["gain"] = round((won[g] - base) / args.games, 4)
        out["groups"][g] = row
        if not args.json:
            gain = f", {row['gain']:+.3f} over none" if "gain" in row else ""
            print(f"{g:12s} {won[g]}/{args.games} = {row['win_rate']:.3f} "
                  f"[{row['ci95'][0]:.3f}, {row['ci95'][1]:.3f}]{gain}", flush=True)
    if args.json:
        print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
