"""Datasets (docs/rl.md, "Datasets"): `simulate --trajectories` then `spacetable dataset`, and a server
database where only the games shared for research are exported.

Each row is one decision of a seat, rebuilt by replaying the game's log through the adapters'
observation code: the row counts match the games' decisions, every mask is exactly the legal set at
that decision, and no observation changes when what the seat cannot see (other hands, objectives,
deck orders) is resampled with `determinize`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from spacetable.cli.main import app
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.rl.observations import encoder_for, seat_observation
from spacetable.rl.trajectories import SCHEMA, read_dataset
from spacetable.sim.results import read_results
from spacetable.sim.setup import load_game
from tests.server.server_helpers import auth, client, create, play_step

NAMED = ("game_id", "seat", "player", "step", "obs", "mask", "action", "action_text", "reward",
         "terminated", "truncated")
"""The columns other tools rely on."""


def check_rows_against_replay(rows: list[dict[str, Any]], game: str, config: dict[str, Any], seed: int,
                              log: list[int], resample_every: int = 7) -> None:
    """Replay the game: at each decision the row's mask is the legal set and its action the one
    taken; every `resample_every`-th decision the seat's tensor equals that of a determinized state."""
    spec = load_game(game)
    state = spec.new_game(dict(config), seed)
    enc = encoder_for(game, state.config)
    k = 0
    for index in log:
        p = state.current_player()
        if p == CHANCE:
            state.sample_chance()
            continue
        row = rows[k]
        legal = {a.index for a in state.legal_actions()}
        assert row["seat"] == p and row["action"] == index
        assert set(np.flatnonzero(row["mask"])) == legal, f"decision {k}: mask is not the legal set"
        assert len(row["mask"]) == len(state.space)
        if k % resample_every == 0:
            for trial in range(2):
                other = state.determinize(p, Rng(1000 * k + trial))
                assert seat_observation(enc, other, p) == pytest.approx(row["obs"]), \
                    f"decision {k}: seat {p}'s tensor changed when its hidden information was resampled"
        state.apply_fast(next(a for a in state.legal_actions() if a.index == index))
        k += 1
    assert k == len(rows)


def test_dataset_from_twenty_simulated_games(tmp_path: Path) -> None:
    runner = CliRunner()
    results = tmp_path / "r.parquet"
    r = runner.invoke(app, ["simulate", "moonrakers", "--games", "20", "--players", "2", "--bots",
                            "greedy,random", "--seed", "5", "--backend", "serial", "--out", str(results),
                            "--trajectories", "--json"])
    assert r.exit_code == 0, r.output
    out = tmp_path / "ds"
    r = runner.invoke(app, ["dataset", str(results), "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)
    assert summary["games"] == 20 and summary["files"] and {"rows", "games", "files"} <= set(summary)
    files = sorted(out.glob("*.parquet"))
    assert [str(f) for f in files] == summary["files"]
    schema = pq.read_schema(files[0])
    assert schema.metadata[b"spacetable.dataset"] == b"1"
    assert all(f.metadata and f.metadata[b"doc"] for f in schema)
    assert set(NAMED) <= set(schema.names) and schema.names == SCHEMA.names
    table = read_dataset(out)
    results_rows = read_results(results).to_pylist()
    games = {r["game_id"]: r for r in results_rows if r["seat"] == 0}
    # one row per bot decision of each game (the results' `decisions` column counts them)
    assert table.num_rows == summary["rows"] == sum(g["decisions"] for g in games.values())
    by_game: dict[str, list[dict[str, Any]]] = {}
    for row in table.to_pylist():
        by_game.setdefault(row["game_id"], []).append(row)
    assert set(by_game) == set(games)
    for gid, rows in by_game.items():
        g = games[gid]
        seated = {r["seat"]: r["bot"] for r in results_rows if r["game_id"] == gid}
        assert all(row["player"] == seated[row["seat"]] for row in rows)
        assert [row["step"] for row in rows] == list(range(len(rows)))
        finished = g["status"] == "finished"
        for seat in (0, 1):
            mine = [row for row in rows if row["seat"] == seat]
            assert [row["seat_step"] for row in mine] == list(range(len(mine)))
            assert [row["terminated"] for row in mine].count(True) == (1 if finished else 0)
            assert mine[-1]["terminated"] == finished and mine[-1]["truncated"] == (not finished)
            assert all(row["reward"] == 0 for row in mine[:-1])
            result = next(r["result"] for r in results_rows if r["game_id"] == gid and r["seat"] == seat)
            assert mine[-1]["reward"] == (result or 0.0)
    gid = sorted(by_game)[0]
    check_rows_against_replay(by_game[gid], "moonrakers", json.loads(games[gid]["config"]),
                              int(games[gid]["seed"]), list(games[gid]["actions"]))


def test_results_without_trajectories_are_skipped_and_said(tmp_path: Path) -> None:
    runner = CliRunner()
    results = tmp_path / "r.parquet"
    r = runner.invoke(app, ["simulate", "highcard", "--games", "3", "--backend", "serial", "--out",
                            str(results), "--json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["dataset", str(results), "--out", str(tmp_path / "ds")])
    assert r.exit_code == 0 and "3 finished games carry no action log" in r.output
    r = runner.invoke(app, ["simulate", "highcard", "--games", "3", "--trajectories"])
    assert r.exit_code == 2 and "--trajectories needs --out" in r.output


def test_dataset_from_a_server_database_exports_only_shared_games(tmp_path: Path) -> None:
    """Two finished Highcard games with a person and a bot, one created with share_for_research: only
    that one is exported; the person's decisions say `human`, the bot's its name; no name, token or
    seed is in the files."""
    url = f"sqlite:///{tmp_path / 'server.db'}"
    games = []
    with client(url) as c:
        for shared in (True, False):
            g = create(c, ["human", "greedy"], seed=3, game="highcard", players=2,
                       names=["Ada Secretname", "Bot"], share_for_research=shared)
            tok = g["seats"][0]["token"]
            while play_step(c, g, [tok]) is not None:
                pass
            assert c.get(f"/api/games/{g['id']}/view", headers=auth(tok)).json()["terminal"]
            games.append(g)
        r = c.post("/api/games", json={"game": "highcard", "players": 2, "seats": ["human", "greedy"],
                                       "share_for_research": "yes"})
        assert r.status_code == 422  # a strict boolean
    out = tmp_path / "ds"
    r = CliRunner().invoke(app, ["dataset", url, "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)
    assert summary["games"] == 1
    table = read_dataset(out)
    rows = table.to_pylist()
    assert {row["game_id"] for row in rows} == {games[0]["id"]}
    assert {row["source"] for row in rows} == {"server"}
    assert {row["player"] for row in rows if row["seat"] == 0} == {"human"}
    assert {row["player"] for row in rows if row["seat"] == 1} == {"greedy"}
    # every decision of both seats: Highcard has 5 rounds of one play each (H3), salvage aside (H5)
    assert sum(row["decision"] == "round.play" for row in rows) == 10
    text = b"".join(p.read_bytes() for p in out.glob("*.parquet"))
    assert b"Secretname" not in text and games[0]["seats"][0]["token"].encode() not in text
    assert "seed" not in table.schema.names
    spec = load_game("highcard")
    replay_log = []
    state = spec.new_game({"players": 2}, 3)
    for row in rows:  # the same decisions, rebuilt from scratch with the server's seed: masks match
        while state.current_player() == CHANCE:
            replay_log.append(state.sample_chance().index)
        replay_log.append(row["action"])
        state.apply(state.space[row["action"]])
    check_rows_against_replay(rows, "highcard", {"players": 2}, 3, replay_log, resample_every=1)


def test_dataset_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    runner = CliRunner()
    r = runner.invoke(app, ["dataset", str(tmp_path / "none.parquet"), "--out", str(tmp_path / "d")])
    assert r.exit_code == 2 and "error: no results at" in r.output
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x.parquet").write_bytes(b"")
    results = tmp_path / "r.parquet"
    runner.invoke(app, ["simulate", "highcard", "--games", "1", "--backend", "serial", "--out", str(results),
                        "--trajectories"])
    r = runner.invoke(app, ["dataset", str(results), "--out", str(tmp_path / "full")])
    assert r.exit_code == 2 and "already holds Parquet files" in r.output
