"""How much one step of lookahead, with an exact model of greedy, adds to Highcard's heuristic bot.

2 players, the `heuristic` bot against `greedy` (rules H1–H7 in `spacetable.games.highcard`). The
`lookahead` bot defined here reads what the heuristic bot reads (its view and the public action log)
and, at each of its decisions in rounds 1 to `--until`:

- counts the other seat's possible hands exactly, twice: the hands consistent with every card it
  played or salvaged had it followed greedy's rules, and the hands of a seat that plays at random
  (every draw uniform over the cards this seat has not seen), with a Bayes weight between the two
  (`Belief`);
- scores every legal action by `--playouts` playouts to the end of the game, the same sampled hands,
  deck orders and dice for every action: the heuristic bot's play for itself after that action
  (its trade-off in rounds 1–3, its exact solver from round 4) and greedy's, or random play, for the
  other seat; and plays the best one (the heuristic bot's own choice on a tie).

`--cheat` gives the playouts the other seat's true hand (a bound on what reading it better could give).
Both bots play the same seeds, so the two counts are paired (third round of
benchmarks/results/2026-12-01-highcard-heuristic.md).

    .venv/bin/python benchmarks/highcard_lookahead.py --seed 1 --games 1000 [--playouts 512] [--until 3]

About 0.4 s of CPU a game at 512 playouts (pure build), against 0.4 ms for the heuristic bot.
"""

from __future__ import annotations

import argparse
import time
from itertools import combinations
from typing import Any

from spacetable.bots import highcard_bots as hb
from spacetable.bots.base import register_bot
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.sim.simulate import simulate

DECK = 24
ALL = frozenset(range(1, DECK + 1))
Hand = tuple[int, ...]


GREEDY = hb.GreedyHighcardBot()
HEURISTIC = hb.HeuristicHighcardBot()
"""The bots' own card choices (`play`, `trade_off`), asked in strength space (the mode "high")."""


def greedy_card(hand: Hand, best: int, prize: int) -> int:
    """Greedy's card (H3) in strength space, `hand` sorted weakest first; `best` 0 when it leads."""
    return GREEDY.play({}, 0, list(hand), best, 0 if best else 1, False, prize)


def greedy_swap(hand: Hand, table: list[int], discards: list[int]) -> int:
    """Greedy's salvage (H5): the card it swaps, or -1 to keep (strength space)."""
    unseen = ALL - set(hand) - {c for c in table if c} - set(discards)
    weakest = hand[0]
    better = sum(1 for c in unseen if c > weakest)
    return weakest if unseen and better * 2 > len(unseen) else -1


class Belief:
    """The other seat's possible hands (strength space, sorted), counted from the public log: `g` if it
    plays as greedy does, `r` if it plays at random; `rfactor` is the chance of random play's choices."""

    def __init__(self, seat: int, low: bool) -> None:
        self.seat, self.low = seat, low
        self.done = 0
        self.mine: set[int] = set()
        self.public: set[int] = set()
        self.g: dict[Hand, int] = {}
        self.r: dict[Hand, int] = {}
        self.rfactor = 1.0
        self.lead = self.round = self.turn = self.played = self.prize = 0
        self.table = [0, 0]
        self.discards: list[int] = []
        self.deck = DECK - 2 * hb.HAND_SIZE
        self.log: list[int] = []

    def s(self, card: int) -> int:
        return DECK + 1 - card if self.low else card

    def update(self, state: State, hand: list[int]) -> None:
        """Catch up with the log; `hand` is this seat's hand now (its new cards leave the other's)."""
        mine = {self.s(c) for c in hand}
        if not self.g:
            self.mine = set(mine)
            init = {h: 1 for h in combinations(sorted(ALL - mine), hb.HAND_SIZE)}
            self.g, self.r = dict(init), dict(init)
        new = mine - self.mine
        if new:
            self.mine |= new
            self.g = {h: n for h, n in self.g.items() if not new.intersection(h)}
            self.r = {h: n for h, n in self.r.items() if not new.intersection(h)}
        space = state.space
        for idx in state.history[self.done:]:
            self._event(space[idx])
        self.done = len(state.history)
        self.log = list(state.history)

    def weight(self, prior: float = 0.5) -> float:
        """The chance that the other seat plays as greedy does, given its plays."""
        ng, nr = sum(self.g.values()), sum(self.r.values()) * self.rfactor
        tot = prior * ng + (1 - prior) * nr
        return prior * ng / tot if tot else 0.0

    def _draw(self) -> None:
        for name in ("g", "r"):
            out: dict[Hand, int] = {}
            for h, n in getattr(self, name).items():
                for y in ALL - self.mine - self.public - set(h):
                    k = tuple(sorted((*h, y)))
                    out[k] = out.get(k, 0) + n
            setattr(self, name, out)

    def _end_round(self) -> None:
        if self.deck >= 2 and self.round < hb.ROUNDS:
            self.deck -= 2
            self._draw()

    def _event(self, a: Action) -> None:
        opp = 1 - self.seat
        if a.kind == "roll":
            self.round += 1
            self.prize = int(a.args[0])
            self.table = [0, 0]
            self.turn, self.played = self.lead, 0
            return
        if a.kind == "play":
            card, seat = self.s(int(a.args[0])), self.turn
            if seat == opp:
                best = self.table[self.seat]
                self.g = {tuple(c for c in h if c != card): n for h, n in self.g.items()
                          if card in h and greedy_card(h, best, self.prize) == card}
                self.r = {tuple(c for c in h if c != card): n for h, n in self.r.items() if card in h}
                self.rfactor /= hb.HAND_SIZE
            self.public.add(card)
            self.table[seat] = card
            self.played += 1
            self.turn = 1 - seat
            if self.played == 2:
                self.lead = self.turn = 0 if self.table[0] > self.table[1] else 1
                if not (self.prize == hb.SALVAGE_PRIZE and self.deck and self.round < hb.ROUNDS):
                    self._end_round()
            return
        seat = self.turn  # swap or keep, by the round's winner (H5)
        card = self.s(int(a.args[0])) if a.kind == "swap" else -1
        if seat == opp:
            self.g = {tuple(c for c in h if c != card): n for h, n in self.g.items()
                      if greedy_swap(h, self.table, self.discards) == card}
            self.r = {tuple(c for c in h if c != card): n for h, n in self.r.items()
                      if card < 0 or card in h}
            self.rfactor /= 3  # keep, or swap one of two cards
        if card >= 0:
            self.public.add(card)
            self.discards.append(card)
            self.deck -= 1
            if seat == opp:
                self._draw()
        self._end_round()


def pick(counts: dict[Hand, int], rng: Rng) -> Hand:
    """A hand drawn in proportion to its count."""
    x = rng.below(sum(counts.values()))
    for h, n in counts.items():
        x -= n
        if x < 0:
            return h
    raise AssertionError("empty belief")


class Playout:
    """One game from a decision to its end, in strength space (larger beats smaller, H4)."""

    def __init__(self, me: int, solver: hb.Solver, greedy_world: bool, rng: Rng) -> None:
        self.me, self.solver, self.greedy_world, self.rng = me, solver, greedy_world, rng

    def mine(self, g: dict[str, Any], salvage: bool) -> int:
        """The heuristic bot's choice for this seat (`HeuristicHighcardBot.choose`, strength space)."""
        me, r, hands, table = self.me, g["round"], g["hands"], g["table"]
        hand = sorted(hands[me])
        deck_ok = len(g["deck"]) >= 3 * (hb.ROUNDS - r)
        if r >= hb.EXACT_FROM and len(hand) == hb.HAND_SIZE - salvage and deck_ok:
            tab = [c for c in table if c]
            seen = set(hand) | set(tab) | set(g["discards"]) | g["gone"]
            pool = [c for c in ALL if c not in seen or c in hand]
            pool = sorted(pool + (tab if tab and not salvage else []))
            rank = {c: i for i, c in enumerate(pool)}
            ranks = tuple(rank[c] for c in hand)
            diff = g["scores"][me] - g["scores"][1 - me]
            if salvage:
                j = self.solver.salvage(r, diff, len(pool), ranks)[1]
                return -1 if j < 0 else hand[j]
            opp = sum(1 for c in ranks if c < rank[tab[0]]) if tab else -1
            lead = 0 if g["lead"] == me else 1
            return hand[self.solver.play_value(r, lead, diff, len(pool), ranks, g["prize"], opp)[1]]
        if salvage:
            return greedy_swap(tuple(hand), table, g["discards"])  # the same rule (`_salvage`)
        best = table[1 - me]
        out = set(hand) | g["gone"] | set(g["discards"]) | {best}
        unseen = [c for c in ALL if c not in out]
        v = {"rounds": hb.ROUNDS, "round": r, "hand_sizes": [len(h) for h in hands]}
        return HEURISTIC.trade_off(v, me, hand, best, 0 if best else 1, False, g["prize"], unseen)

    def other(self, g: dict[str, Any], p: int, salvage: bool) -> int:
        hand = tuple(sorted(g["hands"][p]))
        if self.greedy_world:
            return greedy_swap(hand, g["table"], g["discards"]) if salvage else greedy_card(
                hand, g["table"][1 - p], g["prize"])
        k = self.rng.below(len(hand) + salvage)
        return -1 if k == len(hand) else hand[k]

    def run(self, g: dict[str, Any], phase: str, turn: int) -> bool:
        """Play on from `phase` ("roll", "play", "salvage", "scored": both cards down, "drawn": the
        round over) with `turn` to act; True when this seat ends with the most prestige (a shared
        win counts, as in `simulate`)."""
        hands, deck = g["hands"], g["deck"]
        while True:
            if phase == "roll":
                g["round"] += 1
                g["prize"] = 1 + self.rng.below(6)
                g["table"] = [0, 0]
                phase, turn = "play", g["lead"]
            if phase in ("play", "salvage"):
                salvage = phase == "salvage"
                c = self.mine(g, salvage) if turn == self.me else self.other(g, turn, salvage)
                if salvage:
                    if c >= 0:
                        hands[turn].remove(c)
                        g["discards"].append(c)
                        g["gone"].add(c)
                        hands[turn].append(deck.pop())
                    phase = "drawn"
                else:
                    hands[turn].remove(c)
                    g["table"][turn] = c
                    g["gone"].add(c)
                    if not g["table"][1 - turn]:
                        turn = 1 - turn
                        continue
                    phase = "scored"
            if phase == "scored":
                t = g["table"]
                w = 0 if t[0] > t[1] else 1
                g["scores"][w] += g["prize"]
                g["lead"] = turn = w
                if g["prize"] == hb.SALVAGE_PRIZE and deck and hands[w] and g["round"] < hb.ROUNDS:
                    phase = "salvage"
                    continue
                phase = "drawn"
            if len(deck) >= 2 and g["round"] < hb.ROUNDS:
                hands[g["lead"]].append(deck.pop())
                hands[1 - g["lead"]].append(deck.pop())
            if g["round"] >= hb.ROUNDS or not hands[0]:
                return bool(g["scores"][self.me] >= g["scores"][1 - self.me])
            phase = "roll"


class LookaheadBot(hb.HeuristicHighcardBot):
    """The heuristic bot, with one step of lookahead at 2 players in rounds 1 to `until`."""

    name = "lookahead"
    playouts, until, cheat = 512, 3, False

    def __init__(self) -> None:
        super().__init__()
        self.belief: Belief | None = None

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        base = super().choose(state, seat, rng)
        v = state.view(seat).data
        r = int(v["round"])
        legal = state.legal_actions()
        if len(v["scores"]) != 2 or r > self.until or len(legal) == 1:
            return base
        low = v["mode"] == "lowball"
        b = self.belief
        if b is None or state.history[:len(b.log)] != b.log:
            b = self.belief = Belief(seat, low)
        b.update(state, v["hand"])
        w = b.weight()
        s = b.s
        tab = [s(c) for c in v["table"] if c]
        gone = {s(c) for c in hb._gone(state)}
        unseen = sorted(ALL - {s(c) for c in v["hand"]} - gone - set(tab) - {s(c) for c in v["discards"]})
        samples = []
        for _ in range(self.playouts):
            gw = rng.random() < w
            h = pick(b.g if gw and b.g else b.r, rng)
            if self.cheat:
                h, gw = tuple(s(c) for c in state.hands[1 - seat]), True  # type: ignore[attr-defined]
            rest = [c for c in unseen if c not in h]
            rng.shuffle(rest)
            samples.append((gw, h, rest, rng.next64()))
        salvage = v["phase"] == "round.salvage"
        start = {"round": r, "prize": int(v["prize"]), "lead": int(v["lead"]), "scores": list(v["scores"]),
                 "table": [s(c) if c else 0 for c in v["table"]], "discards": [s(c) for c in v["discards"]]}
        results = []
        for a in legal:
            wins = 0
            card = s(int(a.args[0])) if a.args else -1
            for gw, h, rest, seed in samples:
                g = dict(start, hands=[[], []], deck=list(rest), gone=set(gone), table=list(start["table"]),
                         scores=list(start["scores"]), discards=list(start["discards"]))
                g["hands"][seat] = [s(c) for c in v["hand"]]
                g["hands"][1 - seat] = list(h)
                play = Playout(seat, self.solver, gw, Rng(seed))
                if salvage:
                    if card >= 0:
                        g["hands"][seat].remove(card)
                        g["discards"].append(card)
                        g["gone"].add(card)
                        g["hands"][seat].append(g["deck"].pop())
                    wins += play.run(g, "drawn", seat)
                else:
                    g["hands"][seat].remove(card)
                    g["table"][seat] = card
                    g["gone"].add(card)
                    done = bool(g["table"][1 - seat])
                    wins += play.run(g, "scored" if done else "play", seat if done else 1 - seat)
            results.append((wins, a))
        top = max(w for w, _ in results)
        if any(w == top and a == base for w, a in results):
            return base
        return next(a for w, a in results if w == top)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--playouts", type=int, default=512)
    ap.add_argument("--until", type=int, default=3, help="the last round with lookahead (1–5)")
    ap.add_argument("--cheat", action="store_true", help="give the playouts the other seat's true hand")
    args = ap.parse_args()
    LookaheadBot.playouts, LookaheadBot.until, LookaheadBot.cheat = args.playouts, args.until, args.cheat
    register_bot("highcard", "lookahead", LookaheadBot)
    for name in ("heuristic", "lookahead"):
        t = time.process_time()
        bots = [name, "greedy"]
        out = simulate("highcard", games=args.games, players=2, bots=bots, seed=args.seed).to_json()
        won = out["wins_by_bot"][name]
        print(f"{name} vs greedy, seed {args.seed}, {args.games} games: {won} wins "
              f"({won / args.games:.1%}), {time.process_time() - t:.1f} s of CPU", flush=True)


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
