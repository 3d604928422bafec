"""The view texts the server sends are exactly `view_body` as JSON (docs/server.md, "The view").

`views.view_text` builds the text from parts memoized per version (the body's fields, the view's
top-level values shared between seats where equal, each log line serialized once per table) for
speed; here every text, for every viewer in changing orders, with and without ``log_start``, is
compared with `json.dumps(view_body(...))` of the same table, through games of Space Lanes and
Moonrakers with bots and random people, and after undos, which remove log lines.
"""

from __future__ import annotations

import json
import random
from typing import Any

from spacetable.bots.base import make_bot
from spacetable.server.tables import HUMAN, Seat, Table
from spacetable.server.views import view_body, view_text
from spacetable.sim.setup import load_game


def _table(game: str, kinds: list[str], seed: int, modes: list[str] | None = None) -> Table:
    spec = load_game(game)
    config = spec.make_config(len(kinds), modes=modes) if modes else spec.make_config(len(kinds))
    state = spec.new_game(dict(config), seed)
    state.events = []
    seats = [Seat(i, f"S{i}", k) for i, k in enumerate(kinds)]
    table = Table(f"{game}{seed}", game, config, seed, "test", seats, state)
    table.commit(table.plan_advance())
    return table


def _expected(table: Table, viewer: int | None, connected: set[int], start: int | None) -> str:
    body: dict[str, Any] = view_body(table, viewer, connected)
    if start is not None:
        body["log"] = body["log"][start:]
        body["log_start"] = start
    return json.dumps(body, separators=(",", ":"))


def _check_all(table: Table, rng: random.Random) -> int:
    viewers: list[int | None] = [None, *range(len(table.seats))]
    rng.shuffle(viewers)  # whichever seat's view is built first, the others' texts are their own
    connected = {s for s in range(len(table.seats)) if rng.random() < 0.7}
    checked = 0
    for viewer in viewers:
        for start in (None, 0, max(0, len(table.log) - rng.randint(0, 5)), len(table.log)):
            assert view_text(table, viewer, connected, start) == _expected(table, viewer, connected, start)
            checked += 1
    return checked


def _play(table: Table, rng: random.Random, steps: int, undo_every: int = 0) -> int:
    bots = {s.seat: make_bot(table.game, s.kind) for s in table.seats if s.kind != HUMAN}
    checked = _check_all(table, rng)
    for step in range(steps):
        current = table.current_player()
        if current is None:
            break
        if undo_every and step % undo_every == undo_every - 1 and len(table.actions) > 2:
            # an undo record (the policy is the service's business): log lines go, the cache must follow
            table.commit(table.plan_undo(current, len(table.actions) - 2))
        elif current in bots:
            action = bots[current].choose(table.state.copy(), current, table.bot_rng())
            table.commit(table.plan_bot(current, action))
        else:
            table.commit(table.plan_actions(current, [str(rng.choice(table.state.legal_actions()))]))
        checked += _check_all(table, rng)
    return checked


def test_space_lanes_view_texts_are_the_view_bodies() -> None:
    rng = random.Random(5)
    for seed, modes in ((3, ["exploration"]), (4, ["exploration", "pvp"])):
        table = _table("spacelanes", [HUMAN, "greedy", HUMAN], seed, modes)
        assert _play(table, rng, 120) > 1000


def test_moonrakers_view_texts_are_the_view_bodies() -> None:
    rng = random.Random(6)
    table = _table("moonrakers", [HUMAN, "random", HUMAN, HUMAN], 8)
    assert _play(table, rng, 150) > 1000


def test_view_texts_after_undos_hold_the_log_as_it_is() -> None:
    """An undo removes log lines (docs/server.md, Storage: ``undo`` keeps N entries): texts built
    after it carry the log without them, whatever was serialized before."""
    rng = random.Random(7)
    table = _table("spacelanes", [HUMAN, "greedy", "greedy"], 9, ["exploration"])
    epochs = {table.log_epoch}
    _play(table, rng, 60, undo_every=7)
    epochs.add(table.log_epoch)
    assert len(epochs) > 1  # undos happened
