"""Replays of finished games: every position of the log, as the spectator saw it or revealed.

A `Replay` is built once per finished game (its records replayed from config and seed, keeping a
copy of the position every `CHECKPOINT_EVERY` records) and then answers any position quickly:
`index()` lists the steps (one per record: who, what the log said, the turn) and `body(n, …)` is the
table at version n in the shape of a GET /view body, read-only (no legal actions, no undo).

By default a position is the spectator's `view(None)`. Once the game is over nothing is secret any
more, so ``seat=N`` gives seat N's own view at that position and ``reveal`` adds, for every seat,
what its view held beyond the spectator's (hands, objectives, goals: ``"hidden"``). Running games
have no replay (the spectator link follows them live): the server refuses with 409.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from spacetable.engine.state import CHANCE, TERMINAL, State
from spacetable.server.store import NewRecord, StoredGame
from spacetable.server.tables import FINISHED, LogLine, Plan, Seat, Table, apply_record, clock_of, deal_of
from spacetable.server.views import log_json, seat_list
from spacetable.sim.setup import load_game

CHECKPOINT_EVERY = 32
TURN_KEYS = ("turn", "round")
"""Keys of a game's public view that count its turns (the first int found is the step's turn)."""


@dataclass
class _Point:
    state: State
    actions: list[tuple[int, str]]
    log: list[LogLine]
    seats: list[Seat]


def seat_key(seat: int) -> str:
    return f"p{seat + 1}"


def hidden_of(public: Any, private: Any, path: str = "") -> list[dict[str, Any]]:
    """What `private` (a seat's view) holds beyond `public` (the spectator's), as path/value pairs."""
    out: list[dict[str, Any]] = []
    if isinstance(public, dict) and isinstance(private, dict):
        for k, v in private.items():
            if k == "player":
                continue
            where = f"{path}.{k}" if path else str(k)
            if k not in public:
                if isinstance(v, dict) and v:  # a whole private section ("you": {…}): its entries
                    out.extend(hidden_of({}, v, where))
                else:
                    out.append({"path": where, "value": v})
            else:
                out.extend(hidden_of(public[k], v, where))
    elif isinstance(public, list) and isinstance(private, list) and len(public) == len(private):
        for i, (a, b) in enumerate(zip(public, private, strict=True)):
            out.extend(hidden_of(a, b, f"{path}.{i}" if path else str(i)))
    elif public != private:
        out.append({"path": path, "value": private})
    return out


class Replay:
    """Every position of one finished game (immutable once built)."""

    def __init__(self, stored: StoredGame, status: str, message: str | None) -> None:
        self.id, self.game, self.config, self.seed = stored.id, stored.game, stored.config, stored.seed
        self.status, self.message = status, message
        self.deal = deal_of(stored)
        state = load_game(stored.game).new_game(dict(stored.config), stored.seed, stream=stored.stream)
        state.events = []
        seats = [Seat(s.seat, s.name, s.kind) for s in stored.seats]
        table = Table(stored.id, stored.game, stored.config, stored.seed, stored.rules_version, seats, state,
                      deal=self.deal, clock=clock_of(stored))
        plan = table._plan()
        self.records = [NewRecord(r.kind, r.text, r.seat) for r in stored.records]
        self.points: dict[int, _Point] = {0: self._point(plan)}
        self.steps: list[dict[str, Any]] = []
        turn = self._turn(plan.state)
        self.turns: list[dict[str, int]] = [{"turn": turn, "n": 0}] if turn is not None else []
        for i, rec in enumerate(self.records):
            try:
                apply_record(self.game, self.config, self.seed, plan, rec)
            except Exception:  # noqa: BLE001 - a log that no longer replays ends its replay there
                break
            n = i + 1
            turn = self._turn(plan.state)
            if turn is not None and (not self.turns or turn != self.turns[-1]["turn"]):
                self.turns.append({"turn": turn, "n": n})
            lines: list[str] = []
            for line in reversed(plan.log):  # this record's lines are the last ones
                if line.n != i:
                    break
                lines.append(line.text)
            self.steps.append({"n": n, "kind": rec.kind, "seat": rec.seat, "turn": turn,
                               "text": lines[::-1]})
            if n % CHECKPOINT_EVERY == 0:
                self.points[n] = self._point(plan)
        self.last = len(self.steps)
        self.points[self.last] = self._point(plan)
        self.final_seats = plan.seats

    @staticmethod
    def _point(plan: Plan) -> _Point:
        state = plan.state.copy()
        state.events = []
        return _Point(state, list(plan.actions), list(plan.log), [replace(s) for s in plan.seats])

    @staticmethod
    def _turn(state: State) -> int | None:
        public = state.view(None).to_json()
        for key in TURN_KEYS:
            value = public.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
        return None

    def index(self) -> dict[str, Any]:
        """The steps of the game (GET /replay)."""
        final = self._at(self.last)
        return {"id": self.id, "game": self.game, "status": self.status, "message": self.message,
                "seats": seat_list(replace_table(self, final), range(len(final.seats))),
                "winners": final.state.winners() if final.state.is_terminal() else [],
                "last": self.last, "steps": self.steps, "turns": self.turns}

    def _at(self, n: int) -> _Point:
        base = max(k for k in self.points if k <= n)
        point = self.points[base]
        plan = Plan(base, [], point.state.copy(), list(point.actions), list(point.log),
                    [replace(s) for s in point.seats])
        plan.state.events = []
        for rec in self.records[base:n]:
            apply_record(self.game, self.config, self.seed, plan, rec)
        return _Point(plan.state, plan.actions, plan.log, plan.seats)

    def body(self, n: int, seat: int | None = None, reveal: bool = False) -> dict[str, Any]:
        """The table at version n (0…last) as a read-only GET /view body: the spectator's view, or
        seat N's (`seat`), and with `reveal` every seat's hidden part (``"hidden"``)."""
        point = self._at(n)
        state = point.state
        p = state.current_player()
        public = state.view(None).to_json()
        body: dict[str, Any] = {
            "id": self.id, "game": self.game, "version": n,
            "terminal": state.is_terminal(), "winners": state.winners() if state.is_terminal() else [],
            "seat": seat, "seats": seat_list(replace_table(self, point), range(len(point.seats))),
            "current_player": None if p in (CHANCE, TERMINAL) else p,
            "decision": "" if state.is_terminal() else state.decision_name(),
            "view": public if seat is None else state.view(seat).to_json(),
            "log": [log_json(line) for line in point.log],
            "legal_actions": [], "intent": None,
            "undo": {"allowed": False, "reason": "a replay cannot be changed"}, "prefs": None,
            "status": FINISHED if state.is_terminal() else self.status if n == self.last else "running",
            "message": self.message if n == self.last else None,
            "replay": {"last": self.last, "reveal": reveal},
        }
        if reveal:
            body["hidden"] = {seat_key(q): hidden_of(public, state.view(q).to_json())
                              for q in range(len(point.seats))}
        return body


def replace_table(replay: Replay, point: _Point) -> Table:
    """A table shell holding a replay position's seats (for `views.seat_list`)."""
    return Table(replay.id, replay.game, replay.config, replay.seed, "", point.seats, point.state,
                 deal=replay.deal)
