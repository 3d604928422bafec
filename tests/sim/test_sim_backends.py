"""Backends: the same seeds give the same games in this process, in child processes and on Ray."""

from __future__ import annotations

import os
from pathlib import Path

import pyarrow as pa
import pytest

from spacetable.engine.errors import ConfigError
from spacetable.sim.backends import make_backend
from spacetable.sim.results import read_results
from spacetable.sim.simulate import make_job, run_jobs, simulate

SAME = ["run", "game", "config", "cards", "game_id", "seed", "seat", "bot", "status", "result", "turns",
        "decisions", "score", "credits", "crew_owned", "parts_owned", "contracts_taken",
        "contracts_completed", "stats"]


def rows(path: Path) -> list[dict[str, object]]:
    table: pa.Table = read_results(path).sort_by([("seed", "ascending"), ("seat", "ascending")])
    return table.select(SAME).to_pylist()


def test_serial_and_processes_play_the_same_games(tmp_path: Path) -> None:
    args = ("moonrakers", 12, 3, ["greedy", "random", "greedy"])
    serial = simulate(*args, seed=5, out=tmp_path / "serial.parquet")
    two = simulate(*args, seed=5, backend="processes", workers=2, out=tmp_path / "two.parquet")
    assert two.backend == "processes" and two.workers == 2
    assert rows(tmp_path / "serial.parquet") == rows(tmp_path / "two.parquet")
    assert serial.wins_by_seat == two.wins_by_seat and serial.mean_decisions == two.mean_decisions
    # a game is its seed and seating, not its place in a run: game 9 of seed 5 (seed 14, seats rotated
    # by 9 ≡ 0 mod 3) is game 0 of seed 14
    alone = simulate("moonrakers", 1, 3, ["greedy", "random", "greedy"], seed=14,
                     out=tmp_path / "alone.parquet")
    assert alone.completed == 1
    nine = [r for r in rows(tmp_path / "serial.parquet") if r["seed"] == 14]
    assert [(r["result"], r["decisions"]) for r in nine] == [(r["result"], r["decisions"])
                                                            for r in rows(tmp_path / "alone.parquet")]


def test_unknown_backends_and_worker_counts_are_refused() -> None:
    with pytest.raises(ConfigError, match="unknown backend"):
        make_backend("threads")
    with pytest.raises(ConfigError, match="--workers"):
        make_backend("processes", 0)
    with pytest.raises(ConfigError, match="--ray-address needs --backend ray"):
        make_backend("processes", 2, "ray://head:10001")


def test_ray_plays_the_same_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ray = pytest.importorskip("ray")
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    overrides = tmp_path / "cards.json"
    overrides.write_text('{"crew": [{"slug": "ada-massa", "cost": 1}]}', encoding="utf-8")
    jobs = [make_job("moonrakers", 6, 2, ["greedy", "random"], seed=21, run="base"),
            make_job("moonrakers", 6, 2, ["greedy", "random"], seed=21, run="cheap", cards=overrides)]
    with make_backend("serial") as serial:
        expected = run_jobs(jobs, serial, tmp_path / "serial.parquet")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        with make_backend("ray") as backend:
            got = run_jobs(jobs, backend, tmp_path / "ray.parquet")
    finally:
        ray.shutdown()
    assert rows(tmp_path / "serial.parquet") == rows(tmp_path / "ray.parquet")
    assert [r.wins_by_seat for r in got] == [r.wins_by_seat for r in expected]
    assert got[0].backend == "ray" and got[1].cards == expected[1].cards is not None
    assert os.environ.get("RAY_USAGE_STATS_ENABLED") == "0"


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # as if the extra were not installed
    with pytest.raises(ConfigError, match=r"pip install 'spacetable\[ray\]'"):
        make_backend("ray")
