"""Space Lanes response windows (L10): a captain is asked only when it holds a card that can change the
outcome of what just happened (`State.meaningful_responses`); otherwise `optional_pass` is the pass
the clients take for it.

L10: "every other player, in seat order from the active player, gets a response window at the start of
each turn, after each move, when an engagement begins, and after its dice are rolled." Meaningful: a card
that sets back the active ship in the Space it enters (a Pirates card into its lane engages it, L14;
Asteroids), or changes the prices where it lands (an Economic event). Not: a card for the settlement it
leaves, or anything at a rival's engagement (Countermeasures would give it an Escape, a Bounty would add
to its Win, L17-L18): "asked 6 times during one bot turn, each time with nothing useful to play".
"""

from __future__ import annotations

from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes import windows
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.state import SpaceLanesState
from tests.games.spacelanes.sl_helpers import (
    give,
    legal_texts,
    new,
    place_hostile,
    set_lane_distance,
    started,
)


def launched(hand: tuple[str, ...], distance: int = 2, players: int = 2) -> tuple[SpaceLanesState, int, int]:
    """Seat 0 launches into a lane of `distance` markers; seat 1 holds `hand` and is at its window."""
    s = started(players)
    home = s.node[0]
    ls, other = ADJ[home][0]
    set_lane_distance(s, ls, distance)
    give(s, 1, *hand)
    s.apply(f"move {other}")
    return s, ls, home


def test_pirates_into_the_lane_of_the_moving_ship_is_relevant() -> None:
    """A Pirates card played to the active ship's lane engages it (L14): the holder is asked."""
    s, ls, _ = launched(("scavenger-gang",))
    assert s.decision_name() == "respond" and s.current_player() == 1
    assert windows.window_kind(s) == "move"
    assert [str(a) for a in windows.relevant_plays(s)] == ["play scavenger-gang"]
    assert s.optional_pass() is None


def test_a_card_for_ones_own_ship_is_not_relevant_and_the_window_passes() -> None:
    """An Upgrade could legally be played now (L10), so the engine opens the window, but it answers
    nothing that happened: the optional pass is `pass`, and taking it leaves the turn to seat 0."""
    s, _, _ = launched(("laser-cannons",))
    assert s.decision_name() == "respond" and "play laser-cannons" in legal_texts(s)
    passing = s.optional_pass()
    assert passing is not None and str(passing) == "pass"
    s.apply(passing)
    assert s.current_player() == 0 and s.decision_name() == "turn"


def test_economic_event_at_the_settlement_being_left_is_not_asked_nor_further_along() -> None:
    """The ship is leaving its settlement: its prices no longer concern it, so an Economic card there
    waits; a move along the lane enters no Space (a lane is one Space, L2), so it waits too."""
    s, ls, home = launched(("market-crash",), distance=2)
    assert windows.watched_spaces(s) == ({ls}, set())
    assert s.meaningful_responses() == [] and s.optional_pass() is not None
    s.apply("pass")
    s.free_moves = 1  # the next move costs no fuel, so no fuel card is needed
    s.apply(f"move {ADJ[home][0][1]}")
    assert s.decision_name() == "respond" and s.lane[0] == ls and s.mark[0] in (1, 2)
    assert windows.watched_spaces(s) == (set(), set())
    assert s.optional_pass() is not None


def test_economic_event_where_the_ship_lands_is_relevant() -> None:
    s, ls, home = launched(("market-crash",), distance=1)
    s.apply("pass")
    dest = ADJ[home][0][1]
    s.free_moves = 1
    s.apply(f"move {dest}")
    assert s.node[0] == dest and s.decision_name() == "respond"
    assert windows.watched_spaces(s) == (set(), {dest})
    assert [str(a) for a in windows.relevant_plays(s)] == ["play market-crash"]


def test_pirates_wait_while_the_ship_moves_along_its_lane_but_not_at_its_turn_start() -> None:
    """A move from marker to marker enters no Space (L2): a Pirates card waits. At the start of the
    ship's next turn on that lane it would engage it (L14: "at the start of its turn"): asked."""
    s, ls, home = launched(("scavenger-gang",), distance=3)
    s.apply("pass")
    s.free_moves = 1
    s.apply(f"move {ADJ[home][0][1]}")
    assert s.decision_name() == "respond" and s.lane[0] == ls
    assert s.optional_pass() is not None
    s.apply("pass")
    s.apply("end")  # seat 1's turn: seat 0 is not active, its lane is not watched
    assert s.current_player() == 1 and s.decision_name() == "turn"
    s.apply("end")  # seat 0's turn starts on the lane: seat 1 is asked
    assert s.active == 0 and s.decision_name() == "respond" and s.current_player() == 1
    assert windows.watched_spaces(s) == ({ls}, set())
    assert s.optional_pass() is None


def test_station_and_wormhole_only_offer_the_ship_more_so_they_wait() -> None:
    s, _, _ = launched(("waystation", "wormhole"))
    assert s.decision_name() == "respond" and s.optional_pass() is not None


def test_asteroids_on_its_lane_are_relevant() -> None:
    """Asteroids make the next move on that lane cost one more fuel card: they act on the ship."""
    s, _, _ = launched(("asteroid-field",))
    assert s.optional_pass() is None


def engaged(hand: tuple[str, ...]) -> tuple[SpaceLanesState, int]:
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    place_hostile(s, ls, "corsair-raiders")
    give(s, 1, *hand)
    s.apply(f"move {other}")
    return s, ls


def test_a_rivals_engagement_asks_nobody_at_its_start_or_after_its_roll() -> None:
    """L17: Countermeasures may be played into another player's engagement, but they give that player an
    automatic Escape: nothing the holder would want. The windows at the start and after the roll pass
    by themselves (they still open: "stop at every window" asks there)."""
    s, _ = engaged(("countermeasures",))
    assert windows.window_kind(s) == "engagement" and s.current_player() == 1
    assert "use countermeasures" in legal_texts(s)
    assert s.meaningful_responses() == [] and s.optional_pass() is not None
    s.apply("pass")
    s.apply("engage win")
    s.apply("roll 5")
    assert windows.window_kind(s) == "roll" and s.current_player() == 1
    assert s.optional_pass() is not None


def test_countermeasures_without_an_engagement_are_not_relevant() -> None:
    """Away from an engagement Countermeasures could only go to one's own ship (L11): not an answer."""
    s, _, _ = launched(("countermeasures",))
    assert s.decision_name() == "respond" and "play countermeasures" in legal_texts(s)
    assert s.optional_pass() is not None


def test_bounty_on_the_engaged_card_waits() -> None:
    """L18: a Bounty on the engaged card would pay the rival if it Wins: it waits for its own turn."""
    s, ls = engaged(("wanted-poster",))
    assert s.optional_pass() is not None
    s.apply("play wanted-poster")  # still allowed when one chooses to answer (stop at every window)
    assert f"lane {ls}" in legal_texts(s)


def test_no_optional_pass_outside_windows() -> None:
    """At the active player's own decisions and in a Missiles/Countermeasures chain (whose responders are
    asked only when they hold the answering card, L17) nothing passes by itself."""
    s = started(2)
    assert s.decision_name() == "turn" and s.optional_pass() is None
    s2, _ = engaged(("countermeasures",))
    give(s2, 0, "missiles")
    s2.apply("use countermeasures")  # seat 1 plays Countermeasures into seat 0's engagement
    assert s2.decision_name() == "chain" and s2.current_player() == 0
    assert s2.optional_pass() is None


def test_relevance_is_a_subset_of_the_legal_plays_and_pure_in_whole_games() -> None:
    """Over whole random games: at every window the relevant plays are legal window plays, asking
    changes nothing, and most windows pass (without it a newcomer answered 16-25 "pass" prompts a round)."""
    asked = passed = 0
    for seed in range(3):
        s = new(3, seed)
        rng = Rng(seed)
        steps = 0
        while not s.is_terminal() and steps < 1500:
            steps += 1
            if s.current_player() == CHANCE:
                s.sample_chance()
                continue
            if s.decision_name() == "respond":
                before = s.view(None).to_json(), len(s.history)
                relevant = windows.relevant_plays(s)
                legal = s.legal_actions()
                assert all(a in legal for a in relevant)
                assert (s.view(None).to_json(), len(s.history)) == before
                if relevant:
                    asked += 1
                else:
                    passed += 1
            s.apply(rng.choice(s.legal_actions()))
    assert asked > 0 and passed > asked
