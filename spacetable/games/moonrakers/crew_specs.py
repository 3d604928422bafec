"""The crew-ability vocabulary (2.4): validation and compilation of data/crew.json into `effect_ops.Op`.

Each crew card's `effects` is a list of small ops (the one card-effect vocabulary, effect_ops.py),
validated at import (a bad spec raises
`DataError(file, card, field, message)`) and compiled into `LISTS` (op-list ids are indices);
`ABILITY[crew id]` is the op-list id of each card's ability. The vocabulary:

- ``{"op": "actions", "n": N}`` +N Actions · ``draw`` N cards · ``block`` N hazard icons (3.4.8)
- ``{"op": "reduce", "type": "reactor", "n": N}`` a fixed requirement −N (3.4.6)
- ``{"op": "reduce_any", "n": N}`` one requirement of your choice −N (REDUCE choice, OQ 12)
- ``{"op": "play_as", "type": "shield", "n": 1}`` also counts as a card of that type worth n, with its
  effect (2.5, R19); ``n`` is optional (1)
- ``{"op": "deal", "n": N}`` deal N Damage (2.6) · ``credits`` N · ``gain_prestige`` N
- ``{"op": "choose", "options": [[ops], [ops], ...]}`` one branch (OPTION choice)
- ``{"op": "trash_hand", "optional": false}`` trash a hand card (TRASH choice; OQ 11: empty hand skips)
- ``{"op": "trash_top"}`` trash the top draw-pile card unseen (OQ 7)
- ``{"op": "gain_card", "card": "reactor", "to": "discard"}`` a new basic card from the supply
- ``{"op": "gain_objective"}`` take the top objective (OQ 15) · ``{"op": "extra_die"}`` roll one more
  hazard die, targeting you (3.4.5, R21)
- ``{"op": "hook", "name": "..."}`` a named Python hook for a unique card: a built-in one of
  crew_hooks.py (`crew_hooks.HOOKS`, whose names the manifest adds to `BUILTIN_HOOK_NAMES`), or one
  registered in `crew_interpreter.CREW_HOOKS` (Binding Ties, by bt_effects.py; checked only when
  played).

crew_interpreter.py runs the compiled lists (the ops every card kind shares through instant_ops.py);
crew_effects.py is the entry point the rules call.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from spacetable.engine.errors import DataError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import BASIC, BASIC_NAMES, REQ_TYPES, Catalog
from spacetable.games.moonrakers.effect_ops import MAX_NUMBER, Op

FILE = "moonrakers/data/crew.json"
R_DAMAGE: Final = 3
R_CREW: Final = 4
CREW_BASE: Final = 7  # action-deck id of crew 0 (actions.CARD_SLUGS)


LISTS: Final[list[tuple[Op, ...]]] = []
"""Every compiled op list; ids are indices. Ability lists first, then branches and run_ops lists."""

# op name -> {field: kind}; a "?" suffix marks an optional field
OP_FIELDS: Final[dict[str, dict[str, str]]] = {
    "actions": {"n": "count"},
    "draw": {"n": "count"},
    "block": {"n": "count"},
    "credits": {"n": "count"},
    "gain_prestige": {"n": "count"},
    "deal": {"n": "count"},
    "reduce": {"type": "req", "n": "count"},
    "reduce_any": {"n": "count"},
    "play_as": {"type": "play_type", "n?": "amount"},
    "choose": {"options": "branches"},
    "trash_hand": {"optional?": "bool"},
    "trash_top": {},
    "gain_card": {"card": "basic", "to": "zone"},
    "gain_objective": {},
    "extra_die": {},
    "hook": {"name": "slug"},
}
PLAY_TYPES: Final = REQ_TYPES[:4]  # a crew can be played as reactor, thruster, shield or damage (2.5)
ZONES: Final = ("discard", "hand")


def compile_ops(raw: Any, card: str, field: str = "effects") -> int:
    """Validate an op list and add it to `LISTS`; returns its id. Raises `DataError` when bad."""
    if not isinstance(raw, list | tuple):
        raise DataError(FILE, card, field, f"must be a list of ops, not {raw!r}")
    ops = tuple(_compile_op(o, card, f"{field}[{i}]") for i, o in enumerate(raw))
    LISTS.append(ops)
    return len(LISTS) - 1


def _compile_op(raw: Any, card: str, field: str) -> Op:
    def fail(msg: str, sub: str = "") -> DataError:
        return DataError(FILE, card, field + ("." + sub if sub else ""), msg)

    if not isinstance(raw, Mapping):
        raise fail(f"an op must be an object, not {raw!r}")
    name = raw.get("op")
    if not isinstance(name, str) or name not in OP_FIELDS:
        raise fail(f"unknown op {name!r} (known: {', '.join(OP_FIELDS)})", "op")
    spec = OP_FIELDS[name]
    allowed = {k.rstrip("?") for k in spec} | {"op"}
    for k in raw:
        if k not in allowed:
            raise fail(f"unknown field for op {name!r} (allowed: {', '.join(sorted(allowed))})", str(k))
    kw: dict[str, Any] = {"op": name}
    if name == "play_as":
        kw["n"] = 1
    for key, kind in spec.items():
        f = key.rstrip("?")
        if f not in raw:
            if key.endswith("?"):
                continue
            raise fail("missing field", f)
        v = raw[f]
        if kind in ("count", "amount"):
            low = 1 if kind == "count" else 0
            if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= MAX_NUMBER:
                raise fail(f"must be an integer from {low} to {MAX_NUMBER}, not {v!r}", f)
            kw["n"] = v
        elif kind in ("req", "play_type"):
            allowed_types = REQ_TYPES if kind == "req" else PLAY_TYPES
            if v not in allowed_types:
                raise fail(f"unknown type {v!r} (allowed: {', '.join(allowed_types)})", f)
            kw["type"] = REQ_TYPES.index(v)
        elif kind == "bool":
            if not isinstance(v, bool):
                raise fail(f"must be true or false, not {v!r}", f)
            kw["optional"] = v
        elif kind == "basic":
            if v not in BASIC:
                raise fail(f"unknown basic card {v!r} (allowed: {', '.join(BASIC)})", f)
            kw["card"] = BASIC.index(v)
        elif kind == "zone":
            if v not in ZONES:
                raise fail(f"unknown zone {v!r} (allowed: {', '.join(ZONES)})", f)
            kw["to"] = v
        elif kind == "slug":
            if not isinstance(v, str) or not v or v != v.strip().lower() or " " in v:
                raise fail(f"must be a hook slug, not {v!r}", f)
            kw["name"] = v
        elif kind == "branches":
            if not isinstance(v, list) or not 2 <= len(v) <= len(A.OPTION):
                raise fail(f"must be a list of 2 to {len(A.OPTION)} op lists, not {v!r}", f)
            kw["options"] = tuple(compile_ops(b, card, f"{field}.options[{i}]") for i, b in enumerate(v))
    return Op(**kw)


BUILTIN_HOOK_NAMES: Final[set[str]] = set()
"""Hooks of unique BG/FE cards: the names `crew_hooks.HOOKS` implements, added by the manifest
(`wiring.wire`); other hook names are Binding Ties'."""


def compile_catalog(cat: Catalog, check_hooks: bool = True) -> list[int]:
    """Validate and compile every crew card's effects of a catalog; the op-list id of each card.

    A base or first-encounter card may only name built-in hooks (`check_hook_names`); Binding Ties hooks
    are checked when played (bt_effects.py registers them). The package's own catalog is compiled
    before the hooks are wired (`check_hooks` False); the manifest checks its names once they are."""
    ids = [compile_ops(c.effects, c.name) for c in cat.crew]
    if check_hooks:
        check_hook_names(cat, ids)
    return ids


def check_hook_names(cat: Catalog, ids: list[int]) -> None:
    """Every hook a base or first-encounter card names is a built-in one (`BUILTIN_HOOK_NAMES`)."""
    for c, lid in zip(cat.crew, ids, strict=True):
        for op in walk(lid):
            if op.op == "hook" and c.set != "BT" and op.name not in BUILTIN_HOOK_NAMES:
                raise DataError(FILE, c.name, "effects", f"unknown built-in hook {op.name!r}")


def walk(lid: int) -> list[Op]:
    """Every op of op list `lid`, its branches' ops included (depth first, in order)."""
    out: list[Op] = []
    for op in LISTS[lid]:
        out.append(op)
        for b in op.options:
            out.extend(walk(b))
    return out


OP_TEXT: Final = {
    "actions": "+{n} Action{s}", "draw": "draw {n}", "block": "block {n}", "credits": "+{n} credits",
    "gain_prestige": "+{n} Prestige", "deal": "deal {n} Damage", "reduce_any": "one requirement −{n}",
    "trash_top": "trash your top card", "gain_objective": "take an objective",
    "extra_die": "roll an extra hazard die",
}
"""Menu text of the ops whose text is fixed but for their number."""


def describe_ops(lid: int) -> str:
    """Short plain text of an op list (for option menus)."""
    parts: list[str] = []
    for op in LISTS[lid]:
        o = op.op
        template = OP_TEXT.get(o)
        if template is not None:
            parts.append(template.format(n=op.n, s="s" if op.n > 1 else ""))
        elif o == "reduce":
            parts.append(f"{REQ_TYPES[op.type]} requirement −{op.n}")
        elif o == "play_as":
            parts.append(f"counts as {op.n} {REQ_TYPES[op.type].capitalize()}" if op.type == R_DAMAGE
                         else f"counts as a {REQ_TYPES[op.type].capitalize()}")
        elif o == "choose":
            parts.append(" or ".join(describe_ops(b) for b in op.options))
        elif o == "trash_hand":
            parts.append("trash a hand card" + (" (optional)" if op.optional else ""))
        elif o == "gain_card":
            parts.append(f"gain a {BASIC_NAMES[op.card]} into your {op.to}")
        else:
            parts.append(op.name)
    return "; ".join(parts)


ABILITY: Final[list[int]] = compile_catalog(A.CAT, check_hooks=False)
"""Op-list id of each crew card's ability (by crew id); its hook names are checked by `wiring.wire`."""
