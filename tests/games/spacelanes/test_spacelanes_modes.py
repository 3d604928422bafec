"""Space Lanes options: Player vs Player (L19) and Exploration (L20), combinable."""

from __future__ import annotations

from spacetable.engine.rng import Rng
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.travel import land
from tests.games.spacelanes.sl_helpers import card, legal_texts, new, started


def test_l19_attack_only_in_pvp_mode_and_same_space() -> None:
    s = started(2)
    assert not any(a.startswith("attack") for a in legal_texts(s))
    s = started(2, modes=("pvp",))
    assert "attack 1" in legal_texts(s)
    s.node[1] = ADJ[s.node[0]][0][1]
    assert "attack 1" not in legal_texts(s)


def test_l19_attack_rolls_2d6_each_ties_reroll_loser_damaged_winner_loots() -> None:
    s = started(2, modes=("pvp",))
    s.cargo[1] = [2, 0, 0, 0, 0, 1]
    s.hand[1] = [card(s, "missiles")]
    s.ship[0].append(card(s, "laser-cannons"))
    s.apply("attack 1")
    assert s.decision_name() == "pvp.roll" and len(s.chance_outcomes()) == 11
    s.apply("roll 6")
    s.apply("roll 7")  # 6 + 1 == 7: tie, roll again
    assert s.decision_name() == "pvp.roll"
    s.apply("roll 9")
    s.apply("roll 4")
    assert s.damaged[1] and not s.damaged[0]
    assert s.decision_name() == "pvp.loot" and s.current_player() == 0
    s.apply("loot ore")
    s.apply("loot contraband")
    assert "loot missiles" in legal_texts(s) and "loot card" not in legal_texts(s)  # the winner picks
    s.apply("loot missiles")
    assert s.cargo[0][0] == 1 and s.cargo[0][5] == 1 and s.hand[1] == [] and len(s.hand[0]) == 1
    s.apply("done")
    assert s.decision_name() == "turn"
    assert not any(a.startswith("attack") for a in legal_texts(s))  # once per turn


def test_l19_defender_may_win_and_loot() -> None:
    s = started(2, modes=("pvp",))
    s.cargo[0] = [0, 3, 0, 0, 0, 0]
    s.apply("attack 1")
    s.apply("roll 2")
    s.apply("roll 12")
    assert s.damaged[0] and s.current_player() == 1
    s.apply("loot supplies")
    assert s.cargo[1][1] == 1


def test_l19_trade_by_mutual_agreement_goods_and_equipment() -> None:
    s = started(2, modes=("pvp",))
    s.cargo[0][4] = 2
    s.ship[0].append(card(s, "afterburners"))
    s.apply("offer 1")
    assert s.decision_name() == "pvp.propose"
    assert {"give luxury", "give afterburners", "pay 100", "charge 500", "propose", "cancel"} <= set(
        legal_texts(s))
    s.apply("give luxury")
    s.apply("charge 500")
    s.apply("propose")
    assert s.current_player() == 1 and legal_texts(s) == ["accept", "decline", "counter"]
    offer = s.view(1).data["offer"]
    assert offer["from"] == 0 and offer["give"]["goods"] == {"luxury": 1} and offer["ask"]["credits"] == 500
    assert "1 luxury" in s.describe(s.legal_actions()[0])
    s.apply("accept")
    assert s.cargo[1][4] == 1 and s.credits == [3500, 2500]
    s.apply("offer 1")
    s.apply("give afterburners")
    s.apply("charge 100")
    s.apply("propose")
    s.apply("decline")  # no deal: nothing changes
    assert s.credits == [3500, 2500] and s.ship[1] == []
    assert "offer 1" not in legal_texts(s)  # at most two trades a turn


def test_l19_no_trade_outside_pvp_mode_or_apart() -> None:
    s = started(2)
    s.cargo[0][4] = 2
    assert "offer 1" not in legal_texts(s)


def test_l20_exploration_hides_settlements_and_lanes_until_visited() -> None:
    s = new(2, 3, ("exploration",))
    v = s.view(0).data
    assert v["slots"][0]["revealed"] and "prices" in v["slots"][0]
    hidden = [x for x in v["slots"] if not x["revealed"]]
    # L20: "place the non-homeworld Settlements and all Space Lanes face down": the 3 Homeworlds are up
    assert len(hidden) == 12 and all("settlement" not in x and "prices" not in x for x in hidden)
    assert sum(1 for x in v["slots"] if x["revealed"] and x["homeworld"]) == 3
    assert all(not ln["revealed"] and "distance" not in ln for ln in v["lanes"])
    s.apply("start 0")
    s.apply("start 0")
    s.discard.extend(s.hand[0] + s.hand[1])
    s.hand = [[], []]
    s.apply("first 0")
    ls, other = ADJ[0][0]
    s.apply(f"move {other}")
    assert s.view(1).data["lanes"][ls]["revealed"]
    s.rev_set[other] = False
    land(s, 0, other)
    assert s.view(1).data["slots"][other]["revealed"]


def test_l20_start_on_a_face_down_settlement_reveals_it() -> None:
    s = new(2, 3, ("exploration",))
    s.apply("start 7")
    assert s.rev_set[7]


def test_l20_determinize_resamples_face_down_cards_but_keeps_the_view() -> None:
    s = new(3, 5, ("exploration", "pvp"))
    seen = set()
    for i in range(6):
        d = s.determinize(0, Rng(i))
        assert d.view(0).data == s.view(0).data
        seen.add(tuple(d.slot_set))
        assert d.slot_set[0] == s.slot_set[0]
    assert len(seen) > 1


def test_modes_combine() -> None:
    s = new(2, 1, ("exploration", "pvp"))
    assert s.exploration and s.pvp
    assert CONTENT.settlements[s.slot_set[0]].homeworld
