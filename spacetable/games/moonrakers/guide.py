"""What the Moonrakers table always shows a newcomer: how to win at this table size, the phases of a turn
with the current one lit and one sentence of what it is for, and what each badge means.

`guide(view, config)` reads only a seat's view (its JSON) and the game's config, so it tells no seat
anything its view does not. Pure, no I/O; the server adds it to every view body as ``"guide"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.games.moonrakers.records import SOLO_TURNS, WIN_PRESTIGE

WIN = WIN_PRESTIGE

PHASES: tuple[tuple[str, str, str, str], ...] = (
    ("planning", "Planning", "3.2",
     "The Mission Leader takes a contract from the display, swaps one for 1 credit, or stays at base."),
    ("negotiation", "Negotiation", "3.3",
     "The leader offers other captains a share of the reward, and hazard dice, to join; each accepts or "
     "declines."),
    ("execution", "Execution", "3.4",
     "Everyone on the contract plays cards in turn to meet its requirements; unblocked hazard icons cost "
     "Prestige."),
    ("buying", "Buying", "3.5", "The leader buys crew and ship parts from the Armory with credits."),
)
"""(key, title, rule, what it is for) of each phase of a turn (3.1)."""
_PHASE_OF = {"setup": "setup", "first-player": "setup", "planning": "planning", "stay-at-base": "planning",
             "negotiation": "negotiation", "hazard-roll": "execution", "execution": "execution",
             "rewards": "execution", "end-of-execution": "execution", "buying": "buying",
             "end-of-turn": "buying", "win-check": "buying", "game-over": "over"}

BADGES: tuple[tuple[str, str], ...] = (
    ("ML", "Mission Leader: whose turn it is; picks the contract, keeps what allies are not offered, buys."),
    ("deciding", "the captain the table waits for now"),
    ("you", "your seat"),
    ("★", "Prestige: 10 ends the game"),
    ("¢", "credits, to buy crew and ship parts"),
    ("✹", "a hazard icon: each one not blocked costs 1 Prestige"),
    ("⬢", "a block (from Shields): stops one hazard icon"),
    ("obj", "secret objectives held; each claimed one is worth 1 Prestige"),
)


def win_line(config: Mapping[str, Any]) -> str:
    """How to win, in one line, for this table (7.1; solo, 8.9; Binding Ties' reputation spend)."""
    players = int(config.get("players", 3))
    if players == 1:
        return (f"Reach {WIN} Prestige by the end of turn {SOLO_TURNS}: contracts, objectives and "
                "Mercenaries are your way there.")
    line = (f"Be the captain with the most Prestige when anyone has {WIN} or more at the end of a turn "
            "(a tie goes to the most credits).")
    if "binding-ties" in (config.get("expansions") or []):
        line += " Five reputation with one faction also buys 1 Prestige."
    return line


def guide(view: Mapping[str, Any], config: Mapping[str, Any]) -> dict[str, Any]:
    """``{"win", "phases": [{"key", "title", "rule", "about"}], "phase", "badges": [{"badge",
    "meaning"}]}``."""
    phase = _PHASE_OF.get(str(view.get("phase", "")), "planning")
    return {
        "win": win_line(config),
        "phases": [{"key": k, "title": t, "rule": r, "about": a} for k, t, r, a in PHASES],
        "phase": phase,
        "badges": [{"badge": b, "meaning": m} for b, m in BADGES],
    }
