"""The card-effect vocabulary of Moonrakers: the one compiled op type of every card kind with effects.

Crew abilities (data/crew.json, validated by crew_specs.py) and ship-part effects
(data/ship_parts.json, validated by part_specs.py) compile their `effects` ops into `Op`, with one set
of field names whatever the card. An op means the same thing on every card: ``actions`` +n Actions,
``draw`` n cards, ``block`` n hazard icons, ``reduce`` a requirement −n, ``deal`` n Damage,
``play_as`` counts as a card of a kind, ``gain_card`` a basic card from the supply; each of these has
one implementation (instant_ops.py) that crew and part effects both call. The other ops belong to one
card kind (crew: choices with continuations, hooks; parts: pool, play_boosted, dice and replays).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MAX_NUMBER: Final = 20
"""Largest number an effect may name (cards, Actions, reductions, costs)."""
PAID: Final = -1
"""`Op.n` of an amount "paid": the number of cards paid for the ability (part_specs `discard_up_to`)."""
SHARED_OPS: Final = ("actions", "draw", "block", "reduce", "deal", "play_as", "gain_card")
"""The ops of every card kind's vocabulary, carried out by instant_ops.py for crew and parts alike."""


@dataclass(frozen=True, slots=True)
class Op:
    """One compiled effect op; each field holds the data key of the same name (defaults: not given).

    - `n`: the op's number: Actions, cards, blocks, Damage, a reduction, play_as's worth,
      play_boosted's ``value``, replay_crew's ``cost``; `PAID` for "paid"
    - `type`: a requirement index (0 reactor … 4 crew; parts' on_play ``miss`` aside): reduce, pool,
      and play_as by type (a crew card that also counts as a card of that type, 2.5)
    - `card`: a basic card id: gain_card, play_boosted, and play_as by card (a virtual card, OQ 19)
    - `to`: gain_card's zone, ``discard`` or ``hand``
    - `optional`: the op's choice may be skipped (trash_hand, play_as's choose, discard_die)
    - `name`: a hook's name
    - `options`: choose's branches, as op-list ids (crew_specs.LISTS)
    - `choose`: play_as's basic card ids to pick from
    - `allies`: ``who: allies``: every other participant instead of the owner (R24)
    - `per`: ``ally`` or ``die``: n times the non-ML participants or the dice targeting the owner
    """

    op: str
    n: int = 0
    type: int = -1
    card: int = -1
    to: str = ""
    optional: bool = False
    name: str = ""
    options: tuple[int, ...] = ()
    choose: tuple[int, ...] = ()
    allies: bool = False
    per: str = ""
