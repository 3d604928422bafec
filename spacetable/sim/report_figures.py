"""The figures of ``spacetable report``, computed from results rows (`spacetable.sim.schema`).

Rows are grouped into configurations: a sweep run by its name, otherwise by game, config, card
overrides and the bots seated. Win rates count a shared win as its fraction (``result``) and carry 95%
Wilson intervals; a game that did not finish counts in no rate.
"""

from __future__ import annotations

import json
import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from spacetable.sim.card_effects import CardEffect, card_effects, items_for, purchases
from spacetable.sim.catalog import played, records
from spacetable.sim.game_figures import GameFigures, game_figures
from spacetable.sim.overrides import card_kinds, stored_overrides
from spacetable.sim.schema import game_columns
from spacetable.sim.simulate import wilson_interval

COLUMNS = ("run", "game", "config", "cards", "cards_digest", "game_id", "seed", "players", "seat", "bot",
           "status", "result", "turns", "decisions", "score", "prestige", "cards_offered", "cards_bought",
           "score_track")
"""The common columns the figures read; every game's own columns come too (`columns`)."""


def columns() -> list[str]:
    """The columns `group` reads: `COLUMNS` and every game's own (`spacetable.sim.schema`)."""
    return [*COLUMNS, *(name for name, _, _ in game_columns())]


@dataclass(frozen=True)
class Rate:
    """A win rate (or any success rate) with its 95% interval."""

    value: float
    low: float
    high: float
    n: int

    @staticmethod
    def of(successes: float, trials: int) -> Rate:
        low, high = wilson_interval(successes, trials)
        return Rate(successes / trials if trials else 0.0, low, high, trials)

    def text(self) -> str:
        return f"{self.value:.1%} [{self.low:.1%}, {self.high:.1%}]" if self.n else "—"


@dataclass
class Config:
    """One configuration's rows and figures."""

    key: tuple[str, ...]
    label: str
    game: str
    players: int
    config: dict[str, Any]
    cards: dict[str, Any]
    cards_digest: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    _effects: list[CardEffect] | None = field(default=None, repr=False)

    # ---------------------------------------------------------------- games
    def finished_rows(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["status"] == "finished"]

    def games(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in self.rows:
            out[r["game_id"]].append(r)
        return out

    def counts(self) -> dict[str, int]:
        firsts = [seats[0] for seats in self.games().values()]
        return {"games": len(firsts), "finished": sum(r["status"] == "finished" for r in firsts),
                "unfinished": sum(r["status"] == "unfinished" for r in firsts),
                "errors": sum(r["status"] == "error" for r in firsts)}

    def bots(self) -> list[str]:
        return sorted({str(r["bot"]) for r in self.rows})

    def turns(self) -> list[int]:
        return [int(seats[0]["turns"]) for seats in self.games().values() if seats[0]["status"] == "finished"]

    # ---------------------------------------------------------------- rates
    def win_by_seat(self) -> list[Rate]:
        rows = self.finished_rows()
        return [_rate(r for r in rows if r["seat"] == s) for s in range(self.players)]

    def win_by_bot(self) -> dict[str, Rate]:
        rows = self.finished_rows()
        return {b: _rate(r for r in rows if r["bot"] == b) for b in self.bots()}

    def first_player(self) -> tuple[Rate, float]:
        """Seat 1's win rate and the fair share 1/players it is compared with."""
        return self.win_by_seat()[0], 1.0 / self.players

    def mean_score_by_bot(self) -> dict[str, float | None]:
        rows = self.finished_rows()
        return {b: _mean(r["score"] for r in rows if r["bot"] == b) for b in self.bots()}

    # ---------------------------------------------------------------- whole games, card effects
    def figures(self) -> GameFigures:
        return game_figures(self.rows, self.players)

    def card_effects(self) -> list[CardEffect]:
        """Every card's effect figures (`spacetable.sim.card_effects`), computed once."""
        cached = self._effects
        if cached is None:
            cached = card_effects(self.rows, items_for(self.game, self.card_records(), self.finished_rows()),
                                  purchases(self.game))
            self._effects = cached
        return cached

    def card_records(self) -> dict[str, list[dict[str, Any]]]:
        """The configuration's cards by override kind (its overrides applied, the cards it plays only)."""
        if not card_kinds(self.game):
            return {}
        overrides = stored_overrides(self.game, self.cards) if self.cards else None
        return played(self.game, self.config, records(self.game, overrides))

    # ---------------------------------------------------------------- the games' own columns
    def owned(self, column: str, score: str = "prestige") -> list[tuple[str, Rate, float | None]]:
        """Per card listed in `column` at the end (the crew in a deck, the parts installed): the win rate
        and mean `score` of the seats that owned it, most owned first."""
        by: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in self.finished_rows():
            for slug in set(r[column] or ()):
                by[slug].append(r)
        out = [(slug, _rate(rows), _mean(r[score] for r in rows)) for slug, rows in by.items()]
        return sorted(out, key=lambda t: (-t[1].n, t[0]))

    def attempts(self, taken: str, completed: str) -> list[tuple[str, Rate]]:
        """Per item the seats attempted (listed in `taken`, e.g. contracts): the success rate (listed in
        `completed`) over the games in which it was attempted, most attempted first."""
        tried: dict[str, int] = defaultdict(int)
        done: dict[str, int] = defaultdict(int)
        for seats in self.games().values():
            if seats[0]["status"] != "finished":
                continue
            attempted = {c for r in seats for c in (r[taken] or ())}
            achieved = {c for r in seats for c in (r[completed] or ())}
            for c in attempted:
                tried[c] += 1
                done[c] += c in achieved
        return sorted(((c, Rate.of(done[c], tried[c])) for c in tried), key=lambda t: (-t[1].n, t[0]))

    def win_by(self, column: str) -> list[tuple[str, Rate]]:
        """The win rate of the seats by the value of `column` (e.g. the goal each seat held), best first."""
        rows = [r for r in self.finished_rows() if r[column]]
        values = sorted({str(r[column]) for r in rows})
        rates = [(g, _rate(r for r in rows if r[column] == g)) for g in values]
        return sorted(rates, key=lambda t: -t[1].value)

    def trades(self, column: str) -> list[dict[str, Any]]:
        """Every unit sold in the finished games (the structs listed in `column`)."""
        return [t | {"seat_won": bool(r["result"])} for r in self.finished_rows()
                for t in (r[column] or ())]

    def profit_by_good(self, column: str) -> list[tuple[str, int, float]]:
        """Per good: units sold with a known purchase, and mean profit a unit (sell − buy price)."""
        by: dict[str, list[int]] = defaultdict(list)
        for t in self.trades(column):
            if t["bought_at"]:
                by[t["good"]].append(t["sell_price"] - t["buy_price"])
        return sorted(((g, len(v), sum(v) / len(v)) for g, v in by.items()), key=lambda t: -t[1] * t[2])

    def profit_by_route(self, column: str, limit: int = 15) -> list[tuple[str, str, int, float, float]]:
        """The routes (bought at → sold at, good) that made the most profit in all: route, good, units,
        mean profit a unit, total profit per finished game."""
        by: dict[tuple[str, str, str], list[int]] = defaultdict(list)
        for t in self.trades(column):
            if t["bought_at"]:
                by[(t["bought_at"], t["sold_at"], t["good"])].append(t["sell_price"] - t["buy_price"])
        games = max(1, self.counts()["finished"])
        rows = [(f"{a} → {b}", g, len(v), sum(v) / len(v), sum(v) / games) for (a, b, g), v in by.items()]
        return sorted(rows, key=lambda t: -t[4])[:limit]


def _rate(rows: Iterable[dict[str, Any]]) -> Rate:
    results = [float(r["result"] or 0.0) for r in rows]
    return Rate.of(sum(results), len(results))


def _mean(values: Iterable[Any]) -> float | None:
    vs = [float(v) for v in values if v is not None]
    return statistics.fmean(vs) if vs else None


def group(table: pa.Table) -> list[Config]:
    """The configurations of a results table, in the order they first appear."""
    configs: dict[tuple[str, ...], Config] = {}
    lineups: dict[str, set[str]] = defaultdict(set)
    rows = table.select(columns()).to_pylist()
    for r in rows:
        lineups[r["game_id"]].add(str(r["bot"]))
    for r in rows:
        lineup = ",".join(sorted(lineups[r["game_id"]]))
        key = (r["run"],) if r["run"] else ("", r["game"], r["config"], r["cards_digest"], lineup)
        c = configs.get(key)
        if c is None:
            config = json.loads(r["config"])
            label = r["run"] or _label(r["game"], config, lineup, r["cards_digest"])
            c = Config(key, label, r["game"], int(r["players"]), config,
                       json.loads(r["cards"]) if r["cards"] else {}, r["cards_digest"])
            configs[key] = c
        c.rows.append(r)
    return list(configs.values())


def _label(game: str, config: dict[str, Any], lineup: str, digest: str) -> str:
    options = [v for k in ("modules", "expansions", "modes") for v in config.get(k, [])]
    parts = [game, f"{config.get('players')}p", *options, lineup.replace(",", "/")]
    if digest:
        parts.append(f"cards {digest[:8]}")
    return " ".join(parts)
