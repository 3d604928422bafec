"""A bot ladder (``spacetable ladder``): a round-robin of bots, their ratings and the win-rate matrix.

Every pair of bots plays `games` games of the same configuration (one sweep run per pair, named
``ladder: A vs B``; the names cycle over the seats, ``A, B, A, B`` at 4 seats, and the seats rotate
between games as in every simulation). All pairs use the same seeds, so they meet the same deals.

Ratings come from openskill's Plackett-Luce model (a maintained implementation of Weng and Lin's
Bayesian approximation, the rating system the server is meant to use for people too): each game is a
match between one team per bot, ranked by the share of the game the bot's seats won. A sequential
rating depends on the order it sees the games in, and a ladder's games have no meaningful order, so a
replay rates the games in `ORDERS` shuffled orders and averages the model's mean skill (μ) after them.
Over `BOOTSTRAP` replays of the games drawn again with replacement (the sampling of the games),
``rating`` is the median and ``low`` and ``high`` the 2.5th and 97.5th percentiles (a percentile
bootstrap: the rating always lies in its interval).
"""

from __future__ import annotations

import itertools
import random
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacetable.engine.errors import ConfigError
from spacetable.sim.overrides import CardOverrides
from spacetable.sim.runner import DEFAULT_MAX_DECISIONS
from spacetable.sim.simulate import Job, make_job

PREFIX = "ladder: "
BOOTSTRAP = 100
"""Bootstrap replays behind each rating's interval."""
ORDERS = 4
"""Shuffled orders each rating is averaged over."""


def run_name(a: str, b: str) -> str:
    return f"{PREFIX}{a} vs {b}"


def ladder_jobs(game: str, players: int, bots: Sequence[str], games: int, seed: int = 0,
                modules: Sequence[str] = (), expansions: Sequence[str] = (), modes: Sequence[str] = (),
                max_decisions: int = DEFAULT_MAX_DECISIONS, turn_limit: int | None = None,
                cards: str | Path | CardOverrides | None = None) -> list[Job]:
    """One checked job per pair of distinct bots (`ConfigError` before any game for a bad option)."""
    names = list(dict.fromkeys(bots))
    if len(names) < 2:
        raise ConfigError("a ladder needs at least two different bots (--bots random,greedy)")
    if players < 2:
        raise ConfigError("a ladder needs at least 2 players")
    return [make_job(game, games, players, [a, b], seed, modules, expansions, modes, max_decisions,
                     turn_limit, cards, run=run_name(a, b)) for a, b in itertools.combinations(names, 2)]


@dataclass(frozen=True)
class Match:
    """One finished ladder game: each bot's share of the win."""

    order: int
    shares: dict[str, float]


def matches(rows: Sequence[dict[str, Any]]) -> list[Match]:
    """The finished games of ladder runs among `rows`, in the order they were played (by game index,
    then run)."""
    games: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        if str(r.get("run") or "").startswith(PREFIX) and r["status"] == "finished":
            games[str(r["game_id"])].append(r)
    found = []
    for seats in games.values():
        shares: dict[str, float] = defaultdict(float)
        for r in seats:
            shares[str(r["bot"])] += float(r["result"] or 0.0)
        if len(shares) >= 2:
            found.append((int(seats[0]["game_index"]), str(seats[0]["run"]), dict(shares)))
    found.sort(key=lambda t: (t[0], t[1]))
    return [Match(i, shares) for i, (_, _, shares) in enumerate(found)]


def _rate(model: Any, bots: Sequence[str], games: Sequence[Match]) -> dict[str, float]:
    ratings = {b: model.rating(name=b) for b in bots}
    for m in games:
        names = list(m.shares)
        best = sorted({-m.shares[n] for n in names})
        ranks = [best.index(-m.shares[n]) for n in names]
        new = model.rate([[ratings[n]] for n in names], ranks=ranks)
        for n, team in zip(names, new, strict=True):
            ratings[n] = team[0]
    return {b: float(r.mu) for b, r in ratings.items()}


@dataclass
class Ladder:
    """Ratings (best first) and the win-rate matrix (``matrix[a][b]``: the share of a's games against b
    that a won)."""

    ratings: list[dict[str, Any]]
    matrix: dict[str, dict[str, float | None]]
    games: int

    def to_json(self) -> dict[str, Any]:
        return {"ratings": self.ratings, "matrix": self.matrix, "games": self.games}


def _averaged(model: Any, bots: Sequence[str], games: Sequence[Match], rng: random.Random,
              orders: int) -> dict[str, float]:
    """μ of every bot after `games`, averaged over `orders` shuffled orders."""
    total = dict.fromkeys(bots, 0.0)
    for _ in range(orders):
        order = list(games)
        rng.shuffle(order)
        for b, mu in _rate(model, bots, order).items():
            total[b] += mu / orders
    return total


def ladder(rows: Sequence[dict[str, Any]], bootstrap: int = BOOTSTRAP, seed: int = 0,
           orders: int = ORDERS) -> Ladder | None:
    """The ladder of the ladder runs among `rows` (None when there are none)."""
    from openskill.models import PlackettLuce

    games = matches(rows)
    if not games:
        return None
    bots = sorted({b for m in games for b in m.shares})
    model = PlackettLuce()
    rng = random.Random(seed)
    point = _averaged(model, bots, games, rng, orders)
    draws: dict[str, list[float]] = {b: [] for b in bots}
    for _ in range(bootstrap):
        sample = [games[rng.randrange(len(games))] for _ in games]
        for b, mu in _averaged(model, bots, sample, rng, orders).items():
            draws[b].append(mu)
    ratings = []
    for b in bots:
        if len(draws[b]) > 1:
            qs = statistics.quantiles(draws[b], n=40, method="inclusive")
            point[b] = statistics.median(draws[b])
        else:
            qs = [point[b]] * 39
        ratings.append({"bot": b, "rating": round(point[b], 3), "low": round(qs[0], 3),
                        "high": round(qs[-1], 3)})
    ratings.sort(key=lambda r: -point[str(r["bot"])])
    won: dict[str, dict[str, list[float]]] = {a: defaultdict(list) for a in bots}
    for m in games:
        for a, b in itertools.permutations(m.shares, 2):
            won[a][b].append(m.shares[a])
    matrix: dict[str, dict[str, float | None]] = {
        a: {b: (round(statistics.fmean(won[a][b]), 4) if won[a][b] else None) for b in bots if b != a}
        for a in bots}
    return Ladder(ratings, matrix, len(games))
