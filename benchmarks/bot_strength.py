"""Bot strength by simulation: the table of docs/bots.md ("Strength"), re-runnable.

Each row is `spacetable simulate GAME --players N --bots A,B,… --games G --seed S` (seats rotate
between games, so no bot keeps the first seat; a shared win counts for each winner), split into chunks
of whole seat rotations that run in parallel, then summed: games played, the first bot's wins, its win
rate per seat-game with the 95% Wilson interval (`wins_ci_by_bot`), and the same for the other bot.
The solo row plays Moonrakers' Mercenary variant (8.9) and reports the win rate and mean score.

    .venv/bin/python benchmarks/bot_strength.py [--rows SUBSTR,...] [--scale F] [--jobs N]
        [--json out.json]

`--rows` keeps the rows whose label contains one of the substrings (e.g. `moonrakers 2p`, `mcts`);
`--scale` multiplies every game count (0.25 for a quick look); `--games N` plays N games in every row
kept. The machine load (`os.getloadavg`) is
printed with each row: `mcts:200ms` rows are time-budgeted and play weaker on a loaded machine, so
read them with the load; the `mcts:200it` rows are iteration-budgeted and do not depend on it.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from spacetable.sim.simulate import simulate, wilson_interval


@dataclass(frozen=True)
class Row:
    game: str
    bots: tuple[str, ...]
    games: int
    seed: int
    target: str = ""

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def label(self) -> str:
        first, rest = self.bots[0], self.bots[1:]
        other = f"{len(rest)} {rest[0]}" if len(rest) > 1 else rest[0]
        return f"{self.game} {self.players}p {first} vs {other}"


def rows() -> list[Row]:
    out: list[Row] = []
    for game in ("moonrakers", "spacelanes"):
        heavy = game == "spacelanes"  # a Space Lanes game has ~900 decisions: fewer search games
        seed4 = 8000 if heavy else 4000  # the 4-player mcts rows' seeds in benchmarks/results/
        out += [
            Row(game, ("heuristic", "random"), 100, 1, "≥ 90%"),
            Row(game, ("heuristic", "greedy"), 200, 1, "≥ 60%"),
            Row(game, ("mcts:200it", "heuristic"), 12 if heavy else 40, 2000, "≥ 60%"),
            Row(game, ("mcts:200ms", "heuristic"), 8 if heavy else 30, 3000, "≥ 60%"),
            Row(game, ("heuristic", "random", "random", "random"), 40, 1, "—"),
            Row(game, ("heuristic", "greedy", "greedy", "greedy"), 100 if heavy else 200, 1001, "≥ 35%"),
            Row(game, ("mcts:200it", "heuristic", "heuristic", "heuristic"), 4 if heavy else 12, seed4, "—"),
            Row(game, ("mcts:200ms", "heuristic", "heuristic", "heuristic"), 4 if heavy else 8, seed4, "—"),
        ]
    out += [Row("highcard", ("heuristic", "random"), 200, 1, "≥ 90%"),
            Row("highcard", ("heuristic", "greedy"), 200, 1, "≥ 60%"),
            Row("highcard", ("mcts:200it", "heuristic"), 100, 2000, "≥ 60%"),
            Row("highcard", ("mcts:200ms", "heuristic"), 20, 3000, "≥ 60%"),
            Row("highcard", ("mcts:200it", "random"), 200, 1000, "—"),
            Row("highcard", ("heuristic", "random", "random", "random"), 100, 1, "—"),
            Row("highcard", ("heuristic", "greedy", "greedy", "greedy"), 100, 1001, "≥ 35%"),
            Row("highcard", ("mcts:200it", "heuristic", "heuristic", "heuristic"), 40, 4000, "—"),
            Row("highcard", ("mcts:200ms", "heuristic", "heuristic", "heuristic"), 40, 4000, "—")]
    return out


def _chunk(job: tuple[str, tuple[str, ...], int, int]) -> dict[str, Any]:
    game, bots, games, seed = job
    r = simulate(game, games, len(bots), list(bots), seed=seed)
    return {"completed": r.completed, "errors": r.errors, "unfinished": r.unfinished,
            "wins": r.wins_by_bot, "turns": (r.mean_turns or 0.0) * r.completed}


def run_row(row: Row, pool: ProcessPoolExecutor, jobs: int) -> dict[str, Any]:
    """Play the row in chunks of whole seat rotations (so the seating is as in one simulate run)."""
    n = row.players
    per = max(n, (row.games // max(1, jobs) + n - 1) // n * n)
    chunks = []
    start = 0
    while start < row.games:
        k = min(per, row.games - start)
        chunks.append((row.game, row.bots, k, row.seed + start))
        start += k
    load = os.getloadavg()[0]
    t = time.perf_counter()
    results = list(pool.map(_chunk, chunks))
    seconds = time.perf_counter() - t
    completed = sum(r["completed"] for r in results)
    wins: dict[str, int] = {}
    for r in results:
        for name, w in r["wins"].items():
            wins[name] = wins.get(name, 0) + w
    seats = {name: row.bots.count(name) for name in wins}
    rate = {name: wins[name] / (completed * seats[name]) if completed else 0.0 for name in wins}
    ci = {name: wilson_interval(wins[name], completed * seats[name]) for name in wins}
    return {"label": row.label, "game": row.game, "players": n, "bots": list(row.bots), "games": row.games,
            "seed": row.seed, "completed": completed, "errors": sum(r["errors"] for r in results),
            "unfinished": sum(r["unfinished"] for r in results), "wins_by_bot": wins,
            "rate_by_bot": rate, "wins_ci_by_bot": ci, "target": row.target,
            "mean_turns": sum(r["turns"] for r in results) / completed if completed else None,
            "seconds": round(seconds, 1), "load_start": round(load, 2),
            "load_end": round(os.getloadavg()[0], 2)}


def _solo(seeds: range) -> dict[str, Any]:
    from spacetable.bots.base import make_bot
    from spacetable.engine.rng import Rng
    from spacetable.games.moonrakers import new_game
    from spacetable.sim.runner import play_out

    won = 0
    scores: list[float] = []
    for seed in seeds:
        s = new_game({"players": 1, "modules": [], "expansions": []}, seed)
        result = play_out(s, [make_bot("moonrakers", "heuristic")], Rng(seed ^ 0x5EED_B075))
        won += bool(result.winners)
        scores.append(float(s.game_stats().get("solo_score") or 0))
    return {"won": won, "games": len(seeds), "score_sum": sum(scores)}


def run_solo(games: int, pool: ProcessPoolExecutor, jobs: int) -> dict[str, Any]:
    step = max(1, games // max(1, jobs))
    parts = list(pool.map(_solo, [range(a, min(games + 1, a + step)) for a in range(1, games + 1, step)]))
    won = sum(p["won"] for p in parts)
    n = sum(p["games"] for p in parts)
    return {"label": "moonrakers solo (Mercenary) heuristic", "games": n, "wins": won,
            "rate": won / n if n else 0.0, "ci": wilson_interval(won, n),
            "mean_score": sum(p["score_sum"] for p in parts) / n if n else 0.0}


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown(results: list[dict[str, Any]]) -> str:
    lines = ["| game | players | A | B | games | A wins | A win rate [95% CI] "
             "| B win rate, per seat [95% CI] | target | seed | load |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        if "bots" not in r:
            continue
        a, b = r["bots"][0], r["bots"][1]
        ca, cb = r["wins_ci_by_bot"][a], r["wins_ci_by_bot"][b]
        others = f"{r['players'] - 1} × {b}" if r["players"] > 2 else b
        lines.append(f"| {r['game']} | {r['players']} | {a} | {others} | {r['completed']} "
                     f"| {r['wins_by_bot'][a]} | {pct(r['rate_by_bot'][a])} [{pct(ca[0])}, {pct(ca[1])}] "
                     f"| {pct(r['rate_by_bot'][b])} [{pct(cb[0])}, {pct(cb[1])}] | {r['target']} "
                     f"| {r['seed']} | {r['load_start']:.1f}–{r['load_end']:.1f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", default="", help="comma-separated substrings of the row labels to run")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count")
    parser.add_argument("--games", type=int, default=0, help="play this many games in every row kept")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--solo", type=int, default=200, help="solo Mercenary games (0: none)")
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args()
    keep = [k.strip() for k in args.rows.split(",") if k.strip()]
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for row in rows():
            if keep and not any(k in row.label for k in keep):
                continue
            n = row.players
            games = max(n, round((args.games or row.games * args.scale) / n) * n)
            r = run_row(Row(row.game, row.bots, games, row.seed, row.target), pool, args.jobs)
            results.append(r)
            a = row.bots[0]
            print(f"{r['label']}: {r['wins_by_bot'][a]}/{r['completed']} {pct(r['rate_by_bot'][a])} "
                  f"{r['wins_ci_by_bot'][a]} ({r['seconds']} s, load {r['load_start']}–{r['load_end']})",
                  flush=True)
            if args.json:
                with open(args.json, "w", encoding="utf-8") as f:
                    json.dump(results, f, indent=1)
        if args.solo and (not keep or any(k in "moonrakers solo" for k in keep)):
            solo = run_solo(round(args.solo * args.scale), pool, args.jobs)
            results.append(solo)
            print(f"{solo['label']}: {solo['wins']}/{solo['games']} {pct(solo['rate'])} {solo['ci']}, "
                  f"mean score {solo['mean_score']:.1f}", flush=True)
    print(markdown(results))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
