"""What a simulation worker runs: a batch of games of one configuration → Arrow rows (one per seat).

The same function serves every backend (in this process, a child process, a Ray task), so game ``i``
of seed ``S`` is the same game everywhere: state seed ``S + i``, seating `seating(bots, i)`, played by
the session driver (`spacetable.engine.session`: bots draw by its one seeding rule, so game ``i`` is
also the game `spacetable play` and the server play with that seed and those bots). A game that raises
is a row with status ``error`` and the run goes on. The worker imports the game itself, after
installing the run's card overrides (`spacetable.sim.overrides.install`), so this module imports no
game at the top.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import threading
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa

from spacetable.bots.base import Bot
from spacetable.engine import record
from spacetable.engine.errors import ConfigError, SpacetableError
from spacetable.engine.game import GameSpec
from spacetable.engine.session import Observer, Session, Step
from spacetable.engine.state import State
from spacetable.sim.figures import Tracker, common_figures, make_tracker
from spacetable.sim.overrides import CardOverrides, install
from spacetable.sim.schema import schema

BOT_LABEL = 0x5EED_B075
"""Kept for older callers: bots now draw by the session's rule (`spacetable.engine.session.bot_rng`)."""


def seating(bots: Sequence[str], game_index: int) -> list[str]:
    """The bot name at each seat in game `game_index`: the k-th name sits at seat (k + i) % n."""
    n = len(bots)
    shift = game_index % n
    return [bots[(seat - shift) % n] for seat in range(n)]


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class RunSpec:
    """One configuration to simulate: everything a worker needs to replay any of its games."""

    game: str
    config: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    max_decisions: int
    run: str = ""
    cards: CardOverrides | None = None
    trajectories: bool = False
    """Record each game's action log (the ``actions`` column) for `spacetable dataset` (docs/rl.md)."""
    save_dir: str | None = None
    """Write each game's save document to ``<save_dir>/<game id>.json`` (what `spacetable play --load`
    and `spacetable replay` read); not part of a game's identity."""

    @property
    def config_json(self) -> str:
        return canonical(self.config)

    @property
    def cards_digest(self) -> str:
        return "" if self.cards is None else self.cards.digest

    def game_seed(self, i: int) -> int:
        return self.seed + i

    def game_id(self, i: int) -> str:
        """Identity of game `i` in a results file: its run's name and what it plays, not how or where
        it ran (a sweep run keeps its own rows even when another run plays the same games)."""
        key = canonical([self.run, self.game, self.config_json, self.cards_digest, self.game_seed(i),
                         seating(self.bots, i), self.max_decisions])
        return hashlib.sha256(key.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Batch:
    run: RunSpec
    indices: tuple[int, ...]


_READY: dict[tuple[str, str], GameSpec] = {}


def prepare(run: RunSpec) -> GameSpec:
    """This process ready to play `run`: overrides installed, game imported, bot names checked."""
    key = (run.game, run.cards_digest)
    spec = _READY.get(key)
    if spec is not None:
        return spec
    from spacetable.sim.setup import load_game, make_bots

    try:
        install(run.cards, run.game)
        spec = load_game(run.game)
        make_bots(run.game, run.bots)
    except SpacetableError as e:
        raise ConfigError(str(e)) from None  # a plain one-argument error crosses process boundaries
    _READY[key] = spec
    return spec


class _Tracking(Observer):
    """Reports the session's steps to a figures tracker (`Tracker.decide` before a decision,
    `Tracker.step` after every step)."""

    def __init__(self, tracker: Tracker) -> None:
        self.tracker = tracker

    def before(self, state: State, step: Step) -> None:
        if step.seat is not None:
            self.tracker.decide(state, step.seat, step.action)

    def after(self, state: State, step: Step) -> None:
        self.tracker.step(state)


def play(state: State, bots: Sequence[Bot], max_decisions: int, tracker: Tracker | None) -> int:
    """Play `state` on with the session driver (as `runner.play_out`, watched by `tracker`); the
    number of bot decisions."""
    session = Session(state, bots, max_decisions=max_decisions, trust_bots=True,
                      observer=None if tracker is None else _Tracking(tracker))
    session.advance()
    return session.decisions


def game_rows(spec: GameSpec, run: RunSpec, i: int) -> list[dict[str, Any]]:
    """The rows of game `i` of `run` (played now), one per seat."""
    from spacetable.sim.setup import make_bots

    seated = seating(run.bots, i)
    seed = run.game_seed(i)
    n = len(seated)
    base: dict[str, Any] = {
        "run": run.run, "game": run.game, "config": run.config_json,
        "cards": "" if run.cards is None else run.cards.canonical, "cards_digest": run.cards_digest,
        "game_id": run.game_id(i), "game_index": i, "base_seed": run.seed, "seed": seed, "players": n,
    }
    per_seat: list[dict[str, Any]] = [{} for _ in range(n)]
    try:
        state = spec.new_game(dict(run.config), seed)
        tracker = make_tracker(spec, n)
        decisions = play(state, make_bots(run.game, seated), run.max_decisions, tracker)
        finished = state.is_terminal()
        winners = state.winners() if finished else []
        stats = state.game_stats() if finished else {}
        base |= {"status": "finished" if finished else "unfinished", "turns": state.turn_count(),
                 "decisions": decisions, "stats": canonical(stats)}
        if run.trajectories:
            base["actions"] = state.history
        if run.save_dir is not None:
            write_game(state, seated, Path(run.save_dir) / f"{run.game_id(i)}.json")
        for seat in range(n):
            figures = common_figures(state, seat)
            if tracker is not None:
                figures |= tracker.seat_figures(state, seat)
            if finished:
                figures["result"] = 1.0 / len(winners) if seat in winners else 0.0
                figures["winner"] = seat in winners
            per_seat[seat] = figures
    except Exception as e:  # noqa: BLE001  (a crashing game is a finding, not the end of the run)
        base |= {"status": "error", "error": f"{type(e).__name__}: {e}",
                 "error_where": traceback.format_exc(limit=-3).strip().splitlines()[-3:],
                 "turns": 0, "decisions": 0, "stats": "{}"}
        per_seat = [{} for _ in range(n)]
    return [base | {"seat": seat, "bot": seated[seat]} | per_seat[seat] for seat in range(n)]


def write_game(state: State, seated: Sequence[str], path: Path) -> None:
    """The save document of a played game (its bots in the ``table`` key, as `spacetable play` writes
    it, so ``play --load`` and ``replay`` read it), written atomically."""
    table = {"humans": [], "bots": {str(seat): name for seat, name in enumerate(seated)}}
    doc = record.to_document(state, client={"table": table})
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def watch_parent() -> None:
    """Pool initializer: end this worker process as soon as its parent dies (killed outright), whether
    it is playing or waiting for work; nobody is left to receive its rows, and pool workers hold their
    own queue's pipes, so they would otherwise wait forever."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait() -> None:
        parent.join()
        os._exit(1)

    threading.Thread(target=wait, name="spacetable-parent-watch", daemon=True).start()


def play_batch(batch: Batch) -> pa.Table:
    """Play every game of `batch`; their rows as one Arrow table with the results schema.

    """
    spec = prepare(batch.run)
    rows: list[dict[str, Any]] = []
    for i in batch.indices:
        rows.extend(game_rows(spec, batch.run, i))
    return pa.Table.from_pylist(rows, schema=schema())
