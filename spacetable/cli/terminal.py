"""The generic terminal client: humans and bots play any registered game in a Rich console.

At each of a human's decisions the screen is drawn afresh (in place on a terminal): the game's board
from that seat's view, a digest of what happened since the seat last decided, and a menu of the
legal actions in a stable order by kind, each with a one-line explanation that states its cost.
The game moves through the session driver (`spacetable.engine.session`), as on the server and in the
simulator: a decision with one legal action is taken for the player and logged; so is an optional
window (`State.optional_pass`) unless ``stop_at_windows``; bots answer by the session's seeding rule.
The player answers with a number, an action's text (an unambiguous prefix works), a game's one-line
intent (e.g. a whole proposal in one line; the game's terminal module lists its own in `help`), or a
command (`HELP`). No line carries a rule number: each log line and menu entry keeps its
rule's id as data (`Line.rule`, `State.action_rule`), shown by ``why`` and ``rules`` with the rule's
own text (`spacetable.rulebook`); routine lines (draws, shuffles, passes) are folded into the line
before them in the digest. ``hint`` is the coach: the advisor's recommended choice and why.
Bots play the other seats; chance steps are drawn from the state's
seeded generator. With a save path the game is saved after every decision. Works with a non-TTY
stdin (one answer per line).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from spacetable.bots.base import Bot
from spacetable.cli.numbers import small_number
from spacetable.cli.saves import default_save_path, write_save
from spacetable.cli.views import Face, Renderer, find_face, render_view
from spacetable.engine import record
from spacetable.engine.action import Action
from spacetable.engine.errors import AmbiguousAction, IllegalAction, SaveError, SpacetableError
from spacetable.engine.rng import Rng
from spacetable.engine.session import AUTO, BOT, Observer, Session, Step
from spacetable.engine.state import State
from spacetable.engine.undo import seat_label, undo_check

HELP = """Commands:
  <number>        choose that entry of the menu
  <action text>   choose by text, e.g. the first words of an entry (must match exactly one)
{game}
  ? or help       this help (and the whole menu, entries in full)
  ? N             entry N of the menu in full
  log [N]         the last N lines of the game's log (default 20)
  board           draw the board again
  more            what a short screen leaves out of the board (a game's card texts, prices…)
  hint            the coach: what it would choose now and why, with its odds (from what you can see)
  why [N]         the rules behind what just happened, or behind entry N of the menu
  rules [WORDS]   the rules: by id (rules 3.4.9, rules L6) or by words (rules hazard dice)
  undo            take back your last decision, while nothing has been revealed to you and
                  nobody else has decided since (a practice game: without limits)
  undo turn       take back as many of your decisions of this turn as that allows
  save [FILE]     save the game now (to FILE, or to the --save file)
  quit            save and leave; resume with: spacetable play --load FILE"""
"""The terminal's commands; ``{game}`` marks where a game's own lines go (`help_text`)."""


def help_text(face: Face) -> str:
    """`HELP` with the game's own one-line commands (`Face.help`) after the generic ones to choose."""
    return HELP.replace("{game}\n", face.help.rstrip("\n") + "\n" if face.help.strip() else "")


BOT_SAVE_EVERY = 50
DIGEST_LINES = 12
"""Log lines shown since a seat's last decision; `log N` shows more."""
LOG_LINES = 20
HANDLED, CHANGED = "handled", "changed"


class Quit(Exception):
    """The human asked to leave the game."""


class Line(str):
    """A log line: its text, with the id of the rule it applies (`rule`, never written in the text) and
    how much it matters (`level`: "routine", "step" or "moment", `State.event_level`)."""

    rule: str | None
    level: str

    def __new__(cls, text: str, rule: str | None = None, level: str = "step") -> Line:
        line = super().__new__(cls, text)
        line.rule = rule
        line.level = level
        return line


def seat_name(seat: int) -> str:
    return seat_label(seat)


def sentence(text: str) -> str:
    """`text` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?)" else text + "."


def fold(lines: list[str]) -> list[tuple[str, list[str]]]:
    """Each line with the routine lines that follow it (a draw, a shuffle, a pass: `Line.level`), which
    the digest shows folded into it rather than one line each."""
    out: list[tuple[str, list[str]]] = []
    for line in lines:
        if getattr(line, "level", "step") == "routine" and out:
            out[-1][1].append(str(line))
        else:
            out.append((line, []))
    return out


class TerminalClient:
    """Runs one game to its end (or until a human quits) in `console`.

    `delay` (seconds) paces bot moves so a person can follow them; `save_dir` is where a game
    without `save_path` is saved on ``save``/``quit`` (default: `saves.default_save_dir`).
    """

    sleep: Callable[[float], None] = staticmethod(time.sleep)

    def __init__(self, state: State, humans: list[int], bots: dict[int, Bot], console: Console,
                 *, bot_rng: Rng | None = None, save_path: str | Path | None = None,
                 read: Callable[[str], str] | None = None,
                 renderer: Renderer | None = None, practice: bool = False,
                 stop_at_windows: bool = False, delay: float = 0.0,
                 save_dir: str | Path | None = None, max_decisions: int | None = None) -> None:
        self.max_decisions = max_decisions
        """With no human seat: stop after this many decisions (bots that never end a game)."""
        self.humans = sorted(humans)
        self.bots = bots
        self.console = console
        seats = range(state.num_players)
        self.session = Session(state, [None if s in self.humans else bots.get(s) for s in seats],
                               stop_at_windows=[stop_at_windows] * state.num_players,
                               max_decisions=None if self.humans else max_decisions,
                               observer=_Watch(self))
        """The session driver that moves the game (`bot_rng` is no longer used: bots draw by the
        session's rule)."""
        self.save_path = Path(save_path) if save_path is not None else None
        self.save_dir = Path(save_dir) if save_dir is not None else None
        self.read = read if read is not None else lambda prompt: console.input(Text(prompt))  # not markup
        face = find_face(state.spec.name)
        self.face: Face = face
        self.renderer = renderer if renderer is not None else face.render
        self.practice = practice
        self.stop_at_windows = stop_at_windows
        self.delay = max(0.0, delay)
        if state.events is None:
            state.events = []
        self._unsaved = 0
        self._screen_owner: int | None = None
        self.log: list[str] = []
        """Every log line of this session, oldest first (`log N` shows the last N); a `Line` carries
        its rule's id."""
        self._seen: dict[int, int] = {}
        self._menus: dict[int, dict[int, str]] = {}
        self._numbers: list[tuple[int | None, Action]] = []
        self._boards: dict[int, dict[str, str]] = {}
        self._why_from: dict[int, int] = {}
        self._joined: set[int] = set()
        """Log positions of decisions taken with the one before them in a one-line intent (one undo)."""

    @property
    def state(self) -> State:
        """The game's current state (the session's)."""
        return self.session.state

    @state.setter
    def state(self, state: State) -> None:
        self.session.restart(state)

    # ----- names ---------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.face.seat_name(seat)

    def who(self, seat: int) -> str:
        """'P2 (you)' or 'P2 (greedy)'."""
        return f"{self.name(seat)} ({'you' if seat in self.humans else self.bots[seat].name})"

    # ----- output --------------------------------------------------------------------------
    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""))

    @property
    def streaming(self) -> bool:
        """Log lines are printed as they happen: a game of bots only, or one paced with --delay."""
        return not self.humans or self.delay > 0

    def note(self, text: str) -> None:
        """Add a line of the client's own (an automatic choice, an undo) to the log."""
        self.log.append(sentence(text))
        if self.streaming:
            self.say("  · " + self.log[-1], "dim")

    def collect_log(self) -> None:
        """Render the state's new events into the log (printing them when streaming)."""
        for event in self.state.take_events():
            self.log.append(Line(self.state.render_event(event), event.rule or None,
                                 self.state.event_level(event)))
            if self.streaming:
                self.say("  · " + self.log[-1], "dim")

    def show_log(self) -> None:
        """Kept for callers of the first API: collects the new events."""
        self.collect_log()

    def show_lines(self, n: int) -> None:
        lines = self.log[-n:] if n > 0 else []
        if not lines:
            self.say("The log is empty so far.", "dim")
        for line in lines:
            self.say("  · " + line, "dim")

    def show_digest(self, seat: int, limit: int = DIGEST_LINES) -> None:
        """What happened since `seat` last decided (at most `limit` lines; `log N` for more)."""
        start = self._seen.get(seat, 0)
        new = self.log[start:]
        if not new:
            return
        title = "Since your last decision" if seat in self._seen else "So far"
        folded = fold(new)
        shown = folded[-max(1, limit):]
        more = len(folded) - len(shown)
        earlier = f"{more} earlier line{'s' if more != 1 else ''}"
        self.say(f"{title}:" + (f" ({earlier}: log {len(new)} shows them all)" if more else ""),
                 "bold")
        for line, routine in shown:
            text = Text("  · " + line, style="bold" if getattr(line, "level", "") == "moment" else "dim")
            if routine:
                text.append(f"  ({'; '.join(routine)})", style="dim")
            self.console.print(text)

    def board_text(self, player: int | None) -> tuple[Any, str | None]:
        return render_view(self.state.view(player), self.renderer)

    def show_view(self, player: int | None, *, force: bool = True) -> None:
        """The board. Printing to a pipe (not a terminal, where the screen is redrawn in place), a
        board with named `sections` shows only the sections that changed since `player` last saw
        them, unless `force`."""
        renderable, warning = self.board_text(player)
        if warning:
            self.say(warning, "yellow")
        sections = getattr(renderable, "sections", None)
        if force or self.console.is_terminal or player is None or not callable(sections):
            self.console.print(renderable)
            if player is not None and callable(sections):
                self._boards[player] = self._section_texts(sections)
            return
        texts = self._section_texts(sections)
        before = self._boards.get(player, {})
        same = [name for name, text in texts.items()
                if text and before.get(name) == text and name != "header"]
        for name, text in texts.items():
            if name not in same:
                self.console.print(Text.from_ansi(text), end="", soft_wrap=True)
        if same:
            self.say(f"(unchanged since your last decision: {', '.join(same)}; board shows everything)",
                     "dim")
        self._boards[player] = texts

    def _section_texts(self, sections: Callable[[int], list[tuple[str, list[Any]]]]) -> dict[str, str]:
        out: dict[str, str] = {}
        for name, parts in sections(self.console.width):
            with self.console.capture() as cap:
                for part in parts:
                    self.console.print(part)
            out[name] = cap.get()
        return out

    # ----- the menu ------------------------------------------------------------------------
    def numbered(self, seat: int | None, legal: list[Action]) -> list[tuple[int | None, Action]]:
        """The menu: actions in a stable order by kind (`Face.menu_key`), final acts (`Face.final_kinds`,
        or `State.irrevocable`) last. A final act keeps its number from this seat's previous menu
        when it can; it never takes a number that meant another action there: then it has no
        number (None) and is chosen by its word."""
        final = self.face.final_kinds
        ordered = sorted(legal, key=self.face.menu_key)
        plain = [a for a in ordered if a.kind not in final and not self.state.irrevocable(a)]
        last = [a for a in ordered if a not in plain]
        out: list[tuple[int | None, Action]] = list(enumerate(plain, 1))
        previous = self._menus.get(seat, {}) if seat is not None else {}
        was = {text: n for n, text in previous.items()}
        used = set(range(1, len(plain) + 1))
        n = len(plain)
        for a in last:
            kept = was.get(str(a))
            if kept is not None and kept not in used:
                out.append((kept, a))
                used.add(kept)
                continue
            n += 1
            while n in used:
                n += 1
            if previous.get(n, str(a)) != str(a):
                out.append((None, a))
                continue
            out.append((n, a))
            used.add(n)
        return out

    def show_menu(self, legal: list[Action] | list[tuple[int | None, Action]], *, full: bool = False) -> None:
        """The menu, one entry a line; on a terminal each entry is cut to the width (``? N`` shows
        an entry in full), so the screen holds the board and the menu."""
        menu = self._as_menu(legal)
        cut = self.console.is_terminal and not full
        groups = self._groups(menu) if not full else {}
        shown: set[str] = set()
        for i, a in menu:
            if a.kind in groups:
                if a.kind not in shown:
                    shown.add(a.kind)
                    self._show_group(a.kind, groups[a.kind], [(n, b) for n, b in menu if b.kind == a.kind])
                continue
            line = Text(f"{i:>3}. " if i is not None else "   · ", style="bold")
            line.append(str(a), style="cyan")
            explained = self.state.describe(a)
            if explained and explained != str(a):
                line.append("  — " + explained)
            if i is None:
                line.append(f" (type {a}: its number would just have meant something else)", style="dim")
            if cut:
                line.truncate(max(20, self.console.width - 1), overflow="ellipsis")
            self.console.print(line, no_wrap=cut, overflow="ellipsis" if cut else None)

    GROUP_AT = 4
    """A kind with this many entries or more is listed on one line when the game groups it."""

    def _groups(self, menu: list[tuple[int | None, Action]]) -> dict[str, str]:
        if self.face.menu_group is None:
            return {}
        counts: dict[str, int] = {}
        for n, a in menu:
            if n is not None:
                counts[a.kind] = counts.get(a.kind, 0) + 1
        out: dict[str, str] = {}
        for kind, k in counts.items():
            if k >= self.GROUP_AT:
                text = self.face.menu_group(self.state, kind)
                if text:
                    out[kind] = text
        return out

    def _show_group(self, kind: str, text: str, entries: list[tuple[int | None, Action]]) -> None:
        """'9–16. swap <card> — Pay 1 credit: …' then the cards with their numbers, wrapped."""
        numbers = [n for n, _ in entries if n is not None]
        line = Text(f"{min(numbers)}–{max(numbers)}. ".rjust(8), style="bold")
        line.append(f"{kind} <card>", style="cyan")
        line.append(f"  — {text}: ")
        for k, (n, a) in enumerate(entries):
            line.append(("  " if k else "") + f"{n} ", style="bold")
            line.append(" ".join(str(x) for x in a.args), style="cyan")
        self.console.print(line)

    def _as_menu(self, legal: list[Action] | list[tuple[int | None, Action]]
                 ) -> list[tuple[int | None, Action]]:
        if legal and isinstance(legal[0], tuple):
            return [x for x in legal if isinstance(x, tuple)]
        actions = [x for x in legal if isinstance(x, Action)]
        if self._numbers and sorted(a.index for _, a in self._numbers) == sorted(a.index for a in actions):
            return self._numbers
        return self.numbered(None, actions)

    def show_hints(self, seat: int) -> None:
        if self.face.menu_hints is None:
            return
        for line in self.face.menu_hints(self.state, seat):
            self.say("     " + line, "dim")

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
        """``spacetable-<game>-<seed>.json`` in the per-user save folder (or `save_dir`)."""
        try:
            return default_save_path(self.state.spec.name, self.state.seed, self.save_dir)
        except SaveError as e:
            self.say(f"Not saved: {e}", "bold red")
            return Path(f"spacetable-{self.state.spec.name}-{self.state.seed}.json")

    # ----- the game loop -------------------------------------------------------------------
    def run(self) -> State:
        """Play until the game ends or a human quits; the final (or last) state."""
        self.console.print(Rule(Text(f"{self.state.spec.title} — seed {self.state.seed}")))
        self.say(", ".join(self.who(s) for s in range(self.state.num_players)))
        # on a terminal the table is drawn on the alternate screen, redrawn in place at each decision;
        # the end (or the save message) is printed on the normal screen, where it stays
        alt = bool(self.humans) and self.console.is_terminal and self.console.set_alt_screen(True)
        try:
            try:
                while not self.state.is_terminal():
                    self.collect_log()
                    self.session.advance()
                    if self.session.stopped:
                        self.say(f"Stopped after {self.max_decisions:,} decisions without a winner "
                                 "(--max-decisions).", "bold")
                        self.autosave(force=True)
                        return self.state
                    seat = self.session.to_decide()
                    if seat is not None:
                        self.human_turn(seat)
                        self.autosave()
            finally:
                if alt:
                    self.console.set_alt_screen(False)
        except Quit:
            where = self.save_or_say() or self.save_or_say(self.default_save_path())
            if where is not None:
                self.say(f"Game saved to {where}. Resume with: spacetable play --load {where}", "bold")
            return self.state
        except Exception:
            where = self.save_path or self.save_or_say(self.default_save_path())
            self.say(f"Internal error; the game (as last saved) is in {where}", "bold red")
            raise
        self.collect_log()
        self.autosave(force=True)
        self.finish()
        return self.state

    def pace(self) -> None:
        """With --delay: show the bot's move (the board redrawn in place on a terminal), then wait."""
        if self.delay <= 0 or not self.humans:
            return
        if self.console.is_terminal:
            self.collect_log()
            self.console.clear()
            self.show_view(self._screen_owner if self._screen_owner is not None else self.humans[0])
            for line in self.log[-DIGEST_LINES:]:
                self.say("  · " + line, "dim")
        else:
            self.collect_log()
        self.sleep(self.delay)

    def bot_rng_at(self, seat: int) -> Rng:
        """The generator of `seat`'s bot at this decision: the session's rule (game seed, place in the
        action log, seat), so that after an undo the same decision meets the same answer (undo never
        re-rolls a bot), and a bot's choices never lead back to the game's seed."""
        return self.session.bot_rng(seat)

    def finish(self) -> None:
        self.console.print(Rule(Text("Game over")))
        self.show_last_moves()
        self.show_view(None)
        self.show_standings()
        winners = self.state.winners()
        names = [self.name(w) + (" (you)" if w in self.humans else "") for w in winners]
        self.say(("Winners: " if len(names) > 1 else "Winner: ") + (", ".join(names) or "nobody"),
                 "bold green")
        if self.save_path is not None:
            self.say(f"Saved to {self.save_path}. Replay with: spacetable replay {self.save_path}")

    def show_last_moves(self) -> None:
        """At the end of a game with people (whose log was not printed as it happened): what
        happened since a person last decided, the last `DIGEST_LINES` lines of it."""
        if not self.humans or self.streaming:
            return
        new = self.log[min(self._seen.get(h, 0) for h in self.humans):]
        if not new:
            return
        shown = new[-DIGEST_LINES:]
        more = len(new) - len(shown)
        where = f"spacetable replay {self.save_path}" if self.save_path is not None else "spacetable replay"
        self.say("How it ended:" + (f" (the last {len(shown)} of {len(new)} lines; {where} shows every move)"
                                    if more else ""), "bold")
        for line in shown:
            self.say("  · " + line, "dim")

    def standings(self) -> tuple[list[str], list[list[str]]]:
        """The game's standings (`Face.standings`), or seat and result for a game without one."""
        if self.face.standings is not None:
            return self.face.standings(self.state)
        returns = self.state.returns()
        order = sorted(range(len(returns)), key=lambda i: -returns[i])
        return ["seat", "result"], [[self.name(i), "won" if returns[i] > 0 else "—"] for i in order]

    LONG_CELL = 24
    """Standings columns with longer cells go under the table at narrow widths (below 120 columns)."""

    def show_standings(self) -> None:
        """The standings table; on a narrow console, long columns (objectives, parts) follow each
        seat's row as lines of their own, so no column is squeezed into a sliver."""
        header, rows = self.standings()
        narrow = self.console.width < 120
        long = {i for i, _ in enumerate(header)
                if narrow and any(len(r[i]) > self.LONG_CELL for r in rows if i < len(r))}
        table = Table(title="Standings", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
        table.add_column("", justify="right", no_wrap=True)
        for i, col in enumerate(header):
            if i not in long:
                table.add_column(col, overflow="fold", no_wrap=i == 0)
        for n, row in enumerate(rows, 1):
            table.add_row(str(n), *(cell for i, cell in enumerate(row) if i not in long))
        self.console.print(table)
        for n, row in enumerate(rows, 1):
            for i in sorted(long):
                if i < len(row):
                    line = Text(f"  {n}. {row[0]} — {header[i]}: ", style="bold")
                    line.append(row[i])
                    self.console.print(line)

    # ----- a human's decision --------------------------------------------------------------
    def automatic(self, seat: int) -> Action | None:
        """The action taken for `seat` without asking (the session's rule): the only legal action, or
        an optional window's pass unless `stop_at_windows`."""
        if self.state.is_terminal():
            return None
        return self.session.automatic(seat)

    def human_turn(self, seat: int) -> None:
        """Show the screen to `seat`, then read until one action (or one whole intent) is applied.
        An optional window (`State.optional_pass`) passes by itself, logged, unless the player asked
        to be stopped in them; a decision with a single legal action is taken and logged (the
        session's rule, `Session.automatic`)."""
        if self.session.take_automatic(seat) is not None:
            return
        legal = self.state.legal_actions()
        if len(self.humans) > 1 and seat != self._screen_owner:
            self.pass_screen(seat)
        menu = self.numbered(seat, legal)
        self._numbers = menu
        self.draw(seat, menu, board_always=False)
        while True:
            try:
                line = self.read(f"{self.name(seat)}> ").strip()
            except EOFError:
                self.say("(end of input)")
                raise Quit() from None
            if not line:
                continue
            mark = len(self.log)  # the digest at the next decision starts here
            handled = self.command(seat, line, menu)
            if handled == CHANGED:
                self._done(seat, menu, mark)
                return
            if handled:
                continue
            done = self.intent(seat, line)
            if done == CHANGED:
                self._done(seat, menu, mark)
                return
            if done:
                continue
            action = self.choose(line, legal)
            if action is None:
                continue
            self.session.play(seat, action)
            self._done(seat, menu, mark)
            return

    def _done(self, seat: int, menu: list[tuple[int | None, Action]], mark: int) -> None:
        self._menus[seat] = {n: str(a) for n, a in menu if n is not None}
        self._seen[seat] = mark

    def draw(self, seat: int, menu: list[tuple[int | None, Action]], *, board_always: bool = True) -> None:
        """The decision screen: board, digest since the last decision, menu, hints."""
        self.collect_log()
        self.console.clear()  # in place on a terminal; nothing when printing to a pipe or file
        self.console.print(Rule(Text(f"{self.name(seat)} to decide ({self.state.decision_name()})")))
        limit = DIGEST_LINES
        if self.console.is_terminal:  # fit one screen: the digest gets the rows the board leaves
            renderable, _ = self.board_text(seat)
            groups = self._groups(menu)
            menu_rows = len([1 for _, a in menu if a.kind not in groups]) + 3 * len(groups)
            hints = self.face.menu_hints(self.state, seat) if self.face.menu_hints else []
            used = len(self.console.render_lines(renderable, pad=False)) + menu_rows + len(hints) + 4
            limit = min(DIGEST_LINES, max(3, self.console.height - used))
        self.show_view(seat, force=board_always)
        self.show_digest(seat, limit)
        self._why_from[seat] = self._seen.get(seat, 0)  # `why` explains this digest's lines
        self._seen[seat] = len(self.log)
        self.show_menu(menu)
        self.show_hints(seat)

    def command(self, seat: int, line: str, menu: list[tuple[int | None, Action]]) -> str:
        """Handle a client command: `HANDLED`, `CHANGED` (an undo changed the state) or "" (not one)."""
        words = line.lower().split()
        word = words[0]
        if line in ("?", "help"):
            self.say(help_text(self.face))
            self.show_menu(menu, full=True)
            self.show_hints(seat)
        elif word in ("?", "help") and len(words) == 2:
            wanted = small_number(words[1])
            entry: list[tuple[int | None, Action]] = [(i, a) for i, a in menu
                                                      if i is not None and i == wanted]
            if wanted is None:
                self.say("Write ? N, where N is the number of an entry of the menu.", "red")
            elif entry:
                self.show_menu(entry, full=True)
            else:
                self.say(f"There is no entry {wanted} in the menu.", "red")
        elif word in ("quit", "exit") and len(words) == 1:
            raise Quit()
        elif line.lower() == "hint":
            self.hint(seat)
        elif word == "why" and len(words) <= 2:
            self.why(seat, menu, words[1] if len(words) == 2 else None)
        elif word == "rules":
            self.rules(line.split(None, 1)[1] if len(line.split(None, 1)) == 2 else "")
        elif word == "log" and len(words) <= 2:
            lines = small_number(words[1]) if len(words) == 2 else LOG_LINES
            if lines is None:
                self.say("Write log or log N, where N is a number of lines.", "red")
            else:
                self.show_lines(lines)
        elif line.lower() == "board":
            self.draw(seat, menu)
        elif line.lower() == "more" and self.face.more is not None:
            self.console.print(self.face.more(self.state.view(seat)))
        elif word == "undo" and words in (["undo"], ["undo", "turn"]):
            if self.undo(seat, whole_turn=len(words) == 2):
                return CHANGED  # human_turn returns and the loop asks again
        elif word == "save" and len(line.split()) <= 2:
            arg = line.split()[1] if len(line.split()) == 2 else None
            where = self.save_or_say(arg or self.save_path or self.default_save_path())
            if where is not None:
                self.say(f"Saved to {where}")
        else:
            return ""
        return HANDLED

    def intent(self, seat: int, line: str) -> str:
        """Apply a one-line compound intent (`Face.intent_from_line` + the game's `intents.expand`).

        `CHANGED` when applied; `HANDLED` when it is impossible (explained, nothing changed); "" when
        the line is not an intent."""
        if self.face.intent_from_line is None:
            return ""
        try:
            intent = self.face.intent_from_line(self.state, seat, line)
            if intent is None:
                return ""
            module = self.state.spec.module("intents")
            if module is None:
                return ""
            texts: list[str] = module.expand(self.state, seat, intent)
        except SpacetableError as e:
            self.say(sentence(str(e)), "red")
            return HANDLED
        describe = self.face.describe_intent
        summary = describe(intent) if describe is not None else "; ".join(texts)
        start = self.state.log_length
        for text in texts:
            if self.state.log_length > start:
                self._joined.add(self.state.log_length)
            self.session.play(seat, text)
        self.note(f"{self.name(seat)}: {summary} ({len(texts)} decisions in one line)")
        return CHANGED

    def _explain(self, action: Action) -> str:
        explained = self.state.describe(action)
        return explained if explained and explained != str(action) else str(action)

    def hint(self, seat: int) -> None:
        """The coach: the advisor's recommended choice for `seat` with its reason, then its other lines
        (odds, the best trade run), all from what the seat may know (or why there is no advice)."""
        from spacetable.advice import advice

        try:
            answer = advice(self.state, seat)
        except SpacetableError as e:
            self.say(f"No hint: {e}", "red")
            return
        recommended = answer.get("recommended")
        if recommended:
            number = next((n for n, a in self._numbers if str(a) == recommended and n is not None), None)
            entry = f"{number}. " if number is not None else ""
            what = self._explain(self.state.parse(recommended))
            self.say(f"  coach: {entry}{recommended} — {what}", "bold cyan")
            if answer.get("reason"):
                self.say(f"  why: {answer['reason']}", "cyan")
        for text in answer.get("lines", []) or ([] if recommended else ["(no advice here)"]):
            self.say(f"  hint: {text}", "cyan")

    def why(self, seat: int, menu: list[tuple[int | None, Action]], which: str | None) -> None:
        """The rules behind the latest lines of the log (since the seat's last decision, at most the last
        `DIGEST_LINES`), or behind entry `which` of the menu, each with its rule's title; `rules ID`
        prints a whole text."""
        from spacetable.rulebook import rule

        game = self.state.spec.name
        if which is not None:
            wanted = small_number(which)
            entry = next((a for n, a in menu if n is not None and n == wanted), None)
            if entry is None:
                self.say("Write why N, where N is the number of an entry of the menu.", "red")
                return
            rid = self.state.action_rule(entry)
            found = rule(game, rid)
            if found is None:
                self.say(f"{self._explain(entry)}: no particular rule behind it.")
                return
            self.say(f"{self._explain(entry)}", "bold")
            self._show_rule(rid or "", found)
            return
        start = self._why_from.get(seat, self._seen.get(seat, 0))
        lines = [ln for ln in self.log[start:] if getattr(ln, "rule", None)]
        lines = lines[-DIGEST_LINES:]
        if not lines:
            self.say("Nothing has happened since your last decision that a rule explains; "
                     "why N explains entry N of the menu.", "dim")
            return
        for ln in lines:
            rid = getattr(ln, "rule", None)
            found = rule(game, rid)
            title = found["title"] if found else ""
            text = Text("  · " + ln, style="dim")
            text.append(f"  — rule {rid}" + (f": {title}" if title else ""), style="cyan")
            self.console.print(text)
        self.say(f"rules ID shows a rule's whole text (e.g. rules {getattr(lines[-1], 'rule', '')}).", "dim")

    def rules(self, query: str) -> None:
        """The game's rule texts: by id, by words, or (no words) how to ask."""
        from spacetable.rulebook import NoRules, rule_texts, search

        game = self.state.spec.name
        try:
            texts = rule_texts(game)
        except NoRules as e:
            self.say(f"No rules here: {e}", "red")
            return
        if not query.strip():
            heads = [f"{rid} {r['title']}" for rid, r in texts.items()
                     if "." not in rid and not rid.startswith("R")]
            self.say(f"{self.state.spec.title}: {len(texts)} rules. Ask by id (rules 3.4.9) or by words "
                     "(rules hazard dice).", "bold")
            self.say("  " + " · ".join(heads[:40]), "dim")
            return
        found = search(game, query)
        if not found:
            self.say(f"No rule mentions {query!r}.", "red")
            return
        if len(found) == 1 or found[0][0] == query.strip():
            self._show_rule(*found[0])
            return
        self.say(f"Rules about {query!r} (rules ID shows one in full):", "bold")
        for rid, r in found:
            self.say(f"  {rid:<10} {r['title']}", "cyan")

    def _show_rule(self, rid: str, found: dict[str, str]) -> None:
        self.say(f"Rule {rid}: {found['title']}", "bold cyan")
        for para in found["text"].splitlines():
            self.say("  " + para)

    def pass_screen(self, seat: int) -> None:
        """Hot seat: wait until `seat` alone sees the screen before showing its hidden cards."""
        self.console.clear()
        self.console.print(Rule(Text(f"Pass the screen to {self.name(seat)}")))
        try:
            self.read(f"{self.name(seat)}: press Enter when only you can see the screen ")
        except EOFError:
            raise Quit() from None
        self._screen_owner = seat

    def choose(self, line: str, legal: list[Action]) -> Action | None:
        """The action a line names (a menu number or action text), or None after explaining why not."""
        menu = self._as_menu(legal)
        shown = line if len(line) <= 40 else line[:39] + "…"
        named: str | None = None
        if line.isascii() and line.isdigit():
            n = small_number(line)
            for i, a in menu:
                if i is not None and i == n:
                    return a
            numbers = sorted(i for i, _ in menu if i is not None)
            contiguous = numbers == list(range(1, len(numbers) + 1))
            self.say(f"Choose a number from 1 to {max(numbers, default=0)}"
                     + ("" if contiguous else f" ({', '.join(map(str, numbers))})")
                     + ", a word from the menu, or ? for help.", "red")
            return None
        if self.face.action_from_line is not None:  # "move Rustfall" for "move 3": the game's own words
            try:
                named = self.face.action_from_line(self.state, line)
            except SpacetableError as e:
                self.say(sentence(str(e)), "red")
                return None
            line = named or line
        try:
            exact = Action.parse(line)
        except SpacetableError:
            exact = None
        if exact is not None and exact not in legal and self.state.space.lookup(exact) is not None:
            # The text names a real action that is not legal now: say so rather than let a prefix
            # match pick another one ("play 1" must not become "play 17").
            said = f"{shown} ({exact})" if named else str(exact)
            self.say(f"{said} is not possible now; choose from the menu.", "red")
            return None
        try:
            return self.state.parse(line, legal)
        except IllegalAction:
            self.say(f"{shown} is not possible now; choose from the menu.", "red")
        except AmbiguousAction:
            matches = [str(a) for a in legal if str(a).startswith(" ".join(line.split()))]
            self.say(f"{shown} matches several entries ({', '.join(matches[:8])}); "
                     "type more of it, or its number.", "red")
        except SpacetableError:
            self.say(f"{shown} is neither an entry of the menu nor a command; ? shows the commands.", "red")
        return None

    def undo_bots(self, seat: int) -> list[int]:
        """Seats whose bot answers an undo may cross (the engine's rules for it): every other seat,
        when every other seat is a bot, as at the web table; none at a table of several people."""
        others = [s for s in range(self.state.num_players) if s != seat]
        return others if others and all(s in self.bots for s in others) else []

    def undo(self, seat: int, *, whole_turn: bool = False) -> bool:
        """Take back `seat`'s last decision (`whole_turn`: all of its decisions this turn) as far as
        the engine's undo policy allows; say how far it went and where and why it stopped."""
        start = self.state
        turn = start.turn_count()
        state = start
        undone = 0  # decisions of the seat taken back (automatic ones are not counted)
        reason = ""
        while True:
            check = undo_check(state, seat, practice=self.practice, bots=self.undo_bots(seat),
                               name=self.name, joined=self._joined)
            if check.keep is None:
                reason = check.reason
                break
            entries = record.entries_of(state)[:check.keep]
            earlier = record.replay_actions(state.spec.name, dict(state.config), state.seed, entries,
                                             stream=state.rng.stream)
            if whole_turn and earlier.turn_count() != turn:
                reason = "that is where this turn began"
                break
            state = self.state = earlier
            if self.automatic(seat) is None:
                undone += 1
                if not whole_turn:
                    break
        if undone == 0:
            self.state = start
            self.say(sentence(f"Cannot undo: {reason}"), "red")
            return False
        self.state = state
        self._joined = {n for n in self._joined if n < state.log_length}
        if state.events is None:
            state.events = []
        state.take_events()
        text = (f"{self.name(seat)} takes back {undone} decision{'s' if undone != 1 else ''}, "
                f"back to move {len(state.history) + 1} ({state.decision_name()})")
        if whole_turn and reason:
            text += f"; it stopped there because {reason}"
        self.note(text)
        self.say("Undone: " + self.log[-1], "yellow")
        return True


class _Watch(Observer):
    """The terminal's view of the session's steps: the notes of automatic choices, a bot's failure,
    the pace of bot moves (--delay) and the autosave."""

    def __init__(self, client: TerminalClient) -> None:
        self.client = client

    def before(self, state: State, step: Step) -> None:
        if step.kind != AUTO or step.seat is None:
            return
        c = self.client
        c.collect_log()
        if state.optional_pass() is not None and not c.stop_at_windows:
            c.note(f"{c.name(step.seat)} lets the optional {state.decision_name()} pass "
                   "(play with --stop-at-windows to be asked)")
        else:
            c.note(f"{c.name(step.seat)} had one choice, taken for you: {c._explain(step.action)}")

    def after(self, state: State, step: Step) -> None:
        if step.kind == BOT:
            self.client.pace()
        self.client.autosave()

    def bot_failed(self, seat: int, error: Exception) -> None:
        c = self.client
        c.say(f"Bot {c.bots[seat].name} of {c.name(seat)} failed or chose an illegal action ({error}); "
              "playing a random legal action instead", "bold red")
