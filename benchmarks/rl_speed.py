"""RL adapter speed: decisions per second through each interface against the raw engine.

For each game (2 players; Space Lanes with the adapters' turn limit of 30) it plays uniformly random
legal actions for a fixed CPU time and counts decisions per CPU second of the process (so a loaded
machine skews the figures less; chance steps are not counted):

- ``engine``: `legal_actions` + `apply_fast`, chance by `sample_chance` (no observation);
- ``engine+tensor``: the same plus the acting seat's observation tensor (the encoders' cost);
- ``pettingzoo``: `last()` (observation dict and mask) + `step()` of the AEC environment;
- ``gymnasium``: `step()` of the single-agent environment for seat 0, random bots in the other seat
  (counting every decision, the bots' included);
- ``openspiel``: `legal_actions` + `apply_action` on ``python_spacetable_<game>`` (chance from
  `chance_outcomes`), and ``openspiel+tensor`` adding `observation_tensor` of the seat to act.

    .venv/bin/python benchmarks/rl_speed.py [--seconds 2] [--game highcard ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

import numpy as np

from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.rl import gymnasium_env, pettingzoo_env, register_openspiel
from spacetable.rl.observations import encoder_for
from spacetable.rl.table import adapter_config

GAMES = ("highcard", "moonrakers", "spacelanes")


def timed(seconds: float, run_game: Callable[[int], int]) -> float:
    """Decisions per CPU second (this process) over whole games started until `seconds` of CPU."""
    decisions = 0
    seed = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        decisions += run_game(seed)
        seed += 1
    return decisions / (time.process_time() - t0)


def engine(game: str, tensor: bool, cap: int) -> Callable[[int], int]:
    spec, config, max_steps = adapter_config(game, {})
    enc = encoder_for(game, config)
    limit = min(cap, max_steps)

    def run(seed: int) -> int:
        s = spec.new_game(dict(config), seed)
        rng = Rng(seed)
        n = 0
        while not s.is_terminal() and n < limit:
            p = s.current_player()
            if p == CHANCE:
                s.sample_chance()
                continue
            if tensor:
                enc.encode(s.view(p).to_json())
            s.apply_fast(rng.choice(s.legal_actions()))
            n += 1
        return n
    return run


def pettingzoo(game: str, cap: int) -> Callable[[int], int]:
    env = pettingzoo_env(game, max_steps=min(cap, adapter_config(game, {})[2]))
    rng = np.random.default_rng(0)

    def run(seed: int) -> int:
        env.reset(seed=seed)
        n = 0
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            n += 1
        return n
    return run


def gymnasium(game: str, cap: int) -> Callable[[int], int]:
    env = gymnasium_env(game, max_steps=min(cap, adapter_config(game, {})[2]))
    rng = np.random.default_rng(0)

    def run(seed: int) -> int:
        _, info = env.reset(seed=seed)
        while True:
            _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            if term or trunc:
                return int(env.unwrapped.table.steps)
    return run


def openspiel(game: str, tensor: bool, cap: int) -> Callable[[int], int]:
    import pyspiel

    register_openspiel()
    g = pyspiel.load_game(f"python_spacetable_{game}", {"max_steps": min(cap, adapter_config(game, {})[2])})
    rng = np.random.default_rng(0)

    def run(seed: int) -> int:
        state = g.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            if tensor:
                state.observation_tensor(state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
            n += 1
        return n
    return run


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="RL adapter speed against the raw engine")
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    ap.add_argument("--game", action="append", choices=GAMES, help="games to measure (default: all)")
    ap.add_argument("--cap", type=int, default=400,
                    help="decisions per episode at most (uniform Moonrakers never ends by itself)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    results: dict[str, dict[str, float]] = {}
    for game in args.game or GAMES:
        cap = args.cap
        runs = {
            "engine": engine(game, False, cap),
            "engine+tensor": engine(game, True, cap),
            "pettingzoo": pettingzoo(game, cap),
            "gymnasium": gymnasium(game, cap),
            "openspiel": openspiel(game, False, cap),
            "openspiel+tensor": openspiel(game, True, cap),
        }
        results[game] = {name: round(timed(args.seconds, run)) for name, run in runs.items()}
        if not args.json:
            base = results[game]["engine"]
            print(f"{game} (2 players, episodes of at most {cap} decisions), decisions per CPU second:")
            for name, rate in results[game].items():
                print(f"  {name:<17} {rate:>9,.0f}  ({rate / base:6.1%} of the engine)")
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
