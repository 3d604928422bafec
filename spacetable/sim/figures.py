"""Per-seat figures of one simulated game, read from the states' public fields (read-only).

A `Tracker` watches a game as it is played (`decide` before each bot decision is applied, `step` after
every applied step) and, at the end, `seat_figures` gives each seat's columns of the results table
(`spacetable.sim.schema`). It never changes the state and holds no rules: contracts attempted are the
executions the state starts (3.3.5) and their `success`; prices are the credits a buy or sell moved.
Games without a tracker give only the common figures (`common_figures`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from spacetable.engine.action import Action
from spacetable.engine.state import State


class Tracker(Protocol):
    def decide(self, state: Any, seat: int, action: Action) -> None:
        """Before `seat`'s `action` is applied."""

    def step(self, state: Any) -> None:
        """After any step (a decision or a chance outcome) was applied."""

    def seat_figures(self, state: Any, seat: int) -> dict[str, Any]:
        """The game-specific columns of `seat` (at the end of the game)."""


def common_figures(state: State, seat: int) -> dict[str, Any]:
    """Score figures every game with a ``scores`` list reports (Highcard)."""
    scores = getattr(state, "scores", None)
    if isinstance(scores, list) and seat < len(scores):
        return {"score": float(scores[seat]), "prestige": int(scores[seat])}
    return {}


class ScoreTrack:
    """Each seat's score at the end of every turn (`State.turn_count` moving on), for the lead changes and
    how decided a game was (`spacetable.sim.game_figures`)."""

    def __init__(self, players: int, score: Callable[[Any, int], float]) -> None:
        self.score = score
        self.turn = -1
        self.track: list[list[float]] = [[] for _ in range(players)]

    def step(self, state: Any) -> None:
        turn = state.turn_count()
        if turn != self.turn:
            if self.turn >= 0:  # the turn that just ended
                for seat, track in enumerate(self.track):
                    track.append(round(self.score(state, seat), 4))
            self.turn = turn

    def of(self, state: Any, seat: int) -> list[float]:
        """The seat's track, its final score last."""
        return [*self.track[seat], round(self.score(state, seat), 4)]


class MoonrakersTracker:
    """Cards bought, contracts taken (as Mission Leader or ally, 3.3.5) and completed (3.4.9)."""

    def __init__(self, players: int) -> None:
        from spacetable.games.moonrakers import actions

        self.A = actions
        self.crew_bought = [0] * players
        self.parts_bought = [0] * players
        self.taken: list[list[str]] = [[] for _ in range(players)]
        self.completed: list[list[str]] = [[] for _ in range(players)]
        self.offered: list[set[str]] = [set() for _ in range(players)]
        self.bought: list[list[str]] = [[] for _ in range(players)]
        self.ex: Any = None
        self.scores = ScoreTrack(players, lambda state, seat: float(state.players[seat].prestige))

    def decide(self, state: Any, seat: int, action: Action) -> None:
        if action.kind == "buy":
            slug = str(action.args[0])
            if slug in self.A.PART_ID:
                self.parts_bought[seat] += 1
            else:
                self.crew_bought[seat] += 1
            self.bought[seat].append(slug)
        if state.decision_name() == "buying":  # what the seat could buy at this decision (3.5)
            self.offered[seat].update(str(a.args[0]) for a in state.legal_actions() if a.kind == "buy")

    def step(self, state: Any) -> None:
        ex = state.ex
        if ex is not self.ex:
            if self.ex is not None:
                self._close(self.ex)
            self.ex = ex
        self.scores.step(state)

    def _close(self, ex: Any) -> None:
        slug = self.A.CONTRACT_SLUGS[ex.contract]
        for p in ex.order:
            self.taken[p].append(slug)
            if ex.success:
                self.completed[p].append(slug)

    def seat_figures(self, state: Any, seat: int) -> dict[str, Any]:
        if self.ex is not None and state.ex is None:
            self._close(self.ex)
            self.ex = None
        pl = state.players[seat]
        base = self.A.CREW_BASE
        crew = sorted(self.A.CARD_SLUGS[c] for zone in (pl.draw, pl.hand, pl.discard) for c in zone
                      if c >= base)
        solo = state.solo_score if state.n == 1 else None
        return {
            "score": float(solo if solo is not None else pl.prestige),
            "prestige": pl.prestige, "credits": pl.credits, "solo_score": solo,
            "reputation_spent": pl.rep_spent,
            "crew_bought": self.crew_bought[seat], "parts_bought": self.parts_bought[seat],
            "crew_owned": crew, "parts_owned": sorted(self.A.PART_SLUGS[x] for x in pl.parts),
            "contracts_taken": list(self.taken[seat]), "contracts_completed": list(self.completed[seat]),
            "cards_offered": sorted(self.offered[seat]), "cards_bought": list(self.bought[seat]),
            "score_track": self.scores.of(state, seat),
        }


class SpaceLanesTracker:
    """Goods bought and sold where and for how much (a sold unit is matched with the oldest unit of
    that good bought and still in the hold), and engagements entered (L14)."""

    def __init__(self, players: int) -> None:
        from spacetable.games.spacelanes import goals
        from spacetable.games.spacelanes.content import CONTENT
        from spacetable.games.spacelanes.content_types import GOODS

        self.goals, self.content, self.GOODS = goals, CONTENT, GOODS
        self.lots: list[list[deque[tuple[str, int]]]] = [[deque() for _ in GOODS] for _ in range(players)]
        self.trades: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.bought = [0] * players
        self.engagements = [0] * players
        self.engaged: list[int] = [-1] * players
        self.pending: tuple[int, str, int, list[int]] | None = None
        self.offered: list[set[str]] = [set() for _ in range(players)]
        self.played: list[list[str]] = [[] for _ in range(players)]
        self.scores = ScoreTrack(players, lambda state, seat: float(goals.progress(state, seat)))

    def _here(self, state: Any, seat: int) -> str:
        return str(self.content.settlements[state.slot_set[state.node[seat]]].slug)

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
                    self.trades[seat].append({"good": self.GOODS[g], "bought_at": origin, "sold_at": here,
                                              "buy_price": cost, "sell_price": paid // units})

    def seat_figures(self, state: Any, seat: int) -> dict[str, Any]:
        if self.pending is not None:
            self.step(state)
        goal = self.content.goals[state.goal[seat]]
        return {
            "score": float(state.credits[seat]), "credits": state.credits[seat], "goal": goal.slug,
            "goal_progress": round(float(self.goals.progress(state, seat)), 4),
            "goods_bought": self.bought[seat], "goods_sold": state.goods_sold[seat],
            "contraband_sold": state.contraband_sold[seat], "visited": bin(state.visited[seat]).count("1"),
            "engagements": self.engagements[seat], "pirates_won": state.pirates_won[seat],
            "bounties": state.bounties[seat], "transports_done": state.transports_done[seat],
            "union": state.union[seat], "pirate": state.pirate[seat],
            "trades": list(self.trades[seat]),
            "cards_offered": sorted(self.offered[seat]), "cards_bought": list(self.played[seat]),
            "score_track": self.scores.of(state, seat),
        }


def make_tracker(game: str, players: int) -> Tracker | None:
    """The tracker of `game` (None: common figures only)."""
    if game == "moonrakers":
        return MoonrakersTracker(players)
    if game == "spacelanes":
        return SpaceLanesTracker(players)
    return None
