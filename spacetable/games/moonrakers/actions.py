"""The fixed Moonrakers action space and the canonical text of every action.

Cards are named by slug (``play reactor``, ``buy kary-powalk``), seats as ``p1``…``p5``. The space
is built once from the full catalog (all sets), so every action keeps the same index in every game.
"""

from __future__ import annotations

from spacetable.engine.action import Action, ActionSpace
from spacetable.games.moonrakers.cards import BASIC, FACTIONS, REQ_TYPES, Catalog, load_catalog

MAX_SEATS = 5
MAX_PRESTIGE_SHARE = 10
MAX_CREDIT_SHARE = 15
MAX_BONUS_SHARE = 4
MAX_DICE = 6
MAX_TARGETS = 12
MAX_OPTION = 6
MAX_REP = 10

SEATS = tuple(f"p{i + 1}" for i in range(MAX_SEATS))

CAT: Catalog = load_catalog()
CARD_SLUGS: tuple[str, ...] = BASIC + tuple(c.slug for c in CAT.crew)
"""Action-deck card ids: 0–6 basic cards, then 7 + crew id."""
CREW_BASE = len(BASIC)
CARD_ID = {s: i for i, s in enumerate(CARD_SLUGS)}
PART_SLUGS = tuple(p.slug for p in CAT.parts)
PART_ID = {s: i for i, s in enumerate(PART_SLUGS)}
CONTRACT_SLUGS = tuple(c.slug for c in CAT.contracts)
CONTRACT_ID = {s: i for i, s in enumerate(CONTRACT_SLUGS)}
OBJECTIVE_SLUGS = tuple(o.slug for o in CAT.objectives)
OBJECTIVE_ID = {s: i for i, s in enumerate(OBJECTIVE_SLUGS)}

SPACE = ActionSpace()
_add = SPACE.add

# simple words
for _w in ("stay", "skip", "solo", "propose", "start", "accept", "decline", "pass", "done",
           "bonus-crew", "bonus-part"):
    _add(_w)
# setup and planning
RETURN = [_add("return", (s,)) for s in OBJECTIVE_SLUGS]
KEEP = [_add("keep", (s,)) for s in OBJECTIVE_SLUGS]
SWAP = [_add("swap", (s,)) for s in CONTRACT_SLUGS]
TAKE = [_add("take", (s,)) for s in CONTRACT_SLUGS]
REPLACE = [_add("replace", (s,)) for s in CONTRACT_SLUGS]
# negotiation (3.3)
INVITE = [_add("invite", (s,)) for s in SEATS]
EXCLUDE = [_add("exclude", (s,)) for s in SEATS]
PRESTIGE = [[_add("prestige", (s, n)) for n in range(MAX_PRESTIGE_SHARE + 1)] for s in SEATS]
CREDITS = [[_add("credits", (s, n)) for n in range(MAX_CREDIT_SHARE + 1)] for s in SEATS]
BONUS = [[_add("bonus", (s, n)) for n in range(MAX_BONUS_SHARE + 1)] for s in SEATS]
REPUTATION = [_add("reputation", (s,)) for s in SEATS]
DIE = [[_add("die", (d + 1, s)) for s in SEATS] for d in range(MAX_DICE)]
# chance: one hazard die (1.1.3)
HAZARD = [_add("hazard", (n,)) for n in range(3)]
# execution (3.4.3)
PLAY = [_add("play", (s,)) for s in CARD_SLUGS]
USE = [_add("use", (s,)) for s in PART_SLUGS]
MERC = [_add("merc", (s,)) for s in CARD_SLUGS]
# effect choices
TRASH = [_add("trash", (s,)) for s in CARD_SLUGS]
DISCARD = [_add("discard", (s,)) for s in CARD_SLUGS]
CHOOSE = [_add("choose", (s,)) for s in CARD_SLUGS]
REDUCE = [_add("reduce", (s,)) for s in REQ_TYPES]
OPTION = [_add("option", (n,)) for n in range(1, MAX_OPTION + 1)]
TARGET = [_add("target", (n,)) for n in range(1, MAX_TARGETS + 1)]
# buying (3.5)
BUY_CREW = [_add("buy", (c.slug,)) for c in CAT.crew]
BUY_PART = [_add("buy", (p.slug,)) for p in CAT.parts]
ARMORY_CREW = [_add("armory-swap", (c.slug,)) for c in CAT.crew]
ARMORY_PART = [_add("armory-swap", (p.slug,)) for p in CAT.parts]
SCRAP = [_add("scrap", (s,)) for s in PART_SLUGS]
# Binding Ties: factions as arguments (paying, choosing a faction), rewards, trades
FACTION = [_add("faction", (f,)) for f in FACTIONS]
REWARDS = ("discard-contract", "discard-armory", "credit", "action", "card", "objective", "trash",
           "reduce", "bonus", "prestige", "block")
"""The ten Binding Ties rewards (+1 Action and Draw 1 Card are one 2-reputation row)."""
SPEND = [_add("spend", (r,)) for r in REWARDS]
TRADE = [_add("trade", (f,)) for f in FACTIONS]
for _w in ("yes", "no"):
    _add(_w)

STAY = SPACE.get("stay")
SKIP = SPACE.get("skip")
SOLO = SPACE.get("solo")
PROPOSE = SPACE.get("propose")
START = SPACE.get("start")
ACCEPT = SPACE.get("accept")
DECLINE = SPACE.get("decline")
PASS = SPACE.get("pass")
DONE = SPACE.get("done")
BONUS_CREW = SPACE.get("bonus-crew")
BONUS_PART = SPACE.get("bonus-part")
YES = SPACE.get("yes")
NO = SPACE.get("no")

SEAT_OF = {s: i for i, s in enumerate(SEATS)}
REQ_OF = {s: i for i, s in enumerate(REQ_TYPES)}


def seat_name(seat: int) -> str:
    return SEATS[seat]


def arg(action: Action, i: int = 0) -> str:
    """The i-th argument of an action as a string (slugs and seat names)."""
    return str(action.args[i])


__all__ = ["SPACE", "Action"]
