"""What the texts call seats and cards: the lowest layer of the game's words, read by the texts
(`text`) and by the rules that describe a choice (`crew_effects`), importing nothing above the cards."""

from __future__ import annotations

from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import BASIC_NAMES, BASIC_TEXT


def seat(i: int) -> str:
    """A seat's label in the texts (the page and the terminal put the players' names for it)."""
    return f"P{i + 1}"


def card_name(card: int) -> str:
    return BASIC_NAMES[card] if card < 7 else A.CAT.crew[card - 7].name


def card_text(card: int) -> str:
    return BASIC_TEXT[card] if card < 7 else A.CAT.crew[card - 7].text


def contract_name(c: int) -> str:
    return A.CAT.contracts[c].name
