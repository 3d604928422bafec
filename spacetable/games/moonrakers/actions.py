"""The fixed Moonrakers action space and the canonical text of every action.

Cards are named by slug (``play reactor``, ``buy kary-powalk``), seats as ``p1``…``p5``. The space
is built once from the full catalog (all sets), so every action keeps the same index in every game.
"""

from __future__ import annotations

from typing import Final

from spacetable.engine.action import Action, ActionSpace
from spacetable.games.moonrakers.cards import BASIC, FACTIONS, REQ_TYPES, Catalog, load_catalog

MAX_SEATS: Final = 5
MAX_PRESTIGE_SHARE: Final = 10
MAX_CREDIT_SHARE: Final = 15
MAX_BONUS_SHARE: Final = 4
MAX_DICE: Final = 6
MAX_TARGETS: Final = 12
MAX_OPTION: Final = 6
MAX_REP: Final = 10

SEATS: Final = tuple(f"p{i + 1}" for i in range(MAX_SEATS))

CAT: Final[Catalog] = load_catalog()
CARD_SLUGS: Final[tuple[str, ...]] = BASIC + tuple(c.slug for c in CAT.crew)
"""Action-deck card ids: 0–6 basic cards, then 7 + crew id."""
CREW_BASE: Final = len(BASIC)
CARD_ID: Final = {s: i for i, s in enumerate(CARD_SLUGS)}
PART_SLUGS: Final = tuple(p.slug for p in CAT.parts)
PART_ID: Final = {s: i for i, s in enumerate(PART_SLUGS)}
CONTRACT_SLUGS: Final = tuple(c.slug for c in CAT.contracts)
CONTRACT_ID: Final = {s: i for i, s in enumerate(CONTRACT_SLUGS)}
OBJECTIVE_SLUGS: Final = tuple(o.slug for o in CAT.objectives)
OBJECTIVE_ID: Final = {s: i for i, s in enumerate(OBJECTIVE_SLUGS)}

SPACE: Final = ActionSpace()
_add = SPACE.add

# simple words
for _w in ("stay", "skip", "solo", "propose", "start", "accept", "decline", "pass", "done",
           "bonus-crew", "bonus-part"):
    _add(_w)
# setup and planning
RETURN: Final = [_add("return", (s,)) for s in OBJECTIVE_SLUGS]
KEEP: Final = [_add("keep", (s,)) for s in OBJECTIVE_SLUGS]
SWAP: Final = [_add("swap", (s,)) for s in CONTRACT_SLUGS]
TAKE: Final = [_add("take", (s,)) for s in CONTRACT_SLUGS]
REPLACE: Final = [_add("replace", (s,)) for s in CONTRACT_SLUGS]
# negotiation (3.3)
INVITE: Final = [_add("invite", (s,)) for s in SEATS]
EXCLUDE: Final = [_add("exclude", (s,)) for s in SEATS]
PRESTIGE: Final = [[_add("prestige", (s, n)) for n in range(MAX_PRESTIGE_SHARE + 1)] for s in SEATS]
CREDITS: Final = [[_add("credits", (s, n)) for n in range(MAX_CREDIT_SHARE + 1)] for s in SEATS]
BONUS: Final = [[_add("bonus", (s, n)) for n in range(MAX_BONUS_SHARE + 1)] for s in SEATS]
REPUTATION: Final = [_add("reputation", (s,)) for s in SEATS]
DIE: Final = [[_add("die", (d + 1, s)) for s in SEATS] for d in range(MAX_DICE)]
# chance: one hazard die (1.1.3)
HAZARD: Final = [_add("hazard", (n,)) for n in range(3)]
# execution (3.4.3)
PLAY: Final = [_add("play", (s,)) for s in CARD_SLUGS]
USE: Final = [_add("use", (s,)) for s in PART_SLUGS]
MERC: Final = [_add("merc", (s,)) for s in CARD_SLUGS]
# effect choices
TRASH: Final = [_add("trash", (s,)) for s in CARD_SLUGS]
DISCARD: Final = [_add("discard", (s,)) for s in CARD_SLUGS]
CHOOSE: Final = [_add("choose", (s,)) for s in CARD_SLUGS]
REDUCE: Final = [_add("reduce", (s,)) for s in REQ_TYPES]
OPTION: Final = [_add("option", (n,)) for n in range(1, MAX_OPTION + 1)]
TARGET: Final = [_add("target", (n,)) for n in range(1, MAX_TARGETS + 1)]
# buying (3.5)
BUY_CREW: Final = [_add("buy", (c.slug,)) for c in CAT.crew]
BUY_PART: Final = [_add("buy", (p.slug,)) for p in CAT.parts]
ARMORY_CREW: Final = [_add("armory-swap", (c.slug,)) for c in CAT.crew]
ARMORY_PART: Final = [_add("armory-swap", (p.slug,)) for p in CAT.parts]
SCRAP: Final = [_add("scrap", (s,)) for s in PART_SLUGS]
# Binding Ties: factions as arguments (paying, choosing a faction), rewards, trades
FACTION: Final = [_add("faction", (f,)) for f in FACTIONS]
REWARDS: Final = ("discard-contract", "discard-armory", "credit", "action", "card", "objective", "trash",
                  "reduce", "bonus", "prestige", "block")
"""The ten Binding Ties rewards (+1 Action and Draw 1 Card are one 2-reputation row)."""
SPEND: Final = [_add("spend", (r,)) for r in REWARDS]
TRADE: Final = [_add("trade", (f,)) for f in FACTIONS]
for _w in ("yes", "no"):
    _add(_w)

STAY: Final = SPACE.get("stay")
SKIP: Final = SPACE.get("skip")
SOLO: Final = SPACE.get("solo")
PROPOSE: Final = SPACE.get("propose")
START: Final = SPACE.get("start")
ACCEPT: Final = SPACE.get("accept")
DECLINE: Final = SPACE.get("decline")
PASS: Final = SPACE.get("pass")
DONE: Final = SPACE.get("done")
BONUS_CREW: Final = SPACE.get("bonus-crew")
BONUS_PART: Final = SPACE.get("bonus-part")
YES: Final = SPACE.get("yes")
NO: Final = SPACE.get("no")

CARD_OF: Final = [-1] * len(SPACE)
"""The action-deck card a play / merc / trash / discard / choose action names, by action index (-1: none)."""
for _table in (PLAY, MERC, TRASH, DISCARD, CHOOSE):
    for _card, _act in enumerate(_table):
        CARD_OF[_act.index] = _card

SEAT_OF: Final = {s: i for i, s in enumerate(SEATS)}
REQ_OF: Final = {s: i for i, s in enumerate(REQ_TYPES)}


def seat_name(seat: int) -> str:
    return SEATS[seat]


def arg(action: Action, i: int = 0) -> str:
    """The i-th argument of an action as a string (slugs and seat names)."""
    return str(action.args[i])


__all__ = ["SPACE", "Action"]
