"""Space Lanes decision-stack frames: the kinds of frame on `state.stack` and their int layouts, the
engagement stages (L14-L16), and opening a response window (L10).

Frames are lists of ints so that `copy()` stays cheap; `frame[0]` is the kind:

- ``[WINDOW, i, seat, seat, ...]``: response window (L10); seats in turn order, ``i`` the one asked now.
- ``[TARGET, seat, card type]``: choosing where a Hazard, Event, Economic or Bounty card goes (L10).
- ``[FUEL, jump, destination, cards left]``: discarding cards as fuel for a move (L6).
- ``[TRADE]``: the Trade action at a Settlement (L5).
- ``[ENGAGE, lane, card id, stage, WIN/ESCAPE or -1, roll, modifier at the roll]``: an engagement (L14-L16).
- ``[CHAIN, bitmask of seats that passed, responder]``: a Missiles/Countermeasures chain (L17).
- ``[PVP, defender, stage, attacker roll, defender roll]``: Player vs Player combat (L19).
- ``[LOOT, winner, loser]``: the winner of a Player vs Player combat takes loot (L19).
- ``[OFFER, other seat, stage, round, proposer, kind, credits, goods, items...]``: a Player vs Player
  trade being proposed, picked or answered (L19; layout in `pvp`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

# frame kinds
WINDOW, TARGET, FUEL, TRADE, ENGAGE, CHAIN, PVP, LOOT, OFFER = range(9)
# engagement stages
CHOOSE, ROLLING, AFTER_ROLL, AFTER_ESCAPE, PARLAY_PIRATES, PARLAY_PATROL = range(6)
WIN, ESCAPE = 0, 1


def push_window(s: S) -> None:
    """Open a response window (L10) for the other seats in turn order after the active one."""
    if s.n > 1:
        s.stack.append([WINDOW, 0] + [(s.active + i) % s.n for i in range(1, s.n)])
