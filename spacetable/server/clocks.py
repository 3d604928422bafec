"""Clocks: each person's time for the decisions the table waits on, kept in the game's own records.

A game created with a clock (``{"kind": "live" | "turn", "seconds": N, "reserve": R}``) gives every
person a *run* of time whenever the table starts waiting on them: `seconds` for that wait plus what is
left of their reserve bank (`reserve` seconds at the start). A wait lasts from the moment a decision
becomes the person's until the table no longer waits on them (another seat is to decide): their own
decisions in a row, and the draws and forced steps between them, are one wait, so a turn
of several small decisions is one wait. The per-wait seconds are used first, then the reserve drains;
a live clock is "30 s + 5 min", a turn-based one "24 h per turn" (a reserve is optional for both).

The clock is part of the game's log, so it survives restarts and reaches every server process with the
records themselves (NOTIFY): ``clock`` records open a seat's run (``run <started ms> <due ms>``), close
it (``stop <reserve ms left>``) or say the person is back (``back``); a ``timeout`` record (text: the
bot) says the time ran out. `sync` adds the open/close records to every plan the server writes. When
the time runs out the game's default bot stands in for that wait only (`Seat.standin`): it makes the
seat's decisions until the table waits on another seat, and the person keeps the seat. A person who
comes back (any action, or a WebSocket of their seat) takes over at once (``back``). After
`HANDOFF_TIMEOUTS` time-outs in a row (no decision of their own between them) the others may hand
the seat to a bot for good (the ordinary hand-off).

Deadlines fire from a job table (`deadlines.ClockKeeper`); time while the whole server was down is
not charged (`ClockState.shift`, from the outages the heartbeat reveals).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from spacetable.engine.errors import SaveError

if TYPE_CHECKING:
    from spacetable.server.store import NewRecord
    from spacetable.server.tables import Plan, Table

KINDS = ("none", "live", "turn")
HANDOFF_TIMEOUTS = 3
"""Time-outs in a row after which the other people may hand the seat to a bot for good."""
MAX_SECONDS = 30 * 24 * 3600
"""The longest time per wait, and the largest reserve, a clock may give (30 days)."""
CLOCK, TIMEOUT = "clock", "timeout"
"""The record kinds of the clock."""


@dataclass(frozen=True)
class ClockSettings:
    kind: str
    """"live" or "turn" (a game without a clock has no settings)."""
    seconds: int
    """Seconds per wait (per turn, for a turn-based clock)."""
    reserve: int = 0
    """Seconds of reserve each person starts with, used once a wait's own seconds are gone."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seconds": self.seconds, "reserve": self.reserve}

    @staticmethod
    def of(data: dict[str, Any] | None) -> ClockSettings | None:
        """Settings stored with a game (None: no clock)."""
        if not data or data.get("kind") not in ("live", "turn"):
            return None
        return ClockSettings(str(data["kind"]), int(data["seconds"]), int(data.get("reserve") or 0))


@dataclass(frozen=True)
class Run:
    """A person's running time: the wait that started at record `n`."""

    seat: int
    n: int
    started_ms: int
    due_ms: int
    """When the time runs out (moved on by the time the whole server was down, `ClockState.shift`)."""


@dataclass
class ClockState:
    settings: ClockSettings
    reserves: dict[int, int] = field(default_factory=dict)
    """Reserve left per seat (ms); a seat not in it has the whole reserve."""
    run: Run | None = None

    def copy(self) -> ClockState:
        return ClockState(self.settings, dict(self.reserves), self.run)

    def reserve_ms(self, seat: int) -> int:
        return self.reserves.get(seat, self.settings.reserve * 1000)

    def shift(self, outages: list[tuple[int, int]]) -> None:
        """Give the open run back the time the whole server was down while it ran."""
        run = self.run
        if run is None:
            return
        due = run.due_ms
        for start, end in sorted(outages):
            if run.started_ms <= start < due:
                due += end - start
        if due != run.due_ms:
            self.run = replace(run, due_ms=due)


def parse_request(data: dict[str, Any] | None) -> ClockSettings | None:
    """The clock a new game asks for (`api.ClockBody` checked the types); ValueError with the reason."""
    if data is None or data.get("kind") == "none":
        if data is not None and (data.get("seconds") is not None or data.get("reserve") is not None):
            raise ValueError("a game without a clock takes no seconds or reserve")
        return None
    kind = data.get("kind")
    seconds = data.get("seconds")
    reserve = data.get("reserve") or 0
    if kind not in ("live", "turn"):
        raise ValueError(f"clock kind must be one of {', '.join(KINDS)}")
    if seconds is None:
        what = "per decision" if kind == "live" else "per turn"
        raise ValueError(f"a {kind} clock needs \"seconds\" (the time {what})")
    if not 1 <= seconds <= MAX_SECONDS or not 0 <= reserve <= MAX_SECONDS:
        raise ValueError(f"clock seconds must be 1…{MAX_SECONDS} and reserve 0…{MAX_SECONDS}")
    return ClockSettings(str(kind), int(seconds), int(reserve))


def apply(plan: Plan, rec: NewRecord, n: int) -> str | None:
    """Replay a ``clock`` or ``timeout`` record onto a plan; the log line it makes, if any."""
    clock = plan.clock
    if clock is None or rec.seat is None or not 0 <= rec.seat < len(plan.seats):
        raise SaveError(f"record {n}: a clock record in a game without a clock")
    seat = plan.seats[rec.seat]
    if rec.kind == TIMEOUT:
        seat.standin = rec.text
        seat.timeouts += 1
        clock.reserves[rec.seat] = 0
        clock.run = None
        line = f"{seat.name} ran out of time: the {rec.text} bot makes this decision for them"
        if seat.timeouts >= HANDOFF_TIMEOUTS:
            line += (f" ({seat.timeouts} time-outs in a row: the others may now hand the seat to a bot "
                     "until they come back)")
        return line
    word, _, rest = rec.text.partition(" ")
    try:
        numbers = [int(x) for x in rest.split()] if rest else []
    except ValueError as e:
        raise SaveError(f"record {n}: unreadable clock record {rec.text!r}") from e
    if word == "run" and len(numbers) == 2:
        clock.run = Run(rec.seat, n, numbers[0], numbers[1])
        return None
    if word == "stop" and len(numbers) == 1:
        clock.reserves[rec.seat] = numbers[0]
        if clock.run is not None and clock.run.seat == rec.seat:
            clock.run = None
        return None
    if word == "back" and not numbers:
        seat.standin = None
        return f"{seat.name} is back and makes their own decisions again"
    raise SaveError(f"record {n}: unknown clock record {rec.text!r}")


def settle(plan: Plan) -> None:
    """A stand-in bot leaves once the table no longer waits on its seat (chance steps between keep it)."""
    from spacetable.engine.state import CHANCE

    current = plan.state.current_player()
    if current == CHANCE:
        return
    for seat in plan.seats:
        if seat.standin is not None and seat.seat != current:
            seat.standin = None


def waiting(plan: Plan | Table) -> int | None:
    """The person whose time runs now: the seat deciding, if a person (no stand-in) decides."""
    from spacetable.server.tables import HUMAN

    p = plan.state.current_player()
    if p < 0 or p >= len(plan.seats):
        return None
    seat = plan.seats[p]
    return p if seat.kind == HUMAN and seat.standin is None else None


def sync(plan: Plan, now_ms: int) -> None:
    """Add the records that close the run of a person the table no longer waits on (charging the
    reserve what the wait took beyond its own seconds) and open one for the person it now waits on."""
    from spacetable.server.store import NewRecord

    clock = plan.clock
    if clock is None:
        return
    who = waiting(plan)
    run = clock.run
    if run is not None and run.seat != who:
        left = max(0, min(clock.reserve_ms(run.seat), run.due_ms - now_ms))
        _add(plan, NewRecord(CLOCK, f"stop {left}", run.seat))
    if who is not None and clock.run is None:
        due = now_ms + clock.settings.seconds * 1000 + clock.reserve_ms(who)
        _add(plan, NewRecord(CLOCK, f"run {now_ms} {due}", who))


def _add(plan: Plan, rec: NewRecord) -> None:
    apply(plan, rec, plan.base_version + len(plan.records))
    plan.records.append(rec)


def view(table: Table, now_ms: int) -> tuple[dict[str, float], dict[str, Any] | None]:
    """The view's ``clock`` (seconds left of each person's current allowance: the running wait's
    time for the seat the table waits on, the next wait's for the others, 0 while a time-out bot
    stands in) and ``clock_info`` (the settings, whose time runs, reserves and time-outs in a row)."""
    from spacetable.server.tables import HUMAN, RUNNING

    clock = table.clock
    if clock is None:
        return {}, None
    settings = clock.settings
    run = clock.run if table.status == RUNNING else None
    left: dict[str, float] = {}
    for s in table.seats:
        if s.kind != HUMAN:
            continue
        if run is not None and run.seat == s.seat:
            ms = max(0, run.due_ms - now_ms)
        elif s.standin is not None:
            ms = 0
        else:
            ms = settings.seconds * 1000 + clock.reserve_ms(s.seat)
        left[str(s.seat)] = round(ms / 1000, 1)
    info = {**settings.to_json(), "running": run.seat if run is not None else None,
            "reserve_left": {str(s.seat): round(clock.reserve_ms(s.seat) / 1000, 1)
                             for s in table.seats if s.kind == HUMAN},
            "timeouts": {str(s.seat): s.timeouts for s in table.seats if s.timeouts},
            "standin": {str(s.seat): s.standin for s in table.seats if s.standin is not None}}
    return left, info
