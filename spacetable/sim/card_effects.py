"""Card effects that correct for who buys a card (``report``, ``simulate --json``: ``card_effects``).

"Win rate of the seats owning a card" misleads: winners buy more cards, and a strong bot's favourite
card looks strong because the strong bot buys it. So for every card of a configuration (and whatever
else the game's study lists: its `spacetable.games.study.Item`s, e.g. goals, goods and routes) this
module gives:

- the **buy rate**: the share of the seat-games that could buy the card (it was legal at one of their
  decisions) in which it was bought (or played, or taken part in: what the game's study counts as
  having it); null for what is dealt rather than chosen (a goal);
- per bot, the win rate of that bot's seat-games that **bought** the card and of those that were
  **offered it and passed** (the same bot on both sides, so the bot's strength cancels);
- the **adjusted effect**: a logistic regression of the seat's result (1 win, 0 loss, 1/k for a shared
  win) on "bought the card" with the bot, the seat, the game's length in turns and the seat's number
  of purchases as controls (`CONTROLS`), fitted by iteratively reweighted least squares with a weak
  ridge (`RIDGE`) so that a card bought only by winners cannot diverge. The effect is the average
  change in win probability over the seat-games that bought the card (an average marginal effect, in
  win-rate points), with a 95% interval from the delta method on a covariance clustered by game (the
  seats of one game are not independent: their results sum to 1).

A card bought or passed too rarely (`MIN_ROWS`) still gets a row, with ``effect``, ``low`` and ``high``
null. Rows are sorted by effect, strongest first, the nulls last.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from spacetable.games.study import Item
from spacetable.sim.setup import game_study, studies
from spacetable.sim.simulate import wilson_interval

__all__ = ["METHOD", "BotSplit", "CardEffect", "Item", "card_effects", "items_for", "method", "purchases"]

MIN_ROWS = 20
"""Fewest seat-games with the card and without it (and of each result among them) for an estimate."""
RIDGE = 1e-2
"""Ridge penalty on every coefficient but the intercept (the fit stays finite under separation)."""
CONTROLS = ("bot", "seat", "game length (turns)", "purchases")
METHOD = ("Adjusted effect: logistic regression of each seat's result (win 1, loss 0, a shared win 1/k) "
          "on buying the card{having}, controlling for the bot, the seat, the game's length in turns and the "
          "seat's number of purchases; shown as the average change in win probability over the seat-games "
          "with the card, with a 95% interval (delta method, standard errors clustered by game). Raw figures "
          "beside it: the buy rate (bought when it could be bought) and, per bot, the win rate when bought "
          "against when offered and passed.")
"""The method as the report states it (`method`: ``{having}`` filled from the games' studies)."""


def method() -> str:
    """`METHOD` with what having a card means where a game counts something else than buying it
    (``(<game title>: <its study's having>)``, every game that says so)."""
    having = [f"{spec.title}: {s.having}" for spec, s in studies() if s.having]
    return METHOD.format(having=f" ({'; '.join(having)})" if having else "")


Floats = npt.NDArray[np.float64]


@dataclass
class BotSplit:
    """One bot's figures for a card."""

    bot: str
    offered: int
    bought: int
    win_bought: float | None
    win_passed: float | None
    passed: int

    @property
    def buy_rate(self) -> float | None:
        return self.bought / self.offered if self.offered else None


@dataclass
class CardEffect:
    """A card's row (the first six fields are ``report --json``'s ``card_effects`` keys)."""

    card: str
    kind: str
    effect: float | None
    low: float | None
    high: float | None
    buy_rate: float | None
    name: str = ""
    rows_with: int = 0
    """Seat-games with the card (bought, held, played, traded)."""
    raw_win: float | None = None
    """The unadjusted win rate of those seat-games."""
    raw_low: float | None = None
    raw_high: float | None = None
    by_bot: list[BotSplit] = field(default_factory=list)

    def key(self) -> dict[str, Any]:
        return {"card": self.card, "kind": self.kind, "effect": _r(self.effect), "low": _r(self.low),
                "high": _r(self.high), "buy_rate": _r(self.buy_rate)}

    def to_json(self) -> dict[str, Any]:
        out = self.key() | {"name": self.name, "rows_with": self.rows_with, "raw_win": _r(self.raw_win)}
        out["by_bot"] = [asdict(b) | {"buy_rate": _r(b.buy_rate)} for b in self.by_bot]
        for b in out["by_bot"]:
            b["win_bought"], b["win_passed"] = _r(b["win_bought"]), _r(b["win_passed"])
        return out


def _r(v: float | None) -> float | None:
    return None if v is None else round(float(v), 4)


def _sigmoid(x: Floats) -> Floats:
    return np.asarray(1.0 / (1.0 + np.exp(-np.clip(x, -30.0, 30.0))), dtype=np.float64)


def fit_logistic(x: Floats, y: Floats, groups: npt.NDArray[np.int64],
                 ridge: float = RIDGE) -> tuple[Floats, Floats] | None:
    """Coefficients and their cluster-robust covariance (clusters: `groups`) of a logistic regression
    of `y` (0…1) on `x` (first column the intercept); None when the fit fails."""
    n, k = x.shape
    beta = np.zeros(k)
    penalty = np.full(k, ridge)
    penalty[0] = 0.0
    for _ in range(50):
        p = _sigmoid(x @ beta)
        w = np.maximum(p * (1 - p), 1e-9)
        grad = x.T @ (y - p) - penalty * beta
        hess = (x * w[:, None]).T @ x + np.diag(penalty)
        try:
            step = np.linalg.solve(hess, grad)
        except np.linalg.LinAlgError:
            return None
        beta = beta + step
        if float(np.max(np.abs(step))) < 1e-8:
            break
    p = _sigmoid(x @ beta)
    w = np.maximum(p * (1 - p), 1e-9)
    try:
        bread = np.linalg.inv((x * w[:, None]).T @ x + np.diag(penalty))
    except np.linalg.LinAlgError:
        return None
    scores = x * (y - p)[:, None]
    sums = np.zeros((int(groups.max()) + 1, k))
    np.add.at(sums, groups, scores)
    g = len(np.unique(groups))
    meat = sums.T @ sums * (g / max(1, g - 1))
    return beta, bread @ meat @ bread


def average_effect(x: Floats, beta: Floats, cov: Floats, column: int,
                   rows: npt.NDArray[np.bool_]) -> tuple[float, float]:
    """The average marginal effect of switching `column` from 0 to 1 over `rows`, and its standard error
    (delta method)."""
    x1, x0 = x[rows].copy(), x[rows].copy()
    x1[:, column], x0[:, column] = 1.0, 0.0
    p1, p0 = _sigmoid(x1 @ beta), _sigmoid(x0 @ beta)
    effect = float(np.mean(p1 - p0))
    grad = ((p1 * (1 - p1))[:, None] * x1 - (p0 * (1 - p0))[:, None] * x0).mean(axis=0)
    return effect, math.sqrt(max(0.0, float(grad @ cov @ grad)))


class Design:
    """The controls of one configuration's finished seat-games, built once for all its cards."""

    def __init__(self, rows: Sequence[dict[str, Any]], purchases: Callable[[dict[str, Any]], float]) -> None:
        self.rows = list(rows)
        n = len(self.rows)
        bots = sorted({str(r["bot"]) for r in self.rows})
        seats = sorted({int(r["seat"]) for r in self.rows})
        ids: dict[str, int] = {}
        self.groups = np.array([ids.setdefault(str(r["game_id"]), len(ids)) for r in self.rows],
                               dtype=np.int64)
        self.y = np.array([float(r["result"] or 0.0) for r in self.rows])
        cols: list[Floats] = [np.ones(n)]
        for b in bots[1:]:
            cols.append(np.array([1.0 if r["bot"] == b else 0.0 for r in self.rows]))
        for s in seats[1:]:
            cols.append(np.array([1.0 if r["seat"] == s else 0.0 for r in self.rows]))
        for values in ([float(r["turns"] or 0) for r in self.rows], [purchases(r) for r in self.rows]):
            v = np.array(values)
            sd = float(v.std()) if n else 0.0
            if sd > 0:
                cols.append((v - v.mean()) / sd)
        self.controls = np.column_stack(cols) if n else np.zeros((0, 1))

    def estimate(self, has: npt.NDArray[np.bool_]) -> tuple[float, float, float] | None:
        """Effect and its 95% interval for the seat-games marked by `has`, or None (too few)."""
        y = self.y
        with_, without = int(has.sum()), int((~has).sum())
        wins_with = float(y[has].sum())
        if min(with_, without) < MIN_ROWS or wins_with < 1 or with_ - wins_with < 1:
            return None
        x = np.column_stack([self.controls[:, :1], has.astype(np.float64), self.controls[:, 1:]])
        fit = fit_logistic(x, y, self.groups)
        if fit is None:
            return None
        beta, cov = fit
        effect, se = average_effect(x, beta, cov, 1, has)
        if not math.isfinite(effect) or not math.isfinite(se):
            return None
        return effect, effect - 1.96 * se, effect + 1.96 * se


def card_effects(rows: Iterable[dict[str, Any]], items: Sequence[Item],
                 purchases: Callable[[dict[str, Any]], float]) -> list[CardEffect]:
    """Every item's row from the finished seat-games `rows` (see the module docstring)."""
    finished = [r for r in rows if r["status"] == "finished"]
    design = Design(finished, purchases)
    out = []
    for item in items:
        has = np.array([item.has(r) for r in finished], dtype=bool)
        could = (np.ones(len(finished), dtype=bool) if item.could is None
                 else np.array([item.could(r) or h for r, h in zip(finished, has, strict=True)], dtype=bool))
        effect, low, high = design.estimate(has) or (None, None, None)
        row = CardEffect(item.card, item.kind, effect, low, high, None, item.name)
        if item.rated and could.any():
            row.buy_rate = float(has.sum() / could.sum())
        row.rows_with = int(has.sum())
        if row.rows_with:
            wins = float(design.y[has].sum())
            row.raw_win = wins / row.rows_with
            row.raw_low, row.raw_high = wilson_interval(wins, row.rows_with)
        row.by_bot = _by_bot(finished, has, could, design.y)
        out.append(row)
    return sorted(out, key=lambda e: (e.effect is None, -(e.effect or 0.0), e.card))


def _by_bot(rows: Sequence[dict[str, Any]], has: npt.NDArray[np.bool_], could: npt.NDArray[np.bool_],
            y: Floats) -> list[BotSplit]:
    by: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(rows):
        by[str(r["bot"])].append(i)
    out = []
    for bot in sorted(by):
        idx = np.array(by[bot], dtype=np.int64)
        bought = idx[has[idx]]
        passed = idx[could[idx] & ~has[idx]]
        out.append(BotSplit(bot, int(could[idx].sum()), len(bought),
                            float(y[bought].mean()) if len(bought) else None,
                            float(y[passed].mean()) if len(passed) else None, len(passed)))
    return out


def items_for(game: str, records: dict[str, list[dict[str, Any]]],
              rows: Sequence[dict[str, Any]]) -> list[Item]:
    """What `game`'s card effects cover (its study's ``card_items``): `records` are the configuration's
    cards by override kind (`spacetable.sim.catalog.records`, the cards it plays only)."""
    items = game_study(game).card_items
    return [] if items is None else items(records, rows)


def purchases(game: str) -> Callable[[dict[str, Any]], float]:
    """The purchases control of `game` (its study's: by default the cards a seat bought)."""
    return game_study(game).purchases
