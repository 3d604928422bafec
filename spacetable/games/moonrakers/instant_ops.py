"""The instant ops every card kind shares (effect_ops.SHARED_OPS), one implementation each.

Crew abilities (crew_interpreter.py) and ship-part effects (part_instants.py) both carry out
``actions``, ``draw``, ``block``, ``reduce``, ``deal``, ``play_as`` and ``gain_card`` through
`INSTANTS`: ``INSTANTS[op.op](s, src, op)``. `Source` says who carries the op out and for which card;
where the rules treat the card kinds apart, the implementation reads it: a Mercenary crew's Damage
and played-as cards only add to the pool (8.5); events cite the rule of the card kind (a crew's
Actions 3.4.7, a part's 5.5). Each returns True when it pushed a choice that finishes it later.

Follow-up choice: part.play-as — `choose <basic>` (and `skip` when optional), a `CardChoice` of the
part.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import effects
from spacetable.games.moonrakers import execution as X
from spacetable.games.moonrakers.cards import DMG1
from spacetable.games.moonrakers.choices import CardChoice, Choice, Handler
from spacetable.games.moonrakers.effect_ops import PAID, SHARED_OPS, Op
from spacetable.games.moonrakers.execution import BASIC_TYPE, R_DAMAGE
from spacetable.games.moonrakers.zones import draw

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState


class Source:
    """Who carries out an op list, for which card: the `seat` ("you"), the crew card (`crew`, −1 for
    a part) or the ship part (`part`, −1 for a crew), `merc` for a Mercenary crew resolved by the ML
    (8.5), and `paid`, the cards paid for a part's ability (an amount "paid")."""

    __slots__ = ("seat", "crew", "part", "merc", "paid")

    def __init__(self, seat: int, crew: int = -1, part: int = -1, merc: bool = False, paid: int = 0) -> None:
        self.seat = seat
        self.crew = crew
        self.part = part
        self.merc = merc
        self.paid = paid


def amount(s: MoonrakersState, src: Source, op: Op) -> int:
    """The op's number for this use: the cards paid for "paid", times the allies or the dice for `per`."""
    n = src.paid if op.n == PAID else op.n
    if op.per:
        ex = s.ex
        assert ex is not None
        if op.per == "ally":
            n *= len(ex.order) - 1  # OQ 26: every non-ML participant
        else:
            n *= len(ex.seats[src.seat].dice)  # OQ 29: dice targeting the owner after the roll
    return n


def _who(s: MoonrakersState, src: Source, op: Op) -> list[int]:
    """The owner, or with ``who: allies`` every other participant (R24)."""
    if not op.allies:
        return [src.seat]
    ex = s.ex
    assert ex is not None
    return [q for q in ex.order if q != src.seat]


def _actions(s: MoonrakersState, src: Source, op: Op) -> bool:
    ex = s.ex
    assert ex is not None
    rule = "3.4.7" if src.part < 0 else "5.5"
    if op.n > 0 and not op.per and not op.allies:  # the common case, kept lean: +n for the owner
        ex.seats[src.seat].actions += op.n
        s.emit(rule, "actions", src.seat, op.n)
        return False
    n = amount(s, src, op)
    if n > 0:
        for q in _who(s, src, op):
            ex.seats[q].actions += n
            s.emit(rule, "actions", q, n)
    return False


def _draw(s: MoonrakersState, src: Source, op: Op) -> bool:
    if op.n > 0 and not op.per and not op.allies:  # the common case: n cards for the owner
        draw(s, src.seat, op.n)
        return False
    n = amount(s, src, op)
    if n > 0:
        for q in _who(s, src, op):
            draw(s, q, n)
    return False


def _block(s: MoonrakersState, src: Source, op: Op) -> bool:
    ex = s.ex
    assert ex is not None
    ex.seats[src.seat].blocks += op.n
    s.emit("3.4.8", "block", src.seat, op.n)
    return False


def reduce_requirement(s: MoonrakersState, seat: int, t: int, n: int) -> None:
    """Lower the shared target of type t by n (3.4.6; the floor 0 is applied by the target)."""
    ex = s.ex
    assert ex is not None
    ex.reduce[t] += n
    s.emit("3.4.6", "reduce", seat, t, n)


def _reduce(s: MoonrakersState, src: Source, op: Op) -> bool:
    reduce_requirement(s, src.seat, op.type, op.n)
    return False


def _deal(s: MoonrakersState, src: Source, op: Op) -> bool:
    if src.merc:  # 8.5: a Mercenary's Damage is the contract's, not the ML's own
        ex = s.ex
        assert ex is not None
        ex.pool[R_DAMAGE] += op.n
        s.emit("2.6", "deal", src.seat, op.n)
    else:
        X.deal_damage(s, src.seat, op.n)
    return False


def play_as_type(s: MoonrakersState, seat: int, t: int, n: int = 1, merc: bool = False) -> None:
    """The played crew also counts as a type-t card worth n, with that type's effect (2.5, R19).

    A Mercenary crew only adds to the pool and gives the effect to the ML (8.5, 6.4.3)."""
    ex = s.ex
    assert ex is not None
    if merc:
        ex.pool[t] += n
        X.basic_effect(s, seat, t)
    else:
        X.play_as(s, seat, t, n)
    s.emit("2.5", "crew-play-as", seat, t, n)


def play_virtual(s: MoonrakersState, seat: int, card: int) -> None:
    """A card of kind `card` that exists only as an effect counts as played, with its effect (OQ 19)."""
    ex = s.ex
    assert ex is not None
    s.emit("2.5", "play-as", seat, card)
    t = BASIC_TYPE[card]
    if t == R_DAMAGE:
        st = ex.seats[seat]
        X.contribute(s, st, R_DAMAGE, card - DMG1 + 1)
        st.dmg_cards += 1  # a Damage card for Kary Powalk (2.5, OQ 4)
        ex.damage_cards += 1
        effects.after_play(s, seat, -1, R_DAMAGE)
    else:
        X.play_as(s, seat, t)


def _play_as(s: MoonrakersState, src: Source, op: Op) -> bool:
    """By `type`: the card also counts as that type (2.5); by `card`: a virtual card of that kind
    (OQ 19); by `choose`: the owner picks the kind (OQ 30)."""
    if op.type >= 0:
        play_as_type(s, src.seat, op.type, op.n, src.merc)
    elif op.card >= 0:
        play_virtual(s, src.seat, op.card)
    else:
        options = [A.CHOOSE[c] for c in op.choose] + ([A.SKIP] if op.optional else [])
        s.stack.append(CardChoice(src.seat, "part.play-as", options, src.part))
        return True
    return False


def _on_play_as(s: MoonrakersState, ch: Choice, a: Action) -> None:
    if a is not A.SKIP:
        play_virtual(s, ch.player, A.CARD_ID[str(a.args[0])])


def _gain_card(s: MoonrakersState, src: Source, op: Op) -> bool:
    p = s.players[src.seat]
    (p.discard if op.to == "discard" else p.hand).append(op.card)
    if src.part < 0:
        s.emit("2.9", "crew-gain-card", src.seat, op.card, op.to)
    else:
        s.emit("5.5", "gain-card", src.seat, op.card)
    return False


Instant = Callable[["MoonrakersState", Source, Op], bool]
INSTANTS: Final[dict[str, Instant]] = {
    "actions": _actions, "draw": _draw, "block": _block, "reduce": _reduce, "deal": _deal,
    "play_as": _play_as, "gain_card": _gain_card,
}
"""The shared ops by name; crew_interpreter.OPS and part_instants.PART_OPS add each kind's own."""
assert tuple(INSTANTS) == SHARED_OPS

CHOICES: Final[dict[str, Handler]] = {"part.play-as": _on_play_as}
"""The choice handlers of this module, by choice key (registered by the manifest: `wiring.wire`)."""
