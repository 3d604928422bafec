"""Space Lanes card effects: every modifier of Upgrades and Crew, Economic events, Space Station,
Asteroids, Wormhole, Repair Kit storage, Transports (with the any-Settlement fallback), costs (L11) and
uniqueness (L12)."""

from __future__ import annotations

import pytest

from spacetable.games.spacelanes.actions import SLUGS
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.card_play import can_play
from spacetable.games.spacelanes.common import cargo_limit, matches, mod, tag_exists
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS, CardType
from spacetable.games.spacelanes.trade import buy_price, sell_price
from spacetable.games.spacelanes.travel import land
from tests.games.spacelanes.sl_helpers import (
    card,
    fuel_cards,
    give,
    legal_texts,
    move_to_settlement,
    pass_all,
    place_hostile,
    put_on_lane,
    set_lane_distance,
    settlement_slot,
    started,
)

TYPES = {t.slug: t for t in CONTENT.card_types}


def test_l11_upgrade_cost_paid_when_played_to_ship() -> None:
    s = started()
    give(s, 0, "laser-cannons")
    s.apply("play laser-cannons")
    assert s.credits[0] == 2200 and mod(s, 0, "win") == 1


def test_l11_cannot_afford_cannot_play() -> None:
    s = started()
    give(s, 0, "plasma-lance")
    s.credits[0] = 1000
    assert "play plasma-lance" not in legal_texts(s)


def test_l12_one_of_each_upgrade_and_crew_per_ship() -> None:
    s = started()
    cid = card(s, "cargo-pod")
    s.ship[0].append(cid)
    s.hand[0].append(cid)  # a second copy of the same card (by name)
    assert not can_play(s, 0, TYPES["cargo-pod"], True)
    cid2 = card(s, "gunner-vex")
    s.ship[0].append(cid2)
    s.hand[0].append(cid2)
    assert not can_play(s, 0, TYPES["gunner-vex"], True)


def test_l11_crew_only_at_a_settlement_or_space_station() -> None:
    s = started()
    ls, _ = ADJ[s.node[0]][0]
    put_on_lane(s, 0, ls)
    assert not can_play(s, 0, TYPES["gunner-vex"], True)
    s.station[ls] = card(s, "waystation")
    assert can_play(s, 0, TYPES["gunner-vex"], True)


def test_mod_win_and_escape() -> None:
    s = started()
    for slug in ("plasma-lance", "ace-pilot-maru", "cloaking-device"):
        s.ship[0].append(card(s, slug))
    assert mod(s, 0, "win") == 2 and mod(s, 0, "escape") == 3


def test_mod_cargo() -> None:
    s = started()
    for slug in ("extended-hold", "quartermaster-ilsa"):
        s.ship[0].append(card(s, slug))
    assert cargo_limit(s, 0) == 17


@pytest.mark.parametrize("slug", ["ion-drive"])
def test_mod_free_moves_each_turn(slug: str) -> None:
    s = started()
    s.ship[0].append(card(s, slug))
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 1)
    s.apply("end")
    s.apply("end")
    assert s.free_moves == 1
    s.apply(f"move {other}")
    s.apply(f"move {other}")  # the extra free move: no fuel card needed
    assert s.node[0] == other


@pytest.mark.parametrize("slug", ["trade-computer", "broker-lenn"])
def test_mod_sell_bonus(slug: str) -> None:
    s = started()
    s.ship[0].append(card(s, slug))
    slot = move_to_settlement(s, 0, "the-drift")
    s.cargo[0][0] = 1
    s.apply("trade")
    s.apply("sell ore")
    assert s.credits[0] == 3000 + sell_price(s, slot, 0) + TYPES[slug].mod("sell_bonus")


@pytest.mark.parametrize("slug", ["repair-drones"])
def test_mod_repair_discount(slug: str) -> None:
    s = started()
    s.ship[0].append(card(s, slug))
    move_to_settlement(s, 0, "rustfall")
    s.damaged[0] = True
    s.apply("trade")
    s.apply("repair")
    assert s.credits[0] == 3000 - 200


def test_mod_parlay_discount() -> None:
    s = started()
    s.ship[0].append(card(s, "negotiator-abe"))
    ls, other = ADJ[s.node[0]][0]
    place_hostile(s, ls, "union-patrol")
    s.apply(f"move {other}")
    s.apply("parlay toll")
    assert s.credits[0] == 3000 - 250


def test_mod_odd_jobs() -> None:
    s = started()
    s.ship[0].append(card(s, "medic-suri"))
    s.apply("odd_jobs")
    assert s.credits[0] == 3800


def test_mod_bounty_bonus() -> None:
    s = started()
    s.ship[0].append(card(s, "hunter-rask"))
    ls, other = ADJ[s.node[0]][0]
    place_hostile(s, ls, "scavenger-gang")
    s.bounty[ls] = card(s, "wanted-poster")
    s.apply(f"move {other}")
    s.apply("engage win")
    s.apply("roll 12")
    pass_all(s)
    s.apply("accept")
    assert s.credits[0] == 3000 + 800 + 300


def test_mod_transport_bonus_and_transport_delivery() -> None:
    s = started()
    s.ship[0].append(card(s, "courier-nim"))
    hw = move_to_settlement(s, 0, "terra-nova")
    give(s, 0, "medical-shipment")
    s.apply("play medical-shipment")
    assert s.transports[0][0][1] == hw
    land(s, 0, settlement_slot(s, "kepler-prime"))  # not a mining world
    assert s.transports[0]
    land(s, 0, settlement_slot(s, "rustfall"))
    assert s.transports[0] == [] and s.credits[0] == 3000 + 1400 + 300 and s.transports_done[0] == 1


def test_transport_must_be_loaded_at_a_matching_settlement() -> None:
    s = started()
    move_to_settlement(s, 0, "rustfall")
    give(s, 0, "diplomat")
    assert "play diplomat" not in legal_texts(s)
    move_to_settlement(s, 0, "new-carthage")
    assert "play diplomat" in legal_texts(s)


def test_transport_not_delivered_where_it_was_loaded() -> None:
    s = started()
    slot = move_to_settlement(s, 0, "port-meridian")
    give(s, 0, "mail-run")
    s.apply("play mail-run")
    land(s, 0, slot)
    assert s.transports[0]


def test_transport_faction_rewards() -> None:
    s = started()
    move_to_settlement(s, 0, "forge-station")
    s.transports[0].append([card(s, "prisoner-transfer"), settlement_slot(s, "forge-station")])
    land(s, 0, settlement_slot(s, "vesta-outpost"))
    assert s.union[0] == 1 and s.credits[0] == 4000


def test_transport_any_settlement_fallback_when_no_equivalent_exists() -> None:
    """Rulebook, Transport: with no equivalent Settlement it can be played or resolved at any Settlement."""
    s = started()
    assert not tag_exists("atlantis")
    assert all(matches(s, "atlantis", slot) for slot in range(15))
    assert not all(matches(s, "mining", slot) for slot in range(15))
    ghost = CardType(999, "ghost", "Ghost", "transport", "t", frm="atlantis", to="atlantis", reward=1)
    s.node[0] = 3
    assert can_play(s, 0, ghost, True)


@pytest.mark.parametrize("slug", [t.slug for t in CONTENT.card_types if t.kind == "economic"])
def test_economic_event_changes_prices_at_its_settlement(slug: str) -> None:
    s = started()
    t = TYPES[slug]
    slot = next(x for x in range(15) if any(
        (CONTENT.settlements[s.slot_set[x]].buy[g] and t.prices[g][0])
        or (CONTENT.settlements[s.slot_set[x]].sell[g] and t.prices[g][1]) for g in range(6)))
    before = [(buy_price(s, slot, g), sell_price(s, slot, g)) for g in range(6)]
    give(s, 0, slug)
    s.apply(f"play {slug}")
    s.apply(f"world {slot}")
    after = [(buy_price(s, slot, g), sell_price(s, slot, g)) for g in range(6)]
    assert after != before
    for g in range(6):
        if before[g][0]:
            assert after[g][0] == max(50, before[g][0] + t.prices[g][0])
        if before[g][1]:
            assert after[g][1] == max(50, before[g][1] + t.prices[g][1])
    assert s.view(1).data["slots"][slot]["economic"] == slug


def test_economic_event_replaced_by_a_newer_one() -> None:
    s = started()
    give(s, 0, "plague", "famine")
    s.apply("play plague")
    s.apply("world 4")
    old = s.econ[4]
    s.apply("play famine")
    s.apply("world 4")
    assert s.econ[4] != old and old in s.discard


def test_asteroids_cost_one_extra_fuel_card() -> None:
    s = started()
    ls, other = ADJ[s.node[0]][0]
    s.asteroids[ls] = card(s, "asteroid-field")
    assert f"move {other}" not in legal_texts(s)  # even the free first move needs a card here
    fuel_cards(s, 0, 1)
    s.apply(f"move {other}")
    assert s.decision_name() == "fuel"
    s.apply(s.legal_actions()[0])
    assert s.lane[0] == ls and s.hand[0] == []


def test_wormhole_jump_to_any_settlement_as_one_move() -> None:
    s = started()
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 3)
    s.wormhole[ls] = card(s, "wormhole")
    s.apply(f"move {other}")
    pass_all(s)
    fuel_cards(s, 0, 1)
    s.apply("jump 14")
    s.apply(s.legal_actions()[0])
    assert s.node[0] == 14 and s.lane[0] == -1


def test_event_cards_are_played_to_lanes_and_settlements() -> None:
    s = started()
    for slug, kind in (("waystation", "station"), ("asteroid-field", "asteroids"), ("wormhole", "wormhole"),
                       ("scavenger-gang", "hostile")):
        give(s, 0, slug)
        s.apply(f"play {slug}")
        assert all(a.startswith("lane") or a == "cancel" for a in legal_texts(s))
        s.apply("lane 20")
        assert getattr(s, kind)[20] >= 0


def test_repair_kit_stored_on_ship_and_used_later() -> None:
    s = started()
    give(s, 0, "repair-kit")
    s.apply("play repair-kit")
    assert s.credits[0] == 2700 and SLUGS.index("repair-kit") in [CONTENT.deck[c] for c in s.ship[0]]
    s.damaged[0] = True
    s.apply("use repair-kit")
    assert not s.damaged[0] and s.credits[0] == 2700


def test_fuel_burn_stored_and_used_from_ship() -> None:
    s = started()
    s.ship[0].append(card(s, "fuel-burn"))
    ls, other = ADJ[s.node[0]][0]
    s.apply(f"move {other}")
    pass_all(s)
    s.apply("use fuel-burn")
    assert s.free_moves == 3


@pytest.mark.parametrize("slug", ["smuggler-kit", "liaison-orla"])
def test_crew_joins_with_faction(slug: str) -> None:
    s = started()
    give(s, 0, slug)
    s.apply(f"play {slug}")
    assert (s.pirate[0], s.union[0]) == ((1, 0) if slug == "smuggler-kit" else (0, 1))


def test_hidden_hold_keeps_contraband_from_patrols() -> None:
    s = started()
    s.ship[0].append(card(s, "hidden-hold"))
    s.cargo[0][5] = 3
    ls, other = ADJ[s.node[0]][0]
    place_hostile(s, ls, "union-patrol")
    s.apply(f"move {other}")
    s.apply("parlay toll")
    assert s.credits[0] == 2500  # no contraband fee


def test_goods_names() -> None:
    assert GOODS == ("ore", "supplies", "parts", "medicine", "luxury", "contraband")


def test_l6_a_card_burnt_as_fuel_is_named_in_the_log() -> None:
    """L6 ("discard an Action Card from your hand" as fuel): the card goes face up to the discard pile,
    so the log names it for everyone."""
    s = started()
    ls, other = ADJ[s.node[0]][0]
    s.asteroids[ls] = card(s, "asteroid-field")
    fuel_cards(s, 0, 1)
    burnt = CONTENT.card_types[CONTENT.deck[s.hand[0][0]]].name
    s.events = []
    s.apply(f"move {other}")
    s.apply(s.legal_actions()[0])
    lines = [(s.render_event(e), e.rule) for e in s.take_events()]
    assert (f"Seat 1 discards {burnt} as fuel", "L6") in lines
