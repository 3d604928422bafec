"""The card catalog in the form a card override takes (``spacetable cards GAME --json``, ``/api/catalog``).

Each card is its record in the game's data files (``spacetable/games/<game>/data/*.json``: the same
field names and values an override file uses, effects included), so a card copied from the catalog,
edited and saved as an override loads as it is. A few fields the data derives are added for people and
ignored when an override is read (its kind's `spacetable.games.study.CardKind.derived`, e.g. an ``id``
or a generated ``text``); lists that are no card data are ignored too (the study's
``read_only_kinds``). Only the cards the configuration plays are listed (the study's ``plays``, e.g.
by the card's set). A game without card data gives its own catalog.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from spacetable.sim.overrides import CardOverrides, apply, card_kinds, shipped_docs
from spacetable.sim.setup import game_study


def records(game: str, overrides: CardOverrides | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every card record of `game` by override kind, from the data files (with `overrides` applied)."""
    out: dict[str, list[dict[str, Any]]] = {}
    docs = shipped_docs(game)
    for kind in card_kinds(game).values():
        doc = docs[kind.file] if overrides is None else apply(overrides, kind.file, docs[kind.file])
        out[kind.name] = [copy.deepcopy(c) for c in doc.get(kind.key, []) if isinstance(c, dict)]
    return out


def played(game: str, config: Mapping[str, Any], found: dict[str, list[dict[str, Any]]]
           ) -> dict[str, list[dict[str, Any]]]:
    """`found` (records by kind) without the cards `config` does not play."""
    plays = game_study(game).plays
    return {kind: [c for c in cards if plays(config, c)] for kind, cards in found.items()}


def catalog_json(game: str, config: Mapping[str, Any], display: Mapping[str, Any]) -> dict[str, Any]:
    """The catalog of `game` for `config` in override form; `display` is the game's own catalog
    (`GameSpec.catalog(config)`), whose derived fields and read-only lists are kept."""
    kinds = card_kinds(game)
    if not kinds:
        return dict(display)
    out: dict[str, Any] = {}
    for kind, cards in played(game, config, records(game)).items():
        shown = {c.get("slug"): c for c in display.get(kind, []) if isinstance(c, dict)}
        derived = kinds[kind].derived
        rows = []
        for card in cards:
            extra = shown.get(card.get("slug"), {})
            rows.append(card | {k: extra[k] for k in sorted(derived) if k in extra and k not in card})
        out[kind] = rows
    for kind in game_study(game).read_only_kinds:
        if kind in display:
            out[kind] = display[kind]
    return out
