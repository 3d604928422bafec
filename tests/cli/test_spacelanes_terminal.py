"""Space Lanes through the terminal client with scripted input: `buy parts 5` in one line,
the menu's stable order with the acts that end a step last, the end of a game (standings, the
winner printed once), and settlements and lanes named as the board names them (`move Rustfall`)."""

from __future__ import annotations

from rich.console import Console

from spacetable.bots.base import make_bot
from spacetable.cli import render_spacelanes as face
from spacetable.cli.terminal import TerminalClient
from spacetable.engine.action import Action
from spacetable.engine.errors import SpacetableError
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
    """A standings table (credits, goal progress) and `Winner` once (it was printed twice)."""
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
    assert any(line.startswith("In one line:") and "discard" in line for line in face.menu_hints(s, 0))


def _slot_named(s: SpaceLanesState, name: str) -> int:
    return next(x for x in range(len(s.slot_set)) if CONTENT.settlements[s.slot_set[x]].name == name)


def test_a_settlement_is_chosen_by_the_name_the_board_prints() -> None:
    """L3 (each captain places its ship on a Settlement): the menu's `start N` numbers a slot, the board
    prints names, so `start Smugglers rest` (any case, apostrophe optional) is `start <its slot>`; the
    engine's own text and anything that names no settlement are left to the usual parsing."""
    s = new(2)
    slot = _slot_named(s, "Smuggler's Rest")
    assert face.action_from_line(s, "start Smugglers rest") == f"start {slot}"
    assert face.action_from_line(s, "START smuggler's") == f"start {slot}"
    assert face.action_from_line(s, f"start {slot}") is None
    assert face.action_from_line(s, "start Atlantis") is None
    assert face.action_from_line(s, "play Smuggler's Rest") is None
    console = Console(width=100, record=True, color_system=None)
    _, read = scripted(["start Smuggler's Rest"])
    # a greedy opponent: the recent events shown then hold the start (a random one may fill them with plays)
    client = TerminalClient(s, [0], {1: make_bot("spacelanes", "greedy")}, console, bot_rng=Rng(1),
                            read=read)  # type: ignore[arg-type]
    client.run()
    assert isinstance(client.state, SpaceLanesState)
    assert client.state.node[0] == slot
    assert "Seat 1 starts at Smuggler's Rest" in console.export_text()


def test_a_prefix_that_fits_several_places_names_them_and_changes_nothing() -> None:
    """Every Settlement is a legal start (L3), so `start f` fits Forge Station and Frostmoor: the terminal
    names both and asks for more; nothing is applied."""
    s = new(2)
    try:
        face.action_from_line(s, "start f")
    except SpacetableError as e:
        assert "Forge Station" in str(e) and "Frostmoor" in str(e)
    else:
        raise AssertionError("an ambiguous prefix was accepted")
    console = Console(width=100, record=True, color_system=None)
    _, read = scripted(["start f"])
    client = TerminalClient(s, [0], {1: make_bot("spacelanes", "random")}, console, bot_rng=Rng(1),
                            read=read)  # type: ignore[arg-type]
    client.run()
    assert client.state.history == [] and "could be any of Forge Station, Frostmoor" in console.export_text()


def test_a_short_prefix_picks_the_one_place_the_ship_can_reach() -> None:
    """L6: a move goes to a Settlement along a lane from where the ship is; when a prefix fits several
    names but only one of them is a legal move now, that one is meant."""
    for start in range(15):
        s = started(2, starts=(start, start))
        moves = {int(a.args[0]) for a in s.legal_actions() if a.kind == "move"}
        names = {x: CONTENT.settlements[s.slot_set[x]].name for x in range(15)}
        for x in moves:
            prefix = names[x][0]
            others = [y for y in names if y != x and names[y].startswith(prefix)]
            if others and not any(y in moves for y in others):
                assert face.action_from_line(s, f"move {prefix}") == f"move {x}"
                return
    raise AssertionError("no start with a reachable settlement sharing its initial with an unreachable one")


def test_a_face_down_settlement_is_not_found_by_its_name() -> None:
    """L20 (Exploration): a face-down Settlement is unknown until a ship reaches it, so its name must not
    find it (that would tell the player where it lies); it is still named by its slot number."""
    s = new(2, modes=("exploration",))
    hidden = next(x for x in range(15) if not s.rev_set[x])
    name = CONTENT.settlements[s.slot_set[hidden]].name
    assert face.action_from_line(s, f"start {name}") is None
    shown = next(x for x in range(15) if s.rev_set[x])
    face_up = CONTENT.settlements[s.slot_set[shown]].name
    assert face.action_from_line(s, f"start {face_up}") == f"start {shown}"


def test_a_lane_is_chosen_by_its_name_or_its_letter_on_the_map() -> None:
    """A card put on a lane (L10) names it: `lane Ember Trail` or the map's key letter (`lane h` is lane
    slot 7, `KEYS`)."""
    s = started(2)
    ls = next(x for x in range(24) if CONTENT.lanes[s.lane_of[x]].name == "Ember Trail")
    assert face.action_from_line(s, "lane ember trail") == f"lane {ls}"
    assert face.action_from_line(s, "lane h") == "lane 7"
    assert face.action_from_line(s, "relocate H") == "relocate 7"
    assert any(line.startswith("Or name the place: move ") for line in face.menu_hints(s, 0))
