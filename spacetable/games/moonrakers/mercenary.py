"""The Mercenary deck for 1–2 player games (§8, R14; numbers are the project's choice).

Basic Mercenary cards only contribute to the pool (8.5); Mercenary Crew contribute 1 Crew and their
ability resolves for the ML. Fees are paid out of the ML's share on success (8.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spacetable.games.moonrakers import effects
from spacetable.games.moonrakers.cards import DMG1, DMG2, DMG3, REACTOR, SHIELD, THRUSTER
from spacetable.games.moonrakers.crew_specs import R_CREW, R_DAMAGE
from spacetable.games.moonrakers.zones import crew_to_bottom

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

ROW_SIZE: Final = 5
BASIC_MERCS: Final = (DMG1, DMG1, DMG2, REACTOR, REACTOR, REACTOR, THRUSTER, THRUSTER, THRUSTER,
                      SHIELD, SHIELD, SHIELD)
"""8.2: 2 Damage I, 1 Damage II, 3 Reactor, 3 Thruster, 3 Shield, plus the top 3 Crew."""


def build_deck(s: MoonrakersState) -> None:
    """8.2: after the Armory display is dealt."""
    deck = list(BASIC_MERCS)
    for _ in range(3):
        if s.crew_deck:
            deck.append(s.crew_deck.pop() + 7)
    s.rng.shuffle(deck)
    s.merc_deck = deck


def reveal_row(s: MoonrakersState) -> None:
    """8.3: reveal 5 cards at the start of Planning, reshuffling the discard when needed."""
    row: list[int] = []
    for _ in range(ROW_SIZE):
        if not s.merc_deck:
            if not s.merc_discard:
                break
            s.merc_deck = s.merc_discard
            s.merc_discard = []
            s.rng.shuffle(s.merc_deck)
        row.append(s.merc_deck.pop())
    s.merc_row = row
    s.merc_used = []
    if s.events is not None:
        s.emit("8.3", "merc-row", tuple(row))


def play_mercenary(s: MoonrakersState, seat: int, card: int) -> None:
    """8.4–8.5: the ML plays a row card at no Action cost."""
    ex = s.ex
    assert ex is not None
    s.merc_row.remove(card)
    s.merc_used.append(card)
    s.emit("8.4", "merc-play", seat, card)
    if card >= 7:
        ex.merc_crew += 1
        ex.pool[R_CREW] += 1
        effects.crew_ability(s, seat, card - 7)
        return
    ex.merc_basic += 1
    if DMG1 <= card <= DMG3:
        ex.pool[R_DAMAGE] += card - DMG1 + 1
        ex.damage_cards += 1
    elif card < 3:
        ex.pool[card] += 1


def mercenary_fees(s: MoonrakersState) -> tuple[int, int]:
    """8.6: (Prestige fee, credit fee), each capped at the ML's share."""
    ex = s.ex
    assert ex is not None
    if not ex.merc_basic and not ex.merc_crew:
        return 0, 0
    k = ex.merc_basic
    fee_c = k * (k + 1) // 2
    return min(ex.merc_crew, ex.deal[0][0]), min(fee_c, ex.deal[0][1])


def cleanup(s: MoonrakersState) -> None:
    """8.7: basics to the Mercenary discard; Crew to the Armory deck bottom, replaced from its top."""
    for card in s.merc_row + s.merc_used:
        if card < 7:
            s.merc_discard.append(card)
        else:
            top = s.crew_deck.pop() if s.crew_deck else -1  # "none if the deck is empty"
            crew_to_bottom(s, card - 7)
            if top >= 0:
                s.merc_discard.append(top + 7)
    s.merc_row = []
    s.merc_used = []
