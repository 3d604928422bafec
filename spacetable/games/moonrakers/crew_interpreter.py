"""The crew-ability interpreter: continuations, choice frames and the Python of every vocabulary op.

An op that needs a choice pushes a `CrewChoice` frame whose `data` holds the whole continuation (the
card, the Mercenary flag and a stack of (op list, next index) pairs), so the ability resumes after the
choice and a copied state resumes independently. Choice handlers are registered at import.

Registries filled by other modules at import: `BUILTIN_HOOKS` (crew_hooks.py, the unique BG/FE cards),
`RELIST` (crew_hooks.py: choices re-listed from a zone), `CREW_HOOKS` (bt_effects.py, Binding Ties).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from spacetable.engine.action import Action
from spacetable.engine.errors import DataError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import choices, effects
from spacetable.games.moonrakers import execution as X
from spacetable.games.moonrakers.choices import Choice, Handler
from spacetable.games.moonrakers.crew_specs import (
    CREW_BASE,
    FILE,
    LISTS,
    OP_FIELDS,
    R_DAMAGE,
    Op,
    describe_ops,
)
from spacetable.games.moonrakers.execution import HazardDie
from spacetable.games.moonrakers.zones import (
    draw,
    draw_objective,
    gain_credits,
    gain_prestige,
    trash_top_unseen,
)

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

CrewHook = Callable[["MoonrakersState", int, int], None]
CREW_HOOKS: Final[dict[str, CrewHook]] = {}
"""Hooks for cards no op describes, called as ``hook(s, seat, crew_id)``; Binding Ties fills it."""

K_REDUCE, K_OPTION, K_TRASH = "crew.reduce", "crew.option", "crew.trash"
K_AT0K, K_B3AR, K_LEE, K_MYLA = "crew.at-0k", "crew.b3-ar", "crew.lee-van-cribb", "crew.myla-dystra"
K_REDACTED, K_RYAN, K_ZEK, K_METAXIS = "crew.redacted", "crew.ryan-rogal", "crew.zek-zarag", "crew.metaxis"


# ------------------------------------------------------------------------------- continuation
class Ctx:
    """Who resolves which card, and what remains: `conts` is a flat stack of (list id, next index)."""

    __slots__ = ("seat", "crew", "merc", "conts")

    def __init__(self, seat: int, crew: int, merc: bool, conts: list[int]) -> None:
        self.seat = seat
        self.crew = crew
        self.merc = merc
        self.conts = conts

    def encode(self, extra: Sequence[int] = ()) -> list[int]:
        return [self.crew, int(self.merc), len(self.conts), *self.conts, *extra]

    def op(self) -> Op:
        """The op that suspended the program (the one just before the top continuation's index)."""
        return LISTS[self.conts[-2]][self.conts[-1] - 1]


def choice_context(ch: Choice) -> tuple[Ctx, list[int]]:
    """The continuation of a pending crew choice and its extra ints (for bots: `ctx.op()` is the op
    being decided, e.g. a ``choose`` whose `options` are op-list ids into `LISTS`)."""
    d = ch.data
    k = d[2]
    return Ctx(ch.player, d[0], bool(d[1]), d[3:3 + k]), d[3 + k:]


_decode = choice_context


class CrewChoice(Choice):
    """A choice made for a crew ability; its private view names the card and what is looked at."""

    __slots__ = ()

    def public(self) -> dict[str, Any]:
        crew = self.data[0]
        return {"decision": self.name, "player": self.player,
                "crew": A.CAT.crew[crew].slug if crew >= 0 else None}

    def legal(self, s: MoonrakersState) -> list[Action]:
        """Choices about the hand or draw pile are re-listed from the zone, which an "any time"
        Binding Ties spend (a draw, a trash) may have changed since the question was asked."""
        fn = RELIST.get(self.key)
        if fn is None:
            return self.options
        ctx, _ = _decode(self)
        return fn(s, ctx, self.options) or [A.SKIP]

    def private(self, s: MoonrakersState) -> dict[str, Any]:
        d: dict[str, Any] = {"options": [str(a) for a in self.legal(s)]}
        ctx, extra = _decode(self)
        if self.key == K_LEE:
            d["looking_at"] = [A.CARD_SLUGS[c] for c in extra]
        elif self.key == K_OPTION:
            d["option_texts"] = [describe_ops(b) for b in ctx.op().options]
        elif self.key in (K_MYLA, K_REDACTED):
            d["chosen"] = extra[0]
        return d

    def copy(self) -> CrewChoice:
        return CrewChoice(self.player, self.key, self.options.copy(), self.data.copy())


def run(s: MoonrakersState, ctx: Ctx) -> bool:
    """Run ops until the program ends (True) or a choice takes it over (False)."""
    conts = ctx.conts
    while conts:
        lid, i = conts[-2], conts[-1]
        ops = LISTS[lid]
        if i >= len(ops):
            del conts[-2:]
            continue
        conts[-1] = i + 1
        op = ops[i]
        if OPS[op.op](s, ctx, op):
            return False
    return True


def ask(s: MoonrakersState, ctx: Ctx, key: str, options: list[Action], extra: Sequence[int] = (),
         auto: bool = True) -> bool:
    """Offer a choice. Returns False (nothing to choose: carry on) or True (the handler resumes).

    With `auto`, a single option is taken at once; only choices among public cards use it, so that
    skipping a question never tells the table anything about a hidden hand or draw pile.
    """
    if not options:
        return False
    ch = CrewChoice(ctx.seat, key, options, ctx.encode(extra))
    if auto and len(options) == 1:
        choices.HANDLERS[key](s, ch, options[0])
    else:
        s.stack.append(ch)
    return True


def resume(s: MoonrakersState, ctx: Ctx) -> None:
    run(s, ctx)


# ------------------------------------------------------------------------------- helpers for ops and hooks
def is_mercenary(s: MoonrakersState, crew: int) -> bool:
    """True when crew card `crew` was played from the Mercenary row this turn (8.5)."""
    return crew + CREW_BASE in s.merc_used


def reduce_requirement(s: MoonrakersState, seat: int, t: int, n: int) -> None:
    """Lower the shared target of type t by n (3.4.6; the floor 0 is applied by the target)."""
    assert s.ex is not None
    s.ex.reduce[t] += n
    s.emit("3.4.6", "reduce", seat, t, n)


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


def trash_from_hand(s: MoonrakersState, seat: int, card: int) -> None:
    """Trash a hand card during an execution (2.9); triggers MG1 Kinetic (OQ 22)."""
    s.players[seat].hand.remove(card)
    s.emit("2.9", "trash", seat, card)
    effects.on_trash_from_hand(s, seat, card)


def discard_from_hand(s: MoonrakersState, seat: int, card: int) -> None:
    """Discard a hand card during an execution (2.9); triggers Swarm mk1 (OQ 22)."""
    p = s.players[seat]
    p.hand.remove(card)
    p.discard.append(card)
    s.emit("2.9", "crew-discard", seat, card)
    effects.on_discard_from_hand(s, seat, card)


def distinct(cards: Sequence[int]) -> list[int]:
    """The distinct card ids, sorted (one option per kind of card)."""
    return sorted(set(cards))


# ------------------------------------------------------------------------------- simple ops
def _actions(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    assert s.ex is not None
    s.ex.seats[ctx.seat].actions += op.n
    s.emit("3.4.7", "actions", ctx.seat, op.n)
    return False


def _draw(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    draw(s, ctx.seat, op.n)
    return False


def _block(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    assert s.ex is not None
    s.ex.seats[ctx.seat].blocks += op.n
    s.emit("3.4.8", "block", ctx.seat, op.n)
    return False


def _credits(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    gain_credits(s, ctx.seat, op.n, "2.4")
    return False


def _prestige(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    gain_prestige(s, ctx.seat, op.n, "2.4")  # OQ 14: at once, even if the contract fails
    return False


def _deal(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    assert s.ex is not None
    if ctx.merc:
        s.ex.pool[R_DAMAGE] += op.n
        s.emit("2.6", "deal", ctx.seat, op.n)
    else:
        X.deal_damage(s, ctx.seat, op.n)
    return False


def _reduce(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    reduce_requirement(s, ctx.seat, op.type, op.n)
    return False


def _play_as(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    play_as_type(s, ctx.seat, op.type, op.n, ctx.merc)
    return False


def _trash_top(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    if trash_top_unseen(s, ctx.seat):  # OQ 7: reshuffles an empty draw pile first; nothing left: skip
        s.emit("2.9", "crew-trash-top", ctx.seat)  # unseen: the card is not named
    return False


def _gain_card(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    p = s.players[ctx.seat]
    (p.discard if op.to == "discard" else p.hand).append(op.card)
    s.emit("2.9", "crew-gain-card", ctx.seat, op.card, op.to)
    return False


def _gain_objective(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    o = draw_objective(s)
    if o >= 0:  # 6.2: an empty deck gives nothing; OQ 15: claimable for this contract
        s.players[ctx.seat].objectives.append(o)
        s.emit("6.2", "crew-objective", ctx.seat)
    return False


def _extra_die(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    s.stack.append(HazardDie(ctx.seat))  # 3.4.5, R21: targets whoever's effect rolled it
    return False


# ------------------------------------------------------------------------------- choice ops
def _reduce_any(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    return ask(s, ctx, K_REDUCE, list(A.REDUCE), auto=False)  # OQ 12: any type, even at 0


def _on_reduce(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, _ = _decode(ch)
    reduce_requirement(s, ctx.seat, A.REQ_OF[A.arg(a)], ctx.op().n)
    resume(s, ctx)


def _choose(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    return ask(s, ctx, K_OPTION, A.OPTION[:len(op.options)], auto=False)


def _on_option(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, _ = _decode(ch)
    k = int(a.args[0]) - 1
    s.emit("2.4", "crew-option", ctx.seat, ctx.crew, k + 1)
    ctx.conts.extend((ctx.op().options[k], 0))
    resume(s, ctx)


def _trash_hand(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    options = _trash_options(s, ctx, [])
    if options and op.optional:
        options.append(A.SKIP)
    return ask(s, ctx, K_TRASH, options, auto=False)  # the hand is hidden; OQ 11: empty hand skips


def _trash_options(s: MoonrakersState, ctx: Ctx, asked: list[Action]) -> list[Action]:
    out = [A.TRASH[c] for c in distinct(s.players[ctx.seat].hand)]
    if asked and asked[-1] is A.SKIP:
        out.append(A.SKIP)
    return out


def _on_trash(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, _ = _decode(ch)
    if a is not A.SKIP:
        trash_from_hand(s, ctx.seat, A.CARD_ID[A.arg(a)])
    resume(s, ctx)


# ------------------------------------------------------------------------------- hook op, op table
def _hook(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    fn = BUILTIN_HOOKS.get(op.name)
    if fn is not None:
        return fn(s, ctx)
    hook = CREW_HOOKS.get(op.name)
    if hook is None:
        raise DataError(FILE, A.CAT.crew[ctx.crew].name if ctx.crew >= 0 else None, "effects",
                        f"crew hook {op.name!r} is not registered (Binding Ties hooks: bt_effects.py)")
    hook(s, ctx.seat, ctx.crew)
    return False


BUILTIN_HOOKS: Final[dict[str, Callable[[MoonrakersState, Ctx], bool]]] = {}
"""Unique BG/FE abilities (`crew_hooks.HOOKS`, added by `wiring.wire`); each returns True when a choice will
resume it."""

RELIST: Final[dict[str, Callable[[MoonrakersState, Ctx, list[Action]], list[Action]]]] = {
    K_TRASH: _trash_options}
"""Choice keys whose options are re-listed from a zone when asked (`wiring.wire` adds crew_hooks' own)."""

OPS: Final[dict[str, Callable[[MoonrakersState, Ctx, Op], bool]]] = {
    "actions": _actions, "draw": _draw, "block": _block, "credits": _credits,
    "gain_prestige": _prestige, "deal": _deal, "reduce": _reduce, "reduce_any": _reduce_any,
    "play_as": _play_as, "choose": _choose, "trash_hand": _trash_hand, "trash_top": _trash_top,
    "gain_card": _gain_card, "gain_objective": _gain_objective, "extra_die": _extra_die, "hook": _hook,
}
assert set(OPS) == set(OP_FIELDS)


CHOICES: Final[dict[str, Handler]] = {
    K_REDUCE: _on_reduce,
    K_OPTION: _on_option,
    K_TRASH: _on_trash,
}
"""The choice handlers of this module, by choice key (registered by the manifest: `wiring.wire`)."""
