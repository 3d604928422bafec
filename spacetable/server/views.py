"""Everything the server sends about a game, built per seat from that seat's view only.

`view_body(table, seat)` is the one function behind GET /view, every WebSocket push and the
action replies; `log_for(table, seat)` is the one function that builds a seat's log (events are
public by design of the games; the leak test checks it). Undo and intents are asked of the engine
and the game package here too.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Container
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from spacetable.engine.errors import SpacetableError
from spacetable.server.tables import FINISHED, HUMAN, RUNNING, Table, replay

MAX_WALK = 50


@dataclass(frozen=True)
class UndoStatus:
    allowed: bool
    reason: str
    keep: int | None = None


def log_for(table: Table, seat: int | None) -> list[dict[str, Any]]:
    """The plain-language log as `seat` (None: a spectator) may see it."""
    return [{"n": line.n, "text": line.text} for line in table.log]


def intents_module(game: str) -> ModuleType | None:
    """`spacetable.games.<game>.intents` if the game has one."""
    try:
        return importlib.import_module(f"spacetable.games.{game}.intents")
    except ModuleNotFoundError as e:
        if e.name is not None and e.name.endswith(".intents"):
            return None
        raise


def offered_intent(table: Table, seat: int | None) -> dict[str, Any] | None:
    if seat is None or table.current_player() != seat:
        return None
    module = intents_module(table.game)
    offered = getattr(module, "offered", None) if module is not None else None
    if offered is None:
        return None
    try:
        result = offered(table.state, seat)
    except SpacetableError:
        return None
    return result if isinstance(result, dict) else None


def undo_status(table: Table, seat: int | None) -> UndoStatus:
    """May `seat` take back its last decision now? (Only when every other seat is a bot.)"""
    if seat is None:
        return UndoStatus(False, "a spectator cannot undo")
    if table.status != RUNNING:
        return UndoStatus(False, "the game is over")
    if table.seats[seat].kind != HUMAN:
        return UndoStatus(False, "this seat is played by a bot")
    if any(s.kind == HUMAN for s in table.seats if s.seat != seat):
        return UndoStatus(False, "undo is offered only when every other seat is a bot")
    if not table.actions:
        return UndoStatus(False, "nothing to undo: no decision yet")
    kind, _ = table.meta[table.actions[-1][0]]
    if kind == "chance":
        return UndoStatus(False, "a die or a draw has been taken since your last decision")
    key = ("undo", seat)
    if key not in table.cache:
        table.cache[key] = _engine_undo(table, seat)
    status: UndoStatus = table.cache[key]
    return status


def _engine_undo(table: Table, seat: int) -> UndoStatus:
    """Ask the engine's policy; decisions the server took for the seat (forced) are walked over, and
    so are the bots' answers since (every other seat is a bot here), under the engine's rules for
    crossing them (`undo_check(…, bots=…)`: never a chance step, a reveal or an irrevocable act)."""
    try:
        from spacetable.engine.undo import undo_check
    except ImportError:
        return UndoStatus(False, "undo is not available on this server yet")
    state = table.state
    bots = [s.seat for s in table.seats if s.seat != seat]
    for _ in range(MAX_WALK):
        check = undo_check(state, seat, bots=bots)
        if check.keep is None:
            return UndoStatus(False, check.reason)
        keep = check.keep
        if keep >= len(table.actions) or table.meta[table.actions[keep][0]][0] != "auto":
            return UndoStatus(True, check.reason, keep)
        state = replay(table, keep)
    return UndoStatus(False, "too many forced decisions to walk back")


def seat_list(table: Table, connected: Container[int]) -> list[dict[str, Any]]:
    return [{"seat": s.seat, "name": s.name, "kind": s.kind,
             "connected": s.kind != HUMAN or s.seat in connected} for s in table.seats]


def view_body(table: Table, seat: int | None, connected: Container[int] = ()) -> dict[str, Any]:
    """The GET /view body for `seat` (None: spectator), built from `state.view(seat)` only."""
    state = table.state
    current = table.current_player()
    deciding = seat is not None and current == seat and table.seats[seat].kind == HUMAN
    undo = undo_status(table, seat)
    return {
        "id": table.id,
        "game": table.game,
        "version": table.version,
        "terminal": table.status != RUNNING,
        "winners": table.winners(),
        "seat": seat,
        "seats": seat_list(table, connected),
        "current_player": current,
        "decision": "" if table.no_state or table.status != RUNNING else state.decision_name(),
        "view": {"game": table.game, "player": seat} if table.no_state else state.view(seat).to_json(),
        "log": log_for(table, seat),
        "legal_actions": ([{"text": str(a), "description": state.describe(a)} for a in state.legal_actions()]
                          if deciding else []),
        "intent": offered_intent(table, seat) if deciding else None,
        "undo": {"allowed": undo.allowed, "reason": undo.reason},
        "prefs": None if seat is None else {"stop_at_windows": table.seats[seat].stop_at_windows},
        "status": table.status,
        "message": table.message,
    }


def view_text(table: Table, seat: int | None, connected: Container[int] = (),
              log_start: int | None = None) -> str:
    """`view_body` as JSON text, memoized per version, seat and connected seats (pushes and replies
    share one build). With `log_start` (pushes) the body's ``log`` holds only the lines from index
    `log_start` on and says so in ``"log_start"``: the client keeps the first `log_start` lines it
    has and appends these (0: the whole log)."""
    flags = tuple(s.seat in connected for s in table.seats)
    key = ("view", seat, flags, log_start)
    text = table.cache.get(key)
    if text is None:
        body = view_body(table, seat, connected)
        if log_start is not None:
            body["log"] = body["log"][log_start:]
            body["log_start"] = log_start
        text = json.dumps(body, separators=(",", ":"))
        table.cache[key] = text
    return str(text)


def summary_body(table: Table) -> dict[str, Any]:
    """Public facts about a game for GET /summary (no hidden information)."""
    current = table.current_player()
    body: dict[str, Any] = {
        "id": table.id, "game": table.game, "config": table.config, "rules_version": table.rules_version,
        "seats": seat_list(table, range(len(table.seats))), "status": table.status,
        "message": table.message, "version": table.version, "winners": table.winners(),
        "current_player": current, "standings": None,
    }
    if table.status == FINISHED:
        returns = table.state.returns()
        public = table.state.view(None).to_json()
        players = public.get("players")
        rows = []
        for s in table.seats:
            row: dict[str, Any] = {"seat": s.seat, "name": s.name, "kind": s.kind,
                                   "result": returns[s.seat] if s.seat < len(returns) else 0.0,
                                   "winner": s.seat in body["winners"]}
            if isinstance(players, list) and len(players) == len(table.seats) \
                    and isinstance(players[s.seat], dict):
                row["public"] = players[s.seat]
            rows.append(row)
        rows.sort(key=lambda r: (not r["winner"], -float(r["result"]), r["seat"]))
        body["standings"] = rows
    return body
