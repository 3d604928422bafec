"""Highcard's card data: `data/cards.json`, validated when the package is imported (rule H1).

The document is ``{"cards": [{"value": n, "name": text}, …]}`` and nothing else: unknown fields are
errors, values run 1, 2, 3… in order, names are unique non-empty strings, and a deck holds 12..100
cards (12 deal three to each of four seats, H1; the real deck holds 24).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from spacetable.engine.errors import DataError

FILE = "cards.json"
MIN_CARDS, MAX_CARDS = 12, 100


@dataclass(frozen=True, slots=True)
class Card:
    """One crew card: its value (1 is lowest) and its name."""

    value: int
    name: str


def parse_cards(doc: Any, file: str = FILE) -> tuple[Card, ...]:
    """Validate a cards document; `DataError` names the file, the card and the field at fault."""
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise DataError(file, None, "cards", "expected an object with a list 'cards'")
    extra = set(doc) - {"cards"}
    if extra:
        raise DataError(file, None, sorted(map(str, extra))[0], "unknown top-level field")
    if len(doc["cards"]) > MAX_CARDS:
        raise DataError(file, None, "cards", f"at most {MAX_CARDS} cards, got {len(doc['cards'])}")
    cards: list[Card] = []
    names: set[str] = set()
    for n, raw in enumerate(doc["cards"]):
        label = str(raw.get("name", f"#{n + 1}")) if isinstance(raw, dict) else f"#{n + 1}"
        if not isinstance(raw, dict):
            raise DataError(file, label, None, "a card must be an object")
        unknown = set(raw) - {"value", "name"}
        if unknown:
            raise DataError(file, label, sorted(map(str, unknown))[0], "unknown field")
        value, name = raw.get("value"), raw.get("name")
        if not isinstance(value, int) or isinstance(value, bool) or value != n + 1:
            raise DataError(file, label, "value", f"expected {n + 1} (values run 1, 2, 3… in order)")
        if not isinstance(name, str) or not name.strip():
            raise DataError(file, label, "name", "expected a non-empty string")
        if name in names:
            raise DataError(file, label, "name", f"duplicate name {name!r}")
        names.add(name)
        cards.append(Card(value, name))
    if len(cards) < MIN_CARDS:
        raise DataError(file, None, "cards", f"need at least {MIN_CARDS} cards (4 players), got {len(cards)}")
    return tuple(cards)


def load_cards() -> tuple[Card, ...]:
    """The package's own card list."""
    text = resources.files("spacetable.games.highcard").joinpath("data", FILE).read_text("utf-8")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise DataError(FILE, None, None, f"invalid JSON: {e}") from e
    return parse_cards(doc)


CARDS = load_cards()
