"""Trajectories: one row per decision of a seat, rebuilt by replaying a game's action log.

A game is (config, seed, action log); replaying the log from a fresh state reproduces every decision.
At each one the deciding seat's observation tensor and legal mask come from the adapters' own
functions (`seat_observation`, `legal_mask`: the seat's view only, exactly what an agent in the
PettingZoo or Gymnasium environment gets). Chance entries are re-drawn from the state's seeded
generator and must match the log, as saves and the server check them.

`COLUMNS` is the dataset schema (docs/rl.md, "Datasets"); `DatasetWriter` writes it to Parquet files.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from spacetable.engine.errors import ConfigError, SaveError
from spacetable.engine.state import CHANCE
from spacetable.rl.observations import encoder_for, legal_mask, seat_observation
from spacetable.sim.setup import load_game

DATASET_VERSION = "1"
COLUMNS: tuple[tuple[str, pa.DataType, str], ...] = (
    ("game_id", pa.string(), "the game: a results file's game_id, or the server's game id"),
    ("source", pa.string(), "'simulate' (a results file) or 'server' (a server database)"),
    ("game", pa.string(), "game name"),
    ("config", pa.string(), "the game config as canonical JSON text"),
    ("players", pa.int32(), "seats in the game"),
    ("seat", pa.int32(), "the seat that decides, 0 = first player"),
    ("player", pa.string(), "who played the seat at this decision: a bot name, or 'human'"),
    ("step", pa.int32(), "the decision's number in the game, every seat counted, from 0 (no chance steps)"),
    ("seat_step", pa.int32(), "the decision's number among this seat's decisions, from 0"),
    ("decision", pa.string(), "the engine's name of the decision (e.g. negotiation.answer)"),
    ("obs", pa.list_(pa.float32()),
     "the seat's observation tensor (the RL adapters' encoder of view(seat), docs/rl.md)"),
    ("mask", pa.list_(pa.bool_()), "dense legal mask indexed by action index (True: legal now)"),
    ("action", pa.int32(), "the chosen action's index in the game's action space"),
    ("action_text", pa.string(), "the chosen action's text"),
    ("reward", pa.float32(), "the seat's return on its last decision of a finished game (1 win, 1/k "
                             "shared by k, 0 loss), else 0"),
    ("terminated", pa.bool_(), "true on the seat's last decision of a game that ended by the rules"),
    ("truncated", pa.bool_(), "true on the seat's last decision of a game stopped unfinished (a cap)"),
    ("result", pa.float64(), "the seat's return at the end (null unless the game finished)"),
    ("winner", pa.bool_(), "the seat won or shared the win (null unless the game finished)"),
)
SCHEMA = pa.schema([pa.field(name, typ, metadata={"doc": doc}) for name, typ, doc in COLUMNS],
                   metadata={"spacetable.dataset": DATASET_VERSION})


@dataclass(frozen=True)
class GameLog:
    """What a trajectory is rebuilt from: the game, its config and seed, the action log (indices,
    chance outcomes included), and who played each decision (`player(position in log, seat)`)."""

    game_id: str
    source: str
    game: str
    config: dict[str, Any]
    seed: int
    log: Sequence[int]
    player: Callable[[int, int], str]


def replay_rows(g: GameLog) -> Iterator[dict[str, Any]]:
    """The rows of one game, in the order of its decisions (`SaveError` if the log does not replay)."""
    spec = load_game(g.game)
    state = spec.new_game(dict(g.config), g.seed)
    encoder = encoder_for(g.game, state.config)
    size = len(state.space)
    players = state.num_players
    config = json.dumps(state.config, sort_keys=True, separators=(",", ":"))
    rows: list[dict[str, Any]] = []
    seat_steps = [0] * players
    for n, index in enumerate(g.log):
        if state.is_terminal():
            raise SaveError(f"game {g.game_id}: the log goes on after the end (entry {n})")
        p = state.current_player()
        if p == CHANCE:
            drawn = state.sample_chance()
            if drawn.index != index:
                raise SaveError(f"game {g.game_id}: entry {n} is {index}, the seeded dice give {drawn.index}")
            continue
        chosen = next((a for a in state.legal_actions() if a.index == index), None)
        if chosen is None:
            raise SaveError(f"game {g.game_id}: entry {n} (index {index}) is not legal there")
        rows.append({
            "game_id": g.game_id, "source": g.source, "game": g.game, "config": config, "players": players,
            "seat": p, "player": g.player(n, p), "step": len(rows), "seat_step": seat_steps[p],
            "decision": state.decision_name(),
            "obs": np.asarray(seat_observation(encoder, state, p), dtype=np.float32),
            "mask": np.asarray(legal_mask(state, p, size), dtype=bool),
            "action": index, "action_text": str(chosen), "reward": 0.0,
            "terminated": False, "truncated": False, "result": None, "winner": None,
        })
        seat_steps[p] += 1
        state.apply_fast(chosen)
    finished = state.is_terminal()
    returns = state.returns() if finished else [0.0] * players
    winners = set(state.winners()) if finished else set()
    last: dict[int, dict[str, Any]] = {}
    for row in rows:
        last[row["seat"]] = row
        if finished:
            row["result"] = float(returns[row["seat"]])
            row["winner"] = row["seat"] in winners
    for seat, row in last.items():
        row["terminated" if finished else "truncated"] = True
        row["reward"] = float(returns[seat])
    yield from rows


class DatasetWriter:
    """Writes rows to ``DIR/part-00000.parquet``, ``part-00001.parquet``… (`rows_per_file` rows each)."""

    def __init__(self, out: str | Path, rows_per_file: int = 20_000) -> None:
        self.out = Path(out)
        if self.out.exists() and not self.out.is_dir():
            raise ConfigError(f"--out {self.out} is a file; name a folder for the dataset")
        if self.out.is_dir() and any(self.out.glob("*.parquet")):
            raise ConfigError(f"--out {self.out} already holds Parquet files; choose a new or empty folder")
        if not self.out.parent.is_dir():
            raise ConfigError(f"--out {self.out}: the folder {self.out.parent} does not exist")
        self.out.mkdir(exist_ok=True)
        self.rows_per_file = rows_per_file
        self.pending: list[dict[str, Any]] = []
        self.files: list[Path] = []
        self.rows = 0
        self.games: set[str] = set()

    def add_game(self, rows: Sequence[dict[str, Any]]) -> None:
        """The rows of one whole game (a game is never split over two files)."""
        self.pending.extend(rows)
        self.rows += len(rows)
        self.games.update(r["game_id"] for r in rows)
        if len(self.pending) >= self.rows_per_file:
            self.flush()

    def flush(self) -> None:
        if not self.pending:
            return
        path = self.out / f"part-{len(self.files):05d}.parquet"
        tmp = self.out / f".{path.name}.tmp"
        pq.write_table(to_table(self.pending), tmp)
        tmp.replace(path)
        self.files.append(path)
        self.pending = []

    def close(self) -> dict[str, Any]:
        """Write what is left; the summary ``{"rows", "games", "files", "out"}``."""
        self.flush()
        return {"rows": self.rows, "games": len(self.games), "files": [str(f) for f in self.files],
                "out": str(self.out)}


def _list_array(rows: Sequence[dict[str, Any]], key: str, typ: pa.DataType) -> Any:
    parts = [r[key] for r in rows]
    lengths = np.fromiter((len(x) for x in parts), dtype=np.int32, count=len(parts))
    offsets = np.zeros(len(parts) + 1, dtype=np.int32)
    np.cumsum(lengths, out=offsets[1:])
    flat = np.concatenate(parts) if parts else np.zeros(0)
    values: Any = pa.array(flat, type=typ)
    return pa.ListArray.from_arrays(pa.array(offsets, type=pa.int32()), values, type=pa.list_(typ))


def to_table(rows: Sequence[dict[str, Any]]) -> pa.Table:
    """Rows as an Arrow table of `SCHEMA` (the tensors go in as flat NumPy buffers)."""
    arrays = []
    for field in SCHEMA:
        if field.name == "obs":
            arrays.append(_list_array(rows, "obs", pa.float32()))
        elif field.name == "mask":
            arrays.append(_list_array(rows, "mask", pa.bool_()))
        else:
            arrays.append(pa.array([r[field.name] for r in rows], type=field.type))
    return pa.Table.from_arrays(arrays, schema=SCHEMA)


def read_dataset(path: str | Path, columns: Sequence[str] | None = None) -> pa.Table:
    """Every row of a dataset folder (or one of its files); `ConfigError` when there is none."""
    path = Path(path)
    files = sorted(path.glob("*.parquet")) if path.is_dir() else [path]
    if not files or not files[0].is_file():
        raise ConfigError(f"no dataset at {path}")
    tables = []
    for f in files:
        t = pq.read_table(f, columns=list(columns) if columns else None)
        if b"spacetable.dataset" not in (pq.read_schema(f).metadata or {}):
            raise ConfigError(f"{f} is not a spacetable dataset file (no spacetable.dataset metadata)")
        tables.append(t)
    return pa.concat_tables(tables)
