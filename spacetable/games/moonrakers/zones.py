"""Moving cards between zones: drawing, refills, displays, known deck bottoms, credits and Prestige.

Small helpers shared by every phase. They change the state and emit events; none makes a choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spacetable.games.moonrakers.cards import DMG1, MISS, REACTOR, SHIELD, THRUSTER

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

STARTING_DECK: Final = (REACTOR, REACTOR, REACTOR, THRUSTER, THRUSTER, SHIELD, SHIELD, DMG1, DMG1, MISS)
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
        p.unseen = []  # the new pile is the known discard pile; what was trashed unseen is gone
        s.rng.shuffle(p.draw)
        if s.events is not None:
            s.emit("2.8", "reshuffle", seat)
    return p.draw.pop()


def trash_top_unseen(s: MoonrakersState, seat: int) -> bool:
    """Trash the top card of a player's draw pile unseen (Crusse Parke, OQ 7; Kyas IV): it leaves the
    game unnamed, so its owner only knows it was one of the draw pile's cards (the view and
    `determinize` keep it among them). False when both piles are empty (R23)."""
    card = take_top(s, seat)
    if card < 0:
        return False
    p = s.players[seat]
    if p.draw:
        p.unseen.append(card)
    else:  # the pile is empty now: every other card of it was drawn and seen, so nothing is hidden
        p.unseen = []
    return True


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
    if drawn and s.events is not None:
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
            s.contract_known = 0  # a new, shuffled deck: no known bottom
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


def contract_to_bottom(s: MoonrakersState, c: int) -> None:
    """Put a face-up contract on the bottom of the contract deck (3.2.1, 3.2.4c): a known place."""
    s.contract_known = min(s.contract_known, len(s.contract_deck)) + 1
    s.contract_deck.insert(0, c)


def crew_to_bottom(s: MoonrakersState, c: int) -> None:
    """Put a face-up crew card on the bottom of the Armory crew deck (3.5.2, 8.7): a known place."""
    s.crew_known = min(s.crew_known, len(s.crew_deck)) + 1
    s.crew_deck.insert(0, c)


def part_to_bottom(s: MoonrakersState, p: int) -> None:
    """Put a face-up ship part on the bottom of the Armory part deck (3.5.2): a known place."""
    s.part_known = min(s.part_known, len(s.part_deck)) + 1
    s.part_deck.insert(0, p)


def objective_to_bottom(s: MoonrakersState, o: int, seat: int) -> None:
    """`seat` puts objective o on the bottom of the deck (1.3.5, 3.2.4a): only `seat` knows it there."""
    s.objective_known = (seat, *s.objective_known[:len(s.objective_deck)])
    s.objective_deck.insert(0, o)


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

