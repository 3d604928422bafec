"""Space Lanes heuristic bot, first version ("heuristic-v1"): the greedy trader's route planner and price
table, played the way a good captain plays. The current `heuristic` (spacelanes_heuristic.py) plans two
trade legs ahead on top of it; this one stays reachable as the baseline it is measured against.

- **Trade runs.** A destination is worth what the hold sells for there, plus the best run that can be
  bought there (units the purse and the hold allow × the margin to the best known buyer, less that trip),
  plus its goal value, less the moves to reach it. Buying picks the good with the best margin per unit
  *after* the trip to its best buyer, and never spends a credit-goal captain below its target.
- **Its own goal.** Once the goal is reached the bot stops on a settlement and ends the turn (L21);
  credit goals sell the hold once it covers the target and stop buying; map goals value unvisited worlds;
  Faction goals head for their office once they can pay its rising price (`trade.office_price`);
  Odd Jobs only when out of fuel or money (so no turn is wasted on 500 credits).
- **Searching in Exploration** (L20). While no office of its Faction goal is face up, the office lies
  behind one of the face-down settlements (which settlements are still face down is public): each is worth
  `SEEK_BONUS` as a destination, and the captain starts on one (L3). Without it the office stayed face down
  in half of all 2-player games and Pirate Ally won 0.42 of its share.
- **Engagements by odds** (L15-L16): Win, Escape or Parlay by the expected loss of each (the chance from
  2d6 and the ship's modifiers, the hold at stake, the Bounty on the card), and Missiles/Countermeasures
  when the expected loss they save exceeds what the card is worth in hand.
- **Event cards against the leader** (L10-L13): in a response window during the leader's turn, its
  hardest Pirates (a Patrol if the leader carries Contraband) on a lane next to the leader and off its
  own route, while its hand can spare the card; a harmful Economic card on the leader's settlement. The
  leader is the rival with the most public wealth (credits, the hold at best known prices, Transports).
- **Fuel.** A turn is worth far more than the 100 a card costs, so every Trade fills the hand toward
  `FUEL_HAND` (10) and the ship crosses a whole route in one turn.
- **PvP** (L19): the greedy bot's trades, and an attack when its Win bonus and the loot make it pay.

Card value is read from the card data (kind, cost, modifiers, prices, rewards), never from a table of
card names. The bot reads only what its seat may know (public board and ships, its own hand and goal,
the legal actions), so it chooses the same from a `determinize`d copy.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from spacetable.bots.base import register_bot
from spacetable.bots.spacelanes_greedy import MOVE_COST, _Brain, _econ_gain
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.games.spacelanes.actions import BUY, SELL, SLUGS
from spacetable.games.spacelanes.board import ADJ, ENDS, NSLOTS
from spacetable.games.spacelanes.card_play import TargetFrame
from spacetable.games.spacelanes.common import cargo_limit, mod
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import CONTRABAND, NGOODS, CardType
from spacetable.games.spacelanes.engagements import engagement, odds, parlay_fee, toll
from spacetable.games.spacelanes.goals import progress
from spacetable.games.spacelanes.state import SpaceLanesState

CT = CONTENT.card_types
TYPE = CONTENT.deck
SETTLE = CONTENT.settlements
HOSTILE_KINDS = ("pirates", "patrol", "asteroids")
FUEL_HAND = 10
HARASS_HAND = 6
SEEK_BONUS = 4000
"""Exploration (L20): what a face-down settlement is worth to a Faction-goal captain while no office of
its Faction is face up (the office is behind one of them)."""
FACTION_GOALS = ("pirate", "union")


class HeuristicV1SpaceLanesBot:
    """A credible Space Lanes captain; see the module docstring."""

    name = "heuristic-v1"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        assert isinstance(state, SpaceLanesState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return _Planner(state, seat, legal).choose()


@mypyc_attr(allow_interpreted_subclasses=True)  # the rush strategies in benchmarks/ extend it
class _Planner(_Brain):
    """The greedy brain with goal-aware trade runs, odds-based engagements and cards against the leader."""

    _seek: bool | None = None
    _fixed: int = -1

    def toward(self, dest: int) -> Action:
        """This decision with the destination fixed at slot `dest` (the exploit check's loops fly home
        by it, benchmarks/spacelanes_exploits.py)."""
        self._fixed = dest
        return self.choose()

    def destination(self) -> int:
        return self._fixed if self._fixed >= 0 else super().destination()

    # ----- what the seat knows about its goal and its rivals --------------------------------------
    def credit_target(self) -> int:
        g = self.goal
        s = self.s
        if g.kind == "credits":
            return g.target_for(s.n, s.exploration)
        if g.credits:
            return g.credits_for(s.n, s.exploration)
        return 0

    def hold_value(self, q: int) -> int:
        """What seat q's hold sells for at the best known prices (public: cargo is on show)."""
        return sum(self.s.cargo[q][g] * self.top_sell(g) for g in range(NGOODS))

    def leader(self) -> int:
        """The rival with the most public wealth (other goals are secret), or -1."""
        s, p = self.s, self.p
        best, arg = -1, -1
        for q in range(s.n):
            if q == p:
                continue
            w = s.credits[q] + self.hold_value(q) + 400 * len(s.transports[q])
            if w > best:
                best, arg = w, q
        return arg

    def goal_done(self) -> bool:
        return progress(self.s, self.p) >= 1.0

    # ----- destinations and trade runs ------------------------------------------------------------
    def run_value(self, slot: int) -> float:
        """The best single-good run that can be bought at `slot`: units × (margin at the best buyer less
        the trip there), units limited by the hold, 5 a Visit and the purse."""
        s, p = self.s, self.p
        if not self.known(slot):
            return 0.0
        room = cargo_limit(s, p) - sum(s.cargo[p])
        if room <= 0:
            return 0.0
        cash = s.credits[p] - 300
        if self.credit_target() and s.credits[p] >= self.credit_target():
            return 0.0
        mv = self.routes(slot)[0]
        best = 0.0
        for g in range(NGOODS):
            b = self.buy_at(slot, g)
            if not b:
                continue
            units = min(5, room, max(0, cash // b))
            if units <= 0:
                continue
            m = max(self.sell_at(x, g) * units - MOVE_COST * mv[x] for x in range(NSLOTS) if x != slot)
            best = max(best, m - b * units)
        return best

    def dest_value(self, slot: int, moves: int) -> float:
        s, p = self.s, self.p
        v = 0.0
        for g in range(NGOODS):
            if s.cargo[p][g] and self._market().sells_here[slot][g]:
                v += s.cargo[p][g] * self.sell_at(slot, g)
        v += self.transport_bonus(slot) + self.goal_bonus(slot)
        v += 0.6 * self.run_value(slot)
        if self.goal_done():  # L21: any settlement wins; the nearest is best
            v += 20000 if self.known(slot) else 0
        return v - MOVE_COST * moves

    def office_known(self) -> bool:
        """Is an office selling my goal's Faction face up? (Public: a face-up settlement's feature.)"""
        s = self.s
        return any(s.rev_set[x] and SETTLE[s.slot_set[x]].feature == "faction_office"
                   and SETTLE[s.slot_set[x]].farg("faction") == self.kind for x in range(NSLOTS))

    def seeking(self) -> bool:
        """Exploration: a Faction goal whose office is still face down (the search is on)."""
        if self._seek is None:
            self._seek = self.kind in FACTION_GOALS and self.s.exploration and not self.office_known()
        return self._seek

    def choose_start(self) -> Action:
        """L3 in Exploration: a Faction captain whose office is face down starts on a face-down settlement
        (one chance in the number of them to start on the office, and one more settlement face up), the
        one with the most face-down neighbours; otherwise the greedy choice (the best trade start)."""
        if not self.seeking():
            return super().choose_start()
        opts = [a for a in self.legal if not self.known(int(a.args[0]))]
        if not opts:
            return super().choose_start()
        return max(opts, key=lambda a: sum(not self.known(m) for _, m in ADJ[int(a.args[0])]))

    def goal_bonus(self, slot: int) -> int:
        if not self.known(slot) and self.seeking():
            return SEEK_BONUS
        v = super().goal_bonus(slot)
        if self.kind in ("visited", "homeworlds", "markets") and self.known(slot):
            v = int(v * 1.5)
        return v

    # ----- the main turn --------------------------------------------------------------------------
    def turn(self) -> Action:
        s, p = self.s, self.p
        at = s.node[p]
        if at >= 0 and self.goal_done() and "end" in self.by:
            return self.by["end"]  # L21: the goal is reached on a settlement
        if at >= 0 and s.trade_state == 0 and s.travel_state == 0 and "odd_jobs" in self.by:
            hand = len(s.hand[p])
            broke = s.credits[p] < 800 and sum(s.cargo[p]) == 0
            if hand == 0 and s.credits[p] < 2500 or broke:
                return self.by["odd_jobs"]
            if "trade" in self.by and not s.damaged[p]:
                return self.by["trade"]
        if s.pvp and s.node[p] >= 0:
            att = self.attack_choice()
            if att is not None:
                return att
        return super().turn()

    def attack_choice(self) -> Action | None:
        """L19: attack a rival in my Space when my Win bonus beats its and its hold is worth the risk."""
        s, p = self.s, self.p
        for a in self.legal:
            if a.kind != "attack":
                continue
            q = int(a.args[0])
            edge = mod(s, p, "win") - mod(s, q, "win")
            loot = self.hold_value(q) + 150 * len(s.hand[q])
            if edge >= 1 and loot >= 1500 or edge >= 0 and loot >= 4000 and q == self.leader():
                return a
        return None

    # ----- trading ---------------------------------------------------------------------------------
    def trade(self) -> Action:
        s, p = self.s, self.p
        slot = s.node[p]
        target = self.credit_target()
        if not s.damaged[p]:
            if target and s.credits[p] + self.hold_value(p) >= target:  # cash in for a credit goal
                for gd in range(NGOODS):
                    a = self.get(f"sell {SELL[gd].args[0]}")
                    if a is not None and self.sell_at(slot, gd) > 0:
                        return a
                if s.credits[p] >= target:
                    return self.by["done"]
            for gd in range(NGOODS):
                a = self.get(f"sell {SELL[gd].args[0]}")
                if a is not None and self._market().sells_here[slot][gd]:
                    return a
            buy = self.buy_choice(slot)
            if buy is not None and self.feature_choice(slot) is None:
                return buy
            draw = self.draw_choice()
            if draw is not None and self.feature_choice(slot) is None:
                return draw
        return super().trade()

    def draw_choice(self) -> Action | None:
        """Fuel for the road (L5-L6): a turn is worth far more than the 100 a card costs, so fill the hand
        toward `FUEL_HAND` with what the purse spares after the goods."""
        s, p = self.s, self.p
        want = FUEL_HAND
        h = len(s.hand[p])
        if s.draw_state or h >= want:
            return None
        spare = s.credits[p] - 400
        target = self.credit_target()
        if target and s.credits[p] < target + 1000 and s.credits[p] + self.hold_value(p) >= target:
            spare = min(spare, s.credits[p] - target)
        k = min(want - h, spare // 100)
        return self.get(f"draw {k}") if k > 0 else None

    def buy_choice(self, slot: int) -> Action | None:
        """The good with the best margin after the trip to its best known buyer, if it pays 150 a unit."""
        s, p = self.s, self.p
        if cargo_limit(s, p) - sum(s.cargo[p]) <= 0:
            return None
        target = self.credit_target()
        mv = self.routes(slot)[0]
        best_g, best_m = -1, 150.0
        for gd in range(NGOODS):
            a = self.get(f"buy {BUY[gd].args[0]}")
            if a is None:
                continue
            b = self.buy_at(slot, gd)
            if s.credits[p] - b < 400 or target and s.credits[p] - b < min(target, 3000) // 2:
                continue
            m = max(self.sell_at(x, gd) - MOVE_COST * mv[x] / 5 for x in range(NSLOTS) if x != slot) - b
            if gd == CONTRABAND and self.kind != "contraband_sold":
                m -= 150  # Patrol risk (L16)
            if m > best_m:
                best_g, best_m = gd, m
        return self.by[f"buy {BUY[best_g].args[0]}"] if best_g >= 0 else None

    # ----- engagements by odds (L15-L16) -----------------------------------------------------------
    def at_stake(self, card: CardType) -> float:
        """What a Lose costs: the hold and Transports to Pirates, Contraband to a Patrol, plus a repair."""
        s, p = self.s, self.p
        repair = 600.0
        if card.kind == "pirates":
            return repair + self.hold_value(p) + sum(CT[TYPE[c]].reward for c, _ in s.transports[p])
        return repair + s.cargo[p][CONTRABAND] * self.top_sell(CONTRABAND) + sum(
            CT[TYPE[c]].reward for c, _ in s.transports[p] if CT[TYPE[c]].contraband)

    def engage(self, d: str) -> Action:
        if d != "engage.choose":
            return super().engage(d)
        s, p = self.s, self.p
        f = engagement(s)
        assert f is not None
        card = CT[TYPE[f.card]]
        pre = self.engagement_card(f, self.kind in ("pirates_won", "bounties"), True)
        if pre is not None:
            return pre
        loss = self.at_stake(card)
        pw = odds(card.win - mod(s, p, "win"))
        pe = odds(card.escape - mod(s, p, "escape"))
        win_gain = 0.0
        if s.bounty[f.lane] >= 0:
            bt = CT[TYPE[s.bounty[f.lane]]]
            win_gain += bt.reward + mod(s, p, "bounty_bonus") + (2500 if self.kind == "bounties" else 0)
        if card.kind == "pirates" and self.kind == "pirates_won":
            win_gain += 2500
        # expected cost of each line: a failed roll loses `loss`; a Win also earns `win_gain`
        costs: dict[str, float] = {
            "engage win": (1 - pw) * loss - pw * win_gain,
            "engage escape": (1 - pe) * loss,
        }
        friendly = ("pirate" if card.kind == "pirates" else "union") == self.kind
        if "parlay faction" in self.by:
            c = 700.0 + (parlay_fee(s, p) if card.kind == "patrol" else 0)
            costs["parlay faction"] = c + (1500 if friendly else 0)
        if "parlay toll" in self.by:
            costs["parlay toll"] = float(toll(s, p) + parlay_fee(s, p))
        best = min(costs, key=lambda k: costs[k])
        if best.startswith("engage"):
            safe = min(costs["engage win"], costs["engage escape"])
            for a in self.legal:  # a sure Win (Missiles) or Escape (Countermeasures) when it saves enough
                if a.kind != "use":
                    continue
                t = CT[SLUGS.index(str(a.args[0]))]
                if t.kind == "missiles" and -win_gain + 150 + t.cost < safe:
                    return a
                if (t.kind == "countermeasures" or t.use == "escape") and 150 + t.cost * (t.use == "") < safe:
                    return a
        return self.by[best]

    # ----- cards played against the leader (L10-L13) ----------------------------------------------
    def leader_lanes(self) -> list[int]:
        """Lanes the leader is in or next to (nearest first)."""
        s = self.s
        q = self.leader()
        if q < 0:
            return []
        if s.lane[q] >= 0:
            ls = s.lane[q]
            a, b = ENDS[ls]
            return [ls] + [x for x, _ in ADJ[a] + ADJ[b] if x != ls]
        return [x for x, _ in ADJ[s.node[q]]]

    def harass_card(self) -> Action | None:
        """A hostile card (by its kind and numbers) worth putting in the leader's way: Pirates (or a
        Patrol when the leader carries Contraband) hard to beat, while my hand is large enough to spare
        it as fuel."""
        s, p = self.s, self.p
        q = self.leader()
        if q < 0 or s.damaged[p] or len(s.hand[p]) < HARASS_HAND or s.node[q] < 0:
            return None
        best: tuple[int, Action] | None = None
        for a in self.legal:
            if a.kind != "play":
                continue
            t = CT[SLUGS.index(str(a.args[0]))]
            fits = t.kind == "pirates" or t.kind == "patrol" and s.cargo[q][CONTRABAND] > 0
            if fits and self.card_value(t) == 0 and s.credits[p] >= t.cost + 500 and t.escape >= 7 \
                    and (best is None or t.escape > best[0]):
                best = (t.escape, a)
        return best[1] if best is not None else None

    def respond(self) -> Action:
        a = self.harass_card()
        if a is not None and self.s.active == self.leader():
            return a
        return super().respond()

    def target(self) -> Action:
        s, p = self.s, self.p
        f = s.stack[-1]
        assert isinstance(f, TargetFrame)
        t = CT[f.card]
        q = self.leader()
        hostile = t.kind in HOSTILE_KINDS and self.card_value(t) == 0
        if q >= 0 and s.active == q and (hostile or t.kind == "economic" and _econ_gain(t) < 0):
            if t.kind == "economic":
                a = self.by.get(f"world {s.node[q]}") if s.node[q] >= 0 else None
                if a is not None and s.node[q] != s.node[p]:
                    return a
            else:
                mine = self.next_lane(self.destination()) if self.destination() >= 0 else -1
                for ls in self.leader_lanes():
                    a = self.by.get(f"lane {ls}")
                    if a is not None and ls != mine and ls != s.lane[p]:
                        return a
        return super().target()


register_bot("spacelanes", "heuristic-v1", HeuristicV1SpaceLanesBot)
