"""Instant effects of ship parts: the interpreter of compiled `effects` lists (part_specs.Op) and
the follow-up choices they ask (Choice keys part.play-as, part.discard-die, part.replay-crew).

`run(s, seat, part, ops, paid)` carries out the ops in order for the part's owner; choices are pushed
as `choices.Choice` frames whose handlers are registered at import.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import effects
from spacetable.games.moonrakers import execution as X
from spacetable.games.moonrakers.cards import DMG1
from spacetable.games.moonrakers.choices import Choice, Handler
from spacetable.games.moonrakers.dice import discard_die, distinct_dice
from spacetable.games.moonrakers.part_specs import BASIC_TYPE, PAID, R_CREW, R_DAMAGE, Op
from spacetable.games.moonrakers.zones import draw

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState


def run(s: MoonrakersState, seat: int, part: int, ops: tuple[Op, ...], paid: int) -> None:
    """Carry out instant effects of `part` for its owner `seat` (`paid`: cards paid, for n "paid")."""
    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    for e in ops:
        op = e.op
        if op in ("actions", "draw"):
            n = paid if e.n == PAID else e.n
            if e.per == "ally":
                n *= len(ex.order) - 1  # OQ 26: every non-ML participant
            elif e.per == "die":
                n *= len(st.dice)  # OQ 29: dice targeting the owner after the roll
            if n <= 0:
                continue
            for q in ([x for x in ex.order if x != seat] if e.allies else [seat]):  # R24
                if op == "actions":
                    ex.seats[q].actions += n
                    s.emit("5.5", "actions", q, n)
                else:
                    draw(s, q, n)
        elif op == "reduce":
            ex.reduce[e.t] += e.n
            s.emit("3.4.6", "reduce", seat, e.t, e.n)
        elif op == "block":
            st.blocks += e.n
            s.emit("3.4.8", "block", seat, e.n)
        elif op == "pool":
            ex.pool[e.t] += e.n
            if e.t == R_DAMAGE:
                st.damage += e.n
            s.emit("5.5", "extra-count", seat, e.t, e.n)
        elif op == "deal":
            X.deal_damage(s, seat, e.n)
        elif op == "play_as":
            if e.choose:
                opts = [A.CHOOSE[c] for c in e.choose] + ([A.SKIP] if e.optional else [])
                s.stack.append(Choice(seat, "part.play-as", opts, [part]))
            else:
                _virtual(s, seat, e.t)
        elif op == "gain_card":
            s.players[seat].discard.append(e.t)
            s.emit("5.5", "gain-card", seat, e.t)
        elif op == "play_boosted":
            _play_boosted(s, seat, e.t, e.n)
        elif op == "discard_die":
            if st.dice:  # one option per kind of die: icons, and blocked by reputation or not
                opts = [A.TARGET[i] for i in distinct_dice(st, len(A.TARGET))]
                if e.optional:
                    opts.append(A.SKIP)
                s.stack.append(Choice(seat, "part.discard-die", opts, [part]))
        elif op == "replay_crew":
            crew = sorted({c for c in st.play if c >= 7})
            if crew and st.actions >= e.n:
                s.stack.append(Choice(seat, "part.replay-crew", [A.CHOOSE[c] for c in crew], [part, e.n]))
        # "siphon" is resolved by after_play


def _virtual(s: MoonrakersState, seat: int, card: int) -> None:
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


def _on_play_as(s: MoonrakersState, ch: Choice, a: Action) -> None:
    if a is not A.SKIP:
        _virtual(s, ch.player, A.CARD_ID[str(a.args[0])])


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
    cost = ch.data[1]
    card = A.CARD_ID[str(a.args[0])]
    st = ex.seats[seat]
    st.actions -= cost
    s.emit("5.5", "replay", seat, card)
    X.contribute(s, st, R_CREW, 1)
    effects.after_play(s, seat, card, R_CREW)
    effects.crew_ability(s, seat, card - 7)


CHOICES: Final[dict[str, Handler]] = {
    "part.play-as": _on_play_as,
    "part.discard-die": _on_discard_die,
    "part.replay-crew": _on_replay_crew,
}
"""The choice handlers of this module, by choice key (registered by the manifest: `wiring.wire`)."""
