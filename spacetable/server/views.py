"""Everything the server sends about a game, built per seat from that seat's view only.

`view_body(table, seat)` is the one function behind GET /view, every WebSocket push and the
action replies; `log_for(table, seat)` is the one function that builds a seat's log (events are
public by design of the games; the leak test checks it). Undo and intents are asked of the engine
and the game package here too.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Container, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from spacetable.engine.errors import SpacetableError
from spacetable.server import clocks
from spacetable.server.tables import FINISHED, HUMAN, JOINED, RUNNING, LogLine, Table, replay
from spacetable.sim.setup import load_game

CHAT_LINES = 50
"""The last table-chat messages every view carries (`server.chat`)."""

MAX_WALK = 50


@dataclass(frozen=True)
class UndoStatus:
    allowed: bool
    reason: str
    keep: int | None = None


def log_for(table: Table, seat: int | None) -> list[dict[str, Any]]:
    """The plain-language log as `seat` (None: a spectator) may see it: the same for every viewer
    (the events are public by the games' design), which `_log_texts` relies on (a log that differed
    per seat would need its texts kept per seat; test_server_views compares them with this)."""
    return [log_json(line) for line in table.log]


def log_json(line: LogLine) -> dict[str, Any]:
    """One log line as sent: ``{"n", "text", "rule", "level"}`` (the rule's id as data, never in the text)."""
    return {"n": line.n, "text": line.text, "rule": line.rule, "level": line.level}


def intents_module(game: str) -> ModuleType | None:
    """The game's intents module (`Manifest.intents`) if it has one."""
    return _game_module(game, "intents")


def _game_module(game: str, part: str) -> ModuleType | None:
    """The game's module for `part` of its manifest, if it declares one."""
    return load_game(game).module(part)


def guide_for(table: Table, seat: int | None) -> dict[str, Any] | None:
    """What the table always shows (how to win, the phases with the current one, the badges), from the
    game's `guide(view, config)` and `seat`'s view only; None for a game without a guide module."""
    module = _game_module(table.game, "guide")
    fn = getattr(module, "guide", None) if module is not None else None
    if fn is None or table.no_state:
        return None
    found: dict[str, Any] = fn(_view_json(table, seat), table.config)
    return found


def tutorial_for(table: Table, seat: int | None, guide: dict[str, Any] | None) -> dict[str, Any] | None:
    """The coach's word for a tutorial's seat now (`spacetable.tutorials.step`); None elsewhere."""
    if not table.tutorial or seat is None or table.no_state:
        return None
    from spacetable.tutorials import NoTutorial, step

    current = table.current_player()
    deciding = current == seat and table.seats[seat].kind == HUMAN
    view = _view_json(table, seat)
    turn = view.get("turn")
    who = table.seats[current].name if current is not None and current < len(table.seats) else "the table"
    try:
        return step(table.game, decision=table.state.decision_name() if deciding else "", deciding=deciding,
                    phase=str((guide or {}).get("phase", "")), turn=turn if isinstance(turn, int) else 0,
                    terminal=table.status != RUNNING, who=who)
    except NoTutorial:
        return None


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
    """May `seat` take back its last decision now? At any table, under the engine's policy
    (`engine.undo`): its own last decision, while no other seat has decided since, no chance was
    drawn, nothing hidden was revealed by it, and the rules do not make it final. Only where every
    other seat is a bot may the undo cross the bots' answers (their crossing rule)."""
    if seat is None:
        return UndoStatus(False, "a spectator cannot undo")
    if table.status != RUNNING:
        return UndoStatus(False, "the game is over")
    if table.seats[seat].kind != HUMAN:
        return UndoStatus(False, "this seat is played by a bot")
    if not table.actions:
        return UndoStatus(False, "nothing to undo: no decision yet")
    kind, by = table.meta[table.actions[-1][0]]
    if kind == "chance":
        return UndoStatus(False, "a die or a draw has been taken since your last decision")
    people = any(s.kind == HUMAN for s in table.seats if s.seat != seat)
    if people and by is not None and by != seat:
        # another seat's entry is the last one (the engine would say the same, without replaying)
        return UndoStatus(False, f"{table.seats[by].name} has decided since your last decision")
    key = ("undo", seat)
    if key not in table.cache:
        found = _engine_undo(table, seat, crossing=not people)
        if people:  # where another person reads along, a reason names no action (only seats)
            found = UndoStatus(found.allowed, re.sub(r" \([^)]*\)", "", found.reason) if not found.allowed
                               else "takes back your last decision", found.keep)
        table.cache[key] = found
    status: UndoStatus = table.cache[key]
    return status


def _engine_undo(table: Table, seat: int, crossing: bool) -> UndoStatus:
    """Ask the engine's policy; decisions the server took for the seat (forced) are walked over, and
    with `crossing` (every other seat is a bot) so are the bots' answers since, under the engine's
    rules for crossing them (`undo_check(…, bots=…)`: never a chance step, a reveal or an
    irrevocable act). At a table with other people nothing is crossed."""
    try:
        from spacetable.engine.undo import undo_check
    except ImportError:
        return UndoStatus(False, "undo is not available on this server yet")
    state = table.state
    bots = [s.seat for s in table.seats if s.seat != seat] if crossing else []
    names = {s.seat: s.name for s in table.seats}  # as the table shows them
    joined = {i for i, (n, _) in enumerate(table.actions) if table.meta[n][0] == JOINED}
    for _ in range(MAX_WALK):
        check = undo_check(state, seat, bots=bots, name=names.__getitem__, joined=joined)
        if check.keep is None:
            return UndoStatus(False, check.reason)
        keep = check.keep
        if keep >= len(table.actions) or table.meta[table.actions[keep][0]][0] != "auto":
            return UndoStatus(True, check.reason, keep)
        state = replay(table, keep)
    return UndoStatus(False, "too many forced decisions to walk back")


def seat_list(table: Table, connected: Container[int], away: Container[int] = ()) -> list[dict[str, Any]]:
    """Every seat: name, kind, whether its person is connected, whether they have come at all
    (``arrived``: connected or decided since this process held the game), whether they have been
    away long enough that another seat may hand their seat to a bot (``away``), and whether the seat
    is open (no one holds it yet)."""
    acted = table.cache.get(("acted",))
    if acted is None:
        acted = table.cache[("acted",)] = {seat for kind, seat in table.meta if kind == "action"}
    return [{"seat": s.seat, "name": s.name, "kind": s.kind,
             "connected": s.kind != HUMAN or s.seat in connected,
             "arrived": s.kind != HUMAN or s.seat in connected or s.seat in table.arrived or s.seat in acted,
             "away": s.kind == HUMAN and s.seat in away and s.seat not in table.open_seats,
             "open": s.seat in table.open_seats} for s in table.seats]


def view_body(table: Table, seat: int | None, connected: Container[int] = (),
              away: Container[int] = ()) -> dict[str, Any]:
    """The GET /view body for `seat` (None: spectator), built from `state.view(seat)` only (its
    ``view`` is memoized for the version: read it, do not change it)."""
    body = _fields(table, seat, connected, away)
    left, info = clocks.view(table, _now_ms())
    return {**body["head"], "view": _view_json(table, seat), "log": log_for(table, seat), **body["tail"],
            "clock": left, "clock_info": info, "chat": table.chat[-CHAT_LINES:], "rematch": table.rematch}


def _now_ms() -> int:
    return int(time.time() * 1000)


NO_CLOCK = ',"clock":{},"clock_info":null'
"""The body's clock keys in a game without a clock."""


def _clock_text(table: Table) -> str:
    """The body's ``clock`` and ``clock_info`` as JSON text, built at every send (the seconds left
    change while the version stays)."""
    if table.clock is None:
        return NO_CLOCK
    left, info = clocks.view(table, _now_ms())
    return f',"clock":{_dumps(left)},"clock_info":{_dumps(info)}'


def _fields(table: Table, seat: int | None, connected: Container[int],
            away: Container[int] = ()) -> dict[str, dict[str, Any]]:
    """The body's keys before ``view`` (head) and after ``log`` (tail), for `seat`."""
    state = table.state
    current = table.current_player()
    deciding = seat is not None and current == seat and table.seats[seat].kind == HUMAN
    undo = undo_status(table, seat)
    guide = guide_for(table, seat)
    return {
        "head": {
            "id": table.id,
            "game": table.game,
            "version": table.version,
            "terminal": table.status != RUNNING,
            "winners": table.winners(),
            "seat": seat,
            "seats": seat_list(table, connected, away),
            "current_player": current,
            "decision": "" if table.no_state or table.status != RUNNING else state.decision_name(),
            "fixed_seed": table.fixed_seed,
        },
        "tail": {
            "legal_actions": ([{"text": str(a), "description": state.describe(a),
                                "rule": state.action_rule(a)}
                               for a in table.cache.get(("legal",)) or state.legal_actions()]
                              if deciding else []),
            "intent": offered_intent(table, seat) if deciding else None,
            "undo": {"allowed": undo.allowed, "reason": undo.reason},
            "prefs": None if seat is None else {"stop_at_windows": table.seats[seat].stop_at_windows},
            "status": table.status,
            "message": table.message,
            "guide": guide,
            "tutorial": tutorial_for(table, seat, guide),
        },
    }


def _view_json(table: Table, seat: int | None) -> dict[str, Any]:
    """`state.view(seat).to_json()` (the spectator's is `view(None)`), memoized per version."""
    key = ("state-view", seat)
    found = table.cache.get(key)
    if found is None:
        found = ({"game": table.game, "player": seat} if table.no_state
                 else table.state.view(seat).to_json())
        table.cache[key] = found
    view: dict[str, Any] = found
    return view


_ENCODER = json.JSONEncoder(separators=(",", ":"))
"""`json.dumps(value, separators=(",", ":"))` without building an encoder per call."""
_KEY_TEXTS: dict[str, str] = {}
"""The JSON text of each top-level key of the views seen (a game's few dozen names)."""


def _dumps(value: Any) -> str:
    text: str = _ENCODER.encode(value)
    return text


def _key_text(key: str) -> str:
    text = _KEY_TEXTS.get(key)
    if text is None:
        text = _dumps(key)
        if len(_KEY_TEXTS) < 4096:
            _KEY_TEXTS[key] = text
    return text


def _view_text(table: Table, seat: int | None) -> str:
    """`_view_json(table, seat)` as JSON text. Most of a view is the same for every seat (the
    public board) and much of it the same as at the last version: each top-level value is
    serialized once, and its text reused for another seat's view of this version, or for any view
    of the next version, only where that view's own value is equal to it (``==``, of the same
    type), so a seat's text never holds anything its own view does not."""
    key = ("view-text", seat)
    text = table.cache.get(key)
    if text is None:
        now: dict[str, list[tuple[Any, str]]] | None = table.cache.get(("view-values",))
        if now is None:  # the first view of this version: the last version's values become the old ones
            now = {}
            table.view_values = (now, table.view_values[0])
            table.cache[("view-values",)] = now
        before = table.view_values[1]
        parts = []
        for k, value in _view_json(table, seat).items():
            known = now.setdefault(k, [])
            piece = _same(known, value)
            if piece is None:
                piece = _same(before.get(k, ()), value)
                if piece is None:
                    piece = _dumps(value)
                known.append((value, piece))
            parts.append(f"{_key_text(k)}:{piece}")
        text = "{" + ",".join(parts) + "}"
        table.cache[key] = text
    return str(text)


def _same(known: Iterable[tuple[Any, str]], value: Any) -> str | None:
    """The text of a value in `known` equal to `value` (and of its type), if any."""
    for other, text in known:
        if type(other) is type(value) and other == value:
            return text
    return None


def _log_texts(table: Table) -> list[str]:
    """Every log line as JSON text, each serialized once: kept on the table across versions while
    the log only grows (`Table.log_epoch`), rebuilt after an undo."""
    cached: tuple[int, list[str]] | None = table.cache_log
    if cached is None or cached[0] != table.log_epoch or len(cached[1]) > len(table.log):
        cached = (table.log_epoch, [])
        table.cache_log = cached
    texts = cached[1]
    for line in table.log[len(texts):]:
        texts.append(_dumps(log_json(line)))
    return texts


def view_text(table: Table, seat: int | None, connected: Container[int] = (),
              log_start: int | None = None, away: Container[int] = ()) -> str:
    """`view_body` as JSON text (the same keys, in the same order), memoized per version, seat,
    connected seats and log start (pushes and replies share one build of the body's parts; the
    view's public values and every log line are serialized once; only the clock is built each
    time). With `log_start` (pushes) the body's ``log`` holds only the lines from index
    `log_start` on and says so in ``"log_start"``: the client keeps the first `log_start` lines it
    has and appends these (0: the whole log)."""
    flags = tuple((s.seat in connected) + 2 * (s.seat in away) for s in table.seats)
    key = ("view", seat, flags, log_start)
    text = table.cache.get(key)
    if text is None:
        parts_key = ("parts", seat, flags)
        parts = table.cache.get(parts_key)
        if parts is None:
            fields = _fields(table, seat, connected, away)
            parts = (_dumps(fields["head"])[:-1] + ',"view":' + _view_text(table, seat) + ',"log":[',
                     "]," + _dumps(fields["tail"])[1:])
            table.cache[parts_key] = parts
        head, tail = parts
        lines = ",".join(_log_texts(table)[log_start or 0:])
        text = head + lines + tail[:-1]
        table.cache[key] = text
    # what changes while the version stays is added at every send: a clock's seconds, the chat, a rematch
    end = "}" if log_start is None else f',"log_start":{log_start}}}'
    rematch = "null" if table.rematch is None else _dumps(table.rematch)
    return f'{text}{_clock_text(table)},"chat":{_chat_text(table)},"rematch":{rematch}{end}'


def _chat_text(table: Table) -> str:
    """The view's ``chat`` (the last `CHAT_LINES` messages) as JSON text, built once per new message
    (chat does not change the game's version, so it is kept apart from the version's memo)."""
    last = table.chat[-1]["n"] if table.chat else 0
    if table.chat_text[0] != last:
        table.chat_text = (last, _dumps(table.chat[-CHAT_LINES:]))
    return table.chat_text[1]


def _deal(table: Table) -> dict[str, Any]:
    """``fixed_seed`` and ``seed_commitment`` always; ``seed`` and ``salt`` once the game is over."""
    if table.deal is None:
        return {"fixed_seed": False, "seed_commitment": None, "seed": None, "salt": None}
    return table.deal.public(over=table.status != RUNNING)


def summary_body(table: Table) -> dict[str, Any]:
    """Public facts about a game for GET /summary (no hidden information)."""
    current = table.current_player()
    body: dict[str, Any] = {
        "id": table.id, "game": table.game, "config": table.config, "rules_version": table.rules_version,
        "seats": seat_list(table, range(len(table.seats))), "status": table.status,
        "message": table.message, "version": table.version, "winners": table.winners(),
        "current_player": current, "standings": None, "tutorial": table.tutorial,
        "clock": None if table.clock is None else table.clock.settings.to_json(),
        **_deal(table),
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
