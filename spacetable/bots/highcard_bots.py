"""Highcard's `greedy` and `heuristic` bots (rules H1–H7 in `spacetable.games.highcard`).

Both read only the seat's view: its own hand, the cards face up this round, the discards, the
scores and the prize. `greedy` wins a round with the cheapest card that beats the table when it plays
last and the prize is worth it, and otherwise bids its strongest card for a big prize and its weakest
for a small one. `heuristic` weighs each card by the chance that no seat still to play beats it
(from the cards it has not seen) against what the card would be worth in the rounds still to come.
"""

from __future__ import annotations

from math import comb
from typing import Any

from spacetable.bots.base import register_bot
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State

DECK = 24
ROUND_VALUE = 3.5
"""The prize die's mean (H2): what a round is worth before it is rolled."""


def _strength(card: int, lowball: bool) -> int:
    """Larger is better: the card's value, or its reverse in lowball (H4)."""
    return DECK + 1 - card if lowball else card


def _facts(state: State, seat: int) -> tuple[dict[str, Any], list[int], int, int]:
    """The seat's view, its hand ordered weakest first, the best strength on the table this round
    (0 when nobody has played) and how many seats play after this one."""
    v = state.view(seat).data
    low = v["mode"] == "lowball"
    hand = sorted(v["hand"], key=lambda c: _strength(c, low))
    n = len(v["scores"])
    played = [c for c in v["table"] if c]
    best = max((_strength(c, low) for c in played), default=0)
    return v, hand, best, n - 1 - len(played)


def _unseen(v: dict[str, Any]) -> list[int]:
    """Cards the seat has not seen: neither in its hand, nor on the table, nor discarded."""
    seen = set(v["hand"]) | {c for c in v["table"] if c} | set(v["discards"])
    return [c for c in range(1, DECK + 1) if c not in seen]


def _salvage(state: State, seat: int, v: dict[str, Any], hand: list[int]) -> Action:
    """H5: swap the weakest card for the deck's top card when an unseen card is likely better."""
    low = v["mode"] == "lowball"
    unseen = _unseen(v)
    weakest = hand[0]
    better = sum(1 for c in unseen if _strength(c, low) > _strength(weakest, low))
    if unseen and better * 2 > len(unseen):
        return state.parse(f"swap {weakest}")
    return state.parse("keep")


class _HighcardBot:
    """The decision both bots share: H5's salvage; `play` picks the card at H3."""

    name = "highcard"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        v, hand, best, after = _facts(state, seat)
        if v["phase"] == "round.salvage":
            return _salvage(state, seat, v, hand)
        card = self.play(v, seat, hand, best, after, v["mode"] == "lowball", int(v["prize"]))
        return state.parse(f"play {card}")

    def play(self, v: dict[str, Any], seat: int, hand: list[int], best: int, after: int, low: bool,
             prize: int) -> int:
        raise NotImplementedError


class GreedyHighcardBot(_HighcardBot):
    """Cheapest winning card when playing last; otherwise strongest for a prize of 4+, else weakest."""

    name = "greedy"

    def play(self, v: dict[str, Any], seat: int, hand: list[int], best: int, after: int, low: bool,
             prize: int) -> int:
        if after == 0:
            winners = [c for c in hand if _strength(c, low) > best]
            return winners[0] if winners and prize >= 2 else hand[0]
        return hand[-1] if prize >= 4 else hand[0]


class HeuristicHighcardBot(_HighcardBot):
    """Expected prestige now minus the card's worth later, from the cards the seat has not seen."""

    name = "heuristic"

    def play(self, v: dict[str, Any], seat: int, hand: list[int], best: int, after: int, low: bool,
             prize: int) -> int:
        unseen = _unseen(v)
        rounds_left = int(v["rounds"]) - int(v["round"])
        sizes = v["hand_sizes"]
        n = len(sizes)
        # cards held by the seats still to play this round, drawn from what this seat has not seen
        held = min(sum(sizes[(seat + k) % n] for k in range(1, after + 1)), len(unseen))
        scored: list[tuple[float, int]] = []
        for c in hand:
            sc = _strength(c, low)
            weaker = sum(1 for u in unseen if _strength(u, low) < sc)
            if sc <= best:
                p_win = 0.0
            else:
                p_win = comb(weaker, held) / comb(len(unseen), held) if unseen else 1.0
            later = ROUND_VALUE * weaker / max(1, len(unseen)) * min(1.0, rounds_left / max(1, len(hand)))
            scored.append((p_win * prize - 0.9 * later, -sc))
        _, neg = max(scored)
        return next(c for c in hand if _strength(c, low) == -neg)


register_bot("highcard", "greedy", GreedyHighcardBot)
register_bot("highcard", "heuristic", HeuristicHighcardBot)
