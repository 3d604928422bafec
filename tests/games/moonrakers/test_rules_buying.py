"""Buying (3.5, R9), the Armory (5.1–5.3, R12), bonus cards (5.4) and the 5th part (R22)."""

from __future__ import annotations

import pytest

from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.execution import give_bonus
from tests.games.moonrakers.helpers import (
    assert_illegal,
    game,
    legal,
    mission,
    part,
    pass_all,
    play_all,
    set_hand,
    to_buying,
)


def _buys(s: object) -> list[str]:
    return [a for a in legal(s) if a.startswith("buy ")]  # type: ignore[arg-type]


@pytest.mark.parametrize("how", ["success", "failure", "stay"])
def test_buying_after_every_kind_of_turn_r9(how: str) -> None:
    """3.5, R9: Buying happens after a success, after a failure and after Stay at Base; the ML buys."""
    s = game(3, seed=1, first=1)
    if how == "stay":
        to_buying(s)
    else:
        mission(s, "space-anomaly", [2])
        if how == "success":
            set_hand(s, 1, ["reactor", "damage-1"])
            play_all(s, ["play reactor", "pass", "play damage-1"])
        pass_all(s)
    assert s.decision_name() == "buying" and s.current_player() == 1


def test_ml_buys_any_number_at_printed_cost_3_5_1() -> None:
    """3.5.1, 5.2, 5.3: any number of buys; Crew to the discard pile; a part installed with its cards."""
    s = game(3, seed=2)
    to_buying(s)
    p = s.players[0]
    p.credits = 40
    crew = A.CAT.crew[s.crew_row[0]]
    s.apply(f"buy {crew.slug}")
    assert p.credits == 40 - crew.cost and p.discard[-1] == crew.id + 7
    pt = A.CAT.parts[s.part_row[0]]
    discard = len(p.discard)
    s.apply(f"buy {pt.slug}")
    while s.decision_name() != "buying":  # a part's own install choice, if any
        s.apply(legal(s)[0])
    assert p.parts[-1] == pt.id and p.credits == 40 - crew.cost - pt.cost
    assert p.discard[discard:discard + len(pt.cards)] == list(pt.cards)
    assert s.decision_name() == "buying"  # still buying


def test_armory_refills_after_a_buy_5_1() -> None:
    """5.1: a slot is refilled from the top of its deck as soon as its card leaves."""
    s = game(3, seed=3)
    to_buying(s)
    s.players[0].credits = 40
    top = s.crew_deck[-1]
    slug = A.CAT.crew[s.crew_row[1]].slug
    s.apply(f"buy {slug}")
    assert s.crew_row[1] == top


def test_cannot_overspend_3_5_3() -> None:
    """3.5.3: only affordable cards are offered; credits never go below 0."""
    s = game(3, seed=4)
    to_buying(s)
    s.players[0].credits = 2
    for a in _buys(s):
        slug = a.split()[1]
        cost = A.CAT.part(slug).cost if slug in A.PART_ID else A.CAT.crew_by_slug(slug).cost
        assert cost <= 2
    expensive = max((A.CAT.parts[x] for x in s.part_row), key=lambda x: x.cost)
    if expensive.cost > 2:
        assert_illegal(s, f"buy {expensive.slug}")
    s.players[0].credits = 0
    assert legal(s) == ["done"]


def test_armory_swap_once_for_one_credit_3_5_2() -> None:
    """3.5.2: once per turn, 1 credit: the card goes to the bottom of its deck, the slot refills."""
    s = game(3, seed=5)
    to_buying(s)
    p = s.players[0]
    p.credits = 5
    pt = s.part_row[2]
    top = s.part_deck[-1]
    s.apply(f"armory-swap {A.PART_SLUGS[pt]}")
    assert p.credits == 4 and s.part_deck[0] == pt and s.part_row[2] == top
    assert not any(a.startswith("armory-swap") for a in legal(s))
    assert_illegal(s, f"armory-swap {A.CAT.crew[s.crew_row[0]].slug}")


def test_only_the_ml_buys_3_5_1() -> None:
    """3.5.1: the Buy decision belongs to the ML; the turn then passes on."""
    s = game(3, seed=6, first=2)
    to_buying(s)
    assert s.current_player() == 2
    s.apply("done")
    assert s.decision_name() == "planning" and s.ml == 0


def test_empty_armory_deck_leaves_empty_slot_r12() -> None:
    """5.1, R12: if the deck is empty the slot stays empty; no swap is offered from an empty deck."""
    s = game(3, seed=7)
    to_buying(s)
    s.players[0].credits = 40
    s.crew_deck = []
    slug = A.CAT.crew[s.crew_row[0]].slug
    s.apply(f"buy {slug}")
    assert s.crew_row[0] == -1
    assert not any(a.startswith("armory-swap") and a.split()[1] in {c.slug for c in A.CAT.crew}
                   for a in legal(s))
    view = s.view(1).data
    assert view["crew_row"][0] is None


def test_supply_and_bank_unlimited_r12() -> None:
    """1.1.2, R12: basic cards come from an unlimited supply (a part's cards always arrive)."""
    s = game(3, seed=8)
    to_buying(s)
    p = s.players[0]
    p.credits = 100
    before = p.deck_size()
    added = 0
    for _ in range(3):
        pts = [a for a in _buys(s) if a.split()[1] in A.PART_ID]
        if not pts:
            break
        slug = pts[0].split()[1]
        added += len(A.CAT.part(slug).cards)
        s.apply(pts[0])
        while s.decision_name() != "buying":
            s.apply(legal(s)[0])
    assert p.deck_size() == before + added


def test_bonus_card_choice_5_4() -> None:
    """5.4: a bonus card is the top card of the chosen deck, free: Crew to discard, a part installed."""
    s = game(3, seed=9)
    p = s.players[1]
    credits = p.credits
    give_bonus(s, 1, 2)
    assert s.decision_name() == "bonus-card" and s.current_player() == 1
    assert set(legal(s)) == {"bonus-crew", "bonus-part"}
    top_crew = s.crew_deck[-1]
    s.apply("bonus-crew")
    assert p.discard[-1] == top_crew + 7
    top_part = s.part_deck[-1]
    s.apply("bonus-part")
    assert p.parts == [top_part] and p.credits == credits
    assert s.bought_parts == 0  # not a purchase


def test_bonus_card_empty_decks_5_4() -> None:
    """5.4: an empty chosen deck forces the other; with both empty the bonus is lost."""
    s = game(3, seed=10)
    s.crew_deck = []
    give_bonus(s, 0, 1)
    assert legal(s) == ["bonus-part"]
    s.apply("bonus-part")
    s.part_deck = []
    give_bonus(s, 0, 1)
    assert s.stack[-1].vacuous(s)


def test_bonus_queue_ml_first() -> None:
    """3.4.9 step 2: the ML's bonus cards resolve before the allies'."""
    s = game(3, seed=12)
    mission(s, "abandoned-vessel", [1, 2], shares={2: [0, 0, 1]})  # 1 bonus card, to seat 2
    ex = s.ex
    assert ex is not None
    ex.reduce = [9, 9, 9, 9, 9]  # met without cards
    pass_all(s)
    assert s.decision_name() == "bonus-card" and s.current_player() == 2
    s2 = game(3, seed=12, fe=True)
    mission(s2, "first-contact", [1], shares={1: [0, 0, 1]})  # 2 bonus cards: 1 each
    s2.ex.reduce = [9, 9, 9, 9, 9]  # type: ignore[union-attr]
    pass_all(s2)
    assert s2.decision_name() == "bonus-card" and s2.current_player() == 0
    s2.apply("bonus-crew")
    while s2.decision_name() == "scrap-part":
        s2.apply(legal(s2)[0])
    assert s2.decision_name() == "bonus-card" and s2.current_player() == 1


def test_fifth_part_forces_a_scrap_r22() -> None:
    """5.3, R22: a 5th part forces removing one of the four older parts; its cards stay."""
    s = game(3, seed=13)
    to_buying(s)
    p = s.players[0]
    old = [part(x) for x in ("flash", "titan-3000", "duo-1000", "pulsor-mk1")]
    p.parts = list(old)
    p.credits = 40
    buy = next(a for a in _buys(s) if a.split()[1] in A.PART_ID)
    new_part = A.PART_ID[buy.split()[1]]
    deck = p.deck_size()
    s.apply(buy)
    assert s.decision_name() == "scrap-part"
    assert set(legal(s)) == {f"scrap {A.PART_SLUGS[x]}" for x in old}  # not the new one
    assert s.bought_parts == 1
    s.apply("scrap titan-3000")
    assert sorted(p.parts) == sorted([*old[:1], *old[2:], new_part])
    assert p.deck_size() == deck + len(A.CAT.parts[new_part].cards)  # cards stay
    assert s.decision_name() == "buying"


def test_fifth_part_from_bonus_also_scraps_r22() -> None:
    """R22 via 5.4: a bonus part that makes a 5th also forces a scrap."""
    s = game(3, seed=14)
    p = s.players[0]
    p.parts = [part(x) for x in ("flash", "titan-3000", "duo-1000", "pulsor-mk1")]
    give_bonus(s, 0, 1)
    s.apply("bonus-part")
    assert s.decision_name() == "scrap-part"
    s.apply("scrap flash")
    assert len(p.parts) == 4
