"""Space Lanes Goals and the end of the game (L21): each seat's progress towards its secret Goal, the
check at the end of a turn on a Settlement, the round played out once a Goal is reached (every captain
then has had as many turns; all who reached theirs share the win), and the optional turn limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.games.spacelanes.board import NSLOTS
from spacetable.games.spacelanes.common import GOALS, SETTLE
from spacetable.games.spacelanes.frames import Phase

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

SAFETY_TURNS = 1500
"""Safety net only: a game that reaches this many turns ends with no winner."""


def _goal_count(s: S, p: int, kind: str) -> int:
    """The seat's count for a goal kind (credits, goods sold, Homeworlds landed on, …)."""
    if kind == "credits":
        return s.credits[p]
    if kind == "goods_sold":
        return s.goods_sold[p]
    if kind == "homeworlds":
        return sum(1 for x in range(NSLOTS) if s.visited[p] >> x & 1 and SETTLE[s.slot_set[x]].homeworld)
    if kind == "visited":
        return bin(s.visited[p]).count("1")
    if kind == "markets":
        return bin(s.traded[p]).count("1")
    if kind == "pirates_won":
        return s.pirates_won[p]
    if kind == "union":
        return s.union[p]
    if kind == "pirate":
        return s.pirate[p]
    if kind == "bounties":
        return s.bounties[p]
    if kind == "transports":
        return s.transports_done[p]
    return s.contraband_sold[p]


def goal_value(s: S, p: int) -> tuple[int, int]:
    """(count, target) of the seat's Goal; targets depend on the player count and mode (goals.json)."""
    g = GOALS[s.goal[p]]
    return _goal_count(s, p, g.kind), g.target_for(s.n, s.exploration)


def progress(s: S, p: int) -> float:
    """Fraction of the Goal reached (L21), 1.0 when reached."""
    v, t = goal_value(s, p)
    f = min(1.0, v / t)
    g = GOALS[s.goal[p]]
    if g.credits:
        f = (f + min(1.0, s.credits[p] / g.credits_for(s.n, s.exploration))) / 2
    return f


def goal_reached(s: S, p: int) -> bool:
    return progress(s, p) >= 1.0


def game_over(s: S, p: int) -> bool:
    """At the end of seat `p`'s turn: note its Goal reached if its ship stands on a Settlement (L21, the
    rulebook's "reached your Goal and have ended your turn on a Settlement"); end the game when the
    round in which a Goal was first reached is complete, or at the turn limit or the safety net. True
    when the game ended.

    The round is played out (L21, our ruling where the rulebook is silent on when the game stops): the
    seat that moves first would otherwise win every round in which a later seat reaches its Goal too,
    which at 3 players gave it 39 % of the wins against a fair 33 %
    (benchmarks/results/2026-12-07-spacelanes-balance.md). Turns are numbered from 1 by the first
    player's, so a round ends with every turn number divisible by the player count."""
    if s.node[p] >= 0 and not s.reached >> p & 1 and goal_reached(s, p):
        s.reached |= 1 << p
        s.emit("L21", "goal_reached", p)
    limit = bool(s.turn_limit) and s.turns >= s.turn_limit
    if s.reached and (s.turns % s.n == 0 or limit or s.turns >= SAFETY_TURNS):
        s.winner_list = [q for q in range(s.n) if s.reached >> q & 1]
        s.phase = Phase.OVER
        for q in s.winner_list:
            s.emit("L21", "win", q, GOALS[s.goal[q]].name)
        return True
    if limit or s.turns >= SAFETY_TURNS:
        s.phase = Phase.OVER
        if limit:
            best = max(progress(s, q) for q in range(s.n))
            s.winner_list = [q for q in range(s.n) if progress(s, q) == best]
            s.emit("L21", "turn_limit", s.winner_list)
        return True
    return False
