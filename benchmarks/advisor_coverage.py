"""The coach at every decision: how often `spacetable.advice.advice` answers the deciding seat with a legal
recommended action and a reason, and how long it takes.

Plays N bot games of each table (Moonrakers 3 players, Binding Ties 4 players, Space Lanes 3 players;
the seats played by the heuristic bot) and asks the advice for the deciding seat at every decision.
Prints, per table: decisions, answered (a legal ``recommended`` with a non-empty ``reason``), the
share of reasons that are the generic fallback ("the coach's pick"), and the time quantiles. Run it on
the compiled build for the figures the targets speak of (``SPACETABLE_BUILD=compiled``); the load
average is printed beside them.

    SPACETABLE_BUILD=compiled .venv/bin/python benchmarks/advisor_coverage.py [--games 20] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from spacetable.advice import advice
from spacetable.bots.base import make_bot
from spacetable.buildinfo import build
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.sim.setup import load_game

TABLES: list[tuple[str, str, dict[str, Any]]] = [
    ("Moonrakers 3p", "moonrakers", {"players": 3}),
    ("Binding Ties 4p", "moonrakers", {"players": 4, "expansions": ["binding-ties"]}),
    ("Space Lanes 3p", "spacelanes", {"players": 3}),
]
MAX_DECISIONS = 4000


def quantile(xs: list[float], f: float) -> float:
    return xs[min(len(xs) - 1, int(f * len(xs)))] if xs else 0.0


def run(game: str, config: dict[str, Any], games: int, seed0: int) -> dict[str, Any]:
    times: list[float] = []
    answered = generic = asked = 0
    slowest: tuple[float, str] = (0.0, "")
    for g in range(games):
        seed = seed0 + g
        s = load_game(game).new_game(dict(config), seed)
        bots = [make_bot(game, "heuristic") for _ in range(s.num_players)]
        rng = Rng(seed)
        n = 0
        while not s.is_terminal() and n < MAX_DECISIONS:
            p = s.current_player()
            if p == CHANCE:
                s.sample_chance()
                continue
            t = time.perf_counter()
            out = advice(s, p)
            dt = time.perf_counter() - t
            times.append(dt)
            asked += 1
            legal = {str(a) for a in s.legal_actions()}
            if out.get("recommended") in legal and out.get("reason"):
                answered += 1
            if "the coach's pick" in str(out.get("reason")):
                generic += 1
            if dt > slowest[0]:
                slowest = (dt, f"seed {seed} decision {n} {s.decision_name()}")
            s.apply_fast(bots[p].choose(s, p, rng))
            n += 1
    times.sort()
    return {"decisions": asked, "answered": answered, "answered_share": answered / max(1, asked),
            "generic_reasons": generic, "p50_ms": 1000 * quantile(times, 0.5),
            "p95_ms": 1000 * quantile(times, 0.95), "p99_ms": 1000 * quantile(times, 0.99),
            "max_ms": 1000 * slowest[0], "slowest": slowest[1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per table")
    parser.add_argument("--seed", type=int, default=100, help="the first game's seed")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    load = os.getloadavg()
    out = {"build": build(), "games": args.games, "load_before": round(load[0], 2), "tables": {}}
    for name, game, config in TABLES:
        out["tables"][name] = run(game, config, args.games, args.seed)
    out["load_after"] = round(os.getloadavg()[0], 2)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    load_words = f"load {out['load_before']} → {out['load_after']}"
    print(f"build {out['build']}, {args.games} games per table, {load_words}")
    for name, r in out["tables"].items():
        print(f"{name:16} decisions {r['decisions']:6}  answered {r['answered_share']:.2%}  generic reasons "
              f"{r['generic_reasons']}  p50 {r['p50_ms']:.1f} ms  p95 {r['p95_ms']:.1f} ms  p99 "
              f"{r['p99_ms']:.1f} ms  max {r['max_ms']:.0f} ms ({r['slowest']})")


if __name__ == "__main__":
    main()
