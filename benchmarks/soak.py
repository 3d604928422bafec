"""Soak test (not a CI test): many random games of every configuration, invariants after every step.

    python benchmarks/soak.py [--games-per-config 10000] [--seconds-per-config 60] [--workers 2] [--game G]

Every valid configuration of every game (players × modules × expansions × modes) plays games by
the `random` bot (rules of thumb, so games finish) with chance drawn from the state's generator,
until it has played `--games-per-config` games or used `--seconds-per-config`. After every step:
the decider is a seat, CHANCE or TERMINAL, agreeing with `is_terminal`, and a live state offers
legal actions. Every `--deep` steps: every legal action's text round-trips through `Action.parse`
and one is accepted by the checked `apply` of a copy; garbage texts given to `apply` raise a
`SpacetableError` and change nothing (every view compared); `determinize(p).view(p) == view(p)`
for the decider. At the end of every 10th game: its save loads (digest verified) to the same
views, and `undo_check` answers for every seat. Reports games, steps, configurations and
failures per game (goal: ≥ 100,000 games in all, zero failures).
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable.bots.base import make_bot
from spacetable.engine import record
from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError, SpacetableError
from spacetable.engine.game import available_games, get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, TERMINAL, State
from spacetable.engine.undo import undo_check

MAX_STEPS = 20_000
GARBAGE = ["play ²", "play --1", "9" * 40, "", "<script>", "take " + "x" * 1200]


def configurations() -> list[dict[str, Any]]:
    """Every configuration the games accept: all player counts and subsets of each option list."""
    out: list[dict[str, Any]] = []
    for name in available_games():
        spec = get_game(name)
        keys = [k for k in spec.params if k in spec.options]
        subsets = [[list(c) for r in range(len(spec.options[k]) + 1)
                    for c in itertools.combinations(spec.options[k], r)] for k in keys]
        for players in range(spec.min_players, spec.max_players + 1):
            for combo in itertools.product(*subsets):
                config = {"players": players, **dict(zip(keys, combo, strict=True))}
                try:
                    spec.new_game(dict(config), 0)
                except ConfigError:
                    continue
                out.append({"game": name, "config": config})
    return out


def _views(s: State) -> str:
    return json.dumps([s.view(p).to_json() for p in [*range(s.num_players), None]], sort_keys=True)


def _check_step(s: State, step: int, deep: int, rng: Rng) -> None:
    p = s.current_player()
    assert p in (CHANCE, TERMINAL) or 0 <= p < s.num_players, f"bad decider {p}"
    assert (p == TERMINAL) == s.is_terminal(), "terminal flag disagrees with the decider"
    if p == TERMINAL:
        return
    legal = s.legal_actions()
    assert legal, f"no legal actions at {s.decision_name()}"
    if p == CHANCE or step % deep:
        return
    for a in legal:
        assert Action.parse(str(a)) == a, f"{a} does not round-trip"
    probe = s.copy()
    probe.apply(str(rng.choice(legal)))
    before = _views(s)
    for text in GARBAGE:
        try:
            s.apply(text)
        except SpacetableError:
            pass
        else:  # a garbage text matched a legal action: impossible for these texts
            raise AssertionError(f"garbage {text!r} was applied")
    assert _views(s) == before, "a refused input changed the state"
    mine = s.view(p).to_json()
    assert s.determinize(p, rng.spawn()).view(p).to_json() == mine, "determinize disagrees with view"


def play_batch(job: tuple[dict[str, Any], int, int, float, int]) -> dict[str, Any]:
    """Play one configuration until its game count or time budget; counts and the first failures."""
    case, first_seed, max_games, seconds, deep = job
    spec = get_game(case["game"])
    bot = make_bot(case["game"], "random")
    games = steps = unfinished = 0
    failures: list[str] = []
    stop = time.perf_counter() + seconds
    for seed in range(first_seed, first_seed + max_games):
        if time.perf_counter() > stop:
            break
        try:
            s = spec.new_game(dict(case["config"]), seed)
            rng = Rng(seed ^ 0x50A4)
            n = 0
            while not s.is_terminal() and n < MAX_STEPS:
                if s.current_player() == CHANCE:
                    s.sample_chance()
                else:
                    s.apply_fast(bot.choose(s, s.current_player(), rng))
                n += 1
                _check_step(s, n, deep, rng)
            steps += n
            unfinished += not s.is_terminal()
            if seed % 10 == 0:
                loaded = record.open_document(json.loads(record.dumps(s)))
                assert loaded.verified and _views(loaded.state) == _views(s), "save does not reload"
                for seat in range(s.num_players):
                    undo_check(s, seat)
        except Exception as e:  # noqa: BLE001  (a failure is a finding, reported with its seed)
            failures.append(f"{case['game']} {case['config']} seed {seed}: {type(e).__name__}: {e} "
                            + traceback.format_exc(limit=-2).strip().splitlines()[-1][:200])
        games += 1
    return {"game": case["game"], "games": games, "steps": steps, "unfinished": unfinished,
            "failures": failures[:5], "failed": len(failures)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games-per-config", type=int, default=10_000)
    ap.add_argument("--seconds-per-config", type=float, default=60.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--deep", type=int, default=50, help="deep checks every N steps")
    ap.add_argument("--game", action="append", help="only this game (repeatable; default: all)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    cases = [c for c in configurations() if not args.game or c["game"] in args.game]
    jobs = [(case, args.seed, args.games_per_config, args.seconds_per_config, args.deep) for case in cases]
    start = time.perf_counter()
    by_game: dict[str, dict[str, int]] = {}
    failures: list[str] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for result in pool.map(play_batch, jobs):
            row = by_game.setdefault(result["game"], {"configurations": 0, "games": 0, "steps": 0,
                                                      "unfinished": 0, "failed": 0})
            row["configurations"] += 1
            for k in ("games", "steps", "unfinished", "failed"):
                row[k] += result[k]
            failures += result["failures"]
    total = {k: sum(r[k] for r in by_game.values()) for k in ("configurations", "games", "steps",
                                                            "unfinished", "failed")}
    report = {**total, "by_game": by_game, "seconds": round(time.perf_counter() - start, 1),
              "failures": failures[:20]}
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for name, r in [*by_game.items(), ("total", total)]:
            print(f"{name:>10}: {r['games']:>7} games, {r['steps']:>9} steps, {r['configurations']:>2} "
                  f"configurations, {r['failed']} failures, {r['unfinished']} unfinished")
        print(f"{report['seconds']} s")
        for f in failures[:20]:
            print("  " + f)
    return 1 if total["failed"] else 0


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
