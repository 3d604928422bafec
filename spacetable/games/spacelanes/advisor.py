"""Space Lanes advisor: what a captain should know before deciding, from its own seat's knowledge only.

`advise(state, seat)` returns a JSON-ready dict with `"lines"` (text for people) and:

- `"engagement"` (when `seat` is the engaged ship, L14-L17): the success odds of every option open to
  it now. Win and Escape succeed when 2d6 plus the ship's modifiers reach the card's number (L15,
  `engagements.odds`); after a roll, the rolled result (and a re-roll's odds, if one is available).
  Parlay (L16) always succeeds at its cost; Missiles (a Win) and Countermeasures or a reusable Escape (an
  Escape) succeed unless another captain answers them in a chain (L17), which the seat cannot see, so
  they are reported as sure with that caveat. Each option also carries what a failure costs (a Lose to
  Pirates takes the hold and every Transport, to a Patrol the Contraband; L16) and its expected loss.
- `"trade_run"`: the best run to a settlement the ship can reach this turn (for a seat that is not
  active: on its next turn) with the fuel in its hand
  (the first move of a turn is free, each further move burns a card, L6; Asteroids cost one more), from
  the prices of the settlements the seat has seen face up (L20): sell the hold there, and, when standing
  on a settlement at the start of its Trade, buy the good with the best margin here first (5 a Visit, the
  hold and the purse permitting, L5). Expected profit = the margin of the goods bought here + the sale of
  the hold at the destination over its sale here − fuel (100 a card, the price of a card at a Trade) −
  the expected loss to a Pirates or Patrol card face up on the route (its Escape odds, L15).

Everything read is public (board, ships, face-up cards) or the seat's own (hand, goal), so the answer is
the same on `state.determinize(seat, rng)`; the module does no I/O.
"""

from __future__ import annotations

from typing import Any

from spacetable.games.spacelanes.board import ENDS, LANE_BETWEEN, NLANES, NSLOTS, dijkstra
from spacetable.games.spacelanes.card_play import unused
from spacetable.games.spacelanes.chains import counter_types
from spacetable.games.spacelanes.common import cargo_limit, mod
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import CONTRABAND, GOODS, NGOODS
from spacetable.games.spacelanes.engagements import engagement, odds, parlay_fee, toll
from spacetable.games.spacelanes.frames import Aim, Phase, Stage
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.trade import BUY_LIMIT, buy_limit, buy_price, repair_price, sell_price

CT = CONTENT.card_types
TYPE = CONTENT.deck
FUEL_CARD = 100
"""Credits a burnt card is worth (a card costs 100 at a Trade, L5)."""
UNKNOWN = 10 ** 6


def advise(state: Any, seat: int) -> dict[str, Any]:
    """The advice for `seat` (0-based) in a Space Lanes state; ValueError for a bad seat or game."""
    if not isinstance(state, SpaceLanesState):
        raise ValueError("the Space Lanes advisor needs a Space Lanes game")
    if not 0 <= seat < state.n:
        raise ValueError(f"no seat {seat + 1}: this game has seats 1 to {state.n}")
    s = state
    out: dict[str, Any] = {"game": "spacelanes", "seat": seat, "turn": s.turns,
                           "active": s.active == seat and s.phase == Phase.PLAY}
    lines: list[str] = []
    eng = engagement_odds(s, seat)
    out["engagement"] = eng
    if eng is not None:
        lines.append(f"Engaged by {eng['name']} ({eng['kind']}; Win {eng['win']}+, Escape {eng['escape']}+ "
                     f"on 2d6; at stake if you lose: {eng['at_stake']} credits).")
        for o in eng["options"]:
            note = f" — {o['note']}" if o.get("note") else ""
            lines.append(f"  {o['option']}: {o['odds'] * 100:.0f}% to succeed, expected loss "
                         f"{o['expected_loss']:.0f}{note}")
    run = trade_run(s, seat) if s.phase == Phase.PLAY else None
    out["trade_run"] = run
    if run is not None:
        buy = run["buy"]
        what = (f"buy {buy['units']} {buy['good']} here at {buy['price']}, " if buy else "")
        when = "this turn" if s.active == seat else "on your next turn"
        lines.append(f"Best trade run {when}: {what}go to {run['name']} ({run['moves']} moves, "
                     f"{run['fuel_cards']} fuel cards) and sell: expected profit "
                     f"{run['expected_profit']:.0f} credits.")
    elif s.phase == Phase.PLAY:
        lines.append("No profitable trade run within reach (from the prices you have seen).")
    if s.phase < Phase.PLAY:
        lines.append("Setup: the coach's choice of a start weighs each settlement's market and feature "
                     "against your Goal.")
    if s.phase == Phase.OVER:
        lines.append("The game is over.")
    out["lines"] = lines
    return out


# ----- engagements (L14-L17) ---------------------------------------------------------------------
def _stake(s: SpaceLanesState, p: int, kind: str) -> int:
    """What a Lose costs (L16): Pirates take the hold and every Transport, a Patrol the Contraband (and
    Contraband Transports); both Damage the ship (a repair)."""
    repair = repair_price(s, p)
    best = [max((sell_price(s, x, g) for x in range(NSLOTS) if s.rev_set[x]), default=0)
            for g in range(NGOODS)]
    if kind == "pirates":
        return repair + sum(s.cargo[p][g] * best[g] for g in range(NGOODS)) + sum(
            CT[TYPE[c]].reward for c, _ in s.transports[p])
    return repair + s.cargo[p][CONTRABAND] * best[CONTRABAND] + sum(
        CT[TYPE[c]].reward for c, _ in s.transports[p] if CT[TYPE[c]].contraband)


def engagement_odds(s: SpaceLanesState, p: int) -> dict[str, Any] | None:
    """The odds of every option of `p`'s engagement, or None when `p` is not engaged."""
    f = engagement(s)
    if f is None or s.active != p:
        return None
    card = CT[TYPE[f.card]]
    wm, em = mod(s, p, "win"), mod(s, p, "escape")
    stake = _stake(s, p, card.kind)
    pw, pe = odds(card.win - wm), odds(card.escape - em)
    opts: list[dict[str, Any]] = []

    def add(option: str, odds: float, cost: int = 0, note: str = "") -> None:
        opts.append({"option": option, "odds": round(odds, 4), "cost": cost,
                     "expected_loss": round(cost + (1 - odds) * stake, 1), "note": note})

    bounty = CT[TYPE[s.bounty[f.lane]]] if s.bounty[f.lane] >= 0 else None
    stage = f.stage
    if stage == Stage.CHOOSE:
        paid = f"; pays the Bounty {bounty.name}" if bounty else ""
        add("engage win", pw, note=f"needs {card.win - wm}+{paid}")
        add("engage escape", pe, note=f"needs {card.escape - em}+")
        if card.kind == "pirates":
            if s.pirate[p] > 0:
                add("parlay faction", 1.0, 0, "spend a Pirate Faction token")
        elif not any(CT[TYPE[c]].contraband for c, _ in s.transports[p]):
            fee = parlay_fee(s, p)
            if s.union[p] > 0 and s.credits[p] >= fee:
                add("parlay faction", 1.0, fee, "spend a Union Faction token")
            if s.credits[p] >= fee + toll(s, p):
                add("parlay toll", 1.0, fee + toll(s, p), "pay the toll")
        _sure_cards(s, p, add)
    elif stage == Stage.AFTER_ROLL:
        need = card.win if f.aim == Aim.WIN else card.escape
        made = f.roll + f.roll_mod >= need
        choice = "win" if f.aim == Aim.WIN else "escape"
        add("accept", 1.0 if made else 0.0, note=f"rolled {f.roll}+{f.roll_mod} against {need} ({choice})")
        if not made:
            if not s.damaged[p] and unused(s, p, "reroll"):
                m = wm if f.aim == Aim.WIN else em
                add("re-roll", odds(need - m), note="roll the dice again")
            _sure_cards(s, p, add)
    if not opts:
        return None
    return {"card": card.slug, "name": card.name, "kind": card.kind, "lane": f.lane, "win": card.win,
            "escape": card.escape, "win_mod": wm, "escape_mod": em, "at_stake": stake,
            "stage": "choose" if stage <= Stage.CHOOSE else ("after_roll" if stage == Stage.AFTER_ROLL
                                                             else "resolved"),
            "options": opts, "best": min(opts, key=lambda o: o["expected_loss"])["option"]}


def _sure_cards(s: SpaceLanesState, p: int, add: Any) -> None:
    chain = "unless another captain answers it in a chain"
    for ti in counter_types(s, p, "missiles"):
        add(f"use {CT[ti].slug}", 1.0, 0, f"a sure Win {chain}")
    for ti in counter_types(s, p, "countermeasures"):
        add(f"use {CT[ti].slug}", 1.0, 0, f"a sure Escape {chain}")


# ----- trade runs (L5, L6) -----------------------------------------------------------------------
def known_dist(s: SpaceLanesState) -> list[int]:
    """Lane distances by lane slot as the seat may know them: a face-down lane (L20) counts as far."""
    return [s.dist[ls] if s.rev_lane[ls] else UNKNOWN for ls in range(NLANES)]


def _path(src: int, dst: int, dist: list[int]) -> list[int]:
    """The lanes of a shortest known route from `src` to `dst` (slots)."""
    lanes: list[int] = []
    x = src
    while x != dst and len(lanes) < NSLOTS:
        nxt = dijkstra(x, dist)[1][dst]
        if nxt < 0:
            break
        lanes.append(LANE_BETWEEN[(x, nxt)])
        x = nxt
    return lanes


def trade_run(s: SpaceLanesState, p: int) -> dict[str, Any] | None:
    """The best trade run for `p` within reach this turn, or None (see the module docstring)."""
    dist = known_dist(s)
    here = s.node[p]
    # moves to each slot and the lanes on the way, from a settlement or from a marker in a lane
    starts: list[tuple[int, int, list[int]]] = []  # (slot to route from, moves to reach it, lanes)
    if here >= 0:
        starts.append((here, 0, []))
    else:
        ls = s.lane[p]
        a, b = ENDS[ls]
        starts += [(a, s.mark[p], [ls]), (b, s.dist[ls] + 1 - s.mark[p], [ls])]
    hand = len(s.hand[p])
    mine = s.active == p  # another seat plans for its next turn: a free first move, a Trade where it is
    free_first = s.moves_made == 0 or not mine
    free_moves = s.free_moves if mine else 0
    trading = here >= 0 and not s.damaged[p] and (not mine or s.trade_state < 2 and s.travel_state == 0)
    best: dict[str, Any] | None = None
    for y in range(NSLOTS):
        if y == here or not s.rev_set[y]:
            continue
        route: tuple[int, list[int]] | None = None
        for src, k, pre in starts:
            mv = dijkstra(src, dist)[0][y] if src != y else 0
            if mv >= UNKNOWN:
                continue
            if route is None or k + mv < route[0]:
                route = (k + mv, pre + _path(src, y, dist))
        if route is None:
            continue
        moves, lanes = route
        cards = max(0, moves - (1 if free_first else 0) - free_moves)
        cards += sum(1 for ls in set(lanes) if s.asteroids[ls] >= 0)
        if cards > hand:
            continue  # not within reach this turn
        risk = 0.0
        for ls in set(lanes):
            if s.hostile[ls] >= 0 and s.engaged[p] != s.hostile[ls]:
                c = CT[TYPE[s.hostile[ls]]]
                risk += (1 - odds(c.escape - mod(s, p, "escape"))) * _stake(s, p, c.kind)
        sale = 0
        for g in range(NGOODS):
            if s.cargo[p][g]:
                there = sell_price(s, y, g)
                now = sell_price(s, here, g) if here >= 0 else 0
                sale += s.cargo[p][g] * (there - now) if there else 0
        buy: dict[str, Any] | None = None
        margin = 0
        if trading:
            room = cargo_limit(s, p) - sum(s.cargo[p])
            for g in range(NGOODS):
                bp, sp = buy_price(s, here, g), sell_price(s, y, g)
                if not bp or not sp or sp <= bp:
                    continue
                lim = buy_limit(s, here, g, BUY_LIMIT) - s.bought[p][g]
                st = s.stock[here * NGOODS + g]
                units = min(lim, room, s.credits[p] // bp, st if st >= 0 else lim)
                if units > 0 and units * (sp - bp) > margin:
                    margin = units * (sp - bp)
                    buy = {"good": GOODS[g], "units": units, "price": bp, "sells_for": sp}
        profit = margin + sale - FUEL_CARD * cards - risk
        if (margin or sale) and (best is None or profit > best["expected_profit"]):
            best = {"destination": y, "name": CONTENT.settlements[s.slot_set[y]].name, "moves": moves,
                    "fuel_cards": cards, "lanes": sorted(set(lanes)), "buy": buy, "margin": margin,
                    "hold_gain": sale, "fuel_cost": FUEL_CARD * cards, "risk": round(risk, 1),
                    "expected_profit": round(profit, 1)}
    if best is None or best["expected_profit"] <= 0:
        return None
    return best


__all__ = ["advise", "engagement_odds", "trade_run"]
