"""Space Lanes content: counts and numbers from the content brief, and data validation (DataError)."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from spacetable.engine.errors import DataError
from spacetable.engine.game import get_game
from spacetable.games.spacelanes import content_types as C
from spacetable.games.spacelanes.content import CONTENT, build, load_docs


def docs() -> dict[str, Any]:
    return copy.deepcopy(load_docs())


def test_brief_counts_settlements_lanes_cards_goals() -> None:
    """Rulebook 'Game Contents' and the content brief: 15/3, 24 lanes 10/9/5, 100 cards, 10 goals."""
    assert len(CONTENT.settlements) == 15
    assert sum(s.homeworld for s in CONTENT.settlements) == 3
    assert Counter(ln.distance for ln in CONTENT.lanes) == {1: 10, 2: 9, 3: 5}
    assert len(CONTENT.deck) == 100
    assert len(CONTENT.goals) == 10


def test_brief_card_mix() -> None:
    kinds = Counter(CONTENT.card_types[t].kind for t in CONTENT.deck)
    assert kinds["pirates"] == 12 and kinds["patrol"] == 10 and kinds["economic"] == 7
    assert kinds["station"] == kinds["asteroids"] == kinds["wormhole"] == 2
    equipment = sum(kinds[k] for k in ("missiles", "countermeasures", "fuel_burn", "repair_kit", "upgrade"))
    assert equipment == 28  # about 30 (brief); one Fuel Burn and one Repair Kit became Clearance Orders
    assert kinds["crew"] == 12 and kinds["bounty"] == 11 and kinds["transport"] == 11
    assert kinds["cancel"] == 3  # "Events last until they are canceled or resolved" (rulebook, Events)


def test_every_card_has_name_text_and_effect() -> None:
    for t in CONTENT.card_types:
        assert t.name and t.text and t.kind in C.CARD_KINDS
        if t.kind in ("upgrade", "crew"):
            assert any(t.mods) or t.use  # a modifier, or a Use (rulebook, Reusable cards)


def test_settlements_trade_3_to_6_goods_and_one_feature() -> None:
    for s in CONTENT.settlements:
        traded = sum(1 for g in range(6) if s.buy[g] or s.sell[g])
        assert 3 <= traded <= 6
        assert s.feature in C.FEATURES and s.ftext


def test_homeworlds_sell_manufactured_cheap_and_buy_raw_dear() -> None:
    """Content brief: Homeworlds sell manufactured goods cheap and pay well for raw goods."""
    hw = [s for s in CONTENT.settlements if s.homeworld]
    fr = [s for s in CONTENT.settlements if "frontier" in s.tags]
    parts, ore = 2, 0
    assert max(s.buy[parts] for s in hw) < min(s.sell[parts] for s in fr if s.sell[parts])
    assert min(s.sell[ore] for s in hw) > max(s.buy[ore] for s in fr if s.buy[ore])


def test_engagement_modifiers_stack_to_at_most_4() -> None:
    """Content brief: total stacking modifiers +3 to +4 at most."""
    for m in ("win", "escape"):
        assert sum(t.mod(m) for t in CONTENT.card_types if t.kind in ("upgrade", "crew")) <= 4


def test_board_l1_planar_connected_simple() -> None:
    assert len(CONTENT.lane_ends) == 24
    assert len({frozenset(e) for e in CONTENT.lane_ends}) == 24


def test_catalog_keys() -> None:
    cat = get_game("spacelanes").catalog({"players": 2})  # type: ignore[misc]
    assert set(cat) >= {"settlements", "lanes", "action_cards", "goals"}
    assert all("name" in x for k in ("settlements", "lanes", "action_cards", "goals") for x in cat[k])


def test_catalog_states_each_goal_for_each_table_size() -> None:
    """A table shows its own Goal target (L21; goals.json): Tycoon asks more credits at 2 players than at 5,
    Grand Tour's credits part drops in Exploration, and no condition lists other table sizes."""
    goals = {g["slug"]: g for g in get_game("spacelanes").catalog({"players": 2})["goals"]}  # type: ignore[misc]
    tycoon = next(g for g in CONTENT.goals if g.slug == "tycoon")
    assert goals["tycoon"]["conditions"]["2"] == f"Hold {tycoon.target_for(2):,} credits"
    assert goals["tycoon"]["conditions"]["5"] == f"Hold {tycoon.target_for(5):,} credits"
    tour = next(g for g in CONTENT.goals if g.slug == "grand-tour")
    explored = goals["grand-tour"]["exploration_conditions"]["3"]
    assert explored.endswith(f"hold {tour.credits_for(3, True):,} credits"), explored
    assert all("players" not in text for g in goals.values() for text in g["conditions"].values())
    assert "exploration_conditions" not in goals["tycoon"]  # the same in Exploration


@pytest.mark.parametrize(("file", "mutate", "card", "field"), [
    ("cards.json", lambda d: d["cards"][0].update(kind="laser"), "scavenger-gang", "kind"),
    ("cards.json", lambda d: d["cards"][0].pop("win"), "scavenger-gang", "win"),
    ("cards.json", lambda d: d["cards"][0].update(copies=5), None, "copies"),
    ("cards.json", lambda d: d["cards"][0].update(text=""), "scavenger-gang", "text"),
    ("cards.json", lambda d: [c for c in d["cards"] if c["kind"] == "upgrade"][0]["mods"].update(warp=1),
     "laser-cannons", "mods.warp"),
    ("cards.json", lambda d: [c for c in d["cards"] if c["kind"] == "transport"][0].update(to="atlantis"),
     "medical-shipment", "to"),
    ("cards.json", lambda d: d["cards"][0].update(hook="nope"), "scavenger-gang", "hook"),
    ("settlements.json", lambda d: d["settlements"][0]["prices"].update(ore=[100, 300]), "terra-nova",
     "prices.ore"),
    ("settlements.json", lambda d: d["settlements"][0]["feature"].update(kind="casino"), "terra-nova",
     "feature.kind"),
    ("lanes.json", lambda d: d["lanes"][0].update(distance=4), "kepler-run", "distance"),
    ("goals.json", lambda d: d["goals"][0].update(kind="fame"), "tycoon", "kind"),
    ("goals.json", lambda d: d["goals"][0]["targets"].pop("5"), "tycoon", "targets"),
    ("goals.json", lambda d: d["goals"][0]["targets"].update({"5": "many"}), "tycoon", "targets.5"),
    ("goals.json", lambda d: d["goals"][0]["targets"].update({"3": 99}), "tycoon", "targets"),
    ("goals.json", lambda d: d["goals"][0].update(text="Hold credits."), "tycoon", "targets"),
    ("goals.json", lambda d: d["goals"][0].update(credit_targets=d["goals"][0]["targets"]), "tycoon",
     "credit_targets"),
    ("goals.json", lambda d: d["goals"][0].update(exploration_target=-1), "tycoon", "exploration_target"),
    ("goals.json", lambda d: d["goals"][0].update(exploration_target=20000), "tycoon", "exploration_target"),
    ("goals.json", lambda d: d["goals"][0].update(exploration_credits=9000), "tycoon", "exploration_credits"),
    ("goals.json", lambda d: d["goals"][2].update(exploration_credits=9000), "grand-tour",
     "exploration_credits"),
    ("board.json", lambda d: d["lanes"].__setitem__(0, [0, 0]), "lane 0", "lanes"),
    ("board.json", lambda d: d["lanes"].__setitem__(23, [5, 9]), None, "lanes"),
])
def test_bad_data_raises_dataerror_naming_file_card_field(file: str, mutate: Any, card: str | None,
                                                          field: str) -> None:
    d = docs()
    mutate(d[file])
    with pytest.raises(DataError) as e:
        build(d)
    assert e.value.file == file
    assert e.value.field == field
    if card is not None:
        assert e.value.card == card


def test_goal_targets_scale_with_player_count_and_are_shown() -> None:
    """Rulings part 2 (goals reachable in 30-60 turns for 2-5 players): a goal may state a target per
    table size; its 3-player entry is the base target, other sizes fall back to the nearest entry, and
    the card text shows every entry."""
    by_slug = {g.slug: g for g in CONTENT.goals}
    tycoon, tour, explorer = by_slug["tycoon"], by_slug["grand-tour"], by_slug["explorer"]
    assert tycoon.target_for(3) == tycoon.target
    assert tycoon.target_for(2) > tycoon.target_for(3) > tycoon.target_for(5)
    assert tycoon.target_for(1) == tycoon.target_for(2) and tycoon.target_for(6) == tycoon.target_for(5)
    assert tour.credits_for(2) > tour.credits_for(3) == tour.credits > tour.credits_for(5)
    assert tour.target_for(5) == 3
    assert explorer.target_for(2) > explorer.target_for(3) == explorer.target >= explorer.target_for(5)
    for g in CONTENT.goals:
        if g.exploration_target:
            assert f"Exploration mode: {g.exploration_target}" in g.text
            assert g.target_for(2, True) == g.target_for(5, True) == g.exploration_target
        if g.exploration_credits:
            assert f"Exploration mode: {g.exploration_credits}" in g.text
            assert g.credits_for(2, True) == g.credits_for(5, True) == g.exploration_credits
        for n in (2, 3, 4, 5):
            assert g.target_for(n) >= 1
            if g.targets:
                assert f"{n} players: {g.target_for(n)}" in g.text


def test_crossing_lane_is_refused() -> None:
    """L1: the map can be drawn without crossings."""
    d = docs()
    xy = [(s["x"], s["y"]) for s in d["board.json"]["slots"]]
    a, b = xy.index((3, 2)), xy.index((4, 2))
    c, e = xy.index((1, 0)), xy.index((0, 1))  # crosses the diagonal (0,0)-(1,1)
    lanes = d["board.json"]["lanes"]
    idx = next(i for i, p in enumerate(lanes) if sorted(p) == sorted([a, b]))
    lanes[idx] = [c, e]
    with pytest.raises(DataError, match="crosses"):
        build(d)
