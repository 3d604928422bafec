"""Space Lanes' observation tensor, from one seat's view (rulings L1–L21 in shared/rules).

Seats are absolute; `seat` flags the observer. The board is 15 settlement slots and 24 lanes; a
face-down slot or lane (mode exploration) shows only its revealed flag. Prices are credits / 1000.
"""

from __future__ import annotations

from typing import Any

from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS
from spacetable.rl.layout import Layout, counts, index_of, onehot, scaled

NSLOTS, NLANES = 15, 24
DECISIONS = ("setup.start", "setup.first", "turn", "trade", "fuel", "target", "respond", "chain",
             "engage.choose", "engage.roll", "engage.after_roll", "engage.escape", "engage.parlay",
             "pvp.propose", "pvp.answer", "pvp.pick", "pvp.loot", "pvp.roll")
"""Decision names (`decision_name()`); any other name sets the last flag of `decision`."""
DECISION = index_of(DECISIONS)
TYPES = index_of(t.slug for t in CONTENT.card_types)
SETTLEMENTS = index_of(s.slug for s in CONTENT.settlements)
GOALS = index_of(g.slug for g in CONTENT.goals)
NG, NT, NS = len(GOODS), len(TYPES), len(SETTLEMENTS)
MONEY, CARGO, HAND = 1000.0, 10.0, 10.0
LANE_CARDS = ("hostile", "bounty", "station", "asteroids", "wormhole")
SLOT_SIZE = 1 + NS + 2 * NG + 1
LANE_SIZE = 2 + len(LANE_CARDS)
SHIP_SIZE = NSLOTS + NLANES + 1 + 1 + NG + 1 + 1 + NT + 4 + NSLOTS + 6


class Encoder:
    """Space Lanes for 2–5 seats."""

    def __init__(self, config: dict[str, Any]) -> None:
        n = self.n = int(config["players"])
        self.turn_scale = float(config.get("turn_limit") or 100)
        L = self.layout = Layout()
        self.o_seat = L.add("seat", n, "one-hot: the observing seat")
        self.o_phase = L.add("phase", 4, "one-hot: phase 0–3 (setup, …, 3 = over)")
        self.o_turn = L.add("turn", 1, "turn / the turn limit (L21; / 100 without one)")
        self.o_active = L.add("active", n, "one-hot: the active captain")
        self.o_dec = L.add("decision", len(DECISIONS) + 1,
                           "one-hot: the decision now (`DECISIONS` in spacetable/rl/obs_spacelanes.py; last: "
                           "another)")
        self.o_modes = L.add("modes", 2, "flags: exploration, pvp")
        self.o_slots = L.add("slots", NSLOTS * SLOT_SIZE,
                             f"per slot ({SLOT_SIZE} each): revealed; one-hot settlement ({NS}); buy then "
                             f"sell price of each good ({', '.join(GOODS)}) / {MONEY:g}; an Economic card on "
                             "it")
        self.o_lanes = L.add("lanes", NLANES * LANE_SIZE,
                             f"per lane ({LANE_SIZE} each): revealed; distance / 3; a card on it: "
                             + ", ".join(LANE_CARDS))
        self.o_ships = L.add("ships", n * SHIP_SIZE,
                             f"per seat ({SHIP_SIZE} each): one-hot node (15); one-hot lane (24); mark / 3; "
                             f"credits / 10000; cargo per good / {CARGO:g}; cargo limit / 20; hand size / "
                             f"{HAND:g}; count of each card type on its ship / 2 ({NT}); damaged, adrift, "
                             "Union / 5, Pirate / 5; visited settlements (15); goods sold / 20, contraband "
                             "sold / 10, pirates won / 5, bounties / 5, transports done / 5, transports "
                             "held / 3")
        self.o_deck = L.add("deck", 1 + NT,
                            "deck size / 100; count of each card type in the discard pile / 5")
        self.o_state = L.add("turn_state", 6, "trade state / 3, travel state / 3, moves made / 5, free moves "
                             "/ 5, chain length / 5, a card shown while its target is chosen")
        self.o_eng = L.add("engagement", 5, "1 during an engagement; win odds; escape odds; chose win; chose "
                           "escape")
        self.o_offer = L.add("offer", 1 + 2 * n, "1 while a trade is on the table; one-hot proposer; one-hot "
                             "the other captain (L19)")
        self.o_hand = L.add("hand", NT, "count of each card type in the observer's hand / 3")
        self.o_goal = L.add("goal", len(GOALS) + 1,
                            "one-hot: the observer's own Goal; last: its progress (L21)")

    def encode(self, view: dict[str, Any]) -> list[float]:
        n = self.n
        out = [0.0] * self.layout.size
        onehot(out, self.o_seat, view["player"], n)
        onehot(out, self.o_phase, view["phase"], 4)
        out[self.o_turn] = scaled(view["turn"], self.turn_scale)
        onehot(out, self.o_active, view["active"], n)
        out[self.o_dec + DECISION.get(view["decision"], len(DECISIONS))] = 1.0
        modes = view["modes"]
        out[self.o_modes] = 1.0 if "exploration" in modes else 0.0
        out[self.o_modes + 1] = 1.0 if "pvp" in modes else 0.0
        for s in view["slots"]:
            o = self.o_slots + s["slot"] * SLOT_SIZE
            if s["revealed"]:
                out[o] = 1.0
                onehot(out, o + 1, SETTLEMENTS.get(s["settlement"]), NS)
                prices = s["prices"]
                for g, good in enumerate(GOODS):
                    if good in prices:
                        buy, sell = prices[good]
                        out[o + 1 + NS + g] = scaled(buy, MONEY)
                        out[o + 1 + NS + NG + g] = scaled(sell, MONEY)
            if s["economic"]:
                out[o + SLOT_SIZE - 1] = 1.0
        for ln in view["lanes"]:
            o = self.o_lanes + ln["lane"] * LANE_SIZE
            if ln["revealed"]:
                out[o] = 1.0
                out[o + 1] = scaled(ln["distance"], 3)
            for k, key in enumerate(LANE_CARDS):
                if ln[key]:
                    out[o + 2 + k] = 1.0
        for sh in view["ships"]:
            o = self.o_ships + sh["seat"] * SHIP_SIZE
            onehot(out, o, sh["node"], NSLOTS)
            onehot(out, o + NSLOTS, sh["lane"], NLANES)
            o += NSLOTS + NLANES
            out[o] = scaled(sh["mark"], 3)
            out[o + 1] = scaled(sh["credits"], 10 * MONEY)
            for g, good in enumerate(GOODS):
                out[o + 2 + g] = scaled(sh["cargo"][good], CARGO)
            o += 2 + NG
            out[o] = scaled(sh["cargo_limit"], 20)
            out[o + 1] = scaled(sh["hand_size"], HAND)
            counts(out, o + 2, sh["ship"], TYPES, 2)
            o += 2 + NT
            out[o] = 1.0 if sh["damaged"] else 0.0
            out[o + 1] = 1.0 if sh["adrift"] else 0.0
            out[o + 2] = scaled(sh["union"], 5)
            out[o + 3] = scaled(sh["pirate"], 5)
            o += 4
            for v in sh["visited"]:
                onehot(out, o, v, NSLOTS)
            o += NSLOTS
            for k, (key, scale) in enumerate((("goods_sold", 20), ("contraband_sold", 10), ("pirates_won", 5),
                                              ("bounties", 5), ("transports_done", 5))):
                out[o + k] = scaled(sh[key], scale)
            out[o + 5] = scaled(len(sh["transports"]), 3)
        out[self.o_deck] = scaled(view["deck_size"], 100)
        counts(out, self.o_deck + 1, view["discard"], TYPES, 5)
        o = self.o_state
        out[o] = scaled(view["trade_state"], 3)
        out[o + 1] = scaled(view["travel_state"], 3)
        out[o + 2] = scaled(view["moves_made"], 5)
        out[o + 3] = scaled(view["free_moves"], 5)
        out[o + 4] = scaled(len(view["chain"]), 5)
        out[o + 5] = 1.0 if "pending_play" in view else 0.0
        eng = view.get("engagement")
        if eng:
            o = self.o_eng
            out[o] = 1.0
            out[o + 1] = scaled(eng["win_odds"], 1)
            out[o + 2] = scaled(eng["escape_odds"], 1)
            out[o + 3] = 1.0 if eng["choice"] == "win" else 0.0
            out[o + 4] = 1.0 if eng["choice"] == "escape" else 0.0
        offer = view.get("offer")
        if offer:
            out[self.o_offer] = 1.0
            onehot(out, self.o_offer + 1, offer["from"], n)
            onehot(out, self.o_offer + 1 + n, offer["to"], n)
        you = view.get("you")
        if you:
            counts(out, self.o_hand, you["hand"], TYPES, 3)
            onehot(out, self.o_goal, GOALS.get(you["goal"]["slug"]), len(GOALS))
            out[self.o_goal + len(GOALS)] = scaled(you["progress"], 1)
        return out
