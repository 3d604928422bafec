"""How long the Moonrakers advisor takes, over the states real games reach (its time budget's effect).

Plays `N` games at 2 and at 4 players (heuristic and greedy seats alternating) and asks the advisor, for
the deciding seat, at every third decision during a negotiation or an execution; prints the count, how
many answers were cut short by `advisor.ADVICE_SECONDS` (labelled lower bounds), the time quantiles and
the memo sizes. Times depend on the machine's load: the load average is printed with them.

    .venv/bin/python benchmarks/advisor_speed.py [N] [--seconds S]
"""

from __future__ import annotations

import argparse
import json
import os
import time

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import advisor, new_game
from spacetable.games.moonrakers.execution import PlayTurn
from spacetable.games.moonrakers.negotiation import Negotiate


def quantile(xs: list[float], f: float) -> float:
    return xs[min(len(xs) - 1, int(f * len(xs)))] if xs else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="?", type=int, default=15, help="games per player count")
    parser.add_argument("--seconds", type=float, default=advisor.ADVICE_SECONDS, help="the advice's budget")
    args = parser.parse_args()
    advisor.ADVICE_SECONDS = args.seconds
    times: list[float] = []
    states: list[float] = []
    cut = 0
    load = os.getloadavg()[0]
    for n in (2, 4):
        for seed in range(args.games):
            s = new_game({"players": n, "modules": [], "expansions": []}, seed)
            bots = [make_bot("moonrakers", "heuristic" if i % 2 == 0 else "greedy") for i in range(n)]
            rng = Rng(seed)
            k = 0
            while not s.is_terminal():
                p = s.current_player()
                if p == CHANCE:
                    s.sample_chance()
                    continue
                if k % 3 == 0 and (isinstance(s.stack[-1], PlayTurn) or any(isinstance(f, Negotiate)
                                                                            for f in s.stack)):
                    t = time.perf_counter()
                    out = advisor.advise(s, p)
                    dt = time.perf_counter() - t
                    if out.get("p_success") is not None:
                        times.append(dt)
                        states.append(out["states"])
                        cut += not out["exact"]
                k += 1
                s.apply_fast(bots[p].choose(s, p, rng))
    times.sort()
    states.sort()
    print(json.dumps({
        "calls": len(times), "cut_short": cut, "budget_seconds": args.seconds,
        "ms": {str(f): round(1000 * quantile(times, f), 2) for f in (0.5, 0.9, 0.99, 0.999)},
        "max_ms": round(1000 * times[-1], 1) if times else None,
        "states": {str(f): quantile(states, f) for f in (0.5, 0.9, 0.99, 0.999)},
        "max_states": states[-1] if states else None,
        "load": [round(load, 2), round(os.getloadavg()[0], 2)]}, indent=1))


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
