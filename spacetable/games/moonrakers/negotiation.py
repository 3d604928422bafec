"""Negotiation (3.3, R3, R4): proposals built from small choices, answers in seat order, 3 rounds.

A proposal is built step by step by the Mission Leader: invite or exclude each other seat, then each
invitee's share of Prestige, credits and bonus cards (and, with Binding Ties, who takes the faction
reward), then the target of every hazard die. Invitees then accept or decline in seat order after the
ML, seeing earlier answers. Forced choices (a single legal option) are taken automatically.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.execution import begin_execution
from spacetable.games.moonrakers.frames import Frame

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

OPEN: Final = 0
INVITE: Final = 1
PRESTIGE: Final = 2
CREDITS: Final = 3
BONUS: Final = 4
REP: Final = 5
DICE: Final = 6
STEP_NAMES: Final = ("open", "invite", "prestige", "credits", "bonus", "reputation", "dice")
MAX_ROUNDS: Final = 3


class Negotiate(Frame):
    """The ML's side of the negotiation (3.3.3)."""

    __slots__ = ("contract", "round", "step", "cursor", "invitees", "shares", "dice", "rep_to",
                 "answers", "accepted")
    name = "negotiation"

    def __init__(self, ml: int, contract: int) -> None:
        super().__init__(ml)
        self.contract = contract
        self.round = 0
        self.step = OPEN
        self.cursor = 0
        self.invitees: list[int] = []
        self.shares: list[list[int]] = []  # per invitee: prestige, credits, bonus
        self.dice: list[int] = []  # seat targeted by each die
        self.rep_to = -1
        self.answers: list[int] = []  # per invitee: 1 accepted, 0 declined, -1 pending
        self.accepted: list[int] = []  # invitees who accepted the last answered proposal

    def decision(self) -> str:
        return "negotiation." + STEP_NAMES[self.step]

    # ---------------------------------------------------------------- helpers
    def _others(self, s: MoonrakersState) -> list[int]:
        return [(self.player + i) % s.n for i in range(1, s.n)]

    def _remaining(self, s: MoonrakersState, k: int) -> int:
        c = A.CAT.contracts[self.contract]
        total = (c.prestige, c.credits, c.bonus)[k]
        return total - sum(sh[k] for sh in self.shares)

    def _participants(self) -> list[int]:
        return [self.player, *self.invitees]

    # ---------------------------------------------------------------- legal / apply
    def legal(self, s: MoonrakersState) -> list[Action]:
        """The ML's choices; going solo is open at every one of its decisions (3.3.3)."""
        st = self.step
        if st == OPEN:
            out = [A.SOLO]
            if self.accepted:
                out.append(A.START)
            if self.round < MAX_ROUNDS:
                out.append(A.PROPOSE)
            return out
        if st == INVITE:
            others = self._others(s)
            seat = others[self.cursor]
            if self.cursor == len(others) - 1 and not self.invitees:
                return [A.INVITE[seat], A.SOLO]
            return [A.INVITE[seat], A.EXCLUDE[seat], A.SOLO]
        if st in (PRESTIGE, CREDITS, BONUS):
            k = st - PRESTIGE
            seat = self.invitees[self.cursor]
            table = (A.PRESTIGE, A.CREDITS, A.BONUS)[k][seat]
            return [*table[: min(self._remaining(s, k), len(table) - 1) + 1], A.SOLO]
        if st == REP:
            return [*(A.REPUTATION[p] for p in self._participants()), A.SOLO]
        # DICE
        return [*(A.DIE[self.cursor][p] for p in self._participants()), A.SOLO]

    def apply(self, s: MoonrakersState, a: Action) -> None:
        st = self.step
        if a is A.SOLO:
            start_mission(s, self, [])
            return
        if st == OPEN:
            if a is A.START:
                start_mission(s, self, self.accepted)
            else:
                self.round += 1
                self.invitees = []
                self.shares = []
                self.dice = []
                self.rep_to = -1
                self.accepted = []
                self.step = INVITE
                self.cursor = 0
                s.emit("3.3.3", "proposal-begin", self.player, self.round)
            return
        if st == INVITE:
            if a.kind == "invite":
                self.invitees.append(A.SEAT_OF[str(a.args[0])])
            self.cursor += 1
            if self.cursor >= s.n - 1:
                self.shares = [[0, 0, 0] for _ in self.invitees]
                self._next_step(s, PRESTIGE)
            return
        if st in (PRESTIGE, CREDITS, BONUS):
            self.shares[self.cursor][st - PRESTIGE] = int(a.args[1])
            self.cursor += 1
            if self.cursor >= len(self.invitees):
                self._next_step(s, st + 1)
            return
        if st == REP:
            self.rep_to = A.SEAT_OF[str(a.args[0])]
            self._next_step(s, DICE)
            return
        # DICE
        self.dice.append(A.SEAT_OF[str(a.args[1])])
        self.cursor += 1
        if self.cursor >= A.CAT.contracts[self.contract].dice:
            self._send(s)

    def _next_step(self, s: MoonrakersState, step: int) -> None:
        """Move to `step`, skipping steps with nothing to decide."""
        c = A.CAT.contracts[self.contract]
        self.cursor = 0
        while True:
            if step in (PRESTIGE, CREDITS, BONUS):
                if (c.prestige, c.credits, c.bonus)[step - PRESTIGE] > 0:
                    break
                step += 1
                continue
            if step == REP:
                if s.bt and c.faction is not None:
                    break
                step += 1
                continue
            if step == DICE:
                if c.dice > 0:
                    break
                self._send(s)
                return
            break
        self.step = step

    def _send(self, s: MoonrakersState) -> None:
        """The proposal is complete: invitees answer in seat order after the ML (3.3.3)."""
        self.step = OPEN
        self.answers = [-1] * len(self.invitees)
        if s.events is not None:
            s.emit("3.3.3", "proposal", self.player, self.round, self.describe_terms(s))
        for i in range(len(self.invitees) - 1, -1, -1):
            s.stack.append(Answer(self.invitees[i], i))

    def after_answers(self, s: MoonrakersState) -> None:
        self.accepted = [p for p, ans in zip(self.invitees, self.answers, strict=True) if ans == 1]
        if self.round >= MAX_ROUNDS:
            start_mission(s, self, self.accepted)  # 3.3.3: after round 3 the mission starts

    def copy(self) -> Frame:
        f = Negotiate(self.player, self.contract)
        f.round = self.round
        f.step = self.step
        f.cursor = self.cursor
        f.invitees = self.invitees.copy()
        f.shares = [sh.copy() for sh in self.shares]
        f.dice = self.dice.copy()
        f.rep_to = self.rep_to
        f.answers = self.answers.copy()
        f.accepted = self.accepted.copy()
        return f

    def describe_terms(self, s: MoonrakersState) -> str:
        parts = []
        for p, sh in zip(self.invitees, self.shares, strict=False):
            parts.append(f"{A.SEATS[p]}: {sh[0]} prestige, {sh[1]} credits, {sh[2]} bonus")
        if self.dice:
            parts.append("dice " + ",".join(A.SEATS[d] for d in self.dice))
        if self.rep_to >= 0:
            parts.append(f"faction reward to {A.SEATS[self.rep_to]}")
        return "; ".join(parts)

    def public(self) -> dict[str, Any]:
        return {
            "decision": "negotiation." + STEP_NAMES[self.step], "player": self.player,
            "round": self.round, "contract": A.CONTRACT_SLUGS[self.contract],
            "invitees": [A.SEATS[p] for p in self.invitees],
            "shares": {A.SEATS[p]: sh for p, sh in zip(self.invitees, self.shares, strict=False)},
            "dice": [A.SEATS[d] for d in self.dice],
            "reputation_to": A.SEATS[self.rep_to] if self.rep_to >= 0 else None,
            "answers": {A.SEATS[p]: ("pending", "declined", "accepted")[ans + 1]
                        for p, ans in zip(self.invitees, self.answers, strict=False)},
            "accepted": [A.SEATS[p] for p in self.accepted],
        }


class Answer(Frame):
    """An invitee accepts or declines the current proposal (3.3.3)."""

    __slots__ = ("index",)
    name = "negotiation.answer"

    def __init__(self, seat: int, index: int) -> None:
        super().__init__(seat)
        self.index = index

    def legal(self, s: MoonrakersState) -> list[Action]:
        return [A.ACCEPT, A.DECLINE]

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()
        k = len(s.stack) - 1
        while isinstance(s.stack[k], Answer):  # later invitees' answers wait above the proposal
            k -= 1
        neg = s.stack[k]
        assert isinstance(neg, Negotiate)
        neg.answers[self.index] = 1 if a is A.ACCEPT else 0
        s.emit("3.3.3", "answer", self.player, a is A.ACCEPT)
        if self.index == len(neg.invitees) - 1:
            neg.after_answers(s)

    def copy(self) -> Frame:
        return Answer(self.player, self.index)


def start_mission(s: MoonrakersState, neg: Negotiate, allies: list[int]) -> None:
    """Binding terms for those who accepted; the rest reverts to the ML (3.3.4)."""
    s.stack.pop()
    deal: dict[int, list[int]] = {}
    dice_to: list[int] = []
    rep_to = neg.player
    if allies:
        for p, sh in zip(neg.invitees, neg.shares, strict=True):
            if p in allies:
                deal[p] = sh.copy()
        dice_to = [d if d in allies else neg.player for d in neg.dice]
        if neg.rep_to in allies:
            rep_to = neg.rep_to
    c = A.CAT.contracts[neg.contract]
    if len(dice_to) < c.dice:
        dice_to = [neg.player] * c.dice
    begin_execution(s, neg.contract, allies, deal, dice_to, rep_to)
