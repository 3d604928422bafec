"""Greedy Space Lanes trader ("greedy"): plans routes on the known map, buys where a good is cheap
relative to where it sells, sells where it pays, keeps fuel in hand, and bends its plans toward its own
secret Goal. It reads only what its seat may know: the public board and ships (face-down settlements and
lanes stay unknown in Exploration mode), its own hand and goal, and the legal actions.

Speed: legal actions are looked up by their action-space index, not by text (`act`, `must`;
`by`/`get` by text stay for subclasses and are built only when asked); a card action's card type comes
from a table by action index; a Transport's place test is memoized by (tag, settlement); the market,
routes and per-slot trade margins are cached by what they depend on; the greedy brain values all
destinations in one pass (`_GreedyBrain`). The choices are those of the plain code (checked decision by
decision by `benchmarks/bot_identity.py`).
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from spacetable.bots.base import register_bot
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.games.spacelanes import actions as SA
from spacetable.games.spacelanes.actions import BUY, SELL, SLUGS
from spacetable.games.spacelanes.actions import LANE as A_LANE
from spacetable.games.spacelanes.actions import WORLD as A_WORLD
from spacetable.games.spacelanes.board import ADJ, ENDS, NSLOTS, dijkstra
from spacetable.games.spacelanes.card_play import TargetFrame
from spacetable.games.spacelanes.common import CONTENT_GOOD, cargo_limit, matches, mod
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import CONTRABAND, GOODS, NGOODS, CardType
from spacetable.games.spacelanes.engagements import EngageFrame, engagement, odds, parlay_fee, toll
from spacetable.games.spacelanes.frames import Aim, Stage
from spacetable.games.spacelanes.pvp import offer_info
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.trade import buy_price, office_price, repair_price, sell_price
from spacetable.games.spacelanes.travel import fuel_need

CT = CONTENT.card_types
TYPE = CONTENT.deck
MOVE_COST = 70
"""Credits one move is worth to the planner (a fuel card costs 100; the first move is free)."""
FUEL_KEEP = ("missiles", "countermeasures", "repair_kit", "fuel_burn")
Routes = tuple[list[int], list[int]]
"""Moves to every slot, and the first hop toward each (`board.dijkstra`)."""
_ROUTES: dict[tuple[int, ...], list[Routes | None]] = {}
"""Routes by lane distances, then by starting slot."""
_SLUG_IX = {slug: i for i, slug in reversed(list(enumerate(SLUGS)))}  # the first index, as SLUGS.index
CARD_OF = [_SLUG_IX.get(a.args[0], -1) if a.args and isinstance(a.args[0], str) else -1
           for a in SA.SPACE.actions]
"""The card type named by an action (``play``/``use``/``fuel``… ``<slug>``), by action index; -1: none."""
_MATCHES: dict[tuple[str, int], bool] = {}
"""`rules.matches(s, tag, slot)` by (tag, settlement at the slot): it depends on nothing else."""


def card_of(a: Action) -> CardType:
    """The card type an action names (as ``card_of(a)``, by table)."""
    i = CARD_OF[a.index] if 0 <= a.index < len(CARD_OF) else -1
    return CT[i if i >= 0 else SLUGS.index(str(a.args[0]))]


def _space_action(kind: str, *args: int | str) -> Action | None:
    try:
        return SA.SPACE.get(kind, *args)
    except KeyError:
        return None


USE_COUNTERMEASURES = _space_action("use", "countermeasures")
ASK_GOOD_OF = {GOODS[g]: SA.ASK_GOOD[g] for g in range(NGOODS)}
ASK_TYPE_OF = {CT[ti].slug: a for ti, a in SA.ASK_SHIP.items()}
PAY_OF = SA.PAY
"""Goal kinds whose `goal_bonus` depends on more than whether a slot is known."""


class _Market:
    """Prices as this bot values them (known settlements only), and the best buy margin per slot."""

    __slots__ = ("sell", "buy", "top", "opp", "sells_here", "dist", "margins")

    def __init__(self, s: SpaceLanesState, kind: str, dist: tuple[int, ...]) -> None:
        known = s.rev_set
        self.dist = dist
        self.margins: dict[int, list[int]] = {}
        self.sell = [[0] * NGOODS for _ in range(NSLOTS)]
        self.buy = [[0] * NGOODS for _ in range(NSLOTS)]
        for x in range(NSLOTS):
            if not known[x]:
                continue
            for g in range(NGOODS):
                v = sell_price(s, x, g)
                if v and kind == "contraband_sold" and g == CONTRABAND:
                    v += 400
                if v and kind == "goods_sold":
                    v += 60
                self.sell[x][g] = v
                self.buy[x][g] = buy_price(s, x, g)
        self.top = [max(self.sell[x][g] for x in range(NSLOTS)) for g in range(NGOODS)]
        self.opp = [0.0] * NSLOTS
        for x in range(NSLOTS):
            best = 0.0
            for g in range(NGOODS):
                b = self.buy[x][g]
                if b:
                    best = max(best, (self.top[g] - b) * 5.0)
            self.opp[x] = best
        # would a trader standing at x sell good g there rather than carry it on?
        self.sells_here = [[False] * NGOODS for _ in range(NSLOTS)]
        table = _route_table(dist)
        for x in range(NSLOTS):
            mv = _routes(x, dist, table)[0]
            for g in range(NGOODS):
                here = self.sell[x][g]
                if here:
                    alt = max(self.sell[y][g] - MOVE_COST * mv[y] for y in range(NSLOTS) if y != x)
                    self.sells_here[x][g] = here >= alt - 40

    def buy_margins(self, slot: int) -> list[int]:
        """Per good: the best known sale price elsewhere less half the moves' value (`GreedyBot.trade`),
        for a trader standing at `slot` (depends on this market and the lane distances only)."""
        m = self.margins.get(slot)
        if m is None:
            mv = _routes(slot, self.dist, _route_table(self.dist))[0]
            sell = self.sell
            m = self.margins[slot] = [
                max(sell[x][gd] - MOVE_COST * mv[x] // 2 for x in range(NSLOTS) if x != slot)
                for gd in range(NGOODS)]
        return m


_MARKETS: dict[tuple[object, ...], _Market] = {}
_LAST_MARKET: list[tuple[list[int], list[int], list[bool], str, tuple[int, ...], _Market]] = []
"""The market found last, with copies of what it was found by (compared as lists: no hashing)."""


def _route_table(dist: tuple[int, ...]) -> list[Routes | None]:
    """Routes from each slot (filled as asked) for these lane distances."""
    t = _ROUTES.get(dist)
    if t is None:
        if len(_ROUTES) > 5000:
            _ROUTES.clear()
        t = _ROUTES[dist] = [None] * NSLOTS
    return t


def _routes(src: int, dist: tuple[int, ...], table: list[Routes | None] | None = None) -> Routes:
    """`dijkstra(src, dist)`, memoized (in `table`, the route table of `dist`, when given)."""
    t = _route_table(dist) if table is None else table
    r = t[src]
    if r is None:
        r = t[src] = dijkstra(src, list(dist))
    return r


def _matches(s: SpaceLanesState, tag: str, slot: int) -> bool:
    key = (tag, s.slot_set[slot])
    m = _MATCHES.get(key)
    if m is None:
        m = _MATCHES[key] = matches(s, tag, slot)
    return m


class GreedySpaceLanesBot:
    """Greedy trader that pursues its goal; see the module docstring."""

    name = "greedy"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        assert isinstance(state, SpaceLanesState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return _GreedyBrain(state, seat, legal).choose()


def _at(table: list[Action], i: int) -> Action | None:
    """`table[i]`, or None when `i` is out of its range (as a text lookup of a missing action)."""
    return table[i] if 0 <= i < len(table) else None


@mypyc_attr(allow_interpreted_subclasses=True)  # the rush strategies in benchmarks/ extend it
class _Brain:
    """One decision's reasoning. Subclasses (the heuristic bot's planner) override its valuations."""

    def __init__(self, s: SpaceLanesState, p: int, legal: list[Action]) -> None:
        self.s = s
        self.p = p
        self.legal = legal
        self._by: dict[str, Action] | None = None
        self._ix: set[int] | None = None
        self.goal = CONTENT.goals[s.goal[p]]
        self.kind = self.goal.kind
        self._dist: list[int] | None = None
        self._dist_key: tuple[int, ...] = ()
        self._mk: _Market | None = None
        self._rt: list[Routes | None] | None = None
        self._dest = -2

    @property
    def dist(self) -> list[int]:
        """Lane distances as this seat knows them (an unrevealed lane counts 2), by lane slot."""
        d = self._dist
        return d if d is not None else self._load_dist()

    @property
    def dist_key(self) -> tuple[int, ...]:
        """`dist` as a tuple (the key of the route and market caches)."""
        if self._dist is None:
            self._load_dist()
        return self._dist_key

    def _load_dist(self) -> list[int]:
        s = self.s
        dist, rev = s.dist, s.rev_lane
        d = self._dist = [dist[ls] if rev[ls] else 2 for ls in range(len(ENDS))]
        self._dist_key = tuple(d)
        return d

    @property
    def by(self) -> dict[str, Action]:
        """The legal actions by their text (built on first use: the greedy code looks up by index)."""
        by = self._by
        if by is None:
            by = self._by = {str(a): a for a in self.legal}
        return by

    def get(self, text: str) -> Action | None:
        return self.by.get(text)

    def act(self, a: Action | None) -> Action | None:
        """`a` (an action of the game's action space) if it is legal now, else None."""
        ix = self._ix
        if ix is None:
            ix = self._ix = {x.index for x in self.legal}
        return a if a is not None and a.index in ix else None

    def must(self, a: Action) -> Action:
        """`a`, which must be legal now (KeyError otherwise, as ``by[text]``)."""
        if self.act(a) is None:
            raise KeyError(str(a))
        return a

    # ----- knowledge helpers ---------------------------------------------------------------------
    def known(self, slot: int) -> bool:
        return self.s.rev_set[slot]

    def _market(self) -> _Market:
        m = self._mk
        if m is None:
            s = self.s
            last = _LAST_MARKET[0] if _LAST_MARKET else None
            dist = self.dist_key
            if (last is not None and last[0] == s.slot_set and last[1] == s.econ and last[2] == s.rev_set
                    and last[3] == self.kind and last[4] == dist):
                m = self._mk = last[5]
                return m
            key = (tuple(s.slot_set), tuple(s.econ), tuple(s.rev_set), self.kind, dist)
            m = _MARKETS.get(key)
            if m is None:
                if len(_MARKETS) > 20000:
                    _MARKETS.clear()
                m = _MARKETS[key] = _Market(s, self.kind, dist)
            _LAST_MARKET[:] = [(list(s.slot_set), list(s.econ), list(s.rev_set), self.kind, dist, m)]
            self._mk = m
        return m

    def sell_at(self, slot: int, g: int) -> int:
        return self._market().sell[slot][g]

    def top_sell(self, g: int) -> int:
        return self._market().top[g]

    def buy_at(self, slot: int, g: int) -> int:
        return self._market().buy[slot][g]

    def buy_opportunity(self, slot: int) -> float:
        return self._market().opp[slot]

    def routes(self, src: int) -> tuple[list[int], list[int]]:
        rt = self._rt
        if rt is None:
            rt = self._rt = _route_table(self.dist_key)
        r = rt[src]
        return r if r is not None else _routes(src, self.dist_key, rt)

    def moves_from_here(self) -> list[int]:
        """Moves from the ship's position to every slot."""
        s, p = self.s, self.p
        if s.node[p] >= 0:
            return self.routes(s.node[p])[0]
        ls = s.lane[p]
        a, b = ENDS[ls]
        da = self.routes(a)[0]
        db = self.routes(b)[0]
        ka, kb = s.mark[p], self.dist[ls] + 1 - s.mark[p]
        return [min(ka + da[x], kb + db[x]) for x in range(NSLOTS)]

    def goal_bonus(self, slot: int) -> int:
        s, p, k = self.s, self.p, self.kind
        seen = s.visited[p] >> slot & 1
        if not self.known(slot):
            return 1200 if k in ("visited", "homeworlds", "markets") else 800
        st = CONTENT.settlements[s.slot_set[slot]]
        if k == "homeworlds" and st.homeworld and not seen:
            return 2500
        if k == "visited" and not seen or k == "markets" and not s.traded[p] >> slot & 1:
            return 1200
        if k in ("union", "pirate") and st.feature == "faction_office" and st.farg("faction") == k:
            # the office's price rises with the tokens held (office_price): worth the trip once affordable
            return 1500 if s.credits[p] >= office_price(s, p, slot) + 300 else 0
        return 0

    def transport_bonus(self, slot: int) -> int:
        s, p = self.s, self.p
        v = 0
        for cid, pk in s.transports[p]:
            t = CT[TYPE[cid]]
            if slot != pk and self.known(slot) and _matches(s, t.to, slot):
                v += t.reward + (1500 if self.kind == "transports" else 0)
        return v

    def dest_value(self, slot: int, moves: int) -> float:
        s, p = self.s, self.p
        v = 0.0
        for g in range(NGOODS):
            if s.cargo[p][g] and self._market().sells_here[slot][g]:  # only where I would sell it
                v += s.cargo[p][g] * self.sell_at(slot, g)
        v += self.transport_bonus(slot) + self.goal_bonus(slot)
        # what could be bought there and sold on
        v += 0.3 * self.buy_opportunity(slot)
        return v - MOVE_COST * moves

    def destination(self) -> int:
        if self._dest == -2:
            self._dest = self._destination()
        return self._dest

    def _destination(self) -> int:
        s, p = self.s, self.p
        here = s.node[p] if s.node[p] >= 0 else s.last_landed[p]  # never turn back mid-lane
        mv = self.moves_from_here()
        best, arg = -1e18, -1
        for x in range(NSLOTS):
            if x == here:
                continue
            val = self.dest_value(x, mv[x])
            if val > best:
                best, arg = val, x
        return arg

    def next_hop(self, dest: int) -> int:
        """The neighbouring slot to move toward on the way to `dest`."""
        s, p = self.s, self.p
        if s.node[p] >= 0:
            return self.routes(s.node[p])[1][dest]
        ls = s.lane[p]
        a, b = ENDS[ls]
        da, db = self.routes(a)[0], self.routes(b)[0]
        ka, kb = s.mark[p], self.dist[ls] + 1 - s.mark[p]
        return a if ka + da[dest] <= kb + db[dest] else b

    def next_lane(self, dest: int) -> int:
        s, p = self.s, self.p
        if s.lane[p] >= 0:
            return s.lane[p]
        hop = self.next_hop(dest)
        for ls, m in ADJ[s.node[p]]:
            if m == hop:
                return ls
        return -1

    # ----- the decision ---------------------------------------------------------------------------
    def choose(self) -> Action:
        d = self.s.decision_name()
        if d == "setup.start":
            return self.choose_start()
        if d == "respond":
            return self.respond()
        if d == "target":
            return self.target()
        if d == "fuel":
            return self.fuel()
        if d == "trade":
            return self.trade()
        if d.startswith("engage"):
            return self.engage(d)
        if d == "chain":
            return self.chain()
        if d == "pvp.loot":
            return self.loot()
        if d == "pvp.answer":
            return self.answer_offer()
        if d == "pvp.propose":
            return self.propose()
        if d == "pvp.pick":
            return self.must(SA.CANCEL)
        return self.turn()

    # ----- Player vs Player (L19) -----------------------------------------------------------------
    def good_value(self, g: int) -> int:
        """What one unit of good g is worth to me: its best known sale price, less the trip."""
        return max(50, self.top_sell(g) - 150)

    def ship_card_value(self, t: CardType) -> int:
        return t.cost // 2 if self.upgrade_use(t) or t.kind in FUEL_KEEP else 100

    def hand_card_value(self, t: CardType) -> int:
        return 100 + 150 * self.card_value(t)  # every card is at least a move's fuel

    def loot(self) -> Action:
        """L19: take the most valuable good or hand card first, until nothing is left to take."""
        def value(a: Action) -> int:
            arg = str(a.args[0])
            if arg in CONTENT_GOOD:
                return self.top_sell(CONTENT_GOOD[arg]) or 100
            return self.hand_card_value(CT[SLUGS.index(arg)])
        opts = [a for a in self.legal if a.kind == "loot"]
        return max(opts, key=value) if opts else self.must(SA.DONE)

    def answer_offer(self) -> Action:
        """Accept a trade that gains me value by my own prices (keeping 500 credits); never counter."""
        s, p = self.s, self.p
        o = offer_info(s)
        if o is not None and "counter" in self.by and not any(any(x.values()) for x in (o["give"], o["ask"])):
            plan = self.trade_plan(o["from"])  # asked to propose: counter with my own plan, if any
            return self.by["counter"] if plan[1] or plan[2] >= 0 else self.by["decline"]
        if o is None or "accept" not in self.by:
            return self.by["decline"]
        get, give = o["give"], o["ask"]  # the proposer gives what I get
        net = get["credits"] - give["credits"]
        for side, sign in ((get, 1), (give, -1)):
            net += sign * sum(k * self.good_value(CONTENT_GOOD[g]) for g, k in side["goods"].items())
            net += sign * sum(self.ship_card_value(CT[SLUGS.index(c)]) for c in side["ship"])
            net += sign * sum(self.hand_card_value(CT[SLUGS.index(c)]) for c in side["hand"])
        ok = net > 100 and s.credits[p] + get["credits"] - give["credits"] >= 500
        return self.by["accept"] if ok else self.by["decline"]

    def trade_plan(self, q: int) -> tuple[int, int, int, int]:
        """A trade I would propose to q: (good to buy, units, ship card type to buy, credits to pay), or
        units 0 and type -1 for none. I buy what is worth clearly more to me (by my goal) than its market
        value, and pay half the difference over that value."""
        s, p = self.s, self.p
        room = cargo_limit(s, p) - sum(s.cargo[p])
        budget = s.credits[p] - 1500
        best = (-1, 0, -1, 0)
        gain = 0
        for g in range(NGOODS):
            k = min(s.cargo[q][g], room)
            if not k:
                continue
            mine = self.good_value(g)
            theirs = max(50, max(sell_price(s, x, g) for x in range(NSLOTS) if s.rev_set[x]) - 150)
            if mine - theirs < 200:
                continue
            price = (mine + theirs) // 2 // 100 * 100
            k = min(k, budget // max(price, 100))
            if k > 0 and k * (mine - price) > gain:
                gain, best = k * (mine - price), (g, k, -1, k * price)
        for c in s.ship[q]:
            t = CT[TYPE[c]]
            if t.kind not in ("upgrade", "crew") or self.upgrade_use(t) < 2:
                continue
            if any(TYPE[x] == t.index for x in s.ship[p]) or t.mod("cargo") < 0:
                continue
            price = (t.cost // 2 + 300) // 100 * 100
            if price <= budget and t.cost - price > gain:
                gain, best = t.cost - price, (-1, 0, t.index, price)
        return best

    def propose(self) -> Action:
        """Build the planned proposal one step at a time (asks first, then the credits), then send it."""
        info = offer_info(self.s)
        assert info is not None
        g, k, ti, pay = self.trade_plan(info["to"])
        if k == 0 and ti < 0:
            return self.must(SA.CANCEL)
        ask = info["ask"]
        if g >= 0 and ask["goods"].get(GOODS[g], 0) < k:
            return self.act(ASK_GOOD_OF.get(GOODS[g])) or self.must(SA.CANCEL)
        if ti >= 0 and CT[ti].slug not in ask["ship"]:
            return self.act(ASK_TYPE_OF.get(CT[ti].slug)) or self.must(SA.CANCEL)
        left = pay - info["give"]["credits"]
        for n in (1000, 500, 100):
            if left >= n and self.act(PAY_OF.get(n)):
                return self.must(PAY_OF[n])
        return self.act(SA.PROPOSE) or self.must(SA.CANCEL)

    def choose_start(self) -> Action:
        best, arg = -1.0, self.legal[0]
        for a in self.legal:
            slot = int(a.args[0])
            v = self.buy_opportunity(slot)
            if v > best:
                best, arg = v, a
        return arg

    def respond(self) -> Action:
        s, p = self.s, self.p
        for a in self.legal:
            if a.kind in ("play", "use"):
                t = card_of(a)
                if (t.kind == "repair_kit" or t.use == "repair") and s.damaged[p]:
                    return a
        cm = self.act(USE_COUNTERMEASURES)
        if cm is not None and not s.damaged[p] and s.credits[p] > 2000:
            # L17: turn a rival's rolled Win into an Escape so that it does not collect a big Bounty
            f = s.stack[-2]
            assert isinstance(f, EngageFrame)  # Countermeasures are offered to a rival only there (L17)
            card = CT[TYPE[f.card]]
            b = s.bounty[f.lane]
            won = f.stage == Stage.AFTER_ROLL and f.aim == Aim.WIN and f.roll + f.roll_mod >= card.win
            if won and b >= 0 and CT[TYPE[b]].reward >= 800:
                return cm
        return self.must(SA.PASS)

    def chain(self) -> Action:
        s, p = self.s, self.p
        if p == s.active:
            for a in self.legal:
                if a.kind == "use":
                    return a
        return self.must(SA.PASS)

    def fuel(self) -> Action:
        def keep(a: Action) -> int:
            t = card_of(a)
            return self.card_value(t)
        return min(self.legal, key=keep)

    def card_value(self, t: CardType) -> int:
        k = t.kind
        if k in FUEL_KEEP:
            return 3
        if k in ("upgrade", "crew"):
            return 2 if self.s.credits[self.p] > t.cost + 2000 else 1
        if k == "transport":
            return 3
        if k == "bounty":
            return 3 if self.kind == "bounties" else 0
        if k == "pirates":
            return 3 if self.kind in ("pirates_won", "bounties") else 0
        if k == "station":
            return 1
        return 0

    # ----- targets for played cards -------------------------------------------------------------
    def target(self) -> Action:
        s = self.s
        f = s.stack[-1]
        assert isinstance(f, TargetFrame)
        t = CT[f.card]
        opts = [a for a in self.legal if a.kind in ("lane", "world")]
        if not opts:
            return self.must(SA.CANCEL)
        dest = self.destination()
        mine = self.next_lane(dest) if dest >= 0 else -1
        if t.kind == "cancel":
            a = self.cancel_target(dest, mine)
            return a if a is not None else self.must(SA.CANCEL)
        if t.kind in ("pirates", "station", "wormhole", "bounty"):
            if t.kind == "bounty":
                eng = engagement(s)
                if eng is not None and s.active == self.p and self.act(_at(A_LANE, eng.lane)):
                    return self.must(A_LANE[eng.lane])  # on the card I am fighting
                return min(opts, key=lambda a: self.lane_distance(int(a.args[0])))
            for a in opts:
                if int(a.args[0]) == mine:
                    return a
            return min(opts, key=lambda a: self.lane_distance(int(a.args[0])))
        if t.kind == "economic":
            good = _econ_gain(t) > 0
            mv = self.moves_from_here()
            if good:
                return self.act(_at(A_WORLD, dest)) or opts[0]
            return max(opts, key=lambda a: mv[int(a.args[0])])
        # hostile or hindering cards: as far from me as possible
        return max(opts, key=lambda a: self.lane_distance(int(a.args[0])))

    def lane_distance(self, ls: int) -> int:
        mv = self.moves_from_here()
        a, b = ENDS[ls]
        return min(mv[a], mv[b])

    def before_trade(self) -> Action | None:
        """What a turn does first, if anything: a stored Repair Kit or a free reusable repair or draw,
        a card worth playing now, or (PvP, L19) a purchase from a ship in my Space before the hold
        fills."""
        s = self.s
        for a in self.legal:
            if a.kind == "use":
                t = card_of(a)
                if t.kind == "repair_kit" or t.use in ("repair", "draw"):  # a reusable draw is free
                    return a
        play = self.play_choice(trading=False)
        if play is not None:
            return play
        if s.pvp and s.offers == 0:
            for a in self.legal:
                if a.kind == "offer":
                    plan = self.trade_plan(int(a.args[0]))
                    if plan[1] or plan[2] >= 0:
                        return a
        return None

    # ----- main turn ----------------------------------------------------------------------------
    def turn(self) -> Action:
        s, p = self.s, self.p
        g = self.act
        at = s.node[p]
        first = self.before_trade()
        if first is not None:
            return first
        if at >= 0 and s.damaged[p] and s.trade_state == 0:
            if s.credits[p] >= repair_price(s, p) + 200 and g(SA.TRADE):
                return SA.TRADE
            if g(SA.SKIP):
                return SA.SKIP
        if at >= 0 and s.trade_state == 0 and s.travel_state == 0:
            if len(s.hand[p]) <= 2 and g(SA.ODD_JOBS) and s.credits[p] < 6000:
                return SA.ODD_JOBS
            if g(SA.TRADE):
                return SA.TRADE
        if at >= 0 and s.trade_state == 0 and g(SA.TRADE) and self.want_trade_after_travel():
            return SA.TRADE
        if s.pvp:
            for a in self.legal:
                if a.kind == "attack":
                    q = int(a.args[0])
                    if sum(s.cargo[q]) >= 3 and mod(s, p, "win") > mod(s, q, "win"):
                        return a
        mv = self.move_choice()
        if mv is not None:
            return mv
        return self.must(SA.END)

    def want_trade_after_travel(self) -> bool:
        s, p = self.s, self.p
        slot = s.node[p]
        return (any(s.cargo[p][gd] and self.sell_at(slot, gd) for gd in range(NGOODS))
                or self.buy_opportunity(slot) > 1500 or self.goal_bonus(slot) > 0)

    def move_choice(self) -> Action | None:
        s, p = self.s, self.p
        moves = [a for a in self.legal if a.kind in ("move", "jump")]
        if not moves:
            return None
        dest = self.destination()
        if dest < 0:
            return None
        if s.node[p] >= 0 and s.moves_made > 0 and s.trade_state == 0 and self.want_trade_after_travel():
            return None
        for a in self.legal:
            if a.kind == "use" and (card_of(a).kind == "fuel_burn"
                                    or card_of(a).use == "moves") \
                    and s.moves_made > 0 and s.free_moves == 0:
                return a
        hop = self.next_hop(dest)
        act = self.act(_at(SA.MOVE, hop))
        jump = self.act(_at(SA.JUMP, dest))
        if jump is not None and self.moves_from_here()[dest] > 2:
            act = jump
        if act is None:
            return None
        need = fuel_need(s, -1)
        hand = len(s.hand[p])
        lands = act.kind == "jump" or self.lands(hop)
        if need and hand - need < (0 if lands else 1):
            return None
        if need and hand <= 3 and not lands and s.lane[p] < 0:
            return None
        return act

    def lands(self, hop: int) -> bool:
        s, p = self.s, self.p
        if s.node[p] >= 0:
            return False
        ls = s.lane[p]
        a, b = ENDS[ls]
        k = s.mark[p] + (1 if hop == b else -1)
        return k <= 0 or k > s.dist[ls]

    def play_choice(self, trading: bool) -> Action | None:
        s, p = self.s, self.p
        cr = s.credits[p]
        k = self.kind
        for a in self.legal:
            if a.kind != "play":
                continue
            t = card_of(a)
            tk = t.kind
            if tk == "repair_kit" and s.damaged[p]:
                return a
            if tk == "transport" and s.node[p] >= 0:
                return a
            if tk == "upgrade" or tk == "crew":
                useful = self.upgrade_use(t)
                if useful and cr >= t.cost + (1500 if useful > 1 else 3500):
                    return a
            if tk == "economic" and _econ_gain(t) > 0 and s.node[p] >= 0:
                return a
            if tk == "fuel_burn" and not trading and s.moves_made > 0 and s.free_moves == 0 \
                    and s.travel_state < 2 and len(s.hand[p]) <= 4 and cr >= t.cost + 500:
                return a
            if tk == "pirates" and k in ("pirates_won", "bounties"):
                nl = self.play_lane()
                if nl >= 0 and s.hostile[nl] < 0 and not trading and t.win <= 8:
                    return a
            if tk == "bounty" and k == "bounties":
                nl = self.play_lane()
                if nl >= 0 and s.hostile[nl] >= 0 and s.bounty[nl] < 0:
                    return a
            if tk == "station" and s.lane[p] >= 0 and s.station[s.lane[p]] < 0 and len(s.hand[p]) <= 3:
                return a
            if tk == "cancel":
                dest = self.destination()
                if dest >= 0 and self.cancel_target(dest, self.play_lane(), legal=False) is not None:
                    return a
        return None

    def play_lane(self) -> int:
        """The lane toward the destination that a card played now would act on, or -1 (asked only
        when a card needs it: the destination is worked out once per decision)."""
        dest = self.destination()
        return self.next_lane(dest) if dest >= 0 and self.s.travel_state < 2 else -1

    def cancel_target(self, dest: int, lane: int, legal: bool = True) -> Action | None:
        """Where a Cancel card helps me: Asteroids on the lane I am about to cross, or an Economic event
        that hurts a trader (`_econ_gain` < 0) where I am going. `legal`: only among the legal actions."""
        s = self.s
        if lane >= 0 and s.asteroids[lane] >= 0 and s.wormhole[lane] < 0 and s.station[lane] < 0:
            return self.act(_at(A_LANE, lane)) if legal else A_LANE[lane]
        e = s.econ[dest]
        if e >= 0 and _econ_gain(CT[TYPE[e]]) < 0:
            return self.act(_at(A_WORLD, dest)) if legal else A_WORLD[dest]
        return None

    def upgrade_use(self, t: CardType) -> int:
        k = self.kind
        fight = k in ("pirates_won", "bounties")
        if t.use:  # a reusable card: worth its Use (content.USE_EFFECTS)
            if t.use == "reroll":
                return 2 if fight else 1
            if t.use == "moves":
                return 2 if k in ("visited", "homeworlds", "markets") else 1
            return 1
        if t.mod("win") and fight:
            return 2
        if t.mod("cargo") or t.mod("sell_bonus"):
            return 2 if k in ("credits", "goods_sold", "contraband_sold") else 1
        if t.mod("gain_union") and k == "union":
            return 2
        if t.mod("gain_pirate") and k == "pirate":
            return 2
        if t.mod("transport_bonus") and k == "transports":
            return 2
        if t.mod("bounty_bonus") and k == "bounties":
            return 2
        if t.mod("free_moves"):
            return 2 if k in ("visited", "homeworlds", "markets") else 1
        if t.mod("hidden_hold") and k == "contraband_sold":
            return 2
        if t.mod("escape"):
            return 1
        return 0

    # ----- trade --------------------------------------------------------------------------------
    def trade(self) -> Action:
        s, p = self.s, self.p
        slot = s.node[p]
        cr = s.credits[p]
        g = self.act
        if s.damaged[p]:
            f = g(SA.FEATURE)
            st = CONTENT.settlements[s.slot_set[slot]]
            if f is not None and st.feature == "repair_dock":
                return f
            if g(SA.REPAIR):
                return SA.REPAIR
        # sell what pays here at least nearly as well as anywhere near
        market = self._market()
        for gd in range(NGOODS):
            a = g(SELL[gd])
            if a is not None and market.sells_here[slot][gd]:
                return a
        feat = self.feature_choice(slot)
        if feat is not None:
            return feat
        play = self.play_choice(trading=True)
        if play is not None:
            return play
        # buy the good with the best margin
        room = cargo_limit(s, p) - sum(s.cargo[p])
        if room > 0:
            best_g, best_m = -1, 120
            margins = market.buy_margins(slot)
            for gd in range(NGOODS):
                if g(BUY[gd]) is None:
                    continue
                m = margins[gd] - market.buy[slot][gd]
                if m > best_m:
                    best_g, best_m = gd, m
            if best_g >= 0 and cr - self.buy_at(slot, best_g) >= 400:
                return self.must(BUY[best_g])
        # fuel for the road
        h = len(s.hand[p])
        if h < 6 and s.draw_state == 0 and cr > 1500:
            k = min(6 - h, (cr - 1000) // 100)
            a = g(_at(SA.DRAW, k))
            if a is not None:
                return a
        # toss dead cards to make room is unnecessary; finish
        return self.must(SA.DONE)

    def feature_choice(self, slot: int) -> Action | None:
        s, p = self.s, self.p
        a = self.act(SA.FEATURE)
        st = CONTENT.settlements[s.slot_set[slot]]
        k = st.feature
        cr = s.credits[p]
        if a is not None:
            if k == "faction_office":
                if self.kind == st.farg("faction") or (cr > 9000 and self.kind in ("union", "pirate")):
                    return a
                return None
            if k in ("archive", "fuel_depot", "fence", "repair_dock"):
                return a
            if k == "refinery":
                fg = CONTENT_GOOD[st.farg("from")]
                tg = CONTENT_GOOD[st.farg("to")]
                mv = self.routes(slot)[0]
                vf = max(self.sell_at(x, fg) - 40 * mv[x] for x in range(NSLOTS))
                vt = max(self.sell_at(x, tg) - 40 * mv[x] for x in range(NSLOTS))
                return a if vt > vf else None
            if k == "salvage_yard":
                return a if cr > 3000 and len(s.hand[p]) < 7 else None
        for fa in (SA.FEATURE_UNION, SA.FEATURE_PIRATE):
            b = self.act(fa)
            if b is not None and self.kind not in ("union", "pirate"):
                return b
        return None

    # ----- engagements --------------------------------------------------------------------------
    def engage(self, d: str) -> Action:
        s, p = self.s, self.p
        f = engagement(s)
        assert f is not None
        card = CT[TYPE[f.card]]
        cargo_val = sum(s.cargo[p][gd] * 400 for gd in range(NGOODS))
        loss = 600 + (cargo_val + 800 * len(s.transports[p]) if card.kind == "pirates"
                      else 300 * s.cargo[p][CONTRABAND] + 400)
        fight = self.kind == "pirates_won" and card.kind == "pirates" or \
            (self.kind == "bounties" and s.bounty[f.lane] >= 0)
        if d in ("engage.choose", "engage.after_roll"):
            pre = self.engagement_card(f, fight, d == "engage.choose")
            if pre is not None:
                return pre
        if d == "engage.choose":
            pw = odds(card.win - mod(s, p, "win"))
            pe = odds(card.escape - mod(s, p, "escape"))
            bonus = 0.15 if fight else (0.05 if s.bounty[f.lane] >= 0 else 0.0)
            best_p = max(pw + bonus, pe)
            for txt, pa in (("parlay faction", SA.PARLAY_FACTION), ("parlay toll", SA.PARLAY_TOLL)):
                a = self.act(pa)
                if a is None:
                    continue
                cost = 700 if txt == "parlay faction" else toll(s, p) + parlay_fee(s, p)
                if txt == "parlay faction" and card.kind == "patrol":
                    cost = 700 + parlay_fee(s, p)
                if self.kind == ("pirate" if card.kind == "pirates" else "union") and txt == "parlay faction":
                    continue
                if (1 - best_p) * loss > cost and not fight:
                    return a
            combat = sorted((a for a in self.legal if a.kind == "use" and _combat(a)),
                            key=lambda a: card_of(a).use == "")  # reusable first
            for a in combat:
                if (1 - best_p) * loss > 500 and (
                        card_of(a).kind == "missiles" or not fight):
                    return a
            return self.must(SA.ENGAGE_WIN) if pw + bonus >= pe else self.must(SA.ENGAGE_ESCAPE)
        if d == "engage.after_roll":
            uses = [a for a in self.legal if a.kind == "use" and _combat(a, reroll=True)]
            uses.sort(key=lambda a: card_of(a).use != "reroll")  # a free re-roll first
            for a in uses:
                if loss > 700 or card_of(a).use == "reroll":
                    return a
            return self.must(SA.ACCEPT)
        if d == "engage.parlay":
            if self.act(SA.FENCE):
                return SA.FENCE
            return self.must(SA.DISMISS)
        # after an escape: move the card away from my route
        far = [a for a in self.legal if a.kind == "relocate"]
        if far:
            return max(far, key=lambda a: self.lane_distance(int(a.args[0])))
        return self.must(SA.KEEP)


    def engagement_card(self, f: EngageFrame, fight: bool, before_roll: bool) -> Action | None:
        """Cards worth playing in my own engagement: a repair first (a Damaged ship cannot fire, L9);
        before the roll an Upgrade or Crew that adds to this roll's number, and a Bounty on the card I
        mean to fight."""
        s, p = self.s, self.p
        for a in self.legal:
            if a.kind in ("play", "use"):
                t = card_of(a)
                if s.damaged[p] and (t.kind == "repair_kit" or t.use == "repair"):
                    return a
        if not before_roll:
            return None
        for a in self.legal:
            if a.kind != "play":
                continue
            t = card_of(a)
            if t.kind in ("upgrade", "crew") and (t.mod("win") or t.mod("escape")) \
                    and s.credits[p] >= t.cost + 1500 and self.upgrade_use(t):
                return a
            if t.kind == "bounty" and fight and s.bounty[f.lane] < 0:
                return a
        return None


class _GreedyBrain(_Brain):
    """The greedy bot's own brain: `_Brain` with all destinations valued in one pass, the same values as
    `dest_value` (which a subclass of `_Brain` may override; this one is final) with the market's
    tables looked up once."""

    def _destination(self) -> int:
        s, p = self.s, self.p
        here = s.node[p] if s.node[p] >= 0 else s.last_landed[p]  # never turn back mid-lane
        mv = self.moves_from_here()
        m = self._market()
        sells_here, sell, opp = m.sells_here, m.sell, m.opp
        cargo = s.cargo[p]
        held = [g for g in range(NGOODS) if cargo[g]]
        bonus = [self.transport_bonus(x) + self.goal_bonus(x) for x in range(NSLOTS)]
        best, arg = -1e18, -1
        for x in range(NSLOTS):
            if x == here:
                continue
            v = 0.0
            if held:
                sh, sx = sells_here[x], sell[x]
                for g in held:
                    if sh[g]:  # only where I would sell it
                        v += cargo[g] * sx[g]
            v += bonus[x]
            v += 0.3 * opp[x]
            val = v - MOVE_COST * mv[x]
            if val > best:
                best, arg = val, x
        return arg


def _econ_gain(t: CardType) -> int:
    """What an Economic card is worth to a trader at that settlement, from its data: higher sale prices,
    lower purchase prices, more units per Visit (about 60 a unit) and less stock (about -60 a unit
    short of the usual 5)."""
    v = sum(sd - bd for bd, sd in t.prices) + 60 * sum(t.limits)
    v -= sum(60 * (5 - n) for n in t.stock if 0 <= n < 5)
    return v


def _combat(a: Action, reroll: bool = False) -> bool:
    """A `use` that answers an engagement: Missiles, Countermeasures, an Escape card (or a re-roll)."""
    t = card_of(a)
    return t.kind in ("missiles", "countermeasures") or t.use == "escape" or (reroll and t.use == "reroll")


register_bot("spacelanes", "greedy", GreedySpaceLanesBot)
