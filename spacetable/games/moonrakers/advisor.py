"""The Moonrakers advisor: exact odds of meeting the current contract, and the hazard dice's expected loss.

Pure (no I/O) and computed from the asking seat's view only: `advise(state, seat)` reads
`state.view(seat).to_json()` and nothing else, so it cannot leak what the seat may not know (a test
shows the same answer on a `determinize(seat)` copy). `advise_view(view_json)` does the work.

The odds are exact, not sampled: an expectimax over the seat's own plays (3.4.3 a: one card at a
time, each paying 1 Action, 2.2) and over every possible draw (2.8: the top of the draw pile, whose
*contents* the seat knows but not the order; an empty pile is refilled from the discard pile, R23),
memoized over multisets of cards (hand, pile, discard), the Actions left and what is still missing.
What allies and Mercenary cards have already put in the pool counts as it stands (3.4.6); allies'
future plays, Mercenary cards and ship-part abilities not yet used are not counted, so the figure
is what the seat can do by itself from here.

Card knowledge comes from the card data through `card_facts.card_alternatives`: basics as printed
(2.3), crew as 1 Crew (2.4) plus the ops of its `effects` list (actions, draw, play_as, reduce,
reduce_any, block, a choice between branches, trash_hand / trash_top); abilities behind a named hook
count only as their 1 Crew.
From a view: `known_cards(me)` (the cards a seat's own view entry lets it count) and
`contract_odds(me, req, seconds)` (its chance to meet a contract alone) serve the coach too.
Hazard dice (3.4.1, 3.4.9 step 3): once rolled, the loss is icons − blocks; before the roll, the
expectation over the faces 0, 0, 1, 1, 2, 2 of each die assigned to the seat (R5), never more than
the Prestige the seat holds.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import product
from typing import Any

from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.card_facts import Effect, card_alternatives
from spacetable.games.moonrakers.cards import REQ_TYPES

R, T, S, D, C = range(5)
DIE_FACES = (0, 0, 1, 1, 2, 2)
WORK_PER_STATE = 4
"""Visits (memo hits included) allowed per memo entry of the limit before the search gives up."""
MAX_STATES = 400_000
"""Memo entries after which the search gives up (reported as ``"exact": false``); typical: < 5,000."""
ADVICE_SECONDS = 0.25
"""Time after which the advice's search gives up and reports its lower bound, labelled as such (about 1
in 100 states of a game needs longer; the median takes well under a millisecond)."""
CLOCK_EVERY = 256
"""Visits between two looks at the clock when the search has a time limit."""


def _useful(card: int) -> bool:
    return any(any(e.pool) or e.actions or e.draw or any(e.reduce) or e.reduce_any
               for e in card_alternatives(card))


# ---------------------------------------------------------------------------------------- the search
Counts = tuple[int, ...]


def _draws(k: int, pile: Counts, discard: Counts) -> tuple[tuple[float, Counts, Counts, Counts], ...]:
    """(probability, drawn, pile after, discard after) for drawing k cards, one at a time (2.8, R23)."""
    return _draws_cached(k, pile, discard)


@lru_cache(maxsize=65536)
def _draws_cached(k: int, pile: Counts, discard: Counts) -> tuple[tuple[float, Counts, Counts, Counts], ...]:
    return tuple(_draw_outcomes(k, pile, discard))


def _draw_outcomes(k: int, pile: Counts, discard: Counts) -> Iterator[tuple[float, Counts, Counts, Counts]]:
    zero = (0,) * len(pile)
    frontier: dict[tuple[Counts, Counts, Counts], float] = {(zero, pile, discard): 1.0}
    for _ in range(k):
        nxt: dict[tuple[Counts, Counts, Counts], float] = {}
        for (drawn, p, d), pr in frontier.items():
            n = sum(p)
            if n == 0 and any(d):
                p, d, n = d, zero, sum(d)  # shuffle the discard pile into a new draw pile
            if n == 0:
                key = (drawn, p, d)
                nxt[key] = nxt.get(key, 0.0) + pr
                continue
            for i, c in enumerate(p):
                if c:
                    p2 = p[:i] + (c - 1,) + p[i + 1:]
                    dr2 = drawn[:i] + (drawn[i] + 1,) + drawn[i + 1:]
                    key = (dr2, p2, d)
                    nxt[key] = nxt.get(key, 0.0) + pr * c / n
        frontier = nxt
    for (drawn, p, d), pr in frontier.items():
        yield pr, drawn, p, d


def _pure(e: Effect) -> bool:
    """No draw and no hand change: such plays commute with one another."""
    return not e.draw and not e.trash_top and not e.trash_hand


class Search:
    """Expectimax over the seat's own plays and draws, memoized over multisets (see the module doc).

    Two exact prunings keep it small. A card that only adds to the pool and gives back at least the
    Action it costs (a Reactor, 2.3) is played at once: it never hurts. And a play that neither draws
    nor changes the hand and costs an Action net (a Shield, a Damage card) can always be moved after
    every drawing play without making any play unaffordable (moving it later leaves the Actions at
    each drawing play higher or equal), so once such a card is played only such cards follow
    ("final" in the memo key).
    """

    def __init__(self, cards: list[int], limit: int = MAX_STATES, seconds: float | None = None) -> None:
        self.cards = cards
        self.limit = limit
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        """With a time limit (the advice, not the bots: they need answers that depend only on the
        cards), the search gives up when the clock passes this."""
        self.work = 0
        self.alts = [card_alternatives(c) for c in cards]
        self.useful = [_useful(c) for c in cards]
        self.free = [len(a) == 1 and _pure(a[0]) and a[0].actions >= 1 for a in self.alts]
        self.supply = [[max(e.pool[t] + e.reduce[t] + e.reduce_any for e in a) for t in range(5)]
                       for a in self.alts]
        self.memo: dict[tuple[Counts, Counts, Counts, int, Counts, bool], float] = {}
        self.exact = True

    def p(self, hand: Counts, pile: Counts, discard: Counts, actions: int, need: Counts,
          final: bool = False) -> float:
        if max(need) <= 0:
            return 1.0
        if actions <= 0 or not self.exact:  # cut short: give up at once (the answer is a lower bound)
            return 0.0
        self.work += 1
        if self.work > WORK_PER_STATE * self.limit:
            self.exact = False
            return 0.0
        if self.deadline is not None and not self.work % CLOCK_EVERY and time.perf_counter() > self.deadline:
            self.exact = False
            return 0.0
        cards = sum(hand) + sum(pile) + sum(discard)
        if actions > cards:
            actions = cards  # more Actions than cards left to play are worth no more
        key = (hand, pile, discard, actions, need, final)
        got = self.memo.get(key)
        if got is not None:
            return got
        if len(self.memo) >= self.limit:  # cut short: entries from here on are lower bounds
            self.exact = False
            return 0.0
        if final:  # a bound: every card left in hand that could still help each type, at its best
            sup = self.supply
            for t in range(5):
                if need[t] > 0 and sum(k * sup[i][t] for i, k in enumerate(hand) if k) < need[t]:
                    self.memo[key] = 0.0
                    return 0.0
        best = 0.0
        for i, h in enumerate(hand):
            if h and self.free[i]:
                hand2 = hand[:i] + (h - 1,) + hand[i + 1:]
                best = self._resolve(self.alts[i][0], hand2, pile, discard, actions - 1, need, final)
                self.memo[key] = best
                return best
        for i, h in enumerate(hand):
            if not h or not self.useful[i]:
                continue
            hand2 = hand[:i] + (h - 1,) + hand[i + 1:]
            for e in self.alts[i]:
                pure = _pure(e)
                if final and not pure:
                    continue
                fin = final
                if pure and e.actions < 1:
                    helps = e.reduce_any or any(need[t] > 0 and (e.pool[t] or e.reduce[t]) for t in range(5))
                    if not helps:
                        continue  # adds nothing still missing and costs an Action
                    fin = True
                v = self._resolve(e, hand2, pile, discard, actions - 1, need, fin)
                if v > best:
                    best = v
                    if best >= 1.0:
                        break
            if best >= 1.0:
                break
        self.memo[key] = best
        return best

    def _resolve(self, e: Effect, hand: Counts, pile: Counts, discard: Counts, actions: int,
                 need: Counts, final: bool) -> float:
        nd = [need[t] - e.pool[t] - e.reduce[t] for t in range(5)]
        if e.reduce_any:  # "any one requirement": the seat picks; try each still missing
            opts = [t for t in range(5) if nd[t] > 0] or [0]
            needs = [tuple(nd[t] - (e.reduce_any if t == u else 0) for t in range(5)) for u in opts]
        else:
            needs = [tuple(nd)]
        best = 0.0
        for n2 in needs:
            n3: Counts = tuple(x if x > 0 else 0 for x in n2)
            if max(n3) <= 0:
                return 1.0
            if _pure(e):
                v = self.p(hand, pile, discard, actions + e.actions, n3, final)
            else:
                v = self._after(e, hand, pile, discard, actions + e.actions, n3)
            best = max(best, v)
        return best

    def _after(self, e: Effect, hand: Counts, pile: Counts, discard: Counts, actions: int,
               need: Counts) -> float:
        if e.trash_top:
            total = 0.0
            for pr, _drawn, p2, d2 in _draws(e.trash_top, pile, discard):
                total += pr * self._draw_then(e, hand, p2, d2, actions, need)
            return total
        return self._draw_then(e, hand, pile, discard, actions, need)

    def _draw_then(self, e: Effect, hand: Counts, pile: Counts, discard: Counts, actions: int,
                   need: Counts) -> float:
        if not e.draw:
            return self._trash(e, hand, pile, discard, actions, need)
        total = 0.0
        for pr, drawn, p2, d2 in _draws(e.draw, pile, discard):
            h2 = tuple(a + b for a, b in zip(hand, drawn, strict=True))
            total += pr * self._trash(e, h2, p2, d2, actions, need)
        return total

    def _trash(self, e: Effect, hand: Counts, pile: Counts, discard: Counts, actions: int,
               need: Counts) -> float:
        if not e.trash_hand or e.trash_optional or not any(hand):
            # an optional trash is never taken: a smaller hand allows no play the larger one does not
            return self.p(hand, pile, discard, actions, need)
        return max(self.p(hand[:i] + (h - 1,) + hand[i + 1:], pile, discard, actions, need)
                   for i, h in enumerate(hand) if h)


def success_probability(hand: list[int], pile: list[int], discard: list[int], actions: int,
                        need: list[int] | tuple[int, ...],
                        seconds: float | None = None) -> tuple[float, bool, int]:
    """(P(the seat alone meets `need`), exact, memo entries) with `hand`, `actions` Actions and a draw
    pile whose contents (not order) are `pile`; `discard` refills an empty pile (R23). With `seconds`,
    the search stops after that long; when it is cut short (time or `MAX_STATES`), `exact` is False and
    the figure is a lower bound (the plays it had not finished exploring count as failures)."""
    cards, _, (h, pl, dc) = by_kind(hand, pile, discard)
    search = Search(list(cards), seconds=seconds)
    need_t: Counts = tuple(max(0, int(x)) for x in need)
    p = search.p(h, pl, dc, actions, need_t)
    return p, search.exact, len(search.memo)


def by_kind(*zones: Sequence[int]) -> tuple[tuple[int, ...], dict[int, int], tuple[Counts, ...]]:
    """The card kinds (ids, sorted) of `zones` (lists of card ids), each kind's index, and each zone
    as counts per kind: the form `Search` reads (contents only, never a pile's order)."""
    cards = tuple(sorted({c for zone in zones for c in zone}))
    idx = {c: i for i, c in enumerate(cards)}
    counted = []
    for zone in zones:
        out = [0] * len(cards)
        for c in zone:
            out[idx[c]] += 1
        counted.append(tuple(out))
    return cards, idx, tuple(counted)


def play_chance(search: Search, i: int, hand: Counts, pile: Counts, discard: Counts, actions: int,
                need: Counts) -> float:
    """P(meeting `need` alone) after playing one hand card of `search`'s kind `i` now (its best
    alternative, paying one Action, 3.4.3 a): the heuristic bot ranks its plays by this."""
    h2 = hand[:i] + (hand[i] - 1,) + hand[i + 1:]
    p = 0.0
    for e in search.alts[i]:
        p = max(p, search._resolve(e, h2, pile, discard, actions - 1, need, False))
    return p


PLAY_STATES = 5_000
"""Memo entries after which `play_chances` gives up (a fixed size, not a clock: the same cards always
give the same answer); the heuristic bot's play search uses this size too."""


@lru_cache(maxsize=4096)
def play_chances(hand: tuple[int, ...], pile: tuple[int, ...], discard: tuple[int, ...], actions: int,
                 need: Counts) -> tuple[tuple[tuple[int, float], ...], bool]:
    """For each card id in `hand` (ids, sorted), P(meeting `need` alone after playing one of it now)
    with `actions` Actions, the draw pile's contents `pile` and the discard pile `discard` (ids); and
    whether the search was exact (False: cut short at `PLAY_STATES`, the figures are lower bounds)."""
    cards, idx, (h, pl, dc) = by_kind(hand, pile, discard)
    search = Search(list(cards), limit=PLAY_STATES)
    out = tuple((c, play_chance(search, idx[c], h, pl, dc, actions, need)) for c in sorted(set(hand)))
    return out, search.exact


def play_chances_view(view: Mapping[str, Any]) -> tuple[dict[str, float], bool] | None:
    """`play_chances` for the seat whose View JSON this is, while it takes part in a contract's
    execution and something is still missing (None otherwise): card slug → chance, and exactness."""
    seat = view.get("player")
    ex = view.get("execution")
    if not isinstance(seat, int) or not isinstance(ex, Mapping) or A.SEATS[seat] not in ex["participants"]:
        return None
    need: Counts = tuple(max(0, int(t) - int(p)) for t, p in zip(ex["target"], ex["pool"], strict=True))
    if max(need) <= 0:
        return None
    hand, pile, discard = known_cards(view["players"][seat])
    if not hand:
        return None
    got, exact = play_chances(tuple(sorted(hand)), tuple(sorted(pile)), tuple(sorted(discard)),
                              int(ex["actions"][A.SEATS[seat]]), need)
    return {A.CARD_SLUGS[c]: p for c, p in got}, exact


def hazard_distribution(dice: int) -> dict[int, float]:
    """Icons on `dice` hazard dice (faces 0, 0, 1, 1, 2, 2: R5) → probability."""
    out: dict[int, float] = {}
    for faces in product(DIE_FACES, repeat=dice):
        k = sum(faces)
        out[k] = out.get(k, 0.0) + 1.0 / 6**dice
    return out


def expected_loss(dice: int, blocks: int, prestige: int) -> float:
    """Expected Prestige lost to `dice` unrolled dice with `blocks` (3.4.9 step 3, never below 0)."""
    return sum(pr * min(prestige, max(0, k - blocks)) for k, pr in hazard_distribution(dice).items())


# ---------------------------------------------------------------------------------------- from a view
def _ids(slugs: list[str]) -> list[int]:
    return [A.CARD_ID[x] for x in slugs]


def _expand(counts: Mapping[str, int]) -> list[int]:
    return [A.CARD_ID[slug] for slug, k in counts.items() for _ in range(int(k))]


def known_cards(me: Mapping[str, Any]) -> tuple[list[int], list[int], list[int]]:
    """The action-deck cards a seat's own entry of its view (`view["players"][seat]`) lets it count,
    as card ids: its hand, what its draw pile holds (order unknown, 1.2) and its discard pile."""
    return _ids(me.get("hand", [])), _expand(me.get("draw_contents", {})), _ids(me.get("discard", []))


def contract_odds(me: Mapping[str, Any], req: list[int], seconds: float) -> float:
    """The chance the seat meets requirements `req` alone from the cards it knows (`known_cards`),
    starting with 1 Action, searched for at most `seconds` (`success_probability`)."""
    hand, pile, discard = known_cards(me)
    return success_probability(hand, pile, discard, 1, req, seconds=seconds)[0]


def advise_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The advice for the seat whose View JSON this is (see the module docstring)."""
    seat = view.get("player")
    out: dict[str, Any] = {"game": "moonrakers", "seat": None, "contract": None, "lines": []}
    lines: list[str] = out["lines"]
    if not isinstance(seat, int):
        lines.append("No advice for a spectator.")
        return out
    me = view["players"][seat]
    name = A.SEATS[seat]
    out["seat"] = name
    hand, pile, discard = known_cards(me)
    prestige = int(me.get("prestige", 0))
    ex = view.get("execution")
    if ex is not None and name in ex["participants"]:
        contract = A.CAT.contract(ex["contract"])
        need = [max(0, t - p) for t, p in zip(ex["target"], ex["pool"], strict=True)]
        actions = int(ex["actions"][name])
        icons = sum(ex["dice"][name])
        blocks = int(ex["blocks"][name])
        loss = float(min(prestige, max(0, icons - blocks)))
        hazard = {"dice": len(ex["dice"][name]), "icons": icons, "blocks": blocks, "expected_loss": loss,
                  "rolled": True}
        where = "in play"
    else:
        neg = view.get("negotiation")
        slug = neg.get("contract") if isinstance(neg, Mapping) else None
        if not isinstance(neg, Mapping) or not isinstance(slug, str):
            lines.extend(_display_odds(view, seat, hand, pile, discard))
            return out
        contract = A.CAT.contract(slug)
        need = list(contract.req)
        actions = 1  # 3.4.2: every participant starts with 1 Action
        dice_for = [d for d in neg.get("dice", []) if isinstance(d, str)]
        dice = sum(1 for d in dice_for if d == name)  # dice not assigned yet stay with the ML (3.3.4)
        if neg.get("player") == seat:
            dice += max(0, contract.dice - len(dice_for))
        loss = expected_loss(dice, 0, prestige)
        hazard = {"dice": dice, "icons": None, "blocks": 0, "expected_loss": loss, "rolled": False}
        where = "if executed now from your hand"
    p, exact, states = success_probability(hand, pile, discard, actions, need, seconds=ADVICE_SECONDS)
    out.update({"contract": contract.slug, "need": dict(zip(REQ_TYPES, need, strict=True)),
                "actions": actions, "p_success": p, "exact": exact, "states": states, "hazard": hazard,
                "bound": None if exact else "lower"})
    missing = ", ".join(f"{n} {t}" for t, n in zip(REQ_TYPES, need, strict=True) if n) or "nothing"
    lines.append(f"{contract.name} ({where}): still missing {missing}; you have {actions} "
                 f"Action{'s' if actions != 1 else ''}.")
    lines.append(f"Chance you meet it with your own cards: {100 * p:.1f}%"
                 + ("" if exact else f" at least (approximate: the exact search was cut short after "
                                     f"{states:,} positions, so this is a lower bound)") + ".")
    if hazard["rolled"]:
        lines.append(f"Hazard: {icons} icon{'s' if icons != 1 else ''} against {blocks} block"
                     f"{'s' if blocks != 1 else ''}: you lose {loss:.0f} Prestige as it stands.")
    else:
        lines.append(f"Hazard: {hazard['dice']} di{'e' if hazard['dice'] == 1 else 'ce'} "
                     f"→ expected loss {loss:.2f} Prestige before Shields.")
    return out


PLANNING_SECONDS = 0.04
"""Time each contract on display may take when the Mission Leader plans (eight of them at most)."""


def _display_odds(view: Mapping[str, Any], seat: int, hand: list[int], pile: list[int],
                  discard: list[int]) -> list[str]:
    """While the seat plans (3.2), the contracts on display its hand could meet alone, best first."""
    decision = view.get("decision")
    if not isinstance(decision, Mapping) or decision.get("decision") != "planning" or \
            decision.get("player") != A.SEATS[seat]:
        return []
    rows = []
    for slug in view.get("contracts", []):
        if not isinstance(slug, str):
            continue
        c = A.CAT.contract(slug)
        p, exact, _ = success_probability(hand, pile, discard, 1, list(c.req), seconds=PLANNING_SECONDS)
        rows.append((p, exact, c))
    rows.sort(key=lambda r: (-r[0], r[2].name))
    out = ["Contracts on display your hand meets alone (allies make any of them likelier):"]
    for p, exact, c in rows[:4]:
        out.append(f"  {c.name}: {100 * p:.0f}%{'' if exact else ' at least'} for {c.prestige} Prestige and "
                   f"{c.credits} credits, {c.dice} hazard di{'e' if c.dice == 1 else 'ce'}")
    return out


def advise(state: Any, seat: int) -> dict[str, Any]:
    """JSON-ready advice for `seat`, computed from `state.view(seat)` only."""
    return advise_view(state.view(seat).to_json())
