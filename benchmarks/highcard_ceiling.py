"""The best possible win rate against the `random` bot in 2-player Highcard: exact, by dynamic programming.

Against a seat that picks uniformly among its legal actions (H3, H5), everything the deciding seat has
seen leaves the opponent's hand a uniformly random subset of the cards it has not seen: so the card
the opponent plays, a card it salvages away and every card the seat draws are uniform over the unseen
cards. Only the order of cards matters (H4), and only of the cards still to come, so the state is
(round, who leads, score difference, m = |own hand ∪ unseen|, the ranks of the own hand among those m):
about 440,000 states. The value is the chance of ending with the most prestige, a tie counted as a win
(H7: tied seats share the win, and `simulate` counts a shared win for each winner; `--tie 0.5` counts it
half). The seat leads round 1 in half the games (seat rotation).

    .venv/bin/python benchmarks/highcard_ceiling.py [--tie 1.0]

Pure Python (minutes of CPU). A C port of the same recursion gave the same values (0.8324 rotated),
and its policy, playing 200,000 games on real cards from its own view against uniform random play,
won 0.8332 ± 0.0016: the model is the game. The `heuristic` bot plays this policy from round 3 on
(`spacetable.bots.highcard_bots.Solver`, the same recursion with exact shortcuts for rounds 4–5).
"""

from __future__ import annotations

import argparse
import sys
from functools import cache
from math import comb

ROUNDS = 5
DECK = 24
TIE = 1.0


def rm(hand: int, p: int) -> int:
    """Remove pool position `p`: the hand bits above it move down by one."""
    return (hand & ((1 << p) - 1)) | ((hand >> (p + 1)) << p)


@cache
def value(r: int, lead: int, diff: int, m: int, hand: int) -> float:
    """Before the prize roll of round `r` (H2); lead 0: the seat leads; `hand`: bit mask of its ranks."""
    if r > ROUNDS:
        return 1.0 if diff > 0 else TIE if diff == 0 else 0.0
    mine = [x for x in range(m) if hand >> x & 1]
    unseen = [x for x in range(m) if not hand >> x & 1]
    tot = 0.0
    for prize in range(1, 7):
        if lead == 0:
            tot += max(sum(after(r, prize, c, o, diff, m, hand) for o in unseen) for c in mine) / len(unseen)
        else:
            tot += sum(max(after(r, prize, c, o, diff, m, hand) for c in mine) for o in unseen) / len(unseen)
    return tot / 6.0


def after(r: int, prize: int, c: int, o: int, diff: int, m: int, hand: int) -> float:
    """The seat plays rank `c`, the opponent rank `o` (H3, H4), then H5 and H6."""
    win = 0 if c > o else 1
    diff = diff + prize if win == 0 else diff - prize
    h = rm(rm(hand & ~(1 << c), max(c, o)), min(c, o))
    m -= 2
    if prize == 6 and r < ROUNDS:  # H5 (the deck is never empty before round 5 at 2 players)
        if win == 0:
            keeps = [salvage(r, diff, m, h, x) for x in range(m) if h >> x & 1]
            return max([draws(r, 0, diff, m, h), *keeps])
        keep = draws(r, 1, diff, m, h)
        gone = [draws(r, 1, diff, m - 1, rm(h, y)) for y in range(m) if not h >> y & 1]
        return (keep + 2.0 * sum(gone) / len(gone)) / 3.0  # random: keep, or swap one of its 2 cards
    return draws(r, win, diff, m, h)


def salvage(r: int, diff: int, m: int, h: int, x: int) -> float:
    """The seat discards rank `x` (face up) and takes the deck's top card, uniform over the unseen."""
    h3 = rm(h & ~(1 << x), x)
    m -= 1
    opts = [draws(r, 0, diff, m, h3 | (1 << y)) for y in range(m) if not h3 >> y & 1]
    return sum(opts) / len(opts)


@cache
def draws(r: int, lead: int, diff: int, m: int, hand: int) -> float:
    """H6 after rounds 1-4: the seat draws a card uniform over the unseen (the opponent's stays unseen)."""
    if r >= ROUNDS:
        return value(r + 1, lead, diff, m, hand)
    opts = [value(r + 1, lead, diff, m, hand | (1 << y)) for y in range(m) if not hand >> y & 1]
    return sum(opts) / len(opts)


def optimum() -> tuple[float, float]:
    """(leading round 1, playing second in round 1): the best win rate over all deals (H1)."""
    out = []
    for lead in (0, 1):
        tot = 0.0
        for a in range(DECK):
            for b in range(a + 1, DECK):
                for c in range(b + 1, DECK):
                    tot += value(1, lead, 0, DECK, (1 << a) | (1 << b) | (1 << c))
        out.append(tot / comb(DECK, 3))
    return out[0], out[1]


def main() -> None:
    global TIE
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tie", type=float, default=1.0, help="value of a shared win (simulate counts 1)")
    args = parser.parse_args()
    TIE = args.tie
    sys.setrecursionlimit(10_000)
    first, second = optimum()
    print(f"optimal vs random (tie = {TIE}): leading round 1 {first:.4f}, second {second:.4f}, "
          f"seat-rotated {(first + second) / 2:.4f} ({value.cache_info().currsize} states)", flush=True)


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
