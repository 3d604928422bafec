"""Space Lanes engagements (`EngageFrame`): a Hazard on the active ship's Lane starts one (L14); the player
chooses Win or Escape and rolls 2d6 (L15), or Parlays (L16); Missiles and Countermeasures form chains that
cancel each other (L17, `chains`; the chain's outcome is `resolve_chain`), and other players may play
Countermeasures into the engagement (L17); a won engagement pays its Bounty (L18). Before and after the
roll the engaged player may play any card it could play ("Unless otherwise noted, Action Cards can be
played by anyone at any time"), use a repair, and use reusable cards (Decoy Drones: an automatic Escape;
Targeting Computer: roll again).

Project ruling (docs/spacelanes-design.md): the modifiers of a roll are those of the ship when the dice
are rolled ("roll two dice and add any modifiers from your Equipment"); an Upgrade played after the roll
counts from the next roll on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spacetable.engine.action import Action
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.board import NLANES
from spacetable.games.spacelanes.card_play import engagement_plays, play_card, push_window, unused, use_stored
from spacetable.games.spacelanes.chains import counter_types, start_chain
from spacetable.games.spacelanes.common import CT, TYPE, mod
from spacetable.games.spacelanes.content_types import CONTRABAND, NGOODS
from spacetable.games.spacelanes.frames import Aim, SpaceLanesFrame, Stage
from spacetable.games.spacelanes.trade import sell
from spacetable.games.spacelanes.travel import land

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

TOLL = 500
CONTRABAND_FEE = 200
PIRATE_FENCE = 1000
STAGE_NAMES = {Stage.CHOOSE: "engage.choose", Stage.ROLLING: "engage.roll",
               Stage.AFTER_ROLL: "engage.after_roll", Stage.AFTER_ESCAPE: "engage.escape",
               Stage.PARLAY_PIRATES: "engage.parlay", Stage.PARLAY_PATROL: "engage.parlay"}
"""The decision's name at each stage (`EngageFrame.decision`)."""


def _contraband_transport(s: S, p: int) -> bool:
    return any(CT[TYPE[c]].contraband for c, _ in s.transports[p])


def parlay_fee(s: S, p: int) -> int:
    if mod(s, p, "hidden_hold"):
        return 0
    return CONTRABAND_FEE * s.cargo[p][CONTRABAND]


def toll(s: S, p: int) -> int:
    return max(0, TOLL - mod(s, p, "parlay_discount"))


def begin_engagement(s: S, p: int, ls: int) -> None:
    cid = s.hostile[ls]
    s.engaged[p] = cid
    s.stack.append(EngageFrame(ls, cid))
    s.emit("L14", "engage", p, CT[TYPE[cid]].name, ls)
    push_window(s)


class EngageFrame(SpaceLanesFrame):
    """The active captain's engagement with the Pirates or Patrol card on its lane (L14-L16), from the
    choice of Win, Escape or Parlay through the roll to the card's fate. The captain decides at every
    stage but `Stage.ROLLING`, where the dice are a chance step."""

    __slots__ = ("lane", "card", "stage", "aim", "roll", "roll_mod")

    def __init__(self, lane: int = 0, card: int = 0, stage: Stage = Stage.CHOOSE, aim: Aim = Aim.NONE,
                 roll: int = 0, roll_mod: int = 0) -> None:
        self.lane = lane
        """The lane slot of the card."""
        self.card = card
        """The card's id (a physical card of the deck, `CONTENT.deck`)."""
        self.stage = stage
        self.aim = aim
        """Win or Escape, once chosen (L15)."""
        self.roll = roll
        """The 2d6 rolled (at `Stage.AFTER_ROLL`)."""
        self.roll_mod = roll_mod
        """The ship's Win or Escape modifier when the dice were rolled (project ruling: modifiers count
        as the dice are rolled)."""

    def copy(self) -> EngageFrame:
        return EngageFrame(self.lane, self.card, self.stage, self.aim, self.roll, self.roll_mod)

    def current_player(self, s: S) -> int:
        return CHANCE if self.stage == Stage.ROLLING else s.active

    def decision(self) -> str:
        return STAGE_NAMES[self.stage]

    def public(self) -> dict[str, Any]:
        rolled = self.stage >= Stage.AFTER_ROLL
        return {"lane": self.lane, "card": CT[TYPE[self.card]].slug, "stage": self.stage.name.lower(),
                "choice": None if self.aim == Aim.NONE else self.aim.name.lower(),
                "roll": self.roll if rolled else None, "roll_mod": self.roll_mod if rolled else None}

    def rolled_lane(self) -> int:
        return -1 if self.stage == Stage.CHOOSE else self.lane

    def rival_counters_open(self) -> bool:
        return self.stage == Stage.CHOOSE or self.stage == Stage.AFTER_ROLL

    def failed(self) -> bool:
        """Did the roll (with the modifier at the roll) miss the card's number for the aim?"""
        card = CT[TYPE[self.card]]
        return self.roll + self.roll_mod < (card.win if self.aim == Aim.WIN else card.escape)

    def legal(self, s: S) -> list[Action]:
        p = s.active
        stage = self.stage
        card = CT[TYPE[self.card]]
        out: list[Action] = []
        if stage == Stage.CHOOSE:
            out = [A.ENGAGE_WIN, A.ENGAGE_ESCAPE]
            if card.kind == "pirates":
                if s.pirate[p] > 0:
                    out.append(A.PARLAY_FACTION)
            elif not _contraband_transport(s, p):  # L16: no Parlay with a Contraband Transport aboard
                fee = parlay_fee(s, p)
                if s.union[p] > 0 and s.credits[p] >= fee:
                    out.append(A.PARLAY_FACTION)
                if s.credits[p] >= fee + toll(s, p):
                    out.append(A.PARLAY_TOLL)
            out.extend(A.USE[ti] for ti in counter_types(s, p, "missiles"))
            out.extend(A.USE[ti] for ti in counter_types(s, p, "countermeasures"))
            return out + engagement_plays(s, p)
        if stage == Stage.AFTER_ROLL:
            out = [A.ACCEPT]
            if self.failed():
                out.extend(A.USE[ti] for ti in counter_types(s, p, "missiles"))
                out.extend(A.USE[ti] for ti in counter_types(s, p, "countermeasures"))
                if not s.damaged[p]:
                    out.extend(A.USE[ti] for ti in unused(s, p, "reroll"))
            elif self.aim == Aim.ESCAPE:  # L15: a made Escape may still be turned into a Win by Missiles
                out.extend(A.USE[ti] for ti in counter_types(s, p, "missiles"))
            return out + engagement_plays(s, p)
        if stage == Stage.ROLLING:  # a chance step: the dice
            return A.ROLLS
        relocs = [A.RELOCATE[ls] for ls in range(NLANES) if s.hostile[ls] < 0]
        if stage == Stage.AFTER_ESCAPE:
            return [A.KEEP] + relocs
        if stage == Stage.PARLAY_PIRATES and s.cargo[p][CONTRABAND] > 0:
            out.append(A.FENCE)
        # Parlay: "You may choose to Discard the Pirates card or move it to another space" (the Patrol
        # text says the same): "may", so leaving the card where it is (`keep`) is allowed too.
        return out + [A.DISMISS, A.KEEP] + relocs

    def apply(self, s: S, a: Action) -> None:
        p = s.active
        kind = a.kind
        card = CT[TYPE[self.card]]
        ls = self.lane
        if kind == "engage":
            self.aim = Aim.WIN if a.args[0] == "win" else Aim.ESCAPE
            self.stage = Stage.ROLLING
            s.emit("L15", "choose", p, a.args[0])
        elif kind == "roll":
            self.roll = int(a.args[0])
            # the modifiers count as the dice are rolled
            self.roll_mod = mod(s, p, "win" if self.aim == Aim.WIN else "escape")
            self.stage = Stage.AFTER_ROLL
            s.emit("L15", "roll", p, self.roll, self.roll_mod)
            push_window(s)
        elif kind == "accept":
            if self.failed():
                _lose(s, self)
            elif self.aim == Aim.WIN:
                _win(s, self)
            else:
                _escape(s, self)
        elif kind == "use":
            ti = A.SLUGS.index(str(a.args[0]))
            t = CT[ti]
            if t.kind in ("missiles", "countermeasures") or t.use == "escape":
                start_chain(s, p, ti)
            elif t.use == "reroll":  # Targeting Computer: Used, the dice are rolled again
                s.marks[next(c for c in s.ship[p] if TYPE[c] == ti and not s.marks[c])] = s.turns
                self.stage = Stage.ROLLING
                s.emit("Reusable cards", "reroll", p, t.name)
            else:  # a stored or reusable repair
                use_stored(s, p, ti)
        elif kind == "play":
            play_card(s, p, A.SLUGS.index(str(a.args[0])))
        elif kind == "parlay":
            if card.kind == "pirates":
                s.pirate[p] -= 1
                self.stage = Stage.PARLAY_PIRATES
            else:
                fee = parlay_fee(s, p)
                if a.args[0] == "faction":
                    s.union[p] -= 1
                else:
                    fee += toll(s, p)
                s.credits[p] -= fee
                self.stage = Stage.PARLAY_PATROL
            s.emit("L16", "parlay", p, card.name, a.args[0])
        elif kind == "fence":
            sell(s, p, CONTRABAND, PIRATE_FENCE + mod(s, p, "sell_bonus"))
        elif kind == "keep":
            s.stack.pop()
        elif kind == "dismiss":
            s.stack.pop()
            _discard_hostile(s, ls)
        elif kind == "relocate":
            s.stack.pop()
            to = int(a.args[0])
            s.hostile[to] = s.hostile[ls]
            s.bounty[to] = s.bounty[ls]
            s.hostile[ls] = -1
            s.bounty[ls] = -1
            s.emit("L16", "relocate", p, card.name, to)


def _discard_hostile(s: S, ls: int) -> None:
    cid = s.hostile[ls]
    for q in range(s.n):  # L14: if this card is ever played again it is a new event to engage
        if s.engaged[q] == cid:
            s.engaged[q] = -1
    s.discard.append(cid)
    s.hostile[ls] = -1
    if s.bounty[ls] >= 0:
        s.discard.append(s.bounty[ls])
        s.bounty[ls] = -1


def _win(s: S, f: EngageFrame) -> None:
    p = s.active
    ls = f.lane
    card = CT[TYPE[f.card]]
    s.stack.pop()
    s.emit("L16", "win", p, card.name)
    if card.kind == "pirates":
        s.pirates_won[p] += 1
    b = s.bounty[ls]
    if b >= 0:
        bt = CT[TYPE[b]]
        pay = bt.reward + mod(s, p, "bounty_bonus")
        s.credits[p] += pay
        if card.kind == "pirates":  # L18: the opposite faction
            s.union[p] += bt.faction
        else:
            s.pirate[p] += bt.faction
        s.bounties[p] += 1
        s.emit("L18", "bounty", p, bt.name, pay, bt.faction)
    _discard_hostile(s, ls)


def _escape(s: S, f: EngageFrame) -> None:
    f.stage = Stage.AFTER_ESCAPE
    s.emit("L16", "escape", s.active, CT[TYPE[f.card]].name)


def _lose(s: S, f: EngageFrame) -> None:
    p = s.active
    card = CT[TYPE[f.card]]
    s.stack.pop()
    s.damaged[p] = True
    s.travel_state = 2
    if card.kind == "pirates":
        s.cargo[p] = [0] * NGOODS
        for cid, _ in s.transports[p]:
            s.discard.append(cid)
        s.transports[p] = []
        s.emit("L16", "lose_pirates", p, card.name)
    else:
        if not mod(s, p, "hidden_hold"):
            s.cargo[p][CONTRABAND] = 0
        keep = []
        for tr in s.transports[p]:
            if CT[TYPE[tr[0]]].contraband:
                s.discard.append(tr[0])
            else:
                keep.append(tr)
        s.transports[p] = keep
        s.emit("L16", "lose_patrol", p, card.name, s.last_landed[p])
        land(s, p, s.last_landed[p])


def engagement(s: S) -> EngageFrame | None:
    """The engagement on the stack (the innermost, if a window or a chain is above it), or None."""
    for f in reversed(s.stack):
        if isinstance(f, EngageFrame):
            return f
    return None


def resolve_chain(s: S) -> None:
    """L17: last played first; each card cancels the one below, so the first stands iff the chain is odd."""
    n = len(s.chain)
    first = CT[TYPE[s.chain[0][0]]].kind
    s.chain = []
    if n % 2 == 0:
        s.emit("L17", "cancelled")
        return
    # the chain may have begun in a response window above the engagement (L17): the window closes
    i = max(j for j, fr in enumerate(s.stack) if isinstance(fr, EngageFrame))
    del s.stack[i + 1:]
    f = s.stack[i]
    assert isinstance(f, EngageFrame)
    if first == "missiles":
        _win(s, f)
    else:
        _escape(s, f)


def engagement_info(s: S) -> dict[str, Any] | None:
    f = engagement(s)
    if f is None:
        return None
    card = CT[TYPE[f.card]]
    p = s.active
    wm, em = mod(s, p, "win"), mod(s, p, "escape")
    rolled = f.stage >= Stage.AFTER_ROLL
    return {"player": p, "lane": f.lane, "card": card.slug, "name": card.name, "kind": card.kind,
            "win": card.win, "escape": card.escape, "win_mod": wm, "escape_mod": em,
            "win_odds": odds(card.win - wm), "escape_odds": odds(card.escape - em),
            "choice": ["win", "escape"][f.aim] if f.aim != Aim.NONE else None,
            "roll": f.roll if rolled else None, "roll_mod": f.roll_mod if rolled else None,
            "bounty": CT[TYPE[s.bounty[f.lane]]].slug if s.bounty[f.lane] >= 0 else None}


def odds(need: int) -> float:
    """Chance that 2d6 meets or beats `need`."""
    return sum(6 - abs(n - 7) for n in range(2, 13) if n >= need) / 36
