"""Fixed work for A/B runs of two builds: ``python benchmarks/moonrakers_fixed_work.py random|greedy``.

`random`: 60 uniformly random 4-player Moonrakers playouts (seeds 1-60, each to its end or the bench's
cap of applies); prints the applies and the CPU seconds they took. `greedy`: the bench's greedy
2-player games per second over 4 CPU seconds (`spacetable.sim.bench.games_per_second`). Run it from
outside the tree with ``PYTHONPATH=<build> SPACETABLE_BUILD=compiled`` for each build in turn
(benchmarks/results/2026-12-07-moonrakers-one-vocabulary-bench.md).
"""

from __future__ import annotations

import sys
import time

from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.sim import bench


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "random"
    t0 = time.process_time()
    if what == "random":
        spec = get_game("moonrakers")
        applies = 0
        for seed in range(1, 61):
            state = spec.new_state({"players": 4, "modules": [], "expansions": []}, seed)
            applies += bench._random_playout(state, Rng(seed))
        print(f"random {applies} applies {time.process_time() - t0:.3f} CPU s")
    else:
        rate, _ = bench.games_per_second("moonrakers", 2, "greedy", 4.0)
        print(f"greedy {rate:.1f} games/s")


if __name__ == "__main__":
    main()
