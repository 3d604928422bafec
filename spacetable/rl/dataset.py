"""``spacetable dataset SOURCE --out DIR``: trajectories of games as Parquet (docs/rl.md, "Datasets").

Two sources, one code path (`spacetable.rl.trajectories.replay_rows`):

- a ``simulate`` results file written with ``--trajectories`` (its ``actions`` column holds each
  game's action log; the ``bot`` column says who played each seat);
- a server database URL (as ``serve --db`` takes): the finished games created with
  ``"share_for_research": true``. Their stored records are replayed by the server's own loader
  (undos applied), the surviving decisions replayed again through the adapters' observation code;
  a seat's player is ``human`` or the bot that held the seat at that decision (hand-offs followed).
  Display names, tokens and the server's seed never leave the database.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError, SpacetableError
from spacetable.rl.trajectories import DatasetWriter, GameLog, replay_rows


def is_database(source: str) -> bool:
    """A database URL (``sqlite:///…``, ``postgresql+psycopg://…``) rather than a results file."""
    return "://" in source


def results_games(path: str | Path) -> tuple[list[GameLog], int]:
    """The games of a results file that carry an action log, and how many finished ones do not."""
    import json

    from spacetable.sim.results import read_results

    table = read_results(path)
    cols = ["game_id", "game", "config", "seed", "seat", "bot", "status", "actions"]
    by_game: dict[str, list[dict[str, Any]]] = {}
    for r in table.select(cols).to_pylist():
        by_game.setdefault(str(r["game_id"]), []).append(r)
    games: list[GameLog] = []
    without = 0
    for gid, rows in by_game.items():
        first = rows[0]
        if first["status"] == "error":
            continue
        if first["actions"] is None:
            without += 1
            continue
        bots = {int(r["seat"]): str(r["bot"]) for r in rows}
        games.append(GameLog(gid, "simulate", str(first["game"]), json.loads(first["config"]),
                             int(first["seed"]), list(first["actions"]), _fixed(bots)))
    return games, without


def _fixed(bots: dict[int, str]) -> Callable[[int, int], str]:
    return lambda _n, seat: bots[seat]


def _safe_url(url: str) -> str:
    """The URL without its password (for messages)."""
    head, sep, rest = url.partition("://")
    if "@" in rest:
        creds, _, host = rest.rpartition("@")
        rest = f"{creds.split(':')[0]}:***@{host}"
    return head + sep + rest


def database_games(url: str) -> list[GameLog]:
    """The finished, shared games of a server database, as action logs with who played each decision."""
    from sqlalchemy.exc import DBAPIError, SQLAlchemyError

    from spacetable.server.store import Store, make_engine
    from spacetable.server.tables import ACTION_KINDS, HUMAN, load_table
    from spacetable.sim.setup import load_game

    try:
        store = Store(make_engine(url))
    except ModuleNotFoundError as e:
        raise ConfigError(f"the database {url.split('://')[0]} needs {e.name}: "
                          "pip install 'spacetable[postgres]'") from e
    games: list[GameLog] = []
    try:
        try:
            ids = store.shared_for_research()
        except SQLAlchemyError as e:
            raise ConfigError(f"cannot read the games of {_safe_url(url)}: "
                              f"{str(e.orig if isinstance(e, DBAPIError) else e).splitlines()[0]}") from e
        for gid in ids:
            stored = store.fetch(gid)
            if stored is None:
                continue
            table = load_table(stored)  # the server's own replay: undos, hand-offs, chance checks
            if table.status != "finished":
                continue
            kinds = {s.seat: s.kind for s in stored.seats}
            player_at: dict[int, str] = {}
            standin: dict[int, str] = {}  # a time-out bot deciding for a person (docs/server.md, Clocks)
            for rec in stored.records:
                if rec.kind == "bot-handoff" and rec.seat is not None:
                    kinds[rec.seat] = rec.text
                    standin.pop(rec.seat, None)
                elif rec.kind == "timeout" and rec.seat is not None:
                    standin[rec.seat] = rec.text
                elif rec.kind == "clock" and rec.text == "back" and rec.seat is not None:
                    standin.pop(rec.seat, None)
                elif rec.kind in ACTION_KINDS and rec.kind != "chance" and rec.seat is not None:
                    standin = {s: b for s, b in standin.items() if s == rec.seat}  # it leaves at another's
                    kind = standin.get(rec.seat) or kinds.get(rec.seat, HUMAN)
                    player_at[rec.n] = HUMAN if kind == HUMAN else kind
            space = load_game(stored.game).new_game(dict(stored.config), stored.seed).space
            log: list[int] = []
            players: list[str] = []
            for n, text in table.actions:
                found = space.lookup(Action.parse(text))
                if found is None:
                    raise ConfigError(f"game {gid}: {text!r} is not an action of {stored.game}")
                log.append(found.index)
                players.append(player_at.get(n, HUMAN))
            games.append(GameLog(gid, "server", stored.game, dict(stored.config), stored.seed, log,
                                 _by_position(players)))
    finally:
        with contextlib.suppress(SQLAlchemyError):  # a database that never opened has nothing to close
            store.close()
    return games


def _by_position(players: list[str]) -> Callable[[int, int], str]:
    return lambda n, _seat: players[n]


def write_dataset(source: str | Path, out: str | Path, rows_per_file: int = 20_000) -> dict[str, Any]:
    """Write the trajectories of `source` (a results file or a database URL) to ``out/*.parquet``;
    the summary ``{"rows", "games", "files", "out", "skipped"}`` (skipped: games without a log)."""
    text = str(source)
    if is_database(text):
        games, skipped = database_games(text), 0
    else:
        games, skipped = results_games(text)
    writer = DatasetWriter(out, rows_per_file)
    for g in games:
        try:
            rows = list(replay_rows(g))
        except SpacetableError as e:
            raise ConfigError(f"{text}: {e}") from e
        writer.add_game(rows)
    summary = writer.close()
    summary["skipped"] = skipped
    return summary

