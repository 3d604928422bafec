"""The workbench's commands (docs/workbench.md): ``cards --json`` round trip, ``--bots`` cycling,
``ladder --json`` and ``report --json`` keys, ``tune`` (its file, Space Lanes goal thresholds, resuming
after SIGINT without repeating finished trials)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spacetable.cli.main import _bot_names, app
from spacetable.engine.errors import ConfigError, DataError
from spacetable.games.spacelanes.study import fix_goal
from spacetable.sim.catalog import records
from spacetable.sim.overrides import parse_overrides
from spacetable.sim.setup import parse_bots
from spacetable.sim.tune import journal, parse_tune

runner = CliRunner()


def cli(*args: str) -> tuple[int, str]:
    r = runner.invoke(app, list(args))
    return r.exit_code, r.output


def test_fewer_bot_names_than_seats_repeat_in_order() -> None:
    # "--bots with fewer names than seats cycles them (heuristic,greedy at 4 seats is heuristic, greedy,
    # heuristic, greedy)"
    assert parse_bots("moonrakers", "heuristic,greedy", 4) == ["heuristic", "greedy", "heuristic", "greedy"]
    everyone = _bot_names("moonrakers", "heuristic,greedy", 4, [])
    assert everyone == {0: "heuristic", 1: "greedy", 2: "heuristic", 3: "greedy"}
    with_a_person = _bot_names("moonrakers", "heuristic,greedy", 4, [0])
    assert with_a_person == {1: "heuristic", 2: "greedy", 3: "heuristic"}
    with pytest.raises(ConfigError, match="3 bot names for 2 seats"):
        parse_bots("moonrakers", "random,greedy,heuristic", 2)
    code, out = cli("simulate", "highcard", "--games", "3", "--players", "4", "--bots", "greedy,random",
                    "--backend", "serial", "--json")
    assert code == 0, out
    body = json.loads(out)
    assert body["bots"] == ["greedy", "random", "greedy", "random"] and body["completed"] == 3
    assert body["build"] in ("pure", "compiled")


@pytest.mark.parametrize("game", ["moonrakers", "spacelanes"])
def test_cards_json_prints_every_card_as_an_override_takes_it(game: str, tmp_path: Path) -> None:
    # "cards --json prints each card in exactly the form an override takes (copy, edit, load)"
    code, out = cli("cards", game, "--json")
    assert code == 0
    catalog = json.loads(out)
    data = records(game)
    for kind, cards in data.items():
        shown = {c["slug"]: c for c in catalog[kind]}
        for card in cards:
            if card["slug"] in shown:  # every data field, with the data's own values
                assert {k: shown[card["slug"]][k] for k in card} == card
    parse_overrides(game, catalog, "the whole catalog")  # the whole output loads as it is
    kind = "ship_parts" if game == "moonrakers" else "goals"
    card = dict(catalog[kind][0])
    if game == "moonrakers":
        assert card["set"] == "BG" and "effects" in card  # not "base", and the effects are there
        card["cost"] = card["cost"] + 1
    else:
        card["name"] = card["name"] + " II"
    edited = parse_overrides(game, {kind: [card]}, "edited.json")
    assert edited.doc[kind][0]["slug"] == card["slug"] and "id" not in edited.doc[kind][0]
    card["cost" if game == "moonrakers" else "target"] = -1
    with pytest.raises(DataError, match=r"field '(cost|target)'"):
        parse_overrides(game, {kind: [card]}, "bad.json")


def test_the_server_catalog_is_the_same_form(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from spacetable.server.app import create_app
    from spacetable.server.config import ServerConfig

    with TestClient(create_app(ServerConfig(db_url=f"sqlite:///{tmp_path}/t.db", bot_pause=0.0))) as c:
        body = c.get("/api/catalog/moonrakers").json()
        assert c.get("/api/designer/meta").status_code == 404  # the designer is off by default
    parse_overrides("moonrakers", body, "/api/catalog")
    assert {c["set"] for c in body["crew"]} == {"BG", "FE", "BT"}  # every set, in the data's codes


def test_ladder_json_keys(tmp_path: Path) -> None:
    out = tmp_path / "ladder.parquet"
    code, text = cli("ladder", "highcard", "--players", "2", "--bots", "random,greedy,heuristic",
                     "--games", "6", "--seed", "1", "--backend", "serial", "--out", str(out), "--json")
    assert code == 0, text
    body = json.loads(text)
    assert body["games"] == 18 and {r["bot"] for r in body["ratings"]} == {"random", "greedy", "heuristic"}
    for r in body["ratings"]:
        assert set(r) == {"bot", "rating", "low", "high"}
    assert set(body["matrix"]) == {"random", "greedy", "heuristic"}
    assert set(body["matrix"]["random"]) == {"greedy", "heuristic"}
    code, text = cli("report", str(out), "--out", str(tmp_path / "r.html"), "--json")
    assert code == 0, text
    report = json.loads(text)
    assert report["ladder"]["games"] == 18 and "Bot ladder" in (tmp_path / "r.html").read_text()
    assert set(report["card_effects"]) == set(report["configurations"])


def test_report_json_card_effects_have_a_row_for_every_card(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    code, text = cli("simulate", "moonrakers", "--games", "3", "--players", "2", "--bots", "greedy",
                     "--backend", "serial", "--seed", "4", "--out", str(out))
    assert code == 0, text
    code, text = cli("report", str(out), "--out", str(tmp_path / "r.html"), "--json")
    body = json.loads(text)
    (rows,) = body["card_effects"].values()
    base = records("moonrakers")
    expected = {(k, c["slug"]) for k in ("crew", "ship_parts", "contracts") for c in base[k]
                if c["set"] == "BG"}
    assert {(r["kind"], r["card"]) for r in rows} == expected
    for r in rows:  # 3 games are too few: every estimate is null, the buy rate is still shown
        assert set(r) == {"card", "kind", "effect", "low", "high", "buy_rate"}
        assert r["effect"] is None and r["low"] is None and r["high"] is None


def test_a_space_lanes_goal_threshold_keeps_its_goal_valid() -> None:
    goal = next(g for g in records("spacelanes")["goals"] if g["slug"] == "tycoon")
    goal["targets"]["3"] = 21000
    fix_goal(goal, "targets.3")
    assert goal["target"] == 21000 and "3 players: 21000" in goal["text"]
    parse_overrides("spacelanes", {"goals": [goal]}, "tuned.json")  # the goals' validator accepts it


TUNE = """
players = 2
bots = "greedy"
games = 3
seed = 5
trials = 4

[[param]]
card = "ship_parts/cloaking-device"
field = "cost"
low = 1
high = 8

[target]
first_seat = 0.02
"""


def test_tune_file_errors_name_the_key(tmp_path: Path) -> None:
    import tomllib

    doc = tomllib.loads(TUNE)
    with pytest.raises(ConfigError, match="param 1: no ship_parts card 'nope'"):
        parse_tune("moonrakers", doc | {"param": [{"card": "ship_parts/nope", "field": "cost", "low": 1,
                                                    "high": 2}]})
    with pytest.raises(ConfigError, match="target: unknown target 'fun'"):
        parse_tune("moonrakers", doc | {"target": {"fun": 1}})
    with pytest.raises(ConfigError, match="the low ends of the ranges make invalid cards"):
        parse_tune("moonrakers", doc | {"param": [{"card": "ship_parts/cloaking-device", "field": "cost",
                                                    "low": -3, "high": 2}]})


def _tune(tmp_path: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "spacetable", "tune", "moonrakers",
                             str(tmp_path / "t.toml"), "--out", str(tmp_path / "t.parquet"),
                             "--backend", "serial", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_tune_resumes_after_sigint_without_repeating_finished_trials(tmp_path: Path) -> None:
    # "resumes after an interrupt"; "A test: a tiny tune resumes after SIGINT without repeating finished
    # trials."
    import optuna
    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend
    from optuna.trial import TrialState

    (tmp_path / "t.toml").write_text(TUNE)
    log = journal(tmp_path / "t.parquet")

    def complete() -> int:
        if not log.exists():
            return 0
        try:
            study = optuna.load_study(study_name="tune", storage=JournalStorage(JournalFileBackend(str(log))))
        except KeyError:  # the journal exists, the study is not in it yet
            return 0
        return len(study.get_trials(states=(TrialState.COMPLETE,)))

    proc = _tune(tmp_path)
    end = time.monotonic() + 240
    while complete() < 1 and time.monotonic() < end and proc.poll() is None:
        time.sleep(0.2)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and "rerun the same command to resume" in err
    done_before = complete()
    assert 1 <= done_before < 4
    proc = _tune(tmp_path, "--json")
    out, err = proc.communicate(timeout=400)
    assert proc.returncode == 0, err
    body = json.loads(out)
    assert body["played_trials"] == 4 - done_before  # the finished trials were not played again
    assert len(body["trials"]) == 4 and complete() == 4
    assert set(body["best"]) >= {"params", "score", "overrides"} and isinstance(body["target_met"], bool)
    assert body["best"]["overrides"]["ship_parts"][0]["slug"] == "cloaking-device"
    assert all(Path(f).is_file() for f in body["best_files"]) and Path(body["report"]).is_file()
    assert os.path.getsize(tmp_path / "t.parquet") > 0


def test_tune_keeps_the_whole_run_within_its_minutes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "reaches the target (or reports the best found and why not) within 30 minutes": `--minutes` bounds
    # the whole run, so a trial starts only while one more run of games still ends in time. On a clock
    # where every run of games takes 10 s, a 25 s budget holds the current cards (0-10 s) and one trial
    # (10-20 s); a second would end at 30 s.
    import tomllib

    from spacetable.sim import tune as tune_module
    from spacetable.sim.backends import SerialBackend
    from spacetable.sim.simulate import run_jobs

    now = [1000.0]

    def timed_run_jobs(*args: object, **kwargs: object) -> object:
        out = run_jobs(*args, **kwargs)  # type: ignore[arg-type]
        now[0] += 10.0
        return out

    class Clock:
        @staticmethod
        def monotonic() -> float:
            return now[0]

    monkeypatch.setattr(tune_module, "run_jobs", timed_run_jobs)
    monkeypatch.setattr(tune_module, "time", Clock)
    spec = parse_tune("moonrakers", tomllib.loads(TUNE))
    result = tune_module.tune(spec, tmp_path / "t.parquet", SerialBackend(), report=False, minutes=25 / 60)
    assert result.played_trials == 1 and now[0] - 1000.0 <= 25.0
    again = tune_module.tune(spec, tmp_path / "t2.parquet", SerialBackend(), report=False, minutes=35 / 60)
    assert again.played_trials == 2  # 0-10, 10-20, 20-30 s: a third trial would end at 40 s
