"""Space Lanes for the study tools (`spacetable.games.study`): result columns and the tracker that fills
them, the card kinds a designer may override, what the card effects cover, the report's sections and
how the tuner keeps a goal consistent.

The tracker reads the states' public fields and holds no rules: prices are the credits a ``buy``,
``sell`` or Fence move moved (L5); a unit sold is matched with the oldest unit of that good bought and
still in the hold (units lost or given away are dropped oldest first; a refined or looted unit has
``bought_at = ""``); engagements are the times a ship became engaged (L14); ``goal_progress`` is the
game's own `goals.progress` (L21).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from spacetable.engine.action import Action
from spacetable.engine.errors import DataError
from spacetable.games.spacelanes import content, goals
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS
from spacetable.games.study import (
    CardKind,
    Column,
    InvalidCards,
    Item,
    Row,
    ScoreTrack,
    Section,
    Study,
    TradeProfits,
    TradeRoutes,
    WinBy,
    listed,
    offered,
)

COLUMNS = (
    Column("credits", "int32", "credits at the end"),
    Column("goal", "string", "Space Lanes goal slug"),
    Column("goal_progress", "double", "Space Lanes fraction of the goal reached (1.0 reached, L21)"),
    Column("goods_bought", "int32", "Space Lanes units bought"),
    Column("goods_sold", "int32", "Space Lanes units sold"),
    Column("contraband_sold", "int32", "Space Lanes contraband units sold"),
    Column("visited", "int32", "Space Lanes settlements visited"),
    Column("engagements", "int32", "Space Lanes engagements entered (L14)"),
    Column("pirates_won", "int32", "Space Lanes pirate engagements won"),
    Column("bounties", "int32", "Space Lanes bounties collected"),
    Column("transports_done", "int32", "Space Lanes transports delivered"),
    Column("union", "int32", "Space Lanes Union standing at the end"),
    Column("pirate", "int32", "Space Lanes Pirate standing at the end"),
    Column("trades", "list<struct<good: string, bought_at: string, sold_at: string, buy_price: int32, "
                     "sell_price: int32>>",
           "Space Lanes units sold: good, bought_at / sold_at settlement slugs ('' unknown: a refined or "
           "looted unit), buy_price, sell_price"),
)


class SpaceLanesTracker:
    """Goods bought and sold where and for how much (a sold unit is matched with the oldest unit of
    that good bought and still in the hold), and engagements entered (L14)."""

    def __init__(self, players: int) -> None:
        self.lots: list[list[deque[tuple[str, int]]]] = [[deque() for _ in GOODS] for _ in range(players)]
        self.trades: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.bought = [0] * players
        self.engagements = [0] * players
        self.engaged: list[int] = [-1] * players
        self.pending: tuple[int, str, int, list[int]] | None = None
        self.offered: list[set[str]] = [set() for _ in range(players)]
        self.played: list[list[str]] = [[] for _ in range(players)]
        self.scores = ScoreTrack(players, _progress)

    def _here(self, state: Any, seat: int) -> str:
        return str(CONTENT.settlements[state.slot_set[state.node[seat]]].slug)

    def decide(self, state: Any, seat: int, action: Action) -> None:
        if action.kind in ("buy", "sell", "feature"):
            self.pending = (seat, action.kind, state.credits[seat], list(state.cargo[seat]))
        elif action.kind == "play":
            self.played[seat].append(str(action.args[0]))
        playable = [str(a.args[0]) for a in state.legal_actions() if a.kind == "play"]
        self.offered[seat].update(playable)

    def step(self, state: Any) -> None:
        if self.pending is not None:
            self._settle(state, *self.pending)
            self.pending = None
        self.scores.step(state)
        eng = state.engaged
        for q, e in enumerate(eng):
            if e != self.engaged[q]:
                if e >= 0:
                    self.engagements[q] += 1
                self.engaged[q] = e

    def _settle(self, state: Any, seat: int, kind: str, credits: int, cargo: list[int]) -> None:
        now = state.cargo[seat]
        paid = state.credits[seat] - credits
        here = self._here(state, seat)
        for g, before in enumerate(cargo):
            lots = self.lots[seat][g]
            while len(lots) > before:  # units lost or given away since: the oldest are gone
                lots.popleft()
            if now[g] > before and kind == "buy":
                self.bought[seat] += now[g] - before
                for _ in range(now[g] - before):
                    lots.append((here, -paid // (now[g] - before)))
            elif now[g] < before and kind in ("sell", "feature") and paid > 0:
                units = before - now[g]
                for _ in range(units):
                    origin, cost = lots.popleft() if lots else ("", 0)
                    self.trades[seat].append({"good": GOODS[g], "bought_at": origin, "sold_at": here,
                                              "buy_price": cost, "sell_price": paid // units})

    def seat_figures(self, state: Any, seat: int) -> dict[str, Any]:
        if self.pending is not None:
            self.step(state)
        goal = CONTENT.goals[state.goal[seat]]
        return {
            "score": float(state.credits[seat]), "credits": state.credits[seat], "goal": goal.slug,
            "goal_progress": round(float(goals.progress(state, seat)), 4),
            "goods_bought": self.bought[seat], "goods_sold": state.goods_sold[seat],
            "contraband_sold": state.contraband_sold[seat], "visited": bin(state.visited[seat]).count("1"),
            "engagements": self.engagements[seat], "pirates_won": state.pirates_won[seat],
            "bounties": state.bounties[seat], "transports_done": state.transports_done[seat],
            "union": state.union[seat], "pirate": state.pirate[seat],
            "trades": list(self.trades[seat]),
            "cards_offered": sorted(self.offered[seat]), "cards_bought": list(self.played[seat]),
            "score_track": self.scores.of(state, seat),
        }


def _progress(state: Any, seat: int) -> float:
    return float(goals.progress(state, seat))


def _tracker(players: int) -> SpaceLanesTracker:
    return SpaceLanesTracker(players)


CARD_KINDS = (
    CardKind("settlements", "settlements.json", "settlements", title="Settlements"),
    CardKind("lanes", "lanes.json", "lanes", title="Lanes"),
    CardKind("action_cards", "cards.json", "cards", title="Action cards"),
    CardKind("goals", "goals.json", "goals", title="Goals"),
)


def validate(docs: Mapping[str, Any], changed: Collection[str]) -> None:
    """The content's own parsers: settlements, lanes, goals (texts that show their targets), then the
    action cards against the settlements' tags and slugs."""
    steps: tuple[tuple[str, str, Callable[[Any], Any]], ...] = (
        ("settlements", "settlements.json", lambda d: content.parse_settlements(d, "settlements.json")),
        ("lanes", "lanes.json", lambda d: content.parse_lanes(d, "lanes.json")),
        ("goals", "goals.json", lambda d: content.parse_goals(d, "goals.json")))
    for kind, name, parse in steps:
        try:
            parse(docs[name])
        except DataError as e:
            raise InvalidCards(kind, e) from e
    settlements = content.parse_settlements(docs["settlements.json"])
    tags = {t for s in settlements for t in s.tags} | {s.slug for s in settlements}
    try:
        content.parse_cards(docs["cards.json"], "cards.json", tags=tags)
    except DataError as e:
        raise InvalidCards("action_cards", e) from e


def _goal(slug: str) -> Callable[[Row], bool]:
    return lambda r: r.get("goal") == slug


def _traded(good: str | None, route: tuple[str, str] | None) -> Callable[[Row], bool]:
    """Whether a seat sold a unit of `good`, or one bought at route[0] and sold at route[1]."""
    def test(r: Row) -> bool:
        for t in r.get("trades") or ():
            where = (t["bought_at"], t["sold_at"])
            if (good is None or t["good"] == good) and (route is None or where == route):
                return True
        return False
    return test


def card_items(records: Mapping[str, list[dict[str, Any]]], rows: Sequence[Row]) -> list[Item]:
    """Goals (had: dealt; no buy rate), action cards (had: played; could: playable at a decision), and
    the goods and routes of the trades in `rows` (had: sold a unit of it)."""
    items: list[Item] = []
    for g in records.get("goals", []):
        slug = str(g["slug"])
        items.append(Item(slug, "goals", str(g.get("name", slug)), _goal(slug), None, rated=False))
    for c in records.get("action_cards", []):
        slug = str(c["slug"])
        items.append(Item(slug, "action_cards", str(c.get("name", slug)), listed("cards_bought")(slug),
                          offered(slug)))
    goods = sorted({str(t["good"]) for r in rows for t in (r.get("trades") or ())})
    for good in goods:
        items.append(Item(good, "goods", good, _traded(good, None), None))
    routes = sorted({(str(t["bought_at"]), str(t["sold_at"])) for r in rows
                     for t in (r.get("trades") or ()) if t["bought_at"]})
    for a, b in routes:
        items.append(Item(f"{a} → {b}", "routes", f"{a} → {b}", _traded(None, (a, b)), None))
    return items


_PLAYERS = re.compile(r"(\d) players: (\d+)")
_EXPLORATION = re.compile(r"Exploration mode: (\d+)")


def fix_goal(goal: dict[str, Any], changed: str) -> None:
    """Keep a goal consistent after `changed` moved: the 3-player entry of ``targets`` (or
    ``credit_targets``) equals ``target`` (``credits``), and the text shows every target (the goals'
    validator checks both, L21)."""
    for base, table in (("target", "targets"), ("credits", "credit_targets")):
        tab = goal.get(table)
        if isinstance(tab, dict) and "3" in tab:
            if changed == f"{table}.3":
                goal[base] = tab["3"]
            elif changed == base:
                tab["3"] = goal[base]
    text = str(goal.get("text", ""))
    shown = goal.get("credit_targets") if goal.get("kind") == "homeworlds" else goal.get("targets")
    if isinstance(shown, dict):
        text = _PLAYERS.sub(lambda m: f"{m.group(1)} players: {shown.get(m.group(1), m.group(2))}", text)
    if "exploration_target" in goal or "exploration_credits" in goal:
        value = goal.get("exploration_credits") or goal.get("exploration_target")
        text = _EXPLORATION.sub(f"Exploration mode: {value}", text)
    goal["text"] = text


def adjust(kind: str, card: dict[str, Any], changed: str) -> None:
    """The tuner's hook: a goal keeps its targets and text in step (`fix_goal`)."""
    if kind == "goals":
        fix_goal(card, changed)


STUDY = Study(
    columns=COLUMNS,
    tracker=_tracker,
    card_kinds=CARD_KINDS,
    validate=validate,
    card_items=card_items,
    progress="goal progress",
    names={"goals": "goal", "action_cards": "action card", "goods": "good", "routes": "route"},
    having="holding the goal, playing the card, trading the good or route",
    report=(Section("Goals, goods and routes", (WinBy("goal", "goal"), TradeProfits("trades")),
                    (TradeRoutes("trades"),)),),
    adjust=adjust,
    goal="goal",
)
