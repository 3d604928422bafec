"""Space Lanes action and event texts (shared by the terminal and the web table): every menu
line states what it costs, log lines are sentences that name goods and places, and the timing words
for a bonus that starts next turn and for a Trade that ends the Travel (L4)."""

from __future__ import annotations

import re

from spacetable.engine.action import Action
from spacetable.engine.events import Event
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes import event_text, text
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.state import SpaceLanesState
from tests.games.spacelanes.sl_helpers import (
    card,
    fuel_cards,
    give,
    new,
    pass_all,
    place_hostile,
    set_lane_distance,
    started,
)

SLUGS = [t.slug for t in CONTENT.card_types if "-" in t.slug]


def said(s: SpaceLanesState, action: str) -> str:
    a = Action.parse(action)
    assert a in s.legal_actions(), (action, [str(x) for x in s.legal_actions()])
    return s.describe(a)


def engaged(slug: str = "red-fleet") -> SpaceLanesState:
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    place_hostile(s, ls, slug)
    s.apply(f"move {other}")
    assert s.decision_name() == "engage.choose"
    return s


def test_use_missiles_says_what_it_costs() -> None:
    """`use missiles` took 400 credits without saying so (L17; L11: a stored card is paid)."""
    s = engaged()
    give(s, 0, "missiles")
    line = said(s, "use missiles")
    assert line.startswith("Use Missiles for 400 credits: Win")
    s = engaged()
    s.ship[0].append(card(s, "missiles"))
    assert said(s, "use missiles").startswith("Use the stored Missiles (already paid")


def test_engagement_choices_state_their_odds_and_parlay_its_price() -> None:
    s = engaged("union-patrol")
    assert re.match(r"Try to Win: \d+% \(roll 2d6, need \d+ or more", said(s, "engage win"))
    assert said(s, "parlay toll").startswith("Parlay for 500 credits: the toll")  # L16


def test_moves_say_whether_they_cost_fuel() -> None:
    """L6: the first move is free, each further one costs a card from hand as fuel."""
    s = started(2)
    fuel_cards(s, 0, 3)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    first = said(s, f"move {other}")
    assert first.startswith("Free move: launch onto " + CONTENT.lanes[s.lane_of[ls]].name)
    assert "the first move of a turn is free" in first
    s.apply(f"move {other}")
    pass_all(s)
    second = said(s, f"move {other}")
    assert second.startswith("1 fuel card: along") and "then 1 step from it" in second


def test_a_bonus_that_starts_next_turn_is_explained() -> None:
    """A card whose extra free move starts next turn, then fuel paid at once, needs a word
    (free moves are counted at the start of a turn)."""
    s = started(2)
    give(s, 0, "ion-drive")
    line = said(s, "play ion-drive")
    assert line.startswith("Fit Ion Drive for 1,400 credits") and "starts with your next turn" in line
    give(s, 0, "gunner-vex")
    assert "next turn" not in said(s, "play gunner-vex")  # +1 to Win counts at once
    s.apply("play ion-drive")
    fuel_cards(s, 0, 2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    s.apply(f"move {other}")
    pass_all(s)
    line = said(s, f"move {other}")  # the fuel is paid at once: the menu says why
    assert line.startswith("1 fuel card") and "count from the start of a turn" in line


def test_trade_after_moving_says_it_ends_the_travel() -> None:
    """L4: at most one Trade and one Travel a turn, in either order: a Trade after moving ends the
    Travel, and the menu says so."""
    s = started(2)
    assert "you may still travel afterwards" in said(s, "trade")
    fuel_cards(s, 0, 2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 1)
    s.apply(f"move {other}")
    pass_all(s)
    s.apply(f"move {other}")  # L2: a lane of distance 1 takes 2 moves
    s.apply(f"fuel {CONTENT.card_types[CONTENT.deck[s.hand[0][0]]].slug}")
    pass_all(s)
    assert s.node[0] == other
    assert "this ends your travel for this turn" in said(s, "trade")


def test_trade_lines_state_prices_and_payments() -> None:
    s = started(2)
    s.apply("trade")
    legal = {str(a) for a in s.legal_actions()}
    buy = next(a for a in legal if a.startswith("buy "))
    good = buy.split()[1]
    price = text.credits(s.view(0).data["slots"][s.node[0]]["prices"][good][0])
    assert said(s, buy).startswith(f"Buy 1 {good.capitalize()} for {price} credits")
    assert said(s, "draw 2") == "Buy 2 action cards for 200 credits (once per Trade)"
    s.ship[0].append(card(s, "laser-cannons"))
    assert "for 400 credits" in said(s, "pawn laser-cannons")  # L5: half its cost, down to 50


def test_log_lines_name_the_good_and_use_thousands() -> None:
    """Not `Seat 3 sells 1 good for 1300` (which good?)."""
    assert event_text.render_event(Event("L5", "sell", (2, 2, 1300))) == "Seat 3 sells 1 Parts for 1,300"
    line = event_text.render_event(Event("L21", "turn_limit", ([0, 2],)))
    assert line == "The turn limit is reached: Seat 1 and Seat 3 win as closest to the goal"


def test_log_lines_name_places_and_lanes_given_the_state() -> None:
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    s.events = []
    s.apply(f"move {other}")
    lines = [event_text.render_event(e, s) for e in s.take_events()]
    lane = CONTENT.lanes[s.lane_of[ls]].name
    here = CONTENT.settlements[s.slot_set[0]].name
    assert any(f"launches from {here} onto {lane}" in ln for ln in lines)


def test_texts_through_whole_games_are_sentences() -> None:
    """No `None`, no list brackets or class names, no card slugs, no bare slot or lane numbers in a
    standard game: in every action description and every log line of random games."""
    for seed, modes in ((3, ()), (4, ("pvp",))):
        s = new(3, seed, modes)
        s.events = []
        rng = Rng(seed)
        for _ in range(1500):
            if s.is_terminal():
                break
            if s.current_player() == CHANCE:
                s.sample_chance()
            else:
                legal = s.legal_actions()
                for a in legal:
                    line = s.describe(a)
                    assert line and "None" not in line and "[" not in line, (a, line)
                    assert not any(slug in line for slug in SLUGS), (a, line)
                s.apply(rng.choice(legal))
            for e in s.take_events():
                body = event_text.render_event(e, s)
                assert e.rule and "[" not in body and "None" not in body, body
                assert not re.search(r"\b(slot|lane) \d", body), line
                assert not any(slug in body for slug in SLUGS), line


def test_texts_never_name_a_face_down_settlement_or_lane() -> None:
    """L20 (Exploration): a face-down settlement or lane is unknown to every player until revealed; no
    action line or log line names what lies there, only where it is."""
    s = new(3, 6, ("exploration",))
    s.events = []
    rng = Rng(6)
    for _ in range(1200):
        if s.is_terminal():
            break
        hidden = [CONTENT.settlements[s.slot_set[x]].name for x in range(15) if not s.rev_set[x]]
        hidden += [CONTENT.lanes[s.lane_of[ls]].name for ls in range(24) if not s.rev_lane[ls]]
        if s.current_player() == CHANCE:
            s.sample_chance()
        else:
            legal = s.legal_actions()
            for line in (s.describe(a) for a in legal):
                assert not any(name in line for name in hidden), line
            s.apply(rng.choice(legal))
        shown = {CONTENT.settlements[s.slot_set[x]].name for x in range(15) if s.rev_set[x]}
        shown |= {CONTENT.lanes[s.lane_of[ls]].name for ls in range(24) if s.rev_lane[ls]}
        for line in (event_text.render_event(e, s) for e in s.take_events()):
            assert not any(name in line for name in hidden if name not in shown), line  # revealed just now
