"""Space Lanes reusable Equipment and Crew.

Rulebook, Reusable cards: "Some cards instruct you to "Use" the card by turning it or otherwise indicating
that it has been used. For Equipment and Crew, this means it cannot be used again until it is Refreshed.
Cards give instructions on how they can be Refreshed."
"""

from __future__ import annotations

import copy

import pytest

from spacetable.engine.errors import DataError
from spacetable.games.spacelanes import content as C
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.engagements import EngageFrame
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.travel import land
from tests.games.spacelanes.sl_helpers import (
    card,
    give,
    legal_texts,
    move_to_settlement,
    place_hostile,
    put_on_lane,
    set_lane_distance,
    settlement_slot,
    started,
)


def on_ship(s: SpaceLanesState, p: int, slug: str) -> int:
    cid = card(s, slug)
    s.ship[p].append(cid)
    return cid


def test_content_has_reusable_equipment_and_crew_with_refresh_conditions() -> None:
    reusable = [t for t in CONTENT.card_types if t.use]
    assert sum(t.kind == "upgrade" for t in reusable) >= 3
    assert sum(t.kind == "crew" for t in reusable) >= 2
    for t in reusable:
        assert t.refresh and "Use" in t.text and "Refresh" in t.text
    assert len(CONTENT.deck) == 100 and len(CONTENT.goals) == 10


def test_auxiliary_tank_moves_then_used_until_a_homeworld_refreshes_it() -> None:
    """Auxiliary Tank: "Use: 2 moves this turn with no fuel cost. Refresh when you land on a Homeworld"."""
    s = started(2)
    cid = on_ship(s, 0, "auxiliary-tank")
    assert "use auxiliary-tank" in legal_texts(s)
    s.apply("use auxiliary-tank")
    assert s.free_moves == 2 and s.marks[cid] == 1
    assert "use auxiliary-tank" not in legal_texts(s)  # Used: not again until Refreshed
    assert s.view(1).data["ships"][0]["used"] == ["auxiliary-tank"]
    move_to_settlement(s, 0, "terra-nova")  # the turn it was Used: no Refresh (ruling, no endless moves)
    assert s.marks[cid] == 1
    s.apply("end")
    s.apply("end")
    move_to_settlement(s, 0, "rustfall")  # not a Homeworld: still Used
    assert s.marks[cid] == 1
    move_to_settlement(s, 0, "terra-nova")
    assert s.marks[cid] == 0 and "use auxiliary-tank" in legal_texts(s)


def test_a_reusable_card_is_used_at_most_once_a_turn() -> None:
    """Ruling: a card is not Refreshed in the turn it was Used, so the game tree stays finite: a ship on a
    Homeworld may not Use the Auxiliary Tank, go out and land again, and Use it again, for ever."""
    s = started(2)
    hw = s.node[0]
    assert CONTENT.settlements[s.slot_set[hw]].homeworld  # slot 0 holds a Homeworld (L1)
    cid = on_ship(s, 0, "auxiliary-tank")
    ls, other = ADJ[hw][0]
    set_lane_distance(s, ls, 1)
    s.apply("use auxiliary-tank")
    s.apply(f"move {other}")
    s.apply(f"move {hw}")  # back on the Homeworld with the Tank's free moves
    assert s.node[0] == hw and s.marks[cid] == s.turns
    assert "use auxiliary-tank" not in legal_texts(s)


def test_decoy_drones_escape_automatically_and_missiles_can_cancel_them() -> None:
    """Decoy Drones "as Countermeasures": the Note lets Missiles answer an "equivalent effect"."""
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    place_hostile(s, ls, "red-fleet")
    cid = on_ship(s, 0, "decoy-drones")
    give(s, 1, "missiles")
    s.apply(f"move {other}")
    s.apply("pass")  # seat 1 may not start with Missiles (Note)
    assert "use decoy-drones" in legal_texts(s)
    s.apply("use decoy-drones")
    assert s.decision_name() == "chain" and s.current_player() == 1 and "use missiles" in legal_texts(s)
    s.apply("use missiles")
    assert s.decision_name() == "engage.choose" and s.marks[cid] == 1 and cid in s.ship[0]
    assert "use decoy-drones" not in legal_texts(s)


def test_decoy_drones_refresh_with_odd_jobs() -> None:
    s = started(2)
    cid = on_ship(s, 0, "decoy-drones")
    s.marks[cid] = 1  # Used in turn 1
    s.apply("end")
    s.apply("end")
    s.apply("odd_jobs")
    assert s.marks[cid] == 0


def test_targeting_computer_rolls_again_after_a_failed_roll_and_refreshes_next_turn() -> None:
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    place_hostile(s, ls, "corsair-raiders")
    cid = on_ship(s, 0, "targeting-computer")
    s.apply(f"move {other}")
    s.apply("engage win")
    s.apply("roll 12")
    assert "use targeting-computer" not in legal_texts(s)  # a roll that succeeded needs no re-roll
    engagement = s.stack[-1]
    assert isinstance(engagement, EngageFrame)
    engagement.roll = 3  # as if the dice had shown 3
    s.apply("use targeting-computer")
    assert s.decision_name() == "engage.roll" and s.marks[cid] == 1
    s.apply("roll 4")
    assert "use targeting-computer" not in legal_texts(s)  # Used
    s.apply("accept")
    assert s.damaged[0]
    s.apply("end")
    s.apply("end")
    assert s.marks[cid] == 0  # "Refresh at the start of your turn"


def test_engineer_kell_repairs_but_not_adrift_and_refreshes_on_a_homeworld() -> None:
    s = started(2)
    move_to_settlement(s, 0, "rustfall")
    cid = on_ship(s, 0, "engineer-kell")
    s.damaged[0] = True
    assert "use engineer-kell" in legal_texts(s)
    s.apply("use engineer-kell")
    assert not s.damaged[0] and s.marks[cid] == 1
    s.marks[cid] = 0
    put_on_lane(s, 0, ADJ[s.node[0]][0][0])
    s.damaged[0] = s.adrift[0] = True
    assert "use engineer-kell" not in legal_texts(s)  # L7: not Repaired until it reaches a Settlement
    s.marks[cid] = 1  # Used in turn 1; now a later turn
    s.turns += 2
    s.adrift[0] = False
    land(s, 0, settlement_slot(s, "kepler-prime"))
    assert s.marks[cid] == 0


def test_scrounger_pip_draws_and_refreshes_on_landing() -> None:
    s = started(2)
    cid = on_ship(s, 0, "scrounger-pip")
    s.apply("use scrounger-pip")
    assert len(s.hand[0]) == 1 and s.marks[cid] == 1
    assert "use scrounger-pip" not in legal_texts(s)
    s.discard.extend(s.hand[0])  # the drawn card is not played in this test
    s.hand[0] = []
    s.apply("end")
    s.apply("end")
    move_to_settlement(s, 0, "rustfall")
    assert s.marks[cid] == 0


def test_a_reusable_card_played_from_hand_enters_refreshed_and_copies_keep_marks_apart() -> None:
    s = started(2)
    give(s, 0, "scrounger-pip")
    cid = s.hand[0][-1]
    s.marks[cid] = 1  # stale mark from an earlier life of the card
    s.apply("play scrounger-pip")
    assert s.marks[cid] == 0
    o = s.copy()
    o.apply("use scrounger-pip")
    assert s.marks[cid] == 0 and o.marks[cid] == 1


def _cards() -> dict[str, object]:
    return copy.deepcopy(C.load_docs()["cards.json"])


@pytest.mark.parametrize(("change", "field"), [
    ({"effect": "teleport", "refresh": ["land"]}, "use.effect"),
    ({"effect": "moves", "refresh": ["land"]}, "use.n"),
    ({"effect": "moves", "n": 6, "refresh": ["land"]}, "use.n"),
    ({"effect": "escape", "n": 1, "refresh": ["land"]}, "use.n"),
    ({"effect": "escape", "refresh": []}, "use.refresh"),
    ({"effect": "escape", "refresh": ["sunrise"]}, "use.refresh"),
    ({"effect": "escape", "refresh": ["land", "land"]}, "use.refresh"),
    ({"effect": "escape", "refresh": ["land"], "when": "always"}, "use.when"),
])
def test_bad_use_raises_data_error(change: dict[str, object], field: str) -> None:
    doc = _cards()
    cards = doc["cards"]
    assert isinstance(cards, list)
    c = next(x for x in cards if x["slug"] == "decoy-drones")
    c["use"] = change
    with pytest.raises(DataError) as e:
        C.parse_cards(doc)
    assert e.value.file == "cards.json" and e.value.card == "decoy-drones" and e.value.field == field


def test_reusable_text_must_say_use_and_refresh() -> None:
    doc = _cards()
    cards = doc["cards"]
    assert isinstance(cards, list)
    c = next(x for x in cards if x["slug"] == "scrounger-pip")
    c["text"] = "Crew, 250. Draw a card sometimes."
    with pytest.raises(DataError) as e:
        C.parse_cards(doc)
    assert e.value.card == "scrounger-pip" and e.value.field == "text"


def test_use_only_on_upgrades_and_crew() -> None:
    doc = _cards()
    cards = doc["cards"]
    assert isinstance(cards, list)
    c = next(x for x in cards if x["slug"] == "missiles")
    c["use"] = {"effect": "escape", "refresh": ["land"]}
    with pytest.raises(DataError) as e:
        C.parse_cards(doc)
    assert e.value.card == "missiles" and e.value.field == "use"
