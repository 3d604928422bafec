"""The session driver: one game and its seats, run the same way by every face.

A `Session` owns a state and, per seat, who plays it: a person (``None`` in `bots`) or a bot. Every
face (the terminal, the server and its bot workers, the simulator) moves a game only through it, so
the same (game, config, seed, bots) plays the same everywhere. Between two decisions of a person,
`advance` does, in this order, at every step:

1. a chance step is drawn from the state's own generator (kind ``chance``);
2. at a person's decision with a single legal action, that action is taken for them (kind
   ``auto``); else at an optional window (`State.optional_pass`) of a person who has not asked to
   be stopped there (`stop_at_windows`), the window is passed for them (kind ``auto``); else
   `advance` stops: the person decides (`play`, kind ``human``);
3. at a bot's decision, the bot chooses with the generator of the seeding rule `bot_rng`, which
   depends only on (game seed, position in the action log, seat): an undo meets the same answers,
   a resumed save or a replayed server game too, and the bot's draws never lead back to the deal
   (the game's bot key is a one-way hash of its secret seed) (kind ``bot``). A bot that raises or
   answers an illegal action plays a random legal action instead (reported to the observer), unless
   the session trusts its bots (the simulator's hot loop).

It stops at a person's decision, at the end of the game, after `max_decisions` decisions (bots',
people's and automatic ones; chance steps do not count), or after a caller's own bound on bot
decisions (`advance(bots=…)`: the server plays bots in turns off its event loop). Each step is
reported to the `Observer`, if any, before and after it is applied (who, what, which kind), which is
where faces write their records, logs, saves and figures; without an observer nothing is allocated
per step.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from mypy_extensions import mypyc_attr

from spacetable.engine.action import Action
from spacetable.engine.errors import SpacetableError
from spacetable.engine.rng import MAX_SEATS, DecisionRng, Rng, decision_key, decision_rng, label_bytes
from spacetable.engine.state import CHANCE, State

HUMAN: Final = "human"
"""A person's decision (and the seat kind of a person)."""
BOT: Final = "bot"
"""A bot's decision."""
CHANCE_KIND: Final = "chance"
"""A chance outcome drawn from the state's generator."""
AUTO: Final = "auto"
"""A person's decision taken for them: a single legal action, or an optional window passed."""
KINDS: Final = (HUMAN, BOT, CHANCE_KIND, AUTO)

BOT_LABEL: Final = "spacetable.bot"
"""The label of a game's bot key (`bot_key`)."""
_BOT_LABELS: Final = label_bytes(BOT_LABEL)
MAX_AUTOMATIC: Final = 100_000
"""Safety bound on chance and automatic steps in one `advance` (a game that never reaches a decision)."""


class Chooser(Protocol):
    """What the session asks at a bot's seat: a `spacetable.bots.base.Bot`."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action: ...


@dataclass(frozen=True, slots=True)
class Step:
    """What happened at one step: its place in the action log, the seat (None for chance), the action
    and its kind (`HUMAN`, `BOT`, `CHANCE_KIND`, `AUTO`)."""

    position: int
    seat: int | None
    action: Action
    kind: str


@mypyc_attr(allow_interpreted_subclasses=True)
class Observer:
    """Hooks a face gives a session (each is a no-op here): `before` a decision is applied (not a
    chance step, which is drawn as it is applied), `after` any step, and `bot_failed` when a bot raised
    or answered an illegal action (it then plays a random one)."""

    def before(self, state: State, step: Step) -> None:
        pass

    def after(self, state: State, step: Step) -> None:
        pass

    def bot_failed(self, seat: int, error: Exception) -> None:
        pass


def bot_key(seed: int) -> int:
    """The key of the bots' generators in the game with `seed`: one hash per game, one-way from the
    seed (`rng.decision_key`), so nothing a bot draws leads back to the deal."""
    return decision_key(seed, _BOT_LABELS)


def bot_rng(seed: int, position: int, seat: int) -> Rng:
    """The generator a bot at `seat` decides with at `position` of the action log of the game with
    `seed`: the one seeding rule of every face, splitmix64 seeded by arithmetic from (`bot_key`,
    position, seat) (`rng.decision_rng`). A `Session` gives its bots the same words from one object
    reset in place at each decision (`rng.DecisionRng`): the key is hashed at the game's first draw,
    a decision's seed only when its bot draws."""
    return decision_rng(bot_key(seed), position, seat)


class Session:
    """A game and its seats; see the module's docstring for the order of things.

    `bots[seat]` is the seat's bot (None: a person); `stop_at_windows[seat]` whether that person is
    asked at optional windows. `trust_bots` applies bots' answers unchecked (the simulator, whose bots
    are the registered ones). `position` is the length of the state's action log, kept here so no
    step walks the log (a caller that knows it passes it).
    """

    def __init__(self, state: State, bots: Sequence[Chooser | None], *,
                 stop_at_windows: Sequence[bool] | None = None, max_decisions: int | None = None,
                 observer: Observer | None = None, trust_bots: bool = False,
                 position: int | None = None) -> None:
        if len(bots) != state.num_players:
            raise SpacetableError(f"{len(bots)} seats given for a game of {state.num_players}")
        if len(bots) > MAX_SEATS:
            raise SpacetableError(f"a session seats at most {MAX_SEATS}, not {len(bots)}")
        self.state = state
        self.bots: list[Chooser | None] = list(bots)
        self.stop_at_windows: list[bool] = (list(stop_at_windows) if stop_at_windows is not None
                                            else [False] * len(self.bots))
        self.max_decisions = max_decisions
        self.observer = observer
        self.trust_bots = trust_bots
        self.position = state.log_length if position is None else position
        self.decisions = 0
        """Decisions taken through this session (bots', people's and automatic ones)."""
        self.stopped = False
        """True once `max_decisions` stopped the game before its end."""
        self._rng = DecisionRng(state.seed, _BOT_LABELS)
        """The bots' generator, moved to each bot decision in turn (`DecisionRng.at`)."""

    # ----- reading ------------------------------------------------------------------------
    def bot_rng(self, seat: int) -> Rng:
        """The generator of `seat`'s bot at the current position (`bot_rng`), an object of its own."""
        return self._rng.fork(self.position, seat)

    def to_decide(self) -> int | None:
        """The person who must decide now (after `advance`), or None."""
        p = self.state.current_player()
        return p if p >= 0 and self.bots[p] is None else None

    def automatic(self, seat: int) -> Action | None:
        """The action taken for person `seat` without asking at this decision, if any: the single
        legal action, else an optional window's pass unless the person asked to be stopped there."""
        state = self.state
        if state.current_player() != seat:
            return None
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.stop_at_windows[seat]:
            return None
        return state.optional_pass()

    # ----- changing -----------------------------------------------------------------------
    def restart(self, state: State) -> None:
        """Go on from `state` (an undo's replayed state, a loaded save)."""
        self.state = state
        self.position = state.log_length
        self.stopped = False
        if state.seed != self._rng.seed:
            self._rng = DecisionRng(state.seed, _BOT_LABELS)

    def advance(self, bots: int | None = None, seconds: float | None = None) -> None:
        """Play chance, automatic steps and bots until a person decides, the game ends or
        `max_decisions` is reached; with `bots`, stop before the bot decision after that many
        (0: no bot decides), or (`seconds`) once that much time is spent after at least one."""
        state = self.state
        observer = self.observer
        limit = self.max_decisions
        played = 0
        end = None if seconds is None else time.monotonic() + seconds
        quiet = 0
        while True:
            if limit is not None and self.decisions >= limit and not state.is_terminal():
                self.stopped = True
                return
            p = state.current_player()
            if p == CHANCE:
                quiet += 1
                if observer is None:
                    state.sample_chance()
                    self.position += 1
                else:
                    self._chance(observer)
                if quiet > MAX_AUTOMATIC:
                    raise SpacetableError(f"more than {MAX_AUTOMATIC} steps without a decision")
                continue
            if p < 0:
                return
            bot = self.bots[p]
            if bot is None:
                auto = self.automatic(p)
                if auto is None:
                    return
                quiet += 1
                if quiet > MAX_AUTOMATIC:
                    raise SpacetableError(f"more than {MAX_AUTOMATIC} steps without a decision")
                self._apply(p, auto, AUTO)
                continue
            if bots is not None and (played >= bots or (played and end is not None
                                                         and time.monotonic() >= end)):
                return
            played += 1
            quiet = 0
            rng = self._rng.at(self.position, p)
            if self.trust_bots and observer is None:
                state.apply_fast(bot.choose(state, p, rng))
                self.position += 1
                self.decisions += 1
                continue
            self._bot(p, bot, rng)

    def take_automatic(self, seat: int) -> Step | None:
        """Take person `seat`'s automatic action now (`automatic`), if there is one."""
        auto = self.automatic(seat)
        return None if auto is None else self._apply(seat, auto, AUTO)

    def play(self, seat: int, action: Action | str) -> Step:
        """A person's decision (an `Action` or its text), checked against the legal list
        (`IllegalAction`, `ParseError`: nothing changes); chance steps due before it are drawn first."""
        state = self.state
        observer = self.observer
        while state.current_player() == CHANCE:
            if observer is None:
                state.sample_chance()
                self.position += 1
            else:
                self._chance(observer)
        if state.current_player() != seat:
            raise SpacetableError(f"it is not seat {seat}'s decision")
        legal = state.legal_actions()
        chosen = state.parse(action, legal) if isinstance(action, str) else action
        if chosen not in legal:
            state.apply(chosen)  # raises IllegalAction with the legal list
        return self._apply(seat, chosen, HUMAN)

    # ----- steps --------------------------------------------------------------------------
    def _chance(self, observer: Observer) -> None:
        action = self.state.sample_chance()
        step = Step(self.position, None, action, CHANCE_KIND)
        self.position += 1
        observer.after(self.state, step)

    def _bot(self, seat: int, bot: Chooser, rng: Rng) -> None:
        state = self.state
        observer = self.observer
        if self.trust_bots:
            action = bot.choose(state, seat, rng)
        else:
            try:
                action = bot.choose(state, seat, rng)
                if action not in state.legal_actions():
                    state.apply(action)  # raises IllegalAction naming the legal ones
            except Exception as e:  # noqa: BLE001 - a broken bot must not stop the game
                if observer is not None:
                    observer.bot_failed(seat, e)
                action = rng.choice(state.legal_actions())
        self._apply(seat, action, BOT)

    def _apply(self, seat: int, action: Action, kind: str) -> Step:
        """Apply `action`, known to be legal (not checked again), and report it."""
        state = self.state
        step = Step(self.position, seat, action, kind)
        observer = self.observer
        if observer is not None:
            observer.before(state, step)
        state.apply_fast(action)
        self.position += 1
        self.decisions += 1
        if observer is not None:
            observer.after(state, step)
        return step
