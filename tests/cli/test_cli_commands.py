"""``spacetable cards / simulate / bench / replay / games``: JSON keys, tables and errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from spacetable.cli.main import app
from spacetable.engine import record
from spacetable.engine.rng import Rng
from spacetable.sim.runner import play_out
from spacetable.sim.setup import load_game, make_bots

runner = CliRunner()

SIMULATE_KEYS = {"games", "errors", "error_samples", "wins_by_seat", "mean_turns", "mean_decisions",
                 "games_per_second", "min_winner_prestige", "wins_by_goal", "mean_reputation_spent"}


def invoke(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_cards_json_is_the_catalog() -> None:
    code, out = invoke("cards", "highcard", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"cards", "die"} and len(data["cards"]) == 24
    assert data["cards"][0] == {"value": 1, "name": "Stowaway"}


def test_cards_table_and_unknown_options() -> None:
    code, out = invoke("cards", "highcard")
    assert code == 0 and "Captain" in out and "cards (24)" in out
    code, out = invoke("cards", "highcard", "--expansion", "binding-ties")
    assert code == 2 and "no --expansion option" in out


def test_simulate_json_keys_and_counts() -> None:
    code, out = invoke("simulate", "highcard", "--games", "30", "--players", "3", "--bots", "random",
                       "--seed", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= SIMULATE_KEYS
    assert data["games"] == 30 and data["errors"] == 0 and len(data["wins_by_seat"]) == 3
    assert sum(data["wins_by_seat"]) >= 30  # every game has a winner (shared wins count for each)
    assert data["mean_turns"] == 5.0 and data["min_winner_prestige"] >= 1
    assert data["wins_by_goal"] is None and data["mean_reputation_spent"] is None


def test_simulate_is_reproducible_and_takes_a_bot_per_seat() -> None:
    args = ("simulate", "highcard", "--games", "20", "--players", "2", "--bots", "random,random",
            "--seed", "9", "--mode", "lowball", "--json")
    a, b = json.loads(invoke(*args)[1]), json.loads(invoke(*args)[1])
    for k in ("wins_by_seat", "mean_decisions", "min_winner_prestige"):
        assert a[k] == b[k]
    assert a["config"]["modes"] == ["lowball"]


def test_simulate_table_and_bad_bots() -> None:
    code, out = invoke("simulate", "highcard", "--games", "5")
    assert code == 0 and "wins_by_seat" in out
    code, out = invoke("simulate", "highcard", "--games", "5", "--bots", "random,random,random")
    assert code == 2 and "3 bot names for 2 seats" in out


def test_bench_json_keys_with_tiny_seconds() -> None:
    code, out = invoke("bench", "--json", "--game", "highcard", "--seconds", "0.02")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"games", "skipped", "targets", "seconds_per_figure"}
    hc = data["games"]["highcard"]
    assert {"decisions_per_second", "random_games_per_second", "greedy_games_per_second", "copy_us",
            "determinize_us", "notes"} <= set(hc)
    assert hc["decisions_per_second"] > 0 and hc["copy_us"] > 0 and hc["determinize_us"] > 0
    if hc["greedy_games_per_second"] is None:
        assert any("greedy" in n for n in hc["notes"])


def test_bench_table_and_unknown_game_is_skipped() -> None:
    code, out = invoke("bench", "--game", "highcard", "--game", "tiddlywinks", "--seconds", "0.01")
    assert code == 0 and "highcard" in out and "tiddlywinks: skipped" in out


def _saved_game(tmp_path: Path) -> Path:
    spec = load_game("highcard")
    state = spec.new_game({"players": 3}, 12)
    play_out(state, make_bots("highcard", ["random"] * 3), Rng(1))
    path = tmp_path / "g.json"
    record.save(state, path)
    return path


def test_replay_all_lists_every_move_and_event(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    moves = json.loads(path.read_text())["actions"]
    code, out = invoke("replay", str(path), "--all")
    assert code == 0
    assert f"Move {len(moves)}:" in out and f"— {moves[-1]}" in out
    assert "Game over" in out and ("Winner: Seat" in out or "Winners: Seat" in out)
    assert out.count("Winner") == 1  # one line names the winners
    assert "Your hand" not in out  # a spectator's view


def test_replay_to_stops_after_n_moves(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    code, out = invoke("replay", str(path), "--to", "3")
    assert code == 0 and "Move 3:" in out and "Move 4:" not in out and "After move 3" in out


def test_replay_steps_with_enter_and_q_stops(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    code, out = invoke("replay", str(path), input="\n\nq\n")
    assert code == 0 and "Move 3:" in out and "Move 4:" not in out


def test_replay_of_a_tampered_save_fails(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    doc = json.loads(path.read_text())
    face = int(doc["actions"][0].split()[1])
    doc["actions"][0] = f"roll {face % 6 + 1}"
    path.write_text(json.dumps(doc))
    code, out = invoke("replay", str(path), "--all")
    assert code == 1 and "seeded dice" in out


def test_games_lists_highcard() -> None:
    code, out = invoke("games")
    assert code == 0 and "highcard: Highcard, 2-4 players" in out


def test_generic_view_is_used_without_a_renderer_and_cuts_long_values() -> None:
    from rich.console import Console

    from spacetable.cli.views import find_renderer, generic_render, render_view
    from spacetable.engine.state import View

    assert find_renderer("no_such_game") is None
    assert find_renderer("highcard") is not None
    console = Console(width=100, record=True)
    view = View("toy", 1, {"hand": [3, 4], "log": ["x" * 50] * 40})
    console.print(generic_render(view, max_chars=100))
    text = console.export_text()
    assert "toy — seat 2" in text and "[3, 4]" in text and "characters)" in text

    def broken(v: View) -> str:
        raise KeyError("oops")

    renderable, warning = render_view(view, broken)
    assert warning is not None and "renderer failed" in warning


def test_turn_limit_flag_reaches_games_that_have_one() -> None:
    """--turn-limit maps to config["turn_limit"] (Space Lanes L21) and is refused by other games."""
    result = runner.invoke(app, ["simulate", "spacelanes", "--games", "2", "--players", "2",
                                 "--bots", "greedy", "--turn-limit", "6", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["config"]["turn_limit"] == 6 and data["mean_turns"] <= 6
    refused = runner.invoke(app, ["simulate", "moonrakers", "--games", "1", "--turn-limit", "6"])
    assert refused.exit_code == 2 and "turn-limit" in refused.output
