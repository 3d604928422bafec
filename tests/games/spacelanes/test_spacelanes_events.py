"""Space Lanes events end and Economic events change quantities.

Rulebook, Events: "Events last until they are canceled or resolved, and are then discarded as described."
Economic Event Cards: "These cards affect prices and quantities at that location until they are
discarded." L5: "at most 5 of any one good bought per Visit".
"""

from __future__ import annotations

import copy

import pytest

from spacetable.engine.errors import DataError
from spacetable.engine.rng import Rng
from spacetable.games.spacelanes import content as C
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS, TIMED_EVENTS
from spacetable.games.spacelanes.state import SpaceLanesState
from tests.games.spacelanes.sl_helpers import (
    card,
    give,
    legal_texts,
    move_to_settlement,
    started,
)

TYPES = {t.slug: t for t in CONTENT.card_types}


def play_to_world(s: SpaceLanesState, slug: str, slot: int) -> int:
    give(s, s.active, slug)
    cid = s.hand[s.active][-1]
    s.apply(f"play {slug}")
    s.apply(f"world {slot}")
    return cid


def play_to_lane(s: SpaceLanesState, slug: str, ls: int) -> int:
    give(s, s.active, slug)
    cid = s.hand[s.active][-1]
    s.apply(f"play {slug}")
    s.apply(f"lane {ls}")
    return cid


def end_turns(s: SpaceLanesState, k: int) -> None:
    for _ in range(k):
        s.apply("end")


# ----- every event has an end in its own text, and is discarded then ----------------------------
def test_every_event_card_says_how_it_ends() -> None:
    for t in CONTENT.card_types:
        if t.kind in TIMED_EVENTS:
            assert t.rounds >= 1 and f"after {t.rounds} round" in t.text, t.slug
        elif t.kind in ("pirates", "patrol"):  # resolved: Win discards it; Parlay may (rulebook)
            assert "Wins against it" in t.text and "Parlays and discards it" in t.text, t.slug


@pytest.mark.parametrize("slug", ["ore-boom", "market-crash"])
def test_economic_event_is_discarded_after_its_rounds(slug: str) -> None:
    s = started(2)
    t0 = s.turns
    cid = play_to_world(s, slug, 4)
    rounds = TYPES[slug].rounds
    end_turns(s, 2 * rounds - 1)
    assert s.econ[4] == cid and s.view(0).data["slots"][4]["economic_ends"] == t0 + 2 * rounds
    s.apply("end")  # the start of the placing seat's turn, `rounds` rounds later
    assert s.econ[4] == -1 and cid in s.discard
    assert s.view(1).data["slots"][4]["economic"] is None


@pytest.mark.parametrize(("slug", "kind"), [("waystation", "station"), ("asteroid-field", "asteroids"),
                                            ("wormhole", "wormhole")])
def test_lane_events_are_discarded_after_their_rounds(slug: str, kind: str) -> None:
    s = started(2)
    cid = play_to_lane(s, slug, 5)
    end_turns(s, 2 * TYPES[slug].rounds - 1)
    assert getattr(s, kind)[5] == cid
    s.apply("end")
    assert getattr(s, kind)[5] == -1 and cid in s.discard


def test_wormhole_collapses_after_one_jump() -> None:
    """The Wormhole's own text: "Collapses (discarded) after 1 jump"."""
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    cid = play_to_lane(s, "wormhole", ls)
    s.apply(f"move {other}")
    s.hand[0].append(card(s, "ore-boom"))  # fuel for the second move (L6)
    target = next(x for x in range(15) if x not in (other, s.last_landed[0]))
    assert f"jump {target}" in legal_texts(s)
    s.apply(f"jump {target}")
    if s.decision_name() == "fuel":
        s.apply("fuel ore-boom")
    assert s.node[0] == target and s.wormhole[ls] == -1 and cid in s.discard


def test_an_economic_event_replaced_is_discarded() -> None:
    s = started(2)
    a = play_to_world(s, "ore-boom", 4)
    b = play_to_world(s, "plague", 4)
    assert s.econ[4] == b and a in s.discard


# ----- quantities ----------------------------------------------------------------------------------
def test_every_economic_card_changes_a_price_or_a_quantity_and_most_a_quantity() -> None:
    econ = [t for t in CONTENT.card_types if t.kind == "economic"]
    quantity = [t for t in econ if any(t.limits) or any(x >= 0 for x in t.stock)]
    assert all(any(any(p) for p in t.prices) or t in quantity for t in econ)
    assert 2 * len(quantity) > len(econ)


def buyable(s: SpaceLanesState, good: str) -> int:
    """How many units seat 0 can buy one after another now."""
    k = 0
    while f"buy {good}" in legal_texts(s):
        s.apply(f"buy {good}")
        k += 1
    return k


def test_ore_boom_raises_the_buy_limit_per_visit() -> None:
    """Ore Boom: "up to 8 Ore may be bought per Visit" (L5's limit is 5)."""
    s = started(2)
    slot = move_to_settlement(s, 0, "cinder-reach")  # sells Ore at 110
    s.credits[0] = 10000
    play_to_world(s, "ore-boom", slot)
    s.apply("trade")
    assert buyable(s, "ore") == 8
    assert s.view(0).data["slots"][slot]["buy_limits"] == {"ore": 8}


def test_without_an_event_the_limit_is_five() -> None:
    s = started(2)
    move_to_settlement(s, 0, "cinder-reach")
    s.credits[0] = 10000
    s.apply("trade")
    assert buyable(s, "ore") == 5


def test_crackdown_stops_contraband_buying() -> None:
    s = started(2)
    slot = move_to_settlement(s, 0, "the-drift")
    s.credits[0] = 10000
    play_to_world(s, "crackdown", slot)
    s.apply("trade")
    assert "buy contraband" not in legal_texts(s)


def test_famine_stock_is_shared_and_ends_with_the_event() -> None:
    """Famine: "only 4 Supplies are left for sale" - across ships and Visits, until it is discarded."""
    s2 = started(2)
    slot = move_to_settlement(s2, 0, "amber-fields")  # sells Supplies
    s2.credits = [10000, 10000]
    play_to_world(s2, "famine", slot)
    s2.apply("trade")
    s2.apply("buy supplies")
    assert s2.view(1).data["slots"][slot]["stock"] == {"supplies": 3}
    assert buyable(s2, "supplies") == 3
    s2.apply("done")
    s2.apply("end")
    move_to_settlement(s2, 1, "amber-fields")
    s2.apply("trade")
    assert "buy supplies" not in legal_texts(s2)  # sold out for every ship
    s2.apply("done")
    end_turns(s2, 2 * TYPES["famine"].rounds)
    assert s2.econ[slot] == -1 and s2.stock[slot * len(GOODS) + 1] == -1


# ----- validation of the new fields ------------------------------------------------------------------
def _cards() -> dict[str, object]:
    return copy.deepcopy(C.load_docs()["cards.json"])


def _by(doc: dict[str, object], slug: str) -> dict[str, object]:
    cards = doc["cards"]
    assert isinstance(cards, list)
    return next(c for c in cards if c["slug"] == slug)


@pytest.mark.parametrize(("slug", "change", "field"), [
    ("ore-boom", {"rounds": 0}, "rounds"),
    ("ore-boom", {"rounds": 11}, "rounds"),
    ("ore-boom", {"rounds": 4}, "rounds"),  # the text says 3 rounds
    ("ore-boom", {"limits": {"ore": 6}}, "limits.ore"),
    ("ore-boom", {"limits": {"gold": 1}}, "limits.gold"),
    ("ore-boom", {"limits": {}}, "limits"),
    ("famine", {"stock": {"supplies": -1}}, "stock.supplies"),
    ("famine", {"stock": {"supplies": True}}, "stock.supplies"),
    ("waystation", {"limits": {"ore": 1}}, "limits"),
    ("wormhole", {"jumps": 0}, "jumps"),
    ("wormhole", {"jumps": 2}, "jumps"),  # the text says 1 jump
    ("scavenger-gang", {"rounds": 3}, "rounds"),
])
def test_bad_event_fields_raise_data_error(slug: str, change: dict[str, object], field: str) -> None:
    doc = _cards()
    _by(doc, slug).update(change)
    with pytest.raises(DataError) as e:
        C.parse_cards(doc)
    assert e.value.card == slug and e.value.field == field


def test_a_timed_event_needs_its_rounds() -> None:
    doc = _cards()
    del _by(doc, "asteroid-field")["rounds"]
    with pytest.raises(DataError) as e:
        C.parse_cards(doc)
    assert e.value.card == "asteroid-field" and e.value.field == "rounds"


def test_an_economic_card_needs_an_effect() -> None:
    doc = _cards()
    c = _by(doc, "market-crash")
    del c["prices"]
    with pytest.raises(DataError) as e:
        C.parse_cards(doc)
    assert e.value.card == "market-crash" and e.value.field == "prices"



def test_event_ends_stock_and_used_cards_are_public_and_determinize_keeps_them() -> None:
    """view() shows what is face up (events, their ends, stock, turned cards); determinize agrees."""
    s = started(3)
    slot = move_to_settlement(s, 0, "amber-fields")
    play_to_world(s, "famine", slot)
    play_to_lane(s, "asteroid-field", 7)
    s.ship[0].append(card(s, "scrounger-pip"))
    s.apply("use scrounger-pip")
    for p in range(3):
        v = s.view(p).data
        assert v["slots"][slot]["stock"] == {"supplies": 4}
        assert v["lanes"][7]["asteroids_ends"] == s.turns + 3 * 3
        assert v["ships"][0]["used"] == ["scrounger-pip"]
        for k in range(5):
            d = s.determinize(p, Rng(k))
            assert d.view(p).data == v
            assert d.stock == s.stock and d.marks[s.ship[0][-1]] == s.marks[s.ship[0][-1]]


def test_clearance_order_cancels_an_economic_event() -> None:
    """"Events last until they are canceled or resolved, and are then discarded"."""
    s = started(2)
    e = play_to_world(s, "market-crash", 4)
    give(s, 0, "clearance-order")
    cid = s.hand[0][-1]
    s.apply("play clearance-order")
    assert legal_texts(s) == ["world 4", "cancel"]  # only where an event can be canceled
    s.apply("world 4")
    assert s.econ[4] == -1 and e in s.discard and cid in s.discard


def test_clearance_order_cancels_the_events_of_a_lane_but_not_its_pirates() -> None:
    s = started(2)
    a = play_to_lane(s, "asteroid-field", 6)
    w = play_to_lane(s, "wormhole", 6)
    p = play_to_lane(s, "scavenger-gang", 6)
    give(s, 0, "clearance-order")
    s.apply("play clearance-order")
    s.apply("lane 6")
    assert s.asteroids[6] == -1 and s.wormhole[6] == -1 and {a, w} <= set(s.discard)
    assert s.hostile[6] == p  # Pirates and Patrols end by resolution (Win, Parlay)


def test_clearance_order_not_playable_without_an_event() -> None:
    s = started(2)
    give(s, 0, "clearance-order")
    assert "play clearance-order" not in legal_texts(s)


def test_a_card_taken_back_at_its_target_is_not_offered_again_until_something_else_happens() -> None:
    """Choosing a card's target ends in "cancel" (L10: the card goes back to the hand, nothing happens).
    Play-and-cancel would then be a loop of free decisions that never ends (a search bot once spent
    13,000 decisions of one game in it), so the card is not offered again until another action."""
    s = started(2)
    give(s, 0, "wanted-poster", "union-patrol")
    play_to_lane(s, "scavenger-gang", 6)
    assert "play wanted-poster" in legal_texts(s)
    s.apply("play wanted-poster")
    s.apply("cancel")
    assert TYPES["wanted-poster"].index in [CONTENT.deck[c] for c in s.hand[0]]  # back in the hand
    texts = legal_texts(s)
    assert "play wanted-poster" not in texts and "play union-patrol" in texts  # only that card
    for k in range(3):  # the same on a determinized copy (a search bot's view of the state)
        assert "play wanted-poster" not in legal_texts(s.determinize(0, Rng(k)))
    s.apply("play union-patrol")  # another card taken back too
    s.apply("cancel")
    assert not {"play wanted-poster", "play union-patrol"} & set(legal_texts(s))
    s.apply("trade")  # something happens: both may be played again
    assert {"play wanted-poster", "play union-patrol"} <= set(legal_texts(s))
    s.apply("play wanted-poster")
    s.apply(next(t for t in legal_texts(s) if t.startswith("lane ")))
    assert s.bounty[6] >= 0
