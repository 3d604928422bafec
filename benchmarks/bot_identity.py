"""Differential check: the greedy bots choose exactly what a reference version of them chooses.

The reference is the bots' source at a git revision (``--ref``, default the commit before the bots were
made cheaper) or in a directory (``--orig-dir``), loaded under another module name next to the current
modules. Seeded games are played to the end; at *every* decision both versions are asked for the deciding
seat's move from the same state and must return the same action. A share of the moves actually applied
are random (``--noise``) so the games also reach states the bots would not steer into.

It also runs the current heuristic bots twice, once on top of the current greedy module and once on
top of the reference one, so a change to a shared greedy function shows up there too.

    .venv/bin/python benchmarks/bot_identity.py [--seeds 6] [--ref REV | --orig-dir DIR] [--no-heuristic]

Moonrakers: 1-5 players, with and without Binding Ties and First Encounter. Space Lanes: 2-5 players,
every combination of the exploration and pvp modes. Exit status 1 at the first difference.
"""

from __future__ import annotations

import argparse
import itertools
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

from spacetable.bots import moonrakers_greedy, spacelanes_greedy
from spacetable.bots.base import Bot, register_bot
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State

ROOT = Path(__file__).resolve().parents[1]
REF = "ec573e1"
"""The last commit with the greedy bots as they were before their speed-up."""
MODULES = {"moonrakers_greedy": "spacetable/bots/moonrakers_greedy.py",
           "spacelanes_greedy": "spacetable/bots/spacelanes_greedy.py"}
HEURISTIC = {"moonrakers_heuristic": "spacetable/bots/moonrakers_heuristic.py",
             "spacelanes_heuristic": "spacetable/bots/spacelanes_heuristic.py"}
PREFIX = "_reference_bots."


def _exec(name: str, source: str, filename: str) -> types.ModuleType:
    mod = types.ModuleType(name)
    mod.__file__ = filename
    sys.modules[name] = mod
    exec(compile(source, filename, "exec"), mod.__dict__)
    return mod


def load_reference(ref: str | None = REF, orig_dir: str | None = None) -> dict[str, types.ModuleType]:
    """The reference greedy modules (under ``_reference_bots.*``), and the current heuristic modules
    rebuilt on top of them (``_reference_bots.*_heuristic``). The registry keeps the current bots."""
    out: dict[str, types.ModuleType] = {}
    sys.modules.setdefault("_reference_bots", types.ModuleType("_reference_bots"))
    for short, path in MODULES.items():
        if orig_dir is not None:
            src = (Path(orig_dir) / Path(path).name).read_text()
        else:
            src = subprocess.run(["git", "show", f"{ref}:{path}"], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout
        out[short] = _exec(PREFIX + short, src, f"<reference {path}>")
    sys.modules.setdefault("_current_bots", types.ModuleType("_current_bots"))
    for short, path in HEURISTIC.items():
        src = (ROOT / path).read_text()  # read once: other people may be editing it
        out["current_" + short] = _exec("_current_bots." + short, src, f"<current {path}>")
        for g in MODULES:
            src = src.replace(f"spacetable.bots.{g}", PREFIX + g)
        out[short] = _exec(PREFIX + short, src, f"<current {path} on the reference greedy>")
    # executing the copies registered them: put the current bots back
    from spacetable.bots import moonrakers_heuristic, spacelanes_heuristic

    register_bot("moonrakers", "greedy", moonrakers_greedy.GreedyBot)
    register_bot("spacelanes", "greedy", spacelanes_greedy.GreedySpaceLanesBot)
    register_bot("moonrakers", "heuristic", moonrakers_heuristic.HeuristicBot)
    register_bot("spacelanes", "heuristic", spacelanes_heuristic.HeuristicSpaceLanesBot)
    return out


def configs() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for n in range(1, 6):
        for bt, fe in itertools.product((False, True), repeat=2):
            if bt and n < 3:
                continue  # Binding Ties is for 3-5 players
            out.append(("moonrakers", {"players": n, "expansions": ["binding-ties"] if bt else [],
                                       "modules": ["first-encounter"] if fe else []}))
    for n in range(2, 6):
        for ex, pvp in itertools.product((False, True), repeat=2):
            out.append(("spacelanes", {"players": n, "modes": [m for m, on in (("exploration", ex),
                                                                             ("pvp", pvp)) if on]}))
    return out


def pairs(game: str, ref: dict[str, types.ModuleType], heuristic: bool) -> list[tuple[str, Any, Any]]:
    """(label, current bot class, reference bot class) to compare."""
    if game == "moonrakers":
        out = [("greedy", moonrakers_greedy.GreedyBot, ref["moonrakers_greedy"].GreedyBot)]
        if heuristic:
            out.append(("heuristic", ref["current_moonrakers_heuristic"].HeuristicBot,
                        ref["moonrakers_heuristic"].HeuristicBot))
        return out
    out = [("greedy", spacelanes_greedy.GreedySpaceLanesBot, ref["spacelanes_greedy"].GreedySpaceLanesBot)]
    if heuristic:
        out.append(("heuristic", ref["current_spacelanes_heuristic"].HeuristicSpaceLanesBot,
                    ref["spacelanes_heuristic"].HeuristicSpaceLanesBot))
    return out


def check_game(game: str, config: dict[str, Any], seed: int, label: str, new_cls: Any, old_cls: Any,
               noise: float, max_decisions: int = 20_000) -> int:
    """Play one game driven by the current bot (a `noise` share of random moves); return the number of
    decisions compared. Raises AssertionError at the first difference."""
    state: State = get_game(game).new_game(config, seed)
    n = state.num_players
    new: list[Bot] = [new_cls() for _ in range(n)]
    old: list[Bot] = [old_cls() for _ in range(n)]
    drive = Rng(seed * 7919 + 17)
    checked = 0
    while not state.is_terminal() and checked < max_decisions:
        p = state.current_player()
        if p == CHANCE:
            state.sample_chance()
            continue
        a = new[p].choose(state, p, Rng(seed))
        b = old[p].choose(state, p, Rng(seed))
        if a != b or a.index != b.index:
            raise AssertionError(f"{label} {game} {config} seed {seed} decision {checked} seat {p} "
                                 f"({state.decision_name()}): current {a} reference {b}")
        checked += 1
        move = drive.choice(state.legal_actions()) if noise and drive.random() < noise else a
        state.apply_fast(move)
    return checked


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=6, help="games per configuration and noise level")
    ap.add_argument("--ref", default=REF)
    ap.add_argument("--orig-dir", default=None)
    ap.add_argument("--no-heuristic", action="store_true")
    ap.add_argument("--game", choices=("moonrakers", "spacelanes"), default=None)
    args = ap.parse_args()
    ref = load_reference(args.ref, args.orig_dir)
    total = games = 0
    t0 = time.process_time()
    for game, config in configs():
        if args.game and game != args.game:
            continue
        for label, new_cls, old_cls in pairs(game, ref, not args.no_heuristic):
            seeds = args.seeds if label == "greedy" else max(1, args.seeds // 3)
            k = 0
            for seed in range(seeds):
                for noise in (0.0, 0.15):
                    try:
                        k += check_game(game, config, 1000 + seed, label, new_cls, old_cls, noise)
                    except AssertionError as e:
                        print("DIFFERENT:", e)
                        return 1
                    games += 1
            total += k
            print(f"{label:<9} {game:<10} {config}: {k} decisions identical", flush=True)
    print(f"all identical: {total} decisions in {games} games ({time.process_time() - t0:.0f} s CPU)")
    return 0


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
