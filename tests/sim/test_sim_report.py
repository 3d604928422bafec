"""``spacetable report`` and the simulate / sweep / report commands."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spacetable.cli.main import app
from spacetable.engine.errors import ConfigError
from spacetable.sim.backends import make_backend
from spacetable.sim.report import write_report
from spacetable.sim.report_figures import group
from spacetable.sim.results import read_results
from spacetable.sim.simulate import make_job, run_jobs, simulate

OLD_KEYS = {"game", "players", "bots", "config", "seed", "games", "completed", "unfinished", "errors",
            "error_samples", "unfinished_samples", "wins_by_seat", "shared_wins", "mean_turns",
            "mean_decisions",
            "games_per_second", "seconds", "min_winner_prestige", "wins_by_goal", "mean_reputation_spent",
            "wins_by_bot", "wins_ci_by_bot", "median_turns"}
"""The keys of ``simulate --json`` before results files existed: a contract."""

runner = CliRunner()


def images(page: str) -> list[bytes]:
    return [base64.b64decode(m) for m in re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)]


@pytest.fixture(scope="module")
def moonrakers_results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "r.parquet"
    jobs = [make_job("moonrakers", 8, 2, ["greedy", "random"], seed=1, run="greedy-random"),
            make_job("moonrakers", 8, 2, ["greedy", "greedy"], seed=1, run="greedy-greedy")]
    with make_backend("serial") as backend:
        run_jobs(jobs, backend, out)
    return out


def test_the_report_is_one_page_with_its_plots_and_tables(moonrakers_results: Path, tmp_path: Path) -> None:
    page_path = tmp_path / "report.html"
    summary = write_report(moonrakers_results, page_path)
    page = page_path.read_text(encoding="utf-8")
    pngs = images(page)
    assert summary["plots"] == len(pngs) >= 2 * 6 + 3  # per configuration 6, the comparison 3
    assert all(p.startswith(b"\x89PNG") for p in pngs)
    assert not re.search(r'(src|href)="(?!data:)', page)  # self-contained: nothing else to fetch
    for words in ("Win rate by seat", "Win rate by bot", "First-player advantage", "Game length",
                  "Win rate when owning a crew card", "Win rate when owning a ship part",
                  "Success rate by contract", "Comparison: greedy-random vs greedy-greedy"):
        assert words in page
    assert summary["compared"] == ["greedy-random", "greedy-greedy"] and summary["games"] == 16


def test_report_figures_match_the_rows(moonrakers_results: Path) -> None:
    configs = {c.label: c for c in group(read_results(moonrakers_results))}
    c = configs["greedy-random"]
    seats = c.win_by_seat()
    assert sum(r.value for r in seats) == pytest.approx(1.0)  # every finished game has its winners
    bots = c.win_by_bot()
    assert set(bots) == {"greedy", "random"} and bots["greedy"].n == bots["random"].n == 8
    for r in seats + list(bots.values()):
        assert r.low <= r.value <= r.high
    contracts = c.attempts("contracts_taken", "contracts_completed")
    assert contracts and all(0 <= r.value <= 1 and r.n <= 8 for _, r in contracts)


def test_space_lanes_report_has_goals_goods_and_routes(tmp_path: Path) -> None:
    out = tmp_path / "s.parquet"
    simulate("spacelanes", 2, 2, ["greedy", "greedy"], seed=3, out=out)
    summary = write_report(out, tmp_path / "s.html")
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    for words in ("Win rate by goal", "Mean profit a unit by good", "Most profitable routes", " → "):
        assert words in page
    assert summary["compared"] is None and summary["plots"] >= 5


def test_report_errors(moonrakers_results: Path, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no configuration 'nope'"):
        write_report(moonrakers_results, tmp_path / "x.html", ("nope", "greedy-greedy"))
    with pytest.raises(ConfigError, match="does not exist"):
        write_report(moonrakers_results, tmp_path / "no" / "x.html")
    result = runner.invoke(app, ["report", str(tmp_path / "missing.parquet"),
                                 "--out", str(tmp_path / "r.html")])
    assert result.exit_code == 2 and "no results" in result.output


def test_the_commands_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    result = runner.invoke(app, ["simulate", "highcard", "--games", "6", "--players", "2",
                                 "--backend", "serial",
                                 "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= OLD_KEYS | {"played", "skipped", "backend", "out", "cards"}
    assert data["played"] == 6 and data["out"] == str(out)
    (tmp_path / "s.toml").write_text(
        '[[run]]\nname = "a"\ngame = "highcard"\nplayers = 2\ngames = 4\nbots = "random"\nseed = 0\n'
        '[[run]]\nname = "b"\ngame = "highcard"\nplayers = 2\ngames = 4\nbots = "random"\nseed = 0\n'
        'modes = ["lowball"]\n', encoding="utf-8")
    result = runner.invoke(app, ["sweep", str(tmp_path / "s.toml"), "--out", str(out), "--backend", "serial",
                                 "--json"])
    assert result.exit_code == 0, result.output
    runs = json.loads(result.stdout)["runs"]
    assert set(runs) == {"a", "b"} and runs["a"]["config"]["modes"] == [] and runs["b"]["completed"] == 4
    result = runner.invoke(app, ["report", str(out), "--out", str(tmp_path / "r.html"), "--compare", "a,b",
                                 "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["compared"] == ["a", "b"]
    bad = runner.invoke(app, ["simulate", "highcard", "--games", "2", "--backend", "threads"])
    assert bad.exit_code == 2 and "unknown backend 'threads'" in bad.output
    bad = runner.invoke(app, ["simulate", "highcard", "--games", "2", "--cards", str(tmp_path / "s.toml")])
    assert bad.exit_code == 2 and "highcard takes no card overrides" in bad.output
