"""Moving cards between zones: drawing, refills, displays, bonus cards and installing parts.

Small helpers shared by every phase. They change the state and emit events; none makes a choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.games.moonrakers.cards import DMG1, MISS, REACTOR, SHIELD, THRUSTER

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

STARTING_DECK = (REACTOR, REACTOR, REACTOR, THRUSTER, THRUSTER, SHIELD, SHIELD, DMG1, DMG1, MISS)
"""1.3.4: 3 Reactor, 2 Thruster, 2 Shield, 2 Damage I, 1 Miss."""


def take_top(s: MoonrakersState, seat: int) -> int:
    """Remove and return the top card of a player's draw pile (reshuffling the discard pile into a
    new draw pile first when it is empty, 2.8), or -1 when both are empty (R23)."""
    p = s.players[seat]
    if not p.draw:
        if not p.discard:
            return -1
        p.draw = p.discard
        p.discard = []
        s.rng.shuffle(p.draw)
        s.emit("2.8", "reshuffle", seat)
    return p.draw.pop()


def draw(s: MoonrakersState, seat: int, n: int) -> int:
    """Draw n cards (2.8); drawing stops when both piles are empty (R23). Returns the number drawn."""
    hand = s.players[seat].hand
    drawn = 0
    for _ in range(n):
        card = take_top(s, seat)
        if card < 0:
            break
        hand.append(card)
        drawn += 1
    if drawn:
        s.emit("2.8", "draw", seat, drawn)
    return drawn


def refill_hand(s: MoonrakersState, seat: int) -> None:
    """Draw up to the hand size (2.10: a refill number, not a cap)."""
    p = s.players[seat]
    need = p.hand_size - len(p.hand)
    if need > 0:
        draw(s, seat, need)


def refill_contracts(s: MoonrakersState) -> None:
    """Refill every empty contract slot from the deck, reshuffling the discard pile (4.3, R8)."""
    for i, c in enumerate(s.contracts):
        if c >= 0:
            continue
        if not s.contract_deck and s.contract_discard:
            s.contract_deck = s.contract_discard
            s.contract_discard = []
            s.rng.shuffle(s.contract_deck)
            s.emit("4.3", "contract-reshuffle")
        if s.contract_deck:
            s.contracts[i] = s.contract_deck.pop()
            s.emit("4.3", "contract-revealed", s.contracts[i])


def refill_armory(s: MoonrakersState) -> None:
    """Refill empty Armory slots from their decks; an empty deck leaves the slot empty (5.1, R12)."""
    for i, c in enumerate(s.crew_row):
        if c < 0 and s.crew_deck:
            s.crew_row[i] = s.crew_deck.pop()
    for i, c in enumerate(s.part_row):
        if c < 0 and s.part_deck:
            s.part_row[i] = s.part_deck.pop()


def draw_objective(s: MoonrakersState) -> int:
    """Top objective card, or -1 when the deck is empty (6.2)."""
    return s.objective_deck.pop() if s.objective_deck else -1


def gain_prestige(s: MoonrakersState, seat: int, n: int, rule: str) -> None:
    p = s.players[seat]
    if n < 0:
        n = -min(-n, p.prestige)  # 7.2: never below 0
    if n:
        p.prestige += n
        s.emit(rule, "prestige", seat, n)


def gain_credits(s: MoonrakersState, seat: int, n: int, rule: str) -> None:
    p = s.players[seat]
    if n < 0:
        n = -min(-n, p.credits)  # 3.5.3: never below 0
    if n:
        p.credits += n
        s.emit(rule, "credits", seat, n)

