"""Moonrakers card catalog: counts per set (1.1.1, R15), CSV numbers, data rulings, validation errors."""

from __future__ import annotations

import csv
import difflib
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacetable.engine.errors import DataError
from spacetable.games.moonrakers import cards as mc
from spacetable.games.moonrakers.cards import (
    BASIC,
    DMG2,
    DMG3,
    MISS,
    REACTOR,
    SHIELD,
    Catalog,
    Crew,
    Objective,
    Part,
    catalog_json,
    load_catalog,
    sets_for,
)

DATA = Path(__file__).resolve().parents[3] / "spacetable" / "games" / "moonrakers" / "data"  # also compiled
_REPO = Path(__file__).resolve().parents[3]
SOURCE = next((p for p in (_REPO.parent / "shared" / "data" / "moonrakers" / "source",
                           Path("/work/shared/data/moonrakers/source")) if p.is_dir()),
              _REPO.parent / "shared" / "data" / "moonrakers" / "source")
"""The source CSVs, in the shared/ folder beside the repository (as CI lays it out)."""
KINDS = ("contracts", "crew", "ship_parts", "objectives")
needs_source = pytest.mark.skipif(not SOURCE.is_dir(), reason="shared CSV source not available")


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return load_catalog()


def _lists(cat: Catalog) -> dict[str, tuple[Any, ...]]:
    return {"contracts": cat.contracts, "crew": cat.crew, "ship_parts": cat.parts,
            "objectives": cat.objectives}


# ---------------------------------------------------------------- counts

@pytest.mark.parametrize(("set_code", "expected"), [
    ("BG", (40, 20, 37, 23)), ("FE", (5, 5, 5, 0)), ("BT", (10, 10, 10, 10)),
])
def test_counts_per_set_1_1_1(cat: Catalog, set_code: str, expected: tuple[int, ...]) -> None:
    """1.1.1: base decks 40/20/37/23; R15 first-encounter 5/5/5/0; Binding Ties 10 of each."""
    got = tuple(sum(c.set == set_code for c in cards) for cards in _lists(cat).values())
    assert got == expected


@pytest.mark.parametrize(("config", "expected"), [
    ({}, (40, 20, 37, 23)),
    ({"modules": ["first-encounter"]}, (45, 25, 42, 23)),
    ({"expansions": ["binding-ties"]}, (50, 30, 47, 33)),
    ({"modules": ["first-encounter"], "expansions": ["binding-ties"]}, (55, 35, 52, 33)),
])
def test_catalog_json_counts_by_config_0_1(config: dict[str, Any], expected: tuple[int, ...]) -> None:
    """0.1: BG always, FE with the first-encounter module, BT with Binding Ties."""
    doc = catalog_json(config)
    assert tuple(len(doc[k]) for k in KINDS) == expected
    allowed = {mc.SETS[s] for s in sets_for(config)}
    for k in KINDS:
        for card in doc[k]:
            assert card["set"] in allowed
            assert {"name", "slug", "set", "text"} <= set(card)
    json.dumps(doc)  # JSON-ready


def test_sets_for() -> None:
    assert sets_for({}) == {"BG"}
    assert sets_for({"modules": ["first-encounter"], "expansions": []}) == {"BG", "FE"}
    assert sets_for({"expansions": ["binding-ties"]}) == {"BG", "BT"}
    assert sets_for({"modules": ["other"], "expansions": ["other"]}) == {"BG"}


def test_ids_are_indices_and_default_catalog_is_cached(cat: Catalog) -> None:
    assert load_catalog() is cat
    for cards in _lists(cat).values():
        assert [c.id for c in cards] == list(range(len(cards)))


# ---------------------------------------------------------------- spot checks and data rulings

def test_spot_check_contracts_4_1(cat: Catalog) -> None:
    """4.1 fields; numbers as in contracts.csv."""
    c = cat.contract("admirals-flagship")
    assert (c.name, c.set, c.kind, c.prestige, c.credits, c.bonus, c.faction) == (
        "Admiral's Flagship", "BG", "kill", 5, 11, 1, None)
    assert (c.req, c.dice) == ((5, 0, 5, 8, 0), 4)
    c = cat.contract("black-hole")
    assert (c.kind, c.prestige, c.credits, c.bonus, c.req, c.dice) == (
        "explore", 5, 12, 0, (4, 4, 0, 0, 5), 4)
    c = cat.contract("emergency-council")  # BT: Purple = Sorelia reputation reward
    assert (c.set, c.kind, c.prestige, c.credits, c.faction, c.req, c.dice) == (
        "BT", "delivery", 2, 6, "sorelia", (0, 3, 0, 0, 3), 2)
    c = cat.contract("the-veil")  # "Veil, The" in the CSV; Orange = Magnomi
    assert (c.name, c.faction, c.req) == ("The Veil", "magnomi", (6, 0, 2, 0, 0))
    c = cat.contract("decoy-target")  # FE promo: no credits, 3 bonus cards
    assert (c.set, c.prestige, c.credits, c.bonus, c.req, c.dice) == ("FE", 3, 0, 3, (0, 4, 4, 0, 0), 3)


def test_boarding_action_open_question_1(cat: Catalog) -> None:
    """Open question 1: Boarding Action gives 0 credits and 2 bonus cards (like the other promos)."""
    c = cat.contract("boarding-action")
    assert (c.set, c.prestige, c.credits, c.bonus, c.req, c.dice) == ("FE", 4, 0, 2, (0, 0, 0, 5, 4), 3)


@pytest.mark.parametrize("slug", ["blockade-run", "kill-slavers", "reactor-failure", "space-anomaly"])
def test_blank_hazard_dice_are_zero_open_question_2(cat: Catalog, slug: str) -> None:
    """Open question 2 / 0.1: a blank HDice cell means 0 dice."""
    assert cat.contract(slug).dice == 0


def test_names_open_question_3(cat: Catalog) -> None:
    """Open question 3: "[Redacted]"; "X, The" is printed "The X"."""
    r = cat.crew_by_slug("redacted")
    assert (r.name, r.role, r.kind, r.cost) == ("[Redacted]", "Strike Leader", "paladin", 3)
    assert cat.part("the-clone-bay").name == "The Clone Bay"
    assert cat.crew_by_slug("the-warden").name == "The Warden"
    names = [c.name for cards in _lists(cat).values() for c in cards]
    assert not [n for n in names if n.endswith(", The")]


def test_spot_check_crew_and_parts_5_3(cat: Catalog) -> None:
    """5.3: a part adds its listed basic cards; costs and brands as in the CSVs."""
    k = cat.crew_by_slug("kary-powalk")
    assert (k.name, k.role, k.kind, k.cost, k.set) == ("Kary Powalk", "Fleet Admiral", "merc", 3, "BG")
    assert cat.crew_by_slug("at-0k").name == "AT-0K"
    assert cat.crew_by_slug("metaxis").set == "FE"
    p = cat.part("mg1-rail-gun")
    assert (p.brand, p.cost, p.cards) == ("magnomi", 3, (MISS, DMG2))
    p = cat.part("the-dauntless")
    assert (p.brand, p.cost, p.cards) == ("sorelia", 6, (SHIELD, SHIELD))
    assert cat.part("the-leech").cards == (REACTOR, REACTOR)
    assert cat.part("the-gatling-laser").cards == (MISS, DMG3)
    assert cat.part("cloaking-device").cards == ()
    assert (cat.part("doom").set, cat.part("doom").cost) == ("FE", 4)
    assert (cat.part("radar-repeater").set, cat.part("radar-repeater").brand) == ("BT", "magnomi")
    o = cat.objective("youre-my-hero")
    assert (o.name, o.color, o.set) == ("You're My Hero", "green", "BG")
    assert cat.objective("alliance").color == "gray"


def test_unknown_slug_is_a_clear_key_error(cat: Catalog) -> None:
    with pytest.raises(KeyError, match="no Moonrakers ship part with slug 'nope'"):
        cat.part("nope")
    with pytest.raises(KeyError, match="contract"):
        cat.contract("kary-powalk")


def test_contract_text_summarises_numbers(cat: Catalog) -> None:
    t = cat.contract("emergency-council").text
    assert "2 Prestige" in t and "6 credits" in t and "3 Thruster" in t and "3 Crew" in t
    assert "Sorelia reputation" in t and "2 hazard dice" in t


# ---------------------------------------------------------------- slugs

def test_slugs_unique_well_formed_and_not_basic(cat: Catalog) -> None:
    for cards in _lists(cat).values():
        slugs = [c.slug for c in cards]
        assert len(set(slugs)) == len(slugs)
        assert len({c.name for c in cards}) == len(cards)
        for s in slugs:
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", s), s
            assert s not in BASIC


# ---------------------------------------------------------------- against the CSV source

def _csv(name: str, skip: int = 0) -> list[dict[str, str]]:
    with (SOURCE / name).open(encoding="utf-8", newline="") as f:
        lines = list(csv.reader(f))[skip:]
    return [dict(zip(lines[0], r, strict=False)) for r in lines[1:] if r and r[lines[0].index("Game")]
            in ("BG", "FE", "BT")]


def _printed(raw: str) -> str:
    m = re.fullmatch(r"(.+), The", raw.strip())
    name = f"The {m.group(1)}" if m else raw.strip()
    return "[Redacted]" if name == "Redacted" else name


def _n(cell: str) -> int:
    return int(cell) if cell.strip() else 0


@needs_source
def test_every_number_matches_the_csv(cat: Catalog) -> None:
    """0.1: every BG/FE/BT row is present with its numbers (blank = 0); only Boarding Action differs."""
    contracts = {c.name: c for c in cat.contracts}
    rows = _csv("contracts.csv", skip=1)
    assert len(rows) == len(contracts)
    for r in rows:
        c = contracts[_printed(r["Name"])]
        req = tuple(_n(r[k]) for k in ("Reactors", "Thrusters", "Shields", "Damage", "Crew"))
        got = (c.set, c.kind, c.prestige, c.req, _n(r["HDice"]) == c.dice)
        assert got == (r["Game"], r["CType"].lower(), _n(r["Prestige"]), req, True), c.name
        if c.name != "Boarding Action":
            assert (c.credits, c.bonus) == (_n(r["Credits"]), _n(r["BC"])), c.name
    crew = {c.name: c for c in cat.crew}
    rows = _csv("crew.csv")
    assert len(rows) == len(crew)
    for r in rows:
        k = crew[_printed(r["Name"])]
        assert (k.set, k.role, k.kind, k.cost) == (r["Game"], r["Role"], r["Type"].lower(), _n(r["Cost"]))
    parts = {p.name: p for p in cat.parts}
    rows = _csv("ship_parts.csv")
    assert len(rows) == len(parts)
    for r in rows:
        p = parts[_printed(r["Name"])]
        added = [r[f"Card{i}"] for i in range(1, 6) if r[f"Card{i}"]]
        names = [mc.BASIC_NAMES[b].replace(" III", " 3").replace(" II", " 2").replace(" I", " 1")
                 for b in p.cards]
        assert (p.set, p.brand, p.cost, names) == (r["Game"], r["Brand"].lower(), _n(r["Cost"]), added)
    objectives = {o.name: o for o in cat.objectives}
    rows = _csv("objectives.csv")
    assert len(rows) == len(objectives)
    for r in rows:
        o = objectives[_printed(r["Name"])]
        assert (o.set, o.color) == (r["Game"], r["Color"].lower())


def _words(s: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", s.lower())


@needs_source
def test_texts_are_our_own_words(cat: Catalog) -> None:
    """Card texts are not the publisher's: never equal, no run of 7 words in common, clearly reworded."""
    printed = {_printed(r["Name"]): r["Ability"] for f in ("crew.csv", "ship_parts.csv") for r in _csv(f)}
    printed |= {_printed(r["Name"]): r["Description"] for r in _csv("objectives.csv")}
    cards: list[Crew | Part | Objective] = [*cat.crew, *cat.parts, *cat.objectives]
    assert len(printed) == len(cards)
    for c in cards:
        theirs, ours = _words(printed[c.name]), _words(c.text)
        assert ours and ours != theirs, c.name
        runs = {tuple(theirs[i:i + 7]) for i in range(len(theirs) - 6)}
        assert not any(tuple(ours[i:i + 7]) in runs for i in range(len(ours) - 6)), c.name
        assert difflib.SequenceMatcher(None, " ".join(theirs), " ".join(ours)).ratio() < 0.9, c.name


# ---------------------------------------------------------------- validation of bad files

def _docs() -> dict[str, dict[str, Any]]:
    return {k: json.loads((DATA / f"{k}.json").read_text(encoding="utf-8")) for k in KINDS}


def _load_broken(docs: dict[str, dict[str, Any]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for k, doc in docs.items():
            (Path(tmp) / f"{k}.json").write_text(json.dumps(doc), encoding="utf-8")
        load_catalog(Path(tmp))


def _set(kind: str, index: int, field: str, value: Any) -> dict[str, dict[str, Any]]:
    docs = _docs()
    card = docs[kind]["cards"][index]
    if field.startswith("req."):
        card["req"][field[4:]] = value
    else:
        card[field] = value
    return docs


def test_unbroken_copy_loads(tmp_path: Path) -> None:
    for k in KINDS:
        shutil.copy(DATA / f"{k}.json", tmp_path)
    copy = load_catalog(tmp_path)
    assert copy == load_catalog()


BROKEN = [
    ("crew", 3, "cost", "3", "integer"),
    ("crew", 3, "cost", -1, "negative"),
    ("crew", 3, "cost", True, "integer"),
    ("crew", 3, "kind", "wizard", "unknown value"),
    ("crew", 3, "set", "OL", "unknown value"),
    ("crew", 3, "role", "", "non-empty"),
    ("crew", 3, "effects", {}, "list"),
    ("crew", 3, "slug", "Bill Bendo", "not a slug"),
    ("crew", 3, "slug", "shield", "basic card"),
    ("crew", 3, "slug", "ada-massa", "duplicate slug"),
    ("crew", 3, "name", "Ada Massa", "duplicate name"),
    ("contracts", 5, "kind", "heist", "unknown value"),
    ("contracts", 5, "faction", "red", "unknown faction"),
    ("contracts", 5, "dice", 5, "at most 4"),
    ("contracts", 5, "prestige", 2.5, "integer"),
    ("contracts", 5, "req", [1, 2, 3, 4, 5], "object"),
    ("contracts", 5, "req.damage", -2, "negative"),
    ("contracts", 5, "req.moon", 1, "unknown requirement"),
    ("ship_parts", 7, "brand", "acme", "unknown value"),
    ("ship_parts", 7, "cards", ["damage-4"], "unknown basic card"),
    ("ship_parts", 7, "cards", ["miss"] * 6, "at most 5"),
    ("ship_parts", 7, "text", 7, "non-empty string"),
    ("objectives", 2, "color", "pink", "unknown value"),
    ("objectives", 2, "condition", [], "object"),
]


@pytest.mark.parametrize(("kind", "index", "field", "value", "message"), BROKEN)
def test_bad_field_names_file_card_and_field(kind: str, index: int, field: str, value: Any,
                                             message: str) -> None:
    docs = _set(kind, index, field, value)
    card = docs[kind]["cards"][index]["name"]
    with pytest.raises(DataError, match=message) as err:
        _load_broken(docs)
    e = err.value
    assert e.file.endswith(f"{kind}.json") and e.card == card and e.field == field
    assert f"{kind}.json" in str(e) and card in str(e) and field in str(e)


@pytest.mark.parametrize("field", ["cost", "text", "effects"])
def test_missing_field(field: str) -> None:
    docs = _docs()
    card = docs["ship_parts"]["cards"][4]
    del card[field]
    with pytest.raises(DataError, match="missing field") as err:
        _load_broken(docs)
    assert (err.value.card, err.value.field) == (card["name"], field)


def test_unknown_field() -> None:
    docs = _docs()
    docs["objectives"]["cards"][0]["prestige"] = 1
    with pytest.raises(DataError, match="unknown field") as err:
        _load_broken(docs)
    assert (err.value.card, err.value.field) == ("Ace", "prestige")


BAD_HINTS = [
    ("crew", {"actions": "2"}, "bot.actions", "integer"),
    ("crew", {"reduce": "moon", "reduce_n": 1}, "bot.reduce", "unknown value"),
    ("crew", {"reduce": "any"}, "bot.reduce_n", "names both"),
    ("crew", {"luck": 1}, "bot.luck", "unknown bot hint"),
    ("ship_parts", {"use_when": "sometimes"}, "bot.use_when", "unknown value"),
    ("ship_parts", {"value": 9}, "bot.value", "from -5 to 5"),
    ("ship_parts", {"blocks_die": 1}, "bot.blocks_die", "true or false"),
    ("objectives", {"value": 2}, "bot.value", "from 0 to 1"),
    ("objectives", [], "bot", "object"),
]


@pytest.mark.parametrize(("kind", "hint", "field", "message"), BAD_HINTS)
def test_bad_bot_hint_names_file_card_and_field(kind: str, hint: Any, field: str, message: str) -> None:
    """Bot hints are card data: validated at load like every other field (cards.py, hints.py)."""
    docs = _docs()
    card = docs[kind]["cards"][1]
    card["bot"] = hint
    with pytest.raises(DataError, match=message) as err:
        _load_broken(docs)
    e = err.value
    assert e.file.endswith(f"{kind}.json") and (e.card, e.field) == (card["name"], field)


def test_bot_hints_load_and_default() -> None:
    """A card without a hint gets the defaults; the greedy bot's estimate of Ada Massa (+3 Actions:
    net +2, Reactor −1) and of Meg Gallak (any requirement −2) come from the data."""
    cat = load_catalog()
    ada, meg = cat.crew_by_slug("ada-massa").bot, cat.crew_by_slug("meg-gallak").bot
    assert (ada.actions, ada.reduce, ada.reduce_n) == (2, 0, 1) and (meg.reduce, meg.reduce_n) == (-1, 2)
    assert cat.part("flash").bot.value == 4 and cat.part("flak-mine").bot.adds_own_die
    assert cat.part("escape-jets-e1").bot.use_when == ""


@pytest.mark.parametrize(("key", "value"), [("format", "cards"), ("version", 2), ("version", "1"),
                                            ("kind", "crew")])
def test_wrong_format_version_or_kind(key: str, value: Any) -> None:
    docs = _docs()
    docs["contracts"][key] = value
    with pytest.raises(DataError, match="expected") as err:
        _load_broken(docs)
    assert err.value.file.endswith("contracts.json") and err.value.field == key


def test_not_json_or_missing_file(tmp_path: Path) -> None:
    for k in KINDS:
        shutil.copy(DATA / f"{k}.json", tmp_path)
    (tmp_path / "crew.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="crew.json.*not valid JSON"):
        load_catalog(tmp_path)
    (tmp_path / "crew.json").unlink()
    with pytest.raises(DataError, match="crew.json.*not found"):
        load_catalog(tmp_path)


def test_card_that_is_not_an_object() -> None:
    docs = _docs()
    docs["crew"]["cards"].insert(2, "Ada Massa")
    with pytest.raises(DataError, match="must be an object") as err:
        _load_broken(docs)
    assert err.value.card == "#2"


_WRONG = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), st.lists(st.integers(), max_size=2),
                   st.dictionaries(st.just("x"), st.integers(), max_size=1))
_SCALAR_FIELDS = {
    "contracts": ("name", "slug", "set", "kind", "prestige", "credits", "bonus", "dice"),
    "crew": ("name", "slug", "set", "role", "kind", "cost", "text"),
    "ship_parts": ("name", "slug", "set", "brand", "cost", "text"),
    "objectives": ("name", "slug", "set", "color", "text"),
}


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_wrongly_typed_field_is_reported(data: st.DataObject) -> None:
    """Property: a non-string/non-integer value in any scalar field of any card raises DataError there."""
    kind = data.draw(st.sampled_from(KINDS))
    docs = _docs()
    index = data.draw(st.integers(0, len(docs[kind]["cards"]) - 1))
    field = data.draw(st.sampled_from(_SCALAR_FIELDS[kind]))
    value = data.draw(_WRONG)
    name = docs[kind]["cards"][index]["name"]
    docs[kind]["cards"][index][field] = value
    with pytest.raises(DataError) as err:
        _load_broken(docs)
    assert err.value.file.endswith(f"{kind}.json") and err.value.field == field
    assert err.value.card == (name if field != "name" else f"#{index}")
