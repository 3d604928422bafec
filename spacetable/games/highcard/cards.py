"""Highcard's card data: `data/cards.json`, validated when the package is imported (rule H1)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from spacetable.engine.errors import DataError

FILE = "cards.json"


@dataclass(frozen=True, slots=True)
class Card:
    """One crew card: its value (1 is lowest) and its name."""

    value: int
    name: str


def parse_cards(doc: Any, file: str = FILE) -> tuple[Card, ...]:
    """Validate a cards document; `DataError` names the file, the card and the field at fault."""
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise DataError(file, None, "cards", "expected an object with a list 'cards'")
    cards: list[Card] = []
    for n, raw in enumerate(doc["cards"]):
        label = str(raw.get("name", f"#{n + 1}")) if isinstance(raw, dict) else f"#{n + 1}"
        if not isinstance(raw, dict):
            raise DataError(file, label, None, "a card must be an object")
        unknown = set(raw) - {"value", "name"}
        if unknown:
            raise DataError(file, label, sorted(unknown)[0], "unknown field")
        value, name = raw.get("value"), raw.get("name")
        if not isinstance(value, int) or isinstance(value, bool) or value != n + 1:
            raise DataError(file, label, "value", f"expected {n + 1} (values run 1, 2, 3… in order)")
        if not isinstance(name, str) or not name:
            raise DataError(file, label, "name", "expected a non-empty string")
        cards.append(Card(value, name))
    if len(cards) < 12:
        raise DataError(file, None, "cards", f"need at least 12 cards for 4 players, got {len(cards)}")
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
