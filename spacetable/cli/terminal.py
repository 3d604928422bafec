"""The generic terminal client: humans and bots play any registered game in a Rich console.

Human seats see their game's renderer (or the raw view), a numbered menu of legal actions with a
one-line explanation each, and the plain-language log. They answer with a number, an action's text
(unambiguous prefixes work), or a command: ``?``/``help``, ``undo``, ``save [FILE]``, ``quit``.
Bots play the other seats; chance steps are drawn from the state's seeded generator. With a save
path the game is saved after every decision. Works with a non-TTY stdin (one answer per line).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from spacetable.bots.base import Bot
from spacetable.cli.saves import write_save
from spacetable.cli.views import Renderer, find_renderer, render_view
from spacetable.engine import record
from spacetable.engine.action import Action
from spacetable.engine.errors import SaveError, SpacetableError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.engine.undo import undo_check

HELP = """Commands:
  <number>        choose that entry of the menu
  <action text>   choose by text, e.g. the first words of an entry (must match exactly one)
  ? or help       this help
  hint            the advisor's advice for you (odds, best plays), from what your seat knows
  undo            take back your last decision, while nothing has been revealed to you and
                  nobody else has decided since (a practice game: without limits)
  save [FILE]     save the game now (to FILE, or to the --save file)
  quit            save (if a file is known) and leave; resume with: spacetable play --load FILE"""


BOT_SAVE_EVERY = 50


class Quit(Exception):
    """The human asked to leave the game."""


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


class TerminalClient:
    """Runs one game to its end (or until a human quits) in `console`."""

    def __init__(self, state: State, humans: list[int], bots: dict[int, Bot], console: Console,
                 *, bot_rng: Rng, save_path: str | Path | None = None,
                 read: Callable[[str], str] | None = None,
                 renderer: Renderer | None = None, practice: bool = False,
                 stop_at_windows: bool = False) -> None:
        self.state = state
        self.humans = sorted(humans)
        self.bots = bots
        self.console = console
        self.bot_rng = bot_rng
        self.save_path = Path(save_path) if save_path is not None else None
        self.read = read if read is not None else console.input
        self.renderer = renderer if renderer is not None else find_renderer(state.spec.name)
        self.practice = practice
        self.stop_at_windows = stop_at_windows
        if state.events is None:
            state.events = []
        self._unsaved = 0
        self._screen_owner: int | None = None

    # ----- output --------------------------------------------------------------------------
    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""))

    def show_log(self) -> None:
        for event in self.state.take_events():
            self.say("  · " + self.state.render_event(event), "dim")

    def show_view(self, player: int | None) -> None:
        renderable, warning = render_view(self.state.view(player), self.renderer)
        if warning:
            self.say(warning, "yellow")
        self.console.print(renderable)

    def show_menu(self, legal: list[Action]) -> None:
        for i, a in enumerate(legal, 1):
            line = Text(f"{i:>3}. ", style="bold")
            line.append(str(a), style="cyan")
            explained = self.state.describe(a)
            if explained and explained != str(a):
                line.append("  — " + explained)
            self.console.print(line)

    # ----- saving --------------------------------------------------------------------------
    def bot_names(self) -> dict[int, str]:
        return {s: b.name for s, b in self.bots.items()}

    def save(self, path: str | Path | None = None) -> Path | None:
        """Save to `path` (or the --save file); None when there is no file. Raises `SaveError`."""
        target = Path(path) if path else self.save_path
        if target is None:
            return None
        write_save(self.state, target, self.humans, self.bot_names(), practice=self.practice)
        return target

    def save_or_say(self, path: str | Path | None = None) -> Path | None:
        """Save like `save`, but answer a failure with a message; the game goes on."""
        try:
            return self.save(path)
        except SaveError as e:
            self.say(f"Not saved: {e}", "bold red")
            return None

    def autosave(self, force: bool = False) -> None:
        """Save after a decision. Between bot moves only every `BOT_SAVE_EVERY` steps (a save
        rewrites the whole log), so the file is always current whenever a human is asked."""
        if self.save_path is None:
            return
        self._unsaved += 1
        if (force or self._unsaved >= BOT_SAVE_EVERY or self.state.is_terminal()
                or self.state.current_player() in self.humans):
            self.save_or_say()
            self._unsaved = 0

    def default_save_path(self) -> Path:
        return Path(f"spacetable-{self.state.spec.name}-{self.state.seed}.json")

    # ----- the game loop -------------------------------------------------------------------
    def run(self) -> State:
        """Play until the game ends or a human quits; the final (or last) state."""
        self.console.print(Rule(Text(f"{self.state.spec.title} — seed {self.state.seed}")))
        who = ", ".join(f"{seat_name(s)}: " + ("you" if s in self.humans else self.bots[s].name)
                        for s in range(self.state.num_players))
        self.say(who)
        try:
            while not self.state.is_terminal():
                self.show_log()
                p = self.state.current_player()
                if p == CHANCE:
                    self.state.sample_chance()
                elif p in self.humans:
                    self.human_turn(p)
                else:
                    self.bot_turn(p)
                self.autosave()
        except Quit:
            where = self.save_or_say() or self.save_or_say(self.default_save_path())
            if where is not None:
                self.say(f"Game saved to {where}. Resume with: spacetable play --load {where}", "bold")
            return self.state
        except Exception:
            where = self.save_path or self.save_or_say(self.default_save_path())
            self.say(f"Internal error; the game (as last saved) is in {where}", "bold red")
            raise
        self.show_log()
        self.autosave(force=True)
        self.finish()
        return self.state

    def bot_turn(self, seat: int) -> None:
        """Let the seat's bot choose; an illegal choice is reported and replaced by a random legal one."""
        bot = self.bots[seat]
        action = bot.choose(self.state, seat, self.bot_rng)
        try:
            self.state.apply(action)
        except SpacetableError as e:
            self.say(f"Bot {bot.name} of {seat_name(seat)} chose an illegal action ({e}); "
                     "playing a random legal action instead", "bold red")
            self.state.apply(self.bot_rng.choice(self.state.legal_actions()))

    def finish(self) -> None:
        self.console.print(Rule(Text("Game over")))
        self.show_view(None)
        returns = self.state.returns()
        winners = self.state.winners()
        self.say("Winner" + ("s" if len(winners) > 1 else "") + ": "
                 + (", ".join(seat_name(w) for w in winners) or "nobody"), "bold green")
        self.say("Results: " + ", ".join(f"{seat_name(i)} {r:g}" for i, r in enumerate(returns)))
        stats = self.state.game_stats()
        if stats:
            self.say("Stats: " + ", ".join(f"{k} {v}" for k, v in stats.items()))
        if self.save_path is not None:
            self.say(f"Saved to {self.save_path}. Replay with: spacetable replay {self.save_path}")

    def human_turn(self, seat: int) -> None:
        """Show the board and the menu to `seat`, then read until one action is applied.

        An optional window (`State.optional_pass`, e.g. a Binding Ties "at any time" reputation
        window) passes by itself, logged, unless the player asked to be stopped in them."""
        passing = self.state.optional_pass()
        if passing is not None and not self.stop_at_windows:
            self.say(f"  · {seat_name(seat)} lets the optional {self.state.decision_name()} pass "
                     "(play with --stop-at-windows to be asked)", "dim")
            self.state.apply(passing)
            return
        legal = self.state.legal_actions()
        if len(self.humans) > 1 and seat != self._screen_owner:
            self.pass_screen(seat)
        self.console.print(Rule(Text(f"{seat_name(seat)} to decide ({self.state.decision_name()})")))
        self.show_view(seat)
        self.show_menu(legal)
        while True:
            try:
                line = self.read(f"{seat_name(seat)}> ").strip()
            except EOFError:
                self.say("(end of input)")
                raise Quit() from None
            if not line:
                continue
            word = line.split()[0].lower()
            if line in ("?", "help"):
                self.say(HELP)
                self.show_menu(legal)
                continue
            if word == "quit" or word == "exit":
                raise Quit()
            if line.lower() == "hint":
                self.hint(seat)
                continue
            if word == "undo" and line.lower() == "undo":
                if self.undo(seat):
                    return
                continue
            if word == "save" and len(line.split()) <= 2:
                arg = line.split()[1] if len(line.split()) == 2 else None
                where = self.save_or_say(arg or self.save_path or self.default_save_path())
                if where is not None:
                    self.say(f"Saved to {where}")
                continue
            action = self.choose(line, legal)
            if action is None:
                continue
            self.state.apply(action)
            return

    def hint(self, seat: int) -> None:
        """Show the game's advisor's lines for `seat` (or why there is no advice)."""
        from spacetable.advice import advice

        try:
            lines = advice(self.state, seat).get("lines", [])
        except SpacetableError as e:
            self.say(f"No hint: {e}", "red")
            return
        for text in lines or ["(no advice here)"]:
            self.say(f"  hint: {text}", "cyan")

    def pass_screen(self, seat: int) -> None:
        """Hot seat: wait until `seat` alone sees the screen before showing its hidden cards."""
        self.console.print(Rule(Text(f"Pass the screen to {seat_name(seat)}")))
        try:
            self.read(f"{seat_name(seat)}: press Enter when only you can see the screen ")
        except EOFError:
            raise Quit() from None
        self._screen_owner = seat

    def choose(self, line: str, legal: list[Action]) -> Action | None:
        """The action a line names (a menu number or action text), or None after explaining why not."""
        if line.isdigit():
            n = int(line)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self.say(f"Choose a number from 1 to {len(legal)} (or ? for help)", "red")
            return None
        try:
            exact = Action.parse(line)
        except SpacetableError:
            exact = None
        if exact is not None and exact not in legal and self.state.space.lookup(exact) is not None:
            # The text names a real action that is not legal now: say so rather than let a prefix
            # match pick another one ("play 1" must not become "play 17").
            self.say(f"IllegalAction: {exact} is not possible now; choose from the menu", "red")
            return None
        try:
            return self.state.parse(line, legal)
        except SpacetableError as e:
            self.say(f"{type(e).__name__}: {e}", "red")
            return None

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last decision if the engine's undo policy allows it (else say why)."""
        check = undo_check(self.state, seat, practice=self.practice)
        if check.keep is None:
            self.say(f"Cannot undo: {check.reason}", "red")
            return False
        entries = record.entries_of(self.state)[:check.keep]
        state = record.replay_actions(self.state.spec.name, dict(self.state.config), self.state.seed, entries)
        state.take_events()
        self.state = state
        self.say(f"Undone: {check.reason}; back to move {check.keep + 1}", "yellow")
        return True
