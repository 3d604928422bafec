"""The Space Lanes board in the terminal, for a newcomer: lane names and endpoints, positions on a lane in
words, full settlement and card names, the prices the seat can see, this game's goal target, the
80-column layout, and the end-of-game standings."""

from __future__ import annotations

import io
import re

from rich.console import Console

from spacetable.cli.render_spacelanes import KEYS, _map, more, render, standings
from spacetable.engine.rng import Rng
from spacetable.games.spacelanes.board import ADJ, ENDS
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.text import SLUG, card_rules
from tests.games.spacelanes.sl_helpers import (
    give,
    new,
    put_on_lane,
    random_play,
    set_lane_distance,
    started,
)


def screen(s: SpaceLanesState, seat: int | None = 0, width: int = 80) -> str:
    c = Console(width=width, record=True, color_system=None)
    c.print(render(s.view(seat)))
    return c.export_text()


def names(s: SpaceLanesState) -> list[str]:
    return [CONTENT.settlements[i].name for i in s.slot_set]


def test_80_columns_lose_no_column_and_no_name() -> None:
    """Lay out for 80 columns without losing information; names are never cut (8 characters
    before). Every line fits, every good has its price column, every settlement its full name."""
    s = started(3)
    out = screen(s)
    assert max(len(line) for line in out.splitlines()) <= 80
    for good in ("Ore", "Supplies", "Parts", "Medicine", "Luxury", "Contraband"):
        assert good in out
    prices = out[out.index("Prices at every settlement"):]
    for name in names(s):
        assert name in prices  # one row per settlement, the whole name
    board = _map(s.view(0).data, 80, 0).plain
    assert max(len(line) for line in board.splitlines()) <= 80
    for name in names(s):
        for word in name.split():  # on the map a long name wraps onto two lines, never cut
            assert re.search(rf"(^|\s){re.escape(word)}\*?(\s|$)", board, re.M), word


def test_lane_names_on_the_map_and_in_its_legend() -> None:
    """Lane names are on the map: by key letter at 80 columns (with the legend), on the lane
    itself from 160 columns."""
    s = started(3)
    narrow = " ".join(screen(s).split())
    wide = screen(s, width=200)
    for ls in range(len(ENDS)):
        name = CONTENT.lanes[s.lane_of[ls]].name
        assert f"{KEYS[ls]} {name}" in narrow
        assert f"{KEYS[ls]} {name} {s.dist[ls]}" in wide
    assert max(len(line) for line in wide.splitlines()) <= 200
    assert "Lanes: a " not in wide  # named on the map, no legend needed


def test_target_menu_names_the_lane_and_both_endpoints() -> None:
    """Not `lane 4 — Target lane Ember Trail` but the lane's name, both ends and distance."""
    s = started(2)
    give(s, 0, "corsair-raiders")
    s.apply("play corsair-raiders")
    lane_actions = [a for a in s.legal_actions() if a.kind == "lane"]
    assert lane_actions
    for a in lane_actions:
        ls = int(a.args[0])
        x, y = (names(s)[e] for e in ENDS[ls])
        text = s.describe(a)
        assert CONTENT.lanes[s.lane_of[ls]].name in text and x in text and y in text
        assert f"distance {s.dist[ls]}" in text and "Corsair Raiders" in text


def test_a_position_on_a_lane_is_in_words() -> None:
    """`Carthage Spur 2/2` becomes how many steps from each end (L2: d markers, d+1 moves)."""
    s = started(2)
    ls, _ = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    put_on_lane(s, 0, ls, mark=2)
    a, b = (names(s)[e] for e in ENDS[ls])
    lane = CONTENT.lanes[s.lane_of[ls]].name
    out = " ".join(screen(s).split())
    assert f"on {lane}, 1 step from {b}, 2 steps from {a}" in out
    assert "2/2" not in out


def test_the_hand_shows_card_names_kinds_costs_and_texts() -> None:
    s = started(2)
    give(s, 0, "ion-drive", "corsair-raiders")
    out = " ".join(screen(s).split())
    assert "Ion Drive One extra free move every turn, from the turn after it" in out  # the text wraps
    assert "Upgrade, 1,400 credits" in out
    assert "Corsair Raiders Play to a Space Lane that has no Pirates or Patrol" in out
    assert "Win 8, Escape 7" in out and "Pirates" in out
    assert "ion-drive" not in out and "corsair-raiders" not in out


def test_prices_of_every_settlement_the_seat_can_see_only() -> None:
    """A table of the prices seen at other settlements, from the seat's view only: in
    Exploration (L20) a face-down settlement's prices and name never appear."""
    s = started(2)
    out = screen(s)
    row = next(line for line in out.splitlines() if line.strip().startswith("▶"))
    assert names(s)[s.node[0]] in row  # the seat's own settlement first, marked
    ex = new(2, 4, ("exploration",))
    for _ in range(2):
        ex.apply("start 0")
    text = screen(ex)
    hidden = [names(ex)[x] for x in range(15) if not ex.rev_set[x]]
    assert hidden and not any(h in text for h in hidden)
    assert "unexplored" in text


def test_the_goal_shows_this_games_target_not_the_table() -> None:
    """Not `Hold Pirate Faction (2 players: 5, 3 players: 4, …)` but this table's target."""
    for players in (2, 3, 5):
        s = started(players)
        s.goal[0] = next(i for i, g in enumerate(CONTENT.goals) if g.slug == "pirate-ally")
        target = CONTENT.goals[s.goal[0]].target_for(players)
        out = " ".join(screen(s).split())
        assert f"Pirate Ally: Hold {target} Pirate Faction. Now 0 of {target} Pirate Faction" in out
        assert "players:" not in out


def test_no_winner_line_and_no_slugs_or_python_words_through_a_game() -> None:
    """The board never prints `None`, list brackets or a card slug; the winner is printed once, by the
    terminal (`Winner:` twice before)."""
    slugs = [t.slug for t in CONTENT.card_types if "-" in t.slug]
    s = new(3, 11)
    rng = Rng(5)
    for _ in range(6):
        random_play(s, rng, max_steps=150)
        for seat in (0, None):
            out = screen(s, seat)
            assert "None" not in out and "[" not in out and "Winner" not in out
            assert not any(slug in out for slug in slugs)
        if s.is_terminal():
            break


def test_standings_at_the_end_credits_and_goal_progress() -> None:
    """A standings table (credits, goal progress), best first; goals stay secret before the
    end (L21: "Goals stay secret until then")."""
    s = started(3)
    header, rows = standings(s)
    assert header == ["Seat", "Result", "Goal", "Goal progress", "Credits"]
    assert all(r[2] == "secret" and r[3] == "secret" for r in rows)
    s = new(3, 2, turn_limit=12)
    random_play(s, Rng(3))
    assert s.is_terminal() and s.winner_list
    header, rows = standings(s)
    assert {r[0] for r in rows[:len(s.winner_list)]} == {f"Seat {w + 1}" for w in s.winner_list}
    assert {r[0] for r in rows} == {"Seat 1", "Seat 2", "Seat 3"}
    assert [r[1] for r in rows].count("won") == len(s.winner_list)
    for r in rows:
        q = int(r[0].split()[1]) - 1
        g = CONTENT.goals[s.goal[q]]
        assert r[2].startswith(g.name + ": ") and "players:" not in r[2]
        assert r[4] == f"{s.credits[q]:,}" and r[3].endswith("%)")


def short_screen(s: SpaceLanesState, seat: int = 0, height: int = 50) -> str:
    c = Console(width=80, height=height, force_terminal=True, record=True, color_system=None,
                file=io.StringIO())
    c.print(render(s.view(seat)))
    return c.export_text()


def test_a_short_terminal_gets_a_short_board_and_more_shows_the_rest() -> None:
    """A decision screen fits 80×50: on a short terminal the hand is listed by name, the price
    table and lane names move to the `more` command, which shows every card's text and every price."""
    s = started(3, clear_hands=False)
    full, short = screen(s), short_screen(s)
    hand = [SLUG[c] for c in s.view(0).data["you"]["hand"]]
    assert "Prices at every settlement" in full and "Prices at every settlement" not in short
    assert "`more`" in short and "Lanes: a " not in short
    assert all(t.name in " ".join(short.split()) for t in hand)
    menu = len(s.legal_actions())
    assert len(short.splitlines()) + menu + 6 <= 50, (len(short.splitlines()), menu)  # + digest, prompt
    c = Console(width=80, record=True, color_system=None, file=io.StringIO())
    c.print(more(s.view(0)))
    extra = " ".join(c.export_text().split())
    for t in hand:
        assert " ".join(card_rules(t).split())[:30] in extra, t.slug
    for name in names(s):
        assert name in extra
    assert "Prices at every settlement" in short_screen(s, height=80)  # a tall terminal: the full board
