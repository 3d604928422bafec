"""Moonrakers for the study tools (`spacetable.games.study`): result columns and the tracker that fills
them, the card kinds a designer may override, what the card effects cover and the report's sections.

The tracker reads the states' public fields and holds no rules: contracts taken are the executions the
state starts (participants, 3.3.5) with their `success` at the end of the execution (3.4.9); cards
bought are ``buy`` decisions (3.5); crew and parts owned are read from the final zones (bonus cards,
3.4.9, are owned but not bought).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from spacetable.engine.action import Action
from spacetable.engine.errors import DataError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import cards, crew_specs, objectives, part_specs
from spacetable.games.study import (
    Attempts,
    CardKind,
    Column,
    InvalidCards,
    Item,
    Owned,
    Row,
    ScoreTrack,
    Section,
    Study,
    listed,
    offered,
)

COLUMNS = (
    Column("credits", "int32", "credits at the end"),
    Column("solo_score", "int32", "Moonrakers solo score (1 player)"),
    Column("reputation_spent", "int32", "Moonrakers (Binding Ties) faction reputation spent"),
    Column("crew_bought", "int32", "Moonrakers crew cards bought (3.5)"),
    Column("parts_bought", "int32", "Moonrakers ship parts bought (3.5)"),
    Column("crew_owned", "list<string>", "Moonrakers crew slugs in the seat's deck at the end"),
    Column("parts_owned", "list<string>", "Moonrakers ship part slugs installed at the end"),
    Column("contracts_taken", "list<string>", "Moonrakers contracts attempted as Mission Leader or ally"),
    Column("contracts_completed", "list<string>", "Moonrakers contracts of those that succeeded"),
)


class MoonrakersTracker:
    """Cards bought, contracts taken (as Mission Leader or ally, 3.3.5) and completed (3.4.9)."""

    def __init__(self, players: int) -> None:
        self.crew_bought = [0] * players
        self.parts_bought = [0] * players
        self.taken: list[list[str]] = [[] for _ in range(players)]
        self.completed: list[list[str]] = [[] for _ in range(players)]
        self.offered: list[set[str]] = [set() for _ in range(players)]
        self.bought: list[list[str]] = [[] for _ in range(players)]
        self.ex: Any = None
        self.scores = ScoreTrack(players, _prestige)

    def decide(self, state: Any, seat: int, action: Action) -> None:
        if action.kind == "buy":
            slug = str(action.args[0])
            if slug in A.PART_ID:
                self.parts_bought[seat] += 1
            else:
                self.crew_bought[seat] += 1
            self.bought[seat].append(slug)
        if state.decision_name() == "buying":  # what the seat could buy at this decision (3.5)
            self.offered[seat].update(str(a.args[0]) for a in state.legal_actions() if a.kind == "buy")

    def step(self, state: Any) -> None:
        ex = state.ex
        if ex is not self.ex:
            if self.ex is not None:
                self._close(self.ex)
            self.ex = ex
        self.scores.step(state)

    def _close(self, ex: Any) -> None:
        slug = A.CONTRACT_SLUGS[ex.contract]
        for p in ex.order:
            self.taken[p].append(slug)
            if ex.success:
                self.completed[p].append(slug)

    def seat_figures(self, state: Any, seat: int) -> dict[str, Any]:
        if self.ex is not None and state.ex is None:
            self._close(self.ex)
            self.ex = None
        pl = state.players[seat]
        base = A.CREW_BASE
        crew = sorted(A.CARD_SLUGS[c] for zone in (pl.draw, pl.hand, pl.discard) for c in zone if c >= base)
        solo = state.solo_score if state.n == 1 else None
        return {
            "score": float(solo if solo is not None else pl.prestige),
            "prestige": pl.prestige, "credits": pl.credits, "solo_score": solo,
            "reputation_spent": pl.rep_spent,
            "crew_bought": self.crew_bought[seat], "parts_bought": self.parts_bought[seat],
            "crew_owned": crew, "parts_owned": sorted(A.PART_SLUGS[x] for x in pl.parts),
            "contracts_taken": list(self.taken[seat]), "contracts_completed": list(self.completed[seat]),
            "cards_offered": sorted(self.offered[seat]), "cards_bought": list(self.bought[seat]),
            "score_track": self.scores.of(state, seat),
        }


def _prestige(state: Any, seat: int) -> float:
    return float(state.players[seat].prestige)


def _tracker(players: int) -> MoonrakersTracker:
    return MoonrakersTracker(players)


CARD_KINDS = (
    CardKind("contracts", "contracts.json", title="Contracts", derived=frozenset({"id", "text"})),
    CardKind("crew", "crew.json", title="Crew", derived=frozenset({"id"})),
    CardKind("ship_parts", "ship_parts.json", title="Ship parts", derived=frozenset({"id"})),
    CardKind("objectives", "objectives.json", title="Objectives", derived=frozenset({"id"})),
)


def plays(config: Mapping[str, Any], card: Mapping[str, Any]) -> bool:
    """Whether `config` plays `card`: its set is BG, or FE with first-encounter, BT with Binding Ties."""
    return card.get("set") in cards.sets_for(config)


def validate(docs: Mapping[str, Any], changed: Collection[str]) -> None:
    """Parse every card file, compile the effects of the changed kinds (the effect vocabulary, objective
    conditions) and refuse a crew card and a ship part sharing a slug (both are bought by slug)."""
    parsed: dict[str, tuple[Any, ...]] = {}
    kind_of = {k.file: k.name for k in CARD_KINDS}
    for name in sorted(docs):
        kind = kind_of[name]
        try:
            parsed[kind] = cards.parse_cards(docs[name], kind, name)
        except DataError as e:
            raise InvalidCards(kind, e) from e
    cat = cards.Catalog(parsed["contracts"], parsed["crew"], parsed["ship_parts"], parsed["objectives"])
    checks = (("crew", lambda: crew_specs.compile_catalog(cat)),
              ("ship_parts", lambda: part_specs.compile_catalog(cat.parts)),
              ("objectives", lambda: objectives.compile_catalog(cat)))
    for kind, check in checks:
        if kind in changed:
            try:
                check()
            except DataError as e:
                raise InvalidCards(kind, e) from e
    slugs = [c.slug for c in cat.crew] + [p.slug for p in cat.parts]
    dup = sorted({s for s in slugs if slugs.count(s) > 1})
    if dup:
        raise InvalidCards(None, DataError("cards", dup[0], "slug", "a crew card and a ship part share this "
                                                                   "slug (both are bought by slug)"))


def card_items(records: Mapping[str, list[dict[str, Any]]], rows: Sequence[Row]) -> list[Item]:
    """Crew and ship parts (had: bought, 3.5; could: offered at a buy decision) and contracts (had:
    taken part in)."""
    items: list[Item] = []
    for kind, owned in (("crew", "crew_owned"), ("ship_parts", "parts_owned")):
        for c in records.get(kind, []):
            slug = str(c["slug"])
            items.append(Item(slug, kind, str(c.get("name", slug)), listed("cards_bought", owned)(slug),
                              offered(slug)))
    for c in records.get("contracts", []):
        slug = str(c["slug"])
        items.append(Item(slug, "contracts", str(c.get("name", slug)), listed("contracts_taken")(slug), None))
    return items


def purchases(r: Row) -> float:
    """Cards bought (3.5): the ``cards_bought`` column, or crew and parts bought in older files."""
    names = r.get("cards_bought")
    if names is not None:
        return float(len(names))
    return float((r.get("crew_bought") or 0) + (r.get("parts_bought") or 0))


STUDY = Study(
    columns=COLUMNS,
    tracker=_tracker,
    card_kinds=CARD_KINDS,
    read_only_kinds=frozenset({"basic"}),  # the basic action cards of every starting deck (1.1.2)
    plays=plays,
    validate=validate,
    card_items=card_items,
    purchases=purchases,
    progress="Prestige",
    nobody_wins="a solo Moonrakers game lost to the Mercenary deck, 8.9",
    names={"crew": "crew", "ship_parts": "ship part", "contracts": "contract", "objectives": "objective"},
    report=(Section("Cards", (Owned("crew_owned", "crew card"), Owned("parts_owned", "ship part"),
                              Attempts("contracts_taken", "contracts_completed", "contract",
                                       "share of the executions that succeeded (3.4.9)"))),),
)
