"""The undo policy every client reads: what a seat may take back, and why not.

A seat may take back its own last decision only while nothing has happened since that it could
exploit by going back (what online tables call "undo until something is revealed"):

- the decision is the last entry of the log: no other seat (bot or human) has decided since, so a
  seat can never probe another's answer and withdraw its offer, and no chance outcome (a die, a
  draw) has been taken since;
- the decision itself revealed nothing hidden to that seat (a card drawn, a die rolled inside it):
  checked generically by applying it to determinized copies (`State.determinize`) and comparing
  the seat's view with the real one: if what the seat now sees depends on what it could not see
  before, the decision revealed something;
- the decision is not irrevocable under the rules (`State.irrevocable`, e.g. a Binding Ties
  reputation spend: "a player cannot change their mind and recover it").

Undo again to walk further back, one own decision at a time, under the same rules. A practice game
(a solo game whose player asked for it, e.g. ``spacetable play --practice``; its save says so)
may take back its last decision whatever came after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacetable.engine.action import Action
from spacetable.engine.record import Entry, apply_entry, entries_of, replay_actions
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State

REVEAL_SAMPLES = 3
"""Determinized copies tried per check; a draw from a shuffled deck differs in all but ~never."""


@dataclass(frozen=True, slots=True)
class UndoCheck:
    """`keep`: how many log entries remain after the undo (None: not allowed); `reason`: why."""

    keep: int | None
    reason: str

    @property
    def allowed(self) -> bool:
        return self.keep is not None


def undo_check(state: State, seat: int, *, practice: bool = False) -> UndoCheck:
    """Whether `seat` may take back its last decision in `state`, and how far the log goes back."""
    entries = entries_of(state)
    if not entries:
        return UndoCheck(None, "nothing to undo: no decision yet")
    if practice:
        return _practice(state, seat, entries)
    before = replay_actions(state.spec.name, dict(state.config), state.seed, entries[:-1])
    decider = before.current_player()
    last = state.space[state.history[-1]]
    if decider == CHANCE:
        return UndoCheck(None, "a die or a draw has been taken since your last decision")
    if decider != seat:
        return UndoCheck(None, f"Seat {decider + 1} has decided since your last decision")
    if before.irrevocable(last):
        return UndoCheck(None, f"your last decision ({last}) is final under the rules")
    if reveals(before, last, seat, state):
        return UndoCheck(None, f"your last decision ({last}) showed you something hidden")
    return UndoCheck(len(entries) - 1, f"takes back {last}")


def reveals(before: State, action: Action, seat: int, after: State) -> bool:
    """True when applying `action` to `before` showed `seat` something it could not know.

    `after` is the real state that followed. The action is replayed on determinized copies of
    `before` for `seat` (each agrees with all the seat knew); if the seat's view of any copy's
    outcome differs from its real view, the outcome depended on hidden information.
    """
    seen = after.view(seat).to_json()
    for k in range(REVEAL_SAMPLES):
        guess = before.determinize(seat, Rng(0x5EED + k))
        match = next((a for a in guess.legal_actions() if a == action), None)
        if match is None:
            return True
        guess.apply_fast(match)
        if guess.view(seat).to_json() != seen:
            return True
    return False


def _practice(state: State, seat: int, entries: list[Entry]) -> UndoCheck:
    replay = state.spec.new_game(dict(state.config), state.seed)
    last_own: int | None = None
    for n, entry in enumerate(entries):
        if replay.current_player() == seat:
            last_own = n
        apply_entry(replay, entry, n + 1)
    if last_own is None:
        return UndoCheck(None, "nothing to undo: you have not decided yet")
    return UndoCheck(last_own, "practice game: takes back your last decision")
