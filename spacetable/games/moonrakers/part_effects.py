"""Ship-part abilities (5.5, 5.6, R13): the hooks the rules call (through effects.py), activated
abilities (`use <part>`, 3.4.3b) and the Binding Ties part-hook registry.

The effect vocabulary, its validation and the compiled catalog `FX` live in part_specs.py; the
instant-effect interpreter in part_instants.py; card-by-card payments in part_payments.py. Their
public names are re-exported here. A part works only while its owner participates (R13);
"once per contract" marks live in `Seat.used` (a fresh Seat every execution, 3.4.2).

PART_HOOKS (Binding Ties parts, spec [{"op": "hook", "name": "<slug>"}]): `PART_HOOKS[slug] =
SomeHook()` where SomeHook subclasses `PartHook` and overrides what its part does (all get the state,
the owner's seat and the part id): `contract_start` (3.4.2), `usable` + `use` (an activated
`use <slug>`: `use` pays its costs and may push `choices.Choice` frames), `after_play` (on-play
triggers), `after_die` (a die rolled with `HazardDie(seat, hook=<slug>)`), `modify(key, value)` (costs
and ratios that other modules ask through `modify(s, seat, key, value)`, e.g. key "trade-ratio").
A hook name with nothing registered does nothing. `DIE_HOOKS[name] = fn(s, seat, icons)` serves extra
dice rolled by non-part effects. Once-per-contract marks: `is_used` / `mark_used` (key USED_BASE+part).
A hook's `contract_start` must not push frames (the play rounds' frame is pushed after it).

Follow-up choices (Choice keys and actions): part.pay — `discard <card>` / `trash <card>` (cards in id
order, so each set of cards is one path) and `done` for "up to"; part.play-as — `choose <basic>` (and
`skip` when optional); part.discard-die — `target <die number>` (one per distinct icon count), `skip`;
part.replay-crew — `choose <crew>`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from mypy_extensions import mypyc_attr

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import MISS
from spacetable.games.moonrakers.dice import is_blocked
from spacetable.games.moonrakers.effect_ops import PAID, Op
from spacetable.games.moonrakers.part_instants import run
from spacetable.games.moonrakers.part_payments import (
    PayChoice,
    discard,
    next_payment,
    on_discard_from_hand,
    on_trash_from_hand,
)
from spacetable.games.moonrakers.part_specs import (
    ACTIVE,
    BASIC_TYPE,
    CHOICE_OPS,
    COST_PLAY,
    FILE,
    FREE,
    FX,
    GROUPS,
    HOOKED,
    INSTANT_OPS,
    ON_PLAY,
    PAY_KINDS,
    PLAYABLE,
    R_CREW,
    R_DAMAGE,
    R_REACTOR,
    R_SHIELD,
    R_THRUSTER,
    SHARED_BASE,
    SHARED_FREE,
    SHARED_MASK,
    T_MISS,
    TOP_OPS,
    TYPES,
    USED_BASE,
    Free,
    PartFx,
    Pay,
    Trigger,
    Use,
    compile_catalog,
    compile_part,
)

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState, Seat


# ------------------------------------------------------------------------------ hooks (Binding Ties)
@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled code (docs/performance.md)
class PartHook:
    """Python behaviour of a part whose spec is [{"op": "hook", "name": ...}]. Override what applies."""

    def contract_start(self, s: MoonrakersState, seat: int, part: int) -> None:
        """3.4.2, called in seat order from the ML (R25)."""

    def usable(self, s: MoonrakersState, seat: int, part: int) -> bool:
        """Whether `use <slug>` is legal now for the owner (3.4.3b)."""
        return False

    def use(self, s: MoonrakersState, seat: int, part: int) -> None:
        """Carry out `use <slug>`: pay its costs; push `choices.Choice` frames for follow-ups."""

    def after_play(self, s: MoonrakersState, seat: int, part: int, card: int, t: int) -> None:
        """The owner put a card into play counted as type t (card −1: a virtual or played-as card)."""

    def after_die(self, s: MoonrakersState, seat: int, part: int, icons: int) -> None:
        """A die pushed as `HazardDie(seat, hook=<name>)` was rolled."""

    def modify(self, s: MoonrakersState, seat: int, part: int, key: str, value: int) -> int:
        """Change a cost or ratio named `key` (e.g. "trade-ratio") for the owner."""
        return value


PART_HOOKS: Final[dict[str, PartHook]] = {}
DIE_HOOKS: Final[dict[str, Callable[[MoonrakersState, int, int], None]]] = {}


def _hook(part: int) -> PartHook | None:
    name = FX[part].hook
    return PART_HOOKS.get(name) if name else None


def is_used(st: Seat, part: int) -> bool:
    """A once-per-contract ability of `part` was used this contract (R13)."""
    return USED_BASE + part in st.used


def mark_used(st: Seat, part: int) -> None:
    st.used.append(USED_BASE + part)


def modify(s: MoonrakersState, seat: int, key: str, value: int) -> int:
    """`value` as changed by the seat's hooked parts (costs and ratios of expansion rules)."""
    for p in s.players[seat].parts:
        if p in HOOKED:
            h = _hook(p)
            if h is not None:
                value = h.modify(s, seat, p, key, value)
    return value


# ------------------------------------------------------------------------------ rule hooks
def dice_reduction(s: MoonrakersState, seat: int) -> int:
    """Dice the owner rolls fewer (Cloaking Device, 3.4.1, R21; never below 0, OQ 24)."""
    return sum(FX[p].fewer_dice for p in s.players[seat].parts)


def stay_credits(s: MoonrakersState, seat: int) -> int:
    """Credits for Stay at Base (3.2.4b; Doom 4)."""
    return max([1, *(FX[p].stay_credits for p in s.players[seat].parts)])


def _recompute_hand_size(s: MoonrakersState, seat: int) -> None:
    p = s.players[seat]
    p.hand_size = max([5, *(FX[q].hand_size for q in p.parts)])


def on_part_installed(s: MoonrakersState, seat: int, part: int) -> None:
    """Flash: hand size 6 from the next refill on (2.10, OQ 32)."""
    if FX[part].hand_size:
        _recompute_hand_size(s, seat)


def on_part_removed(s: MoonrakersState, seat: int, part: int) -> None:
    if FX[part].hand_size:
        _recompute_hand_size(s, seat)


def contract_start(s: MoonrakersState, seat: int) -> None:
    """3.4.2: start bonuses, continuous reductions and conditional draws of one participant (R25)."""
    parts = s.players[seat].parts
    if not parts:
        return
    ex = s.ex
    assert ex is not None
    for p in parts:
        fx = FX[p]
        for f in fx.free:
            if f.everyone:  # Predator mk1 (OQ 27): marks every participant
                for q in ex.order:
                    ex.seats[q].used.append(SHARED_BASE + p)
        for tr in fx.start:
            if tr.ml_only and seat != ex.order[0]:
                continue
            if tr.mask and any(tr.mask >> c & 1 for c in s.players[seat].hand if c < 7):
                continue
            run(s, seat, p, tr.effects, 0)
        if fx.hook:
            h = PART_HOOKS.get(fx.hook)
            if h is not None:
                h.contract_start(s, seat, p)


def play_cost(s: MoonrakersState, seat: int, card: int) -> int:
    """Actions needed to play `card` from hand (2.7, R18): free plays of the owner's parts."""
    if card < 7 and SHARED_MASK >> card & 1:
        ex = s.ex
        if ex is not None:
            used = ex.seats[seat].used
            if used:
                for key, mask in SHARED_FREE:
                    if mask >> card & 1 and key in used:
                        return 0
    parts = s.players[seat].parts
    if not parts or card >= 7:
        return 1
    for p in parts:
        if p in FREE:
            for f in FX[p].free:
                if f.mask >> card & 1 and not f.everyone:
                    if f.first < 0:
                        return 0
                    ex = s.ex
                    if ex is not None and ex.seats[seat].played[f.first] == 0:
                        return 0
    return 1


def after_play(s: MoonrakersState, seat: int, card: int, t: int) -> None:
    """On-play triggers of the owner's parts for a card counted as type t (2.2, 2.5, OQ 17)."""
    parts = s.players[seat].parts
    if not parts:
        return
    siphon = False
    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    blocks0 = st.blocks
    for p in parts:
        if p not in ON_PLAY:
            continue
        fx = FX[p]
        for tr in fx.on_play:
            if tr.t == t or (tr.t == T_MISS and t < 0 and card == MISS):
                if tr.nth and st.played[t] != tr.nth:
                    continue
                if tr.effects[0].op == "siphon":
                    siphon = True
                    continue
                run(s, seat, p, tr.effects, 0)
        if fx.hook:
            h = PART_HOOKS.get(fx.hook)
            if h is not None:
                h.after_play(s, seat, p, card, t)
    if siphon:  # OQ 31: dice newly fully blocked by this Shield (its own block included)
        dice = [d for i, d in enumerate(st.dice) if not is_blocked(st, i)]  # reputation-blocked: done
        gain = _covered(dice, st.blocks) - _covered(dice, max(0, blocks0 - 1))
        if gain > 0:
            st.actions += gain
            s.emit("5.5", "actions", seat, gain)


def _covered(dice: list[int], blocks: int) -> int:
    """Dice fully blocked when blocks are spread over the dice, fewest icons first (OQ 31)."""
    n = 0
    for icons in sorted(dice):
        if icons > blocks:
            break
        blocks -= icons
        n += 1
    return n


def before_success_check(s: MoonrakersState) -> None:
    """"Upon completing" effects at the success check (3.4.9.1): MG1 Rail Gun (OQ 23)."""
    ex = s.ex
    assert ex is not None
    for seat in ex.order:
        for p in s.players[seat].parts:
            for tr in FX[p].at_check:
                if tr.t < 0 or ex.seats[seat].played[tr.t] == 0:
                    run(s, seat, p, tr.effects, 0)


def after_die(s: MoonrakersState, seat: int, icons: int, hook: str) -> None:
    """An extra die rolled for an effect named `hook` (DIE_HOOKS, or a hooked part of that slug)."""
    fn = DIE_HOOKS.get(hook)
    if fn is not None:
        fn(s, seat, icons)
        return
    h = PART_HOOKS.get(hook)
    if h is not None and hook in A.PART_ID:
        h.after_die(s, seat, A.PART_ID[hook], icons)


# ------------------------------------------------------------------------------ activated abilities
def activated(s: MoonrakersState, seat: int) -> list[Action]:
    """`use <part>` actions the seat may take now (3.4.3b)."""
    parts = s.players[seat].parts
    if not parts:
        return []
    out = []
    for p in parts:
        if p in ACTIVE and _usable(s, seat, p):
            out.append(A.USE[p])
    return out


def _usable(s: MoonrakersState, seat: int, part: int) -> bool:
    fx = FX[part]
    u = fx.use
    if u is None:
        h = _hook(part)
        return h is not None and h.usable(s, seat, part)
    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    if u.once and USED_BASE + part in st.used:
        return False
    hand = s.players[seat].hand
    if u.card >= 0 and u.card not in hand:
        return False
    cost = play_cost(s, seat, u.card) if u.cost == COST_PLAY else u.cost
    if st.actions < cost:
        return False
    pay = u.pay
    k = pay.kind
    if k == "discard":
        for c, n in pay.need:
            if hand.count(c) < n:
                return False
    elif k == "discard_any":
        if sum(1 for c in hand if not (c < 7 and pay.exclude >> c & 1)) < pay.n:
            return False
    elif k == "discard_same":
        if not any(hand.count(c) >= pay.n for c in set(hand)):
            return False
    elif k and not hand:  # discard_up_to, trash_any
        return False
    return u.replay < 0 or (st.actions - cost >= u.replay and any(c >= 7 for c in st.play))


def use(s: MoonrakersState, seat: int, a: Action) -> None:
    """Carry out `use <part>`: pay the cost, then the payment (card by card) and the effects."""
    part = A.PART_ID[str(a.args[0])]
    u = FX[part].use
    s.emit("5.5", "part-use", seat, part)
    if u is None:
        h = _hook(part)
        if h is not None:
            h.use(s, seat, part)
        return
    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    cost = play_cost(s, seat, u.card) if u.cost == COST_PLAY else u.cost
    st.actions -= cost
    if u.once:
        st.used.append(USED_BASE + part)
    pay = u.pay
    if pay.kind == "discard":
        for c in pay.cards:
            discard(s, seat, c)
        run(s, seat, part, u.effects, len(pay.cards))
    elif pay.kind:
        next_payment(s, seat, part, 0, 0)
    else:
        run(s, seat, part, u.effects, 0)


# ------------------------------------------------------------------------------ event text
__all__ = [
    "ACTIVE", "BASIC_TYPE", "CHOICE_OPS", "COST_PLAY", "DIE_HOOKS", "FILE", "FREE", "FX", "GROUPS", "HOOKED",
    "INSTANT_OPS", "ON_PLAY", "PAID", "PAY_KINDS", "PART_HOOKS", "PLAYABLE", "R_CREW", "R_DAMAGE",
    "R_REACTOR", "R_SHIELD", "R_THRUSTER", "SHARED_BASE", "SHARED_FREE", "SHARED_MASK", "T_MISS",
    "TOP_OPS", "TYPES", "USED_BASE", "Free", "Op", "PartFx", "PartHook", "Pay", "PayChoice", "Trigger",
    "Use", "activated", "after_die", "after_play", "before_success_check", "compile_catalog",
    "compile_part", "contract_start", "dice_reduction", "is_used", "mark_used", "modify",
    "on_discard_from_hand", "on_part_installed", "on_part_removed", "on_trash_from_hand", "play_cost",
    "stay_credits", "use",
]
