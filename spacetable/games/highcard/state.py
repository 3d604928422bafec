"""Highcard's state and rules (H1–H7, see the package docstring).

The state holds plain ints and lists in ``__slots__``; `copy()` is written by hand. Hidden
information: every hand and the deck order. `view(p)` shows p's own hand and only public facts;
`determinize(p, rng)` redeals everything p cannot see.
"""

from __future__ import annotations

import math
from typing import Any

from spacetable.engine.action import Action
from spacetable.engine.events import Event
from spacetable.engine.rng import Rng, determinized_rng
from spacetable.engine.state import CHANCE, TERMINAL, State, View
from spacetable.games.highcard.actions import DIE_FACES, KEEP, PLAY, ROLL, SALVAGE_FACE, SPACE, SWAP
from spacetable.games.highcard.cards import CARDS

HAND_SIZE = 3
ROUNDS = 5

ROLLING, PLAYING, SALVAGE, OVER = 0, 1, 2, 3
PHASE_NAMES = ("round.roll", "round.play", "round.salvage", "over")
_DIE = [(ROLL[f], 1.0 / len(DIE_FACES)) for f in DIE_FACES]

RULES = {"play": "H3", "swap": "H5", "keep": "H5", "roll": "H2"}
"""The rule each kind of action applies (its id in texts/rules.json)."""
TEMPLATES = {
    "roll": "Round {0}: the prize die shows {1}",
    "play": "Seat {0} plays {1}",
    "win": "Seat {0} wins the round with {1} and scores {2} prestige",
    "swap": "Seat {0} salvages: discards {1} and draws from the deck",
    "keep": "Seat {0} keeps their hand",
    "draw": "Every captain draws a card ({0} left in the deck)",
    "end": "Game over: {0}",
}


def winners_text(winners: list[int]) -> str:
    """'Seat 2 wins', 'Seats 1 and 3 share the win', 'nobody wins': a sentence, no brackets."""
    names = [str(w + 1) for w in winners]
    if not names:
        return "nobody wins"
    if len(names) == 1:
        return f"Seat {names[0]} wins"
    return f"Seats {', '.join(names[:-1])} and {names[-1]} share the win"


def card_label(value: int) -> str:
    """``"17 Marshal"``: a card's value and name."""
    return f"{value} {CARDS[value - 1].name}"


class HighcardState(State):
    """A game of Highcard in progress."""

    __slots__ = ("hands", "deck", "table", "discards", "scores", "round", "prize", "lead", "turn",
                 "phase", "lowball")

    hands: list[list[int]]
    deck: list[int]
    table: list[int]
    discards: list[int]
    scores: list[int]
    round: int
    prize: int
    lead: int
    turn: int
    phase: int
    lowball: bool

    @classmethod
    def new(cls, config: dict[str, Any], seed: int) -> HighcardState:
        """H1: shuffle the deck with the state's rng and deal three cards to each seat."""
        make: type[HighcardState] = cls  # mypyc cannot compile `cls.__new__(cls)` in a classmethod
        s = make.__new__(make)
        s.init_base(config, seed)
        n = int(config["players"])
        s.deck = [c.value for c in CARDS]
        s.rng.shuffle(s.deck)
        s.hands = [[s.deck.pop() for _ in range(HAND_SIZE)] for _ in range(n)]
        s.table = [0] * n
        s.discards = []
        s.scores = [0] * n
        s.round, s.prize, s.lead, s.turn = 0, 0, 0, 0
        s.phase = ROLLING
        s.lowball = "lowball" in config.get("modes", ())
        return s

    # ----- whose decision ------------------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph in (PLAYING, SALVAGE):
            return self.turn
        return CHANCE if ph == ROLLING else TERMINAL

    def decision_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """H2: the prize die, faces 1–6, each with probability 1/6."""
        return _DIE if self.phase == ROLLING else []

    def _legal_actions(self) -> list[Action]:
        if self.phase == PLAYING:
            return [PLAY[c] for c in sorted(self.hands[self.turn])]
        if self.phase == SALVAGE:
            return [SWAP[c] for c in sorted(self.hands[self.turn])] + [KEEP]
        return []

    # ----- rules ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "play":
            self._play(int(action.args[0]))
        elif kind == "roll":
            self.round += 1
            self.prize = int(action.args[0])
            self.table = [0] * len(self.hands)
            self.phase, self.turn = PLAYING, self.lead
            self.emit("H2", "roll", self.round, self.prize)
        elif kind == "swap":
            card = int(action.args[0])
            hand = self.hands[self.turn]
            hand.remove(card)
            self.discards.append(card)
            hand.append(self.deck.pop())
            self.emit("H5", "swap", self.turn + 1, card_label(card))
            self._end_round()
        else:  # keep
            self.emit("H5", "keep", self.turn + 1)
            self._end_round()

    def _play(self, card: int) -> None:
        """H3: the seat to act plays a card face up; after the last seat, H4 scores the round."""
        seat = self.turn
        self.hands[seat].remove(card)
        self.table[seat] = card
        self.emit("H3", "play", seat + 1, card_label(card))
        n = len(self.hands)
        nxt = (seat + 1) % n
        if nxt != self.lead:
            self.turn = nxt
            return
        table = self.table
        pick = min if self.lowball else max
        winner = pick(range(n), key=table.__getitem__)
        self.scores[winner] += self.prize
        self.lead = self.turn = winner
        self.emit("H4", "win", winner + 1, card_label(table[winner]), self.prize)
        if (self.prize == SALVAGE_FACE and self.deck and self.hands[winner]
                and self.round < ROUNDS):
            self.phase = SALVAGE
        else:
            self._end_round()

    def _end_round(self) -> None:
        """H6 draws (only when every seat can draw), then H7 ends the game or starts a new round."""
        n = len(self.hands)
        if len(self.deck) >= n and self.round < ROUNDS:
            for k in range(n):
                self.hands[(self.lead + k) % n].append(self.deck.pop())
            self.emit("H6", "draw", len(self.deck))
        if self.round >= ROUNDS or not self.hands[0]:
            self.phase = OVER
            self.emit("H7", "end", winners_text(self.winners()))
        else:
            self.phase = ROLLING

    def returns(self) -> list[float]:
        """H7: most prestige wins; tied winners share the win."""
        if self.phase != OVER:
            return [0.0] * len(self.scores)
        best = max(self.scores)
        winners = [i for i, v in enumerate(self.scores) if v == best]
        share = 1.0 / len(winners)
        return [share if i in winners else 0.0 for i in range(len(self.scores))]

    def heuristic_value(self) -> list[float]:
        """Win-chance estimate from the score lead: a softmax of the scores (plus a little for the
        cards in hand) whose temperature grows with the prizes still to come (3.5 a round)."""
        if self.phase == OVER:
            return self.returns()
        left = ROUNDS - self.round + (1 if self.phase == PLAYING else 0)
        sign = -1.0 if self.lowball else 1.0
        temp = 1.0 + 2.0 * left
        strength = [sc + sign * 0.05 * (sum(h) + self.table[i]) for i, (sc, h)
                    in enumerate(zip(self.scores, self.hands, strict=True))]
        top = max(strength)
        w = [math.exp((x - top) / temp) for x in strength]
        total = sum(w)
        return [x / total for x in w]

    def turn_count(self) -> int:
        """Rounds begun."""
        return self.round

    def game_stats(self) -> dict[str, Any]:
        """The prestige of each winner (the simulator's ``min_winner_prestige``)."""
        return {"winner_prestige": [self.scores[w] for w in self.winners()]}

    # ----- information ---------------------------------------------------------------------
    def view(self, player: int | None) -> View:
        data: dict[str, Any] = {
            "round": self.round,
            "rounds": ROUNDS,
            "phase": PHASE_NAMES[self.phase],
            "mode": "lowball" if self.lowball else "high",
            "prize": self.prize,
            "lead": self.lead,
            "to_act": self.turn if self.phase in (PLAYING, SALVAGE) else None,
            "scores": list(self.scores),
            "table": [c or None for c in self.table],
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discards": list(self.discards),
        }
        if player is not None:
            data["hand"] = sorted(self.hands[player])
        return View("highcard", player, data)

    def copy(self) -> HighcardState:
        s = HighcardState.__new__(HighcardState)
        self._copy_base(s)
        s.hands = [h.copy() for h in self.hands]
        s.deck = self.deck.copy()
        s.table = self.table.copy()
        s.discards = self.discards.copy()
        s.scores = self.scores.copy()
        s.round, s.prize, s.lead, s.turn = self.round, self.prize, self.lead, self.turn
        s.phase, s.lowball = self.phase, self.lowball
        return s

    def determinize(self, player: int, rng: Rng) -> HighcardState:
        """Redeal the other hands and the deck from the cards `player` has not seen; reseed the rng."""
        s = self.copy()
        # sorted first: the result depends only on what `player` knows (not on the hidden order)
        unseen = sorted([c for i, h in enumerate(self.hands) if i != player for c in h] + self.deck)
        rng.shuffle(unseen)
        for i, h in enumerate(s.hands):
            if i != player:
                k = len(h)
                s.hands[i] = unseen[:k]
                del unseen[:k]
        s.deck = unseen
        s.rng = determinized_rng(rng)
        return s

    # ----- text ----------------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        kind = action.kind
        if kind == "play":
            card = int(action.args[0])
            played = [c for c in self.table if c]
            if not played:
                return f"Play {card_label(card)} to open the round"
            best = min(played) if self.lowball else max(played)
            beats = card < best if self.lowball else card > best
            verb = "beats" if beats else "does not beat"
            return f"Play {card_label(card)}: {verb} the best card so far ({best})"
        if kind == "swap":
            return f"Discard {card_label(int(action.args[0]))} face up and draw a card from the deck"
        if kind == "keep":
            return "Keep your hand as it is"
        if kind == "roll":
            return f"The prize die shows {action.args[0]}"
        return str(action)

    def render_event(self, event: Event) -> str:
        return event.render(TEMPLATES)

    def action_rule(self, action: Action) -> str | None:
        return RULES.get(action.kind)

    def __repr__(self) -> str:
        return (f"<HighcardState round={self.round} phase={PHASE_NAMES[self.phase]} "
                f"scores={self.scores} history={len(self.history)}>")


HighcardState.space = SPACE
