"""Space Lanes heuristic bot ("heuristic"): a captain that plans its trade two legs ahead on the prices it
has seen, fills the whole hold, prices fuel and risk, and pursues its Goal the fastest legal way.

- **One Trade a turn makes every turn one leg** (L4-L5). The captain trades where it stands at the start
  of its turn (sells, uses the settlement's feature, fills the hold for the next stop, buys the fuel the
  trip needs), flies to that stop and ends its turn there, to trade there next turn. When a trip takes
  more than one turn it trades on arrival instead.
- **Stops two legs ahead.** A next stop C is worth what the hold sells for there, the profit of the hold
  filled here for C (every good C buys, best margin first, 5 a Visit, as far as the purse and the hold
  allow), `GAMMA` × the best leg from C onward, Transport deliveries and goal bonuses, less the fuel
  (`CARD` a card beyond the first move, a lost turn beyond a hand's worth of moves) and the risk of the
  Pirates and Patrols on the cheapest route there (the chance of losing by the ship's odds × what a
  Lose takes). Prices are those of face-up settlements with their Economic events (public).
- **Its Goal.** Explorer (trade at N different settlements) trades at a new settlement each turn;
  Tycoon and Grand Tour sell out once the hold covers the credits; Merchant Prince and Smuggler count
  units (the price table adds to those sales); Courier, Bounty Hunter and Pirate Hunter dig the deck for
  the cards they need (`DIG_HAND`); the Faction goals head for their office once they can pay its
  rising price. With the goal reached on a settlement it ends the turn (L21).
- Engagements, cards against the leader, PvP and the Exploration search are those of `heuristic-v1`
  (spacelanes_heuristic_v1.py), which this bot extends.

Card value is read from the card data (kind, cost, modifiers, prices, rewards), never from a table of
card names. The bot reads only what its seat may know (public board and ships, its own hand and goal,
the legal actions), so it chooses the same from a `determinize`d copy.
"""

from __future__ import annotations

import heapq
from typing import Final

from mypy_extensions import mypyc_attr

from spacetable.bots.base import register_bot
from spacetable.bots.spacelanes_greedy import _Market, card_of
from spacetable.bots.spacelanes_heuristic_v1 import SEEK_BONUS
from spacetable.bots.spacelanes_heuristic_v1 import _Planner as _V1Planner
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.games.spacelanes import actions as SA
from spacetable.games.spacelanes.actions import BUY, SELL
from spacetable.games.spacelanes.board import ADJ, ENDS, NSLOTS
from spacetable.games.spacelanes.card_play import TargetFrame
from spacetable.games.spacelanes.common import HAND_LIMIT, cargo_limit, matches, mod
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import CONTRABAND, NGOODS, CardType
from spacetable.games.spacelanes.engagements import engagement, odds, parlay_fee, toll
from spacetable.games.spacelanes.goals import goal_value
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.trade import BUY_LIMIT, buy_limit, in_stock, office_price, repair_price
from spacetable.games.spacelanes.travel import fuel_need

__all__ = ["SEEK_BONUS", "HeuristicSpaceLanesBot", "_Planner"]

CT = CONTENT.card_types
TYPE = CONTENT.deck
SETTLE = CONTENT.settlements
CARD: Final = 100
"""A fuel card's price (L5): each move after the first costs one (L6)."""
TURN_VALUE: Final = 1500
"""What a turn of the race is worth in credits (a good trade leg nets 1 500-2 500)."""
GAMMA: Final = 0.6
"""Weight of the best leg after the next stop (two legs ahead)."""
KEEP_GAP: Final = 300
"""A good is carried on rather than sold where it stands when some settlement pays more than this more a
unit (`sells_at`); until then it is worth its best price less twice this."""
CONTRABAND_RISK: Final = 150
"""Per unit of Contraband in a trade leg: the Patrols' risk (L16), for every goal (Smuggler's price table
adds 400 to its Contraband sales)."""
MARKET_BONUS: Final = 5000
"""Explorer: a settlement not yet traded at is worth this as the next stop."""
DIG_HAND: Final = 10
"""Goals that need cards (Transports, Bounties, Pirates) keep buying the hand up to this."""
RESERVE: Final = 500
"""Credits kept after filling the hold and the fuel (a toll, a repair)."""
LOSE_EXTRA: Final = 1100
"""What a lost engagement costs beyond the goods: a repair (500) or a skipped turn, and the trip."""
FIGHT_KINDS: Final = ("pirates_won", "bounties")
CARD_GOALS: Final = ("transports", "bounties", "pirates_won")
"""Goals that advance by cards drawn (Transports, Bounties, Pirates to fight)."""
UNIT_VALUE: Final = 250
"""Merchant Prince: what one more unit sold is worth beyond its price (the price table already adds 60),
so the hold is filled with every good that sells on at all."""
OFFICE_BONUS: Final = 40_000
"""Union Ally / Pirate Ally: the office of its Faction as the next stop once the next token is affordable,
above any trade leg (the office rush: a token is a quarter of the goal, a leg a few percent)."""
FACTION_KINDS: Final = ("union", "pirate")
CAPITAL: Final = 1000
"""Credits a Faction goal keeps after buying a token (but the last), to go on trading."""
TOUR_BONUS: Final = 3000
"""Grand Tour: an unvisited Homeworld as the next stop, scaled from 0.3× to 1.3× as the credits fill."""
DIG_RESERVE: Final = 1500
"""Credits a digging captain keeps before it tosses cards to draw new ones."""
FIGHT_VALUE: Final = 5000
"""What a won fight is worth to Pirate Hunter (one of its few Wins) when it plays its own Pirates."""
FIGHTER_HOLD: Final = 2500
"""Pirate Hunter spends at most this on a hold, so that fighting its own Pirates risks little."""
DELIVERY_VALUE: Final = 3000
"""What a delivery is worth to Courier beyond its reward."""
COURIER_PUSH: Final = 5
"""Courier: a delivery's reward and `DELIVERY_VALUE` count this many times over against a trade leg's
profit (the Transport rush: every Transport loaded and delivered before any trade run)."""
PICKUP_PUSH: Final = 3
"""Courier: the same for pickup places and its other goal stops."""
_LEGS: dict[int, tuple[_Market, list[list[tuple[int, int, int]]]]] = {}
"""By market (its id; the market is held so the id stays its own): for each pair x * NSLOTS + y of
known slots, the goods x sells and y buys as (margin, good, price at x), best margin first."""


def _legs(m: _Market, floor: int) -> list[list[tuple[int, int, int]]]:
    """The table `_LEGS` holds; a good enters a pair's row when its margin is above `floor` (a market is
    made for one goal kind, so each market has one floor)."""
    hit = _LEGS.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1]
    if len(_LEGS) > 4000:
        _LEGS.clear()
    out: list[list[tuple[int, int, int]]] = []
    for x in range(NSLOTS):
        bx = m.buy[x]
        for y in range(NSLOTS):
            sy = m.sell[y]
            row: list[tuple[int, int, int]] = []
            if x != y:
                for g in range(NGOODS):
                    if bx[g] and sy[g] >= m.top[g] - KEEP_GAP and sy[g] - bx[g] > floor:  # sold at y
                        row.append((sy[g] - bx[g] - (CONTRABAND_RISK if g == CONTRABAND else 0), g, bx[g]))
                row.sort(reverse=True)
            out.append(row)
    _LEGS[id(m)] = (m, out)
    return out


def sells_at(m: _Market, c: int, g: int) -> bool:
    """Does the captain sell good g at slot c (rather than carry it on to a better buyer)?"""
    v = m.sell[c][g]
    return v > 0 and v >= m.top[g] - KEEP_GAP


class HeuristicSpaceLanesBot:
    """A Space Lanes captain that trades like a good one; see the module docstring."""

    name = "heuristic"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        assert isinstance(state, SpaceLanesState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return _Planner(state, seat, legal).choose()


@mypyc_attr(allow_interpreted_subclasses=True)  # the rush strategies in benchmarks/ extend it
class _Planner(_V1Planner):
    """heuristic-v1's planner with two-leg trade planning; see the module docstring."""

    _risk: list[float] | None = None
    _rmoves: list[int] | None = None
    _plan: tuple[int, list[tuple[int, int]]] | None = None
    _future: list[float] | None = None

    # ----- what a trip costs ----------------------------------------------------------------------
    def lane_risk(self, ls: int, stake: float) -> float:
        """Expected loss of crossing lane `ls` with `stake` credits of goods aboard: its Pirates or Patrol
        (L14-L16) by the ship's odds, or the cheaper Parlay; a sure Escape in hand caps it."""
        s, p = self.s, self.p
        h = s.hostile[ls]
        if h < 0 or (s.lane[p] == ls and s.engaged[p] == h):
            return 0.0
        t = CT[TYPE[h]]
        if t.kind == "pirates" and self.kind in FIGHT_KINDS:
            return 0.0  # a fight it wants
        pw = odds(t.win - mod(s, p, "win"))
        pe = odds(t.escape - mod(s, p, "escape"))
        fail = 1.0 - max(pw, pe)
        if t.kind == "pirates":
            loss = stake + LOSE_EXTRA + sum(CT[TYPE[c]].reward for c, _ in s.transports[p])
            parlay = 700.0 if s.pirate[p] else 1e9
        else:
            loss = float(s.cargo[p][CONTRABAND] * self.top_sell(CONTRABAND) + LOSE_EXTRA)
            parlay = float(toll(s, p) + parlay_fee(s, p))
        risk = min(fail * loss, parlay)
        for c in s.hand[p]:
            k = CT[TYPE[c]].kind
            if k == "countermeasures" or k == "missiles":
                return min(risk, 350.0)
        return risk

    def stake(self) -> float:
        """What the hold will be worth on the next trip: the hold now, or a full hold if the Trade
        (and its buying) is still to come."""
        s, p = self.s, self.p
        v = float(self.hold_value(p))
        if s.trade_state < 2 and s.node[p] >= 0:
            v = max(v, 3000.0)
        return v

    def risky_routes(self) -> tuple[list[int], list[float]]:
        """Moves and risk to every slot along the cheapest route from here (fuel at `CARD` a move plus
        the risk of each hostile lane crossed), computed once per decision."""
        if self._rmoves is not None and self._risk is not None:
            return self._rmoves, self._risk
        s, p = self.s, self.p
        base = self.moves_from_here()
        if not any(h >= 0 for h in s.hostile):
            self._rmoves, self._risk = base, [0.0] * NSLOTS
            return base, self._risk
        st = self.stake()
        dist = self.dist
        lrisk = [self.lane_risk(ls, st) for ls in range(len(ENDS))]
        inf = 1e18
        cost = [inf] * NSLOTS
        moves = [0] * NSLOTS
        risk = [0.0] * NSLOTS
        heap: list[tuple[float, int]] = []
        if s.node[p] >= 0:
            cost[s.node[p]] = 0.0
            heap.append((0.0, s.node[p]))
        else:  # on a lane: onward, never back to where it launched from
            here = lrisk[s.lane[p]]
            for end, k in self.lane_exits():
                c = CARD * k + here
                if c < cost[end]:
                    cost[end], moves[end], risk[end] = c, k, here
                    heap.append((c, end))
            heapq.heapify(heap)
        while heap:
            c, n = heapq.heappop(heap)
            if c > cost[n]:
                continue
            for ls, m in ADJ[n]:
                k = dist[ls] + 1
                nc = c + CARD * k + lrisk[ls]
                if nc < cost[m]:
                    cost[m], moves[m], risk[m] = nc, moves[n] + k, risk[n] + lrisk[ls]
                    heapq.heappush(heap, (nc, m))
        for x in range(NSLOTS):
            if cost[x] >= inf:
                moves[x], risk[x] = base[x], 0.0
        self._rmoves, self._risk = moves, risk
        return moves, risk

    def trip_cost(self, moves: int, free: int) -> float:
        """Fuel for `moves` from the start of a turn (the first move is free, `free` more too) and a turn
        for every hand's worth of moves beyond the first turn's."""
        fuel = max(0, moves - 1 - free)
        extra = max(0, moves - 1) // (HAND_LIMIT + 1)
        return float(CARD * fuel + TURN_VALUE * extra + 2 * moves)  # (a free move still costs a little)

    def moves_from_here(self) -> list[int]:
        """Moves to every slot; on a lane, onward only (`lane_exits`)."""
        s, p = self.s, self.p
        if s.node[p] >= 0:
            return self.routes(s.node[p])[0]
        out = [1 << 30] * NSLOTS
        for end, k in self.lane_exits():
            mv = self.routes(end)[0]
            for x in range(NSLOTS):
                if k + mv[x] < out[x]:
                    out[x] = k + mv[x]
        return out

    def lane_exits(self) -> list[tuple[int, int]]:
        """On a lane: (end, moves to it) for the ends it may fly on to: the one it did not launch from
        (both if it launched from neither, e.g. it started the game there)."""
        s, p = self.s, self.p
        ls = s.lane[p]
        a, b = ENDS[ls]
        out = [(a, s.mark[p]), (b, self.dist[ls] + 1 - s.mark[p])]
        onward = [e for e in out if e[0] != s.last_landed[p]]
        return onward if len(onward) == 1 else out

    def free_now(self) -> int:
        """Moves this turn that need no fuel card: the first (if not made yet) and the free moves."""
        s = self.s
        return s.free_moves + (0 if s.moves_made else 1) - 1

    # ----- trade legs -----------------------------------------------------------------------------
    def fill(self, x: int, y: int, room: int, cash: int, live: bool) -> tuple[float, list[tuple[int, int]]]:
        """The hold bought at x for sale at y: (profit, [(good, units)]), best margin first, at most 5 of
        a good a Visit (less what was bought this Visit and Economic limits when `live`)."""
        if room <= 0 or cash <= 0:
            return 0.0, []
        s, p = self.s, self.p
        row = _legs(self._market(), -UNIT_VALUE if self.kind == "goods_sold" else 0)[x * NSLOTS + y]
        if not row:
            return 0.0, []
        bonus = mod(s, p, "sell_bonus") + (UNIT_VALUE if self.kind == "goods_sold" else 0)
        profit = 0.0
        got: list[tuple[int, int]] = []
        for margin, g, price in row:
            lim = BUY_LIMIT
            if live:
                if not in_stock(s, x, g):
                    continue
                lim = buy_limit(s, x, g, BUY_LIMIT) - s.bought[p][g]
            k = min(lim, room, cash // price)
            if k <= 0:
                continue
            if margin + bonus <= 0:
                break
            profit += k * (margin + bonus)
            got.append((g, k))
            room -= k
            cash -= k * price
            if room <= 0:
                break
        return profit, got

    def future(self, c: int) -> float:
        """The best leg from stop c onward with an empty hold (two legs ahead)."""
        fut = self._future
        if fut is None:
            fut = self._future = [-1.0] * NSLOTS
        v = fut[c]
        if v >= 0:
            return v
        s, p = self.s, self.p
        cap = cargo_limit(s, p)
        cash = max(0, s.credits[p] - RESERVE) + int(self.hold_value(p))
        mv = self.routes(c)[0]
        best = 0.0
        for d in range(NSLOTS):
            if d == c or not self.known(d):
                continue
            gain = self.fill(c, d, cap, cash, False)[0] - self.trip_cost(mv[d], 0)
            if gain > best:
                best = gain
        fut[c] = best
        return best

    def hold_at(self, c: int) -> float:
        """The hold's worth at stop c: a good sold there (`sells_at`) at its price, one carried on at its
        best known price less twice `KEEP_GAP`."""
        s, p = self.s, self.p
        m = self._market()
        v = 0.0
        for g in range(NGOODS):
            k = s.cargo[p][g]
            if k:
                if sells_at(m, c, g):
                    v += k * (m.sell[c][g] + (UNIT_VALUE if self.kind == "goods_sold" else 0))
                else:
                    v += k * (m.top[g] - 2 * KEEP_GAP)
        return v

    def trading_here(self) -> bool:
        """Is the ship trading now (so the hold is filled here for the next stop)?"""
        s, p = self.s, self.p
        return s.node[p] >= 0 and s.trade_state == 1

    def traded_this_visit(self) -> bool:
        s, p = self.s, self.p
        return s.feature_used[p] or any(s.bought[p])

    def cash_for_goods(self, moves: int) -> int:
        """Credits the hold may take: the purse less the fuel the trip needs beyond the hand and a
        reserve; a credit-goal captain does not spend below its target once it is near."""
        s, p = self.s, self.p
        fuel = max(0, moves - 1 - s.free_moves - len(s.hand[p]))
        cash = s.credits[p] - CARD * min(fuel, 10) - RESERVE
        target = self.credit_target()
        if target and s.credits[p] + self.hold_value(p) >= target:
            return 0
        if self.kind == "pirates_won":
            cash = min(cash, FIGHTER_HOLD)  # a small hold: its own Pirates are fought with it aboard
        return max(0, cash)

    def stop_value(self, c: int, fill: bool) -> tuple[float, list[tuple[int, int]]]:
        """What stop c is worth from here (see the module docstring); with `fill`, the hold bought here
        for c is counted and returned."""
        s, p = self.s, self.p
        moves, risk = self.risky_routes()
        m = moves[c]
        v = self.hold_at(c) + self.transport_bonus(c) + self.goal_bonus(c)
        got: list[tuple[int, int]] = []
        if fill:
            here = s.node[p]
            room = cargo_limit(s, p) - sum(s.cargo[p])
            gain, got = self.fill(here, c, room, self.cash_for_goods(m), True)
            v += gain
        v += GAMMA * self.future(c)
        return v - self.trip_cost(m, self.free_now()) - risk[c], got

    def plan(self) -> tuple[int, list[tuple[int, int]]]:
        """(next stop, the goods to buy here for it), once per decision. The stop may be where the ship
        stands when it has just landed there (end the turn here, or trade here if this turn's Trade is
        still to come); a ship that has not moved this turn leaves, and one on a lane never turns back."""
        if self._plan is not None:
            return self._plan
        s, p = self.s, self.p
        if self._fixed >= 0:
            self._plan = (self._fixed, [])
            return self._plan
        if self.goal_done():
            self._plan = (super().destination(), [])
            return self._plan
        at = s.node[p]
        fill = self.trading_here()
        stay = at >= 0 and s.moves_made > 0 and s.trade_state != 1 and s.travel_state < 2
        skip = -1 if stay else at if at >= 0 else s.last_landed[p]
        moves = self.risky_routes()[0]
        best, arg, goods = -1e18, -1, []
        for c in range(NSLOTS):
            if c == skip:
                continue
            if not self.known(c) and not self.seeking():
                v = float(self.goal_bonus(c)) - self.trip_cost(moves[c], self.free_now())
                g: list[tuple[int, int]] = []
            else:
                v, g = self.stop_value(c, fill and c != at)
            if v > best:
                best, arg, goods = v, c, g
        self._plan = (arg, goods)
        return self._plan

    def destination(self) -> int:
        return self.plan()[0]

    def next_hop(self, dest: int) -> int:
        """Toward `dest` along the route the risk was priced on (the cheapest, not always the shortest);
        on a lane, onward (`lane_exits`)."""
        s, p = self.s, self.p
        if s.lane[p] >= 0:
            exits = self.lane_exits()
            if len(exits) == 1:
                return exits[0][0]
            return min(exits, key=lambda e: e[1] + self.routes(e[0])[0][dest])[0]
        if not any(h >= 0 for h in s.hostile):
            return super().next_hop(dest)
        moves, risk = self.risky_routes()
        best, arg = 1e18, -1
        if s.node[p] >= 0:
            for ls, m in ADJ[s.node[p]]:
                mv = self.routes(m)[0]
                c = CARD * (self.dist[ls] + 1) + self.lane_risk(ls, self.stake()) + CARD * mv[dest]
                if m == dest:
                    c = CARD * (self.dist[ls] + 1) + self.lane_risk(ls, self.stake())
                if c < best:
                    best, arg = c, m
            return arg
        return super().next_hop(dest)

    # ----- goal values ----------------------------------------------------------------------------
    def transport_bonus(self, slot: int) -> int:
        """Transports delivered on landing at `slot` (L5): their rewards, and `DELIVERY_VALUE` each to a
        Courier."""
        s, p = self.s, self.p
        v = 0
        for cid, pk in s.transports[p]:
            t = CT[TYPE[cid]]
            if slot != pk and self.known(slot) and matches(s, t.to, slot):
                v += (t.reward + DELIVERY_VALUE) * COURIER_PUSH if self.kind == "transports" else t.reward
        return v

    def goal_bonus(self, slot: int) -> int:
        s, p = self.s, self.p
        if self.kind == "markets":
            if not self.known(slot):
                return 600
            return MARKET_BONUS if not s.traded[p] >> slot & 1 else 0
        if self.kind == "homeworlds" and self.known(slot):
            if not SETTLE[s.slot_set[slot]].homeworld or s.visited[p] >> slot & 1:
                return 0
            # Grand Tour: a Homeworld is a short detour; it grows urgent as the credits part fills
            return int(TOUR_BONUS * (0.3 + min(1.0, s.credits[p] / max(1, self.credit_target()))))
        if self.kind in FACTION_KINDS and self.known(slot):
            st = SETTLE[s.slot_set[slot]]
            if st.feature == "faction_office" and st.farg("faction") == self.kind:
                # the office as soon as its next token is affordable (the rush line: each token is a
                # quarter of the goal); credits in hand only, so that it never waits at an office it
                # cannot pay (a hold may not sell there)
                return OFFICE_BONUS if s.credits[p] >= office_price(s, p, slot) + self.capital() else 0
        v = super().goal_bonus(slot)
        if self.kind == "transports" and self.known(slot):
            for c in s.hand[p]:  # a Transport in hand is loaded where its pickup place is (L11)
                t = CT[TYPE[c]]
                if t.kind == "transport" and matches(s, t.frm, slot):
                    v += DELIVERY_VALUE // 2
            v *= PICKUP_PUSH
        return v

    def capital(self) -> int:
        """Faction goals: credits kept after buying a token, to trade on (none for the last one)."""
        v, t = goal_value(self.s, self.p)
        return RESERVE if v + 1 >= t else CAPITAL

    def feature_choice(self, slot: int) -> Action | None:
        """The greedy bot's features, but a Faction goal buys its token only while it keeps `capital`."""
        s, p = self.s, self.p
        a = super().feature_choice(slot)
        st = SETTLE[s.slot_set[slot]]
        office = a is not None and a.kind == "feature" and not a.args and st.feature == "faction_office"
        if office and (st.farg("faction") != self.kind
                       or s.credits[p] < office_price(s, p, slot) + self.capital()):
            return None
        return a

    def upgrade_use(self, t: CardType) -> int:
        if self.kind in FIGHT_KINDS and (t.mod("win") or t.use == "reroll"):
            return 2  # a fighting goal buys every Win modifier it draws
        return super().upgrade_use(t)

    # ----- the main turn --------------------------------------------------------------------------
    def turn(self) -> Action:
        s, p = self.s, self.p
        at = s.node[p]
        if at >= 0 and self.goal_done() and "end" in self.by:
            return self.by["end"]  # L21: the goal is reached on a settlement
        first = self.before_trade()
        if first is not None:
            return first
        trade = self.act(SA.TRADE)
        if at >= 0 and s.damaged[p] and s.trade_state == 0:
            if trade is not None and s.credits[p] >= repair_price(s, p) + 200:
                return trade
            if self.act(SA.SKIP) is not None:
                return SA.SKIP
        if at >= 0 and s.trade_state == 0 and s.travel_state == 0:
            jobs = self.act(SA.ODD_JOBS)
            if jobs is not None:
                broke = s.credits[p] < 600 and sum(s.cargo[p]) == 0
                if len(s.hand[p]) <= 1 and s.credits[p] < 1000 or not s.hand[p] and s.credits[p] < 1500 \
                        or broke:
                    return jobs  # L8: out of fuel and money
            if trade is not None and not self.traded_this_visit():
                return trade  # trade first, then fly (the hold is filled for the next stop)
        if at >= 0 and trade is not None and s.moves_made > 0 and at == self.destination():
            return trade  # landed where the plan stops, this turn's Trade still to come: trade here
        if s.pvp and at >= 0:
            att = self.attack_choice()
            if att is not None:
                return att
        mv = self.move_choice()
        if mv is not None:
            return mv
        if at >= 0 and trade is not None and (s.moves_made > 0 or s.travel_state == 0):
            return trade  # cannot go on (or leave): trade where it stands
        return self.must(SA.END)

    def move_choice(self) -> Action | None:
        s, p = self.s, self.p
        dest = self.destination()
        if dest < 0 or s.node[p] == dest:
            return None
        for a in self.legal:  # free moves first (Fuel Burn, a reusable tank)
            if a.kind == "use" and (card_of(a).kind == "fuel_burn" or card_of(a).use == "moves") \
                    and s.moves_made > 0 and s.free_moves == 0:
                return a
        hop = self.next_hop(dest)
        act = self.act(SA.MOVE[hop]) if 0 <= hop < len(SA.MOVE) else None
        jump = self.act(SA.JUMP[dest])
        if jump is not None and self.moves_from_here()[dest] > 2:
            act = jump
        if act is None:
            return None
        need = fuel_need(s, -1)
        lands = act.kind == "jump" or self.lands(hop)
        if len(s.hand[p]) - need < (0 if lands else 1):
            return None  # never Adrift (L7): keep a card while the move ends on a lane
        return act

    # ----- engagements (L14-L17) ---------------------------------------------------------------------
    def engage(self, d: str) -> Action:
        """heuristic-v1's odds, but a fight the goal wants (Pirates for Pirate Hunter, a Bountied card for
        Bounty Hunter) is fought: Missiles first, else the Win roll unless it is hopeless, and after a
        failed roll Missiles rather than Countermeasures."""
        s, p = self.s, self.p
        if d not in ("engage.choose", "engage.after_roll"):
            return super().engage(d)
        f = engagement(s)
        assert f is not None
        card = CT[TYPE[f.card]]
        want = self.kind == "pirates_won" and card.kind == "pirates" or \
            self.kind == "bounties" and s.bounty[f.lane] >= 0
        if not want:
            return super().engage(d)
        pre = self.engagement_card(f, True, d == "engage.choose")
        if pre is not None:
            return pre
        for a in self.legal:
            if a.kind == "use" and card_of(a).kind == "missiles":
                return a
        if d == "engage.after_roll":
            for a in self.legal:
                if a.kind == "use" and card_of(a).use == "reroll":
                    return a
            return super().engage(d)
        if odds(card.win - mod(s, p, "win")) >= 0.25:
            return self.must(SA.ENGAGE_WIN)
        return super().engage(d)

    # ----- trading ---------------------------------------------------------------------------------
    def trade(self) -> Action:
        s, p = self.s, self.p
        slot = s.node[p]
        if s.damaged[p]:
            rep = self.repair_choice(slot)
            if rep is not None:
                return rep
            return super().trade()
        target = self.credit_target()
        if target and s.credits[p] + self.hold_value(p) >= target:  # cash in for a credit goal
            for gd in range(NGOODS):
                a = self.act(SELL[gd])
                if a is not None:
                    return a
            if s.credits[p] >= target:
                return self.must(SA.DONE)
        m = self._market()
        for gd in range(NGOODS):  # sell unless a stop pays clearly more
            a = self.act(SELL[gd])
            if a is not None and sells_at(m, slot, gd):
                return a
        feat = self.feature_choice(slot)
        if feat is not None:
            return feat
        play = self.play_choice(trading=True)
        if play is not None:
            return play
        _, goods = self.plan()
        for g, k in goods:
            if k > 0:
                a = self.act(BUY[g])
                if a is not None:
                    return a
        mk = self.market_trade(slot)
        if mk is not None:
            return mk
        dig = self.dig_choice()
        if dig is not None:
            return dig
        draw = self.draw_choice()
        if draw is not None:
            return draw
        return self.must(SA.DONE)

    def repair_choice(self, slot: int) -> Action | None:
        """A Damaged ship repairs at the cheapest place offered (L9)."""
        f = self.act(SA.FEATURE)
        if f is not None and SETTLE[self.s.slot_set[slot]].feature == "repair_dock":
            return f
        return self.act(SA.REPAIR)

    def market_trade(self, slot: int) -> Action | None:
        """Explorer: a Trade counts only with a good bought or sold; if the plan buys nothing here, buy
        the unit that loses least (or sell one)."""
        s, p = self.s, self.p
        if self.kind != "markets" or s.traded[p] >> slot & 1:
            return None
        for gd in range(NGOODS):
            a = self.act(SELL[gd])
            if a is not None:
                return a
        best, arg = 1e9, None
        for gd in range(NGOODS):
            a = self.act(BUY[gd])
            if a is None:
                continue
            loss = float(self.buy_at(slot, gd) - self.top_sell(gd))
            if loss < best and s.credits[p] - self.buy_at(slot, gd) >= 300:
                best, arg = loss, a
        return arg

    def card_value(self, t: CardType) -> int:
        """How much a hand card is worth keeping (0: fuel or a toss); the cards its goal advances by
        are worth most."""
        k = self.kind
        if t.kind == "transport" and k == "transports" or t.kind == "bounty" and k == "bounties" \
                or t.kind == "pirates" and k in FIGHT_KINDS or t.kind == "missiles" and k in FIGHT_KINDS:
            return 5
        return super().card_value(t)

    def dig_choice(self) -> Action | None:
        """Goals that advance by cards (`CARD_GOALS`) see more of the deck: toss the cards worth nothing
        to them (one run of tosses, L5), then the draw fills the hand again."""
        s, p = self.s, self.p
        if self.kind not in CARD_GOALS or s.draw_state or s.toss_state == 2:
            return None
        spare = (s.credits[p] - DIG_RESERVE) // CARD - (HAND_LIMIT - len(s.hand[p]))
        if spare <= 0:
            return None
        for a in self.legal:
            if a.kind == "toss" and self.card_value(card_of(a)) == 0:
                return a
        return None

    def play_choice(self, trading: bool) -> Action | None:
        """The greedy bot's plays, but a fighting goal sets up its own fights on its route once the Trade
        has set the route, and only fights that pay (the Win odds with its modifiers, or Missiles in hand,
        against what a Lose takes): Pirate Hunter its Pirates; Bounty Hunter, holding a Bounty, a Pirates
        or Patrol card (a lost Patrol fight takes only Contraband) for the Bounty to go on."""
        if self.kind == "bounties" and not trading and self.route_set():
            fight = self.fight_to_stage()
            if fight is not None:
                return fight
        a = super().play_choice(trading)
        if a is None or a.kind != "play" or card_of(a).kind != "pirates":
            return a
        if not self.route_set() or self.kind == "bounties" and not self.has_kind("bounty"):
            return None
        return a if self.fight_gain(card_of(a)) > 0 else None

    def route_set(self) -> bool:
        """Is this turn's route known: the Trade done (or not to be had where the ship stands)?"""
        s, p = self.s, self.p
        return not (s.node[p] >= 0 and s.trade_state == 0 and not self.traded_this_visit())

    def has_kind(self, kind: str) -> bool:
        return any(CT[TYPE[c]].kind == kind for c in self.s.hand[self.p])

    def fight_gain(self, t: CardType) -> float:
        """What a fight against my own hostile card `t` is worth to my goal: a Win's value at the odds
        (Missiles in hand make it sure) less what a Lose takes (Pirates: the hold; a Patrol: Contraband)."""
        s, p = self.s, self.p
        pw = 1.0 if self.has_kind("missiles") else odds(t.win - mod(s, p, "win"))
        stake = self.hold_value(p)
        if t.kind != "pirates":
            stake = s.cargo[p][CONTRABAND] * self.top_sell(CONTRABAND)
        return pw * FIGHT_VALUE - (1.0 - pw) * (stake + LOSE_EXTRA)

    def fight_to_stage(self) -> Action | None:
        """Bounty Hunter with a Bounty in hand and no hostile card on the lane ahead: the hostile card
        whose fight pays best."""
        s = self.s
        nl = self.play_lane()
        if nl < 0 or s.hostile[nl] >= 0 or not self.has_kind("bounty"):
            return None
        best, arg = 0.0, None
        for a in self.legal:
            if a.kind == "play" and card_of(a).kind in ("pirates", "patrol"):
                g = self.fight_gain(card_of(a))
                if g > best:
                    best, arg = g, a
        return arg

    def target(self) -> Action:
        """My own hostile card staged for a fight goes on the lane ahead (the greedy bot sends a Patrol
        far away)."""
        s, p = self.s, self.p
        f = s.stack[-1]
        assert isinstance(f, TargetFrame)
        t = CT[f.card]
        if f.seat == p and s.active == p and t.kind == "patrol" and self.kind == "bounties":
            nl = self.play_lane()
            a = self.act(SA.LANE[nl]) if 0 <= nl < len(SA.LANE) else None
            if a is not None:
                return a
        return super().target()

    def draw_choice(self) -> Action | None:
        """Fuel for the road (L5-L6): the trip's fuel first, then the hand toward the limit with what the
        purse spares (a turn is worth far more than a card); goals that need cards dig deeper."""
        s, p = self.s, self.p
        h = len(s.hand[p])
        if s.draw_state or h >= HAND_LIMIT:
            return None
        spare = s.credits[p] - RESERVE - 200
        target = self.credit_target()
        if target and s.credits[p] + self.hold_value(p) >= target:
            spare = min(spare, s.credits[p] - target)
        k = min(HAND_LIMIT - h, spare // CARD)
        return self.act(SA.DRAW[k]) if 0 < k < len(SA.DRAW) else None


register_bot("spacelanes", "heuristic", HeuristicSpaceLanesBot)
