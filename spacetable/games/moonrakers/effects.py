"""Hook points through which the rules call crew, ship-part and expansion abilities (5.5).

The rules call only these names; `part_effects`, `crew_effects` and `reputation` implement them.
Every hook must be cheap when no card applies: `play_cost` and `activated` run at every play decision.
"""

from __future__ import annotations

from spacetable.games.moonrakers import crew_effects, part_effects, reputation

# ship parts (5.5): continuous, start-of-contract, on-play, activated, and other triggers
dice_reduction = part_effects.dice_reduction  # (s, seat) -> int: dice rolled fewer (R21)
contract_start = part_effects.contract_start  # (s, seat): start bonuses and triggers (3.4.2)
play_cost = part_effects.play_cost  # (s, seat, card) -> int: Actions to play a card, 0 or 1 (2.7)
after_play = part_effects.after_play  # (s, seat, card, type): on-play triggers ("first X")
activated = part_effects.activated  # (s, seat) -> list[Action]: `use <part>` now (3.4.3b)
use = part_effects.use  # (s, seat, action): carry out an activated ability
after_die = part_effects.after_die  # (s, seat, icons, hook): an extra die rolled for an effect
on_part_installed = part_effects.on_part_installed  # (s, seat, part)
on_part_removed = part_effects.on_part_removed  # (s, seat, part)
before_success_check = part_effects.before_success_check  # (s): "upon completing" (3.4.9.1)
stay_credits = part_effects.stay_credits  # (s, seat) -> int: Stay at Base credits (3.2.4b)
on_discard_from_hand = part_effects.on_discard_from_hand  # (s, seat, card): Swarm mk1
on_trash_from_hand = part_effects.on_trash_from_hand  # (s, seat, card): MG1 Kinetic

# crew (2.4)
crew_ability = crew_effects.crew_ability  # (s, seat, crew id): resolve the printed ability

# Binding Ties
after_contract_rewards = reputation.after_contract  # (s): reputation gains and losses (3.4.9.2)


def _load_expansion_hooks() -> None:
    """Binding Ties card hooks register themselves into the crew and part registries on import."""
    import importlib

    try:
        importlib.import_module("spacetable.games.moonrakers.bt_effects")
    except ModuleNotFoundError as e:
        if e.name != "spacetable.games.moonrakers.bt_effects":
            raise


_load_expansion_hooks()
