"""Golden games: a fixed set of bot games written out decision by decision, so that a change which
alters play shows in a diff as the first move that differs.

Each game (game, config, seed, bots by seat) is played by the session driver as `spacetable simulate`
plays it (`play_out`), then its action log is replayed from the start to write one line per decision
into `playthroughs/<name>.txt`: the decision's number in the action log, who decided (a seat and its
bot, or chance), the decision's name, the action's canonical text, and a few public facts of the game
after the action (turn, scores, credits, places), read from the spectator's view. Both builds and every
speed-up must play these games move for move as written (tests/engine/test_golden_games.py).

    python -m tests.engine.golden_games --write

writes every file again (and removes files of games no longer listed). Do it only when a rule, a card,
a bot or the random generator changes play on purpose, and say which and why in the commit.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacetable.bots.base import make_bot
from spacetable.engine.game import get_game
from spacetable.engine.state import CHANCE, State
from spacetable.sim.runner import play_out

PLAYTHROUGHS = Path(__file__).with_name("playthroughs")
REGENERATE = "python -m tests.engine.golden_games --write"
MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class Golden:
    """One golden game: bots in `bots[seat]` play (game, config, seed) to the end."""

    label: str
    game: str
    config: dict[str, Any]
    seed: int
    bots: tuple[str, ...]

    @property
    def name(self) -> str:
        return f"{self.label}-seed{self.seed}"

    @property
    def path(self) -> Path:
        return PLAYTHROUGHS / f"{self.name}.txt"


# (label, game, config, seeds, bots by seat): each configuration is played once per seed
CONFIGURATIONS: list[tuple[str, str, dict[str, Any], tuple[int, ...], tuple[str, ...]]] = [
    ("moonrakers-2p-greedy", "moonrakers", {"players": 2, "modules": [], "expansions": []}, (11, 111),
     ("greedy", "greedy")),
    ("moonrakers-4p-mixed", "moonrakers", {"players": 4, "modules": [], "expansions": []}, (12, 112),
     ("greedy", "random", "greedy", "random")),
    ("moonrakers-solo-greedy", "moonrakers", {"players": 1, "modules": [], "expansions": []}, (13, 113),
     ("greedy",)),
    ("binding-ties-3p-greedy", "moonrakers", {"players": 3, "modules": [], "expansions": ["binding-ties"]},
     (14, 114), ("greedy", "greedy", "random")),
    ("binding-ties-5p-greedy", "moonrakers", {"players": 5, "modules": [], "expansions": ["binding-ties"]},
     (15, 115), ("greedy",) * 5),
    ("spacelanes-2p-greedy", "spacelanes", {"players": 2, "modes": []}, (21, 121), ("greedy", "greedy")),
    ("spacelanes-3p-pvp", "spacelanes", {"players": 3, "modes": ["pvp"]}, (22, 122),
     ("greedy", "random", "greedy")),
    ("spacelanes-4p-exploration-pvp", "spacelanes", {"players": 4, "modes": ["exploration", "pvp"]},
     (23, 123), ("greedy", "greedy", "random", "greedy")),
    ("highcard-2p", "highcard", {"players": 2}, (31, 131, 231), ("greedy", "random")),
]

GAMES: list[Golden] = [Golden(label, game, config, seed, bots)
                       for label, game, config, seeds, bots in CONFIGURATIONS for seed in seeds]


def play(g: Golden) -> State:
    """Play `g` to the end with the simulator's loop."""
    state = get_game(g.game).new_game(dict(g.config), g.seed)
    result = play_out(state, [make_bot(g.game, b) for b in g.bots], max_decisions=MAX_DECISIONS)
    assert result.finished, f"{g.name}: a golden game must end within {MAX_DECISIONS} decisions"
    return state


# ----- public facts after each decision, from the spectator's view ---------------------------------
def _row(values: Iterator[Any]) -> str:
    return " ".join(str(v) for v in values)


def _moonrakers_facts(v: dict[str, Any]) -> str:
    players = v["players"]
    facts = (f"turn {v['turn']} {v['phase']} | prestige {_row(p['prestige'] for p in players)}"
             f" | credits {_row(p['credits'] for p in players)}")
    if "reputation" in players[0]:  # Binding Ties: each seat's Faction Reputation, summed
        facts += f" | reputation {_row(sum(p['reputation'].values()) for p in players)}"
    return facts


def _spacelanes_place(ship: dict[str, Any]) -> str:
    """`7`: at slot 7; `L13.2`: on lane 13, two marks along; `-`: not placed yet."""
    if ship["lane"] >= 0:
        return f"L{ship['lane']}.{ship['mark']}"
    return str(ship["node"]) if ship["node"] >= 0 else "-"


def _spacelanes_facts(v: dict[str, Any]) -> str:
    ships = v["ships"]
    return (f"turn {v['turn']} p{v['active'] + 1} | credits {_row(s['credits'] for s in ships)}"
            f" | cargo {_row(sum(s['cargo'].values()) for s in ships)}"
            f" | at {_row(_spacelanes_place(s) for s in ships)}")


def _highcard_facts(v: dict[str, Any]) -> str:
    table = _row(c or "-" for c in v["table"])
    scores = _row(v["scores"])
    return f"round {v['round']} {v['phase']} | prize {v['prize']} | table {table} | scores {scores}"


FACTS: dict[str, tuple[str, Callable[[dict[str, Any]], str]]] = {
    "moonrakers": ("turn and phase, prestige, credits, Binding Ties reputation (summed) by seat",
                   _moonrakers_facts),
    "spacelanes": ("turn and active seat, credits, cargo count and place by seat "
                   "(slot, or L<lane>.<mark> in flight)", _spacelanes_facts),
    "highcard": ("round and phase, prize, cards on the table, scores", _highcard_facts),
}
"""What each line shows after its action: public facts only (the spectator's view)."""


# ----- the playthrough text ------------------------------------------------------------------------
def playthrough(g: Golden, played: State) -> list[str]:
    """The lines of `g`'s playthrough, replaying the action log of `played` (a finished game)."""
    heading, facts = FACTS[g.game]
    state = get_game(g.game).new_game(dict(g.config), g.seed)
    seats = ", ".join(f"p{i + 1} {b}" for i, b in enumerate(g.bots))
    lines = [
        f"# Golden game {g.name}: every decision of one bot game, one line each.",
        "# A change that alters play shows as the first line that differs. After a deliberate change",
        f"# of rules, cards, bots or the random generator, regenerate: {REGENERATE}",
        f"game {g.game}",
        f"config {json.dumps(g.config, sort_keys=True)}",
        f"seed {g.seed}",
        f"seats {seats}",
        "bots draw by the session's rule (game seed, position in the log, seat); chance from the game's "
        "own generator",
        f"columns: decision | who | decision name | action | after it: {heading}",
        "",
        f"{'start':<68}| {facts(state.view(None).data)}",
    ]
    for n, index in enumerate(played.history, start=1):
        p = state.current_player()
        name = state.decision_name()
        if p == CHANCE:
            action = state.sample_chance()
            assert action.index == index, f"{g.name}: chance at decision {n} departs from the log"
            who = "chance"
        else:
            action = state.space[index]
            state.apply_fast(action)
            who = f"p{p + 1} {g.bots[p]}"
        lines.append(f"{n:>5} {who:<13} {name:<24} {str(action):<22} | {facts(state.view(None).data)}")
    assert state.is_terminal(), f"{g.name}: the replay of the log does not end the game"
    winners = ", ".join(f"p{w + 1}" for w in state.winners()) or "nobody"
    returns = _row(f"{r:g}" for r in state.returns())
    lines += [
        "",
        f"end after {played.log_length} decisions, {state.turn_count()} turns: winners {winners}"
        f" | returns {returns}",
        f"stats {json.dumps(state.game_stats(), sort_keys=True)}",
    ]
    return lines


def text(g: Golden) -> str:
    """The whole playthrough file of `g`, as the current code plays it."""
    return "\n".join(playthrough(g, play(g))) + "\n"


def write_all() -> None:
    PLAYTHROUGHS.mkdir(exist_ok=True)
    wanted = {g.path for g in GAMES}
    for stale in sorted(set(PLAYTHROUGHS.glob("*.txt")) - wanted):
        stale.unlink()
        print(f"removed {stale}")
    for g in GAMES:
        g.path.write_text(text(g))
    print(f"wrote {len(GAMES)} playthroughs to {PLAYTHROUGHS}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(f"usage: {REGENERATE}")
    write_all()
