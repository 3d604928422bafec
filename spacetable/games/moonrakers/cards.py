"""Moonrakers card catalog: loads and validates the package's card JSON files (data/*.json).

Four files, each ``{"format": "spacetable-cards", "version": 1, "kind": ..., "cards": [...]}``:
contracts, crew, ship_parts, objectives. A bad file raises `DataError(file, card, field, message)`.
Crew, parts and objectives may carry an optional ``"bot"`` object: bot hints (`hints.py`), which the
rules never read.
Card ids are the index of the card in its tuple (all sets together, in file order); `sets_for` picks the
sets a configuration plays with and `catalog_json` gives their cards as JSON-ready data.

Numbers must be integers (never bools) in documented ranges, from the printed cards with room to
grow: crew and part costs 0..20 credits (printed: 2..7), contract Prestige 0..10 (5), credits 0..20
(12), bonus cards 0..5 (3), each requirement 0..20 (8) and hazard dice 0..4 (4). Effect numbers are
bounded in `crew_specs` / `part_specs` (0..20) and objective counts in `objectives` (0..50).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final, NoReturn, TypeVar

from spacetable.engine.errors import DataError
from spacetable.games import card_patches
from spacetable.games.moonrakers.hints import (
    CrewHint,
    ObjectiveHint,
    PartHint,
    crew_hint,
    objective_hint,
    part_hint,
)

BASIC: Final[tuple[str, ...]] = ("reactor", "thruster", "shield", "damage-1", "damage-2", "damage-3", "miss")
BASIC_NAMES: Final = ("Reactor", "Thruster", "Shield", "Damage I", "Damage II", "Damage III", "Miss")
BASIC_TEXT: Final = ("+2 Actions, counts 1 Reactor", "draw 2, counts 1 Thruster", "+1 block, counts 1 Shield",
                     "1 Damage", "2 Damage", "3 Damage", "no effect")
REACTOR: Final = 0  # basic card ids
THRUSTER: Final = 1
SHIELD: Final = 2
DMG1: Final = 3
DMG2: Final = 4
DMG3: Final = 5
MISS: Final = 6
# requirement index 0..4
REQ_TYPES: Final[tuple[str, ...]] = ("reactor", "thruster", "shield", "damage", "crew")
FACTIONS: Final[tuple[str, ...]] = ("magnomi", "henko", "komek", "ventus", "sorelia")
FACTION_COLORS: Final = {
    "magnomi": "orange", "henko": "green", "komek": "blue", "ventus": "yellow", "sorelia": "purple",
}
SETS: Final = {"BG": "base", "FE": "first-encounter", "BT": "binding-ties"}

CONTRACT_KINDS: Final[tuple[str, ...]] = ("kill", "rescue", "explore", "delivery")
CREW_KINDS: Final[tuple[str, ...]] = ("tech", "paladin", "pilot", "merc", "agent")
OBJECTIVE_COLORS: Final[tuple[str, ...]] = ("red", "orange", "blue", "green", "yellow", "purple", "gray")
MAX_PART_CARDS: Final = 5
MAX_DICE: Final = 4
MAX_COST: Final = 20
"""Most credits a crew card or ship part may cost."""
MAX_PRESTIGE, MAX_CREDITS, MAX_BONUS, MAX_REQ = 10, 20, 5, 20
"""Largest contract reward and requirement numbers."""
FORMAT, VERSION = "spacetable-cards", 1
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_RAW: Any = object()
"""`_Card.number`'s default: read the card's own field (a given value may be None, and is then bad)."""


@dataclass(frozen=True, slots=True)
class Contract:
    id: int
    slug: str
    name: str
    set: str
    kind: str
    prestige: int
    credits: int
    bonus: int
    faction: str | None
    req: tuple[int, int, int, int, int]
    dice: int
    text: str


@dataclass(frozen=True, slots=True)
class Crew:
    id: int
    slug: str
    name: str
    set: str
    role: str
    kind: str
    cost: int
    text: str
    effects: tuple[Any, ...]
    bot: CrewHint = CrewHint()


@dataclass(frozen=True, slots=True)
class Part:
    id: int
    slug: str
    name: str
    set: str
    brand: str
    cost: int
    cards: tuple[int, ...]
    text: str
    effects: tuple[Any, ...]
    bot: PartHint = PartHint()


@dataclass(frozen=True, slots=True)
class Objective:
    id: int
    slug: str
    name: str
    set: str
    color: str
    text: str
    condition: Any
    bot: ObjectiveHint = ObjectiveHint()


_C = TypeVar("_C", Contract, Crew, Part, Objective)


def _find(cards: tuple[_C, ...], slug: str, what: str) -> _C:
    for c in cards:
        if c.slug == slug:
            return c
    raise KeyError(f"no Moonrakers {what} with slug {slug!r}")


@dataclass(frozen=True)
class Catalog:
    """All cards of all implemented sets; ids are tuple indices."""

    contracts: tuple[Contract, ...]
    crew: tuple[Crew, ...]
    parts: tuple[Part, ...]
    objectives: tuple[Objective, ...]

    def contract(self, slug: str) -> Contract:
        return _find(self.contracts, slug, "contract")

    def crew_by_slug(self, slug: str) -> Crew:
        return _find(self.crew, slug, "crew card")

    def part(self, slug: str) -> Part:
        return _find(self.parts, slug, "ship part")

    def objective(self, slug: str) -> Objective:
        return _find(self.objectives, slug, "objective")


def contract_text(c: Contract) -> str:
    """One-line summary of a contract's rewards and requirements (generated, not printed text)."""
    rewards = [f"{c.prestige} Prestige", f"{c.credits} credits"]
    if c.bonus:
        rewards.append(f"{c.bonus} bonus card" + ("s" if c.bonus > 1 else ""))
    if c.faction:
        rewards.append(f"1 {c.faction.capitalize()} reputation")
    needs = [f"{n} {t.capitalize()}" for t, n in zip(REQ_TYPES, c.req, strict=True) if n]
    dice = f"{c.dice} hazard {'die' if c.dice == 1 else 'dice'}"
    return f"{c.kind.capitalize()}: {', '.join(rewards)}; needs {', '.join(needs) or 'nothing'}; {dice}."


# ---------------------------------------------------------------- validation helpers

class _Card:
    """Reads the fields of one card dict, raising DataError that names file, card and field."""

    def __init__(self, file: str, raw: Any, index: int, fields: tuple[str, ...],
                 optional: tuple[str, ...] = ()) -> None:
        self.file = file
        if not isinstance(raw, dict):
            raise DataError(file, f"#{index}", None, f"a card must be an object, not {type(raw).__name__}")
        name = raw.get("name")
        self.card = name if isinstance(name, str) and name else f"#{index}"
        self.raw = raw
        for f in fields:
            if f not in raw:
                self.fail(f, "missing field")
        for f in raw:
            if f not in fields and f not in optional:
                self.fail(str(f), f"unknown field (allowed: {', '.join(fields + optional)})")

    def fail(self, field: str, message: str) -> NoReturn:
        raise DataError(self.file, self.card, field, message)

    def text(self, field: str, allowed: tuple[str, ...] | None = None) -> str:
        v = self.raw[field]
        if not isinstance(v, str) or not v.strip():
            self.fail(field, f"must be a non-empty string, not {v!r}")
        if allowed is not None and v not in allowed:
            self.fail(field, f"unknown value {v!r} (allowed: {', '.join(allowed)})")
        return v

    def number(self, field: str, value: Any = _RAW, maximum: int | None = None) -> int:
        v = self.raw[field] if value is _RAW else value
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(field, f"must be an integer, not {v!r}")
        if v < 0:
            self.fail(field, f"must not be negative ({v})")
        if maximum is not None and v > maximum:
            self.fail(field, f"must be at most {maximum} ({v})")
        return v

    def items(self, field: str) -> list[Any]:
        v = self.raw[field]
        if not isinstance(v, list):
            self.fail(field, f"must be a list, not {v!r}")
        return v

    def slug(self) -> str:
        v = self.text("slug")
        if not _SLUG.fullmatch(v):
            self.fail("slug", f"{v!r} is not a slug (lowercase words joined by '-')")
        if v in BASIC:
            self.fail("slug", f"{v!r} is the slug of a basic card")
        return v

    def set(self) -> str:
        return self.text("set", tuple(SETS))


def _contract(c: _Card, i: int) -> Contract:
    req_raw = c.raw["req"]
    if not isinstance(req_raw, dict):
        c.fail("req", f"must be an object with {', '.join(REQ_TYPES)}, not {req_raw!r}")
    for t in REQ_TYPES:
        if t not in req_raw:
            c.fail(f"req.{t}", "missing field")
    for t in req_raw:
        if t not in REQ_TYPES:
            c.fail(f"req.{t}", f"unknown requirement type (allowed: {', '.join(REQ_TYPES)})")
    r = tuple(c.number(f"req.{t}", req_raw[t], MAX_REQ) for t in REQ_TYPES)
    faction = c.raw["faction"]
    if faction is not None and faction not in FACTIONS:
        c.fail("faction", f"unknown faction {faction!r} (allowed: null, {', '.join(FACTIONS)})")
    card = Contract(i, c.slug(), c.text("name"), c.set(), c.text("kind", CONTRACT_KINDS),
                    c.number("prestige", maximum=MAX_PRESTIGE), c.number("credits", maximum=MAX_CREDITS),
                    c.number("bonus", maximum=MAX_BONUS), faction,
                    (r[0], r[1], r[2], r[3], r[4]), c.number("dice", maximum=MAX_DICE), "")
    return replace(card, text=contract_text(card))


def _crew(c: _Card, i: int) -> Crew:
    return Crew(i, c.slug(), c.text("name"), c.set(), c.text("role"), c.text("kind", CREW_KINDS),
                c.number("cost", maximum=MAX_COST), c.text("text"), tuple(c.items("effects")),
                crew_hint(c.raw.get("bot"), c.fail, REQ_TYPES))


def _part(c: _Card, i: int) -> Part:
    cards = c.items("cards")
    if len(cards) > MAX_PART_CARDS:
        c.fail("cards", f"a part adds at most {MAX_PART_CARDS} cards, not {len(cards)}")
    for b in cards:
        if b not in BASIC:
            c.fail("cards", f"unknown basic card {b!r} (allowed: {', '.join(BASIC)})")
    return Part(i, c.slug(), c.text("name"), c.set(), c.text("brand", FACTIONS),
                c.number("cost", maximum=MAX_COST), tuple(BASIC.index(b) for b in cards), c.text("text"),
                tuple(c.items("effects")), part_hint(c.raw.get("bot"), c.fail))


def _objective(c: _Card, i: int) -> Objective:
    cond = c.raw["condition"]
    if not isinstance(cond, dict):
        c.fail("condition", f"must be an object, not {cond!r}")
    return Objective(i, c.slug(), c.text("name"), c.set(), c.text("color", OBJECTIVE_COLORS),
                     c.text("text"), cond, objective_hint(c.raw.get("bot"), c.fail))


_FIELDS: dict[str, tuple[str, ...]] = {
    "contracts": ("name", "slug", "set", "kind", "prestige", "credits", "bonus", "faction", "req", "dice"),
    "crew": ("name", "slug", "set", "role", "kind", "cost", "text", "effects"),
    "ship_parts": ("name", "slug", "set", "brand", "cost", "cards", "text", "effects"),
    "objectives": ("name", "slug", "set", "color", "text", "condition"),
}
_BUILD: dict[str, Callable[[_Card, int], Any]] = {
    "contracts": _contract, "crew": _crew, "ship_parts": _part, "objectives": _objective,
}


def _load_file(root: Traversable, kind: str) -> tuple[Any, ...]:
    entry = root.joinpath(f"{kind}.json")
    file = str(entry) if isinstance(entry, Path) else f"moonrakers/data/{kind}.json"
    try:
        doc = json.loads(entry.read_text(encoding="utf-8"))
        doc = card_patches.patched("moonrakers", f"{kind}.json", doc)
    except FileNotFoundError as e:
        raise DataError(file, None, None, "file not found") from e
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise DataError(file, None, None, f"not valid JSON: {e}") from e
    return parse_cards(doc, kind, file)


def parse_cards(doc: Any, kind: str, file: str) -> tuple[Any, ...]:
    """Validate one parsed card document of `kind` (contracts, crew, ship_parts, objectives)."""
    if not isinstance(doc, dict):
        raise DataError(file, None, None, "the document must be a JSON object")
    expected = {"format": FORMAT, "version": VERSION, "kind": kind}
    for key, want in expected.items():
        if doc.get(key) != want or type(doc.get(key)) is not type(want):
            raise DataError(file, None, key, f"expected {want!r}, found {doc.get(key)!r}")
    extra = set(doc) - {"format", "version", "kind", "cards"}
    if extra:
        raise DataError(file, None, sorted(map(str, extra))[0], "unknown top-level field")
    raw_cards = doc.get("cards")
    if not isinstance(raw_cards, list):
        raise DataError(file, None, "cards", "must be a list of cards")
    cards = []
    names: set[str] = set()
    slugs: set[str] = set()
    for i, raw in enumerate(raw_cards):
        reader = _Card(file, raw, i, _FIELDS[kind], ("bot",) if kind != "contracts" else ())
        card = _BUILD[kind](reader, i)
        if card.name in names:
            reader.fail("name", f"duplicate name {card.name!r}")
        if card.slug in slugs:
            reader.fail("slug", f"duplicate slug {card.slug!r}")
        names.add(card.name)
        slugs.add(card.slug)
        cards.append(card)
    return tuple(cards)


def catalog_from_docs(docs: Mapping[str, Any], directory: str = "moonrakers/data") -> Catalog:
    """The validated catalog from parsed documents keyed by kind (no files: tests and tools)."""
    def one(kind: str) -> tuple[Any, ...]:
        file = f"{directory}/{kind}.json"
        if kind not in docs:
            raise DataError(file, None, None, "file not found")
        return parse_cards(docs[kind], kind, file)

    return Catalog(one("contracts"), one("crew"), one("ship_parts"), one("objectives"))


def _load(root: Traversable) -> Catalog:
    return Catalog(_load_file(root, "contracts"), _load_file(root, "crew"),
                   _load_file(root, "ship_parts"), _load_file(root, "objectives"))


@lru_cache(maxsize=1)
def _default_catalog() -> Catalog:
    return _load(resources.files(__package__ or "spacetable.games.moonrakers").joinpath("data"))


def load_catalog(data_dir: Path | None = None) -> Catalog:
    """The validated catalog from `data_dir` (default: the package's data, loaded once and cached)."""
    return _default_catalog() if data_dir is None else _load(data_dir)


def sets_for(config: Mapping[str, Any]) -> frozenset[str]:
    """Set codes a config plays with: BG always, FE with module first-encounter, BT with binding-ties."""
    sets = {"BG"}
    if "first-encounter" in config.get("modules", []):
        sets.add("FE")
    if "binding-ties" in config.get("expansions", []):
        sets.add("BT")
    return frozenset(sets)


def catalog_json(config: Mapping[str, Any]) -> dict[str, Any]:
    """JSON-ready card lists of the sets `config` selects (for `spacetable cards` and the web table),
    with the basic action cards every starting deck holds (1.1.2) under ``"basic"``."""
    cat = load_catalog()
    sets = sets_for(config)

    def common(c: Contract | Crew | Part | Objective) -> dict[str, Any]:
        return {"id": c.id, "name": c.name, "slug": c.slug, "set": SETS[c.set]}

    return {
        "contracts": [
            common(c) | {"kind": c.kind, "prestige": c.prestige, "credits": c.credits, "bonus": c.bonus,
                         "faction": c.faction, "req": dict(zip(REQ_TYPES, c.req, strict=True)),
                         "dice": c.dice, "text": c.text}
            for c in cat.contracts if c.set in sets],
        "crew": [common(c) | {"role": c.role, "kind": c.kind, "cost": c.cost, "text": c.text}
                 for c in cat.crew if c.set in sets],
        "ship_parts": [common(p) | {"brand": p.brand, "cost": p.cost,
                                    "cards": [BASIC_NAMES[b] for b in p.cards], "text": p.text}
                       for p in cat.parts if p.set in sets],
        "objectives": [common(o) | {"color": o.color, "text": o.text}
                       for o in cat.objectives if o.set in sets],
        "basic": [{"slug": slug, "name": name, "text": text}
                  for slug, name, text in zip(BASIC, BASIC_NAMES, BASIC_TEXT, strict=True)],
    }
