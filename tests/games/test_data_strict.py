"""Every game's data loader is equally strict: unknown fields and out-of-range numbers are errors.

Each case mutates the real data in memory and expects `DataError` naming the file, the card and the
field (Moonrakers card files, Space Lanes content files, Highcard's cards)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from spacetable.engine.errors import DataError
from tests.games.test_data_fuzz import LOADERS, PRISTINE

Mutation = Callable[[dict[str, Any]], None]
SL, MR, HC = "spacelanes", "moonrakers", "highcard"


def _card(file: str, key: str, i: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda d: d[file][key][i]


SL_CARDS = _card("cards.json", "cards", 0)  # Scavenger Gang (pirates)
SL_SETTLEMENT = _card("settlements.json", "settlements", 0)  # Terra Nova


def _kind(d: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(c for c in d["cards.json"]["cards"] if c["kind"] == kind)


CASES: list[tuple[str, Mutation, str, str | None, str]] = [
    # Space Lanes: unknown fields anywhere (these were silently ignored before)
    (SL, lambda d: SL_CARDS(d).update(colour="red"), "cards.json", "scavenger-gang", "colour"),
    (SL, lambda d: SL_CARDS(d).update(cost=300), "cards.json", "scavenger-gang", "cost"),
    (SL, lambda d: _kind(d, "transport").update(contraband="yes"), "cards.json", None, "contraband"),
    (SL, lambda d: _kind(d, "economic")["prices"].update(ore=[10**9, 0]), "cards.json", None,
     "prices.ore"),
    (SL, lambda d: SL_SETTLEMENT(d).update(population=7), "settlements.json", "terra-nova",
     "population"),
    (SL, lambda d: SL_SETTLEMENT(d)["feature"].update(bonus=1), "settlements.json", "terra-nova",
     "feature.bonus"),
    (SL, lambda d: SL_SETTLEMENT(d)["feature"].update(price=10**9), "settlements.json", "terra-nova",
     "feature.price"),
    (SL, lambda d: SL_SETTLEMENT(d).update(tags=["core", 7]), "settlements.json", "terra-nova", "tags"),
    (SL, lambda d: d["settlements.json"].update(version=2), "settlements.json", None, "version"),
    (SL, lambda d: d["lanes.json"]["lanes"][0].update(hazard=1), "lanes.json", "kepler-run", "hazard"),
    (SL, lambda d: d["board.json"]["slots"][0].update(z=1), "board.json", "slot 0", "z"),
    (SL, lambda d: d["board.json"]["slots"].__setitem__(0, [2, 1]), "board.json", "slot 0", "slots"),
    (SL, lambda d: d["goals.json"]["goals"][0].update(reward=1), "goals.json", "tycoon", "reward"),
    (SL, lambda d: d["goals.json"].update(extra=[]), "goals.json", None, "extra"),
    # Moonrakers: numbers in range (a crew cost of 10^9 was accepted)
    (MR, lambda d: d["crew"]["cards"][3].update(cost=10**9), "crew.json", None, "cost"),
    (MR, lambda d: d["ship_parts"]["cards"][0].update(cost=21), "ship_parts.json", None, "cost"),
    (MR, lambda d: d["contracts"]["cards"][0].update(prestige=11), "contracts.json", None, "prestige"),
    (MR, lambda d: d["contracts"]["cards"][0].update(credits=10**9), "contracts.json", None, "credits"),
    (MR, lambda d: d["contracts"]["cards"][0].update(bonus=6), "contracts.json", None, "bonus"),
    (MR, lambda d: d["contracts"]["cards"][0]["req"].update(damage=21), "contracts.json", None,
     "req.damage"),
    (MR, lambda d: d["contracts"]["cards"][0]["req"].update(crew=None), "contracts.json", None,
     "req.crew"),
    # Highcard
    (HC, lambda d: d["cards.json"].update(deck="x"), "cards.json", None, "deck"),
    (HC, lambda d: d["cards.json"]["cards"][1].update(name="Stowaway"), "cards.json", "Stowaway", "name"),
]


@pytest.mark.parametrize(("game", "mutate", "file", "card", "field"), CASES)
def test_bad_data_names_file_card_and_field(game: str, mutate: Mutation, file: str, card: str | None,
                                            field: str) -> None:
    docs = json.loads(PRISTINE[game])
    mutate(docs)
    with pytest.raises(DataError) as err:
        LOADERS[game](docs)
    e = err.value
    assert e.file.endswith(file) and e.field == field, str(e)
    if card is not None:
        assert e.card == card
    elif game == "moonrakers":  # Moonrakers names cards by their printed name
        assert e.card


def test_moonrakers_effect_and_condition_numbers_are_bounded() -> None:
    """Effect numbers (0..20) and objective counts (0..50) are bounded like the card fields."""
    from spacetable.games.moonrakers import objectives, part_specs

    with pytest.raises(DataError) as err:
        part_specs.compile_part("Test Part", [{"op": "fewer_dice", "n": 10**9}])
    assert err.value.field == "effects[0].n"
    with pytest.raises(DataError) as err:
        objectives.compile_condition({"type": "deck", "min": 10**9}, "Hoarder")
    assert err.value.field == "condition.min"
