"""Crew abilities (2.4), interpreted from the `effects` lists in data/crew.json: the entry points the
rules call (`crew_ability`, `run_ops`), menu text of crew choices and crew event text.

Each crew card's ability is a list of small ops run in order for the player who played it (for a
Mercenary Crew, "you" = the Mission Leader, 8.5). The pieces: crew_specs.py (validation of the crew
ops into the one vocabulary, effect_ops.Op, at import; `LISTS` / `ABILITY`), instant_ops.py (the ops
every card kind shares), crew_interpreter.py (continuations, `CrewChoice` frames, the crew-only ops
and their choices; registry `CREW_HOOKS` for Binding Ties hooks, filled by bt_effects.py)
and crew_hooks.py (the unique BG/FE cards). Their public names are re-exported here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import crew_hooks
from spacetable.games.moonrakers.crew_interpreter import (
    BUILTIN_HOOKS,
    CREW_HOOKS,
    K_AT0K,
    K_B3AR,
    K_LEE,
    K_METAXIS,
    K_MYLA,
    K_OPTION,
    K_REDACTED,
    K_REDUCE,
    K_RYAN,
    K_TRASH,
    K_ZEK,
    OPS,
    RELIST,
    CrewChoice,
    CrewHook,
    Ctx,
    crew_choice,
    discard_from_hand,
    is_mercenary,
    run,
    trash_from_hand,
)
from spacetable.games.moonrakers.crew_specs import (
    ABILITY,
    BUILTIN_HOOK_NAMES,
    CREW_BASE,
    FILE,
    LISTS,
    PLAY_TYPES,
    R_CREW,
    R_DAMAGE,
    ZONES,
    compile_catalog,
    compile_ops,
    describe_ops,
)
from spacetable.games.moonrakers.effect_ops import Op
from spacetable.games.moonrakers.instant_ops import play_as_type, reduce_requirement

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

_INTERNED: Final[dict[str, int]] = {}
"""Op lists given to `run_ops` as raw ops, compiled once: JSON text -> op-list id."""


def crew_ability(s: MoonrakersState, seat: int, crew: int) -> None:
    """Resolve a crew card's ability for the player who played it (2.4; for a Mercenary Crew the ML)."""
    assert s.ex is not None
    merc = crew + CREW_BASE in s.merc_used  # 8.5: played from the Mercenary row this turn
    run(s, Ctx(seat, crew, merc, [ABILITY[crew]], [0]))


def run_ops(s: MoonrakersState, seat: int, crew: int, ops: int | Sequence[Mapping[str, Any]],
            merc: bool = False) -> bool:
    """Run an op list (an id from `compile_ops`, or raw ops, validated and cached) for `seat` as if
    card `crew` resolved it. Returns True when done, False when a choice will finish it later."""
    if isinstance(ops, int):
        lid = ops
    else:
        key = json.dumps(ops, sort_keys=True)
        lid = _INTERNED.get(key, -1)
        if lid < 0:
            lid = _INTERNED[key] = compile_ops(list(ops), A.CAT.crew[crew].name if crew >= 0 else "run_ops")
    return run(s, Ctx(seat, crew, merc, [lid], [0]))


def describe_choice(s: MoonrakersState, a: Action) -> str | None:
    """Menu text for an action of a pending crew choice (e.g. what ``option 2`` does), else None."""
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, CrewChoice):
        return None
    ctx = top.ctx
    name = A.CAT.crew[ctx.crew].name if ctx.crew >= 0 else "ability"
    if a.kind == "option" and top.key == K_OPTION:
        return f"{name}: {describe_ops(ctx.op().options[int(a.args[0]) - 1])}"
    if a.kind == "reduce":
        return f"{name}: {A.arg(a)} requirement −{ctx.op().n}"
    if a.kind == "target":
        assert s.ex is not None
        dice = s.ex.seats[ctx.seat].dice
        i = int(a.args[0]) - 1
        icons = dice[i] if i < len(dice) else 0
        verb = "discard" if top.key == K_AT0K else "re-roll"
        return f"{name}: {verb} die {i + 1} ({icons} icon{'s' if icons != 1 else ''})"
    return None


__all__ = [
    "ABILITY", "BUILTIN_HOOKS", "BUILTIN_HOOK_NAMES", "CREW_BASE", "CREW_HOOKS", "FILE", "K_AT0K", "K_B3AR",
    "K_LEE", "K_METAXIS", "K_MYLA", "K_OPTION", "K_REDACTED", "K_REDUCE", "K_RYAN", "K_TRASH", "K_ZEK",
    "LISTS", "OPS", "PLAY_TYPES", "RELIST", "R_CREW", "R_DAMAGE", "ZONES", "CrewChoice", "CrewHook", "Ctx",
    "Op", "compile_catalog", "crew_choice", "compile_ops", "crew_ability", "crew_hooks",
    "describe_choice", "describe_ops", "discard_from_hand", "is_mercenary", "play_as_type",
    "reduce_requirement", "run_ops", "trash_from_hand",
]
