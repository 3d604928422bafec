"""Instant effects of ship parts: the interpreter of compiled `effects` lists (effect_ops.Op) and
the follow-up choices of the part-only ops (Choice keys part.discard-die, part.replay-crew).

`run(s, seat, part, ops, paid)` carries out the ops in order for the part's owner: the ops every card
kind shares through instant_ops.INSTANTS, the part-only ones (`PART_OPS`) here. Choices are pushed as
`choices.CardChoice` frames of the part; their handlers are registered by the manifest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import effects
from spacetable.games.moonrakers import execution as X
from spacetable.games.moonrakers.choices import CardChoice, Choice, Handler, card_choice
from spacetable.games.moonrakers.dice import discard_die, distinct_dice
from spacetable.games.moonrakers.effect_ops import Op
from spacetable.games.moonrakers.instant_ops import INSTANTS, Instant, Source
from spacetable.games.moonrakers.part_specs import R_CREW, R_DAMAGE

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState


def run(s: MoonrakersState, seat: int, part: int, ops: tuple[Op, ...], paid: int) -> None:
    """Carry out instant effects of `part` for its owner `seat` (`paid`: cards paid, for n "paid")."""
    assert s.ex is not None
    src = Source(seat, part=part, paid=paid)
    for e in ops:
        fn = INSTANTS.get(e.op)
        (PART_OPS[e.op] if fn is None else fn)(s, src, e)


def _pool(s: MoonrakersState, src: Source, op: Op) -> bool:
    """+n to the pool without a card (Duo 1000's second Shield, OQ 18)."""
    ex = s.ex
    assert ex is not None
    ex.pool[op.type] += op.n
    if op.type == R_DAMAGE:
        ex.seats[src.seat].damage += op.n
    s.emit("5.5", "extra-count", src.seat, op.type, op.n)
    return False


def _boosted(s: MoonrakersState, src: Source, op: Op) -> bool:
    _play_boosted(s, src.seat, op.card, op.n)
    return False


def _discard_die(s: MoonrakersState, src: Source, op: Op) -> bool:
    ex = s.ex
    assert ex is not None
    st = ex.seats[src.seat]
    if not st.dice:
        return False
    # one option per kind of die: icons, and blocked by reputation or not
    opts = [A.TARGET[i] for i in distinct_dice(st, len(A.TARGET))]
    if op.optional:
        opts.append(A.SKIP)
    s.stack.append(CardChoice(src.seat, "part.discard-die", opts, src.part))
    return True


def _replay_crew(s: MoonrakersState, src: Source, op: Op) -> bool:
    ex = s.ex
    assert ex is not None
    st = ex.seats[src.seat]
    crew = sorted({c for c in st.play if c >= 7})
    if not crew or st.actions < op.n:
        return False
    s.stack.append(CardChoice(src.seat, "part.replay-crew", [A.CHOOSE[c] for c in crew], src.part, op.n))
    return True


def _siphon(s: MoonrakersState, src: Source, op: Op) -> bool:
    return False  # resolved by part_effects.after_play, which sees the blocks before and after


PART_OPS: Final[dict[str, Instant]] = {
    "pool": _pool, "play_boosted": _boosted, "discard_die": _discard_die, "replay_crew": _replay_crew,
    "siphon": _siphon,
}
"""The part-only instant ops (the shared ones are instant_ops.INSTANTS)."""


def _play_boosted(s: MoonrakersState, seat: int, card: int, value: int) -> None:
    """Play a Damage card from hand counting `value` Damage (MG Charge Core, Quantum Driver, OQ 21)."""
    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    s.players[seat].hand.remove(card)
    st.play.append(card)
    st.cards += 1
    s.emit("2.2", "play", seat, card)
    s.emit("5.5", "counts-as", seat, card, value)
    X.contribute(s, st, R_DAMAGE, value)
    st.dmg_cards += 1
    ex.damage_cards += 1
    effects.after_play(s, seat, card, R_DAMAGE)


def _on_discard_die(s: MoonrakersState, ch: Choice, a: Action) -> None:
    if a is A.SKIP:
        return
    ex = s.ex
    assert ex is not None
    icons = discard_die(ex.seats[ch.player], int(a.args[0]) - 1)
    s.emit("3.4.5", "die-discarded", ch.player, icons)


def _on_replay_crew(s: MoonrakersState, ch: Choice, a: Action) -> None:
    """The Clone Bay (OQ 28): the Crew card is played again — 1 Action, 1 more Crew, its ability."""
    ex = s.ex
    assert ex is not None
    seat = ch.player
    cost = card_choice(ch).n
    card = A.CARD_ID[str(a.args[0])]
    st = ex.seats[seat]
    st.actions -= cost
    s.emit("5.5", "replay", seat, card)
    X.contribute(s, st, R_CREW, 1)
    effects.after_play(s, seat, card, R_CREW)
    effects.crew_ability(s, seat, card - 7)


CHOICES: Final[dict[str, Handler]] = {
    "part.discard-die": _on_discard_die,
    "part.replay-crew": _on_replay_crew,
}
"""The choice handlers of this module, by choice key (registered by the manifest: `wiring.wire`)."""
