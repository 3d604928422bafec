"""A captain's ship: installing a part, with its cards, and scrapping one when a fifth arrives (5.3, R22).

Installing calls the part's hook (`effects.on_part_installed`, e.g. Flash's hand size); a fifth part
pushes `Scrap`, the decision of which earlier part goes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import effects
from spacetable.games.moonrakers.frames import Frame

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState


class Scrap(Frame):
    """A 5th part: remove one of the four installed before it (5.3, R22)."""

    __slots__ = ()
    name = "scrap-part"

    def legal(self, s: MoonrakersState) -> list[Action]:
        return [A.SCRAP[p] for p in s.players[self.player].parts[:-1]]

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()
        part = A.PART_ID[str(a.args[0])]
        s.players[self.player].parts.remove(part)
        effects.on_part_removed(s, self.player, part)
        s.emit("5.3", "scrap", self.player, part)

    def copy(self) -> Frame:
        return Scrap(self.player)


def install_part(s: MoonrakersState, seat: int, part: int) -> None:
    """Install a part and add its cards from the supply to the discard pile (5.3)."""
    p = s.players[seat]
    p.parts.append(part)
    p.discard.extend(A.CAT.parts[part].cards)
    effects.on_part_installed(s, seat, part)
    if len(p.parts) > 4:
        s.stack.append(Scrap(seat))
