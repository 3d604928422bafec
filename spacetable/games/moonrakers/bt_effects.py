"""Binding Ties crew and ship-part abilities: the named hooks of the cards whose data effect is
``{"op": "hook", "name": "<slug>"}``, which `register` adds to `crew_effects.CREW_HOOKS` and
`part_effects.PART_HOOKS` (the manifest calls it once: `wiring.py`).

Crew hooks run when the card is played (after its 1 Crew is counted, 2.4): ``hook(s, seat, crew)``.
Part abilities are `PartSpec` records (`can_use`, `use`, `after_die` of a die it rolled, `once` per
contract), served to the ship-part interpreter through one `part_effects.PartHook` adapter; the
activated ones are `use <slug>` steps of the owner's play rounds (3.4.3b). Artifact 205-A/B and
Comms Array C5 change costs and the trade ratio: `reputation.cost` and `reputation.trade_ratio` read
them. Reputation paid by a card ability counts as spent (Call In Favors); Actions it buys count as
bought with reputation (Responsive).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import crew_effects, effects, reputation, reputation_rewards
from spacetable.games.moonrakers.cards import REACTOR
from spacetable.games.moonrakers.choices import AmountChoice, CardChoice, Choice, Handler, card_choice
from spacetable.games.moonrakers.dice import exposed
from spacetable.games.moonrakers.execution import HazardDie, deal_damage, play_as
from spacetable.games.moonrakers.part_effects import PART_HOOKS, PartHook, is_used, mark_used
from spacetable.games.moonrakers.reputation import (
    FACTION_ID,
    MAX_REP,
    factions,
    gain,
    gain_choice,
    gain_lowest,
    lowest,
    reducible,
)
from spacetable.games.moonrakers.reputation_rewards import P_CONT
from spacetable.games.moonrakers.zones import draw, trash_top_unseen

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState, Seat

RULE = "BT-card"
R_SHIELD, R_DAMAGE = 2, 3


def _st(s: MoonrakersState, seat: int) -> Seat:
    ex = s.ex
    assert ex is not None
    return ex.seats[seat]


def _actions(s: MoonrakersState, seat: int, n: int, bought: bool = False) -> None:
    st = _st(s, seat)
    st.actions += n
    if bought:
        st.rep_actions += n
    s.emit(RULE, "actions", seat, n)


def _can_gain(s: MoonrakersState, seat: int) -> list[int]:
    rep = s.players[seat].rep
    return [f for f in factions(s, seat) if rep[f] < MAX_REP]


def _has_rep(s: MoonrakersState, seat: int) -> list[int]:
    rep = s.players[seat].rep
    return [f for f in factions(s, seat) if rep[f] > 0]


def _f(a: Action) -> int:
    return FACTION_ID[str(a.args[0])]


# ------------------------------------------------------------------------------- crew
def ark_tii(s: MoonrakersState, seat: int, crew: int) -> None:
    """+1 Action and +1 reputation with your lowest faction (tie: your pick)."""
    _actions(s, seat, 1)
    gain_lowest(s, seat, RULE)


def _offer_trash_self(s: MoonrakersState, seat: int, crew: int) -> None:
    """"You may trash this card to gain 1 reputation of any color": `faction <f>` trashes, `no` keeps."""
    card = crew + A.CREW_BASE
    opts = _can_gain(s, seat)
    if opts and card in _st(s, seat).play:
        s.stack.append(CardChoice(seat, "bt-trash-self", [A.FACTION[f] for f in opts] + [A.NO], card))


def _trash_self(s: MoonrakersState, c: Choice, a: Action) -> None:
    if a is A.NO:
        return
    card = card_choice(c).card
    _st(s, c.player).play.remove(card)  # trashed: out of the game; its 1 Crew stays counted
    s.emit(RULE, "trash", c.player, card)
    gain(s, c.player, _f(a), 1, RULE)


def detra_lar(s: MoonrakersState, seat: int, crew: int) -> None:
    """+3 Actions; you may trash this card for +1 reputation of any color."""
    _actions(s, seat, 3)
    _offer_trash_self(s, seat, crew)


def kinta_lar(s: MoonrakersState, seat: int, crew: int) -> None:
    """Draw 3; afterwards you may trash this card for +1 reputation of any color."""
    draw(s, seat, 3)
    _offer_trash_self(s, seat, crew)


def finneal_lee(s: MoonrakersState, seat: int, crew: int) -> None:
    """+1 Action; spend any amount of reputation (any colors) for as many more Actions."""
    _actions(s, seat, 1)
    _finneal_offer(s, seat)


def _finneal_offer(s: MoonrakersState, seat: int) -> None:
    opts = _has_rep(s, seat)
    if opts:
        s.stack.append(Choice(seat, "bt-finneal", [A.FACTION[f] for f in opts] + [A.DONE]))


def _finneal(s: MoonrakersState, c: Choice, a: Action) -> None:
    if a is A.DONE:
        return
    reputation._take(s, c.player, _f(a), 1)
    _actions(s, c.player, 1, bought=True)
    _finneal_offer(s, c.player)


def _deal4(s: MoonrakersState, seat: int) -> None:
    deal_damage(s, seat, 4)


GADRA_PAID: Final = 0  # ids of the continuations after a paid ability: `CONTINUATIONS` below


def gadra_ga(s: MoonrakersState, seat: int, crew: int) -> None:
    """You may spend 2 reputation (any colors) to deal 4 Damage."""
    if reputation.total(s, seat) >= 2:
        s.stack.append(Choice(seat, "bt-gadra", [A.YES, A.NO]))


def _gadra(s: MoonrakersState, c: Choice, a: Action) -> None:
    if a is A.YES:
        reputation_rewards.pay(s, c.player, 2, False, -1, P_CONT, GADRA_PAID)


def kyas_iv(s: MoonrakersState, seat: int, crew: int) -> None:
    """Counts as a Damage II card; you may trash your top draw-pile card unseen for +2 reputation."""
    play_as(s, seat, R_DAMAGE, 2)
    p = s.players[seat]
    if (p.draw or p.discard) and _can_gain(s, seat):
        s.stack.append(Choice(seat, "bt-kyas", [A.YES, A.NO]))


def _kyas(s: MoonrakersState, c: Choice, a: Action) -> None:
    if a is A.NO:
        return
    if not trash_top_unseen(s, c.player):
        return
    s.emit(RULE, "trash-top", c.player)  # unseen: the card is not named
    gain_choice(s, c.player, 2, RULE)


def linus_farno(s: MoonrakersState, seat: int, crew: int) -> None:
    """Counts as a Shield; you may spend 1 reputation to gain 1 of a different faction."""
    play_as(s, seat, R_SHIELD)
    rep = s.players[seat].rep
    fs = factions(s, seat)
    opts = [f for f in fs if rep[f] > 0 and any(g != f and rep[g] < MAX_REP for g in fs)]
    if opts:
        s.stack.append(Choice(seat, "bt-linus-pay", [A.FACTION[f] for f in opts] + [A.NO]))


def _linus_pay(s: MoonrakersState, c: Choice, a: Action) -> None:
    if a is A.NO:
        return
    f = _f(a)
    reputation._take(s, c.player, f, 1)
    opts = [g for g in _can_gain(s, c.player) if g != f]
    if len(opts) == 1:
        gain(s, c.player, opts[0], 1, RULE)
    else:
        s.stack.append(Choice(c.player, "bt-linus-gain", [A.FACTION[g] for g in opts]))


def _linus_gain(s: MoonrakersState, c: Choice, a: Action) -> None:
    gain(s, c.player, _f(a), 1, RULE)


def lynna_tragel(s: MoonrakersState, seat: int, crew: int) -> None:
    """Counts as a Shield; roll 1 extra hazard die (it targets you, R21); +1 reputation of any color."""
    play_as(s, seat, R_SHIELD)
    gain_choice(s, seat, 1, RULE)
    s.stack.append(HazardDie(seat))


def _reduce_choice(s: MoonrakersState, seat: int, n: int) -> None:
    opts = [A.REDUCE[t] for t in reducible(s)]
    if len(opts) == 1:
        reputation_rewards.reduce_requirement(s, seat, reducible(s)[0], n)
    elif opts:
        s.stack.append(AmountChoice(seat, "rep-reduce", opts, n))


def taygar_tak(s: MoonrakersState, seat: int, crew: int) -> None:
    """You may spend 1 reputation: one requirement −1 (to a minimum of 0)."""
    opts = _has_rep(s, seat)
    if opts and reducible(s):
        s.stack.append(Choice(seat, "bt-taygar", [A.FACTION[f] for f in opts] + [A.NO]))


def _taygar(s: MoonrakersState, c: Choice, a: Action) -> None:
    if a is A.NO:
        return
    reputation._take(s, c.player, _f(a), 1)
    _reduce_choice(s, c.player, 1)


def the_warden(s: MoonrakersState, seat: int, crew: int) -> None:
    """Draw 2, +1 reputation of any color; every other player +1 with its lowest faction (tie: its
    pick), in seat order from the Mission Leader (Glossary: ties during play)."""
    draw(s, seat, 2)
    others = [(s.ml + i) % s.n for i in range(s.n) if (s.ml + i) % s.n != seat]
    for p in reversed(others):
        gain_lowest(s, p, RULE)
    gain_choice(s, seat, 1, RULE)


CREW: dict[str, Callable[[MoonrakersState, int, int], None]] = {
    "ark-tii": ark_tii, "detra-lar": detra_lar, "finneal-lee": finneal_lee, "gadra-ga": gadra_ga,
    "kinta-lar": kinta_lar, "kyas-iv": kyas_iv, "linus-farno": linus_farno, "lynna-tragel": lynna_tragel,
    "taygar-tak": taygar_tak, "the-warden": the_warden,
}


# ------------------------------------------------------------------------------- parts
@dataclass(frozen=True)
class PartSpec:
    """An activated BT ship-part ability: whether it can be used now, and what using it does."""

    can_use: Callable[[MoonrakersState, int, int], bool]
    use: Callable[[MoonrakersState, int, int], None]
    once: bool = True
    after_die: Callable[[MoonrakersState, int, int], None] | None = None


def _distinct(cards: list[int]) -> list[int]:
    return sorted(set(cards))


def _envoy_can(s: MoonrakersState, seat: int, part: int) -> bool:
    return bool(s.players[seat].hand) and s.players[seat].rep[lowest(s, seat)[0]] < MAX_REP


def _envoy_use(s: MoonrakersState, seat: int, part: int) -> None:
    opts = [A.TRASH[c] for c in _distinct(s.players[seat].hand)]
    if len(opts) == 1:
        _envoy_trash(s, seat, A.CARD_ID[str(opts[0].args[0])])
    else:
        s.stack.append(Choice(seat, "bt-envoy", opts))


def _envoy_trash(s: MoonrakersState, seat: int, card: int) -> None:
    _trash_from_hand(s, seat, card)
    gain_lowest(s, seat, RULE)


def _envoy(s: MoonrakersState, c: Choice, a: Action) -> None:
    _envoy_trash(s, c.player, A.CARD_ID[str(a.args[0])])


def _trash_from_hand(s: MoonrakersState, seat: int, card: int) -> None:
    s.players[seat].hand.remove(card)
    s.emit(RULE, "trash", seat, card)
    effects.on_trash_from_hand(s, seat, card)


FLAK_MAX_DICE = A.MAX_TARGETS
"""Flak Mine has no once-per-contract limit; it can be used while fewer dice than this target its
owner (the dice a choice can name). A blank die gives nothing, so without a bound a player could roll
for ever; every use adds a die, so the bound keeps the game tree finite (docs/binding-ties.md)."""


def _flak_can(s: MoonrakersState, seat: int, part: int) -> bool:
    return bool(_can_gain(s, seat)) and len(_st(s, seat).dice) < FLAK_MAX_DICE


def _flak_use(s: MoonrakersState, seat: int, part: int) -> None:
    s.stack.append(HazardDie(seat, -1, "flak-mine"))


def flak_mine_die(s: MoonrakersState, seat: int, icons: int) -> None:
    """Flak Mine's extra die: as much reputation as its icons (2: one faction +2 or two +1)."""
    gain_choice(s, seat, icons, RULE)


def _lr_can(s: MoonrakersState, seat: int, part: int) -> bool:
    return bool(_has_rep(s, seat)) and R_DAMAGE in reducible(s)


def _lr_use(s: MoonrakersState, seat: int, part: int) -> None:
    _lr_offer(s, seat, first=True)


def _lr_offer(s: MoonrakersState, seat: int, first: bool = False) -> None:
    opts = [A.FACTION[f] for f in _has_rep(s, seat)]
    if not opts or R_DAMAGE not in reducible(s):
        return
    if first and len(opts) == 1:
        _lr_pay(s, seat, opts[0])
    else:
        s.stack.append(Choice(seat, "bt-lr", opts if first else opts + [A.DONE]))


def _lr_pay(s: MoonrakersState, seat: int, a: Action) -> None:
    reputation._take(s, seat, _f(a), 1)
    reputation_rewards.reduce_requirement(s, seat, R_DAMAGE, 1)
    _lr_offer(s, seat)


def _lr(s: MoonrakersState, c: Choice, a: Action) -> None:
    if a is not A.DONE:
        _lr_pay(s, c.player, a)


def _one_rep(s: MoonrakersState, seat: int, part: int) -> bool:
    return reputation.total(s, seat) >= 1


def _block1(s: MoonrakersState, seat: int) -> None:
    _st(s, seat).blocks += 1
    s.emit(RULE, "block", seat, 1)


def _action1(s: MoonrakersState, seat: int) -> None:
    _actions(s, seat, 1, bought=True)


def _reduce1(s: MoonrakersState, seat: int) -> None:
    _reduce_choice(s, seat, 1)


PROTO_PAID: Final = 1
PULSE_PAID: Final = 2
RADAR_PAID: Final = 3
CONTINUATIONS: Final = (_deal4, _block1, _action1, _reduce1)
"""What happens once a card's reputation is paid, by id (`reputation_rewards.register_continuations`)."""


def _proto_can(s: MoonrakersState, seat: int, part: int) -> bool:
    return _one_rep(s, seat, part) and exposed(_st(s, seat)) > 0


def _pay1(cont: int) -> Callable[[MoonrakersState, int, int], None]:
    def use(s: MoonrakersState, seat: int, part: int) -> None:
        reputation_rewards.pay(s, seat, 1, True, -1, P_CONT, cont)

    return use


def _radar_can(s: MoonrakersState, seat: int, part: int) -> bool:
    return _one_rep(s, seat, part) and bool(reducible(s))


def _recycler_can(s: MoonrakersState, seat: int, part: int) -> bool:
    return REACTOR in s.players[seat].hand and bool(_can_gain(s, seat))


def _recycler_use(s: MoonrakersState, seat: int, part: int) -> None:
    _trash_from_hand(s, seat, REACTOR)
    gain_choice(s, seat, 1, RULE)


PARTS: dict[str, PartSpec] = {
    "envoy-shuttle": PartSpec(_envoy_can, _envoy_use),
    # "You may roll 1 additional Hazard Die in order to gain Faction Reputation …": no once-per-contract
    "flak-mine": PartSpec(_flak_can, _flak_use, once=False, after_die=flak_mine_die),
    "lr-targeting-core": PartSpec(_lr_can, _lr_use, once=False),
    "proto-warning-system": PartSpec(_proto_can, _pay1(PROTO_PAID)),
    "pulse-exchange": PartSpec(_one_rep, _pay1(PULSE_PAID)),
    "pulse-recycler": PartSpec(_recycler_can, _recycler_use),
    "radar-repeater": PartSpec(_radar_can, _pay1(RADAR_PAID)),
}
PASSIVE_PARTS = ("artifact-205-a", "artifact-205-b", "comms-array-c5")
"""Parts read by `reputation.cost` / `reputation.trade_ratio`: no activated ability."""


def can_use(s: MoonrakersState, seat: int, part: int) -> bool:
    """Can `seat` use this BT part's activated ability now (its own play step, 3.4.3b)?"""
    h = PARTS.get(A.PART_SLUGS[part])
    if h is None or not s.bt or not reputation.in_contract(s, seat):
        return False
    if h.once and is_used(_st(s, seat), part):
        return False
    return h.can_use(s, seat, part)


def use(s: MoonrakersState, seat: int, part: int) -> None:
    """Use this BT part's activated ability (marks once-per-contract abilities used)."""
    h = PARTS[A.PART_SLUGS[part]]
    if h.once:
        mark_used(_st(s, seat), part)
    h.use(s, seat, part)


class BTPartHook(PartHook):
    """Adapter: a BT part's `PartSpec` seen through the ship-part interpreter's hook interface."""

    def usable(self, s: MoonrakersState, seat: int, part: int) -> bool:
        return can_use(s, seat, part)

    def use(self, s: MoonrakersState, seat: int, part: int) -> None:
        use(s, seat, part)

    def after_die(self, s: MoonrakersState, seat: int, part: int, icons: int) -> None:
        fn = PARTS[A.PART_SLUGS[part]].after_die
        if fn is not None:
            fn(s, seat, icons)


def register() -> None:
    """Add the Binding Ties cards' hooks to the crew and part registries (the manifest calls this once:
    `wiring.wire`)."""
    crew_effects.CREW_HOOKS.update(CREW)
    hook = BTPartHook()
    for slug in PARTS:
        PART_HOOKS[slug] = hook
    for slug in PASSIVE_PARTS:
        PART_HOOKS[slug] = PartHook()


CHOICES: Final[dict[str, Handler]] = {
    "bt-trash-self": _trash_self,
    "bt-finneal": _finneal,
    "bt-gadra": _gadra,
    "bt-kyas": _kyas,
    "bt-linus-pay": _linus_pay,
    "bt-linus-gain": _linus_gain,
    "bt-taygar": _taygar,
    "bt-envoy": _envoy,
    "bt-lr": _lr,
}
"""The choice handlers of this module, by choice key (registered by the manifest: `wiring.wire`)."""
