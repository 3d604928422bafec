"""Simulation results in Parquet: the schema, the per-seat figures, resumption and interruption."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable.bots.base import register_bot
from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.games.moonrakers.cards import load_catalog
from spacetable.sim.results import ResultsStore, parts_dir, read_results
from spacetable.sim.schema import columns, schema
from spacetable.sim.simulate import simulate

CATALOG = load_catalog()
CREW = {c.slug for c in CATALOG.crew}
PARTS = {p.slug for p in CATALOG.parts}
TIMING = ("seconds", "games_per_second", "played", "skipped", "out")


class StopAtSeed:
    """Plays randomly, but raises KeyboardInterrupt (a person's Ctrl-C) in the game of `STOP_SEED`."""

    name = "stop-at-seed"
    stop_seed: int | None = None

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        if state.seed == StopAtSeed.stop_seed:
            raise KeyboardInterrupt
        return rng.choice(state.legal_actions())


register_bot("highcard", "stop-at-seed", StopAtSeed)


def rows_of(path: Path) -> list[dict[str, object]]:
    return read_results(path).sort_by([("game_index", "ascending"), ("seat", "ascending")]).to_pylist()


def test_the_schema_is_documented_and_every_file_carries_it(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate("highcard", 4, 3, ["random"] * 3, seed=1, out=out)
    table = pq.read_table(out)
    assert table.schema.names == [name for name, _, _ in columns()]
    assert table.schema.equals(schema(), check_metadata=False)
    assert all(f.metadata and f.metadata[b"doc"] for f in table.schema)  # each column says what it holds
    assert (table.schema.metadata or {})[b"spacetable.results"] == b"2"
    docs = Path(__file__).parents[2].joinpath("docs", "simulate.md").read_text(encoding="utf-8")
    for name, _, _ in columns():
        assert f"`{name}`" in docs, f"docs/simulate.md does not describe the column {name}"


def test_one_row_per_game_and_seat_with_results_that_add_up(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    report = simulate("highcard", 12, 3, ["random"] * 3, seed=10, out=out)
    rows = rows_of(out)
    assert len(rows) == 12 * 3 and report.games == report.completed == 12
    for i in range(12):
        game = [r for r in rows if r["game_index"] == i]
        assert [r["seat"] for r in game] == [0, 1, 2]
        assert {r["seed"] for r in game} == {10 + i}  # game i of seed S has seed S + i
        assert sum(float(r["result"]) for r in game) == pytest.approx(1.0)  # shared wins are fractions
        winners = [r for r in game if r["winner"]]
        assert all(r["result"] == pytest.approx(1 / len(winners)) for r in winners)
        # H7: the most prestige wins
        assert {r["seat"] for r in winners} == {r["seat"] for r in game
                                               if r["prestige"] == max(g["prestige"] for g in game)}
        assert all(r["turns"] == 5 for r in game)  # H7: five rounds


def test_moonrakers_figures(tmp_path: Path) -> None:
    out = tmp_path / "m.parquet"
    simulate("moonrakers", 3, 2, ["greedy", "greedy"], seed=4, out=out)
    rows = rows_of(out)
    for r in rows:
        assert r["status"] == "finished" and r["game"] == "moonrakers"
        assert r["score"] == r["prestige"] and r["credits"] is not None
        assert set(r["contracts_completed"]) <= set(r["contracts_taken"])  # type: ignore[arg-type]
        # crew and parts come from buying (3.5) and from bonus cards (3.4.9): bought ≤ gained
        assert int(r["crew_bought"]) >= 0 and int(r["parts_bought"]) >= 0  # type: ignore[call-overload]
        assert set(r["crew_owned"]) <= CREW and set(r["parts_owned"]) <= PARTS  # type: ignore[arg-type]
        assert r["goal"] is None and r["trades"] is None  # Space Lanes columns stay null
    for i in range(3):
        game = [r for r in rows if r["game_index"] == i]
        winner = max(game, key=lambda r: float(r["result"]))  # type: ignore[arg-type]
        assert int(winner["prestige"]) >= 10  # type: ignore[call-overload]  # 7.1: 10 Prestige ends it
        assert json.loads(str(winner["stats"]))["winner_prestige"]
        assert any(r["contracts_completed"] for r in game)  # Prestige comes from contracts (3.4.9)


def test_spacelanes_figures(tmp_path: Path) -> None:
    out = tmp_path / "s.parquet"
    simulate("spacelanes", 2, 2, ["greedy", "greedy"], seed=2, out=out)
    rows = rows_of(out)
    for r in rows:
        assert r["goal"] and 0.0 <= float(r["goal_progress"]) <= 1.0  # type: ignore[arg-type]
        assert r["score"] == r["credits"] and r["prestige"] is None and r["crew_owned"] is None
        trades = r["trades"]
        assert isinstance(trades, list) and len(trades) <= int(r["goods_sold"])  # type: ignore[call-overload]
        for t in trades:
            assert t["sell_price"] > 0 and t["sold_at"]
        if r["winner"]:
            assert r["goal_progress"] == 1.0  # L21: reaching the goal wins


def test_a_rerun_skips_the_games_already_in_the_file(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    first = simulate("highcard", 6, 2, ["random", "random"], seed=3, out=out)
    assert (first.played, first.skipped) == (6, 0)
    again = simulate("highcard", 10, 2, ["random", "random"], seed=3, out=out)
    assert (again.played, again.skipped) == (4, 6)
    fresh = simulate("highcard", 10, 2, ["random", "random"], seed=3)
    a, b = again.to_json(), fresh.to_json()
    assert {k: v for k, v in a.items() if k not in TIMING} == {k: v for k, v in b.items() if k not in TIMING}
    assert len(rows_of(out)) == 20 and not parts_dir(out).exists()
    # another configuration in the same file is other games
    other = simulate("highcard", 3, 2, ["random", "random"], seed=3, modes=["lowball"], out=out)
    assert other.played == 3 and len(rows_of(out)) == 26


def test_an_interrupted_run_keeps_its_finished_batches_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    bots = ["stop-at-seed", "random"]
    StopAtSeed.stop_seed = 33  # game 33 of 40 (a bot unknown to the batcher: one game a batch)
    with pytest.raises(KeyboardInterrupt):
        simulate("highcard", 40, 2, bots, seed=0, out=out)
    kept = {r["game_index"] for r in rows_of(out)}
    assert kept == set(range(33))  # only the game in flight was lost
    assert not out.with_name("r.parquet.lock").exists()
    StopAtSeed.stop_seed = None
    resumed = simulate("highcard", 40, 2, bots, seed=0, out=out)
    assert resumed.played == 7 and resumed.completed == 40
    whole = simulate("highcard", 40, 2, bots, seed=0)
    assert resumed.wins_by_seat == whole.wins_by_seat and resumed.mean_decisions == whole.mean_decisions


def test_parts_left_by_a_killed_run_are_read_and_merged(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate("highcard", 5, 2, ["random", "random"], seed=0, out=out)
    table = pq.read_table(out)
    # a killed run: one part written, the merge never happened, its lock left behind with a dead pid
    os.remove(out)
    parts = parts_dir(out)
    parts.mkdir()
    pq.write_table(table, parts / "999-000001.parquet")
    pq.write_table(table.slice(0, 4), parts / "999-000002.parquet")  # a batch found twice counts once
    out.with_name("r.parquet.lock").write_text("999999999")
    assert read_results(out).num_rows == 10
    report = simulate("highcard", 8, 2, ["random", "random"], seed=0, out=out)
    assert (report.played, report.skipped) == (3, 5) and report.completed == 8
    assert not parts.exists() and pq.read_table(out).num_rows == 16


def test_a_file_that_is_not_results_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.parquet"
    pq.write_table(pa.table({"x": [1, 2]}), other)
    with pytest.raises(ConfigError, match="not a spacetable results file"):
        simulate("highcard", 2, 2, ["random", "random"], out=other)
    with pytest.raises(ConfigError, match="folder"):
        ResultsStore(tmp_path)
    with pytest.raises(ConfigError, match="does not exist"):
        simulate("highcard", 2, 2, ["random", "random"], out=tmp_path / "nowhere" / "r.parquet")
    with pytest.raises(ConfigError, match="no results"):
        read_results(tmp_path / "missing.parquet")


def test_two_runs_cannot_write_one_file(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    store = ResultsStore(out)
    try:
        with pytest.raises(ConfigError, match="another run is writing"):
            simulate("highcard", 2, 2, ["random", "random"], out=out)
    finally:
        store.close()
    assert simulate("highcard", 2, 2, ["random", "random"], out=out).played == 2


def test_seeds_of_128_bits_are_stored_exactly_and_play_the_engines_game(tmp_path: Path) -> None:
    """Game i of seed S uses S + i (the `seed` column keeps it, exactly, up to 2**128 − 1): the same
    game as the engine's own `new_game(config, S + i)` played by the session driver (`play_out`)."""
    from spacetable.engine.game import get_game
    from spacetable.sim.runner import play_out
    from spacetable.sim.setup import make_bots
    from spacetable.sim.worker import seating

    top = 2**128 - 3
    out = tmp_path / "r.parquet"
    simulate("highcard", 3, 2, ["random", "greedy"], seed=top, out=out)
    rows = rows_of(out)
    seeds = [int(str(r["seed"])) for r in rows]
    assert seeds == [top, top, top + 1, top + 1, top + 2, top + 2]
    assert {int(str(r["base_seed"])) for r in rows} == {top}
    for i in range(3):
        state = get_game("highcard").new_game({"players": 2}, top + i)
        bots = make_bots("highcard", seating(["random", "greedy"], i))
        play_out(state, bots)
        assert [r["result"] for r in rows[2 * i:2 * i + 2]] == state.returns()
    with pytest.raises(ConfigError, match="2\\*\\*128"):
        simulate("highcard", 4, 2, ["random"] * 2, seed=top)


def test_results_of_the_first_format_are_read_but_never_added_to(tmp_path: Path) -> None:
    """A format-1 file (uint64 seeds, games of the splitmix64 generator) still reads, its seeds cast;
    a run refuses to resume it, since the same seeds are other games now."""
    out = tmp_path / "old.parquet"
    simulate("highcard", 2, 2, ["random"] * 2, seed=5, out=out)
    table = pq.read_table(out)
    old_schema = pa.schema([f.with_type(pa.uint64()) if f.name in ("seed", "base_seed") else f
                            for f in schema()], metadata={"spacetable.results": "1"})
    pq.write_table(table.cast(old_schema), out)
    assert pq.read_table(out).schema.field("seed").type == pa.uint64()
    rows = rows_of(out)
    assert [int(str(r["seed"])) for r in rows] == [5, 5, 6, 6]
    with pytest.raises(ConfigError, match="format '1'.*new --out file"):
        simulate("highcard", 4, 2, ["random"] * 2, seed=5, out=out)
