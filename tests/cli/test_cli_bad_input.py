"""The terminal's edges (docs/cli.md): every bad file, path or option gets one ``error: …`` line
and an exit status (2 for bad options and paths, 1 for a save that does not load), never a
traceback; a failed save at the prompt is answered and the game goes on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from spacetable.cli.main import app
from spacetable.engine import record
from spacetable.engine.game import get_game

runner = CliRunner()


def run(*args: str, input: str = "") -> Result:
    return runner.invoke(app, list(args), input=input)


def clean_exit(result: Result, code: int) -> str:
    """The output of a run that ended with `code` through the CLI's own error path."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result.output


def good_save(game: str = "highcard", **config: object) -> dict[str, object]:
    return record.to_document(get_game(game).new_game({"players": 2, **config}, 3))


def bad_files(tmp_path: Path) -> list[tuple[str, Path]]:
    out = []

    def write(name: str, data: str | bytes) -> None:
        p = tmp_path / f"{name}.json"
        p.write_bytes(data if isinstance(data, bytes) else data.encode())
        out.append((name, p))

    write("deep", "[" * 50_000 + "]" * 50_000)
    write("seed-5000-digits", json.dumps(good_save()).replace('"seed": 3', '"seed": ' + "9" * 5000))
    for v in ("abc", None, [3]):
        doc = good_save()
        doc["config"]["players"] = v  # type: ignore[index]
        write(f"players-{v}", json.dumps(doc))
    for v in (None, 5):
        doc = good_save("spacelanes")
        doc["config"]["modes"] = v  # type: ignore[index]
        write(f"modes-{v}", json.dumps(doc))
    write("not-utf8", b"\xff\xfe{\x00}")
    doc = good_save()
    doc["table"] = {"humans": ["x"], "bots": 7}
    write("damaged-table", json.dumps(doc))
    doc["digest"]["header"] = record.header_digest(doc)  # type: ignore[index]
    write("bad-table", json.dumps(doc))  # a digest that vouches for a malformed table
    return out


def test_bad_save_files_are_refused_by_play_and_replay(tmp_path: Path) -> None:
    for name, path in bad_files(tmp_path):
        out = clean_exit(run("play", "--load", str(path)), 1)
        assert out.startswith("error: ") and out.count("\n") == 1, (name, out)
        if name != "bad-table":  # replay does not read the client's table (its digest covers it)
            assert clean_exit(run("replay", str(path), "--all"), 1).startswith("error: "), name


def test_a_save_whose_table_block_was_changed_is_refused(tmp_path: Path) -> None:
    """A seating edited into another valid one (seat 1 made the human) used to load silently: the
    digest covers the table, so play --load and replay exit 1 and say what is wrong."""
    save = tmp_path / "g.json"
    clean_exit(run("play", "highcard", "--seed", "3", "--save", str(save), input="1\nquit\n"), 0)
    doc = json.loads(save.read_text())
    assert doc["table"]["humans"] == [0]
    doc["table"] = {"humans": [1], "bots": {"0": "random"}}
    save.write_text(json.dumps(doc))
    out = clean_exit(run("play", "--load", str(save), input="quit\n"), 1)
    assert out.startswith("error: save digest mismatch") and "damaged or edited" in out
    assert "damaged or edited" in clean_exit(run("replay", str(save), "--all"), 1)


def test_save_to_a_missing_folder_or_a_folder_is_refused_before_the_game(tmp_path: Path) -> None:
    for target in (tmp_path / "no" / "such" / "g.json", tmp_path):
        out = clean_exit(run("play", "highcard", "--save", str(target), input="1\n"), 2)
        assert out.startswith("error: cannot save to") and "to decide" not in out


def test_a_failed_save_at_the_prompt_is_answered_and_the_game_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = run("play", "highcard", "--seed", "3", "--save", str(save),
                 input=f"save {tmp_path}/missing/x.json\n1\nquit\n")
    out = clean_exit(result, 0)
    assert "Not saved: cannot save to" in out and "Game saved to" in out
    assert len(json.loads(save.read_text())["actions"]) >= 2  # the decision after it was played


def test_simulate_refuses_an_invalid_configuration_up_front() -> None:
    out = clean_exit(run("simulate", "moonrakers", "--players", "2", "--expansion", "binding-ties",
                         "--games", "5", "--json"), 2)
    assert out.startswith("error: ") and "3" in out


@pytest.mark.parametrize("args", [["--seed", "-1"], ["--seed", str(1 << 128)]])
def test_seeds_outside_the_range_are_refused(args: list[str]) -> None:
    assert clean_exit(run("play", "highcard", *args), 2).startswith("error: ")
    assert clean_exit(run("simulate", "highcard", *args), 2).startswith("error: ")


OLD_SAVE = Path(__file__).parents[1] / "engine" / "data" / "save-v2-moonrakers.json"
"""A format-2 save of the last build before the keyed generator (a human at seat 0, greedy at 1)."""


def test_a_version_1_save_loads_with_a_note(tmp_path: Path) -> None:
    doc = json.loads(OLD_SAVE.read_text())
    doc["version"] = 1
    del doc["digest"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc))
    out = clean_exit(run("play", "--load", str(path), input="quit\n"), 0)
    assert "unverified save" in out


def test_a_version_2_save_resumes_on_its_own_generator_and_is_saved_as_version_3(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(OLD_SAVE.read_text())
    out = clean_exit(run("play", "--load", str(path), input="quit\n"), 0)
    assert "older save (format version 2)" in out
    doc = json.loads(path.read_text())
    assert doc["version"] == 3 and doc["rng"] == "splitmix64" and doc["table"]["humans"] == [0]
    assert "older save" not in clean_exit(run("play", "--load", str(path), input="quit\n"), 0)


def test_action_texts_that_used_to_crash_the_prompt(tmp_path: Path) -> None:
    """`play ²`, `play --1` and a number of thousands of digits are answered; the game goes on."""
    save = tmp_path / "g.json"
    lines = ["play ²", "play --1", "play " + "9" * 5000, "x" * 3000, "1", "quit"]
    result = run("play", "highcard", "--seed", "3", "--save", str(save), input="\n".join(lines) + "\n")
    out = clean_exit(result, 0)
    assert "Internal error" not in out and "Game saved to" in out
    assert out.count("neither an entry of the menu") + out.count("is not possible now") >= 4
    assert "ParseError" not in out and "IllegalAction" not in out  # sentences, not class names
    assert "9" * 100 not in out and "x" * 100 not in out  # long input is not echoed back whole


def test_serve_on_a_port_in_use_is_refused_before_starting(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = clean_exit(run("serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'db.sqlite'}"), 2)
    assert out.startswith("error: port") and "in use" in out and "open http" not in out
