"""Highcard's observation tensor (rules H1–H7), from one seat's view. Seats are absolute (seat 0 is
the first seat); `seat` flags which one is observing."""

from __future__ import annotations

from typing import Any

from spacetable.games.highcard.cards import CARDS
from spacetable.games.highcard.state import HAND_SIZE, PHASE_NAMES, ROUNDS
from spacetable.rl.layout import Layout, onehot, scaled

NCARDS = len(CARDS)
MAX_SCORE = 30
"""Prestige scale: 5 rounds of at most 6 (H2, H7)."""


class Encoder:
    """Highcard: 2–4 seats; the length is 66 + 29·players."""

    def __init__(self, config: dict[str, Any]) -> None:
        n = self.n = int(config["players"])
        L = self.layout = Layout()
        self.o_seat = L.add("seat", n, "one-hot: the observing seat")
        self.o_phase = L.add("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES))
        self.o_round = L.add("round", ROUNDS + 1, "one-hot: rounds begun, 0–5 (H7)")
        self.o_prize = L.add("prize", 6, "one-hot: this round's prize die, 1–6 (H2; all 0 before a roll)")
        self.o_mode = L.add("lowball", 1, "1 in mode lowball (H4: the lowest card wins)")
        self.o_lead = L.add("lead", n, "one-hot: the seat that leads this round (H3)")
        self.o_act = L.add("to_act", n, "one-hot: the seat to act (none between decisions)")
        self.o_score = L.add("scores", n, f"each seat's prestige / {MAX_SCORE}")
        self.o_sizes = L.add("hand_sizes", n, f"each seat's hand size / {HAND_SIZE}")
        self.o_deck = L.add("deck_size", 1, f"cards left in the deck / {NCARDS}")
        self.o_table = L.add("table", n * NCARDS, f"per seat, one-hot over the {NCARDS} cards: the card "
                             "it played this round (H3)")
        self.o_hand = L.add("hand", NCARDS, "multi-hot: the observing seat's own hand")
        self.o_disc = L.add("discards", NCARDS, "multi-hot: cards discarded face up by salvage (H5)")

    def encode(self, view: dict[str, Any]) -> list[float]:
        n = self.n
        out = [0.0] * self.layout.size
        onehot(out, self.o_seat, view["player"], n)
        onehot(out, self.o_phase, PHASE_NAMES.index(view["phase"]), len(PHASE_NAMES))
        onehot(out, self.o_round, view["round"], ROUNDS + 1)
        onehot(out, self.o_prize, view["prize"] - 1, 6)
        out[self.o_mode] = 1.0 if view["mode"] == "lowball" else 0.0
        onehot(out, self.o_lead, view["lead"], n)
        onehot(out, self.o_act, view["to_act"], n)
        for i in range(n):
            out[self.o_score + i] = scaled(view["scores"][i], MAX_SCORE)
            out[self.o_sizes + i] = scaled(view["hand_sizes"][i], HAND_SIZE)
            card = view["table"][i]
            if card:
                out[self.o_table + i * NCARDS + card - 1] = 1.0
        out[self.o_deck] = scaled(view["deck_size"], NCARDS)
        for c in view.get("hand", ()):
            out[self.o_hand + c - 1] = 1.0
        for c in view["discards"]:
            out[self.o_disc + c - 1] = 1.0
        return out
