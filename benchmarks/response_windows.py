"""How often a person is asked at a Space Lanes response window (L10) with "stop at every window" off.

Plays N games at 3 players with the heuristic bot in every seat and counts, for seat 0 played as a
person would be (asked only where `State.optional_pass()` is None: a card it holds can change what just
happened, `State.meaningful_responses()`), the windows it is offered, those it is asked at, the most it
is asked during one turn of another captain, and what it held each time it was asked.

    .venv/bin/python benchmarks/response_windows.py [--games 6]
"""

from __future__ import annotations

import argparse
import collections

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.sim.setup import load_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    asked: collections.Counter[tuple[str, ...]] = collections.Counter()
    per_turn: collections.Counter[tuple[int, int]] = collections.Counter()
    windows = 0
    for seed in range(args.games):
        s = load_game("spacelanes").new_game({"players": 3}, seed)
        bots = [make_bot("spacelanes", "heuristic") for _ in range(3)]
        rng = Rng(seed)
        n = 0
        while not s.is_terminal() and n < 3000:
            p = s.current_player()
            if p == CHANCE:
                s.sample_chance()
                continue
            if p == 0 and s.decision_name() == "respond":
                windows += 1
                if s.optional_pass() is None:
                    meaningful = s.meaningful_responses() or []
                    asked[tuple(sorted({str(a) for a in meaningful}))] += 1
                    per_turn[(seed, s.turn_count())] += 1
            s.apply_fast(bots[p].choose(s, p, rng))
            n += 1
    print(f"{args.games} games: seat 0 offered {windows} response windows, asked at {sum(asked.values())}; "
          f"most asks in one turn: {max(per_turn.values(), default=0)}")
    for plays, k in asked.most_common(10):
        print(f"  {k:4}  {', '.join(plays) or '(nothing meaningful)'}")


if __name__ == "__main__":
    main()
