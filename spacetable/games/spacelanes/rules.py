"""Space Lanes rules: setup (L1-L3), the turn (Trade, Travel, Odd Jobs; L4-L9), card play and response
windows (L10-L13), engagements with Missiles/Countermeasures chains (L14-L18), Player vs Player (L19),
Exploration (L20) and winning (L21).

Decisions are frames on `state.stack` (lists of ints); with an empty stack the active player is at its
main turn decision. After every action `_advance` runs the automatic steps: skipping response windows
for players who cannot play (L10), resolving chains, and starting engagements (L14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError
from spacetable.engine.state import CHANCE, TERMINAL
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.board import ADJ, ENDS, LANE_BETWEEN, NLANES, NSLOTS
from spacetable.games.spacelanes.content import CONTENT, CONTRABAND, MODIFIERS, NGOODS, CardType

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

CT = CONTENT.card_types
TYPE = CONTENT.deck
SETTLE = CONTENT.settlements
GOALS = CONTENT.goals
HAND_LIMIT = 10
CARGO_BASE = 10
BUY_LIMIT = 5
START_CREDITS = 3000
CARD_PRICE = 100
REPAIR_PRICE = 500
TOLL = 500
CONTRABAND_FEE = 200
PIRATE_FENCE = 1000
ODD_JOBS_PAY = 500
SAFETY_TURNS = 1500
"""Safety net only: a game that reaches this many turns ends with no winner."""

# frame kinds
WINDOW, TARGET, FUEL, TRADE, ENGAGE, CHAIN, PVP, LOOT, OFFER = range(9)
MAX_OFFERS = 2
"""Player vs Player trade offers per turn (keeps a turn finite)."""
# engagement stages
CHOOSE, ROLLING, AFTER_ROLL, AFTER_ESCAPE, PARLAY_PIRATES, PARLAY_PATROL = range(6)
WIN, ESCAPE = 0, 1
_MOD = {m: i for i, m in enumerate(MODIFIERS)}
LANE_TARGET = ("pirates", "patrol", "station", "asteroids", "wormhole")
MODES = ("exploration", "pvp")
EQUIP = ("missiles", "countermeasures", "fuel_burn", "repair_kit", "upgrade")


# ----- setup -------------------------------------------------------------------------------------
def setup(cls: type[S], config: dict[str, Any], seed: int) -> S:
    n = int(config["players"])
    modes = list(config.get("modes", []))
    for m in modes:
        if m not in MODES:
            raise ConfigError(f"unknown Space Lanes mode {m!r}; choose from {', '.join(MODES)}")
    tl = config.get("turn_limit", 0)
    if not isinstance(tl, int) or tl < 0:
        raise ConfigError("turn_limit must be a non-negative integer")
    s = cls.__new__(cls)
    s.init_base(config, seed)
    s.n = n
    s.exploration = "exploration" in modes
    s.pvp = "pvp" in modes
    s.turn_limit = tl
    rng = s.rng
    # L1: a random Homeworld takes slot 0, the rest are shuffled into slots 1-14.
    hws = list(CONTENT.homeworlds)
    first = hws[rng.below(len(hws))]
    rest = [i for i in range(len(SETTLE)) if i != first]
    rng.shuffle(rest)
    s.slot_set = [first] + rest
    s.lane_of = list(range(NLANES))
    rng.shuffle(s.lane_of)
    s.dist = [CONTENT.lanes[i].distance for i in s.lane_of]
    s.rev_set = [not s.exploration or i == 0 for i in range(NSLOTS)]
    s.rev_lane = [not s.exploration] * NLANES
    s.credits = [START_CREDITS] * n
    s.cargo = [[0] * NGOODS for _ in range(n)]
    goals = list(range(len(GOALS)))
    rng.shuffle(goals)
    s.goal = goals[:n]
    s.deck = list(range(len(TYPE)))
    rng.shuffle(s.deck)
    s.discard = []
    s.hand = []
    for _ in range(n):
        s.hand.append(s.deck[-HAND_LIMIT:])
        del s.deck[-HAND_LIMIT:]
    s.ship = [[] for _ in range(n)]
    s.transports = [[] for _ in range(n)]
    s.node = [-1] * n
    s.lane = [-1] * n
    s.mark = [0] * n
    s.damaged = [False] * n
    s.adrift = [False] * n
    s.union = [0] * n
    s.pirate = [0] * n
    s.last_landed = [-1] * n
    s.bought = [[0] * NGOODS for _ in range(n)]
    s.feature_used = [False] * n
    s.engaged = [-1] * n
    s.visited = [0] * n
    for f in ("goods_sold", "contraband_sold", "pirates_won", "bounties", "transports_done"):
        setattr(s, f, [0] * n)
    for f in ("hostile", "bounty", "station", "asteroids", "wormhole"):
        setattr(s, f, [-1] * NLANES)
    s.econ = [-1] * NSLOTS
    s.active = 0
    s.phase = 0
    s.turns = 0
    s.trade_state = s.travel_state = s.moves_made = s.free_moves = s.toss_state = s.draw_state = 0
    s.pvp_done = False
    s.offers = 0
    s.stack = []
    s.chain = []
    s.winner_list = []
    s.setup_seat = 0
    return s


# ----- small helpers -----------------------------------------------------------------------------
def mod(s: S, p: int, name: str) -> int:
    i = _MOD[name]
    t = 0
    for c in s.ship[p]:
        ct = CT[TYPE[c]]
        if ct.mods:
            t += ct.mods[i]
    return t


def cargo_limit(s: S, p: int) -> int:
    return CARGO_BASE + mod(s, p, "cargo")


def buy_price(s: S, slot: int, g: int) -> int:
    base = SETTLE[s.slot_set[slot]].buy[g]
    if not base:
        return 0
    e = s.econ[slot]
    if e >= 0:
        base += CT[TYPE[e]].prices[g][0]
    return max(50, base)


def sell_price(s: S, slot: int, g: int) -> int:
    base = SETTLE[s.slot_set[slot]].sell[g]
    if not base:
        return 0
    e = s.econ[slot]
    if e >= 0:
        base += CT[TYPE[e]].prices[g][1]
    return max(50, base)


def repair_price(s: S, p: int, base: int = REPAIR_PRICE) -> int:
    return max(0, base - mod(s, p, "repair_discount"))


def tag_exists(tag: str) -> bool:
    return tag == "any" or any(tag == st.slug or tag in st.tags for st in SETTLE)


def matches(s: S, tag: str, slot: int) -> bool:
    """Transport place test, with the rulebook fallback: a tag no Settlement has means any Settlement."""
    if tag == "any":
        return True
    st = SETTLE[s.slot_set[slot]]
    return tag == st.slug or tag in st.tags or not tag_exists(tag)


def at_station(s: S, p: int) -> bool:
    return s.node[p] >= 0 or (s.lane[p] >= 0 and s.station[s.lane[p]] >= 0)


def same_space(s: S, p: int, q: int) -> bool:
    if s.node[p] >= 0:
        return s.node[p] == s.node[q]
    return s.lane[p] >= 0 and s.lane[p] == s.lane[q]


def draw(s: S, p: int, k: int) -> int:
    """Draw up to k cards (reshuffling the discard pile when the deck runs out, L13)."""
    got = 0
    for _ in range(k):
        if not s.deck:
            if not s.discard:
                break
            s.deck = s.discard
            s.discard = []
            s.rng.shuffle(s.deck)
            s.emit("L13", "reshuffle")
        s.hand[p].append(s.deck.pop())
        got += 1
    return got


def _take_from(lst: list[int], t: int) -> int:
    for i, c in enumerate(lst):
        if TYPE[c] == t:
            return lst.pop(i)
    raise ValueError(t)


def _has(lst: list[int], t: int) -> bool:
    return any(TYPE[c] == t for c in lst)


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


# ----- who decides -------------------------------------------------------------------------------
def current_player(s: S) -> int:
    if s.phase == 3:
        return TERMINAL
    if s.phase == 0:
        return s.setup_seat
    if s.phase == 1:
        return CHANCE
    if not s.stack:
        return s.active
    f = s.stack[-1]
    k = f[0]
    if k == WINDOW:
        return f[2 + f[1]]
    if k == TARGET:
        return f[1]
    if k == ENGAGE:
        return CHANCE if f[3] == ROLLING else s.active
    if k == CHAIN:
        return f[2]
    if k == PVP:
        return CHANCE
    if k == LOOT:
        return f[1]
    if k == OFFER and f[2] == 2:
        return f[1]
    return s.active


_NAMES = {WINDOW: "respond", TARGET: "target", FUEL: "fuel", TRADE: "trade", CHAIN: "chain", PVP: "pvp.roll",
          LOOT: "pvp.loot", OFFER: "pvp.offer"}
_STAGES = {CHOOSE: "engage.choose", ROLLING: "engage.roll", AFTER_ROLL: "engage.after_roll",
           AFTER_ESCAPE: "engage.escape", PARLAY_PIRATES: "engage.parlay", PARLAY_PATROL: "engage.parlay"}


def decision_name(s: S) -> str:
    if s.phase == 3:
        return "over"
    if s.phase == 0:
        return "setup.start"
    if s.phase == 1:
        return "setup.first"
    if not s.stack:
        return "turn"
    f = s.stack[-1]
    if f[0] == ENGAGE:
        return _STAGES[f[3]]
    return _NAMES[f[0]]


def chance_outcomes(s: S) -> list[tuple[Action, float]]:
    if s.phase == 1:
        # L3: highest single die, ties re-rolled: each seat equally likely.
        return [(A.FIRST[p], 1.0 / s.n) for p in range(s.n)]
    if s.stack and (s.stack[-1][0] == PVP or (s.stack[-1][0] == ENGAGE and s.stack[-1][3] == ROLLING)):
        return A.ROLL_PROBS
    return []


# ----- card play ---------------------------------------------------------------------------------
def _target_ok(s: S, t: CardType) -> bool:
    k = t.kind
    if k in ("pirates", "patrol"):
        return any(h < 0 for h in s.hostile)
    if k in ("station", "asteroids", "wormhole"):
        return any(h < 0 for h in getattr(s, k))
    if k == "bounty":
        return any(s.hostile[ls] >= 0 and s.bounty[ls] < 0 for ls in range(NLANES))
    return True


def can_play(s: S, p: int, t: CardType, own_turn: bool) -> bool:
    """May `p` play card type `t` from hand now (L9, L10, L11, L12)?"""
    k = t.kind
    if s.damaged[p]:
        return k == "repair_kit" and not s.adrift[p] and s.credits[p] >= t.cost
    if k in ("pirates", "patrol", "station", "asteroids", "wormhole", "bounty"):
        return _target_ok(s, t)
    if k == "economic":
        return True
    if k in ("missiles", "countermeasures", "fuel_burn", "repair_kit"):
        return s.credits[p] >= t.cost
    if k == "upgrade":
        return s.credits[p] >= t.cost and not _has(s.ship[p], t.index)
    if k == "crew":
        return s.credits[p] >= t.cost and not _has(s.ship[p], t.index) and at_station(s, p)
    if k == "transport":
        return s.node[p] >= 0 and matches(s, t.frm, s.node[p])
    return False


def playable_types(s: S, p: int, own_turn: bool) -> list[int]:
    seen: list[int] = []
    for c in s.hand[p]:
        ti = TYPE[c]
        if ti not in seen and can_play(s, p, CT[ti], own_turn):
            seen.append(ti)
    return seen


def _stored_repair(s: S, p: int) -> list[int]:
    if not s.damaged[p] or s.adrift[p]:
        return []
    for c in s.ship[p]:
        if CT[TYPE[c]].kind == "repair_kit":
            return [TYPE[c]]
    return []


def any_playable(s: S, p: int) -> bool:
    if s.damaged[p] and _stored_repair(s, p):
        return True
    seen = 0
    for c in s.hand[p]:
        ti = TYPE[c]
        bit = 1 << ti
        if not seen & bit:
            seen |= bit
            if can_play(s, p, CT[ti], False):
                return True
    return False


def _travel_open(s: S) -> bool:
    return s.travel_state < 2 and s.trade_state != 1 and not s.stack


def usable_stored(s: S, p: int) -> list[int]:
    """Single-use cards stored on p's ship that p may use at its main decision."""
    out: list[int] = []
    for c in s.ship[p]:
        ti = TYPE[c]
        k = CT[ti].kind
        if ti in out:
            continue
        if (k == "repair_kit" and s.damaged[p] and not s.adrift[p]) or \
                (k == "fuel_burn" and not s.damaged[p] and _travel_open(s)):
            out.append(ti)
    return out


def _play(s: S, p: int, ti: int) -> None:
    t = CT[ti]
    if t.kind in LANE_TARGET or t.kind in ("economic", "bounty"):
        s.stack.append([TARGET, p, ti])
        return
    cid = _take_from(s.hand[p], ti)
    k = t.kind
    s.credits[p] -= t.cost
    if k == "fuel_burn" and p == s.active and _travel_open(s):
        s.free_moves += 3
        s.discard.append(cid)
        s.emit("Fuel Burn", "fuel_burn", p)
    elif k == "repair_kit" and s.damaged[p]:
        s.damaged[p] = False
        s.discard.append(cid)
        s.emit("Repair Kit", "repaired", p, t.name)
    elif k == "transport":
        s.transports[p].append([cid, s.node[p]])
        s.emit("Transport", "load", p, t.name, s.node[p])
    else:
        s.ship[p].append(cid)
        if k == "crew":
            s.union[p] += t.mod("gain_union")
            s.pirate[p] += t.mod("gain_pirate")
        s.emit("Equipment" if k != "crew" else "Crew", "to_ship", p, t.name, t.cost)


def _use(s: S, p: int, ti: int) -> None:
    cid = _take_from(s.ship[p], ti)
    s.discard.append(cid)
    k = CT[ti].kind
    if k == "repair_kit":
        s.damaged[p] = False
        s.emit("Repair Kit", "repaired", p, CT[ti].name)
    elif k == "fuel_burn":
        s.free_moves += 3
        s.emit("Fuel Burn", "fuel_burn", p)


def _targets(s: S, t: CardType) -> list[Action]:
    k = t.kind
    if k in ("pirates", "patrol"):
        return [A.LANE[ls] for ls in range(NLANES) if s.hostile[ls] < 0]
    if k in ("station", "asteroids", "wormhole"):
        arr = getattr(s, k)
        return [A.LANE[ls] for ls in range(NLANES) if arr[ls] < 0]
    if k == "bounty":
        return [A.LANE[ls] for ls in range(NLANES) if s.hostile[ls] >= 0 and s.bounty[ls] < 0]
    return list(A.WORLD)


def _place(s: S, p: int, ti: int, where: int) -> None:
    t = CT[ti]
    cid = _take_from(s.hand[p], ti)
    k = t.kind
    if k in ("pirates", "patrol"):
        s.hostile[where] = cid
    elif k in ("station", "asteroids", "wormhole"):
        getattr(s, k)[where] = cid
    elif k == "bounty":
        s.bounty[where] = cid
    else:
        old = s.econ[where]
        if old >= 0:
            s.discard.append(old)
        s.econ[where] = cid
    s.emit("Events" if k != "bounty" else "Bounty", "place", p, t.name,
           "world" if k == "economic" else "lane", where)


# ----- legal actions -----------------------------------------------------------------------------
def legal(s: S) -> list[Action]:
    if s.phase == 0:
        return list(A.START)
    if s.phase != 2:
        return []
    if not s.stack:
        return _legal_turn(s)
    f = s.stack[-1]
    k = f[0]
    if k == WINDOW:
        q = f[2 + f[1]]
        out_w = [A.PLAY[ti] for ti in playable_types(s, q, False)]
        out_w.extend(A.USE[ti] for ti in _stored_repair(s, q))
        return out_w + [A.PASS]
    if k == TARGET:
        return _targets(s, CT[f[2]]) + [A.CANCEL]
    if k == FUEL:
        seen: list[int] = []
        for c in s.hand[s.active]:
            if TYPE[c] not in seen:
                seen.append(TYPE[c])
        return [A.FUEL[ti] for ti in seen]
    if k == TRADE:
        return _legal_trade(s)
    if k == ENGAGE:
        return _legal_engage(s, f)
    if k == CHAIN:
        q = f[2]
        top = CT[TYPE[s.chain[-1][0]]]
        want = "countermeasures" if top.kind == "missiles" else "missiles"
        out = [A.USE[ti] for ti in _counter_types(s, q, want)]
        return out + [A.PASS]
    if k == OFFER:
        return _legal_offer(s, f)
    if k == LOOT:
        w, lo = f[1], f[2]
        out = []
        room = cargo_limit(s, w) - sum(s.cargo[w])
        if room > 0:
            out = [A.LOOT[g] for g in range(NGOODS) if s.cargo[lo][g] > 0]
        if s.hand[lo] and len(s.hand[w]) < HAND_LIMIT:
            out.append(A.LOOT_CARD)
        return out + [A.DONE]
    return []


def _legal_turn(s: S) -> list[Action]:
    p = s.active
    out: list[Action] = []
    at_node = s.node[p] >= 0
    if at_node and s.trade_state == 0:
        out.append(A.TRADE)
    if s.travel_state < 2:
        out.extend(_legal_moves(s, p))
    if s.trade_state == 0 and s.travel_state == 0:
        if at_station(s, p):
            out.append(A.ODD_JOBS)
        if at_node and s.damaged[p]:
            out.append(A.SKIP)
    if s.pvp:
        others = [q for q in range(s.n) if q != p and same_space(s, p, q)]
        if not s.pvp_done and not s.damaged[p]:
            out.extend(A.ATTACK[q] for q in others)
        if s.offers < MAX_OFFERS:
            out.extend(A.OFFER[q] for q in others if _offer_items(s, p, q))
    out.extend(A.PLAY[ti] for ti in playable_types(s, p, True))
    out.extend(A.USE[ti] for ti in usable_stored(s, p))
    out.append(A.END)
    return out


def fuel_need(s: S, dest_lane: int) -> int:
    base = 0 if s.moves_made == 0 or s.free_moves > 0 else 1
    if dest_lane >= 0 and s.asteroids[dest_lane] >= 0:
        base += 1
    return base


def _legal_moves(s: S, p: int) -> list[Action]:
    out = []
    h = len(s.hand[p])
    n = s.node[p]
    if n >= 0:
        for ls, m in ADJ[n]:
            if fuel_need(s, ls) <= h:
                out.append(A.MOVE[m])
        return out
    ls = s.lane[p]
    a, b = ENDS[ls]
    for dest, k in ((a, s.mark[p] - 1), (b, s.mark[p] + 1)):
        inside = 0 < k <= s.dist[ls]
        if fuel_need(s, ls if inside else -1) <= h:
            out.append(A.MOVE[dest])
    if s.wormhole[ls] >= 0 and fuel_need(s, -1) <= h:
        out.extend(A.JUMP)
    return out


def _legal_trade(s: S) -> list[Action]:
    p = s.active
    slot = s.node[p]
    out: list[Action] = []
    room = cargo_limit(s, p) - sum(s.cargo[p])
    cr = s.credits[p]
    cargo = s.cargo[p]
    for g in range(NGOODS):
        bp = buy_price(s, slot, g)
        if bp and room > 0 and s.bought[p][g] < BUY_LIMIT and cr >= bp:
            out.append(A.BUY[g])
        if cargo[g] and sell_price(s, slot, g):
            out.append(A.SELL[g])
    if s.toss_state < 2:
        seen: list[int] = []
        for c in s.hand[p]:
            if TYPE[c] not in seen:
                seen.append(TYPE[c])
                out.append(A.TOSS[TYPE[c]])
    if s.draw_state == 0:
        k = min(HAND_LIMIT - len(s.hand[p]), cr // CARD_PRICE, len(s.deck) + len(s.discard))
        out.extend(A.DRAW[i] for i in range(1, k + 1))
    seen2: list[int] = []
    for c in s.ship[p]:
        ti = TYPE[c]
        if ti in A.PAWN and ti not in seen2 and CT[ti].mod("cargo") <= room:
            seen2.append(ti)
            out.append(A.PAWN[ti])
    if not s.feature_used[p]:
        out.extend(_feature_actions(s, p, slot))
    if s.damaged[p] and cr >= repair_price(s, p):
        out.append(A.REPAIR)
    out.extend(A.PLAY[ti] for ti in playable_types(s, p, True))
    out.append(A.DONE)
    return out


def _feature_actions(s: S, p: int, slot: int) -> list[Action]:
    st = SETTLE[s.slot_set[slot]]
    k = st.feature
    cr = s.credits[p]
    if k == "faction_office":
        return [A.FEATURE] if cr >= st.farg("price") else []
    if k == "repair_dock":
        return [A.FEATURE] if s.damaged[p] and cr >= repair_price(s, p, st.farg("price")) else []
    if k == "archive":
        return [A.FEATURE] if len(s.hand[p]) < HAND_LIMIT and (s.deck or s.discard) else []
    if k == "fuel_depot":
        return [A.FEATURE] if s.travel_state == 0 else []
    if k == "refinery":
        from_g = CONTENT_GOOD[st.farg("from")]
        return [A.FEATURE] if s.cargo[p][from_g] > 0 else []
    if k == "fence":
        return [A.FEATURE] if s.cargo[p][CONTRABAND] > 0 else []
    if k == "salvage_yard":
        ok = (len(s.hand[p]) < HAND_LIMIT and cr >= st.farg("price")
              and any(CT[TYPE[c]].kind in EQUIP for c in s.discard))
        return [A.FEATURE] if ok else []
    # exchange
    out = []
    if s.union[p] > 0:
        out.append(A.FEATURE_UNION)
    if s.pirate[p] > 0:
        out.append(A.FEATURE_PIRATE)
    return out


def _counter_types(s: S, q: int, kind: str) -> list[int]:
    if s.damaged[q]:
        return []
    out: list[int] = []
    for c in s.hand[q]:
        t = CT[TYPE[c]]
        if t.kind == kind and t.index not in out and s.credits[q] >= t.cost:
            out.append(t.index)
    if q == s.active:
        for c in s.ship[q]:
            t = CT[TYPE[c]]
            if t.kind == kind and t.index not in out:
                out.append(t.index)
    return out


def _contraband_transport(s: S, p: int) -> bool:
    return any(CT[TYPE[c]].contraband for c, _ in s.transports[p])


def parlay_fee(s: S, p: int) -> int:
    if mod(s, p, "hidden_hold"):
        return 0
    return CONTRABAND_FEE * s.cargo[p][CONTRABAND]


def toll(s: S, p: int) -> int:
    return max(0, TOLL - mod(s, p, "parlay_discount"))


def _legal_engage(s: S, f: list[int]) -> list[Action]:
    p = s.active
    stage = f[3]
    card = CT[TYPE[f[2]]]
    out: list[Action] = []
    if stage == CHOOSE:
        out = [A.ENGAGE_WIN, A.ENGAGE_ESCAPE]
        if card.kind == "pirates":
            if s.pirate[p] > 0:
                out.append(A.PARLAY_FACTION)
        elif not _contraband_transport(s, p):  # L16: no Parlay with a Contraband Transport aboard
            fee = parlay_fee(s, p)
            if s.union[p] > 0 and s.credits[p] >= fee:
                out.append(A.PARLAY_FACTION)
            if s.credits[p] >= fee + toll(s, p):
                out.append(A.PARLAY_TOLL)
        out.extend(A.USE[ti] for ti in _counter_types(s, p, "missiles"))
        out.extend(A.USE[ti] for ti in _counter_types(s, p, "countermeasures"))
        return out
    if stage == AFTER_ROLL:
        out = [A.ACCEPT]
        if f[5] + mod(s, p, "win" if f[4] == WIN else "escape") < (card.win if f[4] == WIN else card.escape):
            out.extend(A.USE[ti] for ti in _counter_types(s, p, "missiles"))
            out.extend(A.USE[ti] for ti in _counter_types(s, p, "countermeasures"))
        return out
    relocs = [A.RELOCATE[ls] for ls in range(NLANES) if s.hostile[ls] < 0]
    if stage == AFTER_ESCAPE:
        return [A.KEEP] + relocs
    if stage == PARLAY_PIRATES and s.cargo[p][CONTRABAND] > 0:
        out.append(A.FENCE)
    return out + [A.DISMISS] + relocs


CONTENT_GOOD = {g: i for i, g in enumerate(("ore", "supplies", "parts", "medicine", "luxury", "contraband"))}


# ----- apply -------------------------------------------------------------------------------------
def apply(s: S, a: Action) -> None:
    kind = a.kind
    if s.phase == 0:
        _setup_start(s, int(a.args[0]))
    elif s.phase == 1:
        s.active = int(a.args[0])
        s.phase = 2
        s.emit("L3", "first", s.active)
        _start_turn(s)
    elif not s.stack:
        _apply_turn(s, a)
    else:
        f = s.stack[-1]
        k = f[0]
        if k == WINDOW:
            if kind == "pass":
                f[1] += 1
            elif kind == "use":
                _use(s, f[2 + f[1]], A.SLUGS.index(str(a.args[0])))
            else:
                _play(s, f[2 + f[1]], A.SLUGS.index(str(a.args[0])))
        elif k == TARGET:
            s.stack.pop()
            if kind != "cancel":
                _place(s, f[1], f[2], int(a.args[0]))
        elif k == FUEL:
            p = s.active
            cid = _take_from(s.hand[p], A.SLUGS.index(str(a.args[0])))
            s.discard.append(cid)
            f[3] -= 1
            if f[3] == 0:
                s.stack.pop()
                _do_move(s, f[2], bool(f[1]))
        elif k == TRADE:
            _apply_trade(s, a)
        elif k == ENGAGE:
            _apply_engage(s, f, a)
        elif k == CHAIN:
            if kind == "pass":
                f[1] |= 1 << f[2]
            else:
                _add_chain(s, f[2], A.SLUGS.index(str(a.args[0])))
                f[1] = 0
        elif k == PVP:
            _apply_pvp(s, f, int(a.args[0]))
        elif k == LOOT:
            _apply_loot(s, f, a)
        elif k == OFFER:
            _apply_offer(s, f, a)
    _advance(s)


def _setup_start(s: S, slot: int) -> None:
    p = s.setup_seat
    _land(s, p, slot)
    s.emit("L3", "start", p, slot)
    s.setup_seat += 1
    if s.setup_seat == s.n:
        s.phase = 1


def _start_turn(s: S) -> None:
    p = s.active
    s.turns += 1
    s.trade_state = s.travel_state = s.moves_made = s.toss_state = s.draw_state = 0
    s.free_moves = mod(s, p, "free_moves")
    s.pvp_done = False
    s.emit("Turns", "turn", p, s.turns)
    _push_window(s)


def _push_window(s: S) -> None:
    if s.n > 1:
        s.stack.append([WINDOW, 0] + [(s.active + i) % s.n for i in range(1, s.n)])


def _advance(s: S) -> None:
    while s.phase == 2:
        if not s.stack:
            p = s.active
            ls = s.lane[p]
            if ls >= 0 and s.hostile[ls] >= 0 and s.engaged[p] != s.hostile[ls]:
                _begin_engagement(s, p, ls)
                continue
            return
        f = s.stack[-1]
        k = f[0]
        if k == WINDOW:
            i = f[1]
            while i < len(f) - 2 and not any_playable(s, f[2 + i]):
                i += 1
            if i < len(f) - 2:
                f[1] = i
                return
            s.stack.pop()
            continue
        if k == CHAIN:
            q = _next_responder(s, f)
            if q >= 0:
                f[2] = q
                return
            s.stack.pop()
            _resolve_chain(s)
            continue
        return


def _begin_engagement(s: S, p: int, ls: int) -> None:
    cid = s.hostile[ls]
    s.engaged[p] = cid
    s.stack.append([ENGAGE, ls, cid, CHOOSE, -1, 0])
    s.emit("L14", "engage", p, CT[TYPE[cid]].name, ls)
    _push_window(s)


# ----- turn --------------------------------------------------------------------------------------
def _apply_turn(s: S, a: Action) -> None:
    p = s.active
    kind = a.kind
    if kind == "move" or kind == "jump":
        _start_move(s, p, int(a.args[0]), kind == "jump")
    elif kind == "trade":
        s.trade_state = 1
        if s.travel_state == 1:
            s.travel_state = 2
        s.stack.append([TRADE])
        s.emit("L5", "trade", p, s.node[p])
    elif kind == "play":
        _play(s, p, A.SLUGS.index(str(a.args[0])))
    elif kind == "use":
        _use(s, p, A.SLUGS.index(str(a.args[0])))
    elif kind == "odd_jobs":
        k = draw(s, p, HAND_LIMIT - len(s.hand[p]))
        pay = ODD_JOBS_PAY + mod(s, p, "odd_jobs")
        s.credits[p] += pay
        s.emit("L8", "odd_jobs", p, k, pay)
        _end_turn(s)
    elif kind == "skip":
        s.damaged[p] = False
        s.emit("L9", "skip_repair", p)
        _end_turn(s)
    elif kind == "offer":
        s.offers += 1
        s.stack.append([OFFER, int(a.args[0]), 0, -1, 0])
    elif kind == "attack":
        s.pvp_done = True
        q = int(a.args[0])
        s.emit("L19", "attack", p, q)
        s.stack.append([PVP, q, 0, 0, 0])
    else:  # end
        _end_turn(s)


def _start_move(s: S, p: int, dest: int, jump: bool) -> None:
    n = s.node[p]
    if jump or n >= 0:
        dest_lane = -1 if jump else LANE_BETWEEN[(n, dest)]
    else:
        ls = s.lane[p]
        k = s.mark[p] + (1 if dest == ENDS[ls][1] else -1)
        dest_lane = ls if 0 < k <= s.dist[ls] else -1
    need = fuel_need(s, dest_lane)
    if s.moves_made > 0 and s.free_moves > 0:
        s.free_moves -= 1
    s.moves_made += 1
    s.travel_state = 1
    if need:
        s.stack.append([FUEL, int(jump), dest, need])
    else:
        _do_move(s, dest, jump)


def _do_move(s: S, dest: int, jump: bool) -> None:
    p = s.active
    n = s.node[p]
    if jump:
        s.emit("Wormhole", "jump", p, dest)
        _land(s, p, dest)
    elif n >= 0:
        ls = LANE_BETWEEN[(n, dest)]
        s.node[p] = -1
        s.lane[p] = ls
        s.mark[p] = 1 if ENDS[ls][0] == n else s.dist[ls]
        s.engaged[p] = -1
        if not s.rev_lane[ls]:
            s.rev_lane[ls] = True
            s.emit("L20", "reveal_lane", ls)
        s.emit("L6", "launch", p, n, ls)
    else:
        ls = s.lane[p]
        a, b = ENDS[ls]
        k = s.mark[p] + (1 if dest == b else -1)
        if k <= 0:
            _land(s, p, a)
        elif k > s.dist[ls]:
            _land(s, p, b)
        else:
            s.mark[p] = k
            s.emit("L2", "advance", p, ls, k)
    ls2 = s.lane[p]
    if not (ls2 >= 0 and s.hostile[ls2] >= 0 and s.engaged[p] != s.hostile[ls2]):
        _push_window(s)


def _land(s: S, p: int, slot: int) -> None:
    s.node[p] = slot
    s.lane[p] = -1
    s.mark[p] = 0
    s.engaged[p] = -1
    s.adrift[p] = False
    s.bought[p] = [0] * NGOODS
    s.feature_used[p] = False
    s.last_landed[p] = slot
    s.visited[p] |= 1 << slot
    if not s.rev_set[slot]:
        s.rev_set[slot] = True
        s.emit("L20", "reveal_world", slot)
    if s.phase == 2:
        s.emit("L5", "land", p, slot)
    keep = []
    for tr in s.transports[p]:
        t = CT[TYPE[tr[0]]]
        if slot != tr[1] and matches(s, t.to, slot):
            pay = t.reward + mod(s, p, "transport_bonus")
            s.credits[p] += pay
            s.union[p] += t.gain_union
            s.pirate[p] += t.gain_pirate
            s.transports_done[p] += 1
            s.discard.append(tr[0])
            s.emit("Transport", "deliver", p, t.name, pay)
        else:
            keep.append(tr)
    s.transports[p] = keep


def _end_turn(s: S) -> None:
    p = s.active
    if s.lane[p] >= 0 and not s.hand[p] and not s.adrift[p]:
        s.damaged[p] = True
        s.adrift[p] = True
        s.emit("L7", "adrift", p)
    if s.node[p] >= 0 and goal_reached(s, p):
        s.winner_list = [p]
        s.phase = 3
        s.emit("L21", "win", p, GOALS[s.goal[p]].name)
        return
    if (s.turn_limit and s.turns >= s.turn_limit) or s.turns >= SAFETY_TURNS:
        s.phase = 3
        if s.turn_limit and s.turns >= s.turn_limit:
            best = max(progress(s, q) for q in range(s.n))
            s.winner_list = [q for q in range(s.n) if progress(s, q) == best]
            s.emit("L21", "turn_limit", s.winner_list)
        return
    s.active = (p + 1) % s.n
    _start_turn(s)


# ----- trade -------------------------------------------------------------------------------------
def _apply_trade(s: S, a: Action) -> None:
    p = s.active
    kind = a.kind
    slot = s.node[p]
    if kind == "toss":
        s.toss_state = 1
        cid = _take_from(s.hand[p], A.SLUGS.index(str(a.args[0])))
        s.discard.append(cid)
        s.emit("L5", "toss", p, CT[TYPE[cid]].name)
        return
    if s.toss_state == 1:
        s.toss_state = 2
    if kind == "done":
        s.stack.pop()
        s.trade_state = 2
        s.emit("L5", "trade_done", p)
    elif kind == "buy":
        g = CONTENT_GOOD[str(a.args[0])]
        price = buy_price(s, slot, g)
        s.credits[p] -= price
        s.cargo[p][g] += 1
        s.bought[p][g] += 1
        s.emit("L5", "buy", p, a.args[0], price)
    elif kind == "sell":
        g = CONTENT_GOOD[str(a.args[0])]
        price = sell_price(s, slot, g) + mod(s, p, "sell_bonus")
        _sell(s, p, g, price)
    elif kind == "draw":
        k = int(a.args[0])
        s.draw_state = 1
        got = draw(s, p, k)
        s.credits[p] -= CARD_PRICE * got
        s.emit("L5", "draw", p, got, CARD_PRICE * got)
    elif kind == "pawn":
        ti = A.SLUGS.index(str(a.args[0]))
        cid = _take_from(s.ship[p], ti)
        s.discard.append(cid)
        pay = CT[ti].cost // 2 // 50 * 50
        s.credits[p] += pay
        s.emit("L5", "pawn", p, CT[ti].name, pay)
    elif kind == "repair":
        s.credits[p] -= repair_price(s, p)
        s.damaged[p] = False
        s.emit("L9", "repair", p, repair_price(s, p))
    elif kind == "feature":
        s.feature_used[p] = True
        _feature(s, p, slot, str(a.args[0]) if a.args else "")
    elif kind == "play":
        _play(s, p, A.SLUGS.index(str(a.args[0])))


def _sell(s: S, p: int, g: int, price: int) -> None:
    s.credits[p] += price
    s.cargo[p][g] -= 1
    s.goods_sold[p] += 1
    if g == CONTRABAND:
        s.contraband_sold[p] += 1
    s.emit("L5", "sell", p, g, price)


def _feature(s: S, p: int, slot: int, arg: str) -> None:
    st = SETTLE[s.slot_set[slot]]
    k = st.feature
    s.emit("L5", "feature", p, st.name, st.ftext)
    if k == "faction_office":
        s.credits[p] -= st.farg("price")
        if st.farg("faction") == "union":
            s.union[p] += 1
        else:
            s.pirate[p] += 1
    elif k == "repair_dock":
        s.credits[p] -= repair_price(s, p, st.farg("price"))
        s.damaged[p] = False
    elif k == "archive":
        draw(s, p, min(st.farg("cards"), HAND_LIMIT - len(s.hand[p])))
    elif k == "fuel_depot":
        s.free_moves += st.farg("moves")
    elif k == "refinery":
        fg, tg = CONTENT_GOOD[st.farg("from")], CONTENT_GOOD[st.farg("to")]
        x = min(st.farg("count"), s.cargo[p][fg])
        s.cargo[p][fg] -= x
        s.cargo[p][tg] += x
    elif k == "fence":
        price = st.farg("price")
        while s.cargo[p][CONTRABAND]:
            _sell(s, p, CONTRABAND, price)
    elif k == "salvage_yard":
        for i in range(len(s.discard) - 1, -1, -1):
            if CT[TYPE[s.discard[i]]].kind in EQUIP:
                s.hand[p].append(s.discard.pop(i))
                break
        s.credits[p] -= st.farg("price")
    else:
        if arg == "union":
            s.union[p] -= 1
        else:
            s.pirate[p] -= 1
        s.credits[p] += st.farg("price")


# ----- engagements -------------------------------------------------------------------------------
def _apply_engage(s: S, f: list[int], a: Action) -> None:
    p = s.active
    kind = a.kind
    card = CT[TYPE[f[2]]]
    ls = f[1]
    if kind == "engage":
        f[4] = WIN if a.args[0] == "win" else ESCAPE
        f[3] = ROLLING
        s.emit("L15", "choose", p, a.args[0])
    elif kind == "roll":
        f[5] = int(a.args[0])
        f[3] = AFTER_ROLL
        s.emit("L15", "roll", p, f[5], mod(s, p, "win" if f[4] == WIN else "escape"))
        _push_window(s)
    elif kind == "accept":
        need = card.win if f[4] == WIN else card.escape
        if f[5] + mod(s, p, "win" if f[4] == WIN else "escape") >= need:
            (_win if f[4] == WIN else _escape)(s, f)
        else:
            _lose(s, f)
    elif kind == "use":
        _add_chain(s, p, A.SLUGS.index(str(a.args[0])))
        s.stack.append([CHAIN, 0, -1])
    elif kind == "parlay":
        if card.kind == "pirates":
            s.pirate[p] -= 1
            f[3] = PARLAY_PIRATES
        else:
            fee = parlay_fee(s, p)
            if a.args[0] == "faction":
                s.union[p] -= 1
            else:
                fee += toll(s, p)
            s.credits[p] -= fee
            f[3] = PARLAY_PATROL
        s.emit("L16", "parlay", p, card.name, a.args[0])
    elif kind == "fence":
        _sell(s, p, CONTRABAND, PIRATE_FENCE)
    elif kind == "keep":
        s.stack.pop()
    elif kind == "dismiss":
        s.stack.pop()
        _discard_hostile(s, ls)
    elif kind == "relocate":
        s.stack.pop()
        to = int(a.args[0])
        s.hostile[to] = s.hostile[ls]
        s.bounty[to] = s.bounty[ls]
        s.hostile[ls] = -1
        s.bounty[ls] = -1
        s.emit("L16", "relocate", p, card.name, to)


def _discard_hostile(s: S, ls: int) -> None:
    s.discard.append(s.hostile[ls])
    s.hostile[ls] = -1
    if s.bounty[ls] >= 0:
        s.discard.append(s.bounty[ls])
        s.bounty[ls] = -1


def _win(s: S, f: list[int]) -> None:
    p = s.active
    ls = f[1]
    card = CT[TYPE[f[2]]]
    s.stack.pop()
    s.emit("L16", "win", p, card.name)
    if card.kind == "pirates":
        s.pirates_won[p] += 1
    b = s.bounty[ls]
    if b >= 0:
        bt = CT[TYPE[b]]
        pay = bt.reward + mod(s, p, "bounty_bonus")
        s.credits[p] += pay
        if card.kind == "pirates":  # L18: the opposite faction
            s.union[p] += bt.faction
        else:
            s.pirate[p] += bt.faction
        s.bounties[p] += 1
        s.emit("L18", "bounty", p, bt.name, pay, bt.faction)
    _discard_hostile(s, ls)


def _escape(s: S, f: list[int]) -> None:
    f[3] = AFTER_ESCAPE
    s.emit("L16", "escape", s.active, CT[TYPE[f[2]]].name)


def _lose(s: S, f: list[int]) -> None:
    p = s.active
    card = CT[TYPE[f[2]]]
    s.stack.pop()
    s.damaged[p] = True
    s.travel_state = 2
    if card.kind == "pirates":
        s.cargo[p] = [0] * NGOODS
        for cid, _ in s.transports[p]:
            s.discard.append(cid)
        s.transports[p] = []
        s.emit("L16", "lose_pirates", p, card.name)
    else:
        if not mod(s, p, "hidden_hold"):
            s.cargo[p][CONTRABAND] = 0
        keep = []
        for tr in s.transports[p]:
            if CT[TYPE[tr[0]]].contraband:
                s.discard.append(tr[0])
            else:
                keep.append(tr)
        s.transports[p] = keep
        s.emit("L16", "lose_patrol", p, card.name, s.last_landed[p])
        _land(s, p, s.last_landed[p])


def _add_chain(s: S, q: int, ti: int) -> None:
    t = CT[ti]
    if q == s.active and _has(s.ship[q], ti):
        cid = _take_from(s.ship[q], ti)
    else:
        cid = _take_from(s.hand[q], ti)
        s.credits[q] -= t.cost
    s.discard.append(cid)
    s.chain.append([cid, q])
    s.emit("L17", "chain", q, t.name)


def _next_responder(s: S, f: list[int]) -> int:
    top_cid, top_p = s.chain[-1]
    want = "countermeasures" if CT[TYPE[top_cid]].kind == "missiles" else "missiles"
    for i in range(1, s.n + 1):
        q = (s.active + i) % s.n
        if q == top_p or f[1] >> q & 1:
            continue
        if _counter_types(s, q, want):
            return q
    return -1


def _resolve_chain(s: S) -> None:
    """L17: last played first; each card cancels the one below, so the first stands iff the chain is odd."""
    n = len(s.chain)
    first = CT[TYPE[s.chain[0][0]]].kind
    s.chain = []
    f = s.stack[-1]
    if n % 2 == 0:
        s.emit("L17", "cancelled")
        return
    if first == "missiles":
        _win(s, f)
    else:
        _escape(s, f)


# ----- player vs player --------------------------------------------------------------------------
def _apply_pvp(s: S, f: list[int], roll: int) -> None:
    if f[2] == 0:
        f[3] = roll
        f[2] = 1
        return
    f[4] = roll
    a = s.active
    d = f[1]
    ta = f[3] + mod(s, a, "win")
    td = f[4] + mod(s, d, "win")
    s.emit("L19", "pvp_roll", a, ta, d, td)
    if ta == td:
        f[2] = 0
        return
    s.stack.pop()
    w, lo = (a, d) if ta > td else (d, a)
    s.damaged[lo] = True
    s.stack.append([LOOT, w, lo])


def _apply_loot(s: S, f: list[int], a: Action) -> None:
    w, lo = f[1], f[2]
    if a.kind == "done":
        s.stack.pop()
        return
    if a.args[0] == "card":
        cid = s.hand[lo].pop(s.rng.below(len(s.hand[lo])))
        s.hand[w].append(cid)
        s.emit("L19", "loot_card", w, lo)
    else:
        g = CONTENT_GOOD[str(a.args[0])]
        s.cargo[lo][g] -= 1
        s.cargo[w][g] += 1
        s.emit("L19", "loot", w, lo, a.args[0])


def _offer_items(s: S, p: int, q: int) -> list[Action]:
    """What p may offer q (L19): one good (if q has room) or one Equipment/Crew card from p's ship."""
    out: list[Action] = []
    if sum(s.cargo[q]) < cargo_limit(s, q):
        out.extend(A.GIVE_GOOD[g] for g in range(NGOODS) if s.cargo[p][g] > 0)
    room = cargo_limit(s, p) - sum(s.cargo[p])
    seen: list[int] = []
    for c in s.ship[p]:
        ti = TYPE[c]
        t = CT[ti]
        if ti in seen or ti not in A.GIVE_CARD or t.mod("cargo") > room:
            continue
        seen.append(ti)
        if t.kind in ("upgrade", "crew") and _has(s.ship[q], ti):
            continue
        out.append(A.GIVE_CARD[ti])
    return out


def _legal_offer(s: S, f: list[int]) -> list[Action]:
    q, stage = f[1], f[2]
    if stage == 0:
        return _offer_items(s, s.active, q) + [A.CANCEL]
    if stage == 1:
        return [A.PRICE[n] for n in A.PRICES if s.credits[q] >= n] + [A.CANCEL]
    return [A.ACCEPT, A.DECLINE]


def _apply_offer(s: S, f: list[int], a: Action) -> None:
    p, q = s.active, f[1]
    if a.kind == "cancel" or a.kind == "decline":
        s.stack.pop()
        s.emit("L19", "offer_off", p, q)
        return
    if a.kind == "give":
        arg = str(a.args[0])
        f[3] = CONTENT_GOOD[arg] if arg in CONTENT_GOOD else 100 + A.SLUGS.index(arg)
        f[2] = 1
        return
    if a.kind == "price":
        f[4] = int(a.args[0])
        f[2] = 2
        s.emit("L19", "offer", p, q, str(f[3]), f[4])
        return
    s.stack.pop()
    item, price = f[3], f[4]
    s.credits[q] -= price
    s.credits[p] += price
    if item < 100:
        s.cargo[p][item] -= 1
        s.cargo[q][item] += 1
    else:
        s.ship[q].append(_take_from(s.ship[p], item - 100))
    s.emit("L19", "deal", p, q, price)


# ----- views -------------------------------------------------------------------------------------
def engagement_info(s: S) -> dict[str, Any] | None:
    for f in reversed(s.stack):
        if f[0] == ENGAGE:
            card = CT[TYPE[f[2]]]
            p = s.active
            wm, em = mod(s, p, "win"), mod(s, p, "escape")
            return {"player": p, "lane": f[1], "card": card.slug, "name": card.name, "kind": card.kind,
                    "win": card.win, "escape": card.escape, "win_mod": wm, "escape_mod": em,
                    "win_odds": odds(card.win - wm), "escape_odds": odds(card.escape - em),
                    "choice": ["win", "escape"][f[4]] if f[4] >= 0 else None,
                    "roll": f[5] if f[3] >= AFTER_ROLL else None,
                    "bounty": CT[TYPE[s.bounty[f[1]]]].slug if s.bounty[f[1]] >= 0 else None}
    return None


def offer_info(s: S) -> dict[str, Any] | None:
    """A Player vs Player offer on the table (public: both ships share a Space)."""
    if not s.stack or s.stack[-1][0] != OFFER:
        return None
    f = s.stack[-1]
    item: str | None = None
    if f[3] >= 100:
        item = CT[f[3] - 100].slug
    elif f[3] >= 0:
        item = ("ore", "supplies", "parts", "medicine", "luxury", "contraband")[f[3]]
    return {"from": s.active, "to": f[1], "item": item, "price": f[4] if f[2] == 2 else None}


def odds(need: int) -> float:
    """Chance that 2d6 meets or beats `need`."""
    return sum(6 - abs(n - 7) for n in range(2, 13) if n >= need) / 36
