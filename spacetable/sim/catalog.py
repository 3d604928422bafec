"""The card catalog in the form a card override takes (``spacetable cards GAME --json``, ``/api/catalog``).

Each card is its record in the game's data files (``spacetable/games/<game>/data/*.json``: the same
field names and values an override file uses, effects included), so a card copied from the catalog,
edited and saved as an override loads as it is. A few fields the data derives are added for people and
ignored when an override is read (`DERIVED`: a Moonrakers card's ``id``, a contract's generated
``text``); lists that are no card data (Moonrakers' ``basic`` action cards) are ignored too
(`READ_ONLY_KINDS`). Moonrakers lists only the sets the configuration plays (``set``: ``BG`` always,
``FE`` with the first-encounter module, ``BT`` with Binding Ties). A game without card data (Highcard)
gives its own catalog.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from spacetable.sim.overrides import DERIVED, KINDS, READ_ONLY_KINDS, CardOverrides, apply, shipped_docs

MOONRAKERS_SETS = {"modules": {"first-encounter": "FE"}, "expansions": {"binding-ties": "BT"}}


def moonrakers_sets(config: Mapping[str, Any]) -> set[str]:
    """The Moonrakers set codes a config plays (the game's own `cards.sets_for`, without importing it)."""
    sets = {"BG"}
    for key, codes in MOONRAKERS_SETS.items():
        sets |= {codes[v] for v in config.get(key, []) if v in codes}
    return sets


def records(game: str, overrides: CardOverrides | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every card record of `game` by override kind, from the data files (with `overrides` applied)."""
    out: dict[str, list[dict[str, Any]]] = {}
    docs = shipped_docs(game)
    for kind, (file, key) in KINDS[game].items():
        doc = docs[file] if overrides is None else apply(overrides, file, docs[file])
        out[kind] = [copy.deepcopy(c) for c in doc.get(key, []) if isinstance(c, dict)]
    return out


def catalog_json(game: str, config: Mapping[str, Any], display: Mapping[str, Any]) -> dict[str, Any]:
    """The catalog of `game` for `config` in override form; `display` is the game's own catalog
    (`GameSpec.catalog(config)`), whose derived fields (`DERIVED`) and read-only lists are kept."""
    if game not in KINDS:
        return dict(display)
    out: dict[str, Any] = {}
    sets = moonrakers_sets(config) if game == "moonrakers" else None
    for kind, cards in records(game).items():
        shown = {c.get("slug"): c for c in display.get(kind, []) if isinstance(c, dict)}
        derived = DERIVED.get(game, {}).get(kind, frozenset())
        rows = []
        for card in cards:
            if sets is not None and card.get("set") not in sets:
                continue
            extra = shown.get(card.get("slug"), {})
            rows.append(card | {k: extra[k] for k in sorted(derived) if k in extra and k not in card})
        out[kind] = rows
    for kind in READ_ONLY_KINDS.get(game, frozenset()):
        if kind in display:
            out[kind] = display[kind]
    return out
