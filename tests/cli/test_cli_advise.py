"""`spacetable advise SAVEFILE --player N` and the terminal's `hint` command (generic over games)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from spacetable.advice import NoAdvisor, advice, advisor_for
from spacetable.bots.base import make_bot
from spacetable.cli.main import app
from spacetable.cli.terminal import HELP, Quit, TerminalClient, help_text
from spacetable.cli.views import find_face
from spacetable.engine import record
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.games.spacelanes.advisor import advise
from spacetable.sim.setup import load_game

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    r = runner.invoke(app, list(args))
    return r.exit_code, r.stdout, r.stderr


def spacelanes_midgame(decisions: int = 120, seed: int = 5) -> State:
    s = load_game("spacelanes").new_game({"players": 3}, seed)
    bots = [make_bot("spacelanes", "greedy") for _ in range(3)]
    rng = Rng(seed)
    done = 0
    while done < decisions:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        s.apply(bots[p].choose(s, p, rng))
        done += 1
    return s


def test_advise_prints_the_lines_and_the_json(tmp_path: Path) -> None:
    s = spacelanes_midgame()
    path = tmp_path / "g.json"
    record.save(s, path)
    for seat in range(3):
        code, out, _ = invoke("advise", str(path), "--player", str(seat + 1))
        assert code == 0
        coach = advice(s, seat)
        expected = advise(s, seat)["lines"]
        if coach["recommended"]:  # the deciding seat also reads the coach's choice and why
            expected = [*expected, f"Coach: {coach['recommended']} — {coach['reason']}"]
        assert out.splitlines() == expected
    code, out, _ = invoke("advise", str(path), "--player", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data == json.loads(json.dumps(advice(s, 1))) and data["seat"] == 1
    assert {"recommended", "reason"} <= set(data)


def test_advise_errors(tmp_path: Path) -> None:
    s = spacelanes_midgame(20)
    good = tmp_path / "g.json"
    record.save(s, good)
    for bad in ("0", "4", "-1"):
        code, _, err = invoke("advise", str(good), "--player", bad)
        assert code == 2 and "error:" in err and "from 1 to 3" in err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    code, _, err = invoke("advise", str(broken), "--player", "1")
    assert code == 1 and err.startswith("error:")
    code, _, err = invoke("advise", str(tmp_path / "missing.json"), "--player", "1")
    assert code == 1 and err.startswith("error:")
    hc = load_game("highcard").new_game({"players": 2}, 1)
    record.save(hc, tmp_path / "hc.json")
    code, _, err = invoke("advise", str(tmp_path / "hc.json"), "--player", "1")
    assert code == 2 and "highcard has no advisor" in err


def test_advisor_lookup_is_generic() -> None:
    assert advisor_for("spacelanes") is advise
    try:
        advisor_for("highcard")
    except NoAdvisor as e:
        assert "no advisor" in str(e)
    else:
        raise AssertionError("highcard has no advisor module")


def test_hint_in_the_terminal_shows_the_deciding_seats_advice() -> None:
    s = spacelanes_midgame(60)
    probe = TerminalClient(s, [], {}, Console(quiet=True), bot_rng=Rng(0))
    while s.current_player() == CHANCE or probe.automatic(s.current_player()) is not None:
        if s.current_player() == CHANCE:
            s.sample_chance()
        else:  # a decision the terminal takes by itself (one legal action, an optional window)
            s.apply(probe.automatic(s.current_player()) or s.legal_actions()[0])
    seat = s.current_player()
    console = Console(record=True, width=200)
    script = iter(["hint", "quit"])
    client = TerminalClient(s, [seat], {}, console, bot_rng=Rng(0), read=lambda _prompt: next(script))
    before = len(s.history)
    with contextlib.suppress(Quit):
        client.human_turn(seat)
    text = console.export_text()
    lines = advise(s, seat)["lines"]
    assert lines and all(f"hint: {line}" in text for line in lines)
    assert len(s.history) == before  # a hint decides nothing
    assert "hint" in HELP


def test_hint_in_a_game_without_an_advisor_says_so() -> None:
    s = load_game("highcard").new_game({"players": 2}, 1)
    while s.current_player() == CHANCE:
        s.sample_chance()
    console = Console(record=True, width=200)
    script = iter(["hint", "quit"])
    client = TerminalClient(s, [s.current_player()], {}, console, bot_rng=Rng(0),
                            read=lambda _prompt: next(script))
    with contextlib.suppress(Quit):
        client.human_turn(s.current_player())
    assert "No hint: highcard has no advisor" in console.export_text()


def test_help_lists_the_games_own_one_line_commands() -> None:
    """`help` shows the generic commands and, from the game's terminal module (`HELP`), its own
    one-line intents and names (a Moonrakers proposal; Space Lanes units and places), never another
    game's; a game without any shows the generic ones alone."""
    mr, sl, hc = (help_text(find_face(g)) for g in ("moonrakers", "spacelanes", "highcard"))
    assert "propose p2:1cr" in mr and "buy parts 5" not in mr
    assert "buy parts 5" in sl and "move Rustfall" in sl and "propose" not in sl
    assert "propose" not in hc and "buy parts" not in hc
    for text in (mr, sl, hc):
        assert "{game}" not in text and "\n\n" not in text
        assert "hint" in text and text.startswith("Commands:\n  <number>")
