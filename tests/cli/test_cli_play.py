"""``spacetable play``: a full Highcard game driven through stdin, saves, resume, undo, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spacetable.cli.main import app
from spacetable.engine import record
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.sim.setup import load_game
from tests.games.moonrakers.helpers import at_own_window

runner = CliRunner()


def play(*args: str, input: str = "") -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input=input)
    return result.exit_code, result.output


def test_full_game_with_one_human_via_stdin(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = play("highcard", "--players", "3", "--humans", "1", "--seed", "5", "--save", str(save),
                     input="1\n" * 20)
    assert code == 0, out
    assert "Seat 1 to decide (round.play)" in out and "Game over" in out and "Winner" in out
    assert " 1. play " in out  # the numbered menu with one-line explanations
    assert "Play " in out and "[H3]" not in out  # describe() text; the rule is behind `why`
    state = record.load(save)
    assert state.is_terminal() and state.num_players == 3
    doc = json.loads(save.read_text())
    assert doc["table"] == {"humans": [0], "bots": {"1": "greedy", "2": "greedy"}}  # the default bot


def test_game_renderer_shows_only_the_own_hand(tmp_path: Path) -> None:
    code, out = play("highcard", "--players", "2", "--seed", "1", input="1\n" * 12)
    assert code == 0 and "Your hand:" in out and "(you)" in out


def test_autosave_after_every_decision_and_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """End of input mid-game saves; --load resumes the same game with the same seats."""
    monkeypatch.chdir(tmp_path)
    save = tmp_path / "g.json"
    code, out = play("highcard", "--players", "2", "--seed", "9", "--save", str(save), input="1\n2\n")
    assert code == 0 and "Game saved to" in out
    partial = record.load(save)
    assert not partial.is_terminal()
    moves = len(partial.history)
    code, out = play("--load", str(save), input="1\n" * 12)
    assert code == 0 and "Game over" in out, out
    final = record.load(save)
    assert final.is_terminal() and final.history[:moves] == partial.history


def test_quit_without_save_file_saves_to_the_per_user_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, save_dir: Path
) -> None:
    """Saves without --save go to the documented per-user folder (docs/cli.md), not the current one."""
    monkeypatch.chdir(tmp_path)
    code, out = play("highcard", "--seed", "4", input="quit\n")
    assert code == 0
    assert (save_dir / "spacetable-highcard-4.json").exists()
    assert not (tmp_path / "spacetable-highcard-4.json").exists()
    assert "spacetable play --load" in out


def test_the_per_user_save_folder_is_platformdirs_user_data(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    from spacetable.cli.saves import SAVE_DIR_ENV, default_save_dir

    monkeypatch.delenv(SAVE_DIR_ENV)
    assert default_save_dir() == Path(platformdirs.user_data_dir("spacetable", appauthor=False)) / "saves"


def test_numbers_text_prefixes_help_and_bad_input(save_dir: Path) -> None:
    code, out = play("highcard", "--seed", "3", input="?\n99\nfly\npl\nxyzzy 3\nquit\n")
    assert code == 0
    assert "Commands:" in out  # help
    assert "Choose a number from 1 to 3" in out
    assert "fly is neither an entry of the menu nor a command" in out
    assert "pl matches several entries (play " in out
    assert "Error" not in out and "AmbiguousAction" not in out  # sentences, no class names
    doc = json.loads((save_dir / "spacetable-highcard-3.json").read_text())
    assert len(doc["actions"]) == 1  # only the die roll: bad input changed nothing


def _first_menu(seed: int, players: int = 2) -> list[str]:
    """The legal actions offered to seat 1 at its first decision of a game with `seed`."""
    state = load_game("highcard").new_game({"players": players}, seed)
    state.sample_chance()
    return [str(a) for a in state.legal_actions()]


def test_action_text_is_accepted(tmp_path: Path) -> None:
    target = _first_menu(3)[-1]
    save = tmp_path / "g.json"
    code, out = play("highcard", "--seed", "3", "--save", str(save), input=target + "\nquit\n")
    assert code == 0 and json.loads(save.read_text())["actions"][1] == target


def test_prefixes_work_but_never_replace_a_named_illegal_action() -> None:
    """'play 1' holding 17 is refused (not a prefix of 'play 17'); 'p' with one card plays it."""
    from rich.console import Console

    from spacetable.cli.terminal import TerminalClient
    from spacetable.engine.rng import Rng
    from spacetable.games.highcard.state import HighcardState

    state = load_game("highcard").new_game({"players": 2}, 3)
    assert isinstance(state, HighcardState)
    state.sample_chance()
    state.hands[0] = [3, 17, 22]
    console = Console(record=True, width=120)
    client = TerminalClient(state, [0], {}, console, bot_rng=Rng(0))
    legal = state.legal_actions()
    assert client.choose("play 1", legal) is None
    assert "play 1 is not possible now" in console.export_text()
    assert str(client.choose("play 17", legal)) == "play 17"
    assert str(client.choose("2", legal)) == "play 17"
    assert client.choose("pl", legal) is None and "pl matches several entries" in console.export_text()
    state.hands[0] = [17]
    assert str(client.choose("p", state.legal_actions())) == "play 17"


def test_undo_refused_once_another_seat_has_decided(tmp_path: Path) -> None:
    """Undo policy: never past another seat's answer that showed something hidden (here the bot
    plays a card from its hidden hand), so a player cannot see a bot's card and take its own move
    back; the game goes on unchanged."""
    menu = _first_menu(3)
    save = tmp_path / "g.json"
    code, out = play("highcard", "--seed", "3", "--save", str(save), input="1\nundo\nquit\n")
    assert code == 0 and "Cannot undo" in out and "Undone" not in out
    assert _moves_of(json.loads(save.read_text()), 0)[0] == menu[0]  # the decision stands


def test_practice_undo_takes_back_the_last_human_decision(tmp_path: Path) -> None:
    """--practice (a solo game): undo without limits, and the save says it was a practice game."""
    menu = _first_menu(3)
    save = tmp_path / "g.json"
    code, out = play("highcard", "--seed", "3", "--practice", "--save", str(save),
                     input="1\n1\nundo\nundo\n3\nquit\n")
    assert code == 0 and out.count("Undone") == 2, out
    doc = json.loads(save.read_text())
    assert doc["practice"] is True
    assert _moves_of(doc, 0)[0] == menu[2]  # both decisions taken back, the first retaken
    assert record.open_document(doc).practice


def test_practice_needs_a_solo_game() -> None:
    code, out = play("highcard", "--humans", "2", "--practice")
    assert code == 2 and "exactly one human" in out


def _moves_of(doc: dict[str, object], seat: int) -> list[str]:
    return [text for s, text in record.replay_states(doc) if text is not None and s.current_player() == seat]


def test_undo_with_nothing_to_undo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = play("highcard", "--seed", "3", input="undo\nquit\n")
    assert "Cannot undo" in out


def test_all_bot_game_and_bot_lists(tmp_path: Path) -> None:
    code, out = play("highcard", "--players", "4", "--humans", "0", "--seed", "2", "--bots", "random")
    assert code == 0 and "Game over" in out
    code, out = play("highcard", "--players", "3", "--humans", "1", "--bots", "random,random", "--seed", "2",
                     input="1\n" * 10)
    assert code == 0 and "Game over" in out


@pytest.mark.parametrize("args, message", [
    (["tiddlywinks"], "unknown game"),
    (["highcard", "--players", "7"], "2–4 players"),
    (["highcard", "--module", "x"], "no --module option"),
    (["highcard", "--mode", "upside-down"], "unknown --mode"),
    (["highcard", "--bots", "genius"], "no bot 'genius'"),
    (["highcard", "--players", "3", "--bots", "random,random,random,random"], "bot names for 3 seats"),
    (["highcard", "--humans", "5"], "--humans"),
    ([], "name a game"),
])
def test_bad_options_fail_with_a_clear_message(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2 and message in result.output


def test_loading_a_corrupt_save_fails_with_status_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    code, out = play("--load", str(bad))
    assert code == 1 and "not valid JSON" in out


def test_lowball_mode_is_passed_to_the_game(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, _ = play("highcard", "--mode", "lowball", "--humans", "0", "--seed", "1", "--save", str(save))
    assert code == 0 and json.loads(save.read_text())["config"]["modes"] == ["lowball"]


def test_an_illegal_bot_choice_is_reported_and_replaced(tmp_path: Path) -> None:
    from rich.console import Console

    from spacetable.bots.base import RandomBot
    from spacetable.cli.terminal import TerminalClient
    from spacetable.engine.action import Action
    from spacetable.engine.rng import Rng

    class Cheater(RandomBot):
        name = "cheater"

        def choose(self, state: State, seat: int, rng: Rng) -> Action:
            return Action("keep")  # never legal while playing cards

    state = load_game("highcard").new_game({"players": 2}, 1)
    console = Console(record=True, width=100)
    client = TerminalClient(state, [], {0: Cheater(), 1: RandomBot()}, console, bot_rng=Rng(1),
                            save_path=tmp_path / "g.json")
    final = client.run()
    assert final.is_terminal() and "chose an illegal action" in console.export_text()


def test_save_file_is_current_whenever_a_human_is_asked(tmp_path: Path) -> None:
    from rich.console import Console

    from spacetable.bots.base import RandomBot
    from spacetable.cli.terminal import TerminalClient
    from spacetable.engine.rng import Rng

    save = tmp_path / "g.json"
    state = load_game("highcard").new_game({"players": 3}, 6)
    asked: list[int] = []

    def read(prompt: str) -> str:
        on_disk = record.load(save)
        assert on_disk.history == client.state.history  # nothing would be lost by a crash now
        asked.append(len(on_disk.history))
        return "1"

    client = TerminalClient(state, [0], {1: RandomBot(), 2: RandomBot()}, Console(file=None, quiet=True),
                            bot_rng=Rng(2), save_path=save, read=read)
    final = client.run()
    assert final.is_terminal() and len(asked) == 5
    assert record.load(save).history == final.history


def test_hot_seat_asks_to_pass_the_screen_before_showing_a_hand(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    answers = "\n1\n" * 40  # Enter (pass the screen), then a menu choice, for each turn
    code, out = play("highcard", "--players", "2", "--humans", "2", "--seed", "8", "--save", str(save),
                     input=answers)
    assert code == 0 and "Game over" in out
    first_hand = out.index("Your hand")
    assert out.index("Pass the screen to Seat 1") < first_hand
    assert "Pass the screen to Seat 2" in out
    assert "Standings" in out and "Stats:" not in out and "Results:" not in out


def test_optional_windows_pass_by_themselves_unless_asked() -> None:
    """Binding Ties "at any time" windows pass by themselves for a person who has not asked to be
    stopped in them (the optional-window decision); --stop-at-windows asks."""
    from rich.console import Console

    from spacetable.cli.terminal import TerminalClient

    state = at_own_window()
    moves = len(state.history)

    def no_input(prompt: str) -> str:
        raise AssertionError("asked at an optional window")

    console = Console(record=True, width=120)
    client = TerminalClient(state, [0], {}, console, bot_rng=Rng(0), read=no_input)
    client.human_turn(0)
    assert len(state.history) == moves + 1 and str(state.space[state.history[-1]]) == "done"
    assert any("lets the optional reputation.window pass" in line for line in client.log)

    state = at_own_window()
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return "done"

    TerminalClient(state, [0], {}, Console(record=True), bot_rng=Rng(0), read=answer,
                   stop_at_windows=True).human_turn(0)
    assert asked and str(state.space[state.history[-1]]) == "done"
