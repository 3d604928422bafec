"""Space Lanes loops: a ship that stays at one Settlement and launches one space and lands
back each turn makes a new Visit each turn (rulebook: "a 'Visit' to a Settlement means a landing and a
launch"; a feature "can be used only once per visit"). No Goal may fall to repeating one Visit, and no
Settlement may pay for buying and selling back there. See docs/spacelanes-design.md, "Loops".
"""

from __future__ import annotations

import pytest

from spacetable.bots.spacelanes_greedy import _Brain
from spacetable.bots.spacelanes_heuristic import SEEK_BONUS, _Planner
from spacetable.engine.rng import Rng
from spacetable.games.spacelanes.common import CONTENT_GOOD
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import CONTRABAND, NGOODS
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.trade import BUY_LIMIT, office_price
from tests.games.spacelanes.sl_helpers import (
    fuel_cards,
    lane_from,
    legal_texts,
    new,
    pass_all,
    settlement_slot,
)

SETTLEMENTS = CONTENT.settlements
GOAL = {g.slug: g.index for g in CONTENT.goals}


def _loop_game(goal: str, home: str, players: int = 2) -> tuple[SpaceLanesState, int]:
    """A game where seat 0 holds `goal` and starts at `home`; every other seat starts there too."""
    s = new(players, seed=3)
    if GOAL[goal] in s.goal:
        s.goal[s.goal.index(GOAL[goal])] = s.goal[0]
    s.goal[0] = GOAL[goal]
    slot = settlement_slot(s, home)
    for _ in range(players):
        s.apply(f"start {slot}")
    for p in range(players):
        s.discard.extend(s.hand[p])
        s.hand[p] = []
    s.apply("first 0")
    pass_all(s)
    return s, slot


def _loop_turn(s: SpaceLanesState, slot: int, script: list[str]) -> None:
    """Seat 0's loop turn: Trade by `script` (each step if legal), launch one space, land back, end."""
    fuel_cards(s, 0, 1)
    s.apply("trade")
    for step in script:
        while step in legal_texts(s):
            s.apply(step)
    s.apply("done")
    _, other = lane_from(slot)
    s.apply(f"move {other}")  # the first move is free (L6)
    pass_all(s)
    s.apply(f"move {slot}")  # back: a new Visit (L5)
    if s.decision_name() == "fuel":
        s.apply(legal_texts(s)[0])
    pass_all(s)
    s.apply("end")
    pass_all(s)
    while s.active != 0 and not s.is_terminal():  # the other seats only end their turns
        s.apply("end")
        pass_all(s)


@pytest.mark.parametrize(("goal", "home"), [("pirate-ally", "blackstar-haven"),
                                            ("union-ally", "vesta-outpost"), ("union-ally", "terra-nova")])
def test_the_faction_office_loop_no_longer_meets_the_goal(goal: str, home: str) -> None:
    """The loop found in play: "start at the settlement that sells Pirate Faction tokens, each turn launch one
    space and land back (a new Visit), buy one token; the goal is met in about 5 turns". The office's
    price now rises by its step for every token of its kind held, so 3000 starting credits (rulebook
    setup 4) do not pay for the Goal, and ten loop turns end with it unmet."""
    s, slot = _loop_game(goal, home)
    target = CONTENT.goals[GOAL[goal]].target_for(2)
    for _ in range(10):
        _loop_turn(s, slot, ["feature"])
    held = s.pirate[0] if goal == "pirate-ally" else s.union[0]
    assert not s.is_terminal() and 1 <= held < target
    assert office_price(s, 0, slot) > s.credits[0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_office_loop_with_odd_jobs_is_slower_than_a_game(players: int) -> None:
    """The strongest form of the loop takes Odd Jobs (L8: 500 credits) on the turns it cannot pay the
    next token. Even from the cheapest office it needs more of its own turns than a whole game of
    heuristic bots lasts (docs/spacelanes-design.md: 9-15 rounds at 2-5 players)."""
    for goal in ("pirate-ally", "union-ally"):
        k = CONTENT.goals[GOAL[goal]].target_for(players)
        faction = goal.split("-")[0]
        cost = min(sum(st.farg("price") + i * st.farg("step") for i in range(k)) for st in SETTLEMENTS
                   if st.feature == "faction_office" and st.farg("faction") == faction)
        own_turns = k + max(0, cost - 3000) / 500
        assert own_turns > {2: 15, 3: 12, 4: 10, 5: 9}[players] * 1.2, (goal, players, own_turns)


def test_office_price_rises_with_the_tokens_held() -> None:
    s, slot = _loop_game("pirate-ally", "blackstar-haven")
    st = SETTLEMENTS[s.slot_set[slot]]
    assert office_price(s, 0, slot) == st.farg("price")
    s.pirate[0] = 3
    s.union[0] = 4  # the other kind does not count
    assert office_price(s, 0, slot) == st.farg("price") + 3 * st.farg("step")
    s.credits[0] = office_price(s, 0, slot)
    s.apply("trade")
    s.apply("feature")
    assert s.pirate[0] == 4 and s.credits[0] == 0


def test_the_fence_loop_is_closed() -> None:
    """Smuggler's Rest fenced Contraband at 1300 and sold it at 800: buying 5 each Visit and fencing them
    the next paid 2500 a turn and met Smuggler in 4 turns. It sells no Contraband now."""
    s, slot = _loop_game("smuggler", "smugglers-rest")
    s.credits[0] = 10_000
    s.apply("trade")
    assert "buy contraband" not in legal_texts(s)


def test_no_settlement_pays_for_buying_and_selling_back_there() -> None:
    """Content invariant behind the loops ruling: at one Settlement, selling (or fencing, or refining then
    selling) what was bought there never pays, with any one Economic event on it."""
    econ = [t for t in CONTENT.card_types if t.kind == "economic"]
    for st in SETTLEMENTS:
        for g in range(NGOODS):
            if not (st.buy[g] and st.sell[g]):
                continue
            for t in [None, *econ]:
                db, ds = t.prices[g] if t is not None else (0, 0)
                assert max(50, st.sell[g] + ds) <= max(50, st.buy[g] + db), (st.slug, g, t and t.slug)
        if st.feature == "fence":
            assert not st.buy[CONTRABAND] or st.buy[CONTRABAND] >= st.farg("price"), st.slug
        if st.feature == "refinery":
            fg, tg = (CONTENT_GOOD[st.farg(k)] for k in ("from", "to"))
            assert not st.sell[tg] or st.sell[tg] <= st.buy[fg], st.slug
    offices = [st.farg("price") for st in SETTLEMENTS if st.feature == "faction_office"]
    exchanges = [st.farg("price") for st in SETTLEMENTS if st.feature == "exchange"]
    assert max(exchanges) < min(offices)  # buying a token to cash it in never pays
    assert all(st.farg("step") > 0 for st in SETTLEMENTS if st.feature == "faction_office")
    assert BUY_LIMIT == 5


def test_selling_back_costs_at_least_130_a_unit() -> None:
    """The goods loop (buy 5 of each of two goods, sell them back next Visit: 10 goods a turn) met
    Merchant Prince in 31 turns at 3 players, faster than the heuristic bot. Every good a Settlement both
    sells and buys now has a spread of at least 130, so the 60 goods cost 7800 or more."""
    for st in SETTLEMENTS:
        for g in range(NGOODS):
            if st.buy[g] and st.sell[g]:
                assert st.buy[g] - st.sell[g] >= 130, (st.slug, g)


def test_no_settlement_both_sells_and_buys_contraband() -> None:
    """The Contraband loop (buy 5 at The Drift, 700, sell them back next Visit, 560) met Smuggler in 34
    turns at 3 players, faster than the heuristic bot: Smuggler counts units, not profit. The three
    Contraband sources no longer buy it back."""
    for st in SETTLEMENTS:
        assert not (st.buy[CONTRABAND] and st.sell[CONTRABAND]), st.slug


def test_bots_head_for_the_office_only_when_they_can_pay_its_price() -> None:
    """The bots value a trip to their Faction office by its rising price (office_price): a Pirate Ally
    captain that cannot pay the next token trades instead of waiting there."""
    s, slot = _loop_game("pirate-ally", "blackstar-haven")
    s.node[0] = next(x for x in range(15) if x != slot)
    s.pirate[0] = 2
    s.credits[0] = office_price(s, 0, slot) - 1
    assert _Planner(s, 0, s.legal_actions()).goal_bonus(slot) == 0
    s.credits[0] = office_price(s, 0, slot) + 1000
    assert _Planner(s, 0, s.legal_actions()).goal_bonus(slot) > 0


def _exploration_seat_with(goal: str, seed: int = 5) -> SpaceLanesState:
    """An Exploration game at setup (L20: the non-Homeworld settlements face down), seat 0 holding `goal`."""
    s = new(2, seed=seed, modes=("exploration",))
    if GOAL[goal] in s.goal:
        s.goal[s.goal.index(GOAL[goal])] = s.goal[0]
    s.goal[0] = GOAL[goal]
    return s


def test_an_exploration_faction_captain_searches_the_face_down_settlements() -> None:
    """L20: "place the non-homeworld Settlements ... face down"; the Pirate office (Blackstar Haven, not a
    Homeworld) starts face down. A Pirate Ally captain values every face-down settlement above the greedy
    bot's 800 while the office is face down, starts on a face-down one (L3: any settlement), and stops
    searching once the office is face up. Its choices read no face-down card: the same on a determinized
    copy."""
    s = _exploration_seat_with("pirate-ally")
    office = settlement_slot(s, "blackstar-haven")
    assert not s.rev_set[office]
    brain = _Planner(s, 0, s.legal_actions())
    start = brain.choose_start()
    assert not s.rev_set[int(start.args[0])]
    face_down = [x for x in range(15) if not s.rev_set[x]]
    assert all(brain.goal_bonus(x) == SEEK_BONUS > 800 for x in face_down)
    for k in range(5):
        o = s.determinize(0, Rng(k))
        assert str(_Planner(o, 0, o.legal_actions()).choose_start()) == str(start)
    s.rev_set[office] = True  # someone landed there
    brain = _Planner(s, 0, s.legal_actions())
    assert all(brain.goal_bonus(x) < SEEK_BONUS for x in face_down if x != office)


def test_a_captain_without_a_faction_goal_does_not_search() -> None:
    """The search is only for a Faction goal whose office is face down: a Tycoon starts where the greedy
    bot would (the best trade start) and values a face-down settlement as the greedy bot does."""
    s = _exploration_seat_with("tycoon")
    brain = _Planner(s, 0, s.legal_actions())
    assert str(brain.choose_start()) == str(_Brain(s, 0, s.legal_actions()).choose_start())
    assert all(brain.goal_bonus(x) < SEEK_BONUS for x in range(15) if not s.rev_set[x])
