"""Card overrides for designers (``--cards overrides.json``): change fields of cards or add new ones.

An override file is a JSON object keyed by the card kinds of ``spacetable cards GAME --json``; each
kind holds a list of objects naming a card by its ``slug``. For a slug the game has, the other fields
replace the card's fields (an object field such as a contract's ``req`` is merged key by key); a slug it
does not have is a whole new card in the data files' format, appended to its kind::

    {"ship_parts": [{"slug": "ion-cannon", "cost": 4}],
     "crew": [{"slug": "dock-hand", "name": "Dock Hand", "set": "BG", "role": "Hand", "kind": "tech",
               "cost": 2, "text": "+1 Action", "effects": [{"op": "actions", "n": 1}]}]}

``spacetable cards GAME --json`` prints every card in this form (`spacetable.sim.catalog`), so a card
copied from it loads as it is: the fields it adds for people (`DERIVED`, e.g. a contract's generated
``text``) and its lists that are no card data (`READ_ONLY_KINDS`) are dropped when an override is read.

The patched data is validated as the shipped data is (the games' own parsers and effect compilers), and
an error names the override file, the card and the field. Card tables are built once per process at
import (`spacetable.games.card_patches`), so overrides apply to whole worker processes: a run with
overrides always plays in fresh child processes, and its results record the override document
(`canonical`) and its `digest`.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from spacetable.engine.errors import ConfigError, DataError
from spacetable.games import card_patches

KINDS: dict[str, dict[str, tuple[str, str]]] = {
    "moonrakers": {"contracts": ("contracts.json", "cards"), "crew": ("crew.json", "cards"),
                   "ship_parts": ("ship_parts.json", "cards"), "objectives": ("objectives.json", "cards")},
    "spacelanes": {"settlements": ("settlements.json", "settlements"), "lanes": ("lanes.json", "lanes"),
                   "action_cards": ("cards.json", "cards"), "goals": ("goals.json", "goals")},
}
"""Per game: override kind → (data file, the key of its card list in that file)."""
DERIVED: dict[str, dict[str, frozenset[str]]] = {
    "moonrakers": {"contracts": frozenset({"id", "text"}), "crew": frozenset({"id"}),
                   "ship_parts": frozenset({"id"}), "objectives": frozenset({"id"})},
}
"""Per game and kind: catalog fields the data derives (shown, ignored in an override)."""
READ_ONLY_KINDS: dict[str, frozenset[str]] = {"moonrakers": frozenset({"basic"})}
"""Per game: catalog lists that are no card data (shown, ignored in an override)."""
PACKAGES = {"moonrakers": "spacetable.games.moonrakers", "spacelanes": "spacetable.games.spacelanes"}
MAX_BYTES = 1_000_000


@dataclass(frozen=True)
class CardOverrides:
    """A validated override document for one game."""

    game: str
    doc: dict[str, list[dict[str, Any]]]
    file: str

    @property
    def canonical(self) -> str:
        """The document as canonical JSON text (what the results record)."""
        return json.dumps(self.doc, sort_keys=True, separators=(",", ":"))

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.canonical.encode()).hexdigest()[:16]

    def summary(self) -> dict[str, list[str]]:
        """Slugs changed or added, per kind."""
        return {kind: [str(c["slug"]) for c in cards] for kind, cards in self.doc.items()}


def read_overrides(game: str, path: str | Path) -> CardOverrides:
    """Read, check and validate the override file at `path` for `game` (`DataError` / `ConfigError`)."""
    file = str(path)
    if game not in KINDS:
        raise ConfigError(f"{game} takes no card overrides (games with card data: {', '.join(KINDS)})")
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise DataError(file, None, None, f"cannot read the card overrides ({e.strerror or e})") from e
    if len(raw) > MAX_BYTES:
        raise DataError(file, None, None, f"larger than {MAX_BYTES} bytes")
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise DataError(file, None, None, f"not valid JSON: {e}") from e
    return parse_overrides(game, doc, file)


def parse_overrides(game: str, doc: Any, file: str = "overrides.json") -> CardOverrides:
    """Check the shape of an override document and validate the data it makes (see the module doc)."""
    kinds = KINDS.get(game)
    if kinds is None:
        raise ConfigError(f"{game} takes no card overrides (games with card data: {', '.join(KINDS)})")
    if not isinstance(doc, dict) or not doc:
        raise DataError(file, None, None, "must be a JSON object keyed by card kind "
                                          f"({', '.join(kinds)})")
    clean: dict[str, list[dict[str, Any]]] = {}
    for kind, cards in doc.items():
        if kind in READ_ONLY_KINDS.get(game, frozenset()):
            continue  # a list the catalog shows that is no card data (copied with the rest)
        if kind not in kinds:
            raise DataError(file, None, str(kind), f"unknown card kind (allowed: {', '.join(kinds)})")
        if not isinstance(cards, list) or not cards:
            raise DataError(file, None, kind, "must be a non-empty list of cards")
        seen: set[str] = set()
        for i, card in enumerate(cards):
            label = f"{kind}[{i}]"
            if not isinstance(card, dict):
                raise DataError(file, label, None, "a card override must be an object")
            slug = card.get("slug")
            if not isinstance(slug, str) or not slug:
                raise DataError(file, label, "slug", "name the card by its slug")
            if slug in seen:
                raise DataError(file, slug, "slug", f"named twice in {kind}")
            seen.add(slug)
        derived = DERIVED.get(game, {}).get(kind, frozenset())
        clean[kind] = [{k: v for k, v in c.items() if k not in derived} for c in cards]
    if not clean:
        raise DataError(file, None, None, "changes no card (give at least one kind: "
                                          f"{', '.join(kinds)})")
    overrides = CardOverrides(game, clean, file)
    validate(overrides)
    return overrides


def _merge(base: Any, change: Any) -> Any:
    """`change` over `base`: objects merge key by key, anything else replaces."""
    if isinstance(base, dict) and isinstance(change, dict):
        out = dict(base)
        for k, v in change.items():
            out[k] = _merge(base.get(k), v)
        return out
    return copy.deepcopy(change)


def apply(overrides: CardOverrides, file: str, doc: Any) -> Any:
    """The parsed data file `file` of the game with the overrides applied (other files unchanged)."""
    out = doc
    for kind, (name, key) in KINDS[overrides.game].items():
        if name != file or kind not in overrides.doc or not isinstance(doc, dict):
            continue
        cards = doc.get(key)
        if not isinstance(cards, list):
            continue
        out = dict(doc)
        patched = list(cards)
        where = {c.get("slug"): i for i, c in enumerate(patched) if isinstance(c, dict)}
        for change in overrides.doc[kind]:
            i = where.get(change["slug"])
            if i is None:
                patched.append(copy.deepcopy(change))
            else:
                patched[i] = _merge(patched[i], change)
        out[key] = patched
    return out


def shipped_docs(game: str) -> dict[str, Any]:
    """The game's own data documents (parsed JSON) keyed by file name."""
    base = resources.files(PACKAGES[game]).joinpath("data")
    names = {name for name, _ in KINDS[game].values()}
    if game == "spacelanes":
        names |= {"board.json"}
    return {name: json.loads(base.joinpath(name).read_text(encoding="utf-8")) for name in sorted(names)}


def _relabel(e: DataError, overrides: CardOverrides, kind: str) -> DataError:
    """The same error naming the override file (and the kind) instead of the game's data file."""
    prefix = e.file + (f": card {e.card!r}" if e.card else "") + (f": field {e.field!r}" if e.field else "")
    message = str(e)[len(prefix) + 2:] if str(e).startswith(prefix) else str(e)
    return DataError(f"{overrides.file} ({kind})", e.card, e.field, message)


def validate(overrides: CardOverrides) -> None:
    """Parse the patched data with the game's own validators; `DataError` naming the override file."""
    docs = {name: apply(overrides, name, doc) for name, doc in shipped_docs(overrides.game).items()}
    kind_of = {name: kind for kind, (name, _) in KINDS[overrides.game].items()}
    if overrides.game == "moonrakers":
        _validate_moonrakers(overrides, docs, kind_of)
    else:
        _validate_spacelanes(overrides, docs, kind_of)


def _validate_moonrakers(overrides: CardOverrides, docs: dict[str, Any], kind_of: dict[str, str]) -> None:
    from spacetable.games.moonrakers import cards, crew_specs, objectives, part_specs

    parsed: dict[str, tuple[Any, ...]] = {}
    for name, doc in docs.items():
        kind = kind_of[name]
        try:
            parsed[kind] = cards.parse_cards(doc, kind, name)
        except DataError as e:
            raise _relabel(e, overrides, kind) from e
    cat = cards.Catalog(parsed["contracts"], parsed["crew"], parsed["ship_parts"], parsed["objectives"])
    for kind, check in (("crew", lambda: crew_specs.compile_catalog(cat)),
                        ("ship_parts", lambda: part_specs.compile_catalog(cat.parts)),
                        ("objectives", lambda: objectives.compile_catalog(cat))):
        if kind in overrides.doc:
            try:
                check()
            except DataError as e:
                raise _relabel(e, overrides, kind) from e
    slugs = [c.slug for c in cat.crew] + [p.slug for p in cat.parts]
    dup = sorted({s for s in slugs if slugs.count(s) > 1})
    if dup:
        raise DataError(overrides.file, dup[0], "slug", "a crew card and a ship part share this slug "
                                                        "(both are bought by slug)")


def _validate_spacelanes(overrides: CardOverrides, docs: dict[str, Any], kind_of: dict[str, str]) -> None:
    from spacetable.games.spacelanes import content

    steps = (("settlements.json", lambda d: content.parse_settlements(d, "settlements.json")),
             ("lanes.json", lambda d: content.parse_lanes(d, "lanes.json")),
             ("goals.json", lambda d: content.parse_goals(d, "goals.json")))
    for name, parse in steps:
        try:
            parse(docs[name])
        except DataError as e:
            raise _relabel(e, overrides, kind_of[name]) from e
    settlements = content.parse_settlements(docs["settlements.json"])
    tags = {t for s in settlements for t in s.tags} | {s.slug for s in settlements}
    try:
        content.parse_cards(docs["cards.json"], "cards.json", tags=tags)
    except DataError as e:
        raise _relabel(e, overrides, "action_cards") from e


def install(overrides: CardOverrides | None, game: str) -> None:
    """Make this process build `game`'s card tables with `overrides` (None: the shipped data).

    Must run before the game package is first imported in the process; a process whose tables were
    already built from other data refuses (`ConfigError`) rather than play with the wrong cards."""
    key = None if overrides is None else overrides.digest
    if game not in PACKAGES:
        if overrides is not None:
            raise ConfigError(f"{game} takes no card overrides")
        return
    built = _tables_built(game)
    if built:
        if card_patches.installed(game) != key:
            raise ConfigError(f"this process already built {game}'s card tables from other data; "
                              "card overrides need a fresh worker process")
        return
    if overrides is None:
        return
    card_patches.install(game, key or "", lambda file, doc: apply(overrides, file, doc))


def _tables_built(game: str) -> bool:
    import sys

    module = {"moonrakers": "spacetable.games.moonrakers.actions",
              "spacelanes": "spacetable.games.spacelanes.content"}[game]
    return module in sys.modules
