"""Named Python hooks of the unique BG/FE crew cards no op describes: AT-0K, B3-AR, Kary Powalk,
Lee van Cribb, Myla Dystra, [Redacted], Ryan Rogal, Zek Zarag, Metaxis and Zardon the Enforcer.

Each hook runs as the `{"op": "hook", "name": "<slug>"}` op of its card and returns True when a
choice will resume the ability; importing this module registers them into
`crew_interpreter.BUILTIN_HOOKS` (and their choice handlers and re-listed options).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import effects
from spacetable.games.moonrakers.cards import DMG1, DMG3
from spacetable.games.moonrakers.choices import Choice, Handler
from spacetable.games.moonrakers.crew_interpreter import (
    K_AT0K,
    K_B3AR,
    K_LEE,
    K_METAXIS,
    K_MYLA,
    K_REDACTED,
    K_RYAN,
    K_ZEK,
    Ctx,
    crew_choice,
    discard_from_hand,
)
from spacetable.games.moonrakers.crew_interpreter import ask as _ask
from spacetable.games.moonrakers.crew_interpreter import distinct as _distinct
from spacetable.games.moonrakers.crew_interpreter import resume as _resume
from spacetable.games.moonrakers.crew_specs import ABILITY, CREW_BASE, R_DAMAGE
from spacetable.games.moonrakers.dice import discard_die, distinct_dice
from spacetable.games.moonrakers.execution import HazardDie, contribute, play_card
from spacetable.games.moonrakers.frames import Frame
from spacetable.games.moonrakers.instant_ops import play_as_type
from spacetable.games.moonrakers.zones import draw, take_top

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState


def _at0k(s: MoonrakersState, ctx: Ctx) -> bool:
    """Discard one die targeting you; count as Damage equal to its icons (OQ 6: no die, 0 Damage)."""
    assert s.ex is not None
    # one option per kind of die: its icons, and whether a reputation block covers it (dice.py)
    options = [A.TARGET[i] for i in distinct_dice(s.ex.seats[ctx.seat], len(A.TARGET))]
    if not options:
        play_as_type(s, ctx.seat, R_DAMAGE, 0, ctx.merc)
        return False
    return _ask(s, ctx, K_AT0K, options)


def _on_at0k(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx = crew_choice(ch).ctx
    assert s.ex is not None
    icons = discard_die(s.ex.seats[ctx.seat], int(a.args[0]) - 1)
    s.emit("3.4.5", "crew-die-discarded", ctx.seat, icons)
    play_as_type(s, ctx.seat, R_DAMAGE, icons, ctx.merc)
    _resume(s, ctx)


def _b3ar(s: MoonrakersState, ctx: Ctx) -> bool:
    """Another Crew card from your play area or discard pile back to hand (OQ 8)."""
    assert s.ex is not None
    me = ctx.crew + CREW_BASE
    zone = s.ex.seats[ctx.seat].play + s.players[ctx.seat].discard
    options = [A.CHOOSE[c] for c in _distinct([c for c in zone if c >= CREW_BASE and c != me])]
    return _ask(s, ctx, K_B3AR, options)


def _on_b3ar(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx = crew_choice(ch).ctx
    assert s.ex is not None
    card = A.CARD_ID[A.arg(a)]
    play = s.ex.seats[ctx.seat].play
    p = s.players[ctx.seat]
    (play if card in play else p.discard).remove(card)  # what it contributed stays (OQ 8)
    p.hand.append(card)
    s.emit("2.4", "crew-take-back", ctx.seat, card)
    _resume(s, ctx)


def _kary(s: MoonrakersState, ctx: Ctx) -> bool:
    """Every Damage I/II/III card of this contract +1, before or after; uses stack (OQ 4)."""
    assert s.ex is not None
    s.ex.damage_bonus += 1
    s.emit("2.4", "crew-damage-bonus", ctx.seat, s.ex.damage_bonus)
    return False


def _lee(s: MoonrakersState, ctx: Ctx) -> bool:
    """Look at your top 3 cards (reshuffling if fewer remain), play 1 free, discard the rest (OQ 10)."""
    looked: list[int] = []
    for _ in range(3):
        c = take_top(s, ctx.seat)
        if c < 0:
            break
        looked.append(c)
    s.emit("2.4", "crew-look", ctx.seat, len(looked))
    return _ask(s, ctx, K_LEE, [A.CHOOSE[c] for c in _distinct(looked)], looked=looked)


def _on_lee(s: MoonrakersState, ch: Choice, a: Action) -> None:
    lee = crew_choice(ch)
    ctx, looked = lee.ctx, lee.looked
    card = A.CARD_ID[A.arg(a)]
    looked.remove(card)
    s.players[ctx.seat].discard.extend(looked)
    if looked:
        s.emit("2.4", "crew-discard-looked", ctx.seat, len(looked))  # hidden until discarded: a count
    play_card(s, ctx.seat, card)  # free, full effect (OQ 10)
    _resume(s, ctx)


def _myla(s: MoonrakersState, ctx: Ctx) -> bool:
    return _myla_step(s, ctx, 0)


def _myla_step(s: MoonrakersState, ctx: Ctx, count: int) -> bool:
    """Discard any number of hand cards one at a time, then draw as many."""
    hand = s.players[ctx.seat].hand
    if not hand:
        draw(s, ctx.seat, count)
        return False
    return _ask(s, ctx, K_MYLA, _myla_options(s, ctx, []), chosen=count, auto=False)


def _myla_options(s: MoonrakersState, ctx: Ctx, asked: list[Action]) -> list[Action]:
    return [*(A.DISCARD[c] for c in _distinct(s.players[ctx.seat].hand)), A.DONE]


def _on_myla(s: MoonrakersState, ch: Choice, a: Action) -> None:
    myla = crew_choice(ch)
    ctx, count = myla.ctx, myla.chosen
    if a is A.DONE or a is A.SKIP:
        draw(s, ctx.seat, count)
    else:
        discard_from_hand(s, ctx.seat, A.CARD_ID[A.arg(a)])
        if _myla_step(s, ctx, count + 1):
            return
    _resume(s, ctx)


def _redacted(s: MoonrakersState, ctx: Ctx) -> bool:
    return _redacted_step(s, ctx, 0)


def _redacted_step(s: MoonrakersState, ctx: Ctx, mask: int) -> bool:
    """Pick dice to re-roll one at a time (OQ 13: any subset of your dice, once), then roll them."""
    assert s.ex is not None
    dice = s.ex.seats[ctx.seat].dice
    options = [A.TARGET[i] for i in range(min(len(dice), len(A.TARGET))) if not mask >> i & 1]
    if not options:
        _reroll(s, ctx.seat, mask)
        return False
    options.append(A.DONE)
    return _ask(s, ctx, K_REDACTED, options, chosen=mask, auto=False)


def _reroll(s: MoonrakersState, seat: int, mask: int) -> None:
    for i in reversed(range(len(A.TARGET))):  # pushed last-first: the lowest die rolls first
        if mask >> i & 1:
            s.stack.append(HazardDie(seat, i))


def _on_redacted(s: MoonrakersState, ch: Choice, a: Action) -> None:
    redacted = crew_choice(ch)
    ctx, mask = redacted.ctx, redacted.chosen
    if a is A.DONE:
        _reroll(s, ctx.seat, mask)
    elif _redacted_step(s, ctx, mask | 1 << (int(a.args[0]) - 1)):
        return
    _resume(s, ctx)


def _ryan(s: MoonrakersState, ctx: Ctx) -> bool:
    """"Draw 2 Cards. If you draw a Damage card, play one as a Damage 5 without spending an action."

    The play is not optional (the card says "play one", not "may"): with a Damage card among the
    two drawn, one of them is played free and counts 5 (OQ 5: only a card drawn by this effect;
    Kary Powalk still adds 1). The question is asked even with a single option, so that whether it
    is asked never tells the table that the other drawn card is a Damage card of another kind.
    """
    n = draw(s, ctx.seat, 2)
    drawn = s.players[ctx.seat].hand[-n:] if n else []
    options = [A.CHOOSE[c] for c in _distinct([c for c in drawn if DMG1 <= c <= DMG3])]
    return _ask(s, ctx, K_RYAN, options, auto=False)


def _ryan_options(s: MoonrakersState, ctx: Ctx, asked: list[Action]) -> list[Action]:
    hand = s.players[ctx.seat].hand
    return [a for a in asked if a is not A.SKIP and A.CARD_ID[A.arg(a)] in hand]


def _on_ryan(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx = crew_choice(ch).ctx
    if a is not A.SKIP:
        ex = s.ex
        assert ex is not None
        card = A.CARD_ID[A.arg(a)]
        seat = ctx.seat
        st = ex.seats[seat]
        s.players[seat].hand.remove(card)
        st.play.append(card)
        st.cards += 1
        s.emit("2.2", "play", seat, card)
        contribute(s, st, R_DAMAGE, 5)  # a Damage card worth 5: Kary Powalk still adds 1 (OQ 5)
        st.dmg_cards += 1
        ex.damage_cards += 1
        effects.after_play(s, seat, card, R_DAMAGE)
    _resume(s, ctx)


def _zek(s: MoonrakersState, ctx: Ctx) -> bool:
    """"Search your draw pile for any Card, and play that card without spending an Action.
    Afterwards, shuffle your draw pile." (OQ 10: free, with its full effect.)"""
    # searching the pile shows its owner what is in it, so a card trashed from it unseen is unseen no more
    s.players[ctx.seat].unseen = []
    return _ask(s, ctx, K_ZEK, _zek_options(s, ctx, []), auto=False)  # the draw pile is hidden


def _zek_options(s: MoonrakersState, ctx: Ctx, asked: list[Action]) -> list[Action]:
    return [A.CHOOSE[c] for c in _distinct(s.players[ctx.seat].draw)]


class ShuffleAfterwards(Frame):
    """Zek Zarag's "Afterwards, shuffle your draw pile", kept under whatever the played card pushes.

    It is a bookmark, never a decision: once the card's play has fully resolved (its choices, dice and
    draws, e.g. a Thruster's 2 cards come from the searched, unshuffled pile) it is on top of the
    stack, where `vacuous` shuffles the pile once and the frame vanishes (`rules.advance`).
    """

    __slots__ = ("done",)
    name = "crew.zek-zarag.shuffle"

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.done = False

    def copy(self) -> Frame:
        f = ShuffleAfterwards(self.player)
        f.done = self.done
        return f

    def vacuous(self, s: MoonrakersState) -> bool:
        if not self.done:  # vacuous may be asked twice before the frame is dropped
            self.done = True
            s.rng.shuffle(s.players[self.player].draw)
            s.emit("2.4", "crew-shuffle", self.player)
        return True

    def legal(self, s: MoonrakersState) -> list[Action]:
        return []

    def apply(self, s: MoonrakersState, a: Action) -> None:  # pragma: no cover (never a decision)
        raise AssertionError("the Zek Zarag shuffle is not a decision")


def _on_zek(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx = crew_choice(ch).ctx
    if a is A.SKIP:  # the draw pile emptied meanwhile
        _resume(s, ctx)
        return
    card = A.CARD_ID[A.arg(a)]
    p = s.players[ctx.seat]
    p.draw.remove(card)
    s.emit("2.4", "crew-search", ctx.seat)
    s.stack.append(ShuffleAfterwards(ctx.seat))  # "Afterwards": below everything the play pushes
    play_card(s, ctx.seat, card)
    _resume(s, ctx)


def _metaxis(s: MoonrakersState, ctx: Ctx) -> bool:
    """Use the ability of one face-up Armory crew (OQ 9); Metaxis itself is the card that resolves."""
    return _ask(s, ctx, K_METAXIS, [A.CHOOSE[c + CREW_BASE] for c in sorted(c for c in s.crew_row if c >= 0)])


def _on_metaxis(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx = crew_choice(ch).ctx
    copied = A.CARD_ID[A.arg(a)] - CREW_BASE
    s.emit("2.4", "crew-copy", ctx.seat, copied)
    ctx.enter(ABILITY[copied])
    _resume(s, ctx)


def _zardon(s: MoonrakersState, ctx: Ctx) -> bool:
    """Play every Damage card in your hand free; each counts as played by you (OQ 16)."""
    hand = s.players[ctx.seat].hand
    for card in [c for c in hand if DMG1 <= c <= DMG3]:
        hand.remove(card)
        play_card(s, ctx.seat, card)
    return False


_HOOKS: Final[dict[str, Callable[[MoonrakersState, Ctx], bool]]] = {
    "at-0k": _at0k,
    "b3-ar": _b3ar,
    "kary-powalk": _kary,
    "lee-van-cribb": _lee,
    "myla-dystra": _myla,
    "redacted": _redacted,
    "ryan-rogal": _ryan,
    "zek-zarag": _zek,
    "metaxis": _metaxis,
    "zardon-the-enforcer": _zardon,
}
HOOKS: Final = _HOOKS
"""The unique BG/FE abilities by hook name (`crew_interpreter.BUILTIN_HOOKS`, filled by `wiring.wire`)."""

RELISTS: Final[dict[str, Callable[[MoonrakersState, Ctx, list[Action]], list[Action]]]] = {
    K_MYLA: _myla_options, K_ZEK: _zek_options, K_RYAN: _ryan_options}
"""Choices of this module re-listed from a zone when asked (`crew_interpreter.RELIST`)."""


CHOICES: Final[dict[str, Handler]] = {
    K_AT0K: _on_at0k,
    K_B3AR: _on_b3ar,
    K_LEE: _on_lee,
    K_MYLA: _on_myla,
    K_REDACTED: _on_redacted,
    K_RYAN: _on_ryan,
    K_ZEK: _on_zek,
    K_METAXIS: _on_metaxis,
}
"""The choice handlers of this module, by choice key (registered by the manifest: `wiring.wire`)."""
