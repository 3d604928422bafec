"""Card-by-card payments of activated part abilities (`part.pay` choices, 3.4.3b) and the triggers
cards leaving the owner's hand fire during an execution (on_discard / on_trash: Swarm mk1, MG1
Kinetic, OQ 20, OQ 22).

Payment kinds (part_specs.Pay): discard [cards] | discard_any n (+ except card) | discard_same n |
discard_up_to n | trash_any n. Actions: `discard <card>` / `trash <card>` (cards in id order, so each
set of cards is one path) and `done` for "up to".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.choices import Choice, Handler
from spacetable.games.moonrakers.frames import Frame
from spacetable.games.moonrakers.part_instants import run
from spacetable.games.moonrakers.part_specs import FX, Pay

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState


def _pay_options(s: MoonrakersState, seat: int, pay: Pay, paid: int, low: int) -> list[Action]:
    """The next card to pay; cards are taken in id order (low = last id taken) so each set is one path."""
    hand = s.players[seat].hand
    k = pay.kind
    distinct = sorted(set(hand))
    if k == "discard_any":
        ok = [c for c in hand if not (c < 7 and pay.exclude >> c & 1)]
        need = pay.n - paid
        return [A.DISCARD[c] for c in distinct
                if c >= low and c in ok and sum(1 for x in ok if x >= c) >= need]
    if k == "discard_same":
        return [A.DISCARD[c] for c in distinct if hand.count(c) >= pay.n]
    if k == "discard_up_to":
        return [A.DISCARD[c] for c in distinct if c >= low] + [A.DONE]
    return [A.TRASH[c] for c in distinct if c >= low]  # trash_any


def next_payment(s: MoonrakersState, seat: int, part: int, paid: int, low: int) -> None:
    u = FX[part].use
    assert u is not None
    pay = u.pay
    if paid >= pay.n or (pay.kind == "discard_same" and paid):
        run(s, seat, part, u.effects, paid)
        return
    opts = _pay_options(s, seat, pay, paid, low)
    if pay.kind == "discard_up_to" and len(opts) == 1:  # nothing left to discard: only `done`
        run(s, seat, part, u.effects, paid)
        return
    s.stack.append(PayChoice(seat, "part.pay", opts, part, paid, low))


class PayChoice(Choice):
    """A payment step (`part.pay`) of `part`'s ability: `paid` cards paid so far, `low` the id of the
    last one (cards are taken in id order). Its options are recomputed from the hand, so a copy whose
    hidden hand was resampled by `determinize` still offers cards that hand holds (`done` if none fits)."""

    __slots__ = ("part", "paid", "low")

    def __init__(self, seat: int, key: str, options: list[Action], part: int, paid: int, low: int) -> None:
        super().__init__(seat, key, options)
        self.part = part
        self.paid = paid
        self.low = low

    def legal(self, s: MoonrakersState) -> list[Action]:
        u = FX[self.part].use
        assert u is not None
        return (_pay_options(s, self.player, u.pay, self.paid, self.low)
                or _pay_options(s, self.player, u.pay, self.paid, 0) or [A.DONE])

    def vacuous(self, s: MoonrakersState) -> bool:
        return False

    def private(self, s: MoonrakersState) -> dict[str, Any]:
        return {"options": [str(a) for a in self.legal(s)]}

    def copy(self) -> Frame:
        return PayChoice(self.player, self.key, self.options.copy(), self.part, self.paid, self.low)


def _on_pay(s: MoonrakersState, ch: Choice, a: Action) -> None:
    assert isinstance(ch, PayChoice)
    part, paid = ch.part, ch.paid
    seat = ch.player
    u = FX[part].use
    assert u is not None
    if a is A.DONE:
        run(s, seat, part, u.effects, paid)
        return
    card = A.CARD_ID[str(a.args[0])]
    if a.kind == "trash":
        trash(s, seat, card)
        paid += 1
    elif u.pay.kind == "discard_same":
        for _ in range(u.pay.n):
            discard(s, seat, card)
        paid += u.pay.n
    else:
        discard(s, seat, card)
        paid += 1
    next_payment(s, seat, part, paid, card)


def discard(s: MoonrakersState, seat: int, card: int) -> None:
    p = s.players[seat]
    p.hand.remove(card)
    p.discard.append(card)
    s.emit("2.9", "discard", seat, card)
    on_discard_from_hand(s, seat, card)  # OQ 20: Swarm mk1


def trash(s: MoonrakersState, seat: int, card: int) -> None:
    s.players[seat].hand.remove(card)
    ex = s.ex
    if ex is not None:
        ex.trashed += 1
    s.emit("2.9", "trash", seat, card)
    on_trash_from_hand(s, seat, card)  # MG1 Kinetic


def on_discard_from_hand(s: MoonrakersState, seat: int, card: int) -> None:
    """A card discarded from hand during an execution (Swarm mk1, OQ 20, OQ 22)."""
    _hand_triggers(s, seat, card, discard=True)


def on_trash_from_hand(s: MoonrakersState, seat: int, card: int) -> None:
    """A card trashed from hand during an execution (MG1 Kinetic, OQ 22)."""
    _hand_triggers(s, seat, card, discard=False)


def _hand_triggers(s: MoonrakersState, seat: int, card: int, discard: bool) -> None:
    """Run the owner's part triggers for a basic card leaving its hand (not in cleanup, OQ 22)."""
    ex = s.ex
    if ex is None or seat not in ex.seats or card >= 7:
        return
    for p in s.players[seat].parts:
        fx = FX[p]
        for tr in fx.on_discard if discard else fx.on_trash:
            if tr.mask >> card & 1:
                run(s, seat, p, tr.effects, 0)


CHOICES: Final[dict[str, Handler]] = {
    "part.pay": _on_pay,
}
"""The choice handlers of this module, by choice key (registered by the manifest: `wiring.wire`)."""
