"""A fixed set of bot games whose saves must not change: the pure and the compiled build, and a bot made
cheaper, must play them byte for byte as recorded (issue "Speed": identical games).

`python -m tests.engine.golden_games --write` records the digests again; do it only when a rule, a card
or a bot's choices change on purpose, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from spacetable.bots.base import make_bot
from spacetable.engine import record
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.sim.runner import play_out

DIGESTS = Path(__file__).with_name("golden_games.json")

# (name, game, config, seed, bots by seat)
GAMES: list[tuple[str, str, dict[str, Any], int, list[str]]] = [
    ("moonrakers-2p-greedy", "moonrakers", {"players": 2, "modules": [], "expansions": []}, 11,
     ["greedy", "greedy"]),
    ("moonrakers-4p-mixed", "moonrakers", {"players": 4, "modules": [], "expansions": []}, 12,
     ["greedy", "random", "greedy", "random"]),
    ("moonrakers-solo-greedy", "moonrakers", {"players": 1, "modules": [], "expansions": []}, 13,
     ["greedy"]),
    ("binding-ties-3p-greedy", "moonrakers", {"players": 3, "modules": [], "expansions": ["binding-ties"]},
     14, ["greedy", "greedy", "random"]),
    ("binding-ties-5p-greedy", "moonrakers", {"players": 5, "modules": [], "expansions": ["binding-ties"]},
     15, ["greedy"] * 5),
    ("spacelanes-2p-greedy", "spacelanes", {"players": 2, "modes": []}, 21, ["greedy", "greedy"]),
    ("spacelanes-3p-pvp", "spacelanes", {"players": 3, "modes": ["pvp"]}, 22, ["greedy", "random", "greedy"]),
    ("spacelanes-4p-exploration-pvp", "spacelanes", {"players": 4, "modes": ["exploration", "pvp"]}, 23,
     ["greedy", "greedy", "random", "greedy"]),
    ("highcard-2p", "highcard", {"players": 2}, 31, ["greedy", "random"]),
]


def play(game: str, config: dict[str, Any], seed: int, bots: list[str]) -> State:
    state = get_game(game).new_game(config, seed)
    result = play_out(state, [make_bot(game, b) for b in bots], Rng(seed * 7 + 1), max_decisions=20_000)
    assert result.finished, "a golden game must end"
    return state


def digest(state: State) -> str:
    return hashlib.sha256(record.dumps(state).encode()).hexdigest()


def current() -> dict[str, str]:
    return {name: digest(play(g, c, s, b)) for name, g, c, s, b in GAMES}


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.engine.golden_games --write")
    DIGESTS.write_text(json.dumps(current(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {DIGESTS}")
