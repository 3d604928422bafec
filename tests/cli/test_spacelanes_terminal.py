"""Space Lanes through the terminal client with scripted input (issue 12): `buy parts 5` in one line,
the menu's stable order with the acts that end a step last, and the end of a game (standings, the
winner printed once)."""

from __future__ import annotations

from rich.console import Console

from spacetable.bots.base import make_bot
from spacetable.cli import render_spacelanes as face
from spacetable.cli.terminal import TerminalClient
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.state import SpaceLanesState
from tests.games.spacelanes.sl_helpers import new, started


def scripted(lines: list[str]) -> tuple[list[str], object]:
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return lines, read


def test_buy_several_units_in_one_line() -> None:
    """L5 (at most 5 of a good a Visit): `buy ore 3` from the turn decision opens the Trade and buys three
    units, through the shared intents (`spacetable.games.spacelanes.intents`)."""
    s = started(2)
    slot = s.node[0]
    form = s.view(0).data["slots"][slot]["prices"]
    good = next(g for g, (b, _) in form.items() if b)
    intent = face.intent_from_line(s, 0, f"buy {good} 3")
    assert intent == {"kind": "trade", "action": "buy", "good": good, "units": 3}
    assert face.intent_from_line(s, 0, f"sell 2 {good}") == {"kind": "trade", "action": "sell", "good": good,
                                                             "units": 2}
    assert face.intent_from_line(s, 0, f"buy {good}") is None  # the engine's own one-unit action
    assert face.intent_from_line(s, 0, "buy gold 3") is None
    console = Console(width=80, record=True, color_system=None)
    _, read = scripted([f"buy {good} 3"])
    client = TerminalClient(s, [0], {1: make_bot("spacelanes", "random")}, console, bot_rng=Rng(1),
                            read=read)  # type: ignore[arg-type]
    client.run()
    assert isinstance(client.state, SpaceLanesState)
    g = ("ore", "supplies", "parts", "medicine", "luxury", "contraband").index(good)
    assert client.state.cargo[0][g] == 3 and client.state.bought[0][g] == 3
    assert f"buys 3 {good.capitalize()}" in console.export_text()


def test_menu_order_is_by_kind_with_the_ending_acts_last() -> None:
    s = started(2)
    s.apply("trade")
    legal = sorted(s.legal_actions(), key=face.menu_key)
    kinds = [a.kind for a in legal]
    assert kinds[-1] == "done" and "done" in face.FINAL_KINDS
    assert kinds == sorted(kinds, key=face.KIND_ORDER.index)
    assert face.menu_key(Action.parse("end")) > face.menu_key(Action.parse("play ion-drive"))


def test_a_finished_game_shows_standings_and_one_winner_line() -> None:
    """Issue 12: a standings table (credits, goal progress) and `Winner` once (it was printed twice)."""
    s = new(3, 5, turn_limit=9)
    console = Console(width=80, record=True, color_system=None)
    bots = {q: make_bot("spacelanes", "greedy") for q in range(3)}
    TerminalClient(s, [], bots, console, bot_rng=Rng(2)).run()
    out = console.export_text()
    assert s.is_terminal()
    assert out.count("Winner") == 1
    assert "Goal progress" in out and "Credits" in out
    assert "solo_score" not in out and "None" not in out


def test_discard_several_cards_in_one_line() -> None:
    """L5 ("discard cards once"): `discard <card>, <card>` by name or slug, during a Trade."""
    s = started(2, clear_hands=False)
    hand = [CONTENT.card_types[CONTENT.deck[c]] for c in s.hand[0]]
    a, b = hand[0], next(t for t in hand if t.slug != hand[0].slug)
    s.apply("trade")
    intent = face.intent_from_line(s, 0, f"discard {a.name.upper()}, {b.slug}")
    assert intent == {"kind": "discard", "cards": [a.slug, b.slug]}
    assert face.intent_from_line(s, 0, "discard no such card") is None
    assert face.describe_intent(intent) == f"discards {a.name}, {b.name}"
    assert any(line.startswith("In one line (L5):") and "discard" in line for line in face.menu_hints(s, 0))
