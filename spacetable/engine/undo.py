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
- the decision is not irrevocable under the rules (`State.irrevocable`, e.g. a reputation
  spend: "a player cannot change their mind and recover it").

Where every other seat is a bot (``bots``: the seats played by bots), a person's undo may also
cross the bots' answers that followed the person's last decision, taking them back with it, as
long as every crossed answer is itself harmless: no chance outcome among them (a die, a draw), no
answer that showed the person something hidden (the same determinized check: a bot playing a card
from its hidden hand reveals it), and no answer that is irrevocable under the rules. Nobody else is
wronged (there is no other person whose offer could be probed), and the server seeds a bot's
choice by its position in the action log, so after the undo the same decision meets the same
answer again: undo cannot re-roll a bot. At most `MAX_BOT_ANSWERS` answers are crossed.

A compound choice made in one go (an intent such as "buy 5 Parts", or a whole proposal: several of the
seat's own decisions in a row) is one step: ``joined`` names the log entries taken together with the
entry before them, and an undo that reaches one of them walks back to the first decision of its group,
each crossed decision under the same rules (never past a chance step, a reveal or an irrevocable act).

Undo again to walk further back, one own decision at a time, under the same rules. A practice game
(a solo game whose player asked for it, e.g. ``spacetable play --practice``; its save says so)
may take back its last decision whatever came after it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from spacetable.engine.action import Action
from spacetable.engine.record import Entry, apply_entry, entries_of, replay_actions, restart
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State

REVEAL_SAMPLES = 8
"""Determinized copies tried per check (the first that differs ends it). A draw from a large shuffled
deck differs in nearly every copy; a draw of 2 from a pile of 3 holding two equal cards matches the
real one in a third of them, so 3 copies let 1 such undo in 27 through, 8 copies 1 in 6,500."""
MAX_BOT_ANSWERS = 24
"""Most bot decisions one undo crosses (a bot's turn is a few small decisions)."""


@dataclass(frozen=True, slots=True)
class UndoCheck:
    """`keep`: how many log entries remain after the undo (None: not allowed); `reason`: why."""

    keep: int | None
    reason: str

    @property
    def allowed(self) -> bool:
        return self.keep is not None


def seat_label(seat: int) -> str:
    """The default name of a seat in a reason: ``"Seat 2"`` (seats numbered from 1, as on screen)."""
    return f"Seat {seat + 1}"


def undo_check(state: State, seat: int, *, practice: bool = False, bots: Collection[int] = (),
               name: Callable[[int], str] = seat_label, joined: Collection[int] = ()) -> UndoCheck:
    """Whether `seat` may take back its last decision in `state`, and how far the log goes back.

    `bots`: seats played by bots whose answers since the seat's last decision the undo may cross
    (the server passes every other seat when all of them are bots). `name`: how a reason names
    another seat, as the asking face shows it (the terminal's ``P2``, the table's display name).
    `joined`: positions (0-based, in the action log) of entries the seat took together with the entry
    before them in one compound choice; the undo takes the whole group back."""
    check = _undo_check(state, seat, practice=practice, bots=bots, name=name)
    if check.keep is None or check.keep not in joined:
        return check
    return _whole_group(state, seat, check, frozenset(joined))


def _undo_check(state: State, seat: int, *, practice: bool, bots: Collection[int],
                name: Callable[[int], str]) -> UndoCheck:
    entries = entries_of(state)
    if not entries:
        return UndoCheck(None, "nothing to undo: no decision yet")
    if practice:
        return _practice(state, seat, entries)
    if bots:
        return _across_bots(state, seat, entries, frozenset(bots) - {seat}, name)
    before = replay_actions(state.spec.name, dict(state.config), state.seed, entries[:-1],
                            stream=state.rng.stream)
    decider = before.current_player()
    last = state.space[state.history[-1]]
    if decider == CHANCE:
        return UndoCheck(None, "a die or a draw has been taken since your last decision")
    if decider != seat:
        return UndoCheck(None, f"{name(decider)} has decided since your last decision")
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


def _across_bots(state: State, seat: int, entries: list[Entry], bots: frozenset[int],
                 name: Callable[[int], str]) -> UndoCheck:
    """Walk back over bot answers to `seat`'s last decision; refuse at a chance step, another
    person's decision, or a crossed answer that revealed something or is final."""
    start = max(0, len(entries) - MAX_BOT_ANSWERS - 1)
    replay = replay_actions(state.spec.name, dict(state.config), state.seed, entries[:start],
                            stream=state.rng.stream)
    states = [replay.copy()]  # states[k]: the state before entry start + k
    for n in range(start, len(entries)):
        apply_entry(replay, entries[n], n + 1)
        states.append(replay.copy())
    for crossed, n in enumerate(range(len(entries) - 1, start - 1, -1)):
        before, after = states[n - start], states[n - start + 1]
        decider = before.current_player()
        action = after.space[after.history[-1]]
        if decider == CHANCE:
            return UndoCheck(None, "a die or a draw has been taken since your last decision")
        if decider == seat:
            if before.irrevocable(action):
                return UndoCheck(None, f"your last decision ({action}) is final under the rules")
            if reveals(before, action, seat, after):
                return UndoCheck(None, f"your last decision ({action}) showed you something hidden")
            answers = f" and {crossed} bot answer{'s' if crossed > 1 else ''}" if crossed else ""
            return UndoCheck(n, f"takes back {action}{answers}")
        if decider not in bots:
            return UndoCheck(None, f"{name(decider)} has decided since your last decision")
        # never name a bot's action here: it may be hidden from `seat` ("keep <objective>")
        if before.irrevocable(action):
            return UndoCheck(None, f"{name(decider)}'s answer since then is final under the rules")
        if reveals(before, action, seat, after):
            return UndoCheck(None, f"{name(decider)}'s answer since then showed you something hidden")
    return UndoCheck(None, f"more than {MAX_BOT_ANSWERS} bot decisions since your last decision")


def _whole_group(state: State, seat: int, check: UndoCheck, joined: frozenset[int]) -> UndoCheck:
    """Extend an allowed undo back to the first decision of the compound choice its last entry joins:
    each earlier decision of the group must be the seat's own, not final, and show it nothing hidden."""
    assert check.keep is not None
    keep = check.keep
    first = keep
    while first in joined and first > 0:
        first -= 1
    entries = entries_of(state)
    before = replay_actions(state.spec.name, dict(state.config), state.seed, entries[:first])
    states = [before.copy()]
    for n in range(first, keep):
        apply_entry(before, entries[n], n + 1)
        states.append(before.copy())
    for k in range(keep - first):
        b, a = states[k], states[k + 1]
        action = a.space[a.history[-1]]
        if b.current_player() != seat:
            return UndoCheck(None, "a die or a draw came in the middle of your last choice")
        if b.irrevocable(action):
            return UndoCheck(None, f"part of your last choice ({action}) is final under the rules")
        if reveals(b, action, seat, a):
            return UndoCheck(None, f"part of your last choice ({action}) showed you something hidden")
    more = keep - first
    return UndoCheck(first, f"{check.reason}, with the {more} decision{'s' if more > 1 else ''} made in "
                            "the same go")


def _practice(state: State, seat: int, entries: list[Entry]) -> UndoCheck:
    replay = restart(state)
    last_own: int | None = None
    for n, entry in enumerate(entries):
        if replay.current_player() == seat:
            last_own = n
        apply_entry(replay, entry, n + 1)
    if last_own is None:
        return UndoCheck(None, "nothing to undo: you have not decided yet")
    return UndoCheck(last_own, "practice game: takes back your last decision")
