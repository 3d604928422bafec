"""The Parquet schema of simulation results: one row per game and seat (docs/simulate.md lists it).

The columns every game fills (`COMMON`, `LAST`) and, between them, each registered game's own columns
(its study's `spacetable.games.study.Column` list, in the registry's order; a column two games share is
declared alike by both): name, Arrow type and a one-line meaning (stored as field metadata, so a results
file documents itself). Columns a game does not report are null for it. The games' columns are read on
first use (`columns`, `schema`), never at import: a simulation worker installs its card overrides before
any game package is imported (`spacetable.sim.overrides.install`).
"""

from __future__ import annotations

import functools

import pyarrow as pa

from spacetable.engine.errors import ConfigError
from spacetable.sim.setup import studies

SCHEMA_VERSION = "2"
"""2: seeds of 128 bits (``base_seed``, ``seed``: decimal256(39, 0)) and games dealt by the keyed
generator. A file of version 1 (uint64 seeds, the splitmix64 generator) is still read, its seeds
cast; a run never appends to one (its games are not those this version plays)."""
SEED = pa.decimal256(39, 0)
"""A seed column: an exact integer 0 ≤ n < 2**128 (39 decimal digits; uint64 holds only 2**64)."""

Columns = tuple[tuple[str, pa.DataType, str], ...]

COMMON: Columns = (
    ("run", pa.string(), "the sweep run's name ('' for a plain simulate)"),
    ("game", pa.string(), "game name"),
    ("config", pa.string(), "the game config as canonical JSON text (players, modules, expansions, modes…)"),
    ("cards", pa.string(), "the card overrides as canonical JSON text ('' for the shipped cards)"),
    ("cards_digest", pa.string(), "16 hex digits of the overrides' SHA-256 ('' for the shipped cards)"),
    ("game_id", pa.string(),
     "16 hex digits identifying the game: run, game, config, cards, seed, seating, cap"),
    ("game_index", pa.int64(), "i: the game's index in its run (seed = base_seed + i)"),
    ("base_seed", SEED, "S: the run's --seed"),
    ("seed", SEED, "the game's own seed (S + i); replays it alone with --games 1 --seed"),
    ("players", pa.int32(), "seats in the game"),
    ("seat", pa.int32(), "this row's seat, 0 = first player"),
    ("bot", pa.string(), "the bot name at this seat (seats rotate between games)"),
    ("status", pa.string(), "finished, unfinished (stopped at the decision cap) or error"),
    ("error", pa.string(), "the exception 'Type: message' when status is error (else null)"),
    ("error_where", pa.list_(pa.string()), "the last traceback lines when status is error (else null)"),
    ("result", pa.float64(), "1 win, 0 loss, 1/k for a win shared by k seats (null unless finished)"),
    ("winner", pa.bool_(), "this seat won or shared the win (null unless finished)"),
    ("turns", pa.int32(), "state.turn_count() at the end"),
    ("decisions", pa.int32(), "bot decisions in the game (chance steps not counted)"),
    ("score", pa.float64(), "the seat's score at the end, in the game's own measure (docs/simulate.md)"),
    ("prestige", pa.int32(), "Prestige at the end, in games that count it (a state's `scores`)"),
)
"""The columns of every game, before the games' own."""
LAST: Columns = (
    ("stats", pa.string(), "state.game_stats() as JSON text (same on every seat row of a game)"),
    ("cards_offered", pa.list_(pa.string()),
     "the cards the seat could buy (or play) at one of its decisions, as its game's figures count them"),
    ("cards_bought", pa.list_(pa.string()), "the cards the seat bought (or played), in order"),
    ("score_track", pa.list_(pa.float64()),
     "the seat's score at the end of each turn, the final score last (its game's measure of progress)"),
    ("actions", pa.list_(pa.int32()), "the game's action log, chance outcomes included, as action indices "
                                      "(with --trajectories; else null; same on every seat row)"),
)
"""The columns of every game, after the games' own."""
ADDED_COLUMNS = ("cards_offered", "cards_bought", "score_track", "actions")
"""Columns added after the first results files: null when a file lacks them."""

_SCALARS: dict[str, pa.DataType] = {"string": pa.string(), "bool": pa.bool_(), "int32": pa.int32(),
                                    "int64": pa.int64(), "double": pa.float64()}


def arrow_type(text: str) -> pa.DataType:
    """The Arrow type a game's column declares (``int32``, ``list<string>``, ``list<struct<a: string,
    b: int32>>``); `ConfigError` for anything else."""
    t = text.strip()
    if t in _SCALARS:
        return _SCALARS[t]
    if t.startswith("list<") and t.endswith(">"):
        return pa.list_(arrow_type(t[5:-1]))
    if t.startswith("struct<") and t.endswith(">"):
        fields, depth, start, body = [], 0, 0, t[7:-1]
        for i, ch in enumerate(body + ","):
            depth += (ch == "<") - (ch == ">")
            if ch == "," and depth == 0:
                name, sep, inner = body[start:i].partition(":")
                if not sep or not name.strip():
                    raise ConfigError(f"a struct field needs 'name: type', not {body[start:i]!r}")
                fields.append((name.strip(), arrow_type(inner)))
                start = i + 1
        return pa.struct(fields)
    raise ConfigError(f"unknown column type {text!r} (known: {', '.join(_SCALARS)}, list<…>, struct<…>)")


@functools.cache
def game_columns() -> Columns:
    """Every registered game's own columns, in the registry's order (a game whose package does not load
    adds none); `ConfigError` when two games declare one name with two types."""
    found: dict[str, tuple[str, pa.DataType, str]] = {}
    fixed = {name for name, _, _ in COMMON + LAST}
    for spec, found_study in studies():
        for c in found_study.columns:
            typ = arrow_type(c.type)
            if c.name in fixed:
                raise ConfigError(f"{spec.title}: the column {c.name!r} is common to every game")
            if c.name in found and found[c.name][1] != typ:
                raise ConfigError(f"{spec.title}: the column {c.name!r} is {c.type}, another game's is "
                                  f"{found[c.name][1]}")
            found.setdefault(c.name, (c.name, typ, c.doc))
    return tuple(found.values())


def columns() -> Columns:
    """Every column of a results file: name, Arrow type, meaning."""
    return COMMON + game_columns() + LAST


@functools.cache
def schema() -> pa.Schema:
    """The results file's schema (each column's meaning in its ``doc`` metadata)."""
    return pa.schema([pa.field(name, typ, metadata={"doc": doc}) for name, typ, doc in columns()],
                     metadata={"spacetable.results": SCHEMA_VERSION})


def names() -> tuple[str, ...]:
    return tuple(name for name, _, _ in columns())
