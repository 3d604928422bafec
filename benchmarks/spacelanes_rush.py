"""Space Lanes rush check: scripted strategies that pursue one Goal as fast as the rules allow, against the
heuristic bot, at 2 players.

A *rush* plays one Goal and nothing else: it is dealt that Goal (swapped in at setup, before anyone chooses
a start) and plays it against a heuristic bot holding a random other Goal; seats alternate between games.
Every rush reads only what its seat may know (its own hand and Goal, the public board and ships): it is
built on the heuristic bot's planner, and `--check` replays games asking each decision again on a
`determinize`d copy (other hands, Goals and the deck resampled) and fails on any difference.

Rushes (Goal: what it does):

- `explorer-markets` (Explorer): trades at a new Settlement every turn (buys or sells one good at least,
  whatever it pays), the fastest way to the count, and trades on for the credits part.
- `explorer-fuel` (Explorer): the fuel rush that made Explorer a sure win when it counted landings: buys
  the hand full of cards at every Trade (100 each, L5) and burns it all (L6) flying to the farthest
  untraded Settlement it can reach, trading where each turn begins.
- `tycoon-trade` (Tycoon): the heuristic's trade legs, every card played only if it adds to the trade
  (cargo, sale bonus, free moves), no card against rivals.
- `merchant-volume` (Merchant Prince): the most units sold a turn: every unit counts 400 more, so the hold
  is filled with whatever sells on at all.
- `grand-tour-trade` (Grand Tour): the Tycoon rush, landing on the Homeworlds on the way.
- `pirate-hunter-dig` (Pirate Hunter): every Win upgrade it draws, a small hold, the deck dug for Pirates and
  Missiles (the rest tossed, L5), its Pirates played on the lane it is about to cross and fought whenever
  it wins a third of the time.
- `bounty-hunter-dig` (Bounty Hunter): the same with Bounties: a Pirates or Patrol card staged on its
  route, a Bounty on it, the fight.
- `union-office` / `pirate-office` (Union Ally / Pirate Ally): trades until it can pay the office's next
  token (its price rises, settlements.json), flies there at once and buys it.
- `courier-dig` (Courier): digs for Transports, loads every one it can and delivers before any trade run.
- `smuggler-shuttle` (Smuggler): Contraband only: 5 a Visit at the sources, sold at the best buyer or fence.

For each rush it prints the rush seat's win rate, the median `turn_count()` of its wins and the share
of games it won within `RUSH_TURNS` (10) game turns, and the same for the heuristic bot in the rush's seat
holding the same Goal (the control, same seeds). It exits with status 1, naming the offenders, when a
rush (or the control) wins within 10 game turns in more than `RUSH_SHARE` (5 %) of its games, or a
rush's win rate is above `MAX_RATE` (60 %).

    .venv/bin/python benchmarks/spacelanes_rush.py [N] [--rushes a,b] [--against heuristic]
        [--procs 2] [--check GAMES] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any

from spacetable.bots.base import make_bot
from spacetable.bots.spacelanes_greedy import _Brain, card_of
from spacetable.bots.spacelanes_heuristic import _Planner
from spacetable.engine.action import Action
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.games.spacelanes import actions as SA
from spacetable.games.spacelanes.common import HAND_LIMIT, mod
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import CONTRABAND, CardType
from spacetable.games.spacelanes.engagements import odds
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.trade import office_price
from spacetable.sim.runner import play_out

RUSH_TURNS = 10
"""A Goal reached within this many game turns (`turn_count()`, all players) is a rush."""
RUSH_SHARE = 0.05
"""The largest share of games a strategy may win within `RUSH_TURNS`."""
MAX_RATE = 0.60
"""The largest 2-player win rate a rush may have against the heuristic bot."""
CT = CONTENT.card_types
TYPE = CONTENT.deck
GOAL_SLUG = {g.slug: g.index for g in CONTENT.goals}


# ----- the rushes ------------------------------------------------------------------------------------
class _Rush(_Planner):
    """A rush: the heuristic planner with one Goal pushed to the limit and no play against rivals."""

    def respond(self) -> Action:
        return _Brain.respond(self)  # the greedy bot's windows: repairs and pass, no harassment

    def target(self) -> Action:
        return _Brain.target(self)


class ExplorerMarkets(_Rush):
    def goal_bonus(self, slot: int) -> int:
        return 30_000 if self.known(slot) and not self.s.traded[self.p] >> slot & 1 else 0


class ExplorerFuel(ExplorerMarkets):
    """Buys the hand full every Trade and flies the longest walk through untraded Settlements it can pay."""

    def draw_choice(self) -> Action | None:
        s, p = self.s, self.p
        k = min(HAND_LIMIT - len(s.hand[p]), (s.credits[p] - 150) // 100)
        return self.act(SA.DRAW[k]) if 0 < k < len(SA.DRAW) and not s.draw_state else None

    def cash_for_goods(self, moves: int) -> int:
        return 0  # every credit buys fuel

    def trip_cost(self, moves: int, free: int) -> float:
        return 0.0 if moves <= HAND_LIMIT + 1 else 1e6

    def goal_bonus(self, slot: int) -> int:
        s, p = self.s, self.p
        if not self.known(slot) or s.traded[p] >> slot & 1:
            return 0
        # the farthest untraded Settlement within a hand's worth of moves: the most landed on the way
        return 30_000 + 100 * self.risky_routes()[0][slot]


class TycoonTrade(_Rush):
    RESERVE_FUEL = 0

    def play_choice(self, trading: bool) -> Action | None:
        a = super().play_choice(trading)
        if a is None:
            return None
        t = card_of(a)
        useful = t.kind in ("repair_kit", "transport") or t.kind in ("upgrade", "crew") and (
            t.mod("cargo") > 0 or t.mod("sell_bonus") > 0 or t.mod("free_moves") > 0 or t.use == "moves")
        return a if useful else None


class GrandTourTrade(TycoonTrade):
    pass


class MerchantVolume(TycoonTrade):
    """Every unit sold counts: the hold is filled with whatever sells on at all, the cheapest first."""

    def fill(self, x: int, y: int, room: int, cash: int, live: bool) -> tuple[float, list[tuple[int, int]]]:
        profit, got = super().fill(x, y, room, cash, live)
        units = sum(k for _, k in got)
        return profit + 400.0 * units, got


class FightDig(_Rush):
    """Pirate Hunter / Bounty Hunter: every Win upgrade drawn, a small hold (a lost fight costs little),
    the deck dug for the cards to fight with, and every fight taken that it wins at least a third of
    the time."""

    def upgrade_use(self, t: CardType) -> int:
        if t.mod("win") or t.use == "reroll":
            return 2
        return super().upgrade_use(t)

    def cash_for_goods(self, moves: int) -> int:
        return min(super().cash_for_goods(moves), 1500)

    def fight_gain(self, t: CardType) -> float:
        s, p = self.s, self.p
        pw = 1.0 if self.has_kind("missiles") else odds(t.win - mod(s, p, "win"))
        return pw - 0.33


class CourierDig(_Rush):
    """Courier: every Transport in reach loaded and delivered before any trade run (the heuristic's own
    Courier line, `COURIER_PUSH`, without play against rivals)."""


class OfficeRush(_Rush):
    """Union Ally / Pirate Ally: the office whenever its next token is affordable."""

    def goal_bonus(self, slot: int) -> int:
        s, p = self.s, self.p
        if not self.known(slot):
            return 0
        st = CONTENT.settlements[s.slot_set[slot]]
        if st.feature == "faction_office" and st.farg("faction") == self.kind:
            return 40_000 if s.credits[p] >= office_price(s, p, slot) + self.capital() else 0
        return 0


class SmugglerShuttle(_Rush):
    """Contraband only."""

    def fill(self, x: int, y: int, room: int, cash: int, live: bool) -> tuple[float, list[tuple[int, int]]]:
        profit, got = super().fill(x, y, room, cash, live)
        c = [(g, k) for g, k in got if g == CONTRABAND]
        return (profit if c else 0.0), c


RUSHES: dict[str, tuple[str, type[_Planner]]] = {
    "explorer-markets": ("explorer", ExplorerMarkets),
    "explorer-fuel": ("explorer", ExplorerFuel),
    "tycoon-trade": ("tycoon", TycoonTrade),
    "merchant-volume": ("merchant-prince", MerchantVolume),
    "grand-tour-trade": ("grand-tour", GrandTourTrade),
    "pirate-hunter-dig": ("pirate-hunter", FightDig),
    "bounty-hunter-dig": ("bounty-hunter", FightDig),
    "union-office": ("union-ally", OfficeRush),
    "pirate-office": ("pirate-ally", OfficeRush),
    "courier-dig": ("courier", CourierDig),
    "smuggler-shuttle": ("smuggler", SmugglerShuttle),
}
"""Rush name → (the Goal it is dealt, its planner)."""


class RushBot:
    """A seat that plays one rush (see the module docstring)."""

    def __init__(self, rush: str) -> None:
        self.name = rush
        self.planner = RUSHES[rush][1]

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        assert isinstance(state, SpaceLanesState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.planner(state, seat, legal).choose()


# ----- the check ------------------------------------------------------------------------------------------
def give_goal(s: SpaceLanesState, p: int, goal: int) -> None:
    """Deal Goal `goal` to seat p at setup (swapping with the seat that holds it, if any)."""
    if goal in s.goal:
        s.goal[s.goal.index(goal)] = s.goal[p]
    s.goal[p] = goal


def _bot(name: str) -> Any:
    return RushBot(name) if name in RUSHES else make_bot("spacelanes", name)


def one(job: tuple[str, str, str, int, bool]) -> tuple[bool, int, int]:
    """One game: seat `seed % 2` holds the rush's Goal and is played by `player` (the rush, or the
    control bot), the other seat by `against`; (that seat won, turns, decisions checked)."""
    rush, player, against, seed, check = job
    s = get_game("spacelanes").new_game({"players": 2}, seed)
    assert isinstance(s, SpaceLanesState)
    seat = seed % 2
    give_goal(s, seat, GOAL_SLUG[RUSHES[rush][0]])
    bots = [_bot(player) if q == seat else _bot(against) for q in range(2)]
    rng = Rng(seed ^ 0x5A5A)
    if not check:
        r = play_out(s, bots, rng)
        return seat in r.winners, s.turn_count(), 0
    checked = 0
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        a = bots[p].choose(s, p, rng)
        if p == seat:
            d = s.determinize(p, Rng(seed * 1000 + checked))
            b = bots[p].choose(d, p, rng)
            if b != a:
                raise AssertionError(f"{player} seed {seed}: {a} on the state, {b} on a determinized copy "
                                     f"({s.decision_name()})")
            checked += 1
        s.apply(a)
    return seat in s.winners(), s.turn_count(), checked


def summary(res: list[tuple[bool, int, int]]) -> dict[str, Any]:
    won = [t for w, t, _ in res if w]
    return {"games": len(res), "wins": len(won), "rate": len(won) / len(res),
            "median_turns": statistics.median(won) if won else None,
            "within": sum(1 for t in won if t <= RUSH_TURNS) / len(res)}


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("games", nargs="?", type=int, default=300)
    ap.add_argument("--rushes", default=",".join(RUSHES))
    ap.add_argument("--against", default="heuristic")
    ap.add_argument("--control", default="", help="the bot in the rush's seat for the control")
    ap.add_argument("--no-control", action="store_true")
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=70_000)
    ap.add_argument("--check", type=int, default=0, help="games per rush replayed with the view check")
    ap.add_argument("--json", default="")
    args = ap.parse_args(argv)
    rushes = args.rushes.split(",")
    control = args.control or args.against
    out: dict[str, Any] = {"games": args.games, "against": args.against, "control": control, "rushes": {}}
    print(f"Space Lanes rush check: {args.games} 2-player games per rush against {args.against}; "
          f"the control is {control} in the rush's seat with the same Goal")
    print(f"{'rush':<20} {'goal':<16} {'wins':>6} {'turns':>6} {'<=10':>6}   {'control':>7} {'turns':>6} "
          f"{'<=10':>6}  verdict")
    failed: list[str] = []
    controls: dict[str, dict[str, Any]] = {}
    t0 = time.time()
    with Pool(args.procs) as pool:
        for rush in rushes:
            goal = RUSHES[rush][0]
            seeds = [args.seed + i for i in range(args.games)]
            checked = 0
            if args.check:
                cr = pool.map(one, [(rush, rush, args.against, sd, True) for sd in seeds[:args.check]])
                checked = sum(c for _, _, c in cr)
            rr = summary(pool.map(one, [(rush, rush, args.against, sd, False) for sd in seeds], chunksize=4))
            hc: dict[str, Any] | None = None
            if not args.no_control:
                if goal not in controls:  # rushes for one Goal share the control (same seeds, same Goal)
                    controls[goal] = summary(pool.map(
                        one, [(rush, control, args.against, sd, False) for sd in seeds], chunksize=4))
                hc = controls[goal]
            bad = [why for why, b in (("fast", rr["within"] > RUSH_SHARE), ("strong", rr["rate"] > MAX_RATE),
                                      ("control fast", hc is not None and hc["within"] > RUSH_SHARE)) if b]
            if bad:
                failed.append(f"{rush} ({', '.join(bad)})")
            med = f"{rr['median_turns']:.0f}" if rr["median_turns"] else "-"
            line = f"{rush:<20} {goal:<16} {rr['rate']:>6.1%} {med:>6} {rr['within']:>6.1%}"
            if hc is not None:
                hm = f"{hc['median_turns']:.0f}" if hc["median_turns"] else "-"
                line += f"   {hc['rate']:>7.1%} {hm:>6} {hc['within']:>6.1%}"
            print(line + ("  " + ", ".join(bad).upper() if bad else "  ok")
                  + (f"  (view check: {checked} decisions)" if checked else ""), flush=True)
            out["rushes"][rush] = {"goal": goal, "rush": rr, "control": hc, "checked": checked, "bad": bad}
    print(f"{time.time() - t0:.0f} s")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    if failed:
        print("FAILED: " + "; ".join(failed), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
