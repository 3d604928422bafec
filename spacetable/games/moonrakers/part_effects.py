"""Ship-part abilities (5.5, 5.6): interpreted from the `effects` lists in data/ship_parts.json."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine.action import Action

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState


def dice_reduction(s: MoonrakersState, seat: int) -> int:
    return 0


def contract_start(s: MoonrakersState, seat: int) -> None:
    pass


def play_cost(s: MoonrakersState, seat: int, card: int) -> int:
    return 1


def after_play(s: MoonrakersState, seat: int, card: int, t: int) -> None:
    pass


def activated(s: MoonrakersState, seat: int) -> list[Action]:
    return []


def use(s: MoonrakersState, seat: int, a: Action) -> None:
    pass


def after_die(s: MoonrakersState, seat: int, icons: int, hook: str) -> None:
    pass


def on_part_installed(s: MoonrakersState, seat: int, part: int) -> None:
    pass


def on_part_removed(s: MoonrakersState, seat: int, part: int) -> None:
    pass


def before_success_check(s: MoonrakersState) -> None:
    pass


def stay_credits(s: MoonrakersState, seat: int) -> int:
    return 1


def on_discard_from_hand(s: MoonrakersState, seat: int, card: int) -> None:
    pass


def on_trash_from_hand(s: MoonrakersState, seat: int, card: int) -> None:
    pass
