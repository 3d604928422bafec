"""Space Lanes position evaluation for search bots (`SpaceLanesState.heuristic_value`, docs/bots.md).

A captain's *standing* is its Goal progress (`goals.progress`, L21) with what it holds but has not yet
cashed counted in: the hold at the best price a face-up settlement pays (less a discount for the trip),
the Transports it carries at their rewards, and fuel cards in hand at their price, so that buying goods
or fuel, or loading a Transport, is not scored as a loss of credits before the sale. Goods and
Contraband in the hold count toward a goods-sold or Contraband goal, Transports toward a Courier goal.
A reached Goal scores 1.

A captain's *score* blends the standing (`GOAL_WEIGHT`) with its wealth as a fraction of the Tycoon
target: on a determinized copy the other captains' Goals are sampled ones, so their standings are
mostly noise, while wealth is public and helps toward every Goal (offices, fuel, the trade runs of
the sales goals). A reached Goal adds 1 (the captain wins at the end of its turn on a Settlement,
L21). The win chances are a softmax (`TEMPERATURE`) of the scores. In 60 heuristic-bot games (seeds
0–59, one determinization for seat 0 at each turn's start) the blend ranked the winner better than
the standing alone or the plain Goal progress (area under the ROC curve of seat 0's value against its
win: 0.65 against 0.61 and 0.62), and `TEMPERATURE` 0.25 is about the best calibrated (log loss 0.63).
The evaluation reads only the state it is given.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from spacetable.games.spacelanes.board import NSLOTS
from spacetable.games.spacelanes.common import CT, GOALS, TYPE
from spacetable.games.spacelanes.content_types import CONTRABAND, NGOODS
from spacetable.games.spacelanes.goals import goal_value
from spacetable.games.spacelanes.trade import CARD_PRICE, sell_price

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

TEMPERATURE = 0.25
"""Softmax temperature of the scores (fractions of a Goal)."""
GOAL_WEIGHT = 0.35
"""The standing's share of a captain's score (the rest: wealth over the Tycoon target)."""
HOLD_SHARE = 0.85
"""The share of the hold's best face-up sale price counted as already earned (a trip still to make)."""
TRANSPORT_SHARE = 0.8
"""The share of a carried Transport's reward, and of one delivery toward a Courier goal, counted."""
GOODS_SHARE = 0.8
"""How much a unit in the hold counts toward a goods-sold or Contraband goal."""
HAND_CARDS = 10
"""Fuel cards beyond this many in hand are not counted (the hand limit, L5)."""


def best_prices(s: S) -> list[int]:
    """Per good, the best price a face-up settlement pays for it (0: none buys it)."""
    top = [0] * NGOODS
    for x in range(NSLOTS):
        if not s.rev_set[x]:
            continue
        for g in range(NGOODS):
            v = sell_price(s, x, g)
            if v > top[g]:
                top[g] = v
    return top


def wealth(s: S, p: int, top: list[int]) -> float:
    """Credits plus the hold, Transports and hand as described in the module docstring."""
    hold = sum(s.cargo[p][g] * top[g] for g in range(NGOODS))
    rewards = sum(CT[TYPE[c]].reward for c, _ in s.transports[p])
    cards = min(len(s.hand[p]), HAND_CARDS) * CARD_PRICE
    return s.credits[p] + HOLD_SHARE * hold + TRANSPORT_SHARE * rewards + cards


def standing(s: S, p: int, top: list[int]) -> float:
    """Seat p's progress toward its Goal in [0, 1], counting what it holds (module docstring)."""
    g = GOALS[s.goal[p]]
    count, target = goal_value(s, p)
    kind = g.kind
    if kind == "credits":
        if count >= target:
            return 1.0
        return min(0.99, wealth(s, p, top) / target)
    done = count >= target
    if done:
        f = 1.0
    elif kind == "goods_sold":
        f = min(0.99, (count + GOODS_SHARE * sum(s.cargo[p])) / target)
    elif kind == "contraband_sold":
        f = min(0.99, (count + GOODS_SHARE * s.cargo[p][CONTRABAND]) / target)
    elif kind == "transports":
        f = min(0.99, (count + TRANSPORT_SHARE * len(s.transports[p])) / target)
    else:
        f = count / target
    if g.credits:
        need = g.credits_for(s.n, s.exploration)
        if s.credits[p] >= need and done:
            return 1.0
        f = (f + min(0.99, wealth(s, p, top) / need)) / 2
    return f


def score(s: S, p: int, top: list[int], scale: float) -> float:
    """`GOAL_WEIGHT` × standing + the rest × wealth / `scale`, plus 1 for a reached Goal."""
    f = standing(s, p, top)
    return GOAL_WEIGHT * f + (1.0 - GOAL_WEIGHT) * wealth(s, p, top) / scale + (1.0 if f >= 1.0 else 0.0)


def win_chances(s: S) -> list[float]:
    """A softmax (`TEMPERATURE`) of every seat's `score`; sums to 1."""
    top = best_prices(s)
    scale = float(next(g for g in GOALS if g.kind == "credits").target_for(s.n, s.exploration))
    st = [score(s, q, top, scale) for q in range(s.n)]
    best = max(st)
    w = [math.exp((v - best) / TEMPERATURE) for v in st]
    total = sum(w)
    return [v / total for v in w]
