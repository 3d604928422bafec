"""How `spacetable simulate` scales: greedy games/s with 1 and 2 processes and on Ray (this node).

    .venv/bin/python benchmarks/sim_scaling.py [--games 3000] [--game moonrakers] [--players 2]
                                               [--bots greedy] [--no-ray] [--serial] [--json]

Each figure is one whole run of the Python API (`spacetable.sim.simulate.simulate`), so games/s counts
the start-up of the worker processes or of the local Ray cluster. Targets (docs/simulate.md): 2
processes ≥ 1.8× one process; Ray within 10% of 2 processes (``ray`` starts a local cluster
inside the timed run; ``ray-running`` times the same run on a local cluster started beforehand).
The machine's load average is printed before and after: other work on the machine lowers every figure,
and the ratios most.
"""

from __future__ import annotations

import argparse
import json
import os
import threading
import time
from typing import Any

from spacetable.sim.setup import parse_bots
from spacetable.sim.simulate import simulate


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


class CpuMeter:
    """CPU seconds used by this process and all its descendants (worker processes, forkserver, Ray's
    daemons and workers) during a run, sampled from /proc (Linux; 0 elsewhere). A figure the machine's
    other load hardly changes: games per CPU second shows whether the work parallelises without cost."""

    def __init__(self) -> None:
        self.tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        self.seen: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _sample(self) -> None:
        me = os.getpid()
        stats: dict[int, tuple[int, float]] = {}
        for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / self.tick)
        for pid, (_, cpu) in stats.items():
            p, hops = pid, 0
            while p not in (0, 1, me) and p in stats and hops < 20:
                p, hops = stats[p][0], hops + 1
            if p == me or pid == me:
                self.seen[pid] = max(self.seen.get(pid, 0.0), cpu)

    def _loop(self) -> None:
        while not self._stop.wait(0.25):
            self._sample()

    def __enter__(self) -> CpuMeter:
        self._sample()
        self.base = dict(self.seen)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    def seconds(self) -> float:
        return sum(cpu - self.base.get(pid, 0.0) for pid, cpu in self.seen.items())


def run(game: str, games: int, players: int, bots: str, backend: str, workers: int | None) -> dict[str, Any]:
    """One timed run; ``ray-running`` joins a local Ray started (untimed) beforehand, as a cluster that is
    already up would be."""
    ray: Any = None
    if backend == "ray-running":
        import ray

        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        with CpuMeter() as cpu:
            start = time.perf_counter()
            report = simulate(game, games, players, parse_bots(game, bots, players), seed=1,
                              backend="ray" if ray is not None else backend, workers=workers)
            wall = time.perf_counter() - start
    finally:
        if ray is not None:
            ray.shutdown()
    return {"backend": backend, "workers": report.workers, "games": report.games, "errors": report.errors,
            "seconds": round(wall, 2), "games_per_second": round(report.games_per_second, 1),
            "cpu_seconds": round(cpu.seconds(), 1),
            "games_per_cpu_second": round(report.games / cpu.seconds(), 1) if cpu.seconds() else None,
            "wins_by_seat": report.wins_by_seat}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--game", default="moonrakers")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="greedy", help="one name, or names repeated over the seats (a,b)")
    ap.add_argument("--no-ray", action="store_true", help="skip the Ray figure")
    ap.add_argument("--serial", action="store_true", help="also time this process alone (no start-up)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    out: dict[str, Any] = {"game": args.game, "players": args.players, "bots": args.bots, "games": args.games,
                           "cpus": os.cpu_count(), "load_before": _load(), "runs": []}
    plan: list[tuple[str, int | None]] = [("processes", 1), ("processes", 2)]
    if args.serial:
        plan.insert(0, ("serial", None))
    if not args.no_ray:
        plan += [("ray", 2), ("ray-running", 2)]
    for backend, workers in plan:
        r = run(args.game, args.games, args.players, args.bots, backend, workers)
        out["runs"].append(r)
        if not args.json:
            print(f"{backend:11} workers={r['workers']}: {r['games_per_second']:8.1f} games/s "
                  f"({r['seconds']} s wall, {r['cpu_seconds']} CPU s: {r['games_per_cpu_second']} games a "
                  f"CPU second; load {_load()})", flush=True)
    rate = {(r["backend"], r["workers"]): r["games_per_second"] for r in out["runs"]}
    one, two = rate[("processes", 1)], rate[("processes", 2)]
    out["speedup_1_to_2"] = round(two / one, 2) if one else None
    out["ray_vs_processes"] = round(rate[("ray", 2)] / two, 3) if ("ray", 2) in rate and two else None
    running = rate.get(("ray-running", 2))
    out["running_ray_vs_processes"] = round(running / two, 3) if running and two else None
    out["load_after"] = _load()
    out["targets"] = {"speedup_1_to_2": 1.8, "ray_vs_processes": 0.9}
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"1 → 2 processes: {out['speedup_1_to_2']}× (target ≥ 1.8); Ray / processes: "
              f"{out['ray_vs_processes']} (target ≥ 0.9; Ray already running: "
              f"{out['running_ray_vs_processes']}); load {out['load_before']} → {out['load_after']}")


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
