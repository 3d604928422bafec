"""Space Lanes turn flow: setup (L1-L3), who decides, the main turn decision with Trade, Travel and Odd
Jobs (L4-L9), the end of a turn (adrift, L7; winning, L21), and handing every other decision to the frame
on top of the stack.

Decisions are frames on `state.stack` (`frames`: each knows who decides, what is legal and what a choice
does); with an empty stack the active player is at its main turn decision. After every action `_advance`
runs the automatic steps: skipping response windows for players who cannot play (L10), resolving chains
(L17), and starting engagements (L14).

The rules live in small modules, each with its frames: `card_play` (L10-L13), `chains` (L17), `trade`
(L5, L9), `travel` (L2, L6, L20), `engagements` (L14-L18), `pvp` (L19) and `goals` (L21), with shared
helpers in `common`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError
from spacetable.engine.state import CHANCE, TERMINAL
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.board import NLANES, NSLOTS
from spacetable.games.spacelanes.card_play import (
    WindowFrame,
    play_card,
    playable_types,
    push_window,
    refresh,
    turn_start,
    usable_stored,
    use_stored,
)
from spacetable.games.spacelanes.chains import ChainFrame
from spacetable.games.spacelanes.common import (
    GOALS,
    HAND_LIMIT,
    SETTLE,
    TYPE,
    at_station,
    draw,
    mod,
    same_space,
)
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import NGOODS
from spacetable.games.spacelanes.engagements import begin_engagement, resolve_chain
from spacetable.games.spacelanes.frames import Phase
from spacetable.games.spacelanes.goals import game_over
from spacetable.games.spacelanes.pvp import MAX_OFFERS, CombatFrame, open_offer
from spacetable.games.spacelanes.trade import TradeFrame
from spacetable.games.spacelanes.travel import land, legal_moves, start_move

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

START_CREDITS = 3000
ODD_JOBS_PAY = 500
MODES = ("exploration", "pvp")


# ----- setup -------------------------------------------------------------------------------------
def setup(cls: type[S], config: dict[str, Any], seed: int) -> S:
    n = int(config["players"])
    modes = list(config.get("modes", []))
    for m in modes:
        if m not in MODES:
            raise ConfigError(f"unknown Space Lanes mode {m!r}; choose from {', '.join(MODES)}")
    tl = config.get("turn_limit", 0)
    if not isinstance(tl, int) or tl < 0:
        raise ConfigError("turn_limit must be a non-negative integer")
    s = cls.__new__(cls)
    s.init_base(config, seed)
    s.n = n
    s.exploration = "exploration" in modes
    s.pvp = "pvp" in modes
    s.turn_limit = tl
    rng = s.rng
    # L1: a random Homeworld takes slot 0, the rest are shuffled into slots 1-14.
    hws = list(CONTENT.homeworlds)
    first = hws[rng.below(len(hws))]
    rest = [i for i in range(len(SETTLE)) if i != first]
    rng.shuffle(rest)
    s.slot_set = [first] + rest
    s.lane_of = list(range(NLANES))
    rng.shuffle(s.lane_of)
    s.dist = [CONTENT.lanes[i].distance for i in s.lane_of]
    # L20, Exploration: "place the non-homeworld Settlements and all Space Lanes face down": all three
    # Homeworlds start face up, wherever they lie.
    s.rev_set = [not s.exploration or SETTLE[s.slot_set[i]].homeworld for i in range(NSLOTS)]
    s.rev_lane = [not s.exploration] * NLANES
    s.credits = [START_CREDITS] * n
    s.cargo = [[0] * NGOODS for _ in range(n)]
    goals = list(range(len(GOALS)))
    rng.shuffle(goals)
    s.goal = goals[:n]
    s.deck = list(range(len(TYPE)))
    rng.shuffle(s.deck)
    s.discard = []
    s.known = ()
    s.hand = []
    for _ in range(n):
        s.hand.append(s.deck[-HAND_LIMIT:])
        del s.deck[-HAND_LIMIT:]
    s.ship = [[] for _ in range(n)]
    s.transports = [[] for _ in range(n)]
    s.node = [-1] * n
    s.lane = [-1] * n
    s.mark = [0] * n
    s.damaged = [False] * n
    s.adrift = [False] * n
    s.union = [0] * n
    s.pirate = [0] * n
    s.last_landed = [-1] * n
    s.bought = [[0] * NGOODS for _ in range(n)]
    s.feature_used = [False] * n
    s.engaged = [-1] * n
    s.visited = [0] * n
    s.traded = [0] * n
    for f in ("goods_sold", "contraband_sold", "pirates_won", "bounties", "transports_done"):
        setattr(s, f, [0] * n)
    for f in ("hostile", "bounty", "station", "asteroids", "wormhole"):
        setattr(s, f, [-1] * NLANES)
    s.econ = [-1] * NSLOTS
    s.until = [0] * len(TYPE)
    s.marks = [0] * len(TYPE)
    s.stock = [-1] * (NSLOTS * NGOODS)
    s.active = 0
    s.phase = Phase.SETUP
    s.turns = 0
    s.trade_state = s.travel_state = s.moves_made = s.free_moves = s.toss_state = s.draw_state = 0
    s.withdrawn = 0
    s.pvp_done = False
    s.offers = 0
    s.stack = []
    s.chain = []
    s.winner_list = []
    s.reached = 0
    s.setup_seat = 0
    return s


# ----- who decides -------------------------------------------------------------------------------
def current_player(s: S) -> int:
    if s.phase == Phase.OVER:
        return TERMINAL
    if s.phase == Phase.SETUP:
        return s.setup_seat
    if s.phase == Phase.FIRST_ROLL:
        return CHANCE
    if not s.stack:
        return s.active
    return s.stack[-1].current_player(s)


def decision_name(s: S) -> str:
    if s.phase == Phase.OVER:
        return "over"
    if s.phase == Phase.SETUP:
        return "setup.start"
    if s.phase == Phase.FIRST_ROLL:
        return "setup.first"
    if not s.stack:
        return "turn"
    return s.stack[-1].decision()


def chance_outcomes(s: S) -> list[tuple[Action, float]]:
    if s.phase == Phase.FIRST_ROLL:
        # L3: highest single die, ties re-rolled: each seat equally likely.
        return [(A.FIRST[p], 1.0 / s.n) for p in range(s.n)]
    if s.stack and s.stack[-1].current_player(s) == CHANCE:  # an engagement's or an attack's dice
        return A.ROLL_PROBS
    return []


# ----- legal actions -----------------------------------------------------------------------------
def legal(s: S) -> list[Action]:
    if s.phase == Phase.SETUP:
        return list(A.START)
    if s.phase != Phase.PLAY:
        return []
    if not s.stack:
        return _legal_turn(s)
    return s.stack[-1].legal(s)


def _legal_turn(s: S) -> list[Action]:
    p = s.active
    out: list[Action] = []
    at_node = s.node[p] >= 0
    if at_node and s.trade_state == 0:
        out.append(A.TRADE)
    if s.travel_state < 2:
        out.extend(legal_moves(s, p))
    if s.trade_state == 0 and s.travel_state == 0:
        if at_station(s, p):
            out.append(A.ODD_JOBS)
        if at_node and s.damaged[p]:
            out.append(A.SKIP)
    if s.pvp:
        others = [q for q in range(s.n) if q != p and same_space(s, p, q)]
        if not s.pvp_done:  # L19 sets no condition on the attacker: a Damaged ship may attack too
            out.extend(A.ATTACK[q] for q in others)
        if s.offers < MAX_OFFERS:
            out.extend(A.OFFER[q] for q in others)
    out.extend(A.PLAY[ti] for ti in playable_types(s, p, True))
    out.extend(A.USE[ti] for ti in usable_stored(s, p))
    out.append(A.END)
    return out


# ----- apply -------------------------------------------------------------------------------------
def apply(s: S, a: Action) -> None:
    if a.kind != "play" and a.kind != "cancel":
        s.withdrawn = 0  # something happened: a card taken back at its target may be played again
    if s.phase == Phase.SETUP:
        _setup_start(s, int(a.args[0]))
    elif s.phase == Phase.FIRST_ROLL:
        s.active = int(a.args[0])
        s.phase = Phase.PLAY
        s.emit("L3", "first", s.active)
        _start_turn(s)
    elif not s.stack:
        _apply_turn(s, a)
    else:
        s.stack[-1].apply(s, a)
    _advance(s)


def _setup_start(s: S, slot: int) -> None:
    p = s.setup_seat
    land(s, p, slot)
    s.emit("L3", "start", p, slot)
    s.setup_seat += 1
    if s.setup_seat == s.n:
        s.phase = Phase.FIRST_ROLL


def _start_turn(s: S) -> None:
    p = s.active
    s.turns += 1
    s.trade_state = s.travel_state = s.moves_made = s.toss_state = s.draw_state = 0
    s.free_moves = mod(s, p, "free_moves")
    s.pvp_done = False
    s.offers = 0  # L19 trades: MAX_OFFERS per turn
    s.emit("Turns", "turn", p, s.turns)
    turn_start(s, p)  # timed events end, reusable cards refresh
    push_window(s)


def _advance(s: S) -> None:
    while s.phase == Phase.PLAY:
        if not s.stack:
            p = s.active
            ls = s.lane[p]
            if ls >= 0 and s.hostile[ls] >= 0 and s.engaged[p] != s.hostile[ls]:
                begin_engagement(s, p, ls)
                continue
            return
        f = s.stack[-1]
        if isinstance(f, WindowFrame):
            if f.ask_next(s):
                return
            s.stack.pop()
            continue
        if isinstance(f, ChainFrame):
            q = f.next_responder(s)
            if q >= 0:
                f.responder = q
                return
            s.stack.pop()
            resolve_chain(s)
            continue
        return


# ----- turn --------------------------------------------------------------------------------------
def _apply_turn(s: S, a: Action) -> None:
    p = s.active
    kind = a.kind
    if kind == "move" or kind == "jump":
        start_move(s, p, int(a.args[0]), kind == "jump")
    elif kind == "trade":
        s.trade_state = 1
        if s.travel_state == 1:
            s.travel_state = 2
        s.stack.append(TradeFrame())
        s.emit("L5", "trade", p, s.node[p])
    elif kind == "play":
        play_card(s, p, A.SLUGS.index(str(a.args[0])))
    elif kind == "use":
        use_stored(s, p, A.SLUGS.index(str(a.args[0])))
    elif kind == "odd_jobs":
        k = draw(s, p, HAND_LIMIT - len(s.hand[p]))
        pay = ODD_JOBS_PAY + mod(s, p, "odd_jobs")
        refresh(s, p, "odd_jobs")
        s.credits[p] += pay
        s.emit("L8", "odd_jobs", p, k, pay)
        _end_turn(s)
    elif kind == "skip":
        s.damaged[p] = False
        s.emit("L9", "skip_repair", p)
        _end_turn(s)
    elif kind == "offer":
        open_offer(s, int(a.args[0]))
    elif kind == "attack":
        s.pvp_done = True
        q = int(a.args[0])
        s.emit("L19", "attack", p, q)
        s.stack.append(CombatFrame(q))
    else:  # end
        _end_turn(s)


def _end_turn(s: S) -> None:
    p = s.active
    if s.lane[p] >= 0 and not s.hand[p] and not s.adrift[p]:
        s.damaged[p] = True
        s.adrift[p] = True
        s.emit("L7", "adrift", p)
    if game_over(s, p):
        return
    s.active = (p + 1) % s.n
    _start_turn(s)
