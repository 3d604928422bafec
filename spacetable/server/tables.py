"""A running game on the server: rebuilt by replaying its records, changed only by planned records.

A table is (config, seed, records). Records are replayed in order: ``action``/``auto``/``chance``/
``joined`` records apply one engine action (a chance record re-draws from the seeded generator and must
match), ``undo`` keeps the first N entries of the action log, ``bot-handoff`` gives a seat to a bot (or,
with the text ``human``, back to its person),
``prefs`` records a seat's ``stop-at-windows=on|off``. Every
change is first *planned* on a copy (`Plan`), written to the store, then `commit`-ted here, so a
refused action or a failed write changes nothing.

After each decision the server advances the game through the session driver
(`spacetable.engine.session`), as every face does: chance steps are drawn (kind ``chance``); a
human decision with a single legal action, and an optional window of a person who has not asked to
be stopped there, are taken for that human (kind ``auto``); bots play only in `plan_bots`, off the
event loop (`server.botpool`), with the session's one seeding rule; all logged.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

import spacetable
from spacetable.engine import record
from spacetable.engine.action import Action
from spacetable.engine.errors import SaveError, SpacetableError
from spacetable.engine.rng import Rng
from spacetable.engine.session import AUTO, BOT, CHANCE_KIND, Observer, Session, Step, bot_rng
from spacetable.engine.session import HUMAN as HUMAN_KIND
from spacetable.engine.session import Chooser as Chooser_
from spacetable.engine.state import CHANCE, TERMINAL, State
from spacetable.server import clocks
from spacetable.server.clocks import ClockSettings, ClockState
from spacetable.server.deal import Deal
from spacetable.server.store import NewRecord, StoredGame, StoredRecord
from spacetable.sim.setup import load_game

log = logging.getLogger("spacetable.server")
HUMAN = "human"
RUNNING, FINISHED, UPGRADED = "running", "finished", "finished-by-upgrade"
ACTION_KINDS = frozenset({"action", "auto", "chance", "joined"})
JOINED = "joined"
"""The record kind of a decision a person made together with the one before it, in one compound intent
("buy 5 Parts", a whole proposal): an undo takes the whole group back (`engine.undo`, ``joined``)."""
TUTORIAL = "tutorial"
"""The record kind that opens a tutorial game (its text: the game's name): the table shows the coach."""
PREF_STOP = "stop-at-windows"

_RULES_VERSIONS: dict[str, str] = {}
_EPOCHS = itertools.count(1)


def rules_version(game: str) -> str:
    """The version of a game's rules: the package version plus a digest of the game's card data."""
    if game not in _RULES_VERSIONS:
        load_game(game)
        package = f"spacetable.games.{game}"
        explicit = getattr(importlib.import_module(package), "RULES_VERSION", None)
        if isinstance(explicit, str):
            _RULES_VERSIONS[game] = explicit
        else:
            digest = hashlib.sha256()
            try:
                data = resources.files(package) / "data"
                for item in sorted(data.iterdir(), key=lambda p: p.name):
                    if item.name.endswith(".json"):
                        digest.update(item.name.encode())
                        digest.update(item.read_bytes())
            except (FileNotFoundError, NotADirectoryError):
                pass
            _RULES_VERSIONS[game] = f"{spacetable.__version__}+{digest.hexdigest()[:10]}"
    return _RULES_VERSIONS[game]


@dataclass
class Seat:
    seat: int
    name: str
    kind: str
    """"human" or a bot name (changes with a bot hand-off)."""
    stop_at_windows: bool = False
    """The person asked to be stopped at optional windows (`State.optional_pass`); otherwise the
    server passes them for this seat (record kind ``auto``)."""
    standin: str | None = None
    """The bot deciding for this person because their time ran out (`clocks`), until the table
    waits on another seat or they come back; the seat stays theirs."""
    timeouts: int = 0
    """Time-outs in a row (reset by a decision of their own)."""

    @property
    def bot(self) -> str | None:
        """The bot that decides for this seat now: its own, or a stand-in; None for a person."""
        return self.kind if self.kind != HUMAN else self.standin


@dataclass(frozen=True)
class LogLine:
    n: int
    """The record that produced this line."""
    text: str
    rule: str | None = None
    """The id of the rule the line applies (`spacetable.rulebook`), beside the text, never in it."""
    level: str = "step"
    """`State.event_level`: "routine" (folded under the line before), "step", or "moment" (a banner)."""


def event_lines(n: int, state: State) -> list[LogLine]:
    """The log lines of the events `state` emitted since it was last asked, for record `n`."""
    return [LogLine(n, state.render_event(e), e.rule or None, state.event_level(e))
            for e in state.take_events()]


@dataclass
class Plan:
    """Records to append and the table contents they lead to (nothing is changed until `commit`)."""

    base_version: int
    records: list[NewRecord]
    state: State
    actions: list[tuple[int, str]]
    log: list[LogLine]
    seats: list[Seat]
    legal: list[Action] | None = None
    """The legal actions of the person deciding at `state`, when `advance` stopped there (so the
    view does not compute them again)."""
    clock: ClockState | None = None


@dataclass
class Table:
    id: str
    game: str
    config: dict[str, Any]
    seed: int
    rules_version: str
    seats: list[Seat]
    state: State
    version: int = 0
    actions: list[tuple[int, str]] = field(default_factory=list)
    """(record number, action text) of every entry of the state's action log."""
    log: list[LogLine] = field(default_factory=list)
    status: str = RUNNING
    message: str | None = None
    no_state: bool = False
    """True when the game cannot even be set up any more (its view is then empty)."""
    meta: list[tuple[str, int | None]] = field(default_factory=list)
    """(kind, seat) of every record, by record number."""
    cache: dict[Any, Any] = field(default_factory=dict)
    """Per-version memo (e.g. undo checks, view texts); cleared on every commit."""
    cache_log: tuple[int, list[str]] | None = None
    """(log_epoch, the first log lines as JSON text): kept across commits while the log only grows
    (`views.view_text` serializes each line once)."""
    view_values: tuple[dict[str, list[tuple[Any, str]]], dict[str, list[tuple[Any, str]]]] = field(
        default_factory=lambda: ({}, {}))
    """The top-level values of the views built at the last version that built any, and at the one
    before, with their JSON texts (`views.view_text` reuses a text for an equal value)."""
    tutorial: bool = False
    """A guided first game (`spacetable.tutorials`): its first record is of kind ``tutorial``."""
    log_epoch: int = field(default_factory=lambda: next(_EPOCHS))
    """Unique per table object, renewed whenever the log changes other than by appending (an undo
    removes lines): a push sending only the lines new since a client's last one knows when it must
    send the whole log instead."""
    deal: Deal | None = None
    """The seed's salt, whether the creator chose it, the generator stream (`server.deal`)."""
    clock: ClockState | None = None
    """The game's clock (`server.clocks`), None without one."""
    chat: list[dict[str, Any]] = field(default_factory=list)
    """The table chat's last messages (`server.chat`: one list per game, shared by its tables)."""
    chat_text: tuple[int, str] = (0, "[]")
    """(number of the last message, the view's ``chat`` as JSON text) (`views.view_text`)."""
    open_seats: set[int] = field(default_factory=set)
    """Seats no one holds yet: any player may take one (`server.rematch`)."""
    rematch: str | None = None
    """The id of this finished game's rematch, once one of its people asked for it."""
    arrived: set[int] = field(default_factory=set)
    """Seats whose person has opened the table since this process held the game (those who decided
    count too: `views.seat_list`); the others have not come yet, which the page says rather than
    "reconnecting"."""

    @property
    def fixed_seed(self) -> bool:
        """The creator chose the seed, so knows the deal (every view says so)."""
        return self.deal is not None and bool(self.deal.fixed)

    # ----- reading ------------------------------------------------------------------------
    def current_player(self) -> int | None:
        if self.status != RUNNING:
            return None
        p = self.state.current_player()
        return None if p in (CHANCE, TERMINAL) else p

    def winners(self) -> list[int]:
        return self.state.winners() if self.status == FINISHED else []

    def bot_to_move(self) -> int | None:
        """The seat of the bot that must decide now, if any."""
        p = self.current_player()
        return p if p is not None and self.seats[p].bot is not None else None

    def has_human(self) -> bool:
        return any(s.kind == HUMAN for s in self.seats)

    # ----- planning -----------------------------------------------------------------------
    def _plan(self) -> Plan:
        state = self.state.copy()
        state.events = []
        return Plan(self.version, [], state, list(self.actions), list(self.log),
                    [replace(s) for s in self.seats], clock=None if self.clock is None else self.clock.copy())

    def plan_actions(self, seat: int, texts: list[str], kind: str = "action", together: bool = False) -> Plan:
        """Apply `seat`'s consecutive decisions (chance steps between them are drawn); SpacetableError.
        `together`: one compound intent, whose decisions after the first are recorded as ``joined``."""
        plan = self._plan()
        session, recorder = _session(plan)
        for i, text in enumerate(texts):
            recorder.human_kind = JOINED if together and i else kind
            if session.state.current_player() not in (seat, CHANCE):
                raise SpacetableError(f"it is not seat {seat}'s decision any more before {text!r}")
            session.play(seat, text)
        recorder.human_kind = "action"
        _advance(plan, session)
        return plan

    def plan_bot(self, seat: int, action: Action) -> Plan:
        plan = self._plan()
        session, _ = _session(plan)
        session.play(seat, action)
        _advance(plan, session)
        return plan

    def plan_bots(self, choose: Chooser, limit: int, seconds: float | None = None) -> Plan:
        """Up to `limit` consecutive bot decisions (`choose(seat, state, rng)`), stopping at a person,
        or once `seconds` of thinking are spent (after at least one decision). Each bot draws from the
        session's generator for its seat at that position of the action log (`session.bot_rng`): after
        an undo the same decision meets the same answer, so undo never re-rolls a bot (engine.undo),
        and it is derived one-way from the seed, so a bot's choices never lead back to the deal."""
        plan = self._plan()
        bots: list[ChooserSeat | None] = [None if s.bot is None else ChooserSeat(choose, s.bot)
                                          for s in plan.seats]
        session, recorder = _session(plan, bots)
        recorder.game_id = self.id
        session.advance(bots=limit, seconds=seconds)
        plan.legal = None
        return plan

    def plan_records(self, records: list[NewRecord]) -> Plan:
        """Records planned elsewhere (a bot worker's), replayed onto a copy: every decision applied
        under the rules, every chance outcome checked against the seeded generator (SaveError)."""
        plan = self._plan()
        for rec in records:
            apply_record(self.game, self.config, self.seed, plan, rec)
        return plan

    def plan_handoff(self, seat: int, bot: str) -> Plan:
        """Give `seat` to the bot `bot`, or (`bot` = "human") back to its person."""
        plan = self._plan()
        apply_record(self.game, self.config, self.seed, plan, NewRecord("bot-handoff", bot, seat))
        if bot == HUMAN:
            advance(plan)
        return plan

    def plan_timeout(self, seat: int, bot: str) -> Plan:
        """`seat`'s time ran out: `bot` decides for them until the table waits on another seat."""
        plan = self._plan()
        apply_record(self.game, self.config, self.seed, plan, NewRecord(clocks.TIMEOUT, bot, seat))
        return plan

    def plan_back(self, seat: int) -> Plan:
        """The person of `seat` is back: the time-out bot standing in for them leaves."""
        plan = self._plan()
        apply_record(self.game, self.config, self.seed, plan, NewRecord(clocks.CLOCK, "back", seat))
        advance(plan)
        return plan

    def plan_prefs(self, seat: int, stop_at_windows: bool) -> Plan:
        plan = self._plan()
        text = f"{PREF_STOP}={'on' if stop_at_windows else 'off'}"
        apply_record(self.game, self.config, self.seed, plan, NewRecord("prefs", text, seat))
        advance(plan)
        return plan

    def plan_undo(self, seat: int, keep: int) -> Plan:
        plan = self._plan()
        apply_record(self.game, self.config, self.seed, plan, NewRecord("undo", str(keep), seat))
        advance(plan)
        return plan

    def plan_advance(self) -> Plan:
        plan = self._plan()
        advance(plan)
        return plan

    def plan_tutorial(self) -> Plan:
        """A new game's first records when it is a tutorial: the ``tutorial`` mark, then the advance."""
        plan = self._plan()
        apply_record(self.game, self.config, self.seed, plan, NewRecord(TUTORIAL, self.game, None))
        advance(plan)
        return plan

    def commit(self, plan: Plan) -> None:
        """Adopt a plan whose records the store has accepted."""
        assert plan.base_version == self.version, "plan made on another version"
        self.state = plan.state
        self.version += len(plan.records)
        self.actions = plan.actions
        self.log = plan.log
        self.seats = plan.seats
        self.clock = plan.clock
        self.meta.extend((r.kind, r.seat) for r in plan.records)
        if any(r.kind == "undo" for r in plan.records):
            self.log_epoch = next(_EPOCHS)
        self.cache.clear()
        if plan.legal is not None:
            self.cache[("legal",)] = plan.legal
        if self.state.is_terminal() and self.status == RUNNING:
            self.status = FINISHED

    def bot_rng(self) -> Rng:
        """The generator of the bot to move now (the session's rule: seed, log position, seat)."""
        p = self.state.current_player()
        return bot_rng(self.seed, len(self.actions), max(p, 0))


Chooser = Callable[[int, State, Rng], Action]


class ChooserSeat:
    """A seat's bot for the session: asks the server's `Chooser` (the bot pool's capped bots)."""

    __slots__ = ("choose_for", "name")

    def __init__(self, choose_for: Chooser, name: str) -> None:
        self.choose_for = choose_for
        self.name = name

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return self.choose_for(seat, state, rng)


def _clocked(plan: Plan, kind: str, seat: int | None) -> None:
    """After a decision or draw in a game with a clock: a person's own decision ends their run of
    time-outs; a stand-in bot leaves once the table waits on another seat."""
    if kind in ("action", JOINED) and seat is not None and plan.seats[seat].kind == HUMAN \
            and plan.seats[seat].standin is None:
        plan.seats[seat].timeouts = 0
    clocks.settle(plan)


_RECORD_KINDS = {HUMAN_KIND: "action", BOT: "action", CHANCE_KIND: "chance", AUTO: "auto"}


class _Recorder(Observer):
    """Writes each step of a session into a plan: its record, its action-log entry, its log lines."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.human_kind = "action"
        """The record kind of a person's decision (``joined`` inside a compound intent)."""
        self.game_id = "?"
        self.session: Session | None = None
        """The session it records (its seats follow a stand-in bot's leaving, `clocks.settle`)."""

    def after(self, state: State, step: Step) -> None:
        plan = self.plan
        n = plan.base_version + len(plan.records)
        text = str(step.action)
        kind = self.human_kind if step.kind == HUMAN_KIND else _RECORD_KINDS[step.kind]
        plan.records.append(NewRecord(kind, text, step.seat))
        plan.actions.append((n, text))
        plan.log.extend(event_lines(n, state))
        if plan.clock is not None:
            _clocked(plan, kind, step.seat)
            session = self.session
            if session is not None:  # a stand-in bot that left: its seat is the person's again
                for i, seat in enumerate(plan.seats):
                    if seat.bot is None and session.bots[i] is not None:
                        session.bots[i] = None

    def bot_failed(self, seat: int, error: Exception) -> None:
        kind = self.plan.seats[seat].kind if seat < len(self.plan.seats) else "?"
        log.error("bot %s of game %s failed (%r); playing a random move", kind, self.game_id, error,
                  exc_info=error)


def _session(plan: Plan, bots: list[ChooserSeat | None] | None = None) -> tuple[Session, _Recorder]:
    """The session driver over a plan's state: people at the human seats, the given bots (or none:
    the session then stops at a bot's decision), each step recorded into the plan."""
    recorder = _Recorder(plan)
    seats: list[Chooser_ | None] = (list(bots) if bots is not None
                                    else [None if s.bot is None else _WAIT for s in plan.seats])
    session = Session(plan.state, seats, stop_at_windows=[s.stop_at_windows for s in plan.seats],
                      observer=recorder, position=len(plan.actions))
    recorder.session = session
    return session, recorder


class _Waiting:
    """Stands for a bot the session must not ask (`advance(bots=0)` stops before it)."""

    name = "waiting"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        raise AssertionError("a bot is asked only in plan_bots")


_WAIT = _Waiting()


def _advance(plan: Plan, session: Session) -> None:
    """Chance steps, people's single options and passed windows, until a real choice or a bot."""
    session.advance(bots=0)
    p = session.to_decide()
    plan.legal = session.state.legal_actions() if p is not None else None


def advance(plan: Plan) -> None:
    """Draw chance steps and take forced (single-action) human decisions, and pass optional windows
    for people who have not asked to be stopped there, until a real choice (the session driver)."""
    session, _ = _session(plan)
    _advance(plan, session)


def _replay_actions(game: str, config: dict[str, Any], seed: int, texts: list[str], stream: str) -> State:
    load_game(game)
    return record.replay_actions(game, dict(config), seed, list(texts), stream=stream)


def replay(table: Table, keep: int) -> State:
    """The table's state after its first `keep` action-log entries."""
    return _replay_actions(table.game, table.config, table.seed, [t for _, t in table.actions[:keep]],
                           table.state.rng.stream)


def apply_record(game: str, config: dict[str, Any], seed: int, plan: Plan, rec: NewRecord) -> None:
    """Replay one stored record onto a plan (raises SpacetableError if it does not replay)."""
    n = plan.base_version + len(plan.records)
    state = plan.state
    if rec.kind in ACTION_KINDS:
        if rec.kind == "chance":
            if state.current_player() != CHANCE:
                raise SaveError(f"record {n}: a chance outcome where seat {state.current_player()} decides")
            drawn = state.sample_chance()
            if str(drawn) != rec.text:
                raise SaveError(f"record {n}: log says {rec.text!r}, the seeded dice give {str(drawn)!r}")
        else:
            if state.current_player() != rec.seat:
                raise SaveError(f"record {n}: seat {rec.seat} acted where {state.current_player()} decides")
            state.apply(Action.parse(rec.text))
        plan.actions.append((n, rec.text))
        plan.log.extend(event_lines(n, state))
        if plan.clock is not None:
            _clocked(plan, rec.kind, rec.seat)
    elif rec.kind in (clocks.CLOCK, clocks.TIMEOUT):
        line = clocks.apply(plan, rec, n)
        if line is not None:
            plan.log.append(LogLine(n, line))
    elif rec.kind == "undo":
        keep = int(rec.text)
        if not 0 <= keep <= len(plan.actions):
            raise SaveError(f"record {n}: cannot keep {keep} of {len(plan.actions)} entries")
        undone = {m for m, _ in plan.actions[keep:]}
        plan.actions = plan.actions[:keep]
        plan.state = _replay_actions(game, config, seed, [t for _, t in plan.actions], state.rng.stream)
        plan.state.events = []
        plan.log = [line for line in plan.log if line.n not in undone]
        who = plan.seats[rec.seat].name if rec.seat is not None and rec.seat < len(plan.seats) else "?"
        plan.log.append(LogLine(n, f"{who} took back their last decision (undo)"))
    elif rec.kind == "prefs":
        key, _, value = rec.text.partition("=")
        if rec.seat is None or not 0 <= rec.seat < len(plan.seats) or key != PREF_STOP or value not in (
                "on", "off"):
            raise SaveError(f"record {n}: unknown preference {rec.text!r}")
        plan.seats[rec.seat].stop_at_windows = value == "on"
    elif rec.kind == TUTORIAL:
        if n != 0:
            raise SaveError(f"record {n}: a tutorial mark after the game began")
    elif rec.kind == "bot-handoff":
        if rec.seat is None or not 0 <= rec.seat < len(plan.seats):
            raise SaveError(f"record {n}: bot hand-off of an unknown seat")
        seat = plan.seats[rec.seat]
        seat.kind = rec.text
        seat.standin = None
        if rec.text == HUMAN:
            seat.timeouts = 0
        plan.log.append(LogLine(n, f"{seat.name} is back and plays their own seat again" if rec.text == HUMAN
                                else f"{seat.name}'s seat is now played by the {rec.text} bot"))
    else:
        raise SaveError(f"record {n}: unknown kind {rec.kind!r}")
    plan.records.append(rec)


def save_document(table: Table) -> dict[str, Any]:
    """The finished game as the save document `spacetable play --load` and `spacetable replay` read
    (`engine.record`), its seats in the ``table`` key (people and bots as they sat at the end)."""
    humans = [s.seat for s in table.seats if s.kind == HUMAN]
    bots = {str(s.seat): s.kind for s in table.seats if s.kind != HUMAN}
    return record.to_document(table.state, client={"table": {"humans": humans, "bots": bots}})


def load_table(stored: StoredGame) -> Table:
    """Rebuild a game from its records; a log that no longer replays is shown finished-by-upgrade."""
    current = rules_version(stored.game) if _game_known(stored.game) else "unknown"
    seats = [Seat(s.seat, s.name, s.kind) for s in stored.seats]
    try:
        state = load_game(stored.game).new_game(dict(stored.config), stored.seed, stream=stored.stream)
    except Exception as e:  # noqa: BLE001 - a game this server cannot set up is shown, never a crash
        return _broken(stored, seats, None, f"This game can no longer be set up on this server ({e}). "
                       f"It was stored under rules {stored.rules_version}; this server runs {current}.")
    state.events = []
    table = Table(stored.id, stored.game, stored.config, stored.seed, stored.rules_version, seats, state,
                  deal=deal_of(stored))
    table.clock = clock_of(stored)
    plan = table._plan()
    for rec in stored.records:
        try:
            apply_record(stored.game, stored.config, stored.seed, plan, _as_new(rec))
        except Exception as e:  # noqa: BLE001 - whatever the old log does, show it, never crash
            if not isinstance(e, SpacetableError):
                log.exception("game %s: record %s does not replay", stored.id, rec.n)
            table.state, table.actions, table.log = plan.state, plan.actions, plan.log
            table.seats = plan.seats
            table.meta = [(r.kind, r.seat) for r in stored.records]
            table.version = stored.version
            table.status = UPGRADED
            table.message = (f"This game was recorded under rules version {stored.rules_version} and no "
                             f"longer replays under version {current} ({e}). It is shown as finished at "
                             f"its last replayable position.")
            return table
    table.commit(plan)
    table.version = stored.version
    table.tutorial = bool(stored.records) and stored.records[0].kind == TUTORIAL
    if stored.status == UPGRADED:
        table.status = UPGRADED
        table.message = "This game was closed by a rules upgrade."
    return table


def clock_of(stored: StoredGame) -> ClockState | None:
    """The clock of a stored game at its start (its records then replay the rest), None without one."""
    settings = ClockSettings.of(stored.clock)
    return ClockState(settings) if settings is not None else None


def deal_of(stored: StoredGame) -> Deal:
    return Deal(stored.seed, stored.salt, stored.fixed_seed, stored.stream)


def _as_new(rec: StoredRecord) -> NewRecord:
    return NewRecord(rec.kind, rec.text, rec.seat)


def _game_known(game: str) -> bool:
    try:
        load_game(game)
        return True
    except SpacetableError:
        return False


def _broken(stored: StoredGame, seats: list[Seat], state: State | None, message: str) -> Table:
    st = state if state is not None else _placeholder()
    return Table(stored.id, stored.game, stored.config, stored.seed, stored.rules_version, seats, st,
                 version=stored.version, status=UPGRADED, message=message, no_state=state is None,
                 deal=deal_of(stored))


def _placeholder() -> State:
    """A tiny state that keeps a table that cannot be set up uniform: a new game of the registry's
    example game (`GameSpec.example`), else of any game that sets up."""
    from spacetable.sim.setup import all_games

    specs = []
    for name in all_games():
        try:
            specs.append(load_game(name))
        except SpacetableError:
            continue
    for spec in sorted(specs, key=lambda s: not s.example):
        try:
            return spec.new_game({"players": spec.min_players}, 0)
        except SpacetableError:
            continue
    raise SpacetableError("no game can be set up on this server")
