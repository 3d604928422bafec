"""Ship-part effects (5.5, 5.6, R13): the trigger and payment specs, validation and compilation.

Each part's `effects` in data/ship_parts.json is a list of ops, validated and compiled once at import
into `FX` (index = part id); a bad spec raises `DataError(file, part, "effects[i].field", message)`.
part_effects.py runs the compiled specs.

Top-level ops (what triggers, or what is changed for good):
  fewer_dice {n}                      the owner rolls n hazard dice fewer (3.4.1, R21)
  hand_size {n}                       Player.hand_size while installed (2.10; used at the next refill)
  stay_credits {n}                    Stay at Base gives n credits instead of 1 (3.2.4b)
  free_play {card, first?, everyone?} the card (a basic slug or "damage") costs 0 Actions; `first`:
                                      only while no card of its type was counted yet (OQ 17);
                                      `everyone`: for every participant while the owner takes part
  at_start {effects, if_hand_lacks?, ml_only?}  at 3.4.2, in seat order from the ML (R25)
  on_play {type, nth?, effects}       each card the owner puts into play counted as `type` (a
                                      requirement type, or "miss" for a plain Miss), played-as included
                                      (2.5, OQ 17); `nth` = only the nth one of the contract
  at_check {unless_played?, effects}  at the success check (3.4.9.1)
  on_discard / on_trash {card, effects}  a card of that kind leaves the owner's hand during an
                                      execution (OQ 22)
  use {cost, once?, pay?, effects}    an activated ability, `use <slug>` (3.4.3b); cost = Actions, or
                                      "play" = the normal play cost of the card it plays
  hook {name}                         behaviour in Python: part_effects.PART_HOOKS[name] (Binding Ties)
Payments (`pay`, exactly one kind): discard [cards] | discard_any n (+ except card) |
  discard_same n | discard_up_to n | trash_any n — chosen card by card (Choice frames).
Instant ops (`effects` lists, compiled into `effect_ops.Op`, the one card-effect vocabulary; run in
order; ops that ask a choice come last, only in on_play or use):
  actions {n, who?, per?} / draw {n, who?, per?}   who: self|allies (R24); per: ally|die; n may be
                                      "paid" (cards paid by discard_up_to)
  reduce {type, n}                    requirement target −n for this contract (3.4.6)
  block {n}                           +n blocks (3.4.8)
  pool {type, n}                      +n to the pool without a card (Duo 1000's second Shield, OQ 18)
  deal {n}                            deal n Damage (2.6)
  play_as {card | choose, optional?}  a virtual card of that basic kind counts as played, with its
                                      effect (OQ 19, OQ 30); `choose` asks which
  gain_card {card}                    a new card from the supply into the discard pile
  play_boosted {card, value}          play that Damage card from hand counting `value` Damage (OQ 21)
  discard_die {optional?}             discard a hazard die targeting the owner (Ghost, OQ 31)
  siphon                              +1 Action per die this Shield left fully blocked (OQ 31); alone,
                                      in an on_play of type shield
  replay_crew {cost}                  play a Crew card of the owner's play area again (OQ 28)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from spacetable.engine.errors import DataError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import BASIC, REQ_TYPES, Part
from spacetable.games.moonrakers.effect_ops import MAX_NUMBER, PAID, Op

FILE = "moonrakers/data/ship_parts.json"
R_REACTOR: Final = 0
R_THRUSTER: Final = 1
R_SHIELD: Final = 2
R_DAMAGE: Final = 3
R_CREW: Final = 4
T_MISS: Final = 5  # on_play type for a plain Miss
BASIC_TYPE: Final = (R_REACTOR, R_THRUSTER, R_SHIELD, R_DAMAGE, R_DAMAGE, R_DAMAGE, -1)
USED_BASE: Final = 100_000
"""`Seat.used` key of a part's once-per-contract use: USED_BASE + part id."""
SHARED_BASE: Final = 200_000
"""`Seat.used` key marking an `everyone` free play granted by a participant's part: SHARED_BASE + part id."""
COST_PLAY: Final = -1  # use cost "play": the normal play cost of the played card
GROUPS: Final[dict[str, tuple[int, ...]]] = {b: (i,) for i, b in enumerate(BASIC)} | {"damage": (3, 4, 5)}
TYPES: Final[dict[str, int]] = {t: i for i, t in enumerate(REQ_TYPES)}


# ------------------------------------------------------------------------------ compiled specs
@dataclass(frozen=True, slots=True)
class Free:
    mask: int  # bits of basic card ids
    first: int  # requirement type that must not have been counted yet, or -1
    everyone: bool


@dataclass(frozen=True, slots=True)
class Trigger:
    """at_start / on_play / at_check / on_discard / on_trash."""

    effects: tuple[Op, ...]
    t: int = -1  # on_play type, at_check unless_played type
    nth: int = 0
    mask: int = 0  # on_discard/on_trash cards; at_start if_hand_lacks cards
    ml_only: bool = False


@dataclass(frozen=True, slots=True)
class Pay:
    kind: str  # "", discard, discard_any, discard_same, discard_up_to, trash_any
    n: int = 0
    cards: tuple[int, ...] = ()
    exclude: int = 0  # mask of cards discard_any may not take
    need: tuple[tuple[int, int], ...] = ()  # discard: (card, copies) pairs


@dataclass(frozen=True, slots=True)
class Use:
    cost: int
    once: bool
    pay: Pay
    effects: tuple[Op, ...]
    card: int  # the card play_boosted plays (it must be in hand), or -1
    replay: int  # the Action cost of a replay_crew effect, or -1


@dataclass(frozen=True, slots=True)
class PartFx:
    fewer_dice: int = 0
    hand_size: int = 0
    stay_credits: int = 0
    free: tuple[Free, ...] = ()
    start: tuple[Trigger, ...] = ()
    on_play: tuple[Trigger, ...] = ()
    at_check: tuple[Trigger, ...] = ()
    on_discard: tuple[Trigger, ...] = ()
    on_trash: tuple[Trigger, ...] = ()
    use: Use | None = None
    hook: str = ""


# ------------------------------------------------------------------------------ validation
class _Spec:
    """Reads one op dict, failing with DataError(file, part, 'effects[i].field')."""

    def __init__(self, part: str, where: str, raw: Any, required: tuple[str, ...],
                 optional: tuple[str, ...] = ()) -> None:
        self.part, self.where = part, where
        if not isinstance(raw, dict):
            self.fail("", f"must be an object, not {raw!r}")
        self.raw = raw
        for f in required:
            if f not in raw:
                self.fail(f, "missing field")
        for f in raw:
            if f != "op" and f not in required and f not in optional:
                self.fail(str(f), f"unknown field for op {raw.get('op')!r}")

    def fail(self, field: str, msg: str) -> Any:
        raise DataError(FILE, self.part, self.where + ("." + field if field else ""), msg)

    def has(self, f: str) -> bool:
        return f in self.raw

    def int_(self, f: str, default: int = 0, paid: bool = False) -> int:
        v = self.raw.get(f, default)
        if paid and v == "paid":
            return PAID
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_NUMBER:
            extra = ' or "paid"' if paid else ""
            self.fail(f, f"must be a non-negative integer up to {MAX_NUMBER}{extra}, not {v!r}")
        return int(v)

    def bool_(self, f: str) -> bool:
        v = self.raw.get(f, False)
        if not isinstance(v, bool):
            self.fail(f, f"must be true or false, not {v!r}")
        return bool(v)

    def choice(self, f: str, allowed: dict[str, Any] | tuple[str, ...], default: str | None = None) -> str:
        v = self.raw.get(f, default)
        if not isinstance(v, str) or v not in allowed:
            self.fail(f, f"unknown value {v!r} (allowed: {', '.join(allowed)})")
        return str(v)

    def group(self, f: str) -> int:
        mask = 0
        for c in GROUPS[self.choice(f, GROUPS)]:
            mask |= 1 << c
        return mask

    def groups(self, f: str) -> int:
        v = self.raw.get(f)
        if not isinstance(v, list) or not v:
            self.fail(f, f"must be a non-empty list of cards, not {v!r}")
        mask = 0
        for x in v:
            if not isinstance(x, str) or x not in GROUPS:
                self.fail(f, f"unknown card {x!r} (allowed: {', '.join(GROUPS)})")
            for c in GROUPS[x]:
                mask |= 1 << c
        return mask

    def basic(self, f: str, allowed: tuple[str, ...] = BASIC) -> int:
        return BASIC.index(self.choice(f, allowed))


TOP_OPS = ("fewer_dice", "hand_size", "stay_credits", "free_play", "at_start", "on_play", "at_check",
           "on_discard", "on_trash", "use", "hook")
INSTANT_OPS = ("actions", "draw", "reduce", "block", "pool", "deal", "play_as", "gain_card", "play_boosted",
               "discard_die", "siphon", "replay_crew")
CHOICE_OPS = ("discard_die", "replay_crew")
PLAYABLE = ("reactor", "thruster", "shield", "damage-1", "damage-2", "damage-3")
PAY_KINDS = ("discard", "discard_any", "discard_same", "discard_up_to", "trash_any")
_SLUG_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


def _instants(part: str, where: str, raw: Any, ctx: str, paid_ok: bool = False) -> tuple[Op, ...]:
    """Compile an `effects` list. ctx: the trigger kind (choices only in on_play and use)."""
    if not isinstance(raw, list) or not raw:
        raise DataError(FILE, part, where, f"must be a non-empty list of effect ops, not {raw!r}")
    out: list[Op] = []
    for i, r in enumerate(raw):
        w = f"{where}[{i}]"
        op = r.get("op") if isinstance(r, dict) else None
        if op not in INSTANT_OPS:
            raise DataError(FILE, part, w + ".op",
                            f"unknown effect op {op!r} (allowed: {', '.join(INSTANT_OPS)})")
        asks = op in CHOICE_OPS or (op == "play_as" and isinstance(r, dict) and "choose" in r)
        if asks and ctx not in ("on_play", "use"):
            raise DataError(FILE, part, w + ".op", f"{op!r} asks a choice: only in on_play or use effects")
        if asks and i != len(raw) - 1:
            raise DataError(FILE, part, w + ".op", f"{op!r} asks a choice: it must be the last effect")
        if op in ("actions", "draw"):
            sp = _Spec(part, w, r, ("n",), ("who", "per"))
            n = sp.int_("n", paid=paid_ok)
            who = sp.choice("who", ("self", "allies"), "self")
            per = sp.choice("per", ("ally", "die")) if sp.has("per") else ""
            out.append(Op(op, n, allies=who == "allies", per=per))
        elif op in ("reduce", "pool"):
            sp = _Spec(part, w, r, ("type", "n"))
            out.append(Op(op, sp.int_("n"), type=TYPES[sp.choice("type", TYPES)]))
        elif op in ("block", "deal"):
            sp = _Spec(part, w, r, ("n",))
            out.append(Op(op, sp.int_("n")))
        elif op == "play_as":
            sp = _Spec(part, w, r, (), ("card", "choose", "optional"))
            if sp.has("card") == sp.has("choose"):
                sp.fail("card", "give exactly one of card or choose")
            if sp.has("card"):
                out.append(Op(op, card=sp.basic("card", PLAYABLE)))
            else:
                ch = r["choose"]
                if not isinstance(ch, list) or not ch or any(c not in PLAYABLE for c in ch):
                    sp.fail("choose", f"must be a non-empty list drawn from {', '.join(PLAYABLE)}")
                out.append(Op(op, choose=tuple(BASIC.index(c) for c in ch), optional=sp.bool_("optional")))
        elif op == "gain_card":
            sp = _Spec(part, w, r, ("card",))
            out.append(Op(op, card=sp.basic("card"), to="discard"))
        elif op == "play_boosted":
            sp = _Spec(part, w, r, ("card", "value"))
            out.append(Op(op, sp.int_("value"), card=sp.basic("card", ("damage-1", "damage-2", "damage-3"))))
        elif op == "discard_die":
            sp = _Spec(part, w, r, (), ("optional",))
            out.append(Op(op, optional=sp.bool_("optional")))
        elif op == "siphon":
            _Spec(part, w, r, ())
            if ctx != "on_play:shield" or len(raw) != 1:
                raise DataError(FILE, part, w + ".op", "siphon only alone, in on_play effects of type shield")
            out.append(Op(op))
        else:  # replay_crew
            sp = _Spec(part, w, r, ("cost",))
            out.append(Op(op, sp.int_("cost")))
    return tuple(out)


def compile_part(part: str, effects: Any) -> PartFx:
    """Validate and compile one part's `effects` list (raises DataError naming the field)."""
    if not isinstance(effects, (list, tuple)):
        raise DataError(FILE, part, "effects", f"must be a list, not {effects!r}")
    kw: dict[str, Any] = {"free": [], "start": [], "on_play": [], "at_check": [], "on_discard": [],
                          "on_trash": []}
    for i, r in enumerate(effects):
        w = f"effects[{i}]"
        op = r.get("op") if isinstance(r, dict) else None
        if op not in TOP_OPS:
            raise DataError(FILE, part, w + ".op", f"unknown op {op!r} (allowed: {', '.join(TOP_OPS)})")
        if op in ("fewer_dice", "hand_size", "stay_credits"):
            kw[op] = _Spec(part, w, r, ("n",)).int_("n")
        elif op == "free_play":
            sp = _Spec(part, w, r, ("card",), ("first", "everyone"))
            mask = sp.group("card")
            first = BASIC_TYPE[GROUPS[str(r["card"])][0]] if sp.bool_("first") else -1
            if first < 0 and sp.bool_("first"):
                sp.fail("first", "a Miss has no type to be first of")
            kw["free"].append(Free(mask, first, sp.bool_("everyone")))
        elif op == "at_start":
            sp = _Spec(part, w, r, ("effects",), ("if_hand_lacks", "ml_only"))
            lacks = sp.groups("if_hand_lacks") if sp.has("if_hand_lacks") else 0
            kw["start"].append(Trigger(_instants(part, w + ".effects", r["effects"], op), mask=lacks,
                                       ml_only=sp.bool_("ml_only")))
        elif op == "on_play":
            sp = _Spec(part, w, r, ("type", "effects"), ("nth",))
            t = T_MISS if r.get("type") == "miss" else TYPES[sp.choice("type", (*REQ_TYPES, "miss"))]
            nth = sp.int_("nth")
            if nth and t == T_MISS:
                sp.fail("nth", "cannot count Miss cards")
            ctx = "on_play:shield" if t == R_SHIELD else "on_play"
            kw["on_play"].append(Trigger(_instants(part, w + ".effects", r["effects"], ctx), t=t, nth=nth))
        elif op == "at_check":
            sp = _Spec(part, w, r, ("effects",), ("unless_played",))
            t = TYPES[sp.choice("unless_played", TYPES)] if sp.has("unless_played") else -1
            kw["at_check"].append(Trigger(_instants(part, w + ".effects", r["effects"], op), t=t))
        elif op in ("on_discard", "on_trash"):
            sp = _Spec(part, w, r, ("card", "effects"))
            kw[op].append(Trigger(_instants(part, w + ".effects", r["effects"], op), mask=sp.group("card")))
        elif op == "use":
            if kw.get("use") is not None:
                raise DataError(FILE, part, w + ".op", "a part has at most one activated ability")
            kw["use"] = _use(part, w, r)
        else:  # hook
            sp = _Spec(part, w, r, ("name",))
            name = r["name"]
            if not isinstance(name, str) or not name or not set(name) <= _SLUG_CHARS:
                sp.fail("name", f"must be a slug, not {name!r}")
            kw["hook"] = name
    for k in ("free", "start", "on_play", "at_check", "on_discard", "on_trash"):
        kw[k] = tuple(kw[k])
    return PartFx(**kw)


def _use(part: str, w: str, r: Any) -> Use:
    sp = _Spec(part, w, r, ("cost", "effects"), ("once", "pay"))
    cost = COST_PLAY if r.get("cost") == "play" else sp.int_("cost")
    pay = Pay("")
    if sp.has("pay"):
        pr = r["pay"]
        kinds = [k for k in PAY_KINDS if isinstance(pr, dict) and k in pr]
        if len(kinds) != 1:
            sp.fail("pay", f"must name exactly one of {', '.join(PAY_KINDS)}")
        kind = kinds[0]
        ps = _Spec(part, w + ".pay", pr, (kind,), ("except",) if kind == "discard_any" else ())
        if kind == "discard":
            cards = pr[kind]
            if not isinstance(cards, list) or not cards or any(c not in BASIC for c in cards):
                ps.fail(kind, f"must be a non-empty list of basic cards ({', '.join(BASIC)})")
            ids = tuple(BASIC.index(c) for c in cards)
            pay = Pay(kind, len(ids), ids, need=tuple((c, ids.count(c)) for c in sorted(set(ids))))
        else:
            n = ps.int_(kind)
            if n < 1:
                ps.fail(kind, "must be at least 1")
            pay = Pay(kind, n, exclude=ps.group("except") if ps.has("except") else 0)
    effects = _instants(part, w + ".effects", r["effects"], "use", paid_ok=pay.kind == "discard_up_to")
    boosted = [e.card for e in effects if e.op == "play_boosted"]
    if cost == COST_PLAY and not boosted:
        sp.fail("cost", '"play" needs a play_boosted effect')
    replay = [e.n for e in effects if e.op == "replay_crew"]
    return Use(cost, sp.bool_("once"), pay, effects, boosted[0] if boosted else -1,
               replay[0] if replay else -1)


def compile_catalog(parts: Iterable[Part]) -> tuple[PartFx, ...]:
    """Compile every part of a catalog (index = part id); BG and FE parts need at least one effect."""
    out = []
    for p in parts:
        fx = compile_part(p.name, p.effects)
        if not p.effects and p.set != "BT":
            raise DataError(FILE, p.name, "effects", "a BG or FE part needs at least one effect")
        out.append(fx)
    return tuple(out)


FX: Final[tuple[PartFx, ...]] = compile_catalog(A.CAT.parts)
ACTIVE: Final = frozenset(i for i, f in enumerate(FX) if f.use is not None or f.hook)
ON_PLAY: Final = frozenset(i for i, f in enumerate(FX) if f.on_play or f.hook)
FREE: Final = frozenset(i for i, f in enumerate(FX) if any(not x.everyone for x in f.free))
HOOKED: Final = frozenset(i for i, f in enumerate(FX) if f.hook)
SHARED_FREE: Final = tuple((SHARED_BASE + i, x.mask) for i, f in enumerate(FX) for x in f.free if x.everyone)
_shared_mask = 0
for _k, _m in SHARED_FREE:
    _shared_mask |= _m
SHARED_MASK: Final = _shared_mask
