"""Space Lanes trade (L5): prices and quantities with Economic cards, buying and selling goods, tossing a
card, buying cards, pawning ship cards, Settlement features, and repairs (L9), in the Trade's frame
(`TradeFrame`).

A good bought or sold here (the Fence too) marks the Settlement as traded at (`traded`, the Explorer goal:
at most one new Settlement a turn, as a turn holds one Trade, L4).

Project ruling (docs/spacelanes-design.md, "Resale"): the units of a good bought during a Visit cannot be
sold (or fenced) in the same Visit; units the ship carried in may be sold before or after buying more. So
Economic events and sale bonuses never make a buy-and-sell-back loop within one Visit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from spacetable.engine.action import Action
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.card_play import play_card, playable_types
from spacetable.games.spacelanes.common import (
    CONTENT_GOOD,
    CT,
    HAND_LIMIT,
    SETTLE,
    TYPE,
    cargo_limit,
    draw,
    mod,
    take_from,
    take_from_hand,
)
from spacetable.games.spacelanes.content_types import CONTRABAND, GOODS, NGOODS
from spacetable.games.spacelanes.frames import SpaceLanesFrame

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

BUY_LIMIT = 5
CARD_PRICE = 100
REPAIR_PRICE = 500
EQUIP = ("missiles", "countermeasures", "fuel_burn", "repair_kit", "upgrade")


def _price(s: S, slot: int, g: int, side: int) -> int:
    """A settlement's price for good g (side 0: it sells to you, 1: it buys from you), 0 if untraded;
    an Economic card on the settlement shifts it, never below 50."""
    settlement = SETTLE[s.slot_set[slot]]
    base = (settlement.buy, settlement.sell)[side][g]
    if not base:
        return 0
    e = s.econ[slot]
    if e >= 0:
        base += CT[TYPE[e]].prices[g][side]
    return max(50, base)


def buy_price(s: S, slot: int, g: int) -> int:
    return _price(s, slot, g, 0)


def sell_price(s: S, slot: int, g: int) -> int:
    return _price(s, slot, g, 1)


def office_price(s: S, p: int, slot: int) -> int:
    """What the Faction office at `slot` asks of seat p: its price plus its step for every Faction of its
    kind p holds (settlements.json; design note "Loops": closes the launch-and-land-back token loop)."""
    st = SETTLE[s.slot_set[slot]]
    held = s.union[p] if st.farg("faction") == "union" else s.pirate[p]
    return int(st.farg("price")) + int(st.farg("step")) * held


def repair_price(s: S, p: int, base: int = REPAIR_PRICE) -> int:
    return max(0, base - mod(s, p, "repair_discount"))


# ----- Economic quantities (rulebook: "These cards affect prices and quantities at that location") -----
def buy_limit(s: S, slot: int, g: int, base: int) -> int:
    """How many units of good g one ship may buy at `slot` per Visit: the base limit (L5) changed by an
    Economic event's `limits` (the stock left is `in_stock`)."""
    lim = base
    e = s.econ[slot]
    if e >= 0:
        t = CT[TYPE[e]]
        if t.limits:
            lim = max(0, lim + t.limits[g])
    return lim


def in_stock(s: S, slot: int, g: int) -> bool:
    return s.stock[slot * NGOODS + g] != 0


def take_stock(s: S, slot: int, g: int) -> None:
    """One unit of g bought at `slot`: an Economic event's stock goes down."""
    i = slot * NGOODS + g
    if s.stock[i] > 0:
        s.stock[i] -= 1


def econ_info(s: S, slot: int) -> dict[str, Any]:
    """The public view of the Economic event at `slot`: when it ends, buy limits and stock it sets."""
    t = CT[TYPE[s.econ[slot]]]
    out: dict[str, Any] = {"economic_ends": s.until[s.econ[slot]]}
    if t.limits:  # only what the card shows: a face-down settlement's goods stay hidden (L20)
        out["buy_limits"] = {g: buy_limit(s, slot, i, BUY_LIMIT) for i, g in enumerate(GOODS) if t.limits[i]}
    stock = {g: s.stock[slot * NGOODS + i] for i, g in enumerate(GOODS) if s.stock[slot * NGOODS + i] >= 0}
    if stock:
        out["stock"] = stock
    return out


def _feature_actions(s: S, p: int, slot: int) -> list[Action]:
    st = SETTLE[s.slot_set[slot]]
    k = st.feature
    cr = s.credits[p]
    if k == "faction_office":
        return [A.FEATURE] if cr >= office_price(s, p, slot) else []
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
        return [A.FEATURE] if s.cargo[p][CONTRABAND] > s.bought[p][CONTRABAND] else []
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


class TradeFrame(SpaceLanesFrame):
    """The Trade action at a Settlement (L5): the active captain buys, sells, discards, buys cards, pawns,
    repairs and uses the feature, one action at a time, until `done`. What the Trade has done so far is
    kept on the state (`bought`, `toss_state`, `draw_state`, `feature_used`), so the frame has no fields."""

    __slots__ = ()
    name: ClassVar[str] = "trade"

    def copy(self) -> TradeFrame:
        return TradeFrame()

    def legal(self, s: S) -> list[Action]:
        p = s.active
        slot = s.node[p]
        out: list[Action] = []
        room = cargo_limit(s, p) - sum(s.cargo[p])
        cr = s.credits[p]
        cargo = s.cargo[p]
        for g in range(NGOODS):
            bp = buy_price(s, slot, g)
            if (bp and room > 0 and s.bought[p][g] < buy_limit(s, slot, g, BUY_LIMIT) and cr >= bp
                    and in_stock(s, slot, g)):  # Economic events change quantities
                out.append(A.BUY[g])
            if cargo[g] > s.bought[p][g] and sell_price(s, slot, g):  # only units not bought this Visit
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

    def apply(self, s: S, a: Action) -> None:
        p = s.active
        kind = a.kind
        slot = s.node[p]
        if kind == "toss":
            s.toss_state = 1
            cid = take_from_hand(s, p, A.SLUGS.index(str(a.args[0])))
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
            take_stock(s, slot, g)
            s.traded[p] |= 1 << slot
            s.emit("L5", "buy", p, a.args[0], price)
        elif kind == "sell":
            g = CONTENT_GOOD[str(a.args[0])]
            price = sell_price(s, slot, g) + mod(s, p, "sell_bonus")
            s.traded[p] |= 1 << slot
            sell(s, p, g, price)
        elif kind == "draw":
            k = int(a.args[0])
            s.draw_state = 1
            got = draw(s, p, k)
            s.credits[p] -= CARD_PRICE * got
            s.emit("L5", "draw", p, got, CARD_PRICE * got)
        elif kind == "pawn":
            ti = A.SLUGS.index(str(a.args[0]))
            cid = take_from(s.ship[p], ti)
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
            play_card(s, p, A.SLUGS.index(str(a.args[0])))


def sell(s: S, p: int, g: int, price: int) -> None:
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
        s.credits[p] -= office_price(s, p, slot)
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
        price = st.farg("price") + mod(s, p, "sell_bonus")
        s.traded[p] |= 1 << slot  # a sale at this Settlement (the Explorer goal counts it)
        while s.cargo[p][CONTRABAND] > s.bought[p][CONTRABAND]:  # not the units bought this Visit
            sell(s, p, CONTRABAND, price)
    elif k == "salvage_yard":
        for i in range(len(s.discard) - 1, -1, -1):
            if CT[TYPE[s.discard[i]]].kind in EQUIP:
                cid = s.discard.pop(i)
                s.hand[p].append(cid)
                s.known = (*s.known, (1 << p, cid, (1 << s.n) - 1))  # taken face up: every seat knows
                break
        s.credits[p] -= st.farg("price")
    else:
        if arg == "union":
            s.union[p] -= 1
        else:
            s.pirate[p] -= 1
        s.credits[p] += st.farg("price")
