"""The manifest's wiring: points the rules' hooks at the card-effect modules and fills the registries
the interpreters read, explicitly and once (no module registers itself when imported).

- `effects`' hooks → `part_effects`, `crew_effects`, `reputation` (`effects.wire`)
- the choice handlers → every module's `CHOICES` table (`choices.register`)
- the crew interpreter's unique abilities and re-listed choices → `crew_hooks.HOOKS`, `RELISTS`; then
  every hook a base or first-encounter crew card names must be one of them (`DataError` otherwise)
- Binding Ties' crew and part hooks → `bt_effects.register`; what its paid abilities do next →
  `bt_effects.CONTINUATIONS` (`reputation_rewards.register_continuations`)

`game.py` calls `wire` when the package is imported; calling it again changes nothing.
"""

from __future__ import annotations

from typing import Final

from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import (
    bt_effects,
    choices,
    crew_effects,
    crew_hooks,
    crew_interpreter,
    crew_specs,
    effects,
    instant_ops,
    part_effects,
    part_instants,
    part_payments,
    reputation,
    reputation_rewards,
)

CHOICE_TABLES: Final = (reputation.CHOICES, reputation_rewards.CHOICES, instant_ops.CHOICES,
                        part_instants.CHOICES, part_payments.CHOICES, crew_interpreter.CHOICES,
                        crew_hooks.CHOICES, bt_effects.CHOICES)


def wire() -> None:
    """Wire every hook and fill every registry (see the module's docstring)."""
    effects.wire(part_effects, crew_effects, reputation)
    for table in CHOICE_TABLES:
        choices.register(table)
    crew_interpreter.BUILTIN_HOOKS.update(crew_hooks.HOOKS)
    crew_specs.BUILTIN_HOOK_NAMES.update(crew_hooks.HOOKS)
    crew_specs.check_hook_names(A.CAT, crew_specs.ABILITY)  # the data names only hooks that exist
    crew_interpreter.RELIST.update(crew_hooks.RELISTS)
    bt_effects.register()
    reputation_rewards.register_continuations(bt_effects.CONTINUATIONS)
