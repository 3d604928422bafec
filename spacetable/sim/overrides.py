"""Card overrides for designers (``--cards overrides.json``): change fields of cards or add new ones.

An override file is a JSON object keyed by the card kinds of ``spacetable cards GAME --json``; each
kind holds a list of objects naming a card by its ``slug``. For a slug the game has, the other fields
replace the card's fields (an object field such as a contract's ``req`` is merged key by key); a slug it
does not have is a whole new card in the data files' format, appended to its kind::

    {"ship_parts": [{"slug": "ion-cannon", "cost": 4}],
     "crew": [{"slug": "dock-hand", "name": "Dock Hand", "set": "BG", "role": "Hand", "kind": "tech",
               "cost": 2, "text": "+1 Action", "effects": [{"op": "actions", "n": 1}]}]}

The kinds, their data files, the fields the data derives for people and the catalog lists that are no
card data are the game's (its study's `spacetable.games.study.CardKind` list and ``read_only_kinds``).
``spacetable cards GAME --json`` prints every card in this form (`spacetable.sim.catalog`), so a card
copied from it loads as it is: the fields it adds for people (e.g. an ``id``, a generated ``text``) and
its lists that are no card data are dropped when an override is read.

The patched data is validated as the shipped data is (the game's own parsers and effect compilers, its
study's ``validate``), and an error names the override file, the card and the field.

Card tables are built once per process at import (`spacetable.games.card_patches`), so overrides apply
to whole worker processes: a run with overrides always plays in fresh child processes, and its results
record the override document (`canonical`) and its `digest`.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from spacetable.engine.errors import ConfigError, DataError
from spacetable.engine.game import KNOWN_GAMES
from spacetable.games import card_patches
from spacetable.games.study import CardKind, InvalidCards
from spacetable.sim.setup import game_study, games_with_cards

MAX_BYTES = 1_000_000

Kinds = Mapping[str, tuple[str, str]]
"""Override kind → (data file, the key of its card list in that file)."""


def card_kinds(game: str) -> dict[str, CardKind]:
    """The kinds of card `game` takes overrides of, by name (empty: none)."""
    return {k.name: k for k in game_study(game).card_kinds}


def file_kinds(game: str) -> dict[str, tuple[str, str]]:
    """`Kinds` of `game`."""
    return {k.name: (k.file, k.key) for k in game_study(game).card_kinds}


def derived(game: str, kind: str) -> frozenset[str]:
    """The catalog fields of a `kind` card the data derives for people (shown, ignored in an override)."""
    found = card_kinds(game).get(kind)
    return frozenset() if found is None else found.derived


def _no_overrides(game: str) -> ConfigError:
    return ConfigError(f"{game} takes no card overrides "
                       f"(games with card data: {', '.join(games_with_cards())})")


@dataclass(frozen=True)
class CardOverrides:
    """A validated override document for one game."""

    game: str
    doc: dict[str, list[dict[str, Any]]]
    file: str
    kinds: Kinds
    """The game's `Kinds`, carried along so that a worker applies the document before it imports the
    game (`install`)."""

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


def stored_overrides(game: str, doc: dict[str, list[dict[str, Any]]], file: str = "results") -> CardOverrides:
    """An override document already validated (as a results file records it), not checked again."""
    return CardOverrides(game, doc, file, file_kinds(game))


def read_overrides(game: str, path: str | Path) -> CardOverrides:
    """Read, check and validate the override file at `path` for `game` (`DataError` / `ConfigError`)."""
    file = str(path)
    if not card_kinds(game):
        raise _no_overrides(game)
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
    kinds = card_kinds(game)
    if not kinds:
        raise _no_overrides(game)
    if not isinstance(doc, dict) or not doc:
        raise DataError(file, None, None, "must be a JSON object keyed by card kind "
                                          f"({', '.join(kinds)})")
    read_only = game_study(game).read_only_kinds
    clean: dict[str, list[dict[str, Any]]] = {}
    for kind, cards in doc.items():
        if kind in read_only:
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
        shown = kinds[kind].derived
        clean[kind] = [{k: v for k, v in c.items() if k not in shown} for c in cards]
    if not clean:
        raise DataError(file, None, None, "changes no card (give at least one kind: "
                                          f"{', '.join(kinds)})")
    overrides = CardOverrides(game, clean, file, {k.name: (k.file, k.key) for k in kinds.values()})
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
    for kind, (name, key) in overrides.kinds.items():
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
    """The game's own card data documents (parsed JSON, from its package's ``data`` folder) keyed by
    file name."""
    kinds = card_kinds(game)
    base = resources.files(KNOWN_GAMES[game]).joinpath("data")
    names = {k.file for k in kinds.values()}
    return {name: json.loads(base.joinpath(name).read_text(encoding="utf-8")) for name in sorted(names)}


def _relabel(e: DataError, overrides: CardOverrides, kind: str | None) -> DataError:
    """The same error naming the override file (and the kind) instead of the game's data file."""
    prefix = e.file + (f": card {e.card!r}" if e.card else "") + (f": field {e.field!r}" if e.field else "")
    message = str(e)[len(prefix) + 2:] if str(e).startswith(prefix) else str(e)
    where = overrides.file if kind is None else f"{overrides.file} ({kind})"
    return DataError(where, e.card, e.field, message)


def validate(overrides: CardOverrides) -> None:
    """Parse the patched data with the game's own validators; `DataError` naming the override file."""
    check = game_study(overrides.game).validate
    if check is None:
        return
    docs = {name: apply(overrides, name, doc) for name, doc in shipped_docs(overrides.game).items()}
    try:
        check(docs, frozenset(overrides.doc))
    except InvalidCards as e:
        raise _relabel(e.error, overrides, e.kind) from e


def install(overrides: CardOverrides | None, game: str) -> None:
    """Make this process build `game`'s card tables with `overrides` (None: the shipped data).

    Must run before the game package first reads its data in the process (`card_patches.read`); a
    process whose tables were already built from other data refuses (`ConfigError`) rather than play
    with the wrong cards. Imports no game (the overrides carry their kinds)."""
    key = None if overrides is None else overrides.digest
    if card_patches.read(game):
        if card_patches.installed(game) != key:
            raise ConfigError(f"this process already built {game}'s card tables from other data; "
                              "card overrides need a fresh worker process")
        return
    if overrides is None:
        return
    card_patches.install(game, key or "", lambda file, doc: apply(overrides, file, doc))
