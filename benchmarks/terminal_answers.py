"""How many prompts a person answers in a whole scripted Moonrakers game in the terminal, and how
many lines it prints.

``python benchmarks/terminal_answers.py [--seeds 7,8,9] [--width 100] [--tty] [--step-by-step]``

Seat 1 is a person whose answers are the greedy bot's choices (three greedy bots in the other seats,
4 captains); every line read at a prompt counts as one answer. A proposal is given as one line
(``propose p2:1cr … dice …``, what the greedy bot would have built step by step) unless
``--step-by-step``. Printed lines are counted on a console of `--width` columns, a pipe by default
(``--tty``: a terminal of 50 rows, where each screen replaces the last).
"""

from __future__ import annotations

import argparse
import io
import json
from typing import Any

from rich.console import Console

from spacetable.bots.moonrakers_greedy import GreedyBot
from spacetable.cli.terminal import TerminalClient
from spacetable.engine.rng import Rng
from spacetable.games.moonrakers import intents, new_game
from spacetable.games.moonrakers.state import MoonrakersState

SHARE_UNIT = {"prestige": "p", "credits": "cr", "bonus": "b"}


def one_line(state: MoonrakersState, bot: GreedyBot, rng: Rng) -> str | None:
    """The proposal the bot would build now, as one line; None when it would not propose."""
    trial = state.copy()
    texts: list[str] = []
    while (trial.current_player() == 0 and trial.decision_name().startswith("negotiation.")
           and trial.decision_name() != "negotiation.answer"):
        action = bot.choose(trial, 0, rng)
        texts.append(str(action))
        trial.apply(action)
        if texts[-1] in ("solo", "start"):
            return None
    if not any(t.startswith("invite") for t in texts):
        return None
    invited: dict[str, list[str]] = {}
    dice: list[str] = []
    rep = ""
    for text in texts:
        w = text.split()
        if w[0] == "invite":
            invited[w[1]] = []
        elif w[0] in SHARE_UNIT and int(w[2]):
            invited[w[1]].append(w[2] + SHARE_UNIT[w[0]])
        elif w[0] == "die":
            dice.append(w[2])
        elif w[0] == "reputation":
            rep = w[1]
    line = "propose " + " ".join(p + (":" + "+".join(v) if v else "") for p, v in invited.items())
    return line + (" dice " + ",".join(dice) if dice else "") + (f" rep {rep}" if rep else "")


def measure(seed: int, width: int, tty: bool, step_by_step: bool) -> dict[str, Any]:
    state = new_game({"players": 4, "modules": [], "expansions": []}, seed)
    out = io.StringIO()
    console = Console(file=out, width=width, height=50, force_terminal=tty, color_system=None)
    me, rng = GreedyBot(), Rng(99)
    answers = 0

    def read(prompt: str) -> str:
        nonlocal answers
        answers += 1
        s = client.state
        assert isinstance(s, MoonrakersState)
        form = intents.offered(s, 0)
        if not step_by_step and form and form.get("kind") == "proposal":
            line = one_line(s, me, Rng(answers))
            if line is not None:
                return line
        return str(me.choose(s, 0, rng))

    client = TerminalClient(state, [0], {i: GreedyBot() for i in (1, 2, 3)}, console, bot_rng=Rng(5),
                            read=read)
    final = client.run()
    return {"seed": seed, "finished": final.is_terminal(), "answers": answers,
            "lines": out.getvalue().count("\n")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", default="7,8,9")
    parser.add_argument("--width", type=int, default=100)
    parser.add_argument("--tty", action="store_true")
    parser.add_argument("--step-by-step", action="store_true")
    args = parser.parse_args()
    for seed in (int(x) for x in args.seeds.split(",")):
        print(json.dumps(measure(seed, args.width, args.tty, args.step_by_step)))


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
