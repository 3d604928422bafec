"""`benchmarks/paired_control.py`, which docs/bots.md quotes for a bot's gain over the heuristic bot in
the same seats of the same games: its counts are the games' own, and a file compared with itself
shows no gain."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from spacetable.sim.results import read_results
from spacetable.sim.simulate import simulate

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "paired_control.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("paired_control", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_counts_are_the_games_and_the_estimate_adds_the_gain_to_the_fair_share(tmp_path: Path) -> None:
    results, control = tmp_path / "a.parquet", tmp_path / "c.parquet"
    simulate("highcard", 24, 2, ["heuristic", "random"], seed=7, out=results)
    simulate("highcard", 24, 2, ["random", "random"], seed=7, out=control)
    r = _script().paired(str(results), str(control))
    rows = read_results(results).to_pylist()
    crows = {(x["seed"], x["seat"]): bool(x["winner"]) for x in read_results(control).to_pylist()}
    mine = [(x["seed"], x["seat"], bool(x["winner"])) for x in rows if x["bot"] == "heuristic"]
    assert r["bot"] == "heuristic" and r["games"] == 24 == len(mine)
    assert r["bot_wins"] == sum(w for _, _, w in mine)
    assert r["control_wins"] == sum(crows[(s, seat)] for s, seat, _ in mine)
    assert r["only_bot"] - r["only_control"] == r["bot_wins"] - r["control_wins"]
    share = sum(crows.values()) / len(crows)
    assert abs(r["paired_estimate"] - (share + (r["bot_wins"] - r["control_wins"]) / 24)) < 1e-3
    low, high = r["paired_ci"]
    assert low <= r["paired_estimate"] <= high


def test_a_run_compared_with_itself_gains_nothing(tmp_path: Path) -> None:
    results = tmp_path / "a.parquet"
    simulate("highcard", 12, 2, ["heuristic", "random"], seed=3, out=results)
    r = _script().paired(str(results), str(results), "heuristic")
    assert r["gain"] == 0 and r["only_bot"] == r["only_control"] == 0 and r["gain_se"] == 0


def test_the_json_output_is_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--json` prints the comparison: the seeds, read back from Parquet, print as plain integers."""
    results = tmp_path / "a.parquet"
    simulate("highcard", 6, 2, ["heuristic", "random"], seed=5, out=results)
    _script().main([str(results), str(results), "--bot", "heuristic", "--json"])
    r = json.loads(capsys.readouterr().out)
    assert r["games"] == 6 and isinstance(r["first_seed"], int) and r["first_seed"] <= r["last_seed"]
