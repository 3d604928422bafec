"""Stepping through a saved game (``spacetable replay``): forward, back, to a move or a turn.

The save is replayed once; the state before every move is kept (a `State.copy()`), with the move's
text and the log lines it caused, so stepping back is as quick as stepping forward. Interactive
commands: Enter or ``n`` next move, ``b`` back one move, ``m N`` (or just ``N``) to move N, ``t N``
to the first move of turn N, ``e`` to the end, ``q`` to stop.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from spacetable.cli.numbers import small_number
from spacetable.cli.views import find_face, render_view
from spacetable.engine import record
from spacetable.engine.state import CHANCE, State
from spacetable.sim.setup import load_game

REPLAY_HELP = ("Enter/n next move · b back · m N (or N) go to move N · t N go to turn N · e end · "
               "q stop")


@dataclass(slots=True)
class Step:
    """The state before move `number` (1-based), the move's text (None after the last) and its log."""

    number: int
    state: State
    text: str | None
    lines: list[str]


def load_steps(doc: dict[str, Any]) -> list[Step]:
    """Every step of the save: the states before each move and the final state. `SaveError` if corrupt."""
    if isinstance(doc.get("game"), str):
        with contextlib.suppress(ValueError):  # replay_states reports an unknown game as a SaveError
            load_game(doc["game"])
    steps: list[Step] = []
    for n, (state, text) in enumerate(record.replay_states(doc)):
        lines = [state.render_event(e) for e in state.take_events()]
        if steps:
            steps[-1].lines += lines  # the events of the move just applied
        steps.append(Step(n + 1, state.copy(), text, lines if not steps else []))
    return steps


class Replayer:
    """Shows the steps of one save in `console`."""

    def __init__(self, steps: list[Step], console: Console) -> None:
        self.steps = steps
        self.console = console
        first = steps[0].state
        self.face = find_face(first.spec.name)
        self.title = (f"Replay: {first.spec.title}, {first.num_players} players, seed {first.seed}, "
                      f"{len(steps) - 1} moves")

    def actor(self, state: State) -> str:
        p = state.current_player()
        return "chance" if p == CHANCE else self.face.seat_name(p)

    def board(self, state: State) -> None:
        renderable, warning = render_view(state.view(None), self.face.render)
        if warning:
            self.console.print(Text(warning, style="yellow"))
        self.console.print(renderable)

    def move_line(self, step: Step) -> None:
        if step.text is None:
            return
        self.console.print(Text(f"Move {step.number}: {self.actor(step.state)} — {step.text}", style="bold"))
        for line in step.lines:
            self.console.print(Text("  · " + line, style="dim"))

    def at_turn(self, turn: int) -> int | None:
        for i, step in enumerate(self.steps):
            if step.state.turn_count() >= turn:
                return i
        return None

    def interactive(self, read: Callable[[str], str]) -> int:
        """Step with commands; the index of the step shown last."""
        i = 0
        last = len(self.steps) - 1
        if not self.console.is_terminal:
            self.console.print(Text(REPLAY_HELP, style="dim"))
        redraw = True
        while True:
            step = self.steps[i]
            if redraw:
                self.console.clear()  # on a terminal only: the title and commands are on each screen
                if self.console.is_terminal:
                    self.console.print(Rule(Text(self.title)))
                self.board(step.state)
                self.move_line(step)
                if self.console.is_terminal:
                    self.console.print(Text(REPLAY_HELP, style="dim"))
            redraw = True
            if i >= last:
                return i
            try:
                prompt = f"[move {step.number}/{last}, turn {step.state.turn_count()}] > "
                answer = read(prompt).strip().lower()
            except EOFError:  # end of input: list the rest without pausing
                for rest in self.steps[i + 1:]:
                    self.move_line(rest)
                return last
            words = answer.split()
            if answer in ("q", "quit"):
                return i
            if answer in ("", "n", "next"):
                i += 1
            elif answer in ("b", "back", "p"):
                i = max(0, i - 1)
            elif answer in ("e", "end"):
                i = last
            elif answer in ("?", "h", "help"):
                self.console.print(Text(REPLAY_HELP))
                redraw = False
                continue
            elif (words and (n := small_number(words[-1])) is not None and len(words) <= 2
                  and (len(words) == 1 or words[0] in ("m", "move", "t", "turn"))):
                if words[0] in ("t", "turn"):
                    found = self.at_turn(n)
                    if found is None:
                        self.console.print(Text(f"The game has no turn {n}.", style="red"))
                        redraw = False
                        continue
                    i = found
                else:
                    i = min(max(n, 1), last + 1) - 1
            else:
                self.console.print(Text(REPLAY_HELP, style="red"))
                redraw = False

    def finish(self, index: int) -> State:
        final = self.steps[index].state
        self.console.print(Rule(Text(f"After move {len(final.history)}")))
        self.board(final)
        if final.is_terminal():
            names = [self.face.seat_name(w) for w in final.winners()]
            label = "Winners: " if len(names) > 1 else "Winner: "
            self.console.print(Text(label + (", ".join(names) or "nobody"), style="bold green"))
        return final


def run_replay(doc: dict[str, Any], console: Console, *, to: int | None = None, show_all: bool = False,
               read: Callable[[str], str] | None = None) -> State:
    """Replay `doc`. Interactive (`REPLAY_HELP`) unless `to` or `show_all`.

    With `to`, moves 1..to are listed and the spectator view after move `to` is shown; with
    `show_all`, every move and the final view. End of input in interactive mode lists the rest.
    Raises `SaveError` for a corrupt save.
    """
    steps = load_steps(doc)
    player = Replayer(steps, console)
    console.print(Rule(Text(player.title)))
    if to is None and not show_all:
        # the prompt is plain text: "[move 3/40, …]" must not be read as console markup
        index = player.interactive(read if read is not None else lambda prompt: console.input(Text(prompt)))
        return player.finish(index)
    last = len(steps) - 1 if to is None else max(0, min(to, len(steps) - 1))
    for step in steps[:last]:
        player.move_line(step)
    return player.finish(last)
