"""Crew abilities (2.4): interpreted from the `effects` lists in data/crew.json.

Each crew card's `effects` is a list of small ops run in order for the player who played it (for a
Mercenary Crew, "you" = the Mission Leader, 8.5). The vocabulary (validated at import; a bad spec
raises `DataError(file, card, field, message)`):

- ``{"op": "actions", "n": N}`` +N Actions · ``draw`` N cards · ``block`` N hazard icons (3.4.8)
- ``{"op": "reduce", "type": "reactor", "n": N}`` a fixed requirement −N (3.4.6)
- ``{"op": "reduce_any", "n": N}`` one requirement of your choice −N (REDUCE choice, OQ 12)
- ``{"op": "play_as", "type": "shield", "n": 1}`` also counts as a card of that type worth n, with its
  effect (2.5, R19); ``n`` is optional (1)
- ``{"op": "deal", "n": N}`` deal N Damage (2.6) · ``credits`` N · ``gain_prestige`` N
- ``{"op": "choose", "options": [[ops], [ops], ...]}`` one branch (OPTION choice)
- ``{"op": "trash_hand", "optional": false}`` trash a hand card (TRASH choice; OQ 11: empty hand skips)
- ``{"op": "trash_top"}`` trash the top draw-pile card unseen (OQ 7)
- ``{"op": "gain_card", "card": "reactor", "to": "discard"}`` a new basic card from the supply
- ``{"op": "gain_objective"}`` take the top objective (OQ 15) · ``{"op": "extra_die"}`` roll one more
  hazard die, targeting you (3.4.5, R21)
- ``{"op": "hook", "name": "..."}`` a named Python hook for a unique card: the built-in ones below, or
  one registered in `CREW_HOOKS` (Binding Ties, by bt_effects.py; checked only when played).

An op that needs a choice pushes a `CrewChoice` frame whose `data` holds the whole continuation (the
card, the Mercenary flag and a stack of (op list, next index) pairs), so the ability resumes after the
choice and a copied state resumes independently.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from spacetable.engine.action import Action
from spacetable.engine.errors import DataError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import choices, text
from spacetable.games.moonrakers.cards import BASIC, BASIC_NAMES, DMG1, DMG3, REQ_TYPES, Catalog
from spacetable.games.moonrakers.choices import Choice
from spacetable.games.moonrakers.zones import draw, draw_objective, gain_credits, gain_prestige, take_top

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

FILE = "moonrakers/data/crew.json"
R_DAMAGE = 3
R_CREW = 4
CREW_BASE = 7  # action-deck id of crew 0 (actions.CARD_SLUGS)

CrewHook = Callable[["MoonrakersState", int, int], None]
CREW_HOOKS: dict[str, CrewHook] = {}
"""Hooks for cards no op describes, called as ``hook(s, seat, crew_id)``; Binding Ties fills it."""


# ------------------------------------------------------------------------------- compiled ops
@dataclass(frozen=True, slots=True)
class Op:
    """One compiled op. `type` is a requirement index, `card` a basic card id, `options` op-list ids."""

    op: str
    n: int = 0
    type: int = -1
    optional: bool = False
    name: str = ""
    card: int = -1
    to: str = ""
    options: tuple[int, ...] = ()


LISTS: list[tuple[Op, ...]] = []
"""Every compiled op list; ids are indices. Ability lists first, then branches and run_ops lists."""
_INTERNED: dict[str, int] = {}

# op name -> {field: kind}; a "?" suffix marks an optional field
_SPEC: dict[str, dict[str, str]] = {
    "actions": {"n": "count"},
    "draw": {"n": "count"},
    "block": {"n": "count"},
    "credits": {"n": "count"},
    "gain_prestige": {"n": "count"},
    "deal": {"n": "count"},
    "reduce": {"type": "req", "n": "count"},
    "reduce_any": {"n": "count"},
    "play_as": {"type": "play_type", "n?": "amount"},
    "choose": {"options": "branches"},
    "trash_hand": {"optional?": "bool"},
    "trash_top": {},
    "gain_card": {"card": "basic", "to": "zone"},
    "gain_objective": {},
    "extra_die": {},
    "hook": {"name": "slug"},
}
PLAY_TYPES = REQ_TYPES[:4]  # a crew can be played as reactor, thruster, shield or damage (2.5)
ZONES = ("discard", "hand")


def compile_ops(raw: Any, card: str, field: str = "effects") -> int:
    """Validate an op list and add it to `LISTS`; returns its id. Raises `DataError` when bad."""
    if not isinstance(raw, list | tuple):
        raise DataError(FILE, card, field, f"must be a list of ops, not {raw!r}")
    ops = tuple(_compile_op(o, card, f"{field}[{i}]") for i, o in enumerate(raw))
    LISTS.append(ops)
    return len(LISTS) - 1


def _compile_op(raw: Any, card: str, field: str) -> Op:
    def fail(msg: str, sub: str = "") -> DataError:
        return DataError(FILE, card, field + ("." + sub if sub else ""), msg)

    if not isinstance(raw, Mapping):
        raise fail(f"an op must be an object, not {raw!r}")
    name = raw.get("op")
    if name not in _SPEC:
        raise fail(f"unknown op {name!r} (known: {', '.join(_SPEC)})", "op")
    spec = _SPEC[name]
    allowed = {k.rstrip("?") for k in spec} | {"op"}
    for k in raw:
        if k not in allowed:
            raise fail(f"unknown field for op {name!r} (allowed: {', '.join(sorted(allowed))})", str(k))
    kw: dict[str, Any] = {"op": name}
    if name == "play_as":
        kw["n"] = 1
    for key, kind in spec.items():
        f = key.rstrip("?")
        if f not in raw:
            if key.endswith("?"):
                continue
            raise fail("missing field", f)
        v = raw[f]
        if kind in ("count", "amount"):
            low = 1 if kind == "count" else 0
            if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= 20:
                raise fail(f"must be an integer from {low} to 20, not {v!r}", f)
            kw["n"] = v
        elif kind in ("req", "play_type"):
            allowed_types = REQ_TYPES if kind == "req" else PLAY_TYPES
            if v not in allowed_types:
                raise fail(f"unknown type {v!r} (allowed: {', '.join(allowed_types)})", f)
            kw["type"] = REQ_TYPES.index(v)
        elif kind == "bool":
            if not isinstance(v, bool):
                raise fail(f"must be true or false, not {v!r}", f)
            kw["optional"] = v
        elif kind == "basic":
            if v not in BASIC:
                raise fail(f"unknown basic card {v!r} (allowed: {', '.join(BASIC)})", f)
            kw["card"] = BASIC.index(v)
        elif kind == "zone":
            if v not in ZONES:
                raise fail(f"unknown zone {v!r} (allowed: {', '.join(ZONES)})", f)
            kw["to"] = v
        elif kind == "slug":
            if not isinstance(v, str) or not v or v != v.strip().lower() or " " in v:
                raise fail(f"must be a hook slug, not {v!r}", f)
            kw["name"] = v
        elif kind == "branches":
            if not isinstance(v, list) or not 2 <= len(v) <= len(A.OPTION):
                raise fail(f"must be a list of 2 to {len(A.OPTION)} op lists, not {v!r}", f)
            kw["options"] = tuple(compile_ops(b, card, f"{field}.options[{i}]") for i, b in enumerate(v))
    return Op(**kw)


def compile_catalog(cat: Catalog) -> list[int]:
    """Validate and compile every crew card's effects of a catalog; the op-list id of each card.

    A base or first-encounter card may only name built-in hooks; Binding Ties hooks are checked when
    played (bt_effects.py registers them)."""
    ids = [compile_ops(c.effects, c.name) for c in cat.crew]
    for c, lid in zip(cat.crew, ids, strict=True):
        for op in _walk(lid):
            if op.op == "hook" and c.set != "BT" and op.name not in BUILTIN_HOOKS:
                raise DataError(FILE, c.name, "effects", f"unknown built-in hook {op.name!r}")
    return ids


def _walk(lid: int) -> list[Op]:
    out: list[Op] = []
    for op in LISTS[lid]:
        out.append(op)
        for b in op.options:
            out.extend(_walk(b))
    return out


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
        fn = _RELIST.get(self.key)
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


def _run(s: MoonrakersState, ctx: Ctx) -> bool:
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
        if _OPS[op.op](s, ctx, op):
            return False
    return True


def _ask(s: MoonrakersState, ctx: Ctx, key: str, options: list[Action], extra: Sequence[int] = (),
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


def _resume(s: MoonrakersState, ctx: Ctx) -> None:
    _run(s, ctx)


# ------------------------------------------------------------------------------- public helpers
def crew_ability(s: MoonrakersState, seat: int, crew: int) -> None:
    """Resolve a crew card's ability for the player who played it (2.4; for a Mercenary Crew the ML)."""
    assert s.ex is not None
    merc = crew + CREW_BASE in s.merc_used  # 8.5: played from the Mercenary row this turn
    _run(s, Ctx(seat, crew, merc, [ABILITY[crew], 0]))


def run_ops(s: MoonrakersState, seat: int, crew: int, ops: int | Sequence[Mapping[str, Any]],
            merc: bool = False) -> bool:
    """Run an op list (an id from `compile_ops`, or raw ops, validated and cached) for `seat` as if
    card `crew` resolved it. Returns True when done, False when a choice will finish it later."""
    if isinstance(ops, int):
        lid = ops
    else:
        key = json.dumps(ops, sort_keys=True)
        lid = _INTERNED.get(key, -1)
        if lid < 0:
            lid = _INTERNED[key] = compile_ops(list(ops), A.CAT.crew[crew].name if crew >= 0 else "run_ops")
    return _run(s, Ctx(seat, crew, merc, [lid, 0]))


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
    from spacetable.games.moonrakers import execution as X

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
    from spacetable.games.moonrakers import effects

    s.players[seat].hand.remove(card)
    s.emit("2.9", "trash", seat, card)
    effects.on_trash_from_hand(s, seat, card)


def discard_from_hand(s: MoonrakersState, seat: int, card: int) -> None:
    """Discard a hand card during an execution (2.9); triggers Swarm mk1 (OQ 22)."""
    from spacetable.games.moonrakers import effects

    p = s.players[seat]
    p.hand.remove(card)
    p.discard.append(card)
    s.emit("2.9", "crew-discard", seat, card)
    effects.on_discard_from_hand(s, seat, card)


def _distinct(cards: Sequence[int]) -> list[int]:
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
    from spacetable.games.moonrakers import execution as X

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
    if take_top(s, ctx.seat) >= 0:  # OQ 7: reshuffles an empty draw pile first; nothing left: skip
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
    from spacetable.games.moonrakers.execution import HazardDie

    s.stack.append(HazardDie(ctx.seat))  # 3.4.5, R21: targets whoever's effect rolled it
    return False


# ------------------------------------------------------------------------------- choice ops
K_REDUCE, K_OPTION, K_TRASH = "crew.reduce", "crew.option", "crew.trash"
K_AT0K, K_B3AR, K_LEE, K_MYLA = "crew.at-0k", "crew.b3-ar", "crew.lee-van-cribb", "crew.myla-dystra"
K_REDACTED, K_RYAN, K_ZEK, K_METAXIS = "crew.redacted", "crew.ryan-rogal", "crew.zek-zarag", "crew.metaxis"


def _reduce_any(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    return _ask(s, ctx, K_REDUCE, list(A.REDUCE), auto=False)  # OQ 12: any type, even at 0


@choices.handler(K_REDUCE)
def _on_reduce(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, _ = _decode(ch)
    reduce_requirement(s, ctx.seat, A.REQ_OF[A.arg(a)], ctx.op().n)
    _resume(s, ctx)


def _choose(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    return _ask(s, ctx, K_OPTION, A.OPTION[:len(op.options)], auto=False)


@choices.handler(K_OPTION)
def _on_option(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, _ = _decode(ch)
    k = int(a.args[0]) - 1
    s.emit("2.4", "crew-option", ctx.seat, ctx.crew, k + 1)
    ctx.conts.extend((ctx.op().options[k], 0))
    _resume(s, ctx)


def _trash_hand(s: MoonrakersState, ctx: Ctx, op: Op) -> bool:
    options = _trash_options(s, ctx, [])
    if options and op.optional:
        options.append(A.SKIP)
    return _ask(s, ctx, K_TRASH, options, auto=False)  # the hand is hidden; OQ 11: empty hand skips


def _trash_options(s: MoonrakersState, ctx: Ctx, asked: list[Action]) -> list[Action]:
    out = [A.TRASH[c] for c in _distinct(s.players[ctx.seat].hand)]
    if asked and asked[-1] is A.SKIP:
        out.append(A.SKIP)
    return out


@choices.handler(K_TRASH)
def _on_trash(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, _ = _decode(ch)
    if a is not A.SKIP:
        trash_from_hand(s, ctx.seat, A.CARD_ID[A.arg(a)])
    _resume(s, ctx)


# ------------------------------------------------------------------------------- built-in hooks
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


def _at0k(s: MoonrakersState, ctx: Ctx) -> bool:
    """Discard one die targeting you; count as Damage equal to its icons (OQ 6: no die, 0 Damage)."""
    assert s.ex is not None
    dice = s.ex.seats[ctx.seat].dice
    options: list[Action] = []
    seen: set[int] = set()
    for i, icons in enumerate(dice[:len(A.TARGET)]):
        if icons not in seen:
            seen.add(icons)
            options.append(A.TARGET[i])
    if not options:
        play_as_type(s, ctx.seat, R_DAMAGE, 0, ctx.merc)
        return False
    return _ask(s, ctx, K_AT0K, options)


@choices.handler(K_AT0K)
def _on_at0k(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, _ = _decode(ch)
    assert s.ex is not None
    icons = s.ex.seats[ctx.seat].dice.pop(int(a.args[0]) - 1)
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


@choices.handler(K_B3AR)
def _on_b3ar(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, _ = _decode(ch)
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
    return _ask(s, ctx, K_LEE, [A.CHOOSE[c] for c in _distinct(looked)], looked)


@choices.handler(K_LEE)
def _on_lee(s: MoonrakersState, ch: Choice, a: Action) -> None:
    from spacetable.games.moonrakers.execution import play_card

    ctx, looked = _decode(ch)
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
    return _ask(s, ctx, K_MYLA, _myla_options(s, ctx, []), [count], auto=False)


def _myla_options(s: MoonrakersState, ctx: Ctx, asked: list[Action]) -> list[Action]:
    return [*(A.DISCARD[c] for c in _distinct(s.players[ctx.seat].hand)), A.DONE]


@choices.handler(K_MYLA)
def _on_myla(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, extra = _decode(ch)
    count = extra[0]
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
    return _ask(s, ctx, K_REDACTED, options, [mask], auto=False)


def _reroll(s: MoonrakersState, seat: int, mask: int) -> None:
    from spacetable.games.moonrakers.execution import HazardDie

    for i in reversed(range(len(A.TARGET))):  # pushed last-first: the lowest die rolls first
        if mask >> i & 1:
            s.stack.append(HazardDie(seat, i))


@choices.handler(K_REDACTED)
def _on_redacted(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, extra = _decode(ch)
    mask = extra[0]
    if a is A.DONE:
        _reroll(s, ctx.seat, mask)
    elif _redacted_step(s, ctx, mask | 1 << (int(a.args[0]) - 1)):
        return
    _resume(s, ctx)


def _ryan(s: MoonrakersState, ctx: Ctx) -> bool:
    """Draw 2; you may play one Damage card drawn this way free, counting 5 (OQ 5)."""
    n = draw(s, ctx.seat, 2)
    drawn = s.players[ctx.seat].hand[-n:] if n else []
    options = [A.CHOOSE[c] for c in _distinct([c for c in drawn if DMG1 <= c <= DMG3])]
    if n:  # asked even with no Damage drawn (only "skip"), so the question reveals nothing
        options.append(A.SKIP)
    return _ask(s, ctx, K_RYAN, options, auto=False)


def _ryan_options(s: MoonrakersState, ctx: Ctx, asked: list[Action]) -> list[Action]:
    hand = s.players[ctx.seat].hand
    return [a for a in asked if a is A.SKIP or A.CARD_ID[A.arg(a)] in hand]


@choices.handler(K_RYAN)
def _on_ryan(s: MoonrakersState, ch: Choice, a: Action) -> None:
    from spacetable.games.moonrakers import effects
    from spacetable.games.moonrakers.execution import contribute

    ctx, _ = _decode(ch)
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
    """Play any card of your draw pile free, then shuffle it (OQ 10)."""
    return _ask(s, ctx, K_ZEK, _zek_options(s, ctx, []), auto=False)  # the draw pile is hidden


def _zek_options(s: MoonrakersState, ctx: Ctx, asked: list[Action]) -> list[Action]:
    return [A.CHOOSE[c] for c in _distinct(s.players[ctx.seat].draw)]


@choices.handler(K_ZEK)
def _on_zek(s: MoonrakersState, ch: Choice, a: Action) -> None:
    from spacetable.games.moonrakers.execution import play_card

    ctx, _ = _decode(ch)
    if a is A.SKIP:  # the draw pile emptied meanwhile
        _resume(s, ctx)
        return
    card = A.CARD_ID[A.arg(a)]
    p = s.players[ctx.seat]
    p.draw.remove(card)
    s.rng.shuffle(p.draw)  # shuffled before the play, so a Thruster draws unseen cards
    s.emit("2.4", "crew-search", ctx.seat)
    play_card(s, ctx.seat, card)
    _resume(s, ctx)


def _metaxis(s: MoonrakersState, ctx: Ctx) -> bool:
    """Use the ability of one face-up Armory crew (OQ 9); Metaxis itself is the card that resolves."""
    return _ask(s, ctx, K_METAXIS, [A.CHOOSE[c + CREW_BASE] for c in sorted(c for c in s.crew_row if c >= 0)])


@choices.handler(K_METAXIS)
def _on_metaxis(s: MoonrakersState, ch: Choice, a: Action) -> None:
    ctx, _ = _decode(ch)
    copied = A.CARD_ID[A.arg(a)] - CREW_BASE
    s.emit("2.4", "crew-copy", ctx.seat, copied)
    ctx.conts.extend((ABILITY[copied], 0))
    _resume(s, ctx)


def _zardon(s: MoonrakersState, ctx: Ctx) -> bool:
    """Play every Damage card in your hand free; each counts as played by you (OQ 16)."""
    from spacetable.games.moonrakers.execution import play_card

    hand = s.players[ctx.seat].hand
    for card in [c for c in hand if DMG1 <= c <= DMG3]:
        hand.remove(card)
        play_card(s, ctx.seat, card)
    return False


BUILTIN_HOOKS: dict[str, Callable[[MoonrakersState, Ctx], bool]] = {
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
"""Unique BG/FE abilities; each returns True when a choice will resume the ability."""

_RELIST: dict[str, Callable[[MoonrakersState, Ctx, list[Action]], list[Action]]] = {
    K_TRASH: _trash_options, K_MYLA: _myla_options, K_ZEK: _zek_options, K_RYAN: _ryan_options,
}

_OPS: dict[str, Callable[[MoonrakersState, Ctx, Op], bool]] = {
    "actions": _actions, "draw": _draw, "block": _block, "credits": _credits,
    "gain_prestige": _prestige, "deal": _deal, "reduce": _reduce, "reduce_any": _reduce_any,
    "play_as": _play_as, "choose": _choose, "trash_hand": _trash_hand, "trash_top": _trash_top,
    "gain_card": _gain_card, "gain_objective": _gain_objective, "extra_die": _extra_die, "hook": _hook,
}
assert set(_OPS) == set(_SPEC)


# ------------------------------------------------------------------------------- text
def describe_ops(lid: int) -> str:
    """Short plain text of an op list (for option menus)."""
    parts: list[str] = []
    for op in LISTS[lid]:
        o = op.op
        if o == "actions":
            parts.append(f"+{op.n} Action" + ("s" if op.n > 1 else ""))
        elif o == "draw":
            parts.append(f"draw {op.n}")
        elif o == "block":
            parts.append(f"block {op.n}")
        elif o == "credits":
            parts.append(f"+{op.n} credits")
        elif o == "gain_prestige":
            parts.append(f"+{op.n} Prestige")
        elif o == "deal":
            parts.append(f"deal {op.n} Damage")
        elif o == "reduce":
            parts.append(f"{REQ_TYPES[op.type]} requirement −{op.n}")
        elif o == "reduce_any":
            parts.append(f"one requirement −{op.n}")
        elif o == "play_as":
            parts.append(f"counts as {op.n} {REQ_TYPES[op.type].capitalize()}" if op.type == R_DAMAGE
                         else f"counts as a {REQ_TYPES[op.type].capitalize()}")
        elif o == "choose":
            parts.append(" or ".join(describe_ops(b) for b in op.options))
        elif o == "trash_hand":
            parts.append("trash a hand card" + (" (optional)" if op.optional else ""))
        elif o == "trash_top":
            parts.append("trash your top card")
        elif o == "gain_card":
            parts.append(f"gain a {BASIC_NAMES[op.card]} into your {op.to}")
        elif o == "gain_objective":
            parts.append("take an objective")
        elif o == "extra_die":
            parts.append("roll an extra hazard die")
        else:
            parts.append(op.name)
    return "; ".join(parts)


def describe_choice(s: MoonrakersState, a: Action) -> str | None:
    """Menu text for an action of a pending crew choice (e.g. what ``option 2`` does), else None."""
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, CrewChoice):
        return None
    ctx, _ = choice_context(top)
    name = A.CAT.crew[ctx.crew].name if ctx.crew >= 0 else "ability"
    if a.kind == "option" and top.key == K_OPTION:
        return f"{name}: {describe_ops(ctx.op().options[int(a.args[0]) - 1])}"
    if a.kind == "reduce":
        return f"{name}: {A.arg(a)} requirement −{ctx.op().n}"
    if a.kind == "target":
        assert s.ex is not None
        dice = s.ex.seats[ctx.seat].dice
        i = int(a.args[0]) - 1
        icons = dice[i] if i < len(dice) else 0
        verb = "discard" if top.key == K_AT0K else "re-roll"
        return f"{name}: {verb} die {i + 1} ({icons} icon{'s' if icons != 1 else ''})"
    return None


def _name(card: int) -> str:
    return text.card_name(card)


text.RENDER.update({
    "crew-play-as": lambda a: f"{text.seat(a[0])}'s crew counts as {a[2]} {REQ_TYPES[a[1]].capitalize()}",
    "crew-discard": lambda a: f"{text.seat(a[0])} discards {_name(a[1])}",
    "crew-trash-top": lambda a: f"{text.seat(a[0])} trashes the top card of the draw pile unseen",
    "crew-gain-card": lambda a: f"{text.seat(a[0])} gains a {_name(a[1])} into the {a[2]}",
    "crew-objective": lambda a: f"{text.seat(a[0])} takes an objective",
    "crew-option": lambda a: f"{text.seat(a[0])} chooses option {a[2]} of {A.CAT.crew[a[1]].name}",
    "crew-die-discarded": lambda a: f"{text.seat(a[0])} discards a hazard die with {a[1]} icon(s)",
    "crew-take-back": lambda a: f"{text.seat(a[0])} takes {_name(a[1])} back into the hand",
    "crew-damage-bonus": lambda a: f"Damage cards count +{a[1]} this contract ({text.seat(a[0])})",
    "crew-look": lambda a: f"{text.seat(a[0])} looks at the top {a[1]} card(s) of the draw pile",
    "crew-discard-looked": lambda a: f"{text.seat(a[0])} discards the other {a[1]} card(s) looked at",
    "crew-search": lambda a: f"{text.seat(a[0])} searches the draw pile and shuffles it",
    "crew-copy": lambda a: f"{text.seat(a[0])} uses the ability of {A.CAT.crew[a[1]].name}",
})

ABILITY: list[int] = compile_catalog(A.CAT)
"""Op-list id of each crew card's ability (by crew id)."""
