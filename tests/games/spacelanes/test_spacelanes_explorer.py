"""The Explorer goal (goals.json, docs/spacelanes-design.md "Goals"): buy or sell goods at different
Settlements. A Settlement counts once a good is bought or sold there (the Fence's sale too); landing does
not, and a turn holds one Trade (L4-L5), so the count grows by at most one a turn and no captain can reach
the printed target within 10 game turns of a 2-player game."""

from __future__ import annotations

import re

import pytest

from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.goals import goal_reached, goal_value, progress
from spacetable.games.spacelanes.text import credits, goal_progress, goal_text
from spacetable.games.spacelanes.travel import land
from tests.games.spacelanes.sl_helpers import move_to_settlement, started

EXPLORER = next(g for g in CONTENT.goals if g.slug == "explorer")


def test_the_card_prints_every_target_and_the_targets_are_the_goal() -> None:
    """The printed text names each table size's count (the loader checks the same), and the goal asks
    for those counts of Settlements traded at."""
    assert EXPLORER.kind == "markets"
    count_part, credit_part = EXPLORER.text.split("and hold credits")
    for part, want in ((count_part, EXPLORER.target_for), (credit_part, EXPLORER.credits_for)):
        printed = {int(n): int(v) for n, v in re.findall(r"(\d) players: (\d+)", part)}
        assert printed == {n: want(n) for n in (2, 3, 4, 5)}
    assert f"Exploration mode: {EXPLORER.exploration_target}" in count_part
    assert f"Exploration mode: {EXPLORER.exploration_credits}" in credit_part
    assert "different Settlements" in count_part
    for n in (2, 3, 4, 5):
        assert 6 <= EXPLORER.target_for(n) <= 15  # 15 Settlements; 6+ is beyond 5 own turns (10 game turns)
        assert goal_text(EXPLORER, n, False) == (f"Trade at {EXPLORER.target_for(n)} different Settlements"
                                                 f" and hold {credits(EXPLORER.credits_for(n))} credits")
    progress = goal_progress(EXPLORER, 2, False, 3, 500)
    assert progress.startswith(f"3 of {EXPLORER.target_for(2)} Settlements traded at")


def test_a_settlement_counts_once_a_good_is_bought_or_sold_there_not_by_landing() -> None:
    s = started(2, seed=3)
    s.goal[0] = EXPLORER.index
    here = s.node[0]
    for _, other in ADJ[here]:
        land(s, 0, other)  # landing alone (L5 "Visit") counts nothing
    assert s.traded[0] == 0 and goal_value(s, 0)[0] == 0
    land(s, 0, here)
    s.apply("trade")
    assert goal_value(s, 0)[0] == 0  # opening a Trade is not trading goods
    buy = next(a for a in s.legal_actions() if a.kind == "buy")
    s.apply(buy)
    assert goal_value(s, 0) == (1, EXPLORER.target_for(2))
    if buy in s.legal_actions():
        s.apply(buy)
    assert goal_value(s, 0)[0] == 1  # the same Settlement counts once
    assert s.view(1).data["ships"][0]["traded"] == [here]  # public: every trade is on show


def test_the_fence_is_a_sale_and_counts() -> None:
    s = started(2, seed=4)
    s.goal[0] = EXPLORER.index
    slot = move_to_settlement(s, 0, "smugglers-rest")
    s.cargo[0][5] = 2  # Contraband carried in
    s.apply("trade")
    s.apply("feature")
    assert s.traded[0] == 1 << slot and s.contraband_sold[0] == 2


def test_at_most_one_new_settlement_a_turn_so_no_two_player_game_reaches_it_in_ten_turns() -> None:
    """Random play that trades whenever it can, in 2-player games: the count never exceeds the turns
    the seat has begun, and within 10 game turns (5 turns a seat) it stays below every target."""
    for seed in range(6):
        s = started(2, seed=seed, clear_hands=False)
        s.goal[0] = s.goal[1] = EXPLORER.index
        rng = Rng(seed)
        own = [0, 0]
        last = -1
        while not s.is_terminal() and s.turns <= 10:
            if s.turns != last:
                own[s.active] += 1
                last = s.turns
            if s.current_player() == CHANCE:
                s.sample_chance()
                continue
            legal = s.legal_actions()
            trades = [a for a in legal if a.kind in ("trade", "buy", "sell", "feature")]
            s.apply(rng.choice(trades) if trades and rng.below(4) else rng.choice(legal))
            for p in range(2):
                assert goal_value(s, p)[0] <= own[p]
        assert max(goal_value(s, p)[0] for p in range(2)) < EXPLORER.target_for(2)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_target_is_reached_with_the_printed_count(players: int) -> None:
    s = started(players, seed=5)
    s.goal[0] = EXPLORER.index
    t = EXPLORER.target_for(players)
    s.traded[0] = (1 << (t - 1)) - 1
    assert not goal_reached(s, 0)
    s.traded[0] |= 1 << 14
    s.credits[0] = EXPLORER.credits_for(players) - 1
    assert not goal_reached(s, 0)  # and the credits part (averaged into progress, L21)
    s.credits[0] += 1
    assert goal_reached(s, 0) and progress(s, 0) == 1.0
