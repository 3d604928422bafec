"""A game's study plug-in: what the simulator, its report, the tuner and the designer know of the game.

The game's manifest names the module (`Manifest.study`, e.g. ``spacetable.games.spacelanes.study``),
which defines ``STUDY = Study(...)``; the generic tools (`spacetable.sim`, the designer's routes) read
only that object, so they never name a game. Everything here is pure computation on states and data:
no files, no plots (the generic report draws the sections a game declares).

A study declares
- its **result columns** (`Column`: name, Arrow type as pyarrow prints it, meaning), added to the
  results file's common ones (`spacetable.sim.schema`), and the **tracker** that fills them while a
  game is played (`Tracker`: read-only, no rules);
- its **card kinds** (`CardKind`: the data file and list a card override of that kind changes), the
  cards a configuration plays (`plays`), and `validate`, the game's own validators run on patched data;
- what its **card effects** cover (`card_items`: each an `Item`, who had the card and who could have);
- the **report sections** drawn from its columns (`Section` of `Owned`, `Attempts`, `WinBy`,
  `TradeProfits`, `TradeRoutes`);
- for the tuner: `adjust` (keep a card consistent after a tuned field moved) and `goal` (the column of
  each seat's dealt goal, for the ``goal_share`` target).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from spacetable.engine.action import Action
from spacetable.engine.errors import DataError

Row = Mapping[str, Any]
"""One results row (a seat of a game) as a dict of its columns."""


@dataclass(frozen=True)
class Column:
    """A column of the results file the game's tracker fills (null for every other game)."""

    name: str
    type: str
    """The Arrow type as pyarrow prints it: ``int32``, ``double``, ``string``, ``list<string>``,
    ``list<struct<good: string, buy_price: int32>>``…"""
    doc: str
    """What it holds, in one line (the column's ``doc`` metadata in every results file)."""


class Tracker(Protocol):
    """Watches one game as it is played and gives each seat's columns at the end (read-only)."""

    def decide(self, state: Any, seat: int, action: Action) -> None:
        """Before `seat`'s `action` is applied."""

    def step(self, state: Any) -> None:
        """After any step (a decision or a chance outcome) was applied."""

    def seat_figures(self, state: Any, seat: int) -> dict[str, Any]:
        """The game's columns for `seat` (at the end of the game)."""


class ScoreTrack:
    """Each seat's score at the end of every turn (`State.turn_count` moving on): the ``score_track``
    column, read by the lead changes and how decided a game was (`spacetable.sim.game_figures`)."""

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


@dataclass(frozen=True)
class CardKind:
    """A kind of card a designer may override: the cards listed under `key` in the game's data file
    `file` (``<game package>/data/<file>``), in the form ``spacetable cards GAME --json`` prints."""

    name: str
    file: str
    key: str = "cards"
    title: str = ""
    """Its name on the designer's tabs (``Ship parts``)."""
    derived: frozenset[str] = frozenset()
    """Catalog fields the data derives for people (an ``id``, a generated ``text``): shown, never read
    from an override."""


class InvalidCards(Exception):
    """Raised by a study's `validate`: `error` names the data file, the card and the field; `kind` is
    the card kind at fault (None: no one kind, e.g. two kinds sharing a slug)."""

    def __init__(self, kind: str | None, error: DataError) -> None:
        super().__init__(str(error))
        self.kind = kind
        self.error = error


@dataclass(frozen=True)
class Item:
    """A card (or goal, good, route…) whose effect on winning is estimated: which seat-games had it, and
    which could have (`spacetable.sim.card_effects`)."""

    card: str
    kind: str
    name: str
    has: Callable[[Row], bool]
    could: Callable[[Row], bool] | None
    """None: every seat-game could (a dealt goal, a good); the buy rate is then the share that had it."""
    rated: bool = True
    """False: no buy rate (a goal is dealt, not chosen)."""


def listed(column: str, fallback: str | None = None) -> Callable[[str], Callable[[Row], bool]]:
    """``slug in row[column]`` (``row[fallback]`` when a file predates `column`)."""
    def make(slug: str) -> Callable[[Row], bool]:
        def test(r: Row) -> bool:
            values = r.get(column)
            if values is None and fallback is not None:
                values = r.get(fallback)
            return slug in (values or ())
        return test
    return make


def offered(slug: str) -> Callable[[Row], bool]:
    """Whether the seat could buy or play `slug` (the ``cards_offered`` column; a file without it: yes)."""
    return lambda r: r.get("cards_offered") is None or slug in (r["cards_offered"] or ())


def bought(r: Row) -> float:
    """The common purchases control of the card effects: the cards the seat bought (``cards_bought``)."""
    return float(len(r.get("cards_bought") or ()))


# ---------------------------------------------------------------- report sections

@dataclass(frozen=True)
class Owned:
    """Per card listed in `column` at the end: the win rate and mean `score` of the seats owning it."""

    column: str
    what: str
    """One card, in words (``crew card``)."""
    score: str = "prestige"
    score_name: str = "Prestige"


@dataclass(frozen=True)
class Attempts:
    """Per item the seats attempted (listed in `taken`): the share of the games attempting it in which it
    was achieved (listed in `completed`)."""

    taken: str
    completed: str
    what: str
    success: str
    """What a success is, in the plot's caption (``share of the executions that succeeded (3.4.9)``)."""


@dataclass(frozen=True)
class WinBy:
    """The win rate of the seats by the value of `column` (the goal each seat holds); also shown when two
    configurations of the game are compared."""

    column: str
    what: str


@dataclass(frozen=True)
class TradeProfits:
    """Mean profit a unit by good, from the trades listed in `column` (good, bought_at, sold_at,
    buy_price, sell_price)."""

    column: str
    currency: str = "credits"


@dataclass(frozen=True)
class TradeRoutes:
    """The routes (bought at → sold at, good) that made the most profit, from the trades in `column`."""

    column: str


Figure = Owned | Attempts | WinBy | TradeProfits | TradeRoutes


@dataclass(frozen=True)
class Section:
    """A heading, its figures side by side (`grid`), then full-width ones (`below`)."""

    title: str
    grid: tuple[Figure, ...]
    below: tuple[Figure, ...] = ()


# ---------------------------------------------------------------- the plug-in

def _every_card(config: Mapping[str, Any], card: Mapping[str, Any]) -> bool:
    return True


@dataclass(frozen=True)
class Study:
    """Everything a game declares for the study tools (see the module docstring); a game without one
    gets ``Study()``: the common figures, no card data, no sections of its own."""

    columns: tuple[Column, ...] = ()
    tracker: Callable[[int], Tracker] | None = None
    """A new tracker for a game of that many seats (None: the common figures only)."""
    card_kinds: tuple[CardKind, ...] = ()
    read_only_kinds: frozenset[str] = frozenset()
    """Lists of the game's catalog that are no card data (shown, ignored in an override)."""
    plays: Callable[[Mapping[str, Any], Mapping[str, Any]], bool] = _every_card
    """Whether a configuration plays a card (a card record of the data files), e.g. by its set."""
    validate: Callable[[Mapping[str, Any], Collection[str]], None] | None = None
    """``validate(docs, changed)``: check patched data documents (by file name) with the game's own
    validators; raises `InvalidCards`. `changed` names the kinds an override touches."""
    card_items: Callable[[Mapping[str, list[dict[str, Any]]], Sequence[Row]], list[Item]] | None = None
    """``card_items(records, rows)``: what the card effects cover, from the configuration's card
    records by kind and its finished rows."""
    purchases: Callable[[Row], float] = bought
    """The card effects' purchases control of a seat-game."""
    progress: str = ""
    """What its ``score_track`` measures, in words (``goal progress``): the report's lead changes."""
    nobody_wins: str = ""
    """When a finished game has no winner, in words: the report's "everyone lost"."""
    names: Mapping[str, str] = field(default_factory=dict)
    """One card of each kind (and of each other kind of `Item`) in the report's words: ``ship_parts`` →
    ``ship part``; a kind not named is shown as it is."""
    having: str = ""
    """What "having a card" is for this game where it is not buying it (the card effects' method)."""
    report: tuple[Section, ...] = ()
    adjust: Callable[[str, dict[str, Any], str], None] | None = None
    """``adjust(kind, card, field)``: keep a card record consistent after the tuner set `field`."""
    goal: str | None = None
    """The column holding the goal each seat was dealt (the tuner's ``goal_share``); None: no goals."""
