"""The Space Lanes game state: slotted fields, hand-written copy, views and determinization.

Rules (legal actions and their effects) live in `rules.py` and the frames on the decision stack; this
module holds the data, what each seat may see (`view`), and the resampling of what it may not
(`determinize`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from spacetable.engine.action import Action, ActionSpace
from spacetable.engine.events import Event
from spacetable.engine.rng import Rng, determinized_rng
from spacetable.engine.state import CHANCE, TERMINAL, State, View
from spacetable.games.spacelanes import action_text, evaluation, event_text, rules, windows
from spacetable.games.spacelanes.actions import SPACE
from spacetable.games.spacelanes.board import ENDS, NLANES, NSLOTS
from spacetable.games.spacelanes.card_play import TargetFrame
from spacetable.games.spacelanes.common import cargo_limit
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS
from spacetable.games.spacelanes.engagements import engagement_info
from spacetable.games.spacelanes.frames import Phase, SpaceLanesFrame
from spacetable.games.spacelanes.goals import progress
from spacetable.games.spacelanes.pvp import OfferFrame, loot_shown, offer_info
from spacetable.games.spacelanes.text import goal_text
from spacetable.games.spacelanes.trade import buy_price, econ_info, sell_price

CT = CONTENT.card_types
TYPE = CONTENT.deck

_FIELDS = (
    "n", "exploration", "pvp", "turn_limit", "slot_set", "lane_of", "dist", "rev_set", "rev_lane",
    "credits", "cargo", "hand", "ship", "transports", "node", "lane", "mark", "damaged", "adrift",
    "union", "pirate", "goal", "last_landed", "bought", "feature_used", "engaged", "visited",
    "traded", "goods_sold", "contraband_sold", "pirates_won", "bounties", "transports_done",
    "deck", "discard", "hostile", "bounty", "station", "asteroids", "wormhole", "econ",
    "active", "phase", "turns", "trade_state", "travel_state", "moves_made", "free_moves", "toss_state",
    "draw_state", "withdrawn", "pvp_done", "offers", "stack", "chain", "winner_list", "reached", "setup_seat",
    "known", "until", "marks", "stock",
)
_LISTS2 = ("cargo", "hand", "ship", "bought")
_LISTS1 = ("slot_set", "lane_of", "dist", "rev_set", "rev_lane", "credits", "node", "lane", "mark", "damaged",
           "adrift", "union", "pirate", "goal", "last_landed", "feature_used", "engaged", "visited",
           "traded", "goods_sold", "contraband_sold", "pirates_won", "bounties", "transports_done", "deck",
           "discard", "hostile", "bounty", "station", "asteroids", "wormhole", "econ", "winner_list",
           "until", "marks", "stock")


class SpaceLanesState(State):
    """A game of Space Lanes, in one of four phases (`frames.Phase`: choosing starts and the first
    player's roll, L3; turns; over)."""

    __slots__ = _FIELDS
    space: ClassVar[ActionSpace] = SPACE

    n: int
    exploration: bool
    pvp: bool
    turn_limit: int
    slot_set: list[int]
    lane_of: list[int]
    dist: list[int]
    rev_set: list[bool]
    rev_lane: list[bool]
    credits: list[int]
    cargo: list[list[int]]
    hand: list[list[int]]
    ship: list[list[int]]
    transports: list[list[list[int]]]
    node: list[int]
    lane: list[int]
    mark: list[int]
    damaged: list[bool]
    adrift: list[bool]
    union: list[int]
    pirate: list[int]
    goal: list[int]
    last_landed: list[int]
    bought: list[list[int]]
    feature_used: list[bool]
    engaged: list[int]
    visited: list[int]
    traded: list[int]
    """Seat → bit set of the slots where it bought or sold a good (the Explorer goal, goals.json)."""
    goods_sold: list[int]
    contraband_sold: list[int]
    pirates_won: list[int]
    bounties: list[int]
    transports_done: list[int]
    deck: list[int]
    discard: list[int]
    hostile: list[int]
    bounty: list[int]
    station: list[int]
    asteroids: list[int]
    wormhole: list[int]
    econ: list[int]
    active: int
    phase: Phase
    turns: int
    trade_state: int
    travel_state: int
    moves_made: int
    free_moves: int
    toss_state: int
    draw_state: int
    withdrawn: int
    """Cards taken back at their target (`TargetFrame`'s cancel) since the last other action: bit
    `seat * len(card_types) + type`. Such a card is not offered again until something else happens
    (`card_play.can_play`), so play-and-cancel is not an endless loop of free decisions."""
    pvp_done: bool
    offers: int
    stack: list[SpaceLanesFrame]
    """The decision stack (`frames`): the top frame is the open decision; empty at a turn decision."""
    chain: list[list[int]]
    winner_list: list[int]
    reached: int
    """Bit q set: seat q has ended a turn on a Settlement with its Goal reached (L21); the round is
    then played out."""
    setup_seat: int
    until: list[int]
    """Card id → the turn (`turns`) at whose start a timed event in play is discarded (card_play.place)."""
    marks: list[int]
    """Card id → a mark on a card in play: for a Used reusable card on a ship the turn it was Used
    (rulebook, Reusable cards; 0: ready), the jumps left for a Wormhole; reset when the card enters
    play."""
    stock: list[int]
    """Slot * NGOODS + good → units an Economic event leaves for sale there (-1: no limit)."""
    known: tuple[tuple[int, int, int], ...]
    """Hand cards other seats know of: (bit set of the hands that may hold it, card id, bit set of the
    seats that know one of those hands holds a card of that card's type). A card taken face up from
    the discard pile (the Salvage Yard, L5) or handed over in a public deal is known to all in one
    hand; a looted card (L19) to the two captains, while the other seats' entries on the loser's hand
    widen to the winner's too. Immutable, so copies share it; a card leaving a hand face up
    (`common.take_from_hand`) uses one up for every seat."""

    # ----- engine API ------------------------------------------------------------------------
    def current_player(self) -> int:
        return rules.current_player(self)

    def _legal_actions(self) -> list[Action]:
        return rules.legal(self)

    def _apply(self, action: Action) -> None:
        rules.apply(self, action)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return rules.chance_outcomes(self)

    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def returns(self) -> list[float]:
        r = [0.0] * self.n
        if self.phase == Phase.OVER and self.winner_list:
            for w in self.winner_list:
                r[w] = 1.0 / len(self.winner_list)
        return r

    def decision_name(self) -> str:
        return rules.decision_name(self)

    def optional_pass(self) -> Action | None:
        """`pass` at a response window (L10) where the asked seat holds no card that can change what just
        happened (`windows.relevant_plays`), else None."""
        return windows.optional_pass(self)

    def meaningful_responses(self) -> list[Action] | None:
        """At a response window (L10), the plays that can change its outcome; None elsewhere."""
        return windows.meaningful(self)

    def heuristic_value(self) -> list[float]:
        """Win-chance estimate for search bots: a softmax of each captain's standing, its Goal progress
        (L21) counting the hold, Transports and fuel it has not cashed yet (`evaluation.win_chances`).
        On a determinized copy the other Goals are sampled ones."""
        if self.phase == Phase.OVER:
            return self.returns()
        return evaluation.win_chances(self)

    def turn_count(self) -> int:
        return self.turns

    def game_stats(self) -> dict[str, Any]:
        return {"winning_goals": [CONTENT.goals[self.goal[w]].slug for w in self.winner_list]}

    def describe(self, action: Action) -> str:
        return action_text.describe(self, action)

    def render_event(self, event: Event) -> str:
        return event_text.render_event(event, self)

    def action_rule(self, action: Action) -> str | None:
        return action_text.action_rule(self, action)

    def event_level(self, event: Event) -> str:
        return event_text.event_level(event)

    # ----- copy ------------------------------------------------------------------------------
    def copy(self) -> Self:
        # one statement a field (every slot: tests/engine/test_copy_fields.py); a getattr/setattr loop over
        # _LISTS1 and _LISTS2 costs twice as much
        cls = self.__class__
        o = cls.__new__(cls)
        o.rng = self.rng.copy()
        o._log = self._log
        o.events = None if self.events is None else []
        o.config = self.config
        o.seed = self.seed
        o.n = self.n
        o.exploration = self.exploration
        o.pvp = self.pvp
        o.turn_limit = self.turn_limit
        o.slot_set = self.slot_set.copy()
        o.lane_of = self.lane_of.copy()
        o.dist = self.dist.copy()
        o.rev_set = self.rev_set.copy()
        o.rev_lane = self.rev_lane.copy()
        o.credits = self.credits.copy()
        o.node = self.node.copy()
        o.lane = self.lane.copy()
        o.mark = self.mark.copy()
        o.damaged = self.damaged.copy()
        o.adrift = self.adrift.copy()
        o.union = self.union.copy()
        o.pirate = self.pirate.copy()
        o.goal = self.goal.copy()
        o.last_landed = self.last_landed.copy()
        o.feature_used = self.feature_used.copy()
        o.engaged = self.engaged.copy()
        o.visited = self.visited.copy()
        o.traded = self.traded.copy()
        o.goods_sold = self.goods_sold.copy()
        o.contraband_sold = self.contraband_sold.copy()
        o.pirates_won = self.pirates_won.copy()
        o.bounties = self.bounties.copy()
        o.transports_done = self.transports_done.copy()
        o.deck = self.deck.copy()
        o.discard = self.discard.copy()
        o.hostile = self.hostile.copy()
        o.bounty = self.bounty.copy()
        o.station = self.station.copy()
        o.asteroids = self.asteroids.copy()
        o.wormhole = self.wormhole.copy()
        o.econ = self.econ.copy()
        o.winner_list = self.winner_list.copy()
        o.reached = self.reached
        o.until = self.until.copy()
        o.marks = self.marks.copy()
        o.stock = self.stock.copy()
        o.cargo = [x.copy() for x in self.cargo]
        o.hand = [x.copy() for x in self.hand]
        o.ship = [x.copy() for x in self.ship]
        o.bought = [x.copy() for x in self.bought]
        o.transports = [[t.copy() for t in ts] for ts in self.transports]
        o.stack = [f.copy() for f in self.stack]
        o.chain = [c.copy() for c in self.chain]
        o.active = self.active
        o.phase = self.phase
        o.turns = self.turns
        o.trade_state = self.trade_state
        o.travel_state = self.travel_state
        o.moves_made = self.moves_made
        o.free_moves = self.free_moves
        o.toss_state = self.toss_state
        o.draw_state = self.draw_state
        o.withdrawn = self.withdrawn
        o.pvp_done = self.pvp_done
        o.setup_seat = self.setup_seat
        o.offers = self.offers
        o.known = self.known
        return o

    # ----- hidden information ----------------------------------------------------------------
    def determinize(self, player: int, rng: Rng) -> Self:
        """Resample other hands, deck order, other goals and face-down board cards (L20), keeping the
        hand cards `player` knows of (`known`: the Salvage Yard, L5; Loot, L19) in their hands."""
        o = self.copy()
        o.rng = determinized_rng(rng)
        others = [q for q in range(self.n) if q != player]
        # a card being played (choosing its target) has been shown: it stays in its player's hand
        shown: dict[int, list[int]] = {}
        for f in o.stack:
            if isinstance(f, TargetFrame) and f.seat != player:
                h = o.hand[f.seat]
                cid = next(c for c in h if TYPE[c] == f.card)
                h.remove(cid)
                shown.setdefault(f.seat, []).append(cid)
            elif isinstance(f, OfferFrame) and f.proposer != player:  # cards put into a public proposal (L19)
                q = f.proposer
                for t in f.shown_hand():
                    cid = next(c for c in o.hand[q] if TYPE[c] == t)
                    o.hand[q].remove(cid)
                    shown.setdefault(q, []).append(cid)
        lo = loot_shown(o, player)
        if lo >= 0:  # a looting winner sees the loser's whole hand (L19)
            shown.setdefault(lo, []).extend(o.hand[lo])
            o.hand[lo] = []
        pool = list(o.deck)
        for q in others:
            pool.extend(o.hand[q])
        pool.sort()  # the result depends only on what `player` knows, not on the hidden order
        rng.shuffle(pool)
        # cards `player` knows another hand holds (`known`) stay there (a card of the same type); an
        # entry that allows several hands goes to one with room, after the entries that allow one
        fixed: dict[int, list[int]] = {}
        if self.known:
            shown_at = [(q, TYPE[c]) for q, cs in shown.items() for c in cs]
            mine_ = [(hs, c) for hs, c, m in self.known if m >> player & 1 and not hs >> player & 1]
            mine_.sort(key=lambda e: e[0].bit_count())
            for hs, c in mine_:
                t = TYPE[c]
                at = next((e for e in shown_at if hs >> e[0] & 1 and e[1] == t), None)
                if at is not None:  # the card on show may be the known one
                    shown_at.remove(at)
                    continue
                j = next((j for j, x in enumerate(pool) if TYPE[x] == t), -1)
                q = next((q for q in others
                          if hs >> q & 1 and len(fixed.get(q, ())) < len(o.hand[q])), -1)
                if j >= 0 and q >= 0:
                    fixed.setdefault(q, []).append(pool.pop(j))
        i = 0
        for q in others:
            mine = fixed.get(q, [])
            k = len(o.hand[q]) - len(mine)
            o.hand[q] = pool[i:i + k] + mine + shown.get(q, [])
            i += k
        o.deck = pool[i:]
        if self.phase != Phase.OVER:
            gpool = [g for g in range(len(CONTENT.goals)) if g != self.goal[player]]
            rng.shuffle(gpool)
            for j, q in enumerate(others):
                o.goal[q] = gpool[j]
        if self.exploration:
            hidden = [s for s in range(NSLOTS) if not o.rev_set[s]]
            sets = sorted(o.slot_set[s] for s in hidden)
            rng.shuffle(sets)
            for s, v in zip(hidden, sets, strict=True):
                o.slot_set[s] = v
            hl = [ls for ls in range(NLANES) if not o.rev_lane[ls]]
            lanes = sorted(o.lane_of[ls] for ls in hl)
            rng.shuffle(lanes)
            for ls, v in zip(hl, lanes, strict=True):
                o.lane_of[ls] = v
                o.dist[ls] = CONTENT.lanes[v].distance
        return o

    def view(self, player: int | None) -> View:
        """Public board and ships, plus `player`'s own hand and goal (never other hands, the deck
        order, other goals or face-down cards)."""
        slots = []
        for s in range(NSLOTS):
            x, y = CONTENT.slot_xy[s]
            d: dict[str, Any] = {"slot": s, "x": x, "y": y, "revealed": self.rev_set[s]}
            if self.rev_set[s]:
                st = CONTENT.settlements[self.slot_set[s]]
                d.update(settlement=st.slug, name=st.name, homeworld=st.homeworld, tags=list(st.tags),
                         feature=st.ftext,
                         prices={g: [buy_price(self, s, i), sell_price(self, s, i)]
                                 for i, g in enumerate(GOODS)
                                 if st.buy[i] or st.sell[i]})
            d["economic"] = CT[TYPE[self.econ[s]]].slug if self.econ[s] >= 0 else None
            if self.econ[s] >= 0:
                d.update(econ_info(self, s))
            slots.append(d)
        lanes = []
        for ls in range(NLANES):
            a, b = ENDS[ls]
            d = {"lane": ls, "ends": [a, b], "revealed": self.rev_lane[ls]}
            if self.rev_lane[ls]:
                ln = CONTENT.lanes[self.lane_of[ls]]
                d.update(name=ln.name, distance=self.dist[ls])
            for key in ("hostile", "bounty", "station", "asteroids", "wormhole"):
                cid = getattr(self, key)[ls]
                d[key] = CT[TYPE[cid]].slug if cid >= 0 else None
                if cid >= 0 and key in ("station", "asteroids", "wormhole"):
                    d[key + "_ends"] = self.until[cid]  # the turn at whose start it is discarded
            lanes.append(d)
        ships = []
        for q in range(self.n):
            ships.append({
                "seat": q, "node": self.node[q], "lane": self.lane[q], "mark": self.mark[q],
                "credits": self.credits[q], "cargo": dict(zip(GOODS, self.cargo[q], strict=True)),
                "cargo_limit": cargo_limit(self, q), "hand_size": len(self.hand[q]),
                "ship": [CT[TYPE[c]].slug for c in self.ship[q]],
                "used": [CT[TYPE[c]].slug for c in self.ship[q] if self.marks[c]],
                "transports": [[CT[TYPE[c]].slug, pk] for c, pk in self.transports[q]],
                "damaged": self.damaged[q], "adrift": self.adrift[q], "union": self.union[q],
                "pirate": self.pirate[q], "last_landed": self.last_landed[q],
                "visited": [s for s in range(NSLOTS) if self.visited[q] >> s & 1],
                "traded": [s for s in range(NSLOTS) if self.traded[q] >> s & 1],
                "goods_sold": self.goods_sold[q], "contraband_sold": self.contraband_sold[q],
                "pirates_won": self.pirates_won[q], "bounties": self.bounties[q],
                "transports_done": self.transports_done[q],
            })
        data: dict[str, Any] = {
            "phase": int(self.phase), "turn": self.turns, "active": self.active,
            "decision": self.decision_name(), "modes": list(self.config.get("modes", [])),
            "slots": slots, "lanes": lanes, "ships": ships, "deck_size": len(self.deck),
            "discard": [CT[TYPE[c]].slug for c in self.discard],
            "trade_state": self.trade_state, "travel_state": self.travel_state,
            "moves_made": self.moves_made, "free_moves": self.free_moves,
            "engagement": engagement_info(self),
            "chain": [[CT[TYPE[c]].slug, q] for c, q in self.chain],
            "winners": list(self.winner_list),
            "reached": [q for q in range(self.n) if self.reached >> q & 1],
        }
        if self.phase == Phase.OVER:  # the Goals are revealed at the end (L21), with each one's words
            data["goals"] = [CONTENT.goals[g].slug for g in self.goal]
            data["goal_texts"] = [goal_text(CONTENT.goals[g], self.n, self.exploration) for g in self.goal]
            data["goal_progress"] = [round(progress(self, q), 4) for q in range(self.n)]
        data["offer"] = offer_info(self)
        top = self.stack[-1] if self.stack else None
        if top is not None and player is not None and self.phase == Phase.PLAY \
                and top.current_player(self) == player:  # what only the deciding seat sees (a Loot's hand)
            data.update(top.private(self))
        if isinstance(top, TargetFrame):  # the card is shown while its target is chosen
            data["pending_play"] = top.public()
        if player is not None:
            g = CONTENT.goals[self.goal[player]]
            # the Goal for this table (its target at this player count and mode), not the card's table
            data["you"] = {"seat": player, "hand": [CT[TYPE[c]].slug for c in self.hand[player]],
                           "goal": {"slug": g.slug, "name": g.name,
                                    "text": goal_text(g, self.n, self.exploration) + ".",
                                    "card_text": g.text},
                           "progress": round(progress(self, player), 4)}
        return View("spacelanes", player, data)


def new_state(config: dict[str, Any], seed: int) -> SpaceLanesState:
    return rules.setup(SpaceLanesState, config, seed)


__all__ = ["CHANCE", "TERMINAL", "SpaceLanesState", "new_state"]
