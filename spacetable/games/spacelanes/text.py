"""The words for Space Lanes' things, shared by the terminal, the web table and the game's other text:
numbers and goods, cards (kind, cost, rules text, effect), goals with this game's target, and places
(settlements, lanes with both endpoints, a ship's position on a lane). Log lines are `event_text`'s, menu
lines `action_text`'s.

Everything here reads only public facts of the state: a face-down settlement or lane (Exploration, L20)
is named by where it lies, never by what it is.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from spacetable.games.spacelanes.board import ENDS
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS, CardType, Goal

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState

SLUG = {t.slug: t for t in CONTENT.card_types}
GOAL_SLUG = {g.slug: g for g in CONTENT.goals}
GOOD_NAMES = {g: g.capitalize() for g in GOODS}


# ----- small words ----------------------------------------------------------------------------------
def credits(n: int) -> str:
    """`1300` → ``"1,300"`` (credits are in the hundreds and thousands)."""
    return f"{n:,}"


def good_name(g: str | int) -> str:
    """A good by its name or index: ``"Parts"``."""
    return GOOD_NAMES[GOODS[g] if isinstance(g, int) else g]


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def seats(ps: list[int]) -> str:
    """``"Seat 1"``, ``"Seat 1 and Seat 3"``, ``"Seat 1, Seat 2 and Seat 3"`` (seats counted from 1)."""
    names = [f"Seat {p + 1}" for p in ps]
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return ", ".join(names[:-1]) + " and " + names[-1]


_KIND_WORDS = {"pirates": "Pirates", "patrol": "Patrol", "economic": "Economic event",
               "station": "Space Station", "asteroids": "Asteroids", "wormhole": "Wormhole",
               "missiles": "Single use",
               "countermeasures": "Single use", "fuel_burn": "Single use", "repair_kit": "Single use",
               "upgrade": "Upgrade", "crew": "Crew", "bounty": "Bounty", "transport": "Transport",
               "cancel": "Cancel"}
_LEAD = re.compile(r"^[A-Z][A-Za-z ]*(, \d+)?\.\s+")


def card_kind(t: CardType) -> str:
    """``"Upgrade, 1,400 credits"``, ``"Pirates"``: the card's kind and what it costs to play."""
    word = _KIND_WORDS.get(t.kind, t.kind.replace("_", " ").capitalize())
    return f"{word}, {credits(t.cost)} credits" if t.cost else word


def card_rules(t: CardType) -> str:
    """The card's text without its leading kind-and-cost sentence (``card_kind`` says that)."""
    return _LEAD.sub("", t.text, count=1)


def card_line(slug: str) -> str:
    """``"Ion Drive (Upgrade, 1,400 credits): One extra free move every turn."``"""
    t = SLUG.get(slug)
    if t is None:
        return slug
    return f"{t.name} ({card_kind(t)}): {card_rules(t)}"


def card_name(slug: str) -> str:
    t = SLUG.get(slug)
    return t.name if t is not None else slug


_SLUG_WORD = re.compile(r"[a-z]+(?:-[a-z]+)+")
_BIG = re.compile(r"\b\d{4,}\b")


def unslug(words: str) -> str:
    """A text built from slugs and numbers (a trade summary, `pvp.summary`) in words: card names for
    card slugs and thousands separators: ``"gives medic-suri; asks 1000 credits"`` → ``"gives Medic Suri;
    asks 1,000 credits"``."""
    words = _SLUG_WORD.sub(lambda m: card_name(m.group(0)), words)
    return _BIG.sub(lambda m: credits(int(m.group(0))), words)


# ----- goals ----------------------------------------------------------------------------------------
_GOAL_WORDS = {
    "credits": ("Hold {t} credits", "credits"),
    "goods_sold": ("Sell {t} goods", "goods sold"),
    "homeworlds": ("Land on all {t} Homeworlds", "Homeworlds landed on"),
    "visited": ("Land on {t} Settlements", "Settlements landed on"),
    "markets": ("Trade at {t} different Settlements", "Settlements traded at"),
    "pirates_won": ("Win {t} Engagements against Pirates", "won against Pirates"),
    "union": ("Hold {t} Union Faction", "Union Faction"),
    "pirate": ("Hold {t} Pirate Faction", "Pirate Faction"),
    "bounties": ("Collect {t} Bounties", "Bounties collected"),
    "transports": ("Deliver {t} Transports", "Transports delivered"),
    "contraband_sold": ("Sell {t} Contraband", "Contraband sold"),
}


def goal_target(goal: Goal, players: int, exploration: bool) -> tuple[int, int]:
    """(target, credits part or 0) of `goal` at this table (L21; goals.json per player count)."""
    cr = goal.credits_for(players, exploration) if goal.credits else 0
    return goal.target_for(players, exploration), cr


def goal_text(goal: Goal, players: int, exploration: bool) -> str:
    """What this game's goal asks, with the target for this table: ``"Hold 4 Pirate Faction"``, not the
    per-count table of the card."""
    t, cr = goal_target(goal, players, exploration)
    words = _GOAL_WORDS.get(goal.kind, ("{t} " + goal.kind.replace("_", " "), goal.kind))[0]
    out = words.format(t=credits(t))
    if goal.kind == "visited" and t == 15:
        out = "Land on all 15 Settlements"
    if cr:
        out += f" and hold {credits(cr)} credits"
    return out


def goal_progress(goal: Goal, players: int, exploration: bool, count: int, held: int) -> str:
    """``"2 of 4 Pirate Faction"`` (and the credits part): how far a seat is, with `held` its credits."""
    t, cr = goal_target(goal, players, exploration)
    unit = _GOAL_WORDS.get(goal.kind, ("", goal.kind))[1]
    if goal.kind == "credits":
        return f"{credits(count)} of {credits(t)} credits"
    out = f"{credits(count)} of {credits(t)} {unit}"
    if cr:
        out += f", {credits(held)} of {credits(cr)} credits"
    return out


# ----- places ---------------------------------------------------------------------------------------
def lane_position(lane: str, a: str, b: str, mark: int, dist: int) -> str:
    """A ship on marker `mark` (1..dist, counted from end `a`) of a lane: ``"on Carthage Spur, 1 step from
    Terra Nova, 2 steps from Greenhollow"`` (crossing a lane of distance d takes d+1 moves, L2)."""
    to_a, to_b = mark, dist + 1 - mark
    near, far = ((a, to_a), (b, to_b)) if to_a <= to_b else ((b, to_b), (a, to_a))
    return f"on {lane}, {plural(near[1], 'step')} from {near[0]}, {plural(far[1], 'step')} from {far[0]}"


def settlement(s: SpaceLanesState, slot: int) -> str:
    """A settlement's name, or for a face-down one (L20) where it lies: ``"unexplored slot 4"``."""
    if s.rev_set[slot]:
        return CONTENT.settlements[s.slot_set[slot]].name
    return f"unexplored slot {slot}"


def lane_name(s: SpaceLanesState, ls: int) -> str:
    a, b = ENDS[ls]
    if s.rev_lane[ls]:
        return CONTENT.lanes[s.lane_of[ls]].name
    return f"the unexplored lane {settlement(s, a)}–{settlement(s, b)}"


def lane(s: SpaceLanesState, ls: int) -> str:
    """A lane with its name, both endpoints and distance: ``"Ember Trail (Terra Nova–Greenhollow, 1)"``."""
    a, b = ENDS[ls]
    if not s.rev_lane[ls]:
        return lane_name(s, ls)
    return f"{lane_name(s, ls)} ({settlement(s, a)}–{settlement(s, b)}, distance {s.dist[ls]})"


def where(s: SpaceLanesState, p: int) -> str:
    """Where p's ship is, in words."""
    if s.node[p] >= 0:
        return "at " + settlement(s, s.node[p])
    ls = s.lane[p]
    if ls < 0:
        return "not yet placed"
    a, b = ENDS[ls]
    return lane_position(lane_name(s, ls), settlement(s, a), settlement(s, b), s.mark[p], s.dist[ls])


_PLAY_WHERE = re.compile(r"^(Play (to|on) [^.:]*[.:]|Hire at a Settlement or Space Station[^.]*\.)\s*")
"""The opening of a card text that says where it is played: the menu line says that already."""


def card_effect(t: CardType) -> str:
    """What the card does, without its kind, cost or where it is played: ``"Whoever Wins against it gains
    1500 credits."`` for a Bounty."""
    return _PLAY_WHERE.sub("", card_rules(t), count=1)
