"""`mcts`: one generic information-set Monte Carlo tree search for every game (docs/bots.md).

The bot uses only the core State API. Each iteration starts from ``state.determinize(seat, rng)``, a
full state consistent with what the deciding seat knows (hidden cards resampled), so the search
never reads hidden information; the live state is otherwise used only for `legal_actions()` of the
seat's own decision. One tree is shared by all determinizations (single-observer ISMCTS): a node is
reached by the sequence of action indices taken since the root — decisions of every seat and chance
outcomes — and a child's statistics are kept for the seat that chose it (per-seat UCT), so each seat
maximises its own result. Because a determinization's legal actions vary, UCB uses availability
counts (how often a child was legal when its parent was visited). Decisions with one legal action
take no node, and a node grows children only after `EXPANSION_VISITS` visits. Chance steps are
drawn with `sample_chance()` on the determinized copy, whose generator `determinize` reseeds from
the bot's rng, and lead to one child per outcome.

Where the game has a `heuristic` bot, the search starts from its choice (the prior, made on a
determinization too) and plays it unless another root action was visited enough and its mean result
is clearly better (`VETO_MARGIN` plus `VETO_Z` standard errors): at small budgets the bot plays like
the heuristic one and deviates only on evidence. Rollouts play the game's `greedy` bot for every seat
where the game has one (a fast policy that
reads only the determinized copy it is given), else uniformly random legal actions, for at most
`horizon` decisions, and then score the position with `State.heuristic_value()` (each game's cheap
win-chance estimate), or `returns()` at the end. A game whose search needs other settings (horizon,
rollout turns or bot, the overruling test) declares them in its spec (`GameSpec.search`, names of
`GameSettings`; `game_settings`); every other game uses the module defaults. Budgets: a number of
iterations (``mcts:1000it``: deterministic under the rng given to `choose`) or a time (``mcts:200ms``,
``mcts:2s``); plain ``mcts`` is ``mcts:1000it``.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, fields, replace

from mypy_extensions import mypyc_attr

from spacetable.bots.base import Bot, bot_names, make_bot, register_bot
from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError
from spacetable.engine.game import GameSpec
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, TERMINAL, State

DEFAULT_ITERATIONS = 1000
DEFAULT_HORIZON = 12
"""Rollout decisions before the position is scored with `heuristic_value()`."""
ROLLOUT_BOT = "greedy"
"""The rollout policy where the game has a bot of that name (else uniformly random)."""
PRIOR_BOT = "heuristic"
"""The bot whose choice the search starts from where the game has one (else none): its action is kept
unless the search shows another one clearly better (`VETO_MARGIN`, `VETO_SHARE`)."""
VETO_MARGIN = 0.03
"""How much higher (in win chance, results in [0, 1]) another root action's mean result must be than
the prior action's for the search to overrule the prior bot."""
VETO_SHARE = 0.1
"""The share of the iterations (at least `VETO_MIN_VISITS`) an action needs before it can overrule."""
VETO_MIN_VISITS = 8
VETO_Z = 1.0
"""And by this many standard errors of the difference of the two means (noise is not evidence)."""
EXPANSION_VISITS = 16
"""A node below the root grows children only once it has been visited this often (before that an
iteration reaching it goes straight to its rollout): at small budgets the tree stays shallow and
the rollout policy, not a uniform choice among untried actions, plays the plies below."""
EXPLORATION = 0.7
"""UCB exploration constant (results lie in [0, 1])."""


@dataclass(frozen=True)
class GameSettings:
    """Search settings of one game: the module defaults, with what its `GameSpec.search` declares."""

    horizon: int = DEFAULT_HORIZON
    """Rollout decisions before the position is scored (chance steps not counted)."""
    turns: int = 0
    """When > 0, a rollout ends once this many turns (`State.turn_count`) have ended since its start, or
    after `horizon` decisions, whichever comes first."""
    rollout: str | None = None
    """The rollout bot for this game (None: the bot's `rollout`)."""
    veto_margin: float = VETO_MARGIN
    veto_z: float = VETO_Z
    veto_share: float = VETO_SHARE
    flat: bool = False
    """Grow no node below the root's children: each root action is judged by the plain mean of its
    rollouts, not by a deeper tree's best line. Off for every game: on the longest game it measured within
    noise of the tree search (docs/bots.md)."""


DEFAULTS = GameSettings()
_SETTINGS: dict[str, GameSettings] = {}
"""Each game's settings (by `GameSpec.name`), made on first use (`game_settings`)."""


def game_settings(spec: GameSpec) -> GameSettings:
    """`DEFAULTS` with the settings `spec` declares (`GameSpec.search`); `ConfigError` naming a setting
    the search does not have."""
    settings = _SETTINGS.get(spec.name)
    if settings is None:
        known = {f.name for f in fields(GameSettings)}
        unknown = sorted(set(spec.search) - known)
        if unknown:
            raise ConfigError(f"{spec.title}: unknown search setting(s) {', '.join(unknown)} "
                              f"(known: {', '.join(sorted(known))})")
        settings = replace(DEFAULTS, **spec.search)
        _SETTINGS[spec.name] = settings
    return settings
MAX_ITERATIONS = 10_000_000
MAX_SECONDS = 600.0

_BUDGET = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(it|ms|s)\s*$")


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """``"1000it"`` → (1000, None); ``"200ms"`` → (None, 0.2); ``"2s"`` → (None, 2.0).

    Raises ValueError with the accepted forms for anything else (a zero or absurd budget included).
    """
    m = _BUDGET.match(text)
    if m is None:
        raise ValueError(f"bad mcts budget {text!r}: use e.g. mcts:1000it, mcts:200ms or mcts:2s")
    value, unit = float(m.group(1)), m.group(2)
    if unit == "it":
        if not value.is_integer() or not 1 <= value <= MAX_ITERATIONS:
            raise ValueError(f"bad mcts budget {text!r}: iterations must be a whole number "
                             f"from 1 to {MAX_ITERATIONS:,}")
        return int(value), None
    seconds = value / 1000 if unit == "ms" else value
    if not 0.001 <= seconds <= MAX_SECONDS:
        raise ValueError(f"bad mcts budget {text!r}: a time from 1ms to {MAX_SECONDS:g}s")
    return None, seconds


class _Node:
    """Statistics of the action that leads here, for the seat that chose it (`player`; CHANCE for
    a chance outcome), and the children by action index."""

    __slots__ = ("children", "visits", "wins", "sq", "avail", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.wins = 0.0
        self.sq = 0.0
        """Sum of the squared results (their spread, for `VETO_Z`)."""
        self.avail = 1
        self.player = player


def _clearly_better(c: _Node, prior: _Node, margin: float = VETO_MARGIN, z: float = VETO_Z) -> bool:
    """Whether `c`'s mean result beats `prior`'s by `margin` plus `z` standard errors (the game's
    `veto_margin` and `veto_z`)."""
    def mean_var(n: _Node) -> tuple[float, float]:
        m = n.wins / n.visits
        return m, max(0.0, n.sq / n.visits - m * m) / n.visits

    mc, vc = mean_var(c)
    mp, vp = mean_var(prior)
    return mc - mp >= margin + z * math.sqrt(vc + vp)


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled code (docs/performance.md)
class MctsBot:
    """Information-set MCTS with truncated random rollouts (see the module docstring)."""

    def __init__(self, iterations: int | None = DEFAULT_ITERATIONS, seconds: float | None = None,
                 horizon: int | None = None, exploration: float = EXPLORATION,
                 rollout: str | None = ROLLOUT_BOT, prior: str | None = PRIOR_BOT) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations if seconds is None else None
        self.seconds = seconds
        self.horizon = horizon
        """Rollout decisions (None: the game's `GameSettings.horizon`)."""
        self._settings = DEFAULTS
        self._horizon = DEFAULT_HORIZON
        self.exploration = exploration
        self.rollout = rollout
        self.prior = prior
        self._policies: dict[str, Bot | None] = {}
        self._priors: dict[str, Bot | None] = {}
        self._prior_index = -1
        self.last_prior: Action | None = None
        """The prior bot's choice at the last `choose` (None: no prior bot, or a forced choice)."""
        self.last_iterations = 0
        """Iterations run by the last `choose` (0 when the choice was forced)."""
        if self.seconds is not None:
            ms = self.seconds * 1000
            self.name = f"mcts:{ms:g}ms" if ms < 1000 else f"mcts:{self.seconds:g}s"
        else:
            self.name = f"mcts:{self.iterations}it"

    @classmethod
    def from_budget(cls, budget: str | None) -> MctsBot:
        """The bot for a name's budget part (None: the default budget)."""
        if budget is None:
            return cls()
        iterations, seconds = parse_budget(budget)
        return cls(iterations=iterations, seconds=seconds)

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions()
        self.last_iterations = 0
        self.last_prior = None
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        self._settings = game_settings(state.spec)
        self._horizon = self.horizon if self.horizon is not None else self._settings.horizon
        prior = self._prior_choice(state, seat, rng, legal)
        self.last_prior = prior
        self._prior_index = prior.index if prior is not None else -1
        root = _Node(seat)
        if self.iterations is not None:
            for _ in range(self.iterations):
                self._iterate(state, seat, root, rng)
            self.last_iterations = self.iterations
        else:
            assert self.seconds is not None
            deadline = start + self.seconds
            n = 0
            while True:
                self._iterate(state, seat, root, rng)
                n += 1
                if time.perf_counter() >= deadline:
                    break
            self.last_iterations = n
        return self._final(root, legal, prior)

    def _final(self, root: _Node, legal: list[Action], prior: Action | None) -> Action:
        """The root action with the most visits (ties: more wins, then the legal order); with a prior
        action, that one unless another was visited enough and scored clearly better on average."""
        children = root.children
        pc = children.get(prior.index) if prior is not None else None
        if prior is not None and pc is None:
            return prior  # no evidence against it
        g = self._settings
        need = max(VETO_MIN_VISITS, g.veto_share * self.last_iterations)
        best: Action | None = None
        best_key = (-1, -1.0)
        for a in legal:
            c = children.get(a.index)
            if c is None or (c.visits, c.wins) <= best_key:
                continue
            if pc is not None and c is not pc and (c.visits < need or not _clearly_better(
                    c, pc, g.veto_margin, g.veto_z)):
                continue
            best, best_key = a, (c.visits, c.wins)
        if best is None:
            return prior if prior is not None else legal[0]
        return best

    def _prior_choice(self, state: State, seat: int, rng: Rng, legal: list[Action]) -> Action | None:
        """The prior bot's choice, made on a determinization (so it too reads only the seat's view)."""
        game = state.spec.name
        if game not in self._priors:
            name = self.prior
            self._priors[game] = make_bot(game, name) if name and name in bot_names(game) else None
        bot = self._priors[game]
        if bot is None:
            return None
        a = bot.choose(state.determinize(seat, Rng(rng.next64())), seat, rng)
        return a if a in legal else None

    def _iterate(self, state: State, seat: int, root: _Node, rng: Rng) -> None:
        """One determinization, one descent (selection and one expansion), one rollout, backup."""
        d = self._determinize(state, seat, rng)
        node = root
        path = [root]
        c_explore = self.exploration
        flat = self._settings.flat
        log, sqrt = math.log, math.sqrt
        below = rng.below
        while True:
            p = d.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                a = d.sample_chance()
                child = node.children.get(a.index)
                if child is None:
                    child = node.children[a.index] = _Node(CHANCE)
                node = child
                path.append(node)
                continue
            legal = d.legal_actions()
            if len(legal) == 1:
                d.apply_fast(legal[0])
                continue
            if node is not root and (flat or node.visits < EXPANSION_VISITS):
                break
            children = node.children
            untried = [a for a in legal if a.index not in children]
            if untried:
                for a in legal:
                    c = children.get(a.index)
                    if c is not None:
                        c.avail += 1
                a = untried[below(len(untried))] if len(untried) > 1 else untried[0]
                if node is root and self._prior_index >= 0 and self._prior_index not in children:
                    a = next((u for u in untried if u.index == self._prior_index), a)  # tried first
                node = children[a.index] = _Node(p)
                path.append(node)
                d.apply_fast(a)
                break
            best_a = legal[0]
            best_c = children[best_a.index]
            best_v = -1.0
            for a in legal:
                c = children[a.index]
                c.avail += 1
                v = c.wins / c.visits + c_explore * sqrt(log(c.avail) / c.visits)
                if v > best_v:
                    best_v, best_a, best_c = v, a, c
            node = best_c
            path.append(node)
            d.apply_fast(best_a)
        values = self._rollout(d, rng, self._policy(d))
        for n in path:
            n.visits += 1
            if n.player >= 0:
                v = values[n.player]
                n.wins += v
                n.sq += v * v

    def _determinize(self, state: State, seat: int, rng: Rng) -> State:
        """The state one iteration searches: a determinization for `seat` (never the live state)."""
        return state.determinize(seat, rng)

    def _policy(self, state: State) -> Bot | None:
        """The game's rollout bot (`rollout`), or None (uniformly random) where it has none."""
        game = state.spec.name
        if game not in self._policies:
            name = self.rollout
            if self._settings.rollout and name == ROLLOUT_BOT:
                name = self._settings.rollout  # the game's own default policy
            self._policies[game] = make_bot(game, name) if name and name in bot_names(game) else None
        return self._policies[game]

    def _rollout(self, d: State, rng: Rng, policy: Bot | None) -> list[float]:
        """The policy's decisions (chance drawn from the copy's rng) up to the horizon; then the
        final result, or the game's `heuristic_value()`."""
        below = rng.below
        steps = self._horizon
        turns = self._settings.turns
        end = d.turn_count() + turns
        while steps > 0:
            p = d.current_player()
            if p == TERMINAL:
                return d.returns()
            if turns and d.turn_count() >= end:
                break
            if p == CHANCE:
                d.sample_chance()
                continue
            if policy is not None:
                d.apply_fast(policy.choose(d, p, rng))
            else:
                legal = d.legal_actions()
                d.apply_fast(legal[below(len(legal))] if len(legal) > 1 else legal[0])
            steps -= 1
        return d.returns() if d.is_terminal() else d.heuristic_value()


register_bot("*", "mcts", MctsBot.from_budget, takes_budget=True)
