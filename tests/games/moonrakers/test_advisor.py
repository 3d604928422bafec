"""The Moonrakers advisor: exact odds of meeting a contract (3.4.3 plays, 2.3 basic cards, 2.8/R23 draws,
3.4.6 pool and target), checked against brute-force enumeration; hazard losses (3.4.9 step 3, R5);
computed from the seat's view only (determinize gives the same answer)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import advisor, new_game
from spacetable.games.moonrakers.advisor import (
    advise,
    expected_loss,
    success_probability,
)
from spacetable.games.moonrakers.card_facts import card_alternatives


def ids(*slugs: str) -> list[int]:
    return [A.CARD_ID[s] for s in slugs]


def need(reactor: int = 0, thruster: int = 0, shield: int = 0, damage: int = 0, crew: int = 0) -> list[int]:
    return [reactor, thruster, shield, damage, crew]


# ---------------------------------------------------------------------------------------- by hand
def test_reactor_then_thruster_draws_the_damage_half_the_time_2_3() -> None:
    """Reactor (+2 Actions), Thruster (draw 2 of 4, one is the Damage I), then play it: 1/2."""
    p, exact, _ = success_probability(ids("reactor", "thruster"), ids("damage-1", "miss", "miss", "miss"), [],
                                      1, need(damage=1))
    assert exact and p == pytest.approx(0.5)


def test_a_thruster_without_an_action_left_cannot_play_what_it_draws_2_2() -> None:
    """2.2: every play costs 1 Action; Thruster uses the only one, so the drawn Damage stays in hand."""
    p, _, _ = success_probability(ids("thruster"), ids("damage-1", "damage-1"), [], 1, need(damage=1))
    assert p == 0.0


def test_empty_pile_is_refilled_from_the_discard_pile_r23() -> None:
    p, _, _ = success_probability(ids("reactor", "thruster"), [], ids("damage-3"), 1, need(damage=3))
    assert p == 1.0


def test_met_requirements_are_certain_and_no_actions_is_zero_3_4_6() -> None:
    assert success_probability([], [], [], 0, need())[0] == 1.0
    assert success_probability(ids("damage-1"), [], [], 0, need(damage=1))[0] == 0.0


def test_crew_effects_come_from_the_card_data_2_4() -> None:
    """Dana Powalki's data: play as Damage 3 and +1 Action; she also counts 1 Crew."""
    dana = A.CARD_ID["dana-powalki"]
    alt = card_alternatives(dana)
    assert len(alt) == 1 and alt[0].pool == [0, 0, 0, 3, 1] and alt[0].actions == 1
    assert success_probability([dana, *ids("damage-1")], [], [], 1, need(damage=4, crew=1))[0] == 1.0
    tantin = A.CARD_ID["tantin-al-vale"]  # a choice: Damage 2 or a Shield
    assert sorted(tuple(a.pool) for a in card_alternatives(tantin)) == [(0, 0, 0, 2, 1), (0, 0, 1, 0, 1)]


def test_odds_from_a_view_count_the_hand_the_pile_contents_and_the_discard_r23() -> None:
    """The coach's entry point reads a seat's own view entry: the hand, what the draw pile holds
    (order unknown) and the discard pile that refills it (R23)."""
    me = {"hand": ["reactor", "thruster"], "draw_contents": {"miss": 3, "damage-1": 1},
          "discard": ["damage-3"]}
    assert advisor.known_cards(me) == (ids("reactor", "thruster"), ids("miss", "miss", "miss", "damage-1"),
                                       ids("damage-3"))
    hand, pile, discard = advisor.known_cards(me)
    req = need(damage=1)
    assert advisor.contract_odds(me, req, 5.0) == success_probability(hand, pile, discard, 1, req)[0]


def test_hazard_expected_loss_r5() -> None:
    assert expected_loss(1, 0, 5) == pytest.approx(1.0)  # faces 0,0,1,1,2,2
    assert expected_loss(2, 1, 9) == pytest.approx(sum(max(0, a + b - 1) for a in (0, 0, 1, 1, 2, 2)
                                                       for b in (0, 0, 1, 1, 2, 2)) / 36)
    assert expected_loss(2, 0, 1) <= 1.0  # never more than the Prestige held (3.4.9 step 3)


# ---------------------------------------------------------------------------------------- brute force
def brute(hand: list[int], pile: list[int], discard: list[int], actions: int, nd: list[int]) -> float:
    """Plain expectimax over every play order and every card drawn, one position at a time (no memo, no
    pruning, no multisets)."""
    if max(nd) <= 0:
        return 1.0
    if actions <= 0:
        return 0.0
    best = 0.0
    for i in range(len(hand)):
        rest = hand[:i] + hand[i + 1:]
        for e in card_alternatives(hand[i]):
            base = [nd[t] - e.pool[t] - e.reduce[t] for t in range(5)]
            targets: list[int | None] = [None]
            if e.reduce_any:
                targets = [t for t in range(5) if base[t] > 0] or [0]
            for u in targets:
                n2 = [max(0, base[t] - (e.reduce_any if t == u else 0)) for t in range(5)]
                best = max(best, after_draws(e.draw, rest, pile, discard, actions - 1 + e.actions, n2))
    return best


def after_draws(k: int, hand: list[int], pile: list[int], discard: list[int], actions: int,
                nd: list[int]) -> float:
    if k == 0 or max(nd) <= 0:
        return brute(hand, pile, discard, actions, nd)
    if not pile:
        if not discard:
            return brute(hand, pile, discard, actions, nd)
        pile, discard = discard, []
    return sum(after_draws(k - 1, hand + [pile[j]], pile[:j] + pile[j + 1:], discard, actions, nd)
               for j in range(len(pile))) / len(pile)


POOL = ("reactor", "thruster", "shield", "damage-1", "damage-2", "damage-3", "miss", "ada-massa",
        "dana-powalki", "nella-van-daval", "tantin-al-vale", "moro-mada", "sella-pelleon", "kal-damar")


@pytest.mark.parametrize("seed", range(30))
def test_matches_brute_force_on_small_decks_3_4_3(seed: int) -> None:
    r = random.Random(seed)
    hand = ids(*r.choices(POOL, k=r.randint(1, 3)))
    pile = ids(*r.choices(POOL, k=r.randint(0, 4)))
    discard = ids(*r.choices(POOL, k=r.randint(0, 2)))
    nd = [r.choice((0, 0, 1, 2)) for _ in range(3)] + [r.choice((0, 2, 3, 5)), r.choice((0, 0, 1))]
    actions = r.randint(1, 2)
    p, exact, _ = success_probability(hand, pile, discard, actions, nd)
    assert exact
    assert p == pytest.approx(brute(hand, pile, discard, actions, nd), abs=1e-12)


def test_brute_force_cases_are_not_all_trivial() -> None:
    """Guard for the test above: the random cases include odds strictly between 0 and 1."""
    seen = set()
    for seed in range(30):
        r = random.Random(seed)
        hand = ids(*r.choices(POOL, k=r.randint(1, 3)))
        pile = ids(*r.choices(POOL, k=r.randint(0, 4)))
        discard = ids(*r.choices(POOL, k=r.randint(0, 2)))
        nd = [r.choice((0, 0, 1, 2)) for _ in range(3)] + [r.choice((0, 2, 3, 5)), r.choice((0, 0, 1))]
        p = success_probability(hand, pile, discard, r.randint(1, 2), nd)[0]
        seen.add("0" if p == 0 else "1" if p == 1 else "mid")
    assert seen == {"0", "1", "mid"}


# ---------------------------------------------------------------------------------------- from the view
def _positions(players: int, seed: int) -> list[tuple[Any, int]]:
    bot = make_bot("moonrakers", "greedy")
    s = new_game({"players": players, "modules": [], "expansions": []}, seed)
    rng = Rng(seed)
    out: list[tuple[Any, int]] = []
    k = 0
    while not s.is_terminal() and k < 1500 and len(out) < 25:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        k += 1
        if s.decision_name() in ("execution.play", "negotiation.answer", "negotiation.open") and k % 2 == 0:
            out.append((s.copy(), p))
        s.apply_fast(bot.choose(s, p, rng))
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_same_advice_on_a_determinized_state(players: int) -> None:
    """Computed from the seat's view: resampling what it cannot see never changes the advice."""
    checked = 0
    for state, seat in _positions(players, 3):
        a = advise(state, seat)
        assert a == advise(state.determinize(seat, Rng(checked)), seat)
        assert a["lines"] and all(isinstance(x, str) for x in a["lines"])
        checked += 1
    assert checked >= 10


def test_advice_during_an_execution_counts_the_pool_as_it_stands_3_4_6() -> None:
    states = [(s, p) for s, p in _positions(2, 5) if s.decision_name() == "execution.play"]
    assert states
    s, seat = states[0]
    a = advise(s, seat)
    ex = s.ex
    req = A.CAT.contracts[ex.contract].req
    from spacetable.games.moonrakers.execution import pool_value

    want = [max(0, ex.target(t, req) - pool_value(ex, t)) for t in range(5)]
    assert list(a["need"].values()) == want
    assert 0.0 <= a["p_success"] <= 1.0 and a["hazard"]["rolled"]


def test_typical_states_are_fast() -> None:
    times = []
    for state, seat in _positions(4, 1)[:15]:
        t = time.perf_counter()
        advise(state, seat)
        times.append(time.perf_counter() - t)
    assert sorted(times)[len(times) // 2] < 0.2  # the median, with room for a loaded machine


def test_spectator_gets_no_odds() -> None:
    s = new_game({"players": 2, "modules": [], "expansions": []}, 1)
    from spacetable.games.moonrakers.advisor import advise_view

    assert advise_view(s.view(None).to_json())["seat"] is None

