"""Setup (1.3): displays, decks, starting decks, objectives (R2), first player (R1), modules (R15)."""

from __future__ import annotations

from collections import Counter

import pytest

from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import DMG1, MISS, REACTOR, SHIELD, THRUSTER
from tests.games.moonrakers.helpers import finish_setup, game, legal, new


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_displays_and_decks_1_3_1_to_1_3_3(players: int) -> None:
    """1.3.1–1.3.3: 8 contracts face up, 3 Crew and 6 Parts in the Armory, the rest in the decks."""
    s = new(players, seed=players)
    assert len(s.contracts) == 8 and len(set(s.contracts)) == 8 and min(s.contracts) >= 0
    assert len(s.contract_deck) == 40 - 8 and not s.contract_discard
    assert len(s.crew_row) == 3 and min(s.crew_row) >= 0
    assert len(s.part_row) == 6 and min(s.part_row) >= 0
    merc_crew = 3 if players <= 2 else 0  # 8.2: the Mercenary deck takes 3 Crew
    assert len(s.crew_deck) == 20 - 3 - merc_crew
    assert len(s.part_deck) == 37 - 6
    all_contracts = s.contracts + s.contract_deck
    assert sorted(all_contracts) == [c.id for c in A.CAT.contracts if c.set == "BG"]


@pytest.mark.parametrize("players", [1, 3, 5])
def test_starting_player_zones_1_3_4(players: int) -> None:
    """1.3.4: 3 Reactor, 2 Thruster, 2 Shield, 2 Damage I, 1 Miss; hand of 5; 2 credits (3 solo, 8.9)."""
    s = new(players, seed=11)
    want = Counter({REACTOR: 3, THRUSTER: 2, SHIELD: 2, DMG1: 2, MISS: 1})
    for p in s.players:
        assert Counter(p.draw + p.hand) == want and not p.discard
        assert len(p.hand) == 5 and len(p.draw) == 5
        assert p.prestige == 0 and p.parts == []
        assert p.credits == (3 if players == 1 else 2)


def test_factions_distinct_1_1_4() -> None:
    """1.1.4: each player has a distinct faction identity."""
    s = new(5, seed=1)
    assert len({p.faction for p in s.players}) == 5


def test_deal_three_keep_two_r2() -> None:
    """1.3.5, R2: each player is dealt 3, keeps 2, the third goes to the bottom of the deck."""
    s = new(3, seed=2)
    assert len(s.objective_deck) == 23 - 9
    for seat in range(3):
        assert s.decision_name() == "setup.objectives" and s.current_player() == seat
        dealt = [A.OBJECTIVE_ID[str(a.args[0])] for a in s.legal_actions()]
        assert len(dealt) == 3
        s.apply(f"return {A.OBJECTIVE_SLUGS[dealt[1]]}")
        assert s.objective_deck[0] == dealt[1]  # bottom of the deck
        assert sorted(s.players[seat].objectives) == sorted([dealt[0], dealt[2]])
    assert len(s.objective_deck) == 23 - 6


def test_objectives_dealt_are_private_1_2() -> None:
    """1.2: held objectives are hidden: only their holder sees which they are."""
    s = finish_setup(new(3, seed=2))
    for viewer in (None, 1, 2):
        assert "objectives" not in s.view(viewer).data["players"][0]
    assert len(s.view(0).data["players"][0]["objectives"]) == 2


def test_first_player_lowest_roll_r1() -> None:
    """1.3.6, R1: one die each, fewest icons starts; turns then pass clockwise."""
    s = new(3, seed=3)
    while s.decision_name() == "setup.objectives":
        s.apply(s.legal_actions()[0])
    for seat, icons in ((0, 2), (1, 0), (2, 1)):
        assert s.decision_name() == "setup.first-player" and s.stack[-1].player == seat
        s.apply(f"hazard {icons}")
    assert s.ml == 1 and s.decision_name() == "planning" and s.current_player() == 1
    s.apply("stay")
    while s.decision_name() != "planning":
        s.apply(s.legal_actions()[-1])
    assert s.ml == 2  # clockwise


def test_first_player_ties_reroll_among_tied_r1() -> None:
    """R1: players tied for lowest re-roll among themselves until one remains."""
    s = new(4, seed=4)
    while s.decision_name() == "setup.objectives":
        s.apply(s.legal_actions()[0])
    for icons in (1, 0, 2, 0):  # seats 1 and 3 tie on 0
        s.apply(f"hazard {icons}")
    assert s.stack[-1].player == 1
    s.apply("hazard 1")
    assert s.stack[-1].player == 3  # only the tied seats roll again
    s.apply("hazard 1")  # tie again
    assert s.stack[-1].player == 1
    s.apply("hazard 2")
    s.apply("hazard 0")
    assert s.ml == 3 and s.decision_name() == "planning"


def test_solo_game_skips_first_player_roll() -> None:
    """1.3.6 with one player: that player starts, no roll needed."""
    s = new(1, seed=5)
    s.apply(s.legal_actions()[0])
    assert s.decision_name() == "planning" and s.ml == 0


@pytest.mark.parametrize("players", [1, 2, 3])
def test_mercenary_deck_only_for_one_or_two_players_1_3_7(players: int) -> None:
    """1.3.7, 8.2: the Mercenary deck exists with 1–2 players only."""
    s = game(players, seed=6)
    assert bool(s.merc_deck or s.merc_row) is (players <= 2)
    assert ("mercenary" in s.view(0).data) is (players <= 2)


def test_first_encounter_module_r15() -> None:
    """R15, 0.1: the first-encounter module adds the FE contracts, crew and parts."""
    s = new(3, seed=7, fe=True)
    assert len(s.contracts) + len(s.contract_deck) == 45
    assert len(s.crew_row) + len(s.crew_deck) == 25
    assert len(s.part_row) + len(s.part_deck) == 42
    base = new(3, seed=7)
    assert all(A.CAT.contracts[c].set == "BG" for c in base.contracts + base.contract_deck)


def test_setup_decision_lists_only_the_dealt_three() -> None:
    """1.3.5: the choice is among the three dealt objectives only."""
    s = new(2, seed=8)
    assert len(legal(s)) == 3 and all(a.startswith("return ") for a in legal(s))
