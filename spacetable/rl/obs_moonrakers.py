"""Moonrakers' observation tensor, from one seat's view (docs/moonrakers.md; rule numbers as there).

Seats are absolute (``p1`` is seat 0); `seat` flags the observer. Public zones are multi-hots or
counts over the fixed catalog (all sets, so the layout is the same with or without first-encounter
and Binding Ties); the observer's own hand, objectives and draw-pile contents come from its view.
"""

from __future__ import annotations

from typing import Any

from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import advisor
from spacetable.games.moonrakers.card_facts import card_alternatives
from spacetable.games.moonrakers.cards import FACTIONS, REQ_TYPES
from spacetable.games.moonrakers.state import PHASE_NAMES
from spacetable.rl.layout import Layout, count_map, counts, index_of, multihot, onehot, scaled

DECISIONS = (
    "setup.objectives", "setup.first-player", "planning", "negotiation.open", "negotiation.invite",
    "negotiation.prestige", "negotiation.credits", "negotiation.bonus", "negotiation.dice",
    "negotiation.reputation", "negotiation.answer", "hazard-roll", "execution.play", "bonus-card",
    "buying", "scrap-part", "reputation.window", "choice.crew.option", "choice.crew.reduce",
    "choice.crew.trash", "choice.crew.lee-van-cribb", "choice.crew.ryan-rogal", "choice.crew.at-0k",
    "choice.crew.b3-ar", "choice.crew.metaxis", "choice.crew.myla-dystra", "choice.crew.redacted",
    "choice.crew.zek-zarag", "choice.part.discard-die", "choice.part.pay", "choice.part.play-as",
    "choice.part.replay-crew", "choice.rep-armory", "choice.rep-bonus", "choice.rep-bonus-keep",
    "choice.rep-contract", "choice.rep-gain", "choice.rep-lowest", "choice.rep-pay", "choice.rep-reduce",
    "choice.rep-trash", "choice.bt-envoy", "choice.bt-finneal", "choice.bt-gadra", "choice.bt-kyas",
    "choice.bt-linus-gain", "choice.bt-linus-pay", "choice.bt-lr", "choice.bt-taygar",
    "choice.bt-trash-self",
)
"""Decision names (`decision_name()`); any other name sets the last flag of `decision`."""
PHASES = tuple(dict.fromkeys(PHASE_NAMES))
CARDS = index_of(A.CARD_SLUGS)
PARTS = index_of(A.PART_SLUGS)
CONTRACTS = index_of(A.CONTRACT_SLUGS)
OBJECTIVES = index_of(A.OBJECTIVE_SLUGS)
CREW = index_of(c.slug for c in A.CAT.crew)
SEATS = index_of(A.SEATS)
FACTION = index_of(FACTIONS)
DECISION = index_of(DECISIONS)
NCARD, NPART, NCONTRACT, NOBJ, NCREW = len(CARDS), len(PARTS), len(CONTRACTS), len(OBJECTIVES), len(CREW)
PRESTIGE, CREDITS, PILE, HAND, DICE, REP = 20.0, 20.0, 20.0, 10.0, 6.0, 10.0
"""Scales: Prestige and credits / 20, pile sizes / 20, hands / 10, dice / 6, reputation / 10."""
FEATURE_ACTIONS = (*(a.index for a in A.PLAY), A.PASS.index)
"""The actions that carry action features: a play of each card kind, then passing."""
FEATURE_NAMES = ("chance", "best", "blocks", "best_chance", "hopeless")
"""Action features (docs/rl.md, "Action features"): of a card play, the chance of meeting what is
missing alone after it, 1 when no play has a higher chance (and it is above 0), and the hazard icons the
card can block / 2; of passing, the best play's chance and 1 when every play's chance is 0."""
BLOCKS = tuple(max(max(e.block, e.pool[2]) for e in card_alternatives(c)) / 2.0
               for c in range(len(A.CARD_SLUGS)))

SEAT_FIELDS = (
    ("faction", len(FACTIONS), "one-hot: faction"),
    ("prestige", 1, f"Prestige / {PRESTIGE:g}"),
    ("credits", 1, f"credits / {CREDITS:g}"),
    ("parts", NPART, "count of each ship part installed / 2"),
    ("discard", NCARD, f"count of each card in its discard pile / {HAND:g}"),
    ("piles", 4, f"hand size / {HAND:g}, draw pile size / {PILE:g}, objectives held / 5, hand limit / "
                 f"{HAND:g}"),
    ("claimed", NOBJ, "multi-hot: objectives claimed (public)"),
    ("reputation", len(FACTIONS), f"reputation with each faction / {REP:g} (Binding Ties; else 0)"),
)


class Encoder:
    """Moonrakers for 1–5 seats."""

    def __init__(self, config: dict[str, Any]) -> None:
        n = self.n = int(config["players"])
        L = self.layout = Layout()
        self.o_seat = L.add("seat", n, "one-hot: the observing seat")
        self.o_turn = L.add("turn", 1, "turn / 50")
        self.o_phase = L.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_ml = L.add("mission_leader", n, "one-hot: the Mission Leader")
        self.o_dec = L.add("decision", len(DECISIONS) + 1,
                           "one-hot: the decision now (`DECISIONS` in spacetable/rl/obs_moonrakers.py; last: "
                           "another)")
        self.o_decp = L.add("decision_player", n, "one-hot: the seat that decides")
        self.o_contracts = L.add("contracts", NCONTRACT, "multi-hot: contracts on display")
        self.o_cdisc = L.add("contract_discard", NCONTRACT, "multi-hot: the contract discard pile")
        self.o_crew = L.add("crew_row", NCREW, "multi-hot: crew for sale")
        self.o_parts = L.add("part_row", NPART, "count of each part for sale / 2")
        self.o_decks = L.add("decks", 4, f"contract, crew, part and objective deck sizes / {PILE:g}")
        self.o_seats: list[int] = []
        for i in range(n):
            start = L.size
            for name, size, doc in SEAT_FIELDS:
                L.add(f"p{i + 1}.{name}", size, doc)
            self.o_seats.append(start)
        self.o_hand = L.add("hand", NCARD, f"count of each card in the observer's hand / {HAND:g}")
        self.o_obj = L.add("objectives", NOBJ, "multi-hot: the observer's own objectives")
        self.o_draw = L.add("draw_contents", NCARD,
                            f"count of each card in the observer's draw pile (not its order) / {HAND:g}")
        self.o_ex = L.add("execution", 1, "1 while a contract is executed")
        self.o_exc = L.add("execution.contract", NCONTRACT, "one-hot: the contract executed")
        self.o_exs = L.add("execution.seats", 7 * n,
                           "per seat: takes part, Prestige share / 10, credit share / 15, bonus share / 4, "
                           f"hazard dice / {DICE:g}, blocks / {DICE:g}, actions left / 5")
        self.o_pool = L.add("execution.pool", 2 * len(REQ_TYPES),
                            f"pool then target per requirement ({', '.join(REQ_TYPES)}) / 10")
        self.o_exact = L.add("execution.to_act", n + 1, "one-hot: the seat to act; last: passes in a row / 5")
        self.o_neg = L.add("negotiation", 2 + 2 * n + NCONTRACT,
                           "1 while a deal is negotiated; round / 5; invitees; accepted; the contract")
        self.o_merc = L.add("mercenary", NCARD + 2,
                            "1–2 players: count of each card in the Mercenary row / 5, then deck size / "
                            f"{PILE:g} and cards used / 5")

    def encode(self, view: dict[str, Any]) -> list[float]:
        n = self.n
        out = [0.0] * self.layout.size
        onehot(out, self.o_seat, view["player"], n)
        out[self.o_turn] = scaled(view["turn"], 50)
        onehot(out, self.o_phase, PHASES.index(view["phase"]), len(PHASES))
        onehot(out, self.o_ml, SEATS.get(view["mission_leader"]), n)
        dec = view.get("decision")
        if dec:
            out[self.o_dec + DECISION.get(dec["decision"], len(DECISIONS))] = 1.0
            onehot(out, self.o_decp, SEATS.get(dec["player"]), n)
        multihot(out, self.o_contracts, view["contracts"], CONTRACTS)
        multihot(out, self.o_cdisc, view["contract_discard"], CONTRACTS)
        multihot(out, self.o_crew, view["crew_row"], CREW)
        counts(out, self.o_parts, (p for p in view["part_row"] if p), PARTS, 2)
        for k, key in enumerate(("contract_deck", "crew_deck", "part_deck", "objective_deck")):
            out[self.o_decks + k] = scaled(view[key], PILE)
        for i, p in enumerate(view["players"]):
            o = self.o_seats[i]
            onehot(out, o, FACTION.get(p["faction"]), len(FACTIONS))
            o += len(FACTIONS)
            out[o] = scaled(p["prestige"], PRESTIGE)
            out[o + 1] = scaled(p["credits"], CREDITS)
            counts(out, o + 2, p["parts"], PARTS, 2)
            o += 2 + NPART
            counts(out, o, p["discard"], CARDS, HAND)
            o += NCARD
            out[o] = scaled(p["hand_size"], HAND)
            out[o + 1] = scaled(p["draw_size"], PILE)
            out[o + 2] = scaled(p["objectives_held"], 5)
            out[o + 3] = scaled(p["hand_limit"], HAND)
            multihot(out, o + 4, p["claimed"], OBJECTIVES)
            o += 4 + NOBJ
            for f, v in p.get("reputation", {}).items():
                if f in FACTION:
                    out[o + FACTION[f]] = scaled(v, REP)
            if "hand" in p:
                counts(out, self.o_hand, p["hand"], CARDS, HAND)
                multihot(out, self.o_obj, p["objectives"], OBJECTIVES)
                count_map(out, self.o_draw, p["draw_contents"], CARDS, HAND)
        ex = view.get("execution")
        if ex:
            out[self.o_ex] = 1.0
            onehot(out, self.o_exc, CONTRACTS.get(ex["contract"]), NCONTRACT)
            for seat in ex["participants"]:
                i = SEATS[seat]
                o = self.o_exs + 7 * i
                deal = ex["deal"][seat]
                out[o] = 1.0
                out[o + 1] = scaled(deal[0], 10)
                out[o + 2] = scaled(deal[1], 15)
                out[o + 3] = scaled(deal[2], 4)
                out[o + 4] = scaled(len(ex["dice"][seat]), DICE)
                out[o + 5] = scaled(ex["blocks"][seat], DICE)
                out[o + 6] = scaled(ex["actions"][seat], 5)
            for t in range(len(REQ_TYPES)):
                out[self.o_pool + t] = scaled(ex["pool"][t], 10)
                out[self.o_pool + len(REQ_TYPES) + t] = scaled(ex["target"][t], 10)
            onehot(out, self.o_exact, SEATS.get(ex["to_act"]), n)
            out[self.o_exact + n] = scaled(ex["passes"], 5)
        neg = view.get("negotiation")
        if neg:
            o = self.o_neg
            out[o] = 1.0
            out[o + 1] = scaled(neg["round"], 5)
            multihot(out, o + 2, neg["invitees"], SEATS)
            multihot(out, o + 2 + n, neg["accepted"], SEATS)
            onehot(out, o + 2 + 2 * n, CONTRACTS.get(neg["contract"]), NCONTRACT)
        merc = view.get("mercenary")
        if merc:
            counts(out, self.o_merc, merc["row"], CARDS, 5)
            out[self.o_merc + NCARD] = scaled(merc["deck"], PILE)
            out[self.o_merc + NCARD + 1] = scaled(len(merc["used"]), 5)
        return out

    feature_actions = FEATURE_ACTIONS
    feature_names = FEATURE_NAMES

    def action_features(self, view: dict[str, Any]) -> list[list[float]] | None:
        """One row of `FEATURE_NAMES` per `FEATURE_ACTIONS` entry while the observer plays cards in a
        contract's execution (3.4) and something is still missing; None elsewhere, and when the
        advisor's search over its own cards (hand, draw-pile contents, discard: `known_cards`) is
        not exact. Built from the view alone, like the tensor."""
        dec = view.get("decision")
        if not dec or dec["decision"] != "execution.play" or SEATS.get(dec["player"]) != view["player"]:
            return None
        got = advisor.play_chances_view(view)
        if got is None or not got[1]:
            return None
        chances = got[0]
        best = max(chances.values(), default=0.0)
        rows = [[0.0] * len(FEATURE_NAMES) for _ in FEATURE_ACTIONS]
        for slug, p in chances.items():
            c = CARDS[slug]
            rows[c][0] = p
            rows[c][1] = float(best > 0.0 and p >= best - 1e-9)
            rows[c][2] = BLOCKS[c]
        rows[NCARD][3] = best
        rows[NCARD][4] = float(best <= 0.0)
        return rows
