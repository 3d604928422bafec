"""The crew-ability interpreter: continuations, choice frames and the crew-only ops.

A crew ability runs its op list (effect_ops.Op, compiled by crew_specs) through `OPS`: the ops every
card kind shares (instant_ops.INSTANTS) and the crew-only ones here. An op that needs a choice pushes a
`CrewChoice` frame holding the whole continuation (`Ctx`: the seat, the card, the Mercenary flag and
the stack of op lists with each one's next index), so the ability resumes after the choice and a
copied state resumes independently. The manifest registers the choice handlers (`wiring.wire`).

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
from spacetable.games.moonrakers.choices import Choice, Handler
from spacetable.games.moonrakers.crew_specs import CREW_BASE, FILE, LISTS, OP_FIELDS, describe_ops
from spacetable.games.moonrakers.effect_ops import Op
from spacetable.games.moonrakers.execution import HazardDie
from spacetable.games.moonrakers.instant_ops import INSTANTS, Source, reduce_requirement
from spacetable.games.moonrakers.zones import (
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
class Ctx(Source):
    """A crew ability being resolved: the `Source` (seat, crew card, Mercenary flag) and what remains,
    a stack of op lists (`lists`, ids into crew_specs.LISTS) each with the index of its next op (`at`,
    in step with `lists`); the innermost list is the last one."""

    __slots__ = ("lists", "at")

    def __init__(self, seat: int, crew: int, merc: bool, lists: list[int], at: list[int]) -> None:
        super().__init__(seat, crew, -1, merc)
        self.lists = lists
        self.at = at

    def copy(self) -> Ctx:
        return Ctx(self.seat, self.crew, self.merc, self.lists.copy(), self.at.copy())

    def enter(self, lid: int) -> None:
        """Run op list `lid` next, then carry on with what remained (a branch, a copied ability)."""
        self.lists.append(lid)
        self.at.append(0)

    def op(self) -> Op:
        """The op that suspended the program (the one just before the innermost list's next index)."""
        return LISTS[self.lists[-1]][self.at[-1] - 1]


class CrewChoice(Choice):
    """A choice made for a crew ability: `ctx` resumes the ability after it; `looked` holds the cards
    looked at (Lee van Cribb), `chosen` what was chosen so far (Myla Dystra: cards discarded;
    [Redacted]: a bit mask of the dice picked). Its private view names what is looked at."""

    __slots__ = ("ctx", "looked", "chosen")

    def __init__(self, key: str, options: list[Action], ctx: Ctx, looked: list[int] | None = None,
                 chosen: int = 0) -> None:
        super().__init__(ctx.seat, key, options)
        self.ctx = ctx
        self.looked = looked if looked is not None else []
        self.chosen = chosen

    def public(self) -> dict[str, Any]:
        crew = self.ctx.crew
        return {"decision": self.name, "player": self.player,
                "crew": A.CAT.crew[crew].slug if crew >= 0 else None}

    def legal(self, s: MoonrakersState) -> list[Action]:
        """Choices about the hand or draw pile are re-listed from the zone, which an "any time"
        Binding Ties spend (a draw, a trash) may have changed since the question was asked."""
        fn = RELIST.get(self.key)
        if fn is None:
            return self.options
        return fn(s, self.ctx, self.options) or [A.SKIP]

    def private(self, s: MoonrakersState) -> dict[str, Any]:
        d: dict[str, Any] = {"options": [str(a) for a in self.legal(s)]}
        if self.key == K_LEE:
            d["looking_at"] = [A.CARD_SLUGS[c] for c in self.looked]
        elif self.key == K_OPTION:
            d["option_texts"] = [describe_ops(b) for b in self.ctx.op().options]
        elif self.key in (K_MYLA, K_REDACTED):
            d["chosen"] = self.chosen
        return d

    def copy(self) -> CrewChoice:
        return CrewChoice(self.key, self.options.copy(), self.ctx.copy(), self.looked.copy(), self.chosen)


def crew_choice(ch: Choice) -> CrewChoice:
    """A pending crew choice (for bots: `crew_choice(top).ctx.op()` is the op being decided, e.g. a
    ``choose`` whose `options` are op-list ids into `LISTS`)."""
    assert isinstance(ch, CrewChoice)
    return ch


def run(s: MoonrakersState, ctx: Ctx) -> bool:
    """Run ops until the program ends (True) or a choice takes it over (False)."""
    lists, at = ctx.lists, ctx.at
    while lists:
        ops = LISTS[lists[-1]]
        i = at[-1]
        if i >= len(ops):
            lists.pop()
            at.pop()
            continue
        at[-1] = i + 1
        op = ops[i]
        if OPS[op.op](s, ctx, op):
            return False
    return True


def ask(s: MoonrakersState, ctx: Ctx, key: str, options: list[Action], looked: list[int] | None = None,
        chosen: int = 0, auto: bool = True) -> bool:
    """Offer a choice. Returns False (nothing to choose: carry on) or True (the handler resumes).

    The choice takes `ctx` over (the program that asked stops). With `auto`, a single option is taken
    at once; only choices among public cards use it, so that skipping a question never tells the
    table anything about a hidden hand or draw pile.
    """
    if not options:
        return False
    ch = CrewChoice(key, options, ctx, looked, chosen)
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


# ------------------------------------------------------------------------------- crew-only ops
def _credits(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    gain_credits(s, ctx.seat, op.n, "2.4")
    return False


def _prestige(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    gain_prestige(s, ctx.seat, op.n, "2.4")  # OQ 14: at once, even if the contract fails
    return False


def _trash_top(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    if trash_top_unseen(s, ctx.seat):  # OQ 7: reshuffles an empty draw pile first; nothing left: skip
        s.emit("2.9", "crew-trash-top", ctx.seat)  # unseen: the card is not named
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
    ctx = crew_choice(ch).ctx
    reduce_requirement(s, ctx.seat, A.REQ_OF[A.arg(a)], ctx.op().n)
    resume(s, ctx)


def _choose(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    return ask(s, ctx, K_OPTION, A.OPTION[:len(op.options)], auto=False)


def _on_option(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx = crew_choice(ch).ctx
    k = int(a.args[0]) - 1
    s.emit("2.4", "crew-option", ctx.seat, ctx.crew, k + 1)
    ctx.enter(ctx.op().options[k])
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
    ctx = crew_choice(ch).ctx
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
    **INSTANTS, "credits": _credits, "gain_prestige": _prestige, "reduce_any": _reduce_any, "choose": _choose,
    "trash_hand": _trash_hand, "trash_top": _trash_top, "gain_objective": _gain_objective,
    "extra_die": _extra_die, "hook": _hook,
}
"""Every crew op: the ones all card kinds share (instant_ops.INSTANTS) and the crew-only ones."""
assert set(OPS) == set(OP_FIELDS)


CHOICES: Final[dict[str, Handler]] = {
    K_REDUCE: _on_reduce,
    K_OPTION: _on_option,
    K_TRASH: _on_trash,
}
"""The choice handlers of this module, by choice key (registered by the manifest: `wiring.wire`)."""
