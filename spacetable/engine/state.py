"""The small State API every game implements, with the bookkeeping kept in the base class.

A game writes `current_player`, `_legal_actions`, `_apply`, `is_terminal`, `returns`, `view`,
`copy`, `determinize`, and for chance decisions `chance_outcomes`. The base class offers the
checked `apply` (one legality function for every client), chance sampling from the state's own
seeded `Rng`, the action history used for saves and replays, and events.

Chance is a player: `current_player()` returns `CHANCE` when a die must be rolled; the outcomes are
ordinary actions with probabilities (see `chance_outcomes`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from spacetable.engine.action import MAX_TEXT, Action, ActionSpace
from spacetable.engine.errors import AmbiguousAction, IllegalAction, ParseError
from spacetable.engine.events import Event
from spacetable.engine.rng import Rng, game_rng

if TYPE_CHECKING:
    from spacetable.engine.game import GameSpec

CHANCE: Final = -1
TERMINAL: Final = -2
FORCED: Final = 1
"""Marks a log node whose chance outcome was chosen by a caller, not drawn from `rng`."""


@dataclass(slots=True)
class View:
    """What one seat (or a spectator, ``player=None``) may know of a state: JSON-ready data."""

    game: str
    player: int | None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "player": self.player, **self.data}


@mypyc_attr(allow_interpreted_subclasses=True)  # games and test fakes may be pure Python
class State(ABC):
    """Base class of every game state. Subclasses use ``__slots__`` and a hand-written `copy()`."""

    __slots__ = ("rng", "_log", "events", "config", "seed")

    spec: ClassVar[GameSpec]
    space: ClassVar[ActionSpace]

    rng: Rng
    _log: tuple[Any, ...] | None
    """The action log as a persistent linked list: O(1) append and copy. A node is (parent, action
    index), or (parent, action index, FORCED) for a chance outcome a caller chose (see `apply`)."""
    events: list[Event] | None
    config: dict[str, Any]
    seed: int

    # ----- to implement -------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """Seat that decides now, `CHANCE` for a chance step, or `TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal actions of the current decision (canonical objects from `space`)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a legal action (already checked)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Per-seat result: 1 for a win (shared wins split), 0 otherwise; all 0 before the end."""

    @abstractmethod
    def view(self, player: int | None) -> View:
        """Only what `player` may know (None: a spectator, who sees only public information)."""

    @abstractmethod
    def copy(self) -> Self: ...

    @abstractmethod
    def determinize(self, player: int, rng: Rng) -> Self:
        """A full state agreeing with all `player` knows; hidden cards resampled with `rng`."""

    @abstractmethod
    def decision_name(self) -> str:
        """Short name of the current decision, e.g. ``negotiation.answer``."""

    def heuristic_value(self) -> list[float]:
        """Per-seat estimate of each seat's chance to win from here, in [0, 1] (search bots use it
        to cut rollouts short). Games override it with their own evaluation; the default is the
        final result at the end and an even share before it."""
        if self.is_terminal():
            return self.returns()
        n = self.num_players
        return [1.0 / n] * n

    def optional_pass(self) -> Action | None:
        """At an optional window (a decision a player is offered "at any time" and rarely needs,
        e.g. an expansion's reputation window), the legal action that passes it; None at an
        ordinary decision. Clients pass such windows by themselves for a person who has not asked
        to be stopped in them, and log it; bots and RL agents see them as ordinary decisions."""
        return None

    def meaningful_responses(self) -> list[Action] | None:
        """At a response window (a decision offered to a seat outside its turn, to answer what another
        seat just did), the legal actions that can change that window's outcome; [] when none can, so
        passing is all there is and `optional_pass` returns the pass. None at any other decision, and
        by default (conservative: a game that does not say is asked as usual)."""
        return None

    def irrevocable(self, action: Action) -> bool:
        """True when applying `action` now is an act the rules make final, so no undo may cross it
        (e.g. spending reputation). Games override this; the default is False."""
        return False

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance step: (outcome action, probability) pairs."""
        return []

    def turn_count(self) -> int:
        """Number of turns begun so far (for statistics)."""
        return 0

    def game_stats(self) -> dict[str, Any]:
        """Game-specific figures for the simulator (e.g. reputation spent, the winning goal)."""
        return {}

    def describe(self, action: Action) -> str:
        """One-line explanation of an action for people (defaults to its text form)."""
        return str(action)

    def render_event(self, event: Event) -> str:
        """Plain-language text for an event, without its rule (that is `event.rule`)."""
        return event.render({})

    def action_rule(self, action: Action) -> str | None:
        """The id of the rule a legal action applies (``"3.3.3"``, ``"L6"``), which faces show as a
        link beside `describe`'s plain text (never inside it); None when no rule is worth citing.
        Games override it; ids resolve in the game's rule texts (`spacetable.rules.rule_texts`)."""
        return None

    def event_level(self, event: Event) -> str:
        """How much an event matters to a person reading the log: ``"routine"`` (a draw, a shuffle, a
        pass: folded under the line before it), ``"moment"`` (a contract succeeds, Prestige is gained,
        a Goal is reached: shown as a banner too) or ``"step"`` (the default: an ordinary line)."""
        return "step"

    def winners(self) -> list[int]:
        """Seats that won (empty before the end)."""
        r = self.returns()
        best = max(r) if r else 0.0
        return [i for i, v in enumerate(r) if best > 0 and v == best]

    # ----- provided -----------------------------------------------------------------------
    @property
    def history(self) -> list[int]:
        """Action-space indices of every action applied so far, oldest first."""
        out: list[int] = []
        node = self._log
        while node is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return out

    @history.setter
    def history(self, value: list[int]) -> None:
        node: tuple[Any, int] | None = None
        for i in value:
            node = (node, i)
        self._log = node

    @property
    def forced(self) -> list[int]:
        """Positions (0-based, in `history`) of chance outcomes that a caller chose with `apply`."""
        out: list[int] = []
        node = self._log
        n = 0
        while node is not None:
            if len(node) == 3:
                out.append(n)
            n += 1
            node = node[0]
        return sorted(n - 1 - i for i in out)

    @property
    def log_length(self) -> int:
        """Number of entries in the action log (len(history), without building the list)."""
        n = 0
        node = self._log
        while node is not None:
            n += 1
            node = node[0]
        return n

    @property
    def num_players(self) -> int:
        return int(self.config["players"])

    def legal_actions(self) -> list[Action]:
        """The legal actions now; at a chance step, the possible outcomes."""
        if self.current_player() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return self._legal_actions()

    def apply(self, action: object) -> None:  # object: untrusted input, checked below (not by mypyc)
        """Check `action` against the legal list and apply it; raise `IllegalAction` otherwise.

        Anything else than an `Action` or its text raises `ParseError`. A rejected input changes
        nothing. At a CHANCE step this forces the outcome (tests and analysis tools do so); the log
        records it as forced, so saves and replays keep it. Clients draw with `sample_chance`.
        """
        if isinstance(action, str):
            legal = self.legal_actions()
            action = self.parse(action, legal)
        elif isinstance(action, Action):
            legal = self.legal_actions()
        else:
            raise ParseError(f"an action must be an Action or its text, not {type(action).__name__}")
        for a in legal:
            if a == action:
                if self.current_player() == CHANCE:
                    self._log = (self._log, a.index, FORCED)
                else:
                    self._log = (self._log, a.index)
                self._apply(a)
                return
        raise IllegalAction(str(action), self.decision_name(), [str(a) for a in legal])

    def apply_fast(self, action: Action) -> None:
        """Apply an action taken from `legal_actions()` without re-checking it (hot paths)."""
        self._log = (self._log, action.index)
        self._apply(action)

    def sample_chance(self) -> Action:
        """Draw a chance outcome from the state's own generator and apply it."""
        outcomes = self.chance_outcomes()
        if len(outcomes) == 1:
            a = outcomes[0][0]
        else:
            a = outcomes[self.rng.weighted([p for _, p in outcomes])][0]
        self.apply_fast(a)
        return a

    def parse(self, text: object, legal: Sequence[Action] | None = None) -> Action:
        """Parse canonical text, or an unambiguous prefix of one legal action's text."""
        legal = self.legal_actions() if legal is None else legal
        if not isinstance(text, str):
            raise ParseError(f"an action must be text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise ParseError(f"action text too long ({len(text)} characters; at most {MAX_TEXT})")
        text = " ".join(text.split())
        if not text:
            raise ParseError("empty action text")
        try:
            parsed = Action.parse(text)
        except ParseError:
            parsed = None
        if parsed is not None:
            for a in legal:
                if a == parsed:
                    return a
            if self.space.lookup(parsed) is not None:  # a real action, just not legal now
                raise IllegalAction(text, self.decision_name(), [str(a) for a in legal])
        matches = [a for a in legal if str(a).startswith(text)]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise AmbiguousAction(f"{text!r} matches {', '.join(str(a) for a in matches[:10])}")
        if parsed is None:
            raise ParseError(f"cannot parse {text!r}")
        if self.space.lookup(parsed) is None:
            raise ParseError(f"{text!r} is not an action of {self.spec.name}")
        raise IllegalAction(text, self.decision_name(), [str(a) for a in legal])

    def take_events(self) -> list[Event]:
        """Events emitted since the last call (empty when events are off)."""
        if self.events is None:
            return []
        ev, self.events = self.events, []
        return ev

    def emit(self, rule: str, key: str, *args: Any) -> None:
        """Record an event when events are on (a no-op in simulations)."""
        if self.events is not None:
            self.events.append(Event(rule, key, args))

    def init_base(self, config: dict[str, Any], seed: int) -> None:
        """Set the base-class fields of a new game: its config, seed, generator (`rng.game_rng`: the
        keyed stream of `seed`), empty log, no events."""
        self.rng = game_rng(seed)
        self._log = None
        self.events = None
        self.config = config
        self.seed = seed

    def _copy_base(self, other: State) -> None:
        """Copy the base-class fields into `other` (used by subclasses' `copy`)."""
        other.rng = self.rng.copy()
        other._log = self._log  # shared: the log is immutable
        other.events = None if self.events is None else []
        other.config = self.config
        other.seed = self.seed

    def action_mask(self) -> list[bool]:
        """One flag per action-space slot: True where the action is legal now."""
        mask = [False] * len(self.space)
        for a in self.legal_actions():
            mask[a.index] = True
        return mask
