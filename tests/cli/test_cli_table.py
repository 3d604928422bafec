"""A terminal table a player enjoys: each point checked on the screen text of a scripted game.

Moonrakers positions come from the rules-test helpers (real decisions from setup on); the client is
driven with scripted answers (`read`) and a recording console, as a person at an 80-column terminal.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from spacetable.bots.base import Bot, RandomBot
from spacetable.bots.moonrakers_greedy import GreedyBot
from spacetable.cli.main import app
from spacetable.cli.terminal import Quit, TerminalClient
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import intents
from spacetable.games.moonrakers.game import Moonrakers
from tests.games.moonrakers.helpers import answer, game, propose, take

runner = CliRunner()


def scripted(*answers: str) -> Any:
    it: Iterator[str] = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def client_for(s: Moonrakers, *answers: str, humans: tuple[int, ...] = (0,), width: int = 80,
               bot: type[Bot] = GreedyBot, **kw: Any) -> tuple[TerminalClient, Console]:
    console = Console(record=True, width=width, file=io.StringIO())
    bots: dict[int, Bot] = {i: bot() for i in range(s.n) if i not in humans}
    client = TerminalClient(s, list(humans), bots, console, bot_rng=Rng(1), read=scripted(*answers), **kw)
    return client, console


def turn(client: TerminalClient, seat: int = 0) -> None:
    with contextlib.suppress(Quit):
        client.human_turn(seat)


def at_open(seed: int = 1) -> Moonrakers:
    """Seat 0 is Mission Leader at the start of a proposal (3.3.3), 4 captains: the first contract on
    display that pays Prestige and at least 4 credits and has hazard dice (played, so it replays)."""
    s = game(4, seed, first=0)
    c = next(c for c in s.contracts if A.CAT.contracts[c].prestige and A.CAT.contracts[c].credits >= 4
             and A.CAT.contracts[c].dice)
    s.apply(f"take {A.CONTRACT_SLUGS[c]}")
    assert s.decision_name() == "negotiation.open" and s.current_player() == 0
    return s


# ------------------------------------------------------------------------------ one-line proposals
def test_a_whole_proposal_in_one_line_uses_the_shared_intent_mapping(monkeypatch: pytest.MonkeyPatch) -> None:
    """3.3.3: `propose p2:1cr p4:2cr dice …` makes every small decision of the proposal at once, through
    `moonrakers.intents.expand` (the web table's mapping, not a second copy)."""
    s = at_open()
    dice = int(intents.offered(s, 0)["dice"])  # type: ignore[index]
    calls: list[Any] = []
    real = intents.expand

    def spy(state: Any, seat: int, intent: Any) -> list[str]:
        calls.append(intent)
        return real(state, seat, intent)

    monkeypatch.setattr(intents, "expand", spy)
    line = "propose p2:1cr p4:2cr+1p dice " + ",".join(["p1", "p2"] * dice)[: 3 * dice - 1]
    client, console = client_for(s, line)
    turn(client)
    assert calls and calls[0]["shares"]["p4"] == {"prestige": 1, "credits": 2, "bonus": 0}
    assert s.decision_name() == "negotiation.answer"  # one answer instead of a dozen
    neg = next(f for f in s.stack if type(f).__name__ == "Negotiate")
    assert neg.invitees == [1, 3] and neg.shares == [[0, 1, 0], [1, 2, 0]]  # type: ignore[attr-defined]
    assert any("proposes P2 for 1 credit, P4 for 1 Prestige and 2 credits" in ln for ln in client.log)
    assert "Or the whole proposal in one line: propose p2:" in console.export_text()


def test_repeat_and_raise_start_from_the_last_proposal() -> None:
    """A declined proposal is made again (`repeat`) or with +1 credit for each who declined (`raise`)."""
    s = at_open()
    propose(s, [1, 2], {1: [0, 1, 0], 2: [0, 1, 0]})
    answer(s, [1])  # P2 accepts, P3 declines
    client, console = client_for(s, "raise")
    turn(client)
    neg = next(f for f in s.stack if type(f).__name__ == "Negotiate")
    assert neg.round == 2 and neg.shares == [[0, 1, 0], [0, 2, 0]]  # type: ignore[attr-defined]
    assert "repeat — the last proposal again" in console.export_text()
    answer(s, [])
    client, _ = client_for(s, "repeat")
    turn(client)
    assert neg.round == 3 and neg.shares == [[0, 1, 0], [0, 2, 0]]  # type: ignore[attr-defined]


def test_a_wrong_one_line_proposal_is_explained_and_changes_nothing() -> None:
    s = at_open()
    before = list(s.history)
    client, console = client_for(s, "propose p2:99cr", "propose p9", "repeat")
    turn(client)
    text = " ".join(console.export_text().split())
    assert "The shares give away 99 credits" in text  # intents.expand's own words (3.3.3)
    assert "'p9' is not a captain" in text
    assert "There is no earlier proposal to repeat" in text
    assert s.history == before


# ------------------------------------------------------------------------------ the menu
def test_menu_order_is_stable_by_kind_and_final_acts_come_last() -> None:
    """Plays in catalog order (not hand order), pass last; solo never first."""
    s = at_open()
    client, _ = client_for(s)
    menu = client.numbered(0, s.legal_actions())
    assert [str(a) for _, a in menu] == ["propose", "solo"]
    from spacetable.cli.render_moonrakers import menu_key
    s2 = game(4, 2, first=0)
    take(s2, "claim-bounty")
    s2.apply("solo")
    while s2.current_player() == CHANCE:
        s2.sample_chance()
    legal = s2.legal_actions()
    order = [str(a) for _, a in client.numbered(None, legal)]
    assert order[-1] == "pass" and order == [str(a) for a in sorted(legal, key=menu_key)]
    s2.players[0].hand.reverse()
    assert [str(a) for _, a in client.numbered(None, s2.legal_actions())] == order


def test_a_final_act_never_takes_a_number_that_just_meant_something_else() -> None:
    s = at_open()
    client, console = client_for(s)
    client._menus[0] = {1: "invite p2", 2: "exclude p2"}  # the previous prompt: 2 meant exclude p2
    menu = client.numbered(0, s.legal_actions())
    assert (None, "solo") in [(n, str(a)) for n, a in menu]  # no number: only its word chooses it
    client.show_menu(menu)
    assert "type solo" in console.export_text()
    client._menus[0] = {1: "propose", 2: "solo"}
    assert [(n, str(a)) for n, a in client.numbered(0, s.legal_actions())] == [(1, "propose"), (2, "solo")]
    client._menus[0] = {1: "propose", 5: "solo"}  # a final act keeps its own number when it can
    assert (5, "solo") in [(n, str(a)) for n, a in client.numbered(0, s.legal_actions())]


def test_every_menu_line_states_its_cost() -> None:
    """Crew and parts say their price and brand; a part's use line does not repeat its price; the
    Armory discard says it costs 1 credit (3.5.2); a card's play says its Actions (2.7)."""
    s = game(4, 3, first=0)
    s.apply("stay")
    while s.decision_name() != "buying":
        s.apply(s.legal_actions()[-1])
    s.players[0].credits = 20
    lines = {str(a): s.describe(a) for a in s.legal_actions()}
    for text, line in lines.items():
        if text.startswith("buy "):
            slug = text.split()[1]
            if slug in A.PART_ID:
                p = A.CAT.parts[A.PART_ID[slug]]
                assert f"({p.brand.capitalize()} part) for {p.cost} credit" in line
            else:
                c = A.CAT.crew_by_slug(slug)
                assert f"Hire {c.name} for {c.cost} credit" in line
        if text.startswith("armory-swap"):
            assert line.startswith("Pay 1 credit: discard")
    assert lines["done"] and "None" not in " ".join(lines.values())
    part = A.CAT.parts[0]
    assert str(part.cost) + " cr" not in s.describe(A.USE[0]) and part.name in s.describe(A.USE[0])


# ------------------------------------------------------------------------------ automatic, digest, log
def test_one_legal_action_is_taken_and_logged() -> None:
    """"pass" with 0 Actions is not asked; it is taken and the log says so."""
    s2 = at_open()
    s2.apply("solo")
    while s2.current_player() == CHANCE:
        s2.sample_chance()
    assert s2.ex is not None
    s2.ex.seats[0].actions = 0  # no Action left: only "pass" (3.4.3)
    assert [str(a) for a in s2.legal_actions()] == ["pass"]
    client, _ = client_for(s2)  # reading would end the game: the prompt must not be reached
    client.human_turn(0)
    assert str(s2.space[s2.history[-1]]) == "pass"
    assert any("had one choice, taken for you" in ln and "Pass" in ln for ln in client.log)


def test_bot_turns_are_a_digest_and_log_n_shows_more() -> None:
    """Bot moves are not printed as they happen; the next screen lists what happened since, and
    `log N` prints the last N lines."""
    s = game(4, 5, first=1)  # a bot is Mission Leader: its whole turn passes before seat 0 is asked
    client, console = client_for(s, "log 100", "quit")
    with contextlib.suppress(Quit):
        client.run()
    text = console.export_text()
    before, screen = text.split("to decide (", 1)
    assert "  · " not in before  # nothing scrolled by during the bots' moves
    assert "earlier lines: log " in screen and " shows them all)" in screen  # a digest, not everything
    digest, asked = screen.split("  1. ", 1)
    assert "Turn 1: P2 is Mission Leader" not in digest
    assert "Turn 1: P2 is Mission Leader" in asked  # `log 100` printed the older lines
    assert text.count("to decide (") == 1  # one screen for one decision


def test_delay_paces_bot_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []
    monkeypatch.setattr(TerminalClient, "sleep", staticmethod(waits.append))
    s = game(4, 5, first=1)
    client, console = client_for(s, "quit", delay=0.25)
    with contextlib.suppress(Quit):
        client.run()
    assert waits and set(waits) == {0.25}
    assert "  · Turn 1: P2 is Mission Leader" in console.export_text()  # shown as it happens


# ------------------------------------------------------------------------------ undo turn
def test_undo_turn_goes_back_as_far_as_the_policy_allows_and_says_where_it_stopped() -> None:
    """The ML's proposal steps and the choice of contract (the display is refilled only at the end of
    the turn, 3.2.2) reveal nothing and nobody else decided: `undo turn` takes all four back and stops
    where the decision before them was not the ML's (the undo policy)."""
    s = at_open()
    s.apply("propose")
    s.apply("invite p2")
    s.apply("exclude p3")
    moves = len(s.history)
    client, console = client_for(s, "undo turn", "quit")
    turn(client)
    assert len(client.state.history) == moves - 4
    assert client.state.decision_name() == "planning"
    text = " ".join(console.export_text().split())
    assert "takes back 4 decisions, back to move" in text and "(planning)" in text
    assert "it stopped there because" in text


def test_a_refused_undo_names_the_other_seat_as_the_table_does() -> None:
    """Undo policy: once another seat has answered (here P2 accepts the invitation, 3.3.4), the
    next seat cannot take back; the reason names that seat as the terminal shows it, P2."""
    s = at_open()
    propose(s, [1, 2])
    s.apply("accept")
    assert s.decision_name() == "negotiation.answer" and s.current_player() == 2
    client, console = client_for(s, "", "undo", "quit", humans=(0, 1, 2, 3))
    turn(client, 2)
    text = " ".join(console.export_text().split())
    assert "P2 has decided since your last decision" in text and "Seat 2" not in text


def test_undo_turn_in_practice_stops_at_the_start_of_the_turn() -> None:
    s = at_open()
    client, console = client_for(s, "undo turn", practice=True)
    turn(client)
    assert "where this turn began" in " ".join(console.export_text().split())
    assert client.state.decision_name() == "planning"


# ------------------------------------------------------------------------------ end of game, words
def test_the_end_is_a_standings_table_in_words() -> None:
    s = game(2, 3, first=0)
    client, console = client_for(s, humans=(), width=100)
    final = client.run()
    text = console.export_text()
    assert final.is_terminal()
    assert "Standings" in text and "Prestige" in text and "objectives claimed" in text
    assert "parts (brand)" in text
    assert text.count("Winner") == 1 and "None" not in text and "Results:" not in text
    assert "win(s)" not in text and "[]" not in text
    assert "Game over: P" in text and (" wins" in text or " win" in text) and " wins [" not in text


@pytest.mark.parametrize("game_name, seats", [("moonrakers", 4), ("spacelanes", 3)])
def test_play_defaults_to_the_readme_tables(game_name: str, seats: int, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = runner.invoke(app, ["play", game_name, "--seed", "2", "--save", str(save)], input="quit\n")
    assert result.exit_code == 0, result.output
    doc = json.loads(save.read_text())
    assert doc["config"]["players"] == seats and doc["table"]["humans"] == [0]


def test_bot_names_are_always_checked() -> None:
    result = runner.invoke(app, ["play", "moonrakers", "--players", "1", "--bots", "genius"])
    assert result.exit_code == 2 and "genius" in result.output


def test_replay_steps_back_and_jumps_to_a_turn(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert runner.invoke(app, ["play", "moonrakers", "--players", "2", "--humans", "0", "--seed", "4",
                               "--save", str(save)]).exit_code == 0
    result = runner.invoke(app, ["replay", str(save)], input="n\nn\nb\nt 3\nq\n")
    out = result.output
    assert result.exit_code == 0, out
    assert out.count("Move 2:") == 2  # forward to 2, on to 3, back to 2
    turn3 = out.index("turn 3 ·")
    assert turn3 > out.index("Move 3:") and "Move 1:" in out


def test_log_lines_are_sentences() -> None:
    """No 'win(s)', no 'option 1 of Bill Bendo', no list brackets or None in log lines."""
    from spacetable.games.moonrakers import text

    assert text.RENDER["game-over"](([0],)) == "Game over: P1 wins"
    assert text.RENDER["game-over"](([0, 2],)) == "Game over: P1 and P3 win"
    assert text.RENDER["game-over"](([],)) == "Game over: nobody wins"
    assert text.RENDER["draw"]((0, 1)) == "P1 draws 1 card"
    assert text.RENDER["draw"]((0, 2)) == "P1 draws 2 cards"
    bill = A.CAT.crew_by_slug("bill-bendo").id
    assert text.RENDER["crew-option"]((1, bill, 2)) == "P2 picks Bill Bendo's option 2: +1 Action"
    terms = "p2: 0 prestige, 2 credits, 0 bonus; p3: 1 prestige, 0 credits, 1 bonus; dice p1,p3"
    from spacetable.engine.events import Event

    look = text.render_event(None, Event("2.4", "crew-look", (0, 1)))  # type: ignore[arg-type]
    assert look == "P1 looks at the top 1 card of the draw pile"  # no '(s)' left, no rule number
    assert text.terms_text(terms) == ("P2 for 2 credits; P3 for 1 Prestige and 1 bonus card; "
                                      "hazard dice: P1, P3")


def test_long_runs_of_one_kind_share_one_menu_line_and_keep_their_numbers() -> None:
    """Nine Armory discards (3.5.2) read as one line with each card's number; a number still chooses."""
    s = game(4, 3, first=0)
    s.apply("stay")
    while s.decision_name() != "buying":
        s.apply(s.legal_actions()[-1])
    swaps = [a for a in s.legal_actions() if a.kind == "armory-swap"]
    client, console = client_for(s, width=100)
    menu = client.numbered(0, s.legal_actions())
    client.show_menu(menu)
    text = console.export_text()
    number = next(n for n, a in menu if a == swaps[0])
    assert "armory-swap <card>  — Pay 1 credit: discard that card from the Armory" in text
    assert f"{number} {swaps[0].args[0]}" in text
    assert sum(1 for ln in text.splitlines() if "armory-swap" in ln) == 1
    assert client.choose(str(number), s.legal_actions()) == swaps[0]


def test_undo_crosses_bot_answers_as_at_the_web_table_and_never_rerolls_a_bot() -> None:
    """Against bots only, undo may cross the bots' harmless answers (engine undo policy, `bots=`);
    the bots' choices are seeded by their place in the log, so the same offer meets the same answers.
    The one-line proposal is one choice (`joined`): one undo takes all of it back, to be sent again."""
    s = at_open()
    dice = int(intents.offered(s, 0)["dice"])  # type: ignore[index]
    line = "propose p2:1cr p3 p4 dice " + ",".join(["p1"] * dice)
    client, _ = client_for(s, line, "undo", line, "quit", bot=RandomBot)  # answers by the dice
    with contextlib.suppress(Quit):
        client.run()
    answers = [ln for ln in client.log if ln.startswith(("P2 accepts", "P2 declines", "P3 accepts",
                                                        "P3 declines", "P4 accepts", "P4 declines"))]
    assert any("takes back 1 decision" in ln for ln in client.log)
    assert len(answers) == 6 and answers[:3] == answers[3:]


def test_rules_stay_behind_why_and_rules_and_hint_leads_with_the_coach() -> None:
    """Words for people in the terminal: no menu entry or log line carries a rule number; `why` names the
    rule behind each line of the digest, `why N` prints the rule behind menu entry N, `rules ID` and
    `rules WORDS` print and search the texts, and `hint` opens with the coach's choice and why."""
    from tests.plain_words import bare_codes

    s = game(3, 2, first=0)
    client, console = client_for(s.copy(), "quit")
    turn(client)
    assert not bare_codes(console.export_text())  # the board, the digest and the menu
    client, console = client_for(s, "why", "why 1", "rules 3.4.9", "rules hazard dice", "hint", "quit")
    turn(client)
    answers = console.export_text()
    assert "— rule 3.1: Overview" in answers  # why: each digest line with its rule
    assert "Rule 3.2.2:" in answers or "Rule 3.2.4:" in answers or "Rule 3.2.1:" in answers  # why 1
    assert "Rule 3.4.9: End of execution" in answers and "Hazard losses" in answers
    assert "Rules about 'hazard dice'" in answers
    assert "coach: " in answers and "why: " in answers
