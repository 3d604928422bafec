"""Whole-game figures of a configuration, and paired comparisons of two that share seeds.

The game metrics follow Ludii's definitions (Stephenson, Piette, Soemers and Browne's ``metrics``
package of the Ludii general game system), computed on each seat's score at the end of every turn
(`score_track`: the game's own measure of progress, its study's ``progress``):

- **advantage of the first player** (Ludii's AdvantageP1): seat 1's win rate, against the fair share
  1/players, with its 95% interval;
- **balance** (Ludii's Balance): 1 − (highest − lowest win rate of a seat);
- **drawishness** (Ludii's Drawishness): the share of games whose win is shared;
- **duration** (Ludii's DurationTurns): mean and median turns;
- **lead changes** (Ludii's LeadChange): how often the leader (the one seat with the highest score;
  a tie keeps the previous leader) changes from one turn to the next, per game and as a share of turns;
- **decisiveness** (after Ludii's DecisivenessMoves): the share of the game, in turns, from which the
  eventual winner led to the end, and the share of games already decided before the last turn (the
  winner alone in the lead at the end of the turn before the last);
- **everyone lost**: finished games that nobody won (a solo game lost against the game itself; the
  study's ``nobody_wins`` says when).

Paired comparisons (`paired`): two configurations that played the same seeds with the same seating
are compared game by game; each figure's difference is the mean of the per-game differences with a 95%
interval from their spread (normal approximation), which is far tighter than comparing two unpaired
rates when the deals themselves decide much of the outcome.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from spacetable.sim.simulate import wilson_interval


def _leader(scores: Sequence[float], previous: int) -> int:
    best = max(scores)
    top = [i for i, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else previous


def game_track(seats: Sequence[dict[str, Any]]) -> list[list[float]] | None:
    """Per turn, every seat's score (None without tracks: a game or file without them)."""
    tracks = [r.get("score_track") for r in sorted(seats, key=lambda r: int(r["seat"]))]
    if any(t is None or not t for t in tracks):
        return None
    length = min(len(t) for t in tracks if t is not None)
    return [[float(t[k]) for t in tracks if t is not None] for k in range(length)]


def lead_changes(track: Sequence[Sequence[float]]) -> int:
    """How many times the sole leader changes from one turn's end to the next."""
    changes, leader = 0, -1
    for scores in track:
        now = _leader(scores, leader)
        if leader >= 0 and now != leader:
            changes += 1
        leader = now
    return changes


def last_behind(track: Sequence[Sequence[float]], winner: int) -> int:
    """The last turn (index into `track`) at whose end `winner` was not alone in the lead (-1: never)."""
    last = -1
    for k, scores in enumerate(track):
        best = max(scores)
        if scores[winner] != best or sum(1 for v in scores if v == best) > 1:
            last = k
    return last


def decided_at(track: Sequence[Sequence[float]], winner: int) -> float:
    """How far into the game (0 at the end of the first turn, 1 at the end) `winner` took the lead it
    kept alone to the end (1.0: only at the end, or not even then)."""
    if len(track) < 2:
        return 1.0
    return min(1.0, (last_behind(track, winner) + 1) / (len(track) - 1))


@dataclass
class GameFigures:
    """One configuration's whole-game figures (`to_json` for ``simulate --json`` and the report)."""

    players: int
    finished: int
    first_player: float | None
    first_player_low: float | None
    first_player_high: float | None
    fair: float
    balance: float | None
    drawishness: float | None
    mean_turns: float | None
    median_turns: float | None
    lead_changes: float | None
    lead_change_rate: float | None
    decisiveness: float | None
    decided_before_last_turn: float | None
    everyone_lost: int
    tracked: int

    def to_json(self) -> dict[str, Any]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


def game_figures(rows: Sequence[dict[str, Any]], players: int) -> GameFigures:
    """The figures of one configuration's rows (one per game and seat)."""
    games: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        games[str(r["game_id"])].append(r)
    finished = [g for g in games.values() if g[0]["status"] == "finished"]
    n = len(finished)
    seat_wins = [0.0] * players
    shared = nobody = 0
    turns: list[int] = []
    changes: list[int] = []
    rates: list[float] = []
    decided: list[float] = []
    before_last: list[bool] = []
    for seats in finished:
        results = {int(r["seat"]): float(r["result"] or 0.0) for r in seats}
        for s, v in results.items():
            if s < players:
                seat_wins[s] += v
        winners = [s for s, v in results.items() if v > 0]
        shared += len(winners) > 1
        nobody += not winners
        turns.append(int(seats[0]["turns"] or 0))
        track = game_track(seats)
        if track is None or len(track) < 2:
            continue
        c = lead_changes(track)
        changes.append(c)
        rates.append(c / (len(track) - 1))
        if len(winners) == 1:
            decided.append(decided_at(track, winners[0]))
            before_last.append(last_behind(track, winners[0]) < len(track) - 2)
    rate = [w / n for w in seat_wins] if n else []
    low, high = wilson_interval(seat_wins[0], n) if n else (None, None)
    return GameFigures(
        players=players, finished=n, first_player=rate[0] if rate else None, first_player_low=low,
        first_player_high=high, fair=1.0 / max(1, players),
        balance=1.0 - (max(rate) - min(rate)) if rate and players > 1 else None,
        drawishness=shared / n if n else None,
        mean_turns=statistics.fmean(turns) if turns else None,
        median_turns=float(statistics.median(turns)) if turns else None,
        lead_changes=statistics.fmean(changes) if changes else None,
        lead_change_rate=statistics.fmean(rates) if rates else None,
        decisiveness=1.0 - statistics.fmean(decided) if decided else None,
        decided_before_last_turn=sum(before_last) / len(before_last) if before_last else None,
        everyone_lost=nobody, tracked=len(changes))


# ---------------------------------------------------------------- paired comparisons

@dataclass(frozen=True)
class Paired:
    """The difference B − A of one figure over paired games, with its 95% interval."""

    figure: str
    a: float
    b: float
    diff: float
    low: float
    high: float
    pairs: int

    def to_json(self) -> dict[str, Any]:
        return {"figure": self.figure, "a": round(self.a, 4), "b": round(self.b, 4),
                "diff": round(self.diff, 4), "low": round(self.low, 4), "high": round(self.high, 4),
                "pairs": self.pairs}


def _key(seats: Sequence[dict[str, Any]]) -> tuple[int, tuple[str, ...]]:
    ordered = sorted(seats, key=lambda r: int(r["seat"]))
    return int(ordered[0]["seed"]), tuple(str(r["bot"]) for r in ordered)


def pairs(a_rows: Sequence[dict[str, Any]], b_rows: Sequence[dict[str, Any]]
          ) -> list[tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
    """The finished games of A and B played from the same seed with the same seating."""
    def index(rows: Sequence[dict[str, Any]]) -> dict[tuple[int, tuple[str, ...]], list[dict[str, Any]]]:
        games: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            games[str(r["game_id"])].append(r)
        return {_key(g): g for g in games.values()
                if g[0]["status"] == "finished" and g[0]["seed"] is not None}

    ia, ib = index(a_rows), index(b_rows)
    return [(ia[k], ib[k]) for k in sorted(ia.keys() & ib.keys())]


def _mean_diff(name: str, values: Sequence[tuple[float, float]]) -> Paired | None:
    if not values:
        return None
    a = [x for x, _ in values]
    b = [y for _, y in values]
    d = [y - x for x, y in values]
    mean = statistics.fmean(d)
    se = statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else float("inf")
    return Paired(name, statistics.fmean(a), statistics.fmean(b), mean, mean - 1.96 * se, mean + 1.96 * se,
                  len(d))


def _bot_result(seats: Sequence[dict[str, Any]], bot: str) -> float | None:
    mine = [float(r["result"] or 0.0) for r in seats if r["bot"] == bot]
    return statistics.fmean(mine) if mine else None


def _bot_figure(bot: str) -> Callable[[Sequence[dict[str, Any]]], float | None]:
    return lambda seats: _bot_result(seats, bot)


def paired(a_rows: Sequence[dict[str, Any]], b_rows: Sequence[dict[str, Any]],
           extra: Sequence[tuple[str, Callable[[Sequence[dict[str, Any]]], float | None]]] = ()
           ) -> list[Paired]:
    """Paired differences B − A: seat 1's win rate, each bot's win rate, turns, and any `extra`
    per-game figures (name, function of a game's seat rows). Empty when no game is shared."""
    matched = pairs(a_rows, b_rows)
    out: list[Paired] = []
    if not matched:
        return out

    def seat1(seats: Sequence[dict[str, Any]]) -> float:
        return next(float(r["result"] or 0.0) for r in seats if int(r["seat"]) == 0)

    def length(seats: Sequence[dict[str, Any]]) -> float:
        return float(seats[0]["turns"] or 0)

    figures: list[tuple[str, Callable[[Sequence[dict[str, Any]]], float | None]]] = [
        ("seat 1 win rate", seat1), ("turns", length)]
    bots = sorted({str(r["bot"]) for ga, _ in matched for r in ga})
    for bot in bots:
        figures.append((f"win rate of {bot}", _bot_figure(bot)))
    figures += list(extra)
    for name, fn in figures:
        values = []
        for ga, gb in matched:
            x, y = fn(ga), fn(gb)
            if x is not None and y is not None:
                values.append((x, y))
        p = _mean_diff(name, values)
        if p is not None:
            out.append(p)
    return out
