"""Binding Ties: the "at any time" windows: `RepWindow`, the optional decision in which a player may
spend or trade reputation before saying `done`, opened only for players who could (`reputation.offers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.frames import Frame
from spacetable.games.moonrakers.reputation import offers

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

END_OF_TURN_WINDOW, BEFORE_SUCCESS, AFTER_LOSSES = range(3)
MOMENTS: Final = ("end-of-turn", "before-success-check", "after-hazard-losses")
"""When a `reputation.window` opens (its public `moment`): before the end-of-turn objective and win
checks (3.6, every player); after the last pass, before the success check (3.4.4 → 3.4.9 step 1,
the participants); after the hazard losses, before the objective check (3.4.9 steps 3–4, the
participants)."""
WINDOW: Final = "reputation.window"
"""The decision name of every window: a client may pass it for a person with `done` (`WINDOW_PASS`)."""


class RepWindow(Frame):
    """An "at any time" moment: `player` may spend or trade reputation, then says `done`.

    Opened only for a player who can spend or trade something (`offers`), and dropped as soon as
    nothing is left to do, so nobody is asked in vain; every spend or trade lowers the player's
    reputation, so a window always ends.
    """

    __slots__ = ("moment",)
    name = WINDOW

    def __init__(self, seat: int, moment: int = END_OF_TURN_WINDOW) -> None:
        super().__init__(seat)
        self.moment = moment

    def vacuous(self, s: MoonrakersState) -> bool:
        return not offers(s, self.player)

    def legal(self, s: MoonrakersState) -> list[Action]:
        return [A.DONE]

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()

    def public(self) -> dict[str, Any]:
        return {"decision": self.name, "player": self.player, "moment": MOMENTS[self.moment],
                "optional": True, "pass": str(A.DONE)}

    def copy(self) -> Frame:
        return RepWindow(self.player, self.moment)


WINDOW_PASS: Final = A.DONE


def open_windows(s: MoonrakersState, seats: list[int], moment: int) -> bool:
    """Push a window for each of `seats` (in that order) who could spend or trade now; players who
    cannot are never asked. Returns True when at least one window was opened."""
    if not s.bt:
        return False
    opened = False
    for seat in reversed(seats):
        if offers(s, seat):
            s.stack.append(RepWindow(seat, moment))
            opened = True
    return opened


def win_check_windows(s: MoonrakersState) -> None:
    """Before the end-of-turn objective and win checks (3.6): a window for every player, in seat
    order from the Mission Leader, who could spend or trade reputation now."""
    open_windows(s, [(s.ml + i) % s.n for i in range(s.n)], END_OF_TURN_WINDOW)
