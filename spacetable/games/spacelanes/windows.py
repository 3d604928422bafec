"""Which response windows (L10) a Space Lanes captain really needs to answer: the meaningful responses.

L10 turns "anyone at any time" into windows for every other player after each move, at the start of
each turn, when an engagement begins and after its dice are rolled; the engine already passes over a
player with no card that could legally be played then. Most of what such a player could play (a Pirates
card to a lane nobody is on, an Upgrade to its own ship) can just as well wait for its own turn, so a
person would answer a "pass" prompt after almost every move. Here the game says which legal plays can
change the outcome of what just happened for the active captain, as the one asked would want it:

- after a move that launches the active ship into a lane (the Space it enters): a Pirates or Patrol
  card there engages it (L14), Asteroids there make its next move cost more fuel;
- after a landing (or a Wormhole jump): an Economic event, or a Cancel of one, at the settlement it
  lands on changes the prices of the Trade it may still make there this turn (none once it has traded,
  L4);
- at the start of its turn: a Pirates, Patrol or Asteroids card on the lane it stands in (L14: it
  engages "at the start of its turn").

Not meaningful: cards played to one's own ship (Equipment, Upgrades, Crew, Transports), a stored Repair
Kit, a Space Station or Wormhole (they only offer the ship there more), a card for the settlement the
ship leaves or a move from marker to marker (it enters no Space, L2), and anything at a rival's
engagement: Countermeasures would give it an automatic Escape and a Bounty would add to what its Win
pays (L17, L18), while Missiles may answer a player only in a chain, where the chain itself asks. They
can wait for their player's own turn (L10: "the active player may play cards at each of its own
decisions"). `optional_pass` is the pass action when none of the legal plays is meaningful; a person's
"stop at every window" setting makes the client ask anyway. Pure, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine.action import Action
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.board import ENDS
from spacetable.games.spacelanes.card_play import TargetFrame, WindowFrame
from spacetable.games.spacelanes.common import CT
from spacetable.games.spacelanes.engagements import EngageFrame
from spacetable.games.spacelanes.frames import Phase, Stage

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

LANE_ANSWERS = ("pirates", "patrol", "asteroids")
"""Cards played to the lane the active ship is in that set it back: a Pirates or Patrol card engages it
(L14), Asteroids make its next move cost more fuel."""
WORLD_ANSWERS = ("economic", "cancel")
"""Cards played to the settlement the active ship lands on that change the prices it trades at."""


def window_kind(s: S) -> str | None:
    """What the open response window follows: "engagement" (its start, L14), "roll" (after the
    engagement's dice, L15), "move" (after a move or at the start of a turn), or None if no window."""
    if s.phase != Phase.PLAY or not s.stack or not isinstance(s.stack[-1], WindowFrame):
        return None
    below = s.stack[-2] if len(s.stack) > 1 else None
    if isinstance(below, EngageFrame):
        if below.stage == Stage.CHOOSE:
            return "engagement"
        if below.stage == Stage.AFTER_ROLL:
            return "roll"
    return "move"


def watched_spaces(s: S) -> tuple[set[int], set[int]]:
    """(lane slots, settlement slots) where a card acts on what just happened to the active ship.

    - at the start of its turn (no move made yet): the lane it stands in, where a Pirates or Patrol
      card would engage it now (L14); a settlement it stands on was watched when it landed;
    - after a move that launched it into a lane: that lane (the Space it enters);
    - after a move along a lane: nothing, for it neither enters nor leaves a Space (a lane is one
      Space, L2);
    - after a landing (or a Wormhole jump): the settlement it lands on. The lane it has just left no
      longer acts on it.
    """
    p = s.active
    ls = s.lane[p]
    if s.moves_made == 0:
        return ({ls} if ls >= 0 else set()), set()
    if ls >= 0:
        a, b = ENDS[ls]
        home = s.last_landed[p]
        launched = (home == a and s.mark[p] == 1) or (home == b and s.mark[p] == s.dist[ls])
        return ({ls}, set()) if launched else (set(), set())
    if s.node[p] >= 0:
        return set(), {s.node[p]}
    return set(), set()


def _aims_at(s: S, a: Action, lanes: set[int], worlds: set[int]) -> bool:
    """Would playing `a` (a card aimed at a Space) be able to target a watched Space? Asked of the engine:
    the card is played on a copy and its legal targets are read."""
    trial = s.copy()
    trial.events = None
    trial.apply(a)
    if not trial.stack or not isinstance(trial.stack[-1], TargetFrame):
        return False
    for t in trial.legal_actions():
        if t.kind == "lane" and int(t.args[0]) in lanes:
            return True
        if t.kind == "world" and int(t.args[0]) in worlds:
            return True
    return False


def relevant_plays(s: S) -> list[Action]:
    """The legal actions of the seat asked at the open window that can change what just happened (the
    module docstring); [] when there is no window or nothing meaningful."""
    kind = window_kind(s)
    if kind is None or kind in ("engagement", "roll"):
        return []
    lanes, worlds = watched_spaces(s)
    out: list[Action] = []
    for a in s.legal_actions():
        if a.kind != "play":
            continue
        t = CT[A.SLUGS.index(str(a.args[0]))]
        if t.kind in LANE_ANSWERS and lanes and _aims_at(s, a, lanes, set()):
            out.append(a)
        elif t.kind in WORLD_ANSWERS and worlds and s.trade_state != 2 and _aims_at(s, a, set(), worlds):
            out.append(a)  # prices matter only to a ship that may still Trade this turn (L4)
    return out


def meaningful(s: S) -> list[Action] | None:
    """At a response window, the plays that can change its outcome (`relevant_plays`); None elsewhere."""
    return None if window_kind(s) is None else relevant_plays(s)


def optional_pass(s: S) -> Action | None:
    """`pass` at a response window (L10) where the asked seat holds nothing meaningful, else None."""
    if window_kind(s) is None or relevant_plays(s):
        return None
    return A.PASS
