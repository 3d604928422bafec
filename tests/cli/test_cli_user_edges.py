"""A first-time user at the terminal (docs/cli.md): what they type wrong is answered, never a traceback
("No input ends in a Python traceback"); what they need to decide is on the screen; the commands do
what docs/cli.md says, and refuse with `error: …` and status 2 what it says they refuse."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from click.testing import Result
from rich.console import Console
from typer.testing import CliRunner

from spacetable.bots.base import RandomBot
from spacetable.cli.main import app
from spacetable.cli.replayer import REPLAY_HELP, Replayer, load_steps
from spacetable.cli.terminal import Quit, TerminalClient
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.games.moonrakers import actions as A
from tests.cli.test_render_moonrakers import CFG2, snapshots, text_of

runner = CliRunner()
HUGE = "9" * 5000  # more digits than int() reads (4,300)


def run(*args: str, input: str = "") -> Result:
    return runner.invoke(app, list(args), input=input)


def clean(result: Result, code: int) -> str:
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and "Internal error" not in result.output
    return result.output


def highcard_save(tmp_path: Path) -> Path:
    save = tmp_path / "hc.json"
    clean(run("play", "highcard", "--seed", "3", "--save", str(save), input="1\n1\nquit\n"), 0)
    return save


def test_digits_int_cannot_read_are_answered_at_the_prompt() -> None:
    """"²" and "٣" pass str.isdigit but not int(); thousands of digits neither: each is answered."""
    lines = ["²", "? ²", "log ²", f"log {HUGE}", f"? {HUGE}", "99999999999999", HUGE, "? x", "quit"]
    out = clean(run("play", "highcard", "--seed", "3", input="\n".join(lines) + "\n"), 0)
    assert out.count("Write log or log N") == 2
    assert out.count("Write ? N, where N is the number of an entry") == 3
    assert out.count("Choose a number from 1 to 3") == 2  # a long number is a number, not a word
    assert "9" * 100 not in out and "Game saved to" in out


def test_a_space_lanes_trade_line_with_thousands_of_digits_is_refused() -> None:
    """docs/cli.md `buy parts 5`: a count int() cannot read is refused by the intent's own check."""
    # seed 1: seat 1 plays first, so after its start (7: Smuggler's Rest, which sells Ore) it is at
    # its turn decision, where a trade line is read
    out = clean(run("play", "spacelanes", "--players", "2", "--seed", "1",
                    input=f"7\nbuy ore {HUGE}\nquit\n"), 0)
    assert "Units must be a whole number" in out and "9" * 100 not in out


def test_replay_prompt_help_and_bad_numbers(tmp_path: Path) -> None:
    """docs/cli.md replay: the prompt `[move n/N, turn t] >` is printed as written (not read as console
    markup), `?` shows the commands, `m ²` and `t 999` are answered."""
    save = highcard_save(tmp_path)
    out = clean(run("replay", str(save), input="\n?\nm ²\nt 999\nq\n"), 0)
    assert "[move 1/" in out and "[move 2/" in out
    assert out.count("Enter/n next move") >= 3  # once at the start, for ? and for m ²
    assert "The game has no turn 999." in out


def test_replay_on_a_terminal_keeps_the_commands_and_answers_on_screen(tmp_path: Path) -> None:
    """On a terminal each move is drawn on a cleared screen: the title is over it and the commands are
    under it, and an answer to a bad command is not cleared away before it can be read."""
    steps = load_steps(json.loads(highcard_save(tmp_path).read_text()))
    file = io.StringIO()
    console = Console(file=file, force_terminal=True, width=100, color_system=None)
    answers = iter(["", "xyz"])

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    Replayer(steps, console).interactive(read)
    screens = file.getvalue().split("\x1b[2J")
    assert len(screens) == 3  # move 1, move 2; "xyz" redraws nothing
    assert all(REPLAY_HELP in screen and "Replay: Highcard, 2 players, seed 3" in screen
               for screen in screens[1:])
    assert screens[-1].count(REPLAY_HELP) == 2  # under move 2, and the answer to "xyz"


def test_replay_to_refuses_a_negative_move_and_all(tmp_path: Path) -> None:
    save = highcard_save(tmp_path)
    assert "error: --to must be a move number" in clean(run("replay", str(save), "--to", "-3"), 2)
    assert "error: give --to N or --all" in clean(run("replay", str(save), "--to", "3", "--all"), 2)


def test_bench_refuses_an_unknown_game_and_seconds_out_of_range() -> None:
    """docs/cli.md: an unknown game is an `error:` with status 2 before anything starts."""
    assert "error: unknown game 'nosuch'" in clean(run("bench", "--game", "nosuch", "--seconds", "0.01"), 2)
    for bad in ("0", "-1", "nan", "1e9"):
        assert "error: --seconds must be more than 0" in clean(run("bench", "--seconds", bad), 2)


def test_play_refuses_a_delay_out_of_range_and_bots_that_name_no_bot() -> None:
    for bad in ("nan", "100", "-1"):
        out = clean(run("play", "highcard", "--delay", bad), 2)
        assert "error: --delay must be from 0 to 60 seconds" in out
    assert "error: --bots names no bot" in clean(run("play", "highcard", "--bots", ",,"), 2)
    out = clean(run("simulate", "highcard", "--bots", " ", "--games", "1"), 2)
    assert "error: --bots names no bot" in out


def test_the_end_of_a_game_shows_the_moves_that_ended_it() -> None:
    """docs/cli.md "How it ended": the last round (H4: the best card scores the prize) is on the
    final screen, not only in the save."""
    out = clean(run("play", "highcard", "--seed", "3", input="1\n" * 20), 0)
    assert "How it ended:" in out
    end = out.split("How it ended:")[-1].split("Standings")[0]
    assert "wins the round" in end and "[H4]" not in end  # the rule is data (why, rules), not text


def test_the_digest_counts_one_earlier_line_in_the_singular() -> None:
    state = get_game("highcard").new_game({"players": 2}, 3)
    console = Console(record=True, width=80, file=io.StringIO())
    client = TerminalClient(state, [0], {1: RandomBot()}, console, bot_rng=Rng(1))
    client.log = ["first", "second"]
    client.show_digest(0, limit=1)
    assert "(1 earlier line: log 2 shows them all)" in console.export_text()


def test_the_buy_decision_at_80_columns_shows_what_costs_more_than_your_credits() -> None:
    """3.5.1/3.5.3: the ML buys Armory cards at printed cost, never more than its credits. The buy menu
    lists the cards it can pay; at 80 columns the board shows the others with cost and text, so that
    every card on the Armory display is on the screen with its cost."""
    s, seat = snapshots(CFG2, 5)["buying"]
    credits = s.players[seat].credits
    out = text_of(s, seat, 80)
    dear = [A.CAT.parts[p] for p in s.part_row if p >= 0 and A.CAT.parts[p].cost > credits]
    dear += [A.CAT.crew[c] for c in s.crew_row if c >= 0 and A.CAT.crew[c].cost > credits]
    assert dear, "the snapshot must hold a card the buyer cannot pay"
    assert f"Armory beyond your {credits} credits" in out
    for card in dear:
        row = next(ln for ln in out.splitlines() if ln.startswith(f" {card.name}"))
        assert f"{card.cost}cr" in row


def test_cards_at_80_columns_are_readable() -> None:
    """docs/cli.md cards: no column squeezed to a few letters, requirements as words, not JSON."""
    out = clean(run("cards", "moonrakers"), 0)
    assert "Abandoned Vessel" in out and "reactor 3, damage 3" in out
    assert '{"' not in out and "faction:" not in out  # no JSON cells, no empty column
    table = clean(run("cards", "highcard"), 0)
    assert "Stowaway" in table and "Captain" in table


def test_help_texts_keep_their_square_brackets() -> None:
    """`--help` is Rich markup: "[[run]]" and "spacetable[ray]" must not be read as markup tags."""
    assert "[[run]]" in clean(run("sweep", "--help"), 0)
    assert "spacetable[ray]" in clean(run("simulate", "--help"), 0)


def test_a_sweep_table_at_80_columns_names_every_bot(tmp_path: Path) -> None:
    sweep = tmp_path / "s.toml"
    sweep.write_text('[[run]]\nname = "a"\ngame = "highcard"\nplayers = 2\ngames = 4\n'
                     'bots = ["greedy", "random"]\nseed = 1\n')
    out = clean(run("sweep", str(sweep), "--out", str(tmp_path / "r.parquet"), "--backend", "serial"), 0)
    assert "greedy" in out and "random" in out and '{"' not in out


def test_a_share_of_many_digits_is_called_too_large_not_no_number() -> None:
    """3.3.2: shares are whole numbers up to the printed reward; `p2:99999cr` is a number, too large."""
    from tests.cli.test_cli_table import at_open, client_for

    s = at_open()
    client, console = client_for(s, "propose p2:99999cr", f"propose p2:{HUGE}cr", "quit", width=100)
    with contextlib.suppress(Quit):
        client.human_turn(0)
    text = console.export_text()
    assert text.count("is more than a contract pays") == 2 and "9" * 30 not in text
    assert "is not a number with p, cr or b" not in text
    assert s.decision_name() == "negotiation.open"  # nothing changed
