"""Moonrakers' "greedy" bot: cheap heuristics on public fields and its own cards, no search.

Planning estimates, for each displayed contract, what its own hand can do this execution (Reactors
and Thrusters first, the rest of the hand and expected draws from its draw pile's *contents*), what
the Mercenary row (1–2 players) and allies (a generic estimate per ally) add, and values the contract as
success chance × (Prestige·k + credits + bonus) − expected hazard losses; it stays at base when nothing
beats that (and sends the hardest contract to the bottom). As Mission Leader it invites the fewest
allies it needs (lowest Prestige first), offering a credit share first and Prestige in later rounds, and
gives hazard dice to allies without Prestige to lose; as an invitee it accepts a positive share unless
that lets the leader win. In the execution it plays Reactors first, crew that pay for themselves,
Thrusters while Actions last, then the card that fills the most of what is missing, useful part
abilities and Mercenary cards, Shields against unblocked dice, and passes when nothing helps. Effect
choices pick the obvious option (reduce the largest unmet requirement, trash a Miss, score "either/or"
branches). Buying takes the best affordable card of a cost-based value table and keeps the 4 best
parts. With Binding Ties it spends reputation through `moonrakers_reputation.best_spends`/`best_payment`.

It reads only what its seat may know: public state, its own hand, objectives and draw-pile contents
(counts, never order), the deciding frame of its own decision and the legal actions (tests compare its
choice with the one from `determinize(seat)`). No copies, no simulation: about 10–15 µs per decision
(planning, the costliest, about 35–40 µs on the reference machine).

Speed: a turn's plan (`plan_engine`) and the Mission Leader's evaluation of the contract it took
(`my_eval`) are memoized with everything they read (`PlanMemo`: the latest plans, their inputs compared
by value), so the negotiation that follows planning reuses them; planning values contracts without
building `Eval` objects (`contract_value`) and orders its candidates without a sort key; legal-action
tests are by identity (`has`) and card lookups by action index, never by text. Module constants are
`Final` and hot functions avoid closures and keyword builtins, which the compiled build would run as
generic Python (docs/performance.md). The choices are those of the plain code (checked decision by decision by
`benchmarks/bot_identity.py`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from mypy_extensions import mypyc_attr

from spacetable.bots.base import register_bot
from spacetable.bots.moonrakers_reputation import best_payment, best_spends
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.card_facts import blocks_die, solo_kind, static_reduction
from spacetable.games.moonrakers.cards import (
    DMG1,
    DMG2,
    DMG3,
    FACTIONS,
    MISS,
    REACTOR,
    SHIELD,
    THRUSTER,
    Crew,
)
from spacetable.games.moonrakers.choices import Choice
from spacetable.games.moonrakers.crew_interpreter import K_REDACTED
from spacetable.games.moonrakers.dice import exposed, is_blocked
from spacetable.games.moonrakers.execution import BonusCard, PlayTurn, Scrap, damage_total
from spacetable.games.moonrakers.negotiation import (
    BONUS,
    CREDITS,
    DICE,
    INVITE,
    OPEN,
    PRESTIGE,
    REP,
    Answer,
    Negotiate,
)
from spacetable.games.moonrakers.reputation import EXTRA_KINDS
from spacetable.games.moonrakers.rules import Buy, KeepObjectives, KeepOne, Planning, StayReplace
from spacetable.games.moonrakers.state import SOLO_TURNS, WIN_PRESTIGE, MoonrakersState

CAT: Final = A.CAT
CREW0: Final = A.CREW_BASE
WIN: Final = WIN_PRESTIGE

# ---------------------------------------------------------------------------------------- tables
# Crew profiles for estimates and play priority: (net actions after paying 1, cards drawn,
# damage counted, shield counted, requirement reduction (type, n) with type -1 = any, -2 = none), the
# greedy bot's hand-set estimate, which each crew card carries as its bot hint (`hints.CrewHint`).
CrewProfile = tuple[int, int, int, int, int, int]


def crew_columns(profile: Callable[[Crew], CrewProfile]) -> tuple[list[int], ...]:
    """The six profile columns by crew id (Actions, draws, Damage, Shield, reduction type and n)."""
    rows = [profile(c) for c in CAT.crew]
    return tuple([r[i] for r in rows] for i in range(6))


def hinted_profile(crew: Crew) -> CrewProfile:
    """The crew card's profile from its bot hint."""
    h = crew.bot
    return h.actions, h.draw, h.damage, h.shield, h.reduce, h.reduce_n


CREW_ACT, CREW_DRAW, CREW_DMG, CREW_SHIELD, CREW_RED_T, CREW_RED_N = crew_columns(hinted_profile)

CARD_VALUE: Final = [3.0, 2.5, 2.0, 1.5, 2.5, 3.5, 0.0] + [3.0 + 0.5 * c.cost for c in CAT.crew]
"""Keep-value of each action-deck card (trash / discard the lowest first)."""

PART_VALUE: Final = [0.6 * p.cost + 0.5 * sum(CARD_VALUE[c] for c in p.cards) + p.bot.value
                     for p in CAT.parts]
"""Keep-value of each part: its cost, its cards and its bot hint's `value`."""
CREW_BUY_BASE: Final = 2.0
CREW_BUY_VALUE: Final = [CREW_BUY_BASE + c.cost + 1.5 * CREW_ACT[c.id] for c in CAT.crew]
PART_RED: Final = [static_reduction(p) for p in CAT.parts]
OBJ_VALUE: Final = [o.bot.value for o in CAT.objectives]
SOLO_OBJ: Final = {o.id: solo_kind(o) for o in CAT.objectives if solo_kind(o)}

ALLY_CAP: Final = (2.0, 1.0, 1.0, 2.0, 0.3)
"""What one ally is assumed to add per requirement type (a starting deck's typical hand)."""
ALLY_TOTAL: Final = 4.0
STAY_VALUE: Final = 2.2
ALLY_MIN_PLAYERS: Final = 2
"""Negotiate from this many players on (in 2p, the other captain plus the Mercenary row: fewer turns)."""
LONG_GAME: Final = 60
SOLO_KP: Final = 6.0
EXPOSURE_W: Final = 1.0
BUY_MIN: Final = 2.5
KP_BASE: Final = 4.0
CREDIT_VALUE: Final = 1.0
SWAP_MIN_CREDITS: Final = 99
BONUS_VALUE: Final = 2.5
SOLO_ODDS_UNITS: Final = 2.5
"""Estimated shortfall up to which planning asks `CardTables.solo_odds` (beyond it the odds are small)."""


class CardTables:
    """What a bot knows about the cards, by card id: crew profiles (net Actions after paying 1, cards
    drawn, Damage, Shield, requirement reduction (type, n) with type -1 = any, -2 = none), keep values,
    part values and static reductions, objective values and "complete a kind alone" objectives, when to
    use an activated ability, which parts block a die, crew buy values; plus the two places where a
    bot may look further: exact odds for a contract run alone (`solo_odds(state, seat, contract)`, None:
    the estimate) and how much of the leader's gain an invitee weighs against its own (`rivalry_2p`
    with one rival, `rivalry` split among the rivals at 3–5 players); `exposure_w` weighs the Prestige
    the hazard dice of a contract may cost its leader (3.4.9). The greedy bot's tables are
    `GREEDY_TABLES`; the heuristic bot builds its own from the card data and shares every function."""

    __slots__ = ("crew_act", "crew_draw", "crew_dmg", "crew_shield", "crew_red_t", "crew_red_n",
                 "card_value", "part_value", "part_red", "obj_value", "solo_obj", "crew_buy_value",
                 "use_when", "block_parts", "solo_odds", "rivalry_2p", "rivalry", "exposure_w")

    def __init__(self, *, crew_act: list[int], crew_draw: list[int], crew_dmg: list[int],
                 crew_shield: list[int], crew_red_t: list[int], crew_red_n: list[int],
                 card_value: list[float], part_value: list[float], part_red: list[tuple[int, int]],
                 obj_value: list[float], solo_obj: dict[int, str], crew_buy_value: list[float],
                 use_when: dict[str, Callable[[list[int], bool, int], bool]], block_parts: frozenset[str],
                 solo_odds: Callable[[MoonrakersState, int, int], float | None] | None = None,
                 rivalry_2p: float = 0.0, rivalry: float = 0.0, exposure_w: float = EXPOSURE_W) -> None:
        self.crew_act = crew_act
        self.crew_draw = crew_draw
        self.crew_dmg = crew_dmg
        self.crew_shield = crew_shield
        self.crew_red_t = crew_red_t
        self.crew_red_n = crew_red_n
        self.card_value = card_value
        self.part_value = part_value
        self.part_red = part_red
        self.obj_value = obj_value
        self.solo_obj = solo_obj
        self.crew_buy_value = crew_buy_value
        self.use_when = use_when
        self.block_parts = block_parts
        self.solo_odds = solo_odds
        self.rivalry_2p = rivalry_2p
        self.rivalry = rivalry
        self.exposure_w = exposure_w

    def with_solo_odds(self, solo_odds: Callable[[MoonrakersState, int, int], float | None]) -> CardTables:
        """The same tables with another exact-odds function (a bot instance's own search memo)."""
        return CardTables(crew_act=self.crew_act, crew_draw=self.crew_draw, crew_dmg=self.crew_dmg,
                          crew_shield=self.crew_shield, crew_red_t=self.crew_red_t,
                          crew_red_n=self.crew_red_n, card_value=self.card_value,
                          part_value=self.part_value, part_red=self.part_red,
                          obj_value=self.obj_value, solo_obj=self.solo_obj,
                          crew_buy_value=self.crew_buy_value, use_when=self.use_when,
                          block_parts=self.block_parts, rivalry_2p=self.rivalry_2p,
                          rivalry=self.rivalry, exposure_w=self.exposure_w, solo_odds=solo_odds)


def prestige_worth(s: MoonrakersState, me: int) -> float:
    """What one Prestige is worth in credits for this seat now."""
    if s.n == 1:
        return SOLO_KP
    return KP_BASE + 0.3 * s.players[me].prestige


# ---------------------------------------------------------------------------------------- estimates
class Plan:
    """Expected output of a hand this execution: engine contributions and what is left to spend."""

    __slots__ = ("r", "t", "actions", "shields", "dmg", "crew", "crew_other", "reduce_any", "reduce")

    def __init__(self) -> None:
        self.r = 0.0
        self.t = 0.0
        self.actions = 0.0
        self.shields = 0.0
        self.dmg: list[float] = []  # damage values of cards still to pay for (highest first)
        self.crew = 0.0  # crew counted for free (engine crew already paid for)
        self.crew_other = 0  # crew cards that cost an Action for their Crew contribution
        self.reduce_any = 0
        self.reduce = [0, 0, 0, 0, 0]


def _fractions(p_draw: list[int], p_discard: list[int]) -> tuple[list[float], float]:
    """Composition of the cards this seat would draw next (its draw pile, then its discard pile).

    Counted as integers first, so the result does not depend on the (hidden) order of the pile.
    """
    pile = p_draw if len(p_draw) >= 4 else p_draw + p_discard
    n = len(pile)
    counts = [0] * 8  # 7 basics + crew
    if not n:
        return [0.0] * 8, 0.0
    for c in pile:
        counts[c if c < 7 else 7] += 1
    inv = 1.0 / n
    return [k * inv for k in counts], float(n)


class PlanMemo:
    """A plan made recently, with everything `make_plan` read to make it: the card tables, the hand,
    the pile it draws from (its draw pile, and its discard pile when fewer than 4 cards are left to
    draw), the parts and the Actions; and the Mission Leader's evaluations of contracts made with it
    (`evals`). Entries are compared by value, so a plan is reused exactly when its inputs are equal;
    a plan is never changed once made."""

    __slots__ = ("tb", "hand", "draw", "discard", "parts", "actions", "plan", "evals")

    def __init__(self, tb: CardTables, hand: list[int], draw: list[int], discard: list[int],
                 parts: list[int], actions: float, plan: Plan) -> None:
        self.tb = tb
        self.hand = hand
        self.draw = draw
        self.discard = discard
        self.parts = parts
        self.actions = actions
        self.plan = plan
        self.evals: list[EvalMemo] = []


_RECENT: Final[list[PlanMemo]] = []
"""The latest plans, newest first (planning, then the negotiation of the contract taken, ask for the
same one): at most `RECENT_PLANS`."""
RECENT_PLANS: Final = 4


def _plan_memo(tb: CardTables, s: MoonrakersState, me: int, hand: list[int], actions: float) -> PlanMemo:
    pl = s.players[me]
    draw = pl.draw
    short = len(draw) < 4  # then the discard pile is drawn from too (`_fractions`)
    for m in _RECENT:
        if (m.tb is tb and m.actions == actions and m.hand == hand and m.draw == draw
                and (not short or m.discard == pl.discard) and m.parts == pl.parts):
            return m
    m = PlanMemo(tb, hand.copy(), draw.copy(), pl.discard.copy() if short else [], pl.parts.copy(), actions,
                 make_plan(tb, s, me, hand, actions))
    _RECENT.insert(0, m)
    if len(_RECENT) > RECENT_PLANS:
        _RECENT.pop()
    return m


def plan_engine(tb: CardTables, s: MoonrakersState, me: int, hand: list[int], actions: float) -> Plan:
    """Play the engine cards of `hand` on paper: Reactors, action crew, Thrusters and their draws
    (memoized in `_RECENT`)."""
    return _plan_memo(tb, s, me, hand, actions).plan


def make_plan(tb: CardTables, s: MoonrakersState, me: int, hand: list[int], actions: float) -> Plan:
    pl = s.players[me]
    f, avail = _fractions(pl.draw, pl.discard)
    pn = Plan()
    r = t = sh = 0.0
    d1 = d2 = d3 = 0.0
    crew_other: list[int] = []
    a = actions
    crew_free = 0.0
    for c in hand:
        if c == REACTOR:
            r += 1
        elif c == THRUSTER:
            t += 1
        elif c == SHIELD:
            sh += 1
        elif c == DMG1:
            d1 += 1
        elif c == DMG2:
            d2 += 1
        elif c == DMG3:
            d3 += 1
        elif c >= CREW0:
            k = c - CREW0
            if tb.crew_act[k] >= 0:
                a += tb.crew_act[k]  # net: paid 1, got 1 + n back
                crew_free += 1
                sh += tb.crew_shield[k]
                if tb.crew_dmg[k]:
                    pn.dmg.append(float(tb.crew_dmg[k]))
                t_red = tb.crew_red_t[k]
                if t_red == -1:
                    pn.reduce_any += tb.crew_red_n[k]
                elif t_red >= 0:
                    pn.reduce[t_red] += tb.crew_red_n[k]
                if tb.crew_draw[k]:
                    dr = min(float(tb.crew_draw[k]), avail)
                    avail -= dr
                    r += dr * f[0]
                    t += dr * f[1]
                    sh += dr * f[2]
                    d1 += dr * f[3]
                    d2 += dr * f[4]
                    d3 += dr * f[5]
            else:
                crew_other.append(k)
    if a >= 1.0:
        pn.r = r
        a += r
        r = 0.0
    rounds = 0
    while t >= 0.5 and a >= 1.0 and rounds < 4:
        rounds += 1
        k_t = t if t <= a else a
        a -= k_t
        pn.t += k_t
        t -= k_t
        dr = min(2.0 * k_t, avail)
        avail -= dr
        nr = dr * f[0]
        pn.r += nr
        a += nr
        t += dr * f[1]
        sh += dr * f[2]
        d1 += dr * f[3]
        d2 += dr * f[4]
        d3 += dr * f[5]
        crew_free += dr * f[7] * 0.5  # drawn crew: often worth playing
    pn.actions = a
    pn.shields = sh
    for k in crew_other:
        pn.shields += tb.crew_shield[k]
        if tb.crew_dmg[k]:
            pn.dmg.append(float(tb.crew_dmg[k]))
    pn.dmg.extend([3.0] * int(d3 + 0.5))
    pn.dmg.extend([2.0] * int(d2 + 0.5))
    pn.dmg.extend([1.0] * int(d1 + 0.5))
    pn.dmg.sort(reverse=True)
    pn.crew = crew_free
    pn.reduce_any += sum(tb.crew_red_n[k] for k in crew_other if tb.crew_red_t[k] == -1)
    for k in crew_other:
        if tb.crew_red_t[k] >= 0:
            pn.reduce[tb.crew_red_t[k]] += tb.crew_red_n[k]
    pn.crew_other = len(crew_other)
    for part in pl.parts:
        rt, rn = tb.part_red[part]
        if rt >= 0:
            pn.reduce[rt] += rn
    return pn


Shortfall = tuple[float, float, float, float, float, float]


def shortfall(pn: Plan, req: tuple[int, int, int, int, int]) -> Shortfall:
    """Per-type shortfall of a plan against a contract, and the blocks it can expect."""
    red = pn.reduce
    n0 = req[0] - red[0]
    n1 = req[1] - red[1]
    n2 = req[2] - red[2]
    n3 = req[3] - red[3]
    n4 = req[4] - red[4]
    ra = pn.reduce_any
    if ra:  # "any one requirement": the largest remaining one
        if n3 >= n0 and n3 >= n1 and n3 >= n2 and n3 >= n4:
            n3 -= ra
        elif n0 >= n1 and n0 >= n2 and n0 >= n4:
            n0 -= ra
        elif n2 >= n1 and n2 >= n4:
            n2 -= ra
        elif n1 >= n4:
            n1 -= ra
        else:
            n4 -= ra
    s0 = n0 - pn.r if n0 > pn.r else 0.0
    s1 = n1 - pn.t if n1 > pn.t else 0.0
    cost = 0.0
    ns = 0.0
    if n2 > 0:
        ns = n2 if n2 <= pn.shields else pn.shields
    s2 = n2 - ns if n2 > 0 else 0.0
    cost += ns
    s4 = 0.0
    nc = n4 - pn.crew
    if nc > 0:
        use = nc if nc <= pn.crew_other else float(pn.crew_other)
        cost += use
        s4 = nc - use
    nd = float(n3)
    if nd > 0:
        for v in pn.dmg:
            nd -= v
            cost += 1
            if nd <= 0:
                break
    s3 = nd if nd > 0 else 0.0
    spare = pn.actions - cost
    extra = pn.shields - ns
    blocks = ns + (extra if extra < spare else spare if spare > 0 else 0.0)
    if spare < 0:  # not enough Actions: the cheapest cards to give up become shortfall
        deficit = -spare
        if s3 == 0 and n3 > 0:
            d = deficit if deficit < 2.0 else 2.0
            s3 += d * 1.5
            deficit -= d
        s2 += deficit
    return s0, s1, s2, s3, s4, blocks


class Mercs:
    """The Mercenary row summed up once per decision: basics per type and Damage cards by value."""

    __slots__ = ("basic", "b0", "b1", "b2", "crew", "dmg", "total")

    def __init__(self, tb: CardTables, row: list[int]) -> None:
        b0 = b1 = b2 = 0
        crew = 0
        dmg: list[int] = []
        total = 0
        for c in row:
            if c >= CREW0:
                crew += 1
                v = tb.crew_dmg[c - CREW0]
                if v:
                    dmg.append(v + 100)
                    total += v
            elif c == 0:
                b0 += 1
            elif c == 1:
                b1 += 1
            elif c == 2:
                b2 += 1
            elif c <= DMG3:
                dmg.append(c - DMG1 + 1)
                total += c - DMG1 + 1
        if len(dmg) > 1:
            dmg.sort(key=_dmg_value, reverse=True)
        self.basic = [b0, b1, b2]
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.crew = crew
        self.dmg = dmg
        self.total = b0 + b1 + b2 + crew + total


def _dmg_value(v: int) -> int:
    return v % 100


def _basic_cover(x: float, b: int) -> tuple[int, float]:
    """`x` (> 0) units of one basic type against `b` such cards in the Mercenary row: (cards used,
    units left)."""
    if x <= b:
        return math.ceil(x), 0.0
    return b, x - b


def _merc_cover(m: Mercs, s0: float, s1: float, s2: float, s3: float, s4: float) -> tuple[float, int, int]:
    """Cover a shortfall (per requirement type) with the Mercenary row: (remaining units, basic cards
    used, crew used)."""
    left = 0.0
    basics = crew = 0
    if s0 > 0:  # the three basic types
        k, r = _basic_cover(s0, m.b0)
        basics += k
        left += r
    if s1 > 0:
        k, r = _basic_cover(s1, m.b1)
        basics += k
        left += r
    if s2 > 0:
        k, r = _basic_cover(s2, m.b2)
        basics += k
        left += r
    x = s4
    crew_free = m.crew
    if x > 0:
        k = math.ceil(x)
        if k > crew_free:
            k = crew_free
        crew += k
        crew_free -= k
        if x - k > 0:
            left += x - k
    x = s3
    if x > 0:
        for v in m.dmg:
            if x <= 0:
                break
            if v > 100:
                if crew_free <= 0:
                    continue
                crew_free -= 1
                crew += 1
                x -= v - 100
            else:
                basics += 1
                x -= v
        if x > 0:
            left += x
    return left, basics, crew


class Eval:
    """A contract's evaluation for the Mission Leader."""

    __slots__ = ("value", "allies", "p")

    def __init__(self, value: float, allies: int, p: float) -> None:
        self.value = value
        self.allies = allies
        self.p = p


def _evaluate(tb: CardTables, s: MoonrakersState, me: int, c: int, pn: Plan, kp: float,
              mercs: Mercs | None) -> Eval:
    """Expected value of contract `c` for the Mission Leader `me` with the plan `pn` of its hand:
    P(success) × (Prestige·kp + credits + bonus cards, after shares and Mercenary fees) − expected
    hazard losses (never more than the Prestige it would hold, 7.2)."""
    value, allies, p = contract_value(tb, s, me, c, pn, kp, mercs)
    return Eval(value, allies, p)


def contract_value(tb: CardTables, s: MoonrakersState, me: int, c: int, pn: Plan, kp: float,
           mercs: Mercs | None) -> tuple[float, int, float]:
    """`_evaluate` as (value, allies, success chance), without making an `Eval`."""
    ct = CAT.contracts[c]
    pl = s.players[me]
    sf = shortfall(pn, ct.req)
    s0, s1, s2, s3, s4, blocks = sf
    units = s0 + s1 + s2 + s3 + s4
    fee = 0.0
    best_allies = 0
    prestige = ct.prestige
    credits = ct.credits
    if units > 0 and mercs is not None:
        units, basics, crew = _merc_cover(mercs, s0, s1, s2, s3, s4)
        fc = basics * (basics + 1) * 0.5
        fee = CREDIT_VALUE * (fc if fc < credits else credits) + kp * (crew if crew < prestige else prestige)
    share = 1.0
    n = s.n
    if units > 0 and n >= ALLY_MIN_PLAYERS:
        a0, a1, a2, a3, a4 = ALLY_CAP
        for k in range(1, n):
            left = 0.0  # the per-type excess over what k allies add, summed in type order
            x = s0 - a0 * k
            if x > 0:
                left += x
            x = s1 - a1 * k
            if x > 0:
                left += x
            x = s2 - a2 * k
            if x > 0:
                left += x
            x = s3 - a3 * k
            if x > 0:
                left += x
            x = s4 - a4 * k
            if x > 0:
                left += x
            x = units - ALLY_TOTAL * k
            if x > left:
                left = x
            if left <= 0.01 or k == n - 1:
                if left < units:
                    units, best_allies = left, k
                    share = 1.0 / (k + 1) + 0.15
                break
    p = 0.9 if units <= 0.01 else 0.9 * math.exp(-1.1 * units)
    if tb.solo_odds is not None and best_allies == 0 and units <= SOLO_ODDS_UNITS:
        exact = tb.solo_odds(s, me, c)  # alone: exact odds of its hand and pile
        if exact is not None:
            p = exact if fee == 0.0 else max(p, exact)
    pshare = share + 0.2 if share < 0.8 else 1.0
    gain = kp * prestige * pshare + REWARD_VALUE[c] * share
    value = p * (gain - fee)
    if best_allies == 0 and units <= 0.01 and pl.objectives:
        solo_obj = tb.solo_obj
        for o in pl.objectives:
            if solo_obj.get(o) == ct.kind:
                value += 0.8 * kp
    if prestige and pl.prestige + prestige >= WIN:
        value += p * 10.0  # a winning contract
    exposure = ct.dice - blocks
    if exposure > 0:
        lose = pl.prestige + p * prestige
        value -= tb.exposure_w * kp * (exposure if exposure < lose else lose)
    return value, best_allies, p


REWARD_VALUE: Final = [CREDIT_VALUE * ct.credits + BONUS_VALUE * ct.bonus for ct in CAT.contracts]
"""Credits and bonus cards of each contract valued in credits (the part of its gain that shares split)."""


# ---------------------------------------------------------------------------------------- the bot
@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled code (docs/performance.md)
class GreedyBot:
    """See the module docstring. `tables` and `dispatch` say what it knows and how it decides; a bot
    built on this plan (the heuristic one) swaps them and adds `_extra` / `_first` rules."""

    name = "greedy"

    def __init__(self) -> None:
        self.tables = GREEDY_TABLES
        self.dispatch = DISPATCH

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        assert isinstance(state, MoonrakersState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        s = state
        top = s.stack[-1]
        if s.bt:
            own = [a for a in legal if a.kind not in EXTRA_KINDS]
            extra = self._extra(s, seat, legal, own)
            if extra is not None:
                return extra
            legal = own or legal
            if len(legal) == 1:
                return legal[0]
        first = self._first(s, seat, top, legal)
        if first is not None:
            return first
        return decide(self.tables, self.dispatch, s, seat, top, legal)

    def _extra(self, s: MoonrakersState, seat: int, legal: list[Action], own: list[Action]) -> Action | None:
        """Binding Ties: a reputation spend or trade (`legal` less `own`) to make now, or None."""
        return reputation_step(s, seat, legal, own)

    def _first(self, s: MoonrakersState, seat: int, top: object, legal: list[Action]) -> Action | None:
        """A rule that comes before the frame's handler (none for the greedy bot)."""
        return None


def decide(tb: CardTables, dispatch: dict[type, Handler], s: MoonrakersState, seat: int, top: object,
           legal: list[Action]) -> Action:
    """The handler for the deciding frame's type (else the generic one), with `tb`'s card knowledge."""
    fn = dispatch.get(type(top))
    a = fn(tb, s, seat, top, legal) if fn is not None else _generic(tb, s, seat, top, legal)
    return a if a is not None else _fallback(legal)


def has(legal: list[Action], a: Action) -> bool:
    """`a in legal` by identity: every Moonrakers action is the shared object of its action space."""
    for x in legal:  # noqa: SIM110  (a loop: no generator in a hot path)
        if x is a:
            return True
    return False


def _fallback(legal: list[Action]) -> Action:
    for a in legal:
        if a.kind not in ("pass", "done", "skip", "decline") and a.kind not in EXTRA_KINDS:
            return a
    return legal[0]


# ---------------------------------------------------------------------------------------- setup, planning
def _keep_objectives(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    # return the objective least likely to be claimed
    return min(legal, key=lambda a: tb.obj_value[A.OBJECTIVE_ID[str(a.args[0])]])


def _keep_one(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    return max(legal, key=lambda a: tb.obj_value[A.OBJECTIVE_ID[str(a.args[0])]])


def _planning(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    """3.2: the contract with the best expected value, else Stay at Base."""
    kp = prestige_worth(s, me)
    pl = s.players[me]
    best: Action | None = None
    best_v = STAY_VALUE
    if s.turn > LONG_GAME:  # anti-stall: in a game that drags on, staying at base loses its appeal
        best_v *= max(0.0, 1.0 - (s.turn - LONG_GAME) / 40.0)
    if s.n == 1 and WIN - pl.prestige > 0 and SOLO_TURNS - s.turn + 1 <= 4:
        best_v = 0.5  # late in a solo game staying at base cannot win
    solo_kinds = {tb.solo_obj[o] for o in pl.objectives if o in tb.solo_obj}
    bounds: list[float] = []  # the candidates (a bound on their value, contract, action), in legal order
    cs: list[int] = []
    acts: list[Action] = []
    worst: Action | None = None
    worst_d = -1e9
    for a in legal:
        if a.kind != "take":
            continue
        c = TAKE_CONTRACT[a.index]
        if DIFFICULTY[c] > worst_d:
            worst_d, worst = DIFFICULTY[c], a
        ct = CAT.contracts[c]
        bound = 0.9 * (kp * ct.prestige + CREDIT_VALUE * ct.credits + BONUS_VALUE * ct.bonus)
        if ct.kind in solo_kinds:
            bound += 0.8 * kp
        if ct.prestige and pl.prestige + ct.prestige >= WIN:
            bound += 9.0
        if bound > best_v:
            bounds.append(bound)
            cs.append(c)
            acts.append(a)
    if bounds:
        pn = plan_engine(tb, s, me, pl.hand, 1.0)
        mercs = Mercs(tb, s.merc_row) if s.n <= 2 and s.merc_row else None
        if s.n <= 2:  # a cheap bound: the total shortfall is at least total needs − total capacity
            dmg = 0.0
            for x in pn.dmg:
                dmg += x
            red = 0
            for k in pn.reduce:
                red += k
            cap = (pn.r + pn.t + pn.shields + dmg + pn.crew + pn.crew_other + pn.reduce_any
                   + red + (mercs.total if mercs is not None else 0))
            for i in range(len(bounds)):
                deficit = REQ_TOTAL[cs[i]] - cap
                if deficit > 0:
                    bounds[i] = bounds[i] * math.exp(-1.1 * deficit)
        order: list[int] = []  # by bound, highest first; equal bounds in legal order (a stable sort)
        for i in range(len(bounds)):
            b = bounds[i]
            j = len(order)
            while j > 0 and bounds[order[j - 1]] < b:
                j -= 1
            order.insert(j, i)
        for i in order:
            if bounds[i] <= best_v:
                break  # no later contract can beat the best so far
            v = contract_value(tb, s, me, cs[i], pn, kp, mercs)[0]
            if v > best_v:
                best_v, best = v, acts[i]
    if best is not None:
        return best
    if worst is not None and pl.credits >= SWAP_MIN_CREDITS:
        swap = A.SWAP[TAKE_CONTRACT[worst.index]]
        if has(legal, swap):
            return swap  # 3.2.1: one paid swap, then decide again
    return A.STAY if has(legal, A.STAY) else legal[-1]


TAKE_CONTRACT: Final = [-1] * len(A.SPACE)
for _ci, _act in enumerate(A.TAKE):
    TAKE_CONTRACT[_act.index] = _ci


def _difficulty(c: int) -> float:
    ct = CAT.contracts[c]
    return sum(ct.req) + 1.5 * ct.dice - 1.5 * ct.prestige - 0.3 * ct.credits - ct.bonus


DIFFICULTY: Final = [_difficulty(c.id) for c in CAT.contracts]
REQ_TOTAL: Final = [sum(c.req) for c in CAT.contracts]


def _stay_replace(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    """3.2.4c: send the hardest contract for its reward to the bottom (keeps the display moving)."""
    worst = None
    wv = 6.0
    for a in legal:
        if a.kind == "replace":
            v = DIFFICULTY[A.CONTRACT_ID[str(a.args[0])]]
            if v > wv:
                wv, worst = v, a
    if worst is not None:
        return worst
    return A.SKIP if has(legal, A.SKIP) else legal[-1]


# ---------------------------------------------------------------------------------------- negotiation
class EvalMemo:
    """`my_eval`'s result for contract `c`, with what `_evaluate` read besides the plan: the player
    count, the leader's Prestige and objectives, and the Mercenary row (at 1–2 players)."""

    __slots__ = ("c", "n", "prestige", "objectives", "row", "ev")

    def __init__(self, c: int, n: int, prestige: int, objectives: list[int], row: list[int],
                 ev: Eval) -> None:
        self.c = c
        self.n = n
        self.prestige = prestige
        self.objectives = objectives
        self.row = row
        self.ev = ev


def my_eval(tb: CardTables, s: MoonrakersState, me: int, c: int) -> Eval:
    """The Mission Leader's evaluation of contract `c` (asked again at each step of a negotiation;
    memoized with its plan for tables without a `solo_odds` search)."""
    pl = s.players[me]
    memo = _plan_memo(tb, s, me, pl.hand, 1.0)
    n = s.n
    cache = tb.solo_odds is None
    if cache:
        for e in memo.evals:
            if (e.c == c and e.n == n and e.prestige == pl.prestige and e.objectives == pl.objectives
                    and (n > 2 or e.row == s.merc_row)):
                return e.ev
    mercs = Mercs(tb, s.merc_row) if n <= 2 and s.merc_row else None
    ev = _evaluate(tb, s, me, c, memo.plan, prestige_worth(s, me), mercs)
    if cache:
        memo.evals.append(EvalMemo(c, n, pl.prestige, pl.objectives.copy(),
                                   s.merc_row.copy() if n <= 2 else [], ev))
    return ev


def _invitees(s: MoonrakersState, me: int, k: int) -> list[int]:
    others = [(me + i) % s.n for i in range(1, s.n)]
    others.sort(key=lambda p: (s.players[p].prestige, (p - me) % s.n))
    return sorted(others[:k])


def invite_step(legal: list[Action], want: list[int]) -> Action | None:
    """At an invite step (3.3.3): invite the seat asked about if it is in `want`, else exclude it."""
    for a in legal:
        if a.kind == "invite" and A.SEAT_OF[str(a.args[0])] in want:
            return a
    for a in legal:
        if a.kind == "exclude":
            return a
    return None


def negotiate_step(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    assert isinstance(top, Negotiate)
    neg = top
    c = neg.contract
    ct = CAT.contracts[c]
    step = neg.step
    if step == OPEN:
        if neg.accepted and has(legal, A.START):
            return A.START
        if neg.round == 0:
            if s.n < ALLY_MIN_PLAYERS:
                return A.SOLO
            ev = my_eval(tb, s, me, c)
            if ev.allies == 0 or not has(legal, A.PROPOSE):
                return A.SOLO
            return A.PROPOSE
        return A.PROPOSE if has(legal, A.PROPOSE) and neg.round < 2 else A.SOLO
    legal = [a for a in legal if a.kind != "solo"] or legal  # solo is open at every step (3.3.3)
    if step == INVITE:
        ev = my_eval(tb, s, me, c)
        k = max(1, ev.allies + (1 if neg.round >= 2 else 0))
        return invite_step(legal, _invitees(s, me, min(k, s.n - 1))) or legal[0]
    if step in (PRESTIGE, CREDITS, BONUS):
        parts = len(neg.invitees) + 1
        r = neg.round
        k = step - PRESTIGE
        total = (ct.prestige, ct.credits, ct.bonus)[k]
        given = sum(sh[k] for sh in neg.shares[: neg.cursor])
        amount = total // parts
        if step == CREDITS and amount == 0 and total - given >= 2:
            amount = 1
        elif step == PRESTIGE and r < 2 and ct.credits >= parts:
            amount = 0  # first offer: credits only
        elif step == PRESTIGE and amount == 0 and r >= 2 and total - given >= 2:
            amount = 1
        elif step == BONUS and r < 3:
            amount = 0
        return legal[min(amount, len(legal) - 1)]
    if step == REP:
        for a in legal:
            if A.SEAT_OF[str(a.args[0])] == me:
                return a
        return legal[0]
    if step == DICE:
        for a in legal:  # a die costs nothing to someone without Prestige
            p = A.SEAT_OF[str(a.args[1])]
            if p != me and s.players[p].prestige == 0:
                return a
        for a in legal:
            if A.SEAT_OF[str(a.args[1])] == me:
                return a
    return legal[0]


def answer_step(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    terms = answer_terms(tb, s, me, top)
    return A.ACCEPT if terms is not None and terms[0] > terms[1] else A.DECLINE


def answer_terms(tb: CardTables, s: MoonrakersState, me: int, top: object) -> tuple[float, float, int] | None:
    """An invitee's answer (3.3.3) as (value of joining, the bar it must pass, the contract), or None
    when it declines whatever the value (no proposal, or joining hands the leader the game)."""
    assert isinstance(top, Answer)
    neg = next((f for f in reversed(s.stack) if isinstance(f, Negotiate)), None)
    if neg is None:
        return None
    ml = neg.player
    ct = CAT.contracts[neg.contract]
    sh = neg.shares[top.index]
    kp = prestige_worth(s, me)
    mine = s.players[me]
    lead = s.players[ml]
    ml_prestige = ct.prestige - sum(x[0] for x in neg.shares)
    if (s.n >= 2 and lead.prestige + ml_prestige >= WIN and lead.prestige + ml_prestige
            >= mine.prestige + sh[0]):
        return None  # do not hand the leader the game
    dice = sum(1 for d in neg.dice if d == me)
    shields = sum(1 for c in mine.hand if c == SHIELD)
    loss = min(max(0.0, dice - shields), mine.prestige + sh[0])
    value = kp * sh[0] + sh[1] + BONUS_VALUE * sh[2] + (1.0 if s.bt else 0.0) - kp * loss
    bar = 0.5
    if tb.rivalry_2p or tb.rivalry:  # what joining gives the leader counts against it
        ml_value = (kp * ml_prestige + ct.credits - sum(x[1] for x in neg.shares)
                    + BONUS_VALUE * (ct.bonus - sum(x[2] for x in neg.shares)))
        rivalry = tb.rivalry_2p if s.n == 2 else tb.rivalry / (s.n - 1)
        if lead.prestige < mine.prestige:
            rivalry *= 0.5
        bar += rivalry * ml_value
    return value, bar, neg.contract


# ---------------------------------------------------------------------------------------- execution
def needs_left(s: MoonrakersState) -> list[int]:
    """What is still missing per requirement type (≤ 0: met)."""
    ex = s.ex
    assert ex is not None
    r0, r1, r2, r3, r4 = CAT.contracts[ex.contract].req
    red = ex.reduce
    pool = ex.pool
    n0 = r0 - red[0]
    n1 = r1 - red[1]
    n2 = r2 - red[2]
    n3 = r3 - red[3]
    n4 = r4 - red[4]
    return [(n0 if n0 > 0 else 0) - pool[0], (n1 if n1 > 0 else 0) - pool[1], (n2 if n2 > 0 else 0) - pool[2],
            (n3 if n3 > 0 else 0) - damage_total(ex), (n4 if n4 > 0 else 0) - pool[4]]


def at_risk(s: MoonrakersState, me: int) -> bool:
    ex = s.ex
    assert ex is not None
    st = ex.seats[me]
    if exposed(st) <= 0:  # reputation-blocked dice (Binding Ties) count for nothing
        return False
    if s.players[me].prestige > 0:
        return True
    i = ex.order.index(me)
    return ex.deal[i][0] > 0


def _card_score(tb: CardTables, card: int, need: list[int], actions: int, risk: bool) -> float:
    """How much playing `card` helps now (0: not at all)."""
    if card == REACTOR:
        return 3.0 if need[0] > 0 else 0.0
    if card == THRUSTER:
        return 2.0 if need[1] > 0 else 0.0
    if card == SHIELD:
        return (2.0 if need[2] > 0 else 0.0) + (1.0 if risk else 0.0)
    if card == MISS:
        return 0.0
    if card < 7:
        v = card - DMG1 + 1
        return min(v, need[3]) * 1.0 if need[3] > 0 else 0.0
    k = card - CREW0
    sc = 0.0
    if need[4] > 0:
        sc += 2.5
    if tb.crew_dmg[k] and need[3] > 0:
        sc += min(tb.crew_dmg[k], need[3])
    if tb.crew_shield[k] and (need[2] > 0 or risk):
        sc += 1.5
    rt = tb.crew_red_t[k]
    if (rt == -1 and (need[0] > 0 or need[1] > 0 or need[2] > 0 or need[3] > 0 or need[4] > 0)) or (
            rt >= 0 and need[rt] > 0):
        sc += 1.5 * tb.crew_red_n[k]
    if tb.crew_draw[k]:
        sc += 0.6 * tb.crew_draw[k]
    if tb.crew_act[k] >= 0:
        sc += 1.0 + tb.crew_act[k]
    return sc


USE_RULES: Final[dict[str, Callable[[list[int], bool, int], bool]]] = {
    "damage-short": lambda need, risk, act: need[3] > 0,
    "shield-short": lambda need, risk, act: need[2] > 0,
    "at-risk": lambda need, risk, act: risk,
    "never": lambda need, risk, act: False,
    "short-no-actions": lambda need, risk, act: act == 0 and any(n > 0 for n in need),
}
"""When to use an activated part, by its bot hint's `use_when` (`hints.USE_WHEN`); without one: while a
requirement is unmet (`_use_ok`)."""
_USE_WHEN: Final = {p.slug: USE_RULES[p.bot.use_when] for p in CAT.parts if p.bot.use_when}


def _use_ok(tb: CardTables, slug: str, need: list[int], risk: bool, actions: int) -> bool:
    fn = tb.use_when.get(slug)
    if fn is None:
        return any(n > 0 for n in need)
    return fn(need, risk, actions)


ACTION_CARD: Final = [-1] * len(A.SPACE)
"""Action-deck card id named by a play / merc / trash / discard / choose action (by action index)."""
for _table in (A.PLAY, A.MERC, A.TRASH, A.DISCARD, A.CHOOSE):
    for _card, _act in enumerate(_table):
        ACTION_CARD[_act.index] = _card
PLAY_REACTOR: Final = A.PLAY[REACTOR]
PLAY_THRUSTER: Final = A.PLAY[THRUSTER]
PLAY_SHIELD: Final = A.PLAY[SHIELD]
BLOCK_PARTS: Final = frozenset(p.slug for p in CAT.parts if blocks_die(p))


def _execution(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    """3.4.3: Reactors first, crew that pay for themselves, Thrusters while Actions last, then the card
    that fills the most of what is missing, useful part abilities, Mercenary cards, else pass."""
    ex = s.ex
    assert ex is not None
    st = ex.seats[me]
    need = needs_left(s)
    unmet = need[0] > 0 or need[1] > 0 or need[2] > 0 or need[3] > 0 or need[4] > 0
    risk = at_risk(s, me)
    actions = st.actions
    if not unmet:
        if risk:
            for a in legal:
                if a is PLAY_SHIELD:
                    return a
                c = ACTION_CARD[a.index]
                if a.kind == "play" and c >= CREW0 and tb.crew_shield[c - CREW0]:
                    return a
            for a in legal:
                if a.kind == "use" and str(a.args[0]) in tb.block_parts:
                    return a
        return A.PASS
    best: Action | None = None
    best_sc = 0.0
    useful = 0
    has_reactor = has_thruster = False
    pay_back: Action | None = None
    pb = -1.0
    uses: list[Action] = []
    mercs: list[Action] = []
    for a in legal:
        k = a.kind
        if k == "play":
            c = ACTION_CARD[a.index]
            if c == REACTOR:
                has_reactor = True
            elif c == THRUSTER:
                has_thruster = True
            sc = _card_score(tb, c, need, actions, risk)
            if sc > 0:
                useful += 1
                if sc > best_sc:
                    best_sc, best = sc, a
            if c >= CREW0 and tb.crew_act[c - CREW0] >= 0:
                v = tb.crew_act[c - CREW0] * 10.0 + sc
                if v > pb:
                    pb, pay_back = v, a
        elif k == "use":
            uses.append(a)
        elif k == "merc":
            mercs.append(a)
    if has_reactor and (need[0] > 0 or actions <= useful or actions <= 1 and len(s.players[me].hand) > 1):
        return PLAY_REACTOR
    if pay_back is not None:
        return pay_back  # crew that pay for themselves (or better), most extra Actions first
    if has_thruster and (need[1] > 0 or actions >= 2):
        pl = s.players[me]
        if need[1] > 0 or pl.draw or pl.discard:
            return PLAY_THRUSTER
    if best is not None:
        return best
    for a in uses:
        if _use_ok(tb, str(a.args[0]), need, risk, actions):
            return a
    if mercs:
        m = _merc_choice(tb, s, me, need, mercs)
        if m is not None:
            return m
    return A.PASS


def _merc_choice(tb: CardTables, s: MoonrakersState, me: int, need: list[int],
                 mercs: list[Action]) -> Action | None:
    """A Mercenary card filling an unmet requirement, when the row can finish the contract."""
    sf = [float(max(0, n)) for n in need]
    left, _, _ = _merc_cover(Mercs(tb, s.merc_row), sf[0], sf[1], sf[2], sf[3], sf[4])
    if left > 0.01:
        return None
    best: Action | None = None
    best_sc = 0.0
    for a in mercs:
        c = ACTION_CARD[a.index]
        if c < 3:
            sc = 3.0 if need[c] > 0 else 0.0
        elif c <= DMG3:
            sc = 2.0 + min(c - DMG1 + 1, need[3]) if need[3] > 0 else 0.0
        else:
            k = c - CREW0
            sc = 0.0
            if need[4] > 0:
                sc = 2.5
            elif tb.crew_dmg[k] and need[3] > 0:
                sc = 1.0
        if sc > best_sc:
            best_sc, best = sc, a
    return best


# ---------------------------------------------------------------------------------------- choices
def _generic(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action | None:
    """Effects' follow-up choices and any decision this bot has no special rule for."""
    kinds: dict[str, list[Action]] = {}
    for a in legal:
        kinds.setdefault(a.kind, []).append(a)
    stop = None
    for w in ("done", "skip", "no", "pass"):
        if w in kinds:
            stop = kinds[w][0]
            break
    ex = s.ex
    need = needs_left(s) if ex is not None and me in ex.seats else [0, 0, 0, 0, 0]
    risk = ex is not None and me in ex.seats and at_risk(s, me)
    actions = ex.seats[me].actions if ex is not None and me in ex.seats else 1
    # the common choices as plain loops (no closures: the compiled build keeps the locals native);
    # the first best option wins, as with max/min
    if "reduce" in kinds:
        pick: Action | None = None
        pv = 0
        for a in kinds["reduce"]:
            n = need[A.REQ_OF[str(a.args[0])]]
            if pick is None or n > pv:
                pick, pv = a, n
        return pick
    for k in ("trash", "discard"):
        if k in kinds:
            worst: Action | None = None
            wv = 0.0
            for a in kinds[k]:
                c = ACTION_CARD[a.index]
                v = tb.card_value[c] + _card_score(tb, c, need, actions, risk)  # its keep value
                if worst is None or v < wv:
                    worst, wv = a, v
            assert worst is not None
            if stop is None or ACTION_CARD[worst.index] == MISS:
                return worst
            if k == "discard" and wv < 2.0:
                return worst
            return stop
    for k in ("choose", "play"):
        if k in kinds:
            best: Action | None = None
            bv = 0.0
            for a in kinds[k]:
                c = ACTION_CARD[a.index]
                v = _card_score(tb, c, need, actions, risk) + 0.1 * tb.card_value[c]
                if best is None or v > bv:
                    best, bv = a, v
            return best
    return _generic_rest(tb, s, me, top, legal, kinds, stop, need, risk, actions)


def _generic_rest(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action],
                  kinds: dict[str, list[Action]], stop: Action | None, need: list[int], risk: bool,
                  actions: int) -> Action | None:
    """`_generic` for the rarer choices (dice, factions, bonus cards, options, objectives)."""
    ex = s.ex
    if "target" in kinds:
        st = ex.seats[me] if ex is not None and me in ex.seats else None
        dice = st.dice if st is not None else []

        def icons(a: Action) -> int:  # a die blocked with reputation costs nothing: never worth a re-roll
            i = int(a.args[0]) - 1
            return dice[i] if 0 <= i < len(dice) and st is not None and not is_blocked(st, i) else 0

        pick = max(kinds["target"], key=icons)
        if stop is not None:  # optional: re-roll only 2-icon dice (a re-roll averages 1), discard any icon
            reroll = isinstance(top, Choice) and top.key == K_REDACTED  # Redacted: re-roll or discard a die
            if icons(pick) < (2 if reroll else 1):
                return stop
        return pick
    if "faction" in kinds:
        key = top.key if isinstance(top, Choice) else ""
        if key in PAY_KEYS:  # paying reputation: only while it helps, from the least-held colour
            if key != "rep-pay" and stop is not None and (not any(n > 0 for n in need) or
                                                           key == "bt-lr" and need[3] <= 0):
                return stop
            try:
                return best_payment(s, me, kinds["faction"])
            except (KeyError, ValueError):
                pass
        if key in NO_GAIN_KEYS and stop is not None:
            return stop
        rep = s.players[me].rep

        def fv(a: Action) -> int:  # gaining: toward 5 of one colour (+1 Prestige)
            k = FACTION_ID.get(str(a.args[0]), -1)
            return rep[k] if 0 <= k < 5 and rep[k] < 5 else -1

        return max(kinds["faction"], key=fv)
    if "yes" in kinds:
        return kinds["yes"][0]
    if "bonus-part" in kinds or "bonus-crew" in kinds:
        return _bonus(tb, s, me, top, legal)
    if "scrap" in kinds:
        return _scrap(tb, s, me, top, legal)
    if "option" in kinds:
        return _option(tb, s, me, top, kinds["option"], need, risk, actions)
    if "keep" in kinds:
        return max(kinds["keep"], key=lambda a: tb.obj_value[A.OBJECTIVE_ID.get(str(a.args[0]), 0)])
    if "return" in kinds:
        return min(kinds["return"], key=lambda a: tb.obj_value[A.OBJECTIVE_ID.get(str(a.args[0]), 0)])
    if "accept" in kinds:
        return kinds["accept"][0]
    return stop


FACTION_ID: Final = {f: i for i, f in enumerate(FACTIONS)}
PAY_KEYS: Final = frozenset({"rep-pay", "bt-linus-pay", "bt-taygar", "bt-finneal", "bt-lr"})
"""Binding Ties choices whose faction options spend reputation (the others gain it)."""
NO_GAIN_KEYS: Final = frozenset({"bt-trash-self"})
"""Optional gains that cost a card: declined."""


def _option(tb: CardTables, s: MoonrakersState, me: int, top: object, opts: list[Action], need: list[int],
            risk: bool, actions: int) -> Action:
    """"Either … or …" crew abilities: score each branch's ops against what is still needed."""
    try:
        from spacetable.games.moonrakers import crew_effects as CE

        assert isinstance(top, Choice)
        branches = CE.crew_choice(top).ctx.op().options
    except Exception:  # noqa: BLE001  (another helper's internals: fall back to the first option)
        return opts[0]
    unmet = any(n > 0 for n in need)
    hand_useful = any(_card_score(tb, c, need, actions, risk) > 0 for c in s.players[me].hand)

    def score(i: int) -> float:
        v = 0.0
        for op in CE.LISTS[branches[i]]:
            o = op.op
            if o == "actions":
                v += op.n * (1.5 if unmet and hand_useful and actions == 0 else 0.4)
            elif o == "draw":
                v += 0.7 * op.n if unmet else 0.1
            elif o == "block":
                v += 1.5 * op.n if risk else 0.1
            elif o == "reduce":
                v += 1.8 * min(op.n, max(0, need[op.type]))
            elif o == "reduce_any":
                v += 1.8 * min(op.n, max(need))
            elif o == "play_as":
                t = op.type
                if t == 3:
                    v += min(max(op.n, 1), max(0, need[3]))
                else:
                    v += (2.0 if need[t] > 0 else 0.0) + (1.0 if t == 2 and risk else 0.0)
            elif o in ("gain_objective", "credits", "gain_prestige"):
                v += 0.8 * max(op.n, 1)
        return v

    best = max(range(len(opts)), key=lambda i: score(i) if i < len(branches) else -1.0)
    return opts[best]


# ---------------------------------------------------------------------------------------- armory
def _bonus(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    if has(legal, A.BONUS_PART) and (len(s.players[me].parts) < 4 or not has(legal, A.BONUS_CREW)):
        return A.BONUS_PART
    return A.BONUS_CREW if has(legal, A.BONUS_CREW) else legal[0]


def _scrap(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    return min(legal, key=lambda a: tb.part_value[A.PART_ID[str(a.args[0])]] if a.kind == "scrap" else 99.0)


def _buy(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    pl = s.players[me]
    parts = pl.parts
    weakest = 0.0
    if parts:
        weakest = tb.part_value[parts[0]]
        for p in parts:
            v = tb.part_value[p]
            if v < weakest:
                weakest = v
    best: Action | None = None
    best_v = BUY_MIN
    if pl.credits > 6:  # credits only help by buying (and break ties, 7.1)
        best_v -= 0.3 * (pl.credits - 6)
    for a in legal:
        if a.kind != "buy":
            continue
        part = BUY_PART_ID[a.index]
        if part >= 0:
            v = tb.part_value[part]
            if len(parts) >= 4:
                v -= weakest + 1.0
        else:
            v = tb.crew_buy_value[BUY_CREW_ID[a.index]]
        if v > best_v:
            best_v, best = v, a
    if best is not None:
        return best
    return A.DONE if has(legal, A.DONE) else legal[-1]


CREW_IDS: Final = {c.slug: c.id for c in CAT.crew}
BUY_PART_ID: Final = [-1] * len(A.SPACE)
"""The part a ``buy`` action names, by action index (-1: not a part)."""
BUY_CREW_ID: Final = [-1] * len(A.SPACE)
"""The crew card a ``buy`` action names, by action index (-1: not a crew card)."""
for _a in A.BUY_PART:
    BUY_PART_ID[_a.index] = A.PART_ID[str(_a.args[0])]
for _a in A.BUY_CREW:
    if str(_a.args[0]) not in A.PART_ID:
        BUY_CREW_ID[_a.index] = CREW_IDS[str(_a.args[0])]


# ---------------------------------------------------------------------------------------- Binding Ties
def reputation_step(s: MoonrakersState, me: int, legal: list[Action], own: list[Action]) -> Action | None:
    """Spend 5 same-colour reputation for Prestige whenever allowed (other spends: not used)."""
    if len(own) == len(legal):
        return None
    try:
        picks: list[Action] | None = best_spends(s, me)
    except Exception:  # noqa: BLE001  (a helper still in progress must not stop a game)
        picks = None
    if picks:
        for a in legal:
            if a in picks:
                return a
    if has(legal, SPEND_PRESTIGE):
        return SPEND_PRESTIGE
    return None


SPEND_PRESTIGE: Final = A.SPACE.get("spend", "prestige")


Handler = Callable[["CardTables", MoonrakersState, int, object, list[Action]], Action | None]
"""A decision handler: (card tables, state, seat, the deciding frame, legal actions) → a choice."""
DISPATCH: Final[dict[type, Handler]] = {
    KeepObjectives: _keep_objectives,
    KeepOne: _keep_one,
    Planning: _planning,
    StayReplace: _stay_replace,
    Negotiate: negotiate_step,
    Answer: answer_step,
    PlayTurn: _execution,
    Choice: _generic,
    BonusCard: _bonus,
    Scrap: _scrap,
    Buy: _buy,
}

GREEDY_TABLES: Final = CardTables(
    crew_act=CREW_ACT, crew_draw=CREW_DRAW, crew_dmg=CREW_DMG, crew_shield=CREW_SHIELD,
    crew_red_t=CREW_RED_T, crew_red_n=CREW_RED_N, card_value=CARD_VALUE, part_value=PART_VALUE,
    part_red=PART_RED, obj_value=OBJ_VALUE, solo_obj=SOLO_OBJ, crew_buy_value=CREW_BUY_VALUE,
    use_when=_USE_WHEN, block_parts=BLOCK_PARTS)
"""The greedy bot's card knowledge (its hand-set tables above)."""

register_bot("moonrakers", "greedy", GreedyBot)
