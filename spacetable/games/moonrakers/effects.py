"""Hook points through which the rules call crew, ship-part and expansion abilities (5.5).

The rules (`execution`, `rules`, `mercenary`, the reputation rewards) sit below the card-effect modules
and call only these names; the manifest wires them to `part_effects`, `crew_effects` and `reputation`
once, at import, with `wire` (`wiring.py`). Until then each raises, so a module imported on its own
cannot run a card ability silently wrong. Every hook must be cheap when no card applies: `play_cost`
and `activated` run at every play decision. A test may replace one with `monkeypatch.setattr(effects,
name, fn)`: callers look the name up here at each call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from spacetable.engine.action import Action

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState


def _unwired(*args: Any) -> NoReturn:
    raise RuntimeError("Moonrakers' card hooks are not wired: import spacetable.games.moonrakers first")


# ship parts (5.5): continuous, start-of-contract, on-play, activated, and other triggers
dice_reduction: Callable[[MoonrakersState, int], int] = _unwired  # (s, seat): fewer dice (R21)
contract_start: Callable[[MoonrakersState, int], None] = _unwired  # (s, seat): start bonuses (3.4.2)
play_cost: Callable[[MoonrakersState, int, int], int] = _unwired  # (s, seat, card): 0 or 1 Action (2.7)
after_play: Callable[[MoonrakersState, int, int, int], None] = _unwired  # (s, seat, card, type): "first X"
activated: Callable[[MoonrakersState, int], list[Action]] = _unwired  # (s, seat): `use <part>` now (3.4.3b)
use: Callable[[MoonrakersState, int, Action], None] = _unwired  # (s, seat, action): an activated ability
after_die: Callable[[MoonrakersState, int, int, str], None] = _unwired  # (s, seat, icons, hook): extra die
on_part_installed: Callable[[MoonrakersState, int, int], None] = _unwired  # (s, seat, part)
on_part_removed: Callable[[MoonrakersState, int, int], None] = _unwired  # (s, seat, part)
before_success_check: Callable[[MoonrakersState], None] = _unwired  # (s): "upon completing" (3.4.9.1)
stay_credits: Callable[[MoonrakersState, int], int] = _unwired  # (s, seat): Stay at Base credits (3.2.4b)
on_discard_from_hand: Callable[[MoonrakersState, int, int], None] = _unwired  # (s, seat, card): Swarm mk1
on_trash_from_hand: Callable[[MoonrakersState, int, int], None] = _unwired  # (s, seat, card): MG1 Kinetic

# crew (2.4)
crew_ability: Callable[[MoonrakersState, int, int], None] = _unwired  # (s, seat, crew id): its ability

# Binding Ties
after_contract_rewards: Callable[[MoonrakersState], None] = _unwired  # (s): reputation (3.4.9.2)


def wire(parts: Any, crew: Any, binding_ties: Any) -> None:
    """Point every hook at its implementation: `parts` (the ship-part module: one function per part
    hook, same names), `crew` (`crew_ability`) and `binding_ties` (`after_contract`). The manifest calls
    this once; calling it again with the same modules changes nothing."""
    global dice_reduction, contract_start, play_cost, after_play, activated, use, after_die
    global on_part_installed, on_part_removed, before_success_check, stay_credits
    global on_discard_from_hand, on_trash_from_hand, crew_ability, after_contract_rewards
    dice_reduction = parts.dice_reduction
    contract_start = parts.contract_start
    play_cost = parts.play_cost
    after_play = parts.after_play
    activated = parts.activated
    use = parts.use
    after_die = parts.after_die
    on_part_installed = parts.on_part_installed
    on_part_removed = parts.on_part_removed
    before_success_check = parts.before_success_check
    stay_credits = parts.stay_credits
    on_discard_from_hand = parts.on_discard_from_hand
    on_trash_from_hand = parts.on_trash_from_hand
    crew_ability = crew.crew_ability
    after_contract_rewards = binding_ties.after_contract
