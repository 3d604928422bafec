"""A scripted Space Lanes captain for the browser tests: what a person at the table chooses, from the
API view of its seat (the same body the page draws).

It trades a little (sells what it carries, buys up to 3 units of the cheapest good, discards the cards it
will not play once, L5), makes the free first move of a turn (L6) when it has not moved, tries to Escape
every engagement (L15) and passes every response window (L10). With few cards in hand it is seldom
asked at a window (only with a card relevant to what just happened, `spacelanes.windows`), which keeps
a whole game short. Each step names the control a person would use: a map click, a market row, a
button of the decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spacetable.games.spacelanes.content import CONTENT

KIND = {t.slug: t.kind for t in CONTENT.card_types}
KEEP = ("missiles", "countermeasures", "repair_kit", "fuel_burn")
"""Cards the captain keeps; it discards the rest at its first Trade."""

Step = tuple[str, Any]
"""("act", text) a button; ("slot", n) a settlement on the map; ("move", move) a ring on the map;
("trade", {"action", "good", "units"}) a row of the market."""

PASSIVE = {"respond": "pass", "chain": "pass", "engage.after_roll": "accept", "engage.escape": "keep",
           "engage.parlay": "dismiss", "target": "cancel", "pvp.answer": "decline", "pvp.propose": "cancel",
           "pvp.pick": "cancel", "pvp.loot": "done"}


@dataclass
class Captain:
    """One human seat's policy; remembers what it did this turn."""

    start: int = 0
    trades: int = 0
    moves: int = 0
    seen: set[str] = field(default_factory=set)

    def choose(self, v: dict[str, Any]) -> Step:
        legal = [a["text"] for a in v["legal_actions"]]
        d = v["decision"]
        view = v["view"]
        self.seen.add(d)
        if d == "setup.start":
            return ("slot", self.start) if f"start {self.start}" in legal else ("act", legal[0])
        if d == "turn":
            return self._turn(v, legal)
        if d == "trade":
            return self._trade(v, legal)
        if d == "engage.choose":
            return ("act", "engage escape")
        if d == "fuel":
            return ("act", legal[0])
        if d in PASSIVE and PASSIVE[d] in legal:
            return ("act", PASSIVE[d])
        if d == "engage.escape" or d == "engage.parlay":
            return ("act", next(t for t in legal if t in ("keep", "dismiss")))
        del view
        return ("act", legal[-1])

    def _turn(self, v: dict[str, Any], legal: list[str]) -> Step:
        view = v["view"]
        me = view["ships"][v["seat"]]
        offered = v["intent"] or {}
        if view["trade_state"] == 0 and "trade" in legal and "trade" in offered:
            goods = offered["trade"]["goods"]
            if any(g["max_sell"] > 0 for g in goods.values()) or (
                    sum(me["cargo"].values()) == 0 and me["credits"] > 1200
                    and any(g["max_buy"] > 0 for g in goods.values())):
                return ("act", "trade")
        moves = offered.get("move", {}).get("moves", []) if view["moves_made"] == 0 else []
        free = [m for m in moves if m["fuel"] == 0 and not m["jump"]]
        if free:
            self.moves += 1
            return ("move", free[(self.moves * 7) % len(free)])
        if "skip" in legal:
            return ("act", "skip")
        return ("act", "end")

    def _trade(self, v: dict[str, Any], legal: list[str]) -> Step:
        offered = v["intent"] or {}
        form = offered.get("trade")
        hand = v["view"]["you"]["hand"]
        toss = [c for c in hand if KIND[c] not in KEEP][:max(0, len(hand) - 4)]  # keep 4 cards as fuel (L6)
        if "discard" in offered and toss and "discarded" not in self.seen:
            self.seen.add("discarded")
            return ("discard", toss)
        if form:
            goods = form["goods"]
            sell = [(s, g) for s, g in goods.items() if g["max_sell"] > 0]
            if sell:
                slug, g = sell[0]
                return ("trade", {"action": "sell", "good": slug, "units": g["max_sell"]})
            if not any(g["bought"] for g in goods.values()):
                buy = sorted((g["buy"], s) for s, g in goods.items() if g["max_buy"] > 0)
                if buy:
                    slug = buy[0][1]
                    self.trades += 1
                    return ("trade", {"action": "buy", "good": slug, "units": min(3, goods[slug]["max_buy"])})
        return ("act", "done")
