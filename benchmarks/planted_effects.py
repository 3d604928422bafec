"""Planted card effects: does the adjusted card effect find a card made strong and one made weak, where
the raw "owned at the end" win rate is fooled by a neutral card the stronger bot buys?

    .venv/bin/python benchmarks/planted_effects.py [--games 2000] [--players 4] [--bots heuristic,greedy]
                                                   [--seed 1] [--out planted.parquet] [--json]

The overrides (`PLANTED`): one Moonrakers crew card made obviously strong (+2 Prestige each time it is
played, on top of its effects), one made obviously weak (its effects replaced by an extra hazard die
aimed at its owner, twice), and one left alone that the heuristic bot buys far more often than greedy (the
neutral card). Games: heuristic and greedy cycled over the seats (the heuristic is the stronger bot).
It prints, among the crew cards and ship parts with an estimate, the rank of the strong and the weak
card by adjusted effect and their intervals, the neutral card's adjusted effect, and the raw win rate
of the seats owning each at the end; `--json` prints one object. Exit status 0 when the strong card
ranks first and the weak one last with intervals that exclude 0, else 1.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from spacetable import buildinfo
from spacetable.sim.overrides import parse_overrides
from spacetable.sim.report_figures import group
from spacetable.sim.results import read_results
from spacetable.sim.setup import parse_bots
from spacetable.sim.simulate import simulate

STRONG, WEAK, NEUTRAL = "nella-van-daval", "ada-massa", "bill-bendo"
PLANTED: dict[str, Any] = {"crew": [
    {"slug": STRONG, "text": "Draw 3 cards; Thruster requirement −1; gain 2 Prestige.",
     "effects": [{"op": "draw", "n": 3}, {"op": "reduce", "type": "thruster", "n": 1},
                 {"op": "gain_prestige", "n": 2}]},
    {"slug": WEAK, "text": "Two extra hazard dice aimed at you.",
     "effects": [{"op": "extra_die"}, {"op": "extra_die"}]},
]}


def owned_rate(config: Any, slug: str) -> tuple[float | None, int]:
    rows = [r for r in config.finished_rows() if slug in (r["crew_owned"] or ())]
    return (sum(float(r["result"] or 0) for r in rows) / len(rows) if rows else None), len(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="heuristic,greedy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--out", type=Path, default=None, help="keep the results (default: a temporary file)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    bots = parse_bots("moonrakers", args.bots, args.players)
    with tempfile.TemporaryDirectory() as tmp:
        cards = Path(tmp) / "planted.json"
        cards.write_text(json.dumps(PLANTED))
        parse_overrides("moonrakers", PLANTED, str(cards))
        out = args.out or Path(tmp) / "planted.parquet"
        started = time.perf_counter()
        rep = simulate("moonrakers", args.games, args.players, bots, args.seed, backend="processes",
                       workers=args.workers, out=out, cards=cards)
        seconds = time.perf_counter() - started
        config = group(read_results(out))[0]
    effects = [e for e in config.card_effects() if e.kind in ("crew", "ship_parts") and e.effect is not None]
    order = [e.card for e in effects]
    row = {e.card: e for e in config.card_effects()}

    def describe(slug: str) -> dict[str, Any]:
        e = row[slug]
        raw, n = owned_rate(config, slug)
        return {"effect": e.effect, "low": e.low, "high": e.high, "buy_rate": e.buy_rate,
                "rank": order.index(slug) + 1 if slug in order else None,
                "owned_at_end_win_rate": raw, "owned_at_end_seats": n,
                "buy_rate_by_bot": {b.bot: b.buy_rate for b in e.by_bot}}

    body = {"games": rep.games, "finished": rep.completed, "players": args.players, "bots": bots,
            "estimated_cards": len(order), "build": buildinfo.build(), "seconds": round(seconds, 1),
            "strong": describe(STRONG), "weak": describe(WEAK), "neutral": describe(NEUTRAL),
            "top": order[:3], "bottom": order[-3:]}
    s, w = body["strong"], body["weak"]
    body["ok"] = bool(s["rank"] == 1 and w["rank"] == len(order) and s["low"] is not None and s["low"] > 0
                      and w["high"] is not None and w["high"] < 0)
    if args.json:
        print(json.dumps(body, indent=1))
    else:
        slugs = {"strong": STRONG, "weak": WEAK, "neutral": NEUTRAL}
        for name, slug in slugs.items():
            d = body[name]
            if d["effect"] is None:
                print(f"{name:8} {slug:16} too few games")
                continue
            print(f"{name:8} {slug:16} rank {d['rank']}/{len(order)}  adjusted {d['effect']:+.3f} "
                  f"[{d['low']:+.3f}, {d['high']:+.3f}]  owned at the end: win rate "
                  f"{d['owned_at_end_win_rate']:.3f} ({d['owned_at_end_seats']} seats)")
        print(f"{body['finished']} finished games in {seconds:.0f} s ({body['build']} build): "
              f"{'strong first and weak last, intervals excluding 0' if body['ok'] else 'NOT separated'}")
    raise SystemExit(0 if body["ok"] else 1)


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
