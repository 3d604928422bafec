"""Highcard's `greedy` and `heuristic` bots (rules H1–H7 in `spacetable.games.highcard`).

Both read only the seat's view: its own hand, the cards face up this round, the discards, the
scores and the prize; the heuristic also reads the action log, which every seat sees (every card
played, H3, and discarded, H5, is shown face up), to know which cards are gone. `greedy` wins a round
with the cheapest card that beats the table when it plays last and the prize is worth it, and
otherwise bids its strongest card for a big prize and its weakest for a small one. `heuristic` at 2
players solves rounds 4–5 exactly (`Solver`: the most likely way to end with the most prestige, the
other seat's cards taken as a uniformly random share of the unseen ones); in rounds 1–3, and at 3–4
players, it weighs each card by the chance that no seat still to play beats it (expecting those seats
to answer as greedy does) against what the card would be worth in the rounds still to come (a steep
power of the share of the unseen cards it beats: only strong cards win later rounds).
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


HAND_SIZE = 3
ROUNDS = 5
SALVAGE_PRIZE = 6
PRIZES = (1, 2, 3, 4, 5, 6)
Key = tuple[int, int, int, int, tuple[int, ...]]


def _rm(hand: tuple[int, ...], j: int, below: int) -> tuple[int, ...]:
    """`hand` without its card `j`, ranks renumbered after removing that card and one more pool card
    that lies above `below` of the hand's cards (-1: no other card removed)."""
    c = hand[j]
    return tuple(x - (x > c) - (below >= 0 and k >= below) for k, x in enumerate(hand) if k != j)


class Solver:
    """Win chance of the deciding seat in a 2-player game against a seat whose cards are a uniformly
    random subset of the unseen ones (so every card it plays, discards or draws is uniform over them),
    by exact expectimax (H2–H7). A state is (round, who leads, score difference, m, hand) where m
    counts the seat's hand and the unseen cards and the hand is the ranks of its cards among those m
    (only the order of cards matters, H4). A shared win counts as a win (H7, as `simulate` counts it).
    Values are memoized; `clear` starts afresh (a new game)."""

    def __init__(self) -> None:
        self.memo: dict[Key, float] = {}
        self.dmemo: dict[Key, float] = {}
        self.rows: dict[tuple[int, int, int], list[float]] = {}

    def clear(self) -> None:
        self.memo.clear()
        self.dmemo.clear()
        self.rows.clear()

    # ----- the last round: only whether the strongest card wins matters ------------------------------
    @staticmethod
    def _last(diff: int, p: float) -> float:
        """Round 5 before its roll, when the seat's strongest card beats the other's with chance p."""
        tot = 0.0
        for prize in PRIZES:
            lo = 1.0 if diff - prize >= 0 else 0.0
            hi = 1.0 if diff + prize >= 0 else 0.0
            tot += lo + p * (hi - lo)
        return tot / 6.0

    def value(self, r: int, lead: int, diff: int, m: int, hand: tuple[int, ...]) -> float:
        """Before the roll of round `r`; lead 0: the seat leads."""
        if r > ROUNDS or not hand:
            return 1.0 if diff >= 0 else 0.0
        k = len(hand)
        if r == ROUNDS:
            return self._last(diff, (hand[-1] - (k - 1)) / (m - k))
        left = 6 * (ROUNDS + 1 - r)
        if diff >= left:
            return 1.0
        if diff + left < 0:
            return 0.0
        key = (r, lead, diff, m, hand)
        v = self.memo.get(key)
        if v is None:
            if r == ROUNDS - 1 and k == 3:
                v = self._fourth(lead, diff, m, hand)
            else:
                v = sum(self.play_value(r, lead, diff, m, hand, prize, -1)[0] for prize in PRIZES) / 6.0
            self.memo[key] = v
        return v

    def _fourth(self, lead: int, diff: int, m: int, hand: tuple[int, ...]) -> float:
        """Round 4 with three cards, fast: only the strongest card kept for round 5 matters, so each
        outcome is a table lookup by (score difference, pool size, rank of that card), and the
        weakest card is never better to play than the middle one."""
        a, b, c = hand
        gaps = (a, b - a - 1, c - b - 1, m - 1 - c)
        mm = m - 2
        tot = 0.0
        for prize in PRIZES:
            kind = 1 if prize == SALVAGE_PRIZE else 0
            win_row = self._row(diff + prize, mm, kind)
            lose_row = self._row(diff - prize, mm, 2 * kind)
            mid = top = either = 0.0
            for g in range(4):
                n = gaps[g]
                if n:
                    # play the middle card (keep the strongest) or the strongest (keep the middle one)
                    x = (win_row if g <= 1 else lose_row)[c - 1 - (g <= 2)]
                    y = (win_row if g <= 2 else lose_row)[b - (g <= 1)]
                    mid += n * x
                    top += n * y
                    either += n * (x if x > y else y)
            tot += (mid if mid > top else top) if lead == 0 else either
        return tot / (6.0 * (m - 3))

    def _row(self, d: int, mm: int, kind: int) -> list[float]:
        """After round 4's plays, by the rank of the strongest of the seat's two cards: the value of
        H6 and round 5 (kind 0), or of H5 first for the seat that won a 6 (1) or lost it (2)."""
        key = (kind, d, mm)
        row = self.rows.get(key)
        if row is None:
            row = [0.0] + [self._fourth_salvage(kind == 1, d, mm, (0, t)) if kind
                           else self.draws(ROUNDS - 1, 0, d, mm, (0, t)) for t in range(1, mm)]
            self.rows[key] = row
        return row

    def _fourth_salvage(self, won: bool, d: int, mm: int, h: tuple[int, int]) -> float:
        r = ROUNDS - 1
        if won:
            return self.salvage(r, d, mm, h)[0]
        keep = self.draws(r, 1, d, mm, h)
        top = h[1]
        below = top - 1
        above = mm - 1 - top
        gone = (below * self.draws(r, 1, d, mm - 1, (h[0], top - 1)) +
                above * self.draws(r, 1, d, mm - 1, (h[0], top))) / (below + above)
        return (keep + 2.0 * gone) / 3.0

    def play_value(self, r: int, lead: int, diff: int, m: int, hand: tuple[int, ...], prize: int,
                   opp: int) -> tuple[float, int]:
        """(value, index of the card to play) at round `r` with `prize` rolled; `opp` is how many of the
        seat's cards are weaker than the card the other seat has played (-1: it has not played yet)."""
        k = len(hand)
        if opp >= 0:
            return self._best_known(r, prize, opp, diff, m, hand)
        bounds = (-1, *hand, m)
        gaps = [bounds[g + 1] - bounds[g] - 1 for g in range(k + 1)]
        u = m - k
        if lead == 0:
            best, pick = -1.0, 0
            for i in range(k):
                s = 0.0
                for g in range(k + 1):
                    if gaps[g]:
                        s += gaps[g] * self.after(r, prize, i, g, diff, m, hand)
                if s > best + 1e-12:
                    best, pick = s, i
            return best / u, pick
        s = 0.0
        for g in range(k + 1):
            if gaps[g]:
                s += gaps[g] * self._best_known(r, prize, g, diff, m, hand)[0]
        return s / u, 0

    def _best_known(self, r: int, prize: int, g: int, diff: int, m: int,
                    hand: tuple[int, ...]) -> tuple[float, int]:
        best, pick = -1.0, 0
        for i in range(len(hand)):
            v = self.after(r, prize, i, g, diff, m, hand)
            if v > best + 1e-12:
                best, pick = v, i
        return best, pick

    def after(self, r: int, prize: int, i: int, g: int, diff: int, m: int, hand: tuple[int, ...]) -> float:
        """The seat plays hand[i], the other a card above g of the seat's cards (H3, H4); then H5, H6."""
        won = i >= g
        diff = diff + prize if won else diff - prize
        h = _rm(hand, i, g)
        m -= 2
        if prize == SALVAGE_PRIZE and r < ROUNDS:
            if won:
                return self.salvage(r, diff, m, h)[0]
            # the other seat keeps (one chance in three) or discards one of its two cards at random
            keep = self.draws(r, 1, diff, m, h)
            bounds = (-1, *h, m)
            acc = 0.0
            for gg in range(len(h) + 1):
                n = bounds[gg + 1] - bounds[gg] - 1
                if n:
                    acc += n * self.draws(r, 1, diff, m - 1, tuple(x - (jj >= gg) for jj, x in enumerate(h)))
            return (keep + 2.0 * acc / (m - len(h))) / 3.0
        return self.draws(r, 0 if won else 1, diff, m, h)

    def salvage(self, r: int, diff: int, m: int, h: tuple[int, ...]) -> tuple[float, int]:
        """H5 for the seat that won: (value, index of the card to swap, or -1 to keep)."""
        best, pick = self.draws(r, 0, diff, m, h), -1
        for j in range(len(h)):
            v = self.swapped(r, diff, m - 1, _rm(h, j, -1))
            if v > best + 1e-12:
                best, pick = v, j
        return best, pick

    def swapped(self, r: int, diff: int, m: int, h3: tuple[int, ...]) -> float:
        """After a swap's discard: the deck's top card (uniform over the unseen), then H6."""
        key = (r + 10, 0, diff, m, h3[-1:] if r == ROUNDS - 1 else h3)
        v = self.dmemo.get(key)
        if v is None:
            tot = 0.0
            for y in range(m):
                if y not in h3:
                    tot += self.draws(r, 0, diff, m, tuple(sorted((*h3, y))))
            v = tot / (m - len(h3))
            self.dmemo[key] = v
        return v

    def draws(self, r: int, lead: int, diff: int, m: int, hand: tuple[int, ...]) -> float:
        """After round `r`'s plays: H6 (the seat draws a card uniform over the unseen), then round r+1."""
        if r >= ROUNDS:
            return 1.0 if diff >= 0 else 0.0
        k = len(hand) + 1
        if r == ROUNDS - 1:  # round 5 depends on the strongest card only, linearly: use its mean rank
            top = hand[-1] if hand else -1
            short: Key = (r, len(hand), diff, m, (top,))
            v = self.dmemo.get(short)
            if v is None:
                below = top + 1 - len(hand)
                above = m - 1 - top
                etop = (below * top + (top + m) * above / 2.0) / (below + above)
                v = self._last(diff, (etop - (k - 1)) / (m - k))
                self.dmemo[short] = v
            return v
        key = (r, lead, diff, m, hand)
        v = self.dmemo.get(key)
        if v is None:
            tot = 0.0
            for y in range(m):
                if y not in hand:
                    tot += self.value(r + 1, lead, diff, m, tuple(sorted((*hand, y))))
            v = tot / (m - len(hand))
            self.dmemo[key] = v
        return v


EXACT_FROM = 4
"""At 2 players the heuristic solves the game exactly from this round on (`Solver`): rounds 4–5 take
about a millisecond. From round 3 it would take a few (and win no more against greedy, whose answer
the solver does not model: benchmarks/results/2026-12-01-highcard-heuristic.md); from round 2 on, seconds."""
FUTURE_WEIGHT = {2: 1.2, 3: 1.5}
"""How much a card's worth in later rounds counts against winning this one, at 2 and at 3–4 players
(tuned on 4,000-game runs against greedy: benchmarks/results/2026-12-01-highcard-heuristic.md)."""
LATER_POWER = {2: 5, 3: 2, 4: 3}
"""A card's worth later is ROUND_VALUE × (the share of the unseen cards it beats) to this power: at
3–4 players the chance that it beats one random card of each other seat; at 2 players a steeper curve
(only the strongest cards win later rounds against a seat that answers with its cheapest winner)."""


def _gone(state: State) -> set[int]:
    """Every card played (H3) or discarded (H5) so far: all face up, read from the public action log."""
    space = state.space
    out: set[int] = set()
    for idx in state.history:
        a = space[idx]
        if a.kind in ("play", "swap"):
            out.add(int(a.args[0]))
    return out


class HeuristicHighcardBot(_HighcardBot):
    """At 2 players from round 4: the exact best play against a seat whose cards are a uniformly random
    share of the unseen ones (`Solver`). Otherwise: expected prestige now minus the card's worth later,
    from the cards the seat has not seen."""

    name = "heuristic"

    def __init__(self) -> None:
        self.solver = Solver()
        self.log: list[int] = []
        """The action log at the last decision: a log that does not continue it is a new game."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        v, hand, best, after = _facts(state, seat)
        r = int(v["round"])
        salvage = v["phase"] == "round.salvage"
        # the solver's game: 2 seats, full hands, a deck that never runs out (H5, H6)
        if r >= EXACT_FROM and len(v["scores"]) == 2 and len(hand) == HAND_SIZE - salvage \
                and int(v["deck_size"]) >= 3 * (ROUNDS - r):
            return self._solve(state, seat, v, hand, r)
        if salvage:
            return _salvage(state, seat, v, hand)
        gone = _gone(state)
        unseen = [c for c in _unseen(v) if c not in gone]
        card = self.trade_off(v, seat, hand, best, after, v["mode"] == "lowball", int(v["prize"]), unseen)
        return state.parse(f"play {card}")

    def _solve(self, state: State, seat: int, v: dict[str, Any], hand: list[int], r: int) -> Action:
        """The `Solver`'s choice: the seat's cards and the unseen ones ranked by strength (H4)."""
        log = state.history
        if log[:len(self.log)] != self.log:
            self.solver.clear()  # a new game: nothing learnt in an earlier one is used
        self.log = log
        low = v["mode"] == "lowball"
        table = [c for c in v["table"] if c]
        seen = set(hand) | set(table) | set(v["discards"]) | _gone(state)
        pool = [c for c in range(1, DECK + 1) if c not in seen or c in hand]
        salvage = v["phase"] == "round.salvage"
        if table and not salvage:
            pool += table  # the other seat's card is still in play until the round is scored
        pool.sort(key=lambda c: _strength(c, low))
        rank = {c: i for i, c in enumerate(pool)}
        ranks = tuple(rank[c] for c in hand)
        diff = int(v["scores"][seat]) - int(v["scores"][1 - seat])
        if salvage:
            _, j = self.solver.salvage(r, diff, len(pool), ranks)
            return state.parse("keep" if j < 0 else f"swap {hand[j]}")
        lead = 0 if int(v["lead"]) == seat else 1
        opp = sum(1 for c in ranks if c < rank[table[0]]) if table else -1
        _, i = self.solver.play_value(r, lead, diff, len(pool), ranks, int(v["prize"]), opp)
        return state.parse(f"play {hand[i]}")

    def play(self, v: dict[str, Any], seat: int, hand: list[int], best: int, after: int, low: bool,
             prize: int) -> int:
        return self.trade_off(v, seat, hand, best, after, low, prize, _unseen(v))

    def trade_off(self, v: dict[str, Any], seat: int, hand: list[int], best: int, after: int, low: bool,
                  prize: int, unseen: list[int]) -> int:
        """The card whose expected prestige this round, less `FUTURE_WEIGHT` × its worth in the rounds
        to come (ROUND_VALUE × the share of the unseen cards it beats to the power `LATER_POWER`), is
        largest; `unseen`: the cards the seat has not seen. The seats still to play hold
        cards drawn from the unseen; at 2 players the other seat beats the card whenever one of its
        cards can; at 3–4 the seats still to play are expected to bid as greedy does (the last one
        beats the table when the prize is 2 or more; the others bid their strongest card for a prize of
        4 or more and their weakest otherwise)."""
        rounds_left = int(v["rounds"]) - int(v["round"])
        sizes = v["hand_sizes"]
        n = len(sizes)
        u = len(unseen)
        # cards held by the seats still to play this round, drawn from what this seat has not seen
        held = min(sum(sizes[(seat + k) % n] for k in range(1, after + 1)), u)
        scored: list[tuple[float, int]] = []
        for c in hand:
            sc = _strength(c, low)
            weaker = sum(1 for x in unseen if _strength(x, low) < sc)
            if sc <= best:
                p_win = 0.0
            elif n == 2 or not unseen:
                p_win = comb(weaker, held) / comb(u, held) if unseen else 1.0
            else:
                p_win = 1.0
                for k in range(1, after + 1):
                    h = min(sizes[(seat + k) % n], u)
                    if prize >= (2 if k == after else 4):  # it bids its strongest card: all must be weaker
                        p_win *= comb(weaker, h) / comb(u, h)
                    else:  # it bids its weakest: one weaker card is enough
                        p_win *= 1.0 - comb(u - weaker, h) / comb(u, h)
            share = (weaker / max(1, u)) ** LATER_POWER[n]
            later = ROUND_VALUE * share * min(1.0, rounds_left / max(1, len(hand)))
            scored.append((p_win * prize - FUTURE_WEIGHT[min(n, 3)] * later, -sc))
        _, neg = max(scored)
        return next(c for c in hand if _strength(c, low) == -neg)


register_bot("highcard", "greedy", GreedyHighcardBot)
register_bot("highcard", "heuristic", HeuristicHighcardBot)
