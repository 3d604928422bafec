"""spacetable's speed as ratios to peer engines, measured interleaved (docs/performance.md's table).

Each round runs, one after the other: spacetable's figures (the `spacetable bench` functions with
the bench's own player counts: greedy 2-player Moonrakers games/s, Moonrakers random-playout
decisions/s at 4 players, `copy()` µs at 4 players and `determinize()` µs at 2 players, for
Moonrakers and Space Lanes), then the peer scripts of ../shared/peers/ (pyminion Big Money vs Big
Money + Smithy games/s, RLCard UNO random decisions/s). It prints the median over the rounds of
each round's ratios, and of the µs figures.

The peers run in a throwaway virtual environment, never the project's:

    python3 -m venv /tmp/peers-venv && /tmp/peers-venv/bin/pip install pyminion rlcard
    .venv/bin/python benchmarks/peer_ratios.py --rounds 8

spacetable's figures run in a child process of `--python` (default: this interpreter) with
`--pythonpath` prepended to PYTHONPATH, so the same script measures another build (e.g. the
compiled modules) without changing anything here. Absolute figures on a shared machine move by up
to 2× between runs; the ratios of one round do not move nearly as much (both sides see the same load).
Every figure here is wall time, as the peers time themselves (`spacetable bench` itself reports CPU
time), so run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PEERS = ROOT.parent / "shared" / "peers"
DEFAULT_PEER_PYTHON = "/tmp/peers-venv/bin/python"
TARGETS = {"greedy_vs_pyminion": 1.0, "decisions_vs_rlcard": 5.0, "moonrakers_copy_us": 10.0,
           "spacelanes_copy_us": 10.0, "moonrakers_determinize_us": 25.0}


def ours(seconds: float) -> dict[str, Any]:
    """spacetable's figures in this process (as `spacetable bench`, one figure per `seconds`)."""
    import spacetable.engine.rng as rng_module
    from spacetable.sim import bench

    bench.CLOCK = time.perf_counter  # wall time, as the peer scripts measure
    try:  # the same words as `spacetable bench --json` ("build")
        from spacetable import buildinfo

        build = str(buildinfo.build())
    except ImportError:
        build = "compiled" if not str(rng_module.__file__).endswith(".py") else "pure"
    out: dict[str, Any] = {"build": build, "engine": str(Path(str(rng_module.__file__)).parent)}
    t = time.process_time()
    rate, _ = bench.games_per_second("moonrakers", 2, "greedy", seconds)
    out["moonrakers_greedy_games_per_s"] = rate
    out["moonrakers_decisions_per_s"] = bench.decisions_per_second("moonrakers", 4, seconds)
    for game in ("moonrakers", "spacelanes"):
        out[f"{game}_copy_us"] = bench.copy_microseconds(game, 4, seconds)
        out[f"{game}_determinize_us"] = bench.determinize_microseconds(game, 2, seconds)
    out["cpu_seconds"] = time.process_time() - t
    return out


def _run_json(cmd: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=ROOT, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _loadavg() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return -1.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=6, help="interleaved rounds (median taken)")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per spacetable figure")
    ap.add_argument("--pyminion-games", type=int, default=200, help="pyminion games per round")
    ap.add_argument("--rlcard-games", type=int, default=150, help="RLCard UNO games per round")
    ap.add_argument("--python", default=sys.executable, help="interpreter for spacetable's figures")
    ap.add_argument("--pythonpath", default="", help="prepended to PYTHONPATH for spacetable's figures "
                    "(e.g. the folder holding a compiled build)")
    ap.add_argument("--peer-python", default=DEFAULT_PEER_PYTHON, help="interpreter with pyminion and rlcard")
    ap.add_argument("--peers", default=str(PEERS), help="folder of pyminion_bench.py and rlcard_bench.py")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--ours-only", type=float, default=None, metavar="SECONDS", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.ours_only is not None:  # the child process
        print(json.dumps(ours(args.ours_only)))
        return 0
    env = dict(os.environ)
    if args.pythonpath:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (args.pythonpath, env.get("PYTHONPATH", "")) if p)
    peers = Path(args.peers)
    rounds: list[dict[str, Any]] = []
    for r in range(args.rounds):
        load = _loadavg()
        mine = _run_json([args.python, str(Path(__file__).resolve()), "--ours-only", str(args.seconds)], env)
        pym = _run_json([args.peer_python, str(peers / "pyminion_bench.py"), str(args.pyminion_games)])
        uno = _run_json([args.peer_python, str(peers / "rlcard_bench.py"), str(args.rlcard_games)])
        row = {
            "greedy_vs_pyminion": mine["moonrakers_greedy_games_per_s"] / pym["games_per_s"],
            "decisions_vs_rlcard": mine["moonrakers_decisions_per_s"] / uno["decisions_per_s"],
            "moonrakers_copy_us": mine["moonrakers_copy_us"],
            "spacelanes_copy_us": mine["spacelanes_copy_us"],
            "moonrakers_determinize_us": mine["moonrakers_determinize_us"],
            "spacelanes_determinize_us": mine["spacelanes_determinize_us"],
            "moonrakers_greedy_games_per_s": mine["moonrakers_greedy_games_per_s"],
            "moonrakers_decisions_per_s": mine["moonrakers_decisions_per_s"],
            "pyminion_games_per_s": pym["games_per_s"],
            "rlcard_decisions_per_s": uno["decisions_per_s"],
            "load": load,
            "build": mine["build"],
        }
        rounds.append(row)
        if not args.json:
            print(f"round {r + 1}/{args.rounds} (load {load:.1f}, {mine['build']}): "
                  f"greedy÷pyminion {row['greedy_vs_pyminion']:.2f}×, "
                  f"decisions÷rlcard {row['decisions_vs_rlcard']:.2f}×, "
                  f"copy {row['moonrakers_copy_us']:.1f}/{row['spacelanes_copy_us']:.1f} µs, "
                  f"determinize {row['moonrakers_determinize_us']:.1f}/"
                  f"{row['spacelanes_determinize_us']:.1f} µs",
                  flush=True)
    keys = [k for k in rounds[0] if k != "build"]
    median = {k: round(statistics.median(r[k] for r in rounds), 3) for k in keys}
    result = {"rounds": args.rounds, "build": rounds[0]["build"], "engine": mine["engine"],
              "median": median, "targets": TARGETS,
              "meets": {k: (median[k] >= v if "_vs_" in k else median[k] <= v) for k, v in TARGETS.items()},
              "per_round": rounds}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"\nmedian of {args.rounds} interleaved rounds ({result['build']} build, {result['engine']}):")
    rows = [("2p greedy Moonrakers games/s ÷ pyminion games/s", "greedy_vs_pyminion", "×", "≥ 1.0×"),
            ("Moonrakers random decisions/s ÷ RLCard UNO decisions/s", "decisions_vs_rlcard", "×", "≥ 5×"),
            ("Moonrakers copy()", "moonrakers_copy_us", " µs", "≤ 10 µs"),
            ("Space Lanes copy()", "spacelanes_copy_us", " µs", "≤ 10 µs"),
            ("determinize() mid-game, 2-player Moonrakers", "moonrakers_determinize_us", " µs", "≤ 25 µs"),
            ("determinize() mid-game, 2-player Space Lanes", "spacelanes_determinize_us", " µs", "—")]
    for label, key, unit, target in rows:
        print(f"  {label:56s} {median[key]:9.2f}{unit}   target {target}")
    print(f"  (Moonrakers {median['moonrakers_greedy_games_per_s']:.0f} greedy games/s, "
          f"{median['moonrakers_decisions_per_s']:,.0f} decisions/s; "
          f"pyminion {median['pyminion_games_per_s']:.0f} games/s; "
          f"RLCard {median['rlcard_decisions_per_s']:,.0f} decisions/s; load {median['load']:.1f})")
    return 0


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
