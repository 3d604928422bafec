"""A bot's strength against a control in the same seats of the same games (docs/bots.md, Strength).

A row of the strength table (`spacetable simulate GAME --bots A,B,… --seed S`) is noisy: at 100 games
its 95% interval is ±10 points, and much of that noise is the deal (some seeds favour the seats bot A
takes). The control removes it: the same games (`--seed S`, same count) with the baseline bot in every
seat (`--bots B`). For each game the control's result in the seat A sat in is what B would have won
there, so A's gain is counted only on the games A and the control decide differently:

    .venv/bin/python benchmarks/paired_control.py RESULTS.parquet CONTROL.parquet [--bot A] [--json]

It prints the games both files hold (matched by seed), A's wins, the control's wins in A's seats, the
games won only by A and only by the control, and the paired estimate of A's win rate: the control's
mean win rate over every seat (its fair share, shared wins included) plus A's mean gain per game, with
the standard error of that gain (the spread of the per-game differences; the fair share's own error,
from every seat of every control game, is left out). `--bot` names A when the results hold several
bots other than the control's (default: the one bot that is not in the control). Either path may be a
results file or one a run left unfinished (its `.parts` folder is read, as `spacetable report` does).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from spacetable.sim.results import read_results


def seat_results(path: str) -> tuple[list[dict[str, Any]], set[str]]:
    """Every seat-game row of a results file (finished games only) and the bot names in it."""
    rows = [r for r in read_results(path).to_pylist() if r["status"] == "finished"]
    return rows, {str(r["bot"]) for r in rows}


def paired(results: str, control: str, bot: str | None = None) -> dict[str, Any]:
    """The comparison the module docstring describes, as a dict (the `--json` output)."""
    rows, bots = seat_results(results)
    crow, cbots = seat_results(control)
    if bot is None:
        others = sorted(bots - cbots)
        if len(others) != 1:
            raise SystemExit(f"name the bot to compare with --bot (the results hold {sorted(bots)}, "
                             f"the control {sorted(cbots)})")
        bot = others[0]
    a_seat = {r["seed"]: r["seat"] for r in rows if r["bot"] == bot}
    if not a_seat:
        raise SystemExit(f"no game in {results} has a seat played by {bot}")
    won = {(r["seed"], r["seat"]): bool(r["winner"]) for r in rows}
    cwon = {(r["seed"], r["seat"]): bool(r["winner"]) for r in crow}
    seeds = sorted(s for s, seat in a_seat.items() if (s, seat) in cwon)
    if not seeds:
        raise SystemExit("the two files hold no game in common (match --seed and --players)")
    a = [won[(s, a_seat[s])] for s in seeds]
    c = [cwon[(s, a_seat[s])] for s in seeds]
    n = len(seeds)
    diffs = [int(x) - int(y) for x, y in zip(a, c, strict=True)]
    gain = sum(diffs) / n
    spread = math.sqrt(sum((d - gain) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    in_common = set(seeds)
    control_rows = [r for r in crow if r["seed"] in in_common]
    share = sum(bool(r["winner"]) for r in control_rows) / len(control_rows)
    estimate = share + gain
    se = spread / math.sqrt(n)
    return {
        "bot": bot, "control": sorted(cbots), "games": n,
        "first_seed": int(seeds[0]), "last_seed": int(seeds[-1]),  # seeds read back as Decimal
        "bot_wins": sum(a), "control_wins": sum(c),
        "only_bot": sum(x and not y for x, y in zip(a, c, strict=True)),
        "only_control": sum(y and not x for x, y in zip(a, c, strict=True)),
        "fair_share": round(share, 4), "gain": round(gain, 4), "gain_se": round(se, 4),
        "paired_estimate": round(estimate, 4),
        "paired_ci": [round(estimate - 1.96 * se, 4), round(estimate + 1.96 * se, 4)],
    }


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("results")
    parser.add_argument("control")
    parser.add_argument("--bot")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    r = paired(args.results, args.control, args.bot)
    if args.json:
        print(json.dumps(r, indent=1))
        return
    print(f"{r['bot']} against the control ({', '.join(r['control'])} in its seats), {r['games']} games "
          f"(seeds {r['first_seed']}–{r['last_seed']}): {r['bot_wins']} wins, "
          f"the control {r['control_wins']}; won only by {r['bot']} {r['only_bot']}, "
          f"only by the control {r['only_control']}")
    low, high = r["paired_ci"]
    print(f"paired estimate {100 * r['paired_estimate']:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%] "
          f"= fair share {100 * r['fair_share']:.1f}% + gain {100 * r['gain']:.1f} ± "
          f"{100 * r['gain_se']:.1f} points a game")


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(lambda: main(sys.argv[1:]))
