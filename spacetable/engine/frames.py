"""The decision-stack protocol: one interface for every multi-step decision of every game.

A decision that takes several small steps (a negotiation, an engagement with its dice, a trade built
item by item, a response window that asks each seat in turn) is a *frame* on a stack the game keeps on
its state; the top frame is the decision open now. A frame says:

- who decides (`current_player`: a seat, or `CHANCE` for a roll), possibly out of turn;
- what is legal (`legal`: the short list of the engine's actions);
- what a choice does (`apply`: it changes the frame's own fields, pushes a follow-up frame, or pops
  itself when the decision is done, after which the game's own turn flow moves on);
- its name (`decision`, e.g. ``negotiation.answer``, ``engage.roll``: the state's `decision_name()`);
- what every seat may see of it (`public`, from the frame's own fields: a frame holds only what is on
  the table, never a hidden card) and what only the deciding seat may (`private`, read from the state:
  the cards it chooses among);
- a copy of itself (`copy`): the state's hand-written `copy()` copies its stack frame by frame, so a
  frame copies its lists one level deep and shares what is immutable.

Frames hold ids and ints (and enums, which are ints), so copies stay cheap and every build (pure or
compiled) plays the same. The game's state keeps the dispatch to one call: `top.legal(s)`,
`top.apply(s, a)` (docs/architecture.md, "Who decides: the decision stack"). The pattern is TAG's
`IExtendedSequence`; each game with a decision stack specialises `DecisionFrame` for its state type in the
game's `frames` module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

if TYPE_CHECKING:
    from spacetable.engine.action import Action
    from spacetable.engine.state import State

S = TypeVar("S", bound="State")


class DecisionFrame(Generic[S]):
    """One open decision on a game's decision stack (the module docstring). Subclasses set `name`
    (or override `decision`) and implement `current_player`, `legal`, `apply` and `copy`."""

    __slots__ = ()
    name: ClassVar[str] = "frame"
    """The decision's name (`decision`), e.g. ``trade`` or ``negotiation.answer``."""

    def current_player(self, s: S) -> int:
        """The seat that decides at this frame, or `CHANCE` (engine.state) for a chance step."""
        raise NotImplementedError

    def decision(self) -> str:
        """The name of this decision for views, errors and logs (`State.decision_name`)."""
        return self.name

    def legal(self, s: S) -> list[Action]:
        """The legal actions at this frame (canonical objects from the game's action space)."""
        raise NotImplementedError

    def apply(self, s: S, a: Action) -> None:
        """Carry out the legal action `a`: update this frame, push the next one or pop this one."""
        raise NotImplementedError

    def public(self) -> dict[str, Any]:
        """What every seat may see of this decision (JSON-ready), from the frame's own fields."""
        return {}

    def private(self, s: S) -> dict[str, Any]:
        """What only the deciding seat may see besides (JSON-ready): e.g. the cards it chooses among."""
        return {}

    def copy(self) -> DecisionFrame[S]:
        """An independent copy: lists copied one level deep, immutable values shared."""
        raise NotImplementedError
