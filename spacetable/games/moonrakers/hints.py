"""Bot hints: the hand-set judgements about a card that the rules do not hold, kept with the card.

A card's optional ``"bot"`` object carries what a simple bot cannot read from the card's effects: the
greedy bot's estimate of what a crew card gives in a contract, the worth of a ship part beyond its cost
and cards, when an activated ability is worth using, what a Binding Ties part's named hook does that a
bot must know, what an objective is worth keeping. The rules never read them; a card without one gets
the defaults below. Validated with the card: a wrong key, type or value raises `DataError` naming the
file, the card and the field (``bot.<key>``).

- crew: ``actions`` (net Actions after paying its 1 Action; default -1), ``draw``, ``damage``,
  ``shield`` (what it counts, default 0), ``reduce`` (``"any"`` or a requirement type) and ``reduce_n``
- ship parts: ``value`` (keep-value beyond cost and cards, -5..5, default 0), ``use_when`` (when its
  activated ability is worth using: `USE_WHEN`; default: while a requirement is unmet),
  ``trashes_from_hand`` (its use trashes a hand card), ``adds_own_die`` (each use adds a hazard die
  against its user), ``blocks_die`` (its use blocks a hazard die): the last three for abilities that
  are named hooks, whose effects the data does not spell out
- objectives: ``value`` (keep-value, 0..1, default 0.15)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, NoReturn

USE_WHEN: Final[tuple[str, ...]] = ("damage-short", "shield-short", "at-risk", "never", "short-no-actions")
"""When an activated ability is worth using: Damage unmet, Shield unmet, hazard icons unblocked, never by
choice, or out of Actions with a requirement unmet."""
MAX_HINT: Final = 5


@dataclass(frozen=True, slots=True)
class CrewHint:
    actions: int = -1
    draw: int = 0
    damage: int = 0
    shield: int = 0
    reduce: int = -2
    """-2: none, -1: any requirement, else the requirement's index."""
    reduce_n: int = 0


@dataclass(frozen=True, slots=True)
class PartHint:
    value: int = 0
    use_when: str = ""
    """"" (while a requirement is unmet) or one of `USE_WHEN`."""
    trashes_from_hand: bool = False
    adds_own_die: bool = False
    blocks_die: bool = False


@dataclass(frozen=True, slots=True)
class ObjectiveHint:
    value: float = 0.15


Fail = Callable[[str, str], NoReturn]


def _keys(raw: Any, allowed: tuple[str, ...], fail: Fail) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        fail("bot", f"must be an object, not {raw!r}")
    for k in raw:
        if k not in allowed:
            fail(f"bot.{k}", f"unknown bot hint (allowed: {', '.join(allowed)})")
    return raw


def _int(raw: Mapping[str, Any], key: str, low: int, high: int, default: int, fail: Fail) -> int:
    v = raw.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
        fail(f"bot.{key}", f"must be an integer from {low} to {high}, not {v!r}")
    return v


def _flag(raw: Mapping[str, Any], key: str, fail: Fail) -> bool:
    v = raw.get(key, False)
    if not isinstance(v, bool):
        fail(f"bot.{key}", f"must be true or false, not {v!r}")
    return v


def _choice(raw: Mapping[str, Any], key: str, allowed: tuple[str, ...], fail: Fail) -> str:
    v = raw.get(key, "")
    if v != "" and v not in allowed:
        fail(f"bot.{key}", f"unknown value {v!r} (allowed: {', '.join(allowed)})")
    return str(v)


def crew_hint(raw: Any, fail: Fail, req_types: tuple[str, ...]) -> CrewHint:
    """The hint of a crew card (`req_types`: the requirement names, in index order)."""
    if raw is None:
        return CrewHint()
    r = _keys(raw, ("actions", "draw", "damage", "shield", "reduce", "reduce_n"), fail)
    reduce = _choice(r, "reduce", ("any", *req_types), fail)
    n = _int(r, "reduce_n", 0, MAX_HINT, 0, fail)
    if bool(reduce) != bool(n):
        fail("bot.reduce_n", "a reduction names both its requirement (reduce) and its size (reduce_n)")
    return CrewHint(_int(r, "actions", -1, MAX_HINT, -1, fail), _int(r, "draw", 0, MAX_HINT, 0, fail),
                    _int(r, "damage", 0, MAX_HINT, 0, fail), _int(r, "shield", 0, MAX_HINT, 0, fail),
                    -1 if reduce == "any" else req_types.index(reduce) if reduce else -2, n)


def part_hint(raw: Any, fail: Fail) -> PartHint:
    """The hint of a ship part."""
    if raw is None:
        return PartHint()
    r = _keys(raw, ("value", "use_when", "trashes_from_hand", "adds_own_die", "blocks_die"), fail)
    return PartHint(_int(r, "value", -MAX_HINT, MAX_HINT, 0, fail), _choice(r, "use_when", USE_WHEN, fail),
                    _flag(r, "trashes_from_hand", fail), _flag(r, "adds_own_die", fail),
                    _flag(r, "blocks_die", fail))


def objective_hint(raw: Any, fail: Fail) -> ObjectiveHint:
    """The hint of an objective."""
    if raw is None:
        return ObjectiveHint()
    r = _keys(raw, ("value",), fail)
    v = r.get("value", 0.15)
    if not isinstance(v, int | float) or isinstance(v, bool) or not 0 <= v <= 1:
        fail("bot.value", f"must be a number from 0 to 1, not {v!r}")
    return ObjectiveHint(float(v))
