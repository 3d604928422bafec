"""The bots' Binding Ties reputation policy: which spends and trades a simple greedy player makes, and
how it pays. The rules (what may be spent, when, at what cost) are `games.moonrakers.reputation`'s;
this module only chooses among what they offer."""

from __future__ import annotations

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.execution import is_met
from spacetable.games.moonrakers.reputation import (
    ACTION,
    BLOCK,
    FACTION_ID,
    PRESTIGE,
    REDUCE,
    extra_actions,
    unblocked,
)
from spacetable.games.moonrakers.reputation_window import BEFORE_SUCCESS, RepWindow
from spacetable.games.moonrakers.state import EXECUTION, MoonrakersState


def best_spends(s: MoonrakersState, seat: int) -> list[Action]:
    """Spends and trades a simple greedy player would make now, best first (may be empty).

    +1 Prestige whenever affordable (a participant: in the windows at the end of the contract, see
    `_prestige_now`); in a contract one takes part in: a requirement reduction while
    the contract is not met, a die block when 2+ icons are unblocked, +1 Action when out of Actions
    with cards in hand and the contract not met. Never trades; everything else is left to the bot.
    """
    legal = extra_actions(s, seat)
    if not legal:
        return []
    have = set(legal)
    out: list[Action] = []
    if A.SPEND[PRESTIGE] in have and _prestige_now(s, seat):
        out.append(A.SPEND[PRESTIGE])
    ex = s.ex
    if ex is not None and seat in ex.seats and s.phase == EXECUTION:
        st = ex.seats[seat]
        if A.SPEND[REDUCE] in have and not is_met(s):
            out.append(A.SPEND[REDUCE])
        if A.SPEND[BLOCK] in have and unblocked(st) >= 2:
            out.append(A.SPEND[BLOCK])
        if A.SPEND[ACTION] in have and st.actions == 0 and s.players[seat].hand and not is_met(s):
            out.append(A.SPEND[ACTION])
    return out


def _prestige_now(s: MoonrakersState, seat: int) -> bool:
    """A participant buys Prestige in the window after the hazard losses (Prestige bought before them
    can be lost to them, 3.4.9 step 3), or before the success check when a failure with allies is
    about to take 1 reputation per ally's faction (Losing Reputation); anyone else at once."""
    ex = s.ex
    if ex is None or seat not in ex.seats:
        return True
    top = s.stack[-1]
    if not isinstance(top, RepWindow):
        return False  # wait for the windows at the end of the contract
    if top.moment == BEFORE_SUCCESS:
        return len(ex.order) > 1 and not is_met(s)
    return True


def best_payment(s: MoonrakersState, seat: int, options: list[Action]) -> Action:
    """Greedy payment choice: pay from the faction with the least reputation (keep others for 5s)."""
    rep = s.players[seat].rep
    return min(options, key=lambda a: rep[FACTION_ID[str(a.args[0])]] if a.kind == "faction" else 99)
