"""Which response windows (L10) a Space Lanes captain really needs to answer: relevance of cards.

L10 turns "anyone at any time" into windows for every other player after each move, at the start of
each turn, when an engagement begins and after its dice are rolled; the engine already passes over a
player with no card that could legally be played then. Most of what such a player could play (a Pirates
card to a lane nobody is on, an Upgrade to its own ship) can just as well wait for its own turn, so a
person would answer a "pass" prompt after almost every move. So a window asks only for "a card that is
relevant to what just happened", and here the game says which legal plays are:

- in an engagement (its start or after the roll): Countermeasures played into it (L17: "you can play
  them to another player during an Engagement, possibly deciding their fate"), and any card aimed at the
  engaged ship's Space (a Bounty on the engaged card, L18; an event or a Cancel on that lane);
- after a move, a card aimed at the Space the active ship enters or leaves ("the space it is entering or
  leaving"): a Pirates or Patrol card into the lane it launches into starts an engagement
  (L14), Asteroids, a Bounty or a Cancel there act on it, an Economic event or a Cancel at the
  settlement it lands on or leaves changes its prices; a move along a lane enters no Space (L2);
- at the start of a turn, a card aimed at the lane the active ship stands in (L14: it engages "at the
  start of its turn").

Not relevant: cards played to one's own ship (Equipment, Upgrades, Crew, Transports), a stored Repair
Kit, a Space Station or Wormhole (they only offer the ship there more), and cards aimed anywhere else.
They can wait for their player's own turn (L10: "the active player may play cards at each of its own
decisions"). `optional_pass` is the pass action when none of the legal
plays is relevant; a person's "stop at windows" setting makes the client ask anyway. Pure, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine.action import Action
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.board import ENDS
from spacetable.games.spacelanes.common import CT
from spacetable.games.spacelanes.frames import AFTER_ROLL, CHOOSE, ENGAGE, TARGET, WINDOW

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

ANSWERS = ("pirates", "patrol", "asteroids", "bounty", "cancel", "economic")
"""Kinds of card played to a Space that change what the ship standing there meets: a Pirates or Patrol
card engages it (L14), Asteroids make its next move cost more fuel, a Bounty changes what a Win pays
(L18), a Cancel ends an event there, an Economic event changes its prices. A Space Station or a Wormhole
only offers that ship something more (Odd Jobs, a jump), so it never answers it."""


def window_kind(s: S) -> str | None:
    """What the open response window follows: "engagement" (its start, L14), "roll" (after the
    engagement's dice, L15), "move" (after a move or at the start of a turn), or None if no window."""
    if s.phase != 2 or not s.stack or s.stack[-1][0] != WINDOW:
        return None
    below = s.stack[-2] if len(s.stack) > 1 else None
    if below is not None and below[0] == ENGAGE:
        if below[3] == CHOOSE:
            return "engagement"
        if below[3] == AFTER_ROLL:
            return "roll"
    return "move"


def watched_spaces(s: S) -> tuple[set[int], set[int]]:
    """(lane slots, settlement slots) where a card acts on what just happened to the active ship.

    - at the start of its turn (no move made yet): the lane it stands in, where a Pirates or Patrol
      card would engage it now (L14); a settlement it stands on was watched when it landed;
    - after a move that launched it into a lane: that lane (the Space it enters) and the settlement it
      leaves (its last landing, at the lane's end next to the ship);
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
        return ({ls}, {home}) if launched else (set(), set())
    if s.node[p] >= 0:
        return set(), {s.node[p]}
    return set(), set()


def _aims_at(s: S, a: Action, lanes: set[int], worlds: set[int]) -> bool:
    """Would playing `a` (a card aimed at a Space) be able to target a watched Space? Asked of the engine:
    the card is played on a copy and its legal targets are read."""
    trial = s.copy()
    trial.events = None
    trial.apply(a)
    if not trial.stack or trial.stack[-1][0] != TARGET:
        return False
    for t in trial.legal_actions():
        if t.kind == "lane" and int(t.args[0]) in lanes:
            return True
        if t.kind == "world" and int(t.args[0]) in worlds:
            return True
    return False


def relevant_plays(s: S) -> list[Action]:
    """The legal actions of the seat asked at the open window that answer what just happened (module
    docstring); [] when there is no window or nothing relevant."""
    kind = window_kind(s)
    if kind is None:
        return []
    lanes, worlds = watched_spaces(s)
    out: list[Action] = []
    for a in s.legal_actions():
        if a.kind == "pass":
            continue
        t = CT[A.SLUGS.index(str(a.args[0]))]
        if a.kind == "use":  # Countermeasures into the engagement (L17); a stored repair can wait
            if t.kind == "countermeasures" and kind in ("engagement", "roll"):
                out.append(a)
            continue
        if a.kind == "play" and t.kind in ANSWERS and _aims_at(s, a, lanes, worlds):
            out.append(a)
    return out


def optional_pass(s: S) -> Action | None:
    """`pass` at a response window (L10) where the asked seat holds nothing relevant, else None."""
    if window_kind(s) is None or relevant_plays(s):
        return None
    return A.PASS
